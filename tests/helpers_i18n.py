"""For the languages tests: a pseudo-language that wraps every catalogue message in ⟦…⟧, and a
reader of a page's visible text, so a test can find any English left outside the catalogues."""
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from thousand import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402  (tools/messages.py)

SHOWN_ATTRS = ("aria-label", "title", "placeholder", "alt", "aria-description")


def pseudo_translation() -> i18n.Translation:
    """English rules, every message bracketed: '⟦Pass⟧', '⟦{name} bids {value}⟧'."""
    entries = []
    for entry in messages.collect():
        forms = [entry.msgid, entry.plural] if entry.plural else [entry.msgid]
        entries.append(i18n.po.Entry(msgid=entry.msgid, context=entry.context,
                                     plural=entry.plural, strings=[f"⟦{f}⟧" for f in forms]))
    return i18n.Translation("en", entries)


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.runs, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in SHOWN_ATTRS and value:
                self.runs.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.runs.append(data.strip())


def visible_text(html: str) -> list:
    """What a player reads or hears: text and the attributes a screen reader speaks."""
    parser = _Text()
    # a red ♥ or ♦ is a span inside a sentence, which stays one run of text
    parser.feed(re.sub(r'<span class="suit-red">([^<]*)</span>', r"\1", str(html)))
    return parser.runs


_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def english_left(html: str, allowed=()) -> list:
    """Words of two letters or more outside the pseudo-language's brackets (the names and words
    in `allowed` aside): text that did not go through the catalogues."""
    found = []
    for run in visible_text(html):
        text = run
        while True:
            stripped = _BRACKETED.sub(" ", text)
            if stripped == text:
                break
            text = stripped
        words = [w for w in _WORD.findall(text) if w not in allowed]
        if words:
            found.append(run)
    return found
