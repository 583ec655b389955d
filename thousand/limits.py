"""How big the numbers in a file handed to Thousand may be, and how deep it may nest: a game
record, a score sheet, a saved game. No real game comes near these limits, so a file beyond them
is damaged; the readers refuse it with BadInput naming the field, before any rule is asked."""
import json
import math

from thousand.errors import BadInput, Phrase, words_of
from thousand.i18n import N_

MAX_NUMBER = 10**6   # scores, bids, points, dice, seats, counts: real games stay far below
MAX_SEED = 2**64     # a seed may be any 64-bit number (thousand/rng.py keeps 64 bits of it)
MAX_DEPTH = 32       # a record nests 5 deep, a saved game about 10
SEED_KEYS = frozenset({"seed"})


def _shown(value: int) -> str:
    digits = len(str(abs(value)))
    return Phrase(N_("a {digits}-digit number"), digits=digits) if digits > 20 else str(value)


def _at(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


# what _check_text says of text that is not Unicode: a field's name, or a value
NOT_UNICODE = {
    "key": N_("a field name in it is not Unicode text (character {at} is half of a surrogate "
              "pair)"),
    "value": N_("it is not Unicode text (character {at} is half of a surrogate pair)"),
}


def _check_text(text: str, path: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # JSON can spell half a surrogate pair ("\\ud800")
        raise BadInput(path or "file", NOT_UNICODE[what], at=exc.start + 1) from None


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
                raise BadInput(path or "file", N_("nested more than {depth} deep; no game file "
                                                  "is"), depth=MAX_DEPTH)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            if isinstance(value, dict):
                for key in value:
                    _check_text(key, path, "key")
            stack.extend((v, _at(path, k), depth + 1, k in SEED_KEYS)
                         for k, v in reversed(list(items)))
        elif isinstance(value, str):
            _check_text(value, path, "value")
        elif isinstance(value, bool):
            continue  # true/false: the type check of each field is the format's
        elif isinstance(value, int):
            if is_seed and abs(value) >= MAX_SEED:
                raise BadInput(path, N_("{number} is too big for a seed (a seed is below 2**64 "
                                        "either way)"), number=_shown(value))
            if not is_seed and abs(value) > MAX_NUMBER:
                # the limit written with its thousands separated, as the command line shows it
                raise BadInput(path, N_("{number} is beyond any game (numbers here are at most "
                                        "{most} either way)"),
                               number=_shown(value), most=f"{MAX_NUMBER:,}")
        elif isinstance(value, float):
            raise BadInput(path, N_("must be a whole number (got {got})"), got=repr(value))


# Python's own words for the commonest ways JSON text is broken (exc.msg, put into the message
# below): marked, so the page shows them in the player's language too.
JSON_PROBLEMS = (
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Extra data"),
    N_("Unterminated string starting at"), N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"))


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number with a fraction, refused when it is beyond a float (1e400 would read as
    infinity, which can then never be saved again)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(N_("a number too large"))
    return value


def loads(text: str):
    """json.loads for what the project reads: no NaN or Infinity, no number beyond a float.
    Raises what json.loads raises (ValueError, RecursionError)."""
    return json.loads(text, parse_float=_finite, parse_constant=_no_constant)


def parse_json(text: str, where: str, what: str):
    """JSON text as data; any way it cannot be read is BadInput(where, ...) saying how."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadInput(where, N_("not valid JSON at line {line}, column {column}: {problem}"),
                       line=exc.lineno, column=exc.colno, problem=exc.msg) from None
    except RecursionError:
        raise BadInput(where, N_("not a {what} Thousand can read: nested too deeply (no game "
                                 "file nests more than {depth} deep)"),
                       what=what, depth=MAX_DEPTH) from None
    except ValueError as exc:  # NaN/Infinity, or an integer longer than Python reads (4300 digits)
        if "digits" in str(exc):
            raise BadInput(where, N_("not valid JSON: it holds a number too long to read")) \
                from None
        raise BadInput(where, N_("not valid JSON: {problem}"), problem=str(exc)) from None
    try:
        check_limits(data)
    except BadInput as exc:
        raise BadInput(where, words_of(exc)) from None
    return data
