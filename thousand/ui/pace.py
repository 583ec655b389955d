"""The card table's pace for a person: the card the page may play for them (when it is their only
choice), and the decisions worth a second look before they are made: playing dark, and a bid or
a contract far above what the hand promises. Pure functions over a seat's view
(thousand.cards.views.seat_view) and the engine's actions (thousand.cards.game.legal_actions).

What a hand promises is the computer players' own figure (thousand.bots.heuristic.promise, what
the rule-of-thumb player bids and declares on), from what the seat sees: its hand, and in the
auction what the unseen talon should bring."""
from thousand.bots.heuristic import promise as hand_promise
from thousand.i18n import _

# Points a bid or a raised contract may stand above the hand's promise before it is questioned.
# Measured with tools/risk_margin.py (Classic, 3 players, strong players throughout, the first
# deal of 2 x 2,000 games): the strong player's own bids reach it in about 2 % of its bids (60:
# 2.2 % and 3.2 %, 65: 2.3 % on the second set), its raised contracts in 0.2 %; and a bid of
# promise + MARGIN, won and played out, is lost (failed or written off) in most deals.
MARGIN = 65


def only_card(view: dict) -> dict | None:
    """The one legal action when it is the seat's only choice and a plain card play (nothing to
    announce, nothing else to do), else None."""
    legal = view["legal"]
    if len(legal) != 1:
        return None
    action = legal[0]
    if action["type"] != "play" or action.get("announce"):
        return None
    return action


def risk(view: dict, action: dict) -> dict | None:
    """What is risky about `action` in this seat's position, or None:
    {"kind": "dark", "action": "dark"} declaring a dark game (D1, D2: 120 unseen, doubled);
    {"kind": "dark", "action": "bid", "value": v} a bid without having looked, when looking is
    offered (dark bidding, B1, B2: won unseen, the deal is dark);
    {"kind": "contract", "action": "bid" | "contract", "value": v, "promise": p} a bid, or a
    contract raised above the bid (R31), at least MARGIN above what the hand promises."""
    kind = action.get("type")
    if kind == "dark":
        return {"kind": "dark", "action": "dark"} if action.get("dark") is True else None
    if kind == "bid" and any(a["type"] == "look" for a in view["legal"]):
        return {"kind": "dark", "action": "bid", "value": action["value"]}
    deal = view["deal"]
    if kind not in ("bid", "contract") or deal is None or deal["hand"] is None:
        return None
    value = action["value"]
    if kind == "contract" and value <= (deal["bid"] or 0):
        return None  # the bid itself: decided (and asked about) in the auction
    promised = _about(hand_promise(view))
    if value < promised + MARGIN:
        return None
    return {"kind": "contract", "action": kind, "value": value, "promise": promised}


def risk_words(risk: dict) -> str:
    """The question that confirms a risky decision, in the page's language."""
    if risk["kind"] == "dark":
        if risk.get("action") == "bid":
            return _("Bid {value} without looking at your cards? Won unseen, the deal is played "
                     "dark and your result counts double.", value=risk["value"])
        return _("Play this deal dark? You bid 120 without seeing your cards, and your result "
                 "counts double.")
    if risk.get("action") == "bid":
        return _("Bid {value}? Your hand looks worth about {promise}.", value=risk["value"],
                 promise=risk["promise"])
    return _("Contract {value}? Your hand looks worth about {promise}.", value=risk["value"],
             promise=risk["promise"])


def _about(points: int) -> int:
    """A promise as a bid is said: to the nearest 5."""
    return 5 * round(points / 5)
