"""The computer players the fuzzer seats, found where the project keeps them.

Card bots come from `thousand.bots` (`BOT_NAMES`, `make_bot`), so a new bot is played as soon as
it is registered. The dice bots are looked for in the places they have lived or may move to; the
first module that has both a list of names and a factory wins. The dice game has no random bot of
its own, so the fuzzer adds one (`RANDOM`): a uniform choice among the legal actions."""
import importlib
import random

RANDOM = "random"

# (module, names attribute, factory attribute), first match wins
_DICE_PLACES = (
    ("thousand.bots.dice", ("BOT_NAMES", "DICE_BOT_NAMES"), ("make_dice_bot", "make_bot")),
    ("thousand.bots.dice_bots", ("BOT_NAMES", "DICE_BOT_NAMES"), ("make_dice_bot", "make_bot")),
    ("thousand.bots", ("DICE_BOT_NAMES",), ("make_dice_bot",)),
    ("thousand.dice.bots", ("BOT_NAMES", "DICE_BOT_NAMES"), ("make_dice_bot", "make_bot")),
)


def card_bot_names() -> tuple:
    from thousand.bots import BOT_NAMES
    return tuple(BOT_NAMES)


def make_card_bot(name: str, seed: int):
    from thousand.bots import make_bot
    return make_bot(name, seed)


def _dice_registry():
    for module_name, names_attrs, factory_attrs in _DICE_PLACES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        names = next((getattr(module, a) for a in names_attrs if hasattr(module, a)), None)
        factory = next((getattr(module, a) for a in factory_attrs if hasattr(module, a)), None)
        if names and factory:
            return tuple(names), factory
    raise ImportError("no dice bots found (looked in "
                      + ", ".join(p[0] for p in _DICE_PLACES) + ")")


def dice_bot_names() -> tuple:
    """The project's dice bots, then the fuzzer's own random player."""
    names, _ = _dice_registry()
    return tuple(names) + ((RANDOM,) if RANDOM not in names else ())


class RandomDicePlayer:
    """A uniform choice among the legal actions (the dice game's counterpart of the card game's
    random bot; the fuzzer's own, since the project has none)."""
    name = RANDOM

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)

    def choose(self, view: dict) -> dict:
        return self.rnd.choice(view["legal"])


def make_dice_bot(name: str, seed: int):
    names, factory = _dice_registry()
    if name == RANDOM and RANDOM not in names:
        return RandomDicePlayer(seed)
    return factory(name, seed)
