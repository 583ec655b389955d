"""Command line: `python -m thousand {score,replay,legal,simulate,tournament,conventions} ...`.

Each subcommand lives in thousand/cli/<name>.py with `add_arguments(parser)` and `run(args) -> int`.
Bad input exits with code 2 and one line naming what is wrong, never a traceback."""
import argparse
import importlib
import sys

from thousand.errors import ThousandError

# the arguments that name a file a person hands in (an error while reading one is about the file)
FILE_ARGUMENTS = ("record", "sheet", "conventions")

COMMANDS = {
    "score": "keep the score of real-card deals from a score sheet (JSON)",
    "replay": "replay a game record (JSON) and print each deal's result",
    "legal": "replay a game record (JSON) and print the position after it and the legal actions",
    "simulate": "play whole games between computer players and print statistics",
    "tournament": "duplicate games or deals between two kinds of computer player (JSON)",
    "conventions": "list a game's conventions catalogue and presets (--game cards|dice)",
}


class _Parser(argparse.ArgumentParser):
    """A command line argparse refuses is said in one line, as a damaged file is (argparse would
    print its usage block first); `--help` still prints the usage."""

    def error(self, message):
        self.exit(2, f"error: {self.prog.removeprefix('python -m thousand ')}: {message}\n")


def main(argv=None) -> int:
    parser = _Parser(prog="python -m thousand")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        try:
            modules[name] = importlib.import_module(f"thousand.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"thousand.cli.{name}":
                raise  # a real missing dependency must not pass for an absent command
            continue
        modules[name].add_arguments(p)
    args = parser.parse_args(argv)
    module = modules.get(args.command)
    if module is None:
        print(f"error: '{args.command}' is not available in this build", file=sys.stderr)
        return 2
    try:
        return module.run(args)
    except ThousandError as exc:
        _say(f"error: {exc}")
        return 2
    except Exception as exc:  # noqa: BLE001  (a cause not yet refused in words: still one line)
        files = [getattr(args, name) for name in FILE_ARGUMENTS if getattr(args, name, None)]
        what = f"{type(exc).__name__}: {str(exc)[:160]}"
        if files:
            _say(f"error: {files[0]}: could not be read ({what}); the file is probably damaged. "
                 "If it is not, please report this with the file.")
            return 2
        _say(f"error: {args.command} stopped ({what}); this is a bug in Thousand, please "
             "report it with the command line.")
        return 1


def _say(line: str) -> None:
    """One line on standard error, whatever it holds (a file's text may not be printable)."""
    line = " ".join(line.split())  # one line, even if a message quotes text with line breaks
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    print(line.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
