"""The rules in the player's words: why a card is refused (R38 and its conventions `must_trump`,
`must_beat`, `no_lead_foreign_trump`, `ace_marriage_lead_all`) and why the rules bid or passed
for a seat (`forced_100`, R25 `low_score_rule`, the barrel's `auto_bid`).

The engine gives a code and its facts (a refusal's `code` and `facts`, thousand.errors; an
automatic bid's "why"); each is worded here whole, one sentence a suit where a suit is named, so
every language can put the suit in the case its grammar wants ("у вас нет червей"). A reason
this module does not know is worded from the engine's template (thousand.i18n.reason)."""
from thousand.i18n import N_, _, number, reason

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
    from thousand.errors import IllegalAction
    to_act = session.to_act()
    if to_act is None or to_act != seat:
        if to_act is None:
            return _("Nobody plays a card now.")
        return _("It is not your turn: {name} plays now.", name=session.names()[to_act])
    if session.state["phase"] != "play":
        return _("Cards are played once the contract is set.")
    try:
        session.engine()[0].apply(session.state, {"type": "play", "seat": seat, "card": card})
    except IllegalAction as exc:
        return refusal(exc)
    return _("That card cannot be played now.")


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
