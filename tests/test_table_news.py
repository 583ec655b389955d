"""What happened at the card table, as the page says it (thousand/ui/table_news.py): whole deals
between computer players through CardSession at two, three and four players, each action's
events checked against the states on either side of it (the trick's winner and points are the
engine's, a card passed is never named, the deal's end is the settled row), a seat mounting the
barrel, the game's end, and the words: "you" for the person at the device, never their name, and
every sentence through the catalogues."""
import random
import re

import pytest

from helpers_i18n import pseudo_translation
from helpers_play import card_conv, random_card_conv
from thousand import i18n
from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.cards import DECK, POINTS
from thousand.cards.tricks import trick_winner
from thousand.storage import MemoryBackend, Store
from thousand.ui import language
from thousand.ui.app import App
from thousand.ui.card_words import card_name
from thousand.ui.session import CardSession
from thousand.ui.table_news import heard, news, said, sound_of

# the person at the device sits at seat 0 under a name of their own: "Anna" must never be said
# where "you" belongs
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
PERSON = 0
BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
SOUND_NAMES = {"card", "trick", "bid", "marriage", "deal", "barrel"}


@pytest.fixture(autouse=True)
def english():
    i18n.use(i18n.Translation())
    yield
    i18n.use(i18n.Translation())


def session_of(conv, seed, preset=None):
    n = conv["player_count"]
    seats = [{"kind": "human", "name": NAMES[0]}] + \
        [{"kind": "bot", "name": NAMES[i], "bot": "heuristic"} for i in range(1, n)]
    return CardSession.start(conv, preset, seats, seed)


class Table:
    """A session played by computer players in every seat (the person's too), each action's
    events checked as they come."""

    def __init__(self, session, seed):
        self.s = session
        self.bots = [make_bot("heuristic", seed * 31 + i) for i in range(session.n)]
        self.events = []   # (before, action, after, events) for every action
        self.kinds = set()

    def step(self, action=None):
        s = self.s
        seat = s.to_act()
        action = action or self.bots[seat].choose(s.view(seat))
        before = s.state
        s.act(action)
        events = list(s.news)
        s.news.clear()
        check(before, action, s.state, events)
        self.events.append((before, action, s.state, events))
        self.kinds |= {e["what"] for e in events}
        return events

    def until(self, pick, limit=5000):
        """Play on until `pick(state, legal)` finds an action it wants; make it, return its
        events."""
        for _ in range(limit):
            seat = self.s.to_act()
            chosen = pick(self.s.state, self.s.view(seat)["legal"]) if seat is not None else None
            if chosen:
                return self.step(chosen)
            self.step()
        raise AssertionError("the action looked for never came")

    def deals(self, count):
        """Play until `count` deals have ended (or the game)."""
        ended = 0
        while not self.s.over and ended < count:
            ended += sum(e["what"] == "deal_end" for e in self.step())


def check(before, action, after, events):
    """Everything an action's events must say, against the engine's states."""
    names = NAMES[:after["n"]]
    assert events == news(before, action, after), "news() is what the session collected"
    whats = [e["what"] for e in events]
    d_before = before["deal"] or {}
    done = after["deal"] or after["last_deal"]
    for e in events:
        text = said(e, names, PERSON)
        assert text and "{" not in text, (e, text)
        if e.get("seat") == PERSON and e["what"] not in ("give", "trick"):
            assert NAMES[PERSON] not in text, text
        assert sound_of(e) in SOUND_NAMES | {None}
        if e.get("chosen"):
            assert e["seat"] == action["seat"], e
            assert heard(e, PERSON) == (e["seat"] != PERSON)
        else:
            assert heard(e, PERSON)
    # the action itself comes first, with its seat (a redeal comes with the deal it voids)
    if action["type"] not in ("redeal", "take_talon", "show_talon"):
        assert events and events[0].get("chosen") and events[0]["seat"] == action["seat"], events
    if action["type"] == "play":
        assert events[0] == {"what": "play", "seat": action["seat"], "card": action["card"],
                             "chosen": True}
        assert said(events[0], names, 1) == \
            f"{names[action['seat']]} plays the {card_name(action['card'])}." or \
            action["seat"] == 1
    if action["type"] in ("bid", "pass"):
        first = events[0]
        assert first["what"] == action["type"] and first.get("value") == action.get("value")
        if after["deal"] is not None:
            made = after["deal"]["bids"][len(d_before["bids"]):]
            bids = [e for e in events if e["what"] in ("bid", "pass")]
            assert [(b["seat"], b["value"]) for b in made] == \
                [(b["seat"], b["value"]) for b in bids]
    if action["type"] == "give":
        give = events[0]
        assert give == {"what": "give", "seat": action["seat"], "to": action["to"],
                        "chosen": True}, "a card passed is secret: never named"
        for person in (None, 0, 1, 2):
            assert card_name(action["card"]) not in said(give, names, person)
    # tricks: the engine's winner, and the points of the trick's own cards
    tricks = [e for e in events if e["what"] == "trick"]
    if tricks:
        t = done["tricks"][-1]
        assert len(tricks) == 1 and action["type"] == "play"
        assert tricks[0]["seat"] == t["winner"] == t["cards"][trick_winner(t["cards"],
                                                                            t["trump"])][0]
        assert tricks[0]["points"] == sum(POINTS[c[0]] for _, c in t["cards"])
        assert tricks[0]["cards"] == [c for _, c in t["cards"]]
        assert whats.index("trick") > whats.index("play")
    else:
        assert action["type"] != "play" or len(d_before["trick"]) + 1 < len(d_before["active"])
    # marriages: the announcement the engine recorded, with its value
    for e in events:
        if e["what"] == "marriage":
            a = done["announcements"][-1]
            assert (e["seat"], e["kind"], e["suit"], e["value"]) == \
                (a["seat"], a["kind"], a["suit"], a["value"])
            assert action.get("announce") == e["kind"]
    # the deal's end: the row settled and the finished deal
    ends = [e for e in events if e["what"] == "deal_end"]
    new_last = after["last_deal"] != before["last_deal"]
    assert len(ends) == (1 if new_last else 0), events
    if ends:
        end, last = ends[0], after["last_deal"]
        if last.get("voided"):
            assert end["outcome"] == "redeal" and "redeal" in whats
        else:
            row = after["score"]["rows"][-1]
            assert end["changes"] == row["changes"] and end["totals"] == row["totals"]
            outcome = last["facts"]["outcome"]
            if outcome == "played":
                made = "made" in row["marks"][last["declarer"]]
                assert end["outcome"] == ("made" if made else "failed")
                assert end["value"] == last["contract"] and end["seat"] == last["declarer"]
            else:
                assert end["outcome"] == outcome
    # the barrel: one event for each mark of mounting or falling
    marks = [(p, m) for row in after["score"]["rows"][len(before["score"]["rows"]):]
             for p, ms in enumerate(row["marks"]) for m in ms
             if m in ("barrel_mount", "barrel_fall")]
    assert [(e["seat"], "barrel_mount" if e["on"] else "barrel_fall")
            for e in events if e["what"] == "barrel"] == marks
    over = after["phase"] == "game_over" and before["phase"] != "game_over"
    assert whats.count("game_over") == int(over)
    if over:
        assert events[-1] == {"what": "game_over", "seat": None,
                              "winners": after["score"]["winners"]}


@pytest.mark.parametrize("preset,seed", [("two_players", 3), ("classic", 5), ("four_players", 7)])
def test_whole_deals_at_two_three_and_four_players(preset, seed):
    conv = card_conv(preset)
    table = Table(session_of(conv, seed, preset), seed)
    table.deals(5)
    needed = {"deal", "cut", "bid", "pass", "auction", "talon", "contract", "play", "trick",
              "deal_end"}
    needed |= {"give"} if conv["player_count"] != 2 else set()
    assert needed <= table.kinds, needed - table.kinds
    # every card played is in a trick said, or on the table still
    plays = sum(a["type"] == "play" for _b, a, _s, _e in table.events)
    in_tricks = sum(len(e["cards"]) for *_x, events in table.events for e in events
                    if e["what"] == "trick")
    deal = table.s.state["deal"]
    assert plays == in_tricks + (len(deal["trick"]) if deal and "trick" in deal else 0)


def test_a_preset_with_marriages_of_every_kind_and_a_whole_game():
    """Bed marriages and the ace marriage besides the four, to the game's end."""
    conv = card_conv("table_conventions_1001", bed_marriage=True)
    assert conv["ace_marriage"]
    table = Table(session_of(conv, 11, "table_conventions_1001"), 11)
    table.deals(400)
    assert table.s.over
    marriages = [e for *_x, events in table.events for e in events if e["what"] == "marriage"]
    assert marriages and {"marriage", "trick", "game_over"} <= table.kinds
    assert all(sound_of(e) == "marriage" for e in marriages)
    print(sorted({(e["kind"], e["suit"]) for e in marriages}))
    winners = table.s.state["score"]["winners"]
    assert said(table.events[-1][3][-1], NAMES[:3], PERSON) == \
        ("You win!" if winners == [PERSON] else f"{NAMES[winners[0]]} wins!")


@pytest.mark.parametrize("seed", range(12))
def test_random_conventions_every_event_is_found_and_worded(seed):
    """Dark games, blind bids, compulsory redeals, write-offs, crosses, everybody passing: under
    conventions drawn at random every action's events hold (check) and read."""
    rnd = random.Random(seed)
    conv = random_card_conv(rnd)
    table = Table(session_of(conv, seed), seed)
    table.deals(6)


def first(kind, also=lambda state, a: True):
    return lambda state, legal: next((a for a in legal if a["type"] == kind and also(state, a)),
                                     None)


def test_dark_bidding_looking_and_staying_blind_and_keeping_the_cards():
    table = Table(session_of(card_conv("flash_site"), 4, "flash_site"), 4)
    blind = table.until(first("keep", lambda st, a: not st["deal"]["looked"][a["seat"]]))
    assert blind[0]["what"] == "blind" and said(blind[0], NAMES, 0) in \
        ("Boris stays blind.", "Vera stays blind.", "You stay blind.")
    look = table.until(first("look"))
    assert look[0]["what"] == "look"
    assert said({**look[0], "seat": 2}, NAMES, 0) == "Vera looks at the cards."
    keep = table.until(first("keep", lambda st, a: st["deal"]["looked"][a["seat"]]))
    assert keep[0]["what"] == "keep"
    assert said({**keep[0], "seat": 0}, NAMES, 0) == "You keep your cards."


def test_a_dark_game_and_a_cross():
    conv = card_conv("company_house_rules", dark_who="anyone", cross_rule=True)
    table = Table(session_of(conv, 2, None), 2)
    dark = table.until(first("dark", lambda st, a: a["dark"]))
    assert dark[0] == {"what": "dark", "seat": dark[0]["seat"], "dark": True, "chosen": True}
    assert said({**dark[0], "seat": 1}, NAMES, 0) == "Boris plays this deal dark."
    assert said({**dark[0], "dark": False, "seat": 0}, NAMES, 0) == "You do not play dark."
    events = table.until(first("cross"))
    assert events[0]["what"] == "cross" and events[0]["value"] == table.events[-1][0]["deal"]["bid"]
    assert events[-1]["what"] == "deal_end" and events[-1]["outcome"] == "cross"
    assert said(events[-1], NAMES[:3], None).startswith("Changes: ")
    assert said({**events[0], "seat": 1}, NAMES, 0) == "Boris crossed the deal."


def test_a_penalty_for_three_nines_at_the_bottom_of_the_deck():
    """R10: the cutter whose cut leaves a nine at the bottom cuts again; the third time he is
    charged (cutter_nine_penalty)."""
    from thousand.cards.dealing import cut
    table = Table(session_of(card_conv("classic"), 6, "classic"), 6)
    table.until(first("deal"))
    for _time in range(3):
        deck = table.s.state["deal"]["deck"]
        k = next(k for k in range(1, 24) if cut(deck, k)[-1][0] == "9")
        events = table.step({"type": "cut", "seat": table.s.to_act(), "k": k})
    penalty = next(e for e in events if e["what"] == "penalty")
    assert penalty["value"] == 120 and penalty["reason"] == "cutter_nine"
    assert said({**penalty, "seat": 1}, NAMES, 0) == \
        "Boris loses 120 points: a nine at the bottom of the deck three times."


def test_everybody_passes_and_the_passes_lost_with_the_deal_are_found():
    """With no forced 100, the last pass ends the deal; the automatic passes after it (seats
    barred below the low score) went with the deal and are rebuilt."""
    conv = card_conv("classic", forced_100=False, low_score_rule="auto_pass_below",
                     low_score_threshold=100)
    for seed in range(40):
        s = session_of(conv, seed)
        s.state = {**s.state, "score": {**s.state["score"], "totals": [300, 0, 0]}}
        table = Table(s, seed)
        while s.state["phase"] != "bidding" or s.to_act() is None:
            table.step()
        before, seat = s.state, s.to_act()
        action = {"type": "pass", "seat": seat}
        s.act(action)
        events = list(s.news)
        s.news.clear()
        check(before, action, s.state, events)
        if s.state["last_deal"].get("facts", {}).get("outcome") == "all_pass" and \
                len(events) > 2:  # the pass, an automatic one at least, the deal's end
            passes = [e["seat"] for e in events if e["what"] == "pass"]
            assert passes[0] == seat and all(e["auto"] for e in events[1:-1])
            assert sorted(passes + [b["seat"] for b in before["deal"]["bids"]]) == [0, 1, 2]
            assert events[-1]["outcome"] == "all_pass"
            assert said(events[-1], NAMES, PERSON) == "Everybody passed: the deal is not played."
            return
    raise AssertionError("no deal was passed out")


def test_a_seat_mounting_the_barrel_is_said():
    conv = card_conv("classic")
    for seed in range(30):
        s = session_of(conv, seed)
        s.state = {**s.state, "score": {**s.state["score"], "totals": [860, 860, 860]}}
        table = Table(s, seed)
        table.deals(1)
        ups = [(e, after) for _b, _a, after, events in table.events for e in events
               if e["what"] == "barrel" and e["on"]]
        if ups:
            e, after = ups[0]
            assert after["score"]["barrel"][e["seat"]]["on"] or after["phase"] == "game_over"
            assert sound_of(e) == "barrel"
            assert said(e, NAMES[:3], PERSON) == ("You are on the barrel." if e["seat"] == PERSON
                                                  else f"{NAMES[e['seat']]} is on the barrel.")
            return
    raise AssertionError("nobody mounted the barrel")


# --- the words --------------------------------------------------------------------------------

TRICK = {"what": "trick", "seat": 1, "points": 25, "cards": ["AS", "KS", "TS"]}


def test_you_and_a_name_in_english():
    assert said(TRICK, NAMES, PERSON) == "Boris takes the trick, 25 points."
    assert said({**TRICK, "seat": 0}, NAMES, PERSON) == "You take the trick, 25 points."
    assert said({**TRICK, "seat": 0, "points": 1}, NAMES, None) == "Anna takes the trick, 1 point."
    assert said({"what": "bid", "seat": 1, "value": 110}, NAMES, 0) == "Boris bids 110."
    assert said({"what": "play", "seat": 2, "card": "AS"}, NAMES, 0) == \
        "Vera plays the ace of spades."
    assert said({"what": "marriage", "seat": 2, "kind": "marriage", "suit": "H", "value": 100},
                NAMES, 0) == "Vera announces the hearts marriage (100)."
    assert said({"what": "give", "seat": 1, "to": 0}, NAMES, 0) == "Boris gives you a card."
    end = {"what": "deal_end", "seat": 1, "outcome": "made", "value": 120,
           "changes": [10, 120, -5], "totals": [10, 120, -5]}
    assert said(end, NAMES[:3], 0) == \
        "Boris made the contract of 120. Changes: you: +10, Boris: +120, Vera: \u22125."
    assert said({"what": "game_over", "seat": None, "winners": [0]}, NAMES, 0) == "You win!"


def test_russian_words_come_from_its_catalogue():
    i18n.use(language.translation("ru", language.disk_source))
    end = {"what": "deal_end", "seat": 1, "outcome": "made", "value": 120,
           "changes": [0, 120, 0], "totals": [0, 120, 0]}
    head = i18n._("{name} made the contract of {value}.", name="Борис", value=120)
    assert head != "Борис made the contract of 120."  # the table's own sentence, translated
    assert said(end, ["Анна", "Борис", "Вера"], 0).startswith(head + " ")
    assert said({"what": "game_over", "seat": None, "winners": [1]}, ["Анна", "Борис"], 0) == \
        "Побеждает Борис!"
    assert card_name("AS") in said({"what": "play", "seat": 1, "card": "AS"}, NAMES, 0)
    assert card_name("AS") != "ace of spades"


def test_every_sentence_goes_through_the_catalogue():
    """In the pseudo-language every message is bracketed: a sentence with words outside the
    brackets (but the names and numbers put in) was not looked up."""
    events = []
    for preset, seed in (("two_players", 3), ("classic", 5), ("four_players", 7)):
        table = Table(session_of(card_conv(preset), seed, preset), seed)
        table.deals(2)
        events += [e for *_x, ev in table.events for e in ev]
    events += [{"what": k, "seat": 1, "value": 100, "auto": True} for k in ("bid", "pass")]
    events += [{"what": "dark", "seat": 1, "dark": True}, {"what": "look", "seat": 1},
               {"what": "blind", "seat": 1}, {"what": "keep", "seat": 1},
               {"what": "write_off", "seat": 1, "value": 100}, {"what": "cross", "seat": 1},
               {"what": "redeal", "seat": 1, "reason": {"code": "four_nines"}, "asked": True},
               {"what": "deal_end", "seat": None, "outcome": "redeal"},
               {"what": "penalty", "seat": 1, "value": 120, "reason": "third_redeal"},
               {"what": "barrel", "seat": 1, "on": False},
               {"what": "trump_changed", "seat": 1, "suit": "H"},
               {"what": "talon_shown", "seat": 1, "shown": True, "cards": ["AS", "9H", "KD"]}]
    i18n.use(pseudo_translation())
    for e in events:
        for person in (None, 0, 1):
            text = rest = said(e, NAMES, person)
            while BRACKETED.search(rest):  # a card's name inside a sentence: inner ones first
                rest = BRACKETED.sub("", rest)
            assert not any(ch.isalpha() for ch in rest), (e, text)


# --- the session and the app ------------------------------------------------------------------

def test_news_is_taken_once_not_saved_and_not_made_by_taking_back():
    app = App(Store(MemoryBackend()), delay=0, seed=3)
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    s = app.session
    while app.bot_step():
        pass
    rnd = random.Random(1)
    while s.state["phase"] != "play" or s.to_act() != PERSON:
        seat = s.to_act()
        if s.is_bot(seat):
            app.bot_step()
        else:
            s.act(rnd.choice(s.view(seat)["legal"]))
    taken = app.take_news()
    assert taken and any(e["what"] == "bid" for e in taken)
    assert app.take_news() == [], "each event is taken once"
    assert "news" not in str(s.to_doc()), "news is not saved"
    s.act(s.view(PERSON)["legal"][0])
    while app.bot_step():
        pass
    assert any(e["what"] == "play" and e["seat"] == PERSON for e in s.news)
    s.take_back()
    assert app.take_news() == [], "the replay of a take-back says nothing"
    again = CardSession.from_doc(s.to_doc())
    assert again.news == []


def test_sounds_name_the_events_that_make_one():
    assert sound_of({"what": "play"}) == "card"
    assert sound_of({"what": "trick"}) == "trick"
    assert sound_of({"what": "bid"}) == sound_of({"what": "pass"}) == "bid"
    assert sound_of({"what": "marriage"}) == "marriage"
    assert sound_of({"what": "deal_end"}) == "deal"
    assert sound_of({"what": "barrel"}) == "barrel"
    assert sound_of({"what": "give"}) is None


def test_every_card_name_is_secret_in_a_give():
    give = {"what": "give", "seat": 1, "to": 2}
    texts = [said(give, NAMES, p) for p in (None, 0, 1, 2)]
    assert not any(card_name(c) in t for c in DECK for t in texts)
