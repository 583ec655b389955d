"""The card table's dialogs: the deal's summary (and the redeal's), the end of the game, the
list of bids, the last trick, "Announce?" and "Are you sure?", each in the same modal frame; with
the words they share with the rest of the table (the marks of a deal, a redeal's reason, a
sentence about "you" or a name). The table (thousand.ui.screens.table) decides which is open.

Every text goes through the catalogues (thousand.i18n). A sentence about the one person at this
device has its own message ("You crossed the deal.") beside the one for a name ("{name} crossed
the deal."): a name is never put where "you" belongs."""
from thousand.i18n import N_, _, number, signed
from thousand.ui.card_words import ANNOUNCE, MARK_WORDS, card_name, redeal_reason, winners_said
from thousand.ui.html import button, h, modal
from thousand.ui.screens.sheet_table import score_sheet


def person(app):
    """The seat of the one person at this device, whom the table calls "you" in what everyone
    reads (a deal's result, the winner); None when several share the device, or nobody plays."""
    return app.session.person()


def _said(app, seat, names, you: str, other: str, **values) -> str:
    """A sentence about `seat`: its "you" message for the person at this device, else its
    message for a name. Both are marked with N_ where they are written."""
    if seat == person(app):
        return _(you, **values)
    return _(other, name=names[seat], **values)


def _summary_pending(app) -> bool:
    """A finished deal whose summary the player has not closed (the phase and whether a deal has
    ended are public: any seat's view says them)."""
    s = app.session
    return s.deal_ended() and _seen(app) != s.deals_begun()


def _seen(app):
    """How many deals' summaries the player has closed: kept with the game (its meta, saved), so
    one closed stays closed after a reload or a visit home."""
    return app.ui["seen"] if "seen" in app.ui else app.session.meta.get("seen")


def _mark_seen(app, count: int):
    app.ui["seen"] = app.session.meta["seen"] = count


def open_dialog(app, which):
    if which in ("sheet", "bids", "last_trick"):
        app.ui["dialog"] = which


def _confirm_dialog(app):
    from thousand.ui import pace
    asked = app.ui.get("confirm")
    if not asked or asked["at"] != app.session.actions_so_far():
        return ""
    return _modal(_("Are you sure?"), h("p", {}, pace.risk_words(asked["risk"])),
                  [button(_("Yes"), "table.confirm", cls="primary"),
                   button(_("No"), "table.close"),
                   button(_("Yes, and stop asking"), "table.confirm", never=1)])


def last_trick(v):
    """The trick "Last trick" shows: this deal's latest, else, until this deal's first trick is
    complete, the last one of the deal before (when it was played to its end)."""
    d = v["deal"] or {}
    if d.get("tricks"):
        return d["tricks"][-1]
    last = v["last_deal"]
    if last is not None and not last.get("voided") and last.get("tricks"):
        return last["tricks"][-1]
    return None


def _bid_said(b, names, conventions=None) -> str:
    """One bid as the list of bids shows it: "Vera: 110", "Gleb: pass (automatic: below −120)"."""
    from thousand.ui.card_words import auto_short
    why = auto_short(b, conventions, names) if conventions is not None else None
    if why:
        return why
    name = names[b["seat"]]
    if b["value"] is None:
        return _("{name}: pass (automatic)", name=name) if b.get("auto") else \
            _("{name}: pass", name=name)
    if b.get("auto"):
        return _("{name}: {value} (automatic)", name=name, value=b["value"])
    return _("{name}: {value}", name=name, value=b["value"])


def _bid_line(d, names):
    return " · ".join(_bid_said({**b, "auto": False}, names) for b in d["bids"][-4:])


def _modal(title, body, buttons=None):
    """The screen's dialog (thousand.ui.html.modal), closed by its Close unless it says otherwise."""
    return modal(title, body, buttons or button(_("Close"), "table.close"))


def _announce_dialog(app, v, card):
    options = []
    for i, a in enumerate(v["legal"]):
        if a["type"] != "play" or a["card"] != card:
            continue
        kind = a.get("announce")
        if not kind:
            label = _("Just play the {card}", card=card_name(card))
        else:
            suit = card[1] if kind in ("marriage", "bed_marriage") else ""
            label = _(ANNOUNCE[(kind, suit, bool(a.get("keep_trump")))])
        options.append(button(label, "table.announce", i=i,
                              cls="primary" if kind and not a.get("keep_trump") else None))
    return _modal(_("Announce?"), h("p", {}, _("You lead the {card}.", card=card_name(card))),
                  options)


def _summary(app, v, names):
    s = app.session
    last = v["last_deal"]
    if s.over:
        return _game_over(app, v, names)
    if last.get("voided"):
        asked = _said(app, last["by"], names, N_("You asked for a redeal ({reason})."),
                      N_("{name} asked for a redeal ({reason})."),
                      reason=redeal_reason(last["reason"]))
        body = h("p", {}, asked, " ", _("The same dealer deals again."))
        return _modal(_("Redeal"), body, button(_("Continue"), "table.seen", cls="primary"))
    row = last["row"]
    facts = last["facts"]
    decl = last["declarer"]
    outcome = facts["outcome"]
    if outcome == "all_pass":
        head = _("Everybody passed: the deal is not played.")
    elif outcome == "write_off":
        head = _said(app, decl, names, N_("You wrote off the deal at {value}."),
                     N_("{name} wrote off the deal at {value}."), value=last["bid"])
    elif outcome == "cross":
        head = _said(app, decl, names, N_("You crossed the deal."), N_("{name} crossed the deal."))
    elif "made" in row["marks"][decl]:
        head = _said(app, decl, names, N_("You made the contract of {value}."),
                     N_("{name} made the contract of {value}."), value=last["contract"])
    else:
        head = _said(app, decl, names, N_("You failed the contract of {value}."),
                     N_("{name} failed the contract of {value}."), value=last["contract"])
    lines = []
    for p in range(s.n):
        pts = facts["card_points"][p]
        ann = sum(facts["marriages"][p])
        marks = ", ".join(_(MARK_WORDS[m]) if m in MARK_WORDS else m for m in row["marks"][p])
        lines.append(h("tr", {}, h("th", {"scope": "row"}, names[p]),
                       h("td", {}, number(pts) + (f" + {number(ann)}" if ann else "")),
                       h("td", {}, signed(row["changes"][p])),
                       h("td", {}, h("strong", {}, number(row["totals"][p]))),
                       h("td", {"class": "marks"}, marks)))
    table = h("table", {"class": "summary", "aria-label": _("Deal result")},
              h("thead", {}, h("tr", {}, h("td", {}),  # the corner above the names: no header
                               [h("th", {"scope": "col"}, x) for x in
                                (_("Points"), _("Change"), _("Total"), _("Marks"))])),
              h("tbody", {}, lines))
    # at a friend's table the host keeps the record: the replay is the host's
    remote = getattr(app.session, "remote", False)
    return _modal(_("End of the deal"), [h("p", {}, head), table],
                  [button(_("Next deal"), "table.seen", cls="primary"),
                   "" if remote else button(_("Replay this deal"), "table.replay")])


def _game_over(app, v, names):
    score = v["score"]
    order = sorted(range(app.session.n), key=lambda p: -score["totals"][p])
    items = [h("li", {}, _("{name}: {value}", name=names[p], value=score["totals"][p]))
             for p in order]
    return _modal(_("Game over"), [h("p", {"class": "winner"},
                                     winners_said(score["winners"], names, person(app))),
                                   h("ol", {}, items),
                                   score_sheet(score["rows"], names, app.session.n)],
                  [button(_("Home"), "go", screen="home")]
                  if getattr(app.session, "remote", False) else  # the host starts the next
                  [button(_("Rematch"), "table.rematch", cls="primary"),
                   button(_("Replay the last deal"), "table.replay"),
                   button(_("Home"), "go", screen="home")])
