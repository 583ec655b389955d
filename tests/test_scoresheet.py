"""Score sheets for real-card games (thousand.cards.scoresheet, `python -m thousand score`,
docs/score-sheet.md)."""
import json
import pathlib
import re

import pytest

from thousand.__main__ import main
from thousand.cards.scoresheet import score_sheet
from thousand.errors import BadInput

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "score-sheet.md"


def sheet(deals, players=("Anna", "Boris", "Vera"), **top):
    s = {"format": "thousand-score-sheet", "version": 1, "players": list(players), "deals": deals}
    s.update(top)
    return s


def deal(declarer, bid, cp, tricks, marriages=None, **kw):
    d = {"declarer": declarer, "bid": bid, "card_points": cp, "tricks": tricks}
    if marriages:
        d["marriages"] = marriages
    d.update(kw)
    return d


def bad(s):
    with pytest.raises(BadInput) as e:
        score_sheet(s)
    return str(e.value)


def test_score_sheet_scores_deals_in_order_with_rotation_names_and_penalties():
    out = score_sheet(sheet([
        deal("Boris", 100, [35, 70, 15], [2, 5, 1], [[], [40], []]),
        {"penalty": {"seat": 2, "amount": 120, "reason": "cutter_nine"}},
        deal(0, 120, [60, 40, 20], [4, 3, 1], [[60], [], []], contract=120),
    ]))
    assert [r["dealer"] for r in out["rows"]] == [0, None, 1]
    assert [r["totals"] for r in out["rows"]] == [[35, 100, 15], [35, 100, -105], [155, 140, -85]]
    assert out["rows"][1]["outcome"] == "penalty" and out["rows"][1]["entry"] == 1
    assert out["final"]["totals"] == [155, 140, -85] and out["final"]["next_dealer"] == 2
    assert out["conventions"] == {"preset": "classic", "overrides": {}}
    assert out["final"]["winners"] == [] and out["final"]["over"] is False


def test_score_sheet_first_dealer_by_name_and_dealer_mismatch():
    out = score_sheet(sheet([deal("Anna", 100, [100, 10, 10], [6, 1, 1])], first_dealer="Vera"))
    assert out["rows"][0]["dealer"] == 2
    msg = bad(sheet([deal(1, 100, [10, 100, 10], [1, 6, 1], dealer="Vera")]))
    assert msg.startswith("deals[0].dealer: the dealer of this deal is Anna (seat 0)")


def test_score_sheet_validation_message_names_the_deal():
    msg = bad(sheet([deal(1, 100, [10, 100, 10], [1, 6, 1]), deal(1, 100, [20, 80, 18], [2, 5, 1])]))
    assert msg == "deals[1].card_points: must total 120 for a played deal (got 118)"


def test_score_sheet_refuses_deals_after_the_game_ended():
    big = deal("Boris", 300, [10, 100, 10], [1, 6, 1], [[], [100, 80, 60], []])
    s = sheet([big] * 5, overrides={"barrel": False})
    assert bad(s) == "deals[4]: the game ended at deal 4; nothing can follow it"
    out = score_sheet(dict(s, deals=[big] * 4))
    assert out["final"]["over"] and out["final"]["winners"] == ["Boris"]
    assert out["final"]["totals"] == [40, 1200, 40] and out["final"]["next_dealer"] is None
    assert out["rows"][-1]["marks"][1] == ["made", "winner"] and out["rows"][-1]["winners"] == [1]


def test_score_sheet_five_oh_one_preset_winner():
    big = deal("Boris", 300, [10, 100, 10], [1, 6, 1], [[], [80, 60, 40, 20], []])
    out = score_sheet(sheet([big, big], preset="five_oh_one"))
    assert out["final"]["winners"] == ["Boris"] and out["final"]["totals"] == [20, 600, 20]


def test_score_sheet_golden_deals_are_derived_and_need_no_declarer():
    out = score_sheet(sheet([{"card_points": [15, 80, 25], "tricks": [1, 6, 1], "marriages": [[], [40], []]}],
                            overrides={"golden_round": True}))
    row = out["rows"][0]
    assert row["golden"] and row["declarer"] == 1 and row["contract"] == 120
    assert row["results"] == [30, 240, 50]
    msg = bad(sheet([{"card_points": [15, 80, 25], "tricks": [1, 6, 1], "golden": False}],
                    overrides={"golden_round": True}))
    assert msg.startswith("deals[0].golden: this deal is a golden deal")


def test_score_sheet_obligatory_game_derived_sec4_9_2():
    boris_300 = deal("Boris", 300, [10, 100, 10], [1, 6, 1], [[], [100, 80, 60], []])
    anna_100 = deal("Anna", 100, [100, 10, 10], [6, 1, 1])
    deals = [boris_300, boris_300, boris_300,  # 900 → on the barrel at 880
             anna_100,                         # his one attempt: falls to 760
             boris_300, anna_100,              # second barrel, second fall
             boris_300,                        # third barrel: the next deal is obligatory
             {"card_points": [40, 60, 20], "tricks": [3, 4, 1]}]
    out = score_sheet(sheet(deals, overrides={"barrel_obligatory_game": True, "barrel_attempts": 1}))
    last = out["rows"][-1]
    assert last["obligatory"] and last["declarer"] == 1 and last["contract"] == 120
    assert last["marks"][1] == ["failed", "barrel_fall", "barrel_reset"]
    assert out["final"]["totals"][1] == 0 and out["final"]["barrel"][1]["falls"] == 0


def test_score_sheet_four_players_with_talon():
    out = score_sheet(sheet([deal("B", 100, [0, 100, 10, 10], [0, 6, 1, 1], talon=["KH", "QH", "AS"])],
                            players=["A", "B", "C", "D"], preset="four_players"))
    assert out["rows"][0]["results"] == [120, 100, 10, 10]
    assert out["rows"][0]["marks"][0] == ["rest"]


def test_score_sheet_conventions_full_dict_and_saved_settings():
    from thousand.cards.catalogue import CATALOGUE
    full = CATALOGUE.resolve("classic", {"dump_truck": "off"})
    out = score_sheet(sheet([], conventions=full))
    assert out["conventions"] == {"preset": "classic", "overrides": {"dump_truck": "off"}}
    saved = CATALOGUE.to_json(full, "classic")
    out = score_sheet(sheet([], conventions=saved))
    assert out["conventions"]["overrides"] == {"dump_truck": "off"}


def test_score_sheet_refusals_name_the_field():
    assert bad({"format": "thousand-score-sheet", "version": 1}).startswith("players: missing")
    assert bad(sheet([], players=["A", "B"])).startswith("players: 2 names, but the conventions are for 3")
    assert bad(sheet([], players=["A", "A", "B"])) == "players: two players have the same name"
    assert bad(sheet([], preset="nope")).startswith("preset: unknown preset 'nope'")
    assert bad(sheet([], overrides={"barrel_modee": "x"})) == "overrides.barrel_modee: unknown convention 'barrel_modee'"
    assert bad(sheet([], overrides={"bolt_count": 9})).startswith("overrides.bolt_count:")
    assert bad(sheet([], format="other")).startswith("format:")
    assert bad(sheet([], version=2)).startswith("version:")
    assert bad(sheet([], colour="red")).startswith("colour: unknown field")
    assert bad(sheet([{"declarer": 1, "bid": 100, "cardpoints": [1]}])).startswith("deals[0].cardpoints: unknown field")
    assert bad(sheet([{"penalty": {"seat": "Zoe", "amount": 120}}])).startswith("deals[0].penalty.seat:")
    assert bad(sheet([deal("Zoe", 100, [10, 100, 10], [1, 6, 1])])).startswith("deals[0].declarer:")
    assert bad(sheet([], first_dealer=5)).startswith("first_dealer:")
    assert bad(sheet([7])).startswith("deals[0]: must be an object")
    assert bad(sheet([], conventions={}, preset="classic")).startswith("conventions: give either")


def test_score_sheet_does_not_change_the_sheet():
    s = sheet([deal("Boris", 100, [35, 70, 15], [2, 5, 1], [[], [40], []])])
    before = json.dumps(s, sort_keys=True)
    score_sheet(s)
    assert json.dumps(s, sort_keys=True) == before


def _doc_blocks():
    text = DOC.read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", text, re.S)]


def test_score_sheet_doc_example_output_is_exact():
    example, output = _doc_blocks()
    assert score_sheet(example) == output
    assert output["final"]["totals"] == [-100, 50, 215]


def test_score_cli_prints_json_with_indent_2(tmp_path, capsys):
    example, output = _doc_blocks()
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(example), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    assert json.loads(text) == output
    assert text.startswith('{\n  "players": [\n    "Anna"')


def test_score_cli_bad_json_exit_2_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "thousand-score-sheet",\n  "version": 1,,\n}', encoding="utf-8")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 2, column 16" in err and "Traceback" not in err


def test_score_cli_missing_file_and_bad_sheet_exit_2(tmp_path, capsys):
    assert main(["score", str(tmp_path / "none.json")]) == 2
    assert "cannot read the score sheet" in capsys.readouterr().err
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sheet([deal(1, 100, [20, 80, 18], [2, 5, 1])])), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err == "error: deals[0].card_points: must total 120 for a played deal (got 118)\n"


def test_score_parse_sheet_reports_line_and_column():
    from thousand.cards.scoresheet import parse_sheet
    assert parse_sheet('{"a": [1]}') == {"a": [1]}
    with pytest.raises(BadInput) as e:
        parse_sheet('{\n "a": ]\n}', "friday.json")
    assert str(e.value) == "friday.json: not valid JSON at line 2, column 7: Expecting value"
