"""Dark play: the dark game D1–D5 (dark_game, dark_who, dark_min_score, dark_on_barrel,
dark_can_raise, dark_write_off) and dark bidding B1–B3 (dark_bidding), as far as the engine
decides them (facts["dark"], talon shown or not, write-off offered or not)."""
from helpers_engine import (NEUTRAL, TALON, act, all_pass, bid_values, conv, deal, give_cards, offered,
                            refused, spread)
from thousand.cards import game
from thousand.cards.views import seat_view

DARK = dict(dark_game=True, dark_min_score=None)
LOW_DEAL = [["AH", "TH", "KH", "QH", "9C", "9S", "JS"], ["9H", "9D", "JH", "JD", "JC", "QS", "KS"],
            ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]]
LOW_TALON = ["QC", "AS", "TS"]


def test_D1_dark_game_off_in_classic():
    assert deal()["phase"] == "bidding"


def test_D1_sitter_asked_before_seeing_cards():
    s = deal(c=conv(**DARK))
    assert s["phase"] == "dark" and s["deal"]["queue"] == [1] and game.to_act(s) == 1
    assert offered(s) == [{"type": "dark", "seat": 1, "dark": True},
                          {"type": "dark", "seat": 1, "dark": False}]
    for seat in range(3):
        assert seat_view(s, seat)["deal"]["hand"] is None, "nobody has seen his cards yet"
    refused(s, {"type": "dark", "seat": 1, "dark": "yes"}, "dark")


def test_D1_declining_dark_gives_an_ordinary_auction():
    s = act(deal(c=conv(**DARK)), "dark", dark=False)
    assert s["phase"] == "bidding" and s["deal"]["dark_player"] is None
    assert s["deal"]["high"] == 100 and seat_view(s, 1)["deal"]["hand"] is not None


def test_D2_dark_sitter_bids_120_without_looking():
    s = act(deal(c=conv(**DARK)), "dark", dark=True)
    d = s["deal"]
    assert s["phase"] == "bidding" and d["dark_player"] == 1 and d["dark"] is True
    assert d["high"] == 120 and d["high_seat"] == 1
    assert {"seat": 1, "value": 120, "dark": True} in d["bids"]
    assert seat_view(s, 1)["deal"]["hand"] is None
    assert seat_view(s, 2)["deal"]["hand"] is not None


def test_D3_outbidding_dark_needs_a_marriage_whatever_the_limit():
    c = conv(bid_marriage_limit="none", **DARK)
    hands = spread(["9H", "9D", "JS"], {2: ["AH", "TH", "AD", "TD", "AC", "TC", "AS"]})
    s = act(deal(hands, ["9H", "9D", "JS"], c=c), "dark", dark=True)
    assert game.to_act(s) == 2 and bid_values(s) == []
    refused(s, {"type": "bid", "seat": 2, "value": 125}, "marriage")


def test_D3_first_bid_over_120_undarkens():
    s = act(deal(c=conv(**DARK)), "dark", dark=True)
    s = act(s, "bid", value=125)  # seat 2 holds the clubs marriage
    d = s["deal"]
    assert d["dark"] is False and d["looked"][1] is True
    assert seat_view(s, 1)["deal"]["hand"] is not None
    s = act(s, "pass")  # seat 0
    assert game.to_act(s) == 1 and 130 in bid_values(s), "the dark player now bids on normally"


def test_D4_dark_declarer_talon_hidden_contract_fixed_facts_dark():
    s = act(deal(c=conv(**DARK)), "dark", dark=True)
    s = all_pass(s)
    d = s["deal"]
    assert d["declarer"] == 1 and d["bid"] == 120 and d["dark"] is True
    assert d["talon_shown"] is False
    assert seat_view(s, 0)["deal"]["talon"] is None and seat_view(s, 1)["deal"]["talon"] == TALON
    assert offered(s, "write_off")  # dark_write_off = true
    s = give_cards(s, {2: "JS", 0: "9H"})
    assert offered(s) == [{"type": "contract", "seat": 1, "value": 120}]
    refused(s, {"type": "contract", "seat": 1, "value": 125}, "cannot be raised")
    s = act(s, "contract", value=120)
    while s["phase"] != "deal":
        s = game.apply(s, game.legal_actions(s)[0])
    assert s["last_deal"]["facts"]["dark"] is True


def test_D4_dark_write_off_facts():
    s = all_pass(act(deal(c=conv(**DARK)), "dark", dark=True))
    s = act(s, "write_off")
    f = s["last_deal"]["facts"]
    assert f["dark"] is True and f["outcome"] == "write_off" and f["bid"] == 120


def test_dark_write_off_false():
    s = all_pass(act(deal(c=conv(dark_write_off=False, **DARK)), "dark", dark=True))
    assert not offered(s, "write_off")
    refused(s, {"type": "write_off", "seat": 1}, "may not write off")


def test_dark_can_raise():
    s = all_pass(act(deal(c=conv(dark_can_raise=True, **DARK)), "dark", dark=True))
    s = give_cards(s, {2: "JS", 0: "9H"})
    assert 125 in [a["value"] for a in offered(s)]
    s = act(s, "contract", value=130)
    assert s["deal"]["contract"] == 130 and s["deal"]["dark"] is True


def test_D4_forced_sitter_outbid_by_dark_player_who_is_not_sitter():
    c = conv(dark_who="anyone", **DARK)
    s = deal(c=c)
    assert s["deal"]["queue"] == [1, 2, 0]
    s = act(s, "dark", dark=False)  # sitter declines
    s = act(s, "dark", dark=True)  # seat 2 goes dark: the asking stops
    d = s["deal"]
    assert s["phase"] == "bidding" and d["dark_player"] == 2
    assert d["bids"][0] == {"seat": 1, "value": 100, "auto": True,
                           "why": "forced_100"}
    assert d["high"] == 120 and d["high_seat"] == 2
    s = all_pass(s)
    assert s["deal"]["declarer"] == 2 and s["deal"]["dark"] is True


def test_dark_min_score_default_240():
    c = conv(dark_game=True)
    assert deal(c=c, totals=[0, 235, 0])["phase"] == "bidding"
    assert deal(c=c, totals=[0, 240, 0])["phase"] == "dark"
    assert deal(c=conv(dark_game=True, dark_min_score=0), totals=[0, -5, 0])["phase"] == "bidding"


def test_D1_low_score_barred_player_not_asked():
    assert deal(c=conv(**DARK), totals=[0, -125, 0])["phase"] == "bidding"


def test_dark_on_barrel():
    s = deal(state=_barrel_state(conv(**DARK)))
    assert s["phase"] == "bidding"
    s = deal(state=_barrel_state(conv(dark_on_barrel=True, **DARK)))
    assert s["phase"] == "dark"


def _barrel_state(c):
    s = game.new_game(c, 1, first_dealer=0)
    s["score"]["totals"] = [880, 0, 0]
    s["score"]["barrel"][0]["on"] = True
    s["score"]["barrel"][0]["mounted_at"] = 0
    return s


def test_D5_W1_redeal_voids_the_dark_declaration():
    # seat 2 (not the dark player) has a low hand: dealer 1 -> sitter 2? use dealer 0: sitter 1 low
    hands = [LOW_DEAL[0], LOW_DEAL[2], LOW_DEAL[1]]  # seat 2 holds the low hand
    s = deal(hands, LOW_TALON, c=conv(**DARK))
    s = act(s, "dark", dark=True)  # sitter 1 goes dark
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [2]
    assert seat_view(s, 2)["deal"]["hand"] is not None
    s = act(s, "redeal")
    assert s["phase"] == "deal" and s["deal"] is None and s["score"]["totals"] == [0, 0, 0]
    s = deal(state=s)
    assert s["phase"] == "dark", "a fresh deal asks again"


# --- dark bidding (B1–B3) ---------------------------------------------------------------------------

def blind(s):
    """B1/B3: before the bidding every player is asked once whether to look (so that being asked
    tells an unseen hand nothing); these tests keep everyone blind."""
    while s["phase"] == "redeal" and s["deal"]["window"] == "W1":
        s = act(s, "keep")
    return s


def test_B3_everyone_is_asked_to_look_or_stay_blind_before_the_bidding():
    s = deal(c=conv(dark_bidding=True))
    assert s["phase"] == "redeal" and s["deal"]["queue"] == [1, 2, 0]
    assert offered(s) == [{"type": "look", "seat": 1}, {"type": "keep", "seat": 1}]
    s = act(s, "look")  # seat 1's hand does not qualify: looking simply moves on
    assert s["deal"]["looked"][1] and s["deal"]["queue"] == [2, 0]
    s = blind(s)
    assert s["phase"] == "bidding" and s["deal"]["looked"] == [False, True, False]


def test_B1_hand_hidden_until_look_and_look_never_undoes_a_bid():
    s = blind(deal(c=conv(dark_bidding=True)))
    assert seat_view(s, 2)["deal"]["hand"] is None
    assert {"type": "look", "seat": 2} in offered(s)
    assert bid_values(s) == [105, 110, 115, 120], "a player who has not looked knows no marriage"
    s = act(s, "bid", value=110)
    assert s["deal"]["bids"][-1]["blind"] is True
    s = act(s, "look")  # seat 0 looks
    assert game.to_act(s) == 0 and seat_view(s, 0)["deal"]["hand"] is not None
    refused(s, {"type": "look", "seat": 0}, "already")
    assert s["deal"]["high"] == 110


def test_B1_looking_reveals_marriages_for_the_cap():
    s = act(blind(deal(c=conv(dark_bidding=True))), "look")  # seat 2: clubs marriage
    assert max(bid_values(s)) == 180


def test_B2_declarer_who_never_looked_plays_dark_talon_hidden():
    s = blind(deal(c=conv(dark_bidding=True)))
    s = act(s, "bid", value=105)  # seat 2 blind
    s = all_pass(s)
    d = s["deal"]
    assert d["declarer"] == 2 and d["dark"] is True and d["talon_shown"] is False
    assert seat_view(s, 0)["deal"]["talon"] is None
    s = act(s, "write_off")
    assert s["last_deal"]["facts"]["dark"] is True


def test_B2_declarer_who_looked_plays_an_ordinary_deal():
    s = blind(deal(c=conv(dark_bidding=True)))
    s = act(s, "look")
    s = act(s, "bid", value=105)
    s = all_pass(s)
    d = s["deal"]
    assert d["declarer"] == 2 and d["dark"] is False and d["talon_shown"] is True


def test_B3_must_look_before_requesting_a_W1_redeal():
    s = deal(LOW_DEAL, LOW_TALON, c=conv(dark_bidding=True))
    assert s["phase"] == "redeal"
    seat = game.to_act(s)
    assert not s["deal"]["looked"][seat]
    acts = game.legal_actions(s)
    assert {"type": "redeal", "seat": seat} not in acts or {"type": "look", "seat": seat} in acts, \
        "B3: a player who has not looked is offered a redeal (and learns his hand qualifies)"
    refused(s, {"type": "redeal", "seat": seat}, "look")
    s = act(s, "look")  # now he sees a qualifying hand and may ask
    assert {"type": "redeal", "seat": seat} in game.legal_actions(s)
    assert act(s, "redeal")["phase"] == "deal"


def test_B2_dark_bid_declarer_contract_fixed_unless_dark_can_raise():
    for can_raise in (False, True):
        s = blind(deal(c=conv(dark_bidding=True, dark_can_raise=can_raise)))
        s = all_pass(act(s, "bid", value=105))
        assert s["deal"]["dark"] is True
        s = give_cards(s, {0: "KS", 1: "QS"})
        values = [a["value"] for a in offered(s)]
        assert (values == [105]) is (not can_raise)
