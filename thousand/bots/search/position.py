"""The trick play (R37–R45 and the play conventions of §4.6–§4.7, two and four players) in compact
form for search: a `Rules` object built once per deal from the conventions, and a `Position`
with the hands as bit masks. The engine (thousand.cards.trickplay) stays the referee; this copy
exists so that search can play millions of cards without dicts, and tests/test_search_sim.py
checks it against the engine move by move.

Players are numbered by position in the deal's active order (`Rules.seats[pos]` is the seat).
A move is an int: card | kind << 5 | keep << 8, where kind is an announcement (KIND_NAMES) and
keep says "points only, the trump stays" (`marriage_trump_choice`)."""
from thousand.bots.search.compact import (ABOVE, ACE, ACES, JACK, KING, NINE, NINES, POINTS,
                                          QUEEN, SUIT_MASK, card_code, card_int, cards_of,
                                          mask_of)
from thousand.cards.cards import SUITS
from thousand.cards.marriages import ACE_MARRIAGE_VALUE, MARRIAGE_VALUES

NO_KIND, MARRIAGE, BED, ACE_MARRIAGE, FOUR_NINES = range(5)
KIND_NAMES = (None, "marriage", "bed_marriage", "ace_marriage", "four_nines")
KIND_OF_NAME = {name: k for k, name in enumerate(KIND_NAMES) if name}
MUST_BEAT = {"none": 0, "higher_in_suit": 1, "polish": 2}
CARD = 31
KEEP = 1 << 8


def move(card: int, kind: int = NO_KIND, keep: bool = False) -> int:
    return card | kind << 5 | (KEEP if keep else 0)


class Rules:
    """The play conventions of one deal, as flags and tables."""

    def __init__(self, conv: dict, seats, declarer_seat: int):
        self.conv = conv
        self.seats = tuple(seats)
        self.k = len(self.seats)
        self.pos_of = {s: i for i, s in enumerate(self.seats)}
        self.declarer = self.pos_of[declarer_seat]
        self.must_trump = bool(conv["must_trump"])
        self.must_beat = MUST_BEAT[conv["must_beat"]]
        self.no_lead_foreign = bool(conv["no_lead_foreign_trump"])
        self.from_first_lead = conv["marriage_timing"] == "from_first_lead"
        self.trump_choice = bool(conv["marriage_trump_choice"])
        self.declarer_names = conv["trump_mode"] == "declarer_names"
        self.next_trick = conv["trump_takes_effect"] == "next_trick"
        self.declarer_only = conv["marriage_points_to"] == "declarer_only"
        self.ace_marriage = bool(conv["ace_marriage"])
        self.ace_sets_trump = conv["ace_marriage_trump"] == "led_ace_suit"
        self.ace_lead_all = bool(conv["ace_marriage_lead_all"])
        self.bed = bool(conv["bed_marriage"])
        self.nines_value = int(conv["four_nines_bonus"] or 0)
        self.widow_to_last = self.k == 2 and conv["two_widow"] == "last_trick"
        values = MARRIAGE_VALUES[conv["marriage_values"]]
        self.marriage_values = tuple(values[s] for s in SUITS)
        # which announcements set the trump, by kind
        self.sets_trump = tuple(
            not self.declarer_names and (k in (MARRIAGE, BED) or
                                         (k == ACE_MARRIAGE and self.ace_sets_trump))
            for k in range(5))

    def value(self, kind: int, suit: int) -> int:
        if kind == MARRIAGE:
            return self.marriage_values[suit]
        if kind == BED:
            return self.marriage_values[suit] // 2
        if kind == ACE_MARRIAGE:
            return ACE_MARRIAGE_VALUE
        return self.nines_value

    def scored_value(self, pos: int, kind: int, suit: int) -> int:
        """What the announcement adds to the announcer's deal points (`marriage_points_to`)."""
        if self.declarer_only and pos != self.declarer:
            return 0
        return self.value(kind, suit)

    def announcements(self, hand: int, card: int) -> list:
        """The kinds a lead of `card` may announce with this hand (before the card leaves it).
        An announcement used once needs a card that has left the hand, so none repeats."""
        s, r = divmod(card, 6)
        base = s * 6
        out = []
        if r == KING and hand >> (base + QUEEN) & 1 or r == QUEEN and hand >> (base + KING) & 1:
            out.append(MARRIAGE)
        if self.bed and (r == QUEEN and hand >> (base + JACK) & 1 or
                         r == JACK and hand >> (base + QUEEN) & 1):
            out.append(BED)
        if r == ACE and self.ace_marriage and hand & ACES == ACES:
            out.append(ACE_MARRIAGE)
        if r == NINE and self.nines_value and hand & NINES == NINES:
            out.append(FOUR_NINES)
        return out


class Position:
    """A play position: hands, the trick under way, the trump and the points so far."""
    __slots__ = ("rules", "hands", "leader", "turn", "trick", "trump", "owner", "pending",
                 "duty", "done", "card_points", "announced", "widow_points", "last_winner")

    def __init__(self, rules: Rules, hands, *, leader: int, trick=(), trump: int = -1,
                 owner: int = -1, pending=None, duty: int = -1, done: int = 0,
                 card_points=None, announced=(), widow_points: int = 0, last_winner=-1):
        self.rules = rules
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.turn = (leader + len(self.trick)) % rules.k
        self.trump = trump  # -1: no trump; it also rules the trick under way (R42)
        self.owner = owner  # position whose announcement (or naming) made the trump
        self.pending = pending  # (suit, pos) under trump_takes_effect = next_trick
        self.duty = duty  # position bound to lead its aces (ace_marriage_lead_all)
        self.done = done
        self.card_points = list(card_points) if card_points is not None else [0] * rules.k
        self.announced = list(announced)  # (pos, kind, suit, scored value)
        self.widow_points = widow_points
        self.last_winner = last_winner

    def copy(self):
        return Position(self.rules, self.hands, leader=self.leader, trick=self.trick,
                        trump=self.trump, owner=self.owner, pending=self.pending,
                        duty=self.duty, done=self.done, card_points=self.card_points,
                        announced=self.announced, widow_points=self.widow_points,
                        last_winner=self.last_winner)

    def over(self) -> bool:
        return not any(self.hands)

    def deal_points(self, pos: int) -> int:
        """Card points (with the widow, T10) and announced values (R45)."""
        return self.card_points[pos] + sum(v for p, _, _, v in self.announced if p == pos)

    # --- legal moves ----------------------------------------------------------------------

    def legal_moves(self) -> list:
        if self.trick:
            return list(cards_of(self.follow_mask()))
        return self.lead_moves()

    def may_announce(self) -> bool:
        # the leader of any trick after the first won the one before (R41)
        return self.rules.from_first_lead or self.done > 0

    def lead_moves(self) -> list:
        rules, pos = self.rules, self.turn
        hand = self.hands[pos]
        may = self.may_announce()
        out = []
        for c in cards_of(hand):
            options = [(NO_KIND, False)]
            if may:
                for kind in rules.announcements(hand, c):
                    options.append((kind, False))
                    if rules.trump_choice and rules.sets_trump[kind]:
                        options.append((kind, True))
            for kind, keep in options:
                if self.lead_allowed(pos, hand, c, kind):
                    out.append(move(c, kind, keep))
        return out

    def lead_allowed(self, pos, hand, card, kind) -> bool:
        if self.duty == pos and card % 6 != ACE and hand & ACES:
            return False
        rules, t = self.rules, self.trump
        if not rules.no_lead_foreign or t < 0 or card // 6 != t:
            return True
        if self.owner == pos or kind in (MARRIAGE, BED):
            return True
        return not hand & ~SUIT_MASK[t]

    def follow_mask(self) -> int:
        rules, trick, t = self.rules, self.trick, self.trump
        hand = self.hands[self.turn]
        led = trick[0] // 6
        same = hand & SUIT_MASK[led]
        if same:
            if rules.must_beat and not any(c // 6 == t for c in trick):
                top = max(c for c in trick if c // 6 == led)
                return same & ABOVE[top] or same
            return same
        trumps = hand & SUIT_MASK[t] if t >= 0 else 0
        if not trumps:
            return hand
        if rules.must_beat == 2:
            played = [c for c in trick if c // 6 == t]
            if played:
                trumps = trumps & ABOVE[max(played)] or trumps
        if rules.must_trump:
            return trumps
        return hand & ~SUIT_MASK[t] | trumps

    # --- playing --------------------------------------------------------------------------

    def play(self, m: int):
        """Play a legal move; returns the trick's winner when it closes the trick, else None."""
        rules, pos = self.rules, self.turn
        card = m & CARD
        if not self.trick:
            kind = (m >> 5) & 7
            self.leader = pos
            if kind:
                self._announce(pos, card, kind, bool(m & KEEP))
        self.hands[pos] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < rules.k:
            self.turn = (pos + 1) % rules.k
            return None
        return self._close()

    def _announce(self, pos, card, kind, keep):
        rules = self.rules
        s = card // 6
        self.announced.append((pos, kind, s if kind != FOUR_NINES else -1,
                               rules.scored_value(pos, kind, s)))
        if kind == ACE_MARRIAGE and rules.ace_lead_all:
            self.duty = pos
        if keep or not rules.sets_trump[kind]:
            return
        if rules.next_trick:
            self.pending = (s, pos)
        else:
            self.trump, self.owner = s, pos

    def _close(self):
        rules = self.rules
        winner = (self.leader + trick_winner(self.trick, self.trump)) % rules.k
        self.card_points[winner] += sum(POINTS[c] for c in self.trick)
        self.trick = []
        self.done += 1
        if self.pending:
            self.trump, self.owner = self.pending
            self.pending = None
        self.leader = self.turn = winner
        self.last_winner = winner
        if self.over() and rules.widow_to_last:
            self.card_points[winner] += self.widow_points  # T10
        return winner


def trick_winner(trick, trump) -> int:
    """Index in `trick` of the winning card (R39)."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if c // 6 == b // 6:
            if c > b:
                best = i
        elif c // 6 == trump:
            best = i
    return best


# --- conversions ----------------------------------------------------------------------------

def suit_int(code) -> int:
    return -1 if code is None or code == "" else SUITS.index(code)


def action_of(rules: Rules, m: int) -> dict:
    """The engine action for a move."""
    a = {"type": "play", "seat": None, "card": card_code(m & CARD)}
    kind = (m >> 5) & 7
    if kind:
        a["announce"] = KIND_NAMES[kind]
        if m & KEEP:
            a["keep_trump"] = True
    return a


def move_of(action: dict) -> int:
    kind = KIND_OF_NAME.get(action.get("announce"), NO_KIND) if action.get("announce") else 0
    return move(card_int(action["card"]), kind, bool(action.get("keep_trump")))


def rules_for(conv, deal) -> Rules:
    return Rules(conv, deal["active"], deal["declarer"])


def from_state(state) -> Position:
    """The engine's play position in compact form (for tests and tools; bots get views)."""
    conv, d = state["conventions"], state["deal"]
    rules = rules_for(conv, d)
    P = rules.pos_of
    widow = 0
    if rules.widow_to_last:
        widow = sum(POINTS[card_int(c)] for c in d["widow"])
    pending = d["pending_trump"]
    trick = d["trick"]
    pos = Position(
        rules, [mask_of(d["hands"][s]) for s in rules.seats],
        leader=P[trick[0][0]] if trick else P[d["turn"]],
        trick=[card_int(c) for _, c in trick], trump=suit_int(d["trump"]),
        owner=P[d["trump_owner"]] if d["trump_owner"] is not None else -1,
        pending=(suit_int(pending[0]), P[pending[1]]) if pending else None,
        duty=P[d["ace_duty"]] if d.get("ace_duty") is not None else -1,
        done=len(d["tricks"]), widow_points=widow)
    _add_history(pos, d["tricks"], d["announcements"])
    return pos


def _add_history(pos, tricks, announcements):
    rules = pos.rules
    P = rules.pos_of
    for t in tricks:
        pos.card_points[P[t["winner"]]] += sum(POINTS[card_int(c)] for _, c in t["cards"])
    if tricks:
        pos.last_winner = P[tricks[-1]["winner"]]
        if pos.over() and rules.widow_to_last:
            pos.card_points[pos.last_winner] += pos.widow_points
    for a in announcements:
        pos.announced.append((P[a["seat"]], KIND_OF_NAME[a["kind"]], suit_int(a["suit"]),
                              a["value"]))


def from_view(view, hidden: dict, widow_points: int = 0) -> Position:
    """The position a seat's view shows, with the hidden hands filled in (`hidden`: seat ->
    card codes, e.g. from a sampled world). `widow_points`: the 2-player widow's card points.

    The view does not say whether an announcer kept the trump (`marriage_trump_choice`); where
    the trumps played since cannot tell, the trump is taken to have changed hands."""
    conv, d = view["conventions"], view["deal"]
    rules = rules_for(conv, d)
    P = rules.pos_of
    played = {c for t in d["tricks"] for _, c in t["cards"]} | {c for _, c in d["trick"]}
    hands = []
    for s in rules.seats:
        # a seat that never looked (a forced deal under dark bidding) has hand None
        cards = d["hand"] if s == view["seat"] and d["hand"] is not None else hidden[s]
        if played.intersection(cards):
            raise ValueError(f"seat {s} is given a card already played")
        hands.append(mask_of(cards))
    owner, pending = _trump_history(view, rules)
    duty = -1
    if rules.ace_lead_all:
        duty = next((P[a["seat"]] for a in d["announcements"] if a["kind"] == "ace_marriage"),
                    -1)
    trick = d["trick"]
    pos = Position(rules, hands, leader=P[trick[0][0]] if trick else P[view["to_act"]],
                   trick=[card_int(c) for _, c in trick], trump=suit_int(d["trump"]),
                   owner=owner, pending=pending, duty=duty, done=len(d["tricks"]),
                   widow_points=widow_points if rules.widow_to_last else 0)
    _add_history(pos, d["tricks"], d["announcements"])
    return pos


def _trump_history(view, rules):
    """Who made the trump, and the trump still to come (next_trick), from the public record."""
    d = view["deal"]
    P = rules.pos_of
    tricks = d["tricks"]
    done = len(tricks)
    owner = rules.declarer if rules.declarer_names else -1
    pending = None
    for a in d["announcements"]:
        kind = KIND_OF_NAME[a["kind"]]
        if not rules.sets_trump[kind]:
            continue
        i, x = a["trick"], suit_int(a["suit"])
        if rules.next_trick:
            if i > done:  # the trick under way: the change is still to come
                pending = (x, P[a["seat"]])
                continue
            after = tricks[i]["trump"] if i < done else d["trump"]
        else:
            after = tricks[i - 1]["trump"] if i <= done else d["trump"]
        if suit_int(after) == x:
            owner = P[a["seat"]]
    return owner, pending


def announcing_cards(rules: Rules, hand: int) -> int:
    """The cards of a hand that could still be part of an announcement with it."""
    out = 0
    for s in range(4):
        base = s * 6
        k, q, j = hand >> (base + KING) & 1, hand >> (base + QUEEN) & 1, hand >> (base + JACK) & 1
        if k and q:
            out |= 1 << (base + KING) | 1 << (base + QUEEN)
        if rules.bed and q and j:
            out |= 1 << (base + QUEEN) | 1 << (base + JACK)
    if rules.ace_marriage and hand & ACES == ACES:
        out |= ACES
    if rules.nines_value and hand & NINES == NINES:
        out |= NINES
    return out


def declarer_points_possible(rules: Rules, hand: int) -> int:
    """An upper bound on what the declarer's announcements can still add (for search bounds)."""
    total = 0
    for s in range(4):
        base = s * 6
        k, q, j = hand >> (base + KING) & 1, hand >> (base + QUEEN) & 1, hand >> (base + JACK) & 1
        if k and q:
            total += rules.marriage_values[s]
        if rules.bed and q and j:
            total += rules.marriage_values[s] // 2
    if rules.ace_marriage and hand & ACES == ACES:
        total += ACE_MARRIAGE_VALUE
    if rules.nines_value and hand & NINES == NINES:
        total += rules.nines_value
    return total


__all__ = ["Rules", "Position", "from_state", "from_view", "action_of", "move_of", "move",
           "trick_winner", "KIND_NAMES"]
