"""The cards as the page names them (to the eye and to a screen reader) in the player's language.

Each of the 24 cards is one message ("queen of hearts"), never a rank and a suit glued together:
a language writes the whole name the way its grammar wants it ("дама червей"). Suits and ranks
alone have their own messages, with a context, since "ten" or "clubs" mean other things too.
The engine's English names (thousand.cards.cards.card_name) stay for the command line.

The faces carry the index letters the language's own decks print (Russian decks: Т К Д В, Polish:
A K D W); the letters are catalogue entries, and tools/make_cards.py draws one set of faces for
each distinct set of letters the catalogues give (`faces_dir`)."""
import re

from thousand.i18n import N_, _, p_
from thousand.ui.html import Markup, h, render

# The faces drawn with the English letters live in assets/cards itself; other letters in a folder
# of their own beside them.
CARDS_DIR = "./assets/cards"
ENGLISH_LETTERS = ("A", "K", "Q", "J")

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


def rank_letters() -> dict:
    """The rank of each card as the language's decks print it in the corner (the ten and the
    nine as numbers everywhere)."""
    return {"A": p_("card rank letter: ace", "A"), "T": "10",
            "K": p_("card rank letter: king", "K"), "Q": p_("card rank letter: queen", "Q"),
            "J": p_("card rank letter: jack", "J"), "9": "9"}


def face_letters() -> tuple:
    """The letters of the ace, king, queen and jack on the faces in the language in use."""
    letters = rank_letters()
    return tuple(letters[r] for r in "AKQJ")


def faces_dir(letters: tuple) -> str:
    """Where the faces with these letters lie: assets/cards for A K Q J, else a folder named by
    the letters' code points ("422-41a-414-412" for Т К Д В), so any language's letters get a
    plain ASCII path without a table of names."""
    if tuple(letters) == ENGLISH_LETTERS:
        return CARDS_DIR
    return CARDS_DIR + "/" + "-".join("_".join(f"{ord(ch):x}" for ch in letter)
                                      for letter in letters)


def face_src(card: str) -> str:
    """The picture of a card's face as the language's decks print it."""
    return f"{faces_dir(face_letters())}/{card}.svg"


RED_SUITS = re.compile("([\u2665\u2666])")  # ♥ ♦


def suits_in_colour(text: str) -> Markup:
    """A text with its ♥ and ♦ red, as on the cards (♣ and ♠ stay the colour of the text)."""
    return Markup("".join(h("span", {"class": "suit-red"}, part) if RED_SUITS.fullmatch(part)
                          else render(part) for part in RED_SUITS.split(text) if part))
