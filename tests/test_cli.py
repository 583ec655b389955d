"""`python -m thousand replay / simulate / conventions`: JSON out, and bad input refused with one
line naming the field or action, exit code 2, never a traceback."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs/examples/record-one-deal.json"


def run(*args):
    return subprocess.run([sys.executable, "-m", "thousand", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def refused(tmp_path, data, *words):
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    out = run("replay", str(path))
    assert out.returncode == 2, out
    assert "Traceback" not in out.stderr and out.stdout == ""
    line = out.stderr.strip()
    assert line.count("\n") == 0
    for w in words:
        assert w in line, line
    return line


def test_replay_prints_each_deal_and_the_final_scores():
    out = run("replay", str(EXAMPLE))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deals"][0]["contract"] == 170 and data["final"]["totals"] == [170, 0, 0]


def test_replay_bad_json(tmp_path):
    refused(tmp_path, '{"format": "thousand-record", ', "not valid JSON", "line 1")


def test_replay_unknown_card_code(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["deals"][0]["hands"][1][0] = "XH"
    refused(tmp_path, rec, "deals[0].hands[1]", "unknown card code 'XH'")


def test_replay_duplicate_card(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["deals"][0]["talon"][0] = "AH"
    refused(tmp_path, rec, "deals[0].talon", "duplicate card AH")


def test_replay_wrong_card_count(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["deals"][0]["hands"][0] = rec["deals"][0]["hands"][0][:6]
    refused(tmp_path, rec, "deals[0].hands[0]", "must hold 7 cards")


def test_replay_illegal_action_names_its_index(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["deals"][0]["actions"][3] = {"type": "bid", "seat": 0, "value": 112}
    refused(tmp_path, rec, "deals[0].actions[3]", "illegal action")


def test_replay_unknown_convention(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["overrides"] = {"golden_goose": True}
    refused(tmp_path, rec, "overrides", "unknown convention 'golden_goose'")


def test_replay_newer_version_is_refused_in_words(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["version"] = 9
    refused(tmp_path, rec, "version", "newer version")


def test_replay_missing_file(tmp_path):
    out = run("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_plays_whole_games_without_errors(players):
    bots = ",".join(["heuristic"] * (players - 1) + ["random"])
    out = run("simulate", "--players", str(players), "--bots", bots, "--games", "3", "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["errors"] == 0 and data["unfinished_games"] == 0
    assert sum(data["wins"]) >= 3 and len(data["wins"]) == players
    for key in ("deals_per_game", "declarer_make_rate", "bolts", "barrel_falls", "dump_trucks",
                "write_offs"):
        assert key in data


def test_simulate_refuses_an_unknown_bot():
    out = run("simulate", "--bots", "heuristic,genius,random")
    assert out.returncode == 2 and "unknown bot 'genius'" in out.stderr


def test_conventions_lists_the_catalogue_and_a_preset():
    data = json.loads(run("conventions").stdout)
    assert len(data["presets"]) == 14 and sum(len(g["conventions"]) for g in data["groups"]) == 103
    assert json.loads(run("conventions", "--preset", "two_players").stdout)["player_count"] == 2


@pytest.mark.parametrize("args,words", [
    (("simulate", "--game", "chess"), "invalid choice: 'chess'"),
    (("tournament", "--bots", "strong,heuristic", "--mode", "sets"), "invalid choice: 'sets'"),
    (("nonsense",), "invalid choice: 'nonsense'"),
    (("simulate", "--games"), "expected one argument"),
    (("replay",), "the following arguments are required: record"),
])
def test_a_command_line_argparse_refuses_is_one_line(args, words):
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and words in out.stderr
