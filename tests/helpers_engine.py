"""Shared helpers for the engine tests (tests/test_engine_*.py): conventions, explicit-card deals,
driving a deal to a phase, and checking refusals.

Cards are codes like 'AH' (ace of hearts), 'TS' (ten of spades), '9C'. Seats are 0..n-1 clockwise."""
import json

import pytest

from thousand.cards import game
from thousand.cards.cards import DECK, card_points
from thousand.cards.catalogue import CATALOGUE
from thousand.errors import IllegalAction

# A neutral 3-player deal (dealer 0): no hand or talon qualifies for a redeal under Classic.
# Seat 0: hearts marriage (30 points); seat 1: diamonds marriage (32); seat 2: clubs marriage (49).
H0 = ["AH", "TH", "KH", "QH", "9D", "JD", "9C"]
H1 = ["AD", "TD", "KD", "QD", "JH", "9H", "JC"]
H2 = ["AC", "TC", "KC", "QC", "AS", "TS", "9S"]
TALON = ["KS", "QS", "JS"]
NEUTRAL = [H0, H1, H2]


def conv(preset=None, **overrides):
    """A full, validated conventions dict."""
    return CATALOGUE.resolve(preset, overrides or None)


def dump(state) -> str:
    return json.dumps(state, sort_keys=True)


def check_deck(hands, talons):
    cards = [c for h in hands for c in h] + [c for t in talons for c in t]
    assert sorted(cards) == sorted(DECK), "test bug: the explicit deal is not the 24-card deck"


def new(c=None, dealer=0, totals=None, seed=1):
    """A game waiting for its first deal, with optional starting totals."""
    c = c or conv()
    s = game.new_game(c, seed, first_dealer=dealer)
    if totals is not None:
        s["score"]["totals"] = list(totals)
    return s


def deal(hands=None, talon=None, *, c=None, dealer=0, totals=None, talons=None, state=None):
    """Begin a deal with explicit cards. 3/4 players: `talon` (3 cards); 2 players: `talons`.
    Returns the state in whatever phase follows the deal (dark, redeal W1, bidding...)."""
    hands = hands if hands is not None else NEUTRAL
    talons = talons if talons is not None else [talon if talon is not None else TALON]
    check_deck(hands, talons)
    s = state if state is not None else new(c, dealer, totals)
    return game.begin_deal(s, hands=hands, talons=talons)


def act(s, type_, **kw):
    """Apply an action from the seat to act (unless `seat` is given)."""
    a = {"type": type_, "seat": kw.pop("seat", game.to_act(s))}
    a.update(kw)
    return game.apply(s, a)


def refused(s, action, *words):
    """Assert the action is refused with a reason containing every word, leaving s unchanged."""
    before = dump(s)
    with pytest.raises(IllegalAction) as info:
        game.apply(s, action)
    assert dump(s) == before, "a refused action changed the state"
    msg = str(info.value)
    for w in words:
        assert w.lower() in msg.lower(), f"reason {msg!r} lacks {w!r}"
    return msg


def offered(s, type_=None, **kw):
    """The legal actions (of one type, matching the given fields)."""
    out = []
    for a in game.legal_actions(s):
        if type_ is not None and a["type"] != type_:
            continue
        if all(a.get(k) == v for k, v in kw.items()):
            out.append(a)
    return out


def bid_values(s):
    return [a["value"] for a in offered(s, "bid")]


def all_pass(s):
    """Everyone passes in the auction until it ends."""
    while s["phase"] == "bidding":
        s = act(s, "pass")
    return s


def keep_all(s):
    """Answer 'keep' in every open redeal window."""
    while s["phase"] == "redeal":
        s = act(s, "keep")
    return s


def give_cards(s, gives):
    """The declarer gives {seat: card}."""
    decl = s["deal"]["declarer"]
    for to, card in gives.items():
        s = act(s, "give", seat=decl, card=card, to=to)
    return s


def to_play(s, gives, contract=None):
    """From the exchange: give the cards, announce the contract (default: the bid), keep in W3."""
    s = give_cards(s, gives)
    assert s["phase"] == "contract", s["phase"]
    s = act(s, "contract", value=contract if contract is not None else s["deal"]["bid"])
    s = keep_all(s)
    return s


def play(s, *cards, **lead_kw):
    """Play cards in turn order; keyword arguments go with the first card (announce, keep_trump)."""
    for i, c in enumerate(cards):
        extra = lead_kw if i == 0 else {}
        s = act(s, "play", card=c, **extra)
    return s


def hand(s, seat):
    return sorted(s["deal"]["hands"][seat])


def pts(cards):
    return card_points(cards)


def spread(talon, fixed=None, n=3, dealer=0, size=7):
    """Hands for an explicit deal: `fixed` {seat: cards}; the other active seats get the remaining
    cards in deck order, round robin. Returns the list of hands (the 4-player dealer's is empty)."""
    fixed = fixed or {}
    used = set(talon) | {c for h in fixed.values() for c in h}
    rest = [c for c in DECK if c not in used]
    hands = [list(fixed.get(p, [])) for p in range(n)]
    open_seats = [p for p in range(n) if p not in fixed and not (n == 4 and p == dealer)]
    for i, c in enumerate(rest):
        hands[open_seats[i % len(open_seats)]].append(c)
    for p in range(n):
        want = 0 if (n == 4 and p == dealer) else size
        assert len(hands[p]) == want, f"test bug: seat {p} has {len(hands[p])} cards"
    return hands
