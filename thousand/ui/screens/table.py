"""The card table: hands, bidding, talon, passing, tricks, marriages, the score sheet and the deal
summary. Everything shown comes from one seat's view; every button sends one of the view's legal
actions (by its index), so the page can never ask the engine for something it did not offer."""
from thousand.cards.cards import SUIT_NAMES, card_name, sort_hand
from thousand.cards.settlement import MARKS
from thousand.ui.html import Markup, action_attrs, button, h

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
MARK_SYMBOL = {"made": "✓", "failed": "✗", "write_off": "W", "cross": "C", "cross_penalty": "C!",
               "bolt": "|", "bolt_penalty": "!", "doubled": "×2", "barrel_mount": "B",
               "barrel_attempt": "·", "barrel_fall": "↓", "barrel_reset": "0",
               "dump_truck": "Z", "rest": "#", "winner": "★", "penalty": "P",
               "golden_reset": "G"}
MARK_WORDS = {"made": "made", "failed": "failed", "write_off": "wrote off", "cross": "crossed",
              "cross_penalty": "cross penalty", "bolt": "bolt", "bolt_penalty": "bolt penalty",
              "doubled": "doubled", "barrel_mount": "on the barrel", "barrel_attempt": "barrel try",
              "barrel_fall": "fell off the barrel", "barrel_reset": "reset to 0",
              "dump_truck": "dump truck", "rest": "rested", "winner": "winner",
              "penalty": "penalty", "golden_reset": "golden circle replayed"}
PENALTY_WORDS = {"cutter_nine": "nine at the bottom three times",
                 "third_redeal": "third redeal in a row"}
PHASE_WORDS = {"deal": "dealing", "cut": "cutting the deck", "dark": "deciding on a dark game",
               "redeal": "deciding on a redeal", "bidding": "bidding", "talon": "taking the talon",
               "exchange": "passing cards", "contract": "announcing the contract",
               "trump": "naming the trump", "play": "playing"}


# --- who looks at the table -------------------------------------------------------------------

def viewer(app) -> int:
    """The seat whose cards are shown: the only person at the device, or the person whose turn it
    is (after the privacy screen), or the last person who looked."""
    s = app.session
    humans = s.humans()
    if not humans:
        return 0
    if len(humans) == 1:
        return humans[0]
    return app.ui.get("revealed", humans[0])


def _privacy_needed(app) -> bool:
    s = app.session
    seat = s.to_act()
    return len(s.humans()) > 1 and seat is not None and not s.is_bot(seat) and \
        app.ui.get("revealed") != seat


def _summary_pending(app) -> bool:
    s = app.session
    last = s.state["last_deal"]
    return s.state["phase"] in ("deal", "game_over") and last is not None and \
        app.ui.get("seen") != len(s.record["deals"])


def waiting_for_person(app) -> bool:
    """Computer players wait while a dialog is open that a person must close."""
    return _summary_pending(app) or bool(app.ui.get("pending"))


def after_action(app):
    app.ui.pop("selected", None)
    app.ui.pop("pending", None)


# --- events -----------------------------------------------------------------------------------

def handle(app, event):
    s = app.session
    do = event["do"]
    if s is None:
        app.go("home")
        return
    if do == "table.reveal":
        app.ui["revealed"] = s.to_act()
        return
    if do == "table.seen":
        app.ui["seen"] = len(s.record["deals"])
        return
    if do in ("table.sheet", "table.last_trick", "table.bids", "table.close"):
        app.ui["dialog"] = None if do == "table.close" else do.split(".")[1]
        return
    if do == "table.rematch":
        _rematch(app)
        return
    seat = viewer(app)
    legal = s.view(seat)["legal"]
    if do == "table.act":
        _act(app, legal[int(event["i"])])
    elif do == "table.card":
        _card(app, legal, event["card"])
    elif do == "table.give":
        card = app.ui.get("selected")
        match = [a for a in legal if a["type"] == "give" and a["card"] == card
                 and a["to"] == int(event["to"])]
        if not match:
            app.notice = "Tap a card in your hand first, then the player to give it to."
            return
        _act(app, match[0])
    elif do == "table.discard":
        card = app.ui.get("selected")
        match = [a for a in legal if a["type"] == "discard" and a["card"] == card]
        if not match:
            app.notice = "Tap a card in your hand first."
            return
        _act(app, match[0])
    elif do in ("table.bid", "table.contract", "table.cut"):
        field = {"table.bid": "bid-value", "table.contract": "contract-value",
                 "table.cut": "cut-k"}[do]
        value = int(event.get("fields", {}).get(field, event.get("value", 0)))
        kind = {"table.bid": ("bid", "value"), "table.contract": ("contract", "value"),
                "table.cut": ("cut", "k")}[do]
        match = [a for a in legal if a["type"] == kind[0] and a[kind[1]] == value]
        if not match:
            app.notice = f"{value} is not allowed now."
            return
        _act(app, match[0])
    elif do == "table.announce":
        _act(app, legal[int(event["i"])])
    else:
        app.notice = f"unknown table event '{do}'"


def _act(app, action):
    app.notice = None
    app.session.act(action)
    after_action(app)
    app.save()


def _card(app, legal, card):
    plays = [(i, a) for i, a in enumerate(legal) if a["type"] == "play" and a["card"] == card]
    if plays:
        if len(plays) == 1:
            _act(app, plays[0][1])
        else:
            app.ui["pending"] = card  # ask whether to announce
        return
    if any(a["type"] in ("give", "discard") and a["card"] == card for a in legal):
        app.ui["selected"] = None if app.ui.get("selected") == card else card
        return
    app.notice = "That card cannot be played now."


def _rematch(app):
    from thousand.ui.screens.new import start_from_meta
    start_from_meta(app, app.session.meta, app.session.state)


# --- drawing ----------------------------------------------------------------------------------

def card_img(card) -> Markup:
    return h("img", {"src": f"./assets/cards/{card}.svg", "alt": "", "draggable": "false"})


def card_face(card, *, label_extra="") -> Markup:
    return h("span", {"class": "card", "role": "img", "aria-label": card_name(card) + label_extra},
             card_img(card))


def card_back(label="face-down card") -> Markup:
    return h("span", {"class": "card back", "role": "img", "aria-label": label},
             h("img", {"src": "./assets/cards/back.svg", "alt": ""}))


def render(app) -> Markup:
    s = app.session
    if s is None:
        return h("section", {"class": "screen"}, h("p", {}, "No game in progress."),
                 button("Home", "go", screen="home"))
    if _privacy_needed(app) and not _summary_pending(app):
        name = s.names()[s.to_act()]
        return h("section", {"class": "screen privacy", "aria-label": "Privacy screen"},
                 h("h2", {}, f"Pass the device to {name}"),
                 h("p", {}, "Their cards stay hidden until they tap."),
                 button(f"Show {name}'s cards", "table.reveal", cls="primary"))
    seat = viewer(app)
    v = s.view(seat)
    names = s.names()
    parts = [_top_bar(app, v, names), _opponents(app, v, names), _centre(app, v, names),
             _prompt(app, v, names), _hand(app, v), _me(app, v, names)]
    if app.notice:
        parts.insert(0, h("p", {"class": "notice", "role": "alert"}, app.notice))
    dialog = _dialog(app, v, names)
    return h("section", {"class": "table", "aria-label": "Card table"}, parts, dialog)


def _top_bar(app, v, names):
    d = v["deal"] or {}
    trump = d.get("trump")
    bits = [h("span", {"class": "deal-no"}, f"Deal {v['score']['deals_settled'] + 1}")]
    if d.get("declarer") is not None:
        word = "Contract" if d.get("contract") else "Bid"
        bits.append(h("span", {"class": "contract"},
                      f"{word} {d.get('contract') or d.get('bid')} · {names[d['declarer']]}"))
    bits.append(h("span", {"class": "trump", "aria-label": "trump: " + (
        SUIT_NAMES[trump] if trump else "none")},
        ("Trump " + SUIT_SYMBOL[trump]) if trump else "No trump"))
    if d.get("golden"):
        bits.append(h("span", {"class": "badge gold"}, "golden ×2"))
    if d.get("dark"):
        bits.append(h("span", {"class": "badge dark"}, "dark ×2"))
    menu = [button("Score sheet", "table.sheet"), button("Bids", "table.bids"),
            button("Last trick", "table.last_trick",
                   disabled=not (d.get("tricks"))), button("Home", "go", screen="home")]
    return h("header", {"class": "table-bar"}, h("div", {"class": "facts"}, bits),
             h("nav", {"class": "menu", "aria-label": "Table menu"}, menu))


def _seat_order(v):
    n, me = v["players"], v["seat"]
    return [(me + i) % n for i in range(1, n)]


def _status_of(v, p):
    d = v["deal"]
    if not d:
        return ""
    if d.get("bids") is None:
        return ""
    if v["phase"] == "bidding":
        mine = [b for b in d["bids"] if b["seat"] == p]
        if mine:
            last = mine[-1]
            return "pass" if last["value"] is None else f"bid {last['value']}"
    if d.get("declarer") == p:
        return "declarer"
    return ""


def _opponents(app, v, names):
    score = v["score"]
    boxes = []
    for p in _seat_order(v):
        d = v["deal"] or {}
        count = d.get("counts", [0] * v["players"])[p] if d else 0
        tags = []
        if p == v["dealer"]:
            tags.append(h("span", {"class": "badge"}, "dealer"))
        if score["barrel"][p]["on"]:
            tags.append(h("span", {"class": "badge barrel"},
                          f"barrel {score['barrel'][p]['attempts']}"))
        status = _status_of(v, p)
        thinking = app.thinking() == p
        level = _level(app, p)
        boxes.append(h("div", {"class": "opponent" + (" to-act" if v["to_act"] == p else "")
                                        + (" thinking" if thinking else ""),
                               "aria-label": f"{names[p]}" + (f" ({level})" if level else "")
                                             + f": {score['totals'][p]} points, {count} cards",
                               "aria-busy": "true" if thinking else None},
                       h("div", {"class": "name"}, h("span", {"class": "who"}, names[p]),
                         h("span", {"class": "level"}, f" · {level}") if level else "", tags),
                       h("div", {"class": "total"}, str(score["totals"][p])),
                       h("div", {"class": "cards-left"}, f"{count} cards" if count else ""),
                       h("div", {"class": "status"}, status),
                       _thinking_mark(thinking)))
    return h("div", {"class": "opponents"}, boxes)


def _level(app, seat) -> str:
    """The level of the computer player at `seat` ("Strong"), or "" for a person."""
    from thousand.ui.screens.new import level_label
    name = app.session.bot_name(seat)
    return level_label(name) if name else ""


def _thinking_mark(thinking: bool) -> Markup:
    """Said once to screen readers (a status), shown while the seat's computer player thinks."""
    return h("div", {"class": "thinking-mark", "role": "status"}, "thinking…" if thinking else "")


def _centre(app, v, names):
    d = v["deal"]
    phase = v["phase"]
    if d is None or "tricks" not in d:
        return h("div", {"class": "centre"}, h("p", {"class": "hint"}, _waiting_line(app, v, names)))
    if phase == "play" or d.get("trick"):
        cells = [h("figure", {"class": "played"}, card_face(c), h("figcaption", {}, names[p]))
                 for p, c in d["trick"]]
        return h("div", {"class": "centre trick", "aria-label": "Trick"},
                 cells or h("p", {"class": "hint"}, _waiting_line(app, v, names)))
    if d.get("talon"):
        return h("div", {"class": "centre talon", "aria-label": "Talon"},
                 [card_face(c) for c in d["talon"]])
    backs = [card_back("talon card") for _ in range(d.get("talon_count", 0))] \
        if phase in ("dark", "redeal", "bidding") else []
    hist = _bid_line(d, names) if phase == "bidding" else ""
    return h("div", {"class": "centre"}, h("div", {"class": "talon"}, backs),
             h("p", {"class": "bids-line"}, hist))


def _bid_line(d, names):
    words = []
    for b in d["bids"][-4:]:
        words.append(f"{names[b['seat']]}: " + ("pass" if b["value"] is None else str(b["value"])))
    return " · ".join(words)


def _waiting_line(app, v, names):
    if v["to_act"] is None or v["to_act"] == v["seat"] and v["legal"]:
        return ""  # nobody, or the person looking, whose prompt says what to do
    who = names[v["to_act"]]
    return f"{who} is {PHASE_WORDS.get(v['phase'], v['phase'])}…"


def _grouped(legal):
    out = {}
    for i, a in enumerate(legal):
        out.setdefault(a["type"], []).append((i, a))
    return out


def _prompt(app, v, names):
    legal = v["legal"]
    if not legal:
        return h("div", {"class": "prompt", "aria-live": "polite"},
                 h("p", {}, _waiting_line(app, v, names)))
    g = _grouped(legal)
    d = v["deal"] or {}
    rows = []
    title = ""
    if "deal" in g:
        title = "Your deal"
        rows.append(button("Deal the cards", "table.act", cls="primary", i=g["deal"][0][0]))
    if "cut" in g:
        title = "Cut the deck"
        rows.append(h("label", {"for": "cut-k"}, "Cards to lift "))
        rows.append(h("input", {"type": "number", "id": "cut-k", "min": 1, "max": 23,
                                "value": 12, "inputmode": "numeric"}))
        rows.append(h("button", {"type": "button", "class": "primary",
                                 **action_attrs("table.cut"), "data-fields": "cut-k"}, "Cut"))
    if "dark" in g:
        title = "Play this deal dark? (120 without looking, everything doubled)"
        for i, a in g["dark"]:
            rows.append(button("Play dark" if a["dark"] else "Look at my cards", "table.act",
                               i=i, cls="primary" if not a["dark"] else None))
    if "keep" in g and "look" in g:
        title = "Dark bidding: look at your cards now, or bid blind?"
        rows.append(button("Look at my cards", "table.act", i=g["look"][0][0], cls="primary"))
        rows.append(button("Stay blind", "table.act", i=g["keep"][0][0]))
    elif "keep" in g:
        window = d.get("window")
        title = "Your hand qualifies for a redeal" + (" (before the bidding)" if window == "W1"
                                                       else " (after the contract)")
        rows.append(button("Ask for a redeal", "table.act", i=g["redeal"][0][0]))
        rows.append(button("Keep my cards", "table.act", i=g["keep"][0][0], cls="primary"))
    if "bid" in g or ("pass" in g and v["phase"] == "bidding"):
        title = f"Your bid (high bid {d.get('high')})" if d.get("high") else "Your bid"
        if "look" in g:
            rows.append(button("Look at my cards", "table.act", i=g["look"][0][0]))
        bids = g.get("bid", [])
        for i, a in bids[:3]:
            rows.append(button(f"Bid {a['value']}", "table.act", i=i,
                               cls="primary" if i == bids[0][0] else None))
        if len(bids) > 3:
            rows.append(_value_picker("bid-value", "Other bid", [a["value"] for _, a in bids[3:]],
                                      "table.bid", "Bid"))
        rows.append(button("Pass", "table.act", i=g["pass"][0][0]))
    if "take_talon" in g:
        title = "Choose a talon"
        for i, a in g["take_talon"]:
            rows.append(button(f"Take talon {'AB'[a['talon']]}", "table.act", i=i))
    if "show_talon" in g:
        title = "Show the talon to the others?"
        for i, a in g["show_talon"]:
            rows.append(button("Show it" if a["show"] else "Keep it hidden", "table.act", i=i))
    if "write_off" in g or "cross" in g or ("redeal" in g and "keep" not in g):
        if "redeal" in g and "keep" not in g:
            rows.append(button(f"Redeal ({d.get('w2')})", "table.act", i=g["redeal"][0][0]))
        if "write_off" in g:
            rows.append(button(f"Write off (−{d.get('bid')})", "table.act",
                               i=g["write_off"][0][0]))
        if "cross" in g:
            rows.append(button("Cross", "table.act", i=g["cross"][0][0]))
    if "give" in g or "discard" in g:
        sel = app.ui.get("selected")
        pending = sorted({a["to"] for _, a in g.get("give", [])})
        if "give" in g:
            title = title or ("Pass one card to each opponent: tap a card, then a player"
                              if not sel else f"Give the {card_name(sel)} to…")
            for p in pending:
                rows.append(button(f"Give to {names[p]}", "table.give", to=p, disabled=not sel,
                                   cls="primary" if sel else None))
        if "discard" in g:
            title = title or "Lay cards into the widow: tap a card"
            rows.append(button("Discard", "table.discard", disabled=not sel))
    if "contract" in g:
        title = f"Announce your contract (at least {d.get('bid')})"
        values = [a["value"] for _, a in g["contract"]]
        for i, a in g["contract"][:3]:
            rows.append(button(f"Contract {a['value']}", "table.act", i=i,
                               cls="primary" if a["value"] == values[0] else None))
        if len(values) > 3:
            rows.append(_value_picker("contract-value", "Higher contract", values[3:],
                                      "table.contract", "Announce"))
    if "name_trump" in g:
        title = "Name the trump suit"
        for i, a in g["name_trump"]:
            rows.append(button(SUIT_SYMBOL[a["suit"]] + " " + SUIT_NAMES[a["suit"]],
                               "table.act", i=i))
    if "play" in g:
        title = "Your lead" if not d.get("trick") else "Your turn: play a card"
    return h("div", {"class": "prompt", "aria-live": "polite"},
             h("p", {"class": "prompt-title"}, title), h("div", {"class": "actions"}, rows))


def _value_picker(field_id, label, values, do, verb):
    options = [h("option", {"value": x}, str(x)) for x in values]
    return h("span", {"class": "picker"},
             h("label", {"for": field_id, "class": "sr-only"}, label),
             h("select", {"id": field_id, "aria-label": label}, options),
             h("button", {"type": "button", **action_attrs(do), "data-fields": field_id}, verb))


def _hand(app, v):
    d = v["deal"]
    if not d or "tricks" not in d:
        return h("div", {"class": "hand", "aria-label": "Your hand"})
    if d["hand"] is None:
        n = d["counts"][v["seat"]]
        return h("div", {"class": "hand hidden", "aria-label": "Your hand (not looked at)",
                         "style": f"--n: {n}"}, [card_back() for _ in range(n)])
    legal_cards = {a["card"] for a in v["legal"] if a["type"] in ("play", "give", "discard")}
    selected = app.ui.get("selected")
    cards = []
    for c in sort_hand(d["hand"]):
        usable = c in legal_cards
        cards.append(h("button", {"type": "button", "class": "card" + (
            " selected" if c == selected else ""), "aria-label": card_name(c),
            "aria-pressed": "true" if c == selected else None, "disabled": not usable,
            **action_attrs("table.card", card=c)}, card_img(c)))
    extra = ""
    if d.get("received"):
        extra = h("p", {"class": "hint"}, f"Passed to you: {card_name(d['received'])}")
    return h("div", {"class": "hand-wrap"},
             h("div", {"class": "hand", "aria-label": "Your hand", "style": f"--n: {len(cards)}"},
               cards), extra)


def _me(app, v, names):
    me = v["seat"]
    sc = v["score"]
    level = _level(app, me)  # a table of computer players only: seat 1's cards are shown
    thinking = app.thinking() == me
    bits = [h("strong", {}, names[me]), f" · {level}" if level else "",
            f" {sc['totals'][me]} points"]
    if sc["bolts"][me]:
        bits.append(f" · bolts {sc['bolts'][me]}")
    if sc["barrel"][me]["on"]:
        bits.append(f" · on the barrel ({sc['barrel'][me]['attempts']})")
    if level:
        bits.append(_thinking_mark(thinking))
    return h("footer", {"class": "me" + (" thinking" if thinking else ""),
                        "aria-busy": "true" if thinking else None}, bits)


# --- dialogs ----------------------------------------------------------------------------------

def _dialog(app, v, names):
    s = app.session
    if _summary_pending(app):
        return _summary(app, v, names)
    pending = app.ui.get("pending")
    if pending:
        return _announce_dialog(app, v, pending)
    which = app.ui.get("dialog")
    if which == "sheet":
        return _modal("Score sheet", score_sheet(v["score"]["rows"], names, s.n))
    if which == "bids":
        d = v["deal"] or {}
        items = [h("li", {}, f"{names[b['seat']]}: " + ("pass" if b["value"] is None
                                                          else str(b["value"]))
                   + (" (automatic)" if b.get("auto") else ""))
                 for b in d.get("bids", [])]
        return _modal("Bids", h("ol", {}, items) if items else h("p", {}, "No bids yet."))
    if which == "last_trick":
        d = v["deal"] or {}
        if d.get("tricks"):
            t = d["tricks"][-1]
            body = [h("figure", {"class": "played"}, card_face(c), h("figcaption", {}, names[p]))
                    for p, c in t["cards"]]
            return _modal("Last trick", [h("div", {"class": "trick"}, body),
                                         h("p", {}, f"Taken by {names[t['winner']]}")])
    return ""


def _modal(title, body, buttons=None):
    return h("div", {"class": "overlay"},
             h("div", {"class": "dialog", "role": "dialog", "aria-modal": "true",
                       "aria-label": title},
               h("h2", {}, title), body,
               h("div", {"class": "actions"}, buttons or button("Close", "table.close"))))


def _announce_dialog(app, v, card):
    options = []
    for i, a in enumerate(v["legal"]):
        if a["type"] != "play" or a["card"] != card:
            continue
        kind = a.get("announce")
        if not kind:
            label = f"Just play the {card_name(card)}"
        else:
            label = {"marriage": f"Announce the {SUIT_NAMES[card[1]]} marriage",
                     "bed_marriage": f"Announce the {SUIT_NAMES[card[1]]} bed marriage",
                     "ace_marriage": "Announce the ace marriage",
                     "four_nines": "Announce four nines"}[kind]
            if a.get("keep_trump"):
                label += " (points only, trump stays)"
        options.append(button(label, "table.announce", i=i,
                              cls="primary" if kind and not a.get("keep_trump") else None))
    return _modal("Announce?", h("p", {}, f"You lead the {card_name(card)}."), options)


def score_sheet(rows, names, n) -> Markup:
    head = h("tr", {}, h("th", {"scope": "col"}, "Deal"),
             [h("th", {"scope": "col"}, nm) for nm in names])
    body = []
    for r in rows:
        cells = []
        for p in range(n):
            marks = " ".join(MARK_SYMBOL.get(m, m) for m in r["marks"][p])
            titles = "; ".join(MARKS.get(m, m) for m in r["marks"][p])
            change = r["changes"][p]
            cells.append(h("td", {"title": titles or None},
                           h("span", {"class": "change"}, f"{change:+d}" if change else "0"),
                           " ", h("strong", {}, str(r["totals"][p])),
                           " ", h("span", {"class": "marks"}, marks)))
        label = str(r.get("deal", ""))
        if r.get("outcome") == "penalty":
            label = "penalty: " + PENALTY_WORDS.get(r.get("reason"), str(r.get("reason", "")))
        elif r.get("declarer") is not None and r.get("contract"):
            label += f" · {names[r['declarer']]} {r['contract']}"
        body.append(h("tr", {}, h("th", {"scope": "row"}, label), cells))
    legend = h("details", {"class": "legend"}, h("summary", {}, "Marks"),
               h("ul", {}, [h("li", {}, f"{MARK_SYMBOL[m]} {text}") for m, text in MARKS.items()
                            if m in MARK_SYMBOL]))
    return h("div", {"class": "sheet"},
             h("table", {"aria-label": "Score sheet"}, h("thead", {}, head),
               h("tbody", {}, body)), legend)


def _summary(app, v, names):
    s = app.session
    last = s.state["last_deal"]
    if s.over:
        return _game_over(app, v, names)
    if last.get("voided"):
        body = h("p", {}, f"{names[last['by']]} asked for a redeal ({last['reason']}). "
                          "The same dealer deals again.")
        return _modal("Redeal", body, button("Continue", "table.seen", cls="primary"))
    row = last["row"]
    facts = last["facts"]
    decl = last["declarer"]
    outcome = facts["outcome"]
    if outcome == "all_pass":
        head = "Everybody passed: the deal is not played."
    elif outcome == "write_off":
        head = f"{names[decl]} wrote off the deal at {last['bid']}."
    elif outcome == "cross":
        head = f"{names[decl]} crossed the deal."
    else:
        made = "made" in row["marks"][decl]
        head = f"{names[decl]} {'made' if made else 'failed'} the contract of {last['contract']}."
    lines = []
    for p in range(s.n):
        pts = facts["card_points"][p]
        ann = sum(facts["marriages"][p])
        marks = ", ".join(MARK_WORDS.get(m, m) for m in row["marks"][p])
        lines.append(h("tr", {}, h("th", {"scope": "row"}, names[p]),
                       h("td", {}, f"{pts}" + (f" + {ann}" if ann else "")),
                       h("td", {}, f"{row['changes'][p]:+d}"),
                       h("td", {}, h("strong", {}, str(row["totals"][p]))),
                       h("td", {"class": "marks"}, marks)))
    table = h("table", {"class": "summary", "aria-label": "Deal result"},
              h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, x) for x in
                                          ("", "Points", "Change", "Total", "Marks")])),
              h("tbody", {}, lines))
    return _modal("End of the deal", [h("p", {}, head), table],
                  button("Next deal", "table.seen", cls="primary"))


def _game_over(app, v, names):
    score = app.session.state["score"]
    winners = score["winners"]
    head = " and ".join(names[w] for w in winners) + (" wins!" if len(winners) == 1 else " win!")
    order = sorted(range(app.session.n), key=lambda p: -score["totals"][p])
    items = [h("li", {}, f"{names[p]}: {score['totals'][p]}") for p in order]
    return _modal("Game over", [h("p", {"class": "winner"}, head), h("ol", {}, items),
                                score_sheet(score["rows"], names, app.session.n)],
                  [button("Rematch", "table.rematch", cls="primary"),
                   button("Home", "go", screen="home")])
