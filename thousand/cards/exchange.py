"""The declarer's part between the auction and the first lead: the talon (R27, T5), the redeal
window W2, writing off or crossing (R34, §4.5.1), passing cards (R30, T7), the contract (R31)
and, under `trump_mode = declarer_names`, the trump."""

from thousand.cards import bidding, closing, dealing, redeals, trickplay
from thousand.cards import score as scoring
from thousand.cards.cards import SUITS, rank
from thousand.errors import IllegalAction, shown
from thousand.i18n import N_

# too late for these once the declarer has passed a card or announced his contract
TOO_LATE = {
    "redeal": N_("too late to redeal: you have started passing cards or announced the contract"),
    "write_off": N_("too late to write off: you have started passing cards or announced the "
                    "contract"),
    "cross": N_("too late to cross: you have started passing cards or announced the contract"),
}


def take_talon(s):
    d = s["deal"]
    if s["n"] == 2:
        s["phase"] = "talon"
        d["talon_step"] = "choose"
        return
    _add_talon(s, 0)


def _add_talon(s, index):
    d = s["deal"]
    d["taken"] = index
    d["hands"][d["declarer"]] += d["talons"][index]
    d["talons"][index] = []
    hidden = _talon_hidden(s)
    if hidden is None:
        s["phase"] = "talon"
        d["talon_step"] = "show"
        return
    d["talon_shown"] = not hidden
    _open_exchange(s)


def _talon_hidden(s):
    """True/False, or None when the declarer chooses (`choice_at_100`)."""
    conv, d = s["conventions"], s["deal"]
    kind = d["forced"][2] if d["forced"] else None
    if d["dark"] or (kind == "golden" and conv["golden_dark"]):
        return True
    if kind in ("obligatory", "barrel", "golden"):
        return False
    mode = conv["talon_reveal"]
    if mode == "always":
        return False
    if mode == "hidden_if_sitter":
        return d["declarer"] == d["sitter"]
    if mode == "hidden_at_100":
        return d["uncontested"]
    return None if d["uncontested"] else False


def legal_talon(s):
    d = s["deal"]
    seat = d["declarer"]
    if d["talon_step"] == "choose":
        return [{"type": "take_talon", "seat": seat, "talon": i} for i in (0, 1)]
    return [{"type": "show_talon", "seat": seat, "show": v} for v in (True, False)]


def apply_talon(s, a):
    d = s["deal"]
    if d["talon_step"] == "choose":
        if a["type"] != "take_talon" or a.get("talon") not in (0, 1):
            raise IllegalAction(N_("choose talon 0 or 1"))
        _add_talon(s, a["talon"])
        return
    if a["type"] != "show_talon" or not isinstance(a.get("show"), bool):
        raise IllegalAction(N_("say whether to show the talon (show: true or false)"))
    d["talon_shown"] = a["show"]
    _open_exchange(s)


def _open_exchange(s):
    conv, d = s["conventions"], s["deal"]
    s["phase"] = "exchange"
    decl = d["declarer"]
    talon = d["dealt_talons"][d["taken"]]
    reason = None
    if s["n"] != 2:
        reason = dealing.talon_qualifies(conv, talon, uncontested=d["uncontested"])
    talon_reason = reason
    reason = reason or redeals.hand_reason(s, decl, "W2")
    if conv["redeal_four_aces"] == "dealt_or_talon" and dealing.four_aces(d["hands"][decl]) \
            and not d["redeal_refused"]:
        if redeals.void(s, decl, redeals.FOUR_ACES):
            return
    mandatory = conv["redeal_mandatory"]
    if reason and not d["redeal_refused"] and \
            (mandatory == "all" or (mandatory == "talon_only" and talon_reason)):
        if redeals.void(s, decl, reason):
            return
        reason = None
    d["w2"] = None if d["redeal_refused"] else reason


def _opponents(d):
    return [p for p in d["active"] if p != d["declarer"]]


def _exchange_done(s) -> bool:
    conv, d = s["conventions"], s["deal"]
    if s["n"] != 2:
        return len(d["given"]) == len(_opponents(d))
    ex = conv["two_exchange"]
    want_give, want_discard = {"discard_two": (0, 2), "give_one": (1, 0), "one_each": (1, 1)}[ex]
    return len(d["given"]) == want_give and len(d["discards"]) == want_discard


def _exchange_started(d) -> bool:
    return bool(d["given"]) or bool(d["discards"]) or d["contract"] is not None


def _must_pass_ace(s) -> bool:
    """`dealt_else_give_ace`: four aces completed by the talon oblige the declarer to pass one."""
    conv, d = s["conventions"], s["deal"]
    if conv["redeal_four_aces"] != "dealt_else_give_ace":
        return False
    decl = d["declarer"]
    held = dealing.four_aces(d["hands"][decl])
    passed_ace = any(rank(c) == "A" for c in d["given"].values())
    return held and not passed_ace


def legal_exchange(s):
    conv, d = s["conventions"], s["deal"]
    seat, out = d["declarer"], []
    if not _exchange_started(d):
        if d["w2"]:
            out.append({"type": "redeal", "seat": seat})
        if scoring.may_write_off(conv, s["score"], seat, d["golden"], d["dark"]):
            out.append({"type": "write_off", "seat": seat})
        if scoring.may_cross(conv, s["score"], seat, d["golden"], d["dark"]):
            out.append({"type": "cross", "seat": seat})
    if conv["contract_timing"] == "before_pass" and d["contract"] is None:
        out += contract_actions(s)
        return out
    hand = d["hands"][seat]
    cards = sorted(hand)
    if _must_pass_ace(s) and len(d["given"]) == len(_opponents(d)) - 1:
        cards = [c for c in cards if rank(c) == "A"]
    if s["n"] != 2 or conv["two_exchange"] in ("give_one", "one_each"):
        for p in _opponents(d):
            if str(p) not in d["given"]:
                out += [{"type": "give", "seat": seat, "card": c, "to": p} for c in cards]
    if s["n"] == 2 and conv["two_exchange"] in ("discard_two", "one_each"):
        limit = 2 if conv["two_exchange"] == "discard_two" else 1
        if len(d["discards"]) < limit:
            out += [{"type": "discard", "seat": seat, "card": c} for c in cards]
    return out


def apply_exchange(s, a):
    conv, d = s["conventions"], s["deal"]
    seat, kind = d["declarer"], a["type"]
    if kind in ("redeal", "write_off", "cross"):
        if _exchange_started(d):
            raise IllegalAction(TOO_LATE[kind])
        if kind == "redeal":
            if not d["w2"]:
                raise IllegalAction(N_("neither your hand nor the talon qualifies for a redeal"))
            redeals.void(s, seat, d["w2"])
            if s["phase"] == "exchange":
                d["w2"] = None
            return
        allowed = (scoring.may_write_off if kind == "write_off" else scoring.may_cross)(
            conv, s["score"], seat, d["golden"], d["dark"])
        if not allowed:
            raise IllegalAction(
                N_("you may not write off this deal under the conventions and your position")
                if kind == "write_off" else
                N_("you may not cross this deal under the conventions and your position"))
        closing.finish(s, {"outcome": kind, "declarer": seat, "bid": d["bid"], "contract": d["bid"]})
        return
    if kind == "contract":
        if conv["contract_timing"] != "before_pass" or d["contract"] is not None:
            raise IllegalAction(N_("the contract is announced after passing the cards"))
        apply_contract(s, a)
        return
    if conv["contract_timing"] == "before_pass" and d["contract"] is None:
        raise IllegalAction(N_("announce the contract before passing cards"))
    card = a.get("card")
    if card not in d["hands"][seat]:
        raise IllegalAction(N_("{card} is not in your hand"), card=repr(card))
    if kind == "give":
        to = a.get("to")
        if to not in _opponents(d) or (s["n"] == 2 and conv["two_exchange"] == "discard_two"):
            raise IllegalAction(N_("give a card to an opponent in this deal"))
        if str(to) in d["given"]:
            raise IllegalAction(N_("that opponent already has a card from you"))
        if _must_pass_ace(s) and len(d["given"]) == len(_opponents(d)) - 1 and rank(card) != "A":
            raise IllegalAction(N_("with four aces completed by the talon you must pass an ace"))
        d["hands"][seat].remove(card)
        d["hands"][to].append(card)
        d["given"][str(to)] = card
    elif kind == "discard":
        limit = {"discard_two": 2, "one_each": 1}.get(conv["two_exchange"], 0)
        if s["n"] != 2 or len(d["discards"]) >= limit:
            raise IllegalAction(N_("no card is discarded in this deal"))
        d["hands"][seat].remove(card)
        d["discards"].append(card)
    else:
        raise IllegalAction(N_("now pass your cards (give or discard), not {given}"),
                            given=shown(kind))
    if _exchange_done(s):
        d["widow"] = d["discards"] + [c for t in d["talons"] for c in t]
        d["talons"] = [[] for _ in d["talons"]]
        if d["contract"] is None:
            s["phase"] = "contract"
        else:
            _after_contract(s)


def _contract_fixed(s) -> bool:
    conv, d = s["conventions"], s["deal"]
    if d["dark"]:
        return not conv["dark_can_raise"]
    if d["forced"] and d["forced"][2] == "golden":
        return not conv["golden_can_raise"]
    return False


def contract_actions(s):
    d = s["deal"]
    return [{"type": "contract", "seat": d["declarer"], "value": v}
            for v in bidding.contract_candidates(s["conventions"], d["bid"],
                                                 d["hands"][d["declarer"]],
                                                 fixed=_contract_fixed(s))]


def apply_contract(s, a):
    d = s["deal"]
    if a["type"] != "contract":
        raise IllegalAction(N_("announce the contract"))
    why = bidding.why_not_contract(s["conventions"], a.get("value"), d["bid"],
                                   d["hands"][d["declarer"]], fixed=_contract_fixed(s))
    if why:
        raise IllegalAction(why)
    d["contract"] = a["value"]
    if s["phase"] == "contract":
        _after_contract(s)


def _after_contract(s):
    """`trump_mode = declarer_names`: the trump is named right after the contract (§4.7)."""
    if s["conventions"]["trump_mode"] == "declarer_names" and s["deal"]["trump"] is None:
        s["phase"] = "trump"
        return
    _open_w3(s)


def _open_w3(s):
    conv, d = s["conventions"], s["deal"]
    queue = []
    if conv["redeal_hand_windows"] in ("after_pass", "both") and not d["redeal_refused"]:
        queue = [p for p in _opponents(d) if redeals.hand_reason(s, p, "W3")]
    if queue and conv["redeal_mandatory"] == "all":
        if redeals.void_first_qualifying(s, queue, "W3"):
            return
        queue = []
    if queue:
        d["queue"], d["window"] = queue, "W3"
        s["phase"] = "redeal"
        return
    trickplay.open_play(s)


def apply_trump(s, a):
    d = s["deal"]
    if a["type"] != "name_trump" or a.get("suit") not in SUITS:
        raise IllegalAction(N_("name the trump suit: H, D, C or S"))
    d["trump"], d["trump_owner"] = a["suit"], d["declarer"]
    _open_w3(s)


def legal_trump(s):
    return [{"type": "name_trump", "seat": s["deal"]["declarer"], "suit": x} for x in SUITS]
