"""The search player (thousand.bots.search.player): it plays only legal actions under random
conventions, `think` and `choose` decide alike, `think` yields in slices of counted nodes, and
the same seed replays the same decision (R37–R45 via the simulator; decisions other than play go
to the heuristic bot)."""
import random

import pytest

from helpers_search import random_conventions
from thousand.bots.heuristic import HeuristicBot
from thousand.bots.search.player import SearchPlayer
from thousand.cards.score import points_to_make
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view

FAST = {"samples": 4, "min_samples": 2, "node_budget": 20_000, "ismcts_from": None}


def heuristic_to_play(conv, seed):
    """Heuristic bots to the first lead (a random action where the heuristic bot has none: it
    fails on the blind 'look or keep' question of dark bidding)."""
    s = game.new_game(conv, seed)
    rnd = random.Random(seed)
    bots = [HeuristicBot(random.Random(seed + i)) for i in range(conv["player_count"])]
    for _ in range(500):
        if s["phase"] in ("play", "game_over"):
            return s
        seat = game.to_act(s)
        view = seat_view(s, seat)
        try:
            action = bots[seat].choose(view)
        except StopIteration:
            action = rnd.choice(view["legal"])
        s = game.apply(s, action)
    return None


def pump(gen, player=None):
    """Run a think() generator; returns its action and the search nodes of each slice."""
    slices = []
    last = 0
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value, slices
        nodes = player.solver.nodes
        slices.append(nodes - last)
        last = nodes


@pytest.mark.parametrize("block", range(3))
def test_search_plays_legal_cards_to_the_end_under_random_conventions(block):
    rnd = random.Random(80 + block)
    deals = 0
    while deals < 3:
        conv = random_conventions(rnd)
        s = heuristic_to_play(conv, rnd.randrange(1 << 30))
        if s is None or s["phase"] != "play":
            continue
        deals += 1
        players = [SearchPlayer(random.Random(i), **FAST) for i in range(s["n"])]
        others = [HeuristicBot(random.Random(i)) for i in range(s["n"])]
        while s["phase"] == "play":
            seat = game.to_act(s)
            view = seat_view(s, seat)
            if not view["legal"]:
                break  # the engine's ace-duty dead end
            # the search from the third trick on keeps the test short
            bot = players[seat] if len(view["deal"]["tricks"]) >= 2 else others[seat]
            action = bot.choose(view)
            assert action in view["legal"]
            s = game.apply(s, action)


def test_think_yields_in_slices_and_decides_as_choose_does():
    conv = CATALOGUE.resolve("classic")
    s = heuristic_to_play(conv, 12)
    view = seat_view(s, game.to_act(s))
    slow = SearchPlayer(random.Random(5), slice_nodes=300, **FAST)
    action, slices = pump(slow.think(view), slow)
    assert len(slices) >= slow.last["nodes"] // 300 > 3
    assert max(slices) <= 300
    fast = SearchPlayer(random.Random(5), slice_nodes=300, **FAST)
    assert fast.choose(view) == action
    assert fast.last["made"] == slow.last["made"]


def test_the_same_seed_replays_the_same_play():
    conv = CATALOGUE.resolve("two_players")
    s = heuristic_to_play(conv, 3)
    view = seat_view(s, game.to_act(s))
    a = SearchPlayer(random.Random(9), **FAST)
    b = SearchPlayer(random.Random(9), **FAST)
    assert a.choose(view) == b.choose(view)
    assert a.last == b.last


def test_other_decisions_are_the_heuristic_bots():
    conv = CATALOGUE.resolve("classic")
    s = game.new_game(conv, 4)
    for _ in range(60):
        if s["phase"] in ("play", "game_over"):
            break
        seat = game.to_act(s)
        view = seat_view(s, seat)
        assert SearchPlayer(random.Random(1)).choose(view) == \
            HeuristicBot(random.Random(1)).choose(view)
        s = game.apply(s, HeuristicBot(random.Random(1)).choose(view))


def test_the_contract_threshold_follows_declarer_rounding():
    """declarer_rounding = rounded: the deal points are rounded before the comparison (R48)."""
    exact = CATALOGUE.resolve("classic", {"declarer_rounding": "exact"})
    rounded = CATALOGUE.resolve("classic", {"declarer_rounding": "rounded",
                                            "defender_rounding": "nearest_5"})
    assert points_to_make(exact, 120) == 120
    assert points_to_make(rounded, 120) == 118


def test_one_card_of_a_run_is_searched_and_announcements_stay_apart():
    """Of AH and TH (nothing between them still out) only one is searched; the K and Q of a
    marriage, and a lead that announces it, are kept apart (R41)."""
    from thousand.bots.search.player import _distinct
    from thousand.bots.search.position import Rules, move_of
    conv = CATALOGUE.resolve("classic")
    view = {"seat": 0, "conventions": conv,
            "deal": {"hand": ["AH", "TH", "KS", "QS", "9D"], "tricks": [{"cards": [
                [0, "KH"], [1, "QH"], [2, "JH"]], "winner": 0, "trump": None, "leader": 0}],
                "trick": [], "trump": None, "declarer": 0, "active": [0, 1, 2]}}
    rules = Rules(conv, [0, 1, 2], 0)
    legal = [{"type": "play", "card": c} for c in view["deal"]["hand"]] + \
        [{"type": "play", "card": "KS", "announce": "marriage"},
         {"type": "play", "card": "QS", "announce": "marriage"}]
    moves = [move_of(a) for a in legal]
    kept = _distinct(view, rules, moves)
    assert move_of({"card": "TH"}) not in kept and move_of({"card": "AH"}) in kept
    assert set(moves) - set(kept) == {move_of({"card": "TH"})}


def test_ismcts_plays_legal_cards_and_replays_with_its_seed():
    from thousand.bots.search.ismcts import ISMCTSPlayer
    conv = CATALOGUE.resolve("classic")
    s = heuristic_to_play(conv, 21)
    first = None
    while s["phase"] == "play":
        view = seat_view(s, game.to_act(s))
        a = ISMCTSPlayer(random.Random(2), iterations=30).choose(view)
        assert a in view["legal"]
        assert ISMCTSPlayer(random.Random(2), iterations=30).choose(view) == a
        first = first or a
        s = game.apply(s, a)
    assert first is not None


def test_the_early_tricks_go_to_ismcts_and_the_rest_to_the_solver():
    conv = CATALOGUE.resolve("classic")
    s = heuristic_to_play(conv, 12)
    view = seat_view(s, game.to_act(s))
    early = SearchPlayer(random.Random(1), iterations=40)
    assert early.choose(view) in view["legal"] and early.last == {"ismcts": 40}
    late = SearchPlayer(random.Random(1), ismcts_from=9, **{k: v for k, v in FAST.items()
                                                          if k != "ismcts_from"})
    assert late.choose(view) in view["legal"] and late.last["worlds"] >= 2
