"""The card game's words on the page, in the player's language: the cards' names and faces' letters,
why the rules refuse a card or bid for a seat, a hint's reason, the marks of a deal, a redeal's
reason and who won. One module, as the dice game's words are (thousand/ui/dice_words.py); the
table, its dialogs, its news (thousand/ui/table_news.py), the replay and the score sheet word the
game from here.

Each of the 24 cards is one message ("queen of hearts"), never a rank and a suit glued together:
a language writes the whole name the way its grammar wants it ("дама червей"). Suits and ranks
alone have their own messages, with a context, since "ten" or "clubs" mean other things too.
The engine's English names (thousand.cards.cards.card_name) stay for the command line.

The faces carry the index letters the language's own decks print (Russian decks: Т К Д В, Polish:
A K D W); the letters are catalogue entries, and tools/make_cards.py draws one set of faces for
each distinct set of letters the catalogues give (`faces_dir`).

The engine gives a refusal's code and its facts (thousand.errors) and an automatic bid's "why";
each is worded here whole, one sentence a suit where a suit is named, so every language can put
the suit in the case its grammar wants ("у вас нет червей").

The search bot does not explain itself; it counts deals. A hint's reason is what a player would
say about the move at the table, from the seat's own view only, followed by the count the search
rests on when it made one ("it makes the contract in 17 of the 20 deals tried")."""
import re

from thousand.cards.cards import RANKS, points, strength, suit
from thousand.cards.tricks import trick_winner
from thousand.i18n import N_, _, n_, number, p_, reason
from thousand.ui.html import Markup, h, render


# --- the cards' names and faces ---------------------------------------------------------------

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

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


# --- why a card is refused, why the rules bid (R38, R25, forced_100, auto_bid) ----------------

# R38: a card of the led suit is held
MUST_FOLLOW = {"H": N_("You must follow hearts."), "D": N_("You must follow diamonds."),
               "C": N_("You must follow clubs."), "S": N_("You must follow spades.")}
# R38 with `must_trump`: the led suit is missing and a trump is held
MUST_TRUMP = {"H": N_("You must trump: you have no hearts."),
              "D": N_("You must trump: you have no diamonds."),
              "C": N_("You must trump: you have no clubs."),
              "S": N_("You must trump: you have no spades.")}
# `must_beat`: a higher card of the led suit is held
MUST_BEAT = {"H": N_("You must beat it: play a higher heart."),
             "D": N_("You must beat it: play a higher diamond."),
             "C": N_("You must beat it: play a higher club."),
             "S": N_("You must beat it: play a higher spade.")}
# `no_lead_foreign_trump`: the trump's suit is led only by whoever made it trump
FOREIGN_TRUMP = {"H": N_("Only the player whose marriage made hearts trump may lead hearts."),
                 "D": N_("Only the player whose marriage made diamonds trump may lead "
                         "diamonds."),
                 "C": N_("Only the player whose marriage made clubs trump may lead clubs."),
                 "S": N_("Only the player whose marriage made spades trump may lead spades.")}
PLAIN = {"must_overtrump": N_("You must play a higher trump."),
         "ace_duty": N_("After your ace marriage you must lead your aces first.")}
BY_SUIT = {"must_follow": (MUST_FOLLOW, "suit"), "must_trump": (MUST_TRUMP, "suit"),
           "must_beat": (MUST_BEAT, "suit"), "no_lead_foreign_trump": (FOREIGN_TRUMP, "trump")}


def refusal(error) -> str:
    """Why the engine refused a move (an IllegalAction or the Phrase of its reason), whole."""
    code, facts = getattr(error, "code", None), getattr(error, "facts", None) or {}
    if code in BY_SUIT:
        words, key = BY_SUIT[code]
        if facts.get(key) in words:
            return _(words[facts[key]])
    if code in PLAIN:
        return _(PLAIN[code])
    return reason(error)


def card_refused(session, seat: int, card: str) -> str:
    """Why `card`, tapped in `seat`'s hand, is not played: not this seat's turn, not a time for
    playing cards, or the rule that stops it (asked of the engine; nothing is changed)."""
    to_act = session.to_act()
    if to_act is None or to_act != seat:
        if to_act is None:
            return _("Nobody plays a card now.")
        return _("It is not your turn: {name} plays now.", name=session.names()[to_act])
    if session.state["phase"] != "play":
        return _("Cards are played once the contract is set.")
    refused = session.refusal_of({"type": "play", "seat": seat, "card": card})
    return refusal(refused) if refused is not None else _("That card cannot be played now.")


# --- automatic bids and passes ------------------------------------------------------------------
# (you, a name) for each reason; {threshold}: `low_score_threshold`, {value}: the bid
AUTO_SAID = {
    "below_threshold": (N_("You pass automatically: with a total below {threshold} you may "
                           "not bid this deal."),
                        N_("{name} passes automatically: with a total below {threshold} no bid "
                           "is allowed this deal.")),
    "others_must_pass": (N_("You pass automatically: a player below {threshold} has bid, so the "
                            "others must pass."),
                         N_("{name} passes automatically: a player below {threshold} has bid, "
                            "so the others must pass.")),
    "forced_100": (N_("You bid 100 automatically: the player after the dealer must open at 100."),
                   N_("{name} bids 100 automatically: the player after the dealer must open at "
                      "100.")),
    "barrel": (N_("You bid {value} automatically: on the barrel you play for {value}."),
               N_("{name} bids {value} automatically: on the barrel they play for {value}.")),
}
# the same, short, in the list of bids
AUTO_SHORT = {
    "below_threshold": N_("{name}: pass (automatic: below {threshold})"),
    "others_must_pass": N_("{name}: pass (automatic: a player below {threshold} bid)"),
    "forced_100": N_("{name}: 100 (automatic: the opening 100)"),
    "barrel": N_("{name}: {value} (automatic: on the barrel)"),
}


def auto_values(bid: dict, conventions: dict) -> dict:
    return {"threshold": number(conventions.get("low_score_threshold", -120)),
            "value": bid.get("value")}


def auto_said(bid: dict, conventions: dict, names, person) -> str | None:
    """Why the rules bid or passed for `bid`'s seat, as a sentence ("you" for `person`), or None
    for a bid that is not automatic or whose reason is not known (a save from before reasons)."""
    why = bid.get("why") if bid.get("auto") else None
    if why not in AUTO_SAID:
        return None
    you, other = AUTO_SAID[why]
    values = auto_values(bid, conventions)
    if bid["seat"] == person:
        return _(you, **values)
    return _(other, name=names[bid["seat"]], **values)


def auto_short(bid: dict, conventions: dict, names) -> str | None:
    why = bid.get("why") if bid.get("auto") else None
    if why not in AUTO_SHORT:
        return None
    return _(AUTO_SHORT[why], name=names[bid["seat"]], **auto_values(bid, conventions))


# --- a hint's reason --------------------------------------------------------------------------

GENERIC = {
    "deal": N_("Deal the cards."),
    "cut": N_("Cut the deck."),
    "look": N_("Look at your cards: bidding blind is too risky with this table."),
    "keep": N_("Keep your cards: this hand is worth playing."),
    "redeal": N_("Ask for a redeal: this hand is worth less than a new one."),
    "take_talon": N_("Take this talon: it fits your hand better."),
    "show_talon": N_("This is the better choice for showing the talon."),
    "write_off": N_("Write off the deal: playing it out would most likely cost more."),
    "cross": N_("Cross the deal: playing it out would most likely cost more."),
    "discard": N_("Lay the {card} into the widow: it is the card you need least."),
    "name_trump": N_("Name {suit} as trumps: your hand is strongest in them."),
}


def card_reason(view: dict, action: dict, search: dict | None, names: list) -> str:
    """The reason for a move of the card game, in the language in use; `search` is what the
    computer player weighed (its `last`), `names` the seats' names as shown."""
    kind = action["type"]
    if kind == "play":
        text = _play_reason(view, action)
        figure = _search_figure(view, search)
        return f"{text} {figure}" if figure else text
    if kind in ("bid", "pass"):
        return _bid_reason(action, search)
    if kind == "give":
        to = names[action["to"]]
        return _("Give the {card} to {name}: of your cards it is the one you need least.",
                 card=card_name(action["card"]), name=to)
    if kind == "contract":
        return _("Announce {value}: the most this hand is likely to make.", value=action["value"])
    if kind == "dark":
        return _("Play this deal dark: the doubled points are worth the risk here.") \
            if action.get("dark") else _("Look at your cards: playing dark is too risky here.")
    if kind == "discard":
        return _(GENERIC["discard"], card=card_name(action["card"]))
    if kind == "name_trump":
        return _(GENERIC["name_trump"], suit=suit_name(action["suit"]))
    if kind in GENERIC:
        return _(GENERIC[kind])
    return _("This is what the strongest computer player would do.")


def _played(view) -> set:
    d = view["deal"]
    seen = {c for t in d.get("tricks", []) for _s, c in t["cards"]}
    return seen | {c for _s, c in d.get("trick", [])}


def _highest_left(view, card) -> bool:
    """No card of the suit above this one is still out (in another hand or the talon)."""
    gone = _played(view) | set(view["deal"]["hand"] or [])
    higher = [r + suit(card) for r in RANKS if strength(r + suit(card)) > strength(card)]
    return all(c in gone for c in higher)


def _play_reason(view, action) -> str:
    d = view["deal"]
    card = action["card"]
    trump = d.get("trump")
    name = card_name(card)
    trick = d.get("trick") or []
    if not trick:
        if action.get("announce") in ("marriage", "bed_marriage"):
            return _("Lead the {card} and announce the marriage: its points are yours, and "
                     "{suit} become trumps.", card=name, suit=suit_name(suit(card)))
        if action.get("announce"):
            return _("Lead the {card} and make the announcement: its points are yours.",
                     card=name)
        if _highest_left(view, card):
            return _("Lead the {card}: no higher card of its suit is still out, so it should "
                     "take the trick.", card=name)
        if trump and suit(card) == trump:
            return _("Lead the {card}: a trump, to draw the others' trumps.", card=name)
        if points(card) <= 3:
            return _("Lead the {card}: it gives little away.", card=name)
        return _("Lead the {card}: it did best in the deals the computer tried.", card=name)
    after = [*trick, [view["seat"], card]]
    wins_now = trick_winner(after, trump) == len(after) - 1
    last = len(after) == len(d.get("active") or range(view["players"]))
    if wins_now and last:
        return _("Play the {card}: it takes the trick.", card=name)
    if wins_now:
        return _("Play the {card}: it beats the cards played so far.", card=name)
    leader = trick[trick_winner(trick, trump)][0]
    declarer = d.get("declarer")
    declarer_played = any(seat == declarer for seat, _c in trick)
    if declarer is not None and view["seat"] != declarer and leader != declarer and \
            (declarer_played or last) and points(card) > 0:
        return _("Play the {card}: your partner against the declarer is taking this trick, so "
                 "add points to it.", card=name)
    plays = [a["card"] for a in view["legal"] if a["type"] == "play"]
    could_win = any(trick_winner([*trick, [view["seat"], c]], trump) == len(trick)
                    for c in plays)
    if points(card) == min(points(c) for c in plays) and could_win:
        return _("Play the {card}: this trick is not worth your stronger cards.", card=name)
    if points(card) == min(points(c) for c in plays):
        return _("Play the {card}: you cannot take this trick, so give away as little as you "
                 "can.", card=name)
    return _("Play the {card}: it did best in the deals the computer tried.", card=name)


def _search_figure(view, search) -> str:
    """"It makes the contract in 17 of the 20 deals tried", from the card search's own count."""
    if not search or not search.get("worlds") or "made" not in search:
        return ""
    n, made = search["worlds"], search["made"].get(search.get("move"))
    if made is None or len(set(search["made"].values())) < 2:
        return ""  # every card does as well: the count says nothing about this one
    if view["deal"].get("declarer") == view["seat"]:
        return _("Over {n} deals the computer tried, it makes your contract in {made}.",
                 n=n, made=made)
    return _("Over {n} deals the computer tried, it breaks the declarer's contract in {broken}.",
             n=n, broken=n - made)


def _bid_reason(action, search) -> str:
    weighed = search if search and search.get("decision") == "bid" else None
    if action["type"] == "bid":
        if weighed and action["value"] in weighed["declare"]:
            return _("Bid {value}: declaring is worth about {declare} points to you, passing "
                     "about {stay}.", value=action["value"],
                     declare=_five(weighed["declare"][action["value"]]),
                     stay=_five(weighed["pass"]))
        return _("Bid {value}: this hand should make it.", value=action["value"])
    if weighed and weighed["declare"]:
        return _("Pass: declaring would be worth about {declare} points to you, passing about "
                 "{stay}.", declare=_five(max(weighed["declare"].values())),
                 stay=_five(weighed["pass"]))
    return _("Pass: this hand is not strong enough to bid higher.")


def _five(value) -> int:
    return int(5 * round(value / 5))


# --- the deal's marks, a redeal's reason, the winners ------------------------------------------

# The score sheet's rows, marks and legend are the sheet screen's (sheet_table): one home.
MARK_WORDS = {"made": N_("made"), "failed": N_("failed"), "write_off": N_("wrote off"),
              "cross": N_("crossed"), "cross_penalty": N_("cross penalty"), "bolt": N_("bolt"),
              "bolt_penalty": N_("bolt penalty"), "doubled": N_("doubled"),
              "barrel_mount": N_("on the barrel"), "barrel_attempt": N_("barrel try"),
              "barrel_fall": N_("fell off the barrel"), "barrel_reset": N_("reset to 0"),
              "dump_truck": N_("dump truck"), "rest": N_("rested"), "winner": N_("winner"),
              "penalty": N_("penalty"), "golden_reset": N_("golden circle replayed")}


# The announcements a lead may make, whole (a suit's marriage is an adjective in some languages:
# "червонный марьяж"), and each again when the trump stays (marriage_trump_choice)
ANNOUNCE = {
    ("marriage", "H", False): N_("Announce the hearts marriage"),
    ("marriage", "D", False): N_("Announce the diamonds marriage"),
    ("marriage", "C", False): N_("Announce the clubs marriage"),
    ("marriage", "S", False): N_("Announce the spades marriage"),
    ("marriage", "H", True): N_("Announce the hearts marriage (points only, trump stays)"),
    ("marriage", "D", True): N_("Announce the diamonds marriage (points only, trump stays)"),
    ("marriage", "C", True): N_("Announce the clubs marriage (points only, trump stays)"),
    ("marriage", "S", True): N_("Announce the spades marriage (points only, trump stays)"),
    ("bed_marriage", "H", False): N_("Announce the hearts bed marriage"),
    ("bed_marriage", "D", False): N_("Announce the diamonds bed marriage"),
    ("bed_marriage", "C", False): N_("Announce the clubs bed marriage"),
    ("bed_marriage", "S", False): N_("Announce the spades bed marriage"),
    ("bed_marriage", "H", True): N_("Announce the hearts bed marriage (points only, trump stays)"),
    ("bed_marriage", "D", True): N_("Announce the diamonds bed marriage (points only, trump "
                                    "stays)"),
    ("bed_marriage", "C", True): N_("Announce the clubs bed marriage (points only, trump stays)"),
    ("bed_marriage", "S", True): N_("Announce the spades bed marriage (points only, trump stays)"),
    ("ace_marriage", "", False): N_("Announce the ace marriage"),
    ("ace_marriage", "", True): N_("Announce the ace marriage (points only, trump stays)"),
    ("four_nines", "", False): N_("Announce four nines"),
}
# The engine's reasons for a redeal (thousand.cards.dealing, thousand.cards.redeals): codes, the
# two with a number of points worded apart (a plural)
REDEAL_REASONS = {"four_nines": N_("four nines"), "three_nines": N_("three nines"),
                  "four_jacks": N_("four jacks"),
                  "talon_two_nines": N_("two nines in the talon"),
                  "talon_three_jacks": N_("three jacks in the talon"),
                  "four_aces_dealt": N_("four aces"), "four_aces": N_("four aces")}


def redeal_reason(reason) -> str:
    """A redeal's reason as the engine keeps it ({"code": "low_hand", "under": 13}), in the
    language in use; a code this page does not know is shown as it is."""
    code = reason.get("code") if isinstance(reason, dict) else reason
    if code in REDEAL_REASONS:
        return _(REDEAL_REASONS[code])
    if code == "low_hand":
        return n_("fewer than {n} point", "fewer than {n} points", reason["under"])
    if code == "talon_low":
        return n_("talon worth fewer than {n} point", "talon worth fewer than {n} points",
                  reason["under"])
    return str(code)


def winners_said(winners, names, you) -> str:
    """Who won, as the end of the game says it (and the live region, thousand/ui/table_news.py);
    `you`: the person's seat, or None."""
    if not winners:
        return _("Game over")
    if len(winners) == 1:
        return _("You win!") if winners[0] == you else _("{name} wins!", name=names[winners[0]])
    if len(winners) == 2:
        if you in winners:
            other = next(w for w in winners if w != you)
            return _("You and {name} win!", name=names[other])
        return _("{first} and {second} win!", first=names[winners[0]], second=names[winners[1]])
    return _("Winners: {names}", names=", ".join(names[w] for w in winners))


# --- the table's announcements and what it waits for -------------------------------------------

# The announcements a lead may make, whole (a suit's marriage is an adjective in some languages:
# "червонный марьяж"), and each again when the trump stays (marriage_trump_choice)
ANNOUNCE = {
    ("marriage", "H", False): N_("Announce the hearts marriage"),
    ("marriage", "D", False): N_("Announce the diamonds marriage"),
    ("marriage", "C", False): N_("Announce the clubs marriage"),
    ("marriage", "S", False): N_("Announce the spades marriage"),
    ("marriage", "H", True): N_("Announce the hearts marriage (points only, trump stays)"),
    ("marriage", "D", True): N_("Announce the diamonds marriage (points only, trump stays)"),
    ("marriage", "C", True): N_("Announce the clubs marriage (points only, trump stays)"),
    ("marriage", "S", True): N_("Announce the spades marriage (points only, trump stays)"),
    ("bed_marriage", "H", False): N_("Announce the hearts bed marriage"),
    ("bed_marriage", "D", False): N_("Announce the diamonds bed marriage"),
    ("bed_marriage", "C", False): N_("Announce the clubs bed marriage"),
    ("bed_marriage", "S", False): N_("Announce the spades bed marriage"),
    ("bed_marriage", "H", True): N_("Announce the hearts bed marriage (points only, trump stays)"),
    ("bed_marriage", "D", True): N_("Announce the diamonds bed marriage (points only, trump "
                                    "stays)"),
    ("bed_marriage", "C", True): N_("Announce the clubs bed marriage (points only, trump stays)"),
    ("bed_marriage", "S", True): N_("Announce the spades bed marriage (points only, trump stays)"),
    ("ace_marriage", "", False): N_("Announce the ace marriage"),
    ("ace_marriage", "", True): N_("Announce the ace marriage (points only, trump stays)"),
    ("four_nines", "", False): N_("Announce four nines"),
}
# An announcement by name, whole (a suit's marriage is an adjective in some languages)
ANNOUNCED = {("marriage", "H"): N_("hearts marriage"), ("marriage", "D"): N_("diamonds marriage"),
             ("marriage", "C"): N_("clubs marriage"), ("marriage", "S"): N_("spades marriage"),
             ("bed_marriage", "H"): N_("hearts bed marriage"),
             ("bed_marriage", "D"): N_("diamonds bed marriage"),
             ("bed_marriage", "C"): N_("clubs bed marriage"),
             ("bed_marriage", "S"): N_("spades bed marriage"),
             ("ace_marriage", ""): N_("ace marriage"), ("four_nines", ""): N_("four nines")}
# "{name} is …" while a seat other than the person's acts, one sentence a phase
WAITING = {"deal": N_("{name} is dealing…"), "cut": N_("{name} is cutting the deck…"),
           "dark": N_("{name} is deciding on a dark game…"),
           "redeal": N_("{name} is deciding on a redeal…"), "bidding": N_("{name} is bidding…"),
           "talon": N_("{name} is taking the talon…"), "exchange": N_("{name} is passing cards…"),
           "contract": N_("{name} is announcing the contract…"),
           "trump": N_("{name} is naming the trump…"), "play": N_("{name} is playing…")}
TAKE_TALON = (N_("Take talon A"), N_("Take talon B"))


# The computer players a seat can have, as the page names them, in the order offered; only the
# ones thousand.bots has (BOT_NAMES, read when asked) are offered, and a name it has and this
# does not is offered as it is.
LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong"),
          "heuristic": N_("Rule of thumb"), "random": N_("Random")}


# --- Statistics ---------------------------------------------------------------------------------

def statistics_rows(g: dict, solo: bool) -> list:
    """The card game's own lines of a Statistics group: (label, figure)."""
    rows = [(_("Contracts declared"), number(g["declared"])),
            (_("Contracts made"), number(g["made"])),
            (_("Contracts failed"), number(g["failed"]))]
    if g.get("average_bid") is not None:
        rows.append((_("Average winning bid"), number(g["average_bid"])))
    rows.append((_("Write-offs"), number(g["write_offs"])))
    if g["crosses"]:
        rows.append((_("Crosses"), number(g["crosses"])))
    rows += [(_("Bolts"), number(g["bolts"])), (_("Barrels mounted"), number(g["barrels"])),
             (_("Falls from the barrel"), number(g["falls"])),
             (_("Dump trucks"), number(g["dump_trucks"]))]
    return rows


def length_words(n: int) -> str:
    return n_("{n} deal", "{n} deals", n)


def level_label(name: str) -> str:
    """A computer player's level as the table and Statistics show it."""
    if name in LEVELS:
        return _(LEVELS[name])
    return name.replace("_", " ").capitalize()  # a player this page has no word for


def games_added(n: int) -> str:
    """An import's plan: finished games added."""
    return n_("add {n} finished card game", "add {n} finished card games", n)


def sets_added(n: int) -> str:
    """An import's plan: convention sets added."""
    return n_("add {n} convention set for the card game",
              "add {n} convention sets for the card game", n)


def house_rules(n: int) -> str:
    """Whose rules the Conventions screen edits."""
    return n_("The house rules of the card game for {n} player (the number of players is "
              "chosen on the New game screen).",
              "The house rules of the card game for {n} players (the number of players is "
              "chosen on the New game screen).", n)
