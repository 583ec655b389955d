"""Card engine speed: random full-deal playouts per second (CPython) and each bot's decision time.
Figures only; nothing here asserts a time."""
import random
import statistics
import time

from thousand.bots import BOT_NAMES, make_bot
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view

SECONDS = 3.0


def random_deal_playouts(preset: str) -> tuple[float, int]:
    """Deals played from the deal action to settlement with uniformly random legal actions."""
    conv = CATALOGUE.resolve(preset)
    rnd = random.Random(7)
    state = game.new_game(conv, 7)
    deals, actions = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        if state["phase"] == "game_over":
            state = game.new_game(conv, rnd.randrange(1 << 30))
        before = state["phase"]
        state = game.apply(state, rnd.choice(game.legal_actions(state)))
        actions += 1
        if state["phase"] in ("deal", "game_over") and before != "deal":
            deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def bot_decision_times(name: str, samples: int = 3000) -> dict:
    conv = CATALOGUE.resolve("classic")
    bots = [make_bot(name, i) for i in range(3)]
    state = game.new_game(conv, 11)
    times = []
    while len(times) < samples:
        if state["phase"] == "game_over":
            state = game.new_game(conv, len(times))
        seat = game.to_act(state)
        view = seat_view(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view)
        times.append(time.perf_counter() - t0)
        state = game.apply(state, action)
    times.sort()
    return {"median_us": round(statistics.median(times) * 1e6, 1),
            "p99_us": round(times[int(len(times) * 0.99)] * 1e6, 1),
            "max_us": round(times[-1] * 1e6, 1)}


def main():
    for preset in ("classic", "two_players", "four_players"):
        per_s, act_s = random_deal_playouts(preset)
        print(f"random full-deal playouts, {preset}: {per_s:,.0f} deals/s "
              f"({act_s:,.0f} actions/s)")
    for name in BOT_NAMES:
        t = bot_decision_times(name)
        print(f"bot {name}: decision median {t['median_us']} µs, p99 {t['p99_us']} µs, "
              f"max {t['max_us']} µs")


if __name__ == "__main__":
    main()
