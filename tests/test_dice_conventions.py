"""The effect of every convention of dice.md §3 on play (each test names its convention id)."""
import pytest

from test_dice_support import (conv, events, keep, last_turn, refused, roll, rolls, score, setup,
                               stop, take_turn)
from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE, retarget
from thousand.dice.scoring import keep_options, read_roll


# --- §3.1 set-up ----------------------------------------------------------------------------------

def test_target_score_1005_with_880_needs_125_e6():
    c = conv("page_a", target_score=1005)
    s = setup(c, players={0: {"on_barrel": True}})
    assert score(s, 0) == 880
    refused(s, {"type": "result", "seat": 0, "points": 120}, "you need 5 more")
    assert take_turn(s, 125)["phase"] == "game_over"


def test_target_score_500_and_1500_move_the_barrel_drop_pits_and_the_dump():
    v = retarget(CATALOGUE.defaults(), 500)
    assert (v["barrel_threshold"], v["pit_ranges"], v["dump_truck"]) == (400, "classic_low", "off")
    v = retarget(CATALOGUE.resolve("page_a"), 1500)
    assert (v["barrel_threshold"], v["pit_ranges"], v["dump_truck"]) == (1380, "classic",
                                                                          "on_record")
    s = setup(v, players={0: {"score": 1300}})
    s = take_turn(s, 200)
    assert score(s, 0) == 1380 and s["players"][0]["on_barrel"]
    s = setup(retarget(CATALOGUE.defaults(), 500), n=1, players={0: {"on_barrel": True}})
    assert score(s, 0) == 400 and take_turn(s, 100)["phase"] == "game_over"


@pytest.mark.parametrize("mode", ["roll_off_one", "seat_order", "random", "roll_off_five"])
def test_first_player_modes(mode):
    c = conv(first_player=mode)
    firsts = set()
    for seed in range(40):
        s = game.new_game(c, seed, 3)
        firsts.add(s["first_player"])
        assert game.new_game(c, seed, 3)["first_player"] == s["first_player"]   # seeded
        if mode == "roll_off_one":
            assert all(len(d) == 1 for r in s["roll_off"] for d in r["dice"])
        if mode in ("seat_order", "random"):
            assert s["roll_off"] == []
    assert firsts == ({0} if mode == "seat_order" else {0, 1, 2})


def test_first_player_given_by_the_table():
    assert game.to_act(game.new_game(conv(), 1, 4, first_player=3)) == 3
    for bad in (4, -1, "1"):
        with pytest.raises(Exception):
            game.new_game(conv(), 1, 4, first_player=bad)


def test_final_round_equalize_late_players_get_one_more_turn_highest_wins():
    c = conv(final_round="equalize", barrel_mode="none")
    s = setup(c, n=3, players={0: {"score": 950}, 1: {"score": 900}, 2: {"score": 400}})
    s = take_turn(s, 60)                         # seat 0 reaches 1010
    assert s["phase"] == "turn" and game.to_act(s) == 1 and s["final"]["pending"] == [1, 2]
    s = take_turn(s, 150)                        # seat 1 reaches 1050
    s = take_turn(s, "zero")
    assert s["phase"] == "game_over" and s["winners"] == [1]
    s = setup(c, n=3, players={0: {"score": 950}, 1: {"score": 900}, 2: {"score": 400}})
    s = take_turn(take_turn(take_turn(s, 60), 110), 20)
    assert s["winners"] == [0, 1]               # equal highest share the win
    s = setup(c, n=3, players={2: {"score": 950}})
    s = take_turn(take_turn(s, "zero"), "zero")
    s = take_turn(s, 60)                         # the last seat of the round: nobody is behind
    assert s["phase"] == "game_over" and s["winners"] == [2]


def test_stake_settlement_tally():
    s = setup(conv("p1"), n=3, players={0: {"score": 950, "on_barrel": True}, 1: {"score": 300}})
    s = take_turn(s, 100)
    assert game.settlement(s) == [3, -1, -2]
    s = setup(conv(stake_settlement="stakes"), n=3, players={0: {"on_barrel": True}})
    assert game.settlement(take_turn(s, 100)) == [2, -1, -1]
    assert game.settlement(take_turn(setup(players={0: {"on_barrel": True}}), 100)) is None


# --- §3.2 scoring and the roll ------------------------------------------------------------------------

def test_straights_off_such_rolls_score_their_1s_and_5s():
    c = conv(straights=False)
    assert read_roll([1, 2, 3, 4, 5], c)["points"] == 15
    assert read_roll([2, 3, 4, 5, 6], c)["points"] == 5


@pytest.mark.parametrize("value, twos, sixes, ones", [
    ("double_triple", 40, 120, 200), ("face_x100", 200, 600, 1000), ("triple_plus_10", 30, 70, 110)])
def test_four_of_a_kind_values(value, twos, sixes, ones):
    c = conv(four_of_a_kind=value)
    assert read_roll([2, 2, 2, 2, 3], c)["points"] == twos
    assert read_roll([6, 6, 6, 6, 3], c)["points"] == sixes
    assert read_roll([1, 1, 1, 1, 3], c)["points"] == ones


def test_five_of_a_kind_flat_1000():
    c = conv(five_of_a_kind="flat_1000")
    assert read_roll([2] * 5, c)["points"] == 1000
    assert read_roll([1] * 5, c)["points"] == 1000
    assert read_roll([2] * 5, conv())["points"] == 200


def test_five_of_a_kind_wins_ones_only_any_and_unconditionally_q17():
    s = roll(setup(conv(five_of_a_kind_wins="ones_only")), 1, 1, 1, 1, 1)  # not even entered
    assert last_turn(s)["end"] == "I" and s["winners"] == [0]
    s = roll(setup(conv(five_of_a_kind_wins="ones_only")), 6, 6, 6, 6, 6)
    assert s["phase"] == "turn" and s["turn"]["T"] == 600
    s = roll(setup(conv(five_of_a_kind_wins="any"), players={0: {"score": 250}}), 3, 3, 3, 3, 3)
    assert s["winners"] == [0]
    s = setup(conv(five_of_a_kind_wins="any", final_round="equalize"), n=2)
    assert roll(s, 2, 2, 2, 2, 2)["phase"] == "game_over"   # ends at once, no final round


def test_last_two_pair_sets_both_aside_for_0_and_gives_hot_dice_q15():
    c = conv(last_two_pair=True)
    s = rolls(setup(c, players={0: {"score": 100}}), [1, 5, 2, 3, 6], [1, 2, 3])
    assert s["turn"]["dice_left"] == 2 and s["turn"]["T"] == 25
    s = roll(s, 3, 3)
    assert (s["turn"]["T"], s["turn"]["dice_left"], s["turn"]["hot"]) == (25, 5, True)
    assert s["turn"]["rolls"][-1]["text"] == "pair of 3s = 0"
    s2 = rolls(setup(c, players={0: {"score": 100}}), [1, 5, 2, 3, 6], [1, 2, 3], [3, 4])
    assert last_turn(s2)["end"] == "Z"           # not a pair
    assert [o["dice"] for o in keep_options([3, 3, 1, 2, 4], c)] == [[1]]   # not from five


def test_set_aside_choose_keep_any_scoring_dice():
    c = conv(set_aside="choose")
    s = roll(setup(c, players={0: {"score": 100}}), 5, 5, 5, 1, 3)
    assert s["turn"]["stage"] == "keep"
    assert {tuple(a["dice"]) for a in game.legal_actions(s)} == {
        (1,), (5,), (5, 5), (5, 5, 5), (1, 5), (1, 5, 5), (1, 5, 5, 5)}
    refused(s, {"type": "roll", "seat": 0}, "choose which dice to keep first")
    refused(s, {"type": "stop", "seat": 0}, "choose which dice to keep first")
    refused(s, {"type": "keep", "seat": 0, "dice": [3]}, "you cannot keep [3]")
    refused(s, {"type": "keep", "seat": 0, "dice": [5, 5, 5, 5]}, "you cannot keep")
    s = keep(s, 5)
    assert (s["turn"]["T"], s["turn"]["dice_left"], s["turn"]["stage"]) == (5, 4, "roll")
    s = roll(s, 5, 2, 3, 4)                      # a single option is taken without asking
    assert (s["turn"]["T"], s["turn"]["stage"]) == (10, "roll")


def test_hot_dice_confirmation_roll_scores_and_ends_the_turn():
    c = conv(hot_dice="confirmation")
    s = roll(setup(c, players={0: {"score": 100}}), 1, 1, 1, 5, 5)
    assert game.stop_reason(s) == "all five dice have scored: roll them again to confirm the turn"
    done = roll(s, 1, 2, 3, 4, 6)
    assert last_turn(done)["end"] == "R" and score(done, 0) == 220
    lost = roll(s, 2, 3, 4, 6, 6)
    assert last_turn(lost)["end"] == "Z" and score(lost, 0) == 100


def test_hot_dice_confirmation_not_recordable_continues_q3():
    c = conv(hot_dice="confirmation")
    s = rolls(setup(c), [1, 1, 5, 5, 2], [5])    # 35, hot, not entered
    s = roll(s, 1, 2, 3, 4, 6)                   # 45 < 50: the turn goes on
    assert s["phase"] == "turn" and s["turn"]["T"] == 45 and s["turn"]["dice_left"] == 4
    assert s["turns"] == []


def test_hot_dice_optional_may_stop_or_roll():
    c = conv(hot_dice="optional")
    s = roll(setup(c, players={0: {"score": 100}}), 1, 1, 1, 5, 5)
    assert {a["type"] for a in game.legal_actions(s)} == {"roll", "stop"}
    assert score(stop(s), 0) == 210


def test_confirmation_scores_off_the_roll_only_passes_the_turn():
    c = conv(hot_dice="confirmation", confirmation_scores=False)
    s = roll(setup(c, players={0: {"score": 100}}), 1, 1, 1, 5, 5)
    assert score(roll(s, 1, 2, 3, 4, 6), 0) == 210


def test_blank_first_roll_retry_once_on_the_opening_roll_only():
    c = conv(blank_first_roll_retry=True)
    s = roll(setup(c, players={0: {"score": 100}}), 2, 3, 4, 6, 6)
    assert s["turns"] == [] and s["turn"]["retry_used"] and s["turn"]["dice_left"] == 5
    assert game.legal_actions(s) == [{"type": "roll", "seat": 0}]
    s2 = roll(s, 2, 3, 4, 6, 6)
    assert last_turn(s2)["end"] == "Z"
    s3 = rolls(setup(c, players={0: {"score": 100}}), [1, 1, 1, 5, 5], [2, 3, 4, 6, 6])
    assert last_turn(s3)["end"] == "Z"           # hot-dice rolls never get a retry


def test_win_timing_on_stop_must_stop_and_hot_dice_must_be_rolled():
    c = conv(win_timing="on_stop")
    s = roll(setup(c, players={0: {"on_barrel": True}}), 1, 1, 1, 2, 3)
    assert s["phase"] == "turn" and game.turn_summary(s)["can_stop"]
    assert stop(s)["winners"] == [0]
    s = roll(setup(c, players={0: {"on_barrel": True}}), 1, 1, 1, 5, 5)
    assert not game.turn_summary(s)["can_stop"]
    assert last_turn(roll(s, 2, 3, 4, 6, 6))["end"] == "Z"


# --- §3.3 entry and scores ----------------------------------------------------------------------------

def test_entry_minimum_0_everyone_entered_and_75():
    s = game.new_game(conv(entry_minimum=0), 1, 2)
    assert all(p["entered"] for p in s["players"])
    assert score(take_turn(s, 5), s["first_player"]) == 5
    s = setup(conv(entry_minimum=75))
    refused(s, {"type": "result", "seat": 0, "points": 70}, "you need 5 more to enter the game "
                                                             "(75 in one turn)")


def test_negative_scores_off_floors_at_0_q24():
    c = conv("p4")                               # bolts before entry, no negative scores
    s = setup(c, n=1)
    for _ in range(3):
        s = take_turn(s, "zero")
    assert score(s, 0) == 0 and events(s, "bolt_penalty") and s["players"][0]["bolts"] == 0
    s = take_turn(take_turn(s, "zero"), "zero")
    s = take_turn(s, 60)                         # enters with two bolts carried over
    assert s["players"][0]["bolts"] == 2 and score(s, 0) == 60


# --- §3.4 pits ---------------------------------------------------------------------------------------

def test_pit_ranges_p3_400_is_inside_exit_needs_75_e10():
    c = conv("p3")
    s = take_turn(setup(c, n=1, players={0: {"score": 275}}), 55)
    assert score(s, 0) == 330 and game.status(s, 0)["in_pit"] == [300, 400]
    refused(s, {"type": "result", "seat": 0, "points": 70}, "you need 5 more to leave the pit")
    assert score(take_turn(s, 75), 0) == 405


def test_pit_ranges_danil_and_none():
    c = conv(pit_ranges="danil")
    s = setup(c, n=1, players={0: {"score": 250}})
    refused(s, {"type": "result", "seat": 0, "points": 50}, "you need 5 more")
    assert score(take_turn(s, 55), 0) == 305
    s = setup(conv(pit_ranges="none"), n=1, players={0: {"score": 250}})
    assert score(take_turn(s, 5), 0) == 255


# --- §3.5 overtaking ----------------------------------------------------------------------------------

def test_overtake_penalty_55_and_off():
    s = take_turn(setup(conv(overtake_penalty=55), players={0: {"score": 100},
                                                            1: {"score": 150}}), 100)
    assert score(s, 1) == 95
    s = take_turn(setup(conv(overtake_penalty=0), players={0: {"score": 100},
                                                           1: {"score": 150}}), 100)
    assert score(s, 1) == 150


def test_overtake_from_tie_counts_leaving_a_tie():
    c = conv(overtake_from_tie=True)
    s = take_turn(setup(c, players={0: {"score": 100}, 1: {"score": 100}}), 100)
    assert score(s, 1) == 50


# --- §3.6 dump truck ----------------------------------------------------------------------------------

def test_dump_truck_off_and_on_record_mid_turn_555_rolls_on():
    s = roll(setup(conv(dump_truck="on_record"), players={0: {"score": 540}}), 1, 5, 2, 3, 6)
    assert s["turns"] == [] and s["turn"]["T"] == 15
    assert game.turn_summary(s)["would_record"] == 0
    assert score(stop(s), 0) == 0
    s = roll(setup(conv(dump_truck="off"), players={0: {"score": 540}}), 1, 5, 2, 3, 6)
    assert score(stop(s), 0) == 555


def test_dump_on_penalty_off_only_own_scoring_dumps():
    c = conv(dump_on_penalty=False)
    s = take_turn(setup(c, players={0: {"score": 500}, 1: {"score": 605}}), 150)
    assert score(s, 1) == 555


# --- §3.7 bolts ---------------------------------------------------------------------------------------

def test_bolts_off():
    s = take_turn(setup(conv(bolts=False), n=1, players={0: {"score": 100}}), "zero")
    assert s["players"][0]["bolts"] == 0 and not events(s, "bolt")


def test_bolt_limit_2_and_bolt_penalty_50():
    c = conv(bolt_limit=2, bolt_penalty=50)
    s = take_turn(take_turn(setup(c, n=1, players={0: {"score": 100}}), "zero"), "zero")
    assert score(s, 0) == 50 and s["players"][0]["bolts"] == 0


def test_bolt_count_mode_consecutive_cleared_by_a_recorded_or_dumped_turn_q5():
    c = conv(bolt_count_mode="consecutive")
    s = take_turn(take_turn(setup(c, n=1, players={0: {"score": 100}}), "zero"), "zero")
    assert s["players"][0]["bolts"] == 2
    assert take_turn(s, 50)["players"][0]["bolts"] == 0
    s = take_turn(setup(c, n=1, players={0: {"score": 540, "bolts": 2}}), 15)
    assert s["players"][0]["bolts"] == 0
    c = conv()                                   # cumulative: unchanged
    assert take_turn(setup(c, n=1, players={0: {"score": 100, "bolts": 2}}), 50)[
        "players"][0]["bolts"] == 2


def test_bolt_trigger_blank_opening_only_a_turn_that_never_scored():
    c = conv(bolt_trigger="blank_opening")
    s = rolls(setup(c, n=1, players={0: {"score": 100}}), [1, 2, 3, 4, 6], [2, 3, 4, 6])
    assert s["players"][0]["bolts"] == 0
    s = roll(s, 2, 3, 4, 6, 6)
    assert s["players"][0]["bolts"] == 1
    assert take_turn(s, "blank")["players"][0]["bolts"] == 2
    assert take_turn(s, "zero")["players"][0]["bolts"] == 1
    c = conv(bolt_trigger="blank_opening", blank_first_roll_retry=True)
    s = rolls(setup(c, n=1, players={0: {"score": 100}}), [2, 3, 4, 6, 6], [2, 3, 4, 6, 6])
    assert s["players"][0]["bolts"] == 1        # judged after the retry


def test_bolts_before_entry_debts_paid_off_by_the_entry_e5():
    c = conv("page_a", bolts_before_entry=True)
    s = setup(c, n=1)
    for _ in range(6):
        s = take_turn(s, "zero")
    assert score(s, 0) == -200 and not s["players"][0]["entered"]
    s = take_turn(s, 60)
    assert score(s, 0) == -140 and s["players"][0]["entered"]
    s = setup(c, n=1, players={0: {"score": -100, "entered": False}})
    assert score(take_turn(s, 60), 0) == -40


def test_bolts_in_pit():
    s = take_turn(setup(conv(bolts_in_pit=True), n=1, players={0: {"score": 250}}), "zero")
    assert s["players"][0]["bolts"] == 1


def test_bolts_on_barrel():
    c = conv(bolts_on_barrel=True)
    s = take_turn(setup(c, n=1, players={0: {"on_barrel": True}}), "zero")
    assert s["players"][0]["bolts"] == 1 and s["players"][0]["barrel_attempts"] == 1


# --- §3.8 barrel and ending ---------------------------------------------------------------------------

def test_barrel_mode_none_first_to_reach_the_target_wins():
    c = conv(barrel_mode="none")
    s = take_turn(setup(c, players={0: {"score": 850}}), 200)
    assert s["winners"] == [0] and score(s, 0) == 1050
    s = take_turn(setup(c, players={0: {"score": 850}}), 100)
    assert score(s, 0) == 950 and s["players"][0]["on_barrel"] is False


def test_barrel_mode_zone_no_cap_sits_while_in_the_zone_and_may_win_from_below_q9_e14():
    c = conv("p4")
    s = take_turn(setup(c, players={0: {"score": 880}}), 45)
    assert score(s, 0) == 925 and s["players"][0]["on_barrel"]
    s = take_turn(s, "zero")                     # seat 1
    refused(s, {"type": "result", "seat": 0, "points": 70}, "you need 5 more to finish")
    assert take_turn(s, 75)["winners"] == [0]
    s = take_turn(setup(c, players={0: {"score": 880}}), 150)
    assert s["winners"] == [0] and score(s, 0) == 1030


def test_barrel_mode_zone_knock_off_costs_the_fall_penalty_e14():
    c = conv("p4")
    s = setup(c, players={0: {"score": 850}, 1: {"score": 925, "on_barrel": True}})
    s = take_turn(s, 60)
    assert score(s, 1) == 875 and not s["players"][1]["on_barrel"] and score(s, 0) == 910


def test_barrel_threshold_880_page_a_needs_120():
    s = take_turn(setup(conv("page_a"), players={0: {"score": 850}}), 100)
    assert score(s, 0) == 880 and s["players"][0]["on_barrel"]


def test_barrel_attempts_unlimited_and_one():
    s = setup(conv(barrel_attempts=0), n=1, players={0: {"on_barrel": True}})
    for _ in range(8):
        s = take_turn(s, "zero")
    assert s["players"][0]["on_barrel"] and s["players"][0]["barrel_attempts"] == 8
    s = take_turn(setup(conv(barrel_attempts=1), n=1, players={0: {"on_barrel": True}}), "zero")
    assert not s["players"][0]["on_barrel"] and score(s, 0) == 800


def test_barrel_fall_penalty_50():
    c = conv(barrel_fall_penalty=50)
    s = setup(c, n=1, players={0: {"on_barrel": True, "barrel_attempts": 2}})
    assert score(take_turn(s, "zero"), 0) == 850


def test_barrel_fall_limit_0_never_zeroes_and_2():
    s = setup(conv(barrel_fall_limit=0), n=1,
              players={0: {"on_barrel": True, "barrel_attempts": 2, "barrel_falls": 7}})
    s = take_turn(s, "zero")
    assert score(s, 0) == 800 and s["players"][0]["barrel_falls"] == 8
    s = setup(conv(barrel_fall_limit=2), n=1,
              players={0: {"on_barrel": True, "barrel_attempts": 2, "barrel_falls": 1}})
    assert score(take_turn(s, "zero"), 0) == 0


def test_barrel_knockoff_off_several_sit():
    c = conv(barrel_knockoff="off")
    s = take_turn(setup(c, players={0: {"score": 850}, 1: {"on_barrel": True}}), 60)
    assert s["players"][0]["on_barrel"] and s["players"][1]["on_barrel"] and score(s, 1) == 900


def test_barrel_knockoff_to_entry_score_not_a_fall_e7():
    c = conv("page_b")
    s = setup(c, players={0: {"score": 800}, 1: {"on_barrel": True, "entry_score": 80}})
    s = take_turn(s, 100)                        # page_b caps at 850
    assert score(s, 0) == 850 and score(s, 1) == 80
    assert s["players"][1]["barrel_falls"] == 0 and events(s, "knocked_off")


def test_barrel_accumulate_keeps_stopped_points_in_a_pool():
    c = conv(barrel_accumulate=True)
    s = setup(c, n=1, players={0: {"on_barrel": True}})
    s = stop(roll(s, 1, 2, 3, 4, 6))             # 10 kept on the barrel: an attempt
    p = s["players"][0]
    assert (p["barrel_pool"], p["barrel_attempts"], p["score"]) == (10, 1, 900)
    assert last_turn(s)["end"] == "P"
    s = take_turn(s, 50)                         # 60 in the pool
    refused(s, {"type": "result", "seat": 0, "points": 0}, "more than 0")
    s2 = take_turn(s, 40)                        # 900 + 60 + 40 = 1000
    assert s2["winners"] == [0] and score(s2, 0) == 1000
    s3 = take_turn(s, "zero")                    # third attempt fails: pool lost, fall
    assert (score(s3, 0), s3["players"][0]["barrel_pool"]) == (800, 0)


def test_open_dot_limit_open_dot_penalty_open_fall_limit_p3_values():
    c = conv("page_a_open", open_dot_limit=5, open_dot_penalty=100, open_fall_limit=2)
    s = setup(c, n=1, players={0: {"score": 950, "dots": 4}})
    s = take_turn(s, 100)
    assert (score(s, 0), s["players"][0]["dots"], s["players"][0]["dot_falls"]) == (850, 0, 1)
    c = conv("page_a_open", open_dot_penalty=0, open_fall_limit=0)
    s = take_turn(setup(c, n=1, players={0: {"score": 950, "dots": 5}}), 100)
    assert score(s, 0) == 950
