"""The invariants both games are held to, and the cheap ways of checking them at every action.

A state's fingerprint is its pickle with the long history left out (the card score's rows; the
dice game's turns and log, which grow with the game and are only ever appended to): the last
entries and the lengths stand in for them, and the whole state goes through a JSON round trip at
the end of every deal and at sampled steps."""
import json
import marshal
import math
import pickle

from thousand.cards.cards import DECK, card_points

SORTED_DECK = sorted(DECK)
HISTORY_SEARCHED = 12


def _summarised(state: dict) -> tuple:
    if "score" in state:  # cards
        score = state["score"]
        rows = score.get("rows") if isinstance(score, dict) else None
        if isinstance(rows, list):
            score = {**score, "rows": (len(rows), rows[-2:])}
        return tuple(_cheap(k, v) for k, v in state.items() if k != "score"), score
    return tuple(_cheap(k, v) for k, v in state.items()), None


def _cheap(key, value):
    """The conventions (the same in every state of a game) by their hash, a long history (only
    ever added to) by its length and last entry."""
    if key == "conventions" and isinstance(value, dict):
        try:
            return key, ("hash", len(value), hash(tuple(value.items())))
        except TypeError:  # an unhashable value: keep it whole
            pass
    elif key in ("turns", "log") and isinstance(value, list):
        return key, (len(value), value[-1:])
    return key, value


def fingerprint(state: dict) -> bytes:
    head, score = _summarised(state)
    try:  # marshal is the quicker of the two for plain data; version 2 writes no references,
        # whose use depends on reference counts, so equal data always gives equal bytes
        return marshal.dumps((head, score), 2)
    except ValueError:  # something that is not plain data: json_problem will say what
        return pickle.dumps((head, score), pickle.HIGHEST_PROTOCOL)


def unchanged(before: bytes, state: dict) -> bool:
    """True when `state` is as it was when `before` was taken (equal pickles, or equal data when
    only the order of keys or the sharing of objects differs)."""
    if fingerprint(state) == before:
        return True
    head, score = (pickle.loads if before[:1] == b"\x80" else marshal.loads)(before)
    now_head, now_score = _summarised(state)
    return head == now_head and score == now_score


def json_problem(state) -> str | None:
    """Why the state is not plain JSON data that survives a save and a load, or None."""
    try:
        text = json.dumps(state, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return f"not JSON-serialisable: {exc}"
    if json.loads(text) != state:
        return "changes in a JSON round trip (a tuple, a non-string key or the like)"
    try:  # equal after a round trip, yet an object (a str subclass such as a Phrase) is not data
        marshal.dumps(state, 2)
    except ValueError:
        return f"holds an object that is not plain data, at {_not_plain(state, '')}"
    return None


def _not_plain(value, path: str) -> str:
    if isinstance(value, dict):
        for k, v in value.items():
            if _marshals(v) is False:
                return _not_plain(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if _marshals(v) is False:
                return _not_plain(v, f"{path}[{i}]")
    return f"{path or 'the top'} ({type(value).__name__})"


def _marshals(value) -> bool:
    try:
        marshal.dumps(value, 2)
        return True
    except ValueError:
        return False


def same_action(a: dict, b: dict, keys) -> bool:
    """Strict equality on the fields an action is judged by: True is not 1, 2.0 is not 2; an
    absent field is null, an absent keep_trump is false."""
    for k in keys:
        x, y = a.get(k), b.get(k)
        if k == "keep_trump":
            x, y = (False if x is None else x), (False if y is None else y)
        if type(x) is not type(y) or x != y:
            return False
        if isinstance(x, float) and math.isnan(x):
            return False
    return True


def offered(action, legal, keys) -> bool:
    if any(a is action for a in legal):  # what bots return: one of the offered dicts
        return True
    return isinstance(action, dict) and any(same_action(action, a, keys) for a in legal)


def plain(before: bytes) -> bool:
    """Whether a fingerprint was taken of plain data (marshal took it; pickle was needed for
    anything else, such as a set or an object)."""
    return before[:1] != b"\x80"


# --- cards ------------------------------------------------------------------------------------

def cards_in_play(d: dict) -> list:
    out = [c for h in d["hands"] for c in h] + [c for t in d["talons"] for c in t]
    out += d["widow"] if d["widow"] else d["discards"]
    out += [c for _, c in d["trick"]]
    out += [c for t in d["tricks"] for _, c in t["cards"]]
    return out


def card_conservation(state) -> str | None:
    d = state["deal"]
    if d is None or "hands" not in d:
        return None
    cards = sorted(cards_in_play(d))
    if cards != SORTED_DECK:
        lost = [c for c in SORTED_DECK if c not in cards]
        extra = sorted(c for c in set(cards) if cards.count(c) > 1 or c not in SORTED_DECK)
        return f"the 24 cards are not conserved: missing {lost}, doubled or unknown {extra}"
    return None


def deal_points(prev: dict, state: dict) -> str | None:
    """After a played deal: the tricks (and the 2-player widow given to the last trick) make 120
    card points, and each player's points are those of the tricks he won."""
    last = state["last_deal"]
    facts = last["facts"]
    if facts.get("outcome") != "played":
        return None
    conv, n = state["conventions"], state["n"]
    widow = list(prev["deal"].get("widow") or [])
    trick_cards = [c for t in last["tricks"] for _, c in t["cards"]]
    if sorted(trick_cards + widow) != SORTED_DECK:
        return f"tricks and widow are not the 24 cards ({len(trick_cards)} + {len(widow)} cards)"
    want = 120
    if n == 2 and conv["two_widow"] == "dead":
        want -= card_points(widow)
    got = sum(facts["card_points"])
    if got != want:
        return f"a played deal counts {got} card points, not {want}: {facts['card_points']}"
    per_seat = [0] * n
    for t in last["tricks"]:
        per_seat[t["winner"]] += card_points(c for _, c in t["cards"])
    if n == 2 and conv["two_widow"] == "last_trick" and last["tricks"]:
        per_seat[last["tricks"][-1]["winner"]] += card_points(widow)
    if per_seat != facts["card_points"]:
        return f"card points {facts['card_points']} are not the tricks' {per_seat}"
    if sum(facts["tricks"]) != len(last["tricks"]):
        return f"trick counts {facts['tricks']} do not add up to {len(last['tricks'])} tricks"
    return None


# --- dice -------------------------------------------------------------------------------------

def dice_fives(state) -> str | None:
    for i, p in enumerate(state["players"]):
        for key in ("score", "entry_score", "barrel_pool"):
            v = p.get(key)
            if isinstance(v, int) and v % 5:
                return f"seat {i}'s {key} is {v}, not a multiple of 5"
    t = state["turn"]
    if t is not None and t["T"] % 5:
        return f"the turn's points are {t['T']}, not a multiple of 5"
    if state["turns"]:
        last = state["turns"][-1]
        if any(x % 5 for x in last["deltas"]) or last["points"] % 5:
            return f"the last turn's points {last['points']} or changes {last['deltas']} " \
                   "are not multiples of 5"
    return None


# --- views ------------------------------------------------------------------------------------

def _containers(node, path, found, depth=0):
    """id -> path of every dict and list reachable from `node`. Of a long history (the score's
    rows, the dice log) only the last entries are searched: a view copies at most those."""
    if isinstance(node, (dict, list)) and depth < 40:
        if id(node) in found:
            return
        found[id(node)] = path
        if isinstance(node, dict):
            items = node.items()
        else:
            items = enumerate(node[-HISTORY_SEARCHED:] if len(node) > HISTORY_SEARCHED else node)
        for k, v in items:
            if isinstance(v, (dict, list)):
                _containers(v, f"{path}.{k}" if isinstance(k, str) else f"{path}[]", found,
                            depth + 1)


def views_share_state(views, state) -> list:
    """The parts of the views that are the game's own lists and dicts (so changing a view would
    change the game), as paths like 'deal.tricks' (outermost only)."""
    in_state = {}
    _containers(state, "state", in_state)
    out = set()
    for view in views:
        in_view = {}
        _containers(view, "view", in_view)
        shared = {p for i, p in in_view.items() if i in in_state}
        out.update(p for p in shared if not any(q in shared for q in _parents(p)))
    return sorted(p[len("view."):] if p.startswith("view.") else p for p in out)


def _parents(path):
    cut = len(path)
    while True:
        cut = max(path.rfind(".", 0, cut), path.rfind("[", 0, cut))
        if cut <= 0:
            return
        yield path[:cut]
