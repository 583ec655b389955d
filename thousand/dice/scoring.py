"""Reading a roll (dice.md §2.3): the forced maximum reading, and the other readings the conventions
allow (`set_aside = choose`: which scoring dice to keep).

A reading is plain data:
    {"points": 55, "dice": [1, 4, 4, 4, 5], "rest": [2], "parts": [["three 4s", 40], ["1", 10],
     ["5", 5]], "text": "three 4s + 1 + 5 = 55", "zero": False}
`dice` are the dice the reading uses (set aside), `rest` the dice left to roll again. A reading
that uses no die is a zero roll (§2.3.5).

Only the four scoring conventions matter here: `straights`, `four_of_a_kind`, `five_of_a_kind`
and `last_two_pair` (`rules_key(conv)`), so readings are cached per roll and per that key."""
from functools import lru_cache
from itertools import product
from math import factorial

from thousand.errors import is_whole, ThousandError
from thousand.i18n import N_

SINGLE = {1: 10, 5: 5}          # §2.3.2: single 1s and 5s; other faces score only in sets
SMALL_STRAIGHT = (1, 2, 3, 4, 5)
LARGE_STRAIGHT = (2, 3, 4, 5, 6)
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def rules_key(conv: dict) -> tuple:
    """The conventions a reading depends on, as a hashable key."""
    return (conv["straights"], conv["four_of_a_kind"], conv["five_of_a_kind"],
            conv["last_two_pair"])


def face_value(face: int) -> int:
    """§2.3.2: v = 10 for the face 1, the face otherwise."""
    return 10 if face == 1 else face


def kind_points(face: int, k: int, four: str = "double_triple", five: str = "face_x100") -> int:
    """Points of k = 3, 4 or 5 equal dice of one roll (§2.3.2, §3.2 four/five_of_a_kind)."""
    v = face_value(face)
    if k == 3:
        return 10 * v
    if k == 4:
        return {"double_triple": 20 * v, "face_x100": 100 * v, "triple_plus_10": 10 * v + 10}[four]
    if k == 5:
        return {"face_x100": 100 * v, "flat_1000": 1000}[five]
    raise ValueError(f"no set of {k} dice")


@lru_cache(maxsize=None)
def _read(dice: tuple, key: tuple) -> tuple:
    """(points, used dice, parts) of the maximum reading of a sorted roll (§2.3.3, §2.3.7)."""
    straights, four, five, last_two_pair = key
    if straights and dice in (SMALL_STRAIGHT, LARGE_STRAIGHT):
        label = "-".join(map(str, dice))
        return (125 if dice[0] == 1 else 250), dice, ((label, 125 if dice[0] == 1 else 250),)
    points, used, sets, singles = 0, [], [], []
    for face in range(1, 7):
        n = dice.count(face)
        # (points, dice used, -k): equal points → more dice used; then the bigger set (k) is the
        # one described (three 1s + a 1 and four 1s score alike under triple_plus_10).
        best, best_k = (0, 0), 0
        for k in [0] + list(range(3, n + 1)):
            pts = (kind_points(face, k, four, five) if k else 0) + (n - k) * SINGLE.get(face, 0)
            cand = (pts, n if face in SINGLE else k)
            if cand > best or (cand == best and k > best_k):
                best, best_k = cand, k
        points += best[0]
        used += [face] * best[1]
        if best_k:
            sets.append((f"{COUNT_WORDS[best_k]} {face}s", kind_points(face, best_k, four, five)))
        if face in SINGLE and best[1]:
            singles += [(str(face), SINGLE[face])] * (n - best_k)
    if not used and last_two_pair and len(dice) == 2 and dice[0] == dice[1]:
        return 0, dice, ((f"pair of {dice[0]}s", 0),)   # §3.2 last_two_pair: set aside for 0
    return points, tuple(used), tuple(sets + [s for s in singles if s[0] == "1"]
                                      + [s for s in singles if s[0] == "5"])


def _text(points: int, parts) -> str:
    if not parts:
        return "nothing scores"
    if len(parts) == 1:
        return f"{parts[0][0]} = {points}"
    return " + ".join(label for label, _ in parts) + f" = {points}"


def _reading(dice: tuple, points: int, used: tuple, parts) -> dict:
    rest = list(dice)
    for d in used:
        rest.remove(d)
    return {"points": points, "dice": list(used), "rest": rest,
            "parts": [[label, pts] for label, pts in parts], "text": _text(points, parts),
            "zero": not used}


def check_dice(dice, count: int | None = None) -> tuple:
    """The dice as a sorted tuple, or ValueError (a ThousandError) saying what is wrong."""
    if not isinstance(dice, (list, tuple)) or not all(
            is_whole(d) and 1 <= d <= 6 for d in dice):
        raise ThousandError(N_("dice are whole numbers from 1 to 6"))
    if count is not None and len(dice) != count:
        raise ThousandError(N_("{count} dice expected, got {got}"), count=count, got=len(dice))
    if not 1 <= len(dice) <= 5:
        raise ThousandError(N_("a roll has 1 to 5 dice"))
    return tuple(sorted(dice))


def read_roll(dice, conv: dict) -> dict:
    """The forced maximum reading of one roll (§2.3.3): every scoring die set aside (§2.3.4)."""
    s = check_dice(dice)
    points, used, parts = _read(s, rules_key(conv))
    return _reading(s, points, used, parts)


def read_points(dice: tuple, key: tuple) -> tuple:
    """Fast path for bots and simulation: (points, number of dice used) of a sorted roll."""
    points, used, _ = _read(dice, key)
    return points, len(used)


@lru_cache(maxsize=None)
def _options(dice: tuple, key: tuple) -> tuple:
    """Every sub-multiset K of the roll that `set_aside = choose` allows: K is not empty and its
    own maximum reading uses every die of K (§3.2 set_aside). Sorted by points, then dice."""
    straights, four, five, last_two_pair = key
    # last_two_pair applies to a roll of exactly two dice, not to two dice picked from more.
    sub_key = (straights, four, five, last_two_pair and len(dice) == 2)
    counts = [dice.count(f) for f in range(1, 7)]
    found = []
    for pick in product(*[range(c + 1) for c in counts]):
        k = tuple(f for f in range(1, 7) for _ in range(pick[f - 1]))
        if not k:
            continue
        points, used, parts = _read(k, sub_key)
        if len(used) == len(k):
            found.append((points, k, parts))
    found.sort(key=lambda x: (-x[0], -len(x[1]), x[1]))
    return tuple(found)


def keep_options(dice, conv: dict) -> list:
    """The readings a player may choose from under `set_aside = choose` (§3.2), best first; the
    first is always the forced maximum reading. Empty for a zero roll."""
    s = check_dice(dice)
    return [_reading(s, points, k, parts) for points, k, parts in _options(s, rules_key(conv))]


def keep_reading(dice, kept, conv: dict) -> dict | None:
    """The reading of keeping `kept` out of the roll `dice`, or None if it may not be kept."""
    s = check_dice(dice)
    k = tuple(sorted(kept))
    for points, opt, parts in _options(s, rules_key(conv)):
        if opt == k:
            return _reading(s, points, k, parts)
    return None


def five_of_a_kind(dice) -> int | None:
    """The face of five equal dice, else None (for `five_of_a_kind_wins`)."""
    if len(dice) == 5 and len(set(dice)) == 1:
        return dice[0]
    return None


def instant_win(dice, conv: dict) -> bool:
    """§3.2 five_of_a_kind_wins: five 1s (`ones_only`) or any five of a kind (`any`)."""
    face = five_of_a_kind(dice)
    mode = conv["five_of_a_kind_wins"]
    return face is not None and (mode == "any" or (mode == "ones_only" and face == 1))


@lru_cache(maxsize=None)
def distribution(n: int) -> tuple:
    """Every sorted roll of n dice with its probability: ((probability, dice), ...)."""
    out = {}
    for faces in _multisets(n):
        ways = factorial(n)
        for f in range(1, 7):
            ways //= factorial(faces.count(f))
        out[faces] = ways / 6 ** n
    return tuple((p, d) for d, p in sorted(out.items()))


def _multisets(n, low=1):
    if n == 0:
        yield ()
        return
    for f in range(low, 7):
        for rest in _multisets(n - 1, f):
            yield (f,) + rest


@lru_cache(maxsize=None)
def _best_roll(key: tuple) -> int:
    return max(_read(tuple(sorted(dice)), key)[0] for dice in product(range(1, 7), repeat=5))


def best_roll(conv: dict) -> int:
    """The most one roll can score under the conventions (five 1s: 1000 in Classic)."""
    return _best_roll(rules_key(conv))
