"""A finished deal again, every hand open: as it was dealt, the auction, the talon and the cards
passed, each trick, the result; forwards and back a step at a time, and from deal to deal.

Opened from the table's deal summary (the deal just over), from Finished games (any deal of a
finished game) and from a record file opened in the page. The record comes with the visit
(`app.ui["replay"]`), so the screen never looks at a deal still being played."""
from thousand.errors import ThousandError
from thousand.i18n import N_, _, number, reason, signed
from thousand.ui.card_words import MARK_WORDS, card_name, face_src, redeal_reason, suit_name
from thousand.ui.html import button, h
from thousand.seats import is_own_name, shown_name

STEP_TITLES = {"dealt": N_("The deal as dealt"), "auction": N_("The auction"),
               "exchange": N_("The talon and the cards passed"), "result": N_("The result")}


def open_replay(app, rec: dict, back: str, deal: int | None = None, **where):
    """Show the replay of `rec` (its last finished deal unless `deal` is given); `back` is the
    screen the Back button returns to."""
    from thousand.cards.deal_replay import finished_deals
    try:
        deals = finished_deals(rec)
    except ThousandError as exc:
        app.notice = _("This record cannot be replayed: {reason}", reason=reason(exc))
        return
    if not deals:
        app.notice = _("No deal of this game is over yet.")
        return
    chosen = deal if deal in deals else deals[-1]
    app.go("replay", replay={"record": rec, "deals": deals, "deal": chosen, "step": 0,
                             "back": back, **where})


def waiting_for_person(app) -> bool:
    return True


def after_action(app):
    return None


def handle(app, event):
    r = app.ui.get("replay")
    do = event["do"]
    if r is None:
        app.go("home")
        return
    if do == "replay.back":
        app.go(r["back"], **({"seen": r["seen"]} if "seen" in r else {}))
        return
    frames = _frames(app, r)
    if do == "replay.step":
        r["step"] = max(0, min(len(frames) - 1, r["step"] + int(event.get("by", 1))))
    elif do == "replay.deal":
        i = r["deals"].index(r["deal"]) + int(event.get("by", 1))
        if 0 <= i < len(r["deals"]):
            r["deal"], r["step"] = r["deals"][i], 0
            r.pop("frames", None)


def _frames(app, r) -> list:
    from thousand.cards.deal_replay import frames
    if r.get("frames") is None or r.get("frames_of") != r["deal"]:
        r["frames"], r["frames_of"] = frames(r["record"], r["deal"]), r["deal"]
    return r["frames"]


class Names(list):
    """The seats' names as shown; `said` words a sentence about a seat with its own message for
    the person at this device ("You take the trick"), never "You" put where a name goes."""

    def __init__(self, rec):
        raw = rec.get("names") or []
        n = rec.get("players") or len(raw)
        self.own = [i < len(raw) and isinstance(raw[i], str) and is_own_name(raw[i])
                    for i in range(n)]
        super().__init__(shown_name(raw[i]) if i < len(raw) else _("Player {n}", n=i + 1)
                         for i in range(n))

    def said(self, seat, own_msg: str, name_msg: str, **values) -> str:
        return _(own_msg, **values) if self.own[seat] else _(name_msg, name=self[seat], **values)


def render(app):
    r = app.ui.get("replay")
    if r is None:
        return h("section", {"class": "screen"}, h("p", {}, _("Nothing to replay.")),
                 button(_("Home"), "go", screen="home"))
    frames = _frames(app, r)
    frame = frames[r["step"]]
    names = Names(r["record"])
    at = r["deals"].index(r["deal"])
    head = h("header", {"class": "replay-bar"},
             h("h2", {}, _("Replay of deal {n}", n=r["deal"] + 1)),
             h("nav", {"class": "menu", "aria-label": _("Deals")},
               button(_("Previous deal"), "replay.deal", by=-1, disabled=at == 0),
               button(_("Next deal"), "replay.deal", by=1, disabled=at == len(r["deals"]) - 1),
               button(_("Back"), "replay.back")))
    steps = h("nav", {"class": "replay-steps", "aria-label": _("Steps")},
              button(_("◀ Back a step"), "replay.step", by=-1, disabled=r["step"] == 0),
              h("span", {"class": "step-no", "aria-live": "polite"},
                _("Step {n} of {total}: {title}", n=r["step"] + 1, total=len(frames),
                  title=_step_title(frame))),
              button(_("Forward a step ▶"), "replay.step", by=1, cls="primary",
                     disabled=r["step"] == len(frames) - 1))
    return h("section", {"class": "screen replay", "aria-label": _("Replay of a deal")},
             h("p", {"class": "notice", "role": "alert"}, app.notice) if app.notice else "",
             head, steps, _what_happened(frame, names), _hands(frame, names))


def _step_title(frame) -> str:
    if frame["step"] == "trick":
        return _("Trick {n}", n=frame["number"])
    return _(STEP_TITLES[frame["step"]])


def _face(card, cls="card small"):
    return h("span", {"class": cls, "role": "img", "aria-label": card_name(card)},
             h("img", {"src": face_src(card), "alt": "", "draggable": "false"}))


def _hands(frame, names):
    hands = frame.get("hands")
    if not hands:
        return ""
    played = {seat: card for seat, card in frame.get("cards", [])}
    seats = []
    for p, hand in enumerate(hands):
        cards = [_face(c) for c in sorted_hand(hand)]
        if p in played:
            cards.append(h("span", {"class": "replay-played"}, _("played"), " ",
                           _face(played[p])))
        seats.append(h("li", {"class": "replay-seat"},
                       h("h3", {}, names[p]),
                       h("div", {"class": "replay-hand", "role": "group",
                                 "aria-label": names.said(p, N_("Your cards"),
                                                          N_("{name}'s cards"))},
                         cards or h("span", {"class": "hint"}, _("no cards")))))
    return h("ol", {"class": "replay-hands"}, seats)


def sorted_hand(hand):
    from thousand.cards.cards import sort_hand
    return sort_hand(hand)


def _what_happened(frame, names):
    step = frame["step"]
    if step == "dealt":
        talons = [h("div", {"class": "replay-talon", "role": "group", "aria-label": _("Talon")},
                    [_face(c) for c in t]) for t in frame["talons"] if t]
        return h("div", {"class": "replay-step"},
                 h("p", {}, names.said(frame["dealer"], N_("You dealt."), N_("{name} dealt."))),
                 h("p", {}, _("Talon")) if talons else "", talons)
    if step == "auction":
        bids = [h("li", {}, _("{name}: pass", name=names[b["seat"]]) if b["value"] is None
                  else _("{name}: {value}", name=names[b["seat"]], value=b["value"]))
                for b in frame["bids"]]
        outcome = names.said(frame["declarer"], N_("You won the auction at {value}."),
                             N_("{name} won the auction at {value}."), value=frame["bid"]) \
            if frame.get("declarer") is not None else _("Everybody passed.")
        return h("div", {"class": "replay-step"}, h("ol", {"class": "replay-bids"}, bids),
                 h("p", {}, outcome))
    if step == "exchange":
        lines = [h("li", {}, names.said(frame["declarer"], N_("You gave the {card} to {other}."),
                                        N_("{name} gave the {card} to {other}."),
                                        card=card_name(card), other=names[int(to)]))
                 for to, card in frame["given"].items()]
        lines += [h("li", {}, _("Into the widow: {card}", card=card_name(c)))
                  for c in frame["discards"]]
        trump = _("Trump: {suit}", suit=suit_name(frame["trump"])) if frame.get("trump") \
            else _("No trump yet")
        return h("div", {"class": "replay-step"},
                 h("p", {}, names.said(frame["declarer"], N_("You play for {value}."),
                                       N_("{name} plays for {value}."),
                                       value=frame["contract"])) if frame.get("contract") else "",
                 h("ul", {}, lines), h("p", {}, trump))
    if step == "trick":
        cards = [h("figure", {"class": "played"}, _face(c, "card"),
                   h("figcaption", {}, names[p])) for p, c in frame["cards"]]
        said = [h("p", {}, names.said(a["seat"], N_("You announced a marriage: {value}."),
                                      N_("{name} announced a marriage: {value}."),
                                      value=a["value"])) for a in frame["announcements"]]
        return h("div", {"class": "replay-step"}, h("div", {"class": "trick"}, cards), said,
                 h("p", {"class": "replay-winner"},
                   names.said(frame["winner"], N_("You take the trick."),
                              N_("{name} takes the trick."))))
    return _result(frame, names)


def _result(frame, names):
    last = frame["last_deal"] or {}
    if last.get("voided"):
        return h("div", {"class": "replay-step"},
                 h("p", {}, names.said(last["by"], N_("You asked for a redeal ({reason})."),
                                       N_("{name} asked for a redeal ({reason})."),
                                       reason=redeal_reason(last["reason"]))))
    row, facts = last["row"], last["facts"]
    lines = []
    for p, name in enumerate(names):
        marks = ", ".join(_(MARK_WORDS[m]) if m in MARK_WORDS else m for m in row["marks"][p])
        lines.append(h("tr", {}, h("th", {"scope": "row"}, name),
                       h("td", {}, number(facts["card_points"][p])),
                       h("td", {}, signed(row["changes"][p])),
                       h("td", {}, h("strong", {}, number(row["totals"][p]))),
                       h("td", {"class": "marks"}, marks)))
    return h("div", {"class": "replay-step"},
             h("table", {"class": "summary", "aria-label": _("Deal result")},
               h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, x) for x in
                                           ("", _("Points"), _("Change"), _("Total"),
                                            _("Marks"))])),
               h("tbody", {}, lines)))
