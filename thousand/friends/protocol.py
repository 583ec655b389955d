"""The messages between the host's page and a friend's page over a WebRTC data channel: JSON
text, one object a message, {"v": 1, "type": ..., fields}. What each type holds is data (the
two tables below); a message that is not one of them exactly is refused with BadInput, whose
template is the reason the sender is told.

A friend's message is small (a name, a move) and comes from a page the host does not control,
so its size and depth are checked on the raw text, before the JSON is read: a message nested a
thousand deep must not reach json.loads (Pyodide's stack is shorter than CPython's)."""
import json
import re

from thousand.errors import BadInput, Phrase, is_whole, kind_of, shown
from thousand.i18n import N_
from thousand.limits import MAX_NUMBER, check_limits, loads

VERSION = 1
FRIEND_MOST = 4096      # bytes: a hello or a move is under 300
HOST_MOST = 200_000     # bytes: a seat's view late in a long card game is under 30 KB
FRIEND_DEPTH = 6        # {"action": {"value": [..]}} is 3 deep
HOST_DEPTH = 16         # a view nests about 6 deep
NAME_MOST = 20          # the New-game screens' limit
SEAT_STATUSES = ("present", "away", "thinking", "computer")

# type -> {field: (kind, required)}; kinds are checked by _FITS
FROM_FRIEND = {
    "hello": {"name": ("name", True), "language": ("word", False), "seat": ("whole", False)},
    "act": {"position": ("whole", True), "action": ("action", True)},
    "ping": {"id": ("whole", True)},
    "pong": {"id": ("whole", True)},
    "bye": {},
    # taking a move back, only if every person agrees: "ask" (one's own last move), "yes", "no"
    "undo": {"answer": ("word", True)},
}
FROM_HOST = {
    "welcome": {"seat": ("whole", True), "game": ("word", True), "names": ("list", True),
                "seats": ("list", True), "position": ("whole", True)},
    "update": {"position": ("whole", True), "view": ("object", True), "events": ("list", True)},
    "refused": {"reason": ("text", True), "values": ("object", True), "where": ("text", True),
                "rule": ("text", False), "facts": ("object", False),
                "position": ("whole", True)},
    "seats": {"names": ("list", True), "seats": ("list", True)},
    "ping": {"id": ("whole", True)},
    "pong": {"id": ("whole", True)},
    "bye": {"reason": ("text", False)},
    # who asks to take their last move back ([seat], or [] for nobody now), who has agreed so far
    "undo": {"by": ("list", True), "agreed": ("list", True)},
}

NOT_TEXT = N_("a message is JSON text")
TOO_LARGE = N_("a message is at most {most} bytes; this one has {size}")
TOO_DEEP = N_("a message nests at most {depth} deep")
NOT_JSON = N_("not valid JSON: {problem}")
NOT_JSON_AT = N_("not valid JSON at line {line}, column {column}: {problem}")
NOT_OBJECT = N_("a message is a JSON object")
OTHER_VERSION = N_("this message is of version {given}, and this page speaks version {version}: "
                   "reload the page on both phones")
UNKNOWN_TYPE = N_("there is no message of type {given}")
MISSING = N_("the field {field} is missing")
EXTRA = N_("a message of type {type} has no field {field}")
WRONG_KIND = N_("the field {field} must be {want}, not {kind}")
OUT_OF_RANGE = N_("the field {field} must be from {least} to {most}")
NAME_WORDS = N_("a name is 1 to {most} characters")
NO_TYPE = N_("an action is an object with a 'type'")


def parse_from_friend(text) -> dict:
    """A friend's message as data, checked against FROM_FRIEND; BadInput says what is wrong."""
    return _parse(text, FRIEND_MOST, FRIEND_DEPTH, FROM_FRIEND)


def parse_from_host(text) -> dict:
    """The host's message, for a friend's page: the same checks against FROM_HOST, but for the
    numbers in it (the host's engine made them; walking a whole view for them at every move
    would cost a phone more than reading it)."""
    return _parse(text, HOST_MOST, HOST_DEPTH, FROM_HOST, numbers=False)


def message(kind: str, **fields) -> str:
    """A host's message as text. Its fields are checked as a friend checks them, so a page that
    builds a wrong one learns it here and not on the friend's phone (the text itself is not
    read back: a view is tens of kilobytes, and the host sends one at every move)."""
    data = {"v": VERSION, "type": kind, **fields}
    _check_fields(data, FROM_HOST)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=_plain)
    if len(text) > HOST_MOST // 4 and len(text.encode("utf-8")) > HOST_MOST:
        raise ValueError(f"a {kind} message of {len(text.encode('utf-8'))} bytes")
    return text


def friend_message(kind: str, **fields) -> str:
    """A friend's message as text (the friend's page sends these), checked as the host will."""
    text = json.dumps({"v": VERSION, "type": kind, **fields}, ensure_ascii=False,
                      separators=(",", ":"))
    parse_from_friend(text)
    return text


def _plain(value):
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def phrase_values(values: dict) -> dict:
    """An error's values as JSON: a value with a template of its own (a Phrase) is kept as
    {"phrase": template, "values": ...}, so the friend's page can word it in its language."""
    out = {}
    for key, value in values.items():
        template = getattr(value, "template", None)
        if template:
            out[key] = {"phrase": template, "values": phrase_values(value.values)}
        elif isinstance(value, (str, int, float, bool)) or value is None:
            out[key] = value
        else:
            out[key] = str(value)
    return out


def refusal_phrase(msg: dict) -> Phrase:
    """A `refused` message's reason as a Phrase again (thousand.i18n.reason words it)."""
    def back(values):
        out = {}
        for key, value in values.items():
            if isinstance(value, dict) and isinstance(value.get("phrase"), str):
                value = Phrase(value["phrase"], **back(value.get("values") or {}))
            out[key] = value
        return out
    return Phrase(msg["reason"], rule=msg.get("rule"), facts=msg.get("facts"),
                  **back(msg["values"]))


# --- reading --------------------------------------------------------------------------------------

def _parse(text, most: int, depth: int, types: dict, numbers=True) -> dict:
    if not isinstance(text, str):
        raise BadInput("message", NOT_TEXT)
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > most:
        raise BadInput("message", TOO_LARGE, most=most, size=size)
    if _depth(text) > depth:
        raise BadInput("message", TOO_DEEP, depth=depth)
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput("message", NOT_JSON_AT, line=exc.lineno, column=exc.colno,
                       problem=exc.msg) from None
    except (ValueError, RecursionError) as exc:
        raise BadInput("message", NOT_JSON, problem=str(exc)[:80]) from None
    if not isinstance(data, dict):
        raise BadInput("message", NOT_OBJECT)
    if numbers:
        check_limits(data, "message")  # numbers within any game's, text that is Unicode
    return _check_fields(data, types)


def _check_fields(data: dict, types: dict) -> dict:
    if data.get("v") != VERSION or not is_whole(data.get("v")):
        raise BadInput("message.v", OTHER_VERSION, given=shown(data.get("v")), version=VERSION)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise BadInput("message.type", UNKNOWN_TYPE, given=shown(kind))
    fields = types[kind]
    for key in data:
        if key not in ("v", "type") and key not in fields:
            raise BadInput(f"message.{_short(key)}", EXTRA, type=kind, field=shown(key))
    for key, (want, required) in fields.items():
        if key not in data:
            if required:
                raise BadInput(f"message.{key}", MISSING, field=key)
            continue
        _FITS[want](data[key], f"message.{key}", key)
    return data


def _short(key: str) -> str:
    return key if len(key) <= 24 else key[:24] + "…"


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deep the brackets of JSON text nest, outside its strings (an unclosed string's
    brackets count: such text is refused either way)."""
    deepest = level = 0
    for found in _BRACKETS.finditer(_STRINGS.sub("", text)):
        level += 1 if found.group() in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def _kind(value, where, field, want, test):
    if not test(value):
        raise BadInput(where, WRONG_KIND, field=field, want=want, kind=kind_of(value))


def _whole(value, where, field):
    _kind(value, where, field, N_("a whole number"), is_whole)
    if not 0 <= value <= MAX_NUMBER:
        raise BadInput(where, OUT_OF_RANGE, field=field, least=0, most=MAX_NUMBER)


def _text(value, where, field):
    _kind(value, where, field, N_("text"), lambda v: isinstance(v, str))


def _word(value, where, field):
    _text(value, where, field)
    if not 1 <= len(value) <= 16:
        raise BadInput(where, OUT_OF_RANGE, field=field, least=1, most=16)


def _name(value, where, field):
    _text(value, where, field)
    if not 1 <= len(value.strip()) <= NAME_MOST or not value.isprintable():
        raise BadInput(where, NAME_WORDS, most=NAME_MOST)


def _action(value, where, field):
    _kind(value, where, field, N_("an object"), lambda v: isinstance(v, dict))
    if not isinstance(value.get("type"), str) or not 1 <= len(value["type"]) <= 32:
        raise BadInput(where, NO_TYPE)


_FITS = {
    "whole": _whole, "text": _text, "word": _word, "name": _name, "action": _action,
    "object": lambda v, w, f: _kind(v, w, f, N_("an object"), lambda x: isinstance(x, dict)),
    "list": lambda v, w, f: _kind(v, w, f, N_("a list"), lambda x: isinstance(x, list)),
}
