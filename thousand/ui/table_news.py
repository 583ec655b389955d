"""What happened at the card table, as events for the page to say (a screen reader's polite live
region) and to sound: `news(before, action, after)` compares the states on either side of one
`game.apply`, `said(event, names, person)` words an event, `sound_of(event)` names its sound.

One action may carry the engine further than itself: automatic passes, the end of the auction,
the talon taken, a compulsory redeal, the trick closed, the deal settled, a seat mounting or
falling off the barrel, the game's end. Every one of them is found by comparing the two states,
and the events come in the order the engine went through them.

An event is plain data, {"what": ..., "seat": ..., ...}; "chosen" marks the event of the action
itself (a decision of the seat), against what followed from it. A card passed by the declarer is
secret: its event names the giver and the receiver, never the card. A talon's cards are named
only when it is shown.

Which are said (`heard`): everything, except the person's own decisions. The person at the
device made them a moment ago with the table in sight, and the button pressed already answers
(the card leaves the hand, the bid shows): hearing "You bid 110" after every click would bury
what the others did. Whatever follows from the person's decision without another choice (the
automatic passes, the auction won, the trick taken, the deal's result) is said to them too."""
from thousand.cards.cards import card_points
from thousand.cards.dealing import next_active
from thousand.i18n import N_, _, n_, signed
from thousand.ui.card_words import card_name, redeal_reason, suit_name, winners_said

SOUNDS = {"play": "card", "trick": "trick", "bid": "bid", "pass": "bid", "marriage": "marriage",
          "deal_end": "deal", "barrel": "barrel"}


# --- the events -------------------------------------------------------------------------------

def news(before: dict, action: dict, after: dict) -> list:
    """The events of `action`, applied to the state `before` to give `after`, in order."""
    out = _chosen(before, action, after)
    bd = before["deal"] or {}
    d = _deal_after(before, after)
    last = after["last_deal"] if after["last_deal"] != before["last_deal"] else None
    voided = last if last is not None and last.get("voided") else None
    out += _bids(before, action, after, voided)
    if d is not None and d.get("declarer") is not None and bd.get("declarer") is None:
        forced = d.get("forced")
        out.append({"what": "auction", "seat": d["declarer"], "value": d["bid"],
                    "forced": forced[2] if forced else None, "dark": bool(d.get("dark"))})
    elif voided is not None and before["phase"] == "bidding":
        # won and voided at once: a compulsory redeal at the talon, by the new declarer
        out.append({"what": "auction", "seat": voided["by"], "value": _high(bd, action),
                    "forced": None, "dark": False})
    if d is not None and "taken" in d:
        out += _talon(before, action, after, bd, d)
    if d is not None and "tricks" in d:
        out += _play(bd, d, action, after)
    rows = after["score"]["rows"][len(before["score"]["rows"]):]
    for row in rows:
        if row["outcome"] == "penalty":
            out.append({"what": "penalty", "seat": row["seat"], "value": row["amount"],
                        "reason": row["reason"]})
            out += _barrel(row)
    if voided is not None:
        out.append({"what": "redeal", "seat": voided["by"], "reason": voided["reason"],
                    "asked": action["type"] == "redeal",
                    "chosen": action["type"] == "redeal" and action.get("seat") == voided["by"]})
        out.append({"what": "deal_end", "seat": None, "outcome": "redeal", "value": None,
                    "changes": None, "totals": None})
    for row in rows:
        if row["outcome"] != "penalty":
            out.append(_deal_end(last, row))
            out += _barrel(row)
    if after["phase"] == "game_over" and before["phase"] != "game_over":
        out.append({"what": "game_over", "seat": None,
                    "winners": list(after["score"]["winners"])})
    return out


def _deal_after(before, after):
    """The deal as the action left it: the one under way (dealt), or the public facts of the
    deal it finished; None before the cards are dealt, or after a voided deal."""
    d = after["deal"]
    if d is not None:
        return d if "hands" in d else None
    last = after["last_deal"]
    if last is None or last == before["last_deal"] or last.get("voided"):
        return None
    return {"declarer": last["declarer"], "bid": last["bid"], "contract": last["contract"],
            "forced": None, "tricks": last["tricks"], "announcements": last["announcements"]}


def _chosen(before, action, after) -> list:
    """The action itself (bids and passes come with the automatic ones, in `_bids`; a redeal
    with the deal it voids)."""
    kind, seat = action["type"], action.get("seat")
    bd = before["deal"] or {}
    one = {"seat": seat, "chosen": True}
    if kind in ("deal", "cut", "look", "give", "discard"):
        event = {"what": kind, **one}
        if kind == "give":
            event["to"] = action["to"]  # never the card: only the declarer and the receiver see it
        return [event]
    if kind == "dark":
        return [{"what": "dark", "dark": action["dark"], **one}]
    if kind == "keep":
        return [{"what": "keep" if bd["looked"][seat] else "blind", **one}]
    if kind in ("write_off", "cross"):
        return [{"what": kind, "value": bd["bid"], **one}]
    if kind == "contract":
        return [{"what": "contract", "value": action["value"], **one}]
    if kind == "name_trump":
        return [{"what": "trump", "suit": action["suit"], **one}]
    if kind == "play":
        return [{"what": "play", "card": action["card"], **one}]
    return []  # bid, pass, redeal, take_talon, show_talon: found from what they did


def _high(bd, action):
    return action["value"] if action["type"] == "bid" else bd.get("high")


def _bids(before, action, after, voided) -> list:
    """The bids and passes made by this action: the seat's own, then the automatic ones (the
    forced 100, a dark 120, a barrel bid, passes of the seats that must pass)."""
    bd, ad = before["deal"] or {}, after["deal"]
    old = len(bd.get("bids") or ())
    if ad is not None and "bids" in ad:
        new = ad["bids"][old:]
    elif before["phase"] == "bidding" and action["type"] in ("bid", "pass"):
        new = _lost_bids(bd, action, voided)
    else:
        return []
    out = []
    for b in new:
        event = {"what": "pass" if b["value"] is None else "bid", "seat": b["seat"],
                 "value": b["value"], "auto": bool(b.get("auto")),
                 "blind": bool(b.get("dark") or b.get("blind"))}
        if b.get("auto") and b.get("why"):  # why the rules bid or passed (card_words.AUTO_SAID)
            event["why"] = b["why"]
            event["threshold"] = after["conventions"]["low_score_threshold"]
        if not event["auto"] and action["type"] in ("bid", "pass") and \
                b["seat"] == action["seat"]:
            event["chosen"] = True
        out.append(event)
    return out


def _lost_bids(bd, action, voided) -> list:
    """The deal ended inside the auction (everybody passed, or the winner's talon voided it) and
    took its bids with it: the seat's own bid or pass, then a pass for every seat still in but
    the winner, in turn, as the engine passes them."""
    seat = action["seat"]
    own = action["value"] if action["type"] == "bid" else None
    new = [{"seat": seat, "value": own, "blind": own is not None and not bd["looked"][seat]}]
    passed = list(bd["passed"])
    passed[seat] = True
    winner = voided["by"] if voided is not None else None
    p = next_active(bd, seat)
    for _step in bd["active"]:
        if not passed[p] and p != winner:
            passed[p] = True
            new.append({"seat": p, "value": None, "auto": True})
        p = next_active(bd, p)
    return new


def _talon(before, action, after, bd, d) -> list:
    out = []
    if d["taken"] is not None and bd.get("taken") is None:
        out.append({"what": "talon", "seat": d["declarer"],
                    "which": d["taken"] if after["n"] == 2 else None,
                    "chosen": action["type"] == "take_talon"})
    if d["talon_shown"] is not None and bd.get("talon_shown") is None:
        event = {"what": "talon_shown", "seat": d["declarer"], "shown": d["talon_shown"],
                 "chosen": action["type"] == "show_talon"}
        if d["talon_shown"]:
            event["cards"] = list(d["dealt_talons"][d["taken"]])
        out.append(event)
    return out


def _play(bd, d, action, after) -> list:
    """Announcements made with a lead, the tricks closed, the trump a marriage made."""
    out = []
    for a in d["announcements"][len(bd.get("announcements") or ()):]:
        out.append({"what": "marriage", "seat": a["seat"], "kind": a["kind"], "suit": a["suit"],
                    "value": a["value"], "chosen": True})
    for t in d["tricks"][len(bd.get("tricks") or ()):]:
        cards = [c for _seat, c in t["cards"]]
        out.append({"what": "trick", "seat": t["winner"], "points": card_points(cards),
                    "cards": cards})
    ad = after["deal"]
    if action["type"] == "play" and ad is not None and ad["trump"] != bd.get("trump"):
        # at once with the lead, or when the trick closes (`trump_takes_effect = next_trick`)
        out.append({"what": "trump_changed", "seat": ad["trump_owner"], "suit": ad["trump"]})
    return out


def _deal_end(last, row) -> dict:
    outcome = row["outcome"]
    decl = row["declarer"]
    value = row["bid"]
    if outcome == "played":
        outcome = "made" if "made" in row["marks"][decl] else "failed"
        value = row["contract"]
    return {"what": "deal_end", "seat": decl, "outcome": outcome, "value": value,
            "changes": list(row["changes"]), "totals": list(row["totals"])}


def _barrel(row) -> list:
    out = []
    for seat, marks in enumerate(row["marks"]):
        for m in marks:
            if m in ("barrel_mount", "barrel_fall"):
                out.append({"what": "barrel", "seat": seat, "on": m == "barrel_mount"})
    return out


def lines(session, events: list) -> list:
    """What the live region says of `events`, in the page's language."""
    names, person = session.names(), session.person()
    return [said(e, names, person) for e in events if heard(e, person)]


def heard(event: dict, person) -> bool:
    """Whether the page says `event` to the person at the device (`person`: their seat, or None
    when several share it): all but the person's own decisions (see the module's docstring)."""
    return not (event.get("chosen") and person is not None and event.get("seat") == person)


def sound_of(event: dict) -> str | None:
    """The name of the event's sound (assets/sound.js), or None for a silent one."""
    return SOUNDS.get(event["what"])


# --- the words --------------------------------------------------------------------------------
# (you, a name) for each event; some are the table's and the replay's own sentences, so they
# read alike and share a translation.

SAID = {
    "deal": (N_("You dealt."), N_("{name} dealt.")),
    "cut": (N_("You cut the deck."), N_("{name} cuts the deck.")),
    "look": (N_("You look at your cards."), N_("{name} looks at the cards.")),
    "blind": (N_("You stay blind."), N_("{name} stays blind.")),
    "keep": (N_("You keep your cards."), N_("{name} keeps the cards.")),
    "discard": (N_("You lay a card into the widow."), N_("{name} lays a card into the widow.")),
    "write_off": (N_("You wrote off the deal at {value}."),
                  N_("{name} wrote off the deal at {value}.")),
    "cross": (N_("You crossed the deal."), N_("{name} crossed the deal.")),
    "contract": (N_("You announce a contract of {value}."),
                 N_("{name} announces a contract of {value}.")),
    "trump": (N_("You name the trump: {suit}."), N_("{name} names the trump: {suit}.")),
    "play": (N_("You play the {card}."), N_("{name} plays the {card}.")),
    "talon_hidden": (N_("You keep the talon hidden."), N_("{name} keeps the talon hidden.")),
}
DARK = {True: (N_("You play this deal dark."), N_("{name} plays this deal dark.")),
        False: (N_("You do not play dark."), N_("{name} does not play dark."))}
BID = {"plain": (N_("You bid {value}."), N_("{name} bids {value}.")),
       "auto": (N_("You bid {value} (automatic)."), N_("{name} bids {value} (automatic).")),
       "blind": (N_("You bid {value} without looking."),
                 N_("{name} bids {value} without looking."))}
PASS = {False: (N_("You pass."), N_("{name} passes.")),
        True: (N_("You pass (automatic)."), N_("{name} passes (automatic)."))}
AUCTION = {None: (N_("You won the auction at {value}."), N_("{name} won the auction at {value}.")),
           "forced": (N_("You play for {value}."), N_("{name} plays for {value}."))}
TALON = {None: (N_("You take the talon."), N_("{name} takes the talon.")),
         0: (N_("You take talon A."), N_("{name} takes talon A.")),
         1: (N_("You take talon B."), N_("{name} takes talon B."))}
# A suit's marriage is an adjective in some languages ("червонный марьяж"): each is whole.
MARRIAGE = {
    ("marriage", "H"): (N_("You announce the hearts marriage ({value})."),
                        N_("{name} announces the hearts marriage ({value}).")),
    ("marriage", "D"): (N_("You announce the diamonds marriage ({value})."),
                        N_("{name} announces the diamonds marriage ({value}).")),
    ("marriage", "C"): (N_("You announce the clubs marriage ({value})."),
                        N_("{name} announces the clubs marriage ({value}).")),
    ("marriage", "S"): (N_("You announce the spades marriage ({value})."),
                        N_("{name} announces the spades marriage ({value}).")),
    ("bed_marriage", "H"): (N_("You announce the hearts bed marriage ({value})."),
                            N_("{name} announces the hearts bed marriage ({value}).")),
    ("bed_marriage", "D"): (N_("You announce the diamonds bed marriage ({value})."),
                            N_("{name} announces the diamonds bed marriage ({value}).")),
    ("bed_marriage", "C"): (N_("You announce the clubs bed marriage ({value})."),
                            N_("{name} announces the clubs bed marriage ({value}).")),
    ("bed_marriage", "S"): (N_("You announce the spades bed marriage ({value})."),
                            N_("{name} announces the spades bed marriage ({value}).")),
    ("ace_marriage", ""): (N_("You announce the ace marriage ({value})."),
                           N_("{name} announces the ace marriage ({value}).")),
    ("four_nines", ""): (N_("You announce four nines ({value})."),
                         N_("{name} announces four nines ({value})."))}
REDEAL = {True: (N_("You asked for a redeal ({reason})."),
                 N_("{name} asked for a redeal ({reason}).")),
          False: (N_("Your cards call for a redeal ({reason})."),
                  N_("{name}'s cards call for a redeal ({reason})."))}
DEAL_END = {"made": (N_("You made the contract of {value}."),
                     N_("{name} made the contract of {value}.")),
            "failed": (N_("You failed the contract of {value}."),
                       N_("{name} failed the contract of {value}."))}
BARREL = {True: (N_("You are on the barrel."), N_("{name} is on the barrel.")),
          False: (N_("You fell off the barrel."), N_("{name} fell off the barrel."))}
PENALTY = {"third_redeal": N_("a third redeal in a row"),
           "cutter_nine": N_("a nine at the bottom of the deck three times")}


def said(event: dict, names, person) -> str:
    """The event in words, in the language in use. `names`: the seats' names as the page shows
    them; `person`: the seat of the one person at the device (said as "you"), or None."""
    what, seat = event["what"], event.get("seat")

    def about(pair, **values):
        you, other = pair
        return _(you, **values) if seat is not None and seat == person else \
            _(other, name=names[seat], **values)

    if what in SAID:
        values = {"value": event.get("value")}
        if what == "trump":
            values["suit"] = suit_name(event["suit"])
        if what == "play":
            values["card"] = card_name(event["card"])
        return about(SAID[what], **values)
    if what == "dark":
        return about(DARK[event["dark"]])
    if what in ("bid", "pass") and event.get("why"):
        from thousand.ui.card_words import auto_said
        why = auto_said(event, {"low_score_threshold": event.get("threshold", -120)}, names,
                        person)
        if why:
            return why
    if what == "bid":
        kind = "auto" if event.get("auto") else "blind" if event.get("blind") else "plain"
        return about(BID[kind], value=event["value"])
    if what == "pass":
        return about(PASS[bool(event.get("auto"))])
    if what == "auction":
        return about(AUCTION["forced" if event.get("forced") else None], value=event["value"])
    if what == "talon":
        return about(TALON[event.get("which")])
    if what == "talon_shown":
        if not event["shown"]:
            return about(SAID["talon_hidden"])
        return _("The talon: {cards}.", cards=", ".join(card_name(c) for c in event["cards"]))
    if what == "give":
        if seat == person:
            return _("You give a card to {other}.", other=names[event["to"]])
        if event["to"] == person:
            return _("{name} gives you a card.", name=names[seat])
        return _("{name} gives a card to {other}.", name=names[seat], other=names[event["to"]])
    if what == "marriage":
        kind = event["kind"]
        suit = event["suit"] if kind in ("marriage", "bed_marriage") else ""
        return about(MARRIAGE[(kind, suit)], value=event["value"])
    if what == "trump_changed":
        return _("Trump: {suit}.", suit=suit_name(event["suit"]))
    if what == "trick":
        n = event["points"]
        if seat == person:
            return n_("You take the trick, {n} point.", "You take the trick, {n} points.", n)
        return n_("{name} takes the trick, {n} point.", "{name} takes the trick, {n} points.", n,
                  name=names[seat])
    if what == "redeal":
        return about(REDEAL[bool(event.get("asked"))], reason=redeal_reason(event["reason"]))
    if what == "penalty":
        why = PENALTY.get(event["reason"])
        return about((N_("You lose {value} points: {reason}."),
                      N_("{name} loses {value} points: {reason}.")),
                     value=event["value"], reason=_(why) if why else event["reason"])
    if what == "deal_end":
        return _deal_end_said(event, names, person, about)
    if what == "barrel":
        return about(BARREL[event["on"]])
    if what == "game_over":
        return winners_said(event["winners"], names, person)
    raise ValueError(f"no words for the event {what!r}")


def _deal_end_said(event, names, person, about) -> str:
    outcome = event["outcome"]
    if outcome == "redeal":
        return _("The same dealer deals again.")
    if outcome == "all_pass":
        return _("Everybody passed: the deal is not played.")
    changes = ", ".join(
        _("you: {change}", change=signed(c)) if p == person else
        _("{name}: {change}", name=names[p], change=signed(c))
        for p, c in enumerate(event["changes"]))
    head = about(DEAL_END[outcome], value=event["value"]) if outcome in DEAL_END else ""
    tail = _("Changes: {changes}.", changes=changes)
    return f"{head} {tail}" if head else tail  # a write-off or a cross said already who did it
