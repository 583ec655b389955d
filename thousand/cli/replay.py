"""`python -m thousand replay RECORD.json`: each deal's result and the final scores, as JSON."""
from thousand.cards import record
from thousand.cli.common import print_json, read_json


def add_arguments(parser):
    parser.add_argument("record", help="a game record (docs/records.md, docs/dice-records.md)")


def replay_file(path: str) -> tuple[dict, dict]:
    """(the record's data, its replay) for the record file at `path`, card or dice game; the
    replay holds the final `state`. A damaged or illegal record raises BadInput naming the field
    or the action."""
    data = read_json(path, "record")
    if is_dice(data):
        from thousand.dice import record as dice_record  # the dice game's records
        return data, dice_record.replay(data)
    return data, record.replay(data)


def is_dice(data) -> bool:
    return isinstance(data, dict) and data.get("game") == "dice"


def run(args) -> int:
    _, result = replay_file(args.record)
    result.pop("state", None)
    print_json(result)
    return 0
