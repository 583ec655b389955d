"""No game is ever lost (issue 20, item 1): a new game over one in progress asks first and names
it; going on keeps the old game in Finished games as not finished (replayable, resumable while it
is the newest), counted in Statistics as abandoned, never as a win or a loss."""
import random

from thousand import statistics
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App

from tests.test_ui_app import person_move, start


def new_app(store, seed=3):
    return App(store, delay=0, seed=seed)


def play_moves(app, count, seed=1):
    rnd = random.Random(seed)
    for _ in range(count):
        while app.bot_step():
            pass
        person_move(app, rnd)


def play_deals(app, deals, seed=1):
    """Moves until `deals` deals are settled (the game not over)."""
    rnd = random.Random(seed)
    while app.session.state["score"]["deals_settled"] < deals:
        while app.bot_step():
            pass
        person_move(app, rnd)


def test_a_new_card_game_over_one_in_progress_asks_first_and_names_it():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    play_deals(app, 2)
    old = app.session
    totals = old.state["score"]["totals"]
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    assert app.session is old and app.screen == "new"  # nothing replaced yet
    html = app.render()
    assert "A game is in progress" in html
    deal = old.state["score"]["deals_settled"] + 1
    assert f"Deal {deal}: You {totals[0]}".replace("-", "\u2212") in html.replace("-", "\u2212")
    assert "Boris" in html
    assert store.history("cards") == []


def test_cancel_and_back_keep_the_game_in_progress():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    play_moves(app, 5)
    old = app.session
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    app.handle({"do": "replace.cancel"})
    assert app.session is old and app.screen == "new"
    assert "A game is in progress" not in app.render()
    app.handle({"do": "new.start"})
    app.handle({"do": "replace.back"})
    assert app.session is old and app.screen == "table"
    assert store.history("cards") == []


def test_going_on_keeps_the_old_game_as_not_finished_and_abandoned_in_statistics():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    play_deals(app, 1)
    old = app.session
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    app.handle({"do": "replace.yes"})
    assert app.session is not old and app.screen == "table"
    entry = store.history("cards")[0]
    assert entry["unfinished"] is True and entry["winners"] == []
    assert entry["record"] == old.record and entry["totals"] == old.state["score"]["totals"]
    # the saved game is the new one; the old one is in Finished games
    assert store.load_game("cards").data["record"] == app.session.record
    # Statistics: abandoned, neither won nor lost
    figures, _found = statistics.count("cards", store.history("cards"))
    group = figures["groups"][0]
    assert group["abandoned"] == 1 and group["played"] == 0 and group["won"] == 0
    app.handle({"do": "go", "screen": "statistics"})
    assert "Games abandoned (not counted)" in app.render()
    # Finished games shows it as not finished, with a deal to replay and Resume
    app.handle({"do": "go", "screen": "history"})
    html = app.render()
    assert "Not finished" in html and "Resume" in html and "Replay a deal" in html


def test_an_abandoned_game_is_resumed_while_it_is_the_newest_and_the_other_kept():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    play_moves(app, 12)
    old_record, old_state = app.session.record, app.session.state
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start", "replace": 1})
    play_moves(app, 6, seed=2)
    newer_record = app.session.record
    key = statistics.fingerprint(store.history("cards")[0])
    app.handle({"do": "go", "screen": "history"})
    app.handle({"do": "history.resume", "kind": "cards", "key": key})
    assert "A game is in progress" in app.render()  # the newer game would be replaced: asked
    app.handle({"do": "replace.yes"})
    assert app.screen == "table"
    assert app.session.record == old_record and app.session.state == old_state
    history = store.history("cards")
    assert len(history) == 1 and history[0]["record"] == newer_record
    assert history[0]["unfinished"]
    # the resumed game is saved as the game in progress, and a reload finds it
    again = new_app(store)
    assert again.session.record == old_record


def test_only_the_newest_entry_can_be_resumed():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    play_moves(app, 4)
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start", "replace": 1})
    play_moves(app, 4, seed=5)
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start", "replace": 1})
    older = store.history("cards")[1]
    app.handle({"do": "go", "screen": "history"})
    assert app.render().count(">Resume<") == 1
    current = app.session
    app.handle({"do": "history.resume", "kind": "cards",
                "key": statistics.fingerprint(older), "replace": 1})
    assert app.session is current and app.notice == "This game cannot be resumed."


def test_a_game_with_no_move_made_is_replaced_without_asking():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)  # dealt; nobody has moved yet (computer moves are made only by bot_step)
    assert app.session.moves_made() == 0
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    assert "A game is in progress" not in app.render() and app.screen == "table"
    assert store.history("cards") == []


def test_a_new_dice_game_over_one_in_progress_asks_and_keeps_it():
    store = Store(MemoryBackend())
    app = new_app(store)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.start"})
    for _ in range(200):  # the computers' turns and the person's rolls until some turns are done
        while app.bot_step():
            pass
        if len(app.dice.state["turns"]) >= 3:
            break
        legal = app.dice.view(app.dice.to_act())["legal"]
        app.dice.act(legal[0])
    old = app.dice
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.start"})
    html = app.render()
    assert app.dice is old and "A game is in progress" in html
    assert f"Turn {len(old.state['turns']) + 1}:" in html
    app.handle({"do": "replace.yes"})
    assert app.dice is not old
    entry = store.history("dice")[0]
    assert entry["unfinished"] and entry["record"] == old.record
    figures, _found = statistics.count("dice", store.history("dice"))
    assert figures["groups"][0]["abandoned"] == 1 and figures["groups"][0]["won"] == 0
