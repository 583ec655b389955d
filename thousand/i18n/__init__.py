"""The words a player reads, in the player's language.

Every text of the page is written in English in the code and looked up here at the moment it is
shown: `_("Pass")`, `n_("{n} point", "{n} points", n)`, `p_("card", "Jack")` where one English word
has two meanings. Placeholders are `{name}`; whole numbers put in them are written the way the
language writes them (its minus sign). Texts that are data (convention titles, engine reasons)
are marked with `N_` where they are written and translated where they are shown.

One language is in use at a time (`use`); the engines never call this module, the page does, and
the command line stays in English. Catalogues are gettext `.po` files in assets/locales/, one per
language, loaded only when chosen; the page reads them compiled to JSON at build time."""
import json

from thousand.i18n import po
from thousand.i18n.plurals import (DECIMAL_COMMA, LANGUAGES, SOURCE, TYPOGRAPHIC_MINUS,
                                   plural_count, plural_index)

__all__ = ["LANGUAGES", "SOURCE", "Translation", "use", "language", "_", "n_", "p_", "np_", "N_",
           "number", "signed", "reason", "choose_language", "plural_index", "plural_count"]

LOCALES_DIR = "assets/locales"  # relative to the site's root (and the repository's)


class Translation:
    """One language's catalogue: English message (with its context) -> the language's forms."""

    def __init__(self, language: str = SOURCE, entries=()):
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        self.language = language
        self.messages = {e.key: e.strings for e in entries if e.msgid and e.translated()}

    @classmethod
    def from_po(cls, language: str, text: str) -> "Translation":
        return cls(language, po.parse(text))

    @classmethod
    def from_json(cls, language: str, text: str) -> "Translation":
        """A catalogue compiled at build time (tools/catalogues.py): the page reads this, as
        json.loads is a small part of the cost of parsing the .po. Raises ValueError when the
        text is not such a catalogue, or one of another language."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("language") != language or \
                not isinstance(data.get("messages"), list):
            raise ValueError(f"not a compiled catalogue of {language!r}")
        found = cls(language)
        for item in data["messages"]:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[1], str)
                    and isinstance(item[2], list) and item[2]
                    and all(isinstance(s, str) and s for s in item[2])):
                raise ValueError(f"a damaged entry in the compiled catalogue of {language!r}")
            found.messages[(item[0], item[1])] = item[2]
        return found

    def text(self, context, msgid: str) -> str:
        found = self.messages.get((context, msgid))
        return found[0] if found else msgid

    def plural(self, context, singular: str, plural: str, n: int) -> str:
        found = self.messages.get((context, singular))
        if found:
            index = plural_index(self.language, n)
            if index < len(found):
                return found[index]
        return singular if n == 1 else plural


_active = Translation()


def use(translation: Translation) -> None:
    """The language of every text from now on."""
    global _active
    _active = translation


def language() -> str:
    return _active.language


def _minus(value):
    """A negative number already made text ("-30", an engine's repr of what it was given) with
    the language's minus sign, like every other number on the page."""
    if type(value) is str and len(value) > 1 and value[0] == "-" and value[1:].isdigit():
        return number(int(value))
    return value


def _fill(template: str, source: str, values: dict) -> str:
    if not values:
        return template
    shown = {k: number(v) if isinstance(v, (int, float)) and not isinstance(v, bool)
             else _minus(v) for k, v in values.items()}
    try:
        return template.format_map(shown)
    except (KeyError, IndexError, ValueError, AttributeError):
        # a translation with a broken placeholder must not break the page: the English text
        return source.format_map(shown)


def _(msgid: str, **values) -> str:
    return _fill(_active.text(None, msgid), msgid, values)


def p_(context: str, msgid: str, **values) -> str:
    return _fill(_active.text(context, msgid), msgid, values)


def n_(singular: str, plural: str, n: int, **values) -> str:
    source = singular if n == 1 else plural
    return _fill(_active.plural(None, singular, plural, n), source, {"n": n, **values})


def np_(context: str, singular: str, plural: str, n: int, **values) -> str:
    source = singular if n == 1 else plural
    return _fill(_active.plural(context, singular, plural, n), source, {"n": n, **values})


def N_(msgid: str) -> str:
    """Marks a text to be translated where it is shown (tools/messages.py collects it)."""
    return msgid


def number(value) -> str:
    """A number as the language in use writes it: 0,6 and −120 in Russian, 0.6 and −120 in
    English (one minus sign everywhere, U+2212)."""
    lang = _active.language
    text = f"{value:g}" if isinstance(value, float) else str(value)
    if lang in DECIMAL_COMMA:
        text = text.replace(".", ",")
    if lang in TYPOGRAPHIC_MINUS and text.startswith("-"):
        text = "\u2212" + text[1:]
    return text


def signed(value: int) -> str:
    """A change of score: +60, −120, 0."""
    return ("+" + number(value)) if value > 0 else number(value)


def reason(error) -> str:
    """An engine's reason (thousand.errors.ThousandError: a template and its values) in the
    language in use; a value that is itself a marked text ("a whole number") is translated too,
    and one that carries a template of its own (a Phrase, an error quoted in another) is worded
    the same way; a text of another kind (thousand.errors.Verbatim: a name a person typed) is
    shown as it is. A plain text is looked up as a message (a reason kept in a saved game)."""
    template = getattr(error, "template", None)
    if not template:
        return _(error) if type(error) is str else str(error)
    values = {k: reason(v) if getattr(v, "template", None) else _(v) if type(v) is str else v
              for k, v in error.values.items()}
    text = _fill(_active.text(None, template), template, values)
    where = getattr(error, "where", "")
    return f"{where}: {text}" if where else text


def choose_language(preferred) -> str:
    """The first of the browser's languages (navigator.languages: "ru-RU", "uk", …) that the
    page speaks, else English."""
    for tag in preferred or ():
        if not isinstance(tag, str):
            continue
        code = tag.split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE
