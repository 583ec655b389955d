"""The green table itself: the other seats around it (with 3 players on the left and the right,
with 4 the third across, with 2 one across; the viewer's own hand is below it), each with its
name, score, a fan of card backs, the dealer mark, its bid in a bubble, a mark while it thinks,
and the contract and trump of the declarer; in the middle the talon, the cards passed, and the
trick, each card in front of the seat that played it.

Cards carry `data-key` (the same card keeps its key wherever it lies) and `data-from` /
`data-to` (the seat it comes from or goes to, as a `data-anchor` name): the page's motion
(assets/motion.js) moves a card from where it was to where it is drawn now, and only that; the
table never waits for a movement."""
from thousand.cards.cards import card_points
from thousand.i18n import _, n_, number
from thousand.ui import tally
from thousand.ui.card_words import ANNOUNCED, SUIT_SYMBOL, card_name, face_src, suit_name, suits_in_colour
from thousand.ui.html import Markup, h

# Where the other seats sit, clockwise from the viewer's left (R5: every order is clockwise)
PLACES = {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right")}


def place_of(v, p) -> str:
    """Where seat `p` sits as the viewer sees the table: "me", "left", "top" or "right"."""
    n, me = v["players"], v["seat"]
    return "me" if p == me else PLACES[n][(p - me) % n - 1]


def anchor(p) -> str:
    return f"seat-{p}"


def card_img(card) -> Markup:
    return h("img", {"src": face_src(card), "alt": "", "draggable": "false"})


def card_face(card, **attrs) -> Markup:
    return h("span", {"class": "card", "role": "img", "aria-label": card_name(card),
                      "data-key": card, **attrs}, card_img(card))


def card_back(label=None, **attrs) -> Markup:
    return h("span", {"class": "card back", "role": "img",
                      "aria-label": label or _("face-down card"), **attrs},
             h("img", {"src": "./assets/cards/back.svg", "alt": ""}))


def points(total) -> str:
    return n_("{n} point", "{n} points", total)


def contract_words(d) -> str:
    """The declarer's contract and trump, short, for a seat: "120 ♥", "110" (no trump yet)."""
    value = d.get("contract") or d.get("bid")
    trump = d.get("trump")
    return f"{number(value)} {SUIT_SYMBOL[trump]}" if trump else number(value)


def bubble(v, p) -> str:
    """What a seat said, in its bubble: its last bid or pass while the auction runs."""
    d = v["deal"] or {}
    if d.get("bids") is None:
        return ""
    if v["phase"] == "bidding":
        mine = [b for b in d["bids"] if b["seat"] == p]
        if mine:
            last = mine[-1]["value"]
            return _("pass") if last is None else _("bid {value}", value=last)
        return ""
    return ""  # after it the declarer's badge says the contract


def fan(count: int, given=None) -> Markup:
    """The backs of the cards a seat holds, fanned; said in words by the seat's label."""
    return h("div", {"class": "fan", "aria-hidden": "true", "style": f"--n: {count}"},
             [h("span", {"class": "back-card"}) for _n in range(count)])


def seat_tags(v, p, names, scores=True) -> list:
    d = v["deal"] or {}
    score = v["score"]
    tags = []
    if p == v["dealer"]:
        tags.append(h("span", {"class": "badge dealer", "title": _("dealer")}, _("dealer")))
    if d and p not in d.get("active", [p]):
        tags.append(h("span", {"class": "badge"}, _("sits out")))
    if d.get("declarer") == p and d.get("bid"):
        label = _("declarer: {contract}", contract=contract_words(d))
        if d.get("trump"):
            label = _("declarer: {contract}, trump {suit}", contract=number(
                d.get("contract") or d.get("bid")), suit=suit_name(d["trump"]))
        tags.append(h("span", {"class": "badge declarer", "role": "img", "aria-label": label},
                      _("declarer"), " ", suits_in_colour(contract_words(d))))
    if scores and score["barrel"][p]["on"]:
        tags.append(h("span", {"class": "badge barrel"},
                      _("barrel {n}", n=score["barrel"][p]["attempts"])))
    if scores and score["bolts"][p]:
        tags.append(h("span", {"class": "badge bolts"},
                      n_("{n} bolt", "{n} bolts", score["bolts"][p])))
    return tags


def passed_here(v, p) -> Markup:
    """The card passed to seat `p` in this deal, where it can be seen: face up to whoever may
    see it (the declarer, or everyone with pass_visibility face_up), else a back."""
    d = v["deal"] or {}
    if v["phase"] not in ("exchange", "contract", "trump") or d.get("declarer") in (None, p):
        return ""
    given = d.get("given") or {}
    card = given.get(str(p))
    if card is None:
        return ""
    return h("div", {"class": "passed", "role": "group", "aria-label": _("passed card")},
             card_face(card, **{"data-from": anchor(d["declarer"])}))


# --- the seats -----------------------------------------------------------------------------

def seat(app, v, names, p, *, level, thinking, taken=None, announced=None) -> Markup:
    """A seat around the felt; `taken`: the points it has taken this deal, when shown
    (tally.taken); `announced`: the announcement it made with the trick on the table."""
    d = v["deal"] or {}
    score = v["score"]
    count = d.get("counts", [0] * v["players"])[p] if d else 0
    cards = n_("{n} card", "{n} cards", count)
    if level:
        label = _("{name} ({level}): {points}, {cards}", name=names[p], level=level,
                  points=points(score["totals"][p]), cards=cards)
    else:
        label = _("{name}: {points}, {cards}", name=names[p], points=points(score["totals"][p]),
                  cards=cards)
    anchors = anchor(p) + (" declarer" if d.get("declarer") == p else "")
    said = bubble(v, p)
    classes = ["seat", "at-" + place_of(v, p)]
    if v["to_act"] == p:
        classes.append("to-act")
    if thinking:
        classes.append("thinking")
    return h("div", {"class": " ".join(classes), "role": "group", "aria-label": label,
                     "data-anchor": anchors, "aria-busy": "true" if thinking else None},
             h("div", {"class": "name"}, h("span", {"class": "who"}, names[p]),
               h("span", {"class": "level"}, " · ", level) if level else ""),
             h("div", {"class": "total"}, number(score["totals"][p])),
             fan(count),
             # the points taken lead the seat's second line: beside the total they squeezed the
             # name off a phone's screen with four seats in a row
             h("div", {"class": "tags"}, taken_mark(d, p, taken), seat_tags(v, p, names)),
             h("div", {"class": "bubble", "aria-hidden": "true"}, said) if said else "",
             passed_here(v, p),
             announcement_mark(d, announced),
             thinking_mark(thinking))


def thinking_mark(thinking: bool) -> Markup:
    """Said once to screen readers (a status), shown while the seat's computer player thinks."""
    return h("div", {"class": "thinking-mark", "role": "status"},
             _("thinking…") if thinking else "")


# --- the middle of the table ---------------------------------------------------------------

def trick_cards(v, trick, names, *, winner=None) -> list:
    out = []
    for p, c in trick:
        attrs = {"data-from": anchor(p)}
        if winner is not None:
            attrs["data-to"] = anchor(winner)
        out.append(h("figure", {"class": "played at-" + place_of(v, p) +
                                (" wins" if p == winner else "")},
                     card_face(c, **attrs), h("figcaption", {}, names[p])))
    return out


def trick_taken_words(v, trick, names, you) -> str:
    pts = card_points(c for _p, c in trick["cards"])
    if trick["winner"] == you:
        return n_("You take the trick, {n} point", "You take the trick, {n} points", pts)
    return n_("{name} takes the trick, {n} point", "{name} takes the trick, {n} points", pts,
              name=names[trick["winner"]])


def talon(v, d) -> Markup:
    """The talon where it lies: face down until taken. Once taken it leaves the felt (its cards
    are the declarer's now, and one passed on would lie on the table twice); a talon shown to
    the others stays face up before them only until the declarer passes or lays away a card,
    the moment players look at it on a real table."""
    if d.get("talon_taken") is not None:
        if not d.get("talon") or v["seat"] == d.get("declarer") or _declarer_has_passed(d):
            return ""
        return h("div", {"class": "talon", "role": "group", "aria-label": _("Talon")},
                 [card_face(c, **{"data-to": "declarer"}) for c in d["talon"]])
    if not d.get("talon_count"):
        return ""
    return h("div", {"class": "talon", "role": "group", "aria-label": _("Talon")},
             [card_back(_("talon card"), **{"data-key": f"talon-{i}", "data-to": "declarer"})
              for i in range(d["talon_count"])])


def _declarer_has_passed(d) -> bool:
    """The declarer holds fewer cards than his own and the talon's: one has gone on."""
    counts, declarer = d["counts"], d["declarer"]
    others = [counts[p] for p in d.get("active", range(len(counts))) if p != declarer]
    return bool(others) and counts[declarer] < min(others) + len(d["talon"])


# --- what players keep in their heads: points taken, the announcement just made, the trump -------

def taken_mark(d, p, taken) -> Markup | str:
    """The points seat `p` has taken this deal (`taken`: tally.taken, or None when not shown),
    the declarer's beside the contract to reach."""
    if taken is None or taken[p] is None:
        return ""
    if p == d.get("declarer"):
        words = _("taken {points} of {contract}", points=number(taken[p]),
                  contract=number(d.get("contract") or d.get("bid")))
    else:
        words = _("taken {points}", points=number(taken[p]))
    return h("span", {"class": "taken-points" + (" of-contract" if p == d.get("declarer")
                                                 else "")}, words)


def announcement_mark(d, a) -> Markup | str:
    """The announcement `a` at its seat while its trick is on the table: its cards, its value,
    and the trump when it made it."""
    if a is None:
        return ""
    kind = a["kind"]
    what = _(ANNOUNCED[(kind, a["suit"] if kind in ("marriage", "bed_marriage") else "")])
    value = a["value"]
    trump = d.get("trump") if kind != "four_nines" and d.get("trump") == a["suit"] else None
    if trump:
        label = n_("{what}: {n} point, the trump is {suit} now",
                   "{what}: {n} points, the trump is {suit} now", value, what=what,
                   suit=suit_name(trump))
    else:
        label = n_("{what}: {n} point", "{what}: {n} points", value, what=what)
    return h("div", {"class": "announced", "role": "img", "aria-label": label},
             h("span", {"class": "announced-cards"},
               [h("img", {"src": f"./assets/cards/{c}.svg", "alt": ""})
                for c in tally.announced_cards(a)]),
             h("span", {"class": "announced-value"}, "+" + number(value)),
             h("span", {"class": "announced-trump" + (" red" if trump in ("H", "D") else "")},
               _("Trump {symbol}", symbol=SUIT_SYMBOL[trump])) if trump else "")


def trump_mark(v) -> Markup | str:
    """The trump in a corner of the felt while the tricks are played (the table's header says it
    in words too)."""
    d = v["deal"] or {}
    if v["phase"] != "play" or "tricks" not in d:
        return ""
    trump = d.get("trump")
    if not trump:
        return h("div", {"class": "felt-trump none", "aria-hidden": "true"}, _("No trump"))
    return h("div", {"class": "felt-trump" + (" red" if trump in ("H", "D") else ""),
                     "aria-hidden": "true", "title": _("trump: {suit}", suit=suit_name(trump))},
             h("span", {"class": "felt-trump-word"}, _("trump")),
             h("span", {"class": "felt-trump-suit"}, SUIT_SYMBOL[trump]))
