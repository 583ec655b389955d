"""The card table speaks only through the catalogues (issue 10): whole games of two, three and four
players (the person in seat 0, computer players in the others), and games under the presets that
bring the table's rarer states (dark bidding, a dark game, the talon shown or hidden, a cross,
marriages for points only, the trump named), are played through page events in the
pseudo-language of tests/helpers_i18n.py, and every state drawn on the way (each phase, each
dialog, each notice, the deal's result, game over and the rematch) has no English left on it but
the players' names. Beside that: the cards' own names, sentences about the person at this device
("You crossed the deal", never "You crosses"), plural forms, and an engine's refusal worded in the
player's language."""
import random
import re

import pytest

from helpers_app import unasked_store

import thousand.bots as registry
from helpers_i18n import english_left, pseudo_translation
from thousand import i18n
from thousand.cards.cards import DECK
from thousand.cards.cards import card_name as engine_card_name
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.scoresheet import score_sheet as scored_sheet
from thousand.cards.settlement import MARKS
from thousand.errors import IllegalAction
from thousand.i18n import po
from thousand.ui import card_words
from thousand.ui.app import App
from thousand.ui.screens import felt, table
from thousand.ui.session import CardSession

NAMES = ("You", "Boris", "Vera", "Gleb")
# Shown as they are: the players' names, and the computer players' levels, which come from
# thousand/ui/screens/new.py (level_label; the New-game screen's helper puts it through the
# catalogues) and stand beside a seat's name.
LEVEL_WORDS = ("Rule", "of", "thumb", "Easy", "Normal", "Strong", "Random")
ALLOWED = NAMES + LEVEL_WORDS



@pytest.fixture(scope="module")
def pseudo_language():
    return pseudo_translation()


@pytest.fixture(autouse=True)
def pseudo(pseudo_language):
    i18n.use(pseudo_language)
    yield
    i18n.use(i18n.Translation())


# --- a game played through the page, every state looked at ------------------------------------

class Table:
    """A game at the table: the person's decisions through page events, every state drawn and read
    for English, and what was seen (phases, prompts, dialogs, notices) noted for the test."""

    def __init__(self, players=3, preset=None, overrides=None, seed=7, humans=(0,),
                 bot="heuristic", read=True):
        self.read = read  # read every state for English (False: a test in English itself)
        self.app = App(unasked_store(), delay=0, seed=seed)
        preset = preset or {2: "two_players", 3: "classic", 4: "four_players"}[players]
        conv = CATALOGUE.resolve(preset, {**(overrides or {}), "player_count": players})
        seats = [{"kind": "human", "name": NAMES[i]} if i in humans else
                 {"kind": "bot", "bot": bot, "name": NAMES[i]} for i in range(players)]
        self.app.start_game(CardSession.start(conv, preset, seats, seed))
        self.rnd = random.Random(seed)
        self.seen = set()
        self.done = set()  # the person's choices made once a game (a write-off, a redeal…)
        self.look()

    # looking ---------------------------------------------------------------------------------

    def look(self, what=""):
        """Draw the page; nothing English on it but names; note what it shows."""
        app = self.app
        html = str(app.render())
        if self.read:
            left = english_left(html, ALLOWED)
            assert left == [], (what, self.state_words(), left)
        if app.session is None or app.screen != "table":
            return html
        s = app.session
        if table._privacy_needed(app) and not table._summary_pending(app):
            self.seen.add("privacy")
            return html
        v = s.view(table.viewer(app))
        d = v["deal"] or {}
        if table._summary_pending(app):
            last = s.state["last_deal"]
            self.seen.add("game_over" if s.over else "summary:voided" if last.get("voided")
                          else "summary:" + last["facts"]["outcome"])
        if app.ui.get("pending"):
            self.seen.add("announce")
        if app.ui.get("dialog"):
            self.seen.add("dialog:" + app.ui["dialog"])
        if app.notice:
            self.seen.add("notice")
        self.seen.update("legal:" + a["type"] for a in v["legal"])
        self.seen.update("announce:" + a["announce"] + (":keep" if a.get("keep_trump") else "")
                         for a in v["legal"] if a.get("announce"))
        if v["to_act"] is not None and v["to_act"] != v["seat"]:
            self.seen.add("waiting:" + v["phase"])
        for fact in ("talon", "golden", "dark", "received", "trump"):
            if d.get(fact):
                self.seen.add(fact)
        if d and d.get("hand") is None and "tricks" in d:
            self.seen.add("hand hidden")
        if v["score"]["bolts"][v["seat"]]:
            self.seen.add("bolts")
        if any(b["on"] for b in v["score"]["barrel"]):
            self.seen.add("barrel")
        return html

    def state_words(self):
        s = self.app.session
        return s and (s.state["phase"], s.view(table.viewer(self.app))["legal"][:3])

    def event(self, event):
        self.app.handle(event)
        return self.look(event)

    # playing ---------------------------------------------------------------------------------

    def bots(self):
        while self.app.bot_step():
            self.look("computer move")

    def once(self, what) -> bool:
        """True the first time `what` is asked in this game."""
        if what in self.done:
            return False
        self.done.add(what)
        return True

    def refusals(self, v):
        """The refusals the table words itself, each drawn, the game unchanged."""
        if not self.once("refusals"):
            return
        before = self.app.session.state
        self.event({"do": "table.nonsense"})
        self.event({"do": "table.bid", "fields": {"bid-value": "7"}})
        assert self.app.session.state is before
        self.app.notice = None

    def dialogs(self):
        """The table's own dialogs, opened and closed."""
        for which in ("table.sheet", "table.bids", "table.last_trick"):
            self.event({"do": which})
            self.event({"do": "table.close"})

    def person(self):
        """One decision of the person to act, by page events only."""
        app, rnd = self.app, self.rnd
        if table._privacy_needed(app) and not table._summary_pending(app):
            self.event({"do": "table.reveal"})
            return
        if table._summary_pending(app):
            if app.session.over:
                return
            if self.once("dialogs after a deal"):
                self.dialogs()
            self.event({"do": "table.seen"})
            return
        html = str(app.render())
        if app.ui.get("pending"):
            options = re.findall(r'data-do="table.announce" data-arg="\{&quot;i&quot;:(\d+)\}"',
                                 html)
            legal = app.session.view(table.viewer(app))["legal"]
            # announce whenever the lead may: now the first way offered, now the last (which
            # keeps the trump, where that is a choice)
            announcing = [i for i in map(int, options) if legal[i].get("announce")]
            pick = announcing[-1] if announcing and rnd.random() < 0.5 else \
                announcing[0] if announcing else int(options[0])
            self.event({"do": "table.announce", "i": pick})
            return
        v = app.session.view(table.viewer(app))
        legal = v["legal"]
        assert legal, "the page offers the person nothing"
        types = {a["type"] for a in legal}
        self.refusals(v)
        if v["phase"] == "play" and v["deal"]["tricks"] and self.once("dialogs in play"):
            self.dialogs()

        def act(a):
            self.event({"do": "table.act", "i": legal.index(a)})

        def first(kind, **fields):
            return next(a for a in legal if a["type"] == kind
                        and all(a.get(k) == x for k, x in fields.items()))

        if "deal" in types:
            act(first("deal"))
        elif "cut" in types:
            self.event({"do": "table.cut", "fields": {"cut-k": str(rnd.randint(1, 23))}})
        elif "dark" in types:
            act(first("dark", dark=self.once("dark")))
        elif "look" in types and "keep" in types and v["phase"] == "redeal":
            act(first("look") if rnd.random() < 0.5 else first("keep"))
        elif "keep" in types:  # the hand qualifies for a redeal
            act(first("redeal") if self.once("redeal") else first("keep"))
        elif v["phase"] == "bidding":
            bids = [a for a in legal if a["type"] == "bid"]
            if "look" in types and rnd.random() < 0.5:
                act(first("look"))
            elif bids and bids[0]["value"] <= 120 and rnd.random() < 0.6:
                act(bids[0])
            elif len(bids) > 3 and bids[3]["value"] <= 130 and self.once("bid picker"):
                self.event({"do": "table.bid", "fields": {"bid-value": str(bids[3]["value"])}})
            else:
                act(first("pass"))
        elif "take_talon" in types:
            act(rnd.choice(legal))
        elif "show_talon" in types:
            act(rnd.choice(legal))
        elif "write_off" in types and self.once("write_off"):
            act(first("write_off"))
        elif "cross" in types and self.once("cross"):
            act(first("cross"))
        elif "redeal" in types and self.once("w2 redeal"):
            act(first("redeal"))
        elif "contract" in types:
            contracts = [a for a in legal if a["type"] == "contract"]
            if len(contracts) > 3 and self.once("contract picker"):
                self.event({"do": "table.contract",
                            "fields": {"contract-value": str(contracts[3]["value"])}})
            else:
                act(contracts[0])
        elif "give" in types or "discard" in types:
            a = rnd.choice([a for a in legal if a["type"] in ("give", "discard")])
            if self.once("give without a card"):
                self.event({"do": "table.give", "to": a.get("to", 1)} if a["type"] == "give"
                           else {"do": "table.discard"})
                app.notice = None
            self.event({"do": "table.card", "card": a["card"]})
            self.event({"do": "table.give", "to": a["to"]} if a["type"] == "give"
                       else {"do": "table.discard"})
        elif "name_trump" in types:
            act(rnd.choice(legal))
        elif "play" in types:
            if v["deal"]["trick"] and self.once("illegal card"):
                unplayable = [c for c in v["deal"]["hand"]
                              if c not in {a["card"] for a in legal}]
                if unplayable:
                    before = app.session.state
                    self.event({"do": "table.card", "card": unplayable[0]})
                    assert app.session.state is before and app.notice
            # a card that can announce is led whenever there is one
            announcing = [a for a in legal if a.get("announce")]
            a = rnd.choice(announcing or legal)
            self.event({"do": "table.card", "card": a["card"]})
        else:
            act(rnd.choice(legal))

    def play(self, deals=None, limit=8000):
        """Play until the game is over (or `deals` deals were dealt)."""
        s = self.app.session
        for _ in range(limit):
            if s.over or deals is not None and len(s.record["deals"]) > deals:
                return self
            self.bots()
            if s.over:
                return self
            self.person()
        raise AssertionError("the game did not end")

    def rematch(self):
        old = self.app.session
        assert old.over
        self.event({"do": "table.rematch"})
        assert self.app.session is not old and self.app.screen == "table"
        self.bots()


EVERY_GAME = {"legal:deal", "legal:cut", "legal:bid", "legal:pass", "legal:contract",
              "legal:write_off", "legal:play", "announce", "summary:played", "summary:write_off",
              "game_over", "waiting:bidding", "waiting:play", "waiting:cut", "waiting:deal",
              "dialog:sheet", "dialog:bids", "dialog:last_trick", "notice", "talon", "trump",
              "bolts", "legal:keep", "summary:voided"}  # keep: the redeal offer


def test_three_players_every_phase_of_the_table():
    t = Table(3, seed=12).play()
    t.rematch()
    assert EVERY_GAME | {"legal:give", "received", "legal:redeal", "waiting:exchange",
                         "barrel"} <= t.seen, t.seen


def test_two_players_every_phase_of_the_table():
    t = Table(2, seed=19).play()
    t.rematch()
    assert EVERY_GAME | {"legal:take_talon", "legal:discard"} <= t.seen, t.seen


def test_four_players_every_phase_of_the_table():
    t = Table(4, seed=24).play()
    t.rematch()
    assert EVERY_GAME | {"legal:give", "received"} <= t.seen, t.seen


def test_dark_bidding_and_the_talon_always_shown():
    t = Table(3, preset="flash_site", seed=5).play(deals=2)
    assert {"legal:look", "legal:keep", "hand hidden", "talon", "dark"} <= t.seen, t.seen


def test_a_dark_game():
    t = Table(3, overrides={"dark_game": True, "dark_who": "anyone",
                            "dark_min_score": None}, seed=2).play(deals=2)
    assert {"legal:dark", "dark", "waiting:dark"} <= t.seen, t.seen


def test_a_golden_round():
    t = Table(3, preset="table_request_online", seed=1).play(deals=1)
    assert "golden" in t.seen, t.seen


def test_a_cross_marriages_for_points_only_and_the_talon_shown_or_not():
    t = Table(3, preset="scoresheet_rules", seed=7).play(deals=4)
    assert {"legal:cross", "summary:cross", "announce:marriage:keep", "legal:show_talon"} <= \
        t.seen, t.seen


def test_the_declarer_names_the_trump():
    t = Table(3, preset="five_oh_one", seed=1).play(deals=3)
    assert {"legal:name_trump", "trump"} <= t.seen, t.seen


def test_bed_marriages_and_a_deal_everybody_passed():
    t = Table(3, overrides={"bed_marriage": True, "forced_100": False,
                            "marriage_timing": "from_first_lead"}, seed=11).play(deals=3)
    assert {"announce:bed_marriage", "summary:all_pass"} <= t.seen, t.seen


def test_people_sharing_the_device_and_the_privacy_screen():
    t = Table(3, humans=(0, 1), seed=12).play(deals=3)
    assert "privacy" in t.seen and "waiting:bidding" in t.seen


def test_a_computer_player_thinking(monkeypatch):
    from thousand.bots.search.player import SearchPlayer
    small = {"samples": 2, "min_samples": 1, "node_budget": 5_000, "slice_nodes": 100}
    monkeypatch.setitem(registry.CARD_BOTS, "strong",
                        lambda seed: SearchPlayer(random.Random(seed), **small))
    t = Table(3, bot="strong", seed=1)
    for _ in range(100):
        move = t.app.bot_move()
        if move is None:
            t.person()
            continue
        steps = move.steps()
        if next(steps, "done") != "done" and t.app.thinking() is not None:
            assert "⟦thinking…⟧" in t.look("thinking")
            return
        for _ in steps:
            pass
        move.make()
    pytest.fail("no computer player thought in steps")


def test_no_game_in_progress():
    app = App(unasked_store(), delay=0)
    app.screen = "table"
    assert english_left(str(app.render())) == []


# --- what the games above may not meet --------------------------------------------------------

def test_every_announcement_a_lead_can_make_is_a_message():
    for key, text in card_words.ANNOUNCE.items():
        assert english_left(f"<p>{i18n._(text)}</p>") == [], key
    kinds = {(k, keep) for k, _s, keep in card_words.ANNOUNCE}
    assert kinds == {("marriage", False), ("marriage", True), ("bed_marriage", False),
                     ("bed_marriage", True), ("ace_marriage", False), ("ace_marriage", True),
                     ("four_nines", False)}


def test_every_redeal_reason_the_engine_gives_is_worded():
    for reason in ({"code": "four_nines"}, {"code": "three_nines"}, {"code": "four_jacks"},
                   {"code": "low_hand", "under": 14}, {"code": "talon_low", "under": 5},
                   {"code": "talon_two_nines"}, {"code": "talon_three_jacks"},
                   {"code": "four_aces_dealt"}, {"code": "four_aces"},
                   {"code": "low_hand", "under": 1}):
        assert english_left(f"<p>{card_words.redeal_reason(reason)}</p>") == [], reason
    i18n.use(i18n.Translation())
    assert card_words.redeal_reason({"code": "low_hand", "under": 13}) == "fewer than 13 points"
    assert card_words.redeal_reason({"code": "talon_low", "under": 1}) == \
        "talon worth fewer than 1 point"
    assert card_words.redeal_reason({"code": "four_aces"}) == "four aces"
    assert card_words.redeal_reason({"code": "something_new"}) == "something_new"  # shown as it is


def test_score_sheet_rows_of_every_kind_with_their_marks_and_penalties():
    """The table's score sheet (also the real-cards sheet's), from the score-sheet engine: penalties
    of each reason, a write-off, a cross, bolts, the barrel."""
    deal = {"declarer": 0, "bid": 100, "card_points": [100, 10, 10], "tricks": [6, 1, 1]}
    sheet = {"format": "thousand-score-sheet", "version": 1, "players": ["Anna", "Boris", "Vera"],
             "overrides": {"cross_rule": True}, "deals": [
                 deal,
                 {"penalty": {"seat": 2, "amount": 120, "reason": "cutter_nine"}},
                 {"penalty": {"seat": 1, "amount": 120, "reason": "third_redeal"}},
                 {"penalty": {"seat": 1, "amount": 120, "reason": "exposed_card"}},
                 {"penalty": {"seat": 0, "amount": 50}},
                 {"declarer": 1, "bid": 120, "outcome": "write_off"},
                 {"declarer": 2, "bid": 120, "outcome": "cross"},
                 {**deal, "declarer": 0, "card_points": [120, 0, 0], "tricks": [8, 0, 0]},
             ] + [{**deal, "declarer": 0, "bid": 120, "card_points": [120, 0, 0],
                   "tricks": [8, 0, 0]}] * 6}
    out = scored_sheet(sheet)
    marks = {m for r in out["rows"] for p in r["marks"] for m in p}
    assert {"made", "write_off", "cross", "bolt", "penalty", "barrel_mount"} <= marks
    html = str(table.score_sheet(out["rows"], sheet["players"], 3))
    assert english_left(html, ("Anna", "Boris", "Vera")) == []
    assert html.count("⟦penalty: ") == 3 and "⟦penalty⟧" in html


def test_the_marks_the_page_explains_are_the_engines_marks():
    from thousand.ui.screens import sheet_table
    i18n.use(i18n.Translation())
    assert set(sheet_table.mark_meanings()) == set(MARKS) == set(sheet_table.mark_symbols())
    assert set(card_words.MARK_WORDS) == set(MARKS) == set(sheet_table.MARK_ORDER)


def test_the_winners_are_said_with_you_for_the_person_here():
    t = Table(3, seed=1)
    names = list(NAMES[:3])
    for winners in ([0], [1], [0, 2], [1, 2], [0, 1, 2]):
        said = card_words.winners_said(winners, names, table.person(t.app))
        assert english_left(f"<p>{said}</p>", ALLOWED) == []
    i18n.use(i18n.Translation())
    assert card_words.winners_said([0], names, table.person(t.app)) == "You win!"
    assert card_words.winners_said([2], names, table.person(t.app)) == "Vera wins!"
    assert card_words.winners_said([2, 0], names, table.person(t.app)) == "You and Vera win!"
    assert card_words.winners_said([1, 2], names, table.person(t.app)) == "Boris and Vera win!"


# --- grammar and the cards' names ---------------------------------------------------------------

def test_each_card_has_its_own_name_and_the_engine_keeps_its_english():
    assert set(card_words.CARD_NAMES) == set(DECK)
    i18n.use(i18n.Translation())
    for card in DECK:
        assert card_words.card_name(card) == engine_card_name(card)
    assert [card_words.suit_name(s) for s in "HDCS"] == ["hearts", "diamonds", "clubs", "spades"]
    assert card_words.rank_name("Q") == "queen" and card_words.rank_name("T") == "ten"
    ru = i18n.Translation("ru", [po.Entry(msgid="queen of hearts", strings=["дама червей"]),
                                 po.Entry(msgid="hearts", context="card suit",
                                          strings=["черви"])])
    i18n.use(ru)
    assert card_words.card_name("QH") == "дама червей" and card_words.suit_name("H") == "черви"
    assert card_words.card_name("KH") == "king of hearts"  # untranslated: the English


def test_sentences_about_the_person_here_are_their_own():
    """'You made the contract', never 'You made' put where a name goes: with English the person's
    seat reads "You …" even when the person typed another name."""
    i18n.use(i18n.Translation())
    t = Table(3, seed=11, read=False)
    t.app.session.meta["seats"][0]["name"] = "Anna"
    names = t.app.session.names()
    said = table._said(t.app, 0, names, "You crossed the deal.", "{name} crossed the deal.")
    assert said == "You crossed the deal."
    assert table._said(t.app, 1, names, "You crossed the deal.", "{name} crossed the deal.") \
        == "Boris crossed the deal."
    # people sharing the device: everyone is called by name
    t.app.session.meta["seats"][1] = {"kind": "human", "name": "Boris"}
    assert table.person(t.app) is None
    assert table._said(t.app, 0, names, "You win!", "{name} wins!") == "Anna wins!"


def test_numbers_agree_with_their_nouns_in_the_players_language():
    i18n.use(i18n.Translation("ru", [
        po.Entry(msgid="{n} card", plural="{n} cards", strings=["{n} карта", "{n} карты",
                                                                "{n} карт"]),
        po.Entry(msgid="{n} point", plural="{n} points", strings=["{n} очко", "{n} очка",
                                                                  "{n} очков"])]))
    t = Table(3, seed=12, read=False)
    s = t.app.session
    left, points = set(), set()
    while len(s.record["deals"]) < 3:
        t.bots()
        t.person()
        html = str(t.app.render())
        # each seat says its cards in its label (its fan of backs shows them)
        left.update(re.findall(r'role="group" aria-label="[^"]*, ([^",]+)" data-anchor', html))
        points.update(re.findall(r'</strong> ([^<·]+)', html))
    assert {"1 карта", "3 карты", "7 карт"} <= left, left
    assert "0 очков" in {p.strip() for p in points}, points
    i18n.use(i18n.Translation())
    assert felt.points(1) == "1 point" and felt.points(-120) == "\u2212120 points"


def test_an_engine_refusal_reaches_the_player_in_the_players_language():
    i18n.use(i18n.Translation())
    t = Table(3, seed=11, read=False)
    s = t.app.session
    seat = s.to_act()
    bogus = {"type": "dance", "seat": seat}
    with pytest.raises(IllegalAction) as refused:
        s.act(bogus)
    template = refused.value.template
    i18n.use(i18n.Translation("ru", [po.Entry(msgid=template, strings=["так нельзя"])]))
    before = s.state
    table._act(t.app, bogus)
    assert t.app.notice == "так нельзя" and s.state is before
    assert 'role="alert">так нельзя<' in str(t.app.render())
