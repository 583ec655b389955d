"""Search for card play (thousand.bots.search): each figure beside the naive reference program run
in the same bench (../shared/bench/, found by bench.__main__.reference), so the ratio holds on a
noisy machine. Figures only; nothing here asserts a time.

- simulator: random trick-phase playouts per second (3 players, 8 cards each, from the reference's
  own deal) against naive_playout.py, taken in turns;
- solver: the reference's own deals (3 to 8 cards each) solved exactly by ours and by the naive
  memoised minimax naive_dd.py (in a subprocess, with a time cap); then full 8-trick 3-player
  deals solved per second, exactly, with follower card equivalence, and for the contract only;
- player: the search player's decision time per card (median, p95, by trick) in CPython, and
  the longest stretch of work between two yields of think(), both in CPU time (the process's
  own, so that other work on a shared machine does not count)."""
import random
import re
import statistics
import subprocess
import sys
import time

from thousand.bots.heuristic import HeuristicBot
from thousand.bots.search.player import SearchPlayer
from thousand.bots.search.playout import random_playout
from thousand.bots.search.position import Position, Rules
from thousand.bots.search.solver import Solver
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view

ROUNDS = 3
PLAYOUT_SECONDS = 2.0  # naive_playout.py runs for 2 s
NAIVE_DD_CAP = 120  # seconds for the whole naive_dd.py run
FULL_DEALS = 12
PLAYER_DEALS = 3
PLAYER_OPTIONS = {}  # the SearchPlayer defaults


def _reference(name):
    from bench.__main__ import reference
    return reference(name)


# the reference programs' rules: follow, beat within the suit, trump and overtrump, marriages on
# any lead after the first trick (must_beat = polish)
NAIVE_RULES = {"must_beat": "polish"}


def naive_deal(rng):
    deck = list(range(24))
    rng.shuffle(deck)
    return [deck[0:8], deck[8:16], deck[16:24]]


def our_playouts(conv, seconds):
    rng = random.Random(1)
    hands = naive_deal(rng)
    rules = Rules(conv, [0, 1, 2], 0)
    pos = Position(rules, [sum(1 << c for c in h) for h in hands], leader=0)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        random_playout(pos, rng)
        n += 1
    return n / (time.perf_counter() - t0)


def naive_playouts():
    path = _reference("naive_playout.py")
    if path is None:
        return None
    out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=60)
    m = re.search(r"([\d.]+) random playouts/s", out.stdout)
    return float(m.group(1)) if m else None


def bench_playouts():
    conv = CATALOGUE.resolve("classic", NAIVE_RULES)
    classic = CATALOGUE.resolve("classic")
    ours, naive, ours_classic = [], [], []
    for _ in range(ROUNDS):
        ours.append(our_playouts(conv, PLAYOUT_SECONDS))
        n = naive_playouts()
        if n is not None:
            naive.append(n)
        ours_classic.append(our_playouts(classic, PLAYOUT_SECONDS / 2))
    o = statistics.median(ours)
    line = f"simulator: {o:,.0f} random playouts/s (reference rules)"
    if naive:
        nv = statistics.median(naive)
        line += f", naive_playout.py {nv:,.0f}/s: x{o / nv:.2f}"
    print(line)
    print(f"simulator: {statistics.median(ours_classic):,.0f} random playouts/s (Classic rules)")


def naive_dd_deals():
    """The deals naive_dd.py solves, in its order: (cards each, hands)."""
    rng = random.Random(7)
    out = []
    for left in (3, 4, 5, 6, 7, 8):
        hs = naive_deal(rng)
        out.append((left, [h[:left] for h in hs]))
    return out


def run_naive_dd():
    path = _reference("naive_dd.py")
    if path is None:
        return {}
    try:
        out = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                             timeout=NAIVE_DD_CAP).stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    got = {}
    for m in re.finditer(r"(\d) cards each: value=(\d+) nodes\(memo\)=(\d+) time=([\d.]+) ms", out):
        got[int(m.group(1))] = (int(m.group(2)), float(m.group(4)))
    return got


def our_solve(conv, hands, equivalence=False):
    rules = Rules(conv, [0, 1, 2], 0)
    pos = Position(rules, [sum(1 << c for c in h) for h in hands], leader=0)
    solver = Solver(rules, equivalence=equivalence)
    t0 = time.perf_counter()
    v = solver.value(pos)
    return v, (time.perf_counter() - t0) * 1000, solver.nodes


def bench_solver():
    conv = CATALOGUE.resolve("classic", NAIVE_RULES)
    ours = {left: our_solve(conv, hands) for left, hands in naive_dd_deals()}
    naive = run_naive_dd()
    for left in sorted(ours):
        v, ms, nodes = ours[left]
        line = f"solver, naive_dd.py's {left}-card deal: ours {ms:,.1f} ms (value {v}, {nodes} nodes)"
        if left in naive:
            nv, nms = naive[left]
            line += f"; naive {nms:,.1f} ms (value {nv}): x{nms / max(ms, 0.01):,.0f}"
        else:
            line += "; naive: not run (time cap or reference missing)"
        print(line)
    # full 8-trick deals with a random declarer seat, Classic rules
    rng = random.Random(5)
    classic = CATALOGUE.resolve("classic")
    deals = [naive_deal(rng) for _ in range(FULL_DEALS)]
    for label, eq, question in (("exact value", False, "value"), ("value, equivalence", True, "value"),
                                ("contract 120 only", False, 120), ("contract 120, equivalence", True, 120)):
        t0 = time.perf_counter()
        nodes = 0
        for hands in deals:
            rules = Rules(classic, [0, 1, 2], 0)
            pos = Position(rules, [sum(1 << c for c in h) for h in hands], leader=0)
            solver = Solver(rules, equivalence=eq)
            solver.value(pos) if question == "value" else solver.reaches(pos, question)
            nodes += solver.nodes
        dt = time.perf_counter() - t0
        print(f"solver, full 8-trick 3-player deals, {label}: {FULL_DEALS / dt:.2f} deals/s "
              f"({dt / FULL_DEALS * 1000:,.0f} ms each, {nodes / FULL_DEALS:,.0f} nodes)")


def bench_player():
    conv = CATALOGUE.resolve("classic")
    times, by_trick, slices = [], {}, []
    deals = g = 0
    while deals < PLAYER_DEALS:
        g += 1
        s = game.new_game(conv, 900 + g)
        bidders = [HeuristicBot(random.Random(g * 10 + i)) for i in range(3)]
        while s["phase"] not in ("play", "game_over"):
            seat = game.to_act(s)
            s = game.apply(s, bidders[seat].choose(seat_view(s, seat)))
            if s["phase"] == "deal" and s["last_deal"] is not None:
                break
        if s["phase"] != "play":
            continue
        deals += 1
        players = [SearchPlayer(random.Random(g * 10 + i), **PLAYER_OPTIONS) for i in range(3)]
        while s["phase"] == "play":
            seat = game.to_act(s)
            view = seat_view(s, seat)
            t0 = time.process_time()
            action, longest = _pump(players[seat].think(view))
            dt = time.process_time() - t0
            slices.append(longest)
            if len(view["legal"]) > 1:
                times.append(dt)
                by_trick.setdefault(len(view["deal"]["tricks"]) + 1, []).append(dt)
            s = game.apply(s, action)
    times.sort()
    print(f"search player, Classic, {len(times)} decisions, CPU time: median "
          f"{statistics.median(times) * 1000:,.0f} ms, p95 {times[int(0.95 * len(times))] * 1000:,.0f} ms,"
          f" max {times[-1] * 1000:,.0f} ms")
    print("  by trick (median ms): " + ", ".join(
        f"{t}: {statistics.median(v) * 1000:,.0f}" for t, v in sorted(by_trick.items())))
    slices.sort()
    print(f"  think() slices: longest stretch between yields, p95 "
          f"{slices[int(0.95 * len(slices))] * 1000:,.1f} ms, max {slices[-1] * 1000:,.1f} ms")


def _pump(gen):
    """Run a think() generator as the page does; returns its action and the longest stretch
    of work between two yields (seconds)."""
    longest = 0.0
    t = time.process_time()
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value, max(longest, time.process_time() - t)
        now = time.process_time()
        longest = max(longest, now - t)
        t = now


def main():
    bench_playouts()
    bench_solver()
    bench_player()


if __name__ == "__main__":
    main()
