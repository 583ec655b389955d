"""Play with friends on their own phones (issue 22): host a game, join one, and the host's room.

The host sets up a card or dice game on the usual New-game screen, with seats played by "A friend
on their own phone"; here each friend's seat gets a code (a QR code and the same code as text).
The friend's page reads it (the camera, or the text pasted), shows its own code back, and the host
reads that: the friend is seated. The codes and the connection are the browser layer's
(thousand/ui/browser/friends.py): this screen asks for them in `app.link_asks` and shows what
came back in `app.ui["pair"]` / `app.ui["join"]`.

No server and no internet: the phones must be on the same Wi-Fi, or one must share its hotspot."""
from thousand.errors import ThousandError
from thousand.i18n import N_, _, reason
from thousand.ui.html import Markup, action_attrs, button, h
from thousand.ui.kinds import CARDS, DICE, kind_of

CODE_FIELD = "pair-code"
JOIN_FIELD = "join-code"
NAME_FIELD = "join-name"
NO_LINK = N_("No connection came up. Both phones must be on the same Wi-Fi, or one phone shares "
             "its hotspot and the other joins it; then show the codes again.")
STATUS = {"present": N_("connected"), "away": N_("not connected"),
          "thinking": N_("connected"), "computer": N_("a computer player stands in")}


def waiting_for_person(app) -> bool:
    return True


def after_action(app):
    pass


def asks(app) -> list:
    """What the browser layer is to do (make a code, read one, connect), oldest first."""
    return app.link_asks


# --- the page ------------------------------------------------------------------------------------

def render(app):
    parts = [h("h2", {}, _("Play with friends"))]
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    joining = bool((app.ui.get("join") or {}).get("code")) or app.joining is not None
    if joining:  # the friend's own code, at the top where the host can read it
        parts.append(_join(app))
    elif app.hosting is not None and not app.hosting.session.over:
        parts += [_room(app), _join(app)]
    else:
        parts += [_host_choice(), _join(app)]
    parts.append(h("p", {"class": "hint"},
                   _("No internet is needed and nothing is sent anywhere else: the phones talk "
                     "to each other over the same Wi-Fi, or over one phone's hotspot.")))
    parts.append(h("div", {"class": "actions"}, button(_("Back"), "go", screen="home")))
    return h("section", {"class": "screen friends", "aria-label": _("Play with friends")}, parts)


def _host_choice():
    return h("section", {"class": "stack", "aria-label": _("Host a game")},
             h("h3", {}, _("Host a game")),
             h("p", {"class": "hint"},
               _("Choose the game and the conventions, and for each friend's seat choose "
                 "\u201cA friend on their own phone\u201d. Your phone keeps the game.")),
             button(_("Card game with friends"), "friends.host", kind=CARDS.name, cls="big"),
             button(_("Dice game with friends"), "friends.host", kind=DICE.name, cls="big"))


def _room(app):
    hosting = app.hosting
    session = hosting.session
    names = session.names()
    pair = app.ui.get("pair") or {}
    rows = []
    for seat in session.friends():
        status = hosting.status(seat)
        line = [h("strong", {}, names[seat]), " — ",
                h("span", {"class": f"friend-status {status}"}, _(STATUS[status]))]
        buttons = []
        if status in ("away", "computer"):
            buttons.append(button(_("Show the code for {name}", name=names[seat]),
                                  "friends.invite", seat=seat,
                                  cls="primary" if pair.get("seat") != seat else None))
        if status == "away":
            buttons.append(button(_("Let a computer player play meanwhile"), "friends.stand_in",
                                  seat=seat))
        rows.append(h("li", {"class": "friend-seat"}, line, h("div", {"class": "actions"},
                                                             buttons)))
    out = [h("h3", {}, _("Your table with friends")),
           h("ul", {"class": "friend-seats"}, rows)]
    if pair:
        out.append(_pairing(app, pair, names))
    out.append(h("div", {"class": "actions"},
                  button(_("To the table"), "go", screen=session.kind.play_screen,
                         cls="primary big")))
    return h("section", {"class": "stack", "aria-label": _("Your table with friends")}, out)


def _code_box(code: str, qr: str | None, label: str):
    """A code as a QR code and as text to copy or share."""
    return h("figure", {"class": "pair-code"},
             Markup(qr) if qr else "",
             h("figcaption", {},
               h("label", {"for": "shown-code"}, label),
               h("textarea", {"id": "shown-code", "readonly": True, "rows": 3,
                              "class": "code-text"}, code),
               button(_("Copy the code"), "friends.copy")))


def _pairing(app, pair, names):
    seat = pair["seat"]
    out = []
    if pair.get("code"):
        out.append(h("p", {}, _("Let {name} read this code with their phone: on their phone, "
                                "Play with friends › Join a friend's game.", name=names[seat])))
        out.append(_code_box(pair["code"], pair.get("qr"), _("The code as text")))
        out.append(h("p", {}, _("Then read the code their phone shows:")))
        out.append(h("div", {"class": "actions"},
                     button(_("Read their code with the camera"), "friends.scan",
                            purpose="answer", cls="primary")))
        out.append(h("label", {"for": CODE_FIELD}, _("Or paste the code their phone shows")))
        out.append(h("textarea", {"id": CODE_FIELD, "rows": 3, "class": "code-text",
                                  "autocomplete": "off", "spellcheck": "false"}))
        out.append(h("div", {"class": "actions"},
                     h("button", {"type": "button", **action_attrs("friends.connect"),
                                  "data-fields": CODE_FIELD}, _("Connect"))))
    else:
        out.append(h("p", {"role": "status"}, _("Making the code…")))
    if pair.get("said"):
        out.append(h("p", {"class": "notice", "role": "status"}, pair["said"]))
    if pair.get("scanning"):
        out.append(_camera())
    return h("div", {"class": "pairing", "aria-label": _("Invite {name}", name=names[seat])}, out)


def _camera():
    """The camera's picture is the scanner's own (thousand/ui/browser/friends.py), over the page."""
    return h("div", {"class": "camera", "role": "status"},
             h("p", {}, _("Point the camera at the code on the other phone.")),
             button(_("Stop the camera"), "friends.stop_scan"))


def _join(app):
    join = app.ui.get("join") or {}
    out = [h("h3", {}, _("Join a friend's game"))]
    session = app.joining.session if app.joining is not None else None
    if session is not None and session.connected:
        out.append(h("p", {"role": "status"}, _("You are at your friend's table.")))
        out.append(h("div", {"class": "actions"},
                     button(_("To the table"), "go", screen=session.kind.play_screen,
                            cls="primary big"),
                     button(_("Leave the friend's table"), "friends.leave")))
        return h("section", {"class": "stack", "aria-label": _("Join a friend's game")}, out)
    if join.get("code"):
        out.append(h("p", {}, _("Now show this code to the host's phone:")))
        out.append(_code_box(join["code"], join.get("qr"), _("The code as text")))
        out.append(h("p", {"role": "status"}, join.get("said") or _("Waiting for the host…")))
        return h("section", {"class": "stack", "aria-label": _("Join a friend's game")}, out)
    name = join.get("name") or app.store.settings().get("friend_name") or ""
    out += [h("label", {"for": NAME_FIELD}, _("Your name")),
            h("input", {"id": NAME_FIELD, "value": name, "maxlength": 20,
                        "autocomplete": "nickname"}),
            h("div", {"class": "actions"},
              h("button", {"type": "button", "class": "primary",
                           **action_attrs("friends.scan", purpose="offer"),
                           "data-fields": NAME_FIELD},
                _("Read the host's code with the camera"))),
            h("label", {"for": JOIN_FIELD}, _("Or paste the code the host's phone shows")),
            h("textarea", {"id": JOIN_FIELD, "rows": 3, "class": "code-text",
                           "autocomplete": "off", "spellcheck": "false"}),
            h("div", {"class": "actions"},
              h("button", {"type": "button", **action_attrs("friends.join"),
                           "data-fields": f"{JOIN_FIELD},{NAME_FIELD}"}, _("Join")))]
    if join.get("said"):
        out.append(h("p", {"class": "notice", "role": "status"}, join["said"]))
    if join.get("scanning"):
        out.append(_camera())
    kept = app.store.friend_position()
    if kept:
        out.append(button(_("Look at the last position of the friend's game"),
                          "friends.last"))
    return h("section", {"class": "stack", "aria-label": _("Join a friend's game")}, out)


# --- events --------------------------------------------------------------------------------------

def handle(app, event):
    do = event["do"]
    app.notice = None
    fields = event.get("fields") or {}
    if do == "friends.host":
        _host(app, kind_of(event.get("kind")) or CARDS)
    elif do == "friends.invite" and app.hosting is not None:
        seat = int(event["seat"])
        if seat in app.hosting.session.friends():
            if app.screen != "friends":  # from the table's "Show the code for …"
                app.go("friends")
            app.ui["pair"] = {"seat": seat}
            asks(app).append({"do": "offer", "seat": seat})
    elif do == "friends.connect":
        _connect(app, fields.get(CODE_FIELD, event.get("code", "")))
    elif do == "friends.join":
        _join_with(app, fields.get(JOIN_FIELD, event.get("code", "")),
                   fields.get(NAME_FIELD, event.get("name", "")))
    elif do == "friends.scan":
        purpose = "answer" if event.get("purpose") == "answer" else "offer"
        box = app.ui.setdefault("pair" if purpose == "answer" else "join", {})
        if purpose == "offer":
            box["name"] = str(fields.get(NAME_FIELD, box.get("name", "")))[:20]
        box["scanning"], box["said"] = True, None
        asks(app).append({"do": "scan", "for": purpose})
    elif do == "friends.stop_scan":
        for box in (app.ui.get("pair"), app.ui.get("join")):
            if box:
                box["scanning"] = False
        asks(app).append({"do": "stop_scan"})
    elif do == "friends.stand_in" and app.hosting is not None:
        seat = int(event["seat"])
        if app.hosting.status(seat) == "away":
            app.hosting.stand_in(seat, app.hosting.session.DEFAULT_BOT)
            app.save(app.hosting.kind.name)
    elif do == "friends.copy":
        asks(app).append({"do": "copy"})
    elif do == "friends.leave":
        asks(app).append({"do": "close_all"})
        app.leave_remote()
        app.ui.pop("join", None)
    elif do == "friends.last":
        from thousand.ui.remote import RemoteSession
        session = RemoteSession.from_kept(app.store.friend_position())
        if session is None:
            app.notice = _("There is no position of a friend's game kept here.")
            return
        app.play_remote(session)
        app.notice = _("The last position of your friend's game. Read the host's code again "
                       "to play on.")


def _host(app, kind):
    """The New-game screen of `kind`, with the second seat a friend's if none is yet."""
    setup = app.module(kind.new_screen).setup_of(app)
    if not any(s["kind"] == "friend" for s in setup["seats"]):
        seat = setup["seats"][1] if len(setup["seats"]) > 1 else None
        if seat is not None:
            seat.pop("bot", None)
            seat["kind"] = "friend"
    app.go(kind.new_screen)


def _connect(app, text):
    from thousand.friends import codes
    pair = app.ui.get("pair")
    if app.hosting is None or not pair or "offer" not in pair:
        app.notice = _("Show a friend's code first.")
        return
    try:
        _kind, sdp = codes.decode(text, expect="answer")
    except ThousandError as exc:
        pair["said"] = _("This code cannot be used: {reason}", reason=reason(exc))
        return
    pair["said"] = _("Connecting…")
    asks(app).append({"do": "accept", "offer": pair["offer"], "sdp": sdp})


def _join_with(app, text, name):
    from thousand.friends import codes
    from thousand.ui.joining import Joining
    join = app.ui.setdefault("join", {})
    name = (str(name).strip() or _("Friend"))[:20]
    join["name"] = name
    try:
        _kind, sdp = codes.decode(text, expect="offer")
    except ThousandError as exc:
        join["said"] = _("This code cannot be used: {reason}", reason=reason(exc))
        return
    settings = app.store.settings()
    if settings.get("friend_name") != name:
        settings["friend_name"] = name
        app.store.save_settings(settings)
    app.joining = Joining(app, name)
    join["said"] = None
    asks(app).append({"do": "answer", "sdp": sdp})


# --- what the browser layer reports back ------------------------------------------------------------

def offered(app, seat, peer, code, qr) -> None:
    """The host's code for `seat` is made (connection `peer`)."""
    pair = app.ui.setdefault("pair", {"seat": seat})
    if pair.get("seat") == seat:
        pair.update(offer=peer, code=code, qr=qr, said=None)
    app.hosting.offered(peer, seat)


def answered(app, peer, code, qr) -> None:
    """The friend's answer code is made (connection `peer` to the host)."""
    join = app.ui.setdefault("join", {})
    join.update(peer=peer, code=code, qr=qr, said=None, scanning=False)


def scanned(app, purpose, text) -> None:
    """The camera read `text`: the host's invitation or the friend's answer."""
    box = app.ui.setdefault("pair" if purpose == "answer" else "join", {})
    box["scanning"] = False
    if purpose == "answer":
        _connect(app, text)
    else:
        _join_with(app, text, box.get("name", ""))


def failed(app, box: str, words: str) -> None:
    """What went wrong, said where it happened: the host's pairing ("pair") or the friend's
    joining ("join")."""
    shown = app.ui.setdefault(box, {})
    shown["scanning"] = False
    shown["said"] = words


def no_link(app) -> str:
    return _(NO_LINK)
