"""How big the numbers in a file handed to Thousand may be, and how deep it may nest: a game
record, a score sheet, a saved game. No real game comes near these limits, so a file beyond them
is damaged; the readers refuse it with BadInput naming the field, before any rule is asked."""
import json

from thousand.errors import BadInput

MAX_NUMBER = 10**6   # scores, bids, points, dice, seats, counts: real games stay far below
MAX_SEED = 2**64     # a seed may be any 64-bit number (thousand/rng.py keeps 64 bits of it)
MAX_DEPTH = 32       # a record nests 5 deep, a saved game about 10
SEED_KEYS = frozenset({"seed"})


def _shown(value: int) -> str:
    digits = len(str(abs(value)))
    return f"a {digits}-digit number" if digits > 20 else str(value)


def _at(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _check_text(text: str, path: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # JSON can spell half a surrogate pair ("\\ud800")
        raise BadInput(path or "file", f"{what} is not Unicode text (character {exc.start + 1} "
                                       "is half of a surrogate pair)") from None


def check_limits(data, where: str = "") -> None:
    """Every number in `data` is a whole number from -MAX_NUMBER to MAX_NUMBER (a field named
    `seed`: below MAX_SEED either way), all text is Unicode that can be written out again, and
    nothing nests deeper than MAX_DEPTH; otherwise BadInput naming the first field at fault (in
    the order the file lists them). Whether a value is the right one for its field is for the
    reader of each format to say."""
    stack = [(data, where, 0, False)]
    while stack:
        value, path, depth, is_seed = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise BadInput(path or "file", f"nested more than {MAX_DEPTH} deep; no game "
                                               "file is")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            if isinstance(value, dict):
                for key in value:
                    _check_text(key, path, "a field name in it")
            stack.extend((v, _at(path, k), depth + 1, k in SEED_KEYS)
                         for k, v in reversed(list(items)))
        elif isinstance(value, str):
            _check_text(value, path, "it")
        elif isinstance(value, bool):
            continue  # true/false: the type check of each field is the format's
        elif isinstance(value, int):
            if is_seed and abs(value) >= MAX_SEED:
                raise BadInput(path, f"{_shown(value)} is too big for a seed (a seed is below "
                                     "2**64 either way)")
            if not is_seed and abs(value) > MAX_NUMBER:
                raise BadInput(path, f"{_shown(value)} is beyond any game (numbers here are "
                                     f"at most {MAX_NUMBER:,} either way)")
        elif isinstance(value, float):
            raise BadInput(path, f"must be a whole number (got {value!r})")


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, where: str, what: str):
    """JSON text as data; any way it cannot be read is BadInput(where, ...) saying how."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadInput(where, f"not valid JSON at line {exc.lineno}, column {exc.colno}: "
                              f"{exc.msg}") from None
    except RecursionError:
        raise BadInput(where, f"not a {what} Thousand can read: nested too deeply (no game file "
                              f"nests more than {MAX_DEPTH} deep)") from None
    except ValueError as exc:  # NaN/Infinity, or an integer longer than Python reads (4300 digits)
        detail = "it holds a number too long to read" if "digits" in str(exc) else str(exc)
        raise BadInput(where, f"not valid JSON: {detail}") from None
    try:
        check_limits(data)
    except BadInput as exc:
        raise BadInput(where, f"{exc.where}: {exc.detail}" if exc.where else exc.detail) from None
    return data
