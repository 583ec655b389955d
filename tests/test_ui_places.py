"""Issue 20, Must 4: where the player is (App.place), Back and Forward to a place (App.return_to,
as the browser's history entries ask, thousand/ui/browser.py PlaceTrail), and the place kept in
storage for a reload (App.remember_place, App.return_to_saved_place); a closed deal summary stays
closed (kept with the game); the Conventions screen is left without using its rules."""
import json
import random

from test_ui_app import new_app, person_move, start
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App, checked_place
from thousand.ui.screens import new as new_screen
from thousand.ui.screens import table

HOME = {"screen": "home", "dialog": None}
TABLE = {"screen": "table", "dialog": None}


def to_summary(app, seed):
    """Play the person's moves until the first deal's summary is open."""
    rnd = random.Random(seed)
    for _ in range(3000):
        if table._summary_pending(app):
            return
        if not app.bot_step():
            person_move(app, rnd)
    raise AssertionError("the first deal never ended")


def test_the_place_names_the_screen_and_the_dialog_open():
    app = new_app()
    assert app.place() == HOME
    start(app)
    assert app.place() == TABLE
    for name in ("sheet", "bids"):
        app.handle({"do": f"table.{name}"})
        assert app.place() == {"screen": "table", "dialog": name}
        app.handle({"do": "table.close"})
        assert app.place() == TABLE


def test_back_closes_a_table_dialog_and_forward_opens_it_again():
    app = new_app()
    start(app)
    app.handle({"do": "table.sheet"})
    assert app.return_to(TABLE) == TABLE
    assert "Score sheet</h2>" not in str(app.render())
    assert app.return_to({"screen": "table", "dialog": "sheet"}) == \
        {"screen": "table", "dialog": "sheet"}
    assert 'aria-label="Score sheet"' in str(app.render())


def test_back_from_the_table_goes_home_with_the_game_kept_and_forward_returns():
    app = new_app()
    start(app)
    game = app.session
    at = game.actions_so_far()
    assert app.return_to(HOME) == HOME
    assert app.session is game and game.actions_so_far() == at
    assert "Continue" in str(app.render())
    assert app.return_to(TABLE) == TABLE and app.session is game


def test_back_on_a_deal_summary_closes_it_as_next_deal_and_it_stays_closed():
    store = Store(MemoryBackend())
    app = new_app(seed=5, store=store)
    start(app)
    to_summary(app, 5)
    assert app.place() == {"screen": "table", "dialog": "summary"}
    assert app.return_to(TABLE) == TABLE
    assert not table._summary_pending(app)
    # kept with the game: a reload (a new App on the same storage) does not open it again
    again = App(store, delay=0, seed=5)
    again.return_to_saved_place()
    assert again.session.meta["seen"] == len(again.session.record["deals"])
    assert again.session.state["phase"] == "deal"  # the next deal not dealt: it would show
    again.go("table")
    assert again.place() == TABLE and not table._summary_pending(again)


def test_a_summary_not_closed_is_open_again_after_a_reload():
    store = Store(MemoryBackend())
    app = new_app(seed=5, store=store)
    start(app)
    to_summary(app, 5)
    app.remember_place()
    again = App(store, delay=0, seed=5)
    assert again.return_to_saved_place() == {"screen": "table", "dialog": "summary"}


def test_a_reload_returns_to_the_table_mid_deal():
    store = Store(MemoryBackend())
    app = new_app(seed=8, store=store)
    start(app)
    rnd = random.Random(8)
    for _ in range(30):
        if not app.bot_step():
            person_move(app, rnd)
    app.remember_place()
    hand = app.session.view(0)["deal"]["hand"]
    again = App(store, delay=0, seed=8)
    assert again.return_to_saved_place() == TABLE
    assert again.screen == "table" and again.session.view(0)["deal"]["hand"] == hand


def test_a_reload_returns_to_a_dialog_that_can_be_opened_again():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app)
    app.handle({"do": "table.bids"})
    app.remember_place()
    assert App(store, delay=0).return_to_saved_place() == {"screen": "table", "dialog": "bids"}


def test_a_play_screen_without_its_game_is_home():
    store = Store(MemoryBackend())
    store.save_place({"screen": "table", "dialog": "sheet"})
    app = App(store, delay=0)
    assert app.session is None and app.return_to_saved_place() == HOME
    assert app.return_to({"screen": "dice", "dialog": "log"}) == HOME


def test_a_damaged_place_is_home_and_kept_aside_with_a_word():
    store = Store(MemoryBackend())
    store.backend.set("thousand:place", '{"kind": "place", "vers')
    app = App(store, delay=0)
    assert app.return_to_saved_place() == HOME
    kept = [k for k in store.backend.keys() if k.startswith("thousand:damaged:place")]
    assert kept and store.backend.get(kept[0]) == '{"kind": "place", "vers'
    assert app.saved_problem.startswith("The screen you were on")  # said on the home screen
    assert app.saved_problem in str(app.render())


def test_a_place_of_any_shape_is_read_safely():
    for junk in (None, [], "table", {"screen": "nowhere"}, {"screen": 3},
                 {"screen": "rules", "dialog": ["x"]}, {"screen": "rules", "dialog": "x" * 99}):
        assert checked_place(junk)["screen"] in ("home", "rules")
        assert checked_place(junk)["dialog"] is None


def test_with_a_damaged_game_the_reload_stays_home_where_it_is_said():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app)
    app.remember_place()
    store.backend.set("thousand:game:cards", '{"kind": "cards", "vers')
    again = App(store, delay=0)
    assert again.saved_problem
    assert again.return_to_saved_place() == HOME


def test_forward_returns_to_a_screen_as_it_was_left():
    app = new_app(seed=5)
    start(app)
    to_summary(app, 5)
    app.handle({"do": "table.replay"})
    assert app.screen == "replay"
    step = app.ui["replay"]["step"]
    assert app.return_to({"screen": "table", "dialog": "summary"})["screen"] == "table"
    assert app.return_to({"screen": "replay", "dialog": None})["screen"] == "replay"
    assert app.ui["replay"]["step"] == step and "Nothing to replay" not in str(app.render())


def test_conventions_cancel_drops_the_edits_and_returns_whence_it_came():
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    setup = new_screen.setup_of(app)
    before = json.dumps(setup, sort_keys=True)
    new_screen.open_conventions(app, "cards")
    app.handle({"do": "conventions.set", "id": "low_score_threshold", "value": "100"})
    assert new_screen.setup_of(app)["overrides"] == {"low_score_threshold": 100}
    app.handle({"do": "conventions.cancel"})
    assert app.screen == "new"
    assert json.dumps(new_screen.setup_of(app), sort_keys=True) == before
    # from home, Cancel goes home
    app.handle({"do": "go", "screen": "home"})
    app.handle({"do": "go", "screen": "conventions"})
    app.handle({"do": "conventions.set", "id": "low_score_threshold", "value": "100"})
    app.handle({"do": "conventions.cancel"})
    assert app.screen == "home" and new_screen.setup_of(app)["overrides"] == {}


def test_back_from_conventions_drops_the_edits_and_use_keeps_them():
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    new_screen.open_conventions(app, "cards")
    app.handle({"do": "conventions.set", "id": "low_score_threshold", "value": "100"})
    assert app.return_to({"screen": "new", "dialog": None})["screen"] == "new"
    assert new_screen.setup_of(app)["overrides"] == {}
    new_screen.open_conventions(app, "cards")
    app.handle({"do": "conventions.set", "id": "low_score_threshold", "value": "100"})
    app.handle({"do": "conventions.use"})
    assert app.screen == "new"
    assert new_screen.setup_of(app)["overrides"] == {"low_score_threshold": 100}


def test_the_dice_log_is_a_dialog_back_closes():
    app = new_app()
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.start"})
    assert app.screen == "dice"
    app.handle({"do": "dice.roll"})
    app.handle({"do": "dice.log"})
    assert app.place() == {"screen": "dice", "dialog": "log"}
    assert app.return_to({"screen": "dice", "dialog": None}) == {"screen": "dice", "dialog": None}
    assert app.return_to(HOME) == HOME and app.dice is not None


def test_back_on_announce_or_are_you_sure_asks_nothing_and_changes_nothing():
    app = new_app()
    start(app)
    s = app.session
    rnd = random.Random(3)
    for _ in range(400):  # to the person's first lead
        if not app.bot_step():
            v = s.view(0)
            if v["phase"] == "play" and v["legal"] and not v["deal"]["trick"]:
                break
            person_move(app, rnd)
    card = s.view(0)["legal"][0]["card"]
    before = s.state
    app.ui["pending"] = card  # as a lead that may announce a marriage asks
    assert app.place() == {"screen": "table", "dialog": "announce"}
    assert app.return_to(TABLE) == TABLE and s.state is before
    app.ui["confirm"] = {"at": s.actions_so_far(), "action": s.view(0)["legal"][0],
                         "risk": {"kind": "dark"}}
    assert app.place() == {"screen": "table", "dialog": "confirm"}
    assert app.return_to(TABLE) == TABLE and s.state is before
