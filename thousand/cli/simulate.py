"""`python -m thousand simulate --players 3 --preset classic --bots heuristic,heuristic,random
--games 200 --seed 1`: whole games between computer players, statistics as JSON."""
from thousand.bots import BOT_NAMES
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.simulate import simulate
from thousand.cli.common import print_json
from thousand.errors import BadInput


def add_arguments(parser):
    parser.add_argument("--game", choices=("cards", "dice"), default="cards")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--bots", default=None, help="comma-separated, one per seat: "
                        + ", ".join(BOT_NAMES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)


def run(args) -> int:
    if args.game == "dice":
        from thousand.dice.simulate import run_cli  # the dice game's own statistics
        return run_cli(args)
    preset = args.preset or {2: "two_players", 4: "four_players"}.get(args.players, "classic")
    conv = CATALOGUE.resolve(preset, {"player_count": args.players})
    names = (args.bots or ",".join(["heuristic"] * args.players)).split(",")
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown:
        raise BadInput("--bots", f"unknown bot '{unknown[0]}'; bots: {', '.join(BOT_NAMES)}")
    if len(names) != args.players:
        raise BadInput("--bots", f"{args.players} players need {args.players} bots")
    if args.games < 1:
        raise BadInput("--games", "must be at least 1")
    print_json(simulate(conv, names, args.games, args.seed))
    return 0
