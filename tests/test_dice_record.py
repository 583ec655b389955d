"""Dice records (docs/dice-records.md), their replay, the command line hooks, and score-keeper
mode for people rolling real dice."""
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from test_dice_support import conv, score, setup, take_turn
from thousand.bots import make_dice_bot
from thousand.cli.simulate import run_dice
from thousand.dice import game, record
from thousand.dice.views import seat_view
from thousand.errors import BadInput, IllegalAction

ROOT = Path(__file__).resolve().parents[1]


def bot_game(preset="classic", n=2, seed=3, bots=("optimal", "threshold")):
    c = conv(preset)
    s = game.new_game(c, seed, n)
    rec = record.new_record(c, players=n, preset=preset, seed=seed)
    players = [make_dice_bot(b) for b in bots]
    while s["phase"] != "game_over":
        seat = game.to_act(s)
        a = players[seat].choose(seat_view(s, seat))
        s = game.apply(s, a)
        record.log_action(rec, a)
    return s, rec


def test_record_head_and_replay_output():
    s, rec = bot_game()
    assert rec["format"] == "thousand-record" and rec["game"] == "dice" and rec["version"] == 1
    assert rec["preset"] == "classic" and rec["overrides"] == {} and rec["players"] == 2
    out = record.replay(json.loads(json.dumps(rec)))
    assert out["final"]["over"] and out["final"]["winners"] == s["winners"]
    assert out["final"]["scores"] == [p["score"] for p in s["players"]]
    first = out["turns"][0]
    assert set(first) == {"turn", "seat", "s0", "points", "end", "rolls", "scores", "deltas",
                          "events"}
    assert all(t["end"] in ("recorded", "zero", "dump", "win", "overshoot", "instant_win",
                            "pooled") for t in out["turns"])
    assert out["turns"][-1]["end"] == "win"
    json.dumps({k: v for k, v in out.items() if k != "state"})


@pytest.mark.parametrize("preset", ["page_b", "p1", "p3", "page_a_open"])
def test_records_of_every_kind_of_game_replay(preset):
    s, rec = bot_game(preset, n=3, seed=11, bots=("optimal", "threshold", "optimal"))
    assert record.replay(rec)["state"] == s


def test_a_record_with_real_dice_and_hand_entered_turns_replays():
    c = conv()
    rec = record.new_record(c, players=2, seed=0, first_player=1, names=["Ann", "Bob"])
    s = game.new_game(c, 0, 2, first_player=1)
    for a in [{"type": "roll", "seat": 1, "dice": [1, 1, 1, 2, 3]},
              {"type": "stop", "seat": 1},
              {"type": "result", "seat": 0, "points": 60},
              {"type": "result", "seat": 1, "points": "zero"}]:
        s = game.apply(s, a)
        record.log_action(rec, a)
    out = record.replay(rec)
    assert out["final"]["scores"] == [60, 100] and out["first_player"] == 1
    assert out["turns"][1]["rolls"] == [{"entered": 60}]
    assert out["turns"][0]["rolls"][0]["text"] == "three 1s = 100"


@pytest.mark.parametrize("change, where", [
    (lambda r: r.update(format="x"), "format"),
    (lambda r: r.update(version=2), "version"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.update(game="cards"), "game"),
    (lambda r: r.update(players=9), "players"),
    (lambda r: r.update(seed="1"), "seed"),
    (lambda r: r.update(first_player=5), "first_player"),
    (lambda r: r.update(preset="poker"), "preset"),
    (lambda r: r.update(overrides={"bolt_penalty": 7}), "overrides.bolt_penalty"),
    (lambda r: r.update(overrides={"pit_ranges": "p3"}), "overrides"),
    (lambda r: r.update(conventions=[1]), "conventions"),
    (lambda r: r.update(actions={}), "actions"),
    (lambda r: r.update(names=["a"]), "names"),
    (lambda r: r.update(extra=1), "extra"),
    (lambda r: r["actions"].insert(0, {"type": "stop", "seat": 0}), "actions[0]"),
    (lambda r: r["actions"].insert(1, "roll"), "actions[1]"),
    (lambda r: r["actions"].append({"type": "roll", "seat": 0}), None),
])
def test_damaged_records_are_refused_naming_the_field_or_action(change, where):
    _, rec = bot_game()
    rec = json.loads(json.dumps(rec))
    change(rec)
    with pytest.raises(BadInput) as err:
        record.replay(rec)
    if where is None:                              # an action after the end
        assert err.value.where == f"actions[{len(rec['actions']) - 1}]"
        assert "already over" in str(err.value)
    else:
        assert err.value.where == where, str(err.value)


def test_an_illegal_action_in_a_record_is_named_with_its_reason():
    rec = record.new_record(conv(), players=2, seed=0, first_player=0)
    rec["actions"] = [{"type": "roll", "seat": 0, "dice": [1, 2, 3, 4, 6]},
                      {"type": "stop", "seat": 0}]
    with pytest.raises(BadInput) as err:
        record.replay(rec)
    assert err.value.where == "actions[1]"
    assert "you need 40 more to enter the game" in str(err.value)


def test_cli_replay_and_simulate(tmp_path):
    _, rec = bot_game()
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "thousand", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert "state" not in data and data["final"]["over"]
    out = subprocess.run([sys.executable, "-m", "thousand", "simulate", "--game", "dice",
                          "--players", "2", "--bots", "optimal,threshold", "--games", "4",
                          "--seed", "2"], cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["errors"] == 0 and sum(data["wins"]) == 4
    bad = subprocess.run([sys.executable, "-m", "thousand", "simulate", "--game", "dice",
                          "--players", "2", "--bots", "optimal,random"], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown bot 'random'" in bad.stderr


def test_simulate_run_dice_statistics(capsys):
    args = SimpleNamespace(players=3, preset="p4", conventions=None, bots="threshold,optimal,threshold", games=6,
                           seed=4)
    assert run_dice(args) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("wins", "turns_per_game", "mean_turn_score", "bolts", "falls", "dump_trucks",
                "errors"):
        assert key in data
    assert data["errors"] == 0 and data["unfinished_games"] == 0 and sum(data["wins"]) >= 6
    with pytest.raises(BadInput):
        run_dice(SimpleNamespace(players=2, preset=None, conventions=None, bots="optimal", games=1, seed=1))
    with pytest.raises(BadInput):
        run_dice(SimpleNamespace(players=9, preset=None, conventions=None, bots=None, games=1, seed=1))


# --- score-keeper mode ------------------------------------------------------------------------------

def test_apply_turn_result_goes_through_the_same_resolution():
    s = setup(n=3, players={0: {"score": 100}, 1: {"score": 150}})
    s = game.apply_turn_result(conv(), s, 0, 100)
    assert score(s, 0) == 200 and score(s, 1) == 100          # overtaken
    s = game.apply_turn_result(conv(), s, 1, "zero")
    assert s["players"][1]["bolts"] == 1


def test_apply_turn_result_validation():
    s = setup(players={0: {"score": 100}})
    with pytest.raises(IllegalAction, match="multiple of 5"):
        game.apply_turn_result(None, s, 0, 12)
    with pytest.raises(IllegalAction, match="more than 0"):
        game.apply_turn_result(None, s, 0, 0)
    with pytest.raises(IllegalAction, match="whole number"):
        game.apply_turn_result(None, s, 0, 12.5)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        game.apply_turn_result(None, s, 1, 50)
    with pytest.raises(IllegalAction, match="not the game's"):
        game.apply_turn_result(conv("p4"), s, 0, 50)
    with pytest.raises(IllegalAction, match="five_of_a_kind_wins is off"):
        game.apply_turn_result(None, s, 0, "instant_win")
    rolled = game.apply(s, {"type": "roll", "seat": 0, "dice": [1, 2, 3, 4, 6]})
    with pytest.raises(IllegalAction, match="before its first roll"):
        game.apply_turn_result(None, rolled, 0, 50)
    s = setup(conv("p1"), players={0: {"score": 100}})
    assert game.apply_turn_result(None, s, 0, "instant_win")["winners"] == [0]


def test_apply_turn_result_dump_overshoot_and_win():
    assert score(take_turn(setup(players={0: {"score": 540}}), 15), 0) == 0
    s = take_turn(setup(conv("page_a_open"), players={0: {"score": 960}}), 45)
    assert s["players"][0]["dots"] == 1
    s = take_turn(setup(players={0: {"on_barrel": True}}), 150)
    assert s["winners"] == [0] and score(s, 0) == 1050


def test_an_entered_turn_is_bounded_by_what_a_turn_can_score():
    """§2.4.9 sets no limit on the rolls, but a turn has a goal: the barrel (§2.7.1, where more is
    capped away) or the finish (§2.8.1, where the turn ends by itself); it passes it on its last
    roll, by at most the best roll (five 1s: 1000, §2.3.2). Beyond that: refused, state unchanged."""
    s = setup(players={0: {"score": 100}})
    before = json.dumps(s, sort_keys=True)
    most, goal, kind = game.most_in_a_turn(conv(), s["turn"]["start"])
    assert (most, goal, kind) == (900 - 100 - 5 + 1000, 800, "barrel")
    for points in (most + 5, 10 ** 30):
        with pytest.raises(IllegalAction, match="more than a turn can score") as refused:
            game.apply_turn_result(None, s, 0, points)
        assert "at most 1795" in str(refused.value)
    assert json.dumps(s, sort_keys=True) == before
    assert score(game.apply_turn_result(None, s, 0, most), 0) == 900  # the cap (§2.7.1)
    # on the barrel the goal is the finish: 1000 - 900 = 100, plus one roll past it
    sitting = setup(players={0: {"score": 900, "on_barrel": True}})
    assert game.most_in_a_turn(conv(), sitting["turn"]["start"]) == (1095, 100, "finish")
    with pytest.raises(IllegalAction, match="finishes the game"):
        game.apply_turn_result(None, sitting, 0, 1100)
    assert game.apply_turn_result(None, sitting, 0, 1095)["winners"] == [0]


def test_the_best_roll_follows_the_scoring_conventions():
    """§2.3.2 and §3.2 five_of_a_kind: five 1s score 1000 (face × 100, or flat 1000); with
    four_of_a_kind face_x100 four 1s score 1000 too, still the most."""
    from thousand.dice.scoring import best_roll
    assert best_roll(conv()) == 1000
    assert best_roll({**conv(), "five_of_a_kind": "flat_1000"}) == 1000
