"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse 2012)
for card play: the alternative to PIMC that issue 9 asks to measure (tools/search_duel.py
--player ismcts). Each iteration deals the hidden cards from a pool of sampled deals, walks the
tree by UCB among the moves legal in that deal, adds one node and finishes the deal with a
random playout; the reward is making the contract (declarer) or breaking it (defenders).
Budgeted by iterations, so it replays with a seeded random.Random."""
import math

from thousand.bots.thinking import run_out
from thousand.bots.heuristic import HeuristicBot
from thousand.bots.search.compact import POINTS, card_int
from thousand.bots.search.playout import random_playout
from thousand.bots.search.position import from_view, move_of
from thousand.bots.search.sampling import Knowledge, NoWorld
from thousand.cards.score import points_to_make


class _Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class ISMCTSPlayer:
    name = "ismcts"

    def __init__(self, rnd, iterations: int = 1500, pool: int = 40, explore: float = 0.7,
                 slice_iterations: int = 100):
        self.rnd = rnd
        self.iterations = iterations
        self.pool = pool
        self.explore = explore
        self.slice_iterations = slice_iterations
        self.fallback = HeuristicBot(rnd)

    def choose(self, view):
        return run_out(self.think(view))

    def think(self, view):
        legal = view["legal"]
        deal = view.get("deal")
        if not legal or legal[0]["type"] != "play" or deal is None or deal["hand"] is None:
            return self.fallback.choose(view)
        if len(legal) == 1:
            return legal[0]
        know = Knowledge.from_view(view)
        worlds = []
        for i in range(self.pool):
            if i and i % 4 == 0:
                yield  # sampling under the auction's constraints may redraw many times
            try:
                hands, widow = know.world(self.rnd)
            except NoWorld:
                break
            worlds.append(from_view(view, hands, sum(POINTS[card_int(c)] for c in widow)))
        if not worlds:
            return self.fallback.choose(view)
        target = points_to_make(view["conventions"], deal["contract"])
        declarer = worlds[0].rules.declarer
        root = _Node()
        rnd, c = self.rnd, self.explore
        for it in range(self.iterations):
            if it and it % self.slice_iterations == 0:
                yield
            pos = worlds[int(rnd.random() * len(worlds))].copy()
            node, path = root, []
            while not pos.over():
                moves = pos.legal_moves()
                if not moves:
                    break
                fresh = [m for m in moves if m not in node.children]
                for m in moves:
                    child = node.children.get(m)
                    if child is not None:
                        child.avail += 1
                if fresh:
                    m = fresh[int(rnd.random() * len(fresh))]
                    child = node.children[m] = _Node()
                    child.avail = 1
                    path.append((child, pos.turn))
                    pos.play(m)
                    break
                log = math.log
                best, pick = -1.0, None
                for m in moves:
                    ch = node.children[m]
                    u = ch.reward / ch.visits + c * math.sqrt(log(ch.avail) / ch.visits)
                    if u > best:
                        best, pick = u, m
                node = node.children[pick]
                path.append((node, pos.turn))
                pos.play(pick)
            pts = random_playout(pos, rnd) if not pos.over() else \
                [pos.deal_points(p) for p in range(pos.rules.k)]
            made = 1.0 if pts[declarer] >= target else 0.0
            for nd, mover in path:
                nd.visits += 1
                nd.reward += made if mover == declarer else 1.0 - made
        moves = [move_of(a) for a in legal]
        best = max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)
        return legal[moves.index(best)]
