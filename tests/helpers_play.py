"""Whole games between bots for the reliability tests: a loop over `game.apply` in which each bot
chooses from its own seat's view (thousand.cards.views.seat_view), as the page and the CLI do.

Kept apart from thousand/matches/card_games.py so the tests check the engine and the bots, not the
statistics code."""
import random

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view
from thousand.errors import BadInput


def card_conv(preset=None, **overrides):
    return CATALOGUE.resolve(preset, overrides or None)


def play_cards(conv, bots, seed, *, max_deals=400, check=None):
    """Play a card game to its end, or stop after `max_deals` deals (voided ones included).
    `bots` is a list of names (one per seat) or of bot objects. Returns (state, deals) where
    deals counts every begun deal. `check(state)` runs after every action."""
    return play_out(game.new_game(conv, seed), bots, seed, max_deals=max_deals, check=check)


def play_out(state, bots, seed=0, *, max_deals=400, check=None):
    """Go on with `state` (any phase) until the game ends or `max_deals` deals have begun."""
    n = state["n"]
    if isinstance(bots, str):
        bots = [bots] * n
    players = [make_bot(b, seed * 31 + i) if isinstance(b, str) else b for i, b in enumerate(bots)]
    deals = 0
    while state["phase"] != "game_over" and deals <= max_deals:
        seat = game.to_act(state)
        view = seat_view(state, seat)
        assert view["legal"], f"seat {seat} has nothing to do in phase {state['phase']}"
        action = players[seat].choose(view)
        if state["phase"] == "deal":
            deals += 1
        state = game.apply(state, action)
        if check:
            check(state)
    return state, deals


def play_dice(conv, bots, seed, players, *, max_turns=5000):
    """Play a dice game to its end, or stop after `max_turns` turns. `bots` are names: "random"
    (a uniformly random legal action) or a dice bot's name (thousand.bots)."""
    from thousand.dice import game as dice_game
    from thousand.bots import make_dice_bot
    from thousand.dice.views import seat_view as dice_view
    if isinstance(bots, str):
        bots = [bots] * players
    chooser = [_RandomChooser(random.Random(seed * 31 + i)) if b == "random"
               else make_dice_bot(b, seed * 31 + i) for i, b in enumerate(bots)]
    state = dice_game.new_game(conv, seed, players)
    while state["phase"] != "game_over" and len(state["turns"]) < max_turns:
        seat = dice_game.to_act(state)
        view = dice_view(state, seat)
        assert view["legal"], f"seat {seat} has nothing to do"
        state = dice_game.apply(state, chooser[seat].choose(view))
    return state


class _RandomChooser:
    def __init__(self, rnd):
        self.rnd = rnd

    def choose(self, view):
        return self.rnd.choice(view["legal"])


def random_conventions(catalogue, rnd: random.Random, *, n=None, tries=50):
    """A valid random conventions set of either game: a preset (of the player count, for cards),
    then up to six overrides drawn from each convention's allowed values; refused combinations
    are drawn again."""
    ids = [cid for cid in catalogue.ids() if cid != "player_count"]
    for _ in range(tries):
        overrides = {}
        names = catalogue.preset_names()
        if catalogue is CATALOGUE:
            count = n or rnd.choice([2, 3, 3, 4])
            names = presets_for(count) or ["classic"]
            overrides["player_count"] = count
        preset = rnd.choice(names)
        for cid in rnd.sample(ids, rnd.randint(0, 6)):
            v = rnd.choice(value_choices(cid, catalogue))
            if (cid, v) not in SLOW:
                overrides[cid] = v
        try:
            return catalogue.resolve(preset, overrides)
        except BadInput:
            continue
    raise AssertionError("no valid conventions drawn")


def presets_for(n):
    return [p for p in CATALOGUE.preset_names() if CATALOGUE.resolve(p)["player_count"] == n]


# Values that make the action lists huge (every multiple of 5 up to 10 000) are left out of the
# random draws to keep the runs short; test_engine_bidding covers them.
SLOW = {("max_bid", 0)}
IDS = [cid for cid in CATALOGUE.ids() if cid != "player_count"]


def value_choices(cid, catalogue=CATALOGUE):
    c = catalogue.get(cid)
    if c.type == "bool":
        return [False, True]
    out = list(c.values or ())
    if c.min is not None:
        out += list(range(c.min, c.max + 1, c.step))[:40]
    if c.type == "int_or_null" and None not in out:
        out.append(None)
    return out


def random_card_conv(rnd: random.Random, n=None):
    return random_conventions(CATALOGUE, rnd, n=n)
