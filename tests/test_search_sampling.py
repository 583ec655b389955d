"""Deals sampled from a seat's view (thousand.bots.search.sampling): what the view implies is
true of the real deal (no inference contradicts it), and every sampled deal agrees with the view
and gives a position the simulator can play (R12: the view only; R38 voids, must_trump,
must_beat, no_lead_foreign_trump, ace_marriage_lead_all, announced marriages R41–R45,
pass_visibility, talon_reveal, two_exchange)."""
import random

import pytest

from helpers_search import random_conventions, to_play
from thousand.bots.search import position as sim
from thousand.bots.search.compact import mask_of
from thousand.bots.search.sampling import WIDOW, Knowledge
from thousand.cards import game
from thousand.cards.views import seat_view


def true_places(s, seat):
    d = s["deal"]
    out = {p: mask_of(d["hands"][p]) for p in d["active"] if p != seat}
    if s["n"] == 2:
        out[WIDOW] = mask_of(d["widow"])
    return out


def check(s, seat, rnd):
    view = seat_view(s, seat)
    if view["deal"]["hand"] is None:
        return 0
    k = Knowledge.from_view(view)
    truth = true_places(s, seat)
    for p in k.places:
        m = truth[p] & k.unknown
        assert k.required[p] & ~m == 0, ("required card not held", p)
        assert k.forbidden[p] & m == 0, ("held card forbidden", p)
        assert bin(m).count("1") == k.counts[p]
        if p in k.talon_caps:
            assert bin(m & k.talon_free).count("1") <= k.talon_caps[p]
    for _ in range(3):
        got = k.sample(rnd)
        union = 0
        for p in k.places:
            assert bin(got[p]).count("1") == k.counts[p]
            assert got[p] & k.forbidden[p] == 0
            assert got[p] & k.required[p] == k.required[p]
            assert union & got[p] == 0
            union |= got[p]
        assert union == k.unknown
        hands, widow = k.world(rnd)
        widow_points = sum({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}[c[0]] for c in widow)
        pos = sim.from_view(view, hands, widow_points)
        if view["to_act"] == seat:
            assert sorted(pos.legal_moves()) == sorted(sim.move_of(a) for a in view["legal"])
    return 1


@pytest.mark.parametrize("block", range(4))
def test_inferences_hold_for_the_real_deal_and_samples_fit_the_view(block):
    rnd = random.Random(40 + block)
    checked = 0
    for _ in range(40):
        conv = random_conventions(rnd)
        s = to_play(conv, rnd.randrange(1 << 30), rnd)
        if s is None:
            continue
        while s["phase"] == "play":
            legal = game.legal_actions(s)
            if not legal:
                break
            for seat in s["deal"]["active"]:
                if rnd.random() < 0.35:
                    checked += check(s, seat, rnd)
            announcing = [a for a in legal if a.get("announce")]
            s = game.apply(s, rnd.choice(announcing if announcing and rnd.random() < 0.6
                                         else legal))
    assert checked > 200
