"""The golden round: G1–G5 (§4.10.1), four players (F9, EX28), EX12 and EX19, and every golden_*
convention (§4.10)."""
import pytest

from thousand.cards.score import deal_is_golden, may_cross, may_write_off, new_score
from thousand.cards.settlement import charge, settle
from thousand.errors import BadInput
from helpers_settle import conv, played


GOLD = conv(golden_round=True)


def golden_made(dealer):
    """The sitter (dealer's left) makes his 120: 80 + a 40 marriage."""
    cp = [0, 0, 0]
    sitter = (dealer + 1) % 3
    cp[sitter], cp[(dealer + 2) % 3], cp[dealer] = 80, 25, 15
    marriages = [[], [], []]
    marriages[sitter] = [40]
    return played(sitter, 120, cp, dealer=dealer, marriages=marriages)


def golden_failed(dealer):
    """The sitter takes 50 and fails his 120."""
    cp = [0, 0, 0]
    sitter = (dealer + 1) % 3
    cp[sitter], cp[(dealer + 2) % 3], cp[dealer] = 50, 50, 20
    return played(sitter, 120, cp, dealer=dealer)


def test_G1_the_first_three_settled_deals_are_golden():
    s = new_score(GOLD)
    flags = []
    for dealer in range(4):
        flags.append(deal_is_golden(GOLD, s))
        s, row = settle(GOLD, s, golden_made(dealer) if flags[-1] else played(1, 100, [10, 100, 10], dealer=dealer % 3))
    assert flags == [True, True, True, False]
    assert s["golden"] == {"active": False, "deals": 3, "made": True, "circles": 1}


def test_G1_penalties_between_deals_do_not_count_as_golden_deals():
    s, _ = charge(GOLD, new_score(GOLD), 0, 120, "cutter_nine")
    assert s["golden"]["deals"] == 0 and deal_is_golden(GOLD, s)


def test_golden_round_false_no_golden_deal():
    assert not deal_is_golden(conv(), new_score(conv()))
    with pytest.raises(BadInput, match="golden: this deal is not a golden deal"):
        settle(conv(), new_score(conv()), golden_made(0) | {"golden": True})


def test_G2_the_sitter_declares_120_without_an_auction():
    s = new_score(GOLD)
    with pytest.raises(BadInput, match="G2"):
        settle(GOLD, s, played(2, 120, [20, 20, 80], marriages=[[], [], [40]], dealer=0))
    with pytest.raises(BadInput, match="G2"):
        settle(GOLD, s, played(1, 125, [20, 80, 20], marriages=[[], [60], []], dealer=0))
    with pytest.raises(BadInput, match="golden_can_raise"):
        settle(GOLD, s, played(1, 130, [20, 80, 20], marriages=[[], [60], []], dealer=0, bid=120))


def test_golden_can_raise_true_lets_the_contract_rise():
    c = conv(golden_round=True, golden_can_raise=True)
    _, row = settle(c, new_score(c), played(1, 130, [20, 80, 20], marriages=[[], [60], []], dealer=0, bid=120))
    assert row["results"] == [40, 260, 40]


def test_G3_EX19_golden_deal_plus_or_minus_240_difference_480():
    _, made = settle(GOLD, new_score(GOLD), golden_made(0))
    _, failed = settle(GOLD, new_score(GOLD), golden_failed(0))
    assert made["results"] == [30, 240, 50] and failed["results"] == [40, -240, 100]
    assert made["results"][1] - failed["results"][1] == 480
    assert made["golden"] and made["marks"][1] == ["made", "doubled"]


def test_G3_golden_bolts_double_but_the_bolt_penalty_is_not_doubled():
    s = new_score(GOLD)
    s["bolts"] = [1, 0, 0]
    s2, row = settle(GOLD, s, played(1, 120, [0, 100, 20], marriages=[[], [40], []], tricks=[0, 6, 2], dealer=0))
    assert s2["bolts"][0] == 0 and s2["totals"][0] == -120
    assert row["marks"][0] == ["doubled", "bolt", "bolt", "bolt_penalty"]


def test_golden_bolts_double_false_counts_one():
    c = conv(golden_round=True, golden_bolts_double=False)
    s, _ = settle(c, new_score(c), played(1, 120, [0, 100, 20], marriages=[[], [40], []], tricks=[0, 6, 2], dealer=0))
    assert s["bolts"] == [1, 0, 0]


def test_golden_marriages_doubled_not_defenders():
    c = conv(golden_round=True, golden_marriages_doubled="not_defenders")
    _, row = settle(c, new_score(c), played(1, 120, [33, 67, 20], marriages=[[40], [60], []], dealer=0))
    assert row["results"] == [2 * 35 + 40, 240, 40]


def test_G4_golden_failure_replay_resets_every_count_and_plays_the_circle_again():
    s = new_score(GOLD)
    for dealer in range(3):
        s, row = settle(GOLD, s, golden_failed(dealer))
    assert s["totals"] == [0, 0, 0] and s["bolts"] == [0, 0, 0] and s["write_offs"] == [0, 0, 0]
    assert s["golden"] == {"active": True, "deals": 0, "made": False, "circles": 1}
    assert all(m[-1] == "golden_reset" for m in row["marks"])
    assert row["totals"] == [0, 0, 0] and row["changes"] != [0, 0, 0]
    assert deal_is_golden(GOLD, s)
    s, _ = settle(GOLD, s, golden_made(0))
    assert deal_is_golden(GOLD, s)  # the circle is 3 deals again


def test_G4_Q18_a_written_off_golden_deal_is_not_made():
    s = new_score(GOLD)
    s, row = settle(GOLD, s, {"dealer": 0, "declarer": 1, "bid": 120, "contract": 120, "outcome": "write_off"})
    assert row["results"] == [120, -240, 120]  # EX12: 120 each, not 60
    for dealer in (1, 2):
        s, row = settle(GOLD, s, golden_failed(dealer))
    assert s["totals"] == [0, 0, 0] and s["golden"]["circles"] == 1 and s["golden"]["active"]


def test_G4_one_made_deal_in_the_circle_ends_the_golden_round():
    s = new_score(GOLD)
    s, _ = settle(GOLD, s, golden_failed(0))
    s, _ = settle(GOLD, s, golden_made(1))
    s, row = settle(GOLD, s, golden_failed(2))
    assert not s["golden"]["active"] and s["totals"] != [0, 0, 0]
    assert "golden_reset" not in row["marks"][0]


def test_golden_failure_reset_then_normal():
    c = conv(golden_round=True, golden_failure="reset_then_normal")
    s = new_score(c)
    for dealer in range(3):
        s, _ = settle(c, s, golden_failed(dealer))
    assert s["totals"] == [0, 0, 0] and not deal_is_golden(c, s)


def test_golden_failure_continue_keeps_the_totals():
    c = conv(golden_round=True, golden_failure="continue")
    s = new_score(c)
    for dealer in range(3):
        s, row = settle(c, s, golden_failed(dealer))
    assert s["totals"] == [-240 + 100 + 40, -240 + 100 + 40, -240 + 100 + 40]
    assert not deal_is_golden(c, s) and "golden_reset" not in row["marks"][0]


def test_golden_max_circles_3_then_play_on_with_the_points():
    c = conv(golden_round=True, golden_max_circles=3)
    s = new_score(c)
    for circle in range(3):
        for dealer in range(3):
            s, row = settle(c, s, golden_failed(dealer))
    assert s["golden"]["circles"] == 3 and not deal_is_golden(c, s)
    assert s["totals"] == [-100, -100, -100]  # the third circle's totals are kept


def test_golden_mode_double_only_normal_auction_doubled_and_no_failure_test():
    c = conv(golden_round=True, golden_mode="double_only")
    s = new_score(c)
    s, row = settle(c, s, played(2, 105, [20, 20, 80], marriages=[[], [], [40]], dealer=0))
    assert row["golden"] and row["results"] == [40, 40, 210]
    s, _ = settle(c, s, played(2, 150, [20, 20, 80], marriages=[[], [], [40]], dealer=1))
    s, _ = settle(c, s, played(2, 150, [20, 20, 80], marriages=[[], [], [40]], dealer=2))
    assert not deal_is_golden(c, s) and s["totals"] == [120, 120, 210 - 600]


def test_golden_write_off_false_refuses_a_golden_write_off():
    c = conv(golden_round=True, golden_write_off=False, cross_rule=True)
    s = new_score(c)
    assert not may_write_off(c, s, 1, True, False) and not may_cross(c, s, 1, True, False)
    with pytest.raises(BadInput, match="golden_write_off"):
        settle(c, s, {"dealer": 0, "declarer": 1, "bid": 120, "contract": 120, "outcome": "write_off"})


def test_G5_EX28_four_players_resting_dealer_flat_30_becomes_60():
    c = conv("four_players", golden_round=True, four_sitter_score="flat_30", four_talon_marriage="none")
    _, row = settle(c, new_score(c), played(1, 120, [0, 80, 20, 20], marriages=[[], [40], [], []],
                                            dealer=0, talon=["KH", "QH", "AS"]))
    assert row["results"] == [60, 240, 40, 40]
    assert row["marks"][0] == ["rest", "doubled"]


def test_G5_four_players_talon_score_doubled():
    c = conv("four_players", golden_round=True)
    _, row = settle(c, new_score(c), played(1, 120, [0, 80, 20, 20], marriages=[[], [40], [], []],
                                            dealer=0, talon=["AS", "TC", "JD"]))
    assert row["results"][0] == 50  # 23 → 25, × 2


def test_F9_four_golden_deals_one_per_sitter():
    c = conv("four_players", golden_round=True)
    s = new_score(c)
    flags = []
    for deal in range(5):
        dealer = deal % 4
        golden = deal_is_golden(c, s)
        flags.append(golden)
        sitter = (dealer + 1) % 4
        cp = [0, 0, 0, 0]
        active = [p for p in range(4) if p != dealer]
        cp[sitter] = 50
        for p in active:
            if p != sitter:
                cp[p] = 35
        s, _ = settle(c, s, played(sitter, 120, cp, dealer=dealer, talon=["9H", "9D", "9C"]))
    assert flags == [True, True, True, True, True]  # nobody made it: the circle of 4 is replayed
    assert s["golden"]["circles"] == 1 and s["golden"]["deals"] == 1
