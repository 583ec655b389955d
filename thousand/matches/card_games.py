"""Whole card games between computer players, for statistics and benchmarks (no I/O here)."""
from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.views import seat_view

MAX_DEALS = 1000  # a game still running after this many deals is reported, not looped on


def play_game(conv: dict, bots: list, seed: int) -> dict:
    """Play one game; returns the final state and counts of what happened."""
    state = game.new_game(conv, seed)
    deals = voided = 0
    stats = {"made": 0, "failed": 0, "write_offs": 0, "crosses": 0, "bolts": 0,
             "barrel_falls": 0, "dump_trucks": 0, "played": 0}
    while state["phase"] != "game_over" and deals < MAX_DEALS:
        seat = game.to_act(state)
        action = bots[seat].choose(seat_view(state, seat))
        before = state["phase"]
        state = game.apply(state, action)
        if state["phase"] in ("deal", "game_over") and before != "deal" and \
                state["last_deal"] is not None:
            last = state["last_deal"]
            if last.get("voided"):
                voided += 1
                continue
            deals += 1
            _count(stats, last)
    return {"state": state, "deals": deals, "voided": voided, "stats": stats,
            "finished": state["phase"] == "game_over"}


def _count(stats, last):
    outcome = last["facts"]["outcome"]
    if outcome == "played":
        stats["played"] += 1
    if outcome == "write_off":
        stats["write_offs"] += 1
    if outcome == "cross":
        stats["crosses"] += 1
    for marks in last["row"]["marks"]:
        stats["bolts"] += marks.count("bolt")
        stats["barrel_falls"] += marks.count("barrel_fall")
        stats["dump_trucks"] += marks.count("dump_truck")
        if outcome == "played":
            stats["made"] += marks.count("made")
            stats["failed"] += marks.count("failed")


def simulate(conv: dict, bot_names: list, games: int, seed: int) -> dict:
    n = conv["player_count"]
    if len(bot_names) != n:
        raise ValueError(f"{n} players need {n} bots, got {len(bot_names)}")
    wins = [0] * n
    totals = {"made": 0, "failed": 0, "write_offs": 0, "crosses": 0, "bolts": 0,
              "barrel_falls": 0, "dump_trucks": 0, "played": 0}
    deals = voided = unfinished = 0
    errors = []
    for g in range(games):
        bots = [make_bot(name, seed * 1_000_003 + g * 10 + i) for i, name in enumerate(bot_names)]
        try:
            result = play_game(conv, bots, seed * 1_000_003 + g)
        except Exception as exc:  # a bug in the engine or a bot: counted, never hidden
            errors.append(f"game {g}: {type(exc).__name__}: {exc}")
            continue
        deals += result["deals"]
        voided += result["voided"]
        unfinished += not result["finished"]
        for k, v in result["stats"].items():
            totals[k] += v
        for w in result["state"]["score"]["winners"]:
            wins[w] += 1
    played = max(1, totals["made"] + totals["failed"])
    done = max(1, games - len(errors))
    return {
        "players": n, "bots": bot_names, "games": games, "seed": seed,
        "wins": wins,
        "win_share": [round(w / done, 3) for w in wins],
        "deals_per_game": round(deals / done, 2),
        "voided_deals_per_game": round(voided / done, 2),
        "declarer_make_rate": round(totals["made"] / played, 3),
        "played_deals": totals["played"],
        "write_offs": totals["write_offs"], "crosses": totals["crosses"],
        "bolts": totals["bolts"], "barrel_falls": totals["barrel_falls"],
        "dump_trucks": totals["dump_trucks"],
        "unfinished_games": unfinished,
        "errors": len(errors), "error_messages": errors[:5],
    }
