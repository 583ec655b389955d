"""Whole dice games between computer players, for statistics and benchmarks (no I/O here)."""
from thousand.bots import make_dice_bot
from thousand.dice import game
from thousand.dice.views import seat_view

MAX_TURNS = 5000  # a game still running after this many turns is reported, not looped on
COUNTED = {"bolt": "bolts", "bolt_penalty": "bolt_penalties", "barrel_fall": "falls",
           "knocked_off": "knock_offs", "dump": "dump_trucks", "overtaken": "overtaken",
           "dot": "dots"}


def play_game(conv: dict, bots: list, seed: int, first_player: int | None = None) -> dict:
    """Play one game; returns the final state and counts of what happened."""
    state = game.new_game(conv, seed, len(bots), first_player)
    while state["phase"] != "game_over" and len(state["turns"]) < MAX_TURNS:
        seat = game.to_act(state)
        state = game.apply(state, bots[seat].choose(seat_view(state, seat)))
    stats = {name: 0 for name in COUNTED.values()}
    for event in state["log"]:
        if event["kind"] in COUNTED:
            stats[COUNTED[event["kind"]]] += 1
        if event["kind"] == "barrel_fall" and event.get("cause") == "knock_off":
            stats["knock_offs"] += 1  # a knock-off that counts as a fall is both
    banked = [t["points"] if t["end"] in ("R", "W", "P") else 0 for t in state["turns"]]
    return {"state": state, "turns": len(state["turns"]), "banked": banked, "stats": stats,
            "finished": state["phase"] == "game_over"}


def simulate(conv: dict, bot_names: list, games: int, seed: int,
             alternate_start: bool = False) -> dict:
    n = len(bot_names)
    wins = [0] * n
    totals = {name: 0 for name in COUNTED.values()}
    turns = banked = unfinished = 0
    errors = []
    for g in range(games):
        bots = [make_dice_bot(name, seed * 1_000_003 + g * 10 + i)
                for i, name in enumerate(bot_names)]
        try:
            result = play_game(conv, bots, seed * 1_000_003 + g,
                               g % n if alternate_start else None)
        except Exception as exc:  # a bug in the engine or a bot: counted, never hidden
            errors.append(f"game {g}: {type(exc).__name__}: {exc}")
            continue
        turns += result["turns"]
        banked += sum(result["banked"])
        unfinished += not result["finished"]
        for k, v in result["stats"].items():
            totals[k] += v
        for w in result["state"]["winners"]:
            wins[w] += 1
    done = max(1, games - len(errors))
    return {
        "game": "dice", "players": n, "bots": bot_names, "games": games, "seed": seed,
        "wins": wins,
        "win_share": [round(w / done, 3) for w in wins],
        "turns_per_game": round(turns / done, 2),
        "mean_turn_score": round(banked / max(1, turns), 2),
        **totals,
        "unfinished_games": unfinished,
        "errors": len(errors), "error_messages": errors[:5],
    }

