"""`python -m thousand conventions [--preset NAME]`: the catalogue, or one preset's values."""
from thousand.cards.catalogue import CATALOGUE
from thousand.cli.common import print_json


def add_arguments(parser):
    parser.add_argument("--preset", help="print this preset's full set of values")


def run(args) -> int:
    if args.preset:
        print_json(CATALOGUE.resolve(args.preset))
    else:
        print_json({"groups": CATALOGUE.describe(), "presets": CATALOGUE.preset_names()})
    return 0
