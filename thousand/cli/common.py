"""Helpers the subcommands share: reading a JSON file as bad input, printing JSON."""
import json
import sys

from thousand.errors import BadInput


def read_json(path: str, what: str):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise BadInput(path, f"cannot read the {what}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(path, f"the {what} is not valid JSON (line {exc.lineno}, column "
                             f"{exc.colno}: {exc.msg})") from None


def print_json(data) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
