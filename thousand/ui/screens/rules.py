"""The rules of Classic Thousand in a player's words (the numbers are those of the rules spec),
and, when a game is under way, the conventions it changes."""
from thousand.cards.catalogue import CATALOGUE
from thousand.ui.html import button, h

SECTIONS = [
    ("The cards", [
        "24 cards: A, 10, K, Q, J, 9 of each suit. Rank within a suit: A > 10 > K > Q > J > 9.",
        "Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0 — 120 in the deck.",
        "A marriage is the K and Q of one suit: ♥ 100, ♦ 80, ♣ 60, ♠ 40."]),
    ("Dealing", [
        "Three players get 7 cards each; 3 cards go face down to the talon.",
        "The player on the dealer's right cuts; a nine at the bottom means a re-cut (three in a "
        "row cost the cutter 120), a jack at the bottom is moved into the deck.",
        "A hand with four nines or under 14 points may ask for a redeal before the bidding or "
        "after the contract; the declarer may also ask for one after a poor talon."]),
    ("Bidding", [
        "The player on the dealer's left has a forced bid of 100. The others bid in steps of 5 or "
        "pass for good; the last one left is the declarer.",
        "Above 120 you need a marriage, and you may not bid above 120 plus your marriages "
        "(300 at most).",
        "A player below −120 may not bid."]),
    ("The talon and the contract", [
        "The declarer takes the talon (shown to all, except after an uncontested 100), gives one "
        "card face down to each opponent, then announces the contract: at least his bid.",
        "Instead he may write the deal off: he loses his bid and each opponent gets 60."]),
    ("Playing", [
        "The declarer leads. Follow suit; if you cannot, you must play a trump; otherwise any "
        "card. The highest trump wins, else the highest card of the led suit.",
        "There is no trump at first. Once you have taken a trick, leading the K or Q of a "
        "marriage you hold announces it: you score it and its suit becomes trump."]),
    ("Scoring", [
        "The declarer scores his contract if his points (cards plus marriages) reach it, and "
        "loses it otherwise. The others score their points rounded to 5.",
        "No trick in a deal is a bolt; every third bolt costs 120.",
        "At 880 you sit on the barrel: you must win from it as declarer with 120 within three "
        "deals, or fall back 120. A total of exactly 555 or −555 drops to 0 (the dump truck).",
        "The first to 1000 wins."]),
]


def render(app):
    parts = [h("h2", {}, "Rules")]
    for title, lines in SECTIONS:
        parts.append(h("section", {"class": "rules-part", "aria-label": title},
                       h("h3", {}, title), h("ul", {}, [h("li", {}, x) for x in lines])))
    if app.session is not None:
        conv = app.session.state["conventions"]
        classic = CATALOGUE.resolve("classic", {"player_count": conv["player_count"]})
        changed = [CATALOGUE.get(cid) for cid in conv if conv[cid] != classic[cid]]
        if changed:
            parts.append(h("section", {"aria-label": "This game's conventions"},
                           h("h3", {}, "This game differs from Classic"),
                           h("ul", {}, [h("li", {}, f"{c.title}: {_word(c, conv[c.id])}")
                                        for c in changed])))
    parts.append(button("Back", "go", screen="home"))
    return h("section", {"class": "screen rules", "aria-label": "Rules"}, parts)


def _word(convention, value) -> str:
    if convention.type == "bool":
        return "on" if value else "off"
    return convention.label(value)


def handle(app, event):
    app.notice = None
