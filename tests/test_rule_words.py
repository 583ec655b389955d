"""Issue 20, Must 5: automatic and refused moves explained in the player's language.

The engine refuses a card with a rule's code and its facts (R38 "must_follow", `must_trump`,
`must_beat` "must_beat" / "must_overtrump", `no_lead_foreign_trump`, `ace_marriage_lead_all`
"ace_duty"), the state unchanged; it marks each automatic bid with why (`forced_100`, R25
`low_score_rule` = auto_pass_below "below_threshold" and others_must_pass, the barrel's `auto_bid`).
The page words each whole (thousand/ui/card_words.py), in every language, no English read back."""
import random

import pytest

import test_engine_tricks as tricks
from helpers_engine import act, conv, dump, new, play, spread
from test_engine_bidding import FILL_TALON, HANDS_2, first_bidder
from thousand import i18n
from thousand.cards import game
from thousand.errors import IllegalAction
from thousand.ui import card_words, language
from test_ui_app import new_app, person_move, start
from thousand.ui.screens import new as new_screen
from thousand.ui.screens import table


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def refusal_of(s, seat, card):
    """The engine's refusal of `card`, having checked that it left the state as it was."""
    before = dump(s)
    with pytest.raises(IllegalAction) as info:
        game.apply(s, {"type": "play", "seat": seat, "card": card})
    assert dump(s) == before
    return info.value


def speak(lang):
    i18n.use(language.translation(lang, language.disk_source) if lang != "en"
              else i18n.Translation())


# --- the codes the engine gives ----------------------------------------------------------------

def test_R38_follow_suit_is_refused_with_its_code_and_the_led_suit():
    s = play(tricks.scenario(), "AS")  # spades led; seat 2 holds none, seat 0 holds TS, JS
    s = play(s, "KD")                   # seat 2, void in spades and with no trump yet
    refused = refusal_of(s, 0, "TC")
    assert (refused.code, refused.facts) == ("must_follow", {"suit": "S"})
    assert card_words.refusal(refused) == "You must follow spades."
    speak("ru")
    assert card_words.refusal(refused) == "Нужно ходить в масть: у вас есть пики."


def test_R38_must_trump_names_the_missing_suit():
    s = play(tricks.after_trick2(), "AS")  # hearts are trump; seat 2 has no spades
    refused = refusal_of(s, 2, "KD")
    assert (refused.code, refused.facts) == ("must_trump", {"suit": "S", "trump": "H"})
    assert card_words.refusal(refused) == "You must trump: you have no spades."
    speak("ru")
    assert card_words.refusal(refused) == "Нужно козырять: у вас нет пик."
    speak("uk")
    assert card_words.refusal(refused) == "Треба козиряти: у вас немає пік."


def test_must_beat_higher_in_suit_is_worded_with_its_suit():
    s = play(tricks.scenario(conv(must_beat="higher_in_suit")), "QS", "AC")
    refused = refusal_of(s, 0, "JS")
    assert (refused.code, refused.facts) == ("must_beat", {"suit": "S"})
    assert card_words.refusal(refused) == "You must beat it: play a higher spade."
    speak("pl")
    assert card_words.refusal(refused) == "Musisz przebić: daj wyższego pika."


def test_must_beat_polish_overtrump_is_worded():
    c = conv(trump_mode="declarer_names", must_beat="polish")
    s = play(tricks.play_from(tricks.P0, tricks.P1, tricks.P2, c=c, trump="H"), "AC", "JH")
    refused = refusal_of(s, 0, "9H")
    assert refused.code == "must_overtrump"
    assert card_words.refusal(refused) == "You must play a higher trump."


def test_no_lead_foreign_trump_names_the_trump():
    c = conv(no_lead_foreign_trump=True)
    s = play(tricks.after_trick2(c), "AS", "JH", "TS")
    refused = refusal_of(s, 2, "TH")
    assert (refused.code, refused.facts) == ("no_lead_foreign_trump", {"trump": "H"})
    assert card_words.refusal(refused) == \
        "Only the player whose marriage made hearts trump may lead hearts."
    speak("ru")
    assert card_words.refusal(refused) == \
        "С червей может ходить только тот, кто объявил червонный марьяж."


def test_ace_marriage_lead_all_is_worded():
    s = tricks.aces(conv(ace_marriage=True, ace_marriage_lead_all=True))
    s = play(s, "AD", "KD", "9D", announce="ace_marriage")
    refused = refusal_of(s, 1, "KS")
    assert refused.code == "ace_duty"
    assert card_words.refusal(refused) == "After your ace marriage you must lead your aces first."


def test_a_reason_without_a_rule_code_is_worded_from_its_template():
    s = play(tricks.scenario(), "AS")
    refused = refusal_of(s, 2, "AH")  # not in seat 2's hand
    assert refused.code is None
    assert card_words.refusal(refused) == "'AH' is not in your hand"


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES])
def test_every_suit_of_every_rule_is_worded_in_every_language(lang):
    speak(lang)
    seen = set()
    for code, (words, key) in card_words.BY_SUIT.items():
        for suit in "HDCS":
            phrase = type("Refusal", (), {"code": code, "facts": {key: suit}})()
            text = card_words.refusal(phrase)
            assert text and text not in seen, (code, suit, text)
            seen.add(text)
            if lang != "en":
                assert text != words[suit], (lang, text)  # translated, not the English


# --- automatic bids and passes -------------------------------------------------------------------

def test_forced_100_bid_is_marked_and_said():
    s = first_bidder("none")
    bid = s["deal"]["bids"][0]
    assert bid == {"seat": 1, "value": 100, "auto": True, "why": "forced_100"}
    names = ["You", "Boris", "Vera"]
    assert card_words.auto_said(bid, s["conventions"], names, person=1) == \
        "You bid 100 automatically: the player after the dealer must open at 100."
    assert card_words.auto_short(bid, s["conventions"], names) == \
        "Boris: 100 (automatic: the opening 100)"


def test_R25_below_the_threshold_the_pass_is_explained_with_the_threshold():
    s = first_bidder("H", totals=[0, 0, -125])
    passed = [b for b in s["deal"]["bids"] if b["seat"] == 2]
    assert passed == [{"seat": 2, "value": None, "auto": True, "why": "below_threshold"}]
    names = ["Anna", "Boris", "You"]
    assert card_words.auto_said(passed[0], s["conventions"], names, person=2) == \
        "You pass automatically: with a total below \u2212120 you may not bid this deal."
    assert card_words.auto_said(passed[0], s["conventions"], ["Anna", "Boris", "Vera"], 0) == \
        "Vera passes automatically: with a total below \u2212120 no bid is allowed this deal."
    speak("ru")
    assert card_words.auto_said(passed[0], s["conventions"], names, person=2) == \
        "Вы пасуете автоматически: со счётом ниже −120 в этой раздаче торговаться нельзя."
    assert card_words.auto_short(passed[0], s["conventions"], names) == \
        "You: пас (автоматически: счёт ниже −120)"


def test_R25_the_threshold_is_the_conventions():
    c = conv(low_score_threshold=0)
    s = first_bidder("H", c, totals=[0, 0, -5])
    bid = next(b for b in s["deal"]["bids"] if b["seat"] == 2)
    assert bid["why"] == "below_threshold"
    assert card_words.auto_short(bid, s["conventions"], ["A", "B", "C"]) == \
        "C: pass (automatic: below 0)"


def test_low_score_rule_others_must_pass_says_who_bid():
    c = conv(low_score_rule="others_must_pass")
    s = first_bidder("H", c, totals=[0, 0, -200])
    s = act(s, "bid", value=105)
    auto = [b for b in s["deal"]["bids"] if b.get("auto") and b["value"] is None]
    assert auto and all(b["why"] == "others_must_pass" and b["by"] == 2 for b in auto)
    assert card_words.auto_said(auto[0], s["conventions"], ["Anna", "Boris", "Vera"], None) == \
        f"{['Anna', 'Boris', 'Vera'][auto[0]['seat']]} passes automatically: a player below \u2212120 " \
        "has bid, so the others must pass."


def test_barrel_auto_bid_is_marked_and_said():
    c = conv(barrel_mode="auto_bid")
    s = new(c, dealer=0, totals=[880, 0, 0])
    s["score"]["barrel"][0].update(on=True, mounted_at=1)
    s = game.begin_deal(s, hands=spread(FILL_TALON, {2: HANDS_2["none"]}), talons=[FILL_TALON])
    while s["phase"] == "redeal":
        s = act(s, "keep")
    barrel = [b for b in s["deal"]["bids"] if b.get("why") == "barrel"]
    assert barrel == [{"seat": 0, "value": 120, "auto": True, "why": "barrel"}]
    assert card_words.auto_said(barrel[0], s["conventions"], ["You", "B", "C"], person=0) == \
        "You bid 120 automatically: on the barrel you play for 120."


def test_a_bid_without_a_reason_is_not_explained():
    assert card_words.auto_said({"seat": 0, "value": None, "auto": True}, {}, ["A"], 0) is None
    assert card_words.auto_short({"seat": 0, "value": 110}, {}, ["A"]) is None


# --- at the table ---------------------------------------------------------------------------------

def test_a_card_tapped_before_the_play_or_out_of_turn_says_so():
    app = new_app(seed=4)
    start(app)
    s, rnd = app.session, random.Random(4)
    bidding = later = False
    for _ in range(400):
        while app.bot_step():
            pass
        v = s.view(0)
        if v["phase"] == "bidding" and v["legal"] and not bidding:
            before = s.state
            app.handle({"do": "table.card", "card": v["deal"]["hand"][0]})
            assert app.notice == "Cards are played once the contract is set."
            assert s.state is before
            bidding = True
        if v["phase"] == "play" and v["legal"]:
            person_move(app, rnd)  # a card played: a computer player is to play now
            if s.state["phase"] == "play" and s.to_act() != 0 and s.view(0)["deal"]["hand"]:
                before = s.state
                app.handle({"do": "table.card", "card": s.view(0)["deal"]["hand"][0]})
                assert app.notice == \
                    f"It is not your turn: {s.names()[s.to_act()]} plays now."
                assert s.state is before
                later = True
                break
            continue
        person_move(app, rnd)
    assert bidding and later


def test_the_table_says_why_the_person_was_passed_for():
    """With the minus threshold at 100 every total of 0 is below it (R25): the rules pass for the
    person (he is not the sitter in this game), and the table says why, in the prompt and the
    list of bids, until the cards are played."""
    app = new_app(seed=9)
    app.handle({"do": "go", "screen": "new"})
    new_screen.setup_of(app)["overrides"] = {"low_score_threshold": 100}
    app.handle({"do": "new.start"})
    s, rnd = app.session, random.Random(9)
    for _ in range(20):
        d = s.state["deal"]
        if d and d.get("bids"):
            break
        if not app.bot_step():
            person_move(app, rnd)
    assert s.state["phase"] in table.AUCTION_ON
    assert [b for b in s.state["deal"]["bids"] if b["seat"] == 0] == \
        [{"seat": 0, "value": None, "auto": True, "why": "below_threshold"}]
    said = "You pass automatically: with a total below 100 you may not bid this deal."
    assert said in str(app.render())
    app.handle({"do": "table.bids"})
    assert "You: pass (automatic: below 100)" in str(app.render())
    while s.state["phase"] != "play":  # once the cards are played it is said no more
        if not app.bot_step():
            person_move(app, rnd)
    assert said not in str(app.render())
