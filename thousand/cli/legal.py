"""`python -m thousand legal RECORD.json [--json]`: the position after a record's last action and
the actions the game accepts there.

The record is read and replayed by `replay` (card or dice game); a damaged or illegal record is
refused as `replay` refuses it. The position is built once as plain data (`--json` prints it as
one JSON object) and the readable text is a rendering of that data. Each legal action is printed
as the engine's JSON, which a record holds as it is (but for `deal`, which a record writes as a
new deal entry with its seed or cards)."""
import json

from thousand.cards import game as cards_game
from thousand.cards.cards import SUIT_NAMES
from thousand.cli.common import print_json, print_text
from thousand.cli.replay import is_dice, replay_file
from thousand.dice import game as dice_game


def add_arguments(parser):
    parser.add_argument("record", help="a game record (docs/records.md, docs/dice-records.md)")
    parser.add_argument("--json", action="store_true",
                        help="print the position as one JSON object instead of text")


def run(args) -> int:
    data, result = replay_file(args.record)
    names = data.get("names")
    if is_dice(data):
        position = dice_position(result["state"], names, len(data["actions"]))
    else:
        position = card_position(result["state"], names, len(data["deals"]),
                                 sum(len(entry.get("actions", [])) for entry in data["deals"]))
    if args.json:
        print_json(position)
    else:
        print_text(render(position))
    return 0


# --- the position as data -------------------------------------------------------------------------

def card_position(state, names, deals: int, actions: int) -> dict:
    conv, score, d = state["conventions"], state["score"], state["deal"]
    bidding = None
    if d is not None and "hands" in d:
        if d.get("declarer") is not None:
            bidding = {"declarer": d["declarer"], "bid": d["bid"], "contract": d["contract"]}
        elif d.get("high") is not None:  # still bidding: the highest bid so far
            bidding = {"declarer": None, "high": d["high"], "high_seat": d["high_seat"]}
    scores = []
    for i in range(state["n"]):
        row = {"seat": i, "name": _name(names, i), "total": score["totals"][i],
               "bolts": score["bolts"][i]}
        if conv["barrel"]:
            row["barrel"] = dict(score["barrel"][i])
        scores.append(row)
    return {
        "game": "cards", "players": state["n"], "deals": deals, "actions": actions,
        "phase": state["phase"], "to_act": _seat(cards_game.to_act(state), names),
        "dealer": _seat(d["dealer"] if d is not None else state["dealer"], names),
        "bidding": bidding,
        "trump": d.get("trump") if d is not None else None,
        "trick": [{"seat": seat, "card": card} for seat, card in (d or {}).get("trick", [])],
        "scores": scores, "over": score["over"], "winners": list(score["winners"]),
        "legal": cards_game.legal_actions(state),
    }


def dice_position(state, names, actions: int) -> dict:
    conv = state["conventions"]
    summary = dice_game.turn_summary(state)
    turn = None
    if summary is not None:
        turn = {"number": summary["number"], "points": summary["points"],
                "dice_left": summary["dice_left"], "hot": summary["hot"],
                "stage": summary["stage"],
                "pending": summary["pending"]["dice"] if summary["pending"] else None,
                "can_stop": summary["can_stop"], "stop_reason": summary["stop_reason"]}
    scores = []
    for i in range(state["n"]):
        st = dice_game.status(state, i)
        row = {"seat": i, "name": _name(names, i), "score": st["score"],
               "entered": st["entered"]}
        if conv["bolts"]:
            row["bolts"] = st["bolts"]
        if conv["barrel_mode"] in ("points", "zone"):
            row["barrel"] = {k: st[k] for k in ("on_barrel", "barrel_attempts",
                                                "barrel_attempts_left", "barrel_falls")}
        if conv["barrel_mode"] == "open":
            row["dots"] = st["dots"]
        scores.append(row)
    return {
        "game": "dice", "players": state["n"], "actions": actions, "phase": state["phase"],
        "to_act": _seat(dice_game.to_act(state), names), "turn": turn, "scores": scores,
        "over": state["phase"] == "game_over", "winners": list(state["winners"]),
        "legal": dice_game.legal_actions(state),
    }


def _name(names, seat):
    return names[seat] if names else None


def _seat(seat, names):
    return None if seat is None else {"seat": seat, "name": _name(names, seat)}


# --- the position as text -------------------------------------------------------------------------

def render(p: dict) -> str:
    replayed = _count(p["actions"], "action")
    if p["game"] == "cards":
        replayed += f" in {_count(p['deals'], 'deal')}"
    lines = [f"{'Card' if p['game'] == 'cards' else 'Dice'} game, {_count(p['players'], 'player')}"
             f", {replayed} replayed",
             f"Phase: {p['phase']}"]
    if p["over"]:
        lines.append("Game over; won by " + (", ".join(_who(_seat_of(p, w)) for w in p["winners"])
                                              or "nobody"))
    else:
        lines.append(f"To act: {_who(p['to_act'])}")
    if p["game"] == "cards":
        lines += _card_lines(p)
    else:
        lines += _dice_lines(p)
    lines.append(f"Legal actions ({len(p['legal'])}):" if p["legal"] else "Legal actions: none")
    lines += ["  " + json.dumps(a, ensure_ascii=False) for a in p["legal"]]
    return "\n".join(lines)


def _card_lines(p):
    lines = [f"Dealer: {_who(p['dealer'])}"]
    b = p["bidding"]
    if b and b["declarer"] is not None:
        contract = "not named yet" if b["contract"] is None else b["contract"]
        lines.append(f"Declarer: {_who(_seat_of(p, b['declarer']))}, bid {b['bid']}, "
                     f"contract {contract}")
    elif b:
        lines.append(f"Highest bid: {b['high']} by {_who(_seat_of(p, b['high_seat']))}")
    if p["trump"]:
        lines.append(f"Trump: {SUIT_NAMES.get(p['trump'], p['trump'])}")
    if p["trick"]:
        lines.append("Trick on the table: " + ", ".join(
            f"{t['card']} by {_who(_seat_of(p, t['seat']))}" for t in p["trick"]))
    lines.append("Scores:")
    for row in p["scores"]:
        text = f"  {_who(row)}: {row['total']}, bolts {row['bolts']}"
        barrel = row.get("barrel")
        if barrel and barrel["on"]:
            text += f", on the barrel (attempts {barrel['attempts']}, falls {barrel['falls']})"
        elif barrel and barrel["falls"]:
            text += f", barrel falls {barrel['falls']}"
        lines.append(text)
    return lines


def _dice_lines(p):
    lines = []
    t = p["turn"]
    if t:
        text = f"Turn {t['number'] + 1}: {t['points']} points so far, "
        if t["pending"]:
            text += f"rolled {' '.join(map(str, t['pending']))}, to choose the dice to keep"
        else:
            text += f"{_count(t['dice_left'], 'die', 'dice')} to roll"
        text += "; may stop" if t["can_stop"] else f"; may not stop ({t['stop_reason']})"
        lines.append(text)
    lines.append("Scores:")
    for row in p["scores"]:
        text = f"  {_who(row)}: {row['score']}" + ("" if row["entered"] else " (not entered)")
        if "bolts" in row:
            text += f", bolts {row['bolts']}"
        barrel = row.get("barrel")
        if barrel and barrel["on_barrel"]:
            left = barrel["barrel_attempts_left"]
            text += ", on the barrel" + ("" if left is None else f" ({left} attempts left)")
        if barrel and barrel["barrel_falls"]:
            text += f", barrel falls {barrel['barrel_falls']}"
        if "dots" in row:
            text += f", dots {row['dots']}"
        lines.append(text)
    return lines


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _seat_of(p, seat):
    return {"seat": seat, "name": p["scores"][seat]["name"]}


def _who(seat) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat['seat']}" + (f" ({seat['name']})" if seat["name"] else "")
