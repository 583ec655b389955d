"""Ways a saved document or a file gets damaged: by a person editing it, a disk, a copy cut
short, another program. `damage(doc, rnd)` returns the damaged text and a label saying what was
done (for grouping), never changing `doc`.

Structured damage walks to a random depth and deletes or replaces what it finds (wrong types,
huge numbers, deep nesting, another part of the document); textual damage cuts the text, puts in
bytes that are not UTF-8, or replaces the whole file."""
import copy
import json

DEEP = 100_000
HUGE_DIGITS = 5000
# Parts of the text written after encoding, where json.dumps cannot write them itself.
_SPECIALS = {
    "deep list": "[" * DEEP + "]" * DEEP,
    "deep object": '{"a":' * DEEP + "1" + "}" * DEEP,
    "5000-digit number": "9" * HUGE_DIGITS,
    "negative 5000-digit number": "-" + "8" * HUGE_DIGITS,
    "1e400": "1e400",
    "NaN": "NaN",
    "-Infinity": "-Infinity",
}
ODD = (None, True, False, 0, -1, 1, 2.0, 0.5, 10 ** 30, -10 ** 30, 2 ** 64, "", "x", "AH",
       "\u0000", "\ud800", "é" * 3, "9" * 200, [], [None], [[[]]], {}, {"": None}, {"type": "play"})
BAD_BYTES = (b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\x00", b"\xef\xbb\xbf")


class _Special:
    def __init__(self, name):
        self.name = name


def _walk(doc, rnd):
    """A random path from the root: a list of (container, key) steps."""
    path, node = [], doc
    while isinstance(node, (dict, list)) and node and (not path or rnd.random() < 0.8):
        key = rnd.choice(list(node)) if isinstance(node, dict) else rnd.randrange(len(node))
        path.append((node, key))
        node = node[key]
    return path


def _nodes(doc, limit=400):
    out, stack = [], [doc]
    while stack and len(out) < limit:
        node = stack.pop()
        out.append(node)
        if isinstance(node, dict):
            stack += list(node.values())
        elif isinstance(node, list):
            stack += node
    return out


def _name(path) -> str:
    parts = []
    for _, key in path:
        parts.append("[]" if isinstance(key, int) else ("." if parts else "") + str(key))
    return "".join(parts) or "(root)"


def _replacement(value, doc, rnd):
    r = rnd.random()
    if r < 0.12:
        return _Special(rnd.choice(list(_SPECIALS))), None
    if r < 0.55:
        v = rnd.choice(ODD)
        return copy.deepcopy(v), type(v).__name__
    if r < 0.7 and isinstance(value, bool):
        return (not value), "the other bool"
    if r < 0.7 and isinstance(value, int):
        v = rnd.choice([value + 1, value - 1, -value, value * 1000, value + 5, value - 5])
        return v, "another number"
    if r < 0.7 and isinstance(value, str):
        return rnd.choice([value.upper(), value[:-1], value + value, value[::-1]]), "another text"
    if r < 0.85:
        other = copy.deepcopy(rnd.choice(_nodes(doc)))
        return other, "another part of the file"
    v = value
    for _ in range(rnd.randint(1, 4)):
        v = [v] if rnd.random() < 0.5 else {"x": v}
    return v, "wrapped"


def _structured(doc, rnd):
    doc = copy.deepcopy(doc)
    labels = []
    specials = {}
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        path = _walk(doc, rnd)
        if not path:
            break
        parent, key = path[-1]
        where = _name(path)
        r = rnd.random()
        if r < 0.25:
            del parent[key]
            labels.append(f"{where} deleted")
            continue
        if r < 0.32 and isinstance(parent[key], list) and parent[key]:
            items = parent[key]
            op = rnd.choice(["dropped an item", "doubled an item", "shuffled", "reversed"])
            if op == "dropped an item":
                items.pop(rnd.randrange(len(items)))
            elif op == "doubled an item":
                items.append(copy.deepcopy(rnd.choice(items)))
            elif op == "shuffled":
                rnd.shuffle(items)
            else:
                items.reverse()
            labels.append(f"{where} {op}")
            continue
        if r < 0.36 and isinstance(parent[key], dict):
            parent[key][rnd.choice(["unknown", "", "seat", "__proto__"])] = rnd.choice(ODD)
            labels.append(f"{where} gets an unknown key")
            continue
        value, kind = _replacement(parent[key], doc, rnd)
        if isinstance(value, _Special):
            token = f"\u0001fuzz{len(specials)}\u0001"
            specials[json.dumps(token)] = _SPECIALS[value.name]
            value, kind = token, value.name
        parent[key] = value
        labels.append(f"{where} = {kind}")
    text = json.dumps(doc, ensure_ascii=rnd.random() < 0.5)
    for token, raw in specials.items():
        text = text.replace(token, raw)
    return text, "; ".join(labels) or "unchanged"


def _textual(text: str, rnd, as_bytes: bool):
    r = rnd.random()
    data = text.encode("utf-8")
    if r < 0.25:
        cut = rnd.randrange(len(data)) if data else 0
        out, label = data[:cut], "cut short"
    elif r < 0.5:
        pos = rnd.randrange(len(data) + 1)
        bad = rnd.choice(BAD_BYTES) if as_bytes else rnd.choice(["\ud800", "\x00", "\udfff"]).encode(
            "utf-8", "surrogatepass")
        out, label = data[:pos] + bad + data[pos:], "bytes that are not UTF-8" if as_bytes \
            else "a lone surrogate or NUL"
    elif r < 0.6 and as_bytes:
        out, label = text.encode("utf-16"), "UTF-16"
    elif r < 0.7 and as_bytes:
        out, label = text.encode("latin-1", "replace") + "é".encode("latin-1"), "Latin-1"
    elif r < 0.8:
        out, label = rnd.choice([
            (b"", "empty"), (b"null", "null"), (b"[]", "a list"), (b'"text"', "a string"),
            (b"9" * HUGE_DIGITS, "a 5000-digit number"),
            (b"[" * DEEP + b"]" * DEEP, "nested 100,000 deep"),
            (b'{"a":' * DEEP + b"1" + b"}" * DEEP, "objects nested 100,000 deep"),
            (b"{" * 3 + data, "unbalanced braces")])
    else:
        first = data.find(b"{")
        out = data[:first + 1] + b'"format": 1, "version": 1e999, ' + data[first + 1:] \
            if first >= 0 else data + b"}"
        label = "duplicate keys"
    if as_bytes:
        return out, label
    return out.decode("utf-8", "surrogatepass"), label


def damage(doc, rnd, *, as_bytes: bool = True):
    """The damaged text of `doc` (bytes for a file, str for a saved document) and what was done."""
    if rnd.random() < 0.7:
        text, label = _structured(doc, rnd)
        if as_bytes:
            return text.encode("utf-8", "surrogatepass"), label
        return text, label
    return _textual(json.dumps(doc), rnd, as_bytes)
