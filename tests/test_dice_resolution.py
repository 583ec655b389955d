"""Barrel, winning, dump truck, bolts, overtaking and the exact order of the end-of-turn resolution
(dice.md §2.7-§2.12, §3.8.1, §3.8.2)."""
from test_dice_support import (conv, events, last_turn, refused, roll, rolls, score, setup, stop,
                               take_turn)
from thousand.dice import game


def kinds(s, turn=-1):
    return [(e["seat"], e["kind"]) for e in s["turns"][turn]["events"]]


# --- §2.7 the barrel ---------------------------------------------------------------------------------

def test_2_7_1_arriving_caps_the_score_at_900_and_never_wins_from_below():
    s = take_turn(setup(players={0: {"score": 850}}), 300)
    p = s["players"][0]
    assert p["score"] == 900 and p["on_barrel"] and p["barrel_attempts"] == 0
    assert s["phase"] == "turn"
    s = take_turn(setup(players={0: {"score": 700}}), 200)   # exactly 900 counts (Q21)
    assert s["players"][0]["on_barrel"] and score(s, 0) == 900


def test_2_7_2_on_the_barrel_only_a_turn_reaching_1000_may_be_recorded():
    s = setup(players={0: {"on_barrel": True}})
    refused(s, {"type": "result", "seat": 0, "points": 95},
            "you need 5 more to finish from the barrel")
    s2 = take_turn(s, 100)
    assert s2["phase"] == "game_over" and s2["winners"] == [0]
    s = roll(s, 1, 1, 1, 2, 3)                  # 100 reached on the first roll: wins at once
    assert last_turn(s)["end"] == "W"


def test_2_7_3_each_turn_begun_on_the_barrel_is_one_attempt_arrival_is_not():
    s = take_turn(setup(n=1, players={0: {"score": 850}}), 100)
    assert s["players"][0]["barrel_attempts"] == 0
    s = take_turn(s, "zero")
    s = take_turn(s, "zero")
    assert s["players"][0]["barrel_attempts"] == 2 and s["players"][0]["on_barrel"]
    assert [e["attempts"] for e in events(s, "barrel_attempt")] == [1, 2]


def test_2_7_4_third_failed_attempt_falls_minus_100_to_800():
    s = setup(n=1, players={0: {"on_barrel": True, "barrel_attempts": 2}})
    s = take_turn(s, "zero")
    p = s["players"][0]
    assert (p["score"], p["on_barrel"], p["barrel_attempts"], p["barrel_falls"]) == \
           (800, False, 0, 1)
    s = take_turn(s, 100)                       # climbs on again with three new attempts
    assert s["players"][0]["on_barrel"] and s["players"][0]["barrel_attempts"] == 0


def test_2_7_5_third_fall_sets_the_score_to_0_and_resets_the_count():
    s = setup(n=1, players={0: {"on_barrel": True, "barrel_attempts": 2, "barrel_falls": 2}})
    s = take_turn(s, "zero")
    p = s["players"][0]
    assert (p["score"], p["barrel_falls"], p["entered"]) == (0, 0, True)


def test_2_7_6_a_newcomer_knocks_the_sitter_off_and_it_counts_as_a_fall():
    s = setup(players={0: {"score": 850}, 1: {"on_barrel": True, "barrel_attempts": 1}})
    s = take_turn(s, 60)
    assert s["players"][0]["on_barrel"] and score(s, 0) == 900
    p1 = s["players"][1]
    assert (p1["on_barrel"], p1["score"], p1["barrel_falls"]) == (False, 800, 1)
    fall = events(s, "barrel_fall")[0]
    assert fall["cause"] == "knock_off" and fall["by"] == 0 and fall["seat"] == 1


def test_2_7_7_no_bolts_on_the_barrel():
    s = setup(n=1, players={0: {"on_barrel": True, "bolts": 2}})
    s = take_turn(s, "zero")
    assert s["players"][0]["bolts"] == 2 and not events(s, "bolt")


def test_2_7_8_a_sitter_is_never_overtaken_an_arrival_overtakes_those_below_900():
    s = setup(n=3, players={0: {"score": 700}, 1: {"score": 880}, 2: {"on_barrel": True}})
    s = take_turn(s, 300)                       # capped at 900, knocks seat 2 off
    assert score(s, 1) == 830                   # passed: 700 < 880 < 900
    assert score(s, 2) == 800 and not [e for e in events(s, "overtaken") if e["seat"] == 2]


# --- §2.8 winning -------------------------------------------------------------------------------------

def test_2_8_1_the_game_ends_the_moment_1000_is_reached_no_stop_no_hot_dice():
    s = setup(players={0: {"on_barrel": True}})
    s = roll(s, 1, 1, 1, 5, 5)                  # 110, all five scored
    assert s["phase"] == "game_over" and last_turn(s)["end"] == "W"


def test_2_8_2_overshoot_is_allowed_and_the_table_shows_the_uncapped_total():
    s = roll(setup(players={0: {"on_barrel": True}}), 2, 3, 4, 5, 6)
    assert score(s, 0) == 1150 and game.ranking(s)[0]["score"] == 1150


def test_2_8_3_others_ranked_by_score_equal_scores_share_a_rank():
    s = setup(n=4, players={0: {"on_barrel": True}, 1: {"score": 300}, 2: {"score": 300},
                            3: {"score": 150}})
    s = take_turn(s, 100)
    assert [(r["seat"], r["rank"]) for r in game.ranking(s)] == [(0, 1), (1, 2), (2, 2), (3, 4)]


def test_2_8_4_five_of_a_kind_is_not_an_instant_win_in_classic():
    s = roll(setup(players={0: {"score": 100}}), 6, 6, 6, 6, 6)
    assert s["phase"] == "turn" and s["turn"]["T"] == 600 and s["turn"]["hot"]


# --- §2.9 dump truck ----------------------------------------------------------------------------------

def test_2_9_1_a_score_of_exactly_555_becomes_0():
    s = take_turn(setup(conv(dump_truck="on_record"), players={0: {"score": 455}}), 100)
    assert score(s, 0) == 0 and kinds(s) == [(0, "recorded"), (0, "dump")]


def test_2_9_2_mid_turn_the_dump_happens_at_once_e13():
    s = roll(setup(players={0: {"score": 540}}), 1, 5, 2, 3, 6)
    assert last_turn(s)["end"] == "D" and score(s, 0) == 0 and game.to_act(s) == 1


def test_2_9_3_penalties_trigger_the_dump_truck():
    s = setup(players={0: {"score": 500}, 1: {"score": 605}})
    s = take_turn(s, 150)                       # seat 1 overtaken: 605 - 50 = 555 → 0
    assert score(s, 1) == 0
    assert [e["kind"] for e in events(s) if e["seat"] == 1] == ["overtaken", "dump"]
    s = setup(conv(bolts_in_pit=True), n=1, players={0: {"score": 655, "bolts": 2}})
    s = take_turn(s, "zero")                    # bolt penalty 655 - 100 = 555 → 0
    assert score(s, 0) == 0


def test_2_9_4_only_an_exact_555_counts_passing_over_is_safe():
    s = take_turn(setup(players={0: {"score": 540}}), 20)
    assert score(s, 0) == 560


def test_2_9_5_after_a_dump_the_player_stays_entered_bolts_and_falls_unchanged():
    s = setup(players={0: {"score": 540, "bolts": 2, "barrel_falls": 1}})
    s = take_turn(s, 15)
    p = s["players"][0]
    assert (p["score"], p["entered"], p["bolts"], p["barrel_falls"]) == (0, True, 2, 1)


def test_2_9_6_a_dumped_mover_overtakes_nobody():
    # Recorded 555 from a negative score: -50 lies between -100 and 0, yet nobody is overtaken.
    c = conv(dump_truck="on_record", bolts_before_entry=True)
    s = setup(c, players={0: {"score": -100, "entered": True}, 1: {"score": -50}})
    s = game.apply_turn_result(None, s, 0, 655)
    assert score(s, 0) == 0 and score(s, 1) == -50 and not events(s, "overtaken")
    s = setup(players={0: {"score": 430}, 1: {"score": 450}})
    s = roll(s, 1, 2, 3, 4, 5)                  # 430 + 125 = 555 mid-turn
    assert last_turn(s)["end"] == "D" and score(s, 1) == 450


# --- §2.10 bolts --------------------------------------------------------------------------------------

def test_2_10_1_a_zero_turn_gives_a_bolt_e12():
    s = setup(players={0: {"score": 100}})
    s = rolls(s, [1, 1, 5, 2, 6], [2, 3])       # 25 burns
    assert s["players"][0]["bolts"] == 1 and kinds(s) == [(0, "zero"), (0, "bolt")]


def test_2_10_2_the_third_bolt_costs_100_and_the_count_returns_to_0():
    s = setup(n=1, players={0: {"score": 100}})
    for _ in range(3):
        s = take_turn(s, "zero")
    p = s["players"][0]
    assert (p["score"], p["bolts"]) == (0, 0)
    assert events(s, "bolt_penalty")[0]["delta"] == -100


def test_2_10_3_bolts_are_cumulative_a_scoring_turn_does_not_clear_them():
    s = setup(n=1, players={0: {"score": 100}})
    s = take_turn(take_turn(take_turn(s, "zero"), 50), "zero")
    assert s["players"][0]["bolts"] == 2


def test_2_10_4_no_bolt_before_entry_in_a_pit_or_on_the_barrel():
    for fields in ({}, {"score": 250}, {"on_barrel": True}):
        s = take_turn(setup(n=1, players={0: fields}), "zero")
        assert s["players"][0]["bolts"] == 0, fields
    s = take_turn(setup(n=1, players={0: {"score": 300}}), "zero")
    assert s["players"][0]["bolts"] == 1


def test_2_10_5_the_deduction_may_make_a_score_negative_or_dump():
    s = take_turn(setup(n=1, players={0: {"score": 50, "bolts": 2}}), "zero")
    assert score(s, 0) == -50


def test_2_10_6_dump_and_falls_do_not_change_the_bolt_count():
    s = take_turn(setup(n=1, players={0: {"score": 540, "bolts": 1}}), 15)
    assert s["players"][0]["bolts"] == 1
    s = setup(players={0: {"score": 850}, 1: {"on_barrel": True, "bolts": 2}})
    s = take_turn(s, 50)
    assert s["players"][1]["bolts"] == 2 and s["players"][1]["barrel_falls"] == 1


# --- §2.11 overtaking ---------------------------------------------------------------------------------

def test_2_11_1_players_strictly_between_lose_50():
    s = setup(n=3, players={0: {"score": 100}, 1: {"score": 150}, 2: {"score": 400}})
    s = take_turn(s, 200)
    assert (score(s, 0), score(s, 1), score(s, 2)) == (300, 100, 400)


def test_2_11_2_ties_do_not_count_either_way():
    s = setup(n=3, players={0: {"score": 100}, 1: {"score": 100}, 2: {"score": 300}})
    s = take_turn(s, 200)                       # starts level with 1, ends level with 2
    assert (score(s, 1), score(s, 2)) == (100, 300)


def test_2_11_3_several_passed_each_lose_50():
    s = setup(n=4, players={0: {"score": 100}, 1: {"score": 120}, 2: {"score": 140},
                            3: {"score": 160}})
    s = take_turn(s, 100)
    assert [score(s, i) for i in (1, 2, 3)] == [70, 90, 110]
    assert [e["seat"] for e in events(s, "overtaken")] == [1, 2, 3]


def test_2_11_4_after_is_the_score_after_the_cap():
    s = setup(n=3, players={0: {"score": 800}, 1: {"score": 895}, 2: {"score": 905}})
    s["players"][2]["on_barrel"] = False        # a non-sitter above the cap (e.g. zone leftovers)
    game._start_turn(s, 0)
    s = take_turn(s, 200)                       # 1000 capped to 900: passes 895, not 905
    assert (score(s, 1), score(s, 2)) == (845, 905)


def test_2_11_5_applies_to_everyone_entered_or_not_in_a_pit_or_below_zero():
    s = setup(n=4, players={0: {"score": -200, "entered": True}, 1: {"score": 0},
                            2: {"score": -100}, 3: {"score": 250}})
    s = take_turn(s, 500)                       # -200 → 300
    assert (score(s, 1), score(s, 2), score(s, 3)) == (-50, -150, 200)


def test_2_11_6_score_changes_by_penalties_never_overtake():
    s = setup(n=3, players={0: {"score": 300, "bolts": 2}, 1: {"score": 250}})
    s = take_turn(s, "zero")                    # 300 → 200: passes 250 downwards, no effect
    assert score(s, 1) == 250 and not events(s, "overtaken")


def test_2_11_7_the_deduction_can_dump_send_into_a_pit_or_below_zero():
    s = setup(n=3, players={0: {"score": 0, "entered": True}, 1: {"score": 30}, 2: {"score": 325}})
    s = take_turn(s, 400)
    assert (score(s, 1), score(s, 2)) == (-20, 275)
    assert game.status(s, 2)["in_pit"] == [200, 299]


# --- §2.12 the exact order ----------------------------------------------------------------------------

def test_2_12_1_recorded_turn_order_cap_dump_score_entry_arrival_knockoff_overtaking():
    s = setup(n=3, players={0: {"score": 0}, 1: {"score": 100}, 2: {"on_barrel": True}})
    s["players"][0]["entered"] = False
    game._start_turn(s, 0)
    s = take_turn(s, 950)                       # entry, cap, arrival, knock-off, overtaking
    assert kinds(s) == [(0, "recorded"), (0, "entered"), (0, "barrel_arrival"),
                        (2, "barrel_fall"), (1, "overtaken")]
    assert s["players"][0]["entry_score"] == 900 and score(s, 2) == 800 and score(s, 1) == 50


def test_2_12_1_step_7_consecutive_bolts_reset_on_a_recorded_turn():
    s = setup(conv(bolt_count_mode="consecutive"), n=1, players={0: {"score": 100, "bolts": 2}})
    s = take_turn(s, 50)
    assert s["players"][0]["bolts"] == 0


def test_2_12_2_zero_turn_bolt_then_barrel_attempt():
    c = conv(bolts_on_barrel=True)
    s = setup(c, n=1, players={0: {"on_barrel": True, "bolts": 1, "barrel_attempts": 2}})
    s = take_turn(s, "zero")
    assert kinds(s) == [(0, "zero"), (0, "bolt"), (0, "barrel_attempt"), (0, "barrel_fall")]
    # a bolt penalty that takes the player below the barrel: off without a fall, no attempt
    s = setup(c, n=1, players={0: {"on_barrel": True, "bolts": 2, "barrel_attempts": 2}})
    s = take_turn(s, "zero")
    assert kinds(s) == [(0, "zero"), (0, "bolt"), (0, "bolt_penalty"), (0, "left_barrel")]
    p = s["players"][0]
    assert (p["score"], p["on_barrel"], p["barrel_falls"]) == (800, False, 0)


def test_2_12_3_dump_turn_no_bolt_no_overtaking_entered():
    s = setup(players={0: {"score": 0}, 1: {"score": 10}})
    s["players"][0]["entered"] = False
    game._start_turn(s, 0)
    s = game.apply_turn_result(None, s, 0, 555)
    assert last_turn(s)["end"] == "D" and score(s, 0) == 0 and s["players"][0]["entered"]
    assert score(s, 1) == 10 and s["players"][0]["bolts"] == 0


def test_2_12_4_win_no_other_effects():
    s = setup(n=3, players={0: {"on_barrel": True}, 1: {"score": 950}, 2: {"score": 990}})
    s = take_turn(s, 150)
    assert kinds(s) == [(0, "win")] and score(s, 0) == 1050
    assert (score(s, 1), score(s, 2)) == (950, 990)


def test_2_12_5_fall_procedure_clamps_below_the_barrel():
    c = conv("p4")                               # zone barrel, fall penalty 50
    s = setup(c, n=1, players={0: {"score": 990, "on_barrel": True, "barrel_attempts": 2}})
    s = take_turn(s, "zero")
    assert score(s, 0) == 895                   # min(990 - 50, 900 - 5) (Q8)
    s = setup(c, n=1, players={0: {"score": 925, "on_barrel": True, "barrel_attempts": 2}})
    assert score(take_turn(s, "zero"), 0) == 875


def test_2_12_6_after_a_deduction_floor_dump_barrel():
    c = conv(negative_scores=False)
    s = take_turn(setup(c, n=1, players={0: {"score": 50, "bolts": 2}}), "zero")
    assert score(s, 0) == 0 and events(s, "floor")
    c = conv(dump_on_penalty=False, bolts_in_pit=True)
    s = take_turn(setup(c, n=1, players={0: {"score": 655, "bolts": 2}}), "zero")
    assert score(s, 0) == 555


# --- §3.8.1 open barrel, §3.8.2 check order -------------------------------------------------------------

def test_3_8_1_open_barrel_exact_target_overshoot_gives_a_dot_e15():
    c = conv("page_a_open")
    s = setup(c, n=1, players={0: {"score": 995}})
    s = roll(s, 5, 5, 2, 3, 4)                  # forced reading 10: overshoots (step 4)
    assert last_turn(s)["end"] == "O" and score(s, 0) == 995 and s["players"][0]["dots"] == 1
    assert s["players"][0]["bolts"] == 0
    s = setup(c, n=1, players={0: {"score": 990}})
    s = roll(s, 5, 5, 2, 3, 4)                  # exactly 1000: wins
    assert s["phase"] == "game_over"
    s = setup(c, n=1, players={0: {"score": 900, "dots": 5}})
    s = take_turn(s, 105)                       # sixth dot, falls limit 1 → 0
    assert score(s, 0) == 0 and s["players"][0]["dots"] == 0


def test_3_8_1_dot_penalty_and_open_fall_limit():
    c = conv("page_a_open", open_fall_limit=2, open_dot_limit=2)
    s = setup(c, n=1, players={0: {"score": 950, "dots": 1}})
    s = take_turn(s, 100)
    assert (score(s, 0), s["players"][0]["dots"], s["players"][0]["dot_falls"]) == (850, 0, 1)
    s = setup(c, n=1, players={0: {"score": 950, "dots": 1, "dot_falls": 1}})
    assert score(take_turn(s, 100), 0) == 0


def test_3_8_1_an_unentered_player_overshoots_too():
    s = setup(conv("page_a_open"), n=1)
    s = take_turn(s, 1005)
    assert last_turn(s)["end"] == "O" and s["players"][0]["dots"] == 1


def test_3_8_2_check_order_instant_win_before_dump():
    c = conv(five_of_a_kind_wins="any")
    s = setup(c, players={0: {"score": 55}})
    s = roll(s, 5, 5, 5, 5, 5)                  # 55 + 500 = 555, but five of a kind wins first
    assert last_turn(s)["end"] == "I" and s["winners"] == [0]


def test_3_8_2_check_order_dump_before_win_and_overshoot_before_win():
    c = conv(target_score=1000, barrel_mode="none")
    s = setup(c, players={0: {"score": 900}})
    s = roll(s, 1, 1, 1, 2, 3)                  # 1000: wins
    assert last_turn(s)["end"] == "W"
    c = conv("page_a_open")
    s = setup(c, players={0: {"score": 990}})
    s = roll(s, 1, 5, 2, 3, 6)                  # 1005 > 1000: overshoot, not a win
    assert last_turn(s)["end"] == "O"
