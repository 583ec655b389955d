"""The page's messages: collect them from the code into assets/locales/messages.pot, bring every
language's .po up to date with it, and say what each language still lacks.

    python tools/messages.py            write messages.pot and update every .po (new messages
                                        empty, gone ones dropped, translations kept)
    python tools/messages.py --check    only report: exit 1 if the .pot is out of date
    python tools/messages.py --lint ru  what ru.po lacks (untranslated, wrong placeholders, forms)

Messages are the literal first arguments of _(), p_(), n_(), np_() and N_() in thousand/ and
main.py, and the texts of the two conventions catalogues and their presets (data, translated
where the page shows them)."""
import argparse
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from thousand.i18n import LANGUAGES, LOCALES_DIR, SOURCE, plural_count, po  # noqa: E402
from thousand.i18n.plurals import LANGUAGES as RULES  # noqa: E402

CALLS = {"_": (None, 0, None), "N_": (None, 0, None), "p_": (0, 1, None), "n_": (None, 0, 1),
         "np_": (0, 1, 2)}  # name: (context arg, msgid arg, plural arg)
SOURCES = ("thousand", "main.py")
SKIP = ("thousand/i18n",)


class Messages:
    def __init__(self):
        self.entries = {}

    def add(self, msgid, context=None, plural=None, where=""):
        if not msgid:
            return
        key = (context, msgid)
        entry = self.entries.get(key)
        if entry is None:
            entry = self.entries[key] = po.Entry(msgid=msgid, context=context, plural=plural)
        elif plural and not entry.plural:
            entry.plural = plural
        if where and f"#: {where}" not in entry.comments and len(entry.comments) < 4:
            entry.comments.append(f"#: {where}")


def _literal(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        raise SyntaxError("an f-string cannot be translated: use {placeholders} and values")
    return None


def from_code(messages: Messages):
    for top in SOURCES:
        paths = [top] if top.endswith(".py") else [
            os.path.join(d, f) for d, _, fs in os.walk(os.path.join(ROOT, top)) for f in fs
            if f.endswith(".py")]
        for path in sorted(paths):
            rel = os.path.relpath(os.path.join(ROOT, path), ROOT)
            if rel.startswith(SKIP):
                continue
            tree = ast.parse(open(os.path.join(ROOT, rel), encoding="utf-8").read(), rel)
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in CALLS):
                    continue
                ctx_i, id_i, pl_i = CALLS[node.func.id]
                try:
                    args = [_literal(a) for a in node.args]
                except SyntaxError as exc:
                    raise SystemExit(f"{rel}:{node.lineno}: {exc}") from None
                msgid = args[id_i] if len(args) > id_i else None
                if msgid is None:
                    continue  # a variable: its texts are marked where they are written
                messages.add(msgid, args[ctx_i] if ctx_i is not None else None,
                             args[pl_i] if pl_i is not None and len(args) > pl_i else None,
                             f"{rel}:{node.lineno}")


def from_catalogues(messages: Messages):
    from thousand.cards.catalogue import CATALOGUE as CARDS
    from thousand.dice.catalogue import CATALOGUE as DICE
    for game, cat in (("cards", CARDS), ("dice", DICE)):
        for group in cat.groups:
            messages.add(group.title, where=f"{game} group {group.id}")
            messages.add(group.description, where=f"{game} group {group.id}")
        for conv in cat.conventions:
            messages.add(conv.title, where=f"{game} convention {conv.id}")
            messages.add(conv.description, where=f"{game} convention {conv.id}")
            for label in (conv.value_labels or {}).values():
                if any(ch.isalpha() for ch in label):  # "100" or "−120" is not translated
                    messages.add(label, where=f"{game} convention {conv.id} value")
        for preset in cat.describe_presets():
            messages.add(preset.get("title"), where=f"{game} preset {preset.get('id')}")
            messages.add(preset.get("description"), where=f"{game} preset {preset.get('id')}")


def collect() -> list:
    messages = Messages()
    from_code(messages)
    from_catalogues(messages)
    return sorted(messages.entries.values(), key=lambda e: (e.msgid, e.context or ""))


def pot_header() -> po.Entry:
    return po.Entry(msgid="", strings=["Project-Id-Version: Thousand\nMIME-Version: 1.0\n"
                                       "Content-Type: text/plain; charset=UTF-8\n"
                                       "Content-Transfer-Encoding: 8bit\n"])


def po_header(lang: str) -> po.Entry:
    forms = RULES[lang][3]
    return po.Entry(msgid="", strings=[
        f"Project-Id-Version: Thousand\nLanguage: {lang}\nMIME-Version: 1.0\n"
        f"Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: nplurals={plural_count(lang)}; plural=({forms});\n"])


def path_of(name: str) -> str:
    return os.path.join(ROOT, LOCALES_DIR, name)


def update(entries: list) -> dict:
    """Each language's .po with the .pot's messages, translations kept. Returns missing counts."""
    missing = {}
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = path_of(f"{lang}.po")
        old = {}
        if os.path.exists(path):
            old = {e.key: e for e in po.parse(open(path, encoding="utf-8").read()) if e.msgid}
        out = [po_header(lang)]
        count = 0
        for entry in entries:
            have = old.get(entry.key)
            forms = plural_count(lang) if entry.plural else 1
            strings = list(have.strings) if have else []
            strings = (strings + [""] * forms)[:forms]
            new = po.Entry(msgid=entry.msgid, context=entry.context, plural=entry.plural,
                           strings=strings, comments=list(entry.comments),
                           fuzzy=bool(have and have.fuzzy))
            count += not new.translated()
            out.append(new)
        with open(path, "w", encoding="utf-8") as f:
            f.write(po.write(out))
        missing[lang] = count
    return missing


PLACEHOLDER = __import__("re").compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(text: str) -> set:
    return set(PLACEHOLDER.findall(text))


def lint(lang: str, entries=None) -> list:
    """What is wrong with a language's catalogue against the messages: missing or empty
    translations, fuzzy ones, placeholders not the English ones, plural forms not the language's
    count. Returns one line per problem."""
    entries = entries if entries is not None else collect()
    path = path_of(f"{lang}.po")
    if not os.path.exists(path):
        return [f"{lang}: no catalogue {path}"]
    try:
        have = {e.key: e for e in po.parse(open(path, encoding="utf-8").read()) if e.msgid}
    except po.PoError as exc:
        return [f"{lang}.po: {exc}"]
    problems = []
    for entry in entries:
        name = (f"[{entry.context}] " if entry.context else "") + entry.msgid[:60]
        got = have.get(entry.key)
        if got is None or not got.translated():
            problems.append(f"{lang}: untranslated{' (fuzzy)' if got and got.fuzzy else ''}: {name}")
            continue
        forms = plural_count(lang) if entry.plural else 1
        if len(got.strings) != forms:
            problems.append(f"{lang}: {len(got.strings)} forms, the language has {forms}: {name}")
        wanted = placeholders(entry.msgid) | placeholders(entry.plural or "")
        for text in got.strings:
            found = placeholders(text)
            # a plural form may leave {n} out ("одно очко" for 1), never invent one
            if found - wanted or (wanted - {"n"}) - found:
                problems.append(f"{lang}: placeholders {sorted(found)} instead of "
                                f"{sorted(wanted)}: {name}")
                break
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--lint", metavar="LANG", help="list what LANG's catalogue lacks")
    args = parser.parse_args(argv)
    entries = collect()
    if args.lint:
        problems = lint(args.lint, entries)
        print("\n".join(problems) or f"{args.lint}: complete")
        print(f"{len(problems)} problems in {len(entries)} messages")
        return 1 if problems else 0
    text = po.write([pot_header()] + entries)
    pot = path_of("messages.pot")
    if args.check:
        current = open(pot, encoding="utf-8").read() if os.path.exists(pot) else ""
        # the messages, not where they are written: moving code does not outdate the .pot
        def keys(entries):
            return {(e.context, e.msgid, e.plural) for e in entries if e.msgid}
        if keys(po.parse(current)) != keys(entries):
            print("assets/locales/messages.pot is out of date: run python tools/messages.py")
            return 1
        print(f"{len(entries)} messages, messages.pot up to date")
        return 0
    os.makedirs(os.path.dirname(pot), exist_ok=True)
    with open(pot, "w", encoding="utf-8") as f:
        f.write(text)
    missing = update(entries)
    print(f"{len(entries)} messages; untranslated: "
          + ", ".join(f"{k} {v}" for k, v in missing.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
