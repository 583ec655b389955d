"""Your data in a file (issue 12, item 5): everything the page saves exported as one file and
imported on another device, every kind of damage refused with nothing changed, what an import
will change said before it is done; a game's record downloaded and a record file opened."""
import copy
import json
import random

import pytest

from tests import test_ui_app as cards_ui
from tests import test_ui_dice as dice_ui
from tests.test_storage import FakeLocalStorage
from thousand import datafile
from thousand.storage import LocalStorageBackend, MemoryBackend, Store
from thousand.ui import data
from thousand.ui.app import App

STAMP = "2026-12-02T05:30:00+00:00"


def make_app(store=None, seed=3):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def play_cards(app, moves, seed):
    rnd = random.Random(seed)
    for _ in range(moves):
        while app.bot_step():
            pass
        cards_ui.person_move(app, rnd)


@pytest.fixture(scope="module")
def device_items():
    """A device that has played: finished card and dice games, both games in progress, convention
    sets of both kinds, settings and statistics (the backend's items, copied for each test)."""
    store = Store(MemoryBackend())
    app = make_app(store, seed=5)
    cards_ui.start(app, 2)
    cards_ui.play_out(app, 5)
    dice_ui.start(app)
    dice_ui.play_out(app)
    cards_ui.start(app, 3)
    play_cards(app, 20, 7)
    dice_ui.start(app)
    for _ in range(4):
        while app.bot_step():
            pass
        dice_ui.person_move(app)
    store.save_convention_set("Home rules", {"preset": "classic", "overrides": {}})
    store.save_convention_set("Fast", {"preset": "classic", "overrides": {}}, kind="dice")
    store.save_stats("cards", {"played": 1})
    settings = store.settings()
    settings["delay"] = 0.3
    store.save_settings(settings)
    assert store.history("cards") and store.history("dice")
    assert store.load_game("cards").found and store.load_game("dice").found
    return dict(store.backend.items)


@pytest.fixture
def device(device_items):
    return make_app(Store(MemoryBackend(copy.deepcopy(device_items))))


def exported(app) -> str:
    return datafile.dumps(datafile.build(app.store, STAMP))


def saved(store) -> dict:
    """Everything a store keeps, as the player sees it."""
    return {"games": {k: store.load_game(k).data for k in ("cards", "dice")},
            "history": {k: store.history(k) for k in ("cards", "dice")},
            "sets": {k: store.convention_sets(k) for k in ("cards", "dice")},
            "settings": store.settings(), "stats": {k: store.stats(k) for k in ("cards", "dice")}}


def import_text(app, text, name="data.json"):
    app.go("settings")
    app.handle({"do": "data.import", "text": text, "name": name})


# --- export, then import on another device --------------------------------------------------

def test_export_names_its_format_and_holds_every_part(device):
    device.go("settings")
    device.handle({"do": "data.export"})
    name, text = device.download
    assert name.startswith("thousand-data-") and name.endswith(".json")
    doc = json.loads(text)
    assert doc["format"] == "thousand-data" and doc["version"] == 1
    assert set(doc) >= {"exported", "games", "finished_games", "conventions", "settings", "stats"}
    assert doc["games"]["cards"] == device.store.load_game("cards").data
    assert doc["finished_games"]["dice"] == device.store.history("dice")
    assert "record" in doc["finished_games"]["cards"][0]
    assert "Your data was saved as thousand-data-" in device.render()


def test_round_trip_into_a_fresh_device_gives_the_same_saved_games(device):
    text = exported(device)
    fresh = make_app()
    import_text(fresh, text)
    html = str(fresh.render())
    assert "Importing data.json will:" in html
    assert "add a card game in progress (deal " in html
    assert "add a dice game in progress (turn " in html
    assert "add 1 finished card game" in html and "add 1 finished dice game" in html
    assert "add 1 convention set for the card game" in html
    assert "replace your settings with the file" in html
    assert saved(fresh.store) == saved(make_app().store)  # asked first: nothing written yet
    fresh.handle({"do": "data.import_confirm"})
    assert saved(fresh.store) == saved(device.store)
    # the games imported are the games played on, at once
    assert fresh.session.state == device.session.state
    assert fresh.dice.state == device.dice.state
    assert fresh.delay == 0.3
    assert "data.json was imported." in fresh.render()
    # the same file again: nothing twice
    import_text(fresh, text)
    assert "holds nothing this device does not have already" in fresh.render()
    assert saved(fresh.store) == saved(device.store)


def test_what_will_change_on_a_device_that_has_its_own(device, device_items):
    other = make_app(Store(MemoryBackend(copy.deepcopy(device_items))), seed=11)
    other.store.save_convention_set("Home rules", {"preset": "classic",
                                                   "overrides": {"ace_marriage": True}})
    other.store.save_convention_set("Mine", {"preset": "classic", "overrides": {}})
    cards_ui.start(other, 2)  # a card game of its own, to be replaced
    cards_ui.play_out(other, 9)  # ... and a finished game the file does not have
    cards_ui.start(other, 4)
    doc = json.loads(exported(device))
    doc["conventions"]["cards"]["New"] = {"preset": "classic", "overrides": {}}
    import_text(other, json.dumps(doc))
    lines = data.plan_lines(other.ui["import"]["plan"], other.ui["import"]["file"])
    deal = device.session.state["score"]["deals_settled"] + 1
    assert lines == [f"replace your card game in progress (deal {deal})",
                     "add 1 convention set for the card game",
                     "replace 1 convention set with the file's of the same name",
                     # its New-game setup differs: the file's is written over it
                     "replace your settings with the file's (language, speed, score sheet)",
                     # the figures the Statistics screen keeps (and its reset) come along
                     "update your statistics"]
    other.handle({"do": "data.import_confirm"})
    sets = other.store.convention_sets()
    assert list(sets) == ["Home rules", "Mine", "New"]           # merged by name
    assert sets["Home rules"] == {"preset": "classic", "overrides": {}}  # the file's won
    # both finished games kept, and the game in progress the first start replaced (unfinished)
    assert len(other.store.history("cards")) == 3
    assert [bool(g.get("unfinished")) for g in other.store.history("cards")].count(True) == 1
    assert other.store.load_game("cards").data == device.store.load_game("cards").data
    # the game replaced is the save before it, not gone
    assert other.store.backend.get("thousand:game:cards:previous")


def test_cancel_changes_nothing(device):
    fresh = make_app()
    before = dict(fresh.store.backend.items)
    import_text(fresh, exported(device))
    fresh.handle({"do": "data.import_cancel"})
    assert fresh.store.backend.items == before and fresh.session is None
    assert "Nothing was imported." in fresh.render()


def test_the_history_cap_is_said_before_it_removes_anything(device):
    fresh = make_app(Store(MemoryBackend(), history_cap=1))
    fresh.store.add_history("cards", {"names": ["A", "B"], "totals": [1000, 5], "winners": ["A"]})
    import_text(fresh, exported(device))
    lines = data.plan_lines(fresh.ui["import"]["plan"], fresh.ui["import"]["file"])
    assert "remove the oldest finished game: at most 1 are kept" in lines


# --- damaged files: refused with a reason, nothing changed ------------------------------------

def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _drop_seats(doc):
    doc["games"]["cards"]["meta"]["seats"].pop()


def _illegal_action(doc):
    doc["games"]["dice"]["record"]["actions"].append({"type": "roll", "seat": 7})


def _state_moved(doc):
    doc["games"]["cards"]["state"]["n"] = 9


DAMAGE = [
    ("not JSON", lambda doc: "{\"format\": ", "file: not valid JSON at line 1"),
    ("a list", lambda doc: [doc], "file: it holds a list, not a Thousand data file"),
    ("another format", _set(["format"], "thousand-save"), "format: this is not a Thousand data"),
    ("a record", lambda doc: doc["finished_games"]["cards"][0]["record"],
     "format: this is a game record, not a Thousand data file"),
    ("newer", _set(["version"], 2), "version: this file was made by a newer version"),
    ("version text", _set(["version"], "1"), "version: must be a whole number from 1"),
    ("NaN", lambda doc: json.dumps(doc).replace('"stats": {', '"stats": {"x": NaN, ', 1),
     "file: not valid JSON: NaN is not a JSON number"),
    ("nested", lambda doc: '{"format":"thousand-data","version":1,"settings":' + "[" * 100_000
     + "]" * 100_000 + "}", "file: not valid JSON: nested too deeply"),
    ("games a list", _set(["games"], []), "games: must be an object with \"cards\" and \"dice\""),
    ("unknown game", _set(["games", "chess"], None), "games.chess: there is no game 'chess'"),
    ("game not an object", _set(["games", "dice"], 5), "games.dice: must be a saved game or null"),
    ("seats gone", _drop_seats, "games.cards.meta: the saved seats do not match the game"),
    ("illegal action", _illegal_action, "games.dice.record."),
    ("position moved", _state_moved, "games.cards.state: the position saved is not the one"),
    ("finished not a list", _set(["finished_games", "dice"], {}),
     "finished_games.dice: must be a list of finished games"),
    ("finished not an object", lambda doc: doc["finished_games"]["cards"].append(3) or doc,
     "finished_games.cards[1]: must be a finished game"),
    ("finished no totals", lambda doc: doc["finished_games"]["cards"][0].pop("totals") and doc,
     "finished_games.cards[0]: a finished game needs its players' names, totals and winners"),
    ("finished huge total", _set(["finished_games", "dice", 0, "totals", 0], 10 ** 30),
     "finished_games.dice[0].totals[0]: a 31-digit number is beyond any game"),
    ("record players", _set(["finished_games", "cards", 0, "record", "players"], 7),
     "finished_games.cards[0].record.players:"),
    ("record format", _set(["finished_games", "dice", 0, "record", "format"], "x"),
     "finished_games.dice[0].record.format: must be 'thousand-record'"),
    ("set name", _set(["conventions", "cards", " "], {"preset": "classic"}),
     "conventions.cards[\" \"]: a convention set needs a name"),
    ("set rules", _set(["conventions", "dice", "Fast", "overrides"], {"no_such_rule": 1}),
     "conventions.dice[\"Fast\"]"),
    ("set not an object", _set(["conventions", "cards", "Home rules"], "classic"),
     "conventions.cards[\"Home rules\"]: must be a set of rules"),
    ("settings a list", _set(["settings"], [1]), "settings: must be an object (got a list)"),
    ("stats a number", _set(["stats", "dice"], 4), "stats.dice: must be an object"),
]


@pytest.mark.parametrize("change, expected", [d[1:] for d in DAMAGE], ids=[d[0] for d in DAMAGE])
def test_a_damaged_file_is_refused_naming_what_is_wrong_and_nothing_changes(
        device, device_items, change, expected):
    target = make_app(Store(MemoryBackend(copy.deepcopy(device_items))), seed=9)
    doc = json.loads(exported(device))
    damaged = change(doc)
    text = damaged if isinstance(damaged, str) else json.dumps(doc if damaged is None else damaged)
    before = copy.deepcopy(target.store.backend.items)
    game, dice = target.session.state, target.dice.state
    import_text(target, text, name="bad.json")
    said = target.ui.get("data_said", "")
    assert said.startswith("bad.json was not imported, and nothing was changed: "), said
    assert expected in said, said
    assert "import" not in target.ui  # nothing to confirm
    assert target.store.backend.items == before
    assert target.session.state is game and target.dice.state is dice


def test_a_file_too_big_is_refused_before_it_is_read(device, monkeypatch):
    monkeypatch.setattr(datafile, "MAX_CHARS", 1000)
    fresh = make_app()
    import_text(fresh, exported(device))
    assert "file: it is 0 million characters long" in fresh.ui["data_said"]
    assert fresh.store.backend.items == {}


def test_an_import_the_storage_cannot_hold_is_undone_whole(device, device_items):
    """The browser refuses a write halfway (storage full): what was written is put back."""
    local = FakeLocalStorage()
    for key, value in device_items.items():
        if "dice" not in key:
            local.setItem(key, value)
    target = make_app(Store(LocalStorageBackend(local)), seed=9)
    before = dict(local._items)
    text = exported(device)
    import_text(target, text)
    assert target.ui["import"]["plan"].games == {"dice": "adds"}
    local.quota = sum(len(k) + len(v) for k, v in before.items()) + 2000  # room for a little
    target.handle({"do": "data.import_confirm"})
    said = target.ui["data_said"]
    assert said.startswith("data.json was not imported, and nothing was changed: "), said
    assert "QuotaExceededError" in said
    assert local._items == before and target.dice is None


# --- a game's record as a file ----------------------------------------------------------------

def test_download_the_record_of_the_game_at_the_table_and_of_a_finished_one(device):
    device.go("table", dialog="sheet")
    assert "Download record" in device.render()
    device.handle({"do": "data.record", "game": "cards"})
    name, text = device.download
    assert name.startswith("thousand-cards-record-") and json.loads(text) == device.session.record
    device.go("dice", dialog="log")
    assert "Download record" in device.render()
    device.handle({"do": "data.record", "game": "dice"})
    assert json.loads(device.download[1]) == device.dice.record
    device.go("history")
    html = device.render()
    assert html.count("Download record") == 2
    device.handle({"do": "data.record", "game": "dice", "entry": 0})
    assert json.loads(device.download[1]) == device.store.history("dice")[0]["record"]
    device.download = None
    device.handle({"do": "data.record", "game": "dice", "entry": 5})
    assert device.download is None and "no record of that game" in device.notice


def test_a_record_file_is_opened_and_kept_for_the_screen_that_shows_it(device):
    rec = device.store.history("cards")[0]["record"]
    device.go("history")
    device.handle({"do": "data.open_record", "text": json.dumps(rec), "name": "game.json"})
    assert device.ui["keep"]["opened_record"] == {"game": "cards", "record": rec,
                                                  "name": "game.json"}
    assert device.screen == "replay"  # a card game's record opens at its first deal's replay
    device.handle({"do": "replay.back"})
    assert device.screen == "history"
    device.handle({"do": "data.open_record", "text": exported(device), "name": "all.json"})
    assert device.notice.startswith("all.json could not be opened: format: this is a Thousand "
                                    "data file, not a game record")
    device.handle({"do": "data.open_record", "text": '{"format": "thousand-record", '
                   '"version": 1, "game": "dice", "players": 99}', "name": "bad.json"})
    assert "bad.json could not be opened: " in device.notice


def test_settings_offer_export_and_import():
    app = make_app()
    app.go("settings")
    html = str(app.render())
    assert "Export my data" in html and 'type="file"' in html and 'data-do="data.import"' in html
    assert "Finished games are kept with the game in progress (up to 100)." in html
    app.storage_info = {"usage": 9.5e6, "quota": 10e6, "persisted": False,
                        "history_in": "indexeddb"}
    html = str(app.render())
    assert "Stored by this site: 9.5 MB of 10 MB." in html
    assert "The storage is nearly full" in html
    assert "The browser may delete this data" in html
    assert "kept in the browser's database (up to 100)" in html
