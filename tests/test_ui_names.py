"""The names the page offers the seats (issue 20, Must 10 and 11): kept in English in the setup,
the save and the history, shown in the language in use (Борис and Вера in Russian), so a game
begun in one language reads right in another; a typed name stays as typed. The dice history
keeps the stored names too, and its older entries, which kept the shown «Вы», still read as the
person's."""
from pathlib import Path

import pytest

from thousand import i18n
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import dice_new, new
from thousand.seats import OFFERED_NAMES, OWN_NAME, OWN_NAME_SHOWN_BEFORE, shown_name

LOCALES = Path(__file__).resolve().parents[1] / "assets" / "locales"


def catalogue(code):
    return (LOCALES / f"{code}.po").read_text(encoding="utf-8")


def app_in(language, store=None):
    store = store or Store(MemoryBackend())
    return App(store, delay=0, seed=5, language_source=catalogue, language_code=language)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def switch(app, code):
    app.handle({"do": "settings.language", "value": code})
    assert app.language == code


def test_a_new_card_table_offers_boris_and_vera_in_russian_and_keeps_them_in_english():
    app = app_in("ru")
    app.handle({"do": "go", "screen": "new"})
    assert [s["name"] for s in new.setup_of(app)["seats"]] == ["You", "Boris", "Vera"]
    html = app.render()
    assert 'value="Борис"' in html and 'value="Вера"' in html and 'value="Вы"' in html
    app.handle({"do": "new.start"})
    assert app.session.stored_names() == ["You", "Boris", "Vera"]
    assert app.session.names() == ["Вы", "Борис", "Вера"]
    switch(app, "pl")
    assert app.session.names() == ["Ty", "Borys", "Wiera"]
    switch(app, "en")
    assert app.session.names() == ["You", "Boris", "Vera"]


def test_a_typed_name_stays_as_typed_in_every_language():
    app = app_in("ru")
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.name", "seat": 1, "value": "Пётр"})
    app.handle({"do": "new.name", "seat": 2, "value": "Вера"})  # as offered: not typed
    app.handle({"do": "new.start"})
    assert app.session.stored_names() == ["You", "Пётр", "Vera"]
    switch(app, "en")
    assert app.session.names() == ["You", "Пётр", "Vera"]


def test_a_setup_remembered_with_names_in_russian_follows_the_language_again():
    store = Store(MemoryBackend())
    store.save_settings({"setup": {"players": 3, "preset": "classic", "overrides": {},
                                   "set_name": None,
                                   "seats": [{"kind": "human", "name": "You"},
                                             {"kind": "bot", "bot": "normal", "name": "Борис"},
                                             {"kind": "bot", "bot": "easy", "name": "Пётр"}]}})
    app = app_in("ru", store)
    app.handle({"do": "go", "screen": "new"})
    assert [s["name"] for s in new.setup_of(app)["seats"]] == ["You", "Boris", "Пётр"]


def test_the_dice_game_offers_names_in_the_language_and_archives_them_in_none():
    app = app_in("ru")
    app.handle({"do": "go", "screen": "dice_new"})
    assert [s["name"] for s in dice_new.setup_of(app)["seats"]] == ["You", "Boris"]
    app.handle({"do": "dice_new.start"})
    assert app.dice.names() == ["Вы", "Борис"]
    entry = dice_new.history_entry(app.dice)
    assert entry["names"] == ["You", "Boris"]  # stored names, not «Вы»
    # a finished game (both seats computers) goes to the history with them
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.kind", "seat": 0, "value": "bot:optimal"})
    app.handle({"do": "dice_new.name", "seat": 0, "value": "Gleb"})
    app.handle({"do": "dice_new.start"})
    while app.bot_step():
        pass
    assert app.dice.over
    entry = app.store.history("dice")[-1]
    assert entry["names"] == ["Gleb", "Boris"]
    switch(app, "en")
    app.handle({"do": "go", "screen": "history"})
    html = app.render()
    assert "Борис" not in html and "Boris" in html


def test_an_older_dice_entry_that_kept_the_shown_name_reads_in_the_language_in_use():
    store = Store(MemoryBackend())
    store.add_history("dice", {"names": ["Вы", "Борис"], "totals": [1000, 455],
                               "winners": ["Вы"], "turns": 31})
    app = app_in("en", store)
    app.handle({"do": "go", "screen": "history"})
    html = app.render()
    assert "You won" in html and "Вы" not in html
    assert shown_name("Вы") == "You" and shown_name("Ty", human=False) == "Ty"


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.SOURCE])
def test_every_catalogues_word_for_you_is_known_as_the_persons_name(code):
    tr = i18n.Translation.from_po(code, catalogue(code))
    assert tr.text(None, OWN_NAME) in OWN_NAME_SHOWN_BEFORE
    for name in OFFERED_NAMES:
        assert tr.text(None, name), name
