"""Decision time of each search level (thousand.bots.search.bot) in CPython: every decision with
more than one legal action, over whole deals of 3-player Classic with the level in one seat and
heuristic bots in the others (the same deals for every level). Figures only; nothing asserts.

Both clocks are printed: wall time, and the process's CPU time, which a machine shared with other
work inflates far less (the page's own figure is what a phone's browser takes, see e2e)."""
import statistics
import sys
import time

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view

DEALS = 12
DEALS_A_GAME = 4  # then a fresh game
LEVELS = ("easy", "normal", "strong")


def measure(level: str, deals: int, preset: str = "classic"):
    conv = CATALOGUE.resolve(preset)
    n = conv["player_count"]
    wall, cpu, by_kind = [], [], {}
    settled = 0
    g = 0
    while settled < deals:
        g += 1
        bots = [make_bot(level if i == 0 else "heuristic", 70 + g * 10 + i) for i in range(n)]
        s = game.new_game(conv, 1000 + g)
        in_game = 0
        while s["phase"] != "game_over" and in_game < DEALS_A_GAME and settled < deals:
            if s["phase"] == "deal":
                s = game.apply(s, {"type": "deal", "seat": s["dealer"]})
                continue
            seat = game.to_act(s)
            view = seat_view(s, seat)
            w0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view)
            dw, dc = time.perf_counter() - w0, time.process_time() - c0
            if seat == 0 and len(view["legal"]) > 1:
                wall.append(dw)
                cpu.append(dc)
                kind = "play" if view["phase"] == "play" else "auction" \
                    if view["phase"] == "bidding" else "other"
                by_kind.setdefault(kind, []).append(dc)
            before = s
            s = game.apply(s, action)
            if before["deal"] is not None and s["deal"] is None and \
                    not s["last_deal"]["voided"]:
                settled += 1
                in_game += 1
    return wall, cpu, by_kind


def _ms(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    if q == 0.5:
        return statistics.median(values) * 1000
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def main(deals: int = DEALS):
    for level in LEVELS:
        wall, cpu, by_kind = measure(level, deals)
        kinds = ", ".join(f"{k} {_ms(v, 0.5):.0f}/{_ms(v, 0.95):.0f}"
                          for k, v in sorted(by_kind.items()))
        print(f"level {level}: {len(cpu)} decisions; CPU median {_ms(cpu, 0.5):.0f} ms, "
              f"p95 {_ms(cpu, 0.95):.0f} ms, max {_ms(cpu, 1.0):.0f} ms; wall median "
              f"{_ms(wall, 0.5):.0f} ms, p95 {_ms(wall, 0.95):.0f} ms (CPU median/p95 by kind: "
              f"{kinds})", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else DEALS)
