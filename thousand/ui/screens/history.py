"""Finished games on this device, newest first: card games, then dice games."""
from thousand.errors import ThousandError
from thousand.i18n import _, n_, reason
from thousand import statistics
from thousand.ui import data, in_progress
from thousand.ui.kinds import CARDS, KINDS, kind_of
from thousand.ui.html import button, h
from thousand.ui.screens.home import standing
from thousand.seats import is_own_name, shown_name


def _readable(g) -> bool:
    """A summary this screen can word; anything else was damaged in storage and is shown as such
    (it stays stored as it is: the screen never rewrites history)."""
    if not isinstance(g, dict):
        return False
    names, totals, winners = g.get("names", []), g.get("totals", []), g.get("winners", [])
    return (isinstance(names, list) and isinstance(totals, list) and isinstance(winners, list)
            and all(isinstance(x, str) for x in names + winners)
            and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in totals)
            and all(isinstance(g.get(k, 0), int) for k in ("deals", "turns")))


def winners_line(winners: list) -> str:
    """Who won, in a sentence of its own when it is the person ("You won" beside "{name} won":
    in other languages the verb agrees with who won)."""
    if not winners:
        return _("Nobody won")
    if len(winners) == 1:
        return _("You won") if is_own_name(winners[0]) else _("{name} won", name=winners[0])
    shown = [shown_name(w) for w in winners]
    return _("{names} and {last} won", names=", ".join(shown[:-1]), last=shown[-1])


def _length(g, unit) -> str | None:
    """How long the game was: its deals, or its turns (and whether real dice were rolled)."""
    count = g.get(unit)
    if not isinstance(count, int):
        return None
    if unit == "deals":
        return n_("{n} deal", "{n} deals", count)
    if g.get("mode") == "keeper":
        return n_("{n} turn with real dice", "{n} turns with real dice", count)
    return n_("{n} turn", "{n} turns", count)


def _items(games, unit, kind):
    items = []
    for i, g in enumerate(games):
        if not _readable(g):
            items.append(h("li", {"class": "hint"}, _("A damaged entry that cannot be shown")))
            continue
        scores = standing([shown_name(n) for n in g.get("names", [])], g.get("totals", []))
        length = _length(g, unit)
        summary = _("{scores} ({length})", scores=scores, length=length) if length else scores
        replay = button(_("Replay a deal"), "history.replay", i=i, cls="small") \
            if unit == "deals" and isinstance(g.get("record"), dict) and \
            (g.get(unit) or not g.get("unfinished")) else ""
        record = data.record_button(kind, i) if isinstance(g.get("record"), dict) else ""
        resume = button(_("Resume"), "history.resume", kind=kind,
                        key=statistics.fingerprint(g), cls="small") \
            if in_progress.resumable(games, i) else ""
        outcome = _("Not finished") if g.get("unfinished") else winners_line(g.get("winners", []))
        items.append(h("li", {"class": "unfinished" if g.get("unfinished") else None},
                       h("strong", {}, outcome), " — ", summary, " ", resume, " ", replay, " ",
                       record))
    return items


def render(app):
    parts = [h("h2", {}, _("Finished games"))]
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    for game in KINDS:
        kind, title = game.name, _(game.title)
        items = _items(app.store.history(kind), game.unit, kind)
        parts.append(h("section", {"aria-label": title}, h("h3", {}, title),
                       h("ol", {"class": "history"}, items) if items else
                       h("p", {"class": "hint"}, _("No finished games yet."))))
    if app.notice:
        parts.insert(1, h("p", {"class": "notice", "role": "alert"}, app.notice))
    parts.append(h("div", {"class": "actions"}, data.said(app),
                   data.file_picker(data.RECORD_FIELD, _("Open a record…"), "data.open_record"),
                   button(_("Back"), "go", screen="home")))
    return h("section", {"class": "screen", "aria-label": _("Finished games")}, parts)


def _resume(app, event):
    """Back to the table of the newest entry, a game left unfinished: it leaves Finished games
    (it is in progress again) and a game of its kind now in progress is kept there in its place,
    once the player has agreed (in_progress.asked)."""
    kind = event.get("kind")
    games = app.store.history(kind) if kind_of(kind) else []
    if not in_progress.resumable(games, 0) or \
            statistics.fingerprint(games[0]) != event.get("key"):
        app.notice = _("This game cannot be resumed.")
        return
    if in_progress.asked(app, kind, event):
        return
    entry = games[0]
    try:
        session = app.resumed(kind, in_progress.resume_doc(kind, entry))
    except ThousandError as exc:
        app.notice = _("This game cannot be resumed: {reason}", reason=reason(exc))
        return
    key = event["key"]
    app.start_game(session)
    if app.session_of(kind) is session:  # seated (a game it replaces took its place in front)
        app.store.put_history(kind, [g for g in app.store.history(kind)
                                     if statistics.fingerprint(g) != key])


def handle(app, event):
    app.notice = None
    if event["do"] == "history.resume":
        _resume(app, event)
        return
    if event["do"] == "history.replay":
        from thousand.ui.screens.replay import open_replay
        games = app.store.history(CARDS.name)
        i = event.get("i")
        i = int(i) if isinstance(i, (int, str)) and str(i).isdigit() else -1
        if 0 <= i < len(games) and isinstance(games[i], dict) and \
                isinstance(games[i].get("record"), dict):
            open_replay(app, games[i]["record"], "history", deal=0)
        else:
            app.notice = _("This game cannot be replayed.")
