"""The bid grid and the limits on bids and contracts (R20, R24, R31 and §4.3)."""
from thousand.cards.marriages import bid_limit_marriages, holds_marriage
from thousand.errors import Phrase
from thousand.i18n import N_

MIN_BID = 100
# why a bid is off the grid, by `bid_step`
STEPS = {"10": N_("bids go in steps of 10"),
         "5_then_10_from_200": N_("bids from 200 go in steps of 10"),
         "5": N_("bids go in steps of 5")}
# what R24 (or max_bid) says of a bid, and of a raised contract: (over max_bid, no marriage, cap)
BID_LIMITS = (N_("the highest bid is {top}"), N_("a bid above 120 needs a marriage in your hand"),
              N_("your marriages allow bids up to {top}"))
CONTRACT_LIMITS = (N_("the highest contract is {top}"),
                   N_("a contract above 120 needs a marriage in your hand"),
                   N_("your marriages allow contracts up to {top}"))


def on_grid(conv, value: int) -> bool:
    step = conv["bid_step"]
    if value % 5:
        return False
    if step == "10":
        return value % 10 == 0
    if step == "5_then_10_from_200":
        return value < 200 or value % 10 == 0
    return True


def next_on_grid(conv, value: int) -> int:
    """The smallest grid value above `value` (an off-grid 121 leads to 125, §4.3 bid_step)."""
    v = value + 1
    while not on_grid(conv, v):
        v += 1
    return v


def ceiling(conv, hand, *, dark_outbid: bool = False) -> int:
    """The highest bid this hand allows; a bid above 120 needs a marriage under `over_120`/`cap`,
    and always when it would un-darken a dark player (D3)."""
    top = conv["max_bid"] or 10_000
    mode = conv["bid_marriage_limit"]
    if mode == "cap":
        top = min(top, 120 + bid_limit_marriages(conv, hand))
    if (mode != "none" or dark_outbid) and not holds_marriage(conv, hand):
        top = min(top, 120)
    return top


def why_not_bid(conv, value, high, hand, *, dark_outbid=False, cap=None) -> Phrase | None:
    """The reason a bid is refused, or None. `high` is the standing high bid (None before any)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return Phrase(N_("a bid is a whole number"))
    if value < MIN_BID:
        return Phrase(N_("the lowest bid is {lowest}"), lowest=MIN_BID)
    if not on_grid(conv, value):
        return Phrase(STEPS.get(conv["bid_step"], STEPS["5"]))
    if high is not None:
        least = next_on_grid(conv, high)
        if value < least:
            return Phrase(N_("you must bid at least {least}"), least=least)
        if not conv["bid_jumps"] and value != least:
            return Phrase(N_("jumps are not allowed: the next bid is {least}"), least=least)
    if cap is not None and value > cap:
        return Phrase(N_("you may not bid above {cap} on the barrel"), cap=cap)
    return _above_ceiling(conv, value, hand, BID_LIMITS, dark_outbid=dark_outbid)


def _above_ceiling(conv, value, hand, words, *, dark_outbid=False) -> Phrase | None:
    """Why `value` breaks R24 (or `max_bid`) for this hand; the same limits bind bids and a
    raised contract (`words`: BID_LIMITS or CONTRACT_LIMITS)."""
    top = ceiling(conv, hand, dark_outbid=dark_outbid)
    if value <= top:
        return None
    if conv["max_bid"] and value > conv["max_bid"]:
        return Phrase(words[0], top=conv["max_bid"])
    if value > 120 and not holds_marriage(conv, hand):
        return Phrase(words[1])
    return Phrase(words[2], top=top)


def bid_candidates(conv, high, hand, *, dark_outbid=False, cap=None) -> list:
    start = MIN_BID if high is None else next_on_grid(conv, high)
    top = ceiling(conv, hand, dark_outbid=dark_outbid)
    if cap is not None:
        top = min(top, cap)
    out = []
    v = start
    while v <= top:
        if why_not_bid(conv, v, high, hand, dark_outbid=dark_outbid, cap=cap) is None:
            out.append(v)
            if not conv["bid_jumps"] and high is not None:
                break
        v = next_on_grid(conv, v)
    return out


def why_not_contract(conv, value, bid, hand, *, fixed: bool) -> Phrase | None:
    """R31: at least the winning bid, on the grid, and a raise within R24 on the current hand.
    `fixed` is a contract that may not be raised (dark, golden: §4.4, §4.10)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return Phrase(N_("a contract is a whole number"))
    if value < bid:
        return Phrase(N_("the contract cannot be lower than the winning bid {bid}"), bid=bid)
    if value == bid:
        return None
    if fixed:
        return Phrase(N_("this contract cannot be raised above {bid}"), bid=bid)
    if not on_grid(conv, value):
        return Phrase(N_("the contract must be on the bid grid"))
    return _above_ceiling(conv, value, hand, CONTRACT_LIMITS)


def contract_candidates(conv, bid, hand, *, fixed: bool) -> list:
    out = [bid]
    if fixed:
        return out
    v = next_on_grid(conv, bid)
    top = ceiling(conv, hand)
    while v <= top:
        out.append(v)
        v = next_on_grid(conv, v)
    return out
