"""Trick-play strength of the search player against the heuristic bot, on duplicate deals.

Each deal is bid, passed and announced by heuristic bots (the same for every run), then its
play is replayed four times: heuristic declarer against heuristic defenders (the baseline),
search declarer against heuristic defenders, heuristic declarer against search defenders, and
search everywhere. Prints the declarer's make rate and points per arrangement, and the search
player's decision times.

  python tools/search_duel.py --deals 100 --preset classic --seed 1 [--samples 20 ...]
  python tools/search_duel.py --player ismcts --iterations 1500 ...  (the ISMCTS alternative)"""
import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand.bots.heuristic import HeuristicBot  # noqa: E402
from thousand.bots.search.ismcts import ISMCTSPlayer  # noqa: E402
from thousand.bots.search.player import SearchPlayer  # noqa: E402
from thousand.cards import game  # noqa: E402
from thousand.cards.catalogue import CATALOGUE  # noqa: E402
from thousand.cards.views import seat_view  # noqa: E402

ARRANGEMENTS = ("heuristic", "search_declarer", "search_defenders", "search_all")


def dealt_to_play(conv, seed):
    """A game's first deal, driven by heuristic bots to its first lead (None: no play)."""
    s = game.new_game(conv, seed)
    bots = [HeuristicBot(random.Random(seed * 7 + i)) for i in range(conv["player_count"])]
    while s["phase"] != "play":
        if s["phase"] == "game_over":
            return None
        before = s["deal"]
        seat = game.to_act(s)
        s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
        if s["phase"] == "deal" and before is not None:
            return None  # written off, all passed or redealt: no play to compare
    return s


def play_out(s, players):
    """Play the deal to its end; returns (made, declarer points, decision times of search)."""
    declarer = s["deal"]["declarer"]
    times = []
    while s["phase"] == "play":
        seat = game.to_act(s)
        view = seat_view(s, seat)
        bot = players[seat]
        t0 = time.perf_counter()
        action = bot.choose(view)
        if not isinstance(bot, HeuristicBot) and len(view["legal"]) > 1:
            times.append(time.perf_counter() - t0)
        s = game.apply(s, action)
    facts = s["last_deal"]["facts"]
    made = "made" in s["last_deal"]["row"]["marks"][declarer]
    points = facts["card_points"][declarer] + sum(facts["marriages"][declarer])
    return made, points, times


def players_for(arrangement, s, seed, options):
    n = s["n"]
    declarer = s["deal"]["declarer"]
    out = []
    for seat in range(n):
        searching = arrangement == "search_all" or \
            (arrangement == "search_declarer" and seat == declarer) or \
            (arrangement == "search_defenders" and seat != declarer)
        rnd = random.Random(seed * 31 + seat)
        if not searching:
            out.append(HeuristicBot(rnd))
        elif options.get("player") == "ismcts":
            out.append(ISMCTSPlayer(rnd, iterations=options["iterations"]))
        else:
            out.append(SearchPlayer(rnd, **{k: v for k, v in options.items()
                                            if k != "player"}))
    return out


def duel(preset, deals, seed, options, arrangements=ARRANGEMENTS, progress=False):
    conv = CATALOGUE.resolve(preset)
    results = {a: {"made": 0, "points": 0} for a in arrangements}
    paired = {a: [0, 0] for a in arrangements if a != "heuristic"}  # made only here, only there
    times = []
    played = 0
    g = seed * 100_000
    while played < deals:
        g += 1
        s = dealt_to_play(conv, g)
        if s is None:
            continue
        played += 1
        outcome = {}
        for a in arrangements:
            made, points, t = play_out(s, players_for(a, s, g, options))
            results[a]["made"] += made
            results[a]["points"] += points
            outcome[a] = made
            times += t
        if "heuristic" in outcome:
            for a in paired:
                if outcome[a] != outcome["heuristic"]:
                    paired[a][0 if outcome[a] else 1] += 1
        if progress and played % 10 == 0:
            print(f"{played} deals", summary(results, played, times, paired), file=sys.stderr,
                  flush=True)
    return summary(results, played, times, paired)


def summary(results, played, times, paired=None):
    """Make rates and points; for each search arrangement, the deals it made and the
    heuristic baseline did not, and the reverse (the pairs that tell them apart)."""
    out = {"deals": played}
    for a, r in results.items():
        out[a] = {"make_rate": round(r["made"] / played, 3),
                  "declarer_points": round(r["points"] / played, 1)}
        if paired and a in paired:
            out[a]["made_here_not_in_baseline"], out[a]["made_in_baseline_not_here"] = paired[a]
    if times:
        times = sorted(times)
        out["search_decision_ms"] = {"median": round(statistics.median(times) * 1000, 1),
                                     "p95": round(times[int(0.95 * len(times))] * 1000, 1),
                                     "max": round(times[-1] * 1000, 1), "n": len(times)}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=20)
    ap.add_argument("--node-budget", type=int, default=25_000)
    ap.add_argument("--exact-from", type=int, default=5)
    ap.add_argument("--arrangements", default=",".join(ARRANGEMENTS))
    ap.add_argument("--player", choices=("pimc", "ismcts"), default="pimc")
    ap.add_argument("--iterations", type=int, default=1500, help="ISMCTS iterations")
    ap.add_argument("--ismcts-from", type=int, default=7,
                    help="PIMC player: ISMCTS with this many cards in hand or more (0: never)")
    args = ap.parse_args(argv)
    options = {"samples": args.samples, "node_budget": args.node_budget,
               "exact_from": args.exact_from, "player": args.player,
               "iterations": args.iterations, "ismcts_from": args.ismcts_from or None}
    out = duel(args.preset, args.deals, args.seed, options,
               tuple(args.arrangements.split(",")), progress=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
