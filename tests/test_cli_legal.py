"""`python -m thousand legal RECORD.json [--json]` (the position after a record's last action and
the legal actions there) and `python -m thousand conventions --game dice [--preset NAME]`.

Records are made here by playing the engine and logging each action with the record module; what
the command prints is compared with the live state the test played, never with a fixed list."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from thousand.cards import game as cards_game
from thousand.cards import record as cards_record
from thousand.cards.catalogue import CATALOGUE as CARDS
from thousand.dice import game as dice_game
from thousand.dice import record as dice_record
from thousand.dice.catalogue import CATALOGUE as DICE

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Анна", "Boris", "Vera"]


def run(*args):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # names in any alphabet, as they are
    return subprocess.run([sys.executable, "-m", "thousand", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def refused(out, *words):
    assert out.returncode == 2, out
    assert out.stdout == "" and "Traceback" not in out.stderr
    line = out.stderr.strip()
    assert line.count("\n") == 0, line
    for w in words:
        assert w in line, line
    return line


def write(tmp_path, data):
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False),
                    encoding="utf-8")
    return str(path)


# --- records played here ---------------------------------------------------------------------

def card_game(steps: int, seed: int = 5, preset: str = "classic", names=NAMES, until=None):
    """A card record of `steps` actions chosen at random among the legal ones (or fewer: up to the
    first state `until` accepts), and the live state after them."""
    conv = CARDS.resolve(preset)
    state = cards_game.new_game(conv, seed, 0)
    rec = cards_record.new_record(conv, preset=preset, seed=seed, first_dealer=0, names=names)
    pick = random.Random(seed)
    for _ in range(steps):
        if until is not None and until(state):
            return rec, state
        action = pick.choice(cards_game.legal_actions(state))
        before, state = state, cards_game.apply(state, action)
        cards_record.log_action(rec, before, action, state)
    if until is not None and not until(state):
        raise AssertionError(f"no such position within {steps} actions")
    return rec, state


def card_game_until(phase: str, trick: int, seed: int = 5):
    """A card record played until `phase` with `trick` cards on the table (a later deal if the
    first ends first)."""
    def there(state):
        return state["phase"] == phase and (phase != "play" or len(state["deal"]["trick"]) == trick)
    return card_game(400, seed, until=there)


def dice_game_of(steps: int, seed: int = 3, preset: str = "classic", players: int = 3):
    conv = DICE.resolve(preset)
    state = dice_game.new_game(conv, seed, players)
    rec = dice_record.new_record(conv, players=players, preset=preset, seed=seed,
                                 names=NAMES[:players])
    pick = random.Random(seed)
    for _ in range(steps):
        action = pick.choice(dice_game.legal_actions(state))
        state = dice_game.apply(state, action)
        dice_record.log_action(rec, action)
    return rec, state


def legal_lines(text: str) -> list:
    """The legal actions of the text output: one JSON action a line after 'Legal actions (n):'."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Legal actions"))
    return [json.loads(line) for line in lines[head + 1:]]


def line_of(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


# --- conventions --game dice -----------------------------------------------------------------

def test_conventions_game_dice_lists_the_dice_catalogue():
    out = run("conventions", "--game", "dice")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    ids = [c["id"] for g in data["groups"] for c in g["conventions"]]
    assert "pit_ranges" in ids and "dump_truck" in ids and "player_count" not in ids
    assert "p3" in data["presets"] and "page_a_open" in data["presets"]
    assert ids == DICE.ids() and data["presets"] == DICE.preset_names()
    assert data["groups"] == json.loads(json.dumps(DICE.describe()))


def test_conventions_game_cards_is_the_default():
    assert run("conventions", "--game", "cards").stdout == run("conventions").stdout
    data = json.loads(run("conventions").stdout)
    assert data["presets"] == CARDS.preset_names()


@pytest.mark.parametrize("preset", ["classic", "p1", "page_a_open"])
def test_conventions_game_dice_preset_prints_its_values(preset):
    out = run("conventions", "--game", "dice", "--preset", preset)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == DICE.resolve(preset)


def test_dice_classic_is_not_the_card_classic():
    dice = json.loads(run("conventions", "--game", "dice", "--preset", "classic").stdout)
    cards = json.loads(run("conventions", "--preset", "classic").stdout)
    assert dice == DICE.resolve("classic") and cards == CARDS.resolve("classic")
    assert set(dice) != set(cards)


def test_conventions_unknown_dice_preset_is_one_line():
    line = refused(run("conventions", "--game", "dice", "--preset", "two_players"),
                   "unknown preset 'two_players'")
    assert all(name in line for name in DICE.preset_names())


def test_conventions_unknown_game_is_one_line():
    refused(run("conventions", "--game", "chess"), "--game", "unknown game 'chess'",
            "cards, dice")


# --- legal: card records ---------------------------------------------------------------------

@pytest.mark.parametrize("phase, trick", [("bidding", 0), ("play", 0), ("play", 2)])
def test_legal_prints_the_phase_and_the_engines_legal_actions(tmp_path, phase, trick):
    rec, live = card_game_until(phase, trick)
    out = run("legal", write(tmp_path, rec))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert line_of(text, "Phase:") == f"Phase: {live['phase']}"
    seat = cards_game.to_act(live)
    assert line_of(text, "To act:") == f"To act: seat {seat} ({NAMES[seat]})"
    assert line_of(text, "Dealer:") == f"Dealer: seat {live['deal']['dealer']} " \
                                       f"({NAMES[live['deal']['dealer']]})"
    assert legal_lines(text) == cards_game.legal_actions(live)
    if trick:
        shown = line_of(text, "Trick on the table:")
        for s, card in live["deal"]["trick"]:
            assert f"{card} by seat {s} ({NAMES[s]})" in shown


def test_legal_json_is_one_object_with_the_position(tmp_path):
    rec, live = card_game_until("play", 1)
    out = run("legal", "--json", write(tmp_path, rec))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    d = live["deal"]
    assert data["game"] == "cards" and data["phase"] == live["phase"] == "play"
    assert data["to_act"] == {"seat": cards_game.to_act(live),
                              "name": NAMES[cards_game.to_act(live)]}
    assert data["dealer"]["seat"] == d["dealer"]
    assert data["bidding"]["declarer"] == d["declarer"] and data["bidding"]["bid"] == d["bid"]
    assert data["bidding"]["contract"] == d["contract"]
    assert data["trump"] == d["trump"]
    assert [[t["seat"], t["card"]] for t in data["trick"]] == d["trick"]
    assert [row["total"] for row in data["scores"]] == live["score"]["totals"]
    assert [row["bolts"] for row in data["scores"]] == live["score"]["bolts"]
    assert [row["barrel"] for row in data["scores"]] == live["score"]["barrel"]
    assert data["legal"] == cards_game.legal_actions(live)
    assert data["deals"] == len(rec["deals"])


def test_legal_after_several_deals_shows_the_scores(tmp_path):
    rec, live = card_game(120, seed=2)
    assert live["score"]["deals_settled"] >= 1 and any(live["score"]["totals"])
    data = json.loads(run("legal", "--json", write(tmp_path, rec)).stdout)
    assert [row["total"] for row in data["scores"]] == live["score"]["totals"]
    assert data["phase"] == live["phase"] and data["legal"] == cards_game.legal_actions(live)
    text = run("legal", write(tmp_path, rec)).stdout
    for seat, total in enumerate(live["score"]["totals"]):
        assert f"seat {seat} ({NAMES[seat]}): {total}," in text


def test_legal_without_names_and_at_game_over(tmp_path):
    # a whole Classic game (no names); random play seldom ends a game, so the example is used
    path = ROOT / "docs/examples/record-classic-game.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert "names" not in rec
    conv, live = cards_record.start(rec)
    for entry in rec["deals"]:
        live = cards_game.begin_deal(live, seed=entry["seed"])
        for action in entry["actions"]:
            live = cards_game.apply(live, action)
    assert live["phase"] == "game_over"
    out = run("legal", str(path))
    assert out.returncode == 0, out.stderr
    assert line_of(out.stdout, "Phase:") == "Phase: game_over"
    assert "Legal actions: none" in out.stdout and "(" not in line_of(out.stdout, "Dealer:")
    winners = ", ".join(f"seat {w}" for w in live["score"]["winners"])
    assert line_of(out.stdout, "Game over") == f"Game over; won by {winners}"
    data = json.loads(run("legal", "--json", str(path)).stdout)
    assert data["legal"] == [] and data["winners"] == live["score"]["winners"]
    assert [row["total"] for row in data["scores"]] == live["score"]["totals"]


def test_legal_refuses_a_file_that_is_not_json(tmp_path):
    refused(run("legal", write(tmp_path, '{"format": "thousand-record", ')), "not valid JSON")


def test_legal_refuses_an_illegal_action_naming_it(tmp_path):
    rec, live = card_game_until("play", 0)
    wrong = next(c for c in ("AH", "TH", "KH", "QH", "JH", "9H")
                 if {"type": "play", "seat": cards_game.to_act(live), "card": c}
                 not in cards_game.legal_actions(live))
    rec["deals"][-1]["actions"].append({"type": "play", "seat": cards_game.to_act(live),
                                        "card": wrong})
    at = len(rec["deals"][-1]["actions"]) - 1
    path = write(tmp_path, rec)
    line = refused(run("legal", path), f"deals[{len(rec['deals']) - 1}].actions[{at}]",
                   "illegal action")
    # exactly the line `replay` gives for the same record
    assert line == run("replay", path).stderr.strip()
    refused(run("legal", "--json", path), "illegal action")


def test_legal_refuses_a_missing_file(tmp_path):
    refused(run("legal", str(tmp_path / "nope.json")), "cannot read the record")


# --- legal: dice records ---------------------------------------------------------------------

@pytest.mark.parametrize("steps", [0, 1, 9])
def test_legal_dice_record(tmp_path, steps):
    rec, live = dice_game_of(steps)
    path = write(tmp_path, rec)
    out = run("legal", path)
    assert out.returncode == 0, out.stderr
    assert line_of(out.stdout, "Phase:") == f"Phase: {live['phase']}"
    seat = dice_game.to_act(live)
    assert line_of(out.stdout, "To act:") == f"To act: seat {seat} ({NAMES[seat]})"
    assert legal_lines(out.stdout) == dice_game.legal_actions(live)
    data = json.loads(run("legal", "--json", path).stdout)
    assert data["game"] == "dice" and data["legal"] == dice_game.legal_actions(live)
    assert [row["score"] for row in data["scores"]] == [p["score"] for p in live["players"]]
    assert [row["bolts"] for row in data["scores"]] == [p["bolts"] for p in live["players"]]
    assert data["turn"]["points"] == live["turn"]["T"]


def test_legal_dice_keep_choice_lists_the_options(tmp_path):
    # set_aside = choose (page_b): after a scoring roll the player picks the dice to keep
    for steps in range(1, 50):
        rec, live = dice_game_of(steps, preset="page_b", seed=6)
        if live["turn"]["stage"] == "keep":
            break
    else:
        raise AssertionError("no keep choice reached")
    data = json.loads(run("legal", "--json", write(tmp_path, rec)).stdout)
    assert data["turn"]["pending"] == live["turn"]["pending"]["dice"]
    assert data["legal"] == dice_game.legal_actions(live)
    assert {a["type"] for a in data["legal"]} == {"keep"}


def test_legal_refuses_an_illegal_dice_action(tmp_path):
    rec, live = dice_game_of(0)
    rec["actions"].append({"type": "stop", "seat": dice_game.to_act(live)})
    refused(run("legal", write(tmp_path, rec)), "actions[0]", "illegal action")
