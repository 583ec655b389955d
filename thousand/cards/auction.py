"""The auction (R19–R26, §4.3, dark play §4.4): whose turn it is, automatic passes, and who
wins the talon."""

from thousand.cards import bidding, closing, dealing, exchange
from thousand.cards import score as scoring
from thousand.errors import IllegalAction, shown
from thousand.i18n import N_


def start_bidding(s):
    conv, d, score = s["conventions"], s["deal"], s["score"]
    if d["forced"]:
        seat, contract, kind = d["forced"]
        d["declarer"], d["bid"] = seat, contract
        exchange.take_talon(s)
        return
    d["high"], d["high_seat"], d["voluntary"] = None, None, []
    if d["dark_player"] is not None:
        if conv["forced_100"] and d["dark_player"] != d["sitter"]:
            d["bids"].append({"seat": d["sitter"], "value": 100, "auto": True,
                              "why": "forced_100"})
        d["high"], d["high_seat"], d["dark"] = 120, d["dark_player"], True
        d["bids"].append({"seat": d["dark_player"], "value": 120, "dark": True})
    elif conv["barrel"] and conv["barrel_mode"] == "auto_bid" and _barrel_bidder(s) is not None:
        d["high"], d["high_seat"] = scoring.b_need(conv), _barrel_bidder(s)
        d["bids"].append({"seat": d["high_seat"], "value": d["high"], "auto": True,
                          "why": "barrel"})
    elif conv["forced_100"]:
        d["high"], d["high_seat"] = 100, d["sitter"]
        d["bids"].append({"seat": d["sitter"], "value": 100, "auto": True, "why": "forced_100"})
    for p in range(s["n"]):
        if p not in d["active"]:
            d["passed"][p] = True
    d["barred"] = [scoring.barred_from_bidding(conv, score, p) for p in range(s["n"])]
    if not conv["forced_100"] and all(d["barred"][p] for p in d["active"]):
        # [engine] R25 may not bar every player: with no forced 100 to stand, every deal would
        # be passed out for ever. When all are below the threshold, nobody is barred this deal.
        d["barred"] = [False] * s["n"]
    d["others_must_pass"] = None
    s["phase"] = "bidding"
    first = d["sitter"] if not conv["forced_100"] else dealing.next_active(d, d["sitter"])
    _advance_bidding(s, first)


def _barrel_bidder(s):
    for seat in scoring.barrel_players(s["conventions"], s["score"]):
        if seat in s["deal"]["active"]:
            return seat
    return None


def _advance_bidding(s, seat):
    """Give the turn to `seat` or the next player who may speak; passes the ones who must pass
    (R25, `others_must_pass`) and ends the auction when one player is left (R23)."""
    d = s["deal"]
    for _ in range(2 * len(d["active"]) + 1):
        live = [p for p in d["active"] if not d["passed"][p]]
        if not live:
            _end_auction(s, None)
            return
        if d["high_seat"] is not None and live == [d["high_seat"]]:
            _end_auction(s, d["high_seat"])
            return
        if d["passed"][seat] or seat == d["high_seat"]:
            seat = dealing.next_active(d, seat)
            continue
        if d["barred"][seat] or (d["others_must_pass"] is not None
                                 and seat != d["others_must_pass"]):
            d["passed"][seat] = True
            # why the rules pass for him, for the page to say (a code, worded there)
            why = {"why": "below_threshold"} if d["barred"][seat] else \
                {"why": "others_must_pass", "by": d["others_must_pass"]}
            d["bids"].append({"seat": seat, "value": None, "auto": True, **why})
            seat = dealing.next_active(d, seat)
            continue
        d["turn"] = seat
        return
    raise AssertionError("bidding found nobody to speak")  # cannot happen: see the loop's exits


def _bid_cap(s, seat):
    conv = s["conventions"]
    if conv["barrel"] and conv["barrel_mode"] == "cumulative" and seat in \
            scoring.barrel_players(conv, s["score"]):
        return scoring.b_need(conv)  # §4.9.1 cumulative: he bids at most B_need
    return None


def _bidding_hand(s, seat):
    """The hand a bid is judged on; a player bidding without looking knows no marriage (B1)."""
    d = s["deal"]
    return d["hands"][seat] if d["looked"][seat] else []


def legal_bidding(s):
    conv, d = s["conventions"], s["deal"]
    seat = d["turn"]
    out = []
    if not d["looked"][seat] and conv["dark_bidding"]:
        out.append({"type": "look", "seat": seat})
    dark_outbid = d["dark"] and d["dark_player"] != seat
    for v in bidding.bid_candidates(conv, d["high"], _bidding_hand(s, seat),
                                    dark_outbid=dark_outbid, cap=_bid_cap(s, seat)):
        out.append({"type": "bid", "seat": seat, "value": v})
    out.append({"type": "pass", "seat": seat})
    return out


def apply_bidding(s, a):
    conv, d = s["conventions"], s["deal"]
    seat = a["seat"]
    if a["type"] == "look":
        if d["looked"][seat] or not conv["dark_bidding"]:
            raise IllegalAction(N_("you have already seen your cards"))
        d["looked"][seat] = True
        return
    if a["type"] == "pass":
        d["passed"][seat] = True
        d["bids"].append({"seat": seat, "value": None})
        _advance_bidding(s, dealing.next_active(d, seat))
        return
    if a["type"] != "bid":
        raise IllegalAction(N_("during the bidding you may bid or pass, not {given}"),
                            given=shown(a["type"]))
    dark_outbid = d["dark"] and d["dark_player"] != seat
    why = bidding.why_not_bid(conv, a.get("value"), d["high"], _bidding_hand(s, seat),
                              dark_outbid=dark_outbid, cap=_bid_cap(s, seat))
    if why:
        raise IllegalAction(why)
    value = a["value"]
    if d["dark"] and value > 120:  # D3: outbid, the deal is an ordinary one again
        d["dark"] = False
        d["looked"][d["dark_player"]] = True
    d["high"], d["high_seat"] = value, seat
    d["voluntary"].append(seat)
    d["bids"].append({"seat": seat, "value": value, "blind": not d["looked"][seat]})
    if conv["low_score_rule"] == "others_must_pass" and d["others_must_pass"] is None \
            and scoring.low_score_bidder(conv, s["score"], seat):
        d["others_must_pass"] = seat  # §4.3: the others must pass for the rest of the auction
    _advance_bidding(s, dealing.next_active(d, seat))


def _end_auction(s, declarer):
    conv, d = s["conventions"], s["deal"]
    if declarer is None:  # every player passed (`forced_100 = false`)
        closing.finish(s, {"outcome": "all_pass", "declarer": None, "bid": 0, "contract": 0})
        return
    d["declarer"], d["bid"] = declarer, d["high"]
    d["uncontested"] = d["high"] == 100 and set(d["voluntary"]) <= {declarer} \
        and len(d["voluntary"]) <= (0 if conv["forced_100"] else 1)
    if conv["dark_bidding"] and not d["looked"][declarer]:
        d["dark"] = True  # B2: won without looking
    if d["dark_player"] is not None and declarer != d["dark_player"]:
        d["dark"] = False
    d["looked"] = [True] * s["n"]
    exchange.take_talon(s)
