"""Random playouts on the compact position (thousand.bots.search.playout): every move they make
is one the engine accepts, and the points they return are the engine's deal facts (R37–R45, T10,
F1; all play conventions via random_conventions)."""
import random

import pytest

from helpers_search import random_conventions, to_play
from thousand.bots.search import position as sim
from thousand.bots.search.playout import random_playout
from thousand.cards import game


def replay(s, moves):
    rules = sim.from_state(s).rules
    for m in moves:
        a = sim.action_of(rules, m)
        a["seat"] = game.to_act(s)
        s = game.apply(s, a)  # raises IllegalAction if the playout broke a rule
    return s


@pytest.mark.parametrize("block", range(3))
def test_random_playouts_are_legal_games_with_the_engine_points(block):
    rnd = random.Random(500 + block)
    checked = 0
    for _ in range(50):
        conv = random_conventions(rnd)
        s = to_play(conv, rnd.randrange(1 << 30), rnd)
        if s is None:
            continue
        # start some playouts in the middle of a trick or a later trick
        for _ in range(rnd.randrange(8)):
            legal = game.legal_actions(s)
            if not legal or s["phase"] != "play":
                break
            s = game.apply(s, rnd.choice(legal))
        if s["phase"] != "play" or not game.legal_actions(s):
            continue
        pos = sim.from_state(s)
        before = repr([getattr(pos, k) for k in sim.Position.__slots__])
        trace = []
        pts = random_playout(pos, random.Random(rnd.randrange(1 << 30)), trace)
        assert repr([getattr(pos, k) for k in sim.Position.__slots__]) == before
        end = replay(s, trace)
        assert end["phase"] != "play"
        facts = end["last_deal"]["facts"]
        rules = pos.rules
        for p, seat in enumerate(rules.seats):
            assert pts[p] == facts["card_points"][seat] + sum(facts["marriages"][seat])
        checked += 1
    assert checked >= 30
