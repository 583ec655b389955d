"""Game records: a whole game as JSON (conventions, each deal's seed or cards, every action), and
its replay. The format is documented in docs/records.md."""
import json

from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.cards import DECK, is_card
from thousand.errors import BadInput, IllegalAction

FORMAT = "thousand-record"
VERSION = 1


def new_record(conv: dict, *, preset: str | None = None, seed: int = 0,
               first_dealer: int = 0, names=None) -> dict:
    """An empty record for a game about to start; `log_action` fills it."""
    rec = {"format": FORMAT, "version": VERSION, **CATALOGUE.to_json(conv, preset),
           "players": conv["player_count"], "seed": seed, "first_dealer": first_dealer,
           "deals": []}
    if names:
        rec["names"] = list(names)
    return rec


def log_action(record: dict, before: dict, action: dict, after: dict) -> None:
    """Append `action` (just applied to `before`, giving `after`) to the record, in place.
    A 'deal' action becomes a new deal entry holding the seed it drew."""
    if action["type"] == "deal":
        record["deals"].append({"seed": after["deal"]["seed"], "actions": []})
    else:
        record["deals"][-1]["actions"].append(dict(action))


def conventions_of(record: dict, where: str = "") -> dict:
    """The full conventions of a record (preset + overrides, or an explicit dict)."""
    return CATALOGUE.from_record(record, where)


def load(text: str) -> dict:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput("record", f"not valid JSON (line {exc.lineno}, column {exc.colno}: "
                                 f"{exc.msg})") from None
    return data


def start(record: dict) -> tuple[dict, dict]:
    """Check the record's head and return (conventions, a new game state)."""
    if not isinstance(record, dict):
        raise BadInput("record", "must be a JSON object")
    if record.get("format") != FORMAT:
        raise BadInput("format", f"must be '{FORMAT}'")
    version = record.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadInput("version", "must be a positive whole number")
    if version > VERSION:
        raise BadInput("version", f"this record was made by a newer version (format version "
                                  f"{version}; this program reads up to {VERSION})")
    if record.get("game", "cards") != "cards":
        raise BadInput("game", "this is not a card-game record")
    conv = conventions_of(record)
    n = record.get("players", conv["player_count"])
    if n != conv["player_count"]:
        raise BadInput("players", f"says {n} but the conventions say {conv['player_count']}")
    first = record.get("first_dealer", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise BadInput("first_dealer", f"must be a seat from 0 to {n - 1}")
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadInput("seed", "must be a whole number")
    if not isinstance(record.get("deals"), list):
        raise BadInput("deals", "must be a list")
    return conv, game.new_game(conv, seed, first)


def _check_cards(conv, n, dealer, entry, where):
    hands = entry.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise BadInput(f"{where}.hands", f"must be a list of {n} hands")
    if n == 2:
        talons = entry.get("talons")
        if not isinstance(talons, list) or len(talons) != 2:
            raise BadInput(f"{where}.talons", "two players need two talons")
        size = conv["two_talon_size"]
        want_hand = 12 - size
    else:
        talon = entry.get("talon")
        if not isinstance(talon, list):
            raise BadInput(f"{where}.talon", "must be a list of 3 cards")
        talons, size, want_hand = [talon], 3, 7
    seen = {}
    for i, hand in enumerate(hands):
        want = 0 if (n == 4 and i == dealer) else want_hand
        if not isinstance(hand, list) or len(hand) != want:
            raise BadInput(f"{where}.hands[{i}]", f"must hold {want} cards "
                           f"(got {len(hand) if isinstance(hand, list) else 'no list'})")
    for t_i, t in enumerate(talons):
        if not isinstance(t, list) or len(t) != size:
            raise BadInput(f"{where}.talon" + (f"s[{t_i}]" if n == 2 else ""),
                           f"must hold {size} cards")
    for label, group in [(f"hands[{i}]", h) for i, h in enumerate(hands)] + \
                        [((f"talons[{i}]" if n == 2 else "talon"), t) for i, t in enumerate(talons)]:
        for c in group:
            if not is_card(c):
                raise BadInput(f"{where}.{label}", f"unknown card code {c!r} "
                               "(use rank A T K Q J 9 and suit H D C S, like AH, TS, 9C)")
            if c in seen:
                raise BadInput(f"{where}.{label}", f"duplicate card {c} (also in {seen[c]})")
            seen[c] = label
    missing = [c for c in DECK if c not in seen]
    if missing:
        raise BadInput(where, f"cards missing from the deal: {', '.join(missing)}")
    return hands, talons


def replay(record: dict) -> dict:
    """Replay a whole record; returns each deal's result and the final scores as plain data.
    Raises BadInput naming the deal and action index of the first problem."""
    conv, state = start(record)
    results = []
    for i, entry in enumerate(record["deals"]):
        where = f"deals[{i}]"
        if state["phase"] == "game_over":
            raise BadInput(where, "the game was already over")
        if state["phase"] != "deal":
            raise BadInput(where, "the previous deal did not finish (its actions stop early)")
        if not isinstance(entry, dict):
            raise BadInput(where, "must be an object with a seed or cards, and actions")
        if "seed" in entry:
            if not isinstance(entry["seed"], int) or isinstance(entry["seed"], bool):
                raise BadInput(f"{where}.seed", "must be a whole number")
            state = game.begin_deal(state, seed=entry["seed"])
        else:
            hands, talons = _check_cards(conv, state["n"], state["dealer"], entry, where)
            state = game.begin_deal(state, hands=hands, talons=talons)
        actions = entry.get("actions", [])
        if not isinstance(actions, list):
            raise BadInput(f"{where}.actions", "must be a list")
        dealer = state["deal"]["dealer"] if state["deal"] else state["dealer"]
        for j, action in enumerate(actions):
            try:
                state = game.apply(state, action)
            except IllegalAction as exc:
                raise BadInput(f"{where}.actions[{j}]", f"illegal action {json.dumps(action)}: "
                                                       f"{exc}") from None
        results.append(_deal_result(i, dealer, state))
    score = state["score"]
    return {"deals": results,
            "final": {"totals": score["totals"], "bolts": score["bolts"],
                      "barrel": score["barrel"], "over": score["over"],
                      "winners": score["winners"], "phase": state["phase"]},
            "state": state}


def _deal_result(i, dealer, state):
    last = state["last_deal"]
    if state["phase"] not in ("deal", "game_over") or last is None:
        return {"deal": i, "dealer": dealer, "finished": False}
    if last.get("voided"):
        return {"deal": i, "dealer": dealer, "finished": True, "voided": True,
                "by": last["by"], "reason": last["reason"]}
    return {"deal": i, "dealer": dealer, "finished": True, "voided": False,
            "declarer": last["declarer"], "bid": last["bid"], "contract": last["contract"],
            "outcome": last["facts"]["outcome"], "card_points": last["facts"]["card_points"],
            "marriages": last["facts"]["marriages"], "row": last["row"]}
