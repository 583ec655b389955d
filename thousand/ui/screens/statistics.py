"""Statistics: how the person plays, per game and player count, counted from the finished games
(thousand/statistics.py counts; this screen keeps what was counted and shows it).

What is kept, in the store's statistics document of each kind (`Store.stats`):
    games    the facts of each finished game, by the fingerprint of its history entry, so that a
             game is replayed once, not at every visit (a game just finished is read from its
             final position as it is archived: `archive`)
    history  the fingerprint of the stored history the figures were counted from,
    order    the fingerprints of its games, newest first, and
    figures  those figures: shown as they are until the history changes (a game archived here
             is counted in at once)
    reset    the fingerprints of the games there were at the last reset: they stay in the
             history (to be looked at and replayed) and are no longer counted
"""
from thousand import statistics
from thousand.errors import ThousandError
from thousand.storage import HISTORY_CAP
from thousand.i18n import _, n_, number, signed
from thousand.ui.html import button, h
from thousand.ui.kinds import NAMES as KINDS, kind_of

COUNTING_TIME = 1.5  # seconds of replaying at one visit (`_time_left`)


# --- what is kept -------------------------------------------------------------------------------

def _kept(store, kind) -> dict:
    kept = store.stats(kind)
    reset = kept.get("reset")
    reset = [d for d in reset if isinstance(d, str)] if isinstance(reset, list) else []
    if kept.get("v") != statistics.FACTS_VERSION or not isinstance(kept.get("games"), dict):
        return {"v": statistics.FACTS_VERSION, "games": {}, "reset": reset}
    return {**kept, "reset": reset}


def _save(store, kind, kept) -> None:
    try:
        store.save_stats(kind, kept)
    except ThousandError:
        pass  # storage full or refused: the figures are shown all the same, counted next time


def figures_of(store, kind: str, *, fresh: bool = False, time_left=None) -> dict:
    """The figures of `kind`: those kept while the history is unchanged (unless `fresh`), else
    counted again, replaying only the games not counted before, as many as `time_left` lets
    (the figures then say how many are still to count: `pending`; the next visit goes on)."""
    kept = _kept(store, kind)
    figures = kept.get("figures")
    if not fresh and kept.get("history") == store.history_fingerprint(kind) and \
            isinstance(figures, dict):
        return figures
    entries = store.history(kind)
    order = [statistics.fingerprint(e) for e in entries]
    found = statistics.known_facts(kind, entries, kept["games"], order, time_left)
    figures = _figures_of_facts(kind, order, found, kept["reset"])
    done = {"history": store.history_fingerprint(kind), "figures": figures, "order": order} \
        if not figures["pending"] else {}
    _save(store, kind, {"v": statistics.FACTS_VERSION, "games": found,
                        "reset": [d for d in kept["reset"] if d in order], **done})
    return figures


def archive(store, kind: str, entry: dict, state: dict) -> None:
    """Add a finished game to the history (as `Store.add_history`, which may refuse), and count
    it at once from its final position (what a replay of its record gives): the figures kept
    are brought up to date without reading the history or replaying anything. Counting never
    fails the archiving: at worst the game is replayed when the statistics are next shown."""
    before = store.history_fingerprint(kind)
    store.add_history(kind, entry)
    try:
        _count_in(store, kind, entry, state, before)
    except Exception:  # noqa: BLE001  (the game is archived whatever happens here)
        pass


def _count_in(store, kind, entry, state, before):
    kept = _kept(store, kind)
    key = statistics.fingerprint(entry)
    games = kept["games"]
    games[key] = statistics.facts_of_state(kind, entry, state)
    order = kept.get("order")
    if kept.get("history") == before and isinstance(order, list) and \
            isinstance(kept.get("figures"), dict):
        # the history is the one counted, with this game in front (the oldest may have gone)
        order = [key] + order[:HISTORY_CAP - 1]
        if all(k in games for k in order):
            kept.update(order=order, history=store.history_fingerprint(kind),
                        games={k: games[k] for k in order},
                        figures=_figures_of_facts(kind, order, games, kept["reset"]))
    _save(store, kind, kept)


def _figures_of_facts(kind, order, games, reset) -> dict:
    excluded = set(reset)
    figures = statistics.figures_of_keys(kind, order, games, excluded)
    figures["since_reset"] = bool(excluded & set(order))
    return figures


def reset(store, kind: str) -> None:
    """From now on count only games finished after this; the history stays as it is."""
    kept = _kept(store, kind)
    kept["reset"] = [statistics.fingerprint(e) for e in store.history(kind)]
    kept.pop("figures", None)
    _save(store, kind, kept)


# --- the page -----------------------------------------------------------------------------------

def _share(won, played) -> str:
    percent = round(100 * won / played) if played else 0
    return _("{won} of {played} ({percent}%)", won=number(won), played=number(played),
             percent=number(percent))


def _level(kind, name) -> str:
    return kind_of(kind).words_module().level_label(name)


def _game(kind, game) -> str:
    if "turns" in game:
        return n_("{n} turn", "{n} turns", game["turns"])
    length = kind_of(kind).words_module().length_words(game["length"])
    return _("{margin} ({own} to {other}, {length})", margin=signed(game["margin"]),
             own=number(game["own"]), other=number(game["other"]), length=length)


def _rows(kind, g) -> list:
    solo = g["players"] == 1
    rows = [(_("Games played"), number(g["played"]))] if solo else \
        [(_("Games won"), _share(g["won"], g["played"]))]
    rows += [(_("Against {level}", level=_level(kind, s["level"])), _share(s["won"], s["played"]))
             for s in g["levels"]]
    rows += kind_of(kind).words_module().statistics_rows(g, solo)
    if g["best"] is not None:
        rows += [(_("Fewest turns") if solo else _("Best game"), _game(kind, g["best"])),
                 (_("Most turns") if solo else _("Worst game"), _game(kind, g["worst"]))]
    if g["abandoned"]:
        rows.append((_("Games abandoned (not counted)"), number(g["abandoned"])))
    if g["undo"]["played"]:
        rows.append((_("Games with undo (not counted)"),
                     _share(g["undo"]["won"], g["undo"]["played"])))
    rows.append((_("Hints asked"), number(g["hints"])))
    return rows


def _group(kind, g):
    n = g["players"]
    title = _("1 (solo practice)") if n == 1 else n_("{n} player", "{n} players", n)
    if g.get("friends"):
        title = _("{players}, with friends on their own phones", players=title)
    items = []
    for label, value in _rows(kind, g):
        items += [h("dt", {}, label), h("dd", {}, value)]
    return h("section", {"class": "stats-group"}, h("h4", {}, title),
             h("dl", {"class": "stats"}, items))


def _notes(figures) -> list:
    notes = []
    if figures["damaged"]:
        notes.append(n_("{n} game could not be read.", "{n} games could not be read.",
                        figures["damaged"]))
    if figures["not_counted"]:
        notes.append(n_("{n} game without a computer player is not counted.",
                        "{n} games without a computer player are not counted.",
                        figures["not_counted"]))
    if figures.get("since_reset"):
        notes.append(_("Counted since the last reset."))
    out = [h("p", {"class": "hint"}, note) for note in notes]
    pending = figures.get("pending")
    if pending:
        total = pending + figures["games"]
        out.append(h("div", {"class": "actions"},
                     h("p", {"class": "notice", "role": "status"},
                       n_("{counted} of {n} game counted so far.",
                          "{counted} of {n} games counted so far.", total,
                          counted=number(figures["games"]))),
                     button(_("Count more"), "statistics.more")))
    return out


def _kind_part(app, kind, figures):
    title = _(kind_of(kind).title)
    groups = [_group(kind, g) for g in figures["groups"]]
    parts = [h("h3", {}, title), *_notes(figures),
             h("div", {"class": "stats-groups"}, groups) if groups else
             h("p", {"class": "hint"}, _("No games to count yet."))]
    if app.ui.get("confirm") == kind:
        question = _(kind_of(kind).reset_question)
        parts.append(h("div", {"class": "confirm", "role": "group", "aria-label": question},
                       h("p", {}, question),
                       h("div", {"class": "actions"},
                         button(_("Reset"), "statistics.confirm", cls="primary", kind=kind),
                         button(_("Cancel"), "statistics.cancel"))))
    elif figures["games"]:
        parts.append(h("div", {"class": "actions"},
                       button(_("Reset statistics"), "statistics.reset", kind=kind)))
    return h("section", {"class": "stats-kind", "aria-label": title}, parts)


def _figures(app, kind, time_left) -> dict:
    try:
        figures = figures_of(app.store, kind, time_left=time_left)
        str(_kind_part(app, kind, figures))  # figures kept by an older page may not draw
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        figures = figures_of(app.store, kind, fresh=True, time_left=time_left)
    return figures


def _time_left(app):
    """Games never counted (a history from before this screen) are replayed COUNTING_TIME
    seconds at a visit, so that the page answers; the rest are counted at the next ones."""
    deadline = app.clock() + COUNTING_TIME
    return lambda: app.clock() < deadline


def render(app):
    parts = [h("h2", {}, _("Statistics"))]
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    time_left = _time_left(app)
    parts += [_kind_part(app, kind, _figures(app, kind, time_left)) for kind in KINDS]
    parts += [h("p", {"class": "hint"}, _("Best and worst game: your final total against the "
                                          "best total of the others.")),
              button(_("Back"), "go", screen="home")]
    return h("section", {"class": "screen statistics", "aria-label": _("Statistics")}, parts)


def handle(app, event):
    do, kind = event["do"], event.get("kind")
    app.notice = None
    if do == "statistics.reset" and kind in KINDS:
        app.ui["confirm"] = kind
    elif do == "statistics.confirm" and kind in KINDS and app.ui.get("confirm") == kind:
        reset(app.store, kind)
        app.ui.pop("confirm", None)
    elif do == "statistics.cancel":
        app.ui.pop("confirm", None)
