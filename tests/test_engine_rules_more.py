"""Rules and conventions the other engine tests exercise without naming: R5, R28, R32, T8, T13,
R70 with next_game_first_dealer, exposed_card_penalty, redeal_talon_two_nines, dark_who."""
from helpers_engine import act, all_pass, conv, deal, keep_all, new, offered, spread
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view


def test_R5_three_players_and_every_order_is_clockwise():
    s = deal(dealer=1)  # sitter is seat 2, the bidding starts on his left (seat 0)
    assert s["n"] == 3 and s["deal"]["active"] == [2, 0, 1]
    assert game.to_act(s) == 0
    s = act(s, "pass")
    assert game.to_act(s) == 1  # clockwise: 0 → 1 → (2 holds the bid)


def test_R28_declarer_may_ask_for_a_redeal_after_taking_a_poor_talon():
    talon = ["JH", "JD", "9C"]  # 4 card points: below 5
    s = all_pass(keep_all(deal(spread(talon), talon)))
    assert s["phase"] == "exchange"
    assert {"type": "redeal", "seat": s["deal"]["declarer"]} in offered(s)
    after = act(s, "redeal")
    assert after["phase"] == "deal" and after["dealer"] == s["dealer"]  # R17: same dealer


def test_R32_defenders_get_window_W3_after_the_contract():
    # seat 2 (a defender) holds 9s and jacks: fewer than 14 points after the pass
    hands = [["AH", "TH", "KH", "QH", "AD", "TD", "KD"], ["QD", "AC", "TC", "KC", "QC", "AS", "TS"],
             ["9H", "9D", "9C", "JH", "JD", "JC", "9S"]]
    talon = ["KS", "QS", "JS"]
    s = deal(hands, talon)
    s = act(s, "keep")  # seat 2 qualifies already at W1 (13 points) and keeps
    s = all_pass(s)  # seat 1, the sitter, declares at 100
    s = act(s, "give", card="KS", to=2)
    s = act(s, "give", card="QS", to=0)
    s = act(s, "contract", value=100)
    assert s["phase"] == "redeal" and s["deal"]["window"] == "W3" and s["deal"]["queue"] == [2]


def test_T8_two_player_contract_on_ten_cards():
    c = conv("two_players")
    s = new(c, dealer=0)
    s = game.begin_deal(s, seed=4)
    while s["phase"] != "contract":
        a = game.legal_actions(s)
        pick = [x for x in a if x["type"] in ("keep", "pass", "take_talon", "cut", "show_talon")]
        discard = [x for x in a if x["type"] == "discard"]
        s = game.apply(s, pick[0] if pick else discard[0])
        assert s["phase"] != "deal", "no redeal in this seed"
    decl = s["deal"]["declarer"]
    assert len(s["deal"]["hands"][decl]) == 10 and len(s["deal"]["widow"]) == 4
    assert [a["value"] for a in offered(s)][0] == s["deal"]["bid"]


def test_T13_two_players_golden_round_has_two_golden_deals_and_the_sitter_declares():
    import random
    c = conv("two_players", golden_round=True)
    s = new(c, dealer=0)
    rnd = random.Random(3)
    golden_flags, made = [], []
    while len(golden_flags) < 3:
        before = s["score"]["deals_settled"]
        if s["phase"] == "exchange" and s["deal"]["golden"]:
            assert s["deal"]["declarer"] == s["deal"]["sitter"] and s["deal"]["bid"] == 120
        acts = [a for a in game.legal_actions(s) if a["type"] not in ("redeal", "write_off")]
        s = game.apply(s, rnd.choice(acts))
        if s["score"]["deals_settled"] > before:
            facts, row = s["last_deal"]["facts"], s["last_deal"]["row"]
            golden_flags.append(facts["golden"])
            made.append("made" in row["marks"][facts["declarer"]])
    assert golden_flags[:2] == [True, True]  # T13: two golden deals with two players
    assert golden_flags[2] is (not any(made[:2]))  # G4: replayed only when nobody made 120


def test_R70_rematch_starts_from_zero_and_next_game_first_dealer_winner():
    for rule, expect_winner in (("winner", True), ("random", False)):
        c = conv(next_game_first_dealer=rule)
        s = new(c, dealer=0)
        s["phase"] = "game_over"
        s["score"] = dict(s["score"], over=True, winners=[2], totals=[300, 400, 1000])
        again = game.rematch(s, seed=77)
        assert again["score"]["totals"] == [0, 0, 0] and again["phase"] == "deal"
        if expect_winner:
            assert again["dealer"] == 2
        else:
            assert again["dealer"] == game.new_game(c, 77)["dealer"]  # drawn by lot from the seed


def test_exposed_card_penalty_is_a_stored_convention_the_engine_never_needs():
    # §4.1: software deals by itself and never exposes a card; the value is kept and validated
    assert CATALOGUE.resolve("classic")["exposed_card_penalty"] == 120
    assert CATALOGUE.resolve(None, {"exposed_card_penalty": 0})["exposed_card_penalty"] == 0
    import pytest
    from thousand.errors import BadInput
    with pytest.raises(BadInput, match="exposed_card_penalty"):
        CATALOGUE.resolve(None, {"exposed_card_penalty": 60})


def test_redeal_talon_two_nines_qualifies_the_talon_at_W2():
    talon = ["9H", "9D", "AS"]
    s = all_pass(keep_all(deal(spread(talon), talon)))
    assert s["deal"]["w2"] == {"code": "talon_two_nines"}
    s = all_pass(keep_all(deal(spread(talon), talon, c=conv(redeal_talon_two_nines=False))))
    assert s["deal"]["w2"] is None


def test_dark_who_sitter_asks_only_the_sitter_and_anyone_asks_in_turn():
    s = deal(c=conv(dark_game=True, dark_min_score=None), dealer=0)
    assert s["phase"] == "dark" and s["deal"]["queue"] == [1]
    s = deal(c=conv(dark_game=True, dark_min_score=None, dark_who="anyone"), dealer=0)
    assert s["deal"]["queue"] == [1, 2, 0]
    s = act(s, "dark", dark=False)
    s = act(s, "dark", dark=True)  # seat 2 goes dark: the asking stops
    assert s["deal"]["dark_player"] == 2 and seat_view(s, 2)["deal"]["hand"] is None
