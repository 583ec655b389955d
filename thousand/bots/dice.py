"""Computer players for dice 1000 (dice.md §6). A bot sees a seat view (thousand.dice.views) and
returns one of the view's legal actions: `thousand.bots.make_dice_bot(name, seed).choose(view)`.

- `threshold`: stops once the turn's points reach a level that depends on the dice left
  (`LEVELS`), and only when stopping is allowed: below the entry minimum, in a pit or on the barrel
  the engine offers no stop, so the bot rolls on until the requirement is met.
- `optimal`: the §6 "expected points" policy, solved exactly by dynamic programming over (dice
  left, turn points, hot dice) for the turn's situation. The situation is what the score and the
  conventions make of the turn: the points needed before stopping is allowed (entry, pit exit,
  barrel finish), the barrel cap, the turn total that would hit 555, the target (win or
  overshoot), and what a zero roll costs (a bolt penalty, a barrel fall). It is reduced to a small
  hashable `Problem`; each problem is solved once by backward induction over the turn points and
  cached, so a decision is a table look-up. The objective is the expected change of the bot's own
  score from this turn, a win counting `WIN_BONUS` more; other players' penalties (overtaking,
  knock-off) are not counted.

Pure Python, no global random: the seed only breaks nothing today (both bots are deterministic) but
keeps the card bots' interface."""
from functools import lru_cache
from typing import NamedTuple

from thousand.dice import scoring
from thousand.dice.resolution import Resolver, need

# Turn points at which the threshold bot stops, by dice left to roll (5 = after hot dice, when
# hot_dice = optional lets it stop there). Round figures near §6's expected-points thresholds.
LEVELS = {1: 25, 2: 30, 3: 50, 4: 100, 5: 300}
WIN_BONUS = 100       # a finished game is worth this much more than its points
T_LIMIT = 2000        # turn points beyond which states are valued by a simple approximation
_MAX_ROLL = 1050      # more than any roll scores (four 1s + a 1 under face_x100 = 1010)


class Problem(NamedTuple):
    """One turn's situation, in turn points T (everything the policy depends on)."""
    rules: tuple           # scoring.rules_key
    choose: bool           # set_aside = choose
    hot_mode: str          # hot_dice
    conf_scores: bool      # confirmation_scores
    instant: str           # five_of_a_kind_wins
    retry: bool            # blank_first_roll_retry
    need: int              # stopping needs T >= need (entry, pit, barrel; 5 = any points)
    cap: int | None        # points barrel: a stop at T >= cap is worth cap (the score is capped)
    dump_mid: int | None   # T that hits 555 mid-turn (turn ends, score 0)
    dump_stop: int | None  # T whose stop records 555 (dump_truck = on_record)
    u_dump: float          # value of a dump (-s0)
    win: str | None        # 'ge': T >= w wins; 'eq': only T == w wins, T > w overshoots (open)
    w: int                 # turn points that win
    immediate: bool        # win_timing = immediate
    pool: int              # barrel pool already kept (barrel_accumulate)
    u_zero: float          # value of a zero roll after the turn has scored
    u_zero_open: float     # value of a zero on the opening roll (bolt_trigger = blank_opening)
    u_over: float          # value of an overshoot (open barrel dot)
    pooled: bool           # on the barrel with barrel_accumulate: a stop keeps T in the pool
    u_pool_last: float | None  # value of a pooled stop that uses the last attempt (a fall)


# --- the situation of a turn ------------------------------------------------------------------------

def _gain(conv, players, seat, start, action) -> float:
    """The change of `seat`'s score if the turn ends with `action` (run on copies)."""
    copies = [dict(p) for p in players]
    action(Resolver(conv, copies, [], 0))
    return copies[seat]["score"] - start["score"]


def problem_of(conv: dict, players: list, seat: int, start: dict) -> Problem:
    """The turn's situation for the player in `seat`, from the frozen facts of its start."""
    s0, pool = start["score"], start["pool"]
    missing = need(conv, start, 0)
    need_t = missing[1] if missing is not None else 5
    mode, target = conv["barrel_mode"], conv["target_score"]
    on_barrel = start["on_barrel"]
    cap = None
    if mode == "points" and not on_barrel and conv["barrel_threshold"] - s0 > 0:
        cap = conv["barrel_threshold"] - s0
    d = 555 - s0
    dump_mid = d if conv["dump_truck"] == "mid_turn" and d > 0 else None
    dump_stop = d if conv["dump_truck"] == "on_record" and d > 0 else None
    if mode == "open":
        win, w = "eq", target - s0
    elif mode == "points" and not on_barrel:
        win, w = None, 0
    else:
        win, w = "ge", target - s0 - pool
    zero = _gain(conv, players, seat, start, lambda r: r.zero(seat, start, blank_opening=False))
    zero_open = _gain(conv, players, seat, start, lambda r: r.zero(seat, start, blank_opening=True))
    over = _gain(conv, players, seat, start, lambda r: r.overshoot(seat, 5)) \
        if mode == "open" else 0
    pooled = on_barrel and conv["barrel_accumulate"]
    last = None
    if pooled and players[seat]["barrel_attempts"] + 1 >= conv["barrel_attempts"]:
        last = _gain(conv, players, seat, start, lambda r: r.pooled(seat, 5))
    return Problem(scoring.rules_key(conv), conv["set_aside"] == "choose", conv["hot_dice"],
                   conv["confirmation_scores"], conv["five_of_a_kind_wins"],
                   conv["blank_first_roll_retry"], need_t, cap, dump_mid, dump_stop, -s0, win, w,
                   conv["win_timing"] == "immediate", pool, zero, zero_open, over, pooled, last)


def unconstrained(conv: dict) -> Problem:
    """An entered player at 0 with nothing ahead: no pit, cap, 555, target or bolt cost (the
    position of §6's 35.3 and of the bench's turns)."""
    return Problem(scoring.rules_key(conv), conv["set_aside"] == "choose", conv["hot_dice"],
                   conv["confirmation_scores"], "off", conv["blank_first_roll_retry"], 5, None,
                   None, None, 0, None, 0, True, 0, 0, 0, 0, False, None)


# --- outcomes of a roll -------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def outcomes(n: int, rules: tuple, choose: bool, instant: str) -> tuple:
    """(zero probability, instant-win probability, ((probability, p_max, k_max, options), ...))
    for a roll of n dice; options are the distinct (points, dice kept) a player may choose."""
    zero = inst = 0.0
    groups = {}
    for prob, dice in scoring.distribution(n):
        face = scoring.five_of_a_kind(dice)
        if face is not None and (instant == "any" or (instant == "ones_only" and face == 1)):
            inst += prob
            continue
        pm, km = scoring.read_points(dice, rules)
        if km == 0:
            zero += prob
            continue
        if choose:
            opts = tuple(sorted({(p, len(k)) for p, k, _ in scoring._options(dice, rules)},
                                key=lambda x: (-x[0], -x[1])))
        else:
            opts = ((pm, km),)
        key = (pm, km, opts)
        groups[key] = groups.get(key, 0.0) + prob
    return zero, inst, tuple((p, pm, km, opts) for (pm, km, opts), p in groups.items())


# --- solving a turn -----------------------------------------------------------------------------------

class Solution:
    """Values of every turn state of one Problem under a policy (optimal, or fixed levels).

    States: (n, hot) with n dice to roll; hot means all five were set aside. `value(n, T, hot)` is
    the expected value at a decision point; `roll_value` the value of rolling there."""

    def __init__(self, pb: Problem, levels: tuple | None = None):
        self.pb, self.levels = pb, levels
        bounds = [T_LIMIT]
        if pb.cap is not None:
            bounds.append(pb.cap)
        if pb.win is not None:
            bounds.append(pb.w if pb.immediate else pb.w + 500)
        self.tmax = max(0, min(bounds))
        self.steps = self.tmax // 5
        self.size = self.steps + _MAX_ROLL // 5 + 2
        self.out = {n: outcomes(n, pb.rules, pb.choose, pb.instant) for n in range(1, 6)}
        z5 = self.out[5][0]
        # After-roll values: terminal (dump, overshoot, immediate win) or a decision state.
        self.term = [self._terminal(5 * t) for t in range(self.size)]
        keys = self._keys()
        self.val = {key: [0.0] * self.size for key in keys}
        self.roll = {key: [0.0] * self.size for key in keys}
        # aft[key][t]: the value right after a scoring roll left the state `key` at T = 5t.
        self.aft = {key: [0.0] * self.size for key in keys}
        for t in range(self.steps, self.size):          # beyond tmax: a simple approximation
            T = 5 * t
            stop = self.stop_value(T)
            for key in keys:
                must = key[1] and pb.hot_mode != "optional"
                self.val[key][t] = (1 - z5) * stop + z5 * pb.u_zero if must else stop
                self.roll[key][t] = self.val[key][t]
                self.aft[key][t] = self.val[key][t] if self.term[t] is None else self.term[t]
        # Each roll outcome as (probability, ((after-array, points / 5), ...)): the inner loop
        # is then list look-ups only.
        self.fast = {}
        for n in range(1, 6):
            self.fast[n] = [(prob, tuple((self.aft[(5, True)] if k == n else self.aft[(n - k, False)],
                                          p // 5) for p, k in opts))
                            for prob, _, _, opts in self.out[n][2]]
        # Backward induction over T; at each T the hot state first (a pair under last_two_pair
        # moves to it at the same T).
        for t in range(self.steps - 1, -1, -1):
            T = 5 * t
            for key in [(5, True)] + [(n, False) for n in range(1, 6)]:
                n, hot = key
                r = self._roll_value(n, T, hot)
                self.roll[key][t] = r
                self.val[key][t] = self._decide(n, T, hot, r)
                self.aft[key][t] = self.val[key][t] if self.term[t] is None else self.term[t]
        # The opening roll (five dice, T = 0): a zero may be rolled again once (§3.2).
        plain = self._roll_value(5, 0, False, opening=True)
        self.opening = plain
        if pb.retry:
            self.opening = plain + self.out[5][0] * (plain - pb.u_zero_open)

    @staticmethod
    def _keys():
        return [(n, False) for n in range(1, 6)] + [(5, True)]

    # --- pieces of the recursion ---------------------------------------------------------------------

    def stop_ok(self, T) -> bool:
        return T > 0 and T >= self.pb.need

    def wins(self, T) -> bool:
        pb = self.pb
        return pb.win == "ge" and T >= pb.w or pb.win == "eq" and T == pb.w

    def u_win(self, T) -> float:
        return self.pb.pool + T + WIN_BONUS

    def stop_value(self, T) -> float:
        """Value of ending the turn by a stop (or a confirmed turn) with T points."""
        pb = self.pb
        if self.wins(T):
            return self.u_win(T)
        if pb.pooled:
            return pb.u_pool_last if pb.u_pool_last is not None else T
        if pb.cap is not None and T >= pb.cap:
            return pb.cap
        if pb.dump_stop is not None and T == pb.dump_stop:
            return pb.u_dump
        return T

    def _terminal(self, T):
        pb = self.pb
        if pb.dump_mid is not None and T == pb.dump_mid:
            return pb.u_dump
        if pb.win == "eq" and T > pb.w:
            return pb.u_over
        if pb.immediate and self.wins(T):
            return self.u_win(T)
        return None

    def after(self, n, T, hot) -> float:
        """Value right after a scoring roll left n dice (hot: all five set aside) and T points."""
        t = T // 5
        if t >= self.size:
            return self.stop_value(T)
        return self.aft[(n, hot)][t]

    def _roll_value(self, n, T, hot, opening=False) -> float:
        pb = self.pb
        zero, inst, groups = self.out[n]
        v = zero * (pb.u_zero_open if opening else pb.u_zero) + inst * self.u_win(T)
        if hot and pb.hot_mode == "confirmation":
            return v + self._confirmation_value(n, T, groups)
        t = T // 5
        for prob, choices in self.fast[n]:
            if len(choices) == 1:
                arr, d = choices[0]
                v += prob * arr[t + d]
            else:
                v += prob * max(arr[t + d] for arr, d in choices)
        return v

    def _confirmation_value(self, n, T, groups) -> float:
        """§3.2 hot_dice = confirmation: a scoring roll after hot dice may end the turn."""
        pb = self.pb
        v = 0.0
        for prob, pm, km, opts in groups:
            T2 = T + pm if pb.conf_scores else T
            if pb.conf_scores:
                term = self._terminal(T2) if T2 // 5 < self.size else None
                if term is not None:
                    v += prob * term
                    continue
            if self.stop_ok(T2):
                v += prob * self.stop_value(T2)
                continue
            v += prob * max(self.after(5, T + p, True) if n == k else
                            self.after(n - k, T + p, False) for p, k in opts)
        return v

    def _decide(self, n, T, hot, roll) -> float:
        pb = self.pb
        can_stop = self.stop_ok(T) and (not hot or pb.hot_mode == "optional")
        if not can_stop:
            return roll
        stop = self.stop_value(T)
        if self.levels is not None:
            return stop if T >= self.levels[n - 1] else roll
        return max(stop, roll)

    # --- reading the solution ------------------------------------------------------------------------

    def value(self, n, T, hot, opening=False) -> float:
        if opening:
            return self.opening
        t = T // 5
        if t >= self.size:
            return self.stop_value(T)
        return self.val[(n, hot)][t]

    def roll_value(self, n, T, hot) -> float:
        t = T // 5
        if t >= self.size:
            return self.stop_value(T)
        return self.roll[(n, hot)][t]


@lru_cache(maxsize=1024)
def solve(pb: Problem) -> Solution:
    """The optimal policy's values for one situation, computed once (memoised per Problem)."""
    return Solution(pb)


@lru_cache(maxsize=256)
def evaluate_levels(pb: Problem, levels: tuple) -> Solution:
    """The values of the threshold policy (`levels` by dice left 1..5) in one situation."""
    return Solution(pb, levels)


# --- the bots ------------------------------------------------------------------------------------------

def _situation(view):
    t = view["turn"]
    return problem_of(view["conventions"], view["player_records"], t["seat"], t["start"]), t


class ThresholdBot:
    name = "threshold"

    def __init__(self, rnd, levels=None):
        self.rnd = rnd
        self.levels = dict(levels or LEVELS)

    def choose(self, view: dict) -> dict:
        legal = view["legal"]
        t = view["turn"]
        if t["stage"] == "keep":
            return legal[0]                 # the maximum reading
        stop = next((a for a in legal if a["type"] == "stop"), None)
        if stop is not None and t["T"] >= self.levels[t["dice_left"]]:
            return stop
        return next(a for a in legal if a["type"] == "roll")


class OptimalBot:
    name = "optimal"

    def __init__(self, rnd):
        self.rnd = rnd
        self.last = None  # what the last roll-or-stop decision weighed (a hint words it)

    def choose(self, view: dict) -> dict:
        legal = view["legal"]
        self.last = None
        if len(legal) == 1:
            return legal[0]
        pb, t = _situation(view)
        sol = solve(pb)
        T = t["T"]
        if t["stage"] == "keep":
            n = len(t["pending"]["dice"])
            best, best_v = None, None
            for action, option in zip(legal, t["pending"]["options"]):
                k = len(option["dice"])
                v = sol.after(5, T + option["points"], True) if k == n else \
                    sol.after(n - k, T + option["points"], False)
                if best_v is None or v > best_v + 1e-9:
                    best, best_v = action, v
            return best
        stop = next((a for a in legal if a["type"] == "stop"), None)
        roll = next(a for a in legal if a["type"] == "roll")
        if stop is None:
            return roll
        self.last = {"stop": sol.stop_value(T), "roll": sol.roll_value(t["dice_left"], T, t["hot"])}
        if self.last["stop"] >= self.last["roll"] - 1e-9:
            return stop
        return roll
