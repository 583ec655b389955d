"""Dice bots: mean turn score over many simulated turns beside the value the dynamic programme
computes for the same position (the limit the mean should approach), for the optimal and the
threshold bot; then the optimal bot's win rate against the threshold bot in two-player Classic
games, alternating who starts. Figures only; nothing here asserts a time. About a minute on
CPython 3.11."""
import math
import time

from thousand.bots import make_dice_bot
from thousand.bots.dice import LEVELS, evaluate_levels, solve, unconstrained
from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE
from thousand.dice.views import seat_view
from thousand.matches.dice_games import simulate

TURNS = 100_000
GAMES = 2_000
# An entered player at 0 with nothing ahead: no entry rule, pits, dump truck, barrel or bolts, and a
# target out of reach of one turn (1500). This is the position of dice.md §6's 35.3.
OPEN_TABLE = {"entry_minimum": 0, "pit_ranges": "none", "dump_truck": "off",
              "barrel_mode": "none", "target_score": 1500, "bolts": False}


def turn_scores(bot_name: str, turns: int, conv: dict) -> tuple[float, float]:
    """Mean and standard error of the points banked per turn (0 for a zero turn)."""
    bot = make_dice_bot(bot_name, 1)
    total = squares = 0
    for i in range(turns):
        state = game.new_game(conv, 1_000_003 * 7 + i, 1)
        while not state["turns"]:
            state = game.apply(state, bot.choose(seat_view(state, 0)))
        last = state["turns"][0]
        points = last["points"] if last["end"] in ("R", "W") else 0
        total += points
        squares += points * points
    mean = total / turns
    sd = math.sqrt(max(0.0, squares / turns - mean * mean))
    return mean, sd / math.sqrt(turns)


def main():
    conv = CATALOGUE.resolve("classic", OPEN_TABLE)
    pb = unconstrained(conv)
    limits = {"optimal": solve(pb).opening,
              "threshold": evaluate_levels(pb, tuple(LEVELS[n] for n in range(1, 6))).opening}
    for name in ("optimal", "threshold"):
        start = time.perf_counter()
        mean, se = turn_scores(name, TURNS, conv)
        print(f"{name}: mean turn score {mean:.2f} ± {se:.2f} over {TURNS:,} turns; DP value "
              f"of the empty state {limits[name]:.2f} ({time.perf_counter() - start:.1f} s)",
              flush=True)
    print(f"threshold levels by dice left 1..5: {[LEVELS[n] for n in range(1, 6)]}")
    start = time.perf_counter()
    result = simulate(CATALOGUE.resolve("classic"), ["optimal", "threshold"], GAMES, 2026,
                      alternate_start=True)
    wins = result["wins"]
    rate = wins[0] / max(1, sum(wins))
    se = math.sqrt(rate * (1 - rate) / max(1, sum(wins)))
    print(f"optimal vs threshold, classic, 2 players, {GAMES:,} games (starts alternate): "
          f"optimal wins {wins[0]} ({rate:.1%} ± {se:.1%}), threshold {wins[1]}; "
          f"{result['turns_per_game']} turns a game, errors {result['errors']} "
          f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
