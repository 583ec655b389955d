"""A redeal asked for, or owed (R13–R18, §4.2): which hand may ask, and what voiding the deal does.
The windows that ask (W1 and W3 in opening, W2 in exchange) both come here, so neither of those
modules needs the other.

A reason is a code with its values, as dealing gives it ({"code": "low_hand", "under": 14}), or
one of the four-aces codes below; the state keeps it as it is."""
from thousand.cards import dealing
from thousand.cards.settlement import charge

FOUR_ACES_DEALT = {"code": "four_aces_dealt"}  # redeal_four_aces: dealt so (W1)
FOUR_ACES = {"code": "four_aces"}  # redeal_four_aces = dealt_or_talon: the talon completed them


def hand_reason(s, seat, window):
    d = s["deal"]
    return dealing.hand_qualifies(s["conventions"], d["hands"][seat],
                                  is_sitter_w1=(seat == d["sitter"]), window=window)


def void_first_qualifying(s, seats, window) -> bool:
    """`redeal_mandatory = all`: the deal is void by the first of `seats` whose hand qualifies
    (R13, §4.2), never by a hand that does not. True if the deal was voided (or the game ended
    on the third-redeal charge)."""
    for p in seats:
        reason = hand_reason(s, p, window)
        if reason:
            return void(s, p, reason)
    return False


def void(s, seat, reason: dict) -> bool:
    """A redeal request (or a mandatory one): void the deal, the same dealer deals again (R17).
    A third one in a row under `third_redeal_penalty` is refused with a charge to the dealer."""
    conv, d = s["conventions"], s["deal"]
    if conv["third_redeal_penalty"] and s["redeals_in_row"] >= 2:
        s["score"], _ = charge(conv, s["score"], d["dealer"], conv["third_redeal_penalty"],
                               "third_redeal")
        d["redeal_refused"] = True
        if s["score"]["over"]:
            s["phase"] = "game_over"
            return True
        return False
    s["redeals_in_row"] += 1
    s["last_deal"] = {"dealer": d["dealer"], "voided": True, "by": seat, "reason": dict(reason),
                      "hands": d["dealt"], "talons": d["dealt_talons"]}
    s["prev_deck"] = dealing.gathered(d, s["n"])
    s["deal"] = None
    s["phase"] = "deal"
    return True
