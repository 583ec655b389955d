"""The card table's pace for a person (thousand/ui/pace.py, App.played_for_person): the lone
legal card the page plays for them, and the decisions it asks about first: declaring a dark game
(D1, D2, dark_game), bidding without looking (B1, B2, dark_bidding), and a bid or a raised
contract (R24, R31) far above what the hand promises."""
import random

from helpers_app import past_a_pause
from helpers_engine import act, all_pass, conv, deal, give_cards, keep_all, spread
from thousand import i18n
from thousand.bots import make_bot
from thousand.bots.heuristic import promise
from thousand.cards import game
from thousand.cards.views import seat_view
from thousand.storage import MemoryBackend, Store
from thousand.ui import pace
from thousand.ui.app import App
from thousand.ui.pace import MARGIN, only_card, risk, risk_words
from thousand.ui.screens import table

# Seat 2 speaks first (dealer 0, seat 1 the sitter on 100): a hearts marriage without its ace and
# little else, a hand worth about 75 with the talon's hope, that may still bid up to 220 (R24).
WEAK_MARRIAGE = ["KH", "QH", "TD", "9D", "JC", "9C", "9S"]
WEAK_TALON = ["AS", "TS", "KS"]


def view_of(s, seat=None):
    return seat_view(s, game.to_act(s) if seat is None else seat)


def weak_auction():
    return keep_all(deal(spread(WEAK_TALON, {2: WEAK_MARRIAGE}), WEAK_TALON))


def bid(v, value):
    return next(a for a in v["legal"] if a["type"] == "bid" and a["value"] == value)


# --- the lone card ----------------------------------------------------------------------------

def positions(seed, players=3):
    """Every position of a game's first deals played by heuristic players, with its view."""
    s = game.new_game(conv(player_count=players), seed)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    for _ in range(400):
        if s["phase"] == "game_over":
            return
        v = view_of(s)
        yield s, v
        s = game.apply(s, bots[v["seat"]].choose(v))


def test_R38_a_lone_card_that_must_be_played_is_the_only_card():
    seen = 0
    for seed in range(4):
        for s, v in positions(seed):
            plays = [a for a in v["legal"] if a["type"] == "play"]
            got = only_card(v)
            if len(v["legal"]) == 1 and plays and not plays[0].get("announce"):
                assert got == plays[0] and got["card"] in v["deal"]["hand"]
                seen += 1
            else:
                assert got is None
    assert seen > 20  # every last trick, and every follower left with one card of the suit


def test_R38_no_card_is_played_for_anyone_outside_the_tricks_or_with_a_choice():
    for s, v in positions(5):
        if s["phase"] != "play" or len(v["legal"]) > 1:
            assert only_card(v) is None, v["legal"]


def test_R41_R42_a_card_led_with_a_marriage_to_announce_or_not_is_a_choice():
    # R42: a K or Q led when R41 holds is offered with and without the announcement
    leads = [v for seed in range(6) for s, v in positions(seed)
             if s["phase"] == "play" and any(a.get("announce") for a in v["legal"])]
    assert leads
    for v in leads:
        assert len(v["legal"]) >= 2 and only_card(v) is None
        announced = next(a for a in v["legal"] if a.get("announce"))
        assert only_card({**v, "legal": [announced]}) is None  # nor ever an announcement alone


# --- dark play --------------------------------------------------------------------------------

def test_D1_D2_dark_game_declaring_dark_is_risky_declining_is_not():
    s = deal(c=conv(dark_game=True, dark_min_score=None))
    v = view_of(s)
    dark, light = (next(a for a in v["legal"] if a["dark"] is x) for x in (True, False))
    assert risk(v, dark) == {"kind": "dark", "action": "dark"}
    assert risk(v, light) is None


def test_B1_B2_dark_bidding_a_bid_without_looking_is_risky_looking_and_passing_are_not():
    s = deal(c=conv(dark_bidding=True))
    while s["phase"] == "redeal":
        s = act(s, "keep")  # everyone stays blind (B1)
    v = view_of(s)
    assert v["deal"]["hand"] is None and {"type": "look", "seat": v["seat"]} in v["legal"]
    for a in v["legal"]:
        if a["type"] == "bid":
            assert risk(v, a) == {"kind": "dark", "action": "bid", "value": a["value"]}
        else:
            assert risk(v, a) is None, a
    s = act(s, "look")
    v = view_of(s)
    assert not any(a["type"] == "look" for a in v["legal"])
    assert risk(v, bid(v, 105)) is None  # seen, the hand is judged as any other


# --- a contract far above the hand ------------------------------------------------------------

def test_R24_a_bid_at_the_margin_above_the_promise_is_risky_one_step_below_is_not():
    v = view_of(weak_auction())
    promised = pace._about(promise(v))
    assert 70 <= promised <= 80  # a marriage without its ace and no sure trick
    at = promised + MARGIN
    assert risk(v, bid(v, at)) == {"kind": "contract", "action": "bid", "value": at,
                                   "promise": promised}
    assert risk(v, bid(v, at - 5)) is None
    assert risk(v, bid(v, 220)) is not None  # the marriage allows it (R24); the hand does not
    assert risk(v, next(a for a in v["legal"] if a["type"] == "pass")) is None


def test_R24_a_strong_hand_bids_high_unasked():
    s = keep_all(deal())  # seat 2 holds the clubs marriage with its ace and ten, and two spades
    v = view_of(s)
    assert v["seat"] == 2 and pace._about(promise(v)) > 120
    values = [a["value"] for a in v["legal"] if a["type"] == "bid"]
    assert all(risk(v, bid(v, x)) is None for x in values if x < promise(v) + MARGIN - 5)


def test_R24_the_rule_of_thumb_players_own_bids_are_never_questioned():
    """The promise is that player's own figure: what it bids on it is never far above it."""
    asked = bids = 0
    for seed in range(12):
        for s, v in positions(seed):
            if s["phase"] != "bidding":
                continue
            a = make_bot("heuristic", seed).choose(v)
            if a["type"] == "bid":
                bids += 1
                asked += risk(v, a) is not None
    assert bids > 30 and asked == 0


def declarer_after_talon(contract_bid):
    """Seat 2 (WEAK_MARRIAGE) wins the auction at `contract_bid`, takes the talon, passes two
    cards: the contract (R31) is his to announce."""
    s = act(weak_auction(), "bid", value=contract_bid)
    s = all_pass(s)
    assert s["deal"]["declarer"] == 2
    return give_cards(s, {0: "9C", 1: "JC"})


def test_R31_a_contract_raised_far_above_the_hand_is_risky_the_bid_itself_is_not():
    s = declarer_after_talon(120)
    v = view_of(s)
    assert s["phase"] == "contract"
    promised = pace._about(promise(v))  # the talon is in the hand now: no more hope for it
    contracts = {a["value"]: a for a in v["legal"]}
    assert risk(v, contracts[120]) is None  # the bid: already decided, nothing else to announce
    far = max(120 + 5, promised + MARGIN)
    assert risk(v, contracts[far]) == {"kind": "contract", "action": "contract", "value": far,
                                       "promise": promised}
    near = [x for x in contracts if 120 < x < promised + MARGIN]
    assert all(risk(v, contracts[x]) is None for x in near)


def test_other_decisions_are_never_risky():
    s = declarer_after_talon(105)
    v = view_of(s)
    s = act(s, "contract", value=105)
    while s["phase"] == "redeal":
        s = act(s, "keep")
    v = view_of(s)
    assert s["phase"] == "play"
    assert all(risk(v, a) is None for a in v["legal"])


# --- the questions ----------------------------------------------------------------------------

def test_the_questions_say_what_is_at_stake():
    assert risk_words({"kind": "dark", "action": "dark"}).startswith("Play this deal dark?")
    assert "double" in risk_words({"kind": "dark", "action": "dark"})
    blind = risk_words({"kind": "dark", "action": "bid", "value": 110})
    assert "110" in blind and "without looking" in blind
    assert risk_words({"kind": "contract", "action": "contract", "value": 180,
                       "promise": 120}) == "Contract 180? Your hand looks worth about 120."
    assert risk_words({"kind": "contract", "action": "bid", "value": 160,
                       "promise": 100}) == "Bid 160? Your hand looks worth about 100."
    for r in ({"kind": "dark", "action": "dark"}, {"kind": "dark", "action": "bid", "value": 1},
              {"kind": "contract", "action": "bid", "value": 1, "promise": 1}):
        assert len(risk_words(r)) < 120  # short: it is read at a glance


def test_the_questions_are_in_the_pages_language():
    from helpers_i18n import pseudo_translation
    i18n.use(pseudo_translation())
    try:
        for r in ({"kind": "dark", "action": "dark"},
                  {"kind": "dark", "action": "bid", "value": 110},
                  {"kind": "contract", "action": "bid", "value": 160, "promise": 100},
                  {"kind": "contract", "action": "contract", "value": 180, "promise": 120}):
            words = risk_words(r)
            assert words.startswith("⟦") and words.endswith("⟧"), words
    finally:
        i18n.use(i18n.Translation())


# --- the page plays the lone card (App.bot_move / bot_step) -------------------------------------

def new_app(seed, store=None):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def start(app, kinds=None, auto=True):
    app.handle({"do": "go", "screen": "settings"})
    app.handle({"do": "settings.auto_play", "value": auto})
    assert app.notice is None
    app.handle({"do": "go", "screen": "new"})
    app.render()
    for seat, kind in (kinds or {}).items():
        app.handle({"do": "new.kind", "seat": seat, "value": kind})
    app.handle({"do": "new.start"})


def person_decides(app, rnd):
    """The person's own decision through page events (a random legal one)."""
    if past_a_pause(app):
        return
    legal = app.session.view(table.viewer(app))["legal"]
    a = rnd.choice([x for x in legal if not (x["type"] == "bid" and x["value"] > 120)])
    app.handle({"do": "table.act", "i": legal.index(a)})
    assert app.notice is None, app.notice


def lone_card_due(app):
    """The person's lone card, when the page is about to play it."""
    s = app.session
    if not app.bot_pending() or s.bot_action_due():
        return None
    legal = s.view(s.to_act())["legal"]
    assert only_card(s.view(s.to_act())) == legal[0] and len(legal) == 1
    return legal[0]


def test_R38_the_page_plays_the_persons_lone_card_as_it_makes_a_computer_move():
    app = new_app(6)
    start(app)
    rnd = random.Random(6)
    played = 0
    for _ in range(3000):
        if played >= 4 or app.session.over:
            break
        card = lone_card_due(app)
        if card is not None:
            move = app.bot_move()
            assert move.decided == card and move.seat == app.session.to_act()
            steps = move.steps()
            assert next(steps, "done") == "done"  # nothing to think out
            assert app.thinking() is None and move.action == card
            before = len(app.session.record["deals"][-1]["actions"])
            assert move.make()
            assert len(app.session.record["deals"][-1]["actions"]) == before + 1
            assert app.decisions[-1]["action"] == card and app.decisions[-1]["bot"] is None
            deal_now = app.session.view(0)["deal"]
            assert card["card"] not in ((deal_now or {}).get("hand") or [])
            played += 1
            continue
        if app.bot_step():
            continue
        v = app.session.view(0)
        if not table._summary_pending(app):
            assert only_card(v) is None  # a lone card never waits for the person
        person_decides(app, rnd)
    assert played >= 4


def test_R38_with_the_setting_off_the_person_plays_every_card():
    app = new_app(6)
    start(app, auto=False)
    rnd = random.Random(6)
    waited = 0
    for _ in range(3000):
        if waited >= 3 or app.session.over:
            break
        while app.bot_step():
            assert app.decisions[-1]["bot"] is not None  # only computer players' moves
        v = app.session.view(0)
        if app.session.to_act() == 0 and only_card(v) and not table._summary_pending(app):
            assert not app.bot_pending() and app.bot_move() is None
            waited += 1
            app.handle({"do": "table.card", "card": v["legal"][0]["card"]})
            continue
        person_decides(app, rnd)
    assert waited >= 3


def test_R38_with_several_people_a_lone_card_is_played_only_once_its_owner_has_looked():
    app = new_app(8)
    start(app, kinds={1: "human", 2: "human"})
    rnd = random.Random(8)
    hidden = shown = 0
    for _ in range(4000):
        if (hidden >= 2 and shown >= 2) or app.session.over:
            break
        s = app.session
        seat = s.to_act()
        if seat is not None and table._privacy_needed(app) and \
                not table._summary_pending(app) and only_card(s.view(seat)):
            assert not app.bot_pending()  # the privacy screen is up: nothing is played
            hidden += 1
            app.handle({"do": "table.reveal"})
            assert app.bot_pending() and app.bot_move().decided == s.view(seat)["legal"][0]
        if lone_card_due(app) is not None:
            assert app.ui.get("revealed") == s.to_act()
            assert app.bot_step()
            shown += 1
            continue
        person_decides(app, rnd)
    assert hidden >= 2 and shown >= 2


def test_R38_a_lone_card_taken_back_is_not_played_again_at_once():
    app = new_app(6)
    start(app)
    rnd = random.Random(6)
    for _ in range(3000):
        card = lone_card_due(app)
        if card is not None:
            at = app.session.actions_so_far()
            assert app.bot_step()
            app.handle({"do": "table.undo"})
            assert app.session.actions_so_far() <= at
            if app.session.actions_so_far() == at:
                break
            continue
        if not app.bot_step():
            person_decides(app, rnd)
    else:
        raise AssertionError("no lone card was taken back")
    assert app.session.to_act() == 0 and not app.bot_pending()
    app.handle({"do": "table.card", "card": card["card"]})  # the person plays it now
    assert app.notice is None and app.session.actions_so_far() == at + 1


def test_only_the_card_game_has_cards_played_for_a_person():
    store = Store(MemoryBackend())
    app = new_app(3, store)
    app.handle({"do": "go", "screen": "settings"})
    app.handle({"do": "settings.auto_play", "value": True})
    from thousand.ui.session import DiceSession
    session = DiceSession.start(_dice_conv(), None, [{"kind": "human", "name": "You"}], 3)
    assert app.played_for_person("dice", session) is None


def _dice_conv():
    from thousand.dice.catalogue import CATALOGUE
    return CATALOGUE.resolve(None)


def test_a_computer_seats_moves_stay_its_players_own():
    app = new_app(11)
    start(app, kinds={0: "bot:heuristic"})
    for _ in range(200):
        if not app.bot_step():
            app.handle({"do": "table.seen"})
    assert len(app.decisions) > 100
    assert all(d["bot"] == app.session.bot_name(d["seat"]) is not None for d in app.decisions)
