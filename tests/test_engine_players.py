"""Two players (T1–T10: two_talon_size, two_exchange, two_widow) and four players (F1–F4), EX26."""
import pytest

from helpers_engine import act, all_pass, check_deck, conv, deal, hand, keep_all, new, offered, pts, refused
from thousand.cards import cards as C
from thousand.cards import game
from thousand.cards.views import seat_view

DECK = list(C.DECK)

# two players, dealer 0: seat 1 is the sitter and speaks... the dealer speaks first (T4)
TWO0 = ["AH", "TH", "KH", "QH", "JH", "9H", "AD", "TD", "KD", "QD"]
TWO1 = ["AC", "TC", "KC", "QC", "JC", "9C", "AS", "TS", "KS", "QS"]
TALON_A, TALON_B = ["JD", "9D"], ["JS", "9S"]


def two(c=None, dealer=0, hands=None, talons=None):
    c = c or conv("two_players")
    hands = hands or [TWO0, TWO1]
    talons = talons or [TALON_A, TALON_B]
    return deal(hands, None, c=c, dealer=dealer, talons=talons)


def _dealt(c, seed, dealer=0):
    s = game.begin_deal(new(c, dealer), seed=seed)
    k = 1
    while s["phase"] == "cut":
        s = act(s, "cut", k=k)
        k = k % 23 + 1
    return s


# --- T1, T2 ----------------------------------------------------------------------------------------

def test_T1_non_dealer_is_sitter_and_cutter():
    for cutter in ("right", "left"):
        s = game.begin_deal(new(conv("two_players", cutter=cutter), dealer=0), seed=4)
        assert s["deal"]["cutter"] == 1 and game.to_act(s) == 1
    s = two()
    assert s["deal"]["sitter"] == 1
    assert s["deal"]["bids"][0] == {"seat": 1, "value": 100, "auto": True,
                           "why": "forced_100"}


def test_T2_EX26_two_talons_of_two_alternating_positions_ten_cards_each():
    c = conv("two_players")
    for seed in range(25):
        s = _dealt(c, seed, dealer=seed % 2)
        d = s["deal"]
        pos, deck = d["positions"], d["deck"]
        assert len(pos) == 4 == len(set(pos)) and all(4 <= p <= 21 for p in pos)
        assert d["talons"] == [[deck[pos[0] - 1], deck[pos[2] - 1]], [deck[pos[1] - 1], deck[pos[3] - 1]]]
        assert [len(h) for h in d["hands"]] == [10, 10]
        assert deck[23] in d["hands"][d["dealer"]]
        rest = [x for i, x in enumerate(deck, 1) if i not in pos]
        assert rest[0] in d["hands"][(d["dealer"] + 1) % 2], "dealing starts with the non-dealer"


def test_two_talon_size_3_nine_cards_each():
    c = conv("two_players", two_talon_size=3, two_exchange="one_each")
    s = _dealt(c, 7)
    d = s["deal"]
    assert [len(h) for h in d["hands"]] == [9, 9] and [len(t) for t in d["talons"]] == [3, 3]


# --- T3, T4 ------------------------------------------------------------------------------------------

def test_T4_dealer_speaks_first_first_pass_ends():
    s = two()
    assert s["phase"] == "bidding" and game.to_act(s) == 0
    s1 = act(s, "pass")
    assert s1["deal"]["declarer"] == 1 and s1["deal"]["uncontested"] is True
    s2 = act(s, "bid", value=105)
    assert game.to_act(s2) == 1
    s3 = act(s2, "pass")
    assert s3["deal"]["declarer"] == 0 and s3["deal"]["bid"] == 105
    s4 = act(act(s2, "bid", value=110), "pass")
    assert s4["deal"]["declarer"] == 1 and s4["deal"]["bid"] == 110


def test_T4_R24_on_ten_card_hands():
    s = two()  # seat 0 holds hearts and diamonds marriages: 120 + 180 = 300
    assert max(a["value"] for a in offered(s, "bid")) == 300


def test_T3_talon_conditions_not_used_with_two_players():
    # talon B (JS 9S) is worth 2 points: it would qualify under R14 with three players
    s = act(two(), "pass")
    assert s["phase"] == "talon"
    s = act(s, "take_talon", talon=1)
    assert s["deal"]["w2"] is None


# --- T5 -----------------------------------------------------------------------------------------------

def test_T5_declarer_picks_a_talon_uncontested_hidden():
    s = act(two(), "pass")
    assert s["phase"] == "talon" and game.to_act(s) == 1
    assert offered(s) == [{"type": "take_talon", "seat": 1, "talon": 0},
                          {"type": "take_talon", "seat": 1, "talon": 1}]
    refused(s, {"type": "take_talon", "seat": 1, "talon": 2}, "talon 0 or 1")
    assert seat_view(s, 1)["deal"]["talon"] is None, "chosen without seeing either"
    s = act(s, "take_talon", talon=1)
    assert hand(s, 1) == sorted(TWO1 + TALON_B) and s["deal"]["taken"] == 1
    assert s["deal"]["talon_shown"] is False
    assert seat_view(s, 0)["deal"]["talon"] is None and seat_view(s, 1)["deal"]["talon"] == TALON_B


def test_T5_contested_talon_shown_to_both():
    s = act(act(two(), "bid", value=105), "pass")
    s = act(s, "take_talon", talon=0)
    assert s["deal"]["talon_shown"] is True and seat_view(s, 1)["deal"]["talon"] == TALON_A


def test_T6_write_off_single_opponent_60():
    s = act(act(two(), "pass"), "take_talon", talon=0)
    s = act(s, "write_off")
    assert s["score"]["totals"] == [60, -100]
    assert s["dealer"] == 1


# --- T7 exchanges ---------------------------------------------------------------------------------------

def test_T7_discard_two_to_widow():
    s = act(act(two(), "pass"), "take_talon", talon=0)
    assert not offered(s, "give")
    refused(s, {"type": "give", "seat": 1, "card": "9C", "to": 0}, "opponent")
    s = act(s, "discard", card="9C")
    assert s["phase"] == "exchange"
    s = act(s, "discard", card="JC")
    assert s["phase"] == "contract"
    assert [len(h) for h in s["deal"]["hands"]] == [10, 10]
    assert sorted(s["deal"]["widow"]) == sorted(["9C", "JC"] + TALON_B)
    assert seat_view(s, 0)["deal"]["discards"] is None
    assert seat_view(s, 1)["deal"]["discards"] == ["9C", "JC"]


def test_two_exchange_give_one():
    s = act(act(two(conv("two_players", two_exchange="give_one")), "pass"), "take_talon", talon=0)
    assert not offered(s, "discard")
    s = act(s, "give", card="9C", to=0)
    assert s["phase"] == "contract"
    assert [len(h) for h in s["deal"]["hands"]] == [11, 11]
    assert sorted(s["deal"]["widow"]) == sorted(TALON_B)
    assert seat_view(s, 0)["deal"]["received"] == "9C"


def test_two_exchange_one_each_talon_3():
    c = conv("two_players", two_talon_size=3, two_exchange="one_each")
    h0 = ["AH", "TH", "KH", "QH", "JH", "9H", "AD", "TD", "KD"]
    h1 = ["AC", "TC", "KC", "QC", "JC", "9C", "AS", "TS", "KS"]
    s = two(c, hands=[h0, h1], talons=[["QD", "JD", "9D"], ["QS", "JS", "9S"]])
    s = act(act(s, "pass"), "take_talon", talon=0)
    assert len(hand(s, 1)) == 12
    s = act(s, "give", card="9C", to=0)
    s = act(s, "discard", card="JC")
    assert s["phase"] == "contract"
    assert [len(h) for h in s["deal"]["hands"]] == [10, 10]
    assert sorted(s["deal"]["widow"]) == sorted(["JC", "QS", "JS", "9S"])


# --- T8–T10 ------------------------------------------------------------------------------------------------

def _play_two(c):
    s = act(act(two(c), "pass"), "take_talon", talon=0)
    s = act(act(s, "discard", card="9C"), "discard", card="JC")
    s = keep_all(act(s, "contract", value=100))
    assert s["phase"] == "play" and game.to_act(s) == 1  # T9: the declarer leads
    n_tricks = 0
    while s["phase"] == "play":
        if not s["deal"]["trick"]:
            n_tricks += 1
        s = game.apply(s, game.legal_actions(s)[0])
    return s, n_tricks


def test_T9_T10_ten_tricks_widow_to_last_trick():
    s, n = _play_two(conv("two_players"))
    assert n == 10
    last = s["last_deal"]
    f = last["facts"]
    assert sum(f["card_points"]) == 120
    widow_pts = pts(["9C", "JC"] + TALON_B)
    last_winner = last["tricks"][-1]["winner"]
    trick_pts = [0, 0]
    for t in last["tricks"]:
        trick_pts[t["winner"]] += pts([x for _, x in t["cards"]])
    trick_pts[last_winner] += widow_pts
    assert f["card_points"] == trick_pts


def test_two_widow_dead():
    s, _ = _play_two(conv("two_players", two_widow="dead"))
    f = s["last_deal"]["facts"]
    assert sum(f["card_points"]) == 120 - pts(["9C", "JC"] + TALON_B)


# --- four players ---------------------------------------------------------------------------------------

FOUR = [[], ["AH", "TH", "KH", "QH", "JH", "9H", "AD"],
        ["TD", "KD", "QD", "JD", "9D", "AC", "TC"], ["KC", "QC", "JC", "9C", "AS", "TS", "KS"]]
FOUR_TALON = ["QS", "JS", "9S"]


def test_F1_F2_EX26_dealer_rests_seven_each_right_of_dealer_gets_24th():
    c = conv("four_players")
    for seed in range(25):
        dealer = seed % 4
        s = _dealt(c, seed, dealer)
        d = s["deal"]
        assert d["hands"][dealer] == []
        assert sorted(len(h) for h in d["hands"]) == [0, 7, 7, 7]
        assert d["active"] == [(dealer + i) % 4 for i in (1, 2, 3)]
        assert d["deck"][23] in d["hands"][(dealer - 1) % 4]
        assert all(4 <= p <= 21 for p in d["positions"])


def test_F3_right_of_dealer_cuts_and_R10_not_applied():
    s = game.begin_deal(new(conv("four_players"), dealer=0), seed=1)
    assert game.to_act(s) == 3 and s["deal"]["cutter"] == 3
    s["deal"]["deck"] = list(DECK)
    s = act(s, "cut", k=6)  # a nine at the bottom: no re-cut with four players
    assert s["phase"] != "cut" and s["score"]["totals"] == [0, 0, 0, 0]
    s = game.begin_deal(new(conv("four_players"), dealer=0), seed=1)
    s["deal"]["deck"] = list(DECK)
    s = act(s, "cut", k=5)  # a jack at the bottom: not married
    assert s["deal"]["deck"] == DECK[5:] + DECK[:5]


def test_F4_sitter_left_of_dealer_bidding_among_actives():
    s = deal(FOUR, FOUR_TALON, c=conv("four_players"), dealer=0)
    d = s["deal"]
    assert d["sitter"] == 1 and d["bids"][0] == {"seat": 1, "value": 100, "auto": True,
                           "why": "forced_100"}
    assert d["passed"][0] is True
    seen = []
    while s["phase"] == "bidding":
        seen.append(game.to_act(s))
        s = act(s, "pass")
    assert seen == [2, 3] and 0 not in seen
    assert s["deal"]["declarer"] == 1 and s["deal"]["uncontested"]


def test_F_passing_cards_to_the_two_active_opponents_only():
    s = all_pass(deal(FOUR, FOUR_TALON, c=conv("four_players"), dealer=0))
    assert {a["to"] for a in offered(s, "give")} == {2, 3}
    refused(s, {"type": "give", "seat": 1, "card": "AH", "to": 0}, "opponent")
    s = act(act(s, "give", card="9H", to=2), "give", card="JH", to=3)
    assert [len(h) for h in s["deal"]["hands"]] == [0, 8, 8, 8]
    s = keep_all(act(s, "contract", value=100))
    n = 0
    while s["phase"] == "play":
        assert game.to_act(s) != 0
        s = game.apply(s, game.legal_actions(s)[0])
        n += 1
    assert n == 24
    f = s["last_deal"]["facts"]
    assert sum(f["card_points"]) == 120 and f["card_points"][0] == 0
    assert f["talon"] == FOUR_TALON
    assert s["dealer"] == 1


def test_F1_first_lead_dealer_refused_with_four_players():
    with pytest.raises(Exception):
        conv("four_players", first_lead="dealer")


def test_T7_R12_nobody_sees_the_widow_or_the_unchosen_talon():
    import json
    s = act(act(two(), "pass"), "take_talon", talon=0)
    s = act(act(s, "discard", card="9C"), "discard", card="JC")
    s = keep_all(act(s, "contract", value=100))
    while True:
        for seat in (0, 1):
            text = json.dumps(seat_view(s, seat))
            for card in TALON_B:
                assert f'"{card}"' not in text, f"seat {seat} sees the unchosen talon's {card}"
        if s["phase"] != "play":
            break
        s = game.apply(s, game.legal_actions(s)[0])
    text0 = json.dumps(seat_view(s, 0))
    assert '"9C"' not in text0 and '"JC"' not in text0, "the declarer's discards stay hidden"
