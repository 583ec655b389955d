"""Trick play: which cards may be played (R38, `must_trump`, `must_beat`, `no_lead_foreign_trump`)
and who wins a trick (R39)."""
from thousand.cards.cards import strength, suit
from thousand.errors import Phrase
from thousand.i18n import N_


def trick_winner(trick, trump) -> int:
    """Index in `trick` (a list of [seat, card]) of the winning card (R39)."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i][1], trick[best][1]
        if suit(c) == suit(b):
            if strength(c) > strength(b):
                best = i
        elif suit(c) == trump:
            best = i
        # any other card is off-suit and not trump: it never wins
    return best


def why_not_follow(conv, hand, trick, trump, card) -> str | None:
    """Why `card` may not be played to the trick under way (None if it may). `trump` is the suit
    that rules this trick."""
    led = suit(trick[0][1])
    same = [c for c in hand if suit(c) == led]
    if same:
        if suit(card) != led:
            return Phrase(N_("you must follow suit ({suit})"), suit=SUIT_WORDS[led],
                          rule="must_follow", facts={"suit": led})
        # must_beat applies "while the trick holds no trump" (§4.6), so never to a led trump
        if conv["must_beat"] != "none" and not any(suit(c) == trump for _, c in trick):
            top = max(strength(c) for _, c in trick if suit(c) == led)
            higher = [c for c in same if strength(c) > top]
            if higher and strength(card) <= top:
                return Phrase(N_("you must play a higher card of the led suit"),
                              rule="must_beat", facts={"suit": led})
        return None
    trumps = [c for c in hand if trump and suit(c) == trump]
    if trumps and conv["must_trump"] and suit(card) != trump:
        return Phrase(N_("you have no {suit}, so you must play a trump ({trump})"),
                      suit=SUIT_WORDS[led], trump=SUIT_WORDS[trump],
                      rule="must_trump", facts={"suit": led, "trump": trump})
    if suit(card) == trump and trump and conv["must_beat"] == "polish":
        played = [strength(c) for _, c in trick if suit(c) == trump]
        if played:
            higher = [c for c in trumps if strength(c) > max(played)]
            if higher and strength(card) <= max(played):
                return Phrase(N_("you must play a higher trump"),
                              rule="must_overtrump", facts={"trump": trump})
    return None


def why_not_lead(conv, hand, card, trump, trump_owner, seat, announcing_trump_suit: bool) -> str | None:
    """`no_lead_foreign_trump`: only the player whose marriage made the trump may lead it, unless
    he holds nothing else or announces his own marriage of that suit with this lead."""
    if not conv["no_lead_foreign_trump"] or trump is None or suit(card) != trump:
        return None
    if trump_owner == seat or announcing_trump_suit:
        return None
    if all(suit(c) == trump for c in hand):
        return None
    return Phrase(N_("only the player who made this suit trump may lead it"),
                  rule="no_lead_foreign_trump", facts={"trump": trump})


# a suit in the reasons above (the page translates it with the sentence)
SUIT_WORDS = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}
