"""Issue 8, item 1: each house-rule combination that used to crash a bot, leave a seat with nothing
to do, or redeal for ever is played to the end of the game, and the rule that decides it is
checked on its own deal.

Games are played by tests/helpers_play.py: bots choose from their seat's view, as at the page."""
from helpers_engine import NEUTRAL, TALON, act, check_deck, conv, deal, spread
from helpers_play import play_cards, play_out

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.views import seat_view


def ends(conv_, bots="heuristic", seeds=range(3), max_deals=400):
    for seed in seeds:
        state, deals = play_cards(conv_, bots, seed, max_deals=max_deals)
        assert state["phase"] == "game_over", (seed, deals, state["score"]["totals"])
        assert state["score"]["winners"]


# --- dark bidding (B1–B3) -------------------------------------------------------------------------

def test_B3_dark_bidding_flash_site_preset_is_played_to_the_end_by_the_computer():
    # `simulate --preset flash_site` crashed: asked look/keep in the W1 window, the bot looked
    # for a redeal it was not offered
    ends(conv("flash_site"), seeds=range(1, 4))


def test_B3_classic_with_dark_bidding_offers_look_or_keep_and_the_bot_answers():
    c = conv(dark_bidding=True)
    s = game.begin_deal(game.new_game(c, 1, first_dealer=0), hands=NEUTRAL, talons=[TALON])
    assert s["phase"] == "redeal"
    seat = game.to_act(s)
    view = seat_view(s, seat)
    assert {a["type"] for a in view["legal"]} == {"look", "keep"} and view["deal"]["hand"] is None
    action = make_bot("heuristic").choose(view)
    assert action["type"] == "look"
    game.apply(s, action)
    ends(c)


# --- golden round with dark bidding (G2, B1) ------------------------------------------------------

GOLDEN_DARK = dict(redeal_hand_windows="none", dark_bidding=True, golden_round=True)


def test_G2_B1_a_golden_deal_under_dark_bidding_is_seen_by_every_player():
    # no auction, so nothing to bid in blind: every card the golden declarer gives and every card
    # played is in a hand its player can see
    c = conv(**GOLDEN_DARK)
    s = game.begin_deal(game.new_game(c, 0, first_dealer=0), hands=NEUTRAL, talons=[TALON])
    assert s["deal"]["forced"][2] == "golden"
    decl = game.to_act(s)
    assert decl == 1 and s["phase"] == "exchange"  # the sitter holds the talon too
    for seat in range(3):
        dealt = NEUTRAL[seat] + (TALON if seat == decl else [])
        assert sorted(seat_view(s, seat)["deal"]["hand"]) == sorted(dealt)
    assert all(a["card"] in seat_view(s, decl)["deal"]["hand"]
               for a in game.legal_actions(s) if "card" in a)


def test_G2_B1_golden_round_with_dark_bidding_is_played_to_the_end():
    ends(conv(**GOLDEN_DARK), seeds=range(0, 4))


def test_B1_an_ordinary_deal_under_dark_bidding_still_starts_unseen():
    c = conv(dark_bidding=True, redeal_hand_windows="none")
    s = game.begin_deal(game.new_game(c, 0, first_dealer=0), hands=NEUTRAL, talons=[TALON])
    assert s["phase"] == "bidding"
    assert all(seat_view(s, p)["deal"]["hand"] is None for p in range(3))


# --- redeal_mandatory = all with dark bidding -----------------------------------------------------

def test_redeal_mandatory_all_voids_only_a_qualifying_hand_under_dark_bidding():
    c = conv(dark_bidding=True, redeal_mandatory="all")
    # no hand qualifies: the deal goes on to the auction (it used to be voided by the first player
    # in the queue, for no reason, deal after deal)
    s = deal(c=c)
    assert s["phase"] == "bidding" and s["redeals_in_row"] == 0
    # seat 2 holds four nines: the deal is void, and says why and by whom
    hands = spread(TALON, {2: ["9H", "9D", "9C", "9S", "AH", "TH", "KH"]})
    check_deck(hands, [TALON])
    s = deal(hands, c=c)
    assert s["phase"] == "deal"
    assert s["last_deal"]["voided"] and s["last_deal"]["by"] == 2
    assert s["last_deal"]["reason"] == {"code": "four_nines"}


def test_redeal_mandatory_all_with_dark_bidding_is_played_to_the_end():
    ends(conv(dark_bidding=True, redeal_mandatory="all"))


# --- barrel_mode = no_bidding and a penalty during the forced deal (R18, §4.9.1) ------------------

def _barrel_deal(**over):
    """2 players, seat 0 (the dealer) on the barrel, two deals already voided in a row: seat 1's
    four aces ask for a third redeal, which is refused with a charge to the dealer
    (third_redeal_penalty), who falls off the barrel during his own deal without an auction."""
    c = conv(player_count=2, barrel_mode="no_bidding", third_redeal_penalty=120,
             redeal_four_aces="dealt", ace_marriage=False, target_mode="exceed", **over)
    s = game.new_game(c, 3, first_dealer=0)
    s["score"]["totals"] = [880, 0]
    s["score"]["barrel"][0].update(on=True, mounted_at=1)
    s["redeals_in_row"] = 2
    talons = [["KS", "QS"], ["JS", "9S"]]
    hands = spread(talons[0] + talons[1], {1: ["AH", "AD", "AC", "AS", "TH", "TD", "TC", "TS",
                                                "KH", "QH"]}, n=2, size=10)
    return game.begin_deal(s, hands=hands, talons=talons)


def test_R18_barrel_no_bidding_penalty_during_the_forced_deal_is_played_to_the_end():
    s = _barrel_deal()
    assert s["deal"]["forced"] == [0, 121, "barrel"]
    assert s["score"]["totals"][0] == 760 and not s["score"]["barrel"][0]["on"]
    # the contract of 121 (off the bid grid) was dealt as his; settlement used to refuse it
    s = play_out(s, "heuristic", 1)[0]
    row = next(r for r in s["score"]["rows"] if r["outcome"] == "played")
    assert row["declarer"] == 0 and row["contract"] == 121
    assert s["phase"] == "game_over"


def test_R18_obligatory_game_with_a_penalty_during_it_is_played_to_the_end():
    # §4.9.2: the last attempt of his third barrel; the dealer's charge is his third fall
    s = game.new_game(conv(player_count=2, barrel_obligatory_game=True, third_redeal_penalty=120,
                           redeal_four_aces="dealt", ace_marriage=False, target_mode="exceed"),
                      3, first_dealer=0)
    s["score"]["totals"] = [880, 0]
    limit = s["conventions"]["barrel_attempts"]
    s["score"]["barrel"][0].update(on=True, mounted_at=1, falls=2, attempts=limit - 1)
    s["redeals_in_row"] = 2
    talons = [["KS", "QS"], ["JS", "9S"]]
    hands = spread(talons[0] + talons[1], {1: ["AH", "AD", "AC", "AS", "TH", "TD", "TC", "TS",
                                                "KH", "QH"]}, n=2, size=10)
    s = game.begin_deal(s, hands=hands, talons=talons)
    assert s["deal"]["forced"][2] == "obligatory"
    assert not s["score"]["barrel"][0]["on"]
    s = play_out(s, "heuristic", 2)[0]
    assert s["phase"] == "game_over"
    assert any(r["outcome"] == "played" and r["obligatory"] for r in s["score"]["rows"])


# --- ace_marriage_lead_all with no_lead_foreign_trump ---------------------------------------------

ACE_DUTY = dict(player_count=2, trump_mode="declarer_names", no_lead_foreign_trump=True,
                ace_marriage_lead_all=True, must_trump=False, ace_marriage=True)


def test_ace_marriage_lead_all_never_leaves_a_leader_without_a_lead_under_no_lead_foreign_trump():
    # the duty binds the aces he may lead: an ace of the declarer's named trump is not one of them
    c = conv(**ACE_DUTY)
    s = game.new_game(c, 0, first_dealer=0)
    bots = [make_bot("heuristic", i) for i in range(2)]
    while s["phase"] != "play":
        seat = game.to_act(s)
        s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
    # the position of the reproducer: seat 1 announced the ace marriage and has led three aces;
    # the last one is of the trump seat 0 named
    d = s["deal"]
    declarer, other = d["declarer"], 1 - d["declarer"]
    d.update(trump="H", trump_owner=declarer, ace_duty=other, trick=[], turn=other)
    d["hands"][other] = ["AH", "JH", "JS", "9S", "KS", "QS"]
    leads = {a["card"] for a in game.legal_actions(s)}
    assert leads == {"JS", "9S", "KS", "QS"}
    # with an ace he may lead, the duty holds
    d["hands"][other] = ["AH", "AC", "JS", "9S"]
    assert {a["card"] for a in game.legal_actions(s)} == {"AC"}


def test_ace_marriage_lead_all_with_declarer_names_trump_is_played_to_the_end():
    c = conv(**ACE_DUTY)
    ends(c)
    ends(c, bots=["heuristic", "random"], seeds=range(2))


# --- forced_100 = false (R26) ---------------------------------------------------------------------

def test_R26_forced_100_false_heuristic_bots_bid_rather_than_pass_every_deal_out():
    for preset in ("classic", "two_players", "four_players"):
        ends(conv(preset, forced_100=False), seeds=range(1))


def test_R26_the_last_voice_plays_a_hand_after_a_deal_was_passed_out():
    c = conv(forced_100=False)
    s = act(act(deal(c=c), "pass"), "pass")  # seats 1 and 2 pass: seat 0 is the last voice
    view = seat_view(s, 0)
    view["last_deal"] = {"voided": False, "facts": {"outcome": "all_pass"}}
    assert make_bot("heuristic").choose(view) == {"type": "bid", "seat": 0, "value": 100}


def test_R25_R26_when_every_player_is_below_the_threshold_nobody_is_barred():
    # forced_100 = false and R25 barring every player would pass every deal out for ever
    c = conv(player_count=2, forced_100=False)
    s = game.new_game(c, 5, first_dealer=0)
    s["score"]["totals"] = [-200, -300]
    s = game.begin_deal(s)
    while s["phase"] != "bidding":
        s = game.apply(s, game.legal_actions(s)[0])
    assert s["deal"]["barred"] == [False, False]
    assert any(a["type"] == "bid" for a in game.legal_actions(s))
    state, _ = play_out(s, "heuristic", 5)
    assert state["phase"] == "game_over"
    # one player above the threshold: R25 bars the other as usual
    s = game.new_game(c, 5, first_dealer=0)
    s["score"]["totals"] = [-200, 300]
    s = game.begin_deal(s)
    while s["phase"] != "bidding":
        s = game.apply(s, game.legal_actions(s)[0])
    assert s["deal"]["barred"] == [True, False]
