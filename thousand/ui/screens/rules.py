"""The rules of Classic Thousand, and of its dice cousin "1000", in a player's words (the numbers
are those of the rules specs), and, when a game is under way, the conventions it changes."""
from thousand.cards.catalogue import CATALOGUE
from thousand.i18n import N_, _
from thousand.ui.card_words import suits_in_colour
from thousand.ui.html import button, h
from thousand.ui.screens.conventions import value_words

SECTIONS = [
    (N_("The cards"), [
        N_("24 cards: A, 10, K, Q, J, 9 of each suit. Rank within a suit: A > 10 > K > Q > J > 9."),
        N_("Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0 — 120 in the deck."),
        N_("A marriage is the K and Q of one suit: ♥ 100, ♦ 80, ♣ 60, ♠ 40.")]),
    (N_("Dealing"), [
        N_("Three players get 7 cards each; 3 cards go face down to the talon."),
        N_("The player on the dealer's right cuts; a nine at the bottom means a re-cut (three in a "
           "row cost the cutter 120), a jack at the bottom is moved into the deck."),
        N_("A hand with four nines or under 14 points may ask for a redeal before the bidding or "
           "after the contract; the declarer may also ask for one after a poor talon.")]),
    (N_("Bidding"), [
        N_("The player on the dealer's left has a forced bid of 100. The others bid in steps of 5 "
           "or pass for good; the last one left is the declarer."),
        N_("Above 120 you need a marriage, and you may not bid above 120 plus your marriages "
           "(300 at most)."),
        N_("A player below −120 may not bid.")]),
    (N_("The talon and the contract"), [
        N_("The declarer takes the talon (shown to all, except after an uncontested 100), gives "
           "one card face down to each opponent, then announces the contract: at least his bid."),
        N_("Instead he may write the deal off: he loses his bid and each opponent gets 60.")]),
    (N_("Playing"), [
        N_("The declarer leads. Follow suit; if you cannot, you must play a trump; otherwise any "
           "card. The highest trump wins, else the highest card of the led suit."),
        N_("There is no trump at first. Once you have taken a trick, leading the K or Q of a "
           "marriage you hold announces it: you score it and its suit becomes trump.")]),
    (N_("Scoring"), [
        N_("The declarer scores his contract if his points (cards plus marriages) reach it, and "
           "loses it otherwise. The others score their points rounded to 5."),
        N_("No trick in a deal is a bolt; every third bolt costs 120."),
        N_("At 880 you sit on the barrel: you must win from it as declarer with 120 within "
           "three deals, or fall back 120. A total of exactly 555 or −555 drops to 0 (the dump "
           "truck)."),
        N_("The first to 1000 wins.")]),
]


DICE_SECTIONS = [
    (N_("A turn"), [
        N_("Roll five dice. Scoring dice are set aside; roll the others again, or stop and add the "
           "turn's points to your score."),
        N_("A roll in which nothing scores ends the turn and its points are lost. When all five "
           "dice have scored you must roll all five again."),
        N_("Only dice of one roll combine: 1 = 10, 5 = 5, three of a kind = 10 × the face (three "
           "1s = 100), four of a kind = twice that, five of a kind = 100 × the face (five 1s = "
           "1000), 1-2-3-4-5 = 125, 2-3-4-5-6 = 250. A roll is always read at its maximum.")]),
    (N_("On the way to 1000"), [
        N_("Your first recorded turn needs at least 50. From 200-299 and 600-699 (the pits) you "
           "must climb out in one turn."),
        N_("Passing another player's score costs them 50. A score of exactly 555 goes back to 0 "
           "(the dump truck)."),
        N_("A turn that ends with nothing is a bolt; the third bolt costs 100 (no bolts before you "
           "enter, in a pit or on the barrel)."),
        N_("At 900 you are on the barrel: you must score the last 100 in one turn within three "
           "turns, or fall back 100 (the third fall: back to 0). A newcomer knocks you off."),
        N_("The first to finish from the barrel wins. One player alone practises: the result is "
           "the number of turns.")]),
]


def _dice_rules(app):
    parts = [h("h2", {}, _("Dice game: 1000 with five dice"))]
    for title, lines in DICE_SECTIONS:
        parts.append(h("section", {"class": "rules-part",
                                   "aria-label": _("Dice: {title}", title=_(title))},
                       h("h3", {}, _(title)), h("ul", {}, [h("li", {}, _(x)) for x in lines])))
    if app.dice is not None:
        from thousand.dice.catalogue import CATALOGUE as DICE
        conv = app.dice.state["conventions"]
        classic = DICE.resolve("classic")
        changed = [DICE.get(cid) for cid in conv if conv[cid] != classic[cid]]
        if changed:
            parts.append(h("section", {"aria-label": _("This dice game's conventions")},
                           h("h3", {}, _("This dice game differs from Classic")),
                           _changes(changed, conv)))
    return parts


def render(app):
    parts = [h("h2", {}, _("Rules"))]
    for title, lines in SECTIONS:
        parts.append(h("section", {"class": "rules-part", "aria-label": _(title)},
                       h("h3", {}, _(title)),
                       h("ul", {}, [h("li", {}, suits_in_colour(_(x))) for x in lines])))
    if app.session is not None:
        conv = app.session.state["conventions"]
        classic = CATALOGUE.resolve("classic", {"player_count": conv["player_count"]})
        changed = [CATALOGUE.get(cid) for cid in conv if conv[cid] != classic[cid]]
        if changed:
            parts.append(h("section", {"aria-label": _("This game's conventions")},
                           h("h3", {}, _("This game differs from Classic")),
                           _changes(changed, conv)))
    parts += _dice_rules(app)
    parts.append(button(_("Back"), "go", screen="home"))
    return h("section", {"class": "screen rules", "aria-label": _("Rules")}, parts)


def _changes(changed, conv):
    return h("ul", {}, [h("li", {}, _("{convention}: {value}", convention=_(c.title),
                                      value=_word(c, conv[c.id])))
                        for c in changed])


def _word(convention, value) -> str:
    if convention.type == "bool":
        return _("on") if value else _("off")
    return value_words(convention, value)


def handle(app, event):
    app.notice = None
