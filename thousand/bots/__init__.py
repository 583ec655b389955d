"""Computer opponents. A bot sees only its seat's view (thousand.cards.views) and returns one of
the view's legal actions. `make_bot(name, seed)` builds one by name."""
import random

BOT_NAMES = ("random", "heuristic")


def make_bot(name: str, seed: int = 0):
    # imported here so that the page loads a bot's code only when a game uses it
    if name == "random":
        from thousand.bots.random_bot import RandomBot
        return RandomBot(random.Random(seed))
    if name == "heuristic":
        from thousand.bots.heuristic import HeuristicBot
        return HeuristicBot(random.Random(seed))
    raise ValueError(f"unknown bot '{name}'; bots: {', '.join(BOT_NAMES)}")
