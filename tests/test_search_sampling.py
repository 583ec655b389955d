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
    for _ in range(25):
        conv = random_conventions(rnd)
        s = to_play(conv, rnd.randrange(1 << 30), rnd)
        if s is None:
            continue
        while s["phase"] == "play":
            legal = game.legal_actions(s)
            if not legal:
                break
            for seat in s["deal"]["active"]:
                if rnd.random() < 0.25:
                    checked += check(s, seat, rnd)
            announcing = [a for a in legal if a.get("announce")]
            s = game.apply(s, rnd.choice(announcing if announcing and rnd.random() < 0.6
                                         else legal))
    assert checked > 80


def test_high_bids_are_read_as_marriages():
    """R24 (bid_marriage_limit = cap): a declarer who bid above 120 held marriages worth the
    excess; a defender's sampled deals give him such marriages (when they fit the view)."""
    from thousand.bots.heuristic import HeuristicBot
    from thousand.cards.catalogue import CATALOGUE
    conv = CATALOGUE.resolve("classic")
    checked = 0
    for seed in range(300):
        s = game.new_game(conv, seed)
        bots = [HeuristicBot(random.Random(seed + i)) for i in range(3)]
        while s["phase"] not in ("play", "game_over", "deal") or s["deal"] is None:
            seat = game.to_act(s)
            s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
        if s["phase"] != "play":
            continue
        d = s["deal"]
        bid = max(b["value"] or 0 for b in d["bids"] if b["seat"] == d["declarer"])
        if bid <= 120:
            continue
        defender = next(p for p in d["active"] if p != d["declarer"])
        k = Knowledge.from_view(seat_view(s, defender))
        # a raised contract asks more of the hand than the bid did
        want = max(bid, d["contract"]) - 120
        assert [need for seat, need, _, _ in k.needs if seat == d["declarer"]] == [want]
        rnd = random.Random(seed)
        fits = sum(k._fits_auction(k.sample(rnd)) for _ in range(10))
        assert fits >= 9
        checked += 1
        if checked >= 8:
            break
    assert checked >= 3
