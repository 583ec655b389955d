"""The page's controller on CPython: whole games driven by page events (as the browser sends
them), hot-seat privacy, the deal summary, saving after every action, rules and history."""
import random
import re

import pytest

from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import table


def new_app(seed=3, store=None):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def start(app, players=3, kinds=None):
    app.handle({"do": "go", "screen": "new"})
    app.render()
    if players != 3:
        app.handle({"do": "new.players", "value": players})
    for seat, kind in (kinds or {}).items():
        app.handle({"do": "new.kind", "seat": seat, "value": kind})
    app.handle({"do": "new.start"})
    if app.ui.get("replace"):  # a game in progress: it goes to Finished games (in_progress.py)
        app.handle({"do": "replace.yes"})


def person_move(app, rnd):
    """One decision of the person to act, through page events only."""
    html = app.render()
    assert "Something went wrong" not in html
    if table._privacy_needed(app) and not table._summary_pending(app):
        app.handle({"do": "table.reveal"})
        return
    if table._summary_pending(app):
        app.handle({"do": "table.seen"})
        return
    if app.ui.get("pending"):
        i = re.findall(r'data-do="table.announce" data-arg="\{&quot;i&quot;:(\d+)\}"', html)
        app.handle({"do": "table.announce", "i": int(i[0])})
        return
    legal = app.session.view(table.viewer(app))["legal"]
    assert legal, "the page offers the person nothing"
    a = rnd.choice(legal)
    if a["type"] == "play":
        app.handle({"do": "table.card", "card": a["card"]})
    elif a["type"] in ("give", "discard"):
        app.handle({"do": "table.card", "card": a["card"]})
        app.handle({"do": "table.give", "to": a["to"]} if a["type"] == "give"
                   else {"do": "table.discard"})
    elif a["type"] == "bid" and a["value"] > 125:
        app.handle({"do": "table.act", "i": legal.index({"type": "pass", "seat": a["seat"]})})
    else:
        app.handle({"do": "table.act", "i": legal.index(a)})
    assert app.notice is None, app.notice


def play_out(app, seed, limit=6000):
    rnd = random.Random(seed)
    for _ in range(limit):
        if app.session.over:
            return
        while app.bot_step():
            pass
        if app.session.over:
            return
        person_move(app, rnd)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_through_page_events(players):
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app, players)
    play_out(app, players)
    html = app.render()
    # a deal played out: its last trick lies on the table first, with its winner marked, and a
    # tap gathers it (a deal written off has no trick to show)
    played = bool(app.session.state["last_deal"].get("tricks"))
    assert ('aria-label="Game over"' not in html) == played
    assert ('class="centre trick-done"' in html) == played
    app.handle({"do": "table.gather"})
    html = app.render()
    assert 'aria-label="Game over"' in html and "Rematch" in html
    assert store.history("cards")[0]["names"][0] == "You"
    assert store.load_game("cards").data is None  # a finished game is no longer offered


def test_every_action_is_saved_and_a_new_app_resumes_it():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app)
    rnd = random.Random(1)
    for _ in range(40):
        while app.bot_step():
            pass
        person_move(app, rnd)
    again = new_app(store=store)
    assert again.session.state == app.session.state
    assert again.session.record == app.session.record
    assert "Continue" in again.render()


def test_hot_seat_hides_each_hand_until_its_owner_taps():
    app = new_app(seed=9)
    start(app, 3, kinds={1: "human", 2: "human"})
    seen_privacy = set()
    rnd = random.Random(9)
    for _ in range(300):
        if table._privacy_needed(app) and not table._summary_pending(app):
            html = app.render()
            assert 'class="hand' not in html  # no cards on the privacy screen
            seen_privacy.add(app.session.to_act())
        person_move(app, rnd)
    assert len(seen_privacy) >= 2


def test_computer_players_wait_for_the_deal_summary():
    app = new_app(seed=4)
    start(app)
    rnd = random.Random(4)
    for _ in range(2000):
        while app.bot_step():
            pass
        if table._summary_pending(app):
            break
        person_move(app, rnd)
    assert table._summary_pending(app)
    deals = len(app.session.record["deals"])
    assert not app.bot_step()  # nobody deals while the last trick lies on the table
    app.handle({"do": "table.gather"})
    assert not app.bot_step()  # nor while the person reads the summary
    assert len(app.session.record["deals"]) == deals
    assert "End of the deal" in app.render() or "Redeal" in app.render()


def test_an_illegal_card_is_refused_in_words_and_nothing_changes():
    app = new_app(seed=2)
    start(app)
    rnd = random.Random(2)
    for _ in range(500):
        while app.bot_step():
            pass
        v = app.session.view(table.viewer(app))
        if v["phase"] == "play" and v["legal"] and v["deal"]["trick"]:
            illegal = [c for c in v["deal"]["hand"] if c not in {a["card"] for a in v["legal"]}]
            if illegal:
                before = app.session.state
                app.handle({"do": "table.card", "card": illegal[0]})
                # R38: the rule that stops it, named (issue 20, Must 5), never a bare refusal
                led = v["deal"]["trick"][0][1][1]
                suits = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
                assert app.notice in (f"You must follow {suits[led]}.",
                                      f"You must trump: you have no {suits[led]}."), app.notice
                assert app.session.state is before
                return
        person_move(app, rnd)
    pytest.fail("no position with an unplayable card came up")


def test_rules_screen_lists_conventions_the_game_changes():
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.rules", "value": "preset:agc_pc"})
    app.handle({"do": "new.start"})
    app.handle({"do": "go", "screen": "rules"})
    html = app.render()
    assert "This game differs from Classic" in html and "Ace marriage: on" in html


def test_history_lists_finished_games():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app, 2)
    play_out(app, 5)
    app.handle({"do": "go", "screen": "history"})
    assert " won</strong>" in app.render()


def test_settings_change_the_computer_delay_and_it_persists():
    store = Store(MemoryBackend())
    app = App(store)
    assert app.delay == 0.6
    app.handle({"do": "go", "screen": "settings"})
    assert 'id="bot-delay"' in app.render()
    app.handle({"do": "settings.delay", "value": "0.3"})
    assert app.delay == 0.3 and App(store).delay == 0.3
    app.handle({"do": "settings.delay", "value": "9"})
    assert app.notice and app.delay == 0.3


def test_damaged_settings_are_reported_on_the_home_screen():
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings({"delay": 0.3})
    key = next(k for k in backend.keys() if "settings" in k)
    backend.set(key, "{not json")
    app = App(Store(backend))
    assert app.saved_problem and "settings" in app.saved_problem.lower()
    assert "role=\"alert\"" in app.render()
