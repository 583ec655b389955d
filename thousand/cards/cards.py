"""The 24-card deck (R1), ranks (R2), card points (R3) and card codes such as 'AH', 'TS', '9C'."""

SUITS = ("H", "D", "C", "S")  # hearts, diamonds, clubs, spades
RANKS = ("A", "T", "K", "Q", "J", "9")  # high to low (R2)
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # R3
RANK_ORDER = {r: 6 - i for i, r in enumerate(RANKS)}  # A=6 … 9=1
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
RANK_NAMES = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}
DECK = tuple(r + s for s in SUITS for r in RANKS)


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def points(card: str) -> int:
    return POINTS[card[0]]


def card_points(cards) -> int:
    return sum(POINTS[c[0]] for c in cards)


def strength(card: str) -> int:
    return RANK_ORDER[card[0]]


def is_card(code) -> bool:
    return isinstance(code, str) and len(code) == 2 and code[0] in POINTS and code[1] in SUITS


def card_name(card: str) -> str:
    """Accessible name: 'queen of hearts'."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def sort_hand(cards) -> list:
    """By suit (♥ ♦ ♣ ♠) then rank high to low, as players hold them."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), -RANK_ORDER[c[0]]))
