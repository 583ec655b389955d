"""Issue 8, item 6: every game ends. Each preset of both games, played by every bot, and games
under random valid conventions reach game over within a deal (or turn) cap, with a winner.

A table of random bots alone does not end a card game: a random declarer fails nearly every
contract, so the totals drift down and no one reaches the target (Classic has no losing score).
So every card table here has at least one player who plays to win, as a person at the page does,
and every seat of the preset is played by each bot over the tables."""
import random

import pytest
from helpers_play import play_cards, play_dice, random_card_conv, random_conventions

from thousand.cards.catalogue import CATALOGUE as CARDS
from thousand.dice.catalogue import CATALOGUE as DICE

DEAL_CAP = 600   # deals begun, voided ones included
TURN_CAP = 5000


def card_tables(n):
    """All heuristic; a random bot among heuristic ones; one heuristic bot among random ones."""
    return [["heuristic"] * n, ["random"] + ["heuristic"] * (n - 1),
            ["heuristic"] + ["random"] * (n - 1)]


def assert_card_game_ends(conv, bots, seed):
    state, deals = play_cards(conv, bots, seed, max_deals=DEAL_CAP)
    assert state["phase"] == "game_over", (bots, seed, deals, state["score"]["totals"])
    assert state["score"]["winners"]
    return deals


@pytest.mark.parametrize("preset", CARDS.preset_names())
def test_every_card_preset_ends_with_heuristic_and_random_bots(preset):
    conv = CARDS.resolve(preset)
    for seed, bots in enumerate(card_tables(conv["player_count"])):
        assert_card_game_ends(conv, bots, seed)


def test_card_games_under_random_valid_conventions_end():
    rnd = random.Random(2026)
    for i in range(12):
        conv = random_card_conv(rnd)
        n = conv["player_count"]
        bots = ["heuristic"] * n
        if i % 3 == 2:  # some tables with random bots too
            for k in rnd.sample(range(n), rnd.randint(1, n - 1)):
                bots[k] = "random"
        assert_card_game_ends(conv, bots, 100 + i)


@pytest.mark.parametrize("preset", DICE.preset_names())
def test_every_dice_preset_ends_with_every_dice_bot(preset):
    conv = DICE.resolve(preset)
    for players, bots in ((2, "threshold"), (3, "optimal"), (4, "random"),
                          (3, ["random", "threshold", "optimal"]), (1, "threshold")):
        state = play_dice(conv, bots, players * 7, players, max_turns=TURN_CAP)
        assert state["phase"] == "game_over", (bots, players, len(state["turns"]))
        assert state["winners"]


def test_dice_games_under_random_valid_conventions_end():
    rnd = random.Random(8)
    for i in range(20):
        conv = random_conventions(DICE, rnd)
        players = rnd.randint(1, 8)
        bots = [rnd.choice(["random", "threshold", "optimal"]) for _ in range(players)]
        state = play_dice(conv, bots, i, players, max_turns=TURN_CAP)
        assert state["phase"] == "game_over", (conv, bots, len(state["turns"]))
        assert state["winners"]


def test_barrel_marriages_count_off_is_refused_unless_the_barrel_is_cumulative():
    # with barrel_mode contract a barrel player without his marriages wins only by taking all 120
    # card points in one deal: heuristic 4-player games ran 880 deals (116 mounts, 115 falls)
    from thousand.errors import BadInput
    for mode in ("contract", "no_bidding", "auto_bid", "any_role"):
        with pytest.raises(BadInput, match="barrel_marriages_count"):
            CARDS.resolve(None, {"barrel_marriages_count": False, "barrel_mode": mode})
    CARDS.resolve(None, {"barrel_marriages_count": False, "barrel_mode": "cumulative"})
    CARDS.resolve(None, {"barrel_marriages_count": False, "barrel": False})
    conv = CARDS.resolve("scoresheet_rules")
    assert not conv["barrel_marriages_count"] and conv["barrel_mode"] == "cumulative"
    assert_card_game_ends(conv, "heuristic", 1)


def test_one_cumulative_barrel_attempt_is_refused_when_no_deal_can_gather_b_need():
    # make fuzz, case cards:3494 (scoresheet_rules with barrel_attempts 1, target_mode exceed):
    # a cumulative barrel player bids at most B_need (121: 120 on the grid) and has one deal to
    # gather it; without marriages that count for him he never can, and 1,500 heuristic deals
    # went by with 22 falls and no winner
    from thousand.errors import BadInput
    one = {"barrel_attempts": 1, "target_mode": "exceed"}
    with pytest.raises(BadInput, match="barrel_attempts 1 with barrel_mode cumulative"):
        CARDS.resolve("scoresheet_rules", one)
    with pytest.raises(BadInput, match="need of 121"):
        CARDS.resolve(None, {**one, "barrel_mode": "cumulative",
                             "marriage_points_to": "declarer_only"})
    # allowed where one deal can gather it: marriages that count (a defender's own too), or
    # B_need 120 (reach), or more attempts; the last one, with the rest of the fuzz case, ends
    CARDS.resolve(None, {**one, "barrel_mode": "cumulative", "marriage_points_to": "announcer"})
    CARDS.resolve("scoresheet_rules", {"barrel_attempts": 1, "target_mode": "reach"})
    # the same table (its three heuristic players, the case's seed) with two attempts ends
    conv = CARDS.resolve("scoresheet_rules", {"barrel_attempts": 2, "target_mode": "exceed",
                                              "marriage_points_to": "declarer_only"})
    assert_card_game_ends(conv, "heuristic", 3494)


def test_target_mode_exact_is_refused_with_declarer_success_score_deal_points():
    # exact deal points leave totals off the defenders' 5-point grid and the barrel player must
    # take exactly B_need: heuristic games under both never ended (1,300 deals)
    from thousand.errors import BadInput
    with pytest.raises(BadInput, match="target_mode"):
        CARDS.resolve(None, {"target_mode": "exact", "declarer_success_score": "deal_points"})
    for conv in (CARDS.resolve(None, {"target_mode": "exact"}),
                 CARDS.resolve(None, {"declarer_success_score": "deal_points"})):
        assert_card_game_ends(conv, "heuristic", 3)


def test_target_mode_exact_is_refused_with_a_target_off_the_5_point_grid():
    # every result moves a total by a multiple of 5: 501 or 1001 exactly is never reached
    from thousand.errors import BadInput
    for target, barrel in ((501, False), (1001, True)):
        with pytest.raises(BadInput, match="target_score"):
            CARDS.resolve(None, {"target_mode": "exact", "target_score": target,
                                 "barrel": barrel, "dump_truck": "off"})
    conv = CARDS.resolve(None, {"target_mode": "exact", "target_score": 501, "barrel": False,
                                "dump_truck": "off", "defender_rounding": "exact"})
    assert_card_game_ends(conv, "heuristic", 4)
