"""Settling a deal: R46–R55, R67–R70, write-offs and crosses (§4.5, §4.5.1), dark deals (§4.4),
bolts and scoring conventions (§4.8), two players (T10–T12), four players (F5–F8), penalties outside
a deal (R18, EX23, EX24) and the validation of facts. The barrel and the golden round have their own
files."""
import copy

import pytest

from thousand.cards.score import (
    b_need, barred_from_bidding, low_score_bidder, may_cross, may_go_dark, may_write_off, new_score,
    round_points,
)
from thousand.cards.settlement import MARKS, charge, settle, validate_facts
from thousand.errors import BadInput, IllegalAction
from helpers_settle import conv, played


def conceded(outcome, declarer, bid, dealer=0, **kw):
    f = {"dealer": dealer, "declarer": declarer, "bid": bid, "contract": bid, "outcome": outcome}
    f.update(kw)
    return f


def score_with(c, totals=None, **fields):
    s = new_score(c)
    if totals is not None:
        s["totals"] = list(totals)
    for k, v in fields.items():
        s[k] = v
    return s


CL = conv()


# --- R46–R51 ------------------------------------------------------------------------------------


def test_R46_write_off_is_settled_at_once_without_card_points():
    s, row = settle(CL, new_score(CL), conceded("write_off", 1, 110))
    assert row["outcome"] == "write_off"
    assert s["totals"] == [60, -110, 60]
    assert s["deals_settled"] == 1 and row["deal"] == 1


def test_R46_R68_a_finished_game_refuses_settlement():
    s = score_with(CL, over=True, winners=[1])
    with pytest.raises(IllegalAction):
        settle(CL, s, played(1, 100, [20, 80, 20]))


def test_R47_deal_points_are_card_points_plus_own_marriages():
    _, row = settle(CL, new_score(CL), played(1, 120, [40, 60, 20], marriages=[[40], [60], []]))
    assert row["results"] == [80, 120, 20]
    assert row["marks"][1] == ["made"]


def test_R48_EX3_declared_140_took_170_records_140():
    _, row = settle(CL, new_score(CL), played(0, 140, [70, 30, 20], marriages=[[100], [], []]))
    assert row["results"] == [140, 30, 20]


def test_R48_EX4_contract_170_took_220_surplus_lost():
    _, row = settle(CL, new_score(CL), played(2, 170, [10, 10, 100], marriages=[[], [], [80, 40]]))
    assert row["results"][2] == 170  # 100 + 80 + 40 = 220
    assert row["totals"] == [10, 10, 170]


def test_R48_EX5_short_by_one_point_costs_the_contract():
    _, row = settle(CL, new_score(CL), played(1, 120, [30, 19, 71], marriages=[[], [100], []]))
    assert row["results"] == [30, -120, 70]
    assert row["marks"][1] == ["failed"]


def test_R48_made_exactly_at_the_contract():
    _, row = settle(CL, new_score(CL), played(1, 100, [10, 100, 10]))
    assert row["results"] == [10, 100, 10]


@pytest.mark.parametrize("taken,written", [(67, 65), (68, 70), (17, 15), (18, 20)])
def test_R49_EX1_EX2_defender_rounding_67_to_65_68_to_70(taken, written):
    cp = [taken, 120 - taken, 0]
    f = played(1, 100, cp, marriages=[[], [100], []], tricks=[2, 5, 1])
    _, row = settle(CL, new_score(CL), f)
    assert row["results"] == [written, 100, 0]


def test_R49_round5_table_for_every_last_digit():
    table = [0, -1, -2, 2, 1, 0, -1, -2, 2, 1]
    for x in range(0, 121):
        assert round_points(CL, x) - x == table[x % 10]


def test_R50_EX10_write_off_at_120_declarer_minus_120_each_opponent_60():
    _, row = settle(CL, new_score(CL), conceded("write_off", 2, 120))
    assert row["results"] == [60, 60, -120]
    assert row["marks"] == [[], [], ["write_off"]]


def test_R51_classic_multiplier_is_one():
    _, row = settle(CL, new_score(CL), played(0, 120, [80, 25, 15], marriages=[[60], [], []]))
    assert row["results"] == [120, 25, 15]
    assert all("doubled" not in m for m in row["marks"])


# --- R52: the order of the steps ----------------------------------------------------------------


def test_R52_S5_bolt_penalty_then_S7_dump_truck_sees_555():
    # 675 + 0 (no trick) → third bolt −120 → 555 → dump truck → 0
    s = score_with(CL, totals=[675, 0, 0], bolts=[2, 0, 0])
    f = played(1, 100, [0, 100, 20], tricks=[0, 6, 2])
    s2, row = settle(CL, s, f)
    assert s2["totals"][0] == 0
    assert row["marks"][0] == ["bolt", "bolt_penalty", "dump_truck"]
    assert row["results"][0] == 0 and row["changes"][0] == -675


def test_R52_S4_results_added_before_S7_dump_truck():
    s = score_with(CL, totals=[500, 0, 0])
    s2, row = settle(CL, s, played(1, 100, [55, 45, 20], marriages=[[], [60], []]))
    assert s2["totals"] == [0, 100, 20]
    assert row["results"][0] == 55 and row["changes"][0] == -500


# --- R53–R55 bolts and negative totals -----------------------------------------------------------


def test_R53_declarer_without_a_trick_gets_a_bolt():
    _, row = settle(CL, new_score(CL), played(1, 100, [60, 0, 60], tricks=[4, 0, 4]))
    assert row["marks"][1] == ["failed", "bolt"]
    assert row["results"] == [60, -100, 60]


def test_R53_a_trick_of_nines_saves_from_the_bolt():
    s, row = settle(CL, new_score(CL), played(1, 100, [0, 120, 0], tricks=[1, 7, 0]))
    assert row["marks"] == [[], ["made"], ["bolt"]]
    assert s["bolts"] == [0, 0, 1]


def test_R53_a_write_off_gives_no_bolt():
    s, _ = settle(CL, new_score(CL), conceded("write_off", 1, 100))
    assert s["bolts"] == [0, 0, 0]


def test_R54_third_bolt_costs_120_and_the_count_restarts():
    s = score_with(CL, totals=[200, 0, 0], bolts=[2, 0, 0])
    s2, row = settle(CL, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s2["totals"][0] == 80 and s2["bolts"][0] == 0
    assert row["marks"][0] == ["bolt", "bolt_penalty"]


def test_R54_bolts_count_over_the_game_not_in_a_row():
    s = new_score(CL)
    s, _ = settle(CL, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    s, _ = settle(CL, s, played(2, 100, [30, 0, 90], dealer=1, tricks=[2, 0, 6]))  # seat 0 has a trick
    s, _ = settle(CL, s, played(1, 100, [0, 100, 20], dealer=2, tricks=[0, 6, 2]))
    assert s["bolts"][0] == 2
    s, row = settle(CL, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert "bolt_penalty" in row["marks"][0] and s["bolts"][0] == 0
    assert s["totals"][0] == 0 + 30 - 120


def test_R55_totals_go_below_zero_without_limit():
    s = score_with(CL, totals=[0, -900, 0])
    s2, _ = settle(CL, s, played(1, 300, [60, 40, 20], marriages=[[], [100], []]))
    assert s2["totals"] == [60, -1200, 20]


def test_bolt_trigger_zero_points_nines_do_not_save():
    c = conv(bolt_trigger="zero_points")
    s, row = settle(c, new_score(c), played(1, 100, [0, 120, 0], tricks=[1, 7, 0]))
    assert s["bolts"] == [1, 0, 1]


def test_bolt_trigger_rounded_zero_EX20_two_nines_and_a_jack_is_a_dash():
    c = conv(bolt_trigger="rounded_zero")
    s, row = settle(c, new_score(c), played(1, 100, [2, 115, 3], tricks=[1, 6, 1]))
    assert s["bolts"] == [1, 0, 0]
    assert row["results"] == [0, 100, 5]


def test_bolt_declarer_exempt_declarer_never_gets_a_bolt():
    c = conv(bolt_declarer_exempt=True)
    s, row = settle(c, new_score(c), played(1, 100, [60, 0, 60], tricks=[4, 0, 4]))
    assert s["bolts"] == [0, 0, 0]
    assert row["marks"][1] == ["failed"]


def test_bolt_count_two_charges_on_the_second():
    c = conv(bolt_count=2)
    s = score_with(c, bolts=[1, 0, 0])
    s2, row = settle(c, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s2["totals"][0] == -120 and s2["bolts"][0] == 0


def test_bolt_penalty_100():
    c = conv(bolt_penalty=100)
    s = score_with(c, bolts=[2, 0, 0])
    s2, _ = settle(c, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s2["totals"][0] == -100


def test_bolt_mode_consecutive_count_resets_after_a_deal_without_bolt():
    c = conv(bolt_mode="consecutive")
    s = score_with(c, bolts=[2, 0, 0])
    s, _ = settle(c, s, played(1, 100, [20, 100, 0], tricks=[1, 6, 1]))
    assert s["bolts"][0] == 0
    s = score_with(c, bolts=[2, 0, 0])
    s, row = settle(c, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s["totals"][0] == -120 and "bolt_penalty" in row["marks"][0]


def test_bolt_mode_total_240_consecutive_EX21_three_in_a_row_cost_240():
    c = conv(bolt_mode="total_240_consecutive")
    s = new_score(c)
    for dealer in range(3):
        s, row = settle(c, s, played(1, 100, [0, 100, 20], dealer=dealer, tricks=[0, 6, 2]))
    assert s["totals"][0] == -240 and s["bolts"][0] == 0
    assert row["marks"][0] == ["bolt", "bolt_penalty"]


def test_bolt_mode_total_240_consecutive_EX21_scattered_bolts_cost_120():
    c = conv(bolt_mode="total_240_consecutive")
    s = new_score(c)
    s, _ = settle(c, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    s, _ = settle(c, s, played(1, 100, [20, 100, 0], dealer=1, tricks=[1, 6, 1]))
    s, _ = settle(c, s, played(1, 100, [0, 100, 20], dealer=2, tricks=[0, 6, 2]))
    s, _ = settle(c, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s["totals"][0] == 20 - 120


def test_EX21_for_every_third_bolt_again():
    s = score_with(CL, bolts=[2, 0, 0])
    s, _ = settle(CL, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    for dealer in (1, 2):
        s, _ = settle(CL, s, played(1, 100, [0, 100, 20], dealer=dealer, tricks=[0, 6, 2]))
    s, row = settle(CL, s, played(1, 100, [0, 100, 20], tricks=[0, 6, 2]))
    assert s["totals"][0] == -240 and s["bolts"][0] == 0  # 2 + 4 bolts: two charges


# --- scoring conventions ------------------------------------------------------------------------


def test_defender_rounding_nearest_10_a_5_rounds_up():
    c = conv(defender_rounding="nearest_10")
    _, row = settle(c, new_score(c), played(1, 100, [45, 64, 11], marriages=[[], [60], []]))
    assert row["results"] == [50, 100, 10]


def test_defender_rounding_exact_keeps_the_points():
    c = conv(defender_rounding="exact")
    _, row = settle(c, new_score(c), played(1, 100, [47, 62, 11], marriages=[[], [60], []]))
    assert row["results"] == [47, 100, 11]


def test_declarer_rounding_rounded_EX6_98_makes_100():
    c = conv(declarer_rounding="rounded")
    _, row = settle(c, new_score(c), played(1, 100, [12, 98, 10]))
    assert row["results"] == [10, 100, 10]
    _, row = settle(CL, new_score(CL), played(1, 100, [12, 98, 10]))
    assert row["results"] == [10, -100, 10]


def test_declarer_success_score_deal_points_scores_what_he_took():
    c = conv(declarer_success_score="deal_points")
    _, row = settle(c, new_score(c), played(1, 120, [20, 87, 13], marriages=[[], [60], []]))
    assert row["results"] == [20, 147, 15]
    _, row = settle(c, new_score(c), played(1, 160, [20, 87, 13], marriages=[[], [60], []]))
    assert row["results"][1] == -160


def test_EX25_announced_80_counts_for_the_defender():
    _, row = settle(CL, new_score(CL), played(1, 100, [30, 80, 10], marriages=[[80], [40], []]))
    assert row["results"] == [110, 100, 10]


def test_marriage_points_to_declarer_only_defender_marriage_scores_nothing():
    c = conv(marriage_points_to="declarer_only")
    _, row = settle(c, new_score(c), played(1, 100, [30, 80, 10], marriages=[[80], [40], []]))
    assert row["results"] == [30, 100, 10]
    # the engine writes a trump-only announcement as 0
    _, row = settle(c, new_score(c), played(1, 100, [30, 80, 10], marriages=[[0], [40], []]))
    assert row["results"] == [30, 100, 10]
    with pytest.raises(BadInput, match="0 is not an announcement value"):
        settle(CL, new_score(CL), played(1, 100, [30, 80, 10], marriages=[[0], [40], []]))


def test_marriage_values_five_oh_one_accepts_20_refuses_100():
    c = conv("five_oh_one")
    _, row = settle(c, new_score(c), played(1, 100, [30, 80, 10], marriages=[[20], [40], []]))
    assert row["results"] == [50, 100, 10]
    with pytest.raises(BadInput, match=r"marriages\[1\]: 100 is not an announcement value"):
        settle(c, new_score(c), played(1, 100, [30, 80, 10], marriages=[[], [100], []]))


def test_ace_marriage_200_is_an_announcement_value():
    with pytest.raises(BadInput):
        settle(CL, new_score(CL), played(1, 300, [30, 80, 10], marriages=[[], [200, 40], []]))
    c = conv(ace_marriage=True)
    _, row = settle(c, new_score(c), played(1, 300, [30, 80, 10], marriages=[[], [200, 40], []]))
    assert row["results"] == [30, 300, 10]


def test_bed_marriage_half_values_accepted():
    c = conv(bed_marriage=True)
    _, row = settle(c, new_score(c), played(1, 100, [10, 100, 10], marriages=[[50, 20], [], []]))
    assert row["results"] == [80, 100, 10]


def test_four_nines_bonus_value_accepted_once():
    c = conv(four_nines_bonus=360)
    _, row = settle(c, new_score(c), played(1, 100, [10, 100, 10], marriages=[[], [], [360]]))
    assert row["results"] == [10, 100, 370]
    with pytest.raises(BadInput, match="more often"):
        settle(c, new_score(c), played(1, 100, [10, 100, 10], marriages=[[360], [], [360]]))


def test_marriage_timing_from_first_lead_allows_a_marriage_without_a_trick():
    f = played(1, 100, [60, 0, 60], tricks=[4, 0, 4], marriages=[[], [100], []])
    with pytest.raises(BadInput, match=r"R41"):
        settle(CL, new_score(CL), f)
    c = conv(marriage_timing="from_first_lead")
    _, row = settle(c, new_score(c), f)
    assert row["results"] == [60, 100, 60] and row["marks"][1] == ["made", "bolt"]


# --- write-off (R34, R35, §4.5) -----------------------------------------------------------------


def test_write_off_payout_half_bid_each_rounds_up_Q1():
    c = conv(write_off_payout="half_bid_each")
    _, row = settle(c, new_score(c), conceded("write_off", 1, 105))
    assert row["results"] == [55, -105, 55]
    _, row = settle(c, new_score(c), conceded("write_off", 1, 160))
    assert row["results"] == [80, -160, 80]


def test_write_off_payout_half_bid_max_60_EX11():
    c = conv(write_off_payout="half_bid_max_60")
    _, row = settle(c, new_score(c), conceded("write_off", 1, 100))
    assert row["results"] == [50, -100, 50]
    _, row = settle(c, new_score(c), conceded("write_off", 1, 150))
    assert row["results"] == [60, -150, 60]


def test_write_off_cost_free():
    c = conv(write_off_cost="free")
    s, row = settle(c, new_score(c), conceded("write_off", 1, 130))
    assert row["results"] == [60, 0, 60] and s["write_offs"] == [0, 1, 0]


def test_write_off_cost_first_free_then_the_bid():
    c = conv(write_off_cost="first_free")
    s, row = settle(c, new_score(c), conceded("write_off", 1, 130))
    assert row["results"][1] == 0
    s, row = settle(c, s, conceded("write_off", 1, 130, dealer=1))
    assert row["results"][1] == -130


def test_write_off_cost_three_free_then_120():
    c = conv(write_off_cost="three_free_then_120")
    s = score_with(c, write_offs=[0, 3, 0])
    _, row = settle(c, s, conceded("write_off", 1, 150))
    assert row["results"] == [60, -120, 60]


def test_write_off_cost_free_third_120():
    c = conv(write_off_cost="free_third_120")
    s = new_score(c)
    costs = []
    for _ in range(4):
        s, row = settle(c, s, conceded("write_off", 1, 110))
        costs.append(row["results"][1])
    assert costs == [0, 0, -120, 0]


def test_write_off_cost_bolt_gives_a_bolt_and_no_points():
    c = conv(write_off_cost="bolt")
    s, row = settle(c, new_score(c), conceded("write_off", 1, 110))
    assert row["results"] == [60, 0, 60] and s["bolts"] == [0, 1, 0]
    assert row["marks"][1] == ["write_off", "bolt"]


def test_write_off_limit_one_refuses_the_second():
    c = conv(write_off_limit=1)
    s, _ = settle(c, new_score(c), conceded("write_off", 1, 100))
    assert not may_write_off(c, s, 1, False, False)
    assert may_write_off(c, s, 2, False, False)
    with pytest.raises(BadInput, match="write_off_limit"):
        settle(c, s, conceded("write_off", 1, 100))


def test_write_off_false_refused():
    c = conv(write_off=False)
    assert not may_write_off(c, new_score(c), 1, False, False)
    with pytest.raises(BadInput, match="write_off = false"):
        settle(c, new_score(c), conceded("write_off", 1, 100))


def test_R35_write_off_on_barrel_not_barrel_player():
    s = score_with(CL, totals=[880, 0, 0])
    s["barrel"][0].update(on=True, mounted_at=1)
    assert not may_write_off(CL, s, 0, False, False)
    assert may_write_off(CL, s, 1, False, False)
    assert not may_cross(conv(cross_rule=True), s, 0, False, False)


def test_write_off_on_barrel_nobody_while_someone_sits():
    c = conv(write_off_on_barrel="nobody", cross_rule=True)
    s = score_with(c, totals=[880, 0, 0])
    s["barrel"][0].update(on=True, mounted_at=1)
    assert not may_write_off(c, s, 1, False, False)
    assert not may_cross(c, s, 1, False, False)


def test_write_off_on_barrel_allowed_the_barrel_player_writes_off_and_falls():
    c = conv(write_off_on_barrel="allowed")
    s = score_with(c, totals=[880, 0, 0])
    s["barrel"][0].update(on=True, mounted_at=1)
    s2, row = settle(c, s, conceded("write_off", 0, 120, dealer=2))
    assert s2["totals"][0] == 760 and row["marks"][0] == ["write_off", "barrel_fall"]
    assert s2["barrel"][0]["falls"] == 1


# --- cross (§4.5.1) -----------------------------------------------------------------------------


def test_sec4_5_1_cross_rule_declarer_keeps_total_opponents_get_a_bolt():
    c = conv(cross_rule=True)
    s = score_with(c, totals=[100, 200, 300])
    s2, row = settle(c, s, conceded("cross", 1, 140))
    assert s2["totals"] == [100, 200, 300]
    assert s2["bolts"] == [1, 0, 1] and s2["crosses"] == [0, 1, 0]
    assert row["marks"] == [["bolt"], ["cross"], ["bolt"]]


def test_sec4_5_1_EX22_two_crosses_cost_120():
    c = conv(cross_rule=True)
    s, _ = settle(c, new_score(c), conceded("cross", 1, 100))
    s, row = settle(c, s, conceded("cross", 1, 100, dealer=1))
    assert s["totals"][1] == -120 and s["crosses"][1] == 0
    assert row["marks"][1] == ["cross", "cross_penalty"]


def test_sec4_5_1_cross_does_not_count_toward_write_off_limit():
    c = conv(cross_rule=True, write_off_limit=1)
    s, _ = settle(c, new_score(c), conceded("cross", 1, 100))
    assert may_write_off(c, s, 1, False, False)


def test_sec4_5_1_cross_bolts_doubled_in_a_dark_deal():
    c = conv(cross_rule=True, dark_game=True, dark_min_score=None)
    s, row = settle(c, new_score(c), conceded("cross", 1, 120, dark=True))
    assert s["bolts"] == [2, 0, 2]
    assert row["marks"][0] == ["bolt", "bolt"]


def test_cross_rule_false_refuses_a_cross():
    with pytest.raises(BadInput, match="cross_rule = false"):
        settle(CL, new_score(CL), conceded("cross", 1, 100))


# --- dark deals (§4.4) --------------------------------------------------------------------------


DARK = conv(dark_game=True, dark_min_score=None)


def test_EX18_dark_120_made_240_failed_minus_240():
    _, row = settle(DARK, new_score(DARK), played(1, 120, [30, 70, 20], marriages=[[], [60], []], dark=True))
    assert row["results"] == [60, 240, 40]
    assert row["marks"] == [["doubled"], ["made", "doubled"], ["doubled"]]
    _, row = settle(DARK, new_score(DARK), played(1, 120, [50, 50, 20], dark=True))
    assert row["results"] == [100, -240, 40]


def test_EX12_dark_write_off_pays_120_each():
    _, row = settle(DARK, new_score(DARK), conceded("write_off", 1, 120, dark=True))
    assert row["results"] == [120, -240, 120]


def test_dark_scope_declarer_only_his_result_doubled():
    c = conv(dark_game=True, dark_min_score=None, dark_scope="declarer")
    _, row = settle(c, new_score(c), played(1, 120, [30, 70, 20], marriages=[[], [60], []], dark=True))
    assert row["results"] == [30, 240, 20]
    _, row = settle(c, new_score(c), conceded("write_off", 1, 120, dark=True))
    assert row["results"] == [60, -240, 60]


def test_dark_scope_all_but_defender_marriages():
    c = conv(dark_game=True, dark_min_score=None, dark_scope="all_but_defender_marriages")
    _, row = settle(c, new_score(c), played(1, 120, [33, 67, 20], marriages=[[40], [60], []], dark=True))
    assert row["results"] == [2 * 35 + 40, 240, 40]


def test_dark_bolts_double_and_off():
    s, row = settle(DARK, new_score(DARK), played(1, 120, [0, 100, 20], marriages=[[], [40], []],
                                                      tricks=[0, 6, 2], dark=True))
    assert s["bolts"] == [2, 0, 0]
    c = conv(dark_game=True, dark_min_score=None, dark_bolts_double=False)
    s, _ = settle(c, new_score(c), played(1, 120, [0, 100, 20], marriages=[[], [40], []],
                                          tricks=[0, 6, 2], dark=True))
    assert s["bolts"] == [1, 0, 0]


def test_dark_bolts_double_a_doubled_bolt_can_trigger_the_charge():
    s = score_with(DARK, bolts=[1, 0, 0])
    s2, row = settle(DARK, s, played(1, 120, [0, 100, 20], marriages=[[], [40], []],
                                     tricks=[0, 6, 2], dark=True))
    assert s2["bolts"][0] == 0 and s2["totals"][0] == -120
    assert row["marks"][0] == ["doubled", "bolt", "bolt", "bolt_penalty"]


def test_dark_write_off_false_refused():
    c = conv(dark_game=True, dark_min_score=None, dark_write_off=False)
    assert not may_write_off(c, new_score(c), 1, False, True)
    with pytest.raises(BadInput, match="dark_write_off"):
        settle(c, new_score(c), conceded("write_off", 1, 120, dark=True))


def test_dark_game_off_refuses_dark_facts():
    with pytest.raises(BadInput, match="dark"):
        settle(CL, new_score(CL), played(1, 120, [30, 70, 20], marriages=[[], [60], []], dark=True))


def test_dark_game_bid_must_be_120_and_dark_can_raise():
    with pytest.raises(BadInput, match="D2"):
        settle(DARK, new_score(DARK), played(1, 125, [30, 70, 20], marriages=[[], [60], []], dark=True))
    with pytest.raises(BadInput, match="dark_can_raise"):
        settle(DARK, new_score(DARK), played(1, 130, [30, 70, 20], marriages=[[], [60], []],
                                             bid=120, dark=True))
    c = conv(dark_game=True, dark_min_score=None, dark_can_raise=True)
    _, row = settle(c, new_score(c), played(1, 130, [30, 70, 20], marriages=[[], [60], []], bid=120, dark=True))
    assert row["results"][1] == 260


def test_dark_bidding_any_bid_may_be_dark():
    c = conv(dark_bidding=True)
    _, row = settle(c, new_score(c), played(1, 150, [20, 80, 20], marriages=[[], [80], []], dark=True))
    assert row["results"] == [40, 300, 40]


def test_dark_min_score_240_and_null():
    c = conv(dark_game=True)
    assert not may_go_dark(c, score_with(c, totals=[0, 235, 0]), 1, False)
    assert may_go_dark(c, score_with(c, totals=[0, 240, 0]), 1, False)
    with pytest.raises(BadInput, match="D1"):
        settle(c, score_with(c, totals=[0, 235, 0]),
               played(1, 120, [30, 70, 20], marriages=[[], [60], []], dark=True))
    c = conv(dark_game=True, dark_min_score=None)
    assert may_go_dark(c, score_with(c, totals=[0, -100, 0]), 1, False)


def test_dark_on_barrel_false_nobody_goes_dark_while_someone_sits():
    c = conv(dark_game=True, dark_min_score=None)
    s = score_with(c, totals=[880, 0, 0])
    s["barrel"][0].update(on=True, mounted_at=1)
    assert not may_go_dark(c, s, 1, False)
    c = conv(dark_game=True, dark_min_score=None, dark_on_barrel=True)
    assert may_go_dark(c, s, 1, False)


def test_dark_game_never_in_a_golden_deal_and_R25_bars_it():
    c = conv(dark_game=True, dark_min_score=None)
    assert not may_go_dark(c, new_score(c), 1, True)
    assert not may_go_dark(c, score_with(c, totals=[0, -125, 0]), 1, False)


# --- R25 low score ------------------------------------------------------------------------------


def test_R25_low_score_rule_auto_pass_below_is_strict():
    assert barred_from_bidding(CL, score_with(CL, totals=[-125, 0, 0]), 0)
    assert not barred_from_bidding(CL, score_with(CL, totals=[-120, 0, 0]), 0)
    c = conv(low_score_rule="none")
    assert not barred_from_bidding(c, score_with(c, totals=[-500, 0, 0]), 0)


def test_low_score_threshold_zero_means_any_negative_total():
    c = conv(low_score_threshold=0)
    assert barred_from_bidding(c, score_with(c, totals=[-5, 0, 0]), 0)
    assert not barred_from_bidding(c, score_with(c, totals=[0, 0, 0]), 0)


def test_low_score_rule_others_must_pass():
    c = conv(low_score_rule="others_must_pass", low_score_threshold=100)
    s = score_with(c, totals=[95, 100, 0])
    assert low_score_bidder(c, s, 0) and not low_score_bidder(c, s, 1)
    assert not barred_from_bidding(c, s, 0)
    assert not low_score_bidder(CL, s, 0)


# --- R67 dump truck -----------------------------------------------------------------------------


def test_R67_dump_truck_exact_555_resets_to_0():
    s = score_with(CL, totals=[0, 455, 0])
    s2, row = settle(CL, s, played(1, 100, [10, 100, 10]))
    assert s2["totals"] == [10, 0, 10] and row["marks"][1] == ["made", "dump_truck"]


def test_R67_dump_truck_minus_555_resets_too():
    s = score_with(CL, totals=[0, -455, 0])
    s2, _ = settle(CL, s, played(1, 100, [60, 40, 20]))
    assert s2["totals"] == [60, 0, 20]


def test_R67_passing_over_555_does_nothing():
    s = score_with(CL, totals=[0, 450, 0])
    s2, _ = settle(CL, s, played(1, 120, [10, 100, 10], marriages=[[], [40], []]))
    assert s2["totals"] == [10, 570, 10]


def test_dump_truck_positive_only_and_off():
    c = conv(dump_truck="positive")
    s2, _ = settle(c, score_with(c, totals=[0, -455, 455]), played(1, 100, [60, 40, 20], tricks=[3, 3, 2]))
    assert s2["totals"] == [60, -555, 475]
    s2, _ = settle(c, score_with(c, totals=[0, 455, 0]), played(1, 100, [10, 100, 10]))
    assert s2["totals"][1] == 0
    c = conv(dump_truck="off")
    s2, _ = settle(c, score_with(c, totals=[0, 455, 0]), played(1, 100, [10, 100, 10]))
    assert s2["totals"][1] == 555


def test_dump_value_300():
    c = conv(dump_value=300)
    s2, row = settle(c, score_with(c, totals=[0, 200, 0]), played(1, 100, [10, 100, 10]))
    assert s2["totals"][1] == 0 and "dump_truck" in row["marks"][1]


# --- R68–R70 end of the game --------------------------------------------------------------------


NO_BARREL = conv(barrel=False)


def test_R68_without_barrel_a_total_at_the_target_wins():
    s = score_with(NO_BARREL, totals=[0, 900, 0])
    s2, row = settle(NO_BARREL, s, played(1, 100, [10, 100, 10]))
    assert s2["over"] and s2["winners"] == [1] and row["winners"] == [1]
    assert row["marks"][1] == ["made", "winner"]


def test_R69_two_reach_the_target_highest_total_wins():
    s = score_with(NO_BARREL, totals=[960, 900, 0])
    s2, _ = settle(NO_BARREL, s, played(1, 100, [60, 50, 10], marriages=[[], [60], []]))
    assert s2["totals"][:2] == [1020, 1000] and s2["winners"] == [0]


def test_R69_tie_goes_to_the_declarer():
    s = score_with(NO_BARREL, totals=[940, 900, 0])
    s2, _ = settle(NO_BARREL, s, played(1, 100, [60, 50, 10], marriages=[[], [60], []]))
    assert s2["totals"][:2] == [1000, 1000] and s2["winners"] == [1]


def test_R69_tie_without_the_declarer_is_shared():
    s = score_with(NO_BARREL, totals=[940, 0, 945])
    s2, _ = settle(NO_BARREL, s, played(1, 100, [60, 0, 60], tricks=[4, 0, 4]))
    assert s2["totals"] == [1000, -100, 1005]
    s = score_with(NO_BARREL, totals=[940, 0, 940])
    s2, row = settle(NO_BARREL, s, played(1, 100, [60, 0, 60], tricks=[4, 0, 4]))
    assert s2["winners"] == [0, 2] and "winner" in row["marks"][0] and "winner" in row["marks"][2]


def test_R70_player_count_new_game_starts_from_zero():
    c = conv("four_players")
    s = new_score(c)
    assert s["players"] == 4
    assert s["totals"] == s["bolts"] == s["write_offs"] == s["crosses"] == [0, 0, 0, 0]
    assert s["barrel"] == [{"on": False, "attempts": 0, "falls": 0, "mounted_at": None, "banned": False}] * 4
    assert s["barrel"][0] is not s["barrel"][1]
    assert not s["over"] and s["winners"] == [] and s["rows"] == [] and s["deals_settled"] == 0


def test_target_score_501_without_barrel():
    c = conv("five_oh_one")
    s = score_with(c, totals=[0, 400, 0])
    s2, _ = settle(c, s, played(1, 100, [10, 100, 10]))
    assert s2["totals"][1] == 500 and not s2["over"]
    s2, _ = settle(c, score_with(c, totals=[0, 405, 0]), played(1, 100, [10, 100, 10]))
    assert s2["over"] and s2["winners"] == [1]


def test_target_mode_exceed_needs_more_than_the_target():
    c = conv(barrel=False, target_mode="exceed")
    s2, _ = settle(c, score_with(c, totals=[0, 900, 0]), played(1, 100, [10, 100, 10]))
    assert not s2["over"]
    s2, _ = settle(c, s2, played(1, 100, [10, 100, 10], dealer=1))
    assert s2["over"] and s2["winners"] == [1]
    assert b_need(conv(target_mode="exceed")) == 121


def test_target_mode_exact_a_result_over_the_target_is_not_applied():
    c = conv(barrel=False, target_mode="exact")
    s2, row = settle(c, score_with(c, totals=[0, 900, 0]), played(1, 120, [10, 100, 10], marriages=[[], [40], []]))
    assert s2["totals"][1] == 900 and row["results"][1] == 0 and not s2["over"]
    s2, _ = settle(c, s2, played(1, 100, [10, 100, 10], dealer=1))
    assert s2["totals"][1] == 1000 and s2["winners"] == [1]


def test_loss_score_minus_1000_ends_the_game_highest_total_wins():
    c = conv(loss_score=-1000)
    s = score_with(c, totals=[300, -900, 200])
    s2, row = settle(c, s, played(1, 100, [60, 40, 20]))
    assert s2["totals"] == [360, -1000, 220]
    assert s2["over"] and s2["winners"] == [0]
    s2, _ = settle(CL, score_with(CL, totals=[300, -900, 200]), played(1, 100, [60, 40, 20]))
    assert not s2["over"]


# --- two players (T10–T12) ----------------------------------------------------------------------


P2 = conv("two_players")


def test_T10_widow_counted_in_the_last_trick_winners_points():
    # the engine adds the widow's points to the last-trick winner; the total is 120 with it
    _, row = settle(P2, new_score(P2), played(1, 100, [43, 77], dealer=0, tricks=[4, 6]))
    assert row["results"] == [45, -100]
    with pytest.raises(BadInput, match=r"card_points: must total 120"):
        settle(P2, new_score(P2), played(1, 100, [33, 77], dealer=0, tricks=[4, 6]))


def test_T10_two_widow_dead_the_points_may_be_missing():
    c = conv("two_players", two_widow="dead")
    _, row = settle(c, new_score(c), played(1, 100, [23, 77], dealer=0, tricks=[4, 6]))
    assert row["results"] == [25, -100]


def test_T10_two_exchange_give_one_has_11_tricks():
    c = conv("two_players", two_exchange="give_one")
    _, row = settle(c, new_score(c), played(1, 100, [20, 100], dealer=0, tricks=[3, 8]))
    assert row["results"] == [20, 100]
    with pytest.raises(BadInput, match="tricks: must total 11"):
        settle(c, new_score(c), played(1, 100, [20, 100], dealer=0, tricks=[3, 7]))


def test_T11_one_defender_and_write_off_pays_one_opponent():
    _, row = settle(P2, new_score(P2), conceded("write_off", 1, 120, dealer=0))
    assert row["results"] == [60, -120]
    s, row = settle(P2, new_score(P2), played(0, 100, [0, 120], dealer=1, tricks=[0, 10]))
    assert row["results"] == [-100, 120] and s["bolts"] == [1, 0]


def test_T12_two_players_without_barrel_win_at_1000():
    s = score_with(P2, totals=[0, 890])
    s2, row = settle(P2, s, played(1, 120, [20, 100], dealer=0, tricks=[3, 7], marriages=[[], [40]]))
    assert s2["totals"] == [20, 1010] and s2["winners"] == [1]
    assert s2["barrel"][1]["on"] is False


def test_T12_two_players_with_barrel_on_mount_at_880():
    c = conv("two_players", barrel=True)
    s2, row = settle(c, score_with(c, totals=[0, 800]), played(1, 100, [20, 100], dealer=0, tricks=[3, 7]))
    assert s2["totals"] == [20, 880] and s2["barrel"][1]["on"] and not s2["over"]


# --- four players (F5–F8) -----------------------------------------------------------------------


P4 = conv("four_players")


def four(declarer, contract, cp, dealer=0, talon=("KH", "QH", "AS"), **kw):
    return played(declarer, contract, cp, dealer=dealer, talon=list(talon), **kw)


def test_F5_resting_dealer_scores_talon_points_plus_marriage_rounded():
    # K♥ Q♥ A♠ = 4 + 3 + 11 + 100 = 118 → 120
    _, row = settle(P4, new_score(P4), four(1, 100, [0, 100, 10, 10], marriages=[[], [], [], []]))
    assert row["results"] == [120, 100, 10, 10]
    assert row["marks"][0] == ["rest"]


def test_F5_talon_without_marriage_rounds_like_a_defender():
    _, row = settle(P4, new_score(P4), four(1, 100, [0, 100, 10, 10], talon=("AS", "TC", "JD")))
    assert row["results"][0] == 25  # 11 + 10 + 2 = 23 → 25


def test_F5_resting_dealer_scores_in_a_written_off_deal_too():
    _, row = settle(P4, new_score(P4), conceded("write_off", 2, 110, dealer=0, talon=["9S", "9C", "JH"]))
    assert row["results"] == [0, 60, -110, 60]


def test_four_sitter_score_flat_30():
    c = conv("four_players", four_sitter_score="flat_30")
    _, row = settle(c, new_score(c), four(1, 100, [0, 100, 10, 10], talon=("AS", "TC", "JD")))
    assert row["results"][0] == 30
    _, row = settle(c, new_score(c), four(1, 100, [0, 100, 10, 10]))
    assert row["results"][0] == 130


def test_four_talon_marriage_none_and_full_or_half():
    c = conv("four_players", four_talon_marriage="none")
    _, row = settle(c, new_score(c), four(1, 100, [0, 100, 10, 10]))
    assert row["results"][0] == 20  # 18 → 20
    c = conv("four_players", four_talon_marriage="full_or_half")
    _, row = settle(c, new_score(c), four(1, 100, [0, 100, 10, 10], talon=("KD", "AS", "9C")))
    assert row["results"][0] == 55  # 4 + 11 + 0 + 80/2 = 55


def test_F5_talon_required_with_four_players():
    f = four(1, 100, [0, 100, 10, 10])
    del f["talon"]
    with pytest.raises(BadInput, match="talon"):
        settle(P4, new_score(P4), f)


def test_F6_resting_dealer_gets_no_bolt_and_his_rest_keeps_a_bolt_run():
    c = conv("four_players", bolt_mode="consecutive")
    s = score_with(c, bolts=[2, 0, 0, 0])
    s2, row = settle(c, s, four(1, 100, [0, 100, 10, 10]))
    assert s2["bolts"][0] == 2 and "bolt" not in row["marks"][0]
    s3, row = settle(c, s2, four(2, 100, [0, 0, 100, 20], dealer=1, tricks=[0, 0, 6, 2]))
    assert s3["bolts"][0] == 0 and s3["totals"][0] == 120 - 120
    assert row["marks"][0] == ["bolt", "bolt_penalty"]


def test_F1_declarer_cannot_be_the_resting_dealer():
    with pytest.raises(BadInput, match="declarer: seat 0 is the resting dealer"):
        settle(P4, new_score(P4), four(0, 100, [0, 100, 10, 10]))
    with pytest.raises(BadInput, match="resting dealer takes no tricks"):
        settle(P4, new_score(P4), four(1, 100, [10, 90, 10, 10]))


def test_F8_write_off_pays_the_two_active_opponents():
    _, row = settle(P4, new_score(P4), conceded("write_off", 3, 120, dealer=1, talon=["AS", "TS", "KS"]))
    assert row["results"] == [60, 25, 60, -120]
    assert row["marks"][1] == ["rest"]


# --- penalties outside a deal (R10, R18, EX23, EX24) --------------------------------------------


def test_R10_EX23_cutter_nine_charge_is_applied_at_once():
    s, row = charge(CL, score_with(CL, totals=[100, 50, 0]), 2, 120, "cutter_nine")
    assert s["totals"] == [100, 50, -120]
    assert row["outcome"] == "penalty" and row["reason"] == "cutter_nine" and row["seat"] == 2
    assert row["changes"] == [0, 0, -120] and row["marks"] == [[], [], ["penalty"]]
    assert s["rows"][-1] == row and s["deals_settled"] == 0 and row["deal"] == 1


def test_EX24_third_redeal_dealer_charged_120():
    c = conv(third_redeal_penalty=120)
    s, row = charge(c, score_with(c, totals=[0, 200, 0]), 1, c["third_redeal_penalty"], "third_redeal")
    assert s["totals"] == [0, 80, 0]


def test_R18_charge_then_dump_truck():
    s, row = charge(CL, score_with(CL, totals=[675, 0, 0]), 0, 120, "cutter_nine")
    assert s["totals"][0] == 0 and row["marks"][0] == ["penalty", "dump_truck"]


def test_R18_charge_can_end_the_game_by_loss_score():
    c = conv(loss_score=-1000)
    s, row = charge(c, score_with(c, totals=[-900, 10, 20]), 0, 120, "cutter_nine")
    assert s["over"] and s["winners"] == [2]
    with pytest.raises(IllegalAction):
        charge(c, s, 1, 120, "cutter_nine")


def test_charge_refuses_bad_arguments():
    with pytest.raises(BadInput, match="amount"):
        charge(CL, new_score(CL), 0, -5, "x")
    with pytest.raises(BadInput, match="seat"):
        charge(CL, new_score(CL), 3, 120, "x")


# --- facts validation ---------------------------------------------------------------------------


def test_validation_card_points_total_names_the_field():
    with pytest.raises(BadInput) as e:
        settle(CL, new_score(CL), played(1, 100, [20, 80, 18]), where="deals[3]")
    assert str(e.value) == "deals[3].card_points: must total 120 for a played deal (got 118)"


def test_validation_tricks_and_points_without_trick():
    with pytest.raises(BadInput, match="tricks: must total 8"):
        settle(CL, new_score(CL), played(1, 100, [20, 80, 20], tricks=[2, 4, 1]))
    with pytest.raises(BadInput, match=r"card_points\[0\]: 20 card points without a trick"):
        settle(CL, new_score(CL), played(1, 100, [20, 80, 20], tricks=[0, 6, 2]))


def test_validation_bid_step_max_bid_contract_and_seats():
    with pytest.raises(BadInput, match="bid: 103 is not on the bid grid"):
        settle(CL, new_score(CL), played(1, 103, [20, 80, 20]))
    with pytest.raises(BadInput, match="contract: must be at least the bid"):
        settle(CL, new_score(CL), played(1, 100, [20, 80, 20], bid=110))
    with pytest.raises(BadInput, match="max_bid"):
        settle(CL, new_score(CL), played(1, 305, [20, 80, 20]))
    with pytest.raises(BadInput, match="declarer"):
        settle(CL, new_score(CL), played(3, 100, [20, 80, 20]))
    with pytest.raises(BadInput, match="outcome"):
        settle(CL, new_score(CL), played(1, 100, [20, 80, 20], outcome="conceded"))
    c = conv(bid_step="10")
    with pytest.raises(BadInput, match="bid_step = 10"):
        settle(c, new_score(c), played(1, 105, [20, 80, 20], marriages=[[], [40], []]))
    c = conv(bid_step="5_then_10_from_200")
    with pytest.raises(BadInput, match="205 is not on the bid grid"):
        settle(c, new_score(c), played(1, 205, [20, 80, 20], marriages=[[], [100], []]))


def test_validation_all_pass_needs_forced_100_false():
    f = {"dealer": 0, "declarer": None, "bid": 0, "contract": 0, "outcome": "all_pass"}
    with pytest.raises(BadInput, match="forced_100"):
        settle(CL, new_score(CL), f)
    c = conv(forced_100=False)
    s, row = settle(c, new_score(c), f)
    assert s["totals"] == [0, 0, 0] and s["deals_settled"] == 1 and row["outcome"] == "all_pass"
    assert row["marks"] == [[], [], []]


def test_validate_facts_returns_a_normalised_copy():
    f = played(1, 100, [20, 80, 20])
    del f["marriages"]
    out = validate_facts(CL, new_score(CL), f)
    assert out["marriages"] == [[], [], []] and out["golden"] is False and out["obligatory"] is False
    assert "marriages" not in f


def test_settle_never_mutates_its_inputs():
    s = score_with(CL, totals=[675, 0, 0], bolts=[2, 0, 0])
    f = played(1, 100, [0, 100, 20], tricks=[0, 6, 2])
    s0, f0 = copy.deepcopy(s), copy.deepcopy(f)
    s2, row = settle(CL, s, f)
    assert s == s0 and f == f0
    row["totals"][0] = 12345
    assert s2["rows"][-1]["totals"][0] == 0


def test_marks_vocabulary_is_fixed_and_explained():
    assert set(MARKS) == {"bolt", "bolt_penalty", "write_off", "cross", "cross_penalty", "doubled",
                          "barrel_mount", "barrel_attempt", "barrel_fall", "barrel_reset", "dump_truck",
                          "made", "failed", "rest", "winner", "penalty", "golden_reset"}
    assert all(isinstance(v, str) and v for v in MARKS.values())
