"""Room for years of games (issue 12, item 7): finished games in storage of their own (IndexedDB in
the page, here a backend that counts), and a storage filled to its limit: the game in progress
is still saved, the player is told and offered the export, and no finished game is lost unsaid."""
import json
import random

from tests import test_ui_app as cards_ui
from tests.test_storage import FakeLocalStorage
from thousand import datafile
from thousand.storage import (HISTORY_CAP, HISTORY_CAP_OWN, LocalStorageBackend, MemoryBackend,
                              SplitBackend, Store, WriteThroughBackend, merged_history_text,
                              used_chars)
from thousand.ui.app import App


def entry(i):
    return {"names": ["Ann", "Bob"], "totals": [1000, i], "winners": ["Ann"], "deals": 3,
            "record": {"format": "thousand-record", "pad": "x" * 3000, "n": i}}


def used(local) -> int:
    return sum(len(k) + len(v) for k, v in local._items.items())


def play(app, moves, seed=4):
    rnd = random.Random(seed)
    for _ in range(moves):
        while app.bot_step():
            pass
        if app.session.over:
            return
        cards_ui.person_move(app, rnd)


def test_a_full_local_storage_keeps_the_game_in_progress_and_says_what_it_took_out():
    """Finished games share localStorage with the game (no IndexedDB): when it is full, the game
    is saved first; the older finished games it crowds out are held on the page, listed,
    exported, and the player is told."""
    local = FakeLocalStorage()
    store = Store(LocalStorageBackend(local))
    for i in range(30):
        store.add_history("cards", entry(i))
    stored_before = store.history("cards")
    app = App(store, delay=0, seed=3)
    local.quota = used(local) + 4000  # room for a small game, not for one that grows
    cards_ui.start(app, 3)
    play(app, 40)
    # every move of the game was saved, full as it was
    assert store.load_game("cards").data == app.session.to_doc()
    said = " ".join(app.space_warning)
    assert "of the oldest finished games were taken out of it" in said
    assert "export your data to keep them" in said
    html = str(app.render())
    assert 'role="alert"' in html and "Export my data" in html
    # nothing lost unsaid: every finished game is still listed, and exported
    assert store.held_count() > 0
    assert store.history("cards") == stored_before
    exported = json.loads(datafile.dumps(datafile.build(store, "2026-12-02")))
    assert exported["finished_games"]["cards"] == stored_before
    assert len(json.loads(local.getItem("thousand:history:cards"))["data"]) < 30
    app.handle({"do": "data.dismiss"})
    assert not app.space_warning


def test_finished_games_that_do_not_fit_are_held_and_the_game_is_not_cleared():
    """History in storage of its own that is full: the game just finished is held on the page
    (listed, exported), the player is told, and its last save stays until it can be archived."""
    local, full = FakeLocalStorage(), FakeLocalStorage(quota=10)
    store = Store(SplitBackend(LocalStorageBackend(local), LocalStorageBackend(full)))
    assert store.history_cap == HISTORY_CAP_OWN
    app = App(store, delay=0, seed=3)
    cards_ui.start(app, 2)
    cards_ui.play_out(app, 5)
    assert app.session.over
    said = " ".join(app.space_warning)
    assert said.startswith("Finished games could not be saved (the browser did not let "
                           "Thousand save its data"), said
    assert "QuotaExceededError" in said
    assert [g["record"] for g in store.history("cards")] == [app.session.record]
    assert store.load_game("cards").found  # the last save stays: nothing is cleared
    assert full._items == {}
    exported = datafile.build(store, "2026-12-02")
    assert exported["finished_games"]["cards"][0]["record"] == app.session.record
    # room again: the next finished game writes the one held as well
    full.quota = None
    store.add_history("cards", entry(1))
    assert store.held_count() == 0
    assert len(json.loads(full.getItem("thousand:history:cards"))["data"]) == 2


def test_history_lives_in_its_own_backend_and_the_rest_in_local_storage():
    local, writes = MemoryBackend(), []
    history = WriteThroughBackend(write=lambda key, value: writes.append((key, value)))
    store = Store(SplitBackend(local, history))
    store.add_history("dice", entry(1))
    store.save_game("cards", {"game": "cards"})
    assert list(history.items) == ["thousand:history:dice"]
    assert "thousand:game:cards" in local.items and "thousand:history:dice" not in local.items
    assert writes == [("thousand:history:dice", history.items["thousand:history:dice"])]
    assert store.history("dice") == [entry(1)]
    assert used_chars(local) < used_chars(history)
    history.remove("thousand:history:dice")
    assert writes[-1] == ("thousand:history:dice", None)


def test_moving_history_keeps_both_copies_games_once():
    a, b = Store(MemoryBackend()), Store(MemoryBackend())
    for i in (1, 2):
        a.add_history("cards", entry(i))
    for i in (2, 3):
        b.add_history("cards", entry(i))
    key = "thousand:history:cards"
    text = merged_history_text("history:cards", a.backend.get(key), b.backend.get(key))
    merged = Store(MemoryBackend({key: text})).history("cards")
    assert [g["totals"][1] for g in merged] == [2, 1, 3]
    assert merged_history_text("history:cards", None, b.backend.get(key)) == b.backend.get(key)
    assert merged_history_text("history:cards", a.backend.get(key), "{") == a.backend.get(key)


def test_local_storage_alone_keeps_the_smaller_history():
    assert Store(MemoryBackend()).history_cap == HISTORY_CAP < HISTORY_CAP_OWN
