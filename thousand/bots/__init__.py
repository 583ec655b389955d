"""Computer players for both games, one home for all of them. A bot sees only its seat's view
(thousand.cards.views, thousand.dice.views) and returns one of the view's legal actions.

`make_bot(name, seed)` builds a card player and `make_dice_bot(name, seed)` a dice player, each
from its registry: a dict of name → factory(seed). A new player is one line in its registry, e.g.
`"strong": _lazy("thousand.bots.search", "SearchBot", level="strong"),`; the command line
(simulate, tournament) reads the names from here.

Engines never import this package: what plays bots against each other (thousand.matches) stands
above both."""
import importlib
import random


def _lazy(module: str, cls: str, **options):
    """A factory that imports the bot's module only when a game first uses it, so the page loads
    a player's code only if a seat needs it."""
    def factory(seed: int):
        return getattr(importlib.import_module(module), cls)(random.Random(seed), **options)
    return factory


CARD_BOTS = {
    "random": _lazy("thousand.bots.random_bot", "RandomBot"),
    "heuristic": _lazy("thousand.bots.heuristic", "HeuristicBot"),
    "easy": _lazy("thousand.bots.search.bot", "SearchBot", level="easy"),
    "normal": _lazy("thousand.bots.search.bot", "SearchBot", level="normal"),
    "strong": _lazy("thousand.bots.search.bot", "SearchBot", level="strong"),
}

DICE_BOTS = {
    "threshold": _lazy("thousand.bots.dice", "ThresholdBot"),
    "optimal": _lazy("thousand.bots.dice", "OptimalBot"),
}

BOT_NAMES = tuple(CARD_BOTS)
DICE_BOT_NAMES = tuple(DICE_BOTS)


def make_bot(name: str, seed: int = 0):
    """A card player by name."""
    return _make(CARD_BOTS, "bots", name, seed)


def make_dice_bot(name: str, seed: int = 0):
    """A dice player by name."""
    return _make(DICE_BOTS, "dice bots", name, seed)


def _make(registry: dict, words: str, name: str, seed: int):
    factory = registry.get(name)
    if factory is None:
        raise ValueError(f"unknown bot '{name}'; {words}: {', '.join(registry)}")
    return factory(seed)
