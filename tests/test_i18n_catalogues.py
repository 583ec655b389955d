"""Every language's catalogue (issue 10, Must 5 and 7): every message translated, with the English
placeholders and every plural form of the language; and every screen of both games, drawn in each
language, shows no English text of the catalogues."""
import json
import random
import re
from html import unescape

import pytest

from helpers_i18n import messages, visible_text
from thousand import i18n
from thousand.i18n import po
from thousand.storage import MemoryBackend, Store
from thousand.ui import language
from thousand.ui.app import App

LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
SCREENS = ("home", "new", "settings", "rules", "conventions", "history", "sheet", "dice_new")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


@pytest.fixture(scope="module")
def collected():
    return messages.collect()


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalogue_has_every_message_with_its_placeholders_and_plural_forms(lang, collected):
    assert messages.lint(lang, collected) == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalogue_states_its_languages_plural_rule(lang):
    header = po.header(po.parse(language.disk_source(lang)))
    assert header["Language"] == lang
    assert header["Plural-Forms"].startswith(f"nplurals={i18n.plural_count(lang)};")


def test_the_pot_is_up_to_date_with_the_code():
    assert messages.main(["--check"]) == 0


def _english_of(lang, collected) -> set:
    """The English texts that this language writes otherwise (the same word, a number, a symbol
    kept as it is are not English left over)."""
    tr = language.translation(lang, language.disk_source)
    out = set()
    for e in collected:
        if sum(ch.isalpha() for ch in e.msgid) < 4 or "{" in e.msgid:
            continue
        if tr.text(e.context, e.msgid) != e.msgid:
            out.add(e.msgid)
    return out


BUTTON = re.compile(r'<button(?![^>]* disabled)[^>]* data-do="((?:table|dice)\.[a-z_.]+)"'
                    r'(?: data-arg="([^"]*)")?')


def _play(app, rnd, prefix, steps):
    """The person's decisions by the buttons the screen shows (any one, at random), the computer's
    in between: (name, html) of every screen on the way."""
    for step in range(steps):
        html = str(app.render())
        yield f"{prefix} {step}", html
        if app.bot_step():
            continue
        offered = BUTTON.findall(html)
        if not offered:
            return
        do, arg = rnd.choice(offered)
        app.handle({"do": do, **(json.loads(unescape(arg)) if arg else {})})


def _screens(app, rnd):
    """Every screen of both games, and both tables in play: (name, html)."""
    for screen in SCREENS:
        app.go(screen)
        yield screen, str(app.render())
    app.go("new")
    app.handle({"do": "new.start"})
    yield from _play(app, rnd, "table", 250)
    app.go("dice_new")
    app.handle({"do": "dice_new.start"})
    yield from _play(app, rnd, "dice", 60)


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_catalogue_text_on_any_screen(lang, collected):
    english = _english_of(lang, collected)
    app = App(Store(MemoryBackend()), delay=0, seed=5, language_code=lang)
    assert i18n.language() == lang
    left = {}
    for name, html in _screens(app, random.Random(5)):
        shown = [run for run in visible_text(html) if run in english]
        if shown:
            left[name] = shown
    assert left == {}
