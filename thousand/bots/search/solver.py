"""Exact solving of the rest of a deal with every hand known (double dummy): the declarer
against the defenders as one side, over the points that decide the deal (card points, the
2-player widow, the declarer's announcements).

The question asked is a yes/no one: "can the declarer still take at least `need` points?"
(a zero-window search: declarer nodes are OR, defender nodes AND, and a bound ends a line as
soon as it is settled). The exact value is found by a few such questions (bisection), which
share one transposition table.

What makes it fast in pure Python:
- a trick is searched as nested loops (leader, second, third hand), so a function call happens
  only once per trick, not per card;
- all hands travel as one int (position p's hand at bits 24p..24p+23), which is also the
  transposition key, with the leader, the trump, its owner (only if it matters), the ace duty;
- the table stores bounds of the declarer's future points, so every question and every root
  move reuses what earlier ones proved;
- bounds: no points needed means yes; more than all the points left (cards, widow, the
  declarer's marriages still in hand) means no; the table's bounds decide before any search;
- move ordering: the leader's best move from the table first, announcements first, then high
  cards; a follower tries to win when the other side holds the trick, and gives points to its
  own side otherwise.

Card equivalence: cards adjacent in a suit in one hand take the same tricks, but in Thousand
they never have equal points (9 J Q K T A = 0 2 3 4 10 11), so treating them as one move is not
exact. `equivalence=True` does it anyway (an approximation for speed; see bench/search.py)."""
from thousand.bots.search.compact import (ABOVE, ACES, NINES, POINTS, SUIT_MASK, cards_of,
                                          mask_points)
from thousand.bots.search.position import (ACE_MARRIAGE, BED, FOUR_NINES, MARRIAGE, Position,
                                           declarer_points_possible)
from thousand.bots.search.playout import bits

M24 = (1 << 24) - 1


class Pause(Exception):
    """Raised inside a search when `Solver.pause_at` nodes have been searched; asking the same
    question again resumes it (the table keeps what was proved), so a caller can cut a long
    search into slices."""


class Solver:
    """Double-dummy solver for one deal's rules. `count_marriages`: the declarer's
    announcements count for his contract (false for a barrel player under
    barrel_marriages_count = false). The table is kept between calls (same rules)."""

    def __init__(self, rules, count_marriages: bool = True, equivalence: bool = False,
                 table_limit: int = 400_000):
        self.rules = rules
        self.count_marriages = count_marriages
        self.equivalence = equivalence
        self.table_limit = table_limit
        self.tt = {}
        self.best = {}
        self.nodes = 0
        self.pause_at = float("inf")
        self.auto_trim = True
        self.widow_points = 0
        self._node = _make_node(self)

    # --- questions ----------------------------------------------------------------------

    def score(self, pos: Position) -> int:
        """The declarer's points so far, as the objective counts them."""
        d = self.rules.declarer
        total = pos.card_points[d]
        if self.count_marriages:
            total += sum(v for p, _, _, v in pos.announced if p == d)
        return total

    def reaches(self, pos: Position, target: int) -> bool:
        """Can the declarer end the deal with at least `target` points (as `score` counts)?"""
        self._trim()
        return self._level(pos, target)

    def value(self, pos: Position, lo: int | None = None, hi: int | None = None) -> int:
        """The declarer's final points under best play by both sides."""
        self._trim()
        base = self.score(pos)
        lo = base if lo is None else max(lo, base)
        if hi is None:
            hi = base + self._upper(pos)
        # bisection on "reaches": the value v satisfies lo <= v <= hi
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._level(pos, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def move_values(self, pos: Position, moves=None, lo=None, hi=None) -> dict:
        out = {}
        for m in moves if moves is not None else _moves(pos):
            child = pos.copy()
            child.play(m)
            out[m] = self.value(child, lo, hi)
        return out

    # --- inside -------------------------------------------------------------------------

    def _trim(self):
        if self.auto_trim:
            self.trim()

    def trim(self):
        """Forget the table when it has grown past its limit."""
        if len(self.tt) > self.table_limit:
            self.tt.clear()
            self.best.clear()

    def _upper(self, pos) -> int:
        """Points the declarer could still add at most."""
        rules = self.rules
        rem = sum(mask_points(h) for h in pos.hands) + sum(POINTS[c] for c in pos.trick)
        if rules.widow_to_last and not pos.over():
            rem += pos.widow_points
        if self.count_marriages:
            rem += declarer_points_possible(rules, pos.hands[rules.declarer])
        return rem

    def _level(self, pos, target) -> bool:
        """The search from any position, the trick under way played out card by card."""
        if pos.over():
            return self.score(pos) >= target
        rules = self.rules
        need = target - self.score(pos)
        if need <= 0:
            return True
        if pos.widow_points != self.widow_points:
            self.widow_points = pos.widow_points  # the table holds one widow's values
            self.tt.clear()
        hands = list(pos.hands)
        trick = pos.trick
        for i, c in enumerate(trick):  # the trick under way is searched from its lead
            hands[(pos.leader + i) % rules.k] |= 1 << c
        H = 0
        for p, h in enumerate(hands):
            H |= h << (24 * p)
        rem = sum(mask_points(h) for h in hands)
        nlf = rules.no_lead_foreign
        owner = pos.owner if nlf else -1
        may = 1 if pos.may_announce() else 0
        if not trick:
            return self._node(H, pos.leader, pos.trump, owner, pos.duty, may, rem, need)
        after, after_owner = pos.pending if pos.pending else (pos.trump, pos.owner)
        fix1 = [(trick[0], pos.trump, after, after_owner if nlf else -1, pos.duty, 0)]
        fix2 = [trick[1]] if len(trick) > 1 else None
        return self._node(H, pos.leader, pos.trump, owner, pos.duty, may, rem, need,
                          fix1, fix2)


def _moves(pos):
    moves = pos.legal_moves()
    if not moves:  # the engine's dead end (ace duty against a foreign trump): any card
        moves = cards_of(pos.hands[pos.turn])
    return moves


def _bonus_tables(rules, count):
    """Per suit, the announcement value a 6-bit suit mask still holds (K+Q, Q+J)."""
    out = []
    for s in range(4):
        row = []
        for m in range(64):
            v = 0
            if count:
                if m >> 3 & 1 and m >> 2 & 1:
                    v += rules.marriage_values[s]
                if rules.bed and m >> 2 & 1 and m >> 1 & 1:
                    v += rules.marriage_values[s] // 2
            row.append(v)
        out.append(tuple(row))
    return out


def _make_node(solver):
    rules = solver.rules
    k = rules.k
    D = rules.declarer
    count = solver.count_marriages
    TT, BEST = solver.tt, solver.best
    SM, PT, AB = SUIT_MASK, POINTS, ABOVE
    must_beat, must_trump, polish = rules.must_beat, rules.must_trump, rules.must_beat == 2
    nlf = rules.no_lead_foreign
    B0, B1, B2, B3 = _bonus_tables(rules, count)
    ace_bonus = 200 if (count and rules.ace_marriage) else 0
    nines_bonus = rules.nines_value if count else 0
    widow = rules.widow_to_last
    mv = rules.marriage_values
    sets = rules.sets_trump
    next_trick = rules.next_trick
    choice = rules.trump_choice
    ffl = rules.from_first_lead
    bed, ace_m, nines_v, lead_all = rules.bed, rules.ace_marriage, rules.nines_value, \
        rules.ace_lead_all
    NXT = tuple((p + 1) % k for p in range(k))
    OFF = tuple(24 * p for p in range(k))
    WK = tuple(p << 72 for p in range(k))  # the leader's part of a table key
    LEADS = {}
    RED = {}
    ORD = {}
    solver_ref = solver
    eq = solver.equivalence
    PROT = tuple(((0b1100 if m >> 3 & 1 and m >> 2 & 1 else 0) |
                  (0b110 if bed and m >> 2 & 1 and m >> 1 & 1 else 0)) for m in range(64))
    BELOW = tuple(SUIT_MASK[c // 6] & ((1 << c) - 1) for c in range(24))

    def reduce(m, live, high, hand):
        """Equivalent cards (adjacent among the cards still in play, in one hand) as one move:
        the highest when the player's side holds the trick (it gives the most points), else the
        lowest. Cards that still make an announcement with the hand are kept apart."""
        key = m | live << 24 | hand << 48 | high << 72
        out = RED.get(key)
        if out is not None:
            return out
        prot = PROT[hand & 63] | PROT[hand >> 6 & 63] << 6 | PROT[hand >> 12 & 63] << 12 | \
            PROT[hand >> 18] << 18
        if ace_m and hand & ACES == ACES:
            prot |= ACES
        if nines_v and hand & NINES == NINES:
            prot |= NINES
        free = m & ~prot
        out = m
        if free & (free - 1) == 0:
            RED[key] = out
            return out
        for x in bits(free):
            if high:
                nb = live & AB[x]
                if nb & -nb & free:
                    out ^= 1 << x
            else:
                nb = live & BELOW[x]
                if nb and 1 << (nb.bit_length() - 1) & free:
                    out ^= 1 << x
        if len(RED) > 200_000:
            RED.clear()
        RED[key] = out
        return out

    def leads(ha, a, trump, owner, duty, may):
        """The leader's moves with their effects: (card, trick trump, trump after, owner after,
        duty after, declarer's gain), dominated announcement variants left out."""
        key = (ha, a, trump, owner, duty, may)
        out = LEADS.get(key)
        if out is not None:
            return out
        out = []
        m = ha
        if duty == a and ha & ACES:
            m = ha & ACES
        for c in reversed(bits(m)):
            s, r = divmod(c, 6)
            opts = []
            if may:
                if r == 3 and ha >> (c - 1) & 1 or r == 2 and ha >> (c + 1) & 1:
                    opts.append(MARRIAGE)
                if bed and (r == 2 and ha >> (c - 1) & 1 or r == 1 and ha >> (c + 1) & 1):
                    opts.append(BED)
                if r == 5 and ace_m and ha & ACES == ACES:
                    opts.append(ACE_MARRIAGE)
                if r == 0 and nines_v and ha & NINES == NINES:
                    opts.append(FOUR_NINES)
            foreign = nlf and trump >= 0 and s == trump and owner != a and ha & ~SM[trump]
            variants = [] if foreign else [(c, trump, trump, owner, duty, 0)]
            for kind in opts:
                if foreign and kind not in (MARRIAGE, BED):
                    continue
                value = mv[s] if kind == MARRIAGE else mv[s] // 2 if kind == BED else \
                    200 if kind == ACE_MARRIAGE else nines_v
                gain = value if (a == D and count) else 0  # (declarer_only: a defender's is 0)
                dn = a if (kind == ACE_MARRIAGE and lead_all) else duty
                if sets[kind]:
                    variants.append((c, trump, s, a, dn, gain) if next_trick else
                                    (c, s, s, a, dn, gain))
                    if choice:
                        variants.append((c, trump, trump, owner, dn, gain))
                else:
                    variants.append((c, trump, trump, owner, dn, gain))
            # two leads of one card with the same effect differ only in what the declarer
            # gains (a defender's announcement is worth nothing to him): keep the best
            kept = {}
            for v in variants:
                sig = v[1:5]
                if sig not in kept or v[5] > kept[sig][5]:
                    kept[sig] = v
            out.extend(kept.values())
        if not out:  # the engine's dead end: any card, plainly
            out = [(c, trump, trump, owner, duty, 0) for c in reversed(bits(ha))]
        out.sort(key=lambda v: -v[5])
        if len(LEADS) > 100_000:
            LEADS.clear()
        LEADS[key] = out
        return out

    # ORD keys: mask << 9 | third hand << 8 | card to beat (31: none) << 3 | trump + 1
    def against(m, best, tt, high_first):
        """A follower's cards when the other side holds the trick: those that beat `best`
        first (the second hand from the highest, the third from the cheapest), then the rest
        from the lowest."""
        cards = bits(m)
        bs = best // 6
        winners = [x for x in cards if x // 6 == bs and x > best or x // 6 == tt and bs != tt]
        if high_first:
            winners.reverse()
        out = tuple(winners + [x for x in cards if x not in winners])
        if len(ORD) > 200_000:
            ORD.clear()
        ORD[m << 9 | (0 if high_first else 256) | best << 3 | tt + 1] = out
        return out

    def along(m, tt):
        """A follower's cards when his side holds the trick: the most points first."""
        out = bits(m)[::-1]
        ORD[m << 9 | 248 | tt + 1] = out
        return out

    def node3(H, lead, trump, owner, duty, may, rem, need, fix1=None, fix2=None, key=None,
              e=None):
        """Can the declarer take `need` more points from this trick on (3 active players)?"""
        solver_ref.nodes += 1
        if solver_ref.nodes >= solver_ref.pause_at:
            raise Pause
        hd = H >> OFF[D] & M24
        ub = rem + B0[hd & 63] + B1[hd >> 6 & 63] + B2[hd >> 12 & 63] + B3[hd >> 18]
        if ace_bonus and hd & ACES == ACES:
            ub += ace_bonus
        if nines_bonus and hd & NINES == NINES:
            ub += nines_bonus
        if need > ub:
            return False
        bon = ub - rem
        if key is None:  # else the caller has looked the table up (e)
            key = H | lead << 72 | (trump + 1) << 74 | (owner + 1) << 77 | (duty + 1) << 79 | \
                may << 81
            e = TT.get(key) if fix1 is None else None
        if e is not None:
            lo, hi = e
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            lo, hi = 0, ub
        a = lead
        b = NXT[a]
        c = NXT[b]
        oa, ob, oc = OFF[a], OFF[b], OFF[c]
        ha = H >> oa & M24
        hb = H >> ob & M24
        hc = H >> oc & M24
        ma, mb, mc = a == D, b == D, c == D
        if eq:
            live = ha | hb | hc
            live24 = live << 24
        last = ha & (ha - 1) == 0
        last2 = not last and (ha & (ha - 1)) & (ha & (ha - 1)) - 1 == 0  # two cards each
        moves = leads(ha, a, trump, owner, duty, may) if fix1 is None else fix1
        bm = BEST.get(key) if fix1 is None else None
        if bm is not None and bm < len(moves) and bm:
            moves = [moves[bm]] + moves[:bm] + moves[bm + 1:]
            order = [bm] + list(range(bm)) + list(range(bm + 1, len(moves)))
        else:
            order = None
        result = not ma
        for i, (c1, tt, tn, on, dn, g1) in enumerate(moves):
            on1 = on if nlf else -1
            kb = (tn + 1) << 74 | (on1 + 1) << 77 | (dn + 1) << 79 | 1 << 81
            H1 = H ^ (1 << (c1 + oa))
            need1 = need - g1
            led = c1 // 6
            p1 = PT[c1]
            if last2:
                xa = (ha ^ (1 << c1)).bit_length() - 1
            # --- second hand ---
            m = hb & SM[led]
            if m:
                if must_beat and led != tt:
                    m = m & AB[c1] or m
            elif tt >= 0 and hb & SM[tt]:
                m = hb & SM[tt]
                if not must_trump:
                    m |= hb & ~SM[tt]
            else:
                m = hb
            if eq and m & (m - 1):
                m = RED.get(m | live24 | hb << 48 | (ma == mb) << 72) or \
                    reduce(m, live, ma == mb, hb)
            # order: a follower against the leader's side tries to win first
            if fix2 is not None:
                seq2 = fix2
            elif ma != mb:
                seq2 = ORD.get(m << 9 | c1 << 3 | tt + 1) or against(m, c1, tt, True)
            else:
                seq2 = ORD.get(m << 9 | 248 | tt + 1) or along(m, tt)
            r2 = not mb
            for c2 in seq2:
                H2 = H1 ^ (1 << (c2 + ob))
                if last2:
                    xb = (hb ^ (1 << c2)).bit_length() - 1
                if c2 // 6 == led:
                    if c2 > c1:
                        best, w2 = c2, b
                    else:
                        best, w2 = c1, a
                elif c2 // 6 == tt:
                    best, w2 = c2, b
                else:
                    best, w2 = c1, a
                p2 = p1 + PT[c2]
                # --- third hand ---
                m = hc & SM[led]
                if m:
                    if must_beat and led != tt and best // 6 == led:
                        m = m & AB[best] or m
                elif tt >= 0 and hc & SM[tt]:
                    m = hc & SM[tt]
                    if polish and best // 6 == tt:
                        m = m & AB[best] or m
                    if not must_trump:
                        m |= hc & ~SM[tt]
                else:
                    m = hc
                wins_side = (w2 == D) == mc
                if eq and m & (m - 1):
                    m = RED.get(m | live24 | hc << 48 | wins_side << 72) or \
                        reduce(m, live, wins_side, hc)
                bs = best // 6
                if wins_side:
                    seq3 = ORD.get(m << 9 | 248 | tt + 1) or along(m, tt)
                else:
                    seq3 = ORD.get(m << 9 | 256 | best << 3 | tt + 1) or \
                        against(m, best, tt, False)
                r3 = not mc
                for c3 in seq3:
                    if c3 // 6 == bs:
                        w = c if c3 > best else w2
                    elif c3 // 6 == tt:
                        w = c
                    else:
                        w = w2
                    pts = p2 + PT[c3]
                    n3 = need1 - pts if w == D else need1
                    if n3 <= 0:
                        r = True
                    elif last or n3 > rem - pts + bon:
                        r = False
                    elif last2:
                        # the last trick is forced: play it here
                        xc = (hc ^ (1 << c3)).bit_length() - 1
                        if w == a:
                            x1, x2, x3, q2, q3 = xa, xb, xc, b, c
                        elif w == b:
                            x1, x2, x3, q2, q3 = xb, xc, xa, c, a
                        else:
                            x1, x2, x3, q2, q3 = xc, xa, xb, a, b
                        fb, fw = x1, w
                        if x2 // 6 == fb // 6:
                            if x2 > fb:
                                fb, fw = x2, q2
                        elif x2 // 6 == tn:
                            fb, fw = x2, q2
                        if x3 // 6 == fb // 6:
                            if x3 > fb:
                                fw = q3
                        elif x3 // 6 == tn:
                            fw = q3
                        r = fw == D and rem - pts >= n3
                    else:
                        H3 = H2 ^ (1 << (c3 + oc))
                        k3 = H3 | WK[w] | kb
                        e3 = TT.get(k3)
                        if e3 is not None and (e3[0] >= n3 or e3[1] < n3):
                            r = e3[0] >= n3
                        else:
                            r = node3(H3, w, tn, on1, dn, 1, rem - pts, n3, None, None, k3, e3)
                    if r == mc:
                        r3 = r
                        break
                if r3 == mb:
                    r2 = r3
                    break
            if r2 == ma:
                result = r2
                j = order[i] if order else i
                if j:
                    BEST[key] = j
                break
        if fix1 is not None:
            return result
        if result:
            TT[key] = (need if need > lo else lo, hi)
        else:
            TT[key] = (lo, need - 1 if need - 1 < hi else hi)
        return result

    def node2(H, lead, trump, owner, duty, may, rem, need, fix1=None, fix2=None, key=None,
              e=None):
        """The same for two active players."""
        solver_ref.nodes += 1
        if solver_ref.nodes >= solver_ref.pause_at:
            raise Pause
        hd = H >> OFF[D] & M24
        ub = rem + B0[hd & 63] + B1[hd >> 6 & 63] + B2[hd >> 12 & 63] + B3[hd >> 18]
        if ace_bonus and hd & ACES == ACES:
            ub += ace_bonus
        if nines_bonus and hd & NINES == NINES:
            ub += nines_bonus
        if widow:
            ub += solver_ref.widow_points
        if need > ub:
            return False
        if key is None:  # else the caller has looked the table up (e)
            key = H | lead << 72 | (trump + 1) << 74 | (owner + 1) << 77 | (duty + 1) << 79 | \
                may << 81
            e = TT.get(key) if fix1 is None else None
        if e is not None:
            lo, hi = e
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            lo, hi = 0, ub
        a = lead
        b = NXT[a]
        oa, ob = OFF[a], OFF[b]
        ha = H >> oa & M24
        hb = H >> ob & M24
        ma, mb = a == D, b == D
        last = ha & (ha - 1) == 0
        moves = leads(ha, a, trump, owner, duty, may) if fix1 is None else fix1
        bm = BEST.get(key) if fix1 is None else None
        if bm is not None and bm < len(moves) and bm:
            moves = [moves[bm]] + moves[:bm] + moves[bm + 1:]
            order = [bm] + list(range(bm)) + list(range(bm + 1, len(moves)))
        else:
            order = None
        result = not ma
        for i, (c1, tt, tn, on, dn, g1) in enumerate(moves):
            on1 = on if nlf else -1
            kb = (tn + 1) << 74 | (on1 + 1) << 77 | (dn + 1) << 79 | 1 << 81
            H1 = H ^ (1 << (c1 + oa))
            need1 = need - g1
            led = c1 // 6
            m = hb & SM[led]
            if m:
                if must_beat and led != tt:
                    m = m & AB[c1] or m
            elif tt >= 0 and hb & SM[tt]:
                m = hb & SM[tt]
                if not must_trump:
                    m |= hb & ~SM[tt]
            else:
                m = hb
            m2 = bits(m)
            winners = [x for x in m2 if x // 6 == led and x > c1 or x // 6 == tt and led != tt]
            seq2 = winners[::-1] + [x for x in m2 if x not in winners] if winners else m2
            r2 = not mb
            for c2 in seq2:
                if c2 // 6 == led:
                    w = b if c2 > c1 else a
                elif c2 // 6 == tt:
                    w = b
                else:
                    w = a
                pts = PT[c1] + PT[c2]
                n2 = need1 - pts if w == D else need1
                if last:
                    if widow and w == D:
                        n2 -= solver_ref.widow_points
                    r = n2 <= 0
                elif n2 <= 0:
                    r = True
                else:
                    H2 = H1 ^ (1 << (c2 + ob))
                    k2 = H2 | WK[w] | kb
                    e2 = TT.get(k2)
                    if e2 is not None and (e2[0] >= n2 or e2[1] < n2):
                        r = e2[0] >= n2
                    else:
                        r = node2(H2, w, tn, on1, dn, 1, rem - pts, n2, None, None, k2, e2)
                if r == mb:
                    r2 = r
                    break
            if r2 == ma:
                result = r2
                j = order[i] if order else i
                if j:
                    BEST[key] = j
                break
        if fix1 is not None:
            return result
        if result:
            TT[key] = (need if need > lo else lo, hi)
        else:
            TT[key] = (lo, need - 1 if need - 1 < hi else hi)
        return result

    return node3 if k == 3 else node2
