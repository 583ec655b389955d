"""A game carried on from paper (issue 12 item 6): the `start` object of score sheets, card and
dice records, and both engines (thousand.cards.paper, thousand.dice.paper; docs/score-sheet.md,
docs/records.md, docs/dice-records.md). Tests are named by the rule the carried-on position meets
first: the engine must go on from the paper exactly as it would have from its own score."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from test_dice_support import conv as dice_conv
from thousand.bots import make_bot, make_dice_bot
from thousand.cards import game, record
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.scoresheet import score_sheet
from thousand.cards.views import seat_view
from thousand.dice import game as dice_game
from thousand.dice import record as dice_record
from thousand.dice.views import seat_view as dice_seat_view
from thousand.errors import BadInput, IllegalAction

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Anna", "Boris", "Vera"]


def sheet(start, deals=(), **top):
    s = {"format": "thousand-score-sheet", "version": 1, "players": list(NAMES),
         "start": start, "deals": list(deals)}
    s.update(top)
    return s


def players(*totals, **extra):
    """A start's player list: totals in seat order; extra={seat: {field: value}}."""
    out = [{"total": t} for t in totals]
    for seat, fields in extra.items():
        out[int(seat[1:])].update(fields)
    return {"players": out}


def deal(declarer, bid, cp, tricks, **kw):
    return {"declarer": declarer, "bid": bid, "card_points": cp, "tricks": tricks, **kw}


def refused(s, where, *words):
    with pytest.raises(BadInput) as err:
        score_sheet(s)
    assert err.value.where == where, str(err.value)
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


# --- card game: the score goes on from the paper ---------------------------------------------

def test_R70_without_start_every_score_is_0_and_with_it_the_totals_go_on_from_the_paper():
    bare = {k: v for k, v in sheet(None, [deal(0, 100, [100, 20, 0], [6, 2, 0])]).items()
            if k != "start"}
    plain = score_sheet(bare)
    assert plain["rows"][0]["totals"] == [100, 20, 0] and "start" not in plain
    out = score_sheet(sheet({**players(340, 500, -120), "deals": 14},
                            [deal(0, 100, [100, 20, 0], [6, 2, 0])]))
    assert out["rows"][0]["totals"] == [440, 520, -120]
    assert out["rows"][0]["changes"] == [100, 20, 0]
    assert out["rows"][0]["deal"] == 15  # numbered after the 14 deals played on paper
    assert out["start"]["totals"] == [340, 500, -120] and out["start"]["deals"] == 14
    assert out["final"]["next_dealer"] == 1


def test_R54_two_bolts_from_paper_and_one_more_bolt_gives_the_bolt_penalty():
    out = score_sheet(sheet(players(340, 200, 100, p0={"bolts": 2}),
                            [deal(1, 100, [0, 100, 20], [0, 6, 2])]))
    row = out["rows"][0]
    assert row["totals"] == [340 - 120, 300, 120]
    assert row["marks"][0] == ["bolt", "bolt_penalty"]
    assert out["final"]["bolts"] == [0, 0, 0]


def test_R58_a_start_on_the_barrel_then_a_barrel_deal_made_wins_the_game():
    start = players(880, 400, 300, p0={"barrel": {"on": True, "attempts": 1}})
    out = score_sheet(sheet(start, [deal(0, 120, [120, 0, 0], [8, 0, 0])]))
    assert out["final"]["totals"][0] == 1000
    assert out["final"]["over"] is True and out["final"]["winners"] == ["Anna"]


def test_R57_R59_a_start_on_the_barrel_on_the_last_attempt_falls_with_the_penalty():
    start = players(880, 400, 300, p0={"barrel": {"on": True, "attempts": 2}})
    out = score_sheet(sheet(start, [deal(1, 100, [20, 100, 0], [2, 6, 0])]))
    row = out["rows"][0]
    assert row["results"][0] == 0  # R57: a defender on the barrel scores nothing
    assert row["totals"][0] == 760 and "barrel_fall" in row["marks"][0]
    assert out["final"]["barrel"][0] == {"on": False, "attempts": 0, "falls": 1,
                                         "mounted_at": None, "banned": False}


def test_R59_a_start_on_the_barrel_then_a_failed_barrel_deal_falls_below_880():
    start = players(880, 400, 300, p0={"barrel": {"on": True}})
    out = score_sheet(sheet(start, [deal(0, 120, [30, 60, 30], [2, 4, 2])]))
    assert out["final"]["totals"][0] == 760
    assert out["final"]["barrel"][0]["falls"] == 1 and not out["final"]["barrel"][0]["on"]


def test_R65_two_falls_on_paper_and_the_third_sets_the_total_to_0():
    start = players(880, 400, 300, p0={"barrel": {"on": True, "attempts": 2, "falls": 2}})
    out = score_sheet(sheet(start, [deal(1, 100, [20, 100, 0], [2, 6, 0])]))
    assert out["final"]["totals"][0] == 0 and out["final"]["barrel"][0]["falls"] == 0
    assert "barrel_reset" in out["rows"][0]["marks"][0]


def test_R62_a_player_mounting_knocks_the_paper_barrel_player_off():
    start = players(880, 800, 300, p0={"barrel": {"on": True}})
    out = score_sheet(sheet(start, [deal(1, 100, [0, 100, 20], [0, 6, 2])]))
    assert out["final"]["totals"][:2] == [760, 880]
    assert out["final"]["barrel"][1]["on"] and not out["final"]["barrel"][0]["on"]


def test_obligatory_game_section_4_9_2_is_due_from_a_paper_start():
    c = {"barrel_obligatory_game": True}
    start = players(400, 880, 300, p1={"barrel": {"on": True, "attempts": 2, "falls": 2}})
    # the sheet fills in the obligatory declarer and his 120 itself
    out = score_sheet(sheet(start, [{"card_points": [60, 40, 20], "tricks": [4, 3, 1]}],
                            overrides=c))
    row = out["rows"][0]
    assert row["obligatory"] and row["declarer"] == 1
    assert out["final"]["totals"][1] == 0  # failed: back to 0 (§4.9.2)


def test_write_off_limit_counts_the_write_offs_used_on_paper_R29():
    c = {"write_off_limit": 1}
    start = players(300, 200, 100, p0={"write_offs": 1})
    refused(sheet(start, [deal(0, 100, [0, 0, 0], [0, 0, 0], outcome="write_off")], overrides=c),
            "deals[0].outcome", "used his 1 write-off")
    refused(sheet(players(300, 200, 100, p0={"write_offs": 2}), overrides=c),
            "start.players[0].write_offs", "at most 1")


def test_write_off_cost_first_free_is_used_up_on_paper():
    c = {"write_off_cost": "first_free"}
    start = players(300, 200, 100, p0={"write_offs": 1})
    out = score_sheet(sheet(start, [deal(0, 120, [0, 0, 0], [0, 0, 0], outcome="write_off")],
                            overrides=c))
    assert out["rows"][0]["totals"][0] == 300 - 120


def test_cross_rule_one_cross_on_paper_and_the_second_costs_120():
    c = {"cross_rule": True}
    start = players(300, 200, 100, p0={"crosses": 1})
    out = score_sheet(sheet(start, [deal(0, 100, [0, 0, 0], [0, 0, 0], outcome="cross")],
                            overrides=c))
    assert out["rows"][0]["totals"][0] == 300 - 120
    assert "cross_penalty" in out["rows"][0]["marks"][0]
    assert out["final"]["crosses"][0] == 0


def test_G1_golden_round_already_played_on_paper_leaves_no_golden_deal():
    c = {"golden_round": True}
    out = score_sheet(sheet({**players(300, 200, 100), "golden": {"over": True}},
                            [deal(0, 100, [100, 20, 0], [6, 2, 0])], overrides=c))
    assert out["rows"][0]["golden"] is False and out["rows"][0]["totals"] == [400, 220, 100]
    # without "golden", the paper game is at the start of its golden circle: the sitter plays 120
    fresh = score_sheet(sheet(players(300, 200, 100),
                              [{"card_points": [0, 120, 0], "tricks": [0, 8, 0]}], overrides=c))
    assert fresh["rows"][0]["golden"] and fresh["rows"][0]["declarer"] == 1


def test_G4_the_last_golden_deal_of_a_circle_begun_on_paper():
    c = {"golden_round": True}
    failed = [{"card_points": [40, 60, 20], "tricks": [3, 4, 1]}]  # the sitter (seat 1) fails 120
    out = score_sheet(sheet({**players(300, 200, 100), "golden": {"deals": 2}}, failed,
                            overrides=c))
    assert out["rows"][0]["golden"]
    assert out["final"]["totals"] == [0, 0, 0]  # nobody made the circle: replayed from 0
    assert out["final"]["golden"]["active"] and out["final"]["golden"]["circles"] == 1
    made = score_sheet(sheet({**players(300, 200, 100), "golden": {"deals": 2, "made": True}},
                             failed, overrides=c))
    assert made["final"]["totals"] == [300 + 80, 200 - 240, 100 + 40]
    assert made["final"]["golden"]["active"] is False


def test_R67_dump_truck_value_cannot_be_a_total_carried_from_paper():
    refused(sheet(players(555, 0, 0)), "start.players[0].total", "dump truck", "R67")
    refused(sheet(players(0, -555, 0)), "start.players[1].total", "dump truck")
    assert score_sheet(sheet(players(555, 0, 0), overrides={"dump_truck": "off"}))


@pytest.mark.parametrize("start, where, words", [
    ([], "start", "must be an object"),
    ({"players": [{"total": 0}] * 2}, "start.players", "list of 3 players"),
    ({"totals": [0, 0, 0]}, "start.totals", "unknown field"),
    (players(True, 0, 0), "start.players[0].total", "whole number (got true)"),
    (players("340", 0, 0), "start.players[0].total", "whole number (got text)"),
    (players(341, 0, 0), "start.players[0].total", "not a multiple of 5"),
    ({"players": [{"bolts": 1}, {"total": 0}, {"total": 0}]}, "start.players[0].total",
     "missing"),
    (players(0, 0, 0, p2={"points": 1}), "start.players[2].points", "unknown field"),
    (players(0, 0, 0, p0={"bolts": 3}), "start.players[0].bolts", "below 3"),
    (players(0, 0, 0, p0={"bolts": -1}), "start.players[0].bolts", "negative"),
    (players(0, 0, 0, p0={"bolts": 1.0}), "start.players[0].bolts", "whole number"),
    (players(0, 0, 0, p1={"write_offs": False}), "start.players[1].write_offs", "whole number"),
    (players(0, 0, 0, p1={"crosses": 1}), "start.players[1].crosses", "cross_rule"),
    (players(700, 0, 0, p0={"barrel": {"on": True}}), "start.players[0].barrel.on",
     "exactly 880"),
    (players(900, 0, 0), "start.players[0].barrel.on", "on the barrel"),
    (players(880, 0, 0, p0={"barrel": {"on": True, "attempts": 3}}),
     "start.players[0].barrel.attempts", "below 3"),
    (players(800, 0, 0, p0={"barrel": {"attempts": 1}}), "start.players[0].barrel.attempts",
     "on the barrel"),
    (players(880, 0, 0, p0={"barrel": {"on": 1}}), "start.players[0].barrel.on",
     "true or false"),
    (players(0, 0, 0, p0={"barrel": {"falls": 3}}), "start.players[0].barrel.falls", "below 3"),
    (players(0, 0, 0, p0={"barrel": {"banned": True}}), "start.players[0].barrel.banned",
     "zero_no_more_barrel"),
    (players(880, 880, 0, p0={"barrel": {"on": True}}, p1={"barrel": {"on": True}}),
     "start.players[1].barrel.on", "only 1 may sit"),
    ({**players(0, 0, 0), "golden": {"over": True}}, "start.golden", "no golden round"),
    ({**players(0, 0, 0), "deals": -1}, "start.deals", "negative"),
])
def test_damaged_start_objects_are_refused_naming_the_field(start, where, words):
    refused(sheet(start), where, words)


def test_won_and_lost_totals_and_conventions_limits_are_refused():
    no_barrel = {"barrel": False}
    refused(sheet(players(1000, 0, 0), overrides=no_barrel), "start.players[0].total",
            "already won")
    refused(sheet(players(0, 0, 0, p0={"barrel": {"on": True}}), overrides=no_barrel),
            "start.players[0].barrel", "no barrel")
    refused(sheet(players(-1000, 0, 0), overrides={"loss_score": -1000}),
            "start.players[0].total", "already lost")
    refused(sheet({**players(0, 0, 0), "golden": {"deals": 3}}, overrides={"golden_round": True}),
            "start.golden.deals", "below 3")
    # exact defender points make any total possible, so 341 is then a fair total
    assert score_sheet(sheet(players(341, 0, 0), overrides={"defender_rounding": "exact"}))


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "thousand", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_cli_score_with_a_start_prints_the_totals_going_on_from_it(tmp_path):
    path = tmp_path / "paper.json"
    path.write_text(json.dumps(sheet(players(340, 500, -120, p0={"bolts": 2}),
                                     [deal(1, 100, [0, 100, 20], [0, 6, 2])])))
    out = run_cli("score", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["final"]["totals"] == [220, 600, -100]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(sheet(players(341, 0, 0))))
    out = run_cli("score", str(bad))
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    assert out.stderr.strip().count("\n") == 0
    assert "start.players[0].total" in out.stderr and "multiple of 5" in out.stderr


# --- card records ----------------------------------------------------------------------------

CARD_START = {"players": [{"total": 340, "bolts": 2}, {"total": 880, "barrel": {"on": True,
                                                                                "attempts": 1}},
                          {"total": -120}], "deals": 9}


def card_game_from(start, seed=5, deals=6):
    c = CATALOGUE.resolve("classic")
    rec = record.new_record(c, preset="classic", seed=seed, first_dealer=0, start=start)
    s = game.new_game(c, seed, 0, start)
    bots = [make_bot("heuristic", 70 + i) for i in range(3)]
    while s["phase"] != "game_over" and not (s["phase"] == "deal" and len(rec["deals"]) >= deals):
        seat = game.to_act(s)
        a = bots[seat].choose(seat_view(s, seat))
        after = game.apply(s, a)
        record.log_action(rec, s, a, after)
        s = after
    return rec, s


def test_R70_a_card_record_with_start_replays_to_the_same_game():
    rec, final = card_game_from(CARD_START)
    assert rec["start"] == CARD_START
    out = record.replay(json.loads(json.dumps(rec)))
    assert out["state"] == final
    assert out["final"]["totals"] == final["score"]["totals"]
    first = out["deals"][0]
    assert first["finished"] and first["row"]["deal"] == 10
    assert [a - b for a, b in zip(first["row"]["totals"], first["row"]["changes"])] == \
        [340, 880, -120]
    json.dumps(final)  # the state stays plain JSON


def test_a_card_record_without_start_reads_as_before_and_a_damaged_start_is_named():
    rec, _ = card_game_from(None, deals=1)
    assert "start" not in rec
    assert record.replay(rec)["state"]["score"]["totals"] != [340, 880, -120]
    damaged = dict(rec, start={"players": [{"total": 0}] * 3 + [{"total": 0}]})
    with pytest.raises(BadInput) as err:
        record.replay(damaged)
    assert err.value.where == "start.players"


def test_cli_replay_of_a_card_record_from_paper_example():
    path = ROOT / "docs/examples/record-from-paper.json"
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deals"][0]["row"]["deal"] == 15
    start = json.loads(path.read_text())["start"]
    row = data["deals"][0]["row"]
    assert [a - b for a, b in zip(row["totals"], row["changes"])] == \
        [p["total"] for p in start["players"]]


# --- dice ------------------------------------------------------------------------------------

def dice_start(*scores, **extra):
    out = [{"score": t} for t in scores]
    for seat, fields in extra.items():
        out[int(seat[1:])].update(fields)
    return {"players": out}


def dice_new(start, c=None, n=2, first=0):
    return dice_game.new_game(c or dice_conv(), 1, n, first, start)


def result(s, points):
    return dice_game.apply(s, {"type": "result", "seat": dice_game.to_act(s), "points": points})


def test_dice_2_6_2_a_start_in_a_pit_must_leave_it_in_one_turn():
    s = dice_new(dice_start(250, 0))
    with pytest.raises(IllegalAction) as err:
        result(s, 25)  # 275 stays in the 200-299 pit
    assert "pit" in str(err.value)
    s = result(s, 50)
    assert s["players"][0]["score"] == 300


def test_dice_2_5_1_a_player_not_entered_on_paper_needs_the_entry():
    s = dice_new(dice_start(0, 300, p0={"entered": False}))
    with pytest.raises(IllegalAction):
        result(s, 40)
    s = result(s, 50)
    assert s["players"][0]["entered"] and s["players"][0]["entry_score"] == 50
    # a score already written down is an entered game: any amount may follow (§2.5.3)
    s = result(s, 25)
    assert s["players"][1]["score"] == 325


def test_dice_2_7_4_a_start_on_the_barrel_on_the_last_attempt_falls():
    s = dice_new(dice_start(900, 300, p0={"barrel": {"on": True, "attempts": 2}}))
    s = result(s, "zero")
    p = s["players"][0]
    assert p["score"] == 800 and not p["on_barrel"] and p["barrel_falls"] == 1


def test_dice_2_7_2_a_start_on_the_barrel_finishes_with_100():
    s = dice_new(dice_start(900, 300, p0={"barrel": {"on": True}}))
    with pytest.raises(IllegalAction):
        result(s, 50)
    s = result(s, 100)
    assert s["phase"] == "game_over" and s["winners"] == [0]


def test_dice_2_10_two_bolts_on_paper_and_a_zero_turn_gives_the_bolt_penalty():
    s = dice_new(dice_start(300, 300, p0={"bolts": 2}))
    s = result(s, "zero")
    assert s["players"][0]["score"] == 200 and s["players"][0]["bolts"] == 0


def test_dice_3_8_1_dots_carried_from_paper_reach_the_dot_limit():
    c = dice_conv("page_a_open")
    limit = c["open_dot_limit"]
    s = dice_new(dice_start(950, 300, p0={"dots": limit - 1}), c=c)
    s = result(s, 100)  # 950 + 100 passes 1000: a dot, the limit, and the open fall
    assert s["players"][0]["dots"] == 0 and s["players"][0]["score"] < 950


@pytest.mark.parametrize("start, where", [
    ({"players": [{"score": 0}]}, "start.players"),
    ([], "start"),
    (dice_start(True, 0), "start.players[0].score"),
    (dice_start(252, 0), "start.players[0].score"),
    (dice_start(555, 0), "start.players[0].score"),
    (dice_start(1000, 0), "start.players[0].score"),
    (dice_start(850, 0, p0={"barrel": {"on": True}}), "start.players[0].barrel.on"),
    (dice_start(950, 0), "start.players[0].barrel.on"),
    (dice_start(900, 0, p0={"barrel": {"on": True, "attempts": 3}}),
     "start.players[0].barrel.attempts"),
    (dice_start(900, 900, p0={"barrel": {"on": True}}, p1={"barrel": {"on": True}}),
     "start.players[1].barrel.on"),
    (dice_start(100, 0, p0={"entered": False}), "start.players[0].entered"),
    (dice_start(0, 0, p0={"entered": False, "bolts": 1}), "start.players[0].bolts"),
    (dice_start(100, 0, p0={"bolts": 3}), "start.players[0].bolts"),
    (dice_start(100, 0, p0={"dots": 1}), "start.players[0].dots"),
    (dice_start(100, 0, p0={"barrel": {"pool": 50}}), "start.players[0].barrel.pool"),
    (dice_start(100, 0, p1={"total": 5}), "start.players[1].total"),
])
def test_dice_damaged_start_objects_are_refused_naming_the_field(start, where):
    with pytest.raises(BadInput) as err:
        dice_new(start)
    assert err.value.where == where, str(err.value)


def test_dice_record_with_start_replays_identically():
    c = dice_conv()
    start = dice_start(250, 900, p1={"barrel": {"on": True, "attempts": 1}, "bolts": 1})
    s = dice_game.new_game(c, 9, 2, None, start)
    rec = dice_record.new_record(c, players=2, preset="classic", seed=9, start=start)
    bots = [make_dice_bot("optimal"), make_dice_bot("threshold")]
    while s["phase"] != "game_over":
        seat = dice_game.to_act(s)
        a = bots[seat].choose(dice_seat_view(s, seat))
        s = dice_game.apply(s, a)
        dice_record.log_action(rec, a)
    out = dice_record.replay(json.loads(json.dumps(rec)))
    assert out["state"] == s and out["turns"][0]["s0"] in (250, 900)
    json.dumps(s)
    with pytest.raises(BadInput) as err:
        dice_record.replay(dict(rec, start={"players": [{"score": 3}, {"score": 0}]}))
    assert err.value.where == "start.players[0].score"


# --- the score-sheet page ------------------------------------------------------------------

def paper_fields(**values):
    f = {"ss-name-0": "Anna", "ss-name-1": "Boris", "ss-name-2": "Vera", "ss-dealer": "1"}
    f.update({f"ss-p-{k.replace('_', '-')}": v for k, v in values.items()})
    return f


def test_R54_R61_the_sheet_page_carries_on_a_paper_game():
    from test_ui_sheet import enter, new_app, shown_totals, status
    from thousand.ui.screens import sheet as ui
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    page = str(app.render())
    assert "Carry on a paper game" in page and 'id="ss-p-total-2"' in page
    app.handle({"do": "sheet.start", "fields": paper_fields(
        total_0="340", total_1="880", total_2="−120", bolts_0="2", barrel_1="1", deals="9")})
    stored = ui.load(app).doc
    assert stored["start"] == {"players": [{"total": 340, "bolts": 2},
                                           {"total": 880, "barrel": {"on": True, "attempts": 1}},
                                           {"total": -120}], "deals": 9}
    assert "goes on from the paper" in status(app)
    assert shown_totals(app) == {"Anna": 340, "Boris": 880, "Vera": -120}
    assert "From paper" in str(app.render())
    # Vera deals first after Boris; Vera declares 100 and Anna takes no trick: her third bolt
    enter(app, {"declarer": 2, "bid": 100, "card_points": [0, 20, 100], "tricks": [0, 2, 6]})
    assert shown_totals(app) == {"Anna": 220, "Boris": 880, "Vera": -20}
    assert ui.load(app).out["rows"][0]["deal"] == 10


def test_the_sheet_page_without_paper_values_starts_from_0_and_refuses_a_wrong_paper_total():
    from test_ui_sheet import alert, new_app
    from thousand.ui.screens import sheet as ui
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    app.handle({"do": "sheet.start", "fields": paper_fields(total_0="", bolts_0="0")})
    assert "start" not in ui.load(app).doc
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    app.handle({"do": "sheet.start", "fields": paper_fields(total_1="343")})
    assert ui.load(app) is None
    assert "Boris's total from paper: 343 is not a multiple of 5" in alert(app)
    app.handle({"do": "sheet.start", "fields": paper_fields(total_1="eleven")})
    assert "Boris's total from paper must be a whole number" in alert(app)
    app.handle({"do": "sheet.start", "fields": paper_fields(total_1="700", barrel_1="0")})
    assert "Boris's barrel from paper" in alert(app) and ui.load(app) is None
    # what was typed is still in the form
    assert 'value="700"' in str(app.render())


def test_paper_values_of_rules_no_longer_chosen_are_not_sent():
    from test_ui_sheet import new_app
    from thousand.ui.screens import sheet as ui
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    # a barrel chosen under Classic, then rules without a barrel: the barrel field is gone
    app.handle({"do": "sheet.rules", "fields": paper_fields(total_1="880", barrel_1="0")})
    app.handle({"do": "sheet.rules", "fields": {"ss-rules": "preset:two_players"}})
    app.handle({"do": "sheet.players", "value": 2, "fields": {}})
    assert 'id="ss-p-barrel-1"' not in str(app.render())
    app.handle({"do": "sheet.start", "fields": {"ss-name-0": "Anna", "ss-name-1": "Boris",
                                                 "ss-p-total-1": "500"}})
    assert ui.load(app).doc["start"] == {"players": [{"total": 0}, {"total": 500}]}
