"""`python -m thousand score SHEET.json`: keep the score of deals played with real cards.

Prints the scored sheet as JSON (docs/score-sheet.md). A bad sheet is BadInput: the dispatcher prints
one line naming the field and exits with code 2."""
import json
import sys

from thousand.cards.scoresheet import parse_sheet, score_sheet
from thousand.errors import BadInput


def add_arguments(parser):
    parser.add_argument("sheet", help="the score sheet (JSON; '-' reads standard input)")


def read_text(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise BadInput(path, f"cannot read the score sheet: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise BadInput(path, "the score sheet is not UTF-8 text") from None


def run(args) -> int:
    result = score_sheet(parse_sheet(read_text(args.sheet), args.sheet))
    try:
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `... | head` closed the pipe: not an error of the sheet
        sys.stderr.close()
    return 0
