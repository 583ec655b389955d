"""The cards as the page names them (to the eye and to a screen reader) in the player's language.

Each of the 24 cards is one message ("queen of hearts"), never a rank and a suit glued together:
a language writes the whole name the way its grammar wants it ("дама червей"). Suits and ranks
alone have their own messages, with a context, since "ten" or "clubs" mean other things too.
The engine's English names (thousand.cards.cards.card_name) stay for the command line."""
from thousand.i18n import N_, _, p_

CARD_NAMES = {
    "AH": N_("ace of hearts"),
    "TH": N_("ten of hearts"),
    "KH": N_("king of hearts"),
    "QH": N_("queen of hearts"),
    "JH": N_("jack of hearts"),
    "9H": N_("nine of hearts"),
    "AD": N_("ace of diamonds"),
    "TD": N_("ten of diamonds"),
    "KD": N_("king of diamonds"),
    "QD": N_("queen of diamonds"),
    "JD": N_("jack of diamonds"),
    "9D": N_("nine of diamonds"),
    "AC": N_("ace of clubs"),
    "TC": N_("ten of clubs"),
    "KC": N_("king of clubs"),
    "QC": N_("queen of clubs"),
    "JC": N_("jack of clubs"),
    "9C": N_("nine of clubs"),
    "AS": N_("ace of spades"),
    "TS": N_("ten of spades"),
    "KS": N_("king of spades"),
    "QS": N_("queen of spades"),
    "JS": N_("jack of spades"),
    "9S": N_("nine of spades"),
}


def card_name(card: str) -> str:
    """'queen of hearts', in the language in use."""
    return _(CARD_NAMES[card])


def suit_name(suit: str) -> str:
    """A suit on its own ('hearts': the trump named, the trump shown)."""
    # looked up when shown, each a literal, so tools/messages.py collects them with their context
    return {"H": p_("card suit", "hearts"), "D": p_("card suit", "diamonds"),
            "C": p_("card suit", "clubs"), "S": p_("card suit", "spades")}[suit]


def rank_name(rank: str) -> str:
    """A rank on its own ('queen')."""
    return {"A": p_("card rank", "ace"), "T": p_("card rank", "ten"),
            "K": p_("card rank", "king"), "Q": p_("card rank", "queen"),
            "J": p_("card rank", "jack"), "9": p_("card rank", "nine")}[rank]
