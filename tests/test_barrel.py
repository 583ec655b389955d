"""The barrel: R56–R66, the obligatory game (§4.9.2), four players (F7, F9) and every barrel_*
convention (§4.9, §4.9.1), with the worked examples EX13–EX17."""
import pytest

from thousand.cards.score import b_need, barrel_players, new_score, obligatory_game_seat
from thousand.cards.settlement import charge, settle
from thousand.errors import BadInput
from helpers_settle import conv, played


def state(c, totals, sitting=(), attempts=0, falls=0, **fields):
    s = new_score(c)
    s["totals"] = list(totals)
    for seat in sitting:
        s["barrel"][seat].update(on=True, attempts=attempts, falls=falls, mounted_at=1)
    for k, v in fields.items():
        s[k] = v
    return s


CL = conv()


# --- R56–R58 ------------------------------------------------------------------------------------


def test_R56_threshold_880_and_b_need_120():
    assert b_need(CL) == 120
    assert b_need(conv(target_score=1001)) == 121
    assert b_need(conv(barrel_threshold=900)) == 100


def test_R57_a_barrel_defender_scores_nothing():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                    played(1, 100, [40, 60, 20], marriages=[[], [40], []], dealer=2))
    assert row["results"] == [0, 100, 20] and s["totals"] == [880, 100, 20]
    assert row["marks"][0] == ["barrel_attempt"] and s["barrel"][0]["attempts"] == 1


def test_R57_Q21_a_made_100_on_the_barrel_changes_nothing_but_uses_an_attempt():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]), played(0, 100, [100, 10, 10], dealer=2))
    assert row["results"] == [0, 10, 10] and s["totals"][0] == 880
    assert row["marks"][0] == ["made", "barrel_attempt"]


def test_R58_EX17_barrel_win_880_plus_120_is_1000():
    s, row = settle(CL, state(CL, [880, 300, 200], sitting=[0]),
                    played(0, 120, [80, 20, 20], marriages=[[40], [], []], dealer=2))
    assert s["totals"] == [1000, 320, 220]
    assert s["over"] and s["winners"] == [0] and row["winners"] == [0]
    assert row["marks"][0] == ["made", "winner"]


def test_R58_EX17_1001_with_the_automatic_121():
    c = conv("table_conventions_1001")
    s, row = settle(c, state(c, [880, 300, 200], sitting=[0]),
                    played(0, 121, [101, 9, 10], marriages=[[40], [], []], dealer=2))
    assert s["totals"][0] == 1001 and s["winners"] == [0]


def test_R58_a_barrel_player_can_win_only_as_declarer():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                    played(1, 100, [90, 10, 20], marriages=[[100], [], []], dealer=2))
    assert s["totals"][0] == 880 and not s["over"]


# --- R59–R60 ------------------------------------------------------------------------------------


def test_R59_EX13_three_deals_without_winning_880_minus_120_is_760():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0], attempts=2),
                    played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 760
    assert row["marks"][0] == ["barrel_attempt", "barrel_fall"]
    assert s["barrel"][0] == {"on": False, "attempts": 0, "falls": 1, "mounted_at": None, "banned": False}


def test_R59_EX14_ordered_125_failed_880_minus_125_is_755():
    c = conv(target_score=1001)
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]), played(0, 125, [100, 10, 10], dealer=2))
    assert s["totals"][0] == 755 and row["marks"][0] == ["failed", "barrel_fall"]
    assert s["barrel"][0]["falls"] == 1 and not s["barrel"][0]["on"]


def test_R59_third_bolt_on_the_barrel_falls_without_a_further_penalty():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0], bolts=[2, 0, 0]),
                    played(1, 100, [0, 100, 20], tricks=[0, 6, 2], dealer=2))
    assert s["totals"][0] == 760
    assert row["marks"][0] == ["bolt", "bolt_penalty", "barrel_fall"]


def test_R18_R59_penalty_charge_drops_the_barrel_player_without_an_attempt():
    s, row = charge(CL, state(CL, [880, 0, 0], sitting=[0], attempts=1), 0, 120, "cutter_nine")
    assert s["totals"][0] == 760 and s["barrel"][0]["falls"] == 1 and not s["barrel"][0]["on"]
    assert row["marks"][0] == ["penalty", "barrel_fall"]


def test_R18_R65_charge_on_the_third_barrel_sets_the_total_to_0():
    s, row = charge(CL, state(CL, [880, 0, 0], sitting=[0], falls=2), 0, 120, "cutter_nine")
    assert s["totals"][0] == 0 and s["barrel"][0]["falls"] == 0
    assert row["marks"][0] == ["penalty", "barrel_fall", "barrel_reset"]


def test_R60_attempts_count_any_declarer_and_write_offs():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                    {"dealer": 2, "declarer": 1, "bid": 100, "contract": 100, "outcome": "write_off"})
    assert row["results"] == [0, -100, 60] and s["barrel"][0]["attempts"] == 1
    assert row["marks"][0] == ["barrel_attempt"]


def test_R60_the_mounting_deal_is_not_an_attempt():
    s, row = settle(CL, state(CL, [0, 800, 0]), played(1, 100, [10, 100, 10]))
    assert s["barrel"][1] == {"on": True, "attempts": 0, "falls": 0, "mounted_at": 1, "banned": False}
    assert row["marks"][1] == ["made", "barrel_mount"]


# --- R61–R65 ------------------------------------------------------------------------------------


def test_R61_the_barrel_cannot_be_jumped():
    s, row = settle(CL, state(CL, [0, 850, 0]),
                    played(1, 300, [10, 100, 10], marriages=[[], [100, 80, 60], []]))
    assert s["totals"][1] == 880 and s["barrel"][1]["on"] and not s["over"]
    assert row["results"][1] == 300 and row["changes"][1] == 30
    assert barrel_players(CL, s) == [1]


def test_R62_barrel_knock_off_penalty_the_sitter_falls_with_120():
    s, row = settle(CL, state(CL, [880, 800, 0], sitting=[0]), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"] == [760, 880, 10]
    assert barrel_players(CL, s) == [1]
    assert row["marks"][0] == ["barrel_attempt", "barrel_fall"] and s["barrel"][0]["falls"] == 1


def test_R63_simultaneous_mounting_all_fall_and_the_sitter_too():
    s, row = settle(CL, state(CL, [880, 800, 870], sitting=[0]),
                    played(1, 100, [0, 110, 10], tricks=[1, 6, 1], dealer=2))
    assert s["totals"] == [760, 760, 760]
    assert barrel_players(CL, s) == []
    assert row["marks"][1] == ["made", "barrel_mount", "barrel_fall"]
    assert row["marks"][2] == ["barrel_mount", "barrel_fall"]
    assert [b["falls"] for b in s["barrel"]] == [1, 1, 1]


def test_R64_every_kind_of_fall_counts():
    s, _ = settle(CL, state(CL, [880, 800, 0], sitting=[0], falls=1), played(1, 100, [10, 100, 10], dealer=2))
    assert s["barrel"][0]["falls"] == 2


def test_R65_third_fall_sets_the_total_to_0():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0], attempts=2, falls=2),
                    played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 0 and s["barrel"][0]["falls"] == 0
    assert row["marks"][0] == ["barrel_attempt", "barrel_fall", "barrel_reset"]


def test_R66_the_others_score_normally_bolts_included():
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                    played(1, 100, [30, 90, 0], marriages=[[], [40], []], tricks=[2, 6, 0], dealer=2))
    assert s["totals"] == [880, 100, 0] and s["bolts"] == [0, 0, 1]


def test_R66_barrel_marriages_count_true_his_marriage_makes_the_contract():
    s, _ = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                  played(0, 120, [60, 40, 20], marriages=[[60], [], []], dealer=2))
    assert s["winners"] == [0]


def test_barrel_marriages_count_false_his_marriages_add_nothing():
    # only with the cumulative barrel (issue 8: elsewhere he would need all 120 card points)
    c = conv(barrel_marriages_count=False, barrel_mode="cumulative")
    counted = conv(barrel_mode="cumulative")
    deal = played(0, 100, [60, 40, 20], marriages=[[60], [], []], dealer=2)
    s, row = settle(counted, state(counted, [880, 0, 0], sitting=[0]), deal)
    assert row["marks"][0] == ["made", "barrel_attempt"] and s["totals"][0] == 980
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]), deal)
    assert row["marks"][0] == ["failed", "barrel_fall"] and s["totals"][0] == 780
    # the others' marriages still count; as a defender he adds his exact card points
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]),
                    played(1, 120, [20, 80, 20], marriages=[[], [60], []], dealer=2))
    assert row["results"] == [20, 120, 20]


def test_a_sitter_who_wins_is_not_knocked_off_by_a_player_mounting_in_the_same_deal():
    s, row = settle(CL, state(CL, [880, 0, 870], sitting=[0]),
                    played(0, 120, [80, 20, 20], marriages=[[40], [], []], dealer=2))
    assert s["totals"] == [1000, 20, 880] and s["winners"] == [0]
    assert row["marks"][2] == ["barrel_mount"]


# --- §4.9.2 obligatory game ---------------------------------------------------------------------


OBL = conv(barrel_obligatory_game=True)


def test_sec4_9_2_obligatory_game_seat_on_the_last_attempt_of_the_third_barrel():
    s = state(OBL, [880, 0, 0], sitting=[0], attempts=2, falls=2)
    assert obligatory_game_seat(OBL, s, [0, 1, 2]) == 0
    assert obligatory_game_seat(CL, s, [0, 1, 2]) is None
    assert obligatory_game_seat(OBL, state(OBL, [880, 0, 0], sitting=[0], attempts=1, falls=2), [0, 1, 2]) is None
    assert obligatory_game_seat(OBL, s, [1, 2]) is None  # resting: not his deal


def test_sec4_9_2_barrel_obligatory_game_failed_total_0_falls_0():
    s = state(OBL, [880, 0, 0], sitting=[0], attempts=2, falls=2)
    with pytest.raises(BadInput, match=r"declarer: seat 0 plays the obligatory game"):
        settle(OBL, s, played(1, 100, [10, 100, 10], dealer=2))
    with pytest.raises(BadInput, match=r"obligatory: seat 0 must play the obligatory game"):
        settle(OBL, s, played(0, 120, [80, 20, 20], dealer=2, obligatory=False))
    s2, row = settle(OBL, s, played(0, 120, [80, 20, 20], dealer=2))
    assert row["obligatory"] is True
    assert s2["totals"][0] == 0
    assert s2["barrel"][0] == {"on": False, "attempts": 0, "falls": 0, "mounted_at": None, "banned": False}
    assert row["marks"][0] == ["failed", "barrel_fall", "barrel_reset"]


def test_sec4_9_2_barrel_obligatory_game_made_wins():
    s = state(OBL, [880, 0, 0], sitting=[0], attempts=2, falls=2)
    s2, row = settle(OBL, s, played(0, 120, [80, 20, 20], marriages=[[40], [], []], dealer=2, obligatory=True))
    assert s2["winners"] == [0] and s2["totals"][0] == 1000


def test_sec4_9_2_obligatory_game_contract_is_b_need():
    s = state(OBL, [880, 0, 0], sitting=[0], attempts=2, falls=2)
    with pytest.raises(BadInput, match="obligatory game is played at 120"):
        settle(OBL, s, played(0, 125, [80, 20, 20], marriages=[[40], [], []], dealer=2))


# --- four players (F7, F9) ----------------------------------------------------------------------


P4 = conv("four_players")


def test_F7_a_resting_barrel_player_keeps_880_and_uses_no_attempt():
    s = state(P4, [880, 0, 0, 0], sitting=[0], attempts=2)
    s2, row = settle(P4, s, played(1, 100, [0, 100, 10, 10], dealer=0, talon=["KH", "QH", "AS"]))
    assert s2["totals"][0] == 880 and s2["barrel"][0]["attempts"] == 2
    assert row["results"][0] == 0 and row["marks"][0] == ["rest"]
    s3, row = settle(P4, s2, played(2, 100, [10, 0, 100, 10], dealer=1, talon=["9H", "9D", "9C"]))
    assert s3["totals"][0] == 760 and row["marks"][0] == ["barrel_attempt", "barrel_fall"]


def test_F9_barrel_knock_off_two_may_sit():
    c = conv("four_players", barrel_knock_off="two_may_sit")
    s, row = settle(c, state(c, [0, 880, 800, 770], sitting=[1]),
                    played(2, 100, [0, 10, 100, 10], dealer=0, talon=["9H", "9D", "9C"]))
    assert barrel_players(c, s) == [1, 2] and s["totals"][1:3] == [880, 880]
    s2, row = settle(c, s, played(3, 120, [10, 10, 0, 100], dealer=2,
                                  marriages=[[], [], [], [100]], tricks=[1, 1, 0, 6], talon=["9H", "9D", "9C"]))
    # the third to mount pushes both sitters off with the penalty
    assert s2["totals"][1:] == [760, 760, 880]
    assert barrel_players(c, s2) == [3]


# --- barrel conventions -------------------------------------------------------------------------


def test_barrel_false_nobody_mounts():
    c = conv(barrel=False)
    s, row = settle(c, state(c, [0, 800, 0]), played(1, 100, [10, 100, 10]))
    assert s["totals"][1] == 900 and not s["barrel"][1]["on"]


def test_barrel_threshold_900():
    c = conv(barrel_threshold=900)
    s, _ = settle(c, state(c, [0, 850, 0]), played(1, 100, [10, 100, 10]))
    assert s["totals"][1] == 900 and s["barrel"][1]["on"]
    s, _ = settle(c, s, played(1, 100, [10, 100, 10], dealer=1))
    assert s["totals"][1] == 1000 and s["winners"] == [1]


def test_barrel_mode_no_bidding_the_barrel_player_declares_b_need():
    c = conv(barrel_mode="no_bidding", target_score=1001)
    s = state(c, [880, 0, 0], sitting=[0])
    with pytest.raises(BadInput, match="no_bidding"):
        settle(c, s, played(1, 125, [10, 100, 10], marriages=[[], [40], []], dealer=2))
    s2, _ = settle(c, s, played(0, 121, [100, 10, 10], marriages=[[40], [], []], dealer=2))
    assert s2["totals"][0] == 1001 and s2["winners"] == [0]


def test_barrel_mode_auto_bid_the_lowest_bid_is_b_need():
    c = conv(barrel_mode="auto_bid", target_score=1001)
    s = state(c, [880, 0, 0], sitting=[0])
    with pytest.raises(BadInput, match="auto_bid"):
        settle(c, s, played(1, 120, [10, 100, 10], marriages=[[], [40], []], dealer=2))
    s2, row = settle(c, s, played(1, 125, [10, 100, 10], marriages=[[], [40], []], dealer=2))
    assert row["results"] == [0, 125, 10] and s2["barrel"][0]["attempts"] == 1
    with pytest.raises(BadInput, match="121 is not on the bid grid"):
        settle(CL, new_score(CL), played(1, 121, [10, 100, 10], marriages=[[], [40], []]))


def test_barrel_mode_cumulative_EX15_34_then_91():
    c = conv("scoresheet_rules")
    assert c["barrel_mode"] == "cumulative"
    s = state(c, [880, 0, 0], sitting=[0])
    s, row = settle(c, s, played(1, 100, [34, 76, 10], marriages=[[], [40], []], dealer=2))
    assert s["totals"][0] == 914 and row["results"][0] == 34  # exact, not rounded to 35
    s, row = settle(c, s, played(2, 100, [57, 3, 60], marriages=[[], [], [40]], dealer=0))
    assert s["totals"][0] == 971 and s["barrel"][0]["attempts"] == 2


def test_barrel_fall_rounding_floor_10_EX16_993_990_870():
    c = conv("scoresheet_rules")
    s = state(c, [971, 0, 0], sitting=[0], attempts=2)
    s, row = settle(c, s, played(1, 100, [22, 88, 10], marriages=[[], [40], []], dealer=2))
    assert s["totals"][0] == 870
    assert row["changes"][0] == 870 - 971 and row["marks"][0] == ["barrel_attempt", "barrel_fall"]


def test_barrel_mode_cumulative_wins_when_the_total_reaches_the_target():
    c = conv(barrel_mode="cumulative")
    s, row = settle(c, state(c, [975, 0, 0], sitting=[0]),
                    played(1, 100, [27, 83, 10], marriages=[[], [40], []], dealer=2))
    assert s["totals"][0] == 1002 and s["winners"] == [0]
    with pytest.raises(BadInput, match="cumulative"):
        settle(c, state(c, [975, 0, 0], sitting=[0]),
               played(0, 125, [100, 10, 10], marriages=[[40], [], []], dealer=2))


def test_barrel_mode_any_role_a_defender_wins_with_120_in_one_deal():
    c = conv(barrel_mode="any_role")
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]),
                    played(1, 100, [42, 68, 10], marriages=[[100], [40], []], dealer=2))
    assert row["results"][0] == 140 and s["totals"][0] == 1020 and s["winners"] == [0]
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]),
                    played(1, 100, [62, 48, 10], marriages=[[], [60], []], dealer=2))
    assert row["results"][0] == 0 and s["totals"][0] == 880


def test_barrel_attempts_0_is_unlimited_and_1_falls_at_once():
    c = conv(barrel_attempts=0)
    s = state(c, [880, 0, 0], sitting=[0])
    for k in range(5):
        s, _ = settle(c, s, played(1, 100, [10, 100, 10], dealer=k % 3))
    assert s["barrel"][0]["on"] and s["barrel"][0]["attempts"] == 5 and s["totals"][0] == 880
    c = conv(barrel_attempts=1)
    s, _ = settle(c, state(c, [880, 0, 0], sitting=[0]), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 760


def test_barrel_fall_result_zero():
    c = conv(barrel_fall_result="zero")
    s, _ = settle(c, state(c, [880, 0, 0], sitting=[0], attempts=2), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 0 and s["barrel"][0]["falls"] == 1


def test_barrel_fall_penalty_121_for_attempts_and_knock_off():
    c = conv(barrel_fall_penalty=121)
    s, _ = settle(c, state(c, [880, 0, 0], sitting=[0], attempts=2), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 759
    s, _ = settle(c, state(c, [880, 800, 0], sitting=[0]), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 759


def test_barrel_failed_contract_free_at_need():
    c = conv(barrel_failed_contract="free_at_need")
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]), played(0, 120, [100, 10, 10], dealer=2))
    assert row["results"][0] == 0 and s["totals"][0] == 880 and s["barrel"][0]["attempts"] == 1
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]),
                    played(0, 125, [100, 10, 10], marriages=[[], [], []], dealer=2))
    assert s["totals"][0] == 755 and row["marks"][0] == ["failed", "barrel_fall"]
    # the third free failure is the third attempt: 760 (TC: "the first two free")
    s, _ = settle(c, state(c, [880, 0, 0], sitting=[0], attempts=2), played(0, 120, [100, 10, 10], dealer=2))
    assert s["totals"][0] == 760


def test_barrel_knock_off_no_penalty_pushed_off_at_880_and_climbs_back_only_by_scoring():
    c = conv(barrel_knock_off="no_penalty")
    s, row = settle(c, state(c, [880, 800, 0], sitting=[0]), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"] == [880, 880, 10] and barrel_players(c, s) == [1]
    assert s["barrel"][0]["falls"] == 1 and row["marks"][0] == ["barrel_attempt", "barrel_fall"]
    s2, _ = settle(c, s, played(2, 100, [0, 10, 110], tricks=[1, 1, 6], dealer=0))
    assert barrel_players(c, s2) == [1] and s2["totals"][0] == 880
    s3, _ = settle(c, s2, played(2, 100, [15, 5, 100], tricks=[1, 1, 6], dealer=1))
    assert barrel_players(c, s3) == [0] and s3["totals"][:2] == [880, 880]


def test_barrel_knock_off_none_any_number_may_sit():
    c = conv(barrel_knock_off="none")
    s, _ = settle(c, state(c, [880, 800, 870], sitting=[0]),
                  played(1, 100, [0, 110, 10], tricks=[1, 6, 1], dealer=2))
    assert s["totals"] == [880, 880, 880] and barrel_players(c, s) == [0, 1, 2]


def test_barrel_simultaneous_highest_sits():
    c = conv(barrel_simultaneous="highest_sits")
    s, row = settle(c, state(c, [880, 800, 870], sitting=[0]),
                    played(1, 100, [0, 110, 10], tricks=[1, 6, 1], dealer=2))
    assert s["totals"] == [760, 880, 760] and barrel_players(c, s) == [1]
    s, row = settle(c, state(c, [0, 800, 875]), played(1, 100, [0, 110, 10], tricks=[1, 6, 1], dealer=2))
    assert s["totals"] == [0, 880, 760] and barrel_players(c, s) == [1]  # 900 beats 885
    assert row["marks"][2] == ["barrel_mount", "barrel_fall"]


def test_barrel_simultaneous_highest_sits_tie_all_fall():
    c = conv(barrel_simultaneous="highest_sits")
    s, _ = settle(c, state(c, [0, 800, 890]), played(1, 100, [0, 110, 10], tricks=[1, 6, 1], dealer=2))
    assert s["totals"] == [0, 760, 760] and barrel_players(c, s) == []


def test_barrel_three_falls_none_only_records():
    c = conv(barrel_three_falls="none")
    s, _ = settle(c, state(c, [880, 0, 0], sitting=[0], attempts=2, falls=2), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 760 and s["barrel"][0]["falls"] == 3


def test_barrel_three_falls_zero_no_more_barrel_wins_by_reaching_the_target():
    c = conv(barrel_three_falls="zero_no_more_barrel")
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0], attempts=2, falls=2), played(1, 100, [10, 100, 10], dealer=2))
    assert s["totals"][0] == 0 and s["barrel"][0]["banned"]
    s["totals"][0] = 900
    s2, _ = settle(c, s, played(2, 100, [60, 10, 50], marriages=[[], [], [60]], dealer=0))
    assert s2["totals"][0] == 960 and not s2["barrel"][0]["on"]
    s3, row = settle(c, s2, played(0, 100, [90, 20, 10], marriages=[[40], [], []], dealer=1))
    assert s3["totals"][0] == 1060 and s3["winners"] == [0] and row["marks"][0] == ["made", "winner"]


def test_barrel_opponents_frozen_others_stand_still_when_he_plays_b_need():
    c = conv(barrel_opponents_frozen=True)
    s, row = settle(c, state(c, [880, 100, 100], sitting=[0]),
                    played(0, 120, [100, 20, 0], tricks=[6, 2, 0], dealer=2))
    assert row["results"] == [-120, 0, 0] and s["totals"] == [760, 100, 100]
    assert s["bolts"] == [0, 0, 0]
    # a higher contract: the others score as usual
    s, row = settle(c, state(c, [880, 100, 100], sitting=[0]),
                    played(0, 125, [100, 20, 0], tricks=[6, 2, 0], dealer=2))
    assert row["results"] == [-125, 20, 0] and s["bolts"] == [0, 0, 1]


def test_barrel_opponents_frozen_auto_bid_outbid_barrel_player_gets_no_bolt():
    c = conv(barrel_opponents_frozen=True, barrel_mode="auto_bid")
    s, row = settle(c, state(c, [880, 0, 0], sitting=[0]),
                    played(1, 125, [0, 110, 10], marriages=[[], [40], []], tricks=[0, 7, 1], dealer=2))
    assert s["bolts"] == [0, 0, 0] and s["totals"][0] == 880
    s, row = settle(CL, state(CL, [880, 0, 0], sitting=[0]),
                    played(1, 125, [0, 110, 10], marriages=[[], [40], []], tricks=[0, 7, 1], dealer=2))
    assert s["bolts"] == [1, 0, 0]
