"""`python -m thousand conventions [--game cards|dice] [--preset NAME]`: a game's conventions
catalogue and its presets' names, or one preset's full set of values."""
import importlib

from thousand.cli.common import print_json
from thousand.errors import BadInput

# each game's one catalogue (imported only when asked for: the dice one is not needed for cards)
CATALOGUES = {"cards": "thousand.cards.catalogue", "dice": "thousand.dice.catalogue"}


def add_arguments(parser):
    parser.add_argument("--game", default="cards", metavar="{cards,dice}",
                        help="whose conventions: the card game's (default) or the dice game's")
    parser.add_argument("--preset", help="print this preset's full set of values")


def catalogue_of(game: str):
    """The conventions catalogue of `game` ('cards' or 'dice')."""
    if game not in CATALOGUES:
        raise BadInput("--game", "unknown game {game}; games: {games}", game=repr(game),
                       games=", ".join(CATALOGUES))
    return importlib.import_module(CATALOGUES[game]).CATALOGUE


def run(args) -> int:
    catalogue = catalogue_of(args.game)
    if args.preset is not None:
        print_json(catalogue.resolve(args.preset))
    else:
        print_json({"groups": catalogue.describe(), "presets": catalogue.preset_names()})
    return 0
