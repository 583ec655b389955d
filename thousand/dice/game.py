"""Dice "1000" as a state machine over plain data (dice.md §2.4): `new_game`, `legal_actions`,
`apply`, `to_act`.

The state is a JSON-able dict. `apply` never changes the state it is given: it returns a new one,
or raises IllegalAction with a reason a player can read and leaves the old one as it was. Every die
comes from the seeded generator kept in the state (`rng`), unless a roll action carries the dice of
a real roll.

Actions (all carry the acting `seat`):
  {"type": "roll"}                 roll the dice left (five after hot dice); optional "dice": [..]
                                   gives the faces of a real roll instead of the generator's
  {"type": "stop"}                 end the turn and record its points (§2.4.8)
  {"type": "keep", "dice": [1, 5]} with set_aside = choose: which scoring dice to set aside
  {"type": "result", "points": 60 | "zero" | "blank" | "instant_win"}
                                   a whole turn played with real dice, entered by hand
                                   (score-keeper mode, `apply_turn_result`); only before the
                                   turn's first roll. Not listed by `legal_actions`.

The state:
  players[i]   the §2.13 player record (score, entered, entry_score, bolts, on_barrel,
               barrel_attempts, barrel_falls, barrel_pool, dots, dot_falls, turns, won)
  turn         the turn in progress: seat, number, start (s0 and flags frozen at its start), T,
               dice_left, hot, opening, confirm, stage ("roll" or "keep"), pending (the roll
               waiting for a keep choice), rolls (each roll: dice, kept, points, text, T after)
  turns        finished turns (history): rolls, end kind, points, scores after, deltas, events
  log          every event of the game (recorded, overtaken, bolt, bolt_penalty, dump, barrel
               arrival/attempt/fall, knock-off, dot, win...), each with turn, seat, delta, text
"""
from thousand import rng
from thousand.dice import paper, scoring
from thousand.dice.resolution import (Resolver, explain_need, most_in_a_turn, need, new_player,
                                      pit_of, recordable, turn_start, winning)
from thousand.errors import IllegalAction, Phrase, check_turn, is_whole, shown, words_of
from thousand.i18n import N_

FORMAT = "thousand-dice-state"
VERSION = 1
MAX_PLAYERS = 8
RESULT_WORDS = ("zero", "blank", "instant_win")


# --- creating a game ------------------------------------------------------------------------------

def new_game(conv: dict, seed: int, players: int = 2, first_player: int | None = None,
             start=None) -> dict:
    """A game about to start its first turn. `conv` must be a validated, complete conventions
    dict; `players` is 1 (solo practice, §2.2.2) to 8 (§2.2.1). The first player is found by the
    `first_player` convention (§2.2.3) unless given (a real table that already knows). `start`
    is the position of a game carried on from paper (thousand.dice.paper; BadInput if it could
    not be); without it every player starts at 0 (§2.2.5)."""
    if not (is_whole(players)
            and 1 <= players <= MAX_PLAYERS):
        raise IllegalAction(N_("a game has 1 to {most} players"), most=MAX_PLAYERS)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalAction(N_("the seed must be a whole number"))
    records = [new_player(conv) for _ in range(players)] if start is None else \
        paper.start_players(conv, start, players)
    state = rng.seed_state(seed)
    roll_off = []
    if first_player is None:
        first_player, state, roll_off = _first_player(conv, players, state)
    elif not (is_whole(first_player)
              and 0 <= first_player < players):
        raise IllegalAction(N_("the first player must be a seat from 0 to {last}"),
                            last=players - 1)
    s = {
        "format": FORMAT, "version": VERSION, "conventions": conv, "n": players, "rng": state,
        "phase": "turn", "first_player": first_player, "roll_off": roll_off,
        "players": records,
        "turn": None, "turns": [], "log": [], "final": None, "winners": [],
    }
    _start_turn(s, first_player)
    return s


def _first_player(conv, n, state):
    """§2.2.3 and §3.1 first_player: roll-offs (tied leaders roll again), seat order or a draw."""
    mode = conv["first_player"]
    if n == 1 or mode == "seat_order":
        return 0, state, []
    if mode == "random":
        seat, state = rng.below(state, n)
        return seat, state, []
    count = 5 if mode == "roll_off_five" else 1
    seats, rounds = list(range(n)), []
    while True:
        dice = []
        for _ in seats:
            roll, state = _roll_dice(state, count)
            dice.append(roll)
        rounds.append({"seats": list(seats), "dice": dice})
        best = max(sum(d) for d in dice)
        seats = [s for s, d in zip(seats, dice) if sum(d) == best]
        if len(seats) == 1:
            return seats[0], state, rounds


def _roll_dice(state, count):
    dice = []
    for _ in range(count):
        face, state = rng.below(state, 6)
        dice.append(face + 1)
    return dice, state


def _start_turn(s, seat):
    p = s["players"][seat]
    s["turn"] = {
        "seat": seat, "number": len(s["turns"]), "start": turn_start(s["conventions"], p),
        "T": 0, "dice_left": 5, "hot": False, "opening": True, "retry_used": False,
        "confirm": False, "stage": "roll", "pending": None, "rolls": [],
    }


# --- reading the state ----------------------------------------------------------------------------

def to_act(state) -> int | None:
    """The seat whose decision the game waits for (None when the game is over)."""
    return None if state["phase"] == "game_over" else state["turn"]["seat"]


def stop_reason(state) -> Phrase | None:
    """Why the player to act may not stop now, in words for the UI (§2.4.10; a Phrase, which the
    page words with thousand.i18n.reason), or None."""
    if state["phase"] == "game_over":
        return Phrase(N_("the game is over"))
    conv, t = state["conventions"], state["turn"]
    if t["stage"] == "keep":
        return Phrase(N_("choose which dice to keep first"))
    if not t["rolls"]:
        return Phrase(N_("you have not rolled yet this turn"))
    if t["T"] == 0:
        return Phrase(N_("you have no points this turn yet"))
    if t["hot"] and conv["hot_dice"] != "optional":
        if conv["hot_dice"] == "confirmation":
            return Phrase(N_("all five dice have scored: roll them again to confirm the turn"))
        return Phrase(N_("all five dice have scored: you must roll them again"))
    missing = need(conv, t["start"], t["T"])
    if missing is not None:
        return explain_need(missing)
    return None


def legal_actions(state) -> list:
    """Every dice action the game accepts now (all from the seat in `to_act`)."""
    if state["phase"] == "game_over":
        return []
    t = state["turn"]
    seat = t["seat"]
    if t["stage"] == "keep":
        return [{"type": "keep", "seat": seat, "dice": list(o["dice"])}
                for o in t["pending"]["options"]]
    out = [{"type": "roll", "seat": seat}]
    if stop_reason(state) is None:
        out.append({"type": "stop", "seat": seat})
    return out


def status(state, seat: int) -> dict:
    """One player's status line (§2.1.2): score, entered, pit, barrel with attempts, falls, bolts,
    dots."""
    conv, p = state["conventions"], state["players"][seat]
    limit = conv["barrel_attempts"]
    return {
        "seat": seat, "score": p["score"], "entered": p["entered"],
        "entry_score": p["entry_score"], "in_pit": pit_of(conv, p["score"]),
        "on_barrel": p["on_barrel"], "barrel_attempts": p["barrel_attempts"],
        "barrel_attempts_left": (limit - p["barrel_attempts"]) if (p["on_barrel"] and limit)
        else None,
        "barrel_falls": p["barrel_falls"], "barrel_pool": p["barrel_pool"], "bolts": p["bolts"],
        "dots": p["dots"], "dot_falls": p["dot_falls"], "turns": p["turns"], "won": p["won"],
    }


def turn_summary(state) -> dict | None:
    """The turn in progress for the UI: points so far, dice left, whether stopping is allowed and
    why not, what stopping would record, and every roll with its reading."""
    if state["phase"] == "game_over":
        return None
    conv, t = state["conventions"], state["turn"]
    start, T = t["start"], t["T"]
    reason = stop_reason(state)
    missing = need(conv, start, T)
    would = None
    if reason is None:
        would = _would_record(conv, start, T)
    return {
        "seat": t["seat"], "number": t["number"], "s0": start["score"], "points": T,
        "dice_left": t["dice_left"], "hot": t["hot"], "stage": t["stage"],
        "confirmation_roll": t["confirm"],
        "pending": None if t["pending"] is None else {
            "dice": list(t["pending"]["dice"]),
            "options": [dict(o) for o in t["pending"]["options"]]},
        "can_stop": reason is None, "stop_reason": reason,
        "requirement": None if missing is None else {
            "kind": missing[0], "more": missing[1],
            "text": explain_need(missing)},
        "would_record": would,
        "rolls": [dict(r) for r in t["rolls"]],
    }


def _would_record(conv, start, T):
    """The score a stop would leave (after the barrel cap and the dump truck, §2.12.1)."""
    if winning(conv, start, T):
        return start["score"] + start["pool"] + T
    if start["on_barrel"] and conv["barrel_accumulate"]:
        return start["score"]
    new = start["score"] + T
    if conv["barrel_mode"] == "points" and not start["on_barrel"] \
            and new >= conv["barrel_threshold"]:
        new = conv["barrel_threshold"]
    if conv["dump_truck"] != "off" and new == 555:
        new = 0
    return new


def ranking(state) -> list:
    """Seats by final standing: winners first, then by score; equal scores share a rank
    (§2.8.3). Each entry: {"seat", "score", "rank"}."""
    winners = set(state["winners"])
    order = sorted(range(state["n"]),
                   key=lambda i: (i not in winners, -state["players"][i]["score"], i))
    out, last, rank = [], None, 0
    for pos, i in enumerate(order):
        key = (i in winners, state["players"][i]["score"])
        if key != last:
            rank, last = pos + 1, key
        out.append({"seat": i, "score": state["players"][i]["score"], "rank": rank})
    return out


def settlement(state) -> list | None:
    """§3.1 stake_settlement: what each seat pays (negative) or receives, in stakes; None if off
    or the game is not over. Several winners (a shared final round) split each loser's stake."""
    conv = state["conventions"]
    if conv["stake_settlement"] == "off" or state["phase"] != "game_over":
        return None
    tally = [0.0] * state["n"]
    winners = state["winners"]
    for i, p in enumerate(state["players"]):
        if i in winners:
            continue
        owe = 2 if (conv["stake_settlement"] == "stakes_double_unentered"
                    and not p["entered"]) else 1
        tally[i] -= owe
        for w in winners:
            tally[w] += owe / len(winners)
    return [int(x) if x == int(x) else x for x in tally]


# --- acting ---------------------------------------------------------------------------------------

def apply(state, action) -> dict:
    """The state after `action`; IllegalAction (with the reason) leaves `state` unchanged."""
    check_turn(action, over=state["phase"] == "game_over", seat=to_act(state))
    kind = action["type"]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(N_("unknown action {given}; actions: roll, stop, keep, result"),
                            given=shown(kind))
    s = _clone(state)
    handler(s, action)
    return s


def apply_turn_result(conv: dict | None, state: dict, seat: int, points) -> dict:
    """Score-keeper mode: a whole turn played with real dice, entered as its result (the points
    the player stopped with, or "zero" for a turn that ended in a zero roll; "blank" for one whose
    very first roll scored nothing, which matters only with bolt_trigger = blank_opening;
    "instant_win" for five of a kind with five_of_a_kind_wins). The result goes through the same
    checks as a played turn: the dump truck at 555 and the open barrel's overshoot first, then
    the win, then entry, pits and barrel (§2.12). Returns the new state."""
    if conv is not None and conv != state["conventions"]:
        raise IllegalAction(N_("these conventions are not the game's"))
    return apply(state, {"type": "result", "seat": seat, "points": points})


def _roll(s, action):
    conv, t = s["conventions"], s["turn"]
    if t["stage"] == "keep":
        raise IllegalAction(N_("choose which dice to keep first"))
    n = t["dice_left"]
    if action.get("dice") is not None:
        try:
            dice = list(scoring.check_dice(action["dice"], n))
        except ValueError as exc:
            raise IllegalAction(N_("{problem} (this roll has {n} dice)"), problem=words_of(exc),
                                n=n) from None
        dice = list(action["dice"])
    else:
        dice, s["rng"] = _roll_dice(s["rng"], n)
    reading = scoring.read_roll(dice, conv)
    confirm = t["confirm"]
    entry = {"dice": dice, "kept": [], "points": 0, "text": reading["text"], "T": t["T"]}
    if confirm:
        entry["confirmation"] = True
    t["rolls"] = t["rolls"] + [entry]
    t["confirm"] = False
    # §3.8.2: instant win first (five_of_a_kind_wins, §3.2), right after the reading.
    if n == 5 and scoring.instant_win(dice, conv):
        _set_last(t, kept=reading["dice"], points=reading["points"], T=t["T"] + reading["points"])
        return _end(s, "I", t["T"] + reading["points"])
    if reading["zero"]:
        # §3.2 blank_first_roll_retry: the opening roll (five dice, T = 0) may be rolled once more.
        if conv["blank_first_roll_retry"] and t["opening"] and not t["retry_used"]:
            t["retry_used"] = True
            _set_last(t, retry=True)
            return None
        _set_last(t, T=0, lost=t["T"])
        return _end(s, "Z", 0)  # §2.4.4: T is lost
    if confirm:
        # §3.2 hot_dice = confirmation (Q3): the roll after hot dice confirms the turn. It is
        # read at its maximum (no keep choice when it ends the turn). With confirmation_scores
        # its points count, also for the dump, overshoot and win checks that come first
        # (§3.8.2); without, the turn is judged on the points it had before the roll. It ends
        # the turn if that total is recordable; otherwise the turn goes on as after any roll
        # (with set_aside = choose the player then picks the dice to keep).
        T2 = t["T"] + reading["points"] if conv["confirmation_scores"] else t["T"]
        if conv["confirmation_scores"]:
            if _checks(s, T2):
                return None
        if recordable(conv, t["start"], T2):
            if conv["confirmation_scores"]:
                _set_last(t, kept=reading["dice"], points=reading["points"], T=T2)
            return _record(s, T2)
    if conv["set_aside"] == "choose":
        options = scoring.keep_options(dice, conv)
        if len(options) > 1:    # a single possible choice is taken without asking
            t["stage"] = "keep"
            t["pending"] = {"dice": sorted(dice), "options": options}
            return None
        return _accumulate(s, options[0])
    return _accumulate(s, reading)


def _keep(s, action):
    conv, t = s["conventions"], s["turn"]
    if t["stage"] != "keep":
        raise IllegalAction(N_("there are no dice to choose now: roll or stop"))
    kept = action.get("dice")
    if not isinstance(kept, list) or not kept:
        raise IllegalAction(N_("say which dice to keep, as a list of faces like [1, 5]"))
    reading = scoring.keep_reading(t["pending"]["dice"], kept, conv) \
        if all(is_whole(d) for d in kept) else None
    if reading is None:
        choices = "; ".join(f"{o['dice']} ({o['text']})" for o in t["pending"]["options"])
        raise IllegalAction(N_("you cannot keep {kept} from {dice}: keep scoring dice that all "
                               "count, e.g. {choices}"),
                            kept=shown(kept), dice=str(t["pending"]["dice"]), choices=choices)
    t["stage"], t["pending"] = "roll", None
    return _accumulate(s, reading)


def _accumulate(s, reading):
    """§2.4.5 then the checks of §3.8.2 (dump, overshoot, win); the player then decides."""
    t = s["turn"]
    t["T"] += reading["points"]
    t["dice_left"] -= len(reading["dice"])
    t["opening"] = False
    if t["dice_left"] == 0:
        t["dice_left"], t["hot"] = 5, True      # §2.3.6 hot dice
        t["confirm"] = s["conventions"]["hot_dice"] == "confirmation"
    else:
        t["hot"] = False
    _set_last(t, kept=reading["dice"], points=reading["points"], T=t["T"], text=reading["text"],
              hot=t["hot"])
    _checks(s, t["T"])
    return None


def _checks(s, T):
    """§3.8.2 after a scoring roll: dump (§2.4.6) → overshoot (§3.8.1) → win (§2.4.7). Returns
    True if the turn ended."""
    conv, t = s["conventions"], s["turn"]
    s0 = t["start"]["score"]
    if conv["dump_truck"] == "mid_turn" and s0 + T == 555:
        _end(s, "D", T)
        return True
    if conv["barrel_mode"] == "open" and s0 + T > conv["target_score"]:
        _end(s, "O", T)
        return True
    if conv["win_timing"] == "immediate" and winning(conv, t["start"], T):
        _end(s, "W", T)
        return True
    return False


def _stop(s, action):
    t = s["turn"]
    reason = stop_reason(s)
    if reason is not None:
        raise IllegalAction(N_("you cannot stop: {reason}"), reason=reason)
    _record(s, t["T"])


def _record(s, T):
    """A stop (or a confirmed turn): a win, points kept on the barrel, or a recorded turn."""
    conv, t = s["conventions"], s["turn"]
    if winning(conv, t["start"], T):
        return _end(s, "W", T)
    if t["start"]["on_barrel"] and conv["barrel_accumulate"]:
        return _end(s, "P", T)
    return _end(s, "R", T)


def _result(s, action):
    """A turn played with real dice, entered by hand (score-keeper mode)."""
    conv, t = s["conventions"], s["turn"]
    if t["rolls"] or t["stage"] != "roll":
        raise IllegalAction(N_("a turn's result can be entered only before its first roll"))
    points = action.get("points")
    t["rolls"] = [{"entered": points}]
    if points in ("zero", "blank"):
        return _end(s, "Z", 0, blank=points == "blank")
    if points == "instant_win":
        if conv["five_of_a_kind_wins"] == "off":
            raise IllegalAction(N_("five of a kind does not win at once with these conventions "
                                   "(five_of_a_kind_wins is off)"))
        return _end(s, "I", 0)
    if not isinstance(points, int) or isinstance(points, bool):
        if conv["five_of_a_kind_wins"] != "off":
            raise IllegalAction(N_("a turn's result is its points (a whole number), 'zero' or "
                                   "'blank' or 'instant_win'"))
        raise IllegalAction(N_("a turn's result is its points (a whole number), 'zero' or "
                               "'blank'"))
    if points <= 0:
        raise IllegalAction(N_("a recorded turn has more than 0 points; enter 'zero' for a turn "
                               "that ended in a zero roll"))
    if points % 5:
        raise IllegalAction(N_("{points} is not a possible turn: every score is a multiple of 5"),
                            points=shown(points))
    most, goal, kind = most_in_a_turn(conv, t["start"])
    if points > most:
        if kind == "barrel":
            raise IllegalAction(N_("{points} is more than a turn can score here: at most {most} "
                                   "({goal} more takes the score to the barrel, and one roll "
                                   "scores at most {best})"),
                                points=shown(points), most=most, goal=goal, best=scoring.best_roll(conv))
        raise IllegalAction(N_("{points} is more than a turn can score here: at most {most} "
                               "({goal} more finishes the game, and one roll scores at most "
                               "{best})"),
                            points=shown(points), most=most, goal=goal, best=scoring.best_roll(conv))
    t["T"] = points
    if _checks(s, points):
        return None
    if not recordable(conv, t["start"], points):
        why = need(conv, t["start"], points)
        raise IllegalAction(N_("a turn of {points} cannot be recorded: {need}; enter 'zero' if "
                               "the turn ended in a zero roll"),
                            points=shown(points), need=explain_need(why))
    return _record(s, points)


def _set_last(t, **fields):
    # Roll entries are shared with the states before this one: replace, never edit in place.
    t["rolls"] = t["rolls"][:-1] + [{**t["rolls"][-1], **fields}]


# --- ending a turn --------------------------------------------------------------------------------

def _end(s, kind, T, blank=None):
    """Resolve the turn (§2.12), write its history entry and start the next turn."""
    conv, t = s["conventions"], s["turn"]
    mover, start = t["seat"], t["start"]
    before = [p["score"] for p in s["players"]]
    events = []
    r = Resolver(conv, s["players"], events, t["number"])
    if kind == "R":
        r.recorded(mover, start, T)
    elif kind == "Z":
        opening = t["opening"] if blank is None else blank
        r.zero(mover, start, blank_opening=opening)
    elif kind == "D":
        r.dump(mover, start, T)
    elif kind in ("W", "I"):
        r.win(mover, start, T, instant=kind == "I")
    elif kind == "O":
        r.overshoot(mover, T)
    elif kind == "P":
        r.pooled(mover, T)
    s["players"][mover]["turns"] += 1
    after = [p["score"] for p in s["players"]]
    s["log"] = s["log"] + events
    s["turns"] = s["turns"] + [{
        "number": t["number"], "seat": mover, "s0": start["score"], "points": T, "end": kind,
        "rolls": t["rolls"], "scores": after, "deltas": [a - b for a, b in zip(after, before)],
        "events": events,
    }]
    _next(s, mover, kind)


def _next(s, mover, kind):
    conv, n = s["conventions"], s["n"]
    final = s["final"]
    if kind == "I":                       # §3.2 five_of_a_kind_wins: the game ends at once
        return _game_over(s, [mover])
    if final is not None:
        pending = final["pending"][1:]
        s["final"] = {**final, "pending": pending}
        if pending:
            return _start_turn(s, pending[0])
        best = max(p["score"] for p in s["players"])
        return _game_over(s, [i for i, p in enumerate(s["players"]) if p["score"] == best])
    if kind == "W":
        if conv["final_round"] == "equalize":
            # §3.1 final_round: everyone with fewer turns than the winner plays one more.
            turns = s["players"][mover]["turns"]
            pending = [(mover + k) % n for k in range(1, n)
                       if s["players"][(mover + k) % n]["turns"] < turns]
            if pending:
                s["final"] = {"first_winner": mover, "pending": pending}
                return _start_turn(s, pending[0])
        return _game_over(s, [mover])
    _start_turn(s, (mover + 1) % n)      # §2.2.4: seat order


def _game_over(s, winners):
    s["phase"], s["turn"], s["winners"] = "game_over", None, winners
    s["final"] = None if s["final"] is None else {**s["final"], "pending": []}


def _clone(state):
    """A copy deep enough that `apply` never changes the state it was given: player records and
    the turn are copied; history lists are copied shallowly because their entries are never
    edited once written; the conventions are never written."""
    s = dict(state)
    s["players"] = [dict(p) for p in state["players"]]
    if state["turn"] is not None:
        s["turn"] = dict(state["turn"])
    s["winners"] = list(state["winners"])
    return s


_HANDLERS = {"roll": _roll, "stop": _stop, "keep": _keep, "result": _result}
