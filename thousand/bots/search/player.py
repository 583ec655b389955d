"""A card player that searches: for each of its legal plays it deals the hidden cards many times
as its view allows (thousand.bots.search.sampling) and solves each deal double dummy
(thousand.bots.search.solver), then plays the card that does best over the deals (PIMC,
perfect-information Monte Carlo). While it holds 7 cards or more it plays by ISMCTS instead
(thousand.bots.search.ismcts): on duplicate deals the two play alike (tools/search_duel.py),
but a full deal solved double dummy costs too much in pure Python early on, where ISMCTS's time
does not grow with the cards left.

- The declarer plays to make the contract in as many deals as possible; the defenders, to break
  it. Ties are broken by asking the same question at other targets (TIE_STEPS): the declarer
  then plays for a wider margin (or the nearest miss), the defenders for fewer declarer points
  (more of their own); among plays still equal, the heuristic bot's pick.
- Everything is counted, not timed: the number of deals, and a budget of search nodes after
  which no new deal is started (at least `min_samples` are). With a seeded random.Random the
  same view always gives the same play.
- `think(view)` is a generator that yields every `slice_nodes` search nodes and returns the
  action (StopIteration.value), so a page can run it between browser events; `choose(view)`
  runs it to the end. Both compute exactly the same thing.
- Decisions other than card play go to the heuristic bot for now."""
from thousand.bots.thinking import run_out
from thousand.bots.heuristic import HeuristicBot
from thousand.bots.search.compact import ABOVE, POINTS, SUIT_MASK, card_int, mask_of
from thousand.bots.search.position import Rules, announcing_cards, from_view, move_of, suit_int
from thousand.bots.search.sampling import Knowledge, NoWorld
from thousand.bots.search.solver import Pause, Solver
from thousand.cards.score import points_to_make

TIE_STEPS = (10, 20, 35, 55)  # points above or below the contract that break ties


class _Spent(Exception):
    """The decision's node cap is reached."""


class SearchPlayer:
    name = "search"

    def __init__(self, rnd, samples: int = 20, min_samples: int = 4,
                 node_budget: int = 25_000, slice_nodes: int = 1_000,
                 exact_from: int = 5, tie_break: bool = True, prune_margin: int | None = 3,
                 tie_budget: float = 1.5, merge_root: bool = True,
                 node_cap: int | None = None, ismcts_from: int | None = 7,
                 iterations: int = 1500):
        """samples: deals per decision at most; node_budget: no new deal once this many search
        nodes are spent (min_samples deals at least); exact_from: with this many cards or fewer
        in hand the solver is exact, above it treats adjacent cards as one (faster, values off by
        a point or two); tie_break: rank tied plays by their average points."""
        self.rnd = rnd
        self.samples = samples
        self.min_samples = min_samples
        self.node_budget = node_budget
        self.slice_nodes = slice_nodes
        self.exact_from = exact_from
        self.tie_break = tie_break
        self.prune_margin = prune_margin
        self.tie_budget = tie_budget
        self.merge_root = merge_root
        self.node_cap = node_cap if node_cap is not None else 2 * node_budget
        self.ismcts_from = ismcts_from
        self.iterations = iterations
        self.fallback = HeuristicBot(rnd)
        self.last = None  # what the last search saw, for tools and tests
        self.solver = None
        self._next_yield = 0
        self._cap = 0

    def choose(self, view: dict) -> dict:
        return run_out(self.think(view))

    def think(self, view: dict):
        legal = view["legal"]
        deal = view.get("deal")
        if not legal or legal[0]["type"] != "play" or deal is None:
            return self.fallback.choose(view)
        if deal["hand"] is None:
            # a seat that never looked at its cards (a forced deal under dark bidding): the
            # view shows no hand to reason from (the heuristic bot needs one too)
            return self.rnd.choice(legal)
        if len(legal) == 1:
            return legal[0]
        if self.ismcts_from is not None and len(deal["hand"]) >= self.ismcts_from:
            from thousand.bots.search.ismcts import ISMCTSPlayer
            tree = ISMCTSPlayer(self.rnd, iterations=self.iterations)
            self.last = {"ismcts": self.iterations}
            return (yield from tree.think(view))
        return (yield from self._search(view, legal))

    # --- the search ---------------------------------------------------------------------

    def _search(self, view, legal):
        conv, deal, me = view["conventions"], view["deal"], view["seat"]
        rules = Rules(conv, deal["active"], deal["declarer"])
        declaring = me == deal["declarer"]
        count = _marriages_count(view)
        target = points_to_make(conv, deal["contract"])
        cards_left = len(deal["hand"])
        solver = Solver(rules, count_marriages=count, equivalence=cards_left > self.exact_from)
        solver.auto_trim = False
        self.solver = solver  # for tools and tests: its node count
        self._next_yield = self.slice_nodes
        self._cap = self.node_cap
        know = Knowledge.from_view(view)
        moves = [move_of(a) for a in legal]
        candidates = _distinct(view, rules, moves) if self.merge_root else moves
        made = {m: 0 for m in moves}
        sign = 1 if declaring else -1
        alive = list(candidates)
        worlds = []
        for i in range(self.samples):
            if i >= self.min_samples and solver.nodes >= self.node_budget:
                break
            if i:
                yield  # a deal drawn again and again under the auction's constraints takes time
            try:
                hands, widow = know.world(self.rnd)
            except NoWorld:
                break
            pos = from_view(view, hands, sum(POINTS[card_int(c)] for c in widow))
            children, got = {}, {}
            try:
                for m in alive:
                    child = pos.copy()
                    child.play(m)
                    children[m] = child
                    got[m] = yield from self._ask(solver, solver.reaches, child, target)
            except _Spent:
                break  # a deal not searched to the end for every play does not count
            for m, r in got.items():
                made[m] += r
            worlds.append(children)
            solver.trim()
            if i + 1 >= self.min_samples and self.prune_margin is not None:
                # a play that trails the best by more than the margin is not searched again
                lead = max(sign * made[m] for m in alive)
                alive = [m for m in alive if sign * made[m] >= lead - self.prune_margin]
        if not worlds:
            self.last = {"worlds": 0, "nodes": solver.nodes}
            return self.fallback.choose(view)
        n = len(worlds)
        best = max(sign * made[m] for m in alive)
        tied = [m for m in alive if sign * made[m] == best]
        ladder = []
        if len(tied) > 1 and self.tie_break:
            # ties are broken by the same question at other targets: the declarer, when he
            # makes it everywhere, looks for the widest margin, else for the nearest miss; the
            # defenders push his points down (their own points)
            up = declaring and 2 * made[tied[0]] >= n
            for step in TIE_STEPS:
                if len(tied) < 2 or solver.nodes >= self.tie_budget * self.node_budget:
                    break
                t = target + step if up else target - step
                counts = {}
                try:
                    for m in tied:
                        counts[m] = 0
                        for children in worlds:
                            counts[m] += yield from self._ask(solver, solver.reaches,
                                                              children[m], t)
                except _Spent:
                    break
                top = max(sign * counts[m] for m in tied)
                tied = [m for m in tied if sign * counts[m] == top]
                ladder.append((t, counts))
        choice = tied[0]
        if len(tied) > 1:
            hint = move_of(self.fallback.choose(view))  # among equals, the rule of thumb
            if hint in tied:
                choice = hint
        self.last = {"worlds": n, "nodes": solver.nodes, "made": made, "ladder": ladder,
                     "target": target, "move": choice}
        return legal[moves.index(choice)]

    def _ask(self, solver, question, *args):
        """Run one solver question, yielding whenever `slice_nodes` nodes have been searched
        since the last yield (the count runs across questions)."""
        while True:
            solver.pause_at = min(self._next_yield, self._cap)
            try:
                return question(*args)
            except Pause:
                if solver.nodes >= self._cap:
                    raise _Spent
                self._next_yield = solver.nodes + self.slice_nodes
                yield
            finally:
                solver.pause_at = float("inf")


def _distinct(view, rules, moves) -> list:
    """The plays worth searching: of cards in one run (adjacent among the cards not yet played,
    at most two points apart) one stands for the others: the highest when one's own side holds
    the trick or one leads, else the lowest. Announcing leads and cards that still make an
    announcement with the hand stay apart."""
    deal = view["deal"]
    hand = mask_of(deal["hand"])
    gone = 0
    for t in deal["tricks"]:
        gone |= mask_of(c for _, c in t["cards"])
    live = ((1 << 24) - 1) & ~gone
    trick = deal["trick"]
    if trick:
        winner = _trick_leader(trick, suit_int(deal["trump"]))
        me_declarer = view["seat"] == deal["declarer"]
        high = (winner == deal["declarer"]) == me_declarer
    else:
        high = True
    protect = announcing_cards(rules, hand)
    plain = [m for m in moves if not m >> 5]
    keep = set(moves) - set(plain)
    cards = {m & 31 for m in plain}
    for m in plain:
        c = m & 31
        if protect >> c & 1:
            keep.add(m)
            continue
        if high:
            nb = live & ABOVE[c]
            nxt = (nb & -nb).bit_length() - 1 if nb else -1
        else:
            nb = live & SUIT_MASK[c // 6] & ((1 << c) - 1)
            nxt = nb.bit_length() - 1 if nb else -1
        if nxt in cards and not protect >> nxt & 1 and abs(POINTS[nxt] - POINTS[c]) <= 2:
            continue  # its neighbour stands for it
        keep.add(m)
    return [m for m in moves if m in keep]


def _trick_leader(trick, trump):
    """The seat holding the trick under way."""
    best_seat, best = trick[0][0], card_int(trick[0][1])
    for seat, code in trick[1:]:
        c = card_int(code)
        if c // 6 == best // 6:
            if c > best:
                best_seat, best = seat, c
        elif c // 6 == trump:
            best_seat, best = seat, c
    return best_seat


def _marriages_count(view) -> bool:
    """A barrel player's announcements do not count under barrel_marriages_count = false."""
    conv, deal = view["conventions"], view["deal"]
    if conv["barrel"] and not conv["barrel_marriages_count"]:
        return not view["score"]["barrel"][deal["declarer"]]["on"]
    return True
