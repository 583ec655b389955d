"""What can be announced with a lead (R41–R45 and the extra combinations of §4.7).

An announcement is named by its kind and suit; its value comes from the conventions so that the
bidding limits (R24) and the score use one table."""
from thousand.cards.cards import SUITS

MARRIAGE_VALUES = {  # ♥ ♦ ♣ ♠ per `marriage_values`
    "standard": {"H": 100, "D": 80, "C": 60, "S": 40},
    "clubs_hearts": {"H": 80, "D": 40, "C": 100, "S": 60},
    "clubs_spades": {"H": 60, "D": 40, "C": 100, "S": 80},
    "five_oh_one": {"H": 80, "D": 40, "C": 20, "S": 60},
}
ACE_MARRIAGE_VALUE = 200


def marriage_value(conv, suit: str) -> int:
    return MARRIAGE_VALUES[conv["marriage_values"]][suit]


def marriages_in(conv, hand) -> list:
    """Suits of the K+Q pairs in a hand (R4)."""
    cards = set(hand)
    return [s for s in SUITS if "K" + s in cards and "Q" + s in cards]


def has_ace_marriage(conv, hand) -> bool:
    return bool(conv["ace_marriage"]) and all("A" + s in hand for s in SUITS)


def bid_limit_marriages(conv, hand) -> int:
    """Sum of the marriages that raise the bid cap (R24(b)); four aces count as 200 (§7 Q3)."""
    total = sum(marriage_value(conv, s) for s in marriages_in(conv, hand))
    if has_ace_marriage(conv, hand):
        total += ACE_MARRIAGE_VALUE
    return total


def holds_marriage(conv, hand) -> bool:
    return bool(marriages_in(conv, hand)) or has_ace_marriage(conv, hand)


def announcements_for_lead(conv, hand, card, used: list) -> list:
    """The kinds this lead may announce, given the hand before the card leaves it.

    `used` lists (kind, suit) already announced by this player this deal (a bed marriage and a
    marriage share the queen, each announced once)."""
    r, s = card[0], card[1]
    cards = set(hand)
    out = []
    if r in "KQ" and ("Q" if r == "K" else "K") + s in cards and ("marriage", s) not in used:
        out.append(("marriage", s))
    if r in "QJ" and conv["bed_marriage"] and ("J" if r == "Q" else "Q") + s in cards \
            and ("bed_marriage", s) not in used:
        out.append(("bed_marriage", s))
    if r == "A" and has_ace_marriage(conv, hand) and ("ace_marriage", "") not in used:
        out.append(("ace_marriage", ""))
    if r == "9" and conv["four_nines_bonus"] and all("9" + x in cards for x in SUITS) \
            and ("four_nines", "") not in used:
        out.append(("four_nines", ""))
    return out


def announcement_value(conv, kind: str, suit: str) -> int:
    if kind == "marriage":
        return marriage_value(conv, suit)
    if kind == "bed_marriage":
        return marriage_value(conv, suit) // 2
    if kind == "ace_marriage":
        return ACE_MARRIAGE_VALUE
    return conv["four_nines_bonus"]


def announcement_sets_trump(conv, kind: str) -> bool:
    """Four nines only score; an ace marriage sets the led ace's suit unless `unchanged`."""
    if conv["trump_mode"] == "declarer_names" or kind == "four_nines":
        return False
    if kind == "ace_marriage":
        return conv["ace_marriage_trump"] == "led_ace_suit"
    return True
