"""The help a player had during a game, kept in its record beside the moves: the hints asked for
and the decisions taken back. Both games' records hold the same two lists; a replay checks their
shape and otherwise ignores them (they change nothing at the table), and the statistics read them
so that a game won with help is counted apart.

- `hints`: one {"seat", "at", "action"} per hint shown: `at` is the number of moves made before
  it (deals begun count as moves in a card record), `action` what was suggested.
- `taken_back`: one {"seat", "at", "actions"} per undo: the position it went back to, and the
  moves it took back, in order (a card deal begun among them is {"type": "deal"})."""
from thousand.errors import BadInput, is_whole
from thousand.i18n import N_

FIELDS = ("hints", "taken_back")


def check(record: dict, players: int) -> None:
    """Refuse a record whose hints or taken-back moves are not in the shape above."""
    for field in FIELDS:
        if field not in record:
            continue
        items = record[field]
        if not isinstance(items, list):
            raise BadInput(field, N_("must be a list"))
        for i, item in enumerate(items):
            where = f"{field}[{i}]"
            if not isinstance(item, dict):
                raise BadInput(where, N_("must be an object with a seat and a position"))
            seat, at = item.get("seat"), item.get("at")
            if not is_whole(seat) or not 0 <= seat < players:
                raise BadInput(f"{where}.seat", N_("must be a seat from 0 to {last}"),
                               last=players - 1)
            if not is_whole(at) or at < 0:
                raise BadInput(f"{where}.at", N_("must be a whole number from 0"))
            wanted = {"hints": ("action",), "taken_back": ("actions",)}[field]
            for key in item:
                if key not in ("seat", "at", *wanted):
                    raise BadInput(f"{where}.{key}", N_("unknown field"))
            if field == "hints" and not isinstance(item.get("action"), dict):
                raise BadInput(f"{where}.action", N_("must be an object"))
            if field == "taken_back" and not (
                    isinstance(item.get("actions"), list)
                    and all(isinstance(a, dict) for a in item["actions"])):
                raise BadInput(f"{where}.actions", N_("must be a list of moves"))


def hints(record: dict) -> list:
    return record.get("hints", []) if isinstance(record.get("hints"), list) else []


def taken_back(record: dict) -> list:
    tb = record.get("taken_back", [])
    return tb if isinstance(tb, list) else []


def note_hint(record: dict, seat: int, at: int, action: dict) -> None:
    """Count a hint once per position and seat, however often it is asked for there."""
    if any(h.get("seat") == seat and h.get("at") == at for h in hints(record)):
        return
    record.setdefault("hints", []).append({"seat": seat, "at": at, "action": dict(action)})


def note_taken_back(record: dict, seat: int, at: int, actions: list) -> None:
    record.setdefault("taken_back", []).append(
        {"seat": seat, "at": at, "actions": [dict(a) for a in actions]})
