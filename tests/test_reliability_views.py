"""Issue 8, item 3: a view is the seat's own copy. Changing anything inside seat_view(state, seat),
at any depth, never changes the game, nor the next view of the same state (the conventions, the
score lists and sheet, deal.tricks, announcements, bids, last_deal parts used to be shared; in
dice the conventions, turn.start.pit and the pending options)."""
import json
import random

from helpers_engine import conv
from helpers_play import card_conv

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.views import seat_view
from thousand.dice import game as dice_game
from thousand.dice import views as dice_views
from thousand.dice.catalogue import CATALOGUE as DICE


def scribble(x):
    """Change every part of a view in place, depth first. Returns how many parts were changed.
    Tuples (the score sheet's finished rows) cannot be changed: their contents still are."""
    changed = 0
    if isinstance(x, dict):
        for k in list(x):
            changed += scribble(x[k])
            x[k] = "scribbled"
            changed += 1
        x["extra"] = [1]
        return changed + 1
    if isinstance(x, list):
        for i in range(len(x)):
            changed += scribble(x[i])
            x[i] = "scribbled"
        x.append("extra")
        return changed + len(x)
    if isinstance(x, tuple):
        return sum(scribble(v) for v in x)
    return 0


def dump(x):
    return json.dumps(x, sort_keys=True)


def card_positions():
    sets = [conv(), conv("two_players"), conv("four_players"), conv("flash_site"),
            conv("scoresheet_rules"), conv(golden_round=True),
            card_conv(dark_game=True, dark_who="anyone"),
            card_conv(trump_mode="declarer_names", talon_reveal="always")]
    for i, c in enumerate(sets):
        state = game.new_game(c, i)
        bots = [make_bot("heuristic", i * 5 + p) for p in range(c["player_count"])]
        step = 0
        while state["phase"] != "game_over" and step < 900:
            if step % 9 == 0 or state["phase"] not in ("play", "bidding", "cut"):
                yield state
            seat = game.to_act(state)
            state = game.apply(state, bots[seat].choose(seat_view(state, seat)))
            step += 1
        yield state


def test_changing_every_part_of_a_card_view_changes_neither_the_game_nor_the_next_view():
    phases, parts = set(), 0
    for state in card_positions():
        before = dump(state)
        for seat in range(state["n"]):
            view = seat_view(state, seat)
            shown = dump(view)
            parts += scribble(view)
            assert dump(state) == before, (state["phase"], seat)
            assert dump(seat_view(state, seat)) == shown, (state["phase"], seat)
        phases.add(state["phase"])
    assert {"cut", "bidding", "talon", "exchange", "contract", "play", "redeal", "dark",
            "deal", "game_over"} <= phases, phases
    assert parts > 100_000


def test_a_card_view_holds_the_same_facts_as_before():
    # the copy is faithful: what a seat sees is what the state says
    for state in list(card_positions())[::25]:
        for seat in range(state["n"]):
            v = seat_view(state, seat)
            assert v["conventions"] == state["conventions"]
            assert v["score"]["totals"] == state["score"]["totals"]
            assert dump(v["score"]["rows"]) == dump(state["score"]["rows"])
            if state["deal"] and "hands" in state["deal"]:
                assert dump(v["deal"]["tricks"]) == dump(state["deal"]["tricks"])
                assert v["deal"]["bids"] == state["deal"]["bids"]


def test_changing_every_part_of_a_dice_view_changes_neither_the_game_nor_the_next_view():
    kinds = set()
    for i, name in enumerate(DICE.preset_names()):
        c = DICE.resolve(name)
        rnd = random.Random(i)
        state = dice_game.new_game(c, i, players=2 + i % 3)
        for _ in range(150):
            if state["phase"] == "game_over":
                break
            before = dump(state)
            for seat in range(state["n"]):
                view = dice_views.seat_view(state, seat)
                shown = dump(view)
                scribble(view)
                assert dump(state) == before
                assert dump(dice_views.seat_view(state, seat)) == shown
            t = state["turn"]
            kinds.add(t["stage"])
            if t["start"]["pit"] is not None:
                kinds.add("pit")
            legal = dice_game.legal_actions(state)
            stops = [a for a in legal if a["type"] == "stop"]
            state = dice_game.apply(state, stops[0] if stops and rnd.random() < 0.3
                                    else rnd.choice(legal))
    assert {"roll", "keep", "pit"} <= kinds, kinds
