"""Cards as small ints for search: card = suit * 6 + rank, suits in the engine's order
(H D C S = 0..3), ranks from low to high (9 J Q K T A = 0..5), so a higher int within a suit is
a stronger card (R2). A set of cards is an int bit mask (bit `card`)."""
from thousand.cards.cards import RANKS, SUITS

RANK_CHARS = "9JQKTA"  # low to high
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
POINTS = (0, 2, 3, 4, 10, 11) * 4  # R3, indexed by card
SUIT_OF = tuple(c // 6 for c in range(24))
RANK_OF = tuple(c % 6 for c in range(24))
SUIT_MASK = tuple(0x3F << (6 * s) for s in range(4))
ALL_CARDS = (1 << 24) - 1
ACES = sum(1 << (s * 6 + ACE) for s in range(4))
NINES = sum(1 << (s * 6 + NINE) for s in range(4))
# bits strictly above a card in its suit
ABOVE = tuple(SUIT_MASK[c // 6] & ~((2 << c) - 1) for c in range(24))

assert RANKS == tuple(reversed(RANK_CHARS)) and len(SUITS) == 4


def card_int(code: str) -> int:
    return SUITS.index(code[1]) * 6 + RANK_CHARS.index(code[0])


def card_code(c: int) -> str:
    return RANK_CHARS[c % 6] + SUITS[c // 6]


def mask_of(codes) -> int:
    m = 0
    for code in codes:
        m |= 1 << card_int(code)
    return m


def cards_of(mask: int) -> list:
    """The card ints of a mask, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_points(mask: int) -> int:
    return SUIT_POINTS[mask & 63] + SUIT_POINTS[(mask >> 6) & 63] + \
        SUIT_POINTS[(mask >> 12) & 63] + SUIT_POINTS[mask >> 18]


# card points of a 6-bit suit mask
SUIT_POINTS = tuple(sum(POINTS[r] for r in range(6) if m >> r & 1) for m in range(64))
