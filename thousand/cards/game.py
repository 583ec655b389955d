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
from thousand.cards import auction, dealing, exchange, opening, paper, trickplay
from thousand.cards import score as scoring
from thousand.cards.cards import is_card
from thousand.errors import IllegalAction, check_turn, is_whole, kind_of, shown
from thousand.i18n import N_

FORMAT = "thousand-cards-state"
# 2: a redeal's reason is a code with values ({"code": "low_hand", "under": 14}), not English
# words. A position saved by version 1 is replaced by its record's replay (ui.session.from_doc).
VERSION = 2


# --- creating a game --------------------------------------------------------------------------

def new_game(conv: dict, seed: int, first_dealer: int | None = None, start=None) -> dict:
    """A game at its first deal. `conv` must be a validated, complete conventions dict. `start`
    is the position of a game carried on from paper (thousand.cards.paper; BadInput if it could
    not be); without it every score is 0 (R70)."""
    n = conv["player_count"]
    state = rng.seed_state(seed)
    if first_dealer is None:
        first_dealer, state = rng.below(state, n)  # R6: drawn by lot
    if not (isinstance(first_dealer, int) and 0 <= first_dealer < n):
        raise IllegalAction(N_("first dealer must be a seat from 0 to {last}"), last=n - 1)
    return {
        "format": FORMAT, "version": VERSION,
        "conventions": conv, "n": n, "rng": state,
        "score": scoring.new_score(conv) if start is None else paper.start_score(conv, start),
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
        raise IllegalAction(N_("a deal is already under way"))
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
        opening.after_dealt(s)
        return s
    d["rng"] = rng.seed_state(seed)
    if conv["reshuffle_each_deal"] or s["prev_deck"] is None:
        d["deck"], d["rng"] = dealing.new_deck(d["rng"])  # R8
    else:
        d["deck"] = list(s["prev_deck"])
    d["cutter"], d["cuts"], d["nines"] = dealing.cutter_seat(conv, n, s["dealer"]), [], 0
    s["phase"] = "cut"
    return s


def _legal_deal(s):
    return [{"type": "deal", "seat": s["dealer"]}]


def _apply_deal(s, a):
    fresh = begin_deal(s)
    s.clear()
    s.update(fresh)


# --- the one way in ---------------------------------------------------------------------------

_LEGAL = {"deal": _legal_deal, "cut": opening.legal_cut, "dark": opening.legal_dark,
          "redeal": opening.legal_redeal, "bidding": auction.legal_bidding,
          "talon": exchange.legal_talon, "exchange": exchange.legal_exchange,
          "contract": exchange.contract_actions, "play": trickplay.legal_play,
          "trump": exchange.legal_trump}
_APPLY = {"deal": _apply_deal, "cut": opening.apply_cut, "dark": opening.apply_dark,
          "redeal": opening.apply_redeal, "bidding": auction.apply_bidding,
          "talon": exchange.apply_talon, "exchange": exchange.apply_exchange,
          "contract": exchange.apply_contract, "play": trickplay.apply_play,
          "trump": exchange.apply_trump}


def legal_actions(state) -> list:
    """Every action the game accepts now (all from the seat in `to_act`)."""
    if state["phase"] == "game_over":
        return []
    return _LEGAL[state["phase"]](state)


def apply(state, action) -> dict:
    """The state after `action`; IllegalAction (with the reason) leaves `state` unchanged."""
    check_turn(action, over=state["phase"] == "game_over", seat=to_act(state))
    _check_fields(action)
    s = _clone(state)
    offered = {_canon(x): x for x in legal_actions(state)}
    chosen = offered.get(_canon(action))
    if chosen is None:
        _APPLY[state["phase"]](s, action)  # raises IllegalAction with the precise reason
        raise IllegalAction(N_("{given} is not allowed now"), given=shown(action["type"]))
    # the offered action, not the one given: only the engine's own values enter the state
    _APPLY[state["phase"]](s, dict(chosen))
    return s


# What each field of an action may hold (absent and null are the same); the values allowed now
# are then the legal actions'.
_WHOLE = ("value", "to", "k", "talon")
_YES_NO = ("show", "dark", "keep_trump")
_WORDS = ("suit", "announce")
_KEYS = ("type", "seat", "value", "card", "to", "k", "talon", "show", "dark", "suit", "announce")


def _check_fields(action) -> None:
    for key in _WHOLE:
        v = action.get(key)
        if v is not None and not is_whole(v):
            raise IllegalAction(N_("'{key}' is a whole number, not {kind}"), key=key,
                                kind=kind_of(v))
    for key in _YES_NO:
        v = action.get(key)
        if v is not None and not isinstance(v, bool):
            raise IllegalAction(N_("'{key}' is true or false, not {kind}"), key=key,
                                kind=kind_of(v))
    for key in _WORDS:
        v = action.get(key)
        if v is not None and not isinstance(v, str):
            raise IllegalAction(N_("'{key}' is a word, not {kind}"), key=key, kind=kind_of(v))
    card = action.get("card")
    if card is not None and not is_card(card):
        raise IllegalAction(N_("{given} is not a card code (like AH, TS, 9C)"),
                            given=shown(card))


def _canon(action) -> tuple:
    return tuple(action.get(k) for k in _KEYS) + (bool(action.get("keep_trump")),)


def _clone(state):
    """A copy deep enough that `apply` never changes the state it was given: the deal is copied,
    the score is replaced whole by settlement, the conventions are never written."""
    s = dict(state)
    # pickle round-trips plain data several times faster than copy.deepcopy
    s["deal"] = pickle.loads(pickle.dumps(state["deal"], pickle.HIGHEST_PROTOCOL))
    return s
