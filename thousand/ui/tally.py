"""What players at a real table keep in their heads during the tricks, worked out from one seat's
view only (thousand.cards.views.seat_view): the points each seat has taken this deal, and the
announcement being made with the trick on the table.

Tricks are public in this game (every card is played face up, and the last trick may be looked
at), and so are announcements: a seat's points taken are its card points (R47: R3 over the cards
of the tricks it won) plus the values of the marriages it announced (R45; a value is 0 where
`marriage_points_to` gives a defender's nothing, as the engine records it)."""
from thousand.cards.cards import SUITS, card_points

# The cards an announcement shows, by kind: the pair of its suit, or all four of a rank
PAIR = {"marriage": ("K", "Q"), "bed_marriage": ("Q", "J")}
FOURS = {"ace_marriage": "A", "four_nines": "9"}


def taken(view) -> list | None:
    """The points each seat has taken this deal, in seat order (None for a seat sitting out), from
    the first trick on; None before the tricks. A deal just ended (the table shows it until its
    summary is closed) counts as it was settled: its facts, the widow of two players' last trick
    (T10) included."""
    d = view["deal"]
    if not d or "tricks" not in d or view["phase"] != "play" or d.get("declarer") is None:
        return None
    n = view["players"]
    facts = d.get("facts")
    if facts:
        return [facts["card_points"][p] + sum(facts["marriages"][p]) if p in d["active"]
                else None for p in range(n)]
    out = [0 if p in d["active"] else None for p in range(n)]
    for trick in d["tricks"]:
        out[trick["winner"]] += card_points(c for _p, c in trick["cards"])
    for a in d["announcements"]:
        out[a["seat"]] += a["value"]
    return out


def current_announcement(view, trick_shown=None) -> dict | None:
    """The announcement made with the lead of the trick on the table (being played, or complete
    and not yet gathered: `trick_shown`), or None."""
    d = view["deal"]
    if not d or "announcements" not in d:
        return None
    if trick_shown is not None:
        number = len(d["tricks"])
    elif d.get("trick"):
        number = len(d["tricks"]) + 1
    else:
        return None
    return next((a for a in reversed(d["announcements"]) if a["trick"] == number), None)


def announced_cards(announcement) -> list:
    """The cards an announcement shows: K and Q of its suit, Q and J (a bed marriage), the four
    aces or the four nines."""
    kind = announcement["kind"]
    if kind in PAIR:
        return [rank + announcement["suit"] for rank in PAIR[kind]]
    return [FOURS[kind] + s for s in SUITS]
