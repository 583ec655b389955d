"""`python -m thousand replay RECORD.json`: each deal's result and the final scores, as JSON."""
from thousand.cards import record
from thousand.cli.common import print_json, read_json


def add_arguments(parser):
    parser.add_argument("record", help="a game record (docs/records.md, docs/dice-records.md)")


def run(args) -> int:
    data = read_json(args.record, "record")
    if isinstance(data, dict) and data.get("game") == "dice":
        from thousand.dice import record as dice_record  # the dice game's records
        result = dice_record.replay(data)
    else:
        result = record.replay(data)
    result.pop("state", None)
    print_json(result)
    return 0
