"""From the shuffle to the first bid: the cut (R9–R10), the deal (R11), the dark question (D1),
the redeal windows W1 and W3 (R13–R16; what a redeal does is thousand.cards.redeals), and deals
without an auction (golden G2, barrel §4.9.1, obligatory game §4.9.2)."""

from thousand import rng
from thousand.cards import auction, dealing, trickplay
from thousand.cards import score as scoring
from thousand.cards.cards import rank
from thousand.cards.redeals import FOUR_ACES_DEALT, hand_reason, void, void_first_qualifying
from thousand.cards.settlement import charge
from thousand.errors import IllegalAction
from thousand.i18n import N_


def _deal_from_deck(s):
    conv, n, d = s["conventions"], s["n"], s["deal"]
    positions, d["rng"] = dealing.talon_positions(conv, n, d["rng"])
    d["hands"], d["talons"] = dealing.deal_cards(conv, n, d["dealer"], d["deck"], positions)
    d["positions"] = positions
    after_dealt(s)


def after_dealt(s):
    conv, d, score = s["conventions"], s["deal"], s["score"]
    n = s["n"]
    d["dealt"] = [sorted(h) for h in d["hands"]]
    d["dealt_talons"] = [list(t) for t in d["talons"]]
    d.update(bids=[], passed=[False] * n, looked=[True] * n, dark_player=None, dark=False,
             declarer=None, bid=None, contract=None, uncontested=False, talon_shown=None,
             taken=None, given={}, discards=[], widow=[], trump=None, trump_owner=None,
             pending_trump=None, tricks=[], trick=[], announcements=[], redeal_refused=False,
             forced=None, w2=None)
    d["golden"] = scoring.deal_is_golden(conv, score)
    d["forced"] = scoring.forced_declarer(conv, score, d["dealer"])
    if conv["dark_bidding"] and d["forced"] is None:
        # B1: the cards stay face down only while there is an auction to bid in blind; a deal
        # without one (G2, §4.9.1, §4.9.2) is picked up and seen, as every card must be given
        # or played by a player who can see it
        d["looked"] = [False] * n
    asked = []
    if conv["dark_game"] and d["forced"] is None and not d["golden"]:
        order = [d["sitter"]] if conv["dark_who"] == "sitter" else d["active"]
        asked = [p for p in order if scoring.may_go_dark(conv, score, p, False)]
    if asked:
        d["queue"] = asked
        s["phase"] = "dark"
        d["looked"] = [False] * n  # D1: asked before anyone has seen his cards
        return
    _open_w1(s)


def _open_w1(s):
    conv, d = s["conventions"], s["deal"]
    queue = []
    if conv["redeal_hand_windows"] in ("before_bidding", "both"):
        for p in d["active"]:
            # B3: under dark bidding everyone is asked (look, or stay blind), so being asked
            # tells an unseen hand nothing; a qualifying hand is offered the redeal once seen
            if p != d["dark_player"] and (not d["looked"][p] or hand_reason(s, p, "W1")):
                queue.append(p)
    if conv["redeal_four_aces"] != "off":
        for p in d["active"]:
            if dealing.four_aces(d["hands"][p]) and not d["redeal_refused"]:
                if void(s, p, FOUR_ACES_DEALT):  # they must be shown: the deal is void
                    return
    if conv["redeal_mandatory"] == "all" and queue:
        # nobody has a choice: the first hand that qualifies voids the deal, the others (asked
        # only to look, under dark bidding) have nothing to answer
        if void_first_qualifying(s, queue, "W1"):
            return
        queue = []
    if queue and not d["redeal_refused"]:
        d["queue"], d["window"] = queue, "W1"
        s["phase"] = "redeal"
        return
    auction.start_bidding(s)


def legal_cut(s):
    seat = s["deal"]["cutter"]
    return [{"type": "cut", "seat": seat, "k": k} for k in range(1, 24)]


def apply_cut(s, a):
    conv, d = s["conventions"], s["deal"]
    k = a.get("k")
    if a["type"] != "cut" or not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 23:
        raise IllegalAction(N_("cut the deck: k is a number of cards from 1 to 23"))
    d["deck"] = dealing.cut(d["deck"], k)
    d["cuts"].append(k)
    if s["n"] != 4:  # F3: the resting dealer gets no card, so the bottom card is not checked
        bottom = rank(d["deck"][-1])
        if bottom == "9" and conv["bottom_nine_recut"]:
            d["nines"] += 1
            if d["nines"] < 3:
                return  # R10(a): the same player cuts again
            if conv["cutter_nine_penalty"]:
                s["score"], _ = charge(conv, s["score"], d["cutter"],
                                       conv["cutter_nine_penalty"], "cutter_nine")
                if s["score"]["over"]:
                    s["phase"] = "game_over"
                    return
        elif bottom == "J" and conv["bottom_jack"] == "marry":
            d["deck"] = dealing.marry_jack(d["deck"])  # R10(b)
        elif bottom == "J" and conv["bottom_jack"] == "dealer_cuts_once":
            k2, d["rng"] = rng.below(d["rng"], 23)
            d["deck"] = dealing.cut(d["deck"], k2 + 1)
            d["cuts"].append(k2 + 1)
    _deal_from_deck(s)


def legal_dark(s):
    seat = s["deal"]["queue"][0]
    return [{"type": "dark", "seat": seat, "dark": choice} for choice in (True, False)]


def apply_dark(s, a):
    d = s["deal"]
    if a["type"] != "dark" or not isinstance(a.get("dark"), bool):
        raise IllegalAction(N_("say whether you play dark (dark: true or false)"))
    seat = d["queue"].pop(0)
    if a["dark"]:
        d["dark_player"], d["queue"] = seat, []
    if not d["queue"]:
        blind = s["conventions"]["dark_bidding"]
        d["looked"] = [not (blind or p == d["dark_player"]) for p in range(s["n"])]
        _open_w1(s)


def legal_redeal(s):
    d = s["deal"]
    seat = d["queue"][0]
    if not d["looked"][seat]:
        return [{"type": "look", "seat": seat}, {"type": "keep", "seat": seat}]
    return [{"type": "redeal", "seat": seat}, {"type": "keep", "seat": seat}]


def apply_redeal(s, a):
    d = s["deal"]
    seat = d["queue"][0]
    if a["type"] == "look" and not d["looked"][seat]:
        d["looked"][seat] = True
        if hand_reason(s, seat, d["window"]):
            return  # now he may ask for the redeal he can see he is entitled to
        a = {"type": "keep"}
    if a["type"] == "redeal" and not d["looked"][seat]:
        raise IllegalAction(N_("look at your cards before asking for a redeal (B3)"))
    if a["type"] not in ("redeal", "keep"):
        raise IllegalAction(N_("answer whether you want a redeal (redeal or keep)"))
    window = d["window"]
    reason = hand_reason(s, seat, window)
    if a["type"] == "redeal" and not reason:
        raise IllegalAction(N_("your hand does not qualify for a redeal (R13)"))
    d["queue"].pop(0)
    if a["type"] == "redeal":
        if void(s, seat, reason):
            return
        d["queue"] = []
    if d["queue"]:
        return
    if window == "W1":
        auction.start_bidding(s)
    else:
        trickplay.open_play(s)
