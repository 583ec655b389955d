"""Shuffle, cut and deal (R8–R11, T2, F2–F3) and the redeal conditions (R13–R14, §4.2).

Everything random comes from the deal's own generator state, passed in and returned."""
from thousand import rng
from thousand.cards.cards import DECK, card_points, rank


def seats_from(start: int, n: int):
    return [(start + i) % n for i in range(n)]


def active_seats(n: int, dealer: int) -> list:
    """Players dealt cards, clockwise from the dealer's left (F1: the dealer rests with four)."""
    order = seats_from(dealer + 1, n)
    return [s for s in order if not (n == 4 and s == dealer)]


def next_active(deal: dict, seat: int) -> int:
    """The next player of this deal clockwise (the resting dealer is skipped)."""
    order = deal["active"]
    return order[(order.index(seat) + 1) % len(order)]


def cutter_seat(conv, n: int, dealer: int) -> int:
    if n == 2:
        return (dealer + 1) % 2  # T1
    return (dealer - 1) % n if conv["cutter"] == "right" else (dealer + 1) % n


def cut(deck: list, k: int) -> list:
    """R9: the top k cards go under the rest."""
    return deck[k:] + deck[:k]


def marry_jack(deck: list) -> list:
    """R10(b): the jack at the bottom becomes the 12th card from the top."""
    return deck[:11] + [deck[-1]] + deck[11:-1]


def talon_count(conv, n: int) -> int:
    if n == 2:
        return 2 * conv["two_talon_size"]
    return 3


def talon_positions(conv, n: int, state: str) -> tuple[list, str]:
    """1-based deck positions of the talon cards (R11, `talon_positions`)."""
    k = talon_count(conv, n)
    mode = conv["talon_positions"]
    if mode == "last_three":
        return list(range(25 - k, 25)), state
    pool = list(range(4, 22)) if mode == "middle" else list(range(1, 24))
    picked, state = rng.sample(state, pool, k)
    return sorted(picked), state


def deal_cards(conv, n: int, dealer: int, deck: list, positions: list) -> tuple[list, list]:
    """Hands (one list per seat; the resting dealer's is empty) and the talon(s).

    With two players the talon cards alternate between talon A and B in deck order (T2)."""
    order = active_seats(n, dealer)
    hands = [[] for _ in range(n)]
    talon_cards = []
    i = 0
    for pos, card in enumerate(deck, start=1):
        if pos in positions:
            talon_cards.append(card)
            continue
        hands[order[i % len(order)]].append(card)
        i += 1
    if n == 2:
        return hands, [talon_cards[0::2], talon_cards[1::2]]
    return hands, [talon_cards]


def new_deck(state: str) -> tuple[list, str]:
    return rng.shuffled(state, list(DECK))


def gathered(deal: dict, n: int) -> list:
    """`reshuffle_each_deal = false`: the cards as the last deal left them: tricks in the order
    won (each in play order), then unplayed cards (widow or talon), then the hands in seat order
    from the dealer's left."""
    out = [c for trick in deal.get("tricks", []) for _, c in trick["cards"]]
    out += deal.get("widow") or []
    for t in deal.get("talons") or []:
        out += [c for c in t if c not in out]
    for s in seats_from(deal["dealer"] + 1, n):
        out += [c for c in deal["hands"][s] if c not in out]
    out += [c for c in DECK if c not in out]  # a written-off deal leaves cards nowhere else
    return out


# --- redeal conditions (R13, R14) -------------------------------------------------------------
# A reason is a code with its values ({"code": "low_hand", "under": 14}), kept as it is in the
# state and the record: the page words it in the player's language (thousand.ui.screens.table).

def hand_qualifies(conv, hand, *, is_sitter_w1: bool, window: str) -> dict | None:
    """The reason this hand may ask for a redeal (R13 and §4.2), or None."""
    nines = sum(1 for c in hand if rank(c) == "9")
    if conv["redeal_four_nines"] and nines == 4:
        return {"code": "four_nines"}
    three = conv["redeal_three_nines"]
    if nines >= 3 and (three == "any" or (three == "sitter" and is_sitter_w1 and window == "W1")):
        return {"code": "three_nines"}
    if conv["redeal_four_jacks"] and sum(1 for c in hand if rank(c) == "J") == 4:
        return {"code": "four_jacks"}
    low = conv["redeal_low_hand"]
    if low and card_points(hand) < low:
        return {"code": "low_hand", "under": low}
    return None


def talon_qualifies(conv, talon, *, uncontested: bool) -> dict | None:
    if conv["redeal_talon_only_at_100"] and not uncontested:
        return None
    if conv["redeal_talon_low"] and card_points(talon) < conv["redeal_talon_low"]:
        return {"code": "talon_low", "under": conv["redeal_talon_low"]}
    if conv["redeal_talon_two_nines"] and sum(1 for c in talon if rank(c) == "9") >= 2:
        return {"code": "talon_two_nines"}
    if conv["redeal_talon_three_jacks"] and sum(1 for c in talon if rank(c) == "J") == 3:
        return {"code": "talon_three_jacks"}
    return None


def four_aces(hand) -> bool:
    return sum(1 for c in hand if rank(c) == "A") == 4
