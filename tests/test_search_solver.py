"""The double-dummy solver (thousand.bots.search.solver) against plain minimax over the
simulator: on endgames of random deals under random conventions (2, 3 and 4 players), its
exact value, its yes/no answers around the value and its per-move values equal the minimax
ones (R37–R45, T10; announcement variants marriage_trump_choice, trump_takes_effect,
no_lead_foreign_trump, ace_marriage_lead_all, bed_marriage, four_nines_bonus)."""
import random

import pytest

from helpers_search import random_conventions, to_play
from thousand.bots.search import position as sim
from thousand.bots.search.compact import cards_of
from thousand.bots.search.solver import Solver
from thousand.cards import game


def minimax(pos, score, memo=None):
    """Plain minimax over every legal move of the simulator, remembering positions seen."""
    if pos.over():
        return score(pos)
    memo = {} if memo is None else memo
    key = (tuple(pos.hands), pos.leader, tuple(pos.trick), pos.trump, pos.owner, pos.pending,
           pos.duty, pos.done > 0, score(pos))
    if key in memo:
        return memo[key]
    moves = pos.legal_moves() or cards_of(pos.hands[pos.turn])
    vals = []
    for m in moves:
        child = pos.copy()
        child.play(m)
        vals.append(minimax(child, score, memo))
    memo[key] = v = max(vals) if pos.turn == pos.rules.declarer else min(vals)
    return v


def endgame(rnd, cards_left, conv=None, rich=True):
    """A random play position with at most `cards_left` cards in the leader's hand."""
    while True:
        c = conv or random_conventions(rnd)
        s = to_play(c, rnd.randrange(1 << 30), rnd, rich and rnd.random() < 0.5)
        if s is None:
            continue
        while s["phase"] == "play":
            d = s["deal"]
            legal = game.legal_actions(s)
            if not legal:
                break
            if len(d["hands"][d["turn"]]) <= cards_left and rnd.random() < 0.5:
                return sim.from_state(s)
            announcing = [a for a in legal if a.get("announce")]
            s = game.apply(s, rnd.choice(announcing if announcing and rnd.random() < 0.6
                                         else legal))


@pytest.mark.parametrize("block", range(4))
def test_solver_values_equal_minimax_on_random_endgames(block):
    rnd = random.Random(700 + block)
    for _ in range(25):
        pos = endgame(rnd, 3)
        solver = Solver(pos.rules, count_marriages=rnd.random() < 0.8)
        want = minimax(pos, solver.score)
        assert solver.value(pos) == want
        assert solver.reaches(pos, want)
        assert not solver.reaches(pos, want + 1)
        moves = pos.legal_moves()
        if moves:
            values = solver.move_values(pos)
            for m, v in values.items():
                child = pos.copy()
                child.play(m)
                assert v == minimax(child, solver.score)


@pytest.mark.parametrize("preset", ["classic", "two_players", "four_players"])
def test_solver_values_equal_minimax_on_four_card_endgames(preset):
    from thousand.cards.catalogue import CATALOGUE
    rnd = random.Random(len(preset) * 7)
    for _ in range(4):
        conv = CATALOGUE.resolve(preset)
        pos = endgame(rnd, 4, conv)
        solver = Solver(pos.rules)
        want = minimax(pos, solver.score)
        assert solver.value(pos) == want
        for t in (want - 7, want - 1, want, want + 1, want + 9):
            assert solver.reaches(pos, t) == (t <= want)


FEATURES = {
    "must_beat_higher_in_suit": {"must_beat": "higher_in_suit"},
    "must_beat_polish": {"must_beat": "polish"},
    "must_trump_off": {"must_trump": False},
    "no_lead_foreign_trump": {"no_lead_foreign_trump": True, "marriage_timing": "from_first_lead"},
    "marriage_trump_choice": {"marriage_trump_choice": True, "marriage_timing": "from_first_lead"},
    "trump_next_trick": {"trump_takes_effect": "next_trick", "marriage_trump_choice": True},
    "bed_marriage": {"bed_marriage": True, "marriage_timing": "from_first_lead"},
    "ace_marriage_lead_all": {"ace_marriage": True, "redeal_four_aces": "off",
                              "ace_marriage_lead_all": True, "ace_marriage_trump": "led_ace_suit"},
    "four_nines": {"four_nines_bonus": 200, "redeal_four_nines": False,
                   "redeal_three_nines": "off"},
    "declarer_names": {"trump_mode": "declarer_names"},
    "declarer_only": {"marriage_points_to": "declarer_only"},
}


def random_position(rnd, conv, size):
    """A position of `size` cards a hand built on the simulator (itself checked against the
    engine, test_search_sim.py), with marriages, four aces or four nines often in one hand, a
    random trump and owner, and part of a trick already played."""
    n = conv["player_count"]
    k = 2 if n == 2 else 3
    rules = sim.Rules(conv, list(range(k)), rnd.randrange(k))
    # cards from two or three suits half the time: long suits make following, beating and
    # trumping choices frequent
    suits = rnd.sample(range(4), rnd.choice([2, 3, 4, 4]))
    deck = [c for c in range(24) if c // 6 in suits]
    rnd.shuffle(deck)
    hands = []
    for p in range(k):
        hand = []
        if rnd.random() < 0.3 and size >= 4:
            group = [s * 6 + (5 if rnd.random() < 0.5 else 0) for s in range(4)]  # aces/nines
        else:
            s = rnd.choice(suits)
            group = [s * 6 + 3, s * 6 + 2] + ([s * 6 + 1] if rnd.random() < 0.5 else [])
        for c in group:
            if c in deck and len(hand) < size:
                deck.remove(c)
                hand.append(c)
        while len(hand) < size:
            hand.append(deck.pop())
        hands.append(sum(1 << c for c in hand))
    trump = rnd.choice([-1] + suits) if not rules.declarer_names else rnd.choice(suits)
    owner = rnd.randrange(k) if trump >= 0 else -1
    if rules.declarer_names:
        owner = rules.declarer
    duty = rnd.choice([-1, -1, rnd.randrange(k)]) if rules.ace_lead_all else -1
    pos = sim.Position(rules, hands, leader=rnd.randrange(k), trump=trump, owner=owner,
                       duty=duty, done=8 - size, widow_points=rnd.choice([0, 10, 21]))
    for _ in range(rnd.randrange(k)):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.play(rnd.choice(moves))
    return pos


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_solver_equals_minimax_under_each_play_convention(feature):
    """Four-card endgames where the convention is on, rich in marriages, four aces and four
    nines, with a random trump and owner: the value after every legal move."""
    from thousand.cards.catalogue import CATALOGUE
    rnd = random.Random(feature)
    for i in range(30):
        preset = ("classic", "two_players", "four_players")[i % 3]
        conv = CATALOGUE.resolve(preset, FEATURES[feature])
        pos = random_position(rnd, conv, 4)
        solver = Solver(pos.rules)
        memo = {}
        for m in pos.legal_moves() or [None]:
            child = pos.copy()
            if m is not None:
                child.play(m)
            want = minimax(child, solver.score, memo)
            assert solver.value(child) == want, (feature, m)


def hands_of(*codes):
    from thousand.bots.search.compact import mask_of
    return [mask_of(h.split()) for h in codes]


@pytest.mark.parametrize("must_beat, want", [("none", 0), ("polish", 10)])
def test_polish_makes_the_third_hand_overtrump_its_partner(must_beat, want):
    """must_beat = polish: the third hand, void in hearts, must overtrump his partner's JS with
    AS; the declarer's TS then wins the last trick. Without it he keeps AS for that trick."""
    from thousand.cards.catalogue import CATALOGUE
    rules = sim.Rules(CATALOGUE.resolve("classic", {"must_beat": must_beat}), [0, 1, 2], 0)
    pos = sim.Position(rules, hands_of("9H TS", "JS 9D", "AS 9S"), leader=0, trump=3, owner=1,
                       done=6)
    solver = Solver(rules)
    assert minimax(pos, solver.score) == want == solver.value(pos)


@pytest.mark.parametrize("must_beat, want", [("none", 0), ("higher_in_suit", 12)])
def test_must_beat_makes_the_third_hand_spend_its_ace(must_beat, want):
    """must_beat = higher_in_suit: the declarer leads 9H, the third hand must put AH over his
    partner's QH, and the declarer's TH wins the last trick over JH; free, he plays JH under
    QH and the defenders take both tricks."""
    from thousand.cards.catalogue import CATALOGUE
    rules = sim.Rules(CATALOGUE.resolve("classic", {"must_beat": must_beat}), [0, 1, 2], 0)
    pos = sim.Position(rules, hands_of("9H TH", "QH 9D", "AH JH"), leader=0, done=6)
    solver = Solver(rules)
    assert minimax(pos, solver.score) == solver.value(pos)
    assert solver.value(pos) == want


def test_card_equivalence_is_close_to_exact_and_searches_less():
    """Follower card equivalence is not exact in Thousand (adjacent cards differ in points):
    its values stay within a few points of the exact ones, with fewer nodes searched."""
    from thousand.cards.catalogue import CATALOGUE
    rnd = random.Random(77)
    conv = CATALOGUE.resolve("classic")
    worst, exact_nodes, eq_nodes = 0, 0, 0
    for _ in range(12):
        pos = random_position(rnd, conv, 6)
        exact, eq = Solver(pos.rules), Solver(pos.rules, equivalence=True)
        worst = max(worst, abs(exact.value(pos) - eq.value(pos)))
        exact_nodes += exact.nodes
        eq_nodes += eq.nodes
    assert worst <= 8
    assert eq_nodes < exact_nodes
