"""R27–R36: the talon (talon_reveal), passing cards (R30, pass_visibility), the contract (R31,
contract_timing), the first lead (R33, first_lead) and write-off / cross availability and facts
(R34–R36: write_off, write_off_limit, write_off_on_barrel, cross_rule), EX10."""
import pytest

from helpers_engine import (H0, H1, H2, TALON, act, all_pass, conv, deal, give_cards, hand, offered,
                            refused, to_play)
from thousand.cards import game
from thousand.cards.views import seat_view


def uncontested(c=None, **kw):
    return all_pass(deal(c=c, **kw))


def contested_by_2(c=None, **kw):
    s = deal(c=c, **kw)
    s = act(s, "bid", value=105)
    return all_pass(s)


def contested_sitter(c=None):
    s = deal(c=c)
    s = act(s, "bid", value=105)  # seat 2
    s = act(s, "pass")  # seat 0
    s = act(s, "bid", value=110)  # sitter
    s = act(s, "pass")
    assert s["deal"]["declarer"] == 1
    return s


# --- R27 talon_reveal ------------------------------------------------------------------------------

def test_R27_declarer_takes_the_talon_ten_cards():
    s = contested_by_2()
    assert hand(s, 2) == sorted(H2 + TALON) and s["deal"]["talons"] == [[]]
    assert s["phase"] == "exchange" and game.to_act(s) == 2


@pytest.mark.parametrize("mode,unc,contested_nonsitter,contested_sitter_", [
    ("hidden_at_100", False, True, True),
    ("always", True, True, True),
    ("hidden_if_sitter", False, True, False),
])
def test_talon_reveal_modes(mode, unc, contested_nonsitter, contested_sitter_):
    c = conv(talon_reveal=mode)
    assert uncontested(c)["deal"]["talon_shown"] is unc
    assert contested_by_2(c)["deal"]["talon_shown"] is contested_nonsitter
    assert contested_sitter(c)["deal"]["talon_shown"] is contested_sitter_


def test_talon_reveal_choice_at_100():
    c = conv(talon_reveal="choice_at_100")
    s = uncontested(c)
    assert s["phase"] == "talon" and game.to_act(s) == 1
    assert offered(s) == [{"type": "show_talon", "seat": 1, "show": True},
                          {"type": "show_talon", "seat": 1, "show": False}]
    refused(s, {"type": "show_talon", "seat": 1, "show": 1}, "show")
    shown = act(s, "show_talon", show=True)
    assert shown["deal"]["talon_shown"] is True and seat_view(shown, 0)["deal"]["talon"] == TALON
    hidden = act(s, "show_talon", show=False)
    assert hidden["deal"]["talon_shown"] is False and seat_view(hidden, 0)["deal"]["talon"] is None
    assert hidden["phase"] == "exchange"
    assert contested_by_2(c)["deal"]["talon_shown"] is True


# --- R30 passing ---------------------------------------------------------------------------------------

def test_R30_one_card_face_down_to_each_opponent():
    s = uncontested()
    refused(s, {"type": "give", "seat": 1, "card": "AH", "to": 2}, "not in your hand")
    refused(s, {"type": "give", "seat": 1, "card": "AD", "to": 1}, "opponent")
    s = act(s, "give", card="JH", to=2)
    refused(s, {"type": "give", "seat": 1, "card": "JC", "to": 2}, "already has a card")
    assert {a["to"] for a in offered(s, "give")} == {0}
    s = act(s, "give", card="JC", to=0)
    assert [len(h) for h in s["deal"]["hands"]] == [8, 8, 8]
    assert "JH" in s["deal"]["hands"][2] and "JC" in s["deal"]["hands"][0]
    assert s["deal"]["given"] == {"2": "JH", "0": "JC"}
    assert s["phase"] == "contract"


def test_R30_contract_after_pass_refused_before():
    s = uncontested()
    refused(s, {"type": "contract", "seat": 1, "value": 100}, "after passing")


# --- R33 first lead --------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode,leader", [("declarer", 2), ("left_of_dealer", 1), ("dealer", 0)])
def test_R33_first_lead(mode, leader):
    s = contested_by_2(conv(first_lead=mode))
    s = to_play(s, {0: "KS", 1: "QS"}, contract=105)
    assert s["phase"] == "play" and game.to_act(s) == leader


# --- R34–R36 write-off -------------------------------------------------------------------------------------

def test_R34_EX10_write_off_result_and_no_bolts():
    s = deal()
    s = act(s, "bid", value=120)  # seat 2
    s = all_pass(s)
    assert {"type": "write_off", "seat": 2} in offered(s)
    s = act(s, "write_off")
    f = s["last_deal"]["facts"]
    assert f["outcome"] == "write_off" and f["declarer"] == 2 and f["bid"] == 120
    assert f["tricks"] == [0, 0, 0]
    assert s["score"]["totals"] == [60, 60, -120]
    assert s["score"]["bolts"] == [0, 0, 0]
    assert s["dealer"] == 1 and s["phase"] == "deal"


def test_R34_write_off_is_the_winning_bid_uncontested():
    s = act(uncontested(), "write_off")
    assert s["score"]["totals"] == [60, -100, 60]


def test_R29_write_off_not_after_passing_started():
    s = uncontested()
    s = act(s, "give", card="JH", to=2)
    assert not offered(s, "write_off")
    refused(s, {"type": "write_off", "seat": 1}, "too late")


def test_write_off_false():
    s = uncontested(conv(write_off=False))
    assert not offered(s, "write_off")
    refused(s, {"type": "write_off", "seat": 1}, "may not write off")


def test_write_off_limit_1():
    c = conv(write_off_limit=1)
    s = act(uncontested(c), "write_off")  # seat 1 writes off once
    assert s["score"]["write_offs"] == [0, 1, 0]
    # next deals: dealer 1 (sitter 2), then dealer 2 (sitter 0), then dealer 0 (sitter 1 again)
    s = act(all_pass(deal(state=s)), "write_off")
    s = act(all_pass(deal(state=s)), "write_off")
    s = all_pass(deal(state=s))
    assert s["deal"]["declarer"] == 1 and not offered(s, "write_off")


def _on_barrel(c, seat, totals):
    s = game.new_game(c, 1, first_dealer=0)
    s["score"]["totals"] = list(totals)
    s["score"]["barrel"][seat]["on"] = True
    s["score"]["barrel"][seat]["mounted_at"] = 0
    return s


@pytest.mark.parametrize("rule,barrel_seat,allowed", [
    ("not_barrel_player", 1, False), ("not_barrel_player", 0, True),
    ("nobody", 0, False), ("allowed", 1, True),
])
def test_R35_write_off_on_barrel(rule, barrel_seat, allowed):
    totals = [0, 0, 0]
    totals[barrel_seat] = 880
    s = all_pass(deal(state=_on_barrel(conv(write_off_on_barrel=rule), barrel_seat, totals)))
    assert s["deal"]["declarer"] == 1
    assert bool(offered(s, "write_off")) is allowed


def test_cross_rule_offered_and_facts():
    s = uncontested(conv(cross_rule=True))
    assert {"type": "cross", "seat": 1} in offered(s)
    s = act(s, "cross")
    f = s["last_deal"]["facts"]
    assert f["outcome"] == "cross" and f["declarer"] == 1
    assert s["score"]["totals"] == [0, 0, 0]
    assert s["score"]["crosses"] == [0, 1, 0] and s["score"]["bolts"] == [1, 0, 1]
    assert s["dealer"] == 1


def test_cross_not_offered_in_classic():
    s = uncontested()
    assert not offered(s, "cross")
    refused(s, {"type": "cross", "seat": 1}, "may not cross")


def test_R36_written_off_deal_counts_for_rotation():
    s = act(uncontested(), "write_off")
    assert s["score"]["deals_settled"] == 1 and s["dealer"] == 1
