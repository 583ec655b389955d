"""Game records: a whole game as JSON (conventions, each deal's seed or cards, every action), and
its replay. The format is documented in docs/records.md."""
import json

from thousand import aids
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.cards import DECK, is_card
from thousand.errors import BadInput, IllegalAction, is_whole, words_of
from thousand.i18n import N_
from thousand.limits import check_limits
from thousand.limits import parse_json  # the one reader of a file's JSON

FORMAT = "thousand-record"
VERSION = 1
HEAD_KEYS = ("format", "version", "game", "schema_version", "preset", "overrides", "conventions",
             "players", "seed", "first_dealer", "names", "start", "deals", *aids.FIELDS)
SEED_DEAL_KEYS = ("seed", "actions")
# a deal with its cards written out: one talon, or two talons (talons A and B) with 2 players
CARDS_DEAL_KEYS = {2: ("hands", "talons", "actions"), 3: ("hands", "talon", "actions"),
                   4: ("hands", "talon", "actions")}


def new_record(conv: dict, *, preset: str | None = None, seed: int = 0,
               first_dealer: int = 0, names=None, start=None) -> dict:
    """An empty record for a game about to start; `log_action` fills it."""
    rec = {"format": FORMAT, "version": VERSION, **CATALOGUE.to_json(conv, preset),
           "players": conv["player_count"], "seed": seed, "first_dealer": first_dealer,
           "deals": []}
    if names:
        rec["names"] = list(names)
    if start is not None:
        rec["start"] = start  # a game carried on from paper (thousand.cards.paper)
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
    return parse_json(text, "record", N_("record"))


def start(record: dict) -> tuple[dict, dict]:
    """Check the record's head and return (conventions, a new game state)."""
    if not isinstance(record, dict):
        raise BadInput("record", N_("must be a JSON object"))
    check_limits(record)
    if record.get("format") != FORMAT:
        raise BadInput("format", N_("must be '{format}'"), format=FORMAT)
    version = record.get("version")
    if not is_whole(version) or version < 1:
        raise BadInput("version", N_("must be a positive whole number"))
    if version > VERSION:
        raise BadInput("version", N_("this record was made by a newer version (format version "
                                     "{version}; this program reads up to {reads})"),
                       version=version, reads=VERSION)
    if record.get("game", "cards") != "cards":
        raise BadInput("game", N_("this is not a card-game record"))
    for key in record:
        if key not in HEAD_KEYS:
            raise BadInput(str(key), N_("unknown field; a record has {fields}"),
                           fields=", ".join(HEAD_KEYS))
    conv = conventions_of(record)
    n = record.get("players", conv["player_count"])
    if not is_whole(n) or n != conv["player_count"]:
        raise BadInput("players", N_("says {given} but the conventions say {count}"),
                       given=json.dumps(n), count=conv["player_count"])
    first = record.get("first_dealer", 0)
    if not is_whole(first) or not 0 <= first < n:
        raise BadInput("first_dealer", N_("must be a seat from 0 to {last}"), last=n - 1)
    seed = record.get("seed", 0)
    if not is_whole(seed):
        raise BadInput("seed", N_("must be a whole number"))
    names = record.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != n
                              or not all(isinstance(x, str) for x in names)):
        raise BadInput("names", N_("must be a list of {n} names, one per seat"), n=n)
    if not isinstance(record.get("deals"), list):
        raise BadInput("deals", N_("must be a list"))
    aids.check(record, n)
    return conv, game.new_game(conv, seed, first, record.get("start"))


def _check_cards(conv, n, dealer, entry, where):
    hands = entry.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise BadInput(f"{where}.hands", N_("must be a list of {n} hands"), n=n)
    if n == 2:
        talons = entry.get("talons")
        if not isinstance(talons, list) or len(talons) != 2:
            raise BadInput(f"{where}.talons", N_("two players need two talons"))
        size = conv["two_talon_size"]
        want_hand = 12 - size
    else:
        talon = entry.get("talon")
        if not isinstance(talon, list):
            raise BadInput(f"{where}.talon", N_("must be a list of 3 cards"))
        talons, size, want_hand = [talon], 3, 7
    seen = {}
    for i, hand in enumerate(hands):
        want = 0 if (n == 4 and i == dealer) else want_hand
        if not isinstance(hand, list):
            raise BadInput(f"{where}.hands[{i}]", N_("must hold {want} cards (got no list)"),
                           want=want)
        if len(hand) != want:
            raise BadInput(f"{where}.hands[{i}]", N_("must hold {want} cards (got {got})"),
                           want=want, got=len(hand))
    for t_i, t in enumerate(talons):
        if not isinstance(t, list) or len(t) != size:
            raise BadInput(f"{where}.talon" + (f"s[{t_i}]" if n == 2 else ""),
                           N_("must hold {size} cards"), size=size)
    for label, group in [(f"hands[{i}]", h) for i, h in enumerate(hands)] + \
                        [((f"talons[{i}]" if n == 2 else "talon"), t) for i, t in enumerate(talons)]:
        for c in group:
            if not is_card(c):
                raise BadInput(f"{where}.{label}", N_("unknown card code {code} (use rank "
                                                      "A T K Q J 9 and suit H D C S, like AH, "
                                                      "TS, 9C)"), code=repr(c))
            if c in seen:
                raise BadInput(f"{where}.{label}", N_("duplicate card {card} (also in {other})"),
                               card=c, other=seen[c])
            seen[c] = label
    missing = [c for c in DECK if c not in seen]
    if missing:
        raise BadInput(where, N_("cards missing from the deal: {cards}"), cards=", ".join(missing))
    return hands, talons


def replay(record: dict) -> dict:
    """Replay a whole record; returns each deal's result and the final scores as plain data.
    Raises BadInput naming the deal and action index of the first problem."""
    conv, state = start(record)
    results = []
    for i, entry in enumerate(record["deals"]):
        where = f"deals[{i}]"
        if state["phase"] == "game_over":
            raise BadInput(where, N_("the game was already over"))
        if state["phase"] != "deal":
            raise BadInput(where, N_("the previous deal did not finish (its actions stop early)"))
        if not isinstance(entry, dict):
            raise BadInput(where, N_("must be an object with a seed or cards, and actions"))
        _check_deal_keys(entry, state["n"], where)
        if "seed" in entry:
            if not is_whole(entry["seed"]):
                raise BadInput(f"{where}.seed", N_("must be a whole number"))
            state = game.begin_deal(state, seed=entry["seed"])
        else:
            hands, talons = _check_cards(conv, state["n"], state["dealer"], entry, where)
            _check_deal_keys(entry, state["n"], where, talons=True)
            state = game.begin_deal(state, hands=hands, talons=talons)
        actions = entry.get("actions", [])
        if not isinstance(actions, list):
            raise BadInput(f"{where}.actions", N_("must be a list"))
        dealer = state["deal"]["dealer"] if state["deal"] else state["dealer"]
        for j, action in enumerate(actions):
            state = _apply(state, action, f"{where}.actions[{j}]")
        results.append(_deal_result(i, dealer, state))
    score = state["score"]
    return {"deals": results,
            "final": {"totals": score["totals"], "bolts": score["bolts"],
                      "barrel": score["barrel"], "over": score["over"],
                      "winners": score["winners"], "phase": state["phase"]},
            "state": state}


def _apply(state, action, where):
    try:
        return game.apply(state, action)
    except IllegalAction as exc:
        raise BadInput(where, N_("illegal action {action}: {problem}"), action=_shown(action),
                       problem=words_of(exc)) from None
    except Exception as exc:  # noqa: BLE001
        # the engine refuses wrong actions itself (IllegalAction); should one slip past it, the
        # record is still reported as damaged at this action, never as a crash
        raise BadInput(where, N_("the action {action} cannot be applied ({error}: {words})"),
                       action=_shown(action), error=type(exc).__name__,
                       words=str(exc)[:120]) from None


def _shown(action) -> str:
    text = json.dumps(action)
    return text if len(text) <= 200 else text[:200] + "…"


def _check_deal_keys(entry, n, where, talons=False):
    """No field in a deal that it cannot have: a seed with cards, or talons that are not for this
    many players. The talon fields are judged (`talons`) once the cards are known to be there."""
    keys = SEED_DEAL_KEYS if "seed" in entry else CARDS_DEAL_KEYS[n]
    for key in entry:
        if key in keys or (key in ("talon", "talons") and not talons and "seed" not in entry):
            continue
        if "seed" in entry and key in ("hands", "talon", "talons"):
            raise BadInput(f"{where}.{key}",
                           N_("a deal gives either its seed or its cards, not both"))
        if key in ("talon", "talons"):
            raise BadInput(f"{where}.{key}", N_("this is a {n}-player record: 2 players have two "
                                                "talons (talons), 3 or 4 players one (talon)"), n=n)
        raise BadInput(f"{where}.{key}", N_("unknown field; a deal has seed and actions, or "
                                            "hands, {talon} and actions"),
                       talon="talons" if n == 2 else "talon")


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
