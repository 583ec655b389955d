"""The dice bots (dice.md §6): the dynamic programme against §6's figures, requirement-aware
decisions, legality, memoisation and speed."""
import time

import pytest

from test_dice_support import conv, roll, setup
from thousand.bots import DICE_BOT_NAMES, dice as bots, make_dice_bot
from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE
from thousand.dice.views import seat_view


def choose(name, s):
    return make_dice_bot(name).choose(seat_view(s, game.to_act(s)))


def test_section_6_expected_points_policy_and_value():
    sol = bots.solve(bots.unconstrained(conv()))
    assert sol.opening == pytest.approx(35.3, abs=0.05)
    thresholds = {n: next(T for T in range(5, 1000, 5)
                          if sol.stop_value(T) >= sol.roll_value(n, T, False))
                  for n in range(1, 6)}
    assert thresholds == {1: 20, 2: 20, 3: 40, 4: 100, 5: 360}   # "keep rolling while below"
    levels = tuple(thresholds[n] for n in range(1, 6))
    assert bots.evaluate_levels(bots.unconstrained(conv()), levels).opening == \
        pytest.approx(sol.opening)
    own = bots.evaluate_levels(bots.unconstrained(conv()),
                               tuple(bots.LEVELS[n] for n in range(1, 6))).opening
    assert 30 < own < sol.opening


def test_the_solution_is_memoised_per_situation():
    pb = bots.unconstrained(conv())
    assert bots.solve(pb) is bots.solve(pb)
    s = roll(setup(players={0: {"score": 225}}), 1, 2, 3, 4, 6)
    view = seat_view(s, 0)
    pb1, _ = bots._situation(view)
    assert pb1.need == 75 and pb1.cap == 675 and pb1.dump_mid == 330
    assert bots._situation(seat_view(roll(s, 5, 2, 3, 4), 0))[0] == pb1   # same turn, same key


def test_optimal_decisions_take_milliseconds_once_solved():
    s = roll(setup(players={0: {"score": 100}}), 1, 2, 3, 4, 6)
    bot = make_dice_bot("optimal")
    view = seat_view(s, 0)
    bot.choose(view)                               # solves (a few ms to tens of ms)
    start = time.perf_counter()
    for _ in range(200):
        bot.choose(view)
    assert (time.perf_counter() - start) / 200 < 0.01


def test_optimal_will_not_stop_on_a_total_that_dumps_but_threshold_does():
    c = conv(dump_truck="on_record")
    s = roll(setup(c, players={0: {"score": 495}}), 6, 6, 6, 2, 3)    # 60: a stop records 555
    assert choose("threshold", s)["type"] == "stop"
    assert choose("optimal", s)["type"] == "roll"


def test_optimal_stops_at_the_barrel_cap():
    s = roll(setup(players={0: {"score": 850}}), 1, 1, 5, 5, 2)        # 30, one die left
    s = roll(s, 1)                                                     # 40 hot → roll
    s = roll(s, 1, 2, 3, 4, 6)                                         # 50 with four dice
    assert choose("threshold", s)["type"] == "roll"                    # level 100
    assert choose("optimal", s)["type"] == "stop"                      # nothing more to gain


def test_bots_roll_on_below_a_requirement_and_the_threshold_bot_stops_at_its_level():
    s = roll(setup(), 1, 2, 3, 4, 6)               # not entered: only roll
    assert choose("optimal", s)["type"] == "roll" and choose("threshold", s)["type"] == "roll"
    s = roll(setup(players={0: {"score": 100}}), 5, 5, 5, 2, 3)   # 50 with two dice left
    assert choose("threshold", s)["type"] == "stop"
    s = roll(setup(players={0: {"score": 100}}), 1, 2, 3, 4, 6)   # 10 with four dice left
    assert choose("threshold", s)["type"] == "roll"


def test_optimal_keeps_a_single_die_when_that_is_worth_more_set_aside_choose():
    c = conv("page_b")
    s = roll(setup(c, players={0: {"score": 100}}), 1, 5, 2, 3, 6)   # keep 1 (10) or 1+5 (15)?
    action = choose("optimal", s)
    assert action["type"] == "keep" and action in game.legal_actions(s)
    sol = bots.solve(bots._situation(seat_view(s, 0))[0])
    assert sol.after(4, 10, False) > sol.after(3, 15, False)      # rolling four beats three
    assert action["dice"] == [1]
    assert choose("threshold", s)["dice"] == [1, 5]                # the maximum reading


@pytest.mark.parametrize("preset", CATALOGUE.preset_names())
def test_bots_always_choose_a_legal_action(preset):
    c = conv(preset)
    players = [make_dice_bot(name) for name in ("optimal", "threshold", "optimal")]
    for seed in range(3):
        s = game.new_game(c, seed, 3)
        steps = 0
        while s["phase"] != "game_over" and steps < 3000:
            seat = game.to_act(s)
            view = seat_view(s, seat)
            action = players[seat].choose(view)
            assert action in view["legal"]
            s = game.apply(s, action)
            steps += 1
        assert s["phase"] == "game_over"


@pytest.mark.parametrize("players", [6, 8])
def test_barrel_knockoff_fall_at_the_least_fall_penalty_still_ends_the_game(players):
    # The table of fuzz dice:4718 (p2, 6 players, barrel_knockoff = fall, no falls limit) with the
    # smallest fall penalty the catalogue allows: the knock-offs no longer go on for ever.
    c = conv("p2", barrel_knockoff="fall", barrel_fall_penalty=50, overtake_from_tie=True,
             set_aside="all_scoring", bolts_in_pit=True)
    bots = [make_dice_bot(("threshold", "optimal")[seat % 2]) for seat in range(players)]
    s = game.new_game(c, 4718, players)
    for _ in range(20_000):
        if s["phase"] == "game_over":
            break
        seat = game.to_act(s)
        s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
    assert s["phase"] == "game_over"
    assert max(p["score"] for p in s["players"]) >= 1000


def test_make_dice_bot_names():
    assert DICE_BOT_NAMES == ("threshold", "optimal")
    with pytest.raises(ValueError, match="unknown bot"):
        make_dice_bot("random")


def test_seat_view_is_a_copy_with_the_legal_actions_of_the_seat_to_act():
    s = setup(players={0: {"score": 100}})
    view = seat_view(s, 0)
    assert view["legal"] == game.legal_actions(s) and seat_view(s, 1)["legal"] == []
    view["player_records"][0]["score"] = 999
    view["turn"]["start"]["score"] = 999
    assert s["players"][0]["score"] == 100 and s["turn"]["start"]["score"] == 100
    with pytest.raises(ValueError):
        seat_view(s, 2)


def test_optimal_beats_threshold_in_expected_points_over_simulated_turns():
    """A quick version of bench/dice.py: 3000 turns each from an unconstrained position."""
    c = conv(entry_minimum=0, pit_ranges="none", dump_truck="off", barrel_mode="none",
             target_score=1500, bolts=False)
    means = {}
    for name in ("optimal", "threshold"):
        bot, total = make_dice_bot(name), 0
        for i in range(3000):
            s = game.new_game(c, 500 + i, 1)
            while not s["turns"]:
                s = game.apply(s, bot.choose(seat_view(s, 0)))
            total += s["turns"][0]["points"] if s["turns"][0]["end"] == "R" else 0
        means[name] = total / 3000
    assert abs(means["optimal"] - 35.3) < 3 and abs(means["threshold"] - 34.7) < 3
