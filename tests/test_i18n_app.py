"""The page's language (issue 10, Must 1): the first start takes the browser's language, Settings
changes it at once without losing the game in progress, the choice is saved."""
import pytest

from thousand import i18n
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App

RU = '''msgid ""
msgstr ""
"Language: ru\\n"

msgid "Settings"
msgstr "Настройки"

msgid "Language"
msgstr "Язык"
'''


def source(code):
    if code == "ru":
        return RU
    if code == "pl":
        return 'msgid "Settings"\nmsgstr "Ustawienia'  # damaged: the quote is not closed
    raise OSError("no such file")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def test_first_start_speaks_the_browsers_language_else_english():
    app = App(Store(MemoryBackend()), language_source=source, preferred_languages=["ru-RU", "en"])
    assert app.language == "ru"
    app.go("settings")
    assert "Настройки" in app.render()
    App(Store(MemoryBackend()), language_source=source, preferred_languages=["de-DE"])
    assert i18n.language() == "en"


def test_settings_change_the_language_at_once_keep_the_game_and_save_the_choice():
    store = Store(MemoryBackend())
    app = App(store, language_source=source, preferred_languages=["en"])
    app.go("new")
    app.handle({"do": "new.start"})
    assert app.session is not None
    before = app.session.state
    app.go("settings")
    app.handle({"do": "settings.language", "value": "ru"})
    assert app.language == "ru" and "Язык" in app.render()
    assert app.session.state == before  # the game in progress is untouched
    assert store.settings()["language"] == "ru"
    again = App(store, language_source=source, preferred_languages=["en"])
    assert again.language == "ru"  # the saved choice wins over the browser's
    assert again.session is not None


def test_a_catalogue_that_cannot_be_had_or_read_keeps_the_language_and_says_so():
    app = App(Store(MemoryBackend()), language_source=source, preferred_languages=["en"])
    app.go("settings")
    for code in ("pl", "uk"):  # damaged, missing
        app.handle({"do": "settings.language", "value": code})
        assert app.language == "en"
        assert "could not be loaded" in app.notice
    app.handle({"do": "settings.language", "value": "xx"})
    assert app.language == "en" and "no language" in app.notice


def test_a_saved_language_that_the_page_does_not_speak_falls_back_to_the_browsers():
    store = Store(MemoryBackend())
    store.save_settings({"language": 7})
    assert App(store, language_source=source, preferred_languages=["ru"]).language == "ru"
