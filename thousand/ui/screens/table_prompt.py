"""The card table's prompt: what the seat to act may do now, one part a kind of decision (the
deal, the cut, dark play, a redeal, the bid, the talon, the ways out after it, passing cards,
the contract, the trump, the lead), each adding its title and its controls. Every control sends
one of the view's legal actions (by its index) or a value the table matches against them."""
from thousand.i18n import _, number, p_
from thousand.ui.card_words import (SUIT_SYMBOL, TAKE_TALON, card_name, redeal_reason, suit_name,
                                     suits_in_colour)
from thousand.ui.html import action_attrs, button, h


def asked(app, v, names, named) -> "Ask":
    """The prompt's title and controls for the seat whose view is `v`; `named`: the action a
    hint shown names, highlighted."""
    ask = Ask(app, v, names, named)
    for part in PROMPT_PARTS:
        part(ask)
    return ask


def _grouped(legal):
    out = {}
    for i, a in enumerate(legal):
        out.setdefault(a["type"], []).append((i, a))
    return out


class Ask:
    """The prompt being built: the seat's legal actions grouped by type, the hint shown, and the
    title and controls so far."""

    def __init__(self, app, v, names, named):
        self.app, self.v, self.names, self.legal = app, v, names, v["legal"]
        self.g, self.d = _grouped(self.legal), v["deal"] or {}
        self.named = named  # the action the hint shown names
        self.title, self.rows = "", []

    def mark(self, i, usual=False):
        """The highlighted control is the one the hint names; with no hint, the usual one."""
        if self.named is None:
            return "primary" if usual else None
        return "primary hinted" if self.legal[i] == self.named else None

    def first(self, kind) -> int:
        return self.g[kind][0][0]

    def choice(self, label, kind, usual=False, **attrs):
        i = self.first(kind)
        self.rows.append(button(label, "table.act", i=i, cls=self.mark(i, usual), **attrs))


def _ask_deal(a: Ask):
    if "deal" in a.g:
        a.title = _("Your deal")
        a.choice(_("Deal the cards"), "deal", True)


def _ask_cut(a: Ask):
    if "cut" not in a.g:
        return
    named = a.named
    a.title = _("Cut the deck")
    lift = named["k"] if named and named["type"] == "cut" else 12
    a.rows.append(h("label", {"for": "cut-k"}, _("Cards to lift"), " "))
    a.rows.append(h("input", {"type": "number", "id": "cut-k", "min": 1, "max": 23,
                              "value": lift, "inputmode": "numeric"}))
    a.rows.append(h("button", {"type": "button",
                               "class": "primary hinted" if named and named["type"] == "cut"
                               else "primary",
                               **action_attrs("table.cut"), "data-fields": "cut-k"},
                    p_("verb", "Cut")))


def _ask_dark(a: Ask):
    if "dark" not in a.g:
        return
    a.title = _("Play this deal dark? (120 without looking, everything doubled)")
    for i, action in a.g["dark"]:
        a.rows.append(button(_("Play dark") if action["dark"] else _("Look at my cards"),
                             "table.act", i=i, cls=a.mark(i, not action["dark"])))


def _ask_redeal_or_look(a: Ask):
    """A blind bidder may look or stay blind; a hand that qualifies may ask for a redeal."""
    if "keep" in a.g and "look" in a.g:
        a.title = _("Dark bidding: look at your cards now, or bid blind?")
        a.choice(_("Look at my cards"), "look", True)
        a.choice(_("Stay blind"), "keep")
    elif "keep" in a.g:
        if a.d.get("window") == "W1":
            a.title = _("Your hand qualifies for a redeal (before the bidding)")
        else:
            a.title = _("Your hand qualifies for a redeal (after the contract)")
        a.choice(_("Ask for a redeal"), "redeal")
        a.choice(_("Keep my cards"), "keep", True)


def _ask_bid(a: Ask):
    g = a.g
    if not ("bid" in g or ("pass" in g and a.v["phase"] == "bidding")):
        return
    a.title = _("Your bid (high bid {value})", value=a.d["high"]) if a.d.get("high") \
        else _("Your bid")
    if "look" in g:
        a.choice(_("Look at my cards"), "look")
    bids = g.get("bid", [])
    for i, action in bids[:3]:
        lowest = i == bids[0][0]
        a.rows.append(button(_("Bid {value}", value=action["value"]), "table.act", i=i,
                             cls=a.mark(i, lowest), shortcut="b" if lowest else None))
    if len(bids) > 3:
        a.rows.append(_value_picker("bid-value", _("Other bid"),
                                    [action["value"] for _i, action in bids[3:]], "table.bid",
                                    p_("verb", "Bid"), a.named))
    a.choice(_("Pass"), "pass", shortcut="p")


def _ask_talon(a: Ask):
    if "take_talon" in a.g:
        a.title = _("Choose a talon")
        for i, action in a.g["take_talon"]:
            a.rows.append(button(_(TAKE_TALON[action["talon"]]), "table.act", i=i, cls=a.mark(i)))
    if "show_talon" in a.g:
        a.title = _("Show the talon to the others?")
        for i, action in a.g["show_talon"]:
            a.rows.append(button(_("Show it") if action["show"] else _("Keep it hidden"),
                                 "table.act", i=i, cls=a.mark(i)))


def _ask_after_talon(a: Ask):
    """The declarer's ways out once the talon is seen: a redeal it allows (W2), writing off,
    the cross."""
    g = a.g
    if "redeal" in g and "keep" not in g:
        a.choice(_("Redeal ({reason})", reason=redeal_reason(a.d.get("w2"))), "redeal")
    if "write_off" in g:
        a.choice(_("Write off (−{value})", value=a.d.get("bid")), "write_off")
    if "cross" in g:
        a.choice(_("Cross"), "cross")


def _ask_give_or_discard(a: Ask):
    g = a.g
    if "give" not in g and "discard" not in g:
        return
    sel = a.app.ui.get("selected")
    kind = a.named["type"] if a.named else None
    if "give" in g:
        a.title = a.title or (_("Pass one card to each opponent: tap a card, then a player")
                              if not sel else _("Give the {card} to…", card=card_name(sel)))
        for p in sorted({action["to"] for _i, action in g["give"]}):
            if kind is not None:
                cls = "primary hinted" if kind == "give" and a.named["to"] == p else None
            else:
                cls = "primary" if sel else None
            a.rows.append(button(_("Give to {name}", name=a.names[p]), "table.give", to=p,
                                 disabled=not sel, cls=cls))
    if "discard" in g:
        a.title = a.title or _("Lay cards into the widow: tap a card")
        a.rows.append(button(_("Discard"), "table.discard", disabled=not sel,
                             cls="primary hinted" if kind == "discard" else None))


def _ask_contract(a: Ask):
    if "contract" not in a.g:
        return
    a.title = _("Announce your contract (at least {value})", value=a.d.get("bid"))
    values = [action["value"] for _i, action in a.g["contract"]]
    for i, action in a.g["contract"][:3]:
        a.rows.append(button(_("Contract {value}", value=action["value"]), "table.act", i=i,
                             cls=a.mark(i, action["value"] == values[0])))
    if len(values) > 3:
        a.rows.append(_value_picker("contract-value", _("Higher contract"), values[3:],
                                    "table.contract", p_("verb", "Announce"), a.named))


def _ask_trump(a: Ask):
    if "name_trump" in a.g:
        a.title = _("Name the trump suit")
        for i, action in a.g["name_trump"]:
            a.rows.append(button([suits_in_colour(SUIT_SYMBOL[action["suit"]]), " ",
                                  suit_name(action["suit"])], "table.act", i=i, cls=a.mark(i)))


def _ask_play(a: Ask):
    if "play" in a.g:
        a.title = _("Your lead") if not a.d.get("trick") else _("Your turn: play a card")


PROMPT_PARTS = (_ask_deal, _ask_cut, _ask_dark, _ask_redeal_or_look, _ask_bid, _ask_talon,
                _ask_after_talon, _ask_give_or_discard, _ask_contract, _ask_trump, _ask_play)


def _value_picker(field_id, label, values, do, verb, named=None):
    """The values past the three shown as buttons; a hint naming one of them chooses it here and
    highlights the picker's button."""
    chosen = named.get("value") if named and named["type"] in ("bid", "contract") else None
    chosen = chosen if chosen in values else None
    options = [h("option", {"value": x, "selected": x == chosen}, number(x)) for x in values]
    return h("span", {"class": "picker"},
             h("label", {"for": field_id, "class": "sr-only"}, label),
             h("select", {"id": field_id, "aria-label": label}, options),
             h("button", {"type": "button", **action_attrs(do), "data-fields": field_id,
                          "class": "primary hinted" if chosen is not None else None}, verb))
