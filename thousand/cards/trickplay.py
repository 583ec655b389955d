"""The tricks (R37–R45): who may lead or follow with what, announcements and the trump."""

from thousand.cards import closing, dealing, tricks
from thousand.cards.cards import rank, suit
from thousand.cards.marriages import (announcement_sets_trump, announcement_value,
                                      announcements_for_lead)
from thousand.errors import IllegalAction, Phrase, shown
from thousand.i18n import N_

# why leading a card does not make the announcement asked for, one sentence for each kind
NOT_MADE = {
    "marriage": N_("leading {card} does not make a marriage with your hand"),
    "bed_marriage": N_("leading {card} does not make a bed marriage with your hand"),
    "ace_marriage": N_("leading {card} does not make an ace marriage with your hand"),
    "four_nines": N_("leading {card} does not make four nines with your hand"),
}


def open_play(s):
    conv, d = s["conventions"], s["deal"]
    first = conv["first_lead"]
    d["turn"] = {"declarer": d["declarer"], "left_of_dealer": d["sitter"],
                 "dealer": d["dealer"]}[first]
    d["trick_trump"] = d["trump"]
    s["phase"] = "play"


def _won_tricks(d, seat) -> int:
    return sum(1 for t in d["tricks"] if t["winner"] == seat)


def _may_announce(s, seat) -> bool:
    conv, d = s["conventions"], s["deal"]
    return conv["marriage_timing"] == "from_first_lead" or _won_tricks(d, seat) > 0


def _lead_options(s, seat, card):
    """Every way to lead `card`: plain, or with each announcement it allows (and, under
    `marriage_trump_choice`, keeping the trump)."""
    conv, d = s["conventions"], s["deal"]
    out = [(None, False)]
    if _may_announce(s, seat):
        used = [(x["kind"], x["suit"]) for x in d["announcements"] if x["seat"] == seat]
        for kind, _suit in announcements_for_lead(conv, d["hands"][seat], card, used):
            out.append((kind, False))
            if conv["marriage_trump_choice"] and announcement_sets_trump(conv, kind):
                out.append((kind, True))
    return out


def _why_not_lead(s, seat, card, announce):
    conv, d = s["conventions"], s["deal"]
    hand = d["hands"][seat]

    def trump_rule(c, own_trump=False):
        return tricks.why_not_lead(conv, hand, c, d["trump"], d["trump_owner"], seat, own_trump)

    # `ace_marriage_lead_all` binds the aces he may lead: an ace of someone else's trump stays
    # barred by `no_lead_foreign_trump`, and the duty must not leave him with no lead at all
    if d.get("ace_duty") == seat and rank(card) != "A" and \
            any(rank(c) == "A" and trump_rule(c) is None for c in hand):
        return Phrase(N_("after an ace marriage you must lead your aces first"),
                      rule="ace_duty")
    own_trump = announce in ("marriage", "bed_marriage") and suit(card) == d["trump"]
    return trump_rule(card, own_trump)


def legal_play(s):
    conv, d = s["conventions"], s["deal"]
    seat = d["turn"]
    hand = sorted(d["hands"][seat])
    out = []
    if not d["trick"]:
        for c in hand:
            for kind, keep in _lead_options(s, seat, c):
                if _why_not_lead(s, seat, c, kind) is None:
                    a = {"type": "play", "seat": seat, "card": c}
                    if kind:
                        a["announce"] = kind
                        if keep:
                            a["keep_trump"] = True
                    out.append(a)
        return out
    for c in hand:
        if tricks.why_not_follow(conv, hand, d["trick"], d["trick_trump"], c) is None:
            out.append({"type": "play", "seat": seat, "card": c})
    return out


def apply_play(s, a):
    conv, d = s["conventions"], s["deal"]
    seat, card = a["seat"], a.get("card")
    if a["type"] != "play":
        raise IllegalAction(N_("play a card"))
    hand = d["hands"][seat]
    if card not in hand:
        raise IllegalAction(N_("{card} is not in your hand"), card=repr(card))
    announce, keep = a.get("announce"), bool(a.get("keep_trump", False))
    if d["trick"]:
        if announce:
            raise IllegalAction(N_("you can announce only when you lead (R41)"))
        why = tricks.why_not_follow(conv, hand, d["trick"], d["trick_trump"], card)
        if why:
            raise IllegalAction(why)
    else:
        if announce and (announce, keep) not in _lead_options(s, seat, card):
            raise IllegalAction(_why_no_announce(s, seat, card, announce))
        why = _why_not_lead(s, seat, card, announce)
        if why:
            raise IllegalAction(why)
        d["trick_trump"] = d["trump"]
        if announce:
            _announce(s, seat, card, announce, keep)
    hand.remove(card)
    d["trick"].append([seat, card])
    if len(d["trick"]) < len(d["active"]):
        d["turn"] = dealing.next_active(d, seat)
        return
    _close_trick(s)


def _why_no_announce(s, seat, card, announce):
    if not _may_announce(s, seat):
        return Phrase(N_("you may announce only after you have taken a trick (R41)"),
                      rule="announce_after_trick")
    if announce not in NOT_MADE:
        return Phrase(N_("unknown announcement {given}"), given=shown(announce))
    return Phrase(NOT_MADE[announce], card=card)


def _announce(s, seat, card, kind, keep):
    conv, d = s["conventions"], s["deal"]
    ann_suit = suit(card) if kind in ("marriage", "bed_marriage", "ace_marriage") else ""
    value = announcement_value(conv, kind, suit(card))
    if conv["marriage_points_to"] == "declarer_only" and seat != d["declarer"]:
        value = 0
    d["announcements"].append({"seat": seat, "kind": kind,
                               "suit": suit(card) if kind != "four_nines" else "",
                               "value": value, "trick": len(d["tricks"]) + 1})
    if kind == "ace_marriage" and conv["ace_marriage_lead_all"]:
        d["ace_duty"] = seat
    if keep or not announcement_sets_trump(conv, kind):
        return
    if conv["trump_takes_effect"] == "next_trick":
        d["pending_trump"] = [ann_suit, seat]
    else:
        d["trump"], d["trump_owner"] = ann_suit, seat
        d["trick_trump"] = ann_suit


def _close_trick(s):
    d = s["deal"]
    won = tricks.trick_winner(d["trick"], d["trick_trump"])
    winner = d["trick"][won][0]
    d["tricks"].append({"leader": d["trick"][0][0], "cards": d["trick"], "winner": winner,
                        "trump": d["trick_trump"]})
    d["trick"] = []
    if d["pending_trump"]:
        d["trump"], d["trump_owner"] = d["pending_trump"]
        d["pending_trump"] = None
    d["trick_trump"] = d["trump"]
    d["turn"] = winner
    if any(d["hands"][p] for p in d["active"]):
        return
    closing.finish(s, {"outcome": "played", "declarer": d["declarer"], "bid": d["bid"],
                "contract": d["contract"]})
