"""A dice game carried on from paper: the optional `start` object of a dice record (issue 12),
read into the player records (dice.md §2.13) a game begins with instead of §2.2.5's zeros.
Documented in docs/dice-records.md.

    "start": {"players": [{"score": 250}, {"score": 900, "barrel": {"on": true, "attempts": 1}},
              {"score": 0, "entered": false}]}

Every field but each player's `score` may be left out. A position the rules could not have led
to is refused with BadInput naming the field."""
from thousand.dice.resolution import DUMP_SCORE, has_barrel, new_player
from thousand.errors import BadInput, is_whole, kind_of
from thousand.shapes import count, flag, object_with
from thousand.i18n import N_

START_KEYS = ("players",)
PLAYER_KEYS = ("score", "entered", "entry_score", "bolts", "barrel", "dots", "dot_falls")
BARREL_KEYS = ("on", "attempts", "falls", "pool")


def _points(conv: dict, value, where: str) -> int:
    """§0.2: every score is a whole multiple of 5."""
    if not is_whole(value):
        raise BadInput(where, N_("must be a whole number (got {kind})"), kind=kind_of(value))
    if value % 5:
        raise BadInput(where, N_("{total} is not a multiple of 5; every dice score is (§0.2)"),
                       total=value)
    return value


def _barrel(conv: dict, p: dict, value, where: str) -> None:
    object_with(value, where, BARREL_KEYS)
    if value and not has_barrel(conv):
        raise BadInput(where, N_("these conventions have no barrel to sit on (barrel_mode = "
                                 "{mode})"), mode=conv["barrel_mode"])
    on = flag(value.get("on", False), f"{where}.on")
    p["barrel_attempts"] = count(value.get("attempts", 0), f"{where}.attempts",
                                  below=conv["barrel_attempts"] or None)
    p["barrel_falls"] = count(value.get("falls", 0), f"{where}.falls",
                               below=conv["barrel_fall_limit"] or None)
    pool = value.get("pool", 0)
    if pool and not conv["barrel_accumulate"]:
        raise BadInput(f"{where}.pool", N_("only barrel_accumulate keeps points on the barrel "
                                           "(§3.8)"))
    p["barrel_pool"] = count(_points(conv, pool, f"{where}.pool"), f"{where}.pool")
    thr, target, score = conv["barrel_threshold"], conv["target_score"], p["score"]
    if on:
        if conv["barrel_mode"] == "points" and score != thr:
            raise BadInput(f"{where}.on", N_("a player on the barrel has exactly {threshold} "
                                             "(§2.7.1; got {total})"), threshold=thr, total=score)
        if conv["barrel_mode"] == "zone" and not thr <= score < target:
            raise BadInput(f"{where}.on", N_("a player on the barrel has {threshold} to "
                                             "{below} (barrel_mode = zone; got {total})"),
                           threshold=thr, below=target - 5, total=score)
        if score + p["barrel_pool"] >= target:
            raise BadInput(f"{where}.pool", N_("{total} has already won the game"),
                           total=score + p["barrel_pool"])
    else:
        if p["barrel_attempts"] or p["barrel_pool"]:
            raise BadInput(f"{where}.on", N_("attempts and kept points belong to a player on the "
                                             "barrel (§2.7.3)"))
        if has_barrel(conv) and score >= thr:
            raise BadInput(f"{where}.on", N_("a score of {total} is on the barrel (§2.7.1: from "
                                             "{threshold})"), total=score, threshold=thr)
    p["on_barrel"] = on


def _player(conv: dict, value, where: str) -> dict:
    object_with(value, where, PLAYER_KEYS)
    p = new_player(conv)
    if "score" not in value:
        raise BadInput(f"{where}.score", N_("missing: each player's score"))
    score = p["score"] = _points(conv, value["score"], f"{where}.score")
    if score < 0 and not conv["negative_scores"]:
        raise BadInput(f"{where}.score", N_("scores do not go below 0 (negative_scores = false)"))
    if conv["dump_truck"] != "off" and score == DUMP_SCORE:
        raise BadInput(f"{where}.score", N_("555 would have been reset to 0 by the dump truck "
                                            "(§2.9)"))
    target = conv["target_score"]
    if score >= target:
        raise BadInput(f"{where}.score", N_("{total} has already won the game (target_score = "
                                            "{target})"), total=score, target=target)
    # a score already written on paper is an entered game, unless the sheet says otherwise
    entered = flag(value.get("entered", score != 0 or p["entered"]), f"{where}.entered")
    if not entered and conv["entry_minimum"] == 0:
        raise BadInput(f"{where}.entered", N_("every player is in the game from the start "
                                              "(entry_minimum = 0)"))
    if not entered and score > 0:
        raise BadInput(f"{where}.entered", N_("a player who has not entered has recorded "
                                              "nothing (§2.5; got {total})"), total=score)
    p["entered"] = entered
    entry = value.get("entry_score")
    if entry is not None and not entered:
        raise BadInput(f"{where}.entry_score", N_("a player who has not entered has no entry "
                                                  "score (§2.5.5)"))
    if entered:
        p["entry_score"] = 0 if entry is None else _points(conv, entry, f"{where}.entry_score")
    else:
        p["entry_score"] = None
    bolts = value.get("bolts", 0)
    if bolts and not conv["bolts"]:
        raise BadInput(f"{where}.bolts", N_("bolts are off (bolts = false)"))
    if bolts and not entered and not conv["bolts_before_entry"]:
        raise BadInput(f"{where}.bolts", N_("no bolts before entry (§2.10.4)"))
    p["bolts"] = count(bolts, f"{where}.bolts", below=conv["bolt_limit"])
    _barrel(conv, p, value.get("barrel", {}), f"{where}.barrel")
    for key, limit in (("dots", conv["open_dot_limit"]), ("dot_falls", conv["open_fall_limit"])):
        given = value.get(key, 0)
        if given and conv["barrel_mode"] != "open":
            raise BadInput(f"{where}.{key}", N_("dots belong to the open barrel (barrel_mode = "
                                                "open, §3.8.1)"))
        p[key] = count(given, f"{where}.{key}", below=limit or None)
    return p


def start_players(conv: dict, start, n: int, where: str = "start") -> list:
    """The player records (§2.13) of a game carried on from paper; BadInput names the first field
    at fault."""
    object_with(start, where, START_KEYS)
    players = start.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise BadInput(f"{where}.players", N_("must be a list of {n} players, one per seat"), n=n)
    records = [_player(conv, p, f"{where}.players[{i}]") for i, p in enumerate(players)]
    on = [i for i, p in enumerate(records) if p["on_barrel"]]
    if len(on) > 1 and conv["barrel_knockoff"] != "off":
        raise BadInput(f"{where}.players[{on[1]}].barrel.on",
                       N_("only one player sits on the barrel (§2.7.6)"))
    return records
