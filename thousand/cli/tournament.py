"""`python -m thousand tournament --bots heuristic,random --deals 200 --seed 1 [--players 3]
[--preset classic] [--mode games|deals] [--jobs 2]`: a duplicate tournament between two kinds of
card player, its report as JSON (docs/bots.md). `--deals` is the number of duplicate sets: whole
games in mode games, single deals in mode deals; each is played in every arrangement of the two
kinds. The time taken goes to stderr, so the JSON is the same whatever `--jobs` is."""
import sys
import time

from thousand.bots import BOT_NAMES
from thousand.cli.common import print_json
from thousand.errors import BadInput

DEFAULT_PRESET = {2: "two_players", 4: "four_players"}


def add_arguments(parser):
    parser.add_argument("--bots", required=True, help="two kinds, A,B: " + ", ".join(BOT_NAMES))
    parser.add_argument("--deals", type=int, default=100,
                        help="duplicate sets: games (mode games) or single deals (mode deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--preset", default=None, help="default: classic, two_players for 2, "
                        "four_players for 4")
    parser.add_argument("--mode", choices=("games", "deals"), default="games")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")


def run(args) -> int:
    from thousand.cards.catalogue import CATALOGUE
    from thousand.matches.tournament import tournament
    names = args.bots.split(",")
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown:
        raise BadInput("--bots", f"unknown bot '{unknown[0]}'; bots: {', '.join(BOT_NAMES)}")
    if len(names) != 2:
        raise BadInput("--bots", "a tournament is between two kinds of player: --bots A,B")
    if args.players not in (2, 3, 4):
        raise BadInput("--players", "the card game has 2, 3 or 4 players")
    if args.deals < 1:
        raise BadInput("--deals", "must be at least 1")
    if args.jobs < 1:
        raise BadInput("--jobs", "must be at least 1")
    preset = args.preset or DEFAULT_PRESET.get(args.players, "classic")
    conv = CATALOGUE.resolve(preset, {"player_count": args.players})
    start = time.perf_counter()
    result = tournament(conv, tuple(names), args.deals, args.seed, args.mode, args.jobs, preset)
    print_json(result)
    what = "games" if args.mode == "games" else "deals_played"
    print(f"tournament: {result[what]} {args.mode} in {time.perf_counter() - start:.1f} s "
          f"with {args.jobs} job(s)", file=sys.stderr)
    return 0
