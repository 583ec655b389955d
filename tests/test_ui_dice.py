"""The dice game's page under CPython: whole games driven by page events (you against the optimal
bot, solo practice, eight computer players), saving after every action and resuming, damaged
saves, the score keeper for real dice, refusals in words, keep choices, the shared conventions
screen and the history."""
import json
import re
from html import unescape

import pytest

from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE
from thousand.storage import MemoryBackend, Store
from thousand.ui import dice_words as words
from thousand.ui.app import App


def new_app(seed=5, store=None):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def start(app, players=2, kinds=None, mode=None, preset=None):
    app.handle({"do": "go", "screen": "dice_new"})
    app.render()
    if players != 2:
        app.handle({"do": "dice_new.players", "value": str(players)})
    for seat, kind in (kinds or {}).items():
        app.handle({"do": "dice_new.kind", "seat": seat, "value": kind})
    if mode:
        app.handle({"do": "dice_new.mode", "value": mode})
    if preset:
        app.handle({"do": "dice_new.rules", "value": f"preset:{preset}"})
    app.handle({"do": "dice_new.start"})
    assert app.screen == "dice" and app.notice is None


def buttons(html) -> dict:
    """Each button's text -> whether it is enabled."""
    out = {}
    for attrs, text in re.findall(r"<button([^>]*)>(.*?)</button>", html, re.S):
        out[unescape(re.sub(r"<[^>]+>", "", text))] = " disabled" not in attrs
    return out


def person_move(app, stop_at=300):
    """The simple policy of the browser test, through page events: keep the best set of dice,
    roll until the turn has `stop_at` points or stopping is required, stop when the page lets
    you and you have at least 50."""
    html = str(app.render())
    assert "Something went wrong" not in html
    summary = game.turn_summary(app.dice.state)
    offered = buttons(html)
    # the page offers exactly what the engine allows
    assert offered["Roll"] == (summary["stage"] == "roll")
    assert offered["Stop"] == summary["can_stop"]
    if not summary["can_stop"]:
        assert "You cannot stop yet: " + summary["stop_reason"] in unescape(html) \
            or summary["stop_reason"] == "choose which dice to keep first"
    if summary["stage"] == "keep":
        app.handle({"do": "dice.keep", "i": 0})
    elif summary["can_stop"] and (summary["points"] >= stop_at or
                                  (summary["dice_left"] <= 2 and summary["points"] >= 50)):
        app.handle({"do": "dice.stop"})
    else:
        app.handle({"do": "dice.roll"})
    assert app.notice is None, app.notice


def play_out(app, limit=5000, **kw):
    for _ in range(limit):
        while app.bot_step():
            pass
        if app.dice.over:
            return
        person_move(app, **kw)
    raise AssertionError("the game did not end")


# --- whole games ------------------------------------------------------------------------------

def test_two_players_you_against_the_optimal_bot_to_game_over_and_rematch():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app)
    assert app.dice.meta["seats"][1] == {"kind": "bot", "bot": "optimal", "name": "Boris"}
    play_out(app)
    html = str(app.render())
    assert 'aria-label="Game over"' in html and "Rematch" in html
    state = app.dice.state
    winner = app.dice.names()[state["winners"][0]]
    assert f"{winner} win" in html
    assert store.history("dice")[0]["names"] == ["You", "Boris"]
    assert store.history("dice")[0]["winners"] == [winner]
    assert store.load_game("dice").data is None     # a finished game is no longer offered
    # a rematch: same players and conventions, a new game
    app.handle({"do": "dice.rematch"})
    assert app.screen == "dice" and not app.dice.over and app.dice.state["turns"] == []
    assert app.dice.names() == ["You", "Boris"]
    assert store.load_game("dice").data is not None


def test_solo_practice_ends_with_the_number_of_turns():
    app = new_app(seed=8)
    start(app, players=1)
    assert app.dice.n == 1
    play_out(app)
    html = unescape(str(app.render()))
    turns = len(app.dice.state["turns"])
    assert re.search(rf"You reached \d+ in {turns} turns", html)
    assert app.dice.state["winners"] == [0]


def test_eight_computer_players_play_a_whole_game_alone():
    app = new_app(seed=11)
    kinds = {i: "bot:threshold" if i % 2 else "bot:optimal" for i in range(8)}
    start(app, players=8, kinds=kinds)
    assert app.dice.n == 8 and not app.dice.humans()
    steps = 0
    while app.bot_step():
        steps += 1
    assert app.dice.over and steps > 50
    html = str(app.render())
    assert 'aria-label="Game over"' in html
    assert html.count("<li>") >= 8          # the ranking lists everyone


def test_the_page_shows_dice_readings_set_aside_and_the_score_table():
    app = new_app(seed=3)
    start(app, kinds={1: "human"})           # two people at the device: nobody moves alone
    app.handle({"do": "dice.roll"})
    s = app.dice.state
    t = s["turn"] if s["turn"]["rolls"] else None
    html = unescape(str(app.render()))
    last = s["turns"][-1]["rolls"][-1] if t is None else t["rolls"][-1]
    for face in last["dice"]:
        assert f'role="img" aria-label="die showing {face}' in html
    assert last["text"] in html                      # e.g. "three 4s = 40" or "nothing scores"
    assert 'aria-label="Scores"' in html and "not entered" in html
    assert '<th scope="col">Status</th>' in html
    if t is not None and last["kept"]:
        assert 'aria-label="Set aside"' in html and ", set aside" in html
        assert "die fresh" in html or "fresh" in html      # the new roll is animated once
        assert "fresh" not in str(app.render())             # ...and only once


# --- refusals -----------------------------------------------------------------------------------

def test_stopping_is_refused_with_the_reason_and_nothing_changes():
    app = new_app(seed=2)
    start(app, kinds={1: "human"})
    html = unescape(str(app.render()))
    assert buttons(html)["Stop"] is False
    assert "You cannot stop yet: you have not rolled yet this turn." in html
    before = app.dice.state
    app.handle({"do": "dice.stop"})
    assert app.notice == "You cannot stop: you have not rolled yet this turn."
    assert app.dice.state is before
    # below the entry minimum: the reason is the missing points
    for _ in range(200):
        summary = game.turn_summary(app.dice.state)
        if summary["rolls"] and not summary["can_stop"] and summary["requirement"] \
                and summary["stage"] == "roll":
            break
        app.handle({"do": "dice.keep", "i": 0} if summary["stage"] == "keep"
                   else {"do": "dice.roll"})
    else:
        pytest.fail("no turn below the entry minimum came up")
    before = app.dice.state
    app.handle({"do": "dice.stop"})
    assert app.notice == f"You cannot stop: {summary['requirement']['text']}."
    assert "more to enter the game" in app.notice
    assert app.dice.state is before
    assert 'role="alert"' in str(app.render())


def test_a_person_cannot_act_for_the_computer_player():
    app = new_app(seed=6)
    start(app)
    for _ in range(500):
        seat = app.dice.to_act()
        if app.dice.is_bot(seat):
            break
        person_move(app)
    before = app.dice.state
    app.handle({"do": "dice.roll"})
    assert app.notice == "It is Boris's turn." and app.dice.state is before
    assert buttons(str(app.render()))["Roll"] is False


def test_computer_players_wait_while_the_whole_log_is_open():
    app = new_app(seed=6)
    start(app)
    for _ in range(500):
        if app.dice.is_bot(app.dice.to_act()):
            break
        person_move(app)
    app.handle({"do": "dice.log"})
    assert not app.bot_pending() and 'aria-label="Whole log"' in str(app.render())
    app.handle({"do": "dice.close"})
    assert app.bot_step()


# --- keep choices (set_aside = choose) --------------------------------------------------------

def test_keep_choices_are_offered_when_the_conventions_let_you_choose():
    app = new_app(seed=1)
    start(app, kinds={1: "human"}, preset="page_b")
    for _ in range(300):
        summary = game.turn_summary(app.dice.state)
        if summary["stage"] == "keep":
            break
        app.handle({"do": "dice.stop"} if summary["can_stop"] else {"do": "dice.roll"})
    else:
        pytest.fail("no keep choice came up")
    html = unescape(str(app.render()))
    options = summary["pending"]["options"]
    for o in options:
        assert f"Keep {o['text']}</button>" in html
    offered = buttons(html)
    assert offered["Roll"] is False and offered["Stop"] is False
    app.handle({"do": "dice.keep", "i": len(options) - 1})
    assert app.notice is None
    roll = app.dice.state["turn"]["rolls"][-1] if app.dice.state["turn"]["rolls"] else \
        app.dice.state["turns"][-1]["rolls"][-1]
    assert sorted(roll["kept"]) == sorted(options[-1]["dice"])
    app.handle({"do": "dice.keep", "i": 9})
    assert app.notice


# --- saving and resuming ----------------------------------------------------------------------

def test_every_action_is_saved_and_a_new_app_resumes_it_mid_turn():
    store = Store(MemoryBackend())
    app = new_app(store=store, seed=4)
    start(app)
    for _ in range(60):
        while app.bot_step():
            pass
        person_move(app)
    while not app.dice.state["turn"]["rolls"] or app.dice.is_bot(app.dice.to_act()):
        while app.bot_step():
            pass
        person_move(app)
    again = new_app(store=store, seed=4)
    assert again.dice.state == app.dice.state
    assert again.dice.record == app.dice.record
    html = str(again.render())
    assert "Continue the dice game" in html
    again.handle({"do": "home.continue_dice"})
    assert again.screen == "dice"
    # the same dice, turn total and scores on the screen
    strip = lambda x: re.sub(r" fresh", "", x)   # noqa: E731  (the animation class only)
    app.ui.pop("dice_drawn", None)
    assert strip(str(again.render())) == strip(str(app.render()))
    # the record replays to the same state
    from thousand.dice import record
    assert record.replay(again.dice.record)["state"] == again.dice.state


def test_damaged_dice_save_is_reported_and_kept_aside():
    backend = MemoryBackend()
    backend.set("thousand:game:dice", '{"kind": "dice", "vers')
    app = new_app(store=Store(backend))
    assert app.dice is None
    assert "saved dice game" in app.saved_problem and "could not be read" in app.saved_problem
    assert 'role="alert"' in str(app.render())
    kept = [k for k in backend.keys() if k.startswith("thousand:damaged:")]
    assert kept and backend.get(kept[0]) == '{"kind": "dice", "vers'
    start(app)                                       # and a new game can start
    assert app.dice is not None


def test_a_save_that_cannot_be_resumed_is_set_aside():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    start(app)
    doc = app.dice.to_doc()
    doc["meta"]["seats"] = doc["meta"]["seats"][:1]      # seats that do not match the game
    store.save_game("dice", doc)
    again = new_app(store=store)
    assert again.dice is not None and again.dice.state == app.dice.state  # the save before it
    assert "Your saved dice game could not be resumed" in again.saved_problem
    assert "The save before it was loaded instead." in again.saved_problem
    assert any(k.startswith("thousand:damaged:dice") for k in store.damaged_saves())


def test_a_card_game_and_a_dice_game_are_kept_side_by_side():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    start(app)
    again = new_app(store=store)
    assert again.session is not None and again.dice is not None
    html = str(again.render())
    assert ">Continue</button>" in html and "Continue the dice game" in html


# --- score keeper (real dice) -------------------------------------------------------------------

def test_score_keeper_totals_are_the_engines():
    store = Store(MemoryBackend())
    app = new_app(store=store, seed=9)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.players", "value": "3"})
    app.handle({"do": "dice_new.kind", "seat": 1, "value": "bot:optimal"})
    app.handle({"do": "dice_new.mode", "value": "keeper"})
    html = str(app.render())
    assert 'id="seat-kind-0"' not in html and "rolls first" in html
    app.handle({"do": "dice_new.start"})
    s = app.dice
    assert s.keeper and not any(s.is_bot(i) for i in range(3)) and s.to_act() == 0
    conv = s.state["conventions"]
    results = [60, "zero", 100, 75, 150, "zero", 200, 55, 250, 100, 45, 80]
    expected = game.new_game(conv, s.meta["seed"], 3, 0)
    for r in results:
        seat = game.to_act(expected)
        try:
            expected = game.apply_turn_result(conv, expected, seat, r)
            ok = True
        except Exception:
            ok = False
        event = {"do": "dice.result", "value": r} if isinstance(r, str) else \
            {"do": "dice.result", "fields": {"turn-points": str(r)}}
        before = app.dice.state
        app.handle(event)
        if ok:
            assert app.notice is None, app.notice
        else:                                     # refused in words, nothing changed
            assert app.notice and app.dice.state is before
            app.handle({"do": "dice.result", "value": "zero"})
            expected = game.apply_turn_result(conv, expected, seat, "zero")
    assert [p["score"] for p in app.dice.state["players"]] == \
        [p["score"] for p in expected["players"]]
    html = unescape(str(app.render()))
    for p in expected["players"]:
        assert f'<td class="score">{p["score"]}</td>' in html
    # persisted: a reload resumes the keeper game
    again = new_app(store=store)
    assert again.dice.keeper and again.dice.state == app.dice.state


def test_score_keeper_refusals_and_undo():
    app = new_app(seed=2)
    start(app, mode="keeper")
    app.handle({"do": "dice.result", "fields": {"turn-points": "30"}})
    assert app.notice == ("A turn of 30 cannot be recorded: you need 20 more to enter the game "
                          "(50 in one turn); tap “Zero roll” if the turn ended in a zero roll.")
    assert 'value="30"' in str(app.render())          # what was typed stays to be corrected
    app.handle({"do": "dice.result", "fields": {"turn-points": "62"}})
    assert "not a possible turn" in app.notice
    app.handle({"do": "dice.result", "fields": {"turn-points": "lots"}})
    assert "whole number" in app.notice
    app.handle({"do": "dice.result", "fields": {"turn-points": ""}})
    assert app.notice == "Enter the points of the turn first."
    assert app.dice.record["actions"] == []
    app.handle({"do": "dice.result", "fields": {"turn-points": "85"}})
    assert app.notice is None and app.dice.state["players"][0]["score"] == 85
    app.handle({"do": "dice.roll"})                   # no rolling in a score keeper's game
    assert app.notice
    app.handle({"do": "dice.undo"})
    assert app.dice.state["players"][0]["score"] == 0 and app.dice.record["actions"] == []
    app.handle({"do": "dice.undo"})
    assert app.notice == "There is nothing to take back."


# --- conventions, new game, history -------------------------------------------------------------

def test_dice_conventions_are_edited_on_the_shared_screen_and_saved_per_game():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.conventions"})
    assert app.screen == "conventions"
    html = str(app.render())
    assert html.count("<fieldset") == len(CATALOGUE.describe())
    assert 'id="conv-entry_minimum"' in html and 'id="conv-player_count"' not in html
    app.handle({"do": "conventions.set", "id": "entry_minimum", "value": "75"})
    assert app.notice is None
    app.handle({"do": "conventions.set", "id": "barrel_threshold", "value": "990"})
    assert app.notice and "barrel_threshold" in app.notice       # refused as a set
    app.handle({"do": "conventions.save", "fields": {"conv-save-name": "Dacha"}})
    assert "Dacha" in store.convention_sets(kind="dice")
    assert "Dacha" not in store.convention_sets()                 # the card sets are apart
    app.handle({"do": "conventions.use"})
    assert app.screen == "dice_new"
    assert '<option value="set:Dacha" selected>Saved: Dacha</option>' in str(app.render())
    app.handle({"do": "dice_new.start"})
    assert app.dice.state["conventions"]["entry_minimum"] == 75
    # the switch shows the card game's conventions with the same screen
    app.handle({"do": "go", "screen": "conventions"})
    assert 'id="conv-entry_minimum"' in str(app.render())
    app.handle({"do": "conventions.kind", "kind": "cards"})
    html = str(app.render())
    assert 'id="conv-player_count"' in html and 'id="conv-entry_minimum"' not in html


def test_new_dice_game_setup_is_remembered_and_bad_counts_refused():
    store = Store(MemoryBackend())
    app = new_app(store=store)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.players", "value": "9"})
    assert app.notice == "A dice game has 1 to 8 players."
    app.handle({"do": "dice_new.players", "value": "4"})
    app.handle({"do": "dice_new.name", "seat": 0, "value": "Anna"})
    app.handle({"do": "dice_new.kind", "seat": 2, "value": "human"})
    app.handle({"do": "dice_new.start"})
    assert app.dice.names() == ["Anna", "Boris", "Vera", "Gleb"]
    again = new_app(store=store)
    again.handle({"do": "go", "screen": "dice_new"})
    html = str(again.render())
    assert 'value="Anna"' in html and '<option value="4" selected>4</option>' in html


def test_history_lists_finished_dice_games():
    store = Store(MemoryBackend())
    app = new_app(store=store, seed=12)
    start(app, kinds={0: "bot:optimal"})
    while app.bot_step():
        pass
    assert app.dice.over
    app.handle({"do": "go", "screen": "history"})
    html = str(app.render())
    assert "Dice games" in html and " won</strong>" in html and "turns)" in html
    entry = store.history("dice")[0]
    assert json.loads(json.dumps(entry["record"]))["game"] == "dice"


def test_event_texts_use_the_players_names():
    names, you = ["You", "Boris"], {0}
    conv = CATALOGUE.resolve("classic")
    event = {"turn": 3, "kind": "overtaken", "delta": -50, "score": 100}
    assert words.event_text({**event, "seat": 1, "by": 0}, conv, names, you) == \
        "Boris is overtaken by you"
    assert words.event_text({**event, "seat": 0, "by": 1}, conv, names, you) == \
        "You are overtaken by Boris"
    fall = {"turn": 3, "seat": 0, "kind": "barrel_fall", "delta": -100, "score": 795,
            "falls": 1, "cause": "attempts"}
    assert words.event_text(fall, conv, names, you) == "You fall off the barrel"


def test_rules_screen_explains_the_dice_game_and_its_changed_conventions():
    app = new_app()
    start(app, preset="page_b")
    app.handle({"do": "go", "screen": "rules"})
    html = unescape(str(app.render()))
    assert "Dice game: 1000 with five dice" in html and "five 1s = 1000" in html
    assert "This dice game differs from Classic" in html
    assert f"{CATALOGUE.get('entry_minimum').title}: 75" in html
