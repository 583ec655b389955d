"""Property tests: random but legal deal facts, whole games long.

Under Classic: totals stay multiples of 5 (§0.3), settle never mutates its inputs, there is at most
one winner (R68), and a player on the barrel is never above 880 before he wins (R57, R61). Under
every preset: settle accepts every legal deal, rows add up, marks come from the fixed vocabulary."""
import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from thousand.cards.cards import DECK, card_points
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.score import (
    MARRIAGE_VALUES, active_seats, b_need, barrel_players, deal_is_golden, may_cross, may_write_off,
    new_score, obligatory_game_seat,
)
from thousand.cards.settlement import MARKS, hand_size, settle

CL = CATALOGUE.resolve("classic")


def forced_declarer(c, s, dealer):
    if deal_is_golden(c, s) and c["golden_mode"] == "forced_120":
        return (dealer + 1) % c["player_count"], 120
    active = active_seats(c, dealer)
    seat = obligatory_game_seat(c, s, active)
    if seat is not None:
        return seat, b_need(c)
    if c["barrel"] and c["barrel_mode"] == "no_bidding":
        for p in barrel_players(c, s):
            if p in active:
                return p, b_need(c)
    return None


def draw_facts(draw, c, s, dealer):
    n = c["player_count"]
    active = active_seats(c, dealer)
    need = b_need(c)
    grid = list(range(100, 301, 10))
    golden = deal_is_golden(c, s)
    forced = forced_declarer(c, s, dealer)
    if forced:
        declarer, bid = forced
    else:
        declarer = draw(st.sampled_from(active))
        sitting = [p for p in barrel_players(c, s) if p in active]
        if c["barrel"] and c["barrel_mode"] == "auto_bid" and sitting:
            if declarer in sitting and draw(st.booleans()):
                bid = need
            else:
                bid = draw(st.sampled_from([v for v in grid if v >= need]))
        elif c["barrel"] and c["barrel_mode"] == "cumulative" and declarer in sitting:
            bid = draw(st.sampled_from([v for v in grid if v <= need]))
        else:
            bid = draw(st.sampled_from(grid[:12]))
    choices = ["played"] * 4
    if may_write_off(c, s, declarer, golden, False):
        choices.append("write_off")
    if may_cross(c, s, declarer, golden, False):
        choices.append("cross")
    outcome = draw(st.sampled_from(choices))
    facts = {"dealer": dealer, "declarer": declarer, "bid": bid, "contract": bid, "outcome": outcome}
    deck = draw(st.permutations(DECK))
    if n == 4:
        facts["talon"] = list(deck[:3])
    if outcome != "played":
        return facts
    if not (golden and c["golden_mode"] == "forced_120"):
        facts["contract"] = draw(st.sampled_from([bid, bid, bid] + [v for v in grid if v > bid][:2]))
    tricks_total = hand_size(c)
    cuts = sorted(draw(st.lists(st.integers(0, tricks_total), min_size=len(active) - 1,
                                max_size=len(active) - 1)))
    bounds = [0] + cuts + [tricks_total]
    tricks = [0] * n
    for i, p in enumerate(active):
        tricks[p] = bounds[i + 1] - bounds[i]
    size = 2 if n == 2 else 3
    cp = [0] * n
    pos = 0
    for p in active:
        cp[p] = card_points(deck[pos:pos + size * tricks[p]])
        pos += size * tricks[p]
    if n == 2 and c["two_widow"] == "last_trick":
        last = draw(st.sampled_from([p for p in active if tricks[p] > 0]))
        cp[last] += card_points(deck[pos:])
    marriages = [[] for _ in range(n)]
    winners = [p for p in active if tricks[p] > 0]
    for value in MARRIAGE_VALUES[c["marriage_values"]].values():
        if draw(st.integers(0, 3)) == 0:
            marriages[draw(st.sampled_from(winners))].append(value)
    facts.update(card_points=cp, tricks=tricks, marriages=marriages)
    return facts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_settle_classic_properties_multiples_of_5_no_mutation_one_winner_barrel_at_880(data):
    s = new_score(CL)
    dealer = 0
    for _ in range(data.draw(st.integers(10, 60))):
        if s["over"]:
            break
        facts = draw_facts(data.draw, CL, s, dealer)
        s0, f0 = copy.deepcopy(s), copy.deepcopy(facts)
        s2, row = settle(CL, s, facts)
        assert s == s0 and facts == f0
        assert all(t % 5 == 0 for t in s2["totals"])
        assert len(s2["winners"]) <= 1
        for p in range(3):
            if s2["barrel"][p]["on"] and p not in s2["winners"]:
                assert s2["totals"][p] == 880
            if s0["barrel"][p]["on"] and not s2["barrel"][p]["on"] and p not in s2["winners"]:
                assert s2["totals"][p] < 880  # every fall ends below the barrel
        if s2["winners"]:
            w = s2["winners"][0]
            assert s0["barrel"][w]["on"] and w == facts["declarer"] and s2["totals"][w] >= 1000
        s = s2
        dealer = (dealer + 1) % 3


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_settle_every_preset_accepts_legal_deals_and_rows_add_up(data):
    preset = data.draw(st.sampled_from(CATALOGUE.preset_names()))
    c = CATALOGUE.resolve(preset)
    n = c["player_count"]
    s = new_score(c)
    dealer = 0
    for _ in range(data.draw(st.integers(5, 40))):
        if s["over"]:
            break
        facts = draw_facts(data.draw, c, s, dealer)
        s2, row = settle(c, s, facts)
        if "golden_reset" not in row["marks"][0]:
            assert [a + b for a, b in zip(s["totals"], row["changes"])] == s2["totals"]
        assert row["totals"] == s2["totals"] and s2["rows"][-1] == row
        assert all(m in MARKS for marks in row["marks"] for m in marks)
        for p in range(n):
            b = s2["barrel"][p]
            if c["barrel"] and b["on"] and p not in s2["winners"]:
                if c["barrel_mode"] == "cumulative":
                    assert c["barrel_threshold"] <= s2["totals"][p] < c["target_score"]
                else:
                    assert s2["totals"][p] == c["barrel_threshold"]
        s = s2
        dealer = (dealer + 1) % n
