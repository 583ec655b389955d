"""Damaged files handed to `replay` and `legal` (card and dice records), `score` (score sheets) and
`simulate --conventions`: every one is answered with exit code 2 and one line on standard error
that names the fault, never a traceback (issue 8, item 4)."""
import copy
import json
import random
import re
from pathlib import Path

import pytest

from thousand.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
CARD_RECORD = json.loads((ROOT / "docs/examples/record-one-deal.json").read_text())
SHEET = json.loads(re.findall(r"```json\n(.*?)\n```",
                              (ROOT / "docs/score-sheet.md").read_text(), re.S)[0])
# a short dice game, written as the page writes it (docs/dice-records.md)
DICE_RECORD = {"format": "thousand-record", "version": 1, "game": "dice", "schema_version": 1,
               "preset": "classic", "overrides": {}, "players": 2, "seed": 7,
               "names": ["Ann", "Bob"],
               "actions": [{"type": "roll", "seat": 1}, {"type": "roll", "seat": 1},
                           {"type": "roll", "seat": 1}, {"type": "roll", "seat": 1},
                           {"type": "roll", "seat": 0, "dice": [2, 3, 4, 6, 6]},
                           {"type": "result", "seat": 1, "points": 75}]}
CONVENTIONS = {"preset": "classic", "overrides": {"golden_round": True}}

# command name -> (the arguments before the file, the arguments after it, a good file)
COMMANDS = {
    "replay-cards": (["replay"], [], CARD_RECORD),
    "replay-dice": (["replay"], [], DICE_RECORD),
    "legal-cards": (["legal", "--json"], [], CARD_RECORD),
    "legal-dice": (["legal", "--json"], [], DICE_RECORD),
    "score": (["score"], [], SHEET),
    "simulate": (["simulate", "--conventions"], ["--games", "1", "--seed", "3"], CONVENTIONS),
}


def run_on(capsys, tmp_path, command, content):
    """Run a command on a file holding `content` (bytes, text, or data written as JSON);
    returns (exit code, standard output, standard error)."""
    before, after, _ = COMMANDS[command]
    path = tmp_path / "file.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_text(json.dumps(content), encoding="utf-8", errors="surrogatepass")
    capsys.readouterr()
    code = main([*before, str(path), *after])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, tmp_path, command, content, *words):
    code, out, err = run_on(capsys, tmp_path, command, content)
    assert code == 2, (code, err)
    assert out == "" and err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("error: ") and "Traceback" not in err
    assert "could not be read (" not in err, f"only the catch-all caught it: {err}"
    for w in words:
        assert w in err, err
    return err


def edited(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize("command", COMMANDS)
def test_the_good_files_are_read(capsys, tmp_path, command):
    code, out, err = run_on(capsys, tmp_path, command, COMMANDS[command][2])
    assert code == 0, err
    assert isinstance(json.loads(out), dict)


# --- damage to the text itself: the same for every command ------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
TEXT_DAMAGE = {
    "not UTF-8": (b'{"format": "thousand-record", "names": ["\xff\xfe"]}', "not UTF-8 text"),
    "Latin-1 name": ('{"players": ["Ann"]}'.encode("utf-8").replace(b"Ann", "Zoë".encode("latin-1")),
                     "not UTF-8 text"),
    "nested 100,000 deep": (DEEP, "nested too deeply"),
    "nested 100,000 deep in an object": ('{"a": ' + DEEP + "}", "nested too deeply"),
    "nested 40 deep": ('{"note": ' + "[" * 40 + "]" * 40 + "}", "nested more than 32 deep"),
    "a 5,000-digit number": ('{"version": ' + "7" * 5000 + "}", "a number too long to read"),
    "a 4,000-digit number": ('{"version": ' + "7" * 4000 + "}", "4000-digit number is beyond"),
    "NaN": ('{"version": NaN}', "NaN is not a JSON number"),
    "Infinity": ('{"version": -Infinity}', "-Infinity is not a JSON number"),
    "a float": ('{"version": 1.0}', "version: must be a whole number (got 1.0)"),
    "1e400": ('{"version": 1e400}', "must be a whole number (got inf)"),
    "half a surrogate pair": ('{"note": "\\ud800"}', "not Unicode text"),
    "half a surrogate pair in a field name": ('{"\\udc00": 1}', "a field name in it is not Unicode"),
    "empty": ("", "not valid JSON at line 1, column 1"),
    "cut short": ('{"format": "thousand-', "not valid JSON"),
    "two documents": ('{} {}', "not valid JSON at line 1, column 4: Extra data"),
}


@pytest.mark.parametrize("damage", TEXT_DAMAGE)
@pytest.mark.parametrize("command", COMMANDS)
def test_text_that_is_not_a_json_document(capsys, tmp_path, command, damage):
    content, words = TEXT_DAMAGE[damage]
    refused(capsys, tmp_path, command, content, "file.json", words)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_file(capsys, tmp_path, command):
    before, after, _ = COMMANDS[command]
    assert main([*before, str(tmp_path / "nope.json"), *after]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the" in err and "nope.json" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_directory_instead_of_a_file(capsys, tmp_path, command):
    before, after, _ = COMMANDS[command]
    assert main([*before, str(tmp_path), *after]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the" in err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("top", [[], "text", 3, None, True, [{}]])
def test_a_document_that_is_not_an_object(capsys, tmp_path, command, top):
    refused(capsys, tmp_path, command, top)


# --- damage to the fields: each command's own ---------------------------------------------------

def _set(path, value):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        data[last] = value
    return change


def _delete(path):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        del data[last]
    return change


HUGE = 10**30
FIELD_DAMAGE = {
    "replay-cards": [
        ("version true", _set(["version"], True), "version: must be a positive whole number"),
        ("version 1.0", _set(["version"], 1.0), "version: must be a whole number"),
        ("version text", _set(["version"], "1"), "version: must be a positive whole number"),
        ("a bid of 10^30", _set(["deals", 0, "actions", 1, "value"], HUGE),
         "deals[0].actions[1].value: a 31-digit number is beyond any game"),
        ("a seat of -10^30", _set(["deals", 0, "actions", 0, "seat"], -HUGE),
         "deals[0].actions[0].seat: a 31-digit number is beyond any game"),
        ("a seed of 2^64", _set(["seed"], 2**64), "seed: 18446744073709551616 is too big for a seed"),
        ("a seed of true", _set(["seed"], True), "seed: must be a whole number"),
        ("players true", _set(["players"], True), "players: says true"),
        ("players 3.0", _set(["players"], 3.0), "players: must be a whole number"),
        ("players 4 in a 3-player game", _set(["players"], 4), "players: says 4"),
        ("four names at three seats", _set(["names"], ["A", "B", "C", "D"]),
         "names: must be a list of 3 names"),
        ("a name that is a number", _set(["names"], ["A", "B", 3]), "names: must be a list"),
        ("four hands at three seats", lambda r: r["deals"][0]["hands"].append([]),
         "deals[0].hands: must be a list of 3 hands"),
        ("two talons at three seats", _set(["deals", 0, "talons"], [["JH"], ["JS", "9S"]]),
         "deals[0].talons: this is a 3-player record"),
        ("a seed and cards", _set(["deals", 0, "seed"], 5), "deals[0].hands: a deal gives either"),
        ("an unknown field in a deal", _set(["deals", 0, "colour"], "red"),
         "deals[0].colour: unknown field"),
        ("an unknown field in the head", _set(["colour"], "red"), "colour: unknown field"),
        ("first dealer true", _set(["first_dealer"], True), "first_dealer: must be a seat"),
        ("first dealer 5", _set(["first_dealer"], 5), "first_dealer: must be a seat"),
        ("deals an object", _set(["deals"], {}), "deals: must be a list"),
        ("a deal that is a list", _set(["deals", 0], []), "deals[0]: must be an object"),
        ("actions an object", _set(["deals", 0, "actions"], {}), "deals[0].actions: must be a list"),
        ("an action that is text", _set(["deals", 0, "actions", 0], "pass"), "deals[0].actions[0]"),
        ("an action without a type", _delete(["deals", 0, "actions", 0, "type"]),
         "deals[0].actions[0]"),
        ("a card that is a list", _set(["deals", 0, "actions", 12, "card"], ["AD"]),
         "deals[0].actions[12]"),
        ("a hand card that is a number", _set(["deals", 0, "hands", 0, 0], 7),
         "deals[0].hands[0]: unknown card code 7"),
        ("overrides a list", _set(["overrides"], [1]), "overrides"),
        ("an unknown convention", _set(["overrides"], {"golden_rounds": True}),
         "golden_rounds"),
        ("a convention of the wrong type", _set(["overrides"], {"golden_round": 1}),
         "overrides.golden_round: bool expected, got 1"),
        ("a convention of 10^30", _set(["overrides"], {"target_score": HUGE}),
         "overrides.target_score: a 31-digit number is beyond any game"),
        ("preset a number", _set(["preset"], 5), "preset"),
        ("format missing", _delete(["format"]), "format: must be 'thousand-record'"),
        ("a newer version", _set(["version"], 2), "newer version"),
    ],
    "replay-dice": [
        ("version true", _set(["version"], True), "version: must be a positive whole number"),
        ("a result of 10^30", _set(["actions", 5, "points"], HUGE),
         "actions[5].points: a 31-digit number is beyond any game"),
        ("a die of 10^30", _set(["actions", 4, "dice"], [2, 3, 4, 6, HUGE]),
         "actions[4].dice[4]: a 31-digit number is beyond any game"),
        ("a die of 7", _set(["actions", 4, "dice"], [2, 3, 4, 6, 7]), "actions[4]: illegal action"),
        ("a result of true", _set(["actions", 5, "points"], True), "actions[5]: illegal action"),
        ("a result of 75.0", _set(["actions", 5, "points"], 75.0),
         "actions[5].points: must be a whole number"),
        ("three names for two players", _set(["names"], ["A", "B", "C"]),
         "names: must be a list of 2 names"),
        ("players true", _set(["players"], True), "players: must be a whole number"),
        ("players 10^30", _set(["players"], HUGE), "players: a 31-digit number"),
        ("players 0", _set(["players"], 0), "players: must be a whole number from 1"),
        ("first player 2 of 2", _set(["first_player"], 2), "first_player: must be a seat from 0 to 1"),
        ("a seed of -2^64", _set(["seed"], -2**64), "seed: -18446744073709551616 is too big"),
        ("an action that is a number", _set(["actions", 0], 3), "actions[0]: must be an object"),
        ("a seat that is a list", _set(["actions", 0, "seat"], [1]), "actions[0]"),
        ("actions an object", _set(["actions"], {}), "actions: must be a list"),
        ("an unknown field", _set(["deals"], []), "deals: unknown field in a dice record"),
        ("a convention of 10^30", _set(["overrides"], {"target": HUGE}),
         "overrides.target: a 31-digit number is beyond any game"),
    ],
    "score": [
        ("version true", _set(["version"], True), "version: this program reads version 1 (got true)"),
        ("version 1.0", _set(["version"], 1.0), "version: must be a whole number"),
        ("a penalty of 10^30", _set(["deals", 2, "penalty", "amount"], HUGE),
         "deals[2].penalty.amount: a 31-digit number is beyond any game"),
        ("a penalty of true", _set(["deals", 2, "penalty", "amount"], True),
         "deals[2].penalty.amount: must be a non-negative integer"),
        ("a penalty of -120", _set(["deals", 2, "penalty", "amount"], -120),
         "deals[2].penalty.amount: must be a non-negative integer"),
        ("a penalty that is a list", _set(["deals", 2, "penalty"], [120]),
         "deals[2].penalty: must be an object"),
        ("a bid of 10^30", _set(["deals", 0, "bid"], HUGE), "deals[0].bid: a 31-digit number"),
        ("a bid of 100.0", _set(["deals", 0, "bid"], 100.0), "deals[0].bid: must be a whole number"),
        ("card points of 10^30", _set(["deals", 1, "card_points"], [HUGE, 0, 0]),
         "deals[1].card_points[0]: a 31-digit number"),
        ("four card points at three seats", _set(["deals", 1, "card_points"], [12, 88, 20, 0]),
         "deals[1].card_points: must be a list of 3 integers"),
        ("four trick counts at three seats", _set(["deals", 1, "tricks"], [1, 5, 2, 0]),
         "deals[1].tricks: must be a list of 3 trick counts"),
        ("four marriage lists at three seats",
         _set(["deals", 1, "marriages"], [[], [], [60], []]),
         "deals[1].marriages: must be a list of 3 lists"),
        ("four players in a 3-player sheet", _set(["players"], ["A", "B", "C", "D"]),
         "players: 4 names, but the conventions are for 3 players"),
        ("a talon in a 3-player sheet", _set(["deals", 1, "talon"], ["KH", "QH", "AS"]),
         "deals[1].talon"),
        ("a declarer of 10^30", _set(["deals", 0, "declarer"], HUGE), "deals[0].declarer"),
        ("a declarer true", _set(["deals", 0, "declarer"], True), "deals[0].declarer: must be a seat"),
        ("a dealer list", _set(["deals", 0, "dealer"], [0]), "deals[0].dealer"),
        ("first dealer 3", _set(["first_dealer"], 3), "first_dealer: must be a seat"),
        ("a player named 3", _set(["players", 0], 3), "players: must be a list of names"),
        ("deals an object", _set(["deals"], {}), "deals: must be a list"),
        ("a deal that is a list", _set(["deals", 0], []), "deals[0]: must be an object"),
        ("an outcome of 1", _set(["deals", 0, "outcome"], 1), "deals[0].outcome"),
        ("a note that is a list", _set(["deals", 0, "note"], ["x"]), "deals[0].note: must be text"),
        ("dark 1", _set(["deals", 0, "dark"], 1), "deals[0].dark: must be true or false"),
        ("overrides a list", _set(["overrides"], [1]), "overrides"),
        ("a convention of 10^30", _set(["overrides"], {"cross_rule": HUGE}),
         "overrides.cross_rule: a 31-digit number"),
        ("an unknown field", _set(["colour"], "red"), "colour: unknown field"),
    ],
    "simulate": [
        ("schema version true", _set(["schema_version"], True), "schema_version"),
        ("a convention of 10^30", _set(["overrides"], {"target_score": HUGE}),
         "overrides.target_score: a 31-digit number is beyond any game"),
        ("a convention of the wrong type", _set(["overrides"], {"golden_round": "yes"}),
         "golden_round: bool expected"),
        ("an unknown convention", _set(["overrides"], {"golden_rounds": True}), "golden_rounds"),
        ("an unknown preset", _set(["preset"], "pocker"), "unknown preset 'pocker'"),
        ("a preset that is a list", _set(["preset"], ["classic"]), "unknown preset"),
        ("a dice game's settings", _set(["game"], "dice"), "these settings are for another game"),
        ("overrides a list", _set(["overrides"], [1]), "overrides: must be an object"),
        ("an unknown field", _set(["colour"], "red"), "unknown field 'colour'"),
        ("a flat set with a wrong value", lambda c: c.clear() or c.update({"dark_bidding": 1}),
         "dark_bidding: bool expected, got 1"),
    ],
}


@pytest.mark.parametrize("command, name, change, words", [
    (command, name, change, words) for command, cases in FIELD_DAMAGE.items()
    for name, change, words in cases], ids=lambda x: x if isinstance(x, str) else "")
def test_a_damaged_field_is_named(capsys, tmp_path, command, name, change, words):
    refused(capsys, tmp_path, command, edited(COMMANDS[command][2], change), words)


def test_simulate_conventions_for_another_player_count(capsys, tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"preset": "two_players"}))
    assert main(["simulate", "--conventions", str(path), "--players", "3", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--players: the conventions in" in err and "for 2 players" in err


def test_simulate_dice_reads_a_conventions_file(capsys, tmp_path):
    path = tmp_path / "dice.json"
    path.write_text(json.dumps({"preset": "classic", "overrides": {"target": HUGE}}))
    assert main(["simulate", "--game", "dice", "--conventions", str(path), "--players", "2",
                 "--games", "1"]) == 2
    assert "overrides.target: a 31-digit number" in capsys.readouterr().err
    path.write_text(json.dumps({"game": "dice", "preset": "classic", "overrides": {}}))
    assert main(["simulate", "--game", "dice", "--conventions", str(path), "--players", "2",
                 "--games", "2", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "dice" and sum(out["wins"]) == 2


@pytest.mark.parametrize("args, words", [
    (["--players", "7"], "--players: the card game has 2, 3 or 4 players"),
    (["--players", "0"], "--players: the card game has 2, 3 or 4 players"),
    (["--games", "0"], "--games: must be at least 1"),
    (["--seed", str(2**64)], "--seed: must be below 2**64"),
    (["--game", "dice", "--players", "9"], "--players: the dice game has 1 to 8 players"),
    (["--bots", "heuristic"], "--bots: 3 players need 3 bots"),
])
def test_simulate_refuses_numbers_out_of_range(capsys, args, words):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_score_reads_standard_input_that_is_not_utf8(capsys, monkeypatch):
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"players": ["\xe9"]}')))
    assert main(["score", "-"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "-: the score sheet is not UTF-8 text" in err


def test_a_byte_order_mark_is_no_damage(capsys, tmp_path):
    code, out, err = run_on(capsys, tmp_path, "score",
                            b"\xef\xbb\xbf" + json.dumps(SHEET).encode("utf-8"))
    assert code == 0, err


# --- the catch-all: a cause not yet refused in words still gives one line --------------------

def test_an_unexpected_error_while_reading_a_file_is_one_line(capsys, tmp_path, monkeypatch):
    from thousand.cards import record
    monkeypatch.setattr(record, "replay", lambda data: {}["boom"])
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(CARD_RECORD))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {path}: could not be read (KeyError: 'boom')")
    assert "please report this with the file" in err


def test_an_unexpected_error_without_a_file_is_a_bug_in_one_line(capsys, monkeypatch):
    from thousand.matches import card_games
    monkeypatch.setattr(card_games, "simulate", lambda *a: 1 / 0)
    assert main(["simulate", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "simulate stopped (ZeroDivisionError" in err
    assert "this is a bug in Thousand" in err


# --- random damage anywhere in the good files -------------------------------------------------

VALUES = [None, True, False, 0, -1, 1, 2, 3, 7, 120, HUGE, -HUGE, 2**64, 1.5, 2.0, "", "x", "AH",
          "\ud800", [], [1], [[]], {}, {"type": "pass"}, {"a": 1}]


def _paths(data, path=()):
    yield path
    items = data.items() if isinstance(data, dict) else \
        enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _paths(value, path + (key,))


@pytest.mark.parametrize("command", COMMANDS)
def test_random_damage_never_crashes(capsys, tmp_path, command):
    good = COMMANDS[command][2]
    paths = [p for p in _paths(good) if p]
    rnd = random.Random(f"files-{command}")
    for _ in range(40 if command == "simulate" else 300):
        doc = copy.deepcopy(good)
        for _ in range(rnd.choice((1, 1, 2, 3))):
            path = rnd.choice(paths)
            try:
                if rnd.random() < 0.25:
                    _delete(list(path))(doc)
                else:
                    _set(list(path), copy.deepcopy(rnd.choice(VALUES)))(doc)
            except (KeyError, IndexError, TypeError):
                continue  # that path went with an earlier change
        code, out, err = run_on(capsys, tmp_path, command, doc)
        assert code in (0, 2), (code, err, doc)
        if code == 2:
            assert out == "" and err.count("\n") == 1 and err.startswith("error: "), err
            assert "could not be read (" not in err, (err, doc)
        else:
            assert err == "" and isinstance(json.loads(out), dict)
