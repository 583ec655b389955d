"""R1–R12: deck, ranks, points, marriage values, dealer rotation, shuffle, cut, deal, seat views.
Conventions: cutter, bottom_nine_recut, cutter_nine_penalty, bottom_jack, talon_positions,
reshuffle_each_deal, pass_visibility (views)."""
import json
import random

import pytest

from helpers_engine import (H0, H1, H2, NEUTRAL, TALON, act, all_pass, conv, deal, dump, give_cards,
                            new, refused)
from thousand.cards import cards as C
from thousand.cards import game
from thousand.cards.dealing import cut as cut_deck
from thousand.cards.marriages import marriage_value
from thousand.cards.views import seat_view

DECK = list(C.DECK)


# --- R1–R4 ------------------------------------------------------------------------------------

def test_R1_deck_is_24_cards_A_to_9_of_four_suits():
    assert len(C.DECK) == 24 == len(set(C.DECK))
    assert {c[0] for c in C.DECK} == set("ATKQJ9")
    assert {c[1] for c in C.DECK} == set("HDCS")


def test_R1_a_dealt_game_uses_exactly_the_24_cards():
    s = game.begin_deal(new(), seed=7)
    assert sorted(s["deal"]["deck"]) == sorted(DECK)


def test_R2_rank_order_A_10_K_Q_J_9_decides_tricks():
    order = ["A", "T", "K", "Q", "J", "9"]
    for hi, lo in zip(order, order[1:]):
        assert C.strength(hi + "H") > C.strength(lo + "H")


def test_R3_card_points_and_EX27_suit_30_deck_120():
    assert [C.points(r + "S") for r in "ATKQJ9"] == [11, 10, 4, 3, 2, 0]
    for s in "HDCS":
        assert C.card_points([r + s for r in "ATKQJ9"]) == 30
    assert C.card_points(C.DECK) == 120


@pytest.mark.parametrize("table,expected", [
    ("standard", {"H": 100, "D": 80, "C": 60, "S": 40}),
    ("clubs_hearts", {"H": 80, "D": 40, "C": 100, "S": 60}),
    ("clubs_spades", {"H": 60, "D": 40, "C": 100, "S": 80}),
    ("five_oh_one", {"H": 80, "D": 40, "C": 20, "S": 60}),
])
def test_R4_marriage_values_tables(table, expected):
    c = conv(marriage_values=table)
    assert {s: marriage_value(c, s) for s in "HDCS"} == expected


# --- R6, R7: dealer ----------------------------------------------------------------------------

def test_R6_first_dealer_drawn_by_lot_from_the_seed():
    dealers = {game.new_game(conv(), seed, None)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2}
    assert game.new_game(conv(), 5, None)["dealer"] == game.new_game(conv(), 5, None)["dealer"]


def _write_off_deal(s):
    s = all_pass(s)
    return act(s, "write_off")


def test_R7_deal_passes_left_after_a_settled_deal():
    s = deal(dealer=0)
    s = _write_off_deal(s)  # a written-off deal counts as played
    assert s["phase"] == "deal" and s["dealer"] == 1
    assert game.to_act(s) == 1 and game.legal_actions(s) == [{"type": "deal", "seat": 1}]
    s = deal(dealer=None, state=s)
    assert s["deal"]["dealer"] == 1 and s["deal"]["sitter"] == 2
    s = _write_off_deal(s)
    assert s["dealer"] == 2
    s = _write_off_deal(deal(state=s))
    assert s["dealer"] == 0


def test_R7_R17_voided_deal_is_dealt_again_by_the_same_dealer():
    low = ["9H", "9D", "JH", "JD", "JC", "QS", "KS"]  # 13 points: qualifies under R13
    h0 = ["AH", "TH", "KH", "QH", "9C", "9S", "JS"]
    h2 = ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]
    s = deal([h0, low, h2], ["QC", "AS", "TS"], dealer=2)
    assert s["phase"] == "redeal"
    before = s["score"]
    s = act(s, "redeal")
    assert s["phase"] == "deal" and s["dealer"] == 2
    assert s["score"]["totals"] == before["totals"] and s["score"]["deals_settled"] == 0
    assert s["last_deal"]["voided"] is True and s["last_deal"]["by"] == 1


def test_R7_dealer_rotation_over_a_game_with_the_deal_action():
    s = new(dealer=1)
    s = act(s, "deal")
    assert s["phase"] == "cut" and s["deal"]["dealer"] == 1


# --- R8: shuffle -----------------------------------------------------------------------------

def test_R8_each_deal_is_shuffled_from_its_seed():
    a = game.begin_deal(new(), seed=1)["deal"]["deck"]
    b = game.begin_deal(new(), seed=2)["deal"]["deck"]
    a2 = game.begin_deal(new(), seed=1)["deal"]["deck"]
    assert a != b and a == a2


def _finish_randomly(s, rnd):
    while s["phase"] not in ("deal", "game_over"):
        s = game.apply(s, rnd.choice(game.legal_actions(s)))
    return s


def test_reshuffle_each_deal_false_uses_the_gathered_deck():
    c = conv(reshuffle_each_deal=False)
    rnd = random.Random(3)
    s = game.begin_deal(new(c), seed=11)
    first = list(s["deal"]["deck"])
    # play the deal out (not written off), so every card ends in a trick
    while s["phase"] != "deal":
        acts = [a for a in game.legal_actions(s) if a["type"] not in ("write_off", "redeal")]
        s = game.apply(s, rnd.choice(acts))
    last = s["last_deal"]
    if last["voided"] or last["facts"]["outcome"] != "played":
        pytest.skip("seed gave no played deal")  # pragma: no cover (seed chosen to play)
    gathered = [card for t in last["tricks"] for _, card in t["cards"]]
    assert sorted(gathered) == sorted(DECK)
    s2 = game.begin_deal(s, seed=999)
    assert s2["deal"]["deck"] == gathered, "the next deal must start from the gathered cards, unshuffled"
    assert first != gathered
    # and with reshuffling on, the same seed shuffles afresh
    s3 = game.begin_deal(dict(s, conventions=conv()), seed=999)
    assert s3["deal"]["deck"] != gathered


def test_reshuffle_each_deal_false_after_a_voided_deal_talon_then_hands_from_dealers_left():
    c = conv(reshuffle_each_deal=False)
    low = ["9H", "9D", "JH", "JD", "JC", "QS", "KS"]
    h0 = ["AH", "TH", "KH", "QH", "9C", "9S", "JS"]
    h2 = ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]
    talon = ["QC", "AS", "TS"]
    s = deal([h0, low, h2], talon, c=c, dealer=0)
    s = act(s, "redeal")
    s2 = game.begin_deal(s, seed=5)
    assert s2["deal"]["deck"] == talon + low + h2 + h0


# --- R9, R10: cut --------------------------------------------------------------------------------

def _cut_state(c=None, dealer=0, deck=None, n_conv=None):
    s = game.begin_deal(new(c, dealer), seed=1)
    if deck is not None:
        s["deal"]["deck"] = list(deck)
    return s


def test_R9_cutter_is_right_of_dealer_and_cut_moves_top_k_under():
    s = _cut_state(dealer=0, deck=DECK)
    assert s["phase"] == "cut" and game.to_act(s) == 2
    assert [a["k"] for a in game.legal_actions(s)] == list(range(1, 24))
    refused(s, {"type": "cut", "seat": 2, "k": 0}, "1 to 23")
    refused(s, {"type": "cut", "seat": 2, "k": 24}, "1 to 23")
    refused(s, {"type": "cut", "seat": 1, "k": 3}, "seat 2")
    s2 = act(s, "cut", k=1)  # bottom becomes AH: dealing starts
    assert s2["deal"]["deck"] == DECK[1:] + DECK[:1]
    assert s2["phase"] in ("redeal", "bidding")


def test_R9_cutter_left_convention():
    s = _cut_state(conv(cutter="left"), dealer=0)
    assert game.to_act(s) == 1
    s = _cut_state(conv(cutter="left"), dealer=2)
    assert game.to_act(s) == 0


def test_R10a_nine_at_bottom_same_player_cuts_again():
    s = _cut_state(dealer=0, deck=DECK)
    s = act(s, "cut", k=6)  # 9H to the bottom
    assert s["deal"]["deck"][-1] == "9H"
    assert s["phase"] == "cut" and game.to_act(s) == 2 and s["deal"]["cuts"] == [6]
    s = act(s, "cut", k=1)  # AD at the bottom now
    assert s["phase"] != "cut" and s["score"]["totals"] == [0, 0, 0]


def test_R10a_three_nines_charge_cutter_and_EX23():
    s = _cut_state(dealer=0, deck=DECK)
    for expect in ("9H", "9D", "9C"):
        assert s["phase"] == "cut"
        s = act(s, "cut", k=6)
        assert s["deal"]["deck"][-1] == expect
    assert s["deal"]["cuts"] == [6, 6, 6]
    assert s["phase"] != "cut", "after the third nine the deal goes on with no further cut"
    assert s["score"]["totals"] == [0, 0, -120], "the cutter (right of dealer 0 = seat 2) pays 120"
    # the deck is dealt as it lies: the dealer receives the bottom nine
    assert "9C" in s["deal"]["hands"][0]


def test_R10a_cutter_nine_penalty_zero():
    s = _cut_state(conv(cutter_nine_penalty=0), dealer=0, deck=DECK)
    for _ in range(3):
        s = act(s, "cut", k=6)
    assert s["phase"] != "cut" and s["score"]["totals"] == [0, 0, 0]


def test_R10a_bottom_nine_recut_false_ignores_the_nine():
    s = _cut_state(conv(bottom_nine_recut=False), dealer=0, deck=DECK)
    s = act(s, "cut", k=6)
    assert s["phase"] != "cut" and s["deal"]["cuts"] == [6]
    assert "9H" in s["deal"]["hands"][0]  # dealer gets the 24th card


def test_R10b_bottom_jack_married_to_12th_position():
    s = _cut_state(dealer=1, deck=DECK)
    s = act(s, "cut", k=5)  # JH to the bottom
    after_cut = DECK[5:] + DECK[:5]
    assert after_cut[-1] == "JH"
    deck = s["deal"]["deck"]
    assert deck[11] == "JH" and deck[:11] == after_cut[:11] and deck[12:] == after_cut[11:-1]
    assert s["phase"] != "cut" and s["deal"]["cuts"] == [5]


def test_bottom_jack_dealer_cuts_once():
    s = _cut_state(conv(bottom_jack="dealer_cuts_once"), dealer=1, deck=DECK)
    s = act(s, "cut", k=5)
    cuts = s["deal"]["cuts"]
    assert len(cuts) == 2 and cuts[0] == 5 and 1 <= cuts[1] <= 23
    assert s["deal"]["deck"] == cut_deck(cut_deck(DECK, 5), cuts[1])
    assert s["phase"] != "cut"


def test_bottom_jack_off_ignores_the_jack():
    s = _cut_state(conv(bottom_jack="off"), dealer=1, deck=DECK)
    s = act(s, "cut", k=5)
    assert s["deal"]["deck"] == cut_deck(DECK, 5) and s["deal"]["deck"][-1] == "JH"


def test_R10_nine_then_jack_re_cut_then_marry():
    s = _cut_state(dealer=0, deck=DECK)
    s = act(s, "cut", k=6)  # 9H
    s = act(s, "cut", k=5)  # deck now starts AD TD KD QD JD 9D...: JD to the bottom
    assert s["deal"]["deck"][11] == "JD" and s["phase"] != "cut"


# --- R11: dealing ------------------------------------------------------------------------------

def _dealt(c, seed, dealer=0):
    s = game.begin_deal(new(c, dealer), seed=seed)
    k = 1
    while s["phase"] == "cut":
        s = act(s, "cut", k=k)
        k = k % 23 + 1
    return s


def test_R11_deal_follows_positions_hand_sizes_and_dealer_gets_24th():
    for seed in range(30):
        s = _dealt(conv(), seed, dealer=seed % 3)
        d = s["deal"]
        if "positions" not in d:
            continue
        deck, pos = d["deck"], d["positions"]
        assert [deck[p - 1] for p in pos] == d["talons"][0] == d["dealt_talons"][0]
        rest = [c for i, c in enumerate(deck, 1) if i not in pos]
        dealer = d["dealer"]
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        for i, card in enumerate(rest):
            assert card in d["hands"][order[i % 3]]
        assert [len(h) for h in d["hands"]] == [7, 7, 7]
        assert deck[23] in d["hands"][dealer]


@pytest.mark.parametrize("mode,lo,hi", [("middle", 4, 21), ("not_last", 1, 23)])
def test_R11_talon_positions_range_over_many_seeds(mode, lo, hi):
    seen = set()
    for seed in range(150):
        s = _dealt(conv(talon_positions=mode), seed)
        pos = s["deal"]["positions"]
        assert len(pos) == 3 == len(set(pos))
        assert all(lo <= p <= hi for p in pos), pos
        seen.update(pos)
    assert seen == set(range(lo, hi + 1)), "every allowed position should occur"


def test_talon_positions_last_three():
    for seed in range(20):
        s = _dealt(conv(talon_positions="last_three"), seed, dealer=1)
        d = s["deal"]
        assert d["positions"] == [22, 23, 24]
        assert d["talons"][0] == d["deck"][21:24]
        assert d["deck"][20] in d["hands"][1], "the dealer receives position 21"


def test_R11_EX26_three_players_7_7_7_plus_3():
    s = deal()
    assert [len(h) for h in s["deal"]["hands"]] == [7, 7, 7]
    assert [len(t) for t in s["deal"]["talons"]] == [3]


# --- R12: what a seat sees -------------------------------------------------------------------------

def _cards_in(view):
    text = json.dumps(view)
    return {c for c in C.DECK if f'"{c}"' in text}


def test_R12_a_seat_sees_only_its_own_hand_never_the_talon_before_it_is_taken():
    s = deal()
    for seat in range(3):
        v = seat_view(s, seat)
        assert v["deal"]["hand"] == C.sort_hand(NEUTRAL[seat])
        assert _cards_in(v) == set(NEUTRAL[seat])
        assert v["deal"]["counts"] == [7, 7, 7] and v["deal"]["talon"] is None


def test_R12_uncontested_talon_seen_by_declarer_only():
    s = all_pass(deal())  # sitter 1 uncontested at 100: talon hidden (R27)
    assert s["deal"]["talon_shown"] is False
    assert seat_view(s, 1)["deal"]["talon"] == TALON
    for seat in (0, 2):
        v = seat_view(s, seat)
        assert v["deal"]["talon"] is None
        assert not (_cards_in(v) & set(TALON))


def test_R12_shown_talon_seen_by_all():
    s = deal()
    s = act(s, "bid", value=105)  # seat 2
    s = all_pass(s)
    assert s["deal"]["declarer"] == 2 and s["deal"]["talon_shown"] is True
    for seat in range(3):
        assert seat_view(s, seat)["deal"]["talon"] == TALON


def test_R12_passed_card_seen_only_by_receiver_and_declarer():
    s = all_pass(deal())
    s = give_cards(s, {0: "KS", 2: "QS"})
    v1, v0, v2 = (seat_view(s, p) for p in (1, 0, 2))
    assert v1["deal"]["given"] == {"0": "KS", "2": "QS"}
    assert v0["deal"]["received"] == "KS" and v0["deal"]["given"] == {}
    assert v2["deal"]["received"] == "QS" and v2["deal"]["given"] == {}
    assert "QS" not in _cards_in(v0) and "KS" not in _cards_in(v2)
    assert _cards_in(v0) == set(H0) | {"KS"}


def test_pass_visibility_face_up_shows_passed_cards_to_everyone():
    s = all_pass(deal(c=conv(pass_visibility="face_up")))
    s = give_cards(s, {0: "KS", 2: "QS"})
    for seat in (0, 2):
        assert seat_view(s, seat)["deal"]["given"] == {"0": "KS", "2": "QS"}


def test_R12_legal_actions_only_for_the_seat_to_act():
    s = deal()
    assert seat_view(s, 2)["legal"] and seat_view(s, 0)["legal"] == [] == seat_view(s, 1)["legal"]


def test_R12_after_the_deal_the_summary_keeps_the_hidden_talon_hidden():
    """Four players, uncontested hundred: the talon was never shown, so after the deal the other
    seats' summary must not list its cards (the view strips hands and talons; facts must too)."""
    c = conv("four_players")
    hands = [[], ["AH", "TH", "KH", "QH", "JH", "9H", "AD"],
             ["TD", "KD", "QD", "JD", "9D", "AC", "TC"], ["KC", "QC", "JC", "9C", "AS", "TS", "KS"]]
    talon = ["QS", "JS", "9S"]
    s = deal(hands, talon, c=c, dealer=0)
    s = all_pass(s)
    assert s["deal"]["declarer"] == 1 and s["deal"]["talon_shown"] is False
    s = act(s, "write_off")
    v = seat_view(s, 2)
    text = json.dumps(v["last_deal"])
    assert not all(f'"{c}"' in text for c in talon), \
        "a never-shown talon is listed in another seat's view of the finished deal"


def test_R18_cutter_penalty_drops_a_barrel_player():
    """R10(a) charge while the cutter sits on the barrel: 880 − 120 = 760 < 880, he falls (R18)."""
    s = new(dealer=0)
    s["score"]["totals"] = [0, 0, 880]
    s["score"]["barrel"][2].update(on=True, mounted_at=0)
    s = game.begin_deal(s, seed=1)
    s["deal"]["deck"] = list(DECK)
    for _ in range(3):
        s = act(s, "cut", k=6)
    assert s["score"]["totals"] == [0, 0, 760]
    b = s["score"]["barrel"][2]
    assert b["on"] is False and b["falls"] == 1
