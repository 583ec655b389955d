"""Score sheets for people who play with real cards: a JSON list of deals in, every row of the score
and the final state out. The format is documented in docs/score-sheet.md.

`score_sheet(sheet)` and `parse_sheet(text)` are pure; reading the file is the CLI's job."""
import json

from thousand.cards.catalogue import CATALOGUE
from thousand.cards.score import (
    forced_declarer, new_score,
)
from thousand.cards.paper import start_score
from thousand.cards.settlement import MARKS, charge, settle
from thousand.errors import BadInput, Verbatim, is_whole, words_of
from thousand.i18n import N_
from thousand.limits import check_limits
from thousand.limits import parse_json  # the one reader of a file's JSON

FORMAT = "thousand-score-sheet"
VERSION = 1
SHEET_KEYS = ("format", "version", "title", "date", "note", "players", "preset", "overrides",
              "conventions", "first_dealer", "start", "deals")
DEAL_KEYS = ("dealer", "declarer", "bid", "contract", "outcome", "card_points", "tricks", "marriages",
             "talon", "dark", "golden", "obligatory", "note")
PENALTY_KEYS = ("seat", "amount", "reason")


def parse_sheet(text: str, name: str = "sheet"):
    """The sheet's JSON text as data; text that cannot be read as JSON (with the line and column
    when it is not JSON) is BadInput naming `name`."""
    return parse_json(text, name, N_("score sheet"))


def sheet_conventions(sheet: dict) -> dict:
    """The full conventions a sheet is scored under, in either of its spellings (the page's form
    must ask about the same table: a sheet giving `conventions` is not Classic)."""
    return _conventions(sheet)[0]


def _conventions(sheet: dict) -> tuple:
    """(full conventions dict, preset name, overrides) from `preset`+`overrides` or `conventions`.
    The catalogue's own message says what is wrong; the field name is put in front of it."""
    if "conventions" in sheet:
        if "preset" in sheet or "overrides" in sheet:
            raise BadInput("conventions",
                           N_("give either conventions or preset/overrides, not both"))
        data = sheet["conventions"]
        if not isinstance(data, dict):
            raise BadInput("conventions", N_("must be an object of convention id: value"))
        try:
            if "overrides" in data or "game" in data:
                conv = CATALOGUE.from_json(data)
                preset = data.get("preset")
            else:
                preset = data.get("preset", "classic")
                values = {k: v for k, v in data.items() if k not in ("preset", "schema_version")}
                conv = CATALOGUE.resolve(preset, values)
        except BadInput as exc:
            raise BadInput("conventions", words_of(exc)) from None
    else:
        preset = sheet.get("preset", "classic")
        overrides = sheet.get("overrides", {})
        if not isinstance(preset, str):
            raise BadInput("preset", N_("must be a preset name (got {got})"), got=repr(preset))
        try:
            CATALOGUE.preset(preset)
        except BadInput as exc:
            raise BadInput("preset", exc.detail) from None
        if not isinstance(overrides, dict):
            raise BadInput("overrides", N_("must be an object of convention id: value"))
        try:
            conv = CATALOGUE.resolve(preset, overrides)
        except BadInput as exc:
            ids = getattr(exc, "ids", ())
            where = f"overrides.{ids[0]}" if len(ids) == 1 and ids[0] in overrides else "overrides"
            raise BadInput(where, exc.detail) from None
    saved = CATALOGUE.to_json(conv, preset)
    return conv, saved["preset"], saved["overrides"]


def _seat(value, names: list, where: str) -> int:
    """A seat number, or a player's name as written in `players`."""
    if is_whole(value) and 0 <= value < len(names):
        return value
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise BadInput(where, N_("must be a seat from 0 to {last} or a player's name (got {got})"),
                   last=len(names) - 1, got=repr(value))


def forced_deal(conv: dict, score: dict, dealer: int):
    """(declarer, bid) of a deal without an auction, so the sheet need not repeat them."""
    forced = forced_declarer(conv, score, dealer)
    return None if forced is None else (forced[0], forced[1])


def _deal_facts(conv: dict, score: dict, entry: dict, dealer: int, names: list, where: str) -> dict:
    for key in entry:
        if key not in DEAL_KEYS:
            raise BadInput(f"{where}.{key}", N_("unknown field; a deal has {fields}"),
                           fields=", ".join(DEAL_KEYS))
    if "talon" in entry and conv["player_count"] != 4:
        raise BadInput(f"{where}.talon", N_("only a 4-player deal writes down its talon (F5); "
                                            "this sheet is for {n} players"),
                       n=conv["player_count"])
    facts = {k: v for k, v in entry.items() if k != "note"}
    if "dealer" in facts:
        given = _seat(facts["dealer"], names, f"{where}.dealer")
        if given != dealer:
            raise BadInput(f"{where}.dealer",
                           N_("the dealer of this deal is {name} (seat {seat}): the deal passes "
                              "to the left after every deal (R7)"), name=Verbatim(names[dealer]),
                           seat=dealer)
    facts["dealer"] = dealer
    facts.setdefault("outcome", "played")
    forced = forced_deal(conv, score, dealer) if facts["outcome"] != "all_pass" else None
    if forced:
        facts.setdefault("declarer", forced[0])
        facts.setdefault("bid", forced[1])
    if facts.get("declarer") is not None:
        facts["declarer"] = _seat(facts["declarer"], names, f"{where}.declarer")
    return facts


def _penalty(conv: dict, score: dict, entry: dict, names: list, where: str):
    for key in entry:
        if key not in ("penalty", "note"):
            raise BadInput(f"{where}.{key}",
                           N_("unknown field; a penalty entry has penalty (and note)"))
    p = entry["penalty"]
    if not isinstance(p, dict):
        raise BadInput(f"{where}.penalty", N_("must be an object {seat, amount, reason}"))
    for key in p:
        if key not in PENALTY_KEYS:
            raise BadInput(f"{where}.penalty.{key}",
                           N_("unknown field; a penalty has seat, amount, reason"))
    if "seat" not in p or "amount" not in p:
        raise BadInput(f"{where}.penalty", N_("needs seat and amount"))
    seat = _seat(p["seat"], names, f"{where}.penalty.seat")
    return charge(conv, score, seat, p["amount"], p.get("reason", "penalty"), where=f"{where}.penalty")


def score_sheet(sheet) -> dict:
    """Score a whole sheet: every deal settled in order (and every penalty charged), then the final
    state. Raises BadInput naming the first field that is wrong."""
    if not isinstance(sheet, dict):
        raise BadInput("sheet", N_("must be a JSON object"))
    check_limits(sheet)
    if sheet.get("format") != FORMAT:
        raise BadInput("format", N_("must be {format} (got {got})"), format=repr(FORMAT),
                       got=repr(sheet.get("format")))
    version = sheet.get("version")
    if not is_whole(version) or version != VERSION:
        raise BadInput("version", N_("this program reads version {reads} (got {got})"),
                       reads=VERSION, got=json.dumps(version))
    for key in sheet:
        if key not in SHEET_KEYS:
            raise BadInput(key, N_("unknown field; a score sheet has {fields}"),
                           fields=", ".join(SHEET_KEYS))
    names = sheet.get("players")
    if names is None:
        raise BadInput("players",
                       N_("missing: list the players' names in seat order (clockwise)"))
    if not isinstance(names, list) or not all(isinstance(x, str) and x.strip() for x in names):
        raise BadInput("players", N_("must be a list of names"))
    if len(set(names)) != len(names):
        raise BadInput("players", N_("two players have the same name"))
    conv, preset, overrides = _conventions(sheet)
    n = conv["player_count"]
    if len(names) != n:
        raise BadInput("players", N_("{count} names, but the conventions are for {n} players "
                                     "(player_count)"), count=len(names), n=n)
    dealer = sheet.get("first_dealer", 0)
    dealer = _seat(dealer, names, "first_dealer")
    deals = sheet.get("deals", [])
    if not isinstance(deals, list):
        raise BadInput("deals", N_("must be a list of deals"))

    # a game carried on from paper starts where the paper left it (thousand.cards.paper)
    score = new_score(conv) if "start" not in sheet else start_score(conv, sheet["start"])
    rows = []
    for i, entry in enumerate(deals):
        where = f"deals[{i}]"
        if not isinstance(entry, dict):
            raise BadInput(where, N_("must be an object (a deal, or {\"penalty\": ...})"))
        if score["over"]:
            raise BadInput(where, N_("the game ended at deal {deal}; nothing can follow it"),
                           deal=score["deals_settled"])
        if "penalty" in entry:
            score, row = _penalty(conv, score, entry, names, where)
        else:
            facts = _deal_facts(conv, score, entry, dealer, names, where)
            score, row = settle(conv, score, facts, where)
            dealer = (dealer + 1) % n  # R7: every settled deal, an all-pass one included
        row["entry"] = i
        if "note" in entry:
            if not isinstance(entry["note"], str):
                raise BadInput(f"{where}.note", N_("must be text"))
            row["note"] = entry["note"]
        rows.append(row)
    used = sorted({m for row in rows for ms in row["marks"] for m in ms})
    out = {
        "players": list(names),
        "conventions": {"preset": preset, "overrides": overrides},
        "rows": rows,
        "legend": {m: MARKS[m] for m in used},
        "final": {
            "totals": list(score["totals"]),
            "bolts": list(score["bolts"]),
            "crosses": list(score["crosses"]),
            "write_offs": list(score["write_offs"]),
            "barrel": [dict(b) for b in score["barrel"]],
            "golden": dict(score["golden"]),
            "deals": score["deals_settled"],
            "next_dealer": None if score["over"] else dealer,
            "over": score["over"],
            "winners": [names[s] for s in score["winners"]],
        },
    }
    if "start" in sheet:
        out["start"] = _start_shown(conv, sheet["start"])
    return out


def _start_shown(conv: dict, start) -> dict:
    """The position carried on from paper, every field filled in, as the sheet's first line."""
    score = start_score(conv, start)
    return {"totals": list(score["totals"]), "bolts": list(score["bolts"]),
            "crosses": list(score["crosses"]), "write_offs": list(score["write_offs"]),
            "barrel": [{k: b[k] for k in ("on", "attempts", "falls", "banned")}
                       for b in score["barrel"]],
            "golden": dict(score["golden"]), "deals": score["deals_settled"]}
