"""What one seat may see (R12): its own hand, the public facts, the talon only when shown, a
passed card only to its receiver and the declarer. Bots and the page get views, never the state.

A view is the seat's own copy: a bot or the page may change anything in it without touching the
game. A view is made at every decision, so the copy is cheap: the deal and the score are copied
field by field, the finished deal (which changes once a deal) is kept pickled, and the score
sheet's rows, which grow with the game, come as fresh row objects whose lists are tuples, so
that they can be shared."""
import pickle

from thousand.cards import game
from thousand.cards.cards import sort_hand


def seat_view(state, seat: int) -> dict:
    n = state["n"]
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1}")
    score = state["score"]
    acting = game.to_act(state)
    return {
        "seat": seat, "players": n, "phase": state["phase"], "to_act": acting,
        "dealer": state["dealer"],
        "conventions": dict(state["conventions"]),  # flat: one value an id
        "score": {
            "totals": list(score["totals"]), "bolts": list(score["bolts"]),
            "barrel": [dict(b) for b in score["barrel"]],
            "write_offs": list(score["write_offs"]), "crosses": list(score["crosses"]),
            "golden": dict(score["golden"]), "deals_settled": score["deals_settled"],
            "over": score["over"], "winners": list(score["winners"]),
            "rows": [dict(row) for row in _frozen_rows(score["rows"])],
        },
        "legal": game.legal_actions(state) if acting == seat else [],  # new on every call
        "last_deal": _public_last_deal(state["last_deal"], seat),
        "deal": _deal_view(state, seat) if state["deal"] is not None else None,
    }


def _deal_view(state, seat):
    d, conv, n = state["deal"], state["conventions"], state["n"]
    if "hands" not in d:  # still cutting
        return {"dealer": d["dealer"], "active": list(d["active"]), "sitter": d["sitter"],
                "cutter": d.get("cutter"), "cuts": list(d.get("cuts", [])), "hand": None,
                "counts": [0] * n}
    looked = d["looked"][seat]
    declarer = d["declarer"]
    out = {
        "dealer": d["dealer"], "active": list(d["active"]), "sitter": d["sitter"],
        "hand": sort_hand(d["hands"][seat]) if looked else None,
        "counts": [len(h) for h in d["hands"]],
        "looked": list(d["looked"]),
        "golden": d["golden"], "dark": d["dark"], "dark_player": d["dark_player"],
        "forced": list(d["forced"]) if d["forced"] else None,
        "bids": [dict(b) for b in d["bids"]], "high": d.get("high"),
        "high_seat": d.get("high_seat"),
        "passed": list(d["passed"]),
        "barred": list(d.get("barred") or [False] * n),
        "declarer": declarer, "bid": d["bid"], "contract": d["contract"],
        "uncontested": d["uncontested"],
        "talon_count": sum(len(t) for t in d["dealt_talons"]),
        "talon_taken": d["taken"],
        "talon": None, "given": {}, "received": None, "discards": None,
        "trump": d["trump"], "trick": [list(x) for x in d["trick"]],
        "tricks": [_trick_copy(t) for t in d["tricks"]],
        "announcements": [dict(a) for a in d["announcements"]],
        "window": d.get("window") if state["phase"] == "redeal" else None,
        "w2": dict(d["w2"]) if seat == declarer and d["w2"] else None,
    }
    taken = d["taken"]
    if taken is not None and (d["talon_shown"] or seat == declarer):
        out["talon"] = list(d["dealt_talons"][taken])
    if seat == declarer or conv["pass_visibility"] == "face_up" and not d["dark"]:
        out["given"] = dict(d["given"])
    if str(seat) in d["given"]:
        out["received"] = d["given"][str(seat)]
    if seat == declarer:
        out["discards"] = list(d["discards"])
    return out


def _trick_copy(trick):
    return {**trick, "cards": [list(x) for x in trick["cards"]]}


def _public_last_deal(last, seat):
    """The finished deal for the summary: hands are public once the deal is over, as players turn
    their cards up at the table; passed cards and the widow stay as they were seen. A talon never
    shown stays unseen by all but its declarer, after the deal too (R12)."""
    if last is None:
        return None
    hide = not last.get("talon_shown") and seat != last.get("declarer")
    return pickle.loads(_last_deal_bytes(last, hide))


# The finished deal changes once a deal, while views are made at every decision: its public
# part is kept pickled for the last one seen. The engine never changes a finished deal or a score
# sheet in place (each deal and each settlement makes new ones), so the objects themselves are
# the keys; they are held here, so their ids cannot be reused.
_last_cache = {"last": None, "bytes": {}}
_rows_cache = [[], ()]


def _last_deal_bytes(last, hide: bool) -> bytes:
    c = _last_cache
    if c["last"] is not last:
        c["last"], c["bytes"] = last, {}
    if hide not in c["bytes"]:
        out = {k: v for k, v in last.items() if k not in ("hands", "talons")}
        facts = out.get("facts")
        if facts and "talon" in facts and hide:
            out["facts"] = {k: v for k, v in facts.items() if k != "talon"}
        c["bytes"][hide] = pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
    return c["bytes"][hide]


def _frozen_rows(rows) -> tuple:
    """The rows with their lists as tuples; a sheet only grows, so the rows it shares with the
    last sheet seen are kept."""
    seen, frozen = _rows_cache
    if seen is not rows:
        same = 0
        for old, new in zip(seen, rows):
            if old != new:
                break
            same += 1
        frozen = frozen[:same] + tuple({k: _frozen(v) for k, v in row.items()}
                                       for row in rows[same:])
        _rows_cache[:] = [rows, frozen]
    return frozen


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("a score sheet row holds no objects")  # they could not be shared
    return value
