"""Card Thousand as a state machine over plain data: `new_game`, `legal_actions`, `apply`.

The state is a JSON-able dict. `apply` never changes the state it is given: it returns a new one,
or raises IllegalAction with the reason and leaves the old one as it was. Only the seat in
`to_act(state)` may act. Randomness comes from generator states kept in the state (R6, R8–R11).

Phases, in the order a deal meets them:
  deal → cut → dark → redeal(W1) → bidding → talon → exchange → contract → redeal(W3) → trump → play
and then deal again, or game_over. Forced deals (golden, barrel without bidding, obligatory game)
skip the dark question and the bidding."""
import pickle

from thousand import rng
from thousand.cards import bidding, dealing, tricks
from thousand.cards import score as scoring
from thousand.cards.cards import SUITS, card_points, is_card, rank, suit
from thousand.cards.marriages import (announcement_sets_trump, announcement_value,
                                      announcements_for_lead)
from thousand.cards.settlement import charge, settle
from thousand.errors import IllegalAction

FORMAT = "thousand-cards-state"
VERSION = 1


# --- creating a game --------------------------------------------------------------------------

def new_game(conv: dict, seed: int, first_dealer: int | None = None) -> dict:
    """A game at its first deal. `conv` must be a validated, complete conventions dict."""
    n = conv["player_count"]
    state = rng.seed_state(seed)
    if first_dealer is None:
        first_dealer, state = rng.below(state, n)  # R6: drawn by lot
    if not (isinstance(first_dealer, int) and 0 <= first_dealer < n):
        raise IllegalAction(f"first dealer must be a seat from 0 to {n - 1}")
    return {
        "format": FORMAT, "version": VERSION,
        "conventions": conv, "n": n, "rng": state,
        "score": scoring.new_score(conv),
        "dealer": first_dealer, "redeals_in_row": 0,
        "phase": "deal", "deal": None, "last_deal": None, "prev_deck": None,
    }


def rematch(state, seed: int) -> dict:
    """A new game at the same table and conventions (R70): all scores at 0; the first dealer is
    the winner under `next_game_first_dealer = winner`, else drawn by lot."""
    conv = state["conventions"]
    winners = state["score"]["winners"]
    first = winners[0] if conv["next_game_first_dealer"] == "winner" and winners else None
    return new_game(conv, seed, first)


def to_act(state) -> int | None:
    """The seat whose decision the game waits for."""
    phase, d = state["phase"], state["deal"]
    if phase == "game_over":
        return None
    if phase == "deal":
        return state["dealer"]
    if phase == "cut":
        return d["cutter"]
    if phase in ("dark", "redeal"):
        return d["queue"][0]
    if phase == "bidding":
        return d["turn"]
    if phase == "play":
        return d["turn"]
    return d["declarer"]  # talon, exchange, contract, trump


# --- starting a deal --------------------------------------------------------------------------

def begin_deal(state, *, seed: int | None = None, hands=None, talons=None) -> dict:
    """Start the next deal from a seed (shuffle and cut follow) or from explicit cards (a record
    of a real deal: no cut). Returns a new state."""
    if state["phase"] != "deal":
        raise IllegalAction("a deal is already under way")
    s = _clone(state)
    conv, n = s["conventions"], s["n"]
    # every dealing draws once from the game's generator, whether the seed is used or given, so
    # a replayed game goes on dealing exactly as the live one would
    drawn, s["rng"] = rng.next_u64(s["rng"])
    if seed is None and hands is None:
        seed = drawn & 0xFFFFFFFF
    d = {"dealer": s["dealer"], "seed": seed, "active": dealing.active_seats(n, s["dealer"])}
    d["sitter"] = d["active"][0]
    s["deal"] = d
    if hands is not None:
        d["hands"] = [list(h) for h in hands]
        d["talons"] = [list(t) for t in talons]
        d["seed"] = None
        _after_dealt(s)
        return s
    d["rng"] = rng.seed_state(seed)
    if conv["reshuffle_each_deal"] or s["prev_deck"] is None:
        d["deck"], d["rng"] = dealing.new_deck(d["rng"])  # R8
    else:
        d["deck"] = list(s["prev_deck"])
    d["cutter"], d["cuts"], d["nines"] = dealing.cutter_seat(conv, n, s["dealer"]), [], 0
    s["phase"] = "cut"
    return s


def _deal_from_deck(s):
    conv, n, d = s["conventions"], s["n"], s["deal"]
    positions, d["rng"] = dealing.talon_positions(conv, n, d["rng"])
    d["hands"], d["talons"] = dealing.deal_cards(conv, n, d["dealer"], d["deck"], positions)
    d["positions"] = positions
    _after_dealt(s)


def _after_dealt(s):
    conv, d, score = s["conventions"], s["deal"], s["score"]
    n = s["n"]
    d["dealt"] = [sorted(h) for h in d["hands"]]
    d["dealt_talons"] = [list(t) for t in d["talons"]]
    d.update(bids=[], passed=[False] * n, looked=[not conv["dark_bidding"]] * n,
             dark_player=None, dark=False, declarer=None, bid=None, contract=None,
             uncontested=False, talon_shown=None, taken=None, given={}, discards=[],
             widow=[], trump=None, trump_owner=None, pending_trump=None, tricks=[], trick=[],
             announcements=[], redeal_refused=False, forced=None, w2=None)
    d["golden"] = scoring.deal_is_golden(conv, score)
    d["forced"] = _forced_declarer(s)
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


def _forced_declarer(s):
    """(seat, contract, kind) of a deal without an auction: the obligatory game (§4.9.2), a barrel
    player under `no_bidding` (§4.9.1) or the golden declarer (G2)."""
    conv, d, score = s["conventions"], s["deal"], s["score"]
    if conv["barrel"]:
        if conv["barrel_obligatory_game"]:
            seat = scoring.obligatory_game_seat(conv, score, d["active"])
            if seat is not None:
                return [seat, scoring.b_need(conv), "obligatory"]
        if conv["barrel_mode"] == "no_bidding":
            for seat in scoring.barrel_players(conv, score):
                if seat in d["active"]:
                    return [seat, scoring.b_need(conv), "barrel"]
    if d["golden"] and conv["golden_mode"] == "forced_120":
        return [d["sitter"], 120, "golden"]
    return None


# --- redeal windows (R15–R18) -----------------------------------------------------------------

def _open_w1(s):
    conv, d = s["conventions"], s["deal"]
    queue = []
    if conv["redeal_hand_windows"] in ("before_bidding", "both"):
        for p in d["active"]:
            # B3: under dark bidding everyone is asked (look, or stay blind), so being asked
            # tells an unseen hand nothing; a qualifying hand is offered the redeal once seen
            if p != d["dark_player"] and (conv["dark_bidding"] or _hand_reason(s, p, "W1")):
                queue.append(p)
    if conv["redeal_four_aces"] != "off":
        for p in d["active"]:
            if dealing.four_aces(d["hands"][p]) and not d["redeal_refused"]:
                if _void(s, p, "four aces dealt"):  # they must be shown: the deal is void
                    return
    if conv["redeal_mandatory"] == "all" and queue:
        if _void(s, queue[0], _hand_reason(s, queue[0], "W1")):
            return
        queue = []
    if queue and not d["redeal_refused"]:
        d["queue"], d["window"] = queue, "W1"
        s["phase"] = "redeal"
        return
    _start_bidding(s)


def _hand_reason(s, seat, window):
    d = s["deal"]
    return dealing.hand_qualifies(s["conventions"], d["hands"][seat],
                                  is_sitter_w1=(seat == d["sitter"]), window=window)


def _void(s, seat, reason) -> bool:
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
    s["last_deal"] = {"dealer": d["dealer"], "voided": True, "by": seat, "reason": reason,
                      "hands": d["dealt"], "talons": d["dealt_talons"]}
    s["prev_deck"] = dealing.gathered(d, s["n"])
    s["deal"] = None
    s["phase"] = "deal"
    return True


# --- bidding (R19–R26, §4.3, §4.4) ------------------------------------------------------------

def _start_bidding(s):
    conv, d, score = s["conventions"], s["deal"], s["score"]
    if d["forced"]:
        seat, contract, kind = d["forced"]
        d["declarer"], d["bid"] = seat, contract
        _take_talon(s)
        return
    d["high"], d["high_seat"], d["voluntary"] = None, None, []
    if d["dark_player"] is not None:
        if conv["forced_100"] and d["dark_player"] != d["sitter"]:
            d["bids"].append({"seat": d["sitter"], "value": 100, "auto": True})
        d["high"], d["high_seat"], d["dark"] = 120, d["dark_player"], True
        d["bids"].append({"seat": d["dark_player"], "value": 120, "dark": True})
    elif conv["barrel"] and conv["barrel_mode"] == "auto_bid" and _barrel_bidder(s) is not None:
        d["high"], d["high_seat"] = scoring.b_need(conv), _barrel_bidder(s)
        d["bids"].append({"seat": d["high_seat"], "value": d["high"], "auto": True})
    elif conv["forced_100"]:
        d["high"], d["high_seat"] = 100, d["sitter"]
        d["bids"].append({"seat": d["sitter"], "value": 100, "auto": True})
    for p in range(s["n"]):
        if p not in d["active"]:
            d["passed"][p] = True
    d["barred"] = [scoring.barred_from_bidding(conv, score, p) for p in range(s["n"])]
    d["others_must_pass"] = None
    s["phase"] = "bidding"
    first = d["sitter"] if not conv["forced_100"] else _next_active(d, d["sitter"])
    _advance_bidding(s, first)


def _barrel_bidder(s):
    for seat in scoring.barrel_players(s["conventions"], s["score"]):
        if seat in s["deal"]["active"]:
            return seat
    return None


def _next_active(d, seat):
    order = d["active"]
    return order[(order.index(seat) + 1) % len(order)]


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
            seat = _next_active(d, seat)
            continue
        if d["barred"][seat] or (d["others_must_pass"] is not None
                                 and seat != d["others_must_pass"]):
            d["passed"][seat] = True
            d["bids"].append({"seat": seat, "value": None, "auto": True})
            seat = _next_active(d, seat)
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


def _legal_bidding(s):
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


def _apply_bidding(s, a):
    conv, d = s["conventions"], s["deal"]
    seat = a["seat"]
    if a["type"] == "look":
        if d["looked"][seat] or not conv["dark_bidding"]:
            raise IllegalAction("you have already seen your cards")
        d["looked"][seat] = True
        return
    if a["type"] == "pass":
        d["passed"][seat] = True
        d["bids"].append({"seat": seat, "value": None})
        _advance_bidding(s, _next_active(d, seat))
        return
    if a["type"] != "bid":
        raise IllegalAction(f"during the bidding you may bid or pass, not '{a['type']}'")
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
    _advance_bidding(s, _next_active(d, seat))


def _end_auction(s, declarer):
    conv, d = s["conventions"], s["deal"]
    if declarer is None:  # every player passed (`forced_100 = false`)
        _finish(s, {"outcome": "all_pass", "declarer": None, "bid": 0, "contract": 0})
        return
    d["declarer"], d["bid"] = declarer, d["high"]
    d["uncontested"] = d["high"] == 100 and set(d["voluntary"]) <= {declarer} \
        and len(d["voluntary"]) <= (0 if conv["forced_100"] else 1)
    if conv["dark_bidding"] and not d["looked"][declarer]:
        d["dark"] = True  # B2: won without looking
    if d["dark_player"] is not None and declarer != d["dark_player"]:
        d["dark"] = False
    d["looked"] = [True] * s["n"]
    _take_talon(s)


# --- the talon (R27, T5) ----------------------------------------------------------------------

def _take_talon(s):
    d = s["deal"]
    if s["n"] == 2:
        s["phase"] = "talon"
        d["talon_step"] = "choose"
        return
    _add_talon(s, 0)


def _add_talon(s, index):
    conv, d = s["conventions"], s["deal"]
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


def _legal_talon(s):
    d = s["deal"]
    seat = d["declarer"]
    if d["talon_step"] == "choose":
        return [{"type": "take_talon", "seat": seat, "talon": i} for i in (0, 1)]
    return [{"type": "show_talon", "seat": seat, "show": v} for v in (True, False)]


def _apply_talon(s, a):
    d = s["deal"]
    if d["talon_step"] == "choose":
        if a["type"] != "take_talon" or a.get("talon") not in (0, 1):
            raise IllegalAction("choose talon 0 or 1")
        _add_talon(s, a["talon"])
        return
    if a["type"] != "show_talon" or not isinstance(a.get("show"), bool):
        raise IllegalAction("say whether to show the talon (show: true or false)")
    d["talon_shown"] = a["show"]
    _open_exchange(s)


# --- the declarer's exchange: W2, write-off, cross, passing cards, contract -------------------

def _open_exchange(s):
    conv, d = s["conventions"], s["deal"]
    s["phase"] = "exchange"
    decl = d["declarer"]
    talon = d["dealt_talons"][d["taken"]]
    reason = None
    if s["n"] != 2:
        reason = dealing.talon_qualifies(conv, talon, uncontested=d["uncontested"])
    talon_reason = reason
    reason = reason or _hand_reason(s, decl, "W2")
    if conv["redeal_four_aces"] == "dealt_or_talon" and dealing.four_aces(d["hands"][decl]) \
            and not d["redeal_refused"]:
        if _void(s, decl, "four aces"):
            return
    mandatory = conv["redeal_mandatory"]
    if reason and not d["redeal_refused"] and \
            (mandatory == "all" or (mandatory == "talon_only" and talon_reason)):
        if _void(s, decl, reason):
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


def _legal_exchange(s):
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
        out += _contract_actions(s)
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


def _apply_exchange(s, a):
    conv, d = s["conventions"], s["deal"]
    seat, kind = d["declarer"], a["type"]
    if kind in ("redeal", "write_off", "cross"):
        if _exchange_started(d):
            raise IllegalAction(f"too late to {kind.replace('_', ' ')}: you have started passing"
                                " cards or announced the contract")
        if kind == "redeal":
            if not d["w2"]:
                raise IllegalAction("neither your hand nor the talon qualifies for a redeal")
            _void(s, seat, d["w2"])
            if s["phase"] == "exchange":
                d["w2"] = None
            return
        allowed = (scoring.may_write_off if kind == "write_off" else scoring.may_cross)(
            conv, s["score"], seat, d["golden"], d["dark"])
        if not allowed:
            raise IllegalAction(f"you may not {'write off' if kind == 'write_off' else 'cross'}"
                                " this deal under the conventions and your position")
        _finish(s, {"outcome": kind, "declarer": seat, "bid": d["bid"], "contract": d["bid"]})
        return
    if kind == "contract":
        if conv["contract_timing"] != "before_pass" or d["contract"] is not None:
            raise IllegalAction("the contract is announced after passing the cards")
        _apply_contract(s, a)
        return
    if conv["contract_timing"] == "before_pass" and d["contract"] is None:
        raise IllegalAction("announce the contract before passing cards")
    card = a.get("card")
    if card not in d["hands"][seat]:
        raise IllegalAction(f"{card!r} is not in your hand")
    if kind == "give":
        to = a.get("to")
        if to not in _opponents(d) or (s["n"] == 2 and conv["two_exchange"] == "discard_two"):
            raise IllegalAction("give a card to an opponent in this deal")
        if str(to) in d["given"]:
            raise IllegalAction("that opponent already has a card from you")
        if _must_pass_ace(s) and len(d["given"]) == len(_opponents(d)) - 1 and rank(card) != "A":
            raise IllegalAction("with four aces completed by the talon you must pass an ace")
        d["hands"][seat].remove(card)
        d["hands"][to].append(card)
        d["given"][str(to)] = card
    elif kind == "discard":
        limit = {"discard_two": 2, "one_each": 1}.get(conv["two_exchange"], 0)
        if s["n"] != 2 or len(d["discards"]) >= limit:
            raise IllegalAction("no card is discarded in this deal")
        d["hands"][seat].remove(card)
        d["discards"].append(card)
    else:
        raise IllegalAction(f"now pass your cards (give or discard), not '{kind}'")
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


def _contract_actions(s):
    d = s["deal"]
    return [{"type": "contract", "seat": d["declarer"], "value": v}
            for v in bidding.contract_candidates(s["conventions"], d["bid"],
                                                 d["hands"][d["declarer"]],
                                                 fixed=_contract_fixed(s))]


def _apply_contract(s, a):
    d = s["deal"]
    if a["type"] != "contract":
        raise IllegalAction("announce the contract")
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
        queue = [p for p in _opponents(d) if _hand_reason(s, p, "W3")]
    if queue and conv["redeal_mandatory"] == "all":
        if _void(s, queue[0], _hand_reason(s, queue[0], "W3")):
            return
        queue = []
    if queue:
        d["queue"], d["window"] = queue, "W3"
        s["phase"] = "redeal"
        return
    _open_play(s)


def _legal_redeal(s):
    d = s["deal"]
    seat = d["queue"][0]
    if not d["looked"][seat]:
        return [{"type": "look", "seat": seat}, {"type": "keep", "seat": seat}]
    return [{"type": "redeal", "seat": seat}, {"type": "keep", "seat": seat}]


def _apply_redeal(s, a):
    d = s["deal"]
    seat = d["queue"][0]
    if a["type"] == "look" and not d["looked"][seat]:
        d["looked"][seat] = True
        if _hand_reason(s, seat, d["window"]):
            return  # now he may ask for the redeal he can see he is entitled to
        a = {"type": "keep"}
    if a["type"] == "redeal" and not d["looked"][seat]:
        raise IllegalAction("look at your cards before asking for a redeal (B3)")
    if a["type"] not in ("redeal", "keep"):
        raise IllegalAction("answer whether you want a redeal (redeal or keep)")
    d["queue"].pop(0)
    window = d["window"]
    if a["type"] == "redeal":
        if _void(s, seat, _hand_reason(s, seat, window)):
            return
        d["queue"] = []
    if d["queue"]:
        return
    if window == "W1":
        _start_bidding(s)
    else:
        _open_play(s)


def _legal_dark(s):
    seat = s["deal"]["queue"][0]
    return [{"type": "dark", "seat": seat, "dark": True}, {"type": "dark", "seat": seat, "dark": False}]


def _apply_dark(s, a):
    d = s["deal"]
    if a["type"] != "dark" or not isinstance(a.get("dark"), bool):
        raise IllegalAction("say whether you play dark (dark: true or false)")
    seat = d["queue"].pop(0)
    if a["dark"]:
        d["dark_player"], d["queue"] = seat, []
    if not d["queue"]:
        blind = s["conventions"]["dark_bidding"]
        d["looked"] = [not (blind or p == d["dark_player"]) for p in range(s["n"])]
        _open_w1(s)


# --- trick play (R37–R45) ---------------------------------------------------------------------

def _open_play(s):
    conv, d = s["conventions"], s["deal"]
    first = conv["first_lead"]
    d["turn"] = {"declarer": d["declarer"], "left_of_dealer": d["sitter"],
                 "dealer": d["dealer"]}[first]
    d["trick_trump"] = d["trump"]
    s["phase"] = "play"


def _apply_trump(s, a):
    d = s["deal"]
    if a["type"] != "name_trump" or a.get("suit") not in SUITS:
        raise IllegalAction("name the trump suit: H, D, C or S")
    d["trump"], d["trump_owner"] = a["suit"], d["declarer"]
    _open_w3(s)


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
    if d.get("ace_duty") == seat and rank(card) != "A" and any(rank(c) == "A" for c in hand):
        return "after an ace marriage you must lead your aces first"
    own_trump = announce in ("marriage", "bed_marriage") and suit(card) == d["trump"]
    return tricks.why_not_lead(conv, hand, card, d["trump"], d["trump_owner"], seat, own_trump)


def _legal_play(s):
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


def _apply_play(s, a):
    conv, d = s["conventions"], s["deal"]
    seat, card = a["seat"], a.get("card")
    if a["type"] != "play":
        raise IllegalAction("play a card")
    hand = d["hands"][seat]
    if card not in hand:
        raise IllegalAction(f"{card!r} is not in your hand")
    announce, keep = a.get("announce"), bool(a.get("keep_trump", False))
    if d["trick"]:
        if announce:
            raise IllegalAction("you can announce only when you lead (R41)")
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
        d["turn"] = _next_active(d, seat)
        return
    _close_trick(s)


def _why_no_announce(s, seat, card, announce):
    conv, d = s["conventions"], s["deal"]
    if not _may_announce(s, seat):
        return "you may announce only after you have taken a trick (R41)"
    if announce not in ("marriage", "bed_marriage", "ace_marriage", "four_nines"):
        return f"unknown announcement '{announce}'"
    return f"leading {card} does not make a {announce.replace('_', ' ')} with your hand"


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
    _finish(s, {"outcome": "played", "declarer": d["declarer"], "bid": d["bid"],
                "contract": d["contract"]})


# --- end of a deal ----------------------------------------------------------------------------

def deal_facts(s, head) -> dict:
    """The facts settlement needs (see thousand.cards.settlement)."""
    conv, d, n = s["conventions"], s["deal"], s["n"]
    pts, count = [0] * n, [0] * n
    for t in d["tricks"]:
        pts[t["winner"]] += card_points(c for _, c in t["cards"])
        count[t["winner"]] += 1
    if n == 2 and d["tricks"] and conv["two_widow"] == "last_trick":
        pts[d["tricks"][-1]["winner"]] += card_points(d["widow"])  # T10
    ann = [[x["value"] for x in d["announcements"] if x["seat"] == p] for p in range(n)]
    facts = {"dealer": d["dealer"], "card_points": pts, "tricks": count, "marriages": ann,
             "dark": bool(d["dark"]), "golden": bool(d["golden"]),
             "obligatory": bool(d["forced"] and d["forced"][2] == "obligatory")}
    if n == 4:
        facts["talon"] = list(d["dealt_talons"][0])
    facts.update(head)
    return facts


def _finish(s, head):
    conv, d = s["conventions"], s["deal"]
    facts = deal_facts(s, head)
    s["score"], row = settle(conv, s["score"], facts)
    s["last_deal"] = {"dealer": d["dealer"], "voided": False, "facts": facts, "row": row,
                      "hands": d["dealt"], "talons": d["dealt_talons"], "tricks": d["tricks"],
                      "announcements": d["announcements"], "declarer": d["declarer"],
                      "talon_shown": bool(d["talon_shown"]),
                      "contract": d["contract"], "bid": d["bid"]}
    s["prev_deck"] = dealing.gathered(d, s["n"])
    s["deal"] = None
    s["redeals_in_row"] = 0
    if s["score"]["over"]:
        s["phase"] = "game_over"
        return
    s["dealer"] = (s["dealer"] + 1) % s["n"]  # R7
    s["phase"] = "deal"


# --- the one way in ---------------------------------------------------------------------------

def _legal_deal(s):
    return [{"type": "deal", "seat": s["dealer"]}]


def _legal_cut(s):
    seat = s["deal"]["cutter"]
    return [{"type": "cut", "seat": seat, "k": k} for k in range(1, 24)]


def _apply_cut(s, a):
    conv, d = s["conventions"], s["deal"]
    k = a.get("k")
    if a["type"] != "cut" or not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 23:
        raise IllegalAction("cut the deck: k is a number of cards from 1 to 23")
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


def _apply_deal(s, a):
    fresh = begin_deal(s)
    s.clear()
    s.update(fresh)


_LEGAL = {"deal": _legal_deal, "cut": _legal_cut, "dark": _legal_dark, "redeal": _legal_redeal,
          "bidding": _legal_bidding, "talon": _legal_talon, "exchange": _legal_exchange,
          "contract": _contract_actions, "play": _legal_play,
          "trump": lambda s: [{"type": "name_trump", "seat": s["deal"]["declarer"], "suit": x}
                              for x in SUITS]}
_APPLY = {"deal": _apply_deal, "cut": _apply_cut, "dark": _apply_dark, "redeal": _apply_redeal,
          "bidding": _apply_bidding, "talon": _apply_talon, "exchange": _apply_exchange,
          "contract": _apply_contract, "play": _apply_play, "trump": _apply_trump}


def legal_actions(state) -> list:
    """Every action the game accepts now (all from the seat in `to_act`)."""
    if state["phase"] == "game_over":
        return []
    return _LEGAL[state["phase"]](state)


def apply(state, action) -> dict:
    """The state after `action`; IllegalAction (with the reason) leaves `state` unchanged."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is an object with a 'type'")
    if state["phase"] == "game_over":
        raise IllegalAction("the game is over")
    seat = to_act(state)
    if action.get("seat") != seat:
        raise IllegalAction(f"it is seat {seat}'s turn, not seat {action.get('seat')}'s")
    if action.get("card") is not None and not is_card(action.get("card")):
        raise IllegalAction(f"{action.get('card')!r} is not a card code (like AH, TS, 9C)")
    s = _clone(state)
    if _canon(action) not in {_canon(x) for x in legal_actions(state)}:
        _APPLY[state["phase"]](s, action)  # raises IllegalAction with the precise reason
        raise IllegalAction(f"'{action['type']}' is not allowed now")
    _APPLY[state["phase"]](s, action)
    return s


_KEYS = ("type", "seat", "value", "card", "to", "k", "talon", "show", "dark", "suit", "announce")


def _canon(action) -> tuple:
    return tuple(action.get(k) for k in _KEYS) + (bool(action.get("keep_trump")),)


def _clone(state):
    """A copy deep enough that `apply` never changes the state it was given: the deal is copied,
    the score is replaced whole by settlement, the conventions are never written."""
    s = dict(state)
    # pickle round-trips plain data several times faster than copy.deepcopy
    s["deal"] = pickle.loads(pickle.dumps(state["deal"], pickle.HIGHEST_PROTOCOL))
    return s
