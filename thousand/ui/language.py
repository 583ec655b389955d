"""The page's language: which one a player gets, and its catalogue loaded when chosen.

The first start takes the browser's languages (navigator.languages), else English; the choice in
Settings is saved with the settings and applies at once. Only the chosen language's catalogue is
read: the browser layer fetches assets/locales/<code>.json (compiled from the .po at build time),
CPython reads the .po itself."""
import os

from thousand import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def disk_source(code: str) -> str:
    """A catalogue from the repository (tests, tools); the page fetches it instead."""
    with open(os.path.join(ROOT, i18n.LOCALES_DIR, f"{code}.po"), encoding="utf-8") as f:
        return f.read()


def first_language(saved, preferred) -> str:
    """The saved choice if it is a language the page speaks, else the browser's."""
    if isinstance(saved, str) and saved in i18n.LANGUAGES:
        return saved
    return i18n.choose_language(preferred)


def translation(code: str, source) -> i18n.Translation:
    """The catalogue of `code` (English needs none): `source(code)` gives its text, the .po (on
    disk) or its JSON compilation (the page fetches that, tools/catalogues.py). Raises ValueError
    (i18n.po.PoError) or OSError when the catalogue cannot be had or read."""
    if code == i18n.SOURCE:
        return i18n.Translation()
    text = source(code)
    if text.lstrip().startswith("{"):  # a .po starts with a comment or msgid, never a brace
        return i18n.Translation.from_json(code, text)
    return i18n.Translation.from_po(code, text)


def choices() -> list:
    """(code, the language's own name) for the Settings screen."""
    return [(code, entry[0]) for code, entry in i18n.LANGUAGES.items()]
