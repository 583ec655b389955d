"""A game carried on from paper: the optional `start` object of a score sheet or a record (issue
12), read into the score a game begins with instead of R70's zeros. Documented in
docs/score-sheet.md and docs/records.md.

    "start": {"players": [{"total": 340, "bolts": 1}, {"total": 880, "barrel": {"on": true,
              "attempts": 1}}, {"total": -120, "write_offs": 1}],
              "golden": {"over": true}, "deals": 14}

Every field but `players` and each player's `total` may be left out (0, off the barrel, and the
golden round where a new game has it). A position the rules could not have led to is refused with
BadInput naming the field, so a game never starts from a score the engine would not keep."""
from thousand.cards.score import (
    b_need, effective_target, new_barrel_field, new_score, reached_target,
)
from thousand.cards.settlement import CROSSES_FOR_PENALTY
from thousand.errors import BadInput, is_whole, kind_of
from thousand.shapes import count, flag, object_with
from thousand.i18n import N_

START_KEYS = ("players", "golden", "deals")
PLAYER_KEYS = ("total", "bolts", "write_offs", "crosses", "barrel")
BARREL_KEYS = ("on", "attempts", "falls", "banned")
GOLDEN_KEYS = ("over", "deals", "made", "circles")


def totals_in_fives(conv: dict) -> bool:
    """§0.3: under these conventions every total stays a multiple of 5, so a total that is not one
    was miscopied. Exact defender points, deal-point declarer scores, a 121 barrel contract or
    penalty and cumulative barrel counting all make other totals."""
    if conv["defender_rounding"] == "exact" or conv["declarer_success_score"] == "deal_points":
        return False
    if conv["target_score"] % 5 or effective_target(conv) % 5:
        return False
    if conv["barrel"] and (b_need(conv) % 5 or conv["barrel_fall_penalty"] % 5
                           or conv["barrel_mode"] == "cumulative"):
        return False
    return True


def _total(conv: dict, value, where: str) -> int:
    if not is_whole(value):
        raise BadInput(where, N_("must be a whole number (got {kind})"), kind=kind_of(value))
    if totals_in_fives(conv) and value % 5:
        raise BadInput(where, N_("{total} is not a multiple of 5; under these conventions every "
                                 "total is (§0.3)"), total=value)
    if conv["dump_truck"] != "off" and (value == conv["dump_value"] or
                                        (conv["dump_truck"] == "both" and value == -conv["dump_value"])):
        raise BadInput(where, N_("{total} would have been reset to 0 by the dump truck (R67)"),
                       total=value)
    if conv["loss_score"] and value <= conv["loss_score"]:
        raise BadInput(where, N_("{total} has already lost the game (loss_score = {loss})"),
                       total=value, loss=conv["loss_score"])
    return value


def _barrel(conv: dict, total: int, value, where: str) -> dict:
    field = new_barrel_field()
    if value is None:
        value = {}
    object_with(value, where, BARREL_KEYS)
    if value and not conv["barrel"]:
        raise BadInput(where, N_("these conventions have no barrel (barrel = false)"))
    field["on"] = flag(value.get("on", False), f"{where}.on")
    limit = conv["barrel_attempts"]
    field["attempts"] = count(value.get("attempts", 0), f"{where}.attempts",
                               below=limit if limit > 0 else None)
    three = conv["barrel_three_falls"]
    field["falls"] = count(value.get("falls", 0), f"{where}.falls",
                            below=3 if three != "none" else None)
    field["banned"] = flag(value.get("banned", False), f"{where}.banned")
    thr = conv["barrel_threshold"]
    if field["banned"]:
        if three != "zero_no_more_barrel":
            raise BadInput(f"{where}.banned", N_("only barrel_three_falls = zero_no_more_barrel "
                                                 "takes the barrel away (R65)"))
        if field["on"]:
            raise BadInput(f"{where}.on", N_("a player with no more barrel cannot be on it"))
    if field["on"]:
        field["mounted_at"] = 0  # before every deal of this game: seat order breaks the tie
        cumulative = conv["barrel_mode"] == "cumulative"
        if total < thr or (total != thr and not cumulative):
            raise BadInput(f"{where}.on", N_("a player on the barrel has exactly {threshold} "
                                             "(R61; got {total})") if not cumulative else
                           N_("a player on the barrel has at least {threshold} (R61; got "
                              "{total})"), threshold=thr, total=total)
    else:
        if field["attempts"]:
            raise BadInput(f"{where}.attempts", N_("only a player on the barrel counts attempts "
                                                   "(R60)"))
        # R61 sets everyone who reaches the threshold on the barrel; only a player pushed off
        # without a charge may stand there off it
        at_most = thr if conv["barrel_knock_off"] == "no_penalty" else thr - 1
        if conv["barrel"] and not field["banned"] and total > at_most:
            raise BadInput(f"{where}.on", N_("a total of {total} is on the barrel (R61: from "
                                             "{threshold})"), total=total, threshold=thr)
    return field


def _player(conv: dict, value, where: str) -> dict:
    object_with(value, where, PLAYER_KEYS)
    if "total" not in value:
        raise BadInput(f"{where}.total", N_("missing: each player's total"))
    total = _total(conv, value["total"], f"{where}.total")
    bolts = count(value.get("bolts", 0), f"{where}.bolts", below=conv["bolt_count"])
    limit = conv["write_off_limit"] if conv["write_off"] else 0
    write_offs = value.get("write_offs", 0)
    if write_offs and not conv["write_off"]:
        raise BadInput(f"{where}.write_offs", N_("write-offs are off (write_off = false)"))
    write_offs = count(write_offs, f"{where}.write_offs", most=limit or None)
    crosses = value.get("crosses", 0)
    if crosses and not conv["cross_rule"]:
        raise BadInput(f"{where}.crosses", N_("crosses are off (cross_rule = false)"))
    crosses = count(crosses, f"{where}.crosses", below=CROSSES_FOR_PENALTY)
    barrel = _barrel(conv, total, value.get("barrel"), f"{where}.barrel")
    if (not conv["barrel"] or barrel["banned"] or barrel["on"]) and reached_target(conv, total):
        raise BadInput(f"{where}.total", N_("{total} has already won the game (target_score = "
                                            "{target})"), total=total,
                       target=conv["target_score"])
    return {"total": total, "bolts": bolts, "write_offs": write_offs, "crosses": crosses,
            "barrel": barrel}


def _golden(conv: dict, value, n: int, where: str) -> dict:
    golden = new_score(conv)["golden"]
    if value is None:
        return golden
    if not conv["golden_round"]:
        raise BadInput(where, N_("these conventions have no golden round (golden_round = false)"))
    object_with(value, where, GOLDEN_KEYS)
    if flag(value.get("over", False), f"{where}.over"):
        for key in ("deals", "made", "circles"):
            if key in value:
                raise BadInput(f"{where}.{key}", N_("the golden round is over; give only "
                                                    "\"over\": true"))
        golden["active"] = False
        return golden
    golden["deals"] = count(value.get("deals", 0), f"{where}.deals", below=n)
    golden["made"] = flag(value.get("made", False), f"{where}.made")
    if golden["made"] and conv["golden_mode"] == "double_only":
        raise BadInput(f"{where}.made", N_("golden_mode = double_only has no golden declarer "
                                           "(G4)"))
    if golden["made"] and golden["deals"] == 0:
        raise BadInput(f"{where}.made", N_("no golden deal of this circle has been played yet"))
    limit = conv["golden_max_circles"] if conv["golden_failure"] == "replay" else 1
    golden["circles"] = count(value.get("circles", 0), f"{where}.circles",
                               below=limit or None)
    return golden


def start_score(conv: dict, start, where: str = "start") -> dict:
    """The score a game carried on from paper begins with (new_score's shape, so settlement and
    the engine go on from it as from any score). BadInput names the first field at fault."""
    object_with(start, where, START_KEYS)
    n = conv["player_count"]
    players = start.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise BadInput(f"{where}.players", N_("must be a list of {n} players, one per seat"), n=n)
    seats = [_player(conv, p, f"{where}.players[{i}]") for i, p in enumerate(players)]
    score = new_score(conv)
    score["totals"] = [p["total"] for p in seats]
    score["bolts"] = [p["bolts"] for p in seats]
    score["write_offs"] = [p["write_offs"] for p in seats]
    score["crosses"] = [p["crosses"] for p in seats]
    score["barrel"] = [p["barrel"] for p in seats]
    on = [i for i, p in enumerate(seats) if p["barrel"]["on"]]
    room = {"none": n, "two_may_sit": 2}.get(conv["barrel_knock_off"], 1)
    if len(on) > room:
        raise BadInput(f"{where}.players[{on[room]}].barrel.on",
                       N_("only {room} may sit on the barrel at once (barrel_knock_off)"),
                       room=room)
    score["golden"] = _golden(conv, start.get("golden"), n, f"{where}.golden")
    score["deals_settled"] = count(start.get("deals", 0), f"{where}.deals")
    return score
