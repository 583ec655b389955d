"""The search bot's levels (thousand.bots.search.bot): easy, normal and strong play whole games to
the end under Classic, 2 and 4 players and random valid conventions with legal actions only;
a decision depends only on the seed and the view; `think` yields and decides as `choose` does;
and in set situations they do what a Thousand player would (R19–R34: bid with a strong hand,
pass with a weak one, never write off a forced 100 they can make, R30: keep their trumps)."""
import random

import pytest

from helpers_engine import act, deal
from helpers_search import random_conventions
from thousand.bots import BOT_NAMES, make_bot
from thousand.bots.search.bot import LEVELS, SearchBot
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view

LEVEL_NAMES = ("easy", "normal", "strong")


def run(state, bots, max_actions=20_000, until=None):
    """Let the bots act until the game is over (or `until(state)`); every action goes through
    the engine, which refuses an illegal one."""
    for _ in range(max_actions):
        if state["phase"] == "game_over" or (until and until(state)):
            return state
        if state["phase"] == "deal":
            state = game.apply(state, {"type": "deal", "seat": state["dealer"]})
            continue
        seat = game.to_act(state)
        view = seat_view(state, seat)
        action = bots[seat].choose(view)
        assert action in view["legal"], (action, view["phase"])
        state = game.apply(state, action)
    raise AssertionError("the game did not end")


def late_game(conv, seed, totals):
    """A game whose totals start near the end, so a whole game is short."""
    s = game.new_game(conv, seed)
    s["score"]["totals"] = list(totals)
    return s


def test_every_level_is_registered_beside_heuristic_and_random():
    for name in LEVEL_NAMES + ("heuristic", "random"):
        assert name in BOT_NAMES
    for name in LEVEL_NAMES:
        bot = make_bot(name, 3)
        assert isinstance(bot, SearchBot) and bot.name == name
    with pytest.raises(ValueError):
        SearchBot(random.Random(1), level="grandmaster")


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("preset,totals", [
    ("classic", [700, 760, 640]),
    ("two_players", [820, 780]),
    ("four_players", [700, 640, 760, 600]),
])
def test_levels_play_games_to_the_end(level, preset, totals):
    conv = CATALOGUE.resolve(preset)
    n = conv["player_count"]
    bots = [make_bot(level if i == 0 else "heuristic", 40 + i) for i in range(n)]
    end = run(late_game(conv, 11, totals), bots)
    assert end["phase"] == "game_over" and end["score"]["winners"]


def test_easy_plays_a_whole_classic_game_from_nothing():
    conv = CATALOGUE.resolve("classic")
    bots = [make_bot("easy", 50 + i) for i in range(3)]
    end = run(game.new_game(conv, 5), bots)
    assert end["score"]["over"] and end["score"]["winners"]


@pytest.mark.parametrize("block", range(3))
def test_levels_play_deals_under_random_valid_conventions(block):
    rnd = random.Random(300 + block)
    for _ in range(3):
        conv = random_conventions(rnd)
        n = conv["player_count"]
        bots = [make_bot(LEVEL_NAMES[(i + block) % 3], rnd.randrange(1000)) for i in range(n)]
        s = game.new_game(conv, rnd.randrange(1 << 30))
        settled = s["score"]["deals_settled"]
        s = run(s, bots, until=lambda st: st["score"]["deals_settled"] >= settled + 2)
        assert s["score"]["deals_settled"] >= settled + 2 or s["phase"] == "game_over"


def views_of_a_deal(conv, seed):
    """Views at every kind of decision of one deal played by strong bots."""
    bots = [make_bot("strong", seed + i) for i in range(conv["player_count"])]
    s = game.new_game(conv, seed)
    out = []
    while s["phase"] != "game_over":
        if s["phase"] == "deal":
            if s["last_deal"] is not None and not s["last_deal"]["voided"]:
                break
            s = game.apply(s, {"type": "deal", "seat": s["dealer"]})
            continue
        seat = game.to_act(s)
        view = seat_view(s, seat)
        if len(view["legal"]) > 1:
            out.append(view)
        s = game.apply(s, bots[seat].choose(view))
    return out


def test_a_decision_depends_only_on_the_seed_and_the_view():
    conv = CATALOGUE.resolve("classic")
    views = views_of_a_deal(conv, 21)
    phases = {v["phase"] for v in views}
    assert {"bidding", "exchange", "play"} <= phases
    for level in LEVEL_NAMES:
        for view in views[::3]:
            a = make_bot(level, 99).choose(view)
            b = make_bot(level, 99).choose(view)
            assert a == b and a in view["legal"]


def test_think_yields_and_decides_as_choose_does():
    conv = CATALOGUE.resolve("classic")
    views = views_of_a_deal(conv, 23)
    yielded = 0
    for view in views:
        gen = make_bot("strong", 7).think(view)
        steps = 0
        while True:
            try:
                next(gen)
                steps += 1
            except StopIteration as done:
                thought = done.value
                break
        yielded += steps
        assert thought == make_bot("strong", 7).choose(view)
    assert yielded > len(views)  # bidding, the exchange and card play all yield


# --- set situations -------------------------------------------------------------------------

STRONG = ["AH", "TH", "KH", "QH", "AD", "TD", "AC"]  # hearts marriage, three aces, two tens
WEAK = ["9H", "JH", "9D", "JD", "9C", "JC", "QS"]


def spread_rest(fixed: dict, talon: list, n=3):
    """Hands with `fixed` ones, the rest of the deck dealt round robin."""
    from thousand.cards.cards import DECK
    used = set(talon) | {c for h in fixed.values() for c in h}
    rest = [c for c in DECK if c not in used]
    hands = [list(fixed.get(s, [])) for s in range(n)]
    for s in range(n):
        while len(hands[s]) < 7:
            hands[s].append(rest.pop(0))
    return hands


@pytest.mark.parametrize("level", ("normal", "strong"))
def test_it_bids_with_a_strong_hand_and_passes_with_a_weak_one(level):
    # dealer 0: seat 1 sits on the forced 100, seat 2 speaks first
    talon = ["9S", "JS", "KS"]
    strong = deal(spread_rest({2: STRONG}, talon), talon)
    assert strong["phase"] == "bidding" and game.to_act(strong) == 2
    action = make_bot(level, 1).choose(seat_view(strong, 2))
    assert action["type"] == "bid"
    weak = deal(spread_rest({2: WEAK}, talon), talon)
    while weak["phase"] == "redeal":  # a hand of 14 points or less may be redealt: keep it
        weak = act(weak, "keep")
    assert game.to_act(weak) == 2
    action = make_bot(level, 1).choose(seat_view(weak, 2))
    assert action["type"] == "pass"


def forced_hundred(hand, talon, **overrides):
    """Seat 1 (the sitter) declares an uncontested 100 with `hand` and `talon` (R23, R27)."""
    s = deal(spread_rest({1: hand}, talon), talon, c=CATALOGUE.resolve("classic", overrides))
    while s["phase"] in ("redeal", "bidding"):
        s = act(s, "keep" if s["phase"] == "redeal" else "pass")
    assert s["phase"] == "exchange" and s["deal"]["declarer"] == 1
    return s


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("overrides", [{}, {"cross_rule": True}])
def test_it_does_not_write_off_a_forced_100_it_can_make(level, overrides):
    # R34: a write-off costs the 100 and gives each opponent 60; cross_rule: a cross is a
    # mark toward a 120 penalty; this hand makes 100
    s = forced_hundred(["AH", "TH", "KH", "QH", "AS", "9D", "JC"], ["TS", "9C", "JD"],
                       **overrides)
    bots = [make_bot("heuristic", 5), make_bot(level, 6), make_bot("heuristic", 7)]
    first = bots[1].choose(seat_view(s, 1))
    assert first["type"] == "give"
    s = game.apply(s, first)
    end = run(s, bots, until=lambda st: st["deal"] is None)
    row = end["last_deal"]["row"]
    assert end["last_deal"]["facts"]["outcome"] == "played"
    assert "made" in row["marks"][1]


def test_it_keeps_its_trumps_and_aces_when_passing_cards():
    # R30: the cards passed go to the opponents; a marriage half or an ace would be a gift
    s = forced_hundred(["AH", "KH", "QH", "AD", "9D", "JC", "9S"], ["TH", "JS", "QC"])
    bot = make_bot("strong", 2)
    given = []
    while s["phase"] == "exchange":
        a = bot.choose(seat_view(s, 1))
        assert a["type"] == "give"
        given.append(a["card"])
        s = game.apply(s, a)
    assert not set(given) & {"AH", "KH", "QH", "TH", "AD"}


def test_it_does_not_raise_a_bare_marriage_to_a_contract_it_cannot_make():
    # the heuristic bot's blunder: 105 raised to 190 holding a bare K-Q of trumps
    talon = ["9S", "JS", "9C"]
    hands = spread_rest({2: ["KH", "QH", "JD", "9D", "QC", "JC", "TS"]}, talon)
    s = deal(hands, talon)
    s = act(s, "bid", value=105)  # seat 2
    while s["phase"] == "bidding":
        s = act(s, "pass")
    assert s["deal"]["declarer"] == 2
    bot = make_bot("strong", 3)
    while s["phase"] in ("exchange", "contract"):
        a = bot.choose(seat_view(s, 2))
        s = game.apply(s, a)
        if a["type"] == "contract":
            assert a["value"] <= 130
            break


def test_every_level_has_its_own_budget():
    easy, normal, strong = (LEVELS[k] for k in LEVEL_NAMES)
    assert easy.exchange_worlds < normal.exchange_worlds < strong.exchange_worlds
    assert easy.slip > 0 and normal.slip == strong.slip == 0
