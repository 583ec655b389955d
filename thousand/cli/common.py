"""Helpers the subcommands share: reading a file a person hands in, printing JSON.
(What JSON text may hold is thousand.limits.parse_json, shared with the engines' readers.)

`read_json` is the one reader of every command's input file: whatever the file holds, it returns
JSON data or raises BadInput naming the file and what is wrong with it (unreadable, not UTF-8, not
JSON, nested too deeply, a number too long to read). What the data means is for the format's own
reader (thousand/cards/record.py, thousand/dice/record.py, thousand/cards/scoresheet.py)."""
import json
import sys

from thousand.errors import BadInput
from thousand.limits import parse_json


def read_text(path: str, what: str) -> str:
    """The file's text ('-' reads standard input), which must be UTF-8."""
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read() if stream is not None else sys.stdin.read()
        else:
            with open(path, "rb") as fh:
                raw = fh.read()
    except OSError as exc:
        raise BadInput(path, f"cannot read the {what}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:  # a text-mode standard input that is not UTF-8
        raise BadInput(path, f"the {what} is not UTF-8 text (byte {exc.start + 1} cannot be "
                             "read); save it as UTF-8") from None
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark some editors write is no damage
    except UnicodeDecodeError as exc:
        raise BadInput(path, f"the {what} is not UTF-8 text (byte {exc.start + 1} cannot be "
                             "read); save it as UTF-8") from None


def read_json(path: str, what: str):
    """The JSON data of the file at `path` ('-': standard input)."""
    return parse_json(read_text(path, what), path, what)


def print_json(data) -> None:
    # names in any alphabet as they are, unless standard output cannot write them
    plain = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") != "utf8"
    try:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=plain)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `... | head` closed the pipe: not an error of the file
        sys.stderr.close()


def read_conventions(path: str, catalogue, preset: str | None = None) -> dict:
    """The full conventions in a file, in either spelling a score sheet's `conventions` takes:
    saved settings {"preset", "overrides"} (with "schema_version" and "game" if wanted), or a
    set of convention id: value on top of "preset" (or of `preset`, or the catalogue's defaults),
    such as `python -m thousand conventions --preset NAME` prints."""
    data = read_json(path, "conventions file")
    if not isinstance(data, dict):
        raise BadInput(path, "a conventions file is a JSON object of convention id: value")
    try:
        if "overrides" in data or "game" in data or "schema_version" in data:
            return catalogue.from_json({"schema_version": catalogue.schema_version,
                                        "game": catalogue.game, **data})
        values = {k: v for k, v in data.items() if k != "preset"}
        return catalogue.resolve(data.get("preset", preset), values)
    except BadInput as exc:
        raise BadInput(path, str(exc)) from None


def print_text(text: str) -> None:
    """Text for a person on standard output; what its encoding cannot write is escaped, not an
    error (names in any alphabet)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        sys.stdout.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `... | head` closed the pipe: not an error of the file
        sys.stderr.close()
