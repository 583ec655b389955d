"""Properties over random play (hypothesis): scores stay multiples of 5 (§0.2), a zero roll ends the
turn with its points lost (§2.4.4), `apply` never changes its input, illegal actions leave the
state as it was, and records replay to the same game."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_dice_support import conv, dump
from thousand.dice import game, record
from thousand.dice.catalogue import CATALOGUE
from thousand.dice.scoring import read_roll
from thousand.errors import IllegalAction

PRESETS = CATALOGUE.preset_names()
EXTRA = [{}, {"barrel_accumulate": True}, {"hot_dice": "optional"}, {"win_timing": "on_stop"},
         {"final_round": "equalize"}, {"bolt_count_mode": "consecutive", "bolts_on_barrel": True},
         {"overtake_from_tie": True, "bolts_in_pit": True}, {"blank_first_roll_retry": True,
                                                              "bolt_trigger": "blank_opening"}]
MAX_STEPS = 300


def variant(preset, extra):
    try:
        return CATALOGUE.resolve(preset, extra)
    except Exception:
        return CATALOGUE.resolve(preset)


def random_game(c, n, seed, steps=MAX_STEPS, check=None, immutability=False):
    """Play with random legal actions (and sometimes real dice or whole-turn results);
    `immutability` also checks that apply never changes the state it is given."""
    rnd = random.Random(seed)
    s = game.new_game(c, seed, n)
    actions = []
    for _ in range(steps):
        if s["phase"] == "game_over":
            break
        legal = game.legal_actions(s)
        t = s["turn"]
        r = rnd.random()
        if r < 0.05 and not t["rolls"]:
            action = {"type": "result", "seat": t["seat"],
                      "points": rnd.choice(["zero", 5 * rnd.randint(1, 60)])}
        elif r < 0.25 and t["stage"] == "roll":
            action = {"type": "roll", "seat": t["seat"],
                      "dice": [rnd.randint(1, 6) for _ in range(t["dice_left"])]}
        else:
            # prefer stopping a little: games must end
            stops = [a for a in legal if a["type"] == "stop"]
            action = stops[0] if stops and t["T"] >= 40 and r < 0.8 else rnd.choice(legal)
        before = dump(s) if immutability else None
        try:
            after = game.apply(s, action)
        except IllegalAction:
            assert action["type"] == "result"    # only a hand-entered result may be refused
            assert before is None or dump(s) == before
            continue
        assert before is None or dump(s) == before   # apply never changes its input
        if check:
            check(s, action, after)
        actions.append(action)
        s = after
    return s, actions


games = st.tuples(st.sampled_from(PRESETS), st.sampled_from(EXTRA), st.integers(1, 5),
                  st.integers(0, 2 ** 32))


@settings(max_examples=30, deadline=None)
@given(g=games)
def test_apply_never_changes_the_state_it_is_given(g):
    preset, extra, n, seed = g
    random_game(variant(preset, extra), n, seed, steps=120, immutability=True)


@settings(max_examples=40, deadline=None)
@given(g=games)
def test_scores_turn_points_and_deltas_stay_multiples_of_5(g):
    preset, extra, n, seed = g
    s, _ = random_game(variant(preset, extra), n, seed)
    for p in s["players"]:
        assert p["score"] % 5 == 0 and p["barrel_pool"] % 5 == 0
    for t in s["turns"]:
        assert t["points"] % 5 == 0 and all(d % 5 == 0 for d in t["deltas"])
    if s["turn"]:
        assert s["turn"]["T"] % 5 == 0


def zero_roll_ends_the_turn(before, action, after):
    if action["type"] != "roll":
        return
    t = after["turn"]
    if len(after["turns"]) == len(before["turns"]) and t["stage"] == "roll" and \
            t["rolls"] and t["rolls"][-1].get("retry"):
        return                                    # blank_first_roll_retry: rolled once more
    dice = (after["turns"][-1]["rolls"] if len(after["turns"]) > len(before["turns"])
            else t["rolls"])[-1]["dice"]
    if not read_roll(dice, before["conventions"])["zero"]:
        return
    if before["conventions"]["last_two_pair"] and len(dice) == 2 and dice[0] == dice[1]:
        return
    seat = before["turn"]["seat"]
    assert len(after["turns"]) == len(before["turns"]) + 1
    last = after["turns"][-1]
    assert last["end"] == "Z" and last["points"] == 0 and last["seat"] == seat
    assert after["players"][seat]["score"] <= before["players"][seat]["score"]
    assert after["phase"] == "game_over" or game.to_act(after) != seat or after["n"] == 1


@settings(max_examples=40, deadline=None)
@given(g=games)
def test_a_zero_roll_always_ends_the_turn_with_its_points_lost(g):
    preset, extra, n, seed = g
    random_game(variant(preset, extra), n, seed, check=zero_roll_ends_the_turn)


ILLEGAL = [
    lambda s: {"type": "roll", "seat": (game.to_act(s) + 1) % (s["n"] + 1)},
    lambda s: {"type": "stop", "seat": game.to_act(s)},
    lambda s: {"type": "keep", "seat": game.to_act(s), "dice": [2, 3]},
    lambda s: {"type": "roll", "seat": game.to_act(s), "dice": [0] * 5},
    lambda s: {"type": "roll", "seat": game.to_act(s), "dice": [1] * 6},
    lambda s: {"type": "result", "seat": game.to_act(s), "points": 7},
    lambda s: {"type": "result", "seat": game.to_act(s), "points": -5},
    lambda s: {"type": "result", "seat": game.to_act(s), "points": True},
    lambda s: {"type": "jump", "seat": game.to_act(s)},
    lambda s: {"seat": game.to_act(s)},
    lambda s: None,
]


@settings(max_examples=40, deadline=None)
@given(g=games, steps=st.integers(0, 60), which=st.integers(0, len(ILLEGAL) - 1))
def test_illegal_actions_leave_the_state_unchanged(g, steps, which):
    preset, extra, n, seed = g
    s, _ = random_game(variant(preset, extra), n, seed, steps=steps)
    if s["phase"] == "game_over":
        return
    action = ILLEGAL[which](s)
    if action and action.get("type") == "stop" and game.stop_reason(s) is None:
        return                                    # stopping is legal here
    if action and action.get("type") == "roll" and action.get("seat") == game.to_act(s) \
            and s["turn"]["dice_left"] == len(action.get("dice") or []) and which != 3:
        return
    if action and action.get("type") == "keep" and s["turn"]["stage"] == "keep":
        if [2, 3] in [a["dice"] for a in game.legal_actions(s)]:
            return
    before = dump(s)
    with pytest.raises(IllegalAction):
        game.apply(s, action)
    assert dump(s) == before


@settings(max_examples=25, deadline=None)
@given(g=games)
def test_record_round_trip_replays_to_the_same_state(g):
    preset, extra, n, seed = g
    c = variant(preset, extra)
    s, actions = random_game(c, n, seed)
    rec = record.new_record(c, players=n, preset=preset, seed=seed)
    for a in actions:
        record.log_action(rec, a)
    out = record.replay(json.loads(json.dumps(rec)))
    assert dump(out["state"]) == dump(s)
    assert out["final"]["scores"] == [p["score"] for p in s["players"]]
    assert len(out["turns"]) == len(s["turns"])
    json.dumps(out)


def test_states_are_plain_json():
    s, _ = random_game(conv(), 3, 5)
    assert json.loads(json.dumps(s)) == s
