"""Game records (thousand.cards.record): logging actions and replaying them reproduces the game;
explicit-card deals; damaged records raise BadInput naming the field or the action index."""
import copy
import json
import random

import pytest

from helpers_engine import NEUTRAL, TALON, conv
from thousand.bots import make_bot
from thousand.cards import game, record
from thousand.cards.views import seat_view
from thousand.errors import BadInput


def same_but_rng(a, b):
    a, b = dict(a), dict(b)
    a.pop("rng"), b.pop("rng")
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def logged_game(c, seed=7, first_dealer=1, max_steps=100000, bot="random", preset=None, stop_deals=None):
    rec = record.new_record(c, preset=preset, seed=seed, first_dealer=first_dealer)
    s = game.new_game(c, seed, first_dealer)
    bots = [make_bot(bot, 50 + i) for i in range(c["player_count"])]
    steps = 0
    while s["phase"] != "game_over" and steps < max_steps:
        if stop_deals is not None and s["phase"] == "deal" and len(rec["deals"]) >= stop_deals:
            break
        seat = game.to_act(s)
        a = bots[seat].choose(seat_view(s, seat))
        after = game.apply(s, a)
        record.log_action(rec, s, a, after)
        s = after
        steps += 1
    return rec, s


def test_replay_of_a_logged_classic_game_reproduces_state_and_scores():
    c = conv("classic")
    rec, final = logged_game(c, bot="heuristic", preset="classic")
    assert final["phase"] == "game_over"
    out = record.replay(rec)
    assert out["final"]["totals"] == final["score"]["totals"]
    assert out["final"]["winners"] == final["score"]["winners"] and out["final"]["over"] is True
    assert same_but_rng(out["state"], final)
    assert len(out["deals"]) == len(rec["deals"])
    # through JSON text as well
    out2 = record.replay(record.load(json.dumps(rec)))
    assert out2["final"] == out["final"]


@pytest.mark.parametrize("preset", ["two_players", "four_players", "table_conventions_1001",
                                    "flash_site"])
def test_replay_other_presets_partial_games(preset):
    c = conv(preset)
    rec, s = logged_game(c, seed=3, preset=preset, stop_deals=4)
    out = record.replay(rec)
    assert same_but_rng(out["state"], s)


def test_replay_restores_the_game_generator_so_a_resumed_game_deals_the_same_cards():
    """A replayed game that goes on must deal what the original game deals next: the game-level
    generator (state["rng"], advanced by each 'deal' action) must be the same after replay."""
    c = conv("classic")
    rec, s = logged_game(c, seed=3, stop_deals=2)
    out = record.replay(rec)
    assert s["phase"] == out["state"]["phase"] == "deal"
    live = game.apply(s, {"type": "deal", "seat": s["dealer"]})
    resumed = game.apply(out["state"], {"type": "deal", "seat": s["dealer"]})
    assert resumed["deal"]["seed"] == live["deal"]["seed"]
    assert out["state"]["rng"] == s["rng"]


def test_replay_with_overrides_record_keeps_conventions():
    c = conv(write_off_payout="half_bid_each", must_beat="polish")
    rec, s = logged_game(c, seed=11, stop_deals=3)
    assert rec["overrides"] == {"write_off_payout": "half_bid_each", "must_beat": "polish"}
    out = record.replay(rec)
    assert out["state"]["conventions"] == c
    assert out["final"]["totals"] == s["score"]["totals"]


def explicit_record(c=None, actions_deal=None):
    """One explicit-card deal (dealer 0): seat 2 bids 105, others pass; write-off."""
    c = c or conv()
    rec = record.new_record(c, seed=1, first_dealer=0)
    s = game.new_game(c, 1, 0)
    s = game.begin_deal(s, hands=NEUTRAL, talons=[TALON])
    actions = actions_deal or [{"type": "bid", "seat": 2, "value": 105},
                               {"type": "pass", "seat": 0}, {"type": "pass", "seat": 1},
                               {"type": "write_off", "seat": 2}]
    for a in actions:
        s = game.apply(s, a)
    rec["deals"].append({"hands": [list(h) for h in NEUTRAL], "talon": list(TALON),
                         "actions": actions})
    return rec, s


def test_replay_explicit_card_deal():
    rec, s = explicit_record()
    out = record.replay(rec)
    assert out["final"]["totals"] == [60, 60, -105] == s["score"]["totals"]
    d = out["deals"][0]
    assert d["declarer"] == 2 and d["bid"] == 105 and d["outcome"] == "write_off" and d["dealer"] == 0


def _bad(rec, where, *words):
    with pytest.raises(BadInput) as info:
        record.replay(rec)
    assert info.value.where == where, (info.value.where, str(info.value))
    for w in words:
        assert w.lower() in str(info.value).lower()


def test_damaged_record_bad_json():
    with pytest.raises(BadInput) as info:
        record.load('{"format": "thousand-record", "deals": [}')
    assert info.value.where == "record" and "JSON" in str(info.value)


def test_damaged_record_unknown_card_code():
    rec, _ = explicit_record()
    rec["deals"][0]["hands"][1][3] = "ZQ"
    _bad(rec, "deals[0].hands[1]", "unknown card code", "ZQ")


def test_damaged_record_duplicate_card():
    rec, _ = explicit_record()
    rec["deals"][0]["talon"][0] = "AH"  # also in hands[0]
    _bad(rec, "deals[0].talon", "duplicate card AH")


def test_damaged_record_wrong_count():
    rec, _ = explicit_record()
    rec["deals"][0]["hands"][0] = rec["deals"][0]["hands"][0][:6]
    _bad(rec, "deals[0].hands[0]", "7 cards")
    rec, _ = explicit_record()
    rec["deals"][0]["talon"] = rec["deals"][0]["talon"][:2]
    _bad(rec, "deals[0].talon", "3 cards")


def test_damaged_record_illegal_action_at_index():
    rec, _ = explicit_record()
    rec["deals"][0]["actions"][1] = {"type": "bid", "seat": 0, "value": 103}
    _bad(rec, "deals[0].actions[1]", "illegal action", "steps of 5")
    rec, _ = explicit_record()
    rec["deals"][0]["actions"][3] = {"type": "give", "seat": 2, "card": "AH", "to": 0}
    _bad(rec, "deals[0].actions[3]", "not in your hand")


def test_damaged_record_illegal_action_in_a_later_seeded_deal():
    rec, _ = logged_game(conv(), seed=5, stop_deals=3)
    bad = copy.deepcopy(rec)
    bad["deals"][2]["actions"][0] = dict(bad["deals"][2]["actions"][0], seat=9)
    _bad(bad, "deals[2].actions[0]", "illegal action")


def test_damaged_record_unknown_convention_and_preset():
    rec, _ = explicit_record()
    rec["overrides"] = {"no_such_convention": True}
    with pytest.raises(BadInput) as info:
        record.replay(rec)
    assert info.value.where.startswith("overrides") and "no_such_convention" in str(info.value)
    rec, _ = explicit_record()
    rec["preset"] = "no_such_preset"
    _bad(rec, "preset", "no_such_preset")
    rec, _ = explicit_record()
    rec["overrides"] = {"ace_marriage": True, "redeal_four_aces": "dealt"}  # refused combination
    with pytest.raises(BadInput):
        record.replay(rec)


def test_damaged_record_head_fields():
    rec, _ = explicit_record()
    _bad(dict(rec, format="other"), "format")
    _bad(dict(rec, version=99), "version", "newer")
    _bad(dict(rec, first_dealer=3), "first_dealer")
    _bad(dict(rec, players=4), "players")
    _bad(dict(rec, deals={}), "deals")


def test_damaged_record_deal_stops_early():
    rec, _ = explicit_record()
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:2]
    rec["deals"].append({"seed": 4, "actions": []})
    _bad(rec, "deals[1]", "did not finish")


def test_damaged_record_two_players_talons():
    c = conv("two_players")
    rec = record.new_record(c, seed=1, first_dealer=0)
    rec["deals"].append({"hands": [["AH"] * 10, ["TH"] * 10], "talon": ["9H", "9D", "9C"],
                         "actions": []})
    _bad(rec, "deals[0].talons", "two talons")
