"""End-of-turn resolution (dice.md §2.12), in the spec's exact order, and the player predicates of
§2.4 (pit, barrel, recordable, winning).

Everything here works on a `Resolver`: the game's player records (already copies: the caller owns
them) and the list the events are appended to. Every effect on a score is an event, so the page
can show "seat 2 overtaken: -50" and a record's replay can list the penalties of each turn.

End kinds (§2.4): R recorded, Z zero, D dump (mid-turn), W win, O overshoot (open barrel, §3.8.1),
I instant win (five_of_a_kind_wins), P pooled (barrel_accumulate: points kept on the barrel)."""
from thousand.dice.catalogue import pits
from thousand.errors import Phrase
from thousand.i18n import N_

END_KINDS = ("R", "Z", "D", "W", "O", "I", "P")
DUMP_SCORE = 555


def new_player(conv: dict) -> dict:
    """§2.2.5 / §2.13: score 0, not entered (unless there is no entry rule), no marks."""
    entered = conv["entry_minimum"] == 0
    return {"score": 0, "entered": entered, "entry_score": 0 if entered else None, "bolts": 0,
            "on_barrel": False, "barrel_attempts": 0, "barrel_falls": 0, "barrel_pool": 0,
            "dots": 0, "dot_falls": 0, "turns": 0, "won": False}


def has_barrel(conv: dict) -> bool:
    return conv["barrel_mode"] in ("points", "zone")


def pit_of(conv: dict, score: int):
    """§2.4 in_pit: the pit [lo, hi] holding this score, or None."""
    for lo, hi in pits(conv):
        if lo <= score <= hi:
            return [lo, hi]
    return None


def turn_start(conv: dict, player: dict) -> dict:
    """The facts a turn is judged by, frozen when it starts (§2.4: nobody else's score changes
    during a turn, and the mover's flags are those of the turn's start)."""
    return {"score": player["score"], "entered": player["entered"],
            "pit": pit_of(conv, player["score"]), "on_barrel": player["on_barrel"],
            "pool": player["barrel_pool"]}


def recordable(conv: dict, start: dict, T: int) -> bool:
    """§2.4 recordable(T): entry (§2.5), pits (§2.6), barrel (§2.7; any T > 0 with
    barrel_accumulate, §3.8)."""
    s0 = start["score"]
    if T <= 0:
        return False
    if not start["entered"] and T < conv["entry_minimum"]:
        return False
    if start["pit"] is not None and s0 + T <= start["pit"][1]:
        return False
    if start["on_barrel"] and not conv["barrel_accumulate"] and s0 + T < conv["target_score"]:
        return False
    return True


def winning(conv: dict, start: dict, T: int) -> bool:
    """§2.4 winning(T), per barrel_mode (§3.8): points needs the barrel; none and zone only the
    target; open exactly the target. The barrel pool counts towards the finish."""
    if not recordable(conv, start, T):
        return False
    total = start["score"] + start["pool"] + T
    mode = conv["barrel_mode"]
    if mode == "open":
        return start["score"] + T == conv["target_score"]
    if mode == "points" and not start["on_barrel"]:
        return False
    return total >= conv["target_score"]


def need(conv: dict, start: dict, T: int):
    """What keeps turn points T from being recorded: (kind, points still needed, detail) or None.
    kind is 'entry', 'pit' or 'barrel' (§2.4.10)."""
    s0 = start["score"]
    if not start["entered"] and T < conv["entry_minimum"]:
        return "entry", conv["entry_minimum"] - T, conv["entry_minimum"]
    if start["pit"] is not None and s0 + T <= start["pit"][1]:
        # s0 + T > hi, in steps of 5: from 225 in 200-299 the exit needs 75 (E4).
        return "pit", -(-(start["pit"][1] + 1 - s0 - T) // 5) * 5, start["pit"]
    if start["on_barrel"] and not conv["barrel_accumulate"] and s0 + T < conv["target_score"]:
        return "barrel", conv["target_score"] - s0 - T, conv["target_score"]
    return None


def most_in_a_turn(conv: dict, start: dict):
    """The most a turn can score from this start (§2.4.9 sets no limit on the rolls, but a turn
    has a goal): (most, goal, kind). The goal is the points that take the score to the barrel
    (`barrel_mode = points`: more is capped away, §2.7.1) or to the finish (§2.8: the turn ends
    by itself; open barrel: past it is an overshoot, §3.8.1); the turn passes it on its last
    roll at most, by at most the best roll (scores go in steps of 5). kind: 'barrel' or
    'finish'."""
    from thousand.dice.scoring import best_roll
    s0 = start["score"]
    if conv["barrel_mode"] == "points" and not start["on_barrel"]:
        goal, kind = conv["barrel_threshold"] - s0, "barrel"
    else:
        goal, kind = conv["target_score"] - s0 - start["pool"], "finish"
    if not start["entered"]:
        goal = max(goal, conv["entry_minimum"])
    goal = max(goal, 5)
    return goal - 5 + best_roll(conv), goal, kind


def explain_need(item) -> Phrase:
    """§2.4.10, in the words the UI shows: 'you need 75 more to leave the pit (200-299)' (a
    Phrase: the page words it with thousand.i18n.reason)."""
    kind, more, detail = item
    if kind == "entry":
        return Phrase(N_("you need {more} more to enter the game ({least} in one turn)"),
                      more=more, least=detail)
    if kind == "pit":
        return Phrase(N_("you need {more} more to leave the pit ({low}-{high})"),
                      more=more, low=detail[0], high=detail[1])
    return Phrase(N_("you need {more} more to finish from the barrel ({target} in one turn)"),
                  more=more, target=detail)


class Resolver:
    """Applies one turn's end to the players (in place) and logs every effect."""

    def __init__(self, conv: dict, players: list, events: list, turn: int):
        self.conv, self.players, self.events, self.turn = conv, players, events, turn

    def log(self, seat: int, kind: str, text: str, delta: int = 0, **extra):
        event = {"turn": self.turn, "seat": seat, "kind": kind, "delta": delta,
                 "score": self.players[seat]["score"], "text": text}
        event.update(extra)
        self.events.append(event)

    # --- §2.12.1 recorded turn -------------------------------------------------------------------

    def recorded(self, mover: int, start: dict, T: int):
        conv, p = self.conv, self.players[mover]
        pre = [q["score"] for q in self.players]
        s0 = start["score"]
        new = s0 + T                                                          # step 1
        capped = False
        if conv["barrel_mode"] == "points" and not start["on_barrel"] \
                and new >= conv["barrel_threshold"]:                          # step 2
            new, capped = conv["barrel_threshold"], True
        dumped = conv["dump_truck"] != "off" and new == DUMP_SCORE            # step 3
        if dumped:
            new = 0
        p["score"] = new                                                      # step 4
        self.log(mover, "recorded", f"seat {mover} records {T}"
                 + (f" (capped at {conv['barrel_threshold']})" if capped else ""),
                 delta=(DUMP_SCORE if dumped else new) - s0, points=T)
        if dumped:
            self.log(mover, "dump", f"seat {mover} hits 555: dump truck, back to 0",
                     delta=-DUMP_SCORE)
        if not start["entered"]:
            p["entered"], p["entry_score"] = True, new
            self.log(mover, "entered", f"seat {mover} enters the game with {new}")
        knocked = set()
        if has_barrel(conv) and not start["on_barrel"] \
                and conv["barrel_threshold"] <= new < conv["target_score"]:  # step 5
            p["on_barrel"], p["barrel_attempts"], p["barrel_pool"] = True, 0, 0
            self.log(mover, "barrel_arrival", f"seat {mover} climbs on the barrel at {new}")
            if conv["barrel_knockoff"] != "off":
                for j in self._others(mover):
                    if self.players[j]["on_barrel"]:
                        knocked.add(j)
                        self.fall(j, "knock_off", by=mover)
        penalty = conv["overtake_penalty"]
        # §2.9.6: a dumped mover overtakes nobody, even from a negative score (where "between
        # s0 and 0" would otherwise hold someone).
        if penalty and new > s0 and not dumped:                               # step 6
            for j in self._others(mover):
                if j in knocked:
                    continue  # §3.8 barrel_knockoff / Q7: one penalty only, the knock-off
                low_ok = s0 <= pre[j] if conv["overtake_from_tie"] else s0 < pre[j]
                if low_ok and pre[j] < new:
                    q = self.players[j]
                    q["score"] -= penalty
                    self.log(j, "overtaken", f"seat {j} is overtaken by seat {mover}: -{penalty}",
                             delta=-penalty, by=mover)
                    self.after_deduction(j)
        if conv["bolt_count_mode"] == "consecutive":                          # step 7
            p["bolts"] = 0

    def _others(self, mover):
        n = len(self.players)
        return [(mover + k) % n for k in range(1, n)]  # seat order after the mover

    # --- §2.12.2 zero turn -----------------------------------------------------------------------

    def zero(self, mover: int, start: dict, blank_opening: bool):
        conv, p = self.conv, self.players[mover]
        self.log(mover, "zero", f"seat {mover} rolls nothing: the turn's points are lost")
        exempt = ((not start["entered"] and not conv["bolts_before_entry"])
                  or (start["pit"] is not None and not conv["bolts_in_pit"])
                  or (start["on_barrel"] and not conv["bolts_on_barrel"]))
        trigger = conv["bolt_trigger"] == "zero_turn" or blank_opening
        if conv["bolts"] and trigger and not exempt:                          # step 1
            p["bolts"] += 1
            self.log(mover, "bolt", f"seat {mover} gets bolt {p['bolts']}", bolts=p["bolts"])
            if p["bolts"] >= conv["bolt_limit"]:
                p["bolts"] = 0
                p["score"] -= conv["bolt_penalty"]
                self.log(mover, "bolt_penalty",
                         f"seat {mover} has {conv['bolt_limit']} bolts: -{conv['bolt_penalty']}",
                         delta=-conv["bolt_penalty"])
                self.after_deduction(mover)
        if start["on_barrel"] and p["on_barrel"]:                             # step 2
            p["barrel_attempts"] += 1
            limit = conv["barrel_attempts"]
            self.log(mover, "barrel_attempt",
                     f"seat {mover} fails barrel attempt {p['barrel_attempts']}"
                     + (f" of {limit}" if limit else ""), attempts=p["barrel_attempts"])
            if limit and p["barrel_attempts"] >= limit:
                self.fall(mover, "attempts")

    # --- §2.12.3 dump, §2.12.4 win, §3.8.1 overshoot, pooled ---------------------------------------

    def dump(self, mover: int, start: dict, T: int):
        p = self.players[mover]
        s0 = start["score"]
        p["score"] = 0
        self.log(mover, "dump", f"seat {mover} reaches 555 mid-turn: dump truck, back to 0",
                 delta=-s0, points=T)
        if not p["entered"]:
            p["entered"], p["entry_score"] = True, 0
            self.log(mover, "entered", f"seat {mover} enters the game with 0")
        if self.conv["bolt_count_mode"] == "consecutive":
            p["bolts"] = 0

    def win(self, mover: int, start: dict, T: int, instant: bool = False):
        p = self.players[mover]
        total = start["score"] + start["pool"] + T
        delta = total - p["score"]
        p["score"], p["won"] = total, True
        # The winner leaves the barrel, so that a late arrival in an equalizing final round
        # (§3.1 final_round) does not knock a finished player off it.
        p["on_barrel"], p["barrel_attempts"], p["barrel_pool"] = False, 0, 0
        self.log(mover, "instant_win" if instant else "win",
                 f"seat {mover} " + ("rolls five of a kind and wins" if instant
                                     else f"finishes with {total} and wins"),
                 delta=delta, points=T)

    def overshoot(self, mover: int, T: int):
        conv, p = self.conv, self.players[mover]
        p["dots"] += 1
        self.log(mover, "dot", f"seat {mover} would pass {conv['target_score']}: dot {p['dots']}",
                 dots=p["dots"], points=T)
        if p["dots"] >= conv["open_dot_limit"]:                               # §3.8.1 step 3
            p["dots"] = 0
            p["dot_falls"] += 1
            if conv["open_fall_limit"] and p["dot_falls"] >= conv["open_fall_limit"]:
                lost = p["score"]
                p["score"], p["dot_falls"] = 0, 0
                self.log(mover, "dot_penalty", f"seat {mover} has {conv['open_dot_limit']} dots "
                         "too often: back to 0", delta=-lost)
            else:
                p["score"] -= conv["open_dot_penalty"]
                self.log(mover, "dot_penalty", f"seat {mover} has {conv['open_dot_limit']} dots: "
                         f"-{conv['open_dot_penalty']}", delta=-conv["open_dot_penalty"])
            self.after_deduction(mover)

    def pooled(self, mover: int, T: int):
        """§3.8 barrel_accumulate: stopped points go to the pool; the turn is an attempt."""
        conv, p = self.conv, self.players[mover]
        p["barrel_pool"] += T
        p["barrel_attempts"] += 1
        self.log(mover, "pooled", f"seat {mover} keeps {T} on the barrel "
                 f"({p['barrel_pool']} so far)", points=T, pool=p["barrel_pool"])
        if p["barrel_attempts"] >= conv["barrel_attempts"]:
            self.fall(mover, "attempts")

    # --- §2.12.5 fall, §2.12.6 after a deduction ---------------------------------------------------

    def fall(self, seat: int, cause: str, by: int | None = None):
        conv, p = self.conv, self.players[seat]
        p["on_barrel"], p["barrel_attempts"], p["barrel_pool"] = False, 0, 0    # step 1
        before = p["score"]
        extra = {"cause": cause} if by is None else {"cause": cause, "by": by}
        if cause == "knock_off" and conv["barrel_knockoff"] == "to_entry_score":  # step 2
            entry = p["entry_score"] if p["entry_score"] is not None else 0
            p["score"] = min(entry, conv["barrel_threshold"] - 5)
            self.log(seat, "knocked_off", f"seat {seat} is knocked off the barrel, back to "
                     f"{p['score']}", delta=p["score"] - before, **extra)
        else:                                                                   # step 3
            p["barrel_falls"] += 1
            limit = conv["barrel_fall_limit"]
            if limit and p["barrel_falls"] >= limit:
                p["score"], p["barrel_falls"] = 0, 0
                text = f"seat {seat} falls off the barrel for the {_nth(limit)} time: back to 0"
            else:
                p["score"] = min(p["score"] - conv["barrel_fall_penalty"],
                                 conv["barrel_threshold"] - 5)
                text = f"seat {seat} falls off the barrel: {p['score'] - before}"
            if cause == "knock_off":
                text = f"seat {seat} is knocked off the barrel by seat {by}; " + text[len(
                    f"seat {seat} "):]
            self.log(seat, "barrel_fall", text, delta=p["score"] - before,
                     falls=p["barrel_falls"], **extra)
        self.after_deduction(seat)                                              # step 4

    def after_deduction(self, seat: int):
        conv, p = self.conv, self.players[seat]
        if not conv["negative_scores"] and p["score"] < 0:                      # step 1
            before = p["score"]
            p["score"] = 0
            self.log(seat, "floor", f"seat {seat} cannot go below 0", delta=-before)
        if conv["dump_truck"] != "off" and conv["dump_on_penalty"] \
                and p["score"] == DUMP_SCORE:                                   # step 2
            p["score"] = 0
            self.log(seat, "dump", f"seat {seat} is left on 555: dump truck, back to 0",
                     delta=-DUMP_SCORE)
        if p["on_barrel"] and p["score"] < conv["barrel_threshold"]:            # step 3
            p["on_barrel"], p["barrel_attempts"], p["barrel_pool"] = False, 0, 0
            self.log(seat, "left_barrel", f"seat {seat} drops below the barrel (not a fall)")


def _nth(k: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(k, f"{k}th")
