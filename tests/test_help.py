"""Help at the table (issue 12): a hint from the strongest computer player with its reason, taking
back a decision against the computer, and the replay of a finished deal with every hand open.
The help a game had is kept in its record (thousand.aids) and checked when the record is read."""
import json
import random
import re

import pytest

from helpers_app import unasked_store

from thousand.cards import deal_replay, record as card_record
from thousand.cards.catalogue import CATALOGUE
from thousand.dice import record as dice_record
from thousand.dice.catalogue import CATALOGUE as DICE
from thousand.errors import BadInput
from thousand.ui.app import App
from thousand.ui.screens import table
from thousand.ui.session import CardSession, DiceSession

YOU = {"kind": "human", "name": "You"}



def bot(name, level):
    return {"kind": "bot", "name": name, "bot": level}


def card_app(seed=4, seats=None, first_dealer=None):
    app = App(unasked_store(), delay=0, seed=seed)
    seats = seats or [YOU, bot("Boris", "heuristic"), bot("Vera", "heuristic")]
    app.start_game(CardSession.start(CATALOGUE.resolve("classic"), "classic", seats, seed,
                                     first_dealer=first_dealer))
    return app


def to_person(app, want=None, limit=3000):
    """Let the computer move, close deal summaries, until the person must decide (and, with
    `want`, the decision is of that type)."""
    s = app.session
    for _ in range(limit):
        if s.over:
            return False
        if app.bot_step():
            continue
        if table._summary_pending(app):
            app.handle({"do": "table.seen"})
            continue
        legal = s.view(0)["legal"]
        if want is None or legal[0]["type"] == want:
            return True
        app.handle({"do": "table.act", "i": 0})
    return False


def to_summary(app, limit=3000):
    """Play the first offered action for the person until a deal's summary shows."""
    for _ in range(limit):
        if app.bot_step():
            continue
        if table._summary_pending(app):
            app.handle({"do": "table.gather"})  # the last trick lies on the table until a tap
            return
        app.handle({"do": "table.act", "i": 0})
    raise AssertionError("no deal ended")


def snapshot(session) -> str:
    return json.dumps(session.state, sort_keys=True)


# --- hints --------------------------------------------------------------------------------------

def test_a_hint_is_the_strong_players_own_choice_from_the_seats_view_and_is_counted():
    app = card_app()
    assert to_person(app, "play")
    s = app.session
    view = s.view(0)
    app.handle({"do": "table.hint"})
    hint = app.ui["hint"]
    assert hint["action"] in view["legal"]
    from thousand.bots import make_bot
    strong = make_bot("strong", s.meta["seed"] * 7919 + s.actions_so_far() + 1)
    assert strong.choose(view) == hint["action"]       # the same player, the same view
    html = str(app.render())
    assert "Hint: " in html and 'class="card hinted"' in html
    assert re.search(r"(Lead|Play) the (ace|ten|king|queen|jack|nine) of", hint["text"])
    app.handle({"do": "table.hint"})                    # asked again at the same position
    assert s.record["hints"] == [{"seat": 0, "at": s.actions_so_far(), "action": hint["action"]}]
    # the hint is in the saved game, and a record holding hints still replays
    assert card_record.replay(s.record)["final"]["totals"] == s.state["score"]["totals"]
    assert App(app.store, delay=0, seed=4).session.record["hints"] == s.record["hints"]


def test_hint_reasons_say_what_a_player_would_say_about_the_card():
    from thousand.ui.card_words import card_reason
    view = {"seat": 0, "players": 3, "legal": [
        {"type": "play", "seat": 0, "card": "AS"}, {"type": "play", "seat": 0, "card": "9S"}],
        "deal": {"hand": ["AS", "9S", "KH"], "trick": [[2, "TS"]], "tricks": [], "trump": None,
                 "declarer": 2, "active": [0, 1, 2]}}
    said = card_reason(view, view["legal"][0], None, ["You", "Boris", "Vera"])
    assert said == "Play the ace of spades: it beats the cards played so far."
    said = card_reason(view, view["legal"][1], None, ["You", "Boris", "Vera"])
    assert said == "Play the nine of spades: this trick is not worth your stronger cards."
    lead = {**view, "deal": {**view["deal"], "trick": [], "tricks": [
        {"leader": 1, "cards": [[1, "AS"], [2, "TS"], [0, "JH"]], "winner": 1}]}}
    said = card_reason(lead, {"type": "play", "seat": 0, "card": "KS"}, None, ["a", "b", "c"])
    assert "no higher card of its suit is still out" in said    # AS and TS are gone (R2)
    search = {"worlds": 20, "made": {1: 17, 2: 9}, "move": 1}
    declaring = {**lead, "deal": {**lead["deal"], "declarer": 0}}
    said = card_reason(declaring, {"type": "play", "seat": 0, "card": "KS"}, search,
                       ["a", "b", "c"])
    assert said.endswith("Over 20 deals the computer tried, it makes your contract in 17.")


def test_a_bid_hint_gives_the_values_the_search_weighed():
    from thousand.ui.card_words import card_reason
    weighed = {"decision": "bid", "declare": {110: 42.0, 115: 31.0}, "pass": -12.0}
    assert card_reason({}, {"type": "bid", "seat": 0, "value": 110}, weighed, []) == \
        "Bid 110: declaring is worth about 40 points to you, passing about \u221210."
    assert card_reason({}, {"type": "pass", "seat": 0}, weighed, []).startswith(
        "Pass: declaring would be worth about 40")


def test_a_dice_hint_compares_stopping_with_rolling_on():
    app = App(unasked_store(), delay=0, seed=2)
    app.start_game(DiceSession.start(DICE.resolve("classic"), "classic",
                                     [YOU, bot("Boris", "optimal")], 2))
    s = app.dice
    texts = []
    for _ in range(200):
        if s.over or len(texts) > 40:
            break
        if app.bot_step():
            continue
        app.handle({"do": "dice.hint"})
        texts.append(app.ui["hint"]["text"])
        action = s.hint(0)[0]
        app.handle({"do": f"dice.{action['type']}",
                    **({"i": s.view(0)["legal"].index(action)} if action["type"] == "keep"
                       else {})})
    assert any(t.startswith("Stop and write down") and "against" in t for t in texts)
    assert any(t.startswith("Roll again: with") for t in texts)
    assert len(s.record["hints"]) == len(texts)
    assert dice_record.replay(s.record)["final"] is not None


# --- undo ---------------------------------------------------------------------------------------

def test_undo_takes_back_the_persons_card_and_the_computers_moves_after_it():
    app = card_app()
    assert to_person(app, "play")
    s = app.session
    before, at = snapshot(s), s.actions_so_far()
    card = s.view(0)["legal"][-1]["card"]
    app.handle({"do": "table.card", "card": card})
    while app.bot_step():
        pass
    assert s.actions_so_far() > at
    app.handle({"do": "table.undo"})
    assert app.notice == "Your last move was taken back."
    assert snapshot(s) == before and s.actions_so_far() == at
    taken = s.record["taken_back"]
    assert taken[0]["seat"] == 0 and taken[0]["at"] == at
    assert taken[0]["actions"][0] == {"type": "play", "seat": 0, "card": card}
    # the saved game is the position taken back to, and it resumes
    resumed = App(app.store, delay=0, seed=4).session
    assert snapshot(resumed) == before and resumed.record["taken_back"] == taken


def test_a_last_card_taken_back_and_played_again_shows_the_deal_summary_again():
    app = card_app()
    s = app.session
    to_summary(app)
    deals = len(s.record["deals"])
    app.handle({"do": "table.undo"})
    assert not table._summary_pending(app) and len(s.record["deals"]) == deals
    for _ in range(100):
        if table._summary_pending(app):
            break
        if not app.bot_step():
            app.handle({"do": "table.act", "i": 0})
    assert table._summary_pending(app) and len(s.record["deals"]) == deals


def test_undo_across_a_deal_keeps_the_deals_to_come_the_same():
    # R6: the first dealer drawn by lot draws from the game's generator, which the record does
    # not hold; the generator is kept in step, so the next deal is dealt as it was.
    app = card_app(seed=3, first_dealer=None)
    s = app.session
    assert to_person(app)
    previous = None
    for _ in range(400):
        assert to_person(app)
        if s.view(0)["legal"][0]["type"] == "deal":
            app.handle({"do": "table.act", "i": 0})  # dealing is not a decision to take back
            continue
        if previous and len(s.record["deals"]) > previous[1]:
            break
        previous = (snapshot(s), len(s.record["deals"]), json.dumps(s.record["deals"]))
        app.handle({"do": "table.act", "i": 0})
    crossed_to = json.dumps(s.record["deals"][previous[1]:])
    app.handle({"do": "table.undo"})
    assert snapshot(s) == previous[0]
    app.handle({"do": "table.act", "i": 0})
    to_person(app)
    assert json.dumps(s.record["deals"][previous[1]:])[:60] == crossed_to[:60]


def test_no_undo_with_two_people_at_the_device_nor_before_a_first_decision():
    app = card_app(seats=[YOU, {"kind": "human", "name": "Gleb"}, bot("Vera", "heuristic")])
    s = app.session
    assert not s.against_computer() and s.undo_seat() is None
    assert 'data-do="table.undo"' not in str(app.render())
    app.handle({"do": "table.undo"})
    assert app.notice == "There is nothing to take back."
    with pytest.raises(BadInput):
        s.take_back()
    fresh = card_app(seed=9)
    assert fresh.session.record["deals"] == [] and fresh.session.undo_seat() is None


def test_dice_undo_against_the_computer_goes_back_to_the_persons_last_roll():
    app = App(unasked_store(), delay=0, seed=5)
    app.start_game(DiceSession.start(DICE.resolve("classic"), "classic",
                                     [YOU, bot("Boris", "optimal")], 5))
    s = app.dice
    while app.bot_step():
        pass
    before = json.dumps(s.state, sort_keys=True)
    app.handle({"do": "dice.roll"})
    while app.bot_step():
        pass
    app.handle({"do": "dice.undo"})
    assert json.dumps(s.state, sort_keys=True) == before
    assert s.record["taken_back"][-1]["actions"][0] == {"type": "roll", "seat": 0}
    app.handle({"do": "dice.roll"})       # rolled again: the same dice (the seeded generator)
    assert json.dumps(s.state["log"][-1:]) != "[]"


# --- the record's help fields ------------------------------------------------------------------

@pytest.mark.parametrize("field, value, where", [
    ("hints", {}, "hints"),
    ("hints", [{"seat": 5, "at": 0, "action": {}}], "hints[0].seat"),
    ("hints", [{"seat": 0, "at": -1, "action": {}}], "hints[0].at"),
    ("hints", [{"seat": 0, "at": 1, "action": []}], "hints[0].action"),
    ("hints", [{"seat": True, "at": 1, "action": {}}], "hints[0].seat"),
    ("taken_back", [{"seat": 0, "at": 1, "actions": [1]}], "taken_back[0].actions"),
    ("taken_back", [{"seat": 0, "at": 1, "actions": [], "why": 1}], "taken_back[0].why"),
])
def test_damaged_help_in_a_record_is_refused_naming_the_field(field, value, where):
    rec = json.loads(open("docs/examples/record-one-deal.json").read())
    rec[field] = value
    with pytest.raises(BadInput) as err:
        card_record.replay(rec)
    assert err.value.where == where
    dice = DiceSession.start(DICE.resolve("classic"), "classic",
                             [YOU, bot("Boris", "optimal")], 1).record
    dice[field] = value if field != "hints" or value == {} else \
        [{**value[0], "seat": 2 if value[0]["seat"] == 5 else value[0]["seat"]}]
    with pytest.raises(BadInput) as err:
        dice_record.replay(dice)
    assert err.value.where == where


# --- the replay of a deal ----------------------------------------------------------------------

def test_replay_frames_follow_the_deal_from_the_cards_dealt_to_the_result():
    rec = json.loads(open("docs/examples/record-classic-game.json").read())
    result = card_record.replay(rec)["deals"][0]
    frames = deal_replay.frames(rec, 0)
    steps = [f["step"] for f in frames]
    assert steps[:3] == ["dealt", "auction", "exchange"] and steps[-1] == "result"
    tricks = [f for f in frames if f["step"] == "trick"]
    assert [t["number"] for t in tricks] == list(range(1, 9))       # R36: eight tricks
    # every card is somewhere at every step (R1: 24 cards)
    dealt = frames[0]
    assert sorted(c for hand in dealt["hands"] for c in hand) + sorted(dealt["talons"][0]) \
        and len([c for hand in dealt["hands"] for c in hand]) + len(dealt["talons"][0]) == 24
    for t in tricks:
        assert len(t["cards"]) == 3
        assert sum(len(hand) for hand in t["hands"]) == 24 - 3 * t["number"]
    assert tricks[-1]["hands"] == [[], [], []]
    # the cards taken add up to the deal's card points (R3: 120 a deal)
    from thousand.cards.cards import points
    won = [0, 0, 0]
    for t in tricks:
        won[t["winner"]] += sum(points(c) for _s, c in t["cards"])
    talon_points = result["card_points"]
    assert sum(won) == 120 and sum(talon_points) == 120
    assert frames[-1]["last_deal"]["row"] == result["row"]


def test_a_deal_still_being_played_is_not_replayed():
    app = card_app()
    assert to_person(app, "play")
    rec = app.session.record
    with pytest.raises(BadInput):
        deal_replay.frames(rec, len(rec["deals"]) - 1)


def test_the_replay_screen_steps_through_a_deal_and_back_to_the_table():
    app = card_app()
    s = app.session
    to_summary(app)
    assert 'data-do="table.replay"' in str(app.render())
    app.handle({"do": "table.replay"})
    assert app.screen == "replay"
    html = str(app.render())
    assert "Step 1 of" in html and "The deal as dealt" in html
    total = int(re.search(r"Step 1 of (\d+)", html).group(1))
    for _ in range(total + 2):
        app.handle({"do": "replay.step", "by": 1})
        html = str(app.render())      # every step is drawn
    assert f"Step {total} of {total}: The result" in html
    app.handle({"do": "replay.step", "by": -1})
    assert re.search(r"(You take|\w+ takes) the trick", str(app.render()))
    app.handle({"do": "replay.back"})
    assert app.screen == "table" and table._summary_pending(app)
    assert s.state["phase"] in ("deal", "game_over")


def test_finished_games_offer_the_replay_of_any_deal():
    from thousand.ui.screens.history import render as history
    app = card_app()
    rec = json.loads(open("docs/examples/record-classic-game.json").read())
    app.store.add_history("cards", {"names": ["You", "B", "C"], "totals": [1000, 0, 0],
                                    "winners": ["You"], "deals": 47, "record": rec})
    app.go("history")
    assert 'data-do="history.replay"' in str(history(app))
    app.handle({"do": "history.replay", "i": 0})
    assert app.screen == "replay"
    app.handle({"do": "replay.deal", "by": 1})
    assert "Replay of deal 2" in str(app.render())
    app.handle({"do": "replay.back"})
    assert app.screen == "history"


def test_a_record_file_opened_in_the_page_is_replayed_from_its_first_deal():
    app = App(unasked_store(), delay=0, seed=1)
    app.go("history")
    text = open("docs/examples/record-classic-game.json").read()
    app.handle({"do": "data.open_record", "text": text, "name": "game.json"})
    assert app.screen == "replay"
    assert "Replay of deal 1" in str(app.render())
    app.handle({"do": "replay.back"})
    assert app.screen == "history"
    app.handle({"do": "data.open_record", "text": text[:-40], "name": "cut.json"})
    assert app.screen == "history" and "cut.json could not be opened" in app.notice
