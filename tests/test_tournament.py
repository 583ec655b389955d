"""The duplicate tournament (thousand.matches.tournament, docs/bots.md): the same deals in every
arrangement, shares that are even for a bot against itself, the report's fields, failures counted
with a way to replay them, the same report whatever the number of processes; and the layering:
no engine module imports a bot."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from thousand.bots import BOT_NAMES, CARD_BOTS, make_bot
from thousand.cards.catalogue import CATALOGUE
from thousand.matches import duplicate
from thousand.matches.tournament import play_arrangement, rerun, tournament

ROOT = Path(__file__).resolve().parents[1]
PRESETS = {2: "two_players", 3: "classic", 4: "four_players"}


def conv(players):
    return CATALOGUE.resolve(PRESETS[players], {"player_count": players})


def spec(players, bots, mode="games", seed=7):
    return {"conv": conv(players), "bots": bots, "seed": seed, "mode": mode,
            "preset": PRESETS[players]}


def test_arrangements_seat_both_kinds_in_every_way():
    assert duplicate.arrangements(2) == ["AB", "BA"]
    assert duplicate.arrangements(3) == ["AAB", "ABA", "ABB", "BAA", "BAB", "BBA"]
    four = duplicate.arrangements(4)
    assert len(four) == 14 and len(set(four)) == 14 and "AAAA" not in four and "BBBB" not in four
    assert duplicate.fair(four, 4) == ["AABB", "ABAB", "ABBA", "BAAB", "BABA", "BBAA"]
    three = duplicate.arrangements(3)
    fair3 = duplicate.fair(three, 3)  # no balanced seating of 3: all, in complementary pairs
    assert fair3 == three and sorted(duplicate.complement(a) for a in fair3) == fair3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_duplicate_deals_are_the_same_cards_in_every_arrangement(players):
    # random players ask for redeals and end games at different times: deal k of the set must
    # still be the same cards in the same seats wherever it is reached
    s = spec(players, ("heuristic", "random"))
    traces = {}
    for arrangement in duplicate.arrangements(players):
        trace = []
        play_arrangement(s, 3, arrangement, trace)
        traces[arrangement] = {(k, r): (dealer, hands, talons)
                               for k, r, dealer, hands, talons in trace}
    keys = set().union(*traces.values())
    shared = 0
    for key in keys:
        dealt = [t[key] for t in traces.values() if key in t]
        assert all(d == dealt[0] for d in dealt), key
        shared += len(dealt) > 1
    assert shared >= 5
    lengths = {len(t) for t in traces.values()}
    assert len(lengths) > 1 or players == 2  # the games really went different ways
    first = [t[(0, 0)] for t in traces.values()]
    _, hands, talons = first[0]
    cards = [c for h in hands for c in h] + [c for t in talons for c in t]
    assert len(cards) == 24 and len(set(cards)) == 24  # the whole deck, dealt once
    other = []
    play_arrangement(s, 4, duplicate.arrangements(players)[0], other)
    assert other[0][3] != first[0][1]  # another set is another deal


def test_a_bot_against_itself_has_exactly_even_shares_and_figures():
    games = tournament(conv(2), ("heuristic", "heuristic"), 3, 5, "games")
    assert games["win_share"]["A"] == games["win_share"]["B"] == 0.5
    assert games["win_share"]["ci95"]["A"] == [0.5, 0.5]
    a, b = games["per_kind"]["A"], games["per_kind"]["B"]
    assert {k: v for k, v in a.items() if k != "bot"} == {k: v for k, v in b.items() if k != "bot"}
    deals = tournament(conv(3), ("heuristic", "heuristic"), 6, 5, "deals")
    assert deals["point_difference"]["mean"] == 0 and deals["point_difference"]["ci95"] == [0, 0]
    assert deals["per_kind"]["A"]["points_per_deal"] == deals["per_kind"]["B"]["points_per_deal"]


def test_heuristic_beats_random_clearly():
    r = tournament(conv(3), ("heuristic", "random"), 3, 11, "games")
    assert r["errors"] == 0 and r["games"] == 18
    assert r["win_share"]["A"] > 0.8 and r["win_share"]["ci95"]["A"][0] > 0.5
    assert r["per_kind"]["A"]["make_rate"] > r["per_kind"]["B"]["make_rate"]
    d = tournament(conv(3), ("random", "heuristic"), 20, 11, "deals")
    assert d["point_difference"]["ci95"][1] < 0  # A is random here: it loses points per deal


def run(*args):
    return subprocess.run([sys.executable, "-m", "thousand", "tournament", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_report_fields_and_the_same_report_whatever_the_jobs():
    one = run("--bots", "heuristic,random", "--deals", "4", "--seed", "3", "--players", "2",
              "--jobs", "1")
    two = run("--bots", "heuristic,random", "--deals", "4", "--seed", "3", "--players", "2",
              "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout and "8 games" in one.stderr
    data = json.loads(one.stdout)
    for key in ("win_share", "win_share_all_arrangements", "deals_per_game", "voided_deals",
                "unfinished_games", "per_kind", "errors", "error_reports", "arrangements"):
        assert key in data, key
    assert data["errors"] == 0 and data["bots"] == {"A": "heuristic", "B": "random"}
    for kind in ("A", "B"):
        k = data["per_kind"][kind]
        for key in ("make_rate", "write_offs", "crosses", "average_bid", "average_contract",
                    "points_per_deal", "bid_histogram", "bolts"):
            assert key in k, key
        assert sum(k["bid_histogram"].values()) == k["deals_declared"]
        assert k["made"] + k["failed"] == k["contracts_played"]
        # the make rate split: contracts bought at the lowest bid (the forced 100) and above it
        at_100 = k["contracts_bought_at_100"]
        assert at_100 <= min(k["contracts_played"], k["bid_histogram"].get("100", 0))
        rates = (k["make_rate_bought_at_100"], k["make_rate_bought_above_100"])
        if at_100 and at_100 < k["contracts_played"]:
            low, high = sorted(rates)
            assert low - 0.001 <= k["make_rate"] <= high + 0.001  # a weighted mean, rounded
    deals = json.loads(run("--bots", "heuristic,random", "--deals", "3", "--mode", "deals",
                           "--players", "4").stdout)
    assert deals["deals_played"] == 3 * 14 and deals["point_difference"]["sets"] == 3


def test_bad_command_lines_are_refused_in_one_line():
    for args, words in ((["--bots", "heuristic"], "two kinds"),
                        (["--bots", "heuristic,genius"], "unknown bot 'genius'"),
                        (["--bots", "heuristic,random", "--players", "5"], "2, 3 or 4"),
                        (["--bots", "heuristic,random", "--deals", "0"], "at least 1")):
        out = run(*args)
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


class FlakyBot:
    """Plays like the random bot, but one seat in six (by its seed) raises at its fifth action."""

    def __init__(self, rnd):
        self.rnd, self.actions, self.fails = rnd, 0, rnd.random() < 1 / 6

    def choose(self, view):
        self.actions += 1
        if self.fails and self.actions == 5:
            raise RuntimeError("flaky bot gave up")
        return self.rnd.choice(view["legal"])


def test_a_failing_game_is_counted_reported_and_replayable(monkeypatch):
    import random
    monkeypatch.setitem(CARD_BOTS, "flaky", lambda seed: FlakyBot(random.Random(seed)))
    assert isinstance(make_bot("flaky", 1), FlakyBot)
    r = tournament(conv(3), ("heuristic", "flaky"), 8, 2, "deals", preset="classic")
    assert 0 < r["errors"] < 8 * 6 and len(r["error_reports"]) == min(10, r["errors"])
    assert 0 < len(r["sets_left_out"]) < 8
    assert r["point_difference"]["sets"] == 8 - len(r["sets_left_out"])
    assert r["deals_played"] == 6 * r["point_difference"]["sets"]
    report = r["error_reports"][0]
    assert report["error"] == "RuntimeError: flaky bot gave up" and "python -c" in report["reproduce"]
    call = report["reproduce"].split("; ", 1)[1].rstrip('"')
    with pytest.raises(RuntimeError, match="flaky bot gave up"):
        eval(call, {"rerun": rerun})
    assert "flaky" not in BOT_NAMES  # the registry test entry did not leak into the names


def test_no_engine_module_imports_a_bot_or_a_match():
    for package in ("cards", "dice"):
        for path in (ROOT / "thousand" / package).glob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                for name in names:
                    assert not name.startswith(("thousand.bots", "thousand.matches",
                                                "thousand.cli")), f"{path.name} imports {name}"
