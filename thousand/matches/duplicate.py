"""Duplicate deals: the same cards replayed with two kinds of player seated in every arrangement.

A duplicate set (one game, or one single deal) is played once per arrangement. Its cards do not
come from the engine's shuffle, whose cut is a player's decision, but from a stream of the
tournament's own, keyed by (tournament seed, set, deals settled so far, redeals in a row): the
dealer of a deal is the first dealer (drawn by lot from the set's game seed) moved on once per
settled deal (R7), so the key fixes the dealer too, and deal k of set g gets the same cards in
the same seats in every arrangement that reaches it, whatever the players did before. A redeal
(R17) takes the next cards of the same settled count, so a redeal asked in one arrangement and
not in another puts no deal of the others out of step.

The cut conventions (bottom nine, bottom jack) belong to the shuffle and are not met here; the
`simulate` command plays them."""
import hashlib
from itertools import product

from thousand import rng
from thousand.cards import dealing

KINDS = ("A", "B")


def arrangements(n: int) -> list:
    """Every seating of kinds A and B at n seats that has both kinds, e.g. AAB ABA ABB BAA BAB BBA
    for three (seat 0 first)."""
    return ["".join(p) for p in product(KINDS, repeat=n) if len(set(p)) == 2]


def fair(arrangement_list: list, n: int) -> list:
    """The arrangements a win share is taken over: those that give both kinds the same number of
    seats; with an odd number of players there are none, so all of them, which come in
    complementary pairs (AAB with BBA): each kind has the larger side as often as the other."""
    balanced = [a for a in arrangement_list if a.count("A") * 2 == n]
    return balanced or list(arrangement_list)


def complement(arrangement: str) -> str:
    return arrangement.translate(str.maketrans("AB", "BA"))


def key_seed(*keys) -> int:
    """A 64-bit seed from keys (numbers and words), the same on every Python (hashlib, not
    hash(), which is salted per process)."""
    text = ":".join(str(k) for k in keys).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def game_seed(seed: int, group: int) -> int:
    """The engine's seed for set `group`'s game: it draws the first dealer."""
    return key_seed(seed, group, "game")


def bot_seed(seed: int, group: int, seat: int) -> int:
    """A bot's seed depends on its seat, not its kind: a bot against itself then plays the same
    game in an arrangement and in its complement, so its share is exactly even."""
    return key_seed(seed, group, "seat", seat)


def deal_for(state: dict, seed: int, group: int) -> tuple[list, list]:
    """The hands and talons of the deal `state` (phase 'deal') is about to begin, dealt by the
    engine's own rules (R11, T2, F2) from the tournament's stream."""
    conv, n, score = state["conventions"], state["n"], state["score"]
    stream = rng.seed_state(key_seed(seed, group, "deal", score["deals_settled"],
                                      state["redeals_in_row"]))
    deck, stream = dealing.new_deck(stream)
    positions, stream = dealing.talon_positions(conv, n, stream)
    return dealing.deal_cards(conv, n, state["dealer"], deck, positions)
