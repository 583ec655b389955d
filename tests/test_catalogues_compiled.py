"""The catalogues compiled at build time (tools/catalogues.py, issue 19): the JSON the page reads
holds exactly the translations of the .po the translators write, and a damaged one is refused
with a clear error (the page then keeps its language, App.set_language)."""
import json
import sys
from pathlib import Path

import pytest

from thousand import i18n
from thousand.storage import MemoryBackend, Store
from thousand.ui import language
from thousand.ui.app import App

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402

LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


@pytest.mark.parametrize("code", LANGS)
def test_compiled_catalogue_says_what_the_po_says(code):
    po_text = language.disk_source(code)
    from_po = i18n.Translation.from_po(code, po_text)
    compiled = catalogues.compile_text(code, po_text)
    from_json = language.translation(code, lambda c: compiled)
    assert from_json.messages == from_po.messages
    assert len(from_json.messages) > 100


def test_compiled_catalogue_translates_on_screen():
    compiled = catalogues.compile_text("ru", language.disk_source("ru"))
    app = App(Store(MemoryBackend()), delay=0, seed=1, language_source=lambda code: compiled,
              language_code="ru")
    try:
        assert app.language == "ru"
        assert "Новая игра" in app.render()
    finally:
        i18n.use(i18n.Translation())


@pytest.mark.parametrize("text", [
    '{"language": "uk", "messages": []}',          # another language's catalogue
    '{"language": "ru", "messages": [["", "Pass"]]}',  # an entry cut short
    '{"language": "ru", "messages": [[null, "Pass", [""]]]}',  # an empty translation
    '{"language": "ru", "messa',                    # truncated
])
def test_damaged_compiled_catalogue_is_refused_and_the_language_kept(text):
    with pytest.raises(ValueError):
        language.translation("ru", lambda code: text)
    app = App(Store(MemoryBackend()), delay=0, seed=1, language_source=lambda code: text)
    assert app.set_language("ru") is False
    assert app.language == i18n.SOURCE and app.notice


def test_compile_is_deterministic_and_keeps_only_translated_entries():
    po_text = ('msgid ""\nmsgstr "Language: ru\\n"\n\n'
               'msgid "Pass"\nmsgstr "Пас"\n\n'
               '#, fuzzy\nmsgid "Bid"\nmsgstr "Ставка"\n\n'
               'msgctxt "card"\nmsgid "Jack"\nmsgstr "Валет"\n\n'
               'msgid "Empty"\nmsgstr ""\n')
    first = catalogues.compile_text("ru", po_text)
    assert first == catalogues.compile_text("ru", po_text)
    assert json.loads(first)["messages"] == [[None, "Pass", ["Пас"]], ["card", "Jack", ["Валет"]]]


# --- the home screen made at build time for a first visit (tools/first_screen.py) ---------------

import first_screen  # noqa: E402


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_first_visit_home_is_the_game_s_own_home_in_each_language(code):
    html = first_screen.home_screen(code)
    assert i18n.language() == i18n.SOURCE, "the tool leaves the language as it found it"
    app = App(Store(MemoryBackend()), language_code=code)
    try:
        assert html == str(app.render())  # the very drawing the page's first draw compares with
        assert app.screen == "home" and 'data-arg="{&quot;screen&quot;:&quot;new&quot;}"' in html
    finally:
        i18n.use(i18n.Translation())
