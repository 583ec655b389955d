"""`python -m thousand score SHEET.json`: keep the score of deals played with real cards.

Prints the scored sheet as JSON (docs/score-sheet.md). A bad sheet is BadInput: the dispatcher prints
one line naming the field and exits with code 2."""
from thousand.cards.scoresheet import parse_sheet, score_sheet
from thousand.cli.common import print_json, read_text


def add_arguments(parser):
    parser.add_argument("sheet", help="the score sheet (JSON; '-' reads standard input)")


def run(args) -> int:
    text = read_text(args.sheet, "score sheet")
    print_json(score_sheet(parse_sheet(text, args.sheet)))
    return 0
