"""Players and the turn as a state machine (dice.md §2.1, §2.2, §2.4, §2.5, §2.6)."""
import pytest

from test_dice_support import (act, conv, events, last_turn, refused, roll, rolls, score, setup,
                               stop, take_turn)
from thousand.dice import game
from thousand.dice.resolution import need, turn_start
from thousand.errors import IllegalAction


# --- §2.1 equipment --------------------------------------------------------------------------------

def test_2_1_1_five_six_sided_dice_from_the_seeded_generator():
    s = game.new_game(conv(), 7, 2, 0)
    faces = set()
    for _ in range(300):
        seat = game.to_act(s)
        s = game.apply(s, {"type": "roll", "seat": seat})
        faces.update(d for t in s["turns"][-1:] for r in t["rolls"] for d in r.get("dice", []))
    first = s["turns"][0]["rolls"][0]["dice"]
    assert len(first) == 5 and faces == {1, 2, 3, 4, 5, 6}
    again = game.new_game(conv(), 7, 2, 0)
    again = game.apply(again, {"type": "roll", "seat": 0})
    assert (again["turns"] or [{"rolls": again["turn"]["rolls"]}])[0]["rolls"][0]["dice"] == first


def test_2_1_2_status_line_per_player():
    s = setup(players={1: {"score": 250, "bolts": 2, "barrel_falls": 1}})
    st = game.status(s, 1)
    assert st["score"] == 250 and st["entered"] and st["in_pit"] == [200, 299]
    assert st["bolts"] == 2 and st["barrel_falls"] == 1 and st["dots"] == 0
    s = setup(players={0: {"on_barrel": True, "barrel_attempts": 1}})
    st = game.status(s, 0)
    assert st["on_barrel"] and st["barrel_attempts"] == 1 and st["barrel_attempts_left"] == 2
    assert game.status(s, 1)["entered"] is False and game.status(s, 1)["in_pit"] is None


# --- §2.2 players, first player, order -------------------------------------------------------------

def test_2_2_1_two_to_eight_players_and_any_seat_may_be_a_bot():
    for n in range(1, 9):
        s = game.new_game(conv(), 3, n)
        assert len(s["players"]) == n and 0 <= game.to_act(s) < n
    for bad in (0, 9, "3", True):
        with pytest.raises(IllegalAction):
            game.new_game(conv(), 3, bad)


def test_2_2_2_solo_practice_same_rules_no_one_to_overtake_ends_on_a_win():
    s = setup(n=1, players={0: {"score": 150}})
    s = take_turn(s, 100)                       # would overtake nobody
    assert score(s, 0) == 250 and not events(s, "overtaken") and game.to_act(s) == 0
    s = setup(n=1, players={0: {"on_barrel": True}})
    s = take_turn(s, 100)
    assert s["phase"] == "game_over" and s["winners"] == [0]
    assert game.ranking(s) == [{"seat": 0, "score": 1000, "rank": 1}]
    assert s["players"][0]["turns"] == 1        # the session's result: turns taken


def test_2_2_3_first_player_roll_off_five_dice_highest_total_ties_roll_again():
    tie_seen = False
    for seed in range(200):
        s = game.new_game(conv(), seed, 4)
        rounds = s["roll_off"]
        assert rounds[0]["seats"] == [0, 1, 2, 3]
        for i, r in enumerate(rounds):
            assert all(len(d) == 5 for d in r["dice"])
            best = max(sum(d) for d in r["dice"])
            leaders = [seat for seat, d in zip(r["seats"], r["dice"]) if sum(d) == best]
            if i + 1 < len(rounds):
                assert rounds[i + 1]["seats"] == leaders and len(leaders) > 1
            else:
                assert leaders == [s["first_player"]] == [game.to_act(s)]
        tie_seen |= len(rounds) > 1
    assert tie_seen


def test_2_2_4_play_goes_in_seat_order_from_the_first_player():
    s = setup(n=3, first=2)
    seats = []
    for _ in range(4):
        seats.append(game.to_act(s))
        s = take_turn(s, "zero")
    assert seats == [2, 0, 1, 2]


def test_2_2_5_every_player_starts_at_zero_not_entered_no_marks():
    s = game.new_game(conv(), 5, 3)
    for p in s["players"]:
        assert (p["score"], p["entered"], p["bolts"], p["barrel_falls"], p["dots"]) == \
               (0, False, 0, 0, 0)


def test_2_3_6_hot_dice_all_five_must_be_rolled_again_points_kept():
    s = setup(players={0: {"score": 100}})
    s = rolls(s, [1, 5, 2, 3, 6], [1, 5, 5])    # set aside over two rolls: 15 + 20
    t = s["turn"]
    assert (t["T"], t["dice_left"], t["hot"]) == (35, 5, True)
    assert game.legal_actions(s) == [{"type": "roll", "seat": 0}]
    s = roll(s, 6, 6, 6, 2, 3)                  # the turn goes on with the points kept
    assert (s["turn"]["T"], s["turn"]["dice_left"], s["turn"]["hot"]) == (95, 2, False)


def test_2_3_6_a_zero_after_hot_dice_loses_every_round_of_the_turn():
    s = setup(players={0: {"score": 100}})
    s = rolls(s, [1, 1, 1, 5, 5], [2, 2, 2, 3, 3], [2, 3])   # 110 hot, 130 … then nothing
    assert last_turn(s)["end"] == "Z" and score(s, 0) == 100


# --- §2.4 the turn -----------------------------------------------------------------------------------

def test_2_4_1_a_turn_starts_with_five_dice_and_no_points():
    t = setup()["turn"]
    assert (t["T"], t["dice_left"], t["hot"], t["opening"]) == (0, 5, False, True)


def test_2_4_2_only_roll_is_offered_when_stopping_is_not_allowed():
    s = setup()
    assert game.legal_actions(s) == [{"type": "roll", "seat": 0}]
    s = roll(s, 1, 2, 3, 4, 6)                  # 10 < entry 50
    assert game.legal_actions(s) == [{"type": "roll", "seat": 0}]


def test_2_4_3_each_roll_is_read_and_logged_with_its_reading():
    s = roll(setup(players={0: {"score": 100}}), 4, 4, 4, 2, 3)
    r = s["turn"]["rolls"][0]
    assert (r["dice"], r["kept"], r["points"], r["text"], r["T"]) == \
           ([4, 4, 4, 2, 3], [4, 4, 4], 40, "three 4s = 40", 40)


def test_2_4_4_a_zero_roll_ends_the_turn_and_loses_its_points():
    s = setup(players={0: {"score": 100}})
    s = rolls(s, [1, 1, 1, 2, 3], [2, 3])       # 100 then nothing
    t = last_turn(s)
    assert t["end"] == "Z" and t["points"] == 0 and score(s, 0) == 100
    assert t["rolls"][-1]["T"] == 0 and t["rolls"][-1]["lost"] == 100
    assert game.to_act(s) == 1 and s["turn"]["T"] == 0


def test_2_4_5_accumulate_dice_left_and_hot_dice():
    s = roll(setup(players={0: {"score": 100}}), 1, 5, 2, 3, 6)
    assert (s["turn"]["T"], s["turn"]["dice_left"], s["turn"]["hot"]) == (15, 3, False)
    s = roll(s, 5, 5, 1)
    assert (s["turn"]["T"], s["turn"]["dice_left"], s["turn"]["hot"]) == (35, 5, True)
    assert s["turn"]["opening"] is False


def test_2_4_6_dump_check_after_a_roll():
    s = roll(setup(players={0: {"score": 540}}), 1, 5, 2, 3, 4 + 2)   # 15 → 555
    assert last_turn(s)["end"] == "D" and score(s, 0) == 0


def test_2_4_7_win_check_ends_the_turn_even_with_hot_dice():
    s = roll(setup(players={0: {"on_barrel": True}}), 1, 2, 3, 4, 5)  # 125, all five used
    assert last_turn(s)["end"] == "W" and s["phase"] == "game_over" and score(s, 0) == 1025


def test_2_4_8_stop_only_when_recordable_and_not_hot():
    s = roll(setup(players={0: {"score": 100}}), 1, 5, 2, 3, 6)
    assert {"type": "stop", "seat": 0} in game.legal_actions(s)
    s2 = stop(s)
    assert last_turn(s2)["end"] == "R" and score(s2, 0) == 115
    hot = roll(s, 5, 5, 1)
    refused(hot, {"type": "stop", "seat": 0}, "you cannot stop", "must roll them again")


def test_2_4_9_no_pass_and_no_limit_on_rolls():
    s = setup(players={0: {"score": 100}})
    refused(s, {"type": "pass", "seat": 0}, "unknown action 'pass'")
    for _ in range(30):                         # thirty hot-dice rounds in one turn
        s = roll(s, 1, 1, 1, 5, 5)
    assert s["turn"]["T"] == 30 * 110 and len(s["turn"]["rolls"]) == 30


def test_2_4_9_below_a_requirement_keep_rolling_until_met():
    s = roll(setup(), 1, 2, 3, 4, 6)            # 10, not entered
    assert not any(a["type"] == "stop" for a in game.legal_actions(s))
    s = roll(s, 5, 5, 5, 2)                     # 60
    assert any(a["type"] == "stop" for a in game.legal_actions(s))


def test_2_4_10_every_must_roll_is_explained():
    s = roll(setup(), 1, 2, 3, 4, 6)
    assert game.stop_reason(s) == "you need 40 more to enter the game (50 in one turn)"
    s = roll(setup(players={0: {"score": 225}}), 6, 6, 6, 1, 2)      # 70
    assert game.stop_reason(s) == "you need 5 more to leave the pit (200-299)"
    s = roll(setup(players={0: {"on_barrel": True}}), 1, 1, 2, 3, 4)
    assert game.stop_reason(s) == "you need 80 more to finish from the barrel (1000 in one turn)"
    s = roll(setup(players={0: {"score": 100}}), 1, 1, 1, 5, 5)
    assert game.stop_reason(s) == "all five dice have scored: you must roll them again"
    assert game.stop_reason(setup()) == "you have not rolled yet this turn"
    summary = game.turn_summary(roll(setup(), 1, 2, 3, 4, 6))
    assert summary["can_stop"] is False and summary["requirement"]["more"] == 40
    assert summary["stop_reason"].startswith("you need 40 more")


def test_2_4_10_refusal_message_names_what_is_missing():
    s = roll(setup(players={0: {"score": 225}}), 6, 6, 6, 1, 2)
    msg = refused(s, {"type": "stop", "seat": 0})
    assert msg == "you cannot stop: you need 5 more to leave the pit (200-299)"


def test_turn_summary_shows_what_a_stop_would_record():
    s = roll(setup(players={0: {"score": 860}}), 6, 6, 6, 2, 3)      # 920 → capped at 900
    summary = game.turn_summary(s)
    assert summary["can_stop"] and summary["would_record"] == 900 and summary["points"] == 60


# --- §2.5 entry --------------------------------------------------------------------------------------

def test_2_5_1_entry_needs_50_in_one_turn_exactly_50_is_enough():
    s = setup()
    refused(s, {"type": "result", "seat": 0, "points": 45}, "you need 5 more to enter")
    s = take_turn(s, 50)
    assert s["players"][0]["entered"] and score(s, 0) == 50


def test_2_5_2_smaller_turns_never_add_up():
    s = setup(n=1)
    s = rolls(s, [1, 1, 2, 3, 4], [2, 3, 4])    # 20, then a zero
    s = rolls(s, [1, 1, 2, 3, 4], [2, 3, 4])
    assert score(s, 0) == 0 and not s["players"][0]["entered"]


def test_2_5_3_after_entry_any_amount_may_be_recorded():
    s = setup(players={0: {"score": 50}})
    s = stop(roll(s, 5, 2, 3, 4, 4))
    assert score(s, 0) == 55


def test_2_5_4_entered_is_permanent_after_a_dump_or_a_third_fall():
    s = setup(players={0: {"score": 540}})
    s = take_turn(s, 15)
    assert score(s, 0) == 0 and s["players"][0]["entered"]
    s = setup(players={0: {"on_barrel": True, "barrel_falls": 2, "barrel_attempts": 2}})
    s = take_turn(s, "zero")
    assert score(s, 0) == 0 and s["players"][0]["entered"]
    s = take_turn(take_turn(s, "zero"), 20)     # a small turn records: no new entry
    assert score(s, 0) == 20


def test_2_5_5_entry_score_is_kept():
    s = take_turn(setup(), 85)
    assert s["players"][0]["entry_score"] == 85
    s = take_turn(take_turn(s, "zero"), 40)
    assert s["players"][0]["entry_score"] == 85


def test_2_5_6_no_bolts_before_entry():
    s = setup(n=1)
    for _ in range(4):
        s = take_turn(s, "zero")
    assert s["players"][0]["bolts"] == 0 and not events(s, "bolt")


# --- §2.6 pits ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("s0, pit", [(195, None), (200, [200, 299]), (299, [200, 299]),
                                     (300, None), (600, [600, 699]), (699, [600, 699]),
                                     (700, None)])
def test_2_6_1_pits_200_299_and_600_699_bounds_inclusive(s0, pit):
    assert game.status(setup(players={0: {"score": s0}}), 0)["in_pit"] == pit


def test_2_6_2_leave_the_pit_above_its_top_in_one_turn_e4():
    s = setup(players={0: {"score": 225}})
    start = turn_start(s["conventions"], s["players"][0])
    assert need(s["conventions"], start, 0)[:2] == ("pit", 75)
    msg = refused(s, {"type": "result", "seat": 0, "points": 70})
    assert "you need 5 more to leave the pit" in msg
    assert score(take_turn(s, 75), 0) == 300
    s = setup(players={0: {"score": 650}})
    assert need(s["conventions"], turn_start(s["conventions"], s["players"][0]), 0)[1] == 50
    assert score(take_turn(s, 50), 0) == 700


def test_2_6_3_landing_in_a_pit_and_jumping_over_it_are_allowed():
    s = take_turn(setup(players={0: {"score": 150}}), 60)
    assert score(s, 0) == 210
    s = take_turn(setup(players={0: {"score": 150}}), 200)
    assert score(s, 0) == 350


def test_2_6_4_a_penalty_below_the_pit_frees_the_player():
    s = setup(players={0: {"score": 100}, 1: {"score": 220}})
    s = take_turn(s, 150)                       # seat 0 passes seat 1: 220 - 50 = 170
    assert score(s, 1) == 170
    s = take_turn(s, 5)                         # 170 is not in a pit: 5 records
    assert score(s, 1) == 175


def test_actions_from_the_wrong_seat_or_after_the_end_are_refused():
    s = setup()
    refused(s, {"type": "roll", "seat": 1}, "seat 0's turn")
    refused(s, {"type": "roll"}, "seat 0's turn")
    refused(s, "roll", "an action is an object")
    refused(s, {"type": "roll", "seat": 0, "dice": [1, 2, 3]}, "5 dice expected")
    refused(s, {"type": "roll", "seat": 0, "dice": [1, 2, 3, 4, 7]}, "1 to 6")
    refused(s, {"type": "keep", "seat": 0, "dice": [1]}, "no dice to choose")
    over = take_turn(setup(players={0: {"on_barrel": True}}), 100)
    refused(over, {"type": "roll", "seat": 0}, "the game is over")
    assert game.legal_actions(over) == [] and game.to_act(over) is None


def test_a_roll_without_dice_uses_the_generator_state():
    s = setup(seed=99)
    a = act(s, "roll")
    b = act(s, "roll")
    assert a == b and a["rng"] != s["rng"]
