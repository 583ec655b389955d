"""A hint's reason in words: why the strongest computer player would make the move it suggests.

The search bot does not explain itself; it counts deals. The reason given is what a player would
say about the move at the table (the card takes the trick, no higher card of its suit is left, the
trick is lost so the card gives little away), from the seat's own view only, followed by the count
the search rests on when it made one ("it makes the contract in 17 of the 20 deals tried")."""
from thousand.cards.cards import RANKS, points, strength, suit
from thousand.cards.tricks import trick_winner
from thousand.i18n import N_, _
from thousand.ui.cardnames import card_name, suit_name

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
