"""`python -m thousand simulate --players 3 --preset classic --bots heuristic,heuristic,random
--games 200 --seed 1`: whole games between computer players, statistics as JSON.
`--conventions FILE` plays under the conventions in a file instead of a preset.
`--game dice` plays dice 1000 instead (`--bots optimal,threshold`, 1 to 8 players)."""
from thousand.bots import BOT_NAMES, DICE_BOT_NAMES
from thousand.cli.common import print_json, read_conventions
from thousand.errors import BadInput
from thousand.limits import MAX_SEED

DEFAULT_PLAYERS = 3
CARD_PRESETS = {2: "two_players", 4: "four_players"}  # the usual table of that size


def add_arguments(parser):
    parser.add_argument("--game", choices=("cards", "dice"), default="cards")
    parser.add_argument("--players", type=int, default=None,
                        help=f"default {DEFAULT_PLAYERS}, or as many as the conventions say")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--conventions", default=None, metavar="FILE",
                        help="a JSON file of conventions (a preset and overrides, or id: value)")
    parser.add_argument("--bots", default=None, help="comma-separated, one per seat: "
                        + ", ".join(BOT_NAMES) + " (dice: " + ", ".join(DICE_BOT_NAMES) + ")")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)


def run(args) -> int:
    if args.games < 1:
        raise BadInput("--games", "must be at least 1")
    if abs(args.seed) >= MAX_SEED:
        raise BadInput("--seed", "must be below 2**64 either way")
    if args.game == "dice":
        return run_dice(args)
    from thousand.cards.catalogue import CATALOGUE
    from thousand.matches.card_games import simulate
    if args.conventions:
        conv = read_conventions(args.conventions, CATALOGUE, args.preset)
        if args.players not in (None, conv["player_count"]):
            raise BadInput("--players", f"the conventions in {args.conventions} are for "
                                        f"{conv['player_count']} players (player_count)")
    elif args.players is None and args.preset:
        conv = CATALOGUE.resolve(args.preset)  # as many players as the preset has
    else:
        players = DEFAULT_PLAYERS if args.players is None else args.players
        if not 2 <= players <= 4:
            raise BadInput("--players", "the card game has 2, 3 or 4 players")
        conv = CATALOGUE.resolve(args.preset or CARD_PRESETS.get(players, "classic"),
                                 {"player_count": players})
    players = conv["player_count"]
    names = (args.bots or ",".join(["heuristic"] * players)).split(",")
    _check_bots(names, BOT_NAMES, "bots", players)
    print_json(simulate(conv, names, args.games, args.seed))
    return 0


def run_dice(args) -> int:
    """`python -m thousand simulate --game dice --players 2 --preset classic
    --bots optimal,threshold --games 200 --seed 1`."""
    from thousand.dice import game
    from thousand.dice.catalogue import CATALOGUE
    from thousand.matches.dice_games import simulate
    players = DEFAULT_PLAYERS if args.players is None else args.players
    if not isinstance(players, int) or not 1 <= players <= game.MAX_PLAYERS:
        raise BadInput("--players", f"the dice game has 1 to {game.MAX_PLAYERS} players")
    if args.conventions:
        conv = read_conventions(args.conventions, CATALOGUE, args.preset or "classic")
    else:
        conv = CATALOGUE.resolve(args.preset or "classic")
    names = (args.bots or ",".join(["optimal"] * players)).split(",")
    _check_bots(names, DICE_BOT_NAMES, "dice bots", players)
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
