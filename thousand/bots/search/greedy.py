"""A fast estimate of a whole deal with every hand known: each player plays by a few sure rules
that look at all the cards (a "greedy double-dummy" playout), one playout per deal, no search.

It is the cheap evaluator behind the decisions taken before the first lead (bidding, passing
cards, the contract, write-offs): the exact solver (solver.py) needs from a few milliseconds to a
second for one full deal, too slow for the dozens of sampled deals such a decision looks at,
while this takes well under a millisecond. It errs both ways (no finesse of timing, no
unblocking), so its users calibrate what they read from it (thousand.bots.search.outlook).

The rules, for the player to move:
- leading: announce the most valuable marriage he may; else cash the card that no opponent can
  beat with the most points (a trump last); else lead his cheapest card, keeping marriage halves,
  tens under an ace still out, and trumps;
- following: when his side holds the trick and nobody after him on the other side can take it,
  give it the most points he can spare; when he can take it safely, with the cheapest card that
  wins (the last hand with the richest), otherwise play his cheapest card."""
from thousand.bots.search.compact import ABOVE, KING, POINTS, QUEEN, SUIT_MASK, TEN, cards_of

_RANK_PROTECT = {KING, QUEEN}


def playout(pos) -> list:
    """Deal points of every position after greedy play from `pos` (left unchanged): card points
    with the widow where it counts, and the announcements."""
    p = pos.copy()
    p.hands = list(p.hands)
    p.trick = list(p.trick)
    p.card_points = list(p.card_points)
    p.announced = list(p.announced)
    while not p.over():
        p.play(choose(p))
    return [p.deal_points(i) for i in range(p.rules.k)]


def declarer_points(pos, count_marriages: bool = True) -> int:
    """The declarer's final points by greedy play, as the contract counts them."""
    p = pos.copy()
    p.hands = list(p.hands)
    p.trick = list(p.trick)
    p.card_points = list(p.card_points)
    p.announced = list(p.announced)
    while not p.over():
        p.play(choose(p))
    d = p.rules.declarer
    total = p.card_points[d]
    if count_marriages:
        total += sum(v for q, _, _, v in p.announced if q == d)
    return total


def choose(p) -> int:
    """The greedy move for the player to move in position `p`."""
    moves = p.legal_moves()
    if not moves:  # the engine's dead end (ace duty against a foreign trump): any card
        return cards_of(p.hands[p.turn])[0]
    if len(moves) == 1:
        return moves[0]
    if p.trick:
        return _follow(p, moves)
    return _lead(p, moves)


def _side(rules, pos: int) -> bool:
    return pos == rules.declarer


def _can_beat(hand: int, best: int, led: int, trump: int) -> bool:
    """Can a hand holding `hand` take a trick whose winning card is `best` (led suit `led`)?"""
    if hand & SUIT_MASK[led]:
        return best // 6 == led and bool(hand & ABOVE[best])
    if trump >= 0 and hand & SUIT_MASK[trump]:
        if best // 6 != trump:
            return True
        return bool(hand & ABOVE[best])
    return False


def _threats(p, me: int, after: int):
    """Hands of the players after `me` in this trick (`after` of them) on the other side."""
    rules = p.rules
    k = rules.k
    mine = _side(rules, me)
    out = []
    q = me
    for _ in range(after):
        q = (q + 1) % k
        if _side(rules, q) != mine:
            out.append(p.hands[q])
    return out


def _lead(p, moves):
    rules, me = p.rules, p.turn
    hand = p.hands[me]
    trump = p.trump
    best_ann, best_value = None, 0
    for m in moves:
        kind = (m >> 5) & 7
        if kind:
            v = rules.value(kind, (m & 31) // 6) + (1000 if rules.sets_trump[kind] else 0)
            if v > best_value:
                best_ann, best_value = m, v
    if best_ann is not None:
        return best_ann
    plain = [m for m in moves if not (m >> 5) & 7]
    threats = _threats(p, me, rules.k - 1)
    out_cards = 0
    for q in range(rules.k):
        if q != me:
            out_cards |= p.hands[q]
    sure, sure_value = None, -1
    for m in plain:
        c = m & 31
        if any(_can_beat(h, c, c // 6, trump) for h in threats):
            continue
        v = POINTS[c] * 4 + (0 if c // 6 == trump else 2) + (c % 6 not in _RANK_PROTECT or
                                                             not _pair_held(hand, c))
        if v > sure_value:
            sure, sure_value = m, v
    if sure is not None:
        return sure
    return min(plain or moves, key=lambda m: _spare_cost(hand, m & 31, trump, out_cards))


def _pair_held(hand: int, c: int) -> bool:
    """A king or queen whose marriage partner is still in the same hand."""
    r = c % 6
    if r == KING:
        return bool(hand >> (c - 1) & 1)
    if r == QUEEN:
        return bool(hand >> (c + 1) & 1)
    return False


def _spare_cost(hand: int, c: int, trump: int, out_cards: int) -> int:
    """How much it hurts to throw `c` away: its points, more for marriage halves, a ten whose
    ace is still out, trumps."""
    cost = POINTS[c] * 10 + c % 6
    if _pair_held(hand, c):
        cost += 400
    if c % 6 == TEN and out_cards >> (c + 1) & 1:
        cost += 60
    if c // 6 == trump:
        cost += 150
    return cost


def _follow(p, moves):
    rules, me = p.rules, p.turn
    hand = p.hands[me]
    trick = p.trick
    trump = p.trump
    led = trick[0] // 6
    k = rules.k
    # the card now winning and whose it is
    leader = p.leader
    best_i = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best_i]
        if c // 6 == b // 6:
            if c > b:
                best_i = i
        elif c // 6 == trump:
            best_i = i
    best = trick[best_i]
    winner = (leader + best_i) % k
    after = k - 1 - len(trick)
    threats = _threats(p, me, after)
    mine = _side(rules, me)
    out_cards = 0
    for q in range(k):
        if q != me:
            out_cards |= p.hands[q]
    cards = [m & 31 for m in moves]
    if _side(rules, winner) == mine and not any(_can_beat(h, best, led, trump) for h in threats):
        # the trick is ours: give it the most points that can be spared
        return max(moves, key=lambda m: POINTS[m & 31] * 10 -
                   (_spare_cost(hand, m & 31, trump, out_cards) - POINTS[m & 31] * 10) -
                   (m & 31) % 6)
    winners = []
    for m, c in zip(moves, cards):
        if c // 6 == best // 6:
            if c > best:
                winners.append(m)
        elif c // 6 == trump:
            winners.append(m)
    safe = [m for m in winners
            if not any(_can_beat(h, m & 31, led, trump) for h in threats)]
    if safe:
        if after == 0 or not threats:
            # nobody can take it back: the richest winner (a marriage half kept)
            return max(safe, key=lambda m: POINTS[m & 31] * 10 - (
                400 if _pair_held(hand, m & 31) else 0) - (150 if (m & 31) // 6 == trump
                                                           and led != trump else 0))
        return min(safe, key=lambda m: (_pair_held(hand, m & 31), (m & 31) // 6 == trump,
                                        m & 31))
    return min(moves, key=lambda m: _spare_cost(hand, m & 31, trump, out_cards))


__all__ = ["playout", "declarer_points", "choose"]
