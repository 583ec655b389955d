"""Reading and writing gettext `.po` catalogues: the format translators' tools (Poedit, Weblate,
Lokalize) know. Only what the catalogues use: comments, msgctxt, msgid, msgid_plural, msgstr and
msgstr[n], strings continued over several lines, the C escapes. A fuzzy or empty translation
counts as missing, so the English text is shown rather than a wrong one."""
from dataclasses import dataclass, field

ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


class PoError(ValueError):
    """A catalogue that cannot be read; names the line."""


@dataclass
class Entry:
    msgid: str
    context: str | None = None
    plural: str | None = None
    strings: list = field(default_factory=list)  # msgstr, or msgstr[0..n-1]
    comments: list = field(default_factory=list)  # "#." and "#:" lines, as written
    fuzzy: bool = False

    @property
    def key(self):
        return (self.context, self.msgid)

    def translated(self) -> bool:
        return not self.fuzzy and bool(self.strings) and all(self.strings)


def _unquote(text: str, line_no: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {line_no}: a string in double quotes was expected")
    out, i, body = [], 0, text[1:-1]
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in ESCAPES:
                raise PoError(f"line {line_no}: unknown escape")
            out.append(ESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == '"':
            raise PoError(f"line {line_no}: a quote inside a string must be written \\\"")
        out.append(ch)
        i += 1
    return "".join(out)


def parse(text: str) -> list:
    """The entries of a catalogue, the header (msgid "") first if there is one."""
    entries, current, last = [], None, None
    comments, fuzzy = [], False

    def finish():
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and last != "comment":
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith(("#.", "#:")):
                comments.append(line)
            last = "comment"
            continue
        if line.startswith('"'):
            if current is None or last is None or last == "comment":
                raise PoError(f"line {line_no}: a continued string with nothing before it")
            part = _unquote(line, line_no)
            if last == "msgctxt":
                current.context += part
            elif last == "msgid":
                current.msgid += part
            elif last == "msgid_plural":
                current.plural += part
            else:
                current.strings[-1] += part
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and (current is None or last not in
                                                             ("msgctxt",))):
            finish()
            current = Entry(msgid="", comments=comments, fuzzy=fuzzy)
            comments, fuzzy = [], False
        if current is None:
            raise PoError(f"line {line_no}: {keyword} before any msgid")
        if keyword == "msgctxt":
            current.context = _unquote(rest, line_no)
        elif keyword == "msgid":
            current.msgid = _unquote(rest, line_no)
        elif keyword == "msgid_plural":
            current.plural = _unquote(rest, line_no)
        elif keyword == "msgstr":
            current.strings = [_unquote(rest, line_no)]
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = keyword[7:-1]
            if not index.isdigit() or int(index) != len(current.strings):
                raise PoError(f"line {line_no}: plural forms must be numbered from 0 in order")
            current.strings.append(_unquote(rest, line_no))
        else:
            raise PoError(f"line {line_no}: unknown keyword {keyword[:20]!r}")
        last = "msgstr" if keyword.startswith("msgstr") else keyword
    finish()
    return entries


def header(entries: list) -> dict:
    """The header's fields ("Language", "Plural-Forms", …)."""
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            fields = {}
            for line in (entry.strings[0] if entry.strings else "").splitlines():
                name, sep, value = line.partition(":")
                if sep:
                    fields[name.strip()] = value.strip()
            return fields
    return {}


def _quote(text: str) -> str:
    body = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t"))
    return f'"{body}"'


def _field(keyword: str, text: str) -> list:
    if "\n" in text[:-1]:  # several lines: one quoted piece per line, as gettext writes them
        pieces = text.splitlines(keepends=True)
        return [f'{keyword} ""'] + [_quote(p) for p in pieces]
    return [f"{keyword} {_quote(text)}"]


def write(entries: list) -> str:
    out = []
    for entry in entries:
        out += entry.comments
        if entry.fuzzy:
            out.append("#, fuzzy")
        if entry.context is not None:
            out += _field("msgctxt", entry.context)
        out += _field("msgid", entry.msgid)
        if entry.plural is not None:
            out += _field("msgid_plural", entry.plural)
            for i, text in enumerate(entry.strings or ["", ""]):
                out += _field(f"msgstr[{i}]", text)
        else:
            out += _field("msgstr", entry.strings[0] if entry.strings else "")
        out.append("")
    return "\n".join(out)
