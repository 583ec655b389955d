"""The written score sheet: the rows of totals with the marks players put beside them (a
write-off's letter, a bolt's stroke, the barrel's tries) and the legend of those marks.

Every mark is a message of its own whose context says what it marks, so each language writes the
letters its players write on paper: a Russian sheet has «Р» for a write-off and «С» for a cross
where the English one has W and C. The engine's marks (thousand.cards.settlement.MARKS) are the
ids; the words here are the page's."""
from thousand.i18n import _, number, p_, signed
from thousand.ui.html import Markup, h

# The order of the legend (the engine's order of thousand.cards.settlement.MARKS).
MARK_ORDER = ("made", "failed", "write_off", "cross", "cross_penalty", "bolt", "bolt_penalty",
              "doubled", "barrel_mount", "barrel_attempt", "barrel_fall", "barrel_reset",
              "dump_truck", "rest", "winner", "penalty", "golden_reset")


def mark_symbols() -> dict:
    """Mark id -> what is written on the sheet, in the language in use."""
    return {
        "made": p_("sheet mark: contract made", "✓"),
        "failed": p_("sheet mark: contract failed", "✗"),
        "write_off": p_("sheet mark: write-off", "W"),
        "cross": p_("sheet mark: cross", "C"),
        "cross_penalty": p_("sheet mark: second cross, penalty", "C!"),
        "bolt": p_("sheet mark: bolt", "|"),
        "bolt_penalty": p_("sheet mark: bolts penalty", "!"),
        "doubled": p_("sheet mark: doubled result", "×2"),
        "barrel_mount": p_("sheet mark: got on the barrel", "B"),
        "barrel_attempt": p_("sheet mark: a try on the barrel", "·"),
        "barrel_fall": p_("sheet mark: fell off the barrel", "↓"),
        "barrel_reset": p_("sheet mark: total set to 0", "0"),
        "dump_truck": p_("sheet mark: dump truck", "Z"),
        "rest": p_("sheet mark: resting dealer", "#"),
        "winner": p_("sheet mark: winner", "★"),
        "penalty": p_("sheet mark: penalty", "P"),
        "golden_reset": p_("sheet mark: golden circle replayed", "G"),
    }


def mark_meanings() -> dict:
    """Mark id -> what it means, for the legend and a cell's title."""
    return {
        "made": _("the declarer made his contract"),
        "failed": _("the declarer failed his contract"),
        "write_off": _("the declarer wrote the deal off"),
        "cross": _("the declarer crossed instead of writing off"),
        "cross_penalty": _("second cross: −120 and the crosses start again"),
        "bolt": _("a bolt (no trick, or as the bolt convention says); a doubled bolt is "
                  "written twice"),
        "bolt_penalty": _("the bolts reached the count: penalty, and the count starts again"),
        "doubled": _("the result was doubled (golden or dark deal)"),
        "barrel_mount": _("got on the barrel (total set to the barrel threshold)"),
        "barrel_attempt": _("a counted deal on the barrel without winning"),
        "barrel_fall": _("fell off the barrel (an unplayed barrel)"),
        "barrel_reset": _("third fall (or failed obligatory game): total set to 0"),
        "dump_truck": _("dump truck: the total hit the dump value exactly and is set to 0"),
        "rest": _("resting dealer (4 players): scores the talon"),
        "winner": _("won the game"),
        "penalty": _("penalty charged outside a deal"),
        "golden_reset": _("nobody made the golden circle: scores start again"),
    }


def penalty_label(reason) -> str:
    """The first cell of a penalty's row."""
    known = {
        "cutter_nine": _("penalty: nine at the bottom three times"),
        "third_redeal": _("penalty: third redeal in a row"),
        "exposed_card": _("penalty: exposed card"),
        "penalty": _("penalty"),
    }
    if reason in known:
        return known[reason]
    return _("penalty: {reason}", reason=str(reason if reason is not None else ""))


def _row_label(r, names) -> str:
    if r.get("outcome") == "penalty":
        return penalty_label(r.get("reason"))
    deal = r.get("deal", "")
    if r.get("declarer") is not None and r.get("contract"):
        return p_("score sheet row", "{deal} · {name} {contract}", deal=deal,
                  name=names[r["declarer"]], contract=r["contract"])
    return number(deal) if isinstance(deal, int) else str(deal)


def score_sheet(rows, names, n, start=None) -> Markup:
    """The sheet: a row per deal or penalty, each player's change, total and marks; a game
    carried on from paper begins with the totals it brought (`start` of the scored sheet)."""
    symbols, meanings = mark_symbols(), mark_meanings()
    head = h("tr", {}, h("th", {"scope": "col"}, p_("score sheet column", "Deal")),
             [h("th", {"scope": "col"}, nm) for nm in names])
    body = []
    if start:
        body.append(h("tr", {"class": "ss-from-paper"},
                      h("th", {"scope": "row"}, p_("score sheet row", "From paper")),
                      [h("td", {}, h("strong", {}, number(t))) for t in start["totals"]]))
    for r in rows:
        cells = []
        for p in range(n):
            marks = " ".join(symbols.get(m, m) for m in r["marks"][p])
            titles = "; ".join(meanings.get(m, m) for m in r["marks"][p])
            cells.append(h("td", {"title": titles or None},
                           h("span", {"class": "change"}, signed(r["changes"][p])),
                           " ", h("strong", {}, number(r["totals"][p])),
                           " ", h("span", {"class": "marks"}, marks)))
        body.append(h("tr", {}, h("th", {"scope": "row"}, _row_label(r, names)), cells))
    legend = h("details", {"class": "legend"}, h("summary", {}, _("Marks")),
               h("ul", {}, [h("li", {}, symbols[m], " ", meanings[m]) for m in MARK_ORDER]))
    return h("div", {"class": "sheet"},
             h("table", {"aria-label": _("Score sheet")}, h("thead", {}, head),
               h("tbody", {}, body)), legend)
