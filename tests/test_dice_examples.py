"""The worked examples of dice.md §5 (E1-E16), each with its arithmetic and preset."""
from test_dice_support import (conv, events, keep, last_turn, refused, roll, rolls, score, setup,
                               stop, take_turn)
from thousand.dice import game
from thousand.dice.resolution import need, turn_start
from thousand.dice.scoring import read_roll


def test_e1_three_4s_40_three_1s_100():
    assert read_roll([4, 4, 4, 2, 6], conv())["points"] == 40
    assert read_roll([1, 1, 1, 2, 6], conv())["points"] == 100


def test_e2_the_table_is_10v_20v_100v():
    for face in range(1, 7):
        v = 10 if face == 1 else face
        filler = [2, 6] if face not in (2, 6) else [3, 4]     # dice that score nothing alone
        for k, mult in ((3, 10), (4, 20), (5, 100)):
            dice = [face] * k + filler[:5 - k]
            assert read_roll(dice, conv())["points"] == mult * v, (face, k)


def test_e3_page_b_ghost_and_confirmation_roll():
    c = conv("page_b")
    s = setup(c, players={0: {"score": 100}})
    s = roll(s, 1, 5, 3, 3, 4)
    assert {tuple(a["dice"]) for a in game.legal_actions(s)} == {(1,), (5,), (1, 5)}
    s = keep(s, 1, 5)                            # 15, three dice left
    s = keep(roll(s, 5, 5, 2), 5, 5)             # 25, one die left: the ghost
    assert (s["turn"]["T"], s["turn"]["dice_left"]) == (25, 1)
    assert game.turn_summary(s)["can_stop"]
    assert score(stop(s), 0) == 125
    failed = roll(s, 2)                          # a failed ghost is a zero roll [inference]
    assert last_turn(failed)["end"] == "Z" and score(failed, 0) == 100
    five = roll(s, 5)
    assert five["turn"]["T"] == 30
    ghost = roll(s, 1)                           # 35, all five used: confirmation roll
    assert ghost["turn"]["T"] == 35 and ghost["turn"]["hot"]
    ok = roll(ghost, 2, 2, 3, 4, 5)              # any scoring die: everything is recorded
    assert last_turn(ok)["end"] == "R" and score(ok, 0) == 140
    bust = roll(ghost, 2, 2, 3, 4, 6)            # zero: nothing is recorded
    assert last_turn(bust)["end"] == "Z" and score(bust, 0) == 100


def test_e4_score_225_in_the_pit_needs_75():
    c = conv()
    s = setup(c, players={0: {"score": 225}})
    assert need(c, turn_start(c, s["players"][0]), 0)[1] == 75
    refused(s, {"type": "result", "seat": 0, "points": 70}, "leave the pit")
    assert score(take_turn(s, 75), 0) == 300


def test_e5_unopened_bolts_minus_50_minus_100_paid_off_by_the_entry():
    c = conv("page_a", bolts_before_entry=True, bolt_limit=3, bolt_penalty=50)
    s = setup(c, n=1)
    for _ in range(6):
        s = take_turn(s, "zero")
    assert [e["score"] for e in events(s, "bolt_penalty")] == [-50, -100]
    s = take_turn(s, 60)
    assert score(s, 0) == -40 and s["players"][0]["entered"]


def test_e6_points_barrel_880_needs_120_and_1005_needs_125():
    for target, needed in ((1000, 120), (1005, 125)):
        c = conv("page_a", target_score=target)
        s = setup(c, n=1, players={0: {"on_barrel": True}})
        assert need(c, turn_start(c, s["players"][0]), 0)[1] == needed
        assert take_turn(s, needed)["phase"] == "game_over"


def test_e7_page_b_capped_at_850_then_150_knock_off_back_to_the_entry_score():
    c = conv("page_b")
    s = setup(c, players={0: {"score": 800, "entry_score": 75}, 1: {"score": 300}})
    s = take_turn(s, 200)
    assert score(s, 0) == 850 and s["players"][0]["on_barrel"]
    s = take_turn(s, "zero")
    refused(s, {"type": "result", "seat": 0, "points": 145}, "you need 5 more")
    assert take_turn(s, 150)["winners"] == [0]
    s = take_turn(take_turn(s, "zero"), 600)     # seat 1 climbs on: seat 0 back to 75
    assert score(s, 0) == 75 and score(s, 1) == 850


def test_e8_p1_hot_dice_cannot_be_refused_total_100():
    s = setup(conv("p1"))
    s = roll(s, 1, 5, 2, 3, 4 + 2)               # +15, three dice left
    s = roll(s, 1, 5, 5)                         # +20 = 35, hot dice
    assert s["turn"]["hot"] and game.legal_actions(s) == [{"type": "roll", "seat": 0}]
    s = roll(s, 6, 6, 6, 2, 3)                   # +60 = 95, two dice left
    s = roll(s, 5, 3)                            # +5 = 100
    assert s["turn"]["T"] == 100
    s = stop(s)
    assert score(s, 0) == 100 and s["players"][0]["entered"]


def test_e9_p3_two_5s_then_1_stop_at_20_or_roll_the_last_two():
    s = setup(conv("p3"), players={0: {"score": 100}})
    s = rolls(s, [2, 5, 5, 6, 6], [1, 3, 4])
    assert (s["turn"]["T"], s["turn"]["dice_left"]) == (20, 2)
    assert score(stop(s), 0) == 120
    assert last_turn(roll(s, 3, 4))["end"] == "Z"


def test_e10_p3_obstacle_300_400_from_330_needs_75():
    c = conv("p3")
    s = take_turn(setup(c, n=1, players={0: {"score": 275}}), 55)
    assert score(s, 0) == 330
    refused(s, {"type": "result", "seat": 0, "points": 70}, "leave the pit (300-400)")
    assert score(take_turn(s, 75), 0) == 405


def test_e11_p4_1_2_4_5_6_is_not_a_straight():
    s = roll(setup(conv("p4"), players={0: {"score": 100}}), 1, 2, 4, 5, 6)
    assert (s["turn"]["T"], s["turn"]["dice_left"]) == (15, 3)


def test_e12_p4_two_1s_are_not_a_set_a_zero_burns_25_three_teals_minus_50():
    c = conv("p4")
    s = setup(c, n=1, players={0: {"score": 300}})
    s = rolls(s, [1, 1, 5, 2, 3])
    assert s["turn"]["T"] == 25
    s = roll(s, 2, 3)
    assert last_turn(s)["end"] == "Z" and score(s, 0) == 300 and s["players"][0]["bolts"] == 1
    s = take_turn(take_turn(s, "zero"), "zero")
    assert score(s, 0) == 250


def test_e13_540_plus_15_is_555_dumped_at_once_no_new_entry():
    for preset in ("p4", "classic"):
        s = setup(conv(preset), players={0: {"score": 540}})
        s = roll(s, 1, 5, 2, 3, 6)
        assert last_turn(s)["end"] == "D" and score(s, 0) == 0
        s = take_turn(take_turn(s, "zero"), 5)   # entered: 5 records
        assert score(s, 0) == 5


def test_e14_p4_barrel_zone_from_925_needs_75_three_failures_minus_50():
    c = conv("p4")
    s = setup(c, n=1, players={0: {"score": 925, "on_barrel": True}})
    for small in (10, 20, 30):
        refused(s, {"type": "result", "seat": 0, "points": small}, "finish from the barrel")
    assert take_turn(s, 75)["winners"] == [0]
    for _ in range(3):
        s = take_turn(s, "zero")
    assert score(s, 0) == 875 and not s["players"][0]["on_barrel"]
    s = setup(c, players={0: {"score": 800}, 1: {"score": 925, "on_barrel": True}})
    s = take_turn(s, 150)                        # someone climbs on: "you fly off 50"
    assert score(s, 1) == 875


def test_e15_open_barrel_dots_sixth_dot_to_0():
    c = conv("page_a_open")
    s = setup(c, n=1, players={0: {"score": 960}})
    for i in range(5):
        s = take_turn(s, 50)
        assert s["players"][0]["dots"] == i + 1 and score(s, 0) == 960
    s = take_turn(s, 50)
    assert score(s, 0) == 0 and s["players"][0]["dots"] == 0
    s = setup(conv("page_a_open", open_fall_limit=0), n=1, players={0: {"score": 960, "dots": 5}})
    assert score(take_turn(s, 50), 0) == 860     # the agreed 100


def test_e16_p1_track():
    c = conv("p1")
    s = setup(c, n=1)
    refused(s, {"type": "result", "seat": 0, "points": 70}, "(75 in one turn)")
    s = take_turn(s, 75)
    assert score(s, 0) == 75
    assert game.status(take_turn(s, 125), 0)["in_pit"] == [200, 299]
    s = take_turn(setup(c, n=1, players={0: {"score": 500}}), 55)
    assert score(s, 0) == 0                      # Tipper(555)
    s = take_turn(setup(c, n=1, players={0: {"score": 550}}), 60)
    assert game.status(s, 0)["in_pit"] == [600, 699]
    s = take_turn(setup(c, n=1, players={0: {"score": 850}}), 60)
    assert score(s, 0) == 910 and s["players"][0]["on_barrel"]     # zone 900-999
    assert take_turn(s, 90)["winners"] == [0]
