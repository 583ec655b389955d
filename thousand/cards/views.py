"""What one seat may see (R12): its own hand, the public facts, the talon only when shown, a
passed card only to its receiver and the declarer. Bots and the page get views, never the state."""
from thousand.cards import game
from thousand.cards.cards import sort_hand


def seat_view(state, seat: int) -> dict:
    n = state["n"]
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1}")
    score = state["score"]
    acting = game.to_act(state)
    view = {
        "seat": seat, "players": n, "phase": state["phase"], "to_act": acting,
        "dealer": state["dealer"], "conventions": state["conventions"],
        "score": {k: score[k] for k in ("totals", "bolts", "barrel", "write_offs", "crosses",
                                         "golden", "deals_settled", "over", "winners", "rows")},
        "legal": game.legal_actions(state) if acting == seat else [],
        "last_deal": _public_last_deal(state, seat),
        "deal": _deal_view(state, seat) if state["deal"] is not None else None,
    }
    return view


def _deal_view(state, seat):
    d, conv, n = state["deal"], state["conventions"], state["n"]
    if "hands" not in d:  # still cutting
        return {"dealer": d["dealer"], "active": d["active"], "sitter": d["sitter"],
                "cutter": d.get("cutter"), "cuts": list(d.get("cuts", [])), "hand": None,
                "counts": [0] * n}
    looked = d["looked"][seat]
    declarer = d["declarer"]
    out = {
        "dealer": d["dealer"], "active": d["active"], "sitter": d["sitter"],
        "hand": sort_hand(d["hands"][seat]) if looked else None,
        "counts": [len(h) for h in d["hands"]],
        "looked": list(d["looked"]),
        "golden": d["golden"], "dark": d["dark"], "dark_player": d["dark_player"],
        "forced": d["forced"],
        "bids": list(d["bids"]), "high": d.get("high"), "high_seat": d.get("high_seat"),
        "passed": list(d["passed"]),
        "barred": list(d.get("barred") or [False] * n),
        "declarer": declarer, "bid": d["bid"], "contract": d["contract"],
        "uncontested": d["uncontested"],
        "talon_count": sum(len(t) for t in d["dealt_talons"]),
        "talon_taken": d["taken"],
        "talon": None, "given": {}, "received": None, "discards": None,
        "trump": d["trump"], "trick": [list(x) for x in d["trick"]],
        "tricks": d["tricks"], "announcements": d["announcements"],
        "window": d.get("window") if state["phase"] == "redeal" else None,
        "w2": d["w2"] if seat == declarer else None,
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


def _public_last_deal(state, seat):
    """The finished deal for the summary: hands are public once the deal is over, as players turn
    their cards up at the table; passed cards and the widow stay as they were seen."""
    last = state["last_deal"]
    if last is None:
        return None
    out = {k: v for k, v in last.items() if k not in ("hands", "talons")}
    facts = out.get("facts")
    if facts and "talon" in facts and not last.get("talon_shown") and seat != last["declarer"]:
        out["facts"] = {k: v for k, v in facts.items() if k != "talon"}  # R12: never shown
    return out
