"""A finished deal of a record, step by step with every hand open: the deal as it was dealt, the
auction, the talon and the cards passed, each trick, and the result. The page's replay screen
draws these frames; nothing here hides a card, so only deals already over are offered
(`finished_deals`)."""

from thousand.plain import clone
from thousand.cards import game, record as records
from thousand.cards.tricks import trick_winner
from thousand.errors import BadInput
from thousand.i18n import N_

BIDDING = ("cut", "dark", "redeal", "bidding")


def finished_deals(rec: dict) -> list:
    """The indices of the record's deals that were played to their end (voided ones included),
    checked by replaying the record: BadInput if it is damaged."""
    results = records.replay(rec)["deals"]
    return [r["deal"] for r in results if r["finished"]]


def frames(rec: dict, index: int) -> list:
    """The frames of deal `index`: plain dicts with "step" (dealt, auction, exchange, trick,
    result), the hands as they are at that step, and what the step shows."""
    if not 0 <= index < len(rec.get("deals") or []) or \
            not records.replay({**rec, "deals": rec["deals"][:index + 1]})["deals"][-1]["finished"]:
        raise BadInput(f"deals[{index}]", N_("this deal is not over, so it cannot be replayed"))
    before = records.replay({**rec, "deals": rec["deals"][:index]})["state"]
    entry = rec["deals"][index]
    if "seed" in entry:
        state = game.begin_deal(before, seed=entry["seed"])
    else:
        talons = entry.get("talons") or [entry["talon"]]
        state = game.begin_deal(before, hands=entry["hands"], talons=talons)
    states = [state]
    for action in entry["actions"]:
        state = game.apply(state, action)
        states.append(state)
    out = _frames(states, before["score"]["totals"])
    last_trick = _closing_trick(states, entry["actions"])
    if last_trick:
        out.insert(-1, last_trick)
    return out


def _closing_trick(states, actions):
    """The deal's last trick: settled by the move that completes it, the deal is gone from the
    state after it, so it is rebuilt from the position before (R39 names its winner)."""
    if len(states) < 2 or states[-1]["deal"] is not None or not actions or \
            actions[-1].get("type") != "play" or states[-2]["deal"] is None:
        return None
    d = states[-2]["deal"]
    cards = [*clone(d["trick"]), [actions[-1]["seat"], actions[-1]["card"]]]
    hands = clone(d["hands"])
    hands[actions[-1]["seat"]].remove(actions[-1]["card"])
    return {"step": "trick", "number": len(d.get("tricks") or []) + 1, "leader": cards[0][0],
            "cards": cards, "winner": cards[trick_winner(cards, d["trick_trump"])][0],
            "trump": d.get("trump"), "hands": hands, "announcements": []}


def _frames(states: list, totals_before: list) -> list:
    out = []
    played = [s for s in states if s["deal"] is not None]
    dealt = next((s for s in played if s["deal"].get("dealt")), None)
    if dealt is not None:
        d = dealt["deal"]
        out.append({"step": "dealt", "dealer": d["dealer"], "hands": clone(d["dealt"]),
                    "talons": clone(d.get("dealt_talons") or d.get("talons") or []),
                    "totals": list(totals_before)})
    after_bids = next((s for s in played if s["phase"] not in BIDDING and s["deal"].get("bids")
                       is not None), None)
    if after_bids is not None:
        d = after_bids["deal"]
        out.append({"step": "auction", "bids": clone(d.get("bids") or []),
                    "declarer": d.get("declarer"), "bid": d.get("bid"),
                    "hands": clone(d["hands"]), "talons": clone(d.get("talons") or [])})
    playing = [s for s in played if s["phase"] == "play"]
    if playing:
        d = playing[0]["deal"]
        out.append({"step": "exchange", "declarer": d.get("declarer"),
                    "contract": d.get("contract"), "trump": d.get("trump"),
                    "taken": d.get("taken"), "given": dict(d.get("given") or {}),
                    "discards": list(d.get("discards") or []), "hands": clone(d["hands"])})
    # each trick as it was gathered: the first state that has it among the deal's tricks
    last_played = played[-1]["deal"] if played else None
    tricks = (last_played or {}).get("tricks") or []
    for k, trick in enumerate(tricks):
        at = next(s for s in played if len(s["deal"].get("tricks") or []) > k)
        d = at["deal"]
        out.append({"step": "trick", "number": k + 1, "leader": trick["leader"],
                    "cards": clone(trick["cards"]), "winner": trick["winner"],
                    "trump": d.get("trump"), "hands": clone(d["hands"]),
                    "announcements": [a for a in d.get("announcements") or []
                                      if a.get("trick") == k + 1]})
    out.append({"step": "result", "last_deal": clone(states[-1]["last_deal"]),
                "totals": list(states[-1]["score"]["totals"])})
    return out
