"""Score sheet for real cards: people who play with a physical deck enter each deal's facts (who
declared, the bid and contract, the outcome, each player's card points, tricks and marriages) and the
page keeps the score with every convention of the table, through the engine's score-sheet settlement
(thousand.cards.scoresheet.score_sheet, the same function as `python -m thousand score`).

The sheet document is exactly the score-sheet JSON of docs/score-sheet.md. The Store keeps games
only of the kinds "cards" and "dice", so the sheet lives in the settings document under
"score_sheet"; a sheet that can no longer be scored is moved to "score_sheet_set_aside" there and
the player is told.

How the page talks to us: text inputs carry no data-do, so typing never redraws the page (a redraw
on blur would swallow the click that caused it). Every button and every checkbox or select that
redraws the page sends all the form's text and select values with it (data-fields), and checkboxes
send their own state; what is typed survives in app.ui["keep"]["sheet"] until the deal is added."""
from thousand.cards.cards import DECK
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.score import active_seats, sitter
from thousand.cards.scoresheet import FORMAT, VERSION, score_sheet
from thousand.cards.settlement import tricks_needed
from thousand.errors import BadInput, ThousandError
from thousand.i18n import N_, _, n_, number, p_
from thousand.ui.card_words import rank_letters
from thousand.ui.html import Markup, action_attrs, h
from thousand.ui.screens.new import COUNT_PRESET, presets_for
from thousand.ui.screens.sheet_table import score_sheet as sheet_table
from thousand.ui.card_words import SUIT_SYMBOL
from thousand.ui.sheet_form import (BID, CONTRACT, DARK, DECLARER, NAME_MAX, OUTCOME, PAPER,
                                    PENALTIES, P_AMOUNT, P_DEALS, P_GOLDEN, P_REASON, P_SEAT,
                                    S_DEALER, S_RULES, Sheet, _charged_words, _cp, _default_name,
                                    _game_over_words, _mar, _name_field, _number, _paper_extras,
                                    _paper_field, _paper_ids, _problem, _refusal, _row_words,
                                    _seat_field, _talon, _tr, draft_from, facts_from, in_words,
                                    paper_start)

KEY = "score_sheet"               # where the sheet lives in the settings document
ASIDE = "score_sheet_set_aside"   # sheets that could not be scored, kept as they were
ASIDE_MAX = 5
TOTALS_ID = "ss-totals"  # the totals table, brought into view when a deal is added


def _settings(app) -> dict:
    return app.store.settings()


def load(app):
    """The stored sheet, or None. A sheet the engine cannot score any more is set aside (kept in
    the settings under ASIDE, unchanged) and the player is told on this screen."""
    settings = _settings(app)
    doc = settings.get(KEY)
    if doc is None:
        return None
    try:
        if not isinstance(doc, dict):
            raise BadInput("sheet", N_("it is not a score sheet"))
        return Sheet(doc)
    except (ThousandError, TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        aside = settings.get(ASIDE)
        aside = aside if isinstance(aside, list) else []
        # the record keeps the engine's English (str), as the command line would say it
        aside = ([{"reason": str(exc), "sheet": doc}] + aside)[:ASIDE_MAX]
        settings[ASIDE] = aside
        settings.pop(KEY, None)
        app.store.save_settings(settings)
        players = doc.get("players") if isinstance(doc, dict) else None
        names = [str(p) for p in players] if isinstance(players, list) else []
        _keep(app)["problem"] = lambda error=exc: _(
            "Your score sheet could not be read. {problem} It was kept aside unchanged in the "
            "settings under “{key}”, and you can start a new sheet.",
            problem=in_words(error, names) if isinstance(error, ThousandError) else
            # Python's own words (a KeyError's key) mean nothing to a player
            _("It is not made the way a score sheet is."), key=ASIDE)
        return None


def _store(app, doc) -> None:
    settings = _settings(app)
    if doc is None:
        settings.pop(KEY, None)
    else:
        settings[KEY] = doc
    app.store.save_settings(settings)


# --- what the screen remembers ------------------------------------------------------------------

def _keep(app) -> dict:
    return app.ui.setdefault("keep", {}).setdefault("sheet", {})


def _draft(app) -> dict:
    return _keep(app).setdefault("draft", {})


def _say(app, words, at="top", kind="alert"):
    """A message for the player, shown beside the part of the page it is about. `words` is a
    function giving the text: it is written when shown, in the language in use then."""
    k = _keep(app)
    k["message"] = {"words": words, "at": at, "kind": kind}


def _message(app, at):
    msg = _keep(app).get("message")
    if not msg or msg["at"] != at:
        return ""
    role = "alert" if msg["kind"] == "alert" else "status"
    cls = "notice ss-alert" if msg["kind"] == "alert" else "notice ss-status"
    return h("p", {"class": cls, "role": role}, msg["words"]())

# --- events -------------------------------------------------------------------------------------

def _fields(event) -> dict:
    fields = event.get("fields") or {}
    return {k: v for k, v in fields.items() if isinstance(k, str)}


def handle(app, event):
    do = event["do"]
    keep = _keep(app)
    keep.pop("message", None)
    app.notice = None
    sheet = load(app)
    if sheet is None:
        _handle_setup(app, event, do)
        return
    draft = _draft(app)
    draft.update({k: v for k, v in _fields(event).items() if k.startswith("sd-")})
    penalty = keep.setdefault("penalty", {})
    penalty.update({k: v for k, v in _fields(event).items() if k.startswith("sp-")})
    if do == "sheet.draft":
        field = event.get("field")
        if isinstance(field, str) and field.startswith("sd-"):
            draft[field] = event.get("value")
    elif do == "sheet.add":
        _add(app, sheet, draft)
    elif do == "sheet.penalty_open":
        keep["penalty_open"] = True
    elif do == "sheet.penalty_close":
        keep["penalty_open"] = False
    elif do == "sheet.penalty":
        _penalty(app, sheet, penalty)
    elif do == "sheet.undo":
        _undo(app, sheet)
    elif do == "sheet.new":
        if sheet.entries and not sheet.over:
            keep["confirm_new"] = True
        else:
            _new(app, sheet)
    elif do == "sheet.new_yes":
        _new(app, sheet)
    elif do == "sheet.new_no":
        keep.pop("confirm_new", None)
    else:
        _say(app, lambda: _("unknown page event '{event}'", event=do))


def _add(app, sheet: Sheet, draft: dict):
    if sheet.over:
        _say(app, lambda: _("The game is over; start a new sheet for the next game."))
        return
    try:
        entry = facts_from(sheet, draft)
        doc = sheet.with_entry(entry)
        out = score_sheet(doc)
    except BadInput as exc:
        _say(app, lambda error=exc: in_words(error, sheet.names, sheet.conv), at="deal")
        return
    _store(app, doc)
    keep = _keep(app)
    keep["draft"] = {}
    row = out["rows"][-1]
    _say(app, lambda: _row_words(row, sheet.names), at="top", kind="status")
    # the new totals in view: the page brings the totals table up and gives it the focus
    app.ui["focus"] = TOTALS_ID


def _penalty(app, sheet: Sheet, fields: dict):
    if sheet.over:
        _say(app, lambda: _("The game is over; no penalty can be charged."))
        return
    try:
        seat = _number(fields.get(P_SEAT), "penalty.seat")
        amount = _number(fields.get(P_AMOUNT), "penalty.amount")
        why = fields.get(P_REASON) or "penalty"
        doc = sheet.with_entry({"penalty": {"seat": seat, "amount": amount, "reason": why}})
        score_sheet(doc)
    except BadInput as exc:
        _say(app, lambda error=exc: in_words(error, sheet.names), at="penalty")
        return
    _store(app, doc)
    keep = _keep(app)
    keep["penalty"] = {}
    keep["penalty_open"] = False
    _say(app, lambda: _charged_words(sheet.names[seat], amount, why), kind="status")


def _undo(app, sheet: Sheet):
    if not sheet.entries:
        _say(app, lambda: _("There is nothing to take back."))
        return
    last = sheet.entries[-1]
    doc = {**sheet.doc, "deals": sheet.entries[:-1]}
    _store(app, doc)
    keep = _keep(app)
    if "penalty" in last:
        p = last["penalty"]
        keep["penalty"] = {P_SEAT: str(p.get("seat")), P_AMOUNT: str(p.get("amount")),
                           P_REASON: p.get("reason", "penalty")}
        keep["penalty_open"] = True
        _say(app, lambda: _("The last penalty was taken back; it is in the penalty form if you "
                            "want to charge it again."), kind="status")
    else:
        keep["draft"] = draft_from(Sheet(doc), last)
        deal = sheet.out["rows"][-1]["deal"]
        _say(app, lambda: _("Deal {deal} was taken back; its facts are in the form below to "
                            "correct.", deal=deal), kind="status")


def _new(app, sheet: Sheet):
    keep = _keep(app)
    keep.clear()
    keep["setup"] = {"players": sheet.n, "names": list(sheet.names),
                     "rules": f"preset:{sheet.doc.get('preset', 'classic')}",
                     "overrides": dict(sheet.doc.get("overrides") or {}), "dealer": "0"}
    _store(app, None)
    _say(app, lambda: _("A new sheet: the players and rules of the last one are filled in."),
         kind="status")


# --- setup --------------------------------------------------------------------------------------

def _setup(app) -> dict:
    k = _keep(app)
    if "setup" not in k:
        k["setup"] = {"players": 3, "names": ["", "", ""], "rules": "preset:classic",
                      "overrides": {}, "dealer": "0"}
    return k["setup"]


def _setup_fields(setup, fields):
    n = setup["players"]
    for i in range(n):
        if _name_field(i) in fields:
            setup["names"][i] = str(fields[_name_field(i)])[:NAME_MAX]
    if S_RULES in fields:
        if fields[S_RULES] != setup["rules"]:
            setup["overrides"] = {}
        setup["rules"] = str(fields[S_RULES])
    if S_DEALER in fields:
        setup["dealer"] = str(fields[S_DEALER])
    paper = setup.setdefault("paper", {})
    paper.update({k: str(v)[:NAME_MAX] for k, v in fields.items() if k.startswith(PAPER)})


def _handle_setup(app, event, do):
    setup = _setup(app)
    _setup_fields(setup, _fields(event))
    if do == "sheet.players":
        n = int(event.get("value", 3))
        if n not in (2, 3, 4):
            return
        old = setup["rules"]
        names = (setup["names"] + [""] * 4)[:n]
        setup.update(players=n, names=names, dealer="0" if int(setup["dealer"] or 0) >= n
                     else setup["dealer"])
        if old.startswith("preset:") and old[7:] in COUNT_PRESET.values():
            setup["rules"], setup["overrides"] = f"preset:{COUNT_PRESET[n]}", {}
    elif do == "sheet.start":
        _start(app, setup)
    elif do == "sheet.rules":
        pass  # the form is drawn again for the rules chosen (the paper-start fields follow them)
    elif do in ("sheet.new", "sheet.new_yes", "sheet.new_no"):
        pass
    else:
        _say(app, lambda: _("There is no sheet yet: set up the players and rules first."),
             at="setup")


def _rules(app, setup) -> tuple:
    """(preset, overrides) of the rules chosen for this many players."""
    kind, _colon, name = setup["rules"].partition(":")
    if kind == "set":
        data = app.store.convention_sets().get(name)
        if not isinstance(data, dict):
            raise _refusal(_("There is no saved convention set called “{name}”.", name=name))
        preset, overrides = data.get("preset"), dict(data.get("overrides") or {})
    else:
        preset, overrides = name or "classic", dict(setup.get("overrides") or {})
    overrides["player_count"] = setup["players"]
    try:
        conv = CATALOGUE.resolve(preset, overrides)
    except BadInput as exc:
        raise _refusal(n_("These rules do not work for {n} player: {problem}",
                          "These rules do not work for {n} players: {problem}", setup["players"],
                          problem=_problem(exc, []))) from None
    base = preset if preset is not None else "classic"
    saved = CATALOGUE.to_json(conv, base)
    return base, saved["overrides"]


def _start(app, setup):
    n = setup["players"]
    # an empty name is the one offered in the field, in the language of the page
    names = [(setup["names"][i] or "").strip() or _default_name(i) for i in range(n)]
    if len(set(names)) != n:
        _say(app, lambda: _("Two players have the same name; give each player a different name."),
             at="setup")
        return
    try:
        preset, overrides = _rules(app, setup)
        dealer = int(setup.get("dealer") or 0)
        doc = {"format": FORMAT, "version": VERSION, "players": names, "preset": preset,
               "overrides": overrides, "first_dealer": dealer if 0 <= dealer < n else 0,
               "deals": []}
        # only the fields the form shows for these rules and players count (a value chosen
        # under other rules, or for a fourth player, stays in the form but is not sent)
        shown = set(_paper_ids(n, CATALOGUE.resolve(preset, overrides)))
        start = paper_start({k: v for k, v in (setup.get("paper") or {}).items() if k in shown},
                            names)
        if start is not None:
            doc["start"] = start
        Sheet(doc)
    except BadInput as exc:
        _say(app, lambda error=exc: in_words(error, names), at="setup")
        return
    _store(app, doc)
    keep = _keep(app)
    keep.pop("setup", None)
    keep["draft"] = {}
    first = names[doc["first_dealer"]]
    if "start" in doc:
        _say(app, lambda: _("The sheet goes on from the paper: {name} deals next.", name=first),
             kind="status")
        return
    _say(app, lambda: _("The sheet is started: {name} deals first.", name=first), kind="status")


def _button(label, do, fields="", *, cls=None, disabled=False, pressed=None, **arg) -> Markup:
    """A button that also sends the values of the inputs named in `fields` (comma-separated ids)."""
    attrs = {"type": "button", "class": cls, "disabled": disabled,
             "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
             **action_attrs(do, **arg)}
    if fields:
        attrs["data-fields"] = fields
    return h("button", attrs, label)


def _text_input(fid, value, *, numeric=True, placeholder=None, maxlength=None):
    """A text input without data-do: typing never redraws the page. Numbers get the phone's
    numeric keyboard (inputmode) but stay text, so what was typed is what the form shows again."""
    attrs = {"id": fid, "type": "text", "value": "" if value is None else str(value),
             "autocomplete": "off", "placeholder": placeholder, "maxlength": maxlength}
    if numeric:
        attrs.update({"inputmode": "numeric", "pattern": "[0-9]*", "class": "ss-num"})
    return h("input", attrs)


def _select(fid, options, current, *, do=None, fields="", field=None):
    attrs = {"id": fid}
    if do:
        attrs.update(action_attrs(do, field=field or fid))
        if fields:
            attrs["data-fields"] = fields
    return h("select", attrs, [h("option", {"value": v, "selected": str(v) == str(current)}, label)
                               for v, label in options])


def _checkbox(fid, label, checked, fields):
    """A box whose change redraws the page: it sends its state and every text field's value."""
    attrs = {"type": "checkbox", "id": fid, "checked": bool(checked),
             **action_attrs("sheet.draft", field=fid)}
    if fields:
        attrs["data-fields"] = fields
    return h("span", {"class": "ss-check"}, h("input", attrs), h("label", {"for": fid}, label))


def render(app):
    sheet = load(app)
    problem = _keep(app).get("problem")
    parts = [h("h2", {}, _("Score sheet"))]
    if problem:
        parts.append(h("p", {"class": "notice", "role": "alert"}, problem()))
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    parts.append(_message(app, "top"))
    if sheet is None:
        parts.append(_render_setup(app))
    else:
        parts.append(_render_sheet(app, sheet))
    return h("section", {"class": "screen sheet-screen",
                         "aria-label": _("Score sheet for real cards")}, parts)


def _rule_choices(app, n):
    made = presets_for(n)
    others = [p for p in CATALOGUE.preset_names() if p not in made]
    sets = app.store.convention_sets()
    return [(f"preset:{p}", _(CATALOGUE.preset(p)["title"])) for p in made] + \
        [(f"preset:{p}", n_("{title} (made for {n} player)", "{title} (made for {n} players)",
                            CATALOGUE.resolve(p)["player_count"],
                            title=_(CATALOGUE.preset(p)["title"]))) for p in others] + \
        [(f"set:{name}", _("Saved: {name}", name=name)) for name in sorted(sets)]


def _setup_conventions(app, setup):
    """The conventions of the rules chosen in the setup form, or None while they do not work."""
    try:
        preset, overrides = _rules(app, setup)
        return CATALOGUE.resolve(preset, overrides)
    except BadInput:
        return None


def _paper_options(conv, key) -> list:
    """The choices of a per-player select: only counts the rules can have."""
    if key == "barrel":
        limit = conv["barrel_attempts"] or 5
        return [("", _("Not on it"))] + [
            (str(k), n_("On it, {n} try", "On it, {n} tries", k)) for k in range(limit)]
    top = {"bolts": conv["bolt_count"] - 1, "cross": 1,
           "falls": 2 if conv["barrel_three_falls"] != "none" else 5,
           "wo": conv["write_off_limit"] or 5}[key]
    return [(str(k), number(k)) for k in range(top + 1)]


def _paper_form(setup, conv, names: list):
    """"Carry on a paper game": a total per player; bolts, the barrel and the other counts in a
    compact part of its own, all optional (an empty form starts the sheet from 0)."""
    paper = setup.get("paper") or {}
    n = len(names)
    totals = [h("div", {"class": "ss-name"},
                h("label", {"for": _paper_field("total", s)},
                  _("Total of {name}", name=names[s])),
                _text_input(_paper_field("total", s), paper.get(_paper_field("total", s), ""),
                            numeric=False, placeholder="0", maxlength=8))
              for s in range(n)]
    more = ""
    if conv is not None:
        extras = _paper_extras(conv)
        rows = []
        for s in range(n):
            cells = [h("th", {"scope": "row"}, names[s])]
            for key, label in extras:
                fid = _paper_field(key, s)
                cells.append(h("td", {}, h("label", {"for": fid}, h("span", {"class": "sr-only"},
                                           _("{what} of {name}", what=label, name=names[s]))),
                               _select(fid, _paper_options(conv, key), paper.get(fid, ""))))
            rows.append(h("tr", {}, cells))
        table = h("table", {"class": "ss-paper-more"},
                  h("thead", {}, h("tr", {}, h("th", {"scope": "col", "class": "ss-col-name"},
                                               _("Player")),
                                   [h("th", {"scope": "col", "class": f"ss-col-{key}"}, label)
                                    for key, label in extras])),
                  h("tbody", {}, rows))
        golden = ""
        if conv["golden_round"]:
            golden = h("div", {"class": "ss-field"},
                       h("label", {"for": P_GOLDEN}, _("Golden round")),
                       _select(P_GOLDEN, [("", _("Not played yet")), ("over", _("Already played"))],
                               paper.get(P_GOLDEN, "")))
        deals = h("div", {"class": "ss-field"},
                  h("label", {"for": P_DEALS}, _("Deals played on paper")),
                  _text_input(P_DEALS, paper.get(P_DEALS, ""), placeholder="0", maxlength=4))
        more = h("details", {"class": "ss-paper-extra", "open": any(
                     paper.get(k) not in (None, "", "0") for k in paper
                     if not k.startswith(PAPER + "total"))},
                 h("summary", {}, _("Bolts, barrel and the rest")), table, golden, deals)
    opened = any(str(v).strip() not in ("", "0") for v in paper.values())
    return h("details", {"class": "ss-paper", "open": opened},
             h("summary", {}, _("Carry on a paper game")),
             h("p", {"class": "hint"}, _("Started on paper? Enter where the game stands and the "
                                         "sheet goes on from there. Empty fields are 0.")),
             h("div", {"class": "ss-paper-totals"}, totals), more)


def _render_setup(app):
    setup = _setup(app)
    n = setup["players"]
    conv = _setup_conventions(app, setup)
    ids = ",".join([_name_field(i) for i in range(n)] + [S_RULES, S_DEALER] +
                   _paper_ids(n, conv))
    counts = [_button(n_("{n} player", "{n} players", k), "sheet.players", ids, value=k,
                      pressed=k == n, cls="primary" if k == n else None) for k in (2, 3, 4)]
    names = [h("div", {"class": "ss-name"},
               h("label", {"for": _name_field(i)}, _("Name of player {number}", number=i + 1)),
               _text_input(_name_field(i), setup["names"][i], numeric=False,
                           placeholder=_default_name(i), maxlength=NAME_MAX))
             for i in range(n)]
    choices = _rule_choices(app, n)
    rules = h("div", {"class": "ss-field"}, h("label", {"for": S_RULES}, _("Rules")),
              _select(S_RULES, choices, setup["rules"], do="sheet.rules", fields=ids))
    changed = len(setup.get("overrides") or {})
    note = h("p", {"class": "hint"},
             n_("{n} convention changed from the preset, as in the last sheet",
                "{n} conventions changed from the preset, as in the last sheet",
                changed)) if changed else ""
    dealer = h("div", {"class": "ss-field"}, h("label", {"for": S_DEALER}, _("Deals first")),
               _select(S_DEALER, [(str(i), _default_name(i)) for i in range(n)], setup["dealer"]))
    shown = [(setup["names"][i] or "").strip() or _default_name(i) for i in range(n)]
    return h("div", {"class": "ss-setup"},
             h("p", {"class": "hint"}, _("Playing with real cards? Enter what happened in each "
                                         "deal and this page keeps the score under your table's "
                                         "rules.")),
             h("div", {"class": "row", "role": "group", "aria-label": _("Number of players")},
               counts),
             h("fieldset", {"class": "ss-names"}, h("legend", {}, _("Players, clockwise")), names),
             rules, note, dealer, _paper_form(setup, conv, shown),
             _message(app, "setup"),
             h("div", {"class": "actions"},
               _button(_("Start the sheet"), "sheet.start", ids, cls="primary big"),
               _button(_("Home"), "go", screen="home")))


def _render_sheet(app, sheet: Sheet):
    keep = _keep(app)
    names = sheet.names
    parts = [_rules_line(sheet), _totals(sheet)]
    if sheet.over:
        winners = sheet.out["final"]["winners"]
        parts.append(h("p", {"class": "winner", "role": "status"}, _game_over_words(winners)))
    else:
        parts.append(_deal_form(app, sheet))
        parts.append(_penalty_form(app, sheet))
    parts.append(h("h3", {}, _("The sheet")))
    if sheet.out["rows"] or sheet.out.get("start"):
        parts.append(sheet_table(sheet.out["rows"], names, sheet.n, sheet.out.get("start")))
    else:
        parts.append(h("p", {"class": "hint"}, _("No deals yet.")))
    fields = _deal_ids(sheet) if not sheet.over else ""
    last = sheet.entries[-1] if sheet.entries else None
    undo_label = _("Undo the last penalty") if last and "penalty" in last else \
        _("Undo the last deal")
    if keep.get("confirm_new"):
        entries = len(sheet.out["rows"])
        parts.append(h("div", {"class": "notice ss-confirm", "role": "alertdialog",
                               "aria-label": _("Start a new sheet?")},
                       h("p", {}, n_("Start a new sheet? This one ({n} entry) will be discarded.",
                                     "Start a new sheet? This one ({n} entries) will be "
                                     "discarded.", entries)),
                       h("div", {"class": "actions"},
                         _button(_("Discard it and start anew"), "sheet.new_yes", cls="danger"),
                         _button(_("Keep this sheet"), "sheet.new_no", fields, cls="primary"))))
    parts.append(h("div", {"class": "actions ss-bottom"},
                   _button(undo_label, "sheet.undo", fields, disabled=not sheet.entries),
                   _button(_("New sheet"), "sheet.new", fields,
                           cls="primary" if sheet.over else None),
                   _button(_("Home"), "go", screen="home")))
    return h("div", {"class": "ss-running"}, parts)


def _rules_line(sheet: Sheet):
    preset = sheet.doc.get("preset", "classic")
    try:
        title = _(CATALOGUE.preset(preset)["title"])
    except BadInput:
        title = preset
    changed = len(sheet.doc.get("overrides") or {})
    # the player count is an override for a preset made for another count; it is not a change
    if "player_count" in (sheet.doc.get("overrides") or {}):
        changed -= 1
    if changed > 0:
        text = n_("Rules: {title}, {n} convention changed.",
                  "Rules: {title}, {n} conventions changed.", changed, title=title)
    else:
        text = _("Rules: {title}.", title=title)
    return h("p", {"class": "hint ss-rules"}, text)


def _totals(sheet: Sheet):
    names = sheet.names
    fin = sheet.out["final"]
    rows = []
    for s in range(sheet.n):
        notes = []
        if fin["bolts"][s]:
            notes.append(n_("{n} bolt", "{n} bolts", fin["bolts"][s]))
        if fin["crosses"][s]:
            notes.append(n_("{n} cross", "{n} crosses", fin["crosses"][s]))
        b = fin["barrel"][s]
        if b["on"]:
            notes.append(n_("on the barrel ({n} try)", "on the barrel ({n} tries)", b["attempts"]))
        if b["falls"]:
            notes.append(n_("{n} fall from the barrel", "{n} falls from the barrel", b["falls"]))
        if names[s] in fin["winners"]:
            notes.append(p_("a note beside a total", "winner"))
        rows.append(h("tr", {"class": "ss-winner" if names[s] in fin["winners"] else None},
                      h("th", {"scope": "row"}, names[s]),
                      h("td", {"class": "ss-total"}, number(fin["totals"][s])),
                      h("td", {"class": "ss-notes"}, ", ".join(notes))))
    return h("table", {"class": "ss-totals", "aria-label": _("Totals"), "id": TOTALS_ID,
                       "tabindex": "-1"},
             h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, _("Player")),
                              h("th", {"scope": "col"}, _("Total")),
                              h("th", {"scope": "col"}, _("Notes")))),
             h("tbody", {}, rows))


def _deal_ids(sheet: Sheet) -> str:
    """Every text input and select of the deal form (checkboxes send their own state)."""
    ids = [OUTCOME, DECLARER, BID, CONTRACT]
    for s in range(sheet.n):
        ids += [_cp(s)]
    ids += [_talon(i) for i in range(3)]
    ids += [P_SEAT, P_AMOUNT, P_REASON]
    return ",".join(ids)


def _deal_form(app, sheet: Sheet):
    names, n, conv = sheet.names, sheet.n, sheet.conv
    draft = _draft(app)
    fields = _deal_ids(sheet)
    dealer = sheet.dealer
    deal_no = sheet.out["final"]["deals"] + 1
    forced = sheet.forced()
    golden = sheet.golden()
    outcome = draft.get(OUTCOME) or "played"
    outcomes = sheet.outcomes()
    if outcome not in outcomes:
        outcome = "played"
    # labels with their values (not sentences): "Dealer: Anna"
    who = [h("span", {}, _("Dealer:"), " ", h("strong", {}, names[dealer])),
           h("span", {}, _("Sitter:"), " ", h("strong", {}, names[sitter(conv, dealer)]))]
    if n == 4:
        who.append(h("span", {}, _("{name} rests", name=names[dealer])))
    badges = []
    if golden:
        badges.append(h("span", {"class": "badge gold"}, _("golden deal ×2")))
    hints = []
    if forced:
        if golden and conv["golden_mode"] == "forced_120":
            text = _("{name} declares {bid} (golden deal).", name=names[forced[0]], bid=forced[1])
        else:
            text = _("{name} declares {bid} (no auction in this deal).", name=names[forced[0]],
                     bid=forced[1])
        hints.append(h("p", {"class": "hint"}, text))

    head = h("div", {"class": "ss-deal-head"},
             h("h3", {"id": "ss-deal-title"}, _("Deal {number}", number=deal_no), badges),
             h("p", {"class": "ss-who"}, who), hints)
    hints = []
    outcome_sel = h("div", {"class": "ss-field"},
                    h("label", {"for": OUTCOME}, _("Outcome")),
                    _select(OUTCOME, [(o, outcome_label(o)) for o in outcomes], outcome,
                            do="sheet.draft", fields=fields))
    top = [outcome_sel]
    if outcome != "all_pass":
        active = active_seats(conv, dealer)
        decl_default = draft.get(DECLARER)
        if decl_default in (None, ""):
            decl_default = str(forced[0] if forced else sitter(conv, dealer))
        top.append(h("div", {"class": "ss-field"},
                     h("label", {"for": DECLARER}, _("Declarer")),
                     _select(DECLARER, [(str(s), names[s]) for s in active], decl_default)))
        bid_value = draft.get(BID, str(forced[1]) if forced else "")
        top.append(h("div", {"class": "ss-field ss-short"},
                     h("label", {"for": BID}, _("Winning bid")),
                     _text_input(BID, bid_value)))
        if outcome == "played":
            top.append(h("div", {"class": "ss-field ss-short"},
                         h("label", {"for": CONTRACT}, _("Contract")),
                         _text_input(CONTRACT, draft.get(CONTRACT, ""),
                                     placeholder=_("= bid"))))
    grid = h("div", {"class": "ss-grid"}, top)
    extra = []
    golden_120 = golden and conv["golden_mode"] == "forced_120"  # never dark (G2)
    if sheet.dark_offered() and outcome != "all_pass" and not golden_120:
        extra.append(h("div", {"class": "ss-flags"},
                       _checkbox(DARK, _("Dark deal (played without looking, ×2)"),
                                 draft.get(DARK), fields)))
    players = []
    if outcome == "played":
        players = [_player_fieldset(sheet, s, draft, fields) for s in range(n)]
        if not (n == 2 and conv["two_widow"] == "dead"):
            hints.append(h("p", {"class": "hint"},
                           _("Leave one player's card points empty: they get what is left of "
                             "120.")))
    elif sheet.talon_needed() and outcome != "all_pass":
        players = [_player_fieldset(sheet, dealer, draft, fields)]
    elif outcome in ("write_off", "cross"):
        hints.append(h("p", {"class": "hint"},
                       _("A write-off costs the declarer his bid; the others get their share.")
                       if outcome == "write_off" else
                       _("A cross: the declarer's total stays; the others get a bolt.")))
    elif outcome == "all_pass":
        hints.append(h("p", {"class": "hint"},
                       _("Nobody bid: the deal only passes to the next dealer.")))
    return h("section", {"class": "ss-deal", "aria-labelledby": "ss-deal-title"},
             head, grid, extra, players, hints, _message(app, "deal"),
             h("div", {"class": "actions"},
               _button(_("Add the deal"), "sheet.add", fields, cls="primary big")))


def _player_fieldset(sheet: Sheet, s: int, draft: dict, fields: str):
    conv, names, dealer = sheet.conv, sheet.names, sheet.dealer
    resting = sheet.n == 4 and s == dealer
    tags = []
    if s == dealer:
        tags.append(p_("a player's role in this deal", "dealer"))
    if s == sitter(conv, dealer):
        tags.append(p_("a player's role in this deal", "sitter"))
    # the group is named by the player alone (aria-label), so "Anna" finds her inputs whatever
    # her role this deal; the role is also in the "Dealer: … Sitter: …" line above
    legend = h("legend", {}, names[s],
               h("span", {"class": "ss-tags"}, " · " + ", ".join(tags)) if tags else "")
    body = []
    outcome = draft.get(OUTCOME) or "played"
    if resting:
        body.append(h("p", {"class": "hint"}, _("Rests this deal and scores the talon.")))
        if sheet.talon_needed():
            ranks = rank_letters()
            cards = [("", "—")] + [(c, ranks[c[0]] + SUIT_SYMBOL[c[1]]) for c in DECK]
            body.append(h("div", {"class": "ss-talon"},
                          [h("div", {"class": "ss-field"},
                             h("label", {"for": _talon(i)},
                               _("Talon card {number}", number=i + 1)),
                             _select(_talon(i), cards, draft.get(_talon(i), "")))
                           for i in range(3)]))
        return h("fieldset", {"class": "ss-player resting", "aria-label": names[s]}, legend, body)
    if outcome != "played":
        return ""
    no_trick = _checkbox(_tr(s), _("Took no trick"), draft.get(_tr(s)), fields) \
        if tricks_needed(sheet.conv) else ""
    body.append(h("div", {"class": "ss-pair"},
                  h("div", {"class": "ss-field ss-short"},
                    h("label", {"for": _cp(s)}, _("Card points")),
                    _text_input(_cp(s), draft.get(_cp(s), ""))),
                  no_trick))
    checks = []
    for key, value, words, symbol in sheet.marriage_keys():
        label = [h("span", {"aria-hidden": "true", "class": f"ss-suit-{key[-1]}"}, symbol),
                 h("span", {"class": "sr-only"}, f" {words} "), number(value)]
        checks.append(_checkbox(_mar(s, key), label, draft.get(_mar(s, key)), fields))
    body.append(h("div", {"class": "ss-marriages", "role": "group",
                          "aria-label": _seat_field("marriages", names[s])},
                  h("span", {"class": "ss-mar-title", "aria-hidden": "true"}, _("Marriages")),
                  checks))
    return h("fieldset", {"class": "ss-player", "aria-label": names[s]}, legend, body)


def _penalty_form(app, sheet: Sheet):
    keep = _keep(app)
    fields = _deal_ids(sheet)
    if not keep.get("penalty_open"):
        return h("div", {"class": "ss-penalty closed"},
                 _button(_("Charge a penalty…"), "sheet.penalty_open", fields),
                 _message(app, "penalty"))
    p = keep.get("penalty") or {}
    conv = sheet.conv
    reasons = [(key, _(words)) for key, words, _cid in PENALTIES]
    why = p.get(P_REASON) or "cutter_nine"
    default_amount = next((conv[cid] for key, _words, cid in PENALTIES if key == why and cid),
                          0) or 120
    return h("section", {"class": "ss-penalty", "aria-labelledby": "ss-penalty-title"},
             h("h3", {"id": "ss-penalty-title"}, _("Penalty")),
             h("p", {"class": "hint"}, _("Charged at once, outside a deal; the dealer stays.")),
             h("div", {"class": "ss-grid"},
               h("div", {"class": "ss-field"}, h("label", {"for": P_SEAT}, _("Who pays")),
                 _select(P_SEAT, [(str(s), sheet.names[s]) for s in range(sheet.n)],
                         p.get(P_SEAT, str(sheet.dealer)))),
               h("div", {"class": "ss-field ss-short"},
                 h("label", {"for": P_AMOUNT}, _("Amount")),
                 _text_input(P_AMOUNT, p.get(P_AMOUNT, str(default_amount)))),
               h("div", {"class": "ss-field ss-wide"},
                 h("label", {"for": P_REASON}, _("Reason")),
                 _select(P_REASON, reasons, why))),
             _message(app, "penalty"),
             h("div", {"class": "actions"},
               _button(_("Charge the penalty"), "sheet.penalty", fields, cls="primary"),
               _button(_("Cancel"), "sheet.penalty_close", fields)))


# --- words shown by more than one part of the screen -------------------------------------------

def outcome_label(outcome: str) -> str:
    return {"played": p_("deal outcome", "Played"), "write_off": p_("deal outcome", "Written off"),
            "cross": p_("deal outcome", "Crossed"),
            "all_pass": p_("deal outcome", "Everybody passed")}[outcome]
