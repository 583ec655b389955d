"""R13–R18: redeal conditions and windows (W1, W2, W3), declining, voided deals, and the §4.2
conventions (redeal_hand_windows, redeal_four_nines, redeal_three_nines, redeal_four_jacks,
redeal_low_hand, redeal_talon_*, redeal_mandatory, redeal_four_aces, third_redeal_penalty)."""
import pytest

from helpers_engine import (NEUTRAL, TALON, act, all_pass, conv, deal, give_cards, hand, offered,
                            pts, refused, spread)
from thousand.cards import game

# seat 1 (the sitter with dealer 0): 13 card points, below Classic's 14
LOW = ["9H", "9D", "JH", "JD", "JC", "QS", "KS"]
LOW_DEAL = [["AH", "TH", "KH", "QH", "9C", "9S", "JS"], LOW,
            ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]]
LOW_TALON = ["QC", "AS", "TS"]

# seat 2: four nines (21 points)
NINES_DEAL = [["KH", "QH", "JH", "AD", "TD", "KD", "QD"],
              ["JD", "AC", "TC", "KC", "QC", "JC", "TS"],
              ["9H", "9D", "9C", "9S", "AH", "TH", "AS"]]
NINES_TALON = ["KS", "QS", "JS"]

# seat 1 holds three nines (34 points)
THREE_DEAL = [["JD", "AC", "TC", "KC", "QC", "JC", "AS"],
              ["9H", "9D", "9C", "AH", "TH", "AD", "JS"],
              ["9S", "KH", "QH", "JH", "TD", "KD", "QD"]]
THREE_TALON = ["TS", "KS", "QS"]

# seat 2 holds four jacks (41 points)
JACKS_DEAL = [["TH", "KH", "QH", "9H", "TD", "KD", "QD"],
              ["9D", "TC", "KC", "QC", "9C", "AS", "TS"],
              ["JH", "JD", "JC", "JS", "AH", "AD", "AC"]]
JACKS_TALON = ["KS", "QS", "9S"]


def test_R13_low_hand_opens_W1_for_that_player():
    s = deal(LOW_DEAL, LOW_TALON)
    assert pts(LOW) == 13
    assert s["phase"] == "redeal" and s["deal"]["window"] == "W1" and s["deal"]["queue"] == [1]
    assert game.to_act(s) == 1
    assert offered(s) == [{"type": "redeal", "seat": 1}, {"type": "keep", "seat": 1}]
    refused(s, {"type": "bid", "seat": 1, "value": 105}, "redeal or keep")


@pytest.mark.parametrize("threshold,opens", [(14, True), (15, True), (13, False), (0, False)])
def test_redeal_low_hand_threshold(threshold, opens):
    s = deal(LOW_DEAL, LOW_TALON, c=conv(redeal_low_hand=threshold))
    assert (s["phase"] == "redeal") is opens


def test_R13_four_nines_qualify_and_redeal_four_nines_false():
    s = deal(NINES_DEAL, NINES_TALON)
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [2]
    s = deal(NINES_DEAL, NINES_TALON, c=conv(redeal_four_nines=False))
    assert s["phase"] == "bidding"


def test_redeal_three_nines_off_sitter_any():
    assert deal(THREE_DEAL, THREE_TALON)["phase"] == "bidding"  # Classic: off
    s = deal(THREE_DEAL, THREE_TALON, c=conv(redeal_three_nines="sitter"), dealer=0)
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [1]  # seat 1 is the sitter
    # dealer 2: the sitter is seat 0, so seat 1's three nines no longer qualify under "sitter"
    assert deal(THREE_DEAL, THREE_TALON, c=conv(redeal_three_nines="sitter"), dealer=2)["phase"] \
        == "bidding"
    s = deal(THREE_DEAL, THREE_TALON, c=conv(redeal_three_nines="any"), dealer=2)
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [1]


def test_redeal_four_jacks():
    assert deal(JACKS_DEAL, JACKS_TALON)["phase"] == "bidding"
    s = deal(JACKS_DEAL, JACKS_TALON, c=conv(redeal_four_jacks=True))
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [2]


def test_R15_W1_queue_in_turn_from_dealers_left():
    h2 = ["9H", "9D", "9C", "9S", "AH", "TH", "AS"]  # four nines
    h0 = ["JH", "JD", "JC", "JS", "AD", "TD", "KD"]  # four jacks
    talon = ["KH", "QH", "TS"]
    c = conv(redeal_four_jacks=True)
    s = deal(spread(talon, {2: h2, 0: h0}), talon, c=c, dealer=1)
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [2, 0]
    assert game.to_act(s) == 2
    s = act(s, "keep")
    assert s["phase"] == "redeal" and game.to_act(s) == 0
    refused(s, {"type": "keep", "seat": 2}, "seat 0")
    s2 = act(s, "keep")
    assert s2["phase"] == "bidding"
    s3 = act(s, "redeal")
    assert s3["phase"] == "deal" and s3["last_deal"]["by"] == 0 and s3["last_deal"]["reason"] == {"code": "four_jacks"}


def test_R16_declining_keeps_the_deal_and_bidding_starts():
    s = deal(LOW_DEAL, LOW_TALON)
    s = act(s, "keep")
    assert s["phase"] == "bidding" and hand(s, 1) == sorted(LOW)
    assert game.to_act(s) == 2


def test_R16_first_request_voids_R17_no_score_change():
    s = deal(LOW_DEAL, LOW_TALON, totals=[100, -50, 35])
    s["score"]["bolts"] = [1, 2, 0]
    s = act(s, "redeal")
    assert s["phase"] == "deal" and s["deal"] is None
    assert s["score"]["totals"] == [100, -50, 35] and s["score"]["bolts"] == [1, 2, 0]
    assert s["score"]["deals_settled"] == 0 and s["score"]["rows"] == []
    assert s["last_deal"]["voided"] and s["last_deal"]["by"] == 1
    assert s["last_deal"]["reason"] == {"code": "low_hand", "under": 14}
    assert s["dealer"] == 0


def test_R17_voided_deal_does_not_count_for_rotation():
    s = act(deal(LOW_DEAL, LOW_TALON, dealer=0), "redeal")
    s = deal(state=s)  # same dealer deals the neutral deal
    s = act(all_pass(s), "write_off")
    assert s["dealer"] == 1 and s["score"]["deals_settled"] == 1


def test_redeal_hand_windows_none_and_after_pass_skip_W1():
    for w in ("none", "after_pass"):
        assert deal(LOW_DEAL, LOW_TALON, c=conv(redeal_hand_windows=w))["phase"] == "bidding"
    assert deal(LOW_DEAL, LOW_TALON, c=conv(redeal_hand_windows="before_bidding"))["phase"] == "redeal"


# seat 1 holds 9 points; seat 2 (AD TD KD QD AC TC KC) will bid and take QC AS TS
W3_DEAL = [["AH", "TH", "KH", "QH", "9S", "JS", "KS"], ["9H", "9D", "JH", "JD", "JC", "QS", "9C"],
           ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]]


def _to_w3(c, gives):
    """W3_DEAL: seat 2 bids 105 and declares; gives cards; announces 105."""
    s = deal(W3_DEAL, LOW_TALON, c=c)
    while s["phase"] == "redeal":
        s = act(s, "keep")
    s = act(s, "bid", value=105)
    s = all_pass(s)
    assert s["deal"]["declarer"] == 2
    s = give_cards(s, gives)
    return act(s, "contract", value=105)


def test_R15_W3_defender_with_low_8_card_hand():
    # seat 1 keeps 9 points + QC from the declarer = 12: still below 14
    s = _to_w3(conv(), {1: "QC", 0: "AS"})
    assert pts(hand(s, 1)) == 12
    assert s["phase"] == "redeal" and s["deal"]["window"] == "W3" and s["deal"]["queue"] == [1]
    s2 = act(s, "keep")
    assert s2["phase"] == "play" and game.to_act(s2) == 2
    s3 = act(s, "redeal")
    assert s3["phase"] == "deal" and s3["dealer"] == 0 and s3["score"]["totals"] == [0, 0, 0]


def test_R15_W3_closed_when_a_received_card_lifts_the_hand():
    s = _to_w3(conv(), {1: "AC", 0: "QC"})  # 9 + 11 = 20
    assert s["phase"] == "play"


def test_redeal_hand_windows_before_bidding_has_no_W3():
    s = _to_w3(conv(redeal_hand_windows="before_bidding"), {1: "QC", 0: "AS"})
    assert s["phase"] == "play"


def test_redeal_hand_windows_after_pass_opens_W3():
    s = _to_w3(conv(redeal_hand_windows="after_pass"), {1: "QC", 0: "AS"})
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [1]


def test_R15_declarer_has_no_W3():
    # seat 1 (low) is the uncontested declarer; the talon keeps him low: 13 + 0 + 0 + 2 = 15? use nines
    talon = ["9C", "9S", "JS"]  # 2 points; talon qualifies (two nines) -> W2 offered, declined
    others = spread(talon, {1: LOW})
    s = deal(others, talon, c=conv(redeal_hand_windows="after_pass", redeal_low_hand=15))
    s = all_pass(s)
    assert s["deal"]["declarer"] == 1 and s["deal"]["w2"]
    # give away the two best cards: his 8 cards stay below 15
    s = give_cards(s, {2: "KS", 0: "QS"})
    assert pts(hand(s, 1)) < 15
    s = act(s, "contract", value=100)
    if s["phase"] == "redeal":
        assert 1 not in s["deal"]["queue"], "the declarer must not be asked at W3"
    else:
        assert s["phase"] == "play"


# --- W2: the declarer after the talon ---------------------------------------------------------------

def _w2(talon, c=None, bid=False):
    hands = spread(talon)
    for h in hands:
        assert pts(h) >= 14 and sum(1 for x in h if x[0] == "9") < 3, "test bug: a hand qualifies"
    s = deal(hands, talon, c=c)
    while s["phase"] == "redeal":
        s = act(s, "keep")
    if bid:
        s = act(s, "bid", value=105)
    return all_pass(s)


def test_R14_talon_below_5_points_offers_W2():
    s = _w2(["JH", "JD", "9C"])  # 4 points, one nine
    assert s["phase"] == "exchange" and s["deal"]["w2"] == {"code": "talon_low", "under": 5}
    assert {"type": "redeal", "seat": 1} in offered(s)
    s2 = act(s, "redeal")
    assert s2["phase"] == "deal" and s2["last_deal"]["by"] == 1 and s2["dealer"] == 0


def test_R17_a_voided_deal_keeps_its_reason_as_plain_data():
    """The reason is a code with its values, plain data, in the W2 window and in the voided deal:
    no English words kept in the state to be read back (marshal refuses anything but plain data,
    a str subclass such as a Phrase too)."""
    import marshal
    s = _w2(["JH", "JD", "9C"])
    assert s["deal"]["w2"] == {"code": "talon_low", "under": 5}
    s2 = act(s, "redeal")
    assert s2["last_deal"]["reason"] == {"code": "talon_low", "under": 5}
    assert all(type(k) is str and type(v) in (str, int) for k, v in s2["last_deal"]["reason"].items())
    marshal.dumps(s2, 2)
    s = deal(LOW_DEAL, LOW_TALON)
    s = act(s, "redeal")
    assert s["last_deal"]["reason"] == {"code": "low_hand", "under": 14}
    marshal.dumps(s, 2)


def test_redeal_talon_low_zero_disables_it():
    s = _w2(["JH", "JD", "9C"], conv(redeal_talon_low=0))
    assert s["deal"]["w2"] is None and not offered(s, "redeal")
    refused(s, {"type": "redeal", "seat": 1}, "qualifies")


def test_R14_talon_two_nines_and_switch_off():
    s = _w2(["9H", "9D", "AS"])  # 11 points
    assert s["deal"]["w2"] == {"code": "talon_two_nines"}
    assert _w2(["9H", "9D", "AS"], conv(redeal_talon_two_nines=False))["deal"]["w2"] is None


def test_redeal_talon_three_jacks():
    assert _w2(["JH", "JD", "JC"])["deal"]["w2"] is None  # 6 points, off in Classic
    s = _w2(["JH", "JD", "JC"], conv(redeal_talon_three_jacks=True))
    assert s["deal"]["w2"] == {"code": "talon_three_jacks"}


def test_redeal_talon_only_at_100():
    c = conv(redeal_talon_only_at_100=True)
    assert _w2(["JH", "JD", "9C"], c)["deal"]["w2"]  # uncontested hundred
    s = _w2(["JH", "JD", "9C"], c, bid=True)  # seat 2 bid 105: contested
    assert s["deal"]["declarer"] == 2 and s["deal"]["w2"] is None


def test_R15_W2_closes_once_passing_starts():
    s = _w2(["JH", "JD", "9C"])
    decl = s["deal"]["declarer"]
    card = hand(s, decl)[0]
    s = act(s, "give", card=card, to=2)
    assert not offered(s, "redeal")
    refused(s, {"type": "redeal", "seat": decl}, "too late")


def test_R15_W2_declarer_10_card_hand_qualifies_four_nines_completed_by_talon():
    low = ["9H", "9D", "9C", "JH", "JD", "QS", "KS"]  # three nines: no W1 condition
    talon = ["JC", "9S", "AS"]  # 13 points, one nine
    c = conv(redeal_talon_low=0, redeal_talon_two_nines=False, redeal_hand_windows="none")
    s = all_pass(deal(spread(talon, {1: low}), talon, c=c))
    assert sorted(x for x in hand(s, 1) if x[0] == "9") == ["9C", "9D", "9H", "9S"]
    assert s["deal"]["w2"] == {"code": "four_nines"}
    c = conv(redeal_talon_low=0, redeal_talon_two_nines=False, redeal_hand_windows="none",
             redeal_four_nines=False)
    s = all_pass(deal(spread(talon, {1: low}), talon, c=c))
    assert s["deal"]["w2"] is None


def test_R15_W2_four_jacks_completed_by_talon():
    h1 = ["JH", "JD", "JC", "AH", "AD", "AC", "TS"]
    talon = ["JS", "TH", "KD"]
    c = conv(redeal_four_jacks=True, redeal_hand_windows="none")
    s = all_pass(deal(spread(talon, {1: h1}), talon, c=c))
    assert s["deal"]["w2"] == {"code": "four_jacks"}


# --- redeal_mandatory ---------------------------------------------------------------------------------

def test_redeal_mandatory_all_voids_at_W1_without_asking():
    s = deal(LOW_DEAL, LOW_TALON, c=conv(redeal_mandatory="all"))
    assert s["phase"] == "deal" and s["last_deal"]["voided"] and s["last_deal"]["by"] == 1


def test_redeal_mandatory_talon_only_voids_at_W2_but_W1_stays_optional():
    assert deal(LOW_DEAL, LOW_TALON, c=conv(redeal_mandatory="talon_only"))["phase"] == "redeal"
    s = _w2(["JH", "JD", "9C"], conv(redeal_mandatory="talon_only"))
    assert s["phase"] == "deal" and s["last_deal"]["voided"] and s["last_deal"]["by"] == 1
    assert s["score"]["totals"] == [0, 0, 0]


def test_redeal_mandatory_all_voids_at_W2_and_W3():
    s = _w2(["JH", "JD", "9C"], conv(redeal_mandatory="all"))
    assert s["phase"] == "deal" and s["last_deal"]["voided"]
    s = _to_w3(conv(redeal_mandatory="all", redeal_hand_windows="after_pass"), {1: "QC", 0: "AS"})
    assert s["phase"] == "deal" and s["last_deal"]["voided"] and s["last_deal"]["by"] == 1


# --- redeal_four_aces ----------------------------------------------------------------------------------

ACES = ["AH", "AD", "AC", "AS"]


def test_redeal_four_aces_dealt_voids_at_W1():
    h = ACES + ["KH", "QH", "JH"]
    s = deal(spread(["9H", "TD", "TC"], {2: h}), ["9H", "TD", "TC"])
    assert s["phase"] == "bidding"  # off in Classic
    s = deal(spread(["9H", "TD", "TC"], {2: h}), ["9H", "TD", "TC"], c=conv(redeal_four_aces="dealt"))
    assert s["phase"] == "deal" and s["last_deal"]["voided"] and s["last_deal"]["by"] == 2
    assert s["last_deal"]["reason"] == {"code": "four_aces_dealt"}


def _aces_by_talon(c):
    h1 = ["AH", "AD", "AC", "KH", "QH", "JH", "TD"]  # sitter; talon brings the ace of spades
    talon = ["AS", "TH", "KD"]
    s = deal(spread(talon, {1: h1}), talon, c=c)
    assert s["phase"] == "bidding"
    return all_pass(s)


def test_redeal_four_aces_dealt_or_talon_voids_at_W2():
    s = _aces_by_talon(conv(redeal_four_aces="dealt"))
    assert s["phase"] == "exchange"
    s = _aces_by_talon(conv(redeal_four_aces="dealt_or_talon"))
    assert s["phase"] == "deal" and s["last_deal"]["voided"] and s["last_deal"]["by"] == 1
    assert s["last_deal"]["reason"] == {"code": "four_aces"}


def test_redeal_four_aces_dealt_else_give_ace_must_pass_an_ace():
    s = _aces_by_talon(conv(redeal_four_aces="dealt_else_give_ace"))
    assert s["phase"] == "exchange"
    s = act(s, "give", card="JH", to=2)
    assert {a["card"] for a in offered(s, "give")} == set(ACES)
    refused(s, {"type": "give", "seat": 1, "card": "KH", "to": 0}, "ace")
    s = act(s, "give", card="AS", to=0)
    assert s["phase"] == "contract"


def test_redeal_four_aces_dealt_else_give_ace_passing_an_ace_first_frees_the_second():
    s = _aces_by_talon(conv(redeal_four_aces="dealt_else_give_ace"))
    s = act(s, "give", card="AS", to=2)
    assert "KH" in {a["card"] for a in offered(s, "give")}


# --- third_redeal_penalty --------------------------------------------------------------------------------

def test_third_redeal_penalty_EX24_third_request_refused_dealer_charged():
    c = conv(third_redeal_penalty=120)
    s = deal(LOW_DEAL, LOW_TALON, c=c, dealer=2)
    s = act(s, "redeal")
    s = act(deal(LOW_DEAL, LOW_TALON, state=s), "redeal")
    assert s["phase"] == "deal" and s["dealer"] == 2 and s["score"]["totals"] == [0, 0, 0]
    s = deal(LOW_DEAL, LOW_TALON, state=s)
    s = act(s, "redeal")
    assert s["score"]["totals"] == [0, 0, -120], "the dealer (seat 2) pays for the third request"
    assert s["phase"] in ("bidding", "redeal") and s["deal"] is not None
    assert hand(s, 1) == sorted(LOW), "the cards are played as dealt"


def test_third_redeal_penalty_zero_allows_any_number():
    s = deal(LOW_DEAL, LOW_TALON, dealer=2)
    for _ in range(4):
        s = act(s, "redeal")
        assert s["phase"] == "deal" and s["score"]["totals"] == [0, 0, 0]
        s = deal(LOW_DEAL, LOW_TALON, state=s)


def test_third_redeal_penalty_refuses_a_mandatory_redeal_too():
    c = conv(third_redeal_penalty=120, redeal_mandatory="all")
    s = deal(LOW_DEAL, LOW_TALON, c=c, dealer=0)
    assert s["phase"] == "deal"
    s = deal(LOW_DEAL, LOW_TALON, state=s)
    assert s["phase"] == "deal"
    s = deal(LOW_DEAL, LOW_TALON, state=s)
    assert s["phase"] == "bidding" and s["score"]["totals"] == [-120, 0, 0]


def test_third_redeal_counter_resets_after_a_settled_deal():
    c = conv(third_redeal_penalty=120)
    s = deal(LOW_DEAL, LOW_TALON, c=c, dealer=0)
    s = act(deal(LOW_DEAL, LOW_TALON, state=act(s, "redeal")), "redeal")
    s = act(all_pass(deal(state=s)), "write_off")  # settled: dealer 1 next
    s = deal(LOW_DEAL, LOW_TALON, state=s)
    s = act(s, "redeal")
    assert s["phase"] == "deal" and s["last_deal"]["voided"]


def test_R17_a_game_saved_with_the_reason_in_words_still_loads_rebuilt_from_its_record():
    """Engine version 1 kept a voided deal's reason as English words; such a save still opens:
    its position is another version's, so the record's replay stands for it, reason a code."""
    import copy

    from thousand.bots import make_bot
    from thousand.ui.session import CardSession
    seats = [{"kind": "bot", "name": f"Bot {i}", "bot": "random"} for i in range(3)]
    s = CardSession.start(conv(), "classic", seats, 5)
    bot = make_bot("random", 1)
    while not (s.state["last_deal"] or {}).get("voided"):
        s.act(bot.choose(s.view(s.to_act())))
    s.act(bot.choose(s.view(s.to_act())))  # the next deal is dealt: the save is mid-game
    assert s.state["last_deal"]["reason"]["code"] in ("low_hand", "four_nines")
    doc = s.to_doc()
    old = copy.deepcopy(doc)
    old["state"]["version"] = 1
    old["state"]["last_deal"]["reason"] = "fewer than 14 points"
    again = CardSession.from_doc(old)
    # the same position but for the generator of deals still to come, which no record tells
    assert {**again.state, "rng": None} == {**doc["state"], "rng": None}
    assert again.state["version"] == game.VERSION
    # at this version the words are not the position the record leads to: refused, as any
    # other changed position
    changed = copy.deepcopy(doc)
    changed["state"]["last_deal"]["reason"] = "fewer than 14 points"
    with pytest.raises(Exception, match="not the one its record"):
        CardSession.from_doc(changed)
