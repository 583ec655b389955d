"""The card table: hands, bidding, talon, passing, tricks, marriages, the score sheet and the deal
summary. Everything shown comes from one seat's view; every button sends one of the view's legal
actions (by its index), so the page can never ask the engine for something it did not offer.

Every text goes through the catalogues (thousand.i18n). A sentence about the one person at this
device has its own message ("You crossed the deal.") beside the one for a name ("{name} crossed
the deal."): a name is never put where "you" belongs."""

from thousand import aids
from thousand.errors import ThousandError
from thousand.i18n import N_, _, n_
from thousand.cards.cards import sort_hand
from thousand.ui.card_words import SUIT_SYMBOL, WAITING, card_name, suit_name, suits_in_colour
from thousand.ui import data, preferences, tally
from thousand.cards.dealing import active_seats
from thousand.ui.kinds import CARDS
from thousand.ui.html import Markup, action_attrs, button, h
from thousand.ui.screens import felt, table_prompt, taking_back
from thousand.ui.screens.sheet_table import score_sheet
# the dialogs; open_dialog and person named here for the app and the tests
from thousand.ui.screens.table_dialogs import (_announce_dialog, _bid_line, _bid_said,  # noqa: F401
                                               _confirm_dialog, last_trick, _mark_seen, _modal,
                                               open_dialog, person, _said, _seen, _summary,
                                               _summary_pending)

# the phases from the auction to the first card, while what the rules bid for a seat matters
AUCTION_ON = ("bidding", "talon", "exchange", "contract", "trump")


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


# --- Back and Forward (App.return_to) ---------------------------------------------------------

def dialog_shown(app):
    """The dialog open at the table, by name, or None."""
    s = app.session
    if s is None or _privacy_needed(app) and not _summary_pending(app):
        return None
    if _summary_pending(app):
        return "summary"
    if app.ui.get("pending"):
        return "announce"
    confirm = app.ui.get("confirm")
    if confirm and confirm["at"] == s.actions_so_far():
        return "confirm"
    which = app.ui.get("dialog")
    if which == "last_trick" and last_trick(s.view(viewer(app))) is None:
        return None  # nothing to show: the dialog is not drawn
    return which if which in ("sheet", "bids", "last_trick") else None


def close_dialog(app):
    """Back on a dialog: as its Close, No or Next deal."""
    if _summary_pending(app):
        handle(app, {"do": "table.seen"})
        return
    app.ui.pop("pending", None)
    app.ui.pop("confirm", None)
    app.ui["dialog"] = None


def table_view(app, seat) -> dict:
    """The seat's view as the table shows it: while a deal played to its end is still in sight
    (its last trick on the felt, then its summary), that deal, not the next one (`ended_view`)."""
    return ended_view(app, app.session.view(seat))


def ended_view(app, v) -> dict:
    """The view with the deal just played to its end in place of the next one, not yet dealt, and
    nobody to act, while that deal is in sight; else `v` as it is. The finished deal is public
    (thousand.cards.views: its tricks, announcements and facts), so the seat sees nothing more
    than at the last card; the engine has moved on to the next deal already, the page has not."""
    last = v["last_deal"]
    if not _summary_pending(app) or last is None or last.get("voided") or not last.get("tricks"):
        return v
    n, tricks, facts = v["players"], last["tricks"], last["facts"]
    active = active_seats(n, last["dealer"])
    deal = {"dealer": last["dealer"], "active": active, "sitter": active[0], "hand": [],
            "counts": [0] * n, "looked": [True] * n, "golden": facts.get("golden"),
            "dark": facts.get("dark"), "dark_player": None, "forced": None, "bids": [],
            "high": None, "high_seat": None, "passed": [False] * n, "barred": [False] * n,
            "declarer": last["declarer"], "bid": last["bid"], "contract": last["contract"],
            "uncontested": False, "talon_count": 0, "talon_taken": None, "talon": None,
            "given": {}, "received": None, "discards": None, "trump": tricks[-1]["trump"],
            "trick": [], "tricks": tricks, "announcements": last["announcements"],
            "window": None, "w2": None, "facts": facts}
    return {**v, "phase": "play", "to_act": None, "legal": [], "dealer": last["dealer"],
            "deal": deal, "ended": True}


def waiting_for_person(app) -> bool:
    """Computer players wait while a dialog is open that a person must close."""
    return _summary_pending(app) or bool(app.ui.get("pending"))


def played_for_person(app, session):
    """The card the page plays for the person to act ("Play my only legal card for me",
    thousand/ui/pace.py): at the card table, their only choice and a plain card, once they
    can see their cards (with several people at the device, past the privacy screen), and
    not where they have just taken a move back to; else None."""
    seat = session.to_act()
    if seat is None or session.is_bot(seat):
        return None
    if len(session.humans()) > 1 and app.ui.get("revealed") != seat:
        return None
    at = session.actions_so_far()
    if any(t.get("seat") == seat and t.get("at") == at
           for t in aids.taken_back(session.record)):
        return None  # else the move taken back would be made again at once
    if not app.preference("auto_play"):
        return None
    from thousand.ui import pace
    return pace.only_card(session.view(seat))


def first_looks(session) -> list:
    """What the table can show first (App.resumed draws each of a resumed game): as it opens,
    and with its dialogs or the hand of the person to act open."""
    seen = session.deals_begun()
    return [{}, {"revealed": session.to_act(), "seen": seen},
            *({"revealed": session.to_act(), "seen": seen, "dialog": d}
              for d in ("sheet", "last_trick", "bids"))]


def after_action(app):
    app.ui.pop("selected", None)
    app.ui.pop("pending", None)


# --- events -----------------------------------------------------------------------------------

def handle(app, event):
    """A tap at the table: what only the page changes (a dialog, the hand shown, a hint) is done
    at once; a move is matched against the seat's legal actions first, and a tap that matches none
    is answered with why."""
    s = app.session
    do = event["do"]
    if s is None:
        app.go("home")
        return
    if do == "table.more":
        app.ui["more"] = not app.ui.get("more")
        return
    app.ui.pop("more", None)  # whatever else is tapped closes the "More" list
    if do in PAGE_EVENTS:
        PAGE_EVENTS[do](app, event)
        return
    if do not in MOVE_EVENTS:
        app.notice = _("unknown table event '{event}'", event=do)
        return
    legal = table_view(app, viewer(app))["legal"]  # none while a finished deal is in sight
    if do in ("table.act", "table.announce") and not 0 <= int(event["i"]) < len(legal):
        return  # a button of a moment gone (the deal ended meanwhile): nothing to do
    MOVE_EVENTS[do](app, event, legal)


# --- what only the page changes ---

def _reveal(app, event):
    app.ui["revealed"] = app.session.to_act()


def _seen_event(app, event):
    _mark_seen(app, app.session.deals_begun())
    app.save()  # closed for good: a reload does not open it again


def _sound(app, event):
    preferences.write(app.store, "sound", not app.preference("sound"))


def _open_close(app, event):
    do = event["do"]
    app.ui["dialog"] = None if do == "table.close" else do.split(".")[1]
    app.ui.pop("confirm", None)  # "No" to a risky decision: nothing is done


def _replay(app, event):
    if getattr(app.session, "remote", False):
        return  # the host keeps the record
    from thousand.ui.screens.replay import open_replay
    seen = _seen(app)
    open_replay(app, app.session.record, "table", seen=seen if seen is not None else -1)


PAGE_EVENTS = {
    "table.reveal": _reveal, "table.seen": _seen_event,
    "table.hint": lambda app, event: _hint(app), "table.gather": lambda app, event: _gather(app),
    "table.sound": _sound, "table.undo": lambda app, event: _undo(app),
    "table.sheet": _open_close, "table.last_trick": _open_close, "table.bids": _open_close,
    "table.close": _open_close, "table.rematch": lambda app, event: _rematch(app),
    "table.replay": _replay,
    "table.undo_ask": lambda app, event: taking_back.answer(app, app.session, viewer(app), "ask"),
    "table.undo_yes": lambda app, event: taking_back.answer(app, app.session, viewer(app), "yes"),
    "table.undo_no": lambda app, event: taking_back.answer(app, app.session, viewer(app), "no"),
    "table.confirm": lambda app, event: _confirmed(app, bool(event.get("never"))),
}


# --- moves: each matched against the legal actions of the seat shown ---

def _chosen(app, event, legal):
    _decide(app, legal[int(event["i"])])


def _announced(app, event, legal):
    _act(app, legal[int(event["i"])])


def _tapped_card(app, event, legal):
    _card(app, legal, event["card"])


def _given(app, event, legal):
    card = app.ui.get("selected")
    match = [a for a in legal if a["type"] == "give" and a["card"] == card
             and a["to"] == int(event["to"])]
    if not match:
        app.notice = _("Tap a card in your hand first, then the player to give it to.")
        return
    _act(app, match[0])


def _discarded(app, event, legal):
    card = app.ui.get("selected")
    match = [a for a in legal if a["type"] == "discard" and a["card"] == card]
    if not match:
        app.notice = _("Tap a card in your hand first.")
        return
    _act(app, match[0])


# a number picked on the table: (its field, the action type, the action's field)
PICKED = {"table.bid": ("bid-value", "bid", "value"),
          "table.contract": ("contract-value", "contract", "value"),
          "table.cut": ("cut-k", "cut", "k")}


def _picked(app, event, legal):
    field, kind, key = PICKED[event["do"]]
    value = int(event.get("fields", {}).get(field, event.get("value", 0)))
    match = [a for a in legal if a["type"] == kind and a[key] == value]
    if not match:
        app.notice = _("{value} is not allowed now.", value=value)
        return
    _decide(app, match[0])


MOVE_EVENTS = {"table.act": _chosen, "table.announce": _announced, "table.card": _tapped_card,
               "table.give": _given, "table.discard": _discarded, "table.bid": _picked,
               "table.contract": _picked, "table.cut": _picked}


def _decide(app, action):
    """A decision the player may want a second look at (playing dark, a contract far above the
    hand) is asked about first, unless they chose not to be asked (thousand/ui/pace.py)."""
    from thousand.ui import pace
    s = app.session
    risk = pace.risk(s.view(viewer(app)), action) if app.preference("confirm_risky") else None
    if risk is None:
        _act(app, action)
        return
    app.ui["confirm"] = {"at": s.actions_so_far(), "action": action, "risk": risk}


def _confirmed(app, never: bool):
    asked = app.ui.pop("confirm", None)
    if asked is None or asked["at"] != app.session.actions_so_far():
        return
    if never:
        preferences.write(app.store, "confirm_risky", False)
    _act(app, asked["action"])


def _act(app, action):
    app.notice = None
    _gather(app)  # a trick still lying on the table is gathered by the next move
    try:
        app.session.act(action)
    except ThousandError as exc:  # refused: the game as it was, the engine's reason in words
        from thousand.ui.card_words import refusal
        app.notice = refusal(exc)
        return
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
    from thousand.ui.card_words import card_refused
    app.notice = card_refused(app.session, viewer(app), card)  # the rule that stops it


def _hint(app):
    """What the strongest computer player would do in the viewer's seat, and why, shown until
    the position changes (it sees that seat's view only; thousand/ui/session.py)."""
    from thousand.ui.card_words import card_reason
    s = app.session
    seat = viewer(app)
    if s.is_bot(seat) or s.to_act() != seat:
        app.notice = _("A hint is for your own turn.")
        return
    action, bot = s.hint(seat)
    search = getattr(getattr(bot, "player", None), "last", None) if action["type"] == "play" \
        else getattr(bot, "last", None)
    app.ui["hint"] = {"at": s.actions_so_far(), "action": action,
                      "text": card_reason(s.view(seat), action, search, s.names())}
    app.save()


def _shown_hint(app):
    """The hint asked for at this position, or None."""
    hint = app.ui.get("hint")
    return hint if hint and hint["at"] == app.session.actions_so_far() else None


def _undo(app):
    s = app.session
    if s.undo_seat() is None:
        app.notice = _("There is nothing to take back.")
        return
    s.take_back()
    for key in ("selected", "pending", "hint"):
        app.ui.pop(key, None)
    # back in the middle of a deal: its summary is still to be seen when it ends again
    _mark_seen(app, s.deals_begun() - 1)
    app.notice = _("Your last move was taken back.")
    app.save()


def _rematch(app):
    if getattr(app.session, "remote", False):
        return  # the host starts the next game
    from thousand.ui.screens.new import start_from_meta
    start_from_meta(app, app.session.meta, app.session.state)


# --- drawing ----------------------------------------------------------------------------------

def render(app) -> Markup:
    s = app.session
    if s is None:
        return h("section", {"class": "screen"}, h("p", {}, _("No game in progress.")),
                 button(_("Home"), "go", screen="home"))
    if _privacy_needed(app) and not _summary_pending(app):
        name = s.names()[s.to_act()]
        return h("section", {"class": "screen privacy", "aria-label": _("Privacy screen")},
                 h("h2", {}, _("Pass the device to {name}", name=name)),
                 h("p", {}, _("Their cards stay hidden until they tap.")),
                 button(_("Show {name}'s cards", name=name), "table.reveal", cls="primary"))
    seat = viewer(app)
    v = table_view(app, seat)
    names = s.names()
    parts = [_top_bar(app, v, names), _felt(app, v, names), _said_on_table(app, v, names),
             _prompt(app, v, names), _me(app, v, names), _hand(app, v)]
    dialog = _dialog(app, v, names)
    # data-table: the motion moves cards only between two drawings of the same game
    return h("section", {"class": "table", "aria-label": _("Card table"),
                         "data-table": s.meta.get("seed", 0)}, parts, dialog)


def _top_bar(app, v, names):
    d = v["deal"] or {}
    trump = d.get("trump")
    settled = v["score"]["deals_settled"]  # the deal in sight is settled once it has ended
    bits = [h("span", {"class": "deal-no"},
              _("Deal {n}", n=settled if v.get("ended") else settled + 1))]
    if d.get("declarer") is not None:
        who = names[d["declarer"]]
        text = _("Contract {value} · {name}", value=d["contract"], name=who) if d.get("contract") \
            else _("Bid {value} · {name}", value=d.get("bid"), name=who)
        bits.append(h("span", {"class": "contract"}, text))
    if trump:
        bits.append(h("span", {"class": "trump", "role": "img",
                               "aria-label": _("trump: {suit}", suit=suit_name(trump))},
                      suits_in_colour(_("Trump {symbol}", symbol=SUIT_SYMBOL[trump]))))
    else:
        bits.append(h("span", {"class": "trump", "role": "img", "aria-label": _("trump: none")},
                      _("No trump")))
    if d.get("golden"):
        bits.append(h("span", {"class": "badge gold"}, _("golden ×2")))
    if d.get("dark"):
        bits.append(h("span", {"class": "badge dark"}, _("dark ×2")))
    # one row on a 360 px phone in every language: what a player reaches for during a deal in
    # the row, the lists he looks up now and then behind "More"
    menu = [button(_("Score sheet"), "table.sheet")]
    if app.session.against_computer():
        menu.append(button(_("Undo"), "table.undo", disabled=app.session.undo_seat() is None))
    elif taking_back.with_friends(app, app.session):  # taken back only if every other person agrees
        menu.append(button(_("Undo"), "table.undo_ask",
                           disabled=taking_back.asked(app, app.session) is not None))
    sound = app.preference("sound")
    menu.append(button("🔊" if sound else "🔇", "table.sound", cls="sound",
                       aria_label=_("Sounds"), pressed=sound))
    menu.append(button(_("Home"), "go", screen="home"))
    more = bool(app.ui.get("more"))
    menu.append(h("span", {"class": "more"},
                  h("button", {"type": "button", "class": "more-button", "aria-label": _("More"),
                               "title": _("More"), "aria-expanded": "true" if more else "false",
                               "aria-controls": "table-more", **action_attrs("table.more")},
                    "⋯"),
                  h("span", {"class": "more-list", "id": "table-more", "hidden": not more},
                    button(_("Bids"), "table.bids"),
                    button(_("Last trick"), "table.last_trick", disabled=last_trick(v) is None),
                    *([button(_("Friends"), "go", screen="friends")] if taking_back.with_friends(app, app.session)
                      else []))))
    return h("header", {"class": "table-bar"}, h("div", {"class": "facts"}, bits),
             h("nav", {"class": "menu", "aria-label": _("Table menu")}, menu))


def _level(app, seat) -> str:
    """The level of the computer player at `seat` ("Strong"), "" for a person, and for a friend
    on their own phone whose connection is down, that it is."""
    from thousand.ui.screens.new import level_label
    status = seat_status(app, seat)
    if status == "away":
        return _("not connected")
    if status == "computer" and getattr(app.session, "remote", False):
        return _("Computer")  # the host's computer player; its level is the host's business
    name = app.session.bot_name(seat)
    return level_label(name) if name else ""


def seat_status(app, seat) -> str | None:
    """A friend's seat as the room says it ("present", "away", "thinking", "computer"), or None
    for a seat at this device or a computer player's."""
    s = app.session
    if getattr(s, "remote", False):
        return s.status(seat) if seat != s.seat else None
    hosting = app.hosting
    if hosting is not None and hosting.session is s and seat in s.friends():
        return hosting.status(seat)
    return None


def _seat_order(v):
    n, me = v["players"], v["seat"]
    return [(me + i) % n for i in range(1, n)]


def _felt(app, v, names):
    """The table with the other seats around it and, in the middle, what lies on it."""
    players = v["players"]
    done = shown_trick(app, v)
    taken = _taken(app, v)
    announced = tally.current_announcement(v, done)
    seats = [felt.seat(app, v, names, p, level=_level(app, p), thinking=app.thinking() == p,
                       taken=taken, announced=announced if announced and
                       announced["seat"] == p else None)
             for p in _seat_order(v)]
    attrs = {"class": f"felt players-{players}"}
    if done is not None:  # a tap on the table gathers the trick at once
        attrs.update(action_attrs("table.gather"))
    return h("div", attrs, h("div", {"class": "opponents"}, seats),
             _centre(app, v, names, done), felt.trump_mark(v))


def _taken(app, v):
    """The points each seat has taken this deal, unless the player keeps them in their head
    (the "show_points" preference)."""
    return tally.taken(v) if app.preference("show_points") else None


def shown_trick(app, v):
    """The trick just completed, still lying on the table with its winner marked until it is
    gathered (after the pause the player chose, at a tap, or at the next card). The last trick
    of a deal too (`v` from `table_view`): the deal's summary opens once it is gathered."""
    d = v["deal"]
    if not d or v["phase"] != "play" or d.get("trick") or not d.get("tricks"):
        return None
    return None if _gathered(app) == _trick_key(app, d) else d["tricks"][-1]


def opened_from_save(app):
    """A game opened from its save (a reload, the app reopened): a deal that had ended was seen
    to its last trick before the page was left, so its summary opens at once, the trick gathered."""
    d = table_view(app, viewer(app)).get("deal")
    if d and d.get("tricks") and _summary_pending(app):
        app.ui.setdefault("keep", {})["gathered"] = _trick_key(app, d)


def _gathered(app):
    """The trick last gathered: kept across screens (app.ui["keep"]), so that a player who looks
    at another screen and comes back finds the table as he left it, not the trick lying again."""
    return app.ui.get("keep", {}).get("gathered")


def _trick_key(app, d) -> list:
    """A trick of the game: its deal's number in the record and its own in the deal (a deal just
    ended is still the record's last until the next one is dealt)."""
    return [app.session.deals_begun(), len(d["tricks"])]


def trick_pause(app):
    """Seconds the complete trick still lies on the table before it is gathered (the player's
    preference; TRICK_UNTIL_TAP: until a tap), or None when no trick waits."""
    if app.session is None or app.screen != "table" or app.ui.get("pending"):
        return None
    if shown_trick(app, table_view(app, viewer(app))) is None:
        return None
    return app.trick_pause()


def deal_end_waits(app) -> bool:
    """The last trick of a deal lies on the table: nobody may act until it is gathered and the
    deal's summary is open (the page is busy meanwhile, as while a computer player moves)."""
    return trick_pause(app) is not None and _summary_pending(app)


def _gather(app):
    d = table_view(app, viewer(app))["deal"]
    if d is not None and d.get("tricks"):
        app.ui.setdefault("keep", {})["gathered"] = _trick_key(app, d)


def _centre(app, v, names, done=None):
    d = v["deal"]
    phase = v["phase"]
    if d is None or "tricks" not in d:
        return h("div", {"class": "centre"},
                 h("p", {"class": "hint"}, _waiting_line(app, v, names)))
    if done is not None:
        taken = felt.trick_taken_words(v, done, names, person(app))
        return h("div", {"class": "centre trick-done", "role": "group",
                         "aria-label": _("Trick")},
                 h("div", {"class": "trick-cards"},
                   felt.trick_cards(v, done["cards"], names, winner=done["winner"])),
                 h("p", {"class": "taken"}, taken))
    if phase == "play" or d.get("trick"):
        cells = felt.trick_cards(v, d["trick"], names)
        return h("div", {"class": "centre trick", "role": "group",
                         "aria-label": _("Trick")},
                 h("div", {"class": "trick-cards"}, cells),
                 "" if cells else h("p", {"class": "hint"}, _waiting_line(app, v, names)))
    line = ""
    if phase == "bidding":
        line = _bid_line(d, names)
    elif d.get("declarer") is not None and d.get("bid"):
        value = d.get("contract") or d["bid"]
        line = _said(app, d["declarer"], names, N_("You declare {value}."),
                     N_("{name} declares {value}."), value=value)
    return h("div", {"class": "centre"}, felt.talon(v, d),
             h("p", {"class": "bids-line"}, line))


def _waiting_line(app, v, names):
    if v["to_act"] is None or v["to_act"] == v["seat"] and v["legal"]:
        return ""  # nobody, or the person looking, whose prompt says what to do
    name = names[v["to_act"]]
    phase = v["phase"]
    return _(WAITING[phase], name=name) if phase in WAITING else \
        _("Waiting for {name}…", name=name)


def _prompt(app, v, names):
    """What the seat to act may do now, in one box above the hand (thousand/ui/screens/
    table_prompt.py), or whom the table waits for."""
    legal = v["legal"]
    if v.get("ended") and shown_trick(app, v) is not None:
        # the deal's last trick lies on the table: a tap on it, or this, opens the summary at
        # once (the way on for a keyboard, and for a player who chose to tap after every trick)
        return h("div", {"class": "prompt", "aria-live": "polite"},
                 h("p", {"class": "prompt-title"}, ""),
                 h("div", {"class": "actions"},
                   button(_("Continue"), "table.gather", cls="primary")))
    if not legal:
        away = v["to_act"] is not None and seat_status(app, v["to_act"]) == "away" and \
            app.hosting is not None
        invite = h("div", {"class": "actions"},
                   button(_("Show the code for {name}", name=names[v["to_act"]]),
                          "friends.invite", seat=v["to_act"], cls="primary")) if away else ""
        return h("div", {"class": "prompt", "aria-live": "polite"},
                 h("p", {}, _waiting_line(app, v, names)), invite)
    hint = _shown_hint(app)
    ask = table_prompt.asked(app, v, names, hint["action"] if hint else None)
    # still there once a hint is shown (asked again, the same hint): nothing in the prompt moves
    ask.rows.append(button(_("Hint"), "table.hint", cls="hint-button"))
    return h("div", {"class": "prompt", "aria-live": "polite"},
             h("p", {"class": "prompt-title"}, ask.title),
             h("div", {"class": "actions"}, ask.rows))


def _said_on_table(app, v, names):
    """A notice (a refused move, a move taken back), why the rules bid or passed for the player,
    and the hint's reason, in a place of their own laid over the foot of the felt (app.css): they
    push nothing on the table, nor the prompt's buttons out of it. In play, on a phone, over the
    prompt's free foot instead, so that the trick stays in view."""
    hint = _shown_hint(app)
    return h("div", {"class": "table-says" + (" in-play" if v["phase"] == "play" else "")},
             h("p", {"class": "notice", "role": "alert"}, app.notice) if app.notice else "",
             taking_back.line(app, app.session, viewer(app), names, "table"),
             _auto_line(app, v, names),
             h("p", {"class": "hint-line", "role": "status"},
               _("Hint: {reason}", reason=hint["text"])) if hint else "")


def _auto_line(app, v, names):
    """Why the rules bid or passed for the seat looking, from the auction until the cards are
    played: a player below the minus threshold is never offered a bid, and is told why."""
    from thousand.ui.card_words import auto_said
    d = v["deal"] or {}
    if v["phase"] not in AUCTION_ON or not d.get("bids"):
        return ""
    said = [auto_said(b, v["conventions"], names, v["seat"]) for b in d["bids"]
            if b["seat"] == v["seat"]]
    said = [x for x in said if x]
    return h("p", {"class": "auto-line", "role": "note"}, said[-1]) if said else ""


def _hand(app, v):
    d = v["deal"]
    if not d or "tricks" not in d:
        return _hand_box([], {"aria-label": _("Your hand")})
    if d["hand"] is None:
        n = d["counts"][v["seat"]]
        return _hand_box([felt.card_back() for _n in range(n)],
                         {"aria-label": _("Your hand (not looked at)")}, cls=" hidden")
    legal_cards = {a["card"] for a in v["legal"] if a["type"] in ("play", "give", "discard")}
    selected = app.ui.get("selected")
    hint = _shown_hint(app)
    hinted = hint["action"].get("card") if hint else None
    hand = sort_hand(d["hand"])
    # one stop for Tab in the hand, the arrow keys move along it (thousand/ui/browser.py); a card
    # that cannot be played now is still reached, and says so when tapped
    usable = [c for c in hand if c in legal_cards]
    stop = hinted if hinted in usable else selected if selected in hand else \
        (usable[0] if usable else (hand[0] if hand else None))
    dealt_from = felt.anchor(d["dealer"])
    plays = [a["card"] for a in v["legal"] if a["type"] == "play"]
    # played at a tap (no marriage to choose): it leaves the hand before the move is worked out
    leaves = {c for c in plays if plays.count(c) == 1}
    received = d.get("received")
    cards = []
    for c in hand:
        came = felt.anchor(d["declarer"]) if c == received else dealt_from
        cards.append(h("button", {
            "type": "button", "id": f"card-{c}", "data-key": c, "data-from": came,
            "class": "card" + (" selected" if c == selected else "") +
                     (" hinted" if c == hinted else ""),
            "aria-label": card_name(c), "tabindex": "0" if c == stop else "-1",
            "aria-pressed": "true" if c == selected else None,
            "aria-disabled": None if c in legal_cards else "true",
            "data-leaves": "1" if c in leaves else None,
            # the card passed to this seat, marked on the card itself (no line under the hand)
            "data-received": "1" if c == received else None,
            "title": _("Passed to you: {card}", card=card_name(c)) if c == received else None,
            **action_attrs("table.card", card=c)}, felt.card_img(c)))
    return _hand_box(cards, {"aria-label": _("Your hand"),
                             "data-anchor": felt.anchor(v["seat"]) + (
                                 " declarer" if d.get("declarer") == v["seat"] else "")},
                     choosing=bool(legal_cards))


def _hand_box(cards, attrs, *, choosing=False, cls=""):
    """The hand in a box of one size in every phase (app.css), so that it never moves. On a
    phone, eight cards or more lie in two rows, so that each shows a finger's width of itself;
    `choosing`: some cards may be tapped now, and the others are dimmed (never in the auction,
    while the player studies the whole hand)."""
    n = len(cards)
    classes = "hand" + cls + (" choosing" if choosing else "") + (" many" if n >= 8 else "")
    return h("div", {"class": "hand-wrap"},
             h("div", {"class": classes, "role": "group", **attrs,
                       "style": f"--n: {n}; --first-row: {(n + 1) // 2}"}, cards))


def _me(app, v, names):
    me = v["seat"]
    sc = v["score"]
    level = _level(app, me)  # a table of computer players only: seat 1's cards are shown
    thinking = app.thinking() == me
    said = felt.bubble(v, me)
    # the facts of the seat, each a label of its own, set apart by " · "
    bits = [h("strong", {}, names[me]), [" · ", level] if level else "",
            " ", felt.points(sc["totals"][me])]
    if sc["bolts"][me]:
        bits.append([" · ", n_("{n} bolt", "{n} bolts", sc["bolts"][me])])
    if sc["barrel"][me]["on"]:
        bits.append([" · ", _("on the barrel ({n})", n=sc["barrel"][me]["attempts"])])
    tags = felt.seat_tags(v, me, names, scores=False)  # the bolts and barrel are said above
    d = v["deal"] or {}
    announced = tally.current_announcement(v, shown_trick(app, v))
    if announced is not None and announced["seat"] != me:
        announced = None  # shown at its own seat
    return h("footer", {"class": "me" + (" to-act" if v["to_act"] == me and v["legal"] else "")
                        + (" thinking" if thinking else ""),
                        "aria-busy": "true" if thinking else None},
             bits, tags, felt.taken_mark(d, me, _taken(app, v)),
             felt.announcement_mark(d, announced),
             h("span", {"class": "bubble", "aria-hidden": "true"}, said)
             if said else "", felt.thinking_mark(thinking) if level else "")


# --- dialogs ----------------------------------------------------------------------------------

def _dialog(app, v, names):
    s = app.session
    if _summary_pending(app):
        # the deal's last trick lies on the table first, as every trick does
        return "" if shown_trick(app, v) is not None else _summary(app, v, names)
    pending = app.ui.get("pending")
    if pending:
        return _announce_dialog(app, v, pending)
    if app.ui.get("confirm"):
        return _confirm_dialog(app)
    which = app.ui.get("dialog")
    if which == "sheet":
        return _modal(_("Score sheet"), score_sheet(v["score"]["rows"], names, s.n),
                      [data.record_button(CARDS.name), button(_("Close"), "table.close")])
    if which == "bids":
        d = v["deal"] or {}
        items = [h("li", {}, _bid_said(b, names, v["conventions"])) for b in d.get("bids", [])]
        return _modal(_("Bids"), h("ol", {}, items) if items else h("p", {}, _("No bids yet.")))
    if which == "last_trick":
        t = last_trick(v)
        if t is not None:
            # no data-key: these cards are not the ones on the table, and do not move from it
            body = [h("figure", {"class": "played"}, felt.card_face(c, **{"data-key": None}),
                      h("figcaption", {}, names[p]))
                    for p, c in t["cards"]]
            taken = _said(app, t["winner"], names, N_("Taken by you"), N_("Taken by {name}"))
            return _modal(_("Last trick"), [h("div", {"class": "trick"}, body),
                                            h("p", {}, taken)])
    return ""


