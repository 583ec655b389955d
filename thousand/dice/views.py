"""What one seat sees. The dice game hides nothing, but bots and the page still get a view rather
than the state, as in the card game: a copy of its own that they may change freely (nothing in it
is the state's), with the legal actions of the seat to act."""
from thousand.plain import clone
from thousand.dice import game


def seat_view(state, seat: int) -> dict:
    n = state["n"]
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1}")
    acting = game.to_act(state)
    t = state["turn"]
    turn = None
    if t is not None:
        turn = {k: t[k] for k in ("seat", "number", "T", "dice_left", "hot", "opening",
                                  "retry_used", "confirm", "stage")}
        turn["start"] = clone(t["start"])
        turn["pending"] = clone(t["pending"])
        turn["rolls"] = len(t["rolls"])
    reason = game.stop_reason(state) if acting is not None else None
    return {
        "seat": seat, "players": n, "phase": state["phase"], "to_act": acting,
        "conventions": dict(state["conventions"]),  # flat: one value an id
        "scores": [p["score"] for p in state["players"]],
        "player_records": [dict(p) for p in state["players"]],  # flat records
        "turn": turn,
        "can_stop": acting == seat and reason is None,
        "stop_reason": reason if acting == seat else None,
        "legal": game.legal_actions(state) if acting == seat else [],  # new on every call
        "winners": list(state["winners"]),
        "last_events": [clone(e) for e in state["log"][-8:]],
    }

