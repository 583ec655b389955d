"""How the person at this device plays: figures per game and player count, counted from the
Finished-games history (thousand/storage.py `Store.history`), whose entries keep each game's
whole record. Every figure comes from replaying a record with its engine, never from counters
kept during play, so the figures are right whatever happened to the page in between.

Pure: history entries in, plain JSON-able data out (no storage, no page). Two steps, so the page
can keep the slow one: `facts(kind, entry)` replays one game and keeps what the figures need (a
few dozen numbers; `facts_of_state` reads them from a finished game's final position, the same
the replay gives), and `figures(kind, facts)` adds games up. `count` does both, reusing facts
already known by `fingerprint(entry)`.

Who "the person" is: the seats of kind "human" in the entry's `seats` (history entries from
before they had seats: the seats named OWN_NAME). A game is counted when it had the person and
at least one computer player (or is solo dice practice); games between people only (hot seat,
real dice with the score keeper) are counted as such and left out of the figures. A game in
which moves were taken back (`record["taken_back"]` not empty) counts only in its own line,
not in the win figures nor in the others. A game left unfinished for another (an entry
marked `unfinished`) is counted only as abandoned. Best and worst game are by margin: the person's final
total minus the best final total of the others (solo practice: by the number of turns)."""
import hashlib
import json

from thousand import aids
from thousand.errors import BadInput
from thousand.i18n import N_
from thousand.seats import is_own_name

KINDS = ("cards", "dice")
FACTS_VERSION = 1  # a change of what `facts` keeps makes the facts kept by the page recounted

# What is added up for the person, per kind: the names of `facts()["counts"]`.
CARD_COUNTS = ("deals", "declared", "made", "failed", "bid_total", "write_offs", "crosses",
               "bolts", "barrels", "falls", "dump_trucks")
DICE_COUNTS = ("turns", "points", "bolts", "barrels", "falls", "knocked_others",
               "knocked_off", "dump_trucks", "overtook", "overtaken")
COUNTS = {"cards": CARD_COUNTS, "dice": DICE_COUNTS}
# a card score row's marks counted for the person's seats, and under which name
CARD_MARKS = {"made": "made", "failed": "failed", "write_off": "write_offs", "cross": "crosses",
              "bolt": "bolts", "barrel_mount": "barrels", "barrel_fall": "falls",
              "dump_truck": "dump_trucks"}
DICE_EVENTS = {"bolt": "bolts", "barrel_arrival": "barrels", "barrel_fall": "falls",
               "dump": "dump_trucks", "overtaken": "overtaken"}
DICE_KEPT = ("R", "W", "P")  # turn ends whose points were written down (a zero turn keeps none)


def fingerprint(entry) -> str:
    """The same for the same history entry, different for any change in it."""
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


# --- one game -----------------------------------------------------------------------------------

def facts(kind: str, entry) -> dict:
    """What the figures need of one finished game, from its record replayed. Raises BadInput
    (or any error the damage causes) for an entry that cannot be read."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        raise BadInput("record", N_("the record of the game's moves is missing"))
    record = entry["record"]  # its hints and moves taken back are checked by the replay (aids)
    if kind == "cards":
        from thousand.cards.record import replay
    else:
        from thousand.dice.record import replay
    state = replay(record)["state"]
    return facts_of_state(kind, entry, state)


def facts_of_state(kind: str, entry: dict, state: dict) -> dict:
    """The facts of a game from its final position (the live game's, or its record's replay)."""
    n = state["n"]
    seats = _seats(entry, n)
    mine = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    others = [i for i in range(n) if i not in mine]
    if state.get("phase") != "game_over":
        if not entry.get("unfinished"):
            raise BadInput("record", N_("the game did not finish"))
        # left before its end for another game: counted as abandoned, never as won or lost
        return {"v": FACTS_VERSION, "players": n, "abandoned": True,
                "friends": sum(s["kind"] == "friend" for s in seats),
                "levels": sorted({s["bot"] for s in seats if s["kind"] == "bot" and s.get("bot")}),
                "person": bool(mine), "computers": bool(others),
                "keeper": kind == "dice" and entry.get("mode") == "keeper", "counts": {}}
    record = entry["record"]
    if kind == "cards":
        totals, winners = state["score"]["totals"], state["score"]["winners"]
        counts = _card_counts(state, mine)
        length = state["score"]["deals_settled"]
    else:
        totals, winners = [p["score"] for p in state["players"]], state["winners"]
        counts = _dice_counts(state, mine)
        length = len(state["turns"])
    taken_back, hints = aids.taken_back(record), aids.hints(record)
    return {
        "v": FACTS_VERSION, "players": n,
        # friends on their own phones: their games have a line of their own (issue 22)
        "friends": sum(s["kind"] == "friend" for s in seats),
        "levels": sorted({s["bot"] for s in seats if s["kind"] == "bot" and s.get("bot")}),
        "person": bool(mine), "computers": bool(others),
        "keeper": kind == "dice" and entry.get("mode") == "keeper",
        "won": any(w in mine for w in winners),
        "own": max((totals[i] for i in mine), default=None),
        "other": max((totals[i] for i in others), default=None),
        "length": length,
        "undo": bool(taken_back),
        "hints": len(hints),
        "counts": counts,
    }


def _seats(entry: dict, n: int) -> list:
    """Each seat's kind ("human" or "bot") and computer level, from the entry; entries without
    seats: a seat named as the person's own seat is theirs, the others computers of no known
    level."""
    seats = entry.get("seats")
    if isinstance(seats, list) and len(seats) == n and all(
            isinstance(s, dict) and s.get("kind") in ("human", "friend", "bot") for s in seats):
        return [{"kind": s["kind"], "bot": s.get("bot") if isinstance(s.get("bot"), str)
                 else None} for s in seats]
    names = entry.get("names")
    if not isinstance(names, list) or len(names) != n:
        names = entry["record"].get("names") or [""] * n
    return [{"kind": "human" if isinstance(nm, str) and is_own_name(nm) else "bot", "bot": None}
            for nm in names]


def _card_counts(state: dict, mine: list) -> dict:
    c = dict.fromkeys(CARD_COUNTS, 0)
    for row in state["score"]["rows"]:
        if row["outcome"] != "penalty":
            c["deals"] += 1
        if row.get("declarer") in mine and row["outcome"] in ("played", "write_off", "cross"):
            c["declared"] += 1
            c["bid_total"] += row["bid"] or 0
        for seat in mine:
            for mark in row["marks"][seat]:
                if mark in CARD_MARKS:
                    c[CARD_MARKS[mark]] += 1
    return c


def _dice_counts(state: dict, mine: list) -> dict:
    c = dict.fromkeys(DICE_COUNTS, 0)
    for turn in state["turns"]:
        if turn["seat"] in mine:
            c["turns"] += 1
            if turn["end"] in DICE_KEPT:
                c["points"] += turn["points"]
        for e in turn["events"]:
            knocked = e.get("cause") == "knock_off"
            if e["seat"] in mine:
                if e["kind"] in DICE_EVENTS:
                    c[DICE_EVENTS[e["kind"]]] += 1
                if knocked and e["kind"] in ("barrel_fall", "knocked_off"):
                    c["knocked_off"] += 1
            elif e.get("by") in mine:
                if e["kind"] == "overtaken":
                    c["overtook"] += 1
                elif knocked:
                    c["knocked_others"] += 1
    return c


# --- adding up ----------------------------------------------------------------------------------

def counted(f: dict) -> bool:
    """A game of the person against the computer (or solo practice)."""
    return f["person"] and not f["keeper"] and (f["computers"] or f["players"] == 1)


def figures(kind: str, all_facts: list) -> dict:
    """The figures of games given by their facts (None for a game that could not be read), per
    player count, fewest players first."""
    groups, damaged, not_counted = {}, 0, 0
    for f in all_facts:
        if f is None:
            damaged += 1
            continue
        if not counted(f):
            not_counted += 1
            continue
        key = (f["players"], bool(f.get("friends")))
        g = groups.setdefault(key, _new_group(kind, f["players"], key[1]))
        if f.get("abandoned"):
            g["abandoned"] += 1
            continue
        g["hints"] += f["hints"]
        g["hint_games"] += f["hints"] > 0
        if f["undo"]:
            g["undo"]["played"] += 1
            g["undo"]["won"] += f["won"]
            continue
        g["played"] += 1
        g["won"] += f["won"]
        for level in f["levels"]:
            share = g["levels"].setdefault(level, {"played": 0, "won": 0})
            share["played"] += 1
            share["won"] += f["won"]
        for key in COUNTS[kind]:
            g[key] += f["counts"][key]
        _best_and_worst(g, f)
    out = []
    for key in sorted(groups):
        g = groups[key]
        g["levels"] = [{"level": level, **g["levels"][level]} for level in sorted(g["levels"])]
        if kind == "cards":
            g["average_bid"] = round(g["bid_total"] / g["declared"], 1) if g["declared"] else None
        else:
            g["average_turn"] = round(g["points"] / g["turns"], 1) if g["turns"] else None
        out.append(g)
    return {"kind": kind, "games": len(all_facts), "damaged": damaged,
            "not_counted": not_counted, "groups": out}


def _new_group(kind: str, n: int, friends: bool = False) -> dict:
    return {"players": n, "friends": friends, "played": 0, "won": 0, "levels": {}, **dict.fromkeys(COUNTS[kind], 0),
            "best": None, "worst": None, "undo": {"played": 0, "won": 0}, "hints": 0,
            "hint_games": 0, "abandoned": 0}


def _best_and_worst(g: dict, f: dict) -> None:
    """By margin; solo practice by turns (fewest is best). Of equal games, the first given (the
    newest, in the history's order) is kept."""
    if f["players"] == 1:
        game = {"turns": f["length"]}
        key = -f["length"]
    else:
        game = {"margin": f["own"] - f["other"], "own": f["own"], "other": f["other"],
                "length": f["length"]}
        key = game["margin"]
    if g["best"] is None or key > g["best"]["key"]:
        g["best"] = {"key": key, **game}
    if g["worst"] is None or key < g["worst"]["key"]:
        g["worst"] = {"key": key, **game}


def known_facts(kind: str, entries: list, known: dict | None = None, keys=None,
                time_left=None) -> dict:
    """The facts of every entry by fingerprint (`keys`, when given, are the entries'
    fingerprints): those in `known` (found before) are reused, the others found by replaying
    (a damaged entry's facts are {"damaged": reason}, so it is not replayed again either).
    With `time_left` (a function saying whether there is time for another replay), the games
    not replayed when it says no are left out: at least one is always replayed."""
    known = known or {}
    keys = keys if keys is not None else [fingerprint(e) for e in entries]
    found, replayed = {}, 0
    for key, entry in zip(keys, entries):
        f = found.get(key) or known.get(key)
        if not _usable(f):
            if replayed and time_left is not None and not time_left():
                continue
            replayed += 1
            try:
                f = facts(kind, entry)
            except Exception as exc:  # noqa: BLE001  (whatever the damage, the screen shows)
                f = {"damaged": str(exc)[:200] or type(exc).__name__, "v": FACTS_VERSION}
        found[key] = f
    return found


def figures_of_keys(kind: str, keys: list, found: dict, excluded=()) -> dict:
    """The figures of the games `keys` (fingerprints, one per history entry) whose facts are in
    `found`, those in `excluded` left out."""
    out = figures(kind, [None if "damaged" in found[k] else found[k] for k in keys
                         if k in found and k not in excluded])
    out["pending"] = sum(k not in found and k not in excluded for k in keys)  # `time_left`
    return out


def count(kind: str, entries: list, known: dict | None = None, excluded=()) -> tuple:
    """(figures, facts by fingerprint) of history entries: `known_facts` then `figures`; the
    entries whose fingerprint is in `excluded` (games counted before the last reset) are left
    out of the figures."""
    keys = [fingerprint(e) for e in entries]
    found = known_facts(kind, entries, known, keys)
    return figures_of_keys(kind, keys, found, set(excluded)), found


def _usable(f) -> bool:
    return isinstance(f, dict) and f.get("v") == FACTS_VERSION and (
        "damaged" in f or all(k in f for k in ("players", "counts", "levels")))
