"""The prospects of a deal before its first lead, by simulation: sampled deals of the cards a seat
cannot see, the declarer's exchange in each, and the whole deal played out by the greedy
double-dummy playout (thousand.bots.search.greedy). What comes out are the facts a settlement
needs (card points, tricks, announcements per seat), so thousand.bots.search.stakes can value
each outcome on the real score sheet.

- `auction_worlds`: deals consistent with a bidder's view: his own hand, and for every other
  bidder whose bid went over 120 the marriage that bid needs (R24, `bid_marriage_limit`).
- `Table`: one deal's seats and rules, with `play` (a deal played from the first lead),
  `exchange_targets` (where the declarer's cards go: to each opponent, or into the 2-player
  widow) and `plans` (the ways of passing worth trying, cheapest cards first)."""
from thousand.bots.search import greedy
from thousand.bots.search.compact import (ACE, ACES, ALL_CARDS, JACK, KING, NINE, POINTS,
                                          QUEEN, SUIT_MASK, TEN, card_code, cards_of, mask_of)
from thousand.bots.search.position import Position, Rules
from thousand.cards import bidding
from thousand.cards.marriages import MARRIAGE_VALUES, ACE_MARRIAGE_VALUE
from thousand.cards.cards import SUITS

WIDOW = -1


def bit_count(m: int) -> int:
    return bin(m).count("1")


class Table:
    """One deal's seats and play conventions, for a declarer `declarer`."""

    def __init__(self, conv: dict, active, dealer: int, declarer: int):
        self.conv = conv
        self.n = conv["player_count"]
        self.active = list(active)
        self.dealer = dealer
        self.declarer = declarer
        self.rules = Rules(conv, self.active, declarer)
        first = conv["first_lead"]
        seat = {"declarer": declarer, "left_of_dealer": self.active[0],
                "dealer": dealer}[first]
        self.leader = self.rules.pos_of.get(seat, self.rules.declarer)
        values = MARRIAGE_VALUES[conv["marriage_values"]]
        self.marriage_values = [values[s] for s in SUITS]

    def exchange_targets(self) -> list:
        """Where the declarer's cards go after the talon, in the order the engine asks."""
        conv = self.conv
        opponents = [s for s in self.active if s != self.declarer]
        if self.n != 2:
            return opponents
        ex = conv["two_exchange"]
        return {"discard_two": [WIDOW, WIDOW], "give_one": opponents,
                "one_each": opponents + [WIDOW]}[ex]

    def play(self, hands: dict, widow: int = 0, trump: int = -1) -> tuple:
        """The deal played from the first lead by the greedy playout: (card points, tricks,
        announcement values) per seat. `hands`: seat -> mask after the exchange; `widow`: the
        2-player widow's cards; `trump`: a suit named by the declarer (declarer_names)."""
        rules = self.rules
        pos = Position(rules, [hands[s] for s in rules.seats], leader=self.leader,
                       trump=trump, owner=rules.declarer if trump >= 0 else -1,
                       widow_points=_points(widow) if rules.widow_to_last else 0)
        tricks = [0] * rules.k
        while pos.hands[pos.turn] or pos.trick:
            w = pos.play(greedy.choose(pos))
            if w is not None:
                tricks[w] += 1
        n = self.n
        cp, tk, ann = [0] * n, [0] * n, [[] for _ in range(n)]
        for i, s in enumerate(rules.seats):
            cp[s] = pos.card_points[i]
            tk[s] = tricks[i]
        for p, _, _, v in pos.announced:
            ann[rules.seats[p]].append(v)
        return cp, tk, ann

    # --- passing cards --------------------------------------------------------------------

    def spare_order(self, hand: int, trump_hint: int = -1) -> list:
        """The hand's cards from the cheapest to give away to the dearest."""
        return sorted(cards_of(hand), key=lambda c: _give_cost(hand, c, trump_hint,
                                                               self.marriage_values))

    def plans(self, hand: int, targets: list, width: int, limit: int) -> list:
        """Ways of passing: tuples of (card, target), from the `width` cheapest cards; the
        first is the cheapest cards in order. At most `limit`."""
        order = self.spare_order(hand, _trump_hint(hand, self.marriage_values))
        pool = order[:max(width, len(targets))]
        out = []
        seen = set()

        def extend(prefix, used):
            if len(out) >= limit:
                return
            i = len(prefix)
            if i == len(targets):
                key = tuple(sorted(prefix, key=lambda x: (x[1], x[0])))
                if targets.count(WIDOW) > 1:
                    key = tuple(sorted(prefix))
                if key not in seen:
                    seen.add(key)
                    out.append(tuple(prefix))
                return
            for c in pool:
                if c not in used:
                    extend(prefix + [(c, targets[i])], used | {c})

        extend([], frozenset())
        return out

    def quick_plan(self, hand: int, targets: list) -> tuple:
        order = self.spare_order(hand, _trump_hint(hand, self.marriage_values))
        return tuple(zip(order, targets))


def apply_plan(hands: dict, declarer: int, plan, widow: int = 0) -> tuple:
    """The hands (and widow) after the declarer passes `plan`."""
    out = dict(hands)
    for c, to in plan:
        bit = 1 << c
        out[declarer] &= ~bit
        if to == WIDOW:
            widow |= bit
        else:
            out[to] |= bit
    return out, widow


def _points(mask: int) -> int:
    return sum(POINTS[c] for c in cards_of(mask))


def _trump_hint(hand: int, values) -> int:
    """The suit the declarer will most likely make trump: his best marriage."""
    best, best_v = -1, 0
    for s in range(4):
        base = s * 6
        if hand >> (base + KING) & 1 and hand >> (base + QUEEN) & 1 and values[s] > best_v:
            best, best_v = s, values[s]
    return best


def _give_cost(hand: int, c: int, trump: int, values) -> int:
    """What giving `c` away costs: its points, more for an ace, a ten with its ace, a marriage
    half, a trump-to-be; a card that leaves its suit empty (a void to trump with) costs less."""
    s, r = divmod(c, 6)
    base = s * 6
    suit_cards = hand & SUIT_MASK[s]
    cost = POINTS[c] * 10 + r
    if r == ACE:
        cost += 200
    if r == TEN and hand >> (base + ACE) & 1:
        cost += 80
    if r in (KING, QUEEN) and hand >> (base + KING) & 1 and hand >> (base + QUEEN) & 1:
        cost += 500 + values[s]
    if s == trump:
        cost += 120
    n_suit = bit_count(suit_cards)
    if n_suit == 1 and r not in (ACE,):
        cost -= 25
    elif n_suit == 2 and r != ACE:
        cost -= 8
    if r == NINE or r == JACK:
        cost -= 2
    return cost


# --- sampling the cards a bidder cannot see -----------------------------------------------------

def auction_worlds(view: dict, rnd, count: int, tries: int = 30) -> list:
    """`count` deals of the unseen cards for a seat in the auction (or before it): a list of
    (hands: seat -> mask for the other active seats, talons: list of masks)."""
    conv, d, me = view["conventions"], view["deal"], view["seat"]
    n = view["players"]
    active = d["active"]
    mine = mask_of(d["hand"] or [])
    others = [s for s in active if s != me]
    size = (24 - 3) // 3 if n != 2 else 10
    if n == 2:
        size = 12 - conv["two_talon_size"]
        talon_sizes = [conv["two_talon_size"]] * 2
    else:
        talon_sizes = [3]
    counts = {s: (d["counts"][s] or size) for s in others}
    need = _marriage_needs(conv, d, me)
    unseen = cards_of(ALL_CARDS & ~mine)
    out = []
    for _ in range(count):
        world = None
        for attempt in range(tries):
            rnd.shuffle(unseen)
            hands, i = {}, 0
            for s in others:
                hands[s] = _mask(unseen[i:i + counts[s]])
                i += counts[s]
            talons = []
            for t in talon_sizes:
                talons.append(_mask(unseen[i:i + t]))
                i += t
            world = (hands, talons)
            if all(_marriage_sum(conv, hands[s]) >= v for s, v in need.items()):
                break
        out.append(world)
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _marriage_needs(conv, d, me) -> dict:
    """seat -> marriage value its highest voluntary bid shows (R24)."""
    mode = conv["bid_marriage_limit"]
    need = {}
    for b in d["bids"]:
        v, s = b.get("value"), b["seat"]
        if s == me or v is None or b.get("auto") or b.get("blind") or v <= 120:
            continue
        want = max(v - 120, 1) if mode == "cap" else 1 if mode == "over_120" else 0
        need[s] = max(need.get(s, 0), want)
    return need


def _marriage_sum(conv, hand: int) -> int:
    values = MARRIAGE_VALUES[conv["marriage_values"]]
    total = 0
    for i, s in enumerate(SUITS):
        base = i * 6
        if hand >> (base + KING) & 1 and hand >> (base + QUEEN) & 1:
            total += values[s]
    if conv["ace_marriage"] and hand & ACES == ACES:
        total += ACE_MARRIAGE_VALUE
    return total


def contract_values(conv, bid: int, hand: int, fixed: bool) -> list:
    """The contracts R31 allows on this hand (the bid, and raises within R24)."""
    return bidding.contract_candidates(conv, bid, [card_code(c) for c in cards_of(hand)],
                                       fixed=fixed)


def contract_fixed(conv, deal) -> bool:
    """The engine's rule (exchange._contract_fixed) from what a view shows."""
    if deal["dark"]:
        return not conv["dark_can_raise"]
    forced = deal.get("forced")
    if forced and forced[2] == "golden":
        return not conv["golden_can_raise"]
    return False


__all__ = ["Table", "WIDOW", "apply_plan", "auction_worlds", "contract_values",
           "contract_fixed"]
