"""Issue 10, Must 2: no player-facing text is built in the engines. A reason an engine gives (an
illegal action, why a bid or a stop is not allowed, a score-sheet or record mistake, a refused
convention, a damaged save) carries a template and its values; the page words it in the player's
language with thousand.i18n.reason, and str() stays the English the command line prints."""
import ast
import copy
import html
import json
import pickle
import re
from pathlib import Path

import pytest

import helpers_engine as he
from helpers_i18n import english_left, pseudo_translation
from thousand import i18n, storage
from thousand.cards import game as cards
from thousand.cards import record, scoresheet
from thousand.cards.catalogue import CATALOGUE as CARDS
from thousand.dice import game as dice
from thousand.dice import views as dice_views
from thousand.dice.catalogue import CATALOGUE as DICE
from thousand.errors import Phrase, ThousandError

ROOT = Path(__file__).resolve().parent.parent
ENGINE_SOURCES = ["thousand/cards", "thousand/dice", "thousand/conventions.py",
                  "thousand/errors.py", "thousand/storage.py", "thousand/limits.py"]
# what carries a template: the errors, and the Phrases that are put into them or shown beside them
CARRIERS = {"ThousandError": 0, "IllegalAction": 0, "BadInput": 1, "ConventionError": 1,
            "Phrase": 0}


@pytest.fixture
def pseudo():
    i18n.use(pseudo_translation())
    yield
    i18n.use(i18n.Translation())


# --- (1) no message is built where it is raised ------------------------------------------------

def _sources():
    for name in ENGINE_SOURCES:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _built(node) -> str | None:
    """How `node` builds a text out of pieces, if it does: an f-string, +, % or .format/.join."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):
            return "an f-string"
        if isinstance(sub, ast.BinOp) and isinstance(sub.op, (ast.Add, ast.Mod)):
            return "+ or %"
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                sub.func.attr in ("format", "format_map", "join") and \
                isinstance(sub.func.value, ast.Constant):
            return f".{sub.func.attr}()"
    return None


def _unmarked_literal(node) -> bool:
    """A bare string literal (not N_-marked: tools/messages.py would not collect it)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value != ""
    if isinstance(node, ast.IfExp):
        return _unmarked_literal(node.body) or _unmarked_literal(node.orelse)
    return False


def _message_of(call: ast.Call, name: str):
    index = CARRIERS[name]
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg in ("message", "template")), None)


def test_no_engine_message_is_built_from_pieces_where_it_is_raised():
    problems, checked = [], 0
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            if name not in CARRIERS:
                continue
            message = _message_of(node, name)
            if message is None:
                continue
            checked += 1
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            how = _built(message)
            if how:
                problems.append(f"{where}: {name}'s message is built with {how}")
            elif _unmarked_literal(message):
                problems.append(f"{where}: {name}'s message is a literal without N_()")
    assert checked > 250  # the check reads the engines' raises, not nothing
    assert problems == []


def test_the_check_finds_a_message_built_with_an_f_string():
    bad = ast.parse('raise IllegalAction(f"it is seat {seat}\'s turn")\n'
                    'raise BadInput(where, "must be " + what)\n'
                    'raise IllegalAction("not marked")\n'
                    'raise IllegalAction(N_("seat {seat}"), seat=1)\n')
    calls = [n.exc for n in bad.body]
    assert _built(_message_of(calls[0], "IllegalAction")) == "an f-string"
    assert _built(_message_of(calls[1], "BadInput")) == "+ or %"
    assert _unmarked_literal(_message_of(calls[2], "IllegalAction"))
    good = _message_of(calls[3], "IllegalAction")
    assert _built(good) is None and not _unmarked_literal(good)


# --- (2) real reasons, worded in a language: every word from the catalogue ----------------------

def _error(action):
    with pytest.raises(ThousandError) as caught:
        action()
    return caught.value


def _in_play_with_a_trick_led():
    s = he.deal()
    s = he.act(s, "pass")
    s = he.act(s, "pass")
    while not (s["phase"] == "play" and s["deal"]["trick"]):
        legal = cards.legal_actions(s)
        s = cards.apply(s, next(a for a in legal
                                if a["type"] not in ("write_off", "cross", "redeal")))
    return s


def _errors() -> dict:
    play = _in_play_with_a_trick_led()
    seat = cards.to_act(play)
    legal = {a["card"] for a in cards.legal_actions(play)}
    off_suit = sorted(c for c in play["deal"]["hands"][seat] if c not in legal)[0]
    bidding = he.deal()
    rec = json.loads((ROOT / "docs/examples/record-classic-game.json").read_text())
    too_big = dict(copy.deepcopy(rec), players=10**7)
    bad_card = copy.deepcopy(rec)
    actions = bad_card["deals"][0]["actions"]
    first_play = next(i for i, a in enumerate(actions) if a["type"] == "play")
    actions[first_play] = dict(actions[first_play], card="XX")
    sheet = {"format": "thousand-score-sheet", "version": 1, "players": ["text", "Bob", "Cy"],
             "deals": [{"declarer": 0, "bid": 100, "card_points": [60, 30, 20],
                        "tricks": [4, 2, 2]}]}
    new_dice = dice.new_game(DICE.resolve(None), 1, 2, 0)
    refused = {"first_lead": "dealer", "player_count": 4}
    return {
        "card": _error(lambda: cards.apply(play, {"type": "play", "seat": seat,
                                                   "card": off_suit})),
        "bid_low": _error(lambda: he.act(bidding, "bid", value=95)),
        "bid_high": _error(lambda: he.act(bidding, "bid", value=2000)),
        "bid_step": _error(lambda: he.act(bidding, "bid", value=107)),
        "seat": _error(lambda: cards.apply(bidding, {"type": "pass", "seat": 0})),
        "seat_kind": _error(lambda: cards.apply(bidding, {"type": "pass", "seat": 2.0})),
        "record_limit": _error(lambda: record.replay(too_big)),
        "record_action": _error(lambda: record.replay(bad_card)),
        "sheet_points": _error(lambda: scoresheet.score_sheet(sheet)),
        "sheet_dealer": _error(lambda: scoresheet.score_sheet(
            dict(sheet, deals=[{"dealer": 1, "declarer": 0, "bid": 100}]))),
        "sheet_write_off": _error(lambda: scoresheet.score_sheet(
            dict(sheet, deals=[{"declarer": 0, "bid": 100, "outcome": "write_off"}],
                 overrides={"write_off": False}))),
        "combination": _error(lambda: CARDS.resolve("classic", refused)),
        "combination_record": _error(lambda: CARDS.from_record(
            {"preset": "classic", "overrides": refused})),
        "convention_value": _error(lambda: CARDS.from_record({"conventions": {"bid_step": "x"}})),
        "dice_stop": _error(lambda: dice.apply(new_dice, {"type": "stop", "seat": 0})),
        "dice_entry": _error(lambda: dice.apply(new_dice, {"type": "result", "seat": 0,
                                                           "points": 20})),
        "dice_roll": _error(lambda: dice.apply(new_dice, {"type": "roll", "seat": 0,
                                                          "dice": [1, 9]})),
    }


# The English each gave before the reasons carried templates (the command line prints it).
ENGLISH = {
    "card": "you must follow suit (clubs)",
    "bid_low": "the lowest bid is 100",
    "bid_high": "the highest bid is 300",
    "bid_step": "bids go in steps of 5",
    "seat": "it is seat 2's turn, not seat 0's",
    "seat_kind": "it is seat 2's turn (an action's seat is a seat number, not a number with a "
                 "fraction)",
    "record_limit": "players: 10000000 is beyond any game (numbers here are at most 1,000,000 "
                    "either way)",
    "record_action": 'deals[0].actions[6]: illegal action {"type": "play", "seat": 2, "card": '
                     '"XX"}: \'XX\' is not a card code (like AH, TS, 9C)',
    "sheet_points": "deals[0].card_points: must total 120 for a played deal (got 110)",
    "sheet_dealer": "deals[0].dealer: the dealer of this deal is text (seat 0): the deal passes "
                    "to the left after every deal (R7)",
    "sheet_write_off": "deals[0].outcome: write-offs are off (write_off = false)",
    "combination": "first_lead cannot be dealer with player_count 4 (the dealer sits out and has "
                   "no cards); allowed: declarer, left_of_dealer",
    "combination_record": "overrides: first_lead cannot be dealer with player_count 4 (the dealer "
                          "sits out and has no cards); allowed: declarer, left_of_dealer",
    "convention_value": "conventions: bid_step: 'x' is not allowed; allowed: 5, 10, "
                        "5_then_10_from_200",
    "dice_stop": "you cannot stop: you have not rolled yet this turn",
    "dice_entry": "a turn of 20 cannot be recorded: you need 30 more to enter the game (50 in one "
                  "turn); enter 'zero' if the turn ended in a zero roll",
    "dice_roll": "dice are whole numbers from 1 to 6 (this roll has 5 dice)",
}


def _left(text: str, where: str = "") -> list:
    """English words of `text` outside the pseudo-language's brackets; a field's path (a JSON
    name such as deals[0].card_points) is the file's own spelling, not a message."""
    return english_left(html.escape(text), allowed=set(re.findall(r"[A-Za-z]+", where)))


def test_every_reason_is_the_english_it_was_on_the_command_line():
    errors = _errors()
    assert {k: str(e) for k, e in errors.items()} == ENGLISH
    assert all(e.template for e in errors.values())


def test_every_reason_is_worded_from_the_catalogue(pseudo):
    for key, error in _errors().items():
        text = i18n.reason(error)
        where = getattr(error, "where", "")
        assert text != str(error), key
        assert _left(text, where) == [], (key, text)
        if where:
            assert text.startswith(f"{where}: ⟦"), (key, text)
        assert text.count("⟦") == text.count("⟧"), (key, text)


def test_a_reason_inside_a_reason_is_worded_too(pseudo):
    errors = _errors()
    # the suit, the kind of a value, an action's own refusal, the stop's reason, the need
    assert "(⟦clubs⟧)" in i18n.reason(errors["card"])
    assert "⟦a number with a fraction⟧" in i18n.reason(errors["seat_kind"])
    assert i18n.reason(errors["record_action"]).endswith(
        ": ⟦'XX' is not a card code (like AH, TS, 9C)⟧⟧")
    assert i18n.reason(errors["dice_stop"]) == \
        "⟦you cannot stop: ⟦you have not rolled yet this turn⟧⟧"
    assert "⟦you need 30 more to enter the game (50 in one turn)⟧" in \
        i18n.reason(errors["dice_entry"])
    assert i18n.reason(errors["combination_record"]) == \
        "overrides: ⟦first_lead cannot be dealer with player_count 4 (the dealer sits out and " \
        "has no cards); allowed: declarer, left_of_dealer⟧"
    assert "⟦bid_step: ⟦'x' is not allowed; allowed: 5, 10, 5_then_10_from_200⟧⟧" in \
        i18n.reason(errors["convention_value"])


def test_a_name_a_person_typed_is_shown_as_typed(pseudo):
    # "text" is also a catalogue message (the kind of a value); as a player's name it stays
    error = _errors()["sheet_dealer"]
    assert i18n.reason(error).startswith("deals[0].dealer: ⟦the dealer of this deal is text ")


def test_the_detail_of_a_field_error_is_worded_without_its_field(pseudo):
    error = _errors()["sheet_points"]
    assert str(error.detail) == "must total 120 for a played deal (got 110)"
    assert i18n.reason(error.detail) == "⟦must total 120 for a played deal (got 110)⟧"


def test_why_a_bid_or_a_stop_is_not_allowed_is_worded_from_the_catalogue(pseudo):
    from thousand.cards import bidding
    conv = he.conv()
    why = bidding.why_not_bid(conv, 95, None, he.H0)
    assert why == "the lowest bid is 100" and i18n.reason(why) == "⟦the lowest bid is 100⟧"
    why = bidding.why_not_contract(conv, 90, 100, he.H0, fixed=False)
    assert i18n.reason(why) == "⟦the contract cannot be lower than the winning bid 100⟧"
    s = dice.new_game(DICE.resolve(None), 1, 2, 0)
    view = dice_views.seat_view(s, 0)
    summary = dice.turn_summary(s)
    assert view["stop_reason"] == summary["stop_reason"] == "you have not rolled yet this turn"
    assert i18n.reason(view["stop_reason"]) == "⟦you have not rolled yet this turn⟧"


def test_a_redeal_reason_kept_in_the_state_is_worded_from_the_catalogue(pseudo):
    from thousand.cards import dealing
    from thousand.ui.card_words import redeal_reason
    conv = he.conv(redeal_four_nines=True)
    why = dealing.hand_qualifies(conv, ["9H", "9D", "9C", "9S", "AH", "TH", "KH"],
                                 is_sitter_w1=False, window="W1")
    assert why == {"code": "four_nines"} and redeal_reason(why) == "⟦four nines⟧"
    # as a save keeps it and reads it back: plain data, worded the same
    assert redeal_reason(json.loads(json.dumps(why))) == "⟦four nines⟧"


def test_a_phrase_survives_copying_pickling_and_json():
    phrase = Phrase("you need {more} more to leave the pit ({low}-{high})", more=75, low=200,
                    high=299)
    assert phrase == "you need 75 more to leave the pit (200-299)"
    for again in (copy.deepcopy(phrase), pickle.loads(pickle.dumps(phrase)), copy.copy(phrase)):
        assert again == phrase and again.template == phrase.template
        assert again.values == {"more": 75, "low": 200, "high": 299}
    assert json.dumps({"why": phrase}) == '{"why": "you need 75 more to leave the pit (200-299)"}'
    error = ThousandError(phrase)
    assert error.template == phrase.template and str(error) == phrase


def test_a_damaged_save_is_reported_in_words_from_the_catalogue(pseudo):
    store = storage.Store()
    store.backend.set("thousand:game:cards", "{")
    store.backend.set("thousand:game:cards:previous", '{"kind": "cards"}')
    problem = store.load_game("cards").problem
    assert str(problem) == (
        "Your saved card game could not be read (not valid JSON: Expecting property name "
        "enclosed in double quotes at line 1, column 2); it was kept aside as "
        "thousand:damaged:cards:1. The save before it could not be read (it has no 'version', "
        "no 'saved_at_seq', no 'data'); it was kept aside as thousand:damaged:cards:2.")
    text = i18n.reason(problem)
    assert _left(text, "thousand damaged cards") == [], text
    assert "⟦Expecting property name enclosed in double quotes⟧" in text
    store.backend.set("thousand:settings", "[]")
    store.settings()
    problems = store.take_problems()
    assert problems == ["Your saved settings could not be read (it holds a list, not a saved "
                        "document); it was kept aside as thousand:damaged:settings:1. Thousand "
                        "starts afresh."]
    assert _left(i18n.reason(problems[0]), "thousand damaged settings") == []


def test_a_save_the_game_cannot_resume_is_reported_with_the_games_own_reason(pseudo):
    store = storage.Store()
    store.save_game("cards", {"state": {}})

    def resume(data):
        return cards.apply(he.new(), {"type": "deal", "seat": 2})

    result = store.load_game("cards", resume=resume)
    assert str(result.problem) == (
        "Your saved card game could not be resumed (it is seat 0's turn, not seat 2's); it was "
        "kept aside as thousand:damaged:cards:1. There is no earlier save to go back to.")
    text = i18n.reason(result.problem)
    assert "(⟦it is seat 0's turn, not seat 2's⟧)" in text
    assert _left(text, "thousand damaged cards") == [], text
