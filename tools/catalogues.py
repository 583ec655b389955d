"""Compile the translators' catalogues (assets/locales/<code>.po) to the JSON the page reads
(assets/locales/<code>.json): parsing a .po in the browser's Python takes about a tenth of a
second at every start, json.loads of the same messages a few milliseconds.

Usage: python3 tools/catalogues.py [LOCALES_DIR]   (`make vendor` runs it; the .json are not
committed: the .po stay the only source.) Only translated entries are kept (a fuzzy or empty one
shows the English text, as with the .po); an unchanged .json is not rewritten. The format is
read by thousand.i18n.Translation.from_json.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from thousand import i18n  # noqa: E402
from thousand.i18n import po  # noqa: E402


def compile_text(code: str, text: str) -> str:
    entries = po.parse(text)
    messages = sorted(([e.context, e.msgid, list(e.strings)] for e in entries
                       if e.msgid and e.translated()), key=lambda m: (m[0] or "", m[1]))
    return json.dumps({"language": code, "messages": messages}, ensure_ascii=False,
                      separators=(",", ":"))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    folder = argv[0] if argv else os.path.join(ROOT, i18n.LOCALES_DIR)
    written = 0
    for code in i18n.LANGUAGES:
        source = os.path.join(folder, f"{code}.po")
        if code == i18n.SOURCE or not os.path.exists(source):
            continue
        with open(source, encoding="utf-8") as fh:
            text = compile_text(code, fh.read())
        target = os.path.join(folder, f"{code}.json")
        if os.path.exists(target):
            with open(target, encoding="utf-8") as fh:
                if fh.read() == text:
                    continue
        with open(target + ".tmp", "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(target + ".tmp", target)
        written += 1
    print(f"catalogues.py: {written} catalogue(s) compiled to JSON in {os.path.relpath(folder)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
