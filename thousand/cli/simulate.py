"""`python -m thousand simulate --players 3 --preset classic --bots heuristic,heuristic,random
--games 200 --seed 1`: whole games between computer players, statistics as JSON.
`--game dice` plays dice 1000 instead (`--bots optimal,threshold`, 1 to 8 players)."""
from thousand.bots import BOT_NAMES, DICE_BOT_NAMES
from thousand.cli.common import print_json
from thousand.errors import BadInput


def add_arguments(parser):
    parser.add_argument("--game", choices=("cards", "dice"), default="cards")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--bots", default=None, help="comma-separated, one per seat: "
                        + ", ".join(BOT_NAMES) + " (dice: " + ", ".join(DICE_BOT_NAMES) + ")")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)


def run(args) -> int:
    if args.game == "dice":
        return run_dice(args)
    from thousand.cards.catalogue import CATALOGUE
    from thousand.matches.card_games import simulate
    preset = args.preset or {2: "two_players", 4: "four_players"}.get(args.players, "classic")
    conv = CATALOGUE.resolve(preset, {"player_count": args.players})
    names = (args.bots or ",".join(["heuristic"] * args.players)).split(",")
    _check_bots(names, BOT_NAMES, "bots", args.players)
    if args.games < 1:
        raise BadInput("--games", "must be at least 1")
    print_json(simulate(conv, names, args.games, args.seed))
    return 0


def run_dice(args) -> int:
    """`python -m thousand simulate --game dice --players 2 --preset classic
    --bots optimal,threshold --games 200 --seed 1`."""
    from thousand.dice import game
    from thousand.dice.catalogue import CATALOGUE
    from thousand.matches.dice_games import simulate
    players = args.players
    if not isinstance(players, int) or not 1 <= players <= game.MAX_PLAYERS:
        raise BadInput("--players", f"the dice game has 1 to {game.MAX_PLAYERS} players")
    conv = CATALOGUE.resolve(args.preset or "classic")
    names = (args.bots or ",".join(["optimal"] * players)).split(",")
    _check_bots(names, DICE_BOT_NAMES, "dice bots", players)
    if args.games < 1:
        raise BadInput("--games", "must be at least 1")
    result = simulate(conv, names, args.games, args.seed)
    result["preset"] = args.preset or "classic"
    print_json(result)
    return 0


def _check_bots(names, known, words, players):
    unknown = [b for b in names if b not in known]
    if unknown:
        raise BadInput("--bots", f"unknown bot '{unknown[0]}'; {words}: {', '.join(known)}")
    if len(names) != players:
        raise BadInput("--bots", f"{players} players need {players} bots")
