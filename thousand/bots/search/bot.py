"""The search-based card player with levels (`easy`, `normal`, `strong`): every decision is taken
by simulation over deals sampled from the seat's view, valued on the score sheet the engine would
write (thousand.bots.search.stakes):

- card play: PIMC with the double-dummy solver (thousand.bots.search.player);
- the auction: for each sampled deal (talon and other hands, with the marriages that bids over
  120 show), the seat's deal as declarer (talon taken, cheapest cards passed, the deal played out
  by the greedy playout, the contract raised where that deal allows it) against the deal if it
  passes (the high bidder plays it); it bids while declaring is worth more than passing;
- the exchange: ways of passing the cards tried on sampled deals, each with every contract R31
  allows; the best pair of passes and contract, or a write-off, cross or redeal when that is worth
  more (a forced 100 written off costs the same and gives each opponent 60, so it rarely is);
- dark play, redeal requests (W1, W2, W3), the named trump: the same comparison;
- how bold: the spread of an outcome counts for a player far behind near the end of the game,
  against one well ahead.

Everything is counted, never timed: the same view and seed give the same action. `think(view)`
is a generator that yields every few milliseconds of work and returns the action; `choose` runs
it to the end."""
from dataclasses import dataclass, field, replace
import math

from thousand.bots.thinking import run_out
from thousand.bots.heuristic import HeuristicBot
from thousand.bots.search.compact import card_code, cards_of, mask_of
from thousand.bots.search.outlook import (WIDOW, Table, apply_plan, auction_worlds,
                                          contract_fixed, contract_values)
from thousand.bots.search.player import SearchPlayer
from thousand.bots.search.position import suit_int
from thousand.bots.search.quickplay import quick_play
from thousand.bots.search.sampling import Knowledge, NoWorld
from thousand.bots.search.stakes import Stakes
from thousand.cards.score import b_need

YIELD_EVERY = 4  # greedy playouts between yields (a few ms of work)
SLICE_NODES = 500  # solver nodes between yields


@dataclass(frozen=True)
class Level:
    bid_worlds: int  # sampled deals per auction decision (0: the rule of thumb)
    exchange_worlds: int  # sampled deals for the exchange and the contract
    plan_width: int  # the cheapest cards that ways of passing are made from
    plans: int  # ways of passing tried at most
    play: dict = field(default_factory=dict)  # SearchPlayer options
    slip: float = 0.0  # chance of playing the rule-of-thumb card instead of the searched one
    bold: bool = True  # risk taken or avoided by the standing in the game
    dd_cards: int = 5  # with this many cards in hand or fewer the exact solver plays
    quick_worlds: int = 12  # sampled deals for a card played by greedy playouts
    hard_nodes: int = 60_000  # solver nodes after which a card is played by greedy playouts
    bid_bias: float = 0.0  # points a bid is preferred by over passing (the talon's worth)
    raise_margin: int = 0  # a raise above the bid must be made by this many points more


LEVELS = {
    "easy": Level(bid_worlds=0, exchange_worlds=6, plan_width=3, plans=2,
                  play={"samples": 3, "min_samples": 2, "node_budget": 4_000,
                        "tie_break": False}, slip=0.2, bold=False,
                  dd_cards=3, quick_worlds=4, hard_nodes=6_000),
    "normal": Level(bid_worlds=14, exchange_worlds=14, plan_width=4, plans=6,
                    play={"samples": 8, "min_samples": 3, "node_budget": 12_000},
                    dd_cards=4, quick_worlds=8, hard_nodes=20_000),
    "strong": Level(bid_worlds=32, exchange_worlds=32, plan_width=5, plans=12,
                    raise_margin=15,
                    play={"samples": 20, "min_samples": 4, "node_budget": 50_000},
                    dd_cards=5, quick_worlds=20, hard_nodes=80_000),
}


class SearchBot:
    def __init__(self, rnd, level: str = "strong", **tweaks):
        """`tweaks`: Level fields to change (for experiments: a tournament of a variant)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.name = level
        self.level = replace(LEVELS[level], **tweaks)
        self.rnd = rnd
        self.fallback = HeuristicBot(rnd)
        self.player = SearchPlayer(rnd, **{"slice_nodes": SLICE_NODES, **self.level.play})
        self.plan = None  # the exchange decided at its first step: (key, actions)
        self.last = None  # what the last non-play decision weighed, for tools and tests
        self._work = 0

    def choose(self, view: dict) -> dict:
        return run_out(self.think(view))

    def think(self, view: dict):
        legal = view["legal"]
        if len(legal) <= 1:
            return legal[0] if legal else None
        kinds = {a["type"] for a in legal}
        if "play" in kinds:
            return (yield from self._play(view))
        if "look" in kinds:
            return next(a for a in legal if a["type"] == "look")
        if "bid" in kinds or kinds == {"pass"}:
            return (yield from self._auction(view, legal))
        if view["phase"] in ("exchange", "contract"):
            return (yield from self._exchange(view, legal))
        if "keep" in kinds:
            return (yield from self._redeal(view, legal))
        if "dark" in kinds:
            return (yield from self._dark(view, legal))
        if "name_trump" in kinds:
            return (yield from self._name_trump(view, legal))
        if "show_talon" in kinds:
            return next(a for a in legal if a["show"] is False)  # tell the others nothing
        if "take_talon" in kinds:
            return legal[0]  # unseen, either is as good
        return self.rnd.choice(legal)  # the cut: any place in the deck

    # --- card play ------------------------------------------------------------------------

    def _play(self, view):
        L = self.level
        if L.slip and self.rnd.random() < L.slip:
            return self.fallback.choose(view)  # a plausible card, not the searched one
        hand = view["deal"]["hand"]
        if hand is None:  # a forced deal under dark bidding, never looked at: any card
            return self.rnd.choice(view["legal"])
        if len(hand) <= L.dd_cards:
            gen = self.player.think(view)
            while True:
                try:
                    next(gen)
                except StopIteration as done:
                    return done.value
                solver = self.player.solver
                if solver is not None and solver.nodes > L.hard_nodes:
                    gen.close()  # too deep for this level: the greedy playouts decide
                    break
                yield
        got = yield from quick_play(view, self.rnd, L.quick_worlds, self._tick)
        return got if got is not None else self.fallback.choose(view)

    def _tick(self, cost: int = 1):
        """Counts the work (in greedy playouts); True when it is time to yield."""
        self._work += cost
        if self._work >= YIELD_EVERY:
            self._work = 0
            return True
        return False

    # --- the auction --------------------------------------------------------------------

    def _auction(self, view, legal):
        bids = [a for a in legal if a["type"] == "bid"]
        passing = next(a for a in legal if a["type"] == "pass")
        if not bids:
            return passing
        if not self.level.bid_worlds:
            return self.fallback.choose(view)
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        values = [bids[0]["value"]]
        need = _barrel_need(view)
        if need and any(a["value"] == need for a in bids) and need > values[0]:
            values.append(need)  # on the barrel only a contract of B_need wins
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        mine = mask_of(d["hand"])
        worlds = auction_worlds(view, self.rnd, self.level.bid_worlds)
        high, high_seat = d["high"], d["high_seat"]
        declare = {v: [] for v in values}
        passed = []
        for hands, talons in worlds:
            for v in values:
                declare[v].append(self._as_declarer(view, stakes, me, mine, hands, talons, v))
            if high_seat is not None and high_seat != me:
                u = self._as_declarer(view, stakes, high_seat, hands[high_seat],
                                      {**hands, me: mine}, talons, high, raise_ok=False)
            else:
                u = 0.0
            passed.append(u)
            if self._tick(len(values) + 1):
                yield
        bold = self._boldness(view)
        score = {v: _adjusted(us, bold) for v, us in declare.items()}
        best = max(values, key=lambda v: score[v])
        stay = _adjusted(passed, bold)
        self.last = {"decision": "bid", "declare": score, "pass": stay}
        if score[best] + self.level.bid_bias > stay:
            return next(a for a in bids if a["value"] == best)
        return passing

    def _as_declarer(self, view, stakes, seat, hand, hands, talons, bid, *, raise_ok=True,
                     dark=False):
        """The utility for this bot of `seat` declaring at `bid` in one sampled deal:
        the talon taken, the cheapest cards passed, the greedy playout, and the highest
        contract that deal makes (or the bid)."""
        conv, d = view["conventions"], view["deal"]
        table = Table(conv, d["active"], d["dealer"], seat)
        full = dict(hands)
        full[seat] = hand | talons[0]
        widow = 0
        if len(talons) > 1:
            widow = talons[1]
        plan = table.quick_plan(full[seat], table.exchange_targets())
        after, widow = apply_plan(full, seat, plan, widow)
        trump = -1
        if conv["trump_mode"] == "declarer_names":
            trump = _longest_suit(after[seat])
        cp, tk, ann = table.play(after, widow, trump)
        base = stakes.base(seat, bid, dark=dark, golden=d["golden"],
                           talon=[card_code(c) for c in cards_of(talons[0])])
        contract = bid
        if raise_ok:
            points = cp[seat] + sum(ann[seat])
            fixed = dark and not conv["dark_can_raise"]
            for c in contract_values(conv, bid, after[seat], fixed):
                if c <= points:
                    contract = c
        return stakes.played(base, contract, cp, tk, ann)

    # --- the declarer between the talon and the first lead ------------------------------

    def _exchange(self, view, legal):
        d = view["deal"]
        key = _deal_key(view)
        if self.plan and self.plan[0] == key:
            for want in self.plan[1]:
                got = _find(legal, want)
                if got is not None:
                    return got
        actions = yield from self._plan_exchange(view, legal)
        self.plan = (key, actions)
        got = _find(legal, actions[0])
        if got is None:  # cannot happen: the plan is made of legal actions
            return self.fallback.choose(view)
        return got

    def _plan_exchange(self, view, legal):
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        L = self.level
        table = Table(conv, d["active"], d["dealer"], me)
        hand = mask_of(d["hand"])
        given = d.get("given") or {}
        every = table.exchange_targets()
        targets = [t for t in every if t != WIDOW and str(t) not in given]
        targets += [WIDOW] * max(0, every.count(WIDOW) - len(d.get("discards") or []))
        gives = [a for a in legal if a["type"] in ("give", "discard")]
        # before_pass: the contract comes first, any card may be passed after it
        allowed = {a["card"] for a in gives} if gives else set(d["hand"])
        plans = table.plans(hand, targets, L.plan_width, L.plans) if targets else [()]
        plans = [p for p in plans if all(card_code(c) in allowed for c, _ in p)]
        if not plans:  # a rule narrows the cards (an ace must be passed): the cheapest of those
            order = [c for c in table.spare_order(hand) if card_code(c) in allowed]
            plans = [tuple(zip(order, targets))]
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        worlds = self._view_worlds(view, L.exchange_worlds)
        fixed = contract_fixed(conv, d)
        bid = d["bid"]
        base = stakes.base(me, bid, dark=d["dark"], golden=d["golden"], talon=d.get("talon"))
        trump = suit_int(d["trump"]) if conv["trump_mode"] == "declarer_names" else -1
        # successive halving: every plan on a few deals, the better ones on all of them
        results = {p: [] for p in plans}
        alive = list(plans)
        stages = [max(4, len(worlds) // 4), len(worlds)] if len(plans) > 3 else [len(worlds)]
        done = 0
        for stage_end in stages:
            for p in alive:
                for hands, widow in worlds[len(results[p]):stage_end]:
                    full = dict(hands)
                    full[me] = hand
                    after, w = apply_plan(full, me, p, widow)
                    t = trump
                    if conv["trump_mode"] == "declarer_names" and t < 0:
                        t = _longest_suit(after[me])
                    results[p].append((table.play(after, w, t), after[me]))
                    if self._tick():
                        yield
            done = stage_end
            if stage_end < len(worlds) and len(alive) > 3:
                ranked = sorted(alive, key=lambda p: self._plan_rank(
                    me, d["contract"] or bid, results[p]), reverse=True)
                alive = ranked[:3]
        best = None
        for p in alive:
            value, contract = self._plan_value(conv, stakes, base, bid, fixed, d, results[p])
            if best is None or value > best[0]:
                best = (value, p, contract)
            yield
        value, plan, contract = best
        options = {"play": value}
        kinds = {a["type"] for a in legal}
        if "write_off" in kinds:
            options["write_off"] = stakes.conceded(base, "write_off")
        if "cross" in kinds:
            options["cross"] = stakes.conceded(base, "cross")
        if "redeal" in kinds:
            options["redeal"] = 0.0
        choice = max(options, key=lambda k: options[k])
        self.last = {"decision": "exchange", "options": options, "plan": plan,
                     "contract": contract, "worlds": done}
        if choice != "play":
            return [{"type": choice}]
        actions = []
        contract_first = conv["contract_timing"] == "before_pass" and d["contract"] is None
        contract_action = {"type": "contract", "value": contract}
        if contract_first:
            actions.append(contract_action)
        for c, to in plan:
            if to == WIDOW:
                actions.append({"type": "discard", "card": card_code(c)})
            else:
                actions.append({"type": "give", "card": card_code(c), "to": to})
        if not contract_first and d["contract"] is None:
            actions.append(contract_action)
        return actions

    def _plan_value(self, conv, stakes, base, bid, fixed, d, rows):
        """(expected utility, contract) of one way of passing over its deals: each deal valued
        on the score sheet at the lowest contract, and a raise by what it changes in the
        declarer's own result (won or lost, deal by deal)."""
        if not rows:
            return -math.inf, bid
        me = base["declarer"]
        low = d["contract"] if d["contract"] is not None else bid
        dps = [cp[me] + sum(ann[me]) for (cp, tk, ann), _ in rows]
        at_low = [stakes.played(base, low, cp, tk, ann) for (cp, tk, ann), _ in rows]
        n = len(rows)
        best = (sum(at_low) / n, low)
        if d["contract"] is None:
            top = max(dps)
            for c in contract_values(conv, bid, rows[0][1], fixed):
                if c <= low or c > top:
                    continue
                extra = self.level.raise_margin
                v = sum(u + (c if p - extra >= c else -c) - (low if p >= low else -low)
                        for u, p in zip(at_low, dps)) / n
                if v > best[0]:
                    best = (v, c)
        return best

    @staticmethod
    def _plan_rank(me, bid, rows):
        """A quick order of ways of passing: deals made at the bid, then the points."""
        dps = [cp[me] + sum(ann[me]) for (cp, tk, ann), _ in rows]
        return (sum(p >= bid for p in dps), sum(dps))

    def _view_worlds(self, view, count):
        """Sampled hidden hands from the view: a list of (seat -> mask, widow mask)."""
        know = Knowledge.from_view(view)
        out = []
        for _ in range(count):
            try:
                hands, widow = know.world(self.rnd)
            except NoWorld:
                break
            out.append(({s: mask_of(h) for s, h in hands.items()}, mask_of(widow)))
        return out

    # --- redeals, dark play, the named trump --------------------------------------------

    def _redeal(self, view, legal):
        d = view["deal"]
        redeal = next(a for a in legal if a["type"] == "redeal")
        keep = next(a for a in legal if a["type"] == "keep")
        if d.get("window") == "W3":
            value = yield from self._defence_value(view)
        else:
            value = yield from self._opening_value(view)
        self.last = {"decision": "redeal", "keep": value}
        return keep if value > 0 else redeal

    def _defence_value(self, view):
        """A defender's expected utility of playing the deal out as it stands (W3)."""
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        decl = d["declarer"]
        table = Table(conv, d["active"], d["dealer"], decl)
        base = stakes.base(decl, d["bid"], dark=d["dark"], golden=d["golden"],
                           talon=d.get("talon"))
        mine = mask_of(d["hand"])
        trump = suit_int(d["trump"]) if conv["trump_mode"] == "declarer_names" else -1
        us = []
        for hands, widow in self._view_worlds(view, self.level.exchange_worlds):
            full = dict(hands)
            full[me] = mine
            cp, tk, ann = table.play(full, widow, trump)
            us.append(stakes.played(base, d["contract"], cp, tk, ann))
            if self._tick():
                yield
        return _adjusted(us, self._boldness(view))

    def _opening_value(self, view):
        """Before the auction (W1): the better of declaring at the lowest bid and defending
        against the strongest other hand, over sampled deals."""
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        mine = mask_of(d["hand"])
        # a golden deal has no auction: the sitter declares it at 120 (G2), nobody else can
        forced = d["sitter"] if d.get("golden") else None
        opening_bid = 120 if forced is not None else 100
        mine_u, theirs = [], []
        for hands, talons in auction_worlds(view, self.rnd, max(6, self.level.bid_worlds // 2)):
            if forced in (None, me):
                mine_u.append(self._as_declarer(
                    view, stakes, me, mine, hands, talons, opening_bid,
                    raise_ok=forced is None or conv["golden_can_raise"]))
            if forced != me:
                other = [s for s in d["active"] if s != me]
                rival = forced if forced is not None else \
                    max(other, key=lambda s: _strength(hands[s]))
                theirs.append(self._as_declarer(view, stakes, rival, hands[rival],
                                                {**hands, me: mine}, talons, opening_bid,
                                                raise_ok=False))
            if self._tick():
                yield
        values = [_adjusted(u, 0.0) for u in (mine_u, theirs) if u]
        return max(values) if values else 0.0

    def _dark(self, view, legal):
        """Declare dark (120 unseen, doubled) when that is worth more than an ordinary deal."""
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        us = []
        n_worlds = max(6, self.level.bid_worlds // 2) if self.level.bid_worlds else 0
        for hands, talons, mine in _blind_worlds(view, self.rnd, n_worlds):
            us.append(self._as_declarer(view, stakes, me, mine, hands, talons, 120,
                                        raise_ok=conv["dark_can_raise"], dark=True))
            if self._tick():
                yield
        value = _adjusted(us, self._boldness(view)) if us else -math.inf
        self.last = {"decision": "dark", "dark": value}
        return next(a for a in legal if a["dark"] is (value > 0))

    def _name_trump(self, view, legal):
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        stakes = Stakes(conv, view["score"], me, d["dealer"])
        table = Table(conv, d["active"], d["dealer"], me)
        base = stakes.base(me, d["bid"], dark=d["dark"], golden=d["golden"],
                           talon=d.get("talon"))
        mine = mask_of(d["hand"])
        worlds = self._view_worlds(view, max(4, self.level.exchange_worlds // 2))
        value = {}
        for a in legal:
            t = suit_int(a["suit"])
            us = []
            for hands, widow in worlds:
                full = dict(hands)
                full[me] = mine
                cp, tk, ann = table.play(full, widow, t)
                us.append(stakes.played(base, d["contract"], cp, tk, ann))
                if self._tick():
                    yield
            value[a["suit"]] = _adjusted(us, 0.0) if us else 0.0
        best = max(legal, key=lambda a: value[a["suit"]])
        self.last = {"decision": "trump", "values": value}
        return best

    # --- the standing in the game -------------------------------------------------------

    def _boldness(self, view) -> float:
        """How much an outcome's spread counts: a player far behind near the end of the game
        needs luck (positive), one well ahead avoids it (negative)."""
        if not self.level.bold:
            return 0.0
        conv, score, me = view["conventions"], view["score"], view["seat"]
        totals = score["totals"]
        others = [t for s, t in enumerate(totals) if s != me]
        lead = max(others)
        target = conv["target_score"]
        near_end = lead >= 0.75 * target or any(
            b["on"] for s, b in enumerate(score["barrel"]) if s != me)
        if near_end and totals[me] < lead - 0.2 * target:
            return 0.25
        if totals[me] > lead + 0.2 * target:
            return -0.1
        return 0.0


# --- small helpers --------------------------------------------------------------------------

def _adjusted(values, bold: float) -> float:
    """Mean, plus `bold` standard deviations."""
    if not values:
        return 0.0
    n = len(values)
    mean = sum(values) / n
    if not bold or n < 2:
        return mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean + bold * math.sqrt(var)


def _barrel_need(view) -> int:
    conv, score, me = view["conventions"], view["score"], view["seat"]
    if conv["barrel"] and score["barrel"][me]["on"]:
        return b_need(conv)
    return 0


def _deal_key(view):
    d = view["deal"]
    return (view["score"]["deals_settled"], len(view["score"]["rows"]), d["dealer"], d["bid"],
            d["declarer"], tuple(d.get("talon") or ()))


def _find(legal, want):
    for a in legal:
        if a["type"] != want["type"]:
            continue
        if all(a.get(k) == v for k, v in want.items() if k != "type"):
            return a
    return None


def _longest_suit(hand: int) -> int:
    from thousand.bots.search.compact import POINTS, SUIT_MASK
    return max(range(4), key=lambda s: (bin(hand & SUIT_MASK[s]).count("1"),
                                        sum(POINTS[c] for c in cards_of(hand & SUIT_MASK[s]))))


def _strength(hand: int) -> int:
    from thousand.bots.search.compact import POINTS
    return sum(POINTS[c] for c in cards_of(hand))


def _blind_worlds(view, rnd, count):
    """Whole deals for a seat that has not seen its cards: (other hands, talons, its hand)."""
    conv, d, me = view["conventions"], view["deal"], view["seat"]
    n = view["players"]
    active = d["active"]
    size = 7 if n != 2 else 12 - conv["two_talon_size"]
    talon_sizes = [3] if n != 2 else [conv["two_talon_size"]] * 2
    deck = list(range(24))
    out = []
    for _ in range(count):
        rnd.shuffle(deck)
        i = 0
        hands = {}
        for s in active:
            hands[s] = sum(1 << c for c in deck[i:i + size])
            i += size
        talons = []
        for t in talon_sizes:
            talons.append(sum(1 << c for c in deck[i:i + t]))
            i += t
        mine = hands.pop(me)
        out.append((hands, talons, mine))
    return out
