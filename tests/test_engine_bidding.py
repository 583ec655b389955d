"""R19–R26 bidding, EX7–EX9, and the §4.3 conventions (forced_100, bid_step, bid_jumps,
bid_marriage_limit, max_bid, low_score_rule, low_score_threshold); R31 contract limits (EX8)."""
import pytest

from helpers_engine import (act, all_pass, bid_values, conv, deal, give_cards, hand, offered,
                            refused, spread)
from thousand.cards import game

# seat 2 speaks first when seat 0 deals
HANDS_2 = {
    "none": ["AH", "TH", "AD", "TD", "AC", "TC", "AS"],
    "S": ["KS", "QS", "AH", "TH", "AD", "TD", "AC"],
    "C": ["KC", "QC", "AH", "TH", "AD", "TD", "AS"],
    "D": ["KD", "QD", "AH", "TH", "AC", "TC", "AS"],
    "H": ["KH", "QH", "AD", "TD", "AC", "TC", "AS"],
    "HS": ["KH", "QH", "KS", "QS", "AD", "TD", "AC"],
    "DC": ["KD", "QD", "KC", "QC", "AH", "TH", "AS"],
    "HDC": ["KH", "QH", "KD", "QD", "KC", "QC", "AS"],
}
CAPS = {"none": 120, "S": 160, "C": 180, "D": 200, "H": 220, "HS": 260, "DC": 260, "HDC": 300}
FILL_TALON = ["9H", "9D", "JS"]


def first_bidder(kind, c=None, totals=None, dealer=0):
    """A deal where the first speaker (left of the sitter) holds HANDS_2[kind]."""
    first = (dealer + 2) % 3
    s = deal(spread(FILL_TALON, {first: HANDS_2[kind]}), FILL_TALON, c=c, dealer=dealer,
             totals=totals)
    while s["phase"] == "redeal":
        s = act(s, "keep")
    assert s["phase"] == "bidding"
    return s


def test_R19_sitter_has_forced_100():
    s = first_bidder("none")
    d = s["deal"]
    assert d["bids"][0] == {"seat": 1, "value": 100, "auto": True,
                           "why": "forced_100"}
    assert d["high"] == 100 and d["high_seat"] == 1
    assert {"type": "pass", "seat": 1} not in game.legal_actions(s)


def test_R20_R22_turn_order_sitter_speaks_last():
    s = first_bidder("H")
    assert game.to_act(s) == 2
    s = act(s, "bid", value=105)
    assert game.to_act(s) == 0
    s = act(s, "pass")
    assert game.to_act(s) == 1, "the sitter speaks after the two others"
    assert 110 in bid_values(s) and offered(s, "pass")


def test_R20_multiples_of_5_and_jumps_EX7():
    s = first_bidder("H")
    refused(s, {"type": "bid", "seat": 2, "value": 103}, "steps of 5")
    refused(s, {"type": "bid", "seat": 2, "value": 100}, "at least 105")
    refused(s, {"type": "bid", "seat": 2, "value": "105"}, "whole number")
    s2 = act(s, "bid", value=105)  # EX7: «пять» = 105
    assert s2["deal"]["high"] == 105 and s2["deal"]["high_seat"] == 2
    s3 = act(s, "bid", value=150)  # a jump
    assert s3["deal"]["high"] == 150
    assert bid_values(s) == list(range(105, 221, 5))


def test_R21_a_pass_is_final():
    s = first_bidder("H")
    s = act(s, "pass")  # seat 2
    s = act(s, "bid", value=105)  # seat 0
    # the sitter raises; seat 2 has passed and is skipped, so seat 0 speaks again
    s = act(s, "bid", value=110)
    assert game.to_act(s) == 0
    refused(s, {"type": "bid", "seat": 2, "value": 115}, "seat 0")


def test_R23_two_passes_give_uncontested_hundred():
    s = first_bidder("H")
    s = act(act(s, "pass"), "pass")
    d = s["deal"]
    assert d["declarer"] == 1 and d["bid"] == 100 and d["uncontested"] is True
    assert s["phase"] == "exchange"


def test_R23_auction_ends_when_all_but_one_passed():
    s = first_bidder("H")
    s = act(s, "bid", value=105)
    s = act(s, "pass")  # seat 0
    s = act(s, "pass")  # sitter
    d = s["deal"]
    assert d["declarer"] == 2 and d["bid"] == 105 and d["uncontested"] is False


def test_R22_sitter_raises_back_and_wins():
    s = first_bidder("H")
    s = act(s, "bid", value=105)  # seat 2
    s = act(s, "pass")  # seat 0
    s = act(s, "bid", value=110)  # the sitter raises over the high bid
    assert game.to_act(s) == 2 and s["deal"]["high"] == 110 and s["deal"]["high_seat"] == 1
    s = act(s, "pass")
    d = s["deal"]
    assert d["declarer"] == 1 and d["bid"] == 110 and d["uncontested"] is False
    assert d["talon_shown"] is True


@pytest.mark.parametrize("kind", list(CAPS))
def test_R24_EX9_bid_caps_by_marriages(kind):
    s = first_bidder(kind)
    cap = CAPS[kind]
    assert max(bid_values(s)) == cap
    assert act(s, "bid", value=cap)["deal"]["high"] == cap
    if cap < 300:
        word = "needs a marriage" if cap == 120 else f"up to {cap}"
        refused(s, {"type": "bid", "seat": 2, "value": cap + 5}, word)
    else:
        refused(s, {"type": "bid", "seat": 2, "value": 305}, "highest bid is 300")


def test_R24_ace_marriage_counts_200_for_the_cap():
    h = ["AH", "AD", "AC", "AS", "KS", "QS", "TH"]
    talon = ["9H", "9D", "JS"]
    s = deal(spread(talon, {2: h}), talon)
    assert max(bid_values(s)) == 160  # spades only
    s = deal(spread(talon, {2: h}), talon, c=conv(ace_marriage=True))
    assert max(bid_values(s)) == 300  # 120 + 40 + 200, capped at 300


def test_bid_marriage_limit_over_120_and_none():
    s = first_bidder("S", conv(bid_marriage_limit="over_120"))
    assert max(bid_values(s)) == 300
    s = first_bidder("none", conv(bid_marriage_limit="over_120"))
    assert max(bid_values(s)) == 120
    s = first_bidder("none", conv(bid_marriage_limit="none"))
    assert max(bid_values(s)) == 300
    assert act(s, "bid", value=300)["deal"]["high"] == 300


def test_max_bid_420_and_0():
    s = first_bidder("HDC", conv(max_bid=420))
    assert max(bid_values(s)) == 360
    s = first_bidder("none", conv(max_bid=0, bid_marriage_limit="none"))
    assert act(s, "bid", value=500)["deal"]["high"] == 500
    s = first_bidder("none", conv(max_bid=420, bid_marriage_limit="none"))
    refused(s, {"type": "bid", "seat": 2, "value": 425}, "420")


def test_bid_step_10():
    s = first_bidder("H", conv(bid_step="10"))
    assert bid_values(s)[:3] == [110, 120, 130]
    refused(s, {"type": "bid", "seat": 2, "value": 105}, "steps of 10")
    s = act(s, "bid", value=110)
    assert bid_values(s)[0] == 120


def test_bid_step_5_then_10_from_200():
    s = first_bidder("H", conv(bid_step="5_then_10_from_200"))
    vals = bid_values(s)
    assert 195 in vals and 200 in vals and 205 not in vals and 210 in vals
    refused(s, {"type": "bid", "seat": 2, "value": 205}, "from 200")
    s = act(s, "bid", value=195)
    refused(s, {"type": "bid", "seat": 0, "value": 205}, "from 200")


def test_bid_jumps_false_one_step_only():
    s = first_bidder("H", conv(bid_jumps=False))
    assert bid_values(s) == [105]
    refused(s, {"type": "bid", "seat": 2, "value": 110}, "jumps are not allowed")
    s = act(s, "bid", value=105)
    assert bid_values(s) in ([110], [])


# --- R25 / low_score_rule --------------------------------------------------------------------------

def test_R25_auto_pass_below_minus_120():
    s = first_bidder("H", totals=[0, 0, -125])
    d = s["deal"]
    assert d["passed"][2] is True and {"seat": 2, "value": None, "auto": True,
                                     "why": "below_threshold"} in d["bids"]
    assert game.to_act(s) == 0


def test_R25_exactly_minus_120_may_bid():
    s = first_bidder("H", totals=[0, 0, -120])
    assert game.to_act(s) == 2 and bid_values(s)


def test_R25_barred_sitter_keeps_forced_100_and_wins_uncontested():
    s = first_bidder("H", totals=[0, -200, 0])
    s = act(act(s, "pass"), "pass")
    assert s["deal"]["declarer"] == 1 and s["deal"]["bid"] == 100 and s["deal"]["uncontested"]


def test_R25_barred_sitter_cannot_raise_but_may_raise_contract():
    s = first_bidder("H", totals=[0, -200, 0])
    s = act(s, "bid", value=105)  # seat 2
    s = act(s, "pass")  # seat 0; the sitter passes automatically
    assert s["deal"]["declarer"] == 2
    # sitter as declarer: raise the contract (R31 is not a bid)
    h1 = ["KH", "QH", "AD", "TD", "AC", "TC", "AS"]
    talon = ["9H", "9D", "JS"]
    s = deal(spread(talon, {1: h1}), talon, totals=[0, -200, 0])
    s = all_pass(s)
    assert s["deal"]["declarer"] == 1
    s = give_cards(s, {2: "9H", 0: "9D"})
    assert 150 in [a["value"] for a in offered(s, "contract")]
    assert act(s, "contract", value=150)["deal"]["contract"] == 150


@pytest.mark.parametrize("threshold,total,barred", [(-100, -105, True), (-100, -100, False),
                                                    (0, -5, True), (0, 0, False),
                                                    (100, 95, True), (-1000, -995, False)])
def test_low_score_threshold(threshold, total, barred):
    s = first_bidder("H", conv(low_score_threshold=threshold), totals=[500, 500, total])
    assert (game.to_act(s) == 0) is barred


def test_low_score_rule_none_lets_anyone_bid():
    s = first_bidder("H", conv(low_score_rule="none"), totals=[0, 0, -900])
    assert game.to_act(s) == 2 and bid_values(s)


def test_low_score_rule_others_must_pass():
    c = conv(low_score_rule="others_must_pass")
    s = first_bidder("H", c, totals=[0, 0, -200])
    assert game.to_act(s) == 2, "the low player is not barred under others_must_pass"
    s = act(s, "bid", value=105)
    assert s["phase"] == "exchange" and s["deal"]["declarer"] == 2 and s["deal"]["bid"] == 105
    # the sitter's forced 100 is not a voluntary bid: others bid normally
    s = first_bidder("H", c, totals=[0, -200, 0])
    s = act(s, "bid", value=105)
    assert s["phase"] == "bidding" and game.to_act(s) == 0


# --- forced_100 = false (R26) ---------------------------------------------------------------------

def test_forced_100_false_sitter_speaks_first_and_may_pass():
    s = first_bidder("H", conv(forced_100=False))
    assert s["deal"]["bids"] == [] and s["deal"]["high"] is None
    assert game.to_act(s) == 1
    assert bid_values(s)[0] == 100 and offered(s, "pass")


def test_R26_forced_100_false_all_pass_rotates_dealer():
    s = first_bidder("H", conv(forced_100=False), totals=[10, 20, 30])
    s = act(act(act(s, "pass"), "pass"), "pass")
    assert s["phase"] == "deal" and s["dealer"] == 1
    assert s["last_deal"]["facts"]["outcome"] == "all_pass"
    assert s["score"]["totals"] == [10, 20, 30] and s["score"]["bolts"] == [0, 0, 0]


def test_forced_100_false_lone_100_is_uncontested():
    s = first_bidder("H", conv(forced_100=False))
    s = act(s, "bid", value=100)  # sitter
    s = act(act(s, "pass"), "pass")
    d = s["deal"]
    assert d["declarer"] == 1 and d["bid"] == 100 and d["uncontested"] is True
    assert d["talon_shown"] is False


def test_forced_100_false_last_player_may_still_bid_after_two_passes():
    s = first_bidder("H", conv(forced_100=False))
    s = act(act(s, "pass"), "pass")  # seats 1 and 2
    assert game.to_act(s) == 0
    s = act(s, "bid", value=100)
    assert s["deal"]["declarer"] == 0 and s["phase"] == "exchange"


# --- R31 contract (EX8) ---------------------------------------------------------------------------

def _declarer_1(h1, c=None, talon=("9H", "9D", "JS")):
    talon = list(talon)
    s = all_pass(deal(spread(talon, {1: h1}), talon, c=c))
    assert s["deal"]["declarer"] == 1
    return s


def test_R31_EX8_contract_at_least_bid_raise_allowed():
    s = _declarer_1(HANDS_2["none"])
    s = give_cards(s, {2: "9H", 0: "9D"})
    assert s["phase"] == "contract"
    assert [a["value"] for a in offered(s)] == [100, 105, 110, 115, 120]
    refused(s, {"type": "contract", "seat": 1, "value": 95}, "lower than the winning bid")
    refused(s, {"type": "contract", "seat": 1, "value": 112}, "grid")
    refused(s, {"type": "contract", "seat": 1, "value": 125}, "needs a marriage")
    s = act(s, "contract", value=110)  # EX8: 110, not 100 as bid
    assert s["deal"]["contract"] == 110 and s["deal"]["bid"] == 100


def test_R31_raise_judged_on_the_8_cards_after_passing():
    s = _declarer_1(HANDS_2["H"])
    s = give_cards(s, {2: "QH", 0: "9D"})  # breaks the hearts marriage
    refused(s, {"type": "contract", "seat": 1, "value": 125}, "needs a marriage")
    s = _declarer_1(HANDS_2["H"])
    s = give_cards(s, {2: "9H", 0: "9D"})
    assert max(a["value"] for a in offered(s)) == 220


def test_contract_timing_before_pass_judged_on_10_cards():
    s = _declarer_1(HANDS_2["H"], conv(contract_timing="before_pass"))
    assert s["phase"] == "exchange"
    refused(s, {"type": "give", "seat": 1, "card": "QH", "to": 2}, "before passing")
    assert max(a["value"] for a in offered(s, "contract")) == 220
    s = act(s, "contract", value=220)
    s = give_cards(s, {2: "QH", 0: "KH"})  # the marriage may now be broken: the contract stands
    while s["phase"] == "redeal":
        s = act(s, "keep")
    assert s["phase"] == "play" and s["deal"]["contract"] == 220


def test_R31_contract_equal_to_bid_is_always_legal():
    s = first_bidder("H")
    s = act(s, "bid", value=220)
    s = all_pass(s)
    s = give_cards(s, {0: "QH", 1: "KH"})
    assert offered(s) == [{"type": "contract", "seat": 2, "value": 220}]
    assert act(s, "contract", value=220)["deal"]["contract"] == 220


def test_bid_jumps_false_contract_may_still_jump():
    s = _declarer_1(HANDS_2["none"], conv(bid_jumps=False))
    s = give_cards(s, {2: "9H", 0: "9D"})
    assert [a["value"] for a in offered(s)] == [100, 105, 110, 115, 120]
    assert act(s, "contract", value=120)["deal"]["contract"] == 120


def test_R31_contract_at_most_300():
    s = _declarer_1(HANDS_2["HDC"])
    s = give_cards(s, {2: "9H", 0: "9D"})
    assert max(a["value"] for a in offered(s)) == 300
    refused(s, {"type": "contract", "seat": 1, "value": 305}, "300")


def test_R24_bed_marriages_and_four_nines_do_not_raise_the_cap():
    h = ["QS", "JS", "9H", "9D", "9C", "9S", "AH"]
    talon = ["KH", "QH", "TS"]
    c = conv(bed_marriage=True, four_nines_bonus=200, redeal_four_nines=False)
    s = deal(spread(talon, {2: h}), talon, c=c)
    assert s["phase"] == "bidding" and game.to_act(s) == 2
    assert max(bid_values(s)) == 120
