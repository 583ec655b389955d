"""Files in and out of the page (issue 12, items 5 and 7): "Export my data" and "Import…" on the
Settings screen, a game's record as a file (card table, dice table, Finished games), a record
file opened, and what the page says when the storage is full. The files themselves are
thousand/datafile.py; the browser layer (browser.py) saves `app.download` as a file after every
event, and hands a chosen file's text in as an event:

    {"do": "data.import", "text": ..., "name": ...}       a data file, to be imported
    {"do": "data.open_record", "text": ..., "name": ...}  a game record: read, checked and kept
        in app.ui["keep"]["opened_record"] = {"game": "cards"|"dice", "record": {...},
        "name": file name} for the screen that shows it (replaying it is not this module's)
"""
from datetime import datetime, timezone

from thousand import datafile
from thousand.errors import ThousandError
from thousand.i18n import _, n_, number, reason
from thousand.storage import StorageRefused
from thousand.ui.html import Markup, button, h
from thousand.ui.kinds import CARDS, kind_of

IMPORT_FIELD = "import-file"
RECORD_FIELD = "record-file"
NEARLY_FULL = 0.9  # of the quota the browser gives: say so, and offer the export


def now() -> str:
    """The time of an export, as the file says it (UTC, to the second)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --- events -------------------------------------------------------------------------------------

def handle(app, event):
    do = event["do"]
    ui = app.ui
    if do == "data.export":
        exported = now()
        text = datafile.dumps(datafile.build(app.store, exported))
        name = datafile.file_name("data", exported)
        app.download = (name, text)
        ui.pop("import", None)
        ui["data_said"] = _("Your data was saved as {name}, in your downloads.", name=name)
    elif do == "data.import":
        _import(app, event)
    elif do == "data.import_confirm":
        _confirm(app)
    elif do == "data.import_cancel":
        ui.pop("import", None)
        ui["data_said"] = _("Nothing was imported.")
    elif do == "data.record":
        _record(app, event)
    elif do == "data.open_record":
        _open_record(app, event)
    elif do == "data.dismiss":
        app.space_warning = ()
    else:
        app.notice = _("unknown page event '{event}'", event=str(do)[:40])


def _file_name(event) -> str:
    name = event.get("name")
    return name[:80] if isinstance(name, str) and name else "?"


def _import(app, event):
    ui = app.ui
    ui.pop("import", None)
    ui.pop("data_said", None)
    name = _file_name(event)
    try:
        found = datafile.read(event.get("text"), app.resumed)
        todo = datafile.plan(app.store, found)
    except ThousandError as exc:  # refused: nothing has been changed
        ui["data_said"] = _("{name} was not imported, and nothing was changed: {problem}",
                            name=name, problem=reason(exc))
        return
    if not todo.changes:
        ui["data_said"] = _("{name} holds nothing this device does not have already.",
                            name=name)
        return
    ui["import"] = {"name": name, "file": found, "plan": todo}


def _confirm(app):
    ui = app.ui
    pending = ui.pop("import", None)
    if pending is None:
        return
    todo, found = pending["plan"], pending["file"]
    try:
        datafile.apply(app.store, todo)
    except StorageRefused as exc:
        ui["data_said"] = _("{name} was not imported, and nothing was changed: {problem}",
                            name=pending["name"], problem=reason(exc))
        return
    for kind in todo.games:
        kept = app.session_of(kind)
        # the game replaced goes to Finished games, unless the file holds the same game
        if kept is not None and kept.meta.get("seed") != found.sessions[kind].meta.get("seed"):
            try:
                app.abandon(kind, kept)
            except StorageRefused as exc:
                app.space_warning = (*app.space_warning, exc.detail)
        app._set_session(kind, found.sessions[kind])
    if todo.settings:
        app.delay = app._saved_delay()
        code = app.store.settings().get("language")
        if isinstance(code, str) and code != app.language:
            app.set_language(code, save=False)
    ui["data_said"] = _("{name} was imported.", name=pending["name"])


def _record(app, event):
    """A game's record as a file: the game under way ({"game": kind}) or a finished one
    ({"game": kind, "entry": its place in Finished games})."""
    kind = (kind_of(event.get("game")) or CARDS).name
    entry = event.get("entry")
    if entry is None:
        session = app.session_of(kind)
        rec = session.record if session is not None else None
    else:
        games = app.store.history(kind)
        ok = isinstance(entry, int) and 0 <= entry < len(games)
        rec = games[entry].get("record") if ok and isinstance(games[entry], dict) else None
    if not isinstance(rec, dict):
        app.notice = _("There is no record of that game to download.")
        return
    stamp = now()
    app.download = (f"thousand-{kind}-record-{stamp[:10]}-{stamp[11:13]}{stamp[14:16]}.json",
                    datafile.dumps(rec))


def _open_record(app, event):
    name = _file_name(event)
    try:
        kind, rec = datafile.read_record(event.get("text"))
    except ThousandError as exc:
        app.notice = _("{name} could not be opened: {problem}", name=name, problem=reason(exc))
        return
    app.ui.setdefault("keep", {})["opened_record"] = {"game": kind, "record": rec, "name": name}
    app.notice = None
    app.ui["data_said"] = _(kind_of(kind).opened, name=name)
    if kind_of(kind).replays:
        # a card game's record is opened to be watched: its first deal, every hand open
        from thousand.ui.screens.replay import open_replay
        open_replay(app, rec, app.screen if app.screen in ("history", "settings") else "home",
                    deal=0)


# --- what the screens show ----------------------------------------------------------------------

def record_button(kind: str, entry: int | None = None) -> Markup:
    """'Download record': the game under way, or a finished one."""
    arg = {"game": kind} if entry is None else {"game": kind, "entry": entry}
    return button(_("Download record"), "data.record", cls="download", **arg)


def file_picker(field_id: str, label: str, do: str) -> Markup:
    """A button-like label over a file input (the browser layer reads the file chosen)."""
    return h("span", {"class": "file-pick"},
             h("input", {"type": "file", "id": field_id, "accept": ".json,application/json",
                         "data-do": do}),
             h("label", {"for": field_id, "class": "button"}, label))


def said(app) -> Markup:
    text = app.ui.get("data_said")
    return h("p", {"class": "data-said", "role": "status"}, text) if text else ""


def _mb(chars: float) -> str:
    mb = chars / 1_000_000
    return number(round(mb, 1) if mb < 100 else round(mb))  # "10,738", not "10737.6"


def storage_lines(app) -> list:
    """How much is stored, whether the browser keeps it, and where finished games are."""
    info = getattr(app, "storage_info", None) or {}
    lines = []
    usage, quota = info.get("usage"), info.get("quota")
    if isinstance(usage, (int, float)) and isinstance(quota, (int, float)) and quota > 0:
        lines.append(h("p", {"class": "hint"},
                       _("Stored by this site: {used} MB of {quota} MB.", used=_mb(usage),
                         quota=_mb(quota))))
        if usage >= NEARLY_FULL * quota:
            lines.append(h("p", {"class": "notice"},
                           _("The storage is nearly full: export your data to keep a copy.")))
    persisted = info.get("persisted")
    if persisted is True:
        lines.append(h("p", {"class": "hint"}, _("The browser keeps this data until you delete "
                                                 "it.")))
    elif persisted is False:
        lines.append(h("p", {"class": "hint"}, _("The browser may delete this data when the "
                                                 "device runs short of space.")))
    if info.get("history_in") == "indexeddb":
        where = _("Finished games are kept in the browser's database (up to {most}).",
                  most=app.store.history_cap)
    else:
        where = _("Finished games are kept with the game in progress (up to {most}).",
                  most=app.store.history_cap)
    lines.append(h("p", {"class": "hint"}, where))
    return lines


def settings_panel(app) -> Markup:
    """The Settings screen's part about the data: export, import (and its question), storage."""
    pending = app.ui.get("import")
    if pending is not None:
        body = [h("p", {}, _("Importing {name} will:", name=pending["name"])),
                h("ul", {"class": "import-plan"}, [h("li", {}, line)
                                                   for line in plan_lines(pending["plan"],
                                                                          pending["file"])
                                                   + _kept_lines(app, pending)]),
                h("div", {"class": "actions"},
                  button(_("Import"), "data.import_confirm", cls="primary"),
                  button(_("Cancel"), "data.import_cancel"))]
    else:
        body = [h("p", {"class": "hint"}, _("Games, finished games, conventions and settings in "
                                            "one file, to keep or to open on another device.")),
                h("div", {"class": "actions data-actions"},
                  button(_("Export my data"), "data.export"),
                  file_picker(IMPORT_FIELD, _("Import…"), "data.import"))]
    return h("section", {"class": "data", "aria-label": _("Your data")},
             h("h3", {}, _("Your data")), said(app), body, storage_lines(app))


def _kept_lines(app, pending) -> list:
    """A game in progress that the file's replaces is not lost (App.abandon): said in the plan."""
    from thousand.ui import in_progress
    found = pending["file"]
    return [_("keep the game replaced in Finished games as not finished ({where})",
              where=in_progress.where(app.session_of(kind)))
            for kind, how in pending["plan"].games.items()
            if how == "replaces" and in_progress.progressed(app.session_of(kind))
            and app.session_of(kind).meta.get("seed") != found.sessions[kind].meta.get("seed")]


def plan_lines(todo, found) -> list:
    """What an import will change, a line each."""
    lines = []
    for kind, how in todo.games.items():
        s = found.sessions[kind]
        lines.append(_(s.kind.replaces if how == "replaces" else s.kind.adds, n=s.progress()))
    for kind, (added, here, dropped) in todo.finished.items():
        line = kind_of(kind).words_module().games_added(added)
        if here:
            line = _("{change} ({already} already here)", change=line, already=number(here))
        lines.append(line)
        if dropped:
            lines.append(n_("remove the oldest finished game: at most {most} are kept",
                            "remove the {n} oldest finished games: at most {most} are kept",
                            dropped, most=_cap(found, todo, kind)))
    for kind, (added, replaced) in todo.sets.items():
        parts = []
        if added:
            parts.append(kind_of(kind).words_module().sets_added(added))
        if replaced:
            parts.append(n_("replace {n} convention set with the file's of the same name",
                            "replace {n} convention sets with the file's of the same name",
                            replaced))
        lines.extend(parts)
    if todo.settings:
        lines.append(_("replace your settings with the file's (language, speed, score sheet)"))
    if todo.stats:
        lines.append(_("update your statistics"))
    return lines


def _cap(found, todo, kind) -> int:
    return next(len(v) for w, k, v in todo.writes if w == "history" and k == kind)


def space_banner(app) -> Markup:
    """The storage is full: what could not be kept, the export offered."""
    return h("div", {"class": "space-warning", "role": "alert"},
             [h("p", {}, reason(p)) for p in app.space_warning],
             h("div", {"class": "actions"},
               button(_("Export my data"), "data.export", cls="primary"),
               button(_("Dismiss"), "data.dismiss")))
