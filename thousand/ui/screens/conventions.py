"""Conventions: the house rules of a New-game setup, one control per convention of the catalogue
of the game being set up: the card game (new.setup_of) or the dice game (dice_new.setup_of).

The screen edits `setup["preset"]` and `setup["overrides"]` of that setup as the player goes:
every change is checked with the catalogue as a whole set first, and one the catalogue refuses (a
value out of range, or a combination the catalogue forbids) is not applied; its message is shown
beside the control and the previous values stay. The card game's player count is not edited here:
it follows the seats of the New-game screen.

It also saves the current rules as a named set in the store (kept per game), and uses, renames
and deletes the saved sets. Which game is edited is app.ui["keep"]["conventions_kind"] (set by
new.open_conventions; the switch at the top changes it). What the screen remembers between events
(open groups, the set about to be deleted, a message and where it belongs) lives in
app.ui["keep"]["conventions"] (cards) or ["conventions_dice"] beside the setup."""
import copy
import importlib

from thousand.conventions import ConventionError, show
from thousand.errors import BadInput, ThousandError, is_whole
from thousand.i18n import N_, _, n_, number, reason
from thousand.ui.html import action_attrs, button, h
from thousand.ui.kinds import CARDS, NAMES as KIND_NAMES, kind_of

SELECT_MAX = 12      # a range with at most this many values is a select, else a number input
SAVE_FIELD = "conv-save-name"


class Game:
    """What the screen needs to know about the game whose conventions it edits."""

    def __init__(self, game):
        self.kind, self.title = game.name, game.game_title
        self.catalogue = game.engine().catalogue
        self.fixed = game.fixed       # a convention that follows the seats (cards: player_count)
        self.back = game.new_screen   # the New-game screen of this game
        setup = importlib.import_module(f"thousand.ui.screens.{game.new_screen}")
        self.setup_of, self.presets_for = setup.setup_of, setup.presets_for
        self.fallback = setup.fallback_preset
        self.groups = self.catalogue.describe()
        self.group_of = {c["id"]: g["id"] for g in self.groups for c in g["conventions"]}
        self.first_group = self.groups[0]["id"]
        self.state_key = game.conventions_key
        self.dom = game.conventions_dom
        self.house_rules = game.words_module().house_rules


_GAMES = {}


def game_of(kind: str) -> Game:
    if kind not in _GAMES:
        _GAMES[kind] = Game(kind_of(kind))
    return _GAMES[kind]


def _game(app) -> Game:
    kind = app.ui.setdefault("keep", {}).get("conventions_kind")
    return game_of((kind_of(kind) or CARDS).name)


# --- values ---------------------------------------------------------------------------------------

def _same(a, b) -> bool:
    return type(a) is type(b) and a == b


def _full(g: Game, preset, overrides: dict, players: int) -> dict:
    """All values of a preset plus overrides, checked as a set (ConventionError if refused)."""
    if g.fixed:
        overrides = {**overrides, g.fixed: players}
    return g.catalogue.resolve(preset, overrides)


def _base(g: Game, setup) -> dict:
    """The preset's values for this table: what a 'changed' marker compares with."""
    return _full(g, setup.get("preset"), {}, setup["players"])


def _choices(conv: dict) -> list:
    """(value, label) pairs of a convention shown as a select, or None for a number input; the
    labels in the language in use."""
    def words(value, label):
        plain = is_whole(value) and label == str(value)
        return number(value) if plain else _(label)

    pairs = [(item["value"], words(item["value"], item["label"])) for item in conv["labels"]]
    if conv["min"] is not None:
        span = range(conv["min"], conv["max"] + 1, conv["step"])
        if len(pairs) + len(span) > SELECT_MAX:
            return None
        pairs += [(v, number(v)) for v in span if not any(_same(v, p) for p, _l in pairs)]
    return pairs


def value_words(conv, value) -> str:
    """A value of a convention as a player reads it, in the language in use: its label from the
    catalogue, or the number written the language's way."""
    labels = conv.value_labels or {}
    if value in labels:
        return _(labels[value])
    if is_whole(value):
        return number(value)
    return _(conv.label(value))


def _label(g: Game, cid: str, value) -> str:
    conv = g.catalogue.get(cid)
    if conv.type == "bool" and not conv.value_labels:
        return _("On") if value else _("Off")
    return value_words(conv, value)


def _title(g: Game, cid: str) -> str:
    try:
        return _(g.catalogue.get(cid).title)
    except ConventionError:
        return cid


def _allowed(conv) -> str:
    """What a number input takes, in words: '0, or 25 to 100 in steps of 5'."""
    if conv.min is None:
        return _or_list([value_words(conv, v) for v in conv.values or ()])
    if conv.step != 1:
        span = _("{min} to {max} in steps of {step}", min=conv.min, max=conv.max, step=conv.step)
    else:
        span = _("{min} to {max}", min=conv.min, max=conv.max)
    extra = [number(v) if is_whole(v) else value_words(conv, v)
             for v in conv.values or ()]
    if not extra:
        return span
    return _("{values}, or {range}", values=", ".join(extra), range=span)


def _and_list(items) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    text = _("{first} and {second}", first=items[-2], second=items[-1])
    for item in reversed(items[:-2]):
        text = _("{first}, {rest}", first=item, rest=text)
    return text


def _or_list(items) -> str:
    """'A', 'A or B', 'A, B or C'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    text = _("{first} or {second}", first=items[-2], second=items[-1])
    for item in reversed(items[:-2]):
        text = _("{first}, {rest}", first=item, rest=text)
    return text


def _refused(cid: str, template: str, **values) -> ConventionError:
    """The screen's own refusal of a value, carried like an engine's: a template and its values."""
    exc = ConventionError(cid, template.format(**values))
    exc.template, exc.values = template, values
    return exc


def _why(exc) -> str:
    """An engine's reason without the field it names: the screen names the convention by its
    title."""
    if getattr(exc, "template", None):
        return reason(ThousandError(exc.template, **exc.values))
    return reason(exc)


def _parse(g: Game, cid: str, raw):
    """The value a control sent (a checkbox's true/false, an option's value, typed digits)."""
    conv = g.catalogue.get(cid)
    if conv.type == "bool":
        if isinstance(raw, bool):
            return raw
        if raw in ("true", "false"):
            return raw == "true"
        raise _refused(cid, N_("on or off expected, got {got}"), got=repr(raw))
    if isinstance(raw, (int, type(None))) and not isinstance(raw, bool):
        return raw
    text = str(raw).strip()
    for item in conv.describe()["values"]:
        if show(item) == text:
            return item
    if conv.type == "enum":
        return text  # refused by the catalogue with the allowed values
    if text in ("", "null") and conv.type == "int_or_null":
        return None
    try:
        return int(text)
    except ValueError:
        raise _refused(cid, N_("a whole number is needed, got {got}; allowed: {allowed}"),
                       got=repr(text), allowed=_allowed(conv)) from None


def _why_na(g: Game, cid: str, values: dict) -> str:
    """Why a convention has no effect with these values, in words."""
    conv = g.catalogue.get(cid)

    def words(pair):
        other, wanted = pair
        return _("{convention}: {value}", convention=_title(g, other),
                 value=_or_list(_label(g, other, w) for w in wanted))

    def holds(pair):
        other, wanted = pair
        return any(_same(values.get(other), w) for w in wanted)

    failing = [words(c) for c in conv.requires] \
        if conv.requires and not any(holds(c) for c in conv.requires) else []
    blocking = [words((c, [values.get(c)])) for c, wanted in conv.requires_not
                if holds((c, wanted))]
    needed = ""
    for item in reversed(failing):
        needed = _("{first}, or with {rest}", first=item, rest=needed) if needed else item
    barred = ""
    for item in reversed(blocking):
        barred = _("{first}; {rest}", first=item, rest=barred) if barred else item
    if needed and barred:
        return _("No effect here: only with {needed}; and not with {barred}.", needed=needed,
                 barred=barred)
    if needed:
        return _("No effect here: only with {needed}.", needed=needed)
    if barred:
        return _("No effect here: not with {barred}.", barred=barred)
    return _("No effect here.")


# --- screen state ---------------------------------------------------------------------------------

# --- leaving without using the rules: Cancel, or Back --------------------------------------------
ENTRY = "conventions_entry"  # in app.ui["keep"]: the rules as the screen found them, and whence
RULES = ("preset", "overrides", "set_name")


def opened(app, came_from):
    """The rules of both games as they are now, for Cancel (and Back) to go back to."""
    rules = {}
    for kind in KIND_NAMES:
        setup = game_of(kind).setup_of(app)
        rules[kind] = copy.deepcopy({k: setup.get(k) for k in RULES})
    app.ui.setdefault("keep", {})[ENTRY] = {"from": came_from, "rules": rules}


def discard(app) -> str | None:
    """Every edit since the screen opened undone; the screen it was opened from, if known."""
    entry = app.ui.setdefault("keep", {}).pop(ENTRY, None)
    if not entry:
        return None
    for kind, rules in entry["rules"].items():
        game_of(kind).setup_of(app).update(copy.deepcopy(rules))
    return entry["from"]


def left_by_back(app):
    discard(app)


def _state(app) -> dict:
    g = _game(app)
    g.setup_of(app)
    keep = app.ui.setdefault("keep", {})
    return keep.setdefault(g.state_key, {"open": [g.first_group]})


def _sets(app) -> dict:
    return app.store.convention_sets(kind=_game(app).kind)


def _set_values(g: Game, data, players):
    """A saved set's full values, or the reason it cannot be used."""
    if not isinstance(data, dict):
        return None, _("this set is damaged")
    try:
        return _full(g, data.get("preset"), dict(data.get("overrides") or {}), players), None
    except ThousandError as exc:
        return None, reason(exc)
    except (TypeError, ValueError):
        return None, _("this set is damaged")


def _sync_set_name(app, setup):
    """A setup keeps the name of a saved set only while its rules are that set's."""
    g = _game(app)
    name = setup.get("set_name")
    if not name:
        return
    values, _problem = _set_values(g, _sets(app).get(name), setup["players"])
    if values is None or values != _full(g, setup.get("preset"), setup.get("overrides") or {},
                                         setup["players"]):
        setup["set_name"] = None


def _say(app, text: str, at: str = "top"):
    """A refusal or an error, shown in words as an alert where it happened."""
    app.notice = text
    _state(app)["at"] = at


def _status(app, text: str, at: str = "top"):
    """What an action did, shown where it was done (role=status)."""
    _state(app)["status"] = {"text": text, "at": at}


def _name_error(exc: BadInput) -> str:
    detail = _why(exc)
    return detail[:1].upper() + detail[1:] + ("" if detail.endswith(".") else ".")


# --- events ---------------------------------------------------------------------------------------

def handle(app, event):
    if event["do"] == "conventions.kind":
        kind = str(event.get("kind"))
        if kind_of(kind):
            app.ui.setdefault("keep", {})["conventions_kind"] = kind
            app.notice = None
        return
    g = _game(app)
    setup = g.setup_of(app)
    st = _state(app)
    app.notice = None
    for transient in ("at", "status", "conflict"):
        st.pop(transient, None)
    do = event["do"]
    if do != "conventions.delete":
        st.pop("confirm_delete", None)
    if do not in ("conventions.save", "conventions.replace"):
        st.pop("confirm_replace", None)

    if do == "conventions.set":
        _change(app, setup, str(event.get("id")), event.get("value"))
    elif do == "conventions.preset":
        name = str(event.get("value", ""))
        try:
            _full(g, name, {}, setup["players"])
        except ConventionError as exc:
            _say(app, _("That preset cannot be used: {reason}", reason=_why(exc)), at="preset")
            return
        setup["preset"], setup["overrides"], setup["set_name"] = name, {}, None
        _status(app, _("Preset {title}: every convention as it has it.",
                       title=_(g.catalogue.preset(name)["title"])), at="preset")
    elif do == "conventions.reset":
        setup["overrides"] = {}
        _sync_set_name(app, setup)
        _status(app, _("Every convention is back to the preset."), at="actions")
    elif do == "conventions.group":
        group = str(event.get("group"))
        opened = st.setdefault("open", [])
        if group in opened:
            opened.remove(group)
        else:
            opened.append(group)
    elif do == "conventions.groups":
        st["open"] = [gr["id"] for gr in g.groups] if event.get("open") else []
    elif do in ("conventions.save", "conventions.replace"):
        _save(app, setup, st, event, replace=do == "conventions.replace")
    elif do == "conventions.use_set":
        _use_set(app, setup, str(event.get("name")))
    elif do == "conventions.rename":
        _rename(app, setup, event)
    elif do == "conventions.delete":
        _delete(app, setup, st, str(event.get("name")), bool(event.get("really")))
    elif do == "conventions.keep":
        st.pop("confirm_delete", None)
    elif do == "conventions.cancel":
        came_from = discard(app)
        keep = app.ui.get("keep", {})
        keep.get(g.state_key, {}).pop("confirm_delete", None)
        app.go(came_from if came_from in ("home", "new", "dice_new") else g.back)
    elif do == "conventions.use":
        keep = app.ui.get("keep", {})
        keep.pop(ENTRY, None)
        keep.get(g.state_key, {}).pop("confirm_delete", None)
        app.go(g.back)
        app.ui["keep"] = keep  # the setup goes back to the New-game screen with its new rules
    else:
        _say(app, _("unknown page event '{event}'", event=do))


def _change(app, setup, cid, raw):
    st = _state(app)
    g = _game(app)
    try:
        conv = g.catalogue.get(cid)
        if cid == g.fixed:
            raise _refused(cid, N_("the number of players is chosen on the New game screen"))
        value = _parse(g, cid, raw)
        base = _base(g, setup)
        overrides = dict(setup.get("overrides") or {})
        if _same(conv.normalize(value), base[cid]):
            overrides.pop(cid, None)
        else:
            overrides[cid] = value
        _full(g, setup.get("preset"), overrides, setup["players"])
    except ConventionError as exc:
        ids = [i for i in exc.ids if i in g.group_of] or ([cid] if cid in g.group_of else [])
        names = _and_list(_title(g, i) for i in ids)
        _say(app, _("Not changed: {conventions}: {reason}", conventions=names, reason=_why(exc))
             if names else _("Not changed: {reason}", reason=reason(exc)),
             at=cid if cid in g.group_of else "top")
        st["conflict"] = ids
        for i in ids:  # open the groups of every convention at fault, so all can be seen
            if g.group_of[i] not in st.setdefault("open", []):
                st["open"].append(g.group_of[i])
        return
    setup["overrides"] = overrides
    _sync_set_name(app, setup)


def _field(event, fid):
    fields = event.get("fields") or {}
    if fid in fields:
        return fields[fid]
    return event.get("value", "")


def _save(app, setup, st, event, replace):
    raw = event.get("name", "") if replace else _field(event, SAVE_FIELD)
    name = raw.strip() if isinstance(raw, str) else raw
    st["save_name"] = raw if isinstance(raw, str) else ""
    if not replace and isinstance(name, str) and name in _sets(app):
        st["confirm_replace"] = name
        _say(app, _("A set named “{name}” is already saved. Replace it with these rules, "
                    "or choose another name.", name=name), at="save")
        return
    data = {"preset": setup.get("preset"), "overrides": dict(setup.get("overrides") or {})}
    try:
        stored = app.store.save_convention_set(name, data, kind=_game(app).kind)
    except BadInput as exc:
        _say(app, _name_error(exc), at="save")
        return
    st.pop("confirm_replace", None)
    st.pop("save_name", None)
    setup["set_name"] = stored
    _status(app, _("Saved as “{name}”. It is offered under Rules on the New game screen.",
                   name=stored), at="save")


def _use_set(app, setup, name):
    data = _sets(app).get(name)
    if data is None:
        _say(app, _("There is no saved set called “{name}”.", name=name), at="sets")
        return
    _values, problem = _set_values(_game(app), data, setup["players"])
    if problem:
        _say(app, _("“{name}” cannot be used: {reason}", name=name, reason=problem),
             at=f"set:{name}")
        return
    setup["preset"], setup["overrides"] = data.get("preset"), dict(data.get("overrides") or {})
    setup["set_name"] = name
    _status(app, _("Now using “{name}”.", name=name), at="sets")


def _rename(app, setup, event):
    old = str(event.get("name"))
    new = _field(event, str(event.get("field", "")))
    try:
        stored = app.store.rename_convention_set(old, new, kind=_game(app).kind)
    except BadInput as exc:
        _say(app, _name_error(exc), at=f"set:{old}")
        return
    if setup.get("set_name") == old:
        setup["set_name"] = stored
    if stored != old:
        _status(app, _("“{old}” is now called “{new}”.", old=old, new=stored), at="sets")


def _delete(app, setup, st, name, really):
    if not really:
        st["confirm_delete"] = name
        return
    st.pop("confirm_delete", None)
    try:
        app.store.delete_convention_set(name, kind=_game(app).kind)
    except BadInput as exc:
        _say(app, _name_error(exc), at="sets")
        return
    if setup.get("set_name") == name:
        setup["set_name"] = None
    _status(app, _("Deleted “{name}”. The rules on this screen stay as they are.", name=name),
            at="sets")


# --- rendering ------------------------------------------------------------------------------------

def _alert(app, at: str):
    """The message of the last event, if it belongs here: an alert, or else a status line."""
    st = _state(app)
    if app.notice and st.get("at", "top") == at:
        return h("p", {"class": "notice conv-alert", "role": "alert"}, app.notice)
    status = st.get("status")
    if status and status["at"] == at:
        return h("p", {"class": "conv-status", "role": "status"}, status["text"])
    return ""


def render(app):
    g = _game(app)
    setup = g.setup_of(app)
    st = _state(app)
    n = setup["players"]
    try:
        values = _full(g, setup.get("preset"), setup.get("overrides") or {}, n)
    except ConventionError as exc:  # a setup from an older version: start again from a preset
        setup["overrides"], setup["set_name"] = {}, None
        if setup.get("preset") not in g.catalogue.preset_names():
            setup["preset"] = g.fallback(n)
        app.notice = _("The saved rules could not be used ({reason}); back to the preset.",
                       reason=reason(exc))
        st["at"] = "top"
        values = _full(g, setup.get("preset"), {}, n)
    base = _base(g, setup)
    changed = {cid for cid in values if cid != g.fixed and not _same(values[cid], base[cid])}
    inactive = set(g.catalogue.inactive(values))
    places = {"preset", "actions", "save", "sets"} | set(g.group_of) | \
        {f"set:{name}" for name in _sets(app)}
    if app.notice and st.get("at") not in places:
        st["at"] = "top"  # a message from elsewhere (App.handle) is shown at the top

    groups = [_group(app, gr, values, base, changed, inactive, st) for gr in g.groups]
    all_open = len(st.get("open", [])) == len(g.groups)
    which = h("nav", {"class": "conv-kind", "aria-label": _("Which game")},
              [button(_(game_of(k).title), "conventions.kind", kind=k, pressed=k == g.kind,
                      cls="primary" if k == g.kind else None) for k in KIND_NAMES])
    return h("section", {"class": "screen conventions", "aria-label": _("Conventions")},
             h("h2", {}, _("Conventions")), which,
             h("p", {"class": "hint"},
               _whose_rules(g, n) + " " + _("Changes apply to the next game you start.")),
             _alert(app, "top"),
             _preset_box(app, setup, changed),
             h("div", {"class": "conv-toolbar"},
               button(_("Close all groups") if all_open else _("Open all groups"),
                      "conventions.groups", open=not all_open)),
             groups,
             h("div", {"class": "conv-actions"},
               button(_("Use these rules"), "conventions.use", cls="primary"),
               button(_("Cancel"), "conventions.cancel"),
               button(_("Reset to preset"), "conventions.reset", disabled=not changed),
               _alert(app, "actions")),
             _save_box(app, setup, st),
             _sets_box(app, setup, st))


def _whose_rules(g: Game, n: int) -> str:
    return g.house_rules(n)


def _preset_box(app, setup, changed):
    g = _game(app)
    n = setup["players"]
    current = setup.get("preset")
    mine = g.presets_for(n)
    cat = g.catalogue

    def options(names):
        return [h("option", {"value": p, "selected": p == current}, _(cat.preset(p)["title"]))
                for p in names]

    if mine is None:        # presets that suit any number of players
        choices = options(cat.preset_names())
    else:
        others = [p for p in cat.preset_names() if p not in mine]
        choices = [h("optgroup", {"label": n_("For {n} player", "For {n} players", n)},
                     options(mine)),
                   h("optgroup", {"label": _("For other numbers of players")}, options(others))]
    preset = cat.preset(current)
    summary = n_("{n} convention changed from the preset.",
                 "{n} conventions changed from the preset.", len(changed)) if changed else \
        _("Every convention is as the preset has it.")
    if setup.get("set_name"):  # a second sentence
        summary += " " + _("Saved set: “{name}”.", name=setup["set_name"])
    return h("div", {"class": "conv-preset"},
             h("label", {"for": "conv-preset"}, _("Preset")),
             h("select", {"id": "conv-preset", "aria-describedby": "conv-preset-desc",
                          **action_attrs("conventions.preset")},
               choices),
             h("p", {"class": "hint", "id": "conv-preset-desc"}, _(preset["description"])),
             h("p", {"class": "conv-summary"}, summary),
             _alert(app, "preset"))


def _group(app, g, values, base, changed, inactive, st):
    gid = g["id"]
    is_open = gid in st.get("open", [])
    ids = [c["id"] for c in g["conventions"]]
    dom = _game(app).dom + gid
    n_changed = sum(1 for cid in ids if cid in changed)
    badge = h("span", {"class": "conv-count"},
              n_("{n} changed", "{n} changed", n_changed)) if n_changed else ""
    body = [_convention(app, c, values, base, changed, inactive, st) for c in g["conventions"]]
    return h("fieldset", {"class": "conv-group" + (" open" if is_open else ""),
                          "aria-describedby": f"{dom}-desc"},
             h("legend", {},
               h("button", {"type": "button", "class": "conv-toggle",
                            "aria-expanded": "true" if is_open else "false",
                            "aria-controls": dom,
                            **action_attrs("conventions.group", group=gid)},
                 h("span", {"class": "chev", "aria-hidden": "true"}, "▾" if is_open else "▸"),
                 h("span", {"class": "conv-group-title"}, _(g["title"])), badge)),
             h("p", {"class": "conv-group-desc", "id": f"{dom}-desc"}, _(g["description"])),
             h("div", {"class": "conv-body", "id": dom, "hidden": not is_open},
               body))


def _convention(app, c, values, base, changed, inactive, st):
    g = _game(app)
    cid = c["id"]
    value = values[cid]
    dom = f"conv-{cid}"
    if cid == g.fixed:
        return h("div", {"class": "conv readonly"},
                 h("div", {"class": "conv-head"},
                   h("span", {"class": "conv-title", "id": f"{dom}-title"}, _(c["title"])),
                   h("span", {"id": dom, "class": "conv-fixed"}, _label(g, cid, value))),
                 h("p", {"class": "conv-desc"}, _("Set by the seats on the New game screen.")),
                 _alert(app, cid))
    is_changed, is_na = cid in changed, cid in inactive
    described = [f"{dom}-desc"]
    tags = []
    if is_na:
        described.append(f"{dom}-na")
        tags.append(h("span", {"class": "tag na"}, _("(n/a here)")))
    if is_changed:
        described.append(f"{dom}-was")
        tags.append(h("span", {"class": "tag changed"}, _("changed")))
    attrs = {"id": dom, "aria-describedby": " ".join(described),
             "aria-invalid": "true" if cid in st.get("conflict", ()) else None,
             **action_attrs("conventions.set", id=cid)}
    if c["type"] == "bool":
        head = h("div", {"class": "conv-head conv-check"},
                 h("input", {"type": "checkbox", "checked": bool(value), **attrs}),
                 h("label", {"for": dom}, _(c["title"])),
                 h("span", {"class": "conv-value"}, _label(g, cid, value)), tags)
        control = ""
    else:
        head = h("div", {"class": "conv-head"}, h("label", {"for": dom}, _(c["title"])), tags)
        pairs = _choices(c)
        if pairs is None:
            described.append(f"{dom}-range")
            attrs["aria-describedby"] = " ".join(described)
            control = h("div", {"class": "conv-number"},
                        h("input", {"type": "number", "inputmode": "numeric", "min": c["min"],
                                    "max": c["max"], "step": c["step"], "value": value,
                                    "required": True, **attrs}),
                        h("span", {"class": "conv-range", "id": f"{dom}-range"},
                          _allowed(g.catalogue.get(cid))))
        else:
            control = h("select", attrs,
                        [h("option", {"value": show(v), "selected": _same(v, value)}, label)
                         for v, label in pairs])
    notes = [h("p", {"class": "conv-desc", "id": f"{dom}-desc"}, _(c["description"]))]
    if is_na:
        notes.append(h("p", {"class": "conv-na", "id": f"{dom}-na"}, _why_na(g, cid, values)))
    if is_changed:
        notes.append(h("p", {"class": "conv-was", "id": f"{dom}-was"},
                       _("Changed; the preset has: {value}.", value=_label(g, cid, base[cid]))))
    cls = "conv" + (" changed" if is_changed else "") + (" na" if is_na else "") + \
        (" conflict" if cid in st.get("conflict", ()) else "")
    return h("div", {"class": cls}, head, control, notes, _alert(app, cid))


def _save_box(app, setup, st):
    default = st.get("save_name", setup.get("set_name") or "")
    replace = st.get("confirm_replace")
    return h("section", {"class": "conv-save", "aria-labelledby": "conv-save-title"},
             h("h3", {"id": "conv-save-title"}, _("Save as…")),
             h("label", {"for": SAVE_FIELD}, _("Name of the set")),
             h("div", {"class": "conv-inline"},
               h("input", {"id": SAVE_FIELD, "type": "text", "value": default, "maxlength": 60,
                           "autocomplete": "off"}),
               h("button", {"type": "button", "data-fields": SAVE_FIELD,
                            **action_attrs("conventions.save")}, _("Save"))),
             _alert(app, "save"),
             h("div", {"class": "actions"},
               button(_("Replace “{name}”", name=replace), "conventions.replace", cls="primary",
                      name=replace),
               button(_("Keep it"), "conventions.keep")) if replace else "")


def _sets_box(app, setup, st):
    g = _game(app)
    sets = _sets(app)
    items = []
    for i, name in enumerate(sorted(sets)):
        data = sets[name]
        values, problem = _set_values(g, data, setup["players"])
        if problem:
            what = _("Cannot be used here: {reason}", reason=problem)
        else:
            base_title = _(g.catalogue.preset(data.get("preset"))["title"]) \
                if data.get("preset") else _("Defaults")
            count = len(data.get("overrides") or {})
            what = n_("{preset}, {n} change", "{preset}, {n} changes", count, preset=base_title) \
                if count else _("{preset}, as it is", preset=base_title)
        in_use = setup.get("set_name") == name
        field = f"conv-rename-{i}"
        confirming = st.get("confirm_delete") == name
        if confirming:
            delete = [button(_("Really delete {name}", name=name), "conventions.delete",
                             cls="danger", name=name, really=True),
                      button(_("Keep it"), "conventions.keep")]
        else:
            delete = [button(_("Delete"), "conventions.delete", name=name,
                             aria_label=_("Delete {name}", name=name))]
        items.append(h("li", {"class": "conv-set" + (" in-use" if in_use else "")},
                       h("div", {"class": "conv-set-name"}, h("strong", {}, name),
                         h("span", {"class": "tag"}, _("in use")) if in_use else ""),
                       h("p", {"class": "hint"}, what),
                       h("div", {"class": "actions"},
                         button(_("Use"), "conventions.use_set", name=name,
                                aria_label=_("Use {name}", name=name), disabled=bool(problem)),
                         delete),
                       h("div", {"class": "conv-inline"},
                         h("label", {"for": field, "class": "sr-only"},
                           _("New name for {name}", name=name)),
                         h("input", {"id": field, "type": "text", "value": name, "maxlength": 60,
                                     "autocomplete": "off"}),
                         h("button", {"type": "button", "data-fields": field,
                                      "aria-label": _("Rename {name}", name=name),
                                      **action_attrs("conventions.rename", name=name,
                                                     field=field)}, _("Rename"))),
                       _alert(app, f"set:{name}")))
    body = h("ul", {"class": "conv-sets"}, items) if items else \
        h("p", {"class": "hint"}, _("No saved sets yet."))
    return h("section", {"class": "conv-saved", "aria-labelledby": "conv-sets-title"},
             h("h3", {"id": "conv-sets-title"}, _("Saved sets")), _alert(app, "sets"), body)
