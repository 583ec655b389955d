"""Computer players on the page (issue 9, items 5 and 6), on CPython: the New-game screen offers
every level thousand.bots has and saves the choice with the game, the table shows it beside the
seat's name, old saves keep their players, and a decision is a generator that the page runs a
step at a time (a player with think() is pumped, one with only choose() decides in one step)
while the deciding seat is marked as thinking. The page's slicing runs these same generators
(thousand/ui/browser.py; e2e/test_bot_thinking.py)."""
import random
import re

import pytest

import thousand.bots as registry
from test_ui_app import person_move, start
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import new, table
from thousand.ui.session import CardSession, run_out

LEVELS = ("easy", "normal", "strong")


def new_app(seed=3, store=None):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def searching(seed, **options):
    """The search player as a level would build it, with a small budget (a test's decisions
    take a fraction of a second)."""
    from thousand.bots.search.player import SearchPlayer
    small = {"samples": 4, "min_samples": 2, "node_budget": 20_000, "slice_nodes": 200}
    return SearchPlayer(random.Random(seed), **{**small, **options})


@pytest.fixture
def levels(monkeypatch):
    """easy, normal and strong registered (one line each in thousand.bots.CARD_BOTS) as small
    search players: these tests are about how the page runs a player that thinks, not about how
    well each level plays (nor how long it takes)."""
    for name in LEVELS:
        monkeypatch.setitem(registry.CARD_BOTS, name, searching)
    monkeypatch.setattr(registry, "BOT_NAMES", tuple(registry.CARD_BOTS))
    return registry.BOT_NAMES


def seat_options(html, seat) -> list:
    select = re.search(rf'<select id="seat-kind-{seat}".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)


def selected(html, seat) -> str:
    select = re.search(rf'<select id="seat-kind-{seat}".*?</select>', html, re.S).group(0)
    return re.search(r'<option value="([^"]*)" selected', select).group(1)


# --- the New-game screen ------------------------------------------------------------------------

def test_only_the_registered_players_are_offered_each_with_its_label():
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    options = seat_options(str(app.render()), 1)
    offered = [v for v, _ in options if v.startswith("bot:")]
    assert sorted(offered) == sorted(f"bot:{b}" for b in registry.BOT_NAMES)
    labels = dict(options)
    assert labels["human"] == "A person at this device"
    assert labels["bot:heuristic"] == "Computer: Rule of thumb"
    assert labels["bot:random"] == "Computer: Random"


def test_a_seat_chooses_easy_normal_strong_and_normal_is_the_default():
    assert set(LEVELS) <= set(registry.BOT_NAMES)
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    html = str(app.render())
    labels = [label for v, label in seat_options(html, 1) if v.startswith("bot:")]
    assert labels[:5] == ["Computer: Easy", "Computer: Normal", "Computer: Strong",
                          "Computer: Rule of thumb", "Computer: Random"]
    assert selected(html, 1) == selected(html, 2) == "bot:normal"
    assert selected(html, 0) == "human"
    assert "Easy makes mistakes" in html  # the levels are said in words


def test_a_player_name_this_page_does_not_know_is_offered_as_it_is(monkeypatch):
    monkeypatch.setitem(registry.CARD_BOTS, "deep_blue", registry.CARD_BOTS["heuristic"])
    monkeypatch.setattr(registry, "BOT_NAMES", tuple(registry.CARD_BOTS))
    assert new.card_bots()["deep_blue"] == "Computer: Deep blue"


def test_the_level_chosen_is_saved_with_the_game_and_shown_beside_the_name():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app, 3, kinds={1: "bot:strong", 2: "bot:easy"})
    seats = store.load_game("cards").data["meta"]["seats"]
    assert [s.get("bot") for s in seats] == [None, "strong", "easy"]
    html = str(app.render())
    assert 'Boris</span><span class="level"> · Strong</span>' in html
    assert 'Vera</span><span class="level"> · Easy</span>' in html
    assert 'aria-label="Boris (Strong): 0 points' in html
    # and the setup is remembered for the next game
    again = new_app(store=store)
    again.handle({"do": "go", "screen": "new"})
    assert selected(str(again.render()), 1) == "bot:strong"


def test_a_remembered_setup_with_a_player_no_longer_there_gets_the_default_one():
    store = Store(MemoryBackend())
    setup = new.default_setup(3)
    setup["seats"][1]["bot"] = "grandmaster"
    store.save_settings({"setup": setup})
    app = new_app(store=store)
    app.handle({"do": "go", "screen": "new"})
    assert selected(str(app.render()), 1) == f"bot:{new.default_bot()}"
    app.handle({"do": "new.start"})
    assert app.session.meta["seats"][1]["bot"] == new.default_bot()


def test_an_old_save_with_heuristic_players_resumes_and_plays_on():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app, 3, kinds={1: "bot:heuristic", 2: "bot:heuristic"})
    doc = store.load_game("cards").data
    del doc["meta"]["seats"][2]["bot"]  # the oldest saves had no name: the heuristic player
    store.save_game("cards", doc)
    again = new_app(store=store)
    assert again.session.bot_name(1) == again.session.bot_name(2) == "heuristic"
    again.handle({"do": "home.continue"})
    html = str(again.render())
    assert html.count(" · Rule of thumb</span>") == 2
    rnd = random.Random(3)
    for _ in range(30):
        while again.bot_step():
            pass
        person_move(again, rnd)
    assert {d["bot"] for d in again.decisions} == {"heuristic"}


# --- a decision, a step at a time ---------------------------------------------------------------

def all_computer_app(level, seed=5):
    app = new_app(seed=seed)
    app.handle({"do": "go", "screen": "new"})
    app.render()
    for seat in range(3):
        app.handle({"do": "new.kind", "seat": seat, "value": f"bot:{level}"})
    app.handle({"do": "new.start"})
    return app


def to_a_searched_play(app):
    """Computer moves until the one due is a card play with a choice (where a level searches)."""
    for _ in range(200):
        s = app.session
        seat = s.to_act()
        if app.bot_pending():
            legal = s.view(seat)["legal"]
            if legal[0]["type"] == "play" and len(legal) > 1:
                return
            app.bot_step()
        else:
            app.handle({"do": "table.seen"})
    raise AssertionError("no card play with a choice came")


def test_a_player_with_only_choose_decides_in_one_step_as_before():
    app = all_computer_app("heuristic")
    session = app.session
    steps = session.bot_thinking()
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert done.value.value == session.bot_action()
    assert done.value.value in session.view(session.to_act())["legal"]


def test_a_thinking_player_is_pumped_step_by_step_and_decides_as_choose_does(levels):
    app = all_computer_app("strong")
    to_a_searched_play(app)
    session = app.session
    seat = session.to_act()
    steps = session.bot_thinking()
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        count += 1
    assert count > 1
    assert action in session.view(seat)["legal"]
    # the same player, seeded by the game and the moves so far, asked in one go
    assert action == registry.make_bot("strong", session.meta["seed"] * 7919
                                       + session.actions_so_far()).choose(session.view(seat))
    assert run_out(session.bot_thinking()) == action == session.bot_action()


def test_the_deciding_seat_is_marked_thinking_while_its_steps_run_and_not_after(levels):
    app = all_computer_app("strong")
    to_a_searched_play(app)
    seat = app.session.to_act()
    move = app.bot_move()
    steps = move.steps()
    next(steps)
    assert app.thinking() == seat
    html = str(app.render())
    box = re.search(r'<(div|footer) class="(opponent|me)[^"]* thinking"[^>]*aria-busy="true"'
                    r'.*?thinking…', html, re.S)
    assert box, html
    assert html.count('aria-busy="true"') == 1 and html.count("thinking…") == 1
    if seat != table.viewer(app):
        assert f'aria-label="{app.session.names()[seat]} (Strong)' in box.group(0)
    for _ in steps:
        pass
    assert move.action is not None and app.thinking() is None
    assert move.make()
    html = str(app.render())
    assert 'aria-busy="true"' not in html and "thinking…" not in html
    record = app.decisions[-1]
    assert record["seat"] == seat and record["bot"] == "strong" and record["action"] == move.action
    assert record["steps"] > 1
    assert record["ms"] >= record["work_ms"] >= record["longest_ms"] > 0


def test_a_decision_broken_off_leaves_no_mark_and_is_taken_again_the_same(levels):
    app = all_computer_app("strong")
    to_a_searched_play(app)
    session = app.session
    seat, at, decided = session.to_act(), session.actions_so_far(), len(app.decisions)
    expected = registry.make_bot("strong", session.meta["seed"] * 7919 + at).choose(
        session.view(seat))
    move = app.bot_move()
    steps = move.steps()
    next(steps)
    app.handle({"do": "go", "screen": "home"})  # the person leaves the table mid-thought
    assert not move.due()
    steps.close()
    assert app.thinking() is None and len(app.decisions) == decided
    assert not move.make()  # nothing was decided: nothing is played
    assert session.actions_so_far() == at
    app.handle({"do": "home.continue"})
    assert app.bot_step()
    assert session.actions_so_far() == at + 1
    assert app.decisions[-1]["seat"] == seat and app.decisions[-1]["action"] == expected


def test_a_move_thought_out_for_a_position_that_is_gone_is_not_made():
    app = all_computer_app("heuristic")
    move = app.bot_move()
    for _ in move.steps():
        pass
    assert app.bot_step()  # another move was made meanwhile: the position is not the same
    before = app.session.state
    assert not move.due() and not move.make()
    assert app.session.state is before


def test_every_decision_is_timed_and_the_latest_are_kept(monkeypatch):
    import thousand.ui.app as app_module
    monkeypatch.setattr(app_module, "DECISIONS_KEPT", 5)
    app = all_computer_app("heuristic")
    for _ in range(8):
        assert app.bot_step()
    assert len(app.decisions) == 5
    for d in app.decisions:
        assert set(d) >= {"seat", "bot", "action", "started", "ms", "work_ms", "longest_ms",
                          "steps"}
        assert d["steps"] == 1 and d["bot"] == "heuristic"
    assert [d["started"] for d in app.decisions] == sorted(d["started"] for d in app.decisions)


def test_a_session_loads_its_players_as_the_game_starts(levels, monkeypatch):
    built = []
    monkeypatch.setitem(registry.CARD_BOTS, "strong",
                        lambda seed: built.append(seed) or searching(seed))
    app = new_app()
    start(app, 3, kinds={1: "bot:strong"})
    assert built == [0]  # once, before any decision
    assert isinstance(app.session, CardSession)


def test_a_level_of_thousand_bots_is_run_by_the_page_a_step_at_a_time():
    app = all_computer_app("easy")
    to_a_searched_play(app)
    move = app.bot_move()
    steps = sum(1 for _ in move.steps())
    assert steps >= 1 and move.action in app.session.view(move.seat)["legal"]
    assert move.make()
    assert app.decisions[-1]["bot"] == "easy" and app.decisions[-1]["steps"] == steps + 1
    # and the level's decisions before it, the auction and the exchange, were thought out too
    assert max(d["steps"] for d in app.decisions) > 1
