"""Random playouts of the rest of a deal on the compact position, with every play convention.

The policy: a uniformly random legal card; a lead that can announce does so with its most valuable
announcement, changing the trump (a random player that never announces would be far weaker than
anyone at the table). Everything runs on local ints: this is the inner loop of any rollout, so
the trick is written out card by card rather than through helper calls."""
from thousand.bots.search.compact import ABOVE, ACES, NINES, POINTS, SUIT_MASK
from thousand.bots.search.position import ACE_MARRIAGE, BED, FOUR_NINES, MARRIAGE

_BITS = {}  # mask -> its cards, low to high (a random pick is one index)


def bits(m: int) -> tuple:
    t = _BITS.get(m)
    if t is None:
        if len(_BITS) > 200_000:
            _BITS.clear()
        t = _BITS[m] = tuple(i for i in range(24) if m >> i & 1)
    return t


def random_playout(pos, rnd, trace=None) -> list:
    """Deal points (cards, widow and announcements) of every position after random play from
    `pos` (which is left unchanged). `trace`, a list, receives the moves played."""
    R = pos.rules
    k = R.k
    hands = list(pos.hands)
    pts = [pos.deal_points(p) for p in range(k)]
    trump, owner, pending, duty, done = pos.trump, pos.owner, pos.pending, pos.duty, pos.done
    random = rnd.random
    must_beat, must_trump, nlf = R.must_beat, R.must_trump, R.no_lead_foreign
    ffl, bed, ace_m, nines_v = R.from_first_lead, R.bed, R.ace_marriage, R.nines_value
    mv, sets, next_trick, decl_only, declarer = (R.marriage_values, R.sets_trump, R.next_trick,
                                                 R.declarer_only, R.declarer)
    lead_all = R.ace_lead_all
    SM, PT, AB = SUIT_MASK, POINTS, ABOVE
    BITS = _BITS
    NXT = tuple((p + 1) % k for p in range(k))
    polish = must_beat == 2
    trick = pos.trick
    p = pos.leader
    if trick:
        led = trick[0] // 6
        best, win = trick[0], p
        q = p
        for c in trick[1:]:
            q = NXT[q]
            if c // 6 == best // 6:
                if c > best:
                    best, win = c, q
            elif c // 6 == trump:
                best, win = c, q
        tpts = sum(PT[c] for c in trick)
        followers = k - len(trick)
        p = q
    else:
        followers = 0
    while True:
        if not followers:
            # --- lead ---
            h = hands[p]
            m = h
            if duty == p and h & ACES:
                m = h & ACES
            if nlf and trump >= 0 and owner != p and h & ~SM[trump]:
                tm = m & SM[trump]
                if tm:
                    # a trump may be led only to announce one's own marriage of it
                    ok = 0
                    if ffl or done:
                        base = trump * 6
                        if h >> (base + 3) & 1 and h >> (base + 2) & 1:
                            ok |= 0b1100 << base
                        if bed and h >> (base + 2) & 1 and h >> (base + 1) & 1:
                            ok |= 0b110 << base
                    m = m & ~tm | tm & ok
                    if not m:  # the engine offers nothing here (ace duty against a foreign
                        m = h  # trump); search plays on rather than stop
            try:
                t = BITS[m]
            except KeyError:
                t = bits(m)
            c = t[int(random() * len(t))]
            kind = 0
            if ffl or done:
                r = c % 6
                if r == 3 and h >> (c - 1) & 1 or r == 2 and h >> (c + 1) & 1:
                    kind = MARRIAGE
                elif bed and (r == 2 and h >> (c - 1) & 1 or r == 1 and h >> (c + 1) & 1):
                    kind = BED
                elif r == 5 and ace_m and h & ACES == ACES:
                    kind = ACE_MARRIAGE
                elif r == 0 and nines_v and h & NINES == NINES:
                    kind = FOUR_NINES
                if kind:
                    s = c // 6
                    if not (decl_only and p != declarer):
                        pts[p] += (mv[s] if kind == MARRIAGE else mv[s] // 2 if kind == BED
                                   else 200 if kind == ACE_MARRIAGE else nines_v)
                    if kind == ACE_MARRIAGE and lead_all:
                        duty = p
                    if sets[kind]:
                        if next_trick:
                            pending = (s, p)
                        else:
                            trump, owner = s, p
            if trace is not None:
                trace.append(c | kind << 5)
            hands[p] = h ^ (1 << c)
            led = c // 6
            best, win, tpts = c, p, PT[c]
            followers = k - 1
        # --- the others follow ---
        while followers:
            followers -= 1
            p = NXT[p]
            h = hands[p]
            m = h & SM[led]
            if m:
                if must_beat and led != trump and best // 6 == led:
                    m = m & AB[best] or m
            elif trump >= 0 and h & SM[trump]:
                m = h & SM[trump]
                if polish and best // 6 == trump:
                    m = m & AB[best] or m
                if not must_trump:
                    m |= h & ~SM[trump]
            else:
                m = h
            try:
                t = BITS[m]
            except KeyError:
                t = bits(m)
            c = t[int(random() * len(t))]
            if trace is not None:
                trace.append(c)
            hands[p] = h ^ (1 << c)
            tpts += PT[c]
            if c // 6 == best // 6:
                if c > best:
                    best, win = c, p
            elif c // 6 == trump:
                best, win = c, p
        # --- the trick closes ---
        pts[win] += tpts
        done += 1
        if pending:
            trump, owner = pending
            pending = None
        p = win
        if not hands[win]:
            if R.widow_to_last:
                pts[win] += pos.widow_points
            return pts
