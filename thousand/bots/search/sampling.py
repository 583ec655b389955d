"""Deals consistent with what one seat's view shows, for search over sampled deals.

What the view tells about the hidden cards (`Knowledge.from_view`):
- cards played, the seat's own hand, the talon when it was shown, the cards it passed (as
  declarer) or received, passed cards shown face up, the 2-player declarer's discards;
- a seat that did not follow suit has none of that suit (R38); one that did not trump when it had
  to (must_trump) has no trump; one that did not beat when it had to (must_beat) has no higher card
  of the suit; under polish, one that trumped low has no higher trump; a trump led by a seat that
  did not own it (no_lead_foreign_trump) means it held only trumps; an ace-marriage announcer who
  led something else under ace_marriage_lead_all has no ace left;
- an announced marriage means its other card is still in the announcer's hand unless played
  (and so on for bed marriages, four aces, four nines);
- a shown talon's cards are in the declarer's hand, except one that may have been passed to a
  defender who is not us (face-down passing) or, with two players, discarded into the widow.

`Knowledge.sample(rnd)` deals the unknown cards at random under these constraints: the most
constrained cards first, each to a place with room, chosen in proportion to the room left (for
unconstrained cards that is exactly a uniform deal)."""
from thousand.bots.search.compact import (ABOVE, ACES, NINES, SUIT_MASK, card_code, card_int,
                                          cards_of, mask_of)
from thousand.bots.search.position import (ACE_MARRIAGE, BED, FOUR_NINES, KIND_OF_NAME,
                                           MARRIAGE, Rules, suit_int)

WIDOW = -1  # the 2-player widow as a place


class NoWorld(Exception):
    """No deal fits what the view shows (should not happen; the search falls back)."""


class Knowledge:
    """The constraints one view puts on the hidden cards."""

    def __init__(self, places, counts, forbidden, required, talon_free, talon_caps):
        self.places = places  # seats (and WIDOW) that hold hidden cards
        self.counts = counts  # place -> number of hidden cards there
        self.forbidden = forbidden  # place -> mask of cards it cannot hold
        self.required = required  # place -> mask of cards it must hold
        self.talon_free = talon_free  # shown-talon cards whose place is not certain
        self.talon_caps = talon_caps  # place -> how many of talon_free it may hold at most
        self.unknown = 0
        self.known_widow = 0
        self.needs = []  # (seat, marriage value needed, cards to add, cards to take away)
        self.rules = None

    @classmethod
    def from_view(cls, view):
        conv, d, me = view["conventions"], view["deal"], view["seat"]
        rules = Rules(conv, d["active"], d["declarer"])
        n = view["players"]
        declarer = d["declarer"]
        hand = mask_of(d["hand"] or [])
        played = 0
        for t in d["tricks"]:
            played |= mask_of(c for _, c in t["cards"])
        played |= mask_of(c for _, c in d["trick"])
        places = [s for s in d["active"] if s != me]
        counts = {s: d["counts"][s] for s in places}
        known_widow = 0
        if n == 2:
            places.append(WIDOW)
            if d.get("discards") is not None:
                known_widow = mask_of(d["discards"])
        hidden = ((1 << 24) - 1) & ~hand & ~played & ~known_widow
        total = bin(hidden).count("1")
        if n == 2:
            counts[WIDOW] = total - sum(counts[s] for s in places if s != WIDOW)
        forbidden = {p: 0 for p in places}
        required = {p: 0 for p in places}
        _add_play_inferences(view, rules, forbidden)
        # passed cards that this seat knows about (R30, pass_visibility)
        for to, card in (d.get("given") or {}).items():
            c = card_int(card)
            if int(to) != me and hidden >> c & 1:
                required[int(to)] |= 1 << c
        _add_announcement_inferences(view, rules, hidden, required)
        talon_free, talon_caps = 0, {}
        talon = d.get("talon")
        if talon and me != declarer:
            t = mask_of(talon) & hidden & ~mask_of((d.get("given") or {}).values())
            # a talon card passed to the other defender is known when passes are face up
            unseen_pass = [p for p in places if p not in (declarer, WIDOW)
                           and str(p) not in (d.get("given") or {})]
            free_places = set(unseen_pass)
            if n == 2:
                free_places.add(WIDOW)
            for p in places:
                if p != declarer and p not in free_places:
                    forbidden[p] |= t
            if free_places:
                talon_free = t & ~required[declarer]
                for p in free_places:
                    if p == WIDOW:
                        talon_caps[p] = _discard_count(conv)
                    else:
                        # a defender received one card; if he has played a talon card, that
                        # was it
                        shown = mask_of(talon)
                        gone = sum(1 for t_ in d["tricks"] for seat, c in t_["cards"]
                                   if seat == p and shown >> card_int(c) & 1)
                        gone += sum(1 for seat, c in d["trick"]
                                    if seat == p and shown >> card_int(c) & 1)
                        talon_caps[p] = max(0, 1 - gone)
            else:
                required[declarer] |= t
        for p in places:
            required[p] &= hidden
            forbidden[p] &= hidden & ~required[p]
        k = cls(places, counts, forbidden, required, talon_free, talon_caps)
        k.unknown = hidden
        k.known_widow = known_widow
        k.needs = _auction_needs(view, rules, played)
        k.rules = rules
        return k

    def sample(self, rnd, tries: int = 200, auction_tries: int = 40) -> dict:
        """One deal of the hidden cards: place -> mask. Deals that do not fit the auction
        (a bid or raise above 120 needs marriages, R24) are drawn again, up to
        `auction_tries` times: that reading of the auction is approximate (a passed card may
        have made or broken a marriage), so it never excludes a deal for good."""
        fallback = None
        for attempt in range(tries):
            got = self._try(rnd, relax=attempt >= tries // 2)
            if got is None:
                continue
            if not self.needs or self._fits_auction(got):
                return got
            fallback = fallback or got
            if attempt >= auction_tries:
                return fallback
        if fallback is not None:
            return fallback
        raise NoWorld("no deal fits the view")

    def _fits_auction(self, got) -> bool:
        rules = self.rules
        for seat, need, plus, minus in self.needs:
            hand = (got[seat] | plus) & ~minus
            value = 0
            for s in range(4):
                if hand >> (s * 6 + 3) & 1 and hand >> (s * 6 + 2) & 1:
                    value += rules.marriage_values[s]
            if rules.ace_marriage and hand & ACES == ACES:
                value += 200
            if value < need or value == 0:
                return False
        return True

    def _try(self, rnd, relax):
        places = self.places
        room = {p: self.counts[p] - bin(self.required[p]).count("1") for p in places}
        if any(v < 0 for v in room.values()):
            return None
        out = {p: self.required[p] for p in places}
        placed = 0
        for p in places:
            placed |= self.required[p]
        talon_left = dict(self.talon_caps)
        cards = cards_of(self.unknown & ~placed)
        allowed = {}
        for c in cards:
            allowed[c] = [p for p in places if not (not relax and self.forbidden[p] >> c & 1)]
        rnd.shuffle(cards)
        cards.sort(key=lambda c: len(allowed[c]))
        for c in cards:
            is_talon = self.talon_free >> c & 1
            opts = [p for p in allowed[c] if room[p] > 0 and
                    not (is_talon and p in talon_left and talon_left[p] <= 0)]
            if not opts:
                return None
            total = sum(room[p] for p in opts)
            x = rnd.random() * total
            for p in opts:
                x -= room[p]
                if x < 0:
                    break
            out[p] |= 1 << c
            room[p] -= 1
            if is_talon and p in talon_left:
                talon_left[p] -= 1
        return out

    def world(self, rnd) -> tuple:
        """A sampled deal as (hidden hands: seat -> card codes, widow card codes)."""
        got = self.sample(rnd)
        hands = {p: [card_code(c) for c in cards_of(m)] for p, m in got.items() if p != WIDOW}
        widow = [card_code(c) for c in cards_of(got.get(WIDOW, 0) | self.known_widow)]
        return hands, widow


def _auction_needs(view, rules, played) -> list:
    """What the auction says of the other seats' marriages (R24, bid_marriage_limit): a bid
    above 120 (not made blind, dark or by the engine) needed a marriage in the dealt hand, and
    under `cap` marriages worth the excess; so did a contract raised above the bid, on the
    declarer's hand once he had passed (or before, under contract_timing = before_pass)."""
    conv, d, me = view["conventions"], view["deal"], view["seat"]
    mode = conv["bid_marriage_limit"]
    if mode == "none":
        return []
    given = {int(k): card_int(v) for k, v in (d.get("given") or {}).items()}
    talon = mask_of(d["talon"]) if d.get("talon") else 0
    declarer = d["declarer"]
    out = {}

    def held(seat):
        """Cards to add to a sampled hand to get the hand the auction judged, and to remove."""
        plus = 0
        for t in d["tricks"]:
            plus |= mask_of(c for p, c in t["cards"] if p == seat)
        plus |= mask_of(c for p, c in d["trick"] if p == seat)
        minus = 0
        if seat == declarer:
            plus |= sum(1 << c for c in given.values())
            minus |= talon
        elif seat in given:
            minus |= 1 << given[seat]
        return plus, minus

    for b in d["bids"]:
        seat, v = b["seat"], b.get("value")
        if seat == me or v is None or v <= 120 or b.get("auto") or b.get("dark") or \
                b.get("blind"):
            continue
        need = v - 120 if mode == "cap" else 0
        if need >= out.get(seat, (-1,))[0]:
            out[seat] = (need,) + held(seat)
    contract, bid = d.get("contract"), d.get("bid")
    if declarer != me and contract and bid and contract > bid and contract > 120:
        plus, minus = held(declarer)
        minus = 0  # judged on the hand after the talon
        if conv["contract_timing"] != "before_pass":
            plus &= ~sum(1 << c for c in given.values())
        need = contract - 120 if mode == "cap" else 0
        if need >= out.get(declarer, (-1,))[0]:
            out[declarer] = (need, plus, minus)
    return [(seat,) + v for seat, v in out.items() if seat in d["active"]]


def _discard_count(conv) -> int:
    return {"discard_two": 2, "give_one": 0, "one_each": 1}[conv["two_exchange"]]


def _add_play_inferences(view, rules, forbidden):
    """Voids and missing higher cards shown by the tricks (R38, must_trump, must_beat)."""
    d = view["deal"]
    tricks = [(t["cards"], suit_int(t["trump"])) for t in d["tricks"]]
    if d["trick"]:
        tricks.append((d["trick"], suit_int(d["trump"])))
    ann_by_trick = {a["trick"]: a for a in d["announcements"]}
    before = _trumps_before(view, rules)  # owner None: not known
    for i, (cards, trump) in enumerate(tricks):
        seq = [(seat, card_int(c)) for seat, c in cards]
        led = seq[0][1] // 6
        # the leader: a foreign trump led without announcing means a hand of trumps only
        seat0, c0 = seq[0]
        t_before, owner_before = before[i]
        ann = ann_by_trick.get(i + 1)
        announcing_own = ann is not None and ann["seat"] == seat0 and \
            KIND_OF_NAME[ann["kind"]] in (MARRIAGE, BED)
        if rules.no_lead_foreign and t_before >= 0 and c0 // 6 == t_before and \
                owner_before is not None and owner_before != rules.pos_of[seat0] and \
                not announcing_own and seat0 in forbidden:
            forbidden[seat0] |= ((1 << 24) - 1) & ~SUIT_MASK[t_before]
        for j in range(1, len(seq)):
            seat, c = seq[j]
            if seat not in forbidden:
                continue
            prior = [x for _, x in seq[:j]]
            trump_in = trump >= 0 and any(x // 6 == trump for x in prior)
            if c // 6 != led:
                forbidden[seat] |= SUIT_MASK[led]
                if trump >= 0 and c // 6 != trump and rules.must_trump:
                    forbidden[seat] |= SUIT_MASK[trump]
                if trump >= 0 and c // 6 == trump and rules.must_beat == 2 and trump_in:
                    top = max(x for x in prior if x // 6 == trump)
                    if c < top:
                        forbidden[seat] |= ABOVE[top]
            elif rules.must_beat and not trump_in:
                top = max(x for x in prior if x // 6 == led)
                if c < top:
                    forbidden[seat] |= ABOVE[top]
    # ace_marriage_lead_all: the announcer leads his aces while he has any
    if rules.ace_lead_all:
        for a in d["announcements"]:
            if a["kind"] != "ace_marriage" or a["seat"] not in forbidden:
                continue
            for i, (cards, _) in enumerate(tricks):
                if i + 1 > a["trick"] and cards[0][0] == a["seat"] and cards[0][1][0] != "A":
                    forbidden[a["seat"]] |= ACES


def _trumps_before(view, rules):
    """For each trick (those done and the one under way): the trump and its owner's position
    before its lead. Where the view cannot tell whether an announcer kept the trump, it is
    taken to have changed (as thousand.bots.search.position.from_view does)."""
    d = view["deal"]
    done = len(d["tricks"])
    rulings = [suit_int(t["trump"]) for t in d["tricks"]]
    if d["trick"]:
        rulings.append(suit_int(d["trump"]))
    n = len(rulings)
    if rules.declarer_names:
        return [(suit_int(d["trump"]), rules.declarer)] * n
    anns = {a["trick"]: a for a in d["announcements"]
            if rules.sets_trump[KIND_OF_NAME[a["kind"]]]}
    out = []
    owner = -1
    for i in range(n):
        if rules.next_trick:
            before = rulings[i]
        else:
            before = rulings[i - 1] if i else -1
        out.append((before, owner))
        a = anns.get(i + 1)
        if a is None:
            continue
        if not rules.next_trick:
            effect = rulings[i]
        elif i + 1 < n:
            effect = rulings[i + 1]
        elif i < done:
            effect = suit_int(d["trump"])
        else:
            continue  # the trick under way: its change is still to come
        if effect == suit_int(a["suit"]):
            # kept or changed cannot be told when the suit was trump already: owner unknown
            same = rules.trump_choice and before == effect and owner != rules.pos_of[a["seat"]]
            owner = None if same else rules.pos_of[a["seat"]]
    return out


def _add_announcement_inferences(view, rules, hidden, required):
    """The partner card of an announced combination is in the announcer's hand until played."""
    d = view["deal"]
    for a in d["announcements"]:
        seat = a["seat"]
        if seat not in required:
            continue
        kind = KIND_OF_NAME[a["kind"]]
        s = suit_int(a["suit"])
        if kind == MARRIAGE:
            cards = (1 << (s * 6 + 3)) | (1 << (s * 6 + 2))
        elif kind == BED:
            cards = (1 << (s * 6 + 2)) | (1 << (s * 6 + 1))
        elif kind == ACE_MARRIAGE:
            cards = ACES
        elif kind == FOUR_NINES:
            cards = NINES
        else:
            continue
        required[seat] |= cards & hidden
