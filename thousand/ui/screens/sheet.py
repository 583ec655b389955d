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
import re

from thousand.cards.cards import DECK, SUITS
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.score import MARRIAGE_VALUES, active_seats, deal_is_golden, new_score, sitter
from thousand.cards.scoresheet import FORMAT, VERSION, forced_deal, score_sheet
from thousand.cards.settlement import hand_size
from thousand.errors import BadInput, ThousandError
from thousand.ui.html import Markup, action_attrs, h
from thousand.ui.screens.new import COUNT_PRESET, presets_for
from thousand.ui.screens.table import SUIT_SYMBOL, score_sheet as sheet_table

KEY = "score_sheet"               # where the sheet lives in the settings document
ASIDE = "score_sheet_set_aside"   # sheets that could not be scored, kept as they were
ASIDE_MAX = 5
NAME_MAX = 20
SUIT_WORDS = {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}
OUTCOME_LABELS = {"played": "Played", "write_off": "Written off",
                  "cross": "Crossed", "all_pass": "Everybody passed"}
PENALTIES = (("cutter_nine", "Cutter's third nine", "cutter_nine_penalty"),
             ("third_redeal", "Dealer's third redeal", "third_redeal_penalty"),
             ("exposed_card", "Exposed card", "exposed_card_penalty"),
             ("penalty", "Other", None))
PENALTY_WORDS = {key: words for key, words, _ in PENALTIES}

# Field ids of the forms (the deal form's per-seat ids end in the seat number).
DECLARER, BID, CONTRACT, OUTCOME, DARK = "sd-declarer", "sd-bid", "sd-contract", "sd-outcome", "sd-dark"
P_SEAT, P_AMOUNT, P_REASON = "sp-seat", "sp-amount", "sp-reason"
S_RULES, S_DEALER = "ss-rules", "ss-dealer"


def _cp(s):
    return f"sd-cp-{s}"


def _tr(s):
    return f"sd-tricks-{s}"


def _mar(s, key):
    return f"sd-m-{s}-{key}"


def _talon(i):
    return f"sd-talon-{i}"


def _name_field(i):
    return f"ss-name-{i}"


# --- the stored sheet ---------------------------------------------------------------------------

class Sheet:
    """A stored sheet with its score: the document, the conventions, the engine's output, and the
    score state the next deal starts from (for the questions the form asks: golden? write-off?)."""

    def __init__(self, doc: dict):
        self.doc = doc
        self.out = score_sheet(doc)
        self.names = list(doc["players"])
        self.n = len(self.names)
        self.conv = CATALOGUE.resolve(doc.get("preset", "classic"), doc.get("overrides") or {})
        fin = self.out["final"]
        score = new_score(self.conv)
        score.update(totals=list(fin["totals"]), bolts=list(fin["bolts"]),
                     crosses=list(fin["crosses"]), write_offs=list(fin["write_offs"]),
                     barrel=[dict(b) for b in fin["barrel"]], golden=dict(fin["golden"]),
                     deals_settled=fin["deals"], over=fin["over"],
                     winners=[self.names.index(w) for w in fin["winners"]])
        self.score = score
        self.dealer = fin["next_dealer"]

    @property
    def over(self) -> bool:
        return self.out["final"]["over"]

    @property
    def entries(self) -> list:
        return self.doc.get("deals", [])

    def with_entry(self, entry: dict) -> dict:
        return {**self.doc, "deals": self.entries + [entry]}

    def golden(self) -> bool:
        return deal_is_golden(self.conv, self.score)

    def forced(self):
        """(declarer, bid) of a deal without an auction (golden 120, obligatory game, barrel), or None."""
        return None if self.over else forced_deal(self.conv, self.score, self.dealer)

    def outcomes(self) -> list:
        conv = self.conv
        out = ["played"]
        if conv["write_off"]:
            out.append("write_off")
        if conv["cross_rule"]:
            out.append("cross")
        if not conv["forced_100"]:
            out.append("all_pass")
        return out

    def dark_offered(self) -> bool:
        return bool(self.conv["dark_game"] or self.conv["dark_bidding"])

    def talon_needed(self) -> bool:
        conv = self.conv
        return self.n == 4 and (conv["four_sitter_score"] == "talon_points"
                                or conv["four_talon_marriage"] != "none")

    def marriage_keys(self) -> list:
        """(key, value, label words, symbol) of every announcement the conventions know."""
        conv = self.conv
        values = MARRIAGE_VALUES[conv["marriage_values"]]
        keys = [(s, values[s], f"{SUIT_WORDS[s]} marriage", SUIT_SYMBOL[s]) for s in SUITS]
        if conv["bed_marriage"]:
            keys += [(f"b{s}", values[s] // 2, f"{SUIT_WORDS[s]} bed marriage", SUIT_SYMBOL[s] + " bed")
                     for s in SUITS]
        if conv["ace_marriage"]:
            keys.append(("A", 200, "Ace marriage", "Aces"))
        if conv["four_nines_bonus"]:
            keys.append(("N", conv["four_nines_bonus"], "Four nines", "Four 9s"))
        return keys


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
            raise BadInput("sheet", "it is not a score sheet")
        return Sheet(doc)
    except (ThousandError, TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        aside = settings.get(ASIDE)
        aside = aside if isinstance(aside, list) else []
        aside = ([{"reason": str(exc), "sheet": doc}] + aside)[:ASIDE_MAX]
        settings[ASIDE] = aside
        settings.pop(KEY, None)
        app.store.save_settings(settings)
        _keep(app)["problem"] = (
            f"Your score sheet could not be read ({exc}); it was kept aside unchanged in the "
            f"settings under “{ASIDE}”, and you can start a new sheet.")
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


def _say(app, text, at="top", kind="alert"):
    """A message for the player, shown beside the part of the page it is about."""
    k = _keep(app)
    k["message"] = {"text": text, "at": at, "kind": kind}


def _message(app, at):
    msg = _keep(app).get("message")
    if not msg or msg["at"] != at:
        return ""
    role = "alert" if msg["kind"] == "alert" else "status"
    cls = "notice ss-alert" if msg["kind"] == "alert" else "notice ss-status"
    return h("p", {"class": cls, "role": role}, msg["text"])


# --- the player's words -------------------------------------------------------------------------

FIELD_WORDS = {"declarer": "the declarer", "bid": "the bid", "contract": "the contract",
               "outcome": "the outcome", "card_points": "the card points", "tricks": "the tricks",
               "marriages": "the marriages", "dark": "the dark deal", "talon": "the talon",
               "dealer": "the dealer", "golden": "the golden deal",
               "obligatory": "the obligatory game", "penalty": "the penalty",
               "penalty.seat": "the penalty's player", "penalty.amount": "the penalty amount",
               "penalty.reason": "the penalty's reason"}
PER_SEAT_WORDS = {"card_points": "card points", "tricks": "tricks", "marriages": "marriages"}


def in_words(exc: BadInput, names: list) -> str:
    """The engine's message with the field named in words: "deals[3].card_points: must total 120"
    becomes "The card points must total 120…"; seat numbers become the players' names."""
    where = re.sub(r"^deals\[\d+\]\.?", "", exc.where or "")
    detail = re.sub(r"\bseat (\d+)\b",
                    lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                    exc.detail)
    m = re.fullmatch(r"(\w+)\[(\d+)\]", where)
    if m and m.group(1) in PER_SEAT_WORDS and int(m.group(2)) < len(names):
        subject = f"{names[int(m.group(2))]}'s {PER_SEAT_WORDS[m.group(1)]}"
    elif where in FIELD_WORDS:
        subject = FIELD_WORDS[where]
    else:
        subject = where.replace("_", " ")
    if not subject:
        text = detail
    elif detail.startswith(("must ", "is ", "needs ")):
        text = f"{subject} {detail}"
    else:
        text = f"{subject}: {detail}"
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!")) else text + "."


EMPTY = object()  # `blank` of _number for a field that may stay empty
REQUIRED = object()


def _number(raw, what: str, *, blank=REQUIRED):
    """A whole number typed by the player (spaces allowed), or `blank` for an empty field."""
    text = str(raw if raw is not None else "").strip().replace(" ", "")
    if text == "":
        if blank is REQUIRED:
            raise BadInput("", f"Enter {what}.")
        return blank
    if not re.fullmatch(r"[+-]?\d+", text):
        raise BadInput("", f"{what[:1].upper() + what[1:]} must be a whole number (got “{raw}”).")
    return int(text)


# --- the deal form -> facts ---------------------------------------------------------------------

def _fill_blank(values: list, seats: list, total: int, what: str, names: list) -> list:
    """At most one empty value among `seats` is what is left of `total`."""
    empty = [s for s in seats if values[s] is None]
    if len(empty) > 1:
        who = ", ".join(names[s] for s in empty)
        raise BadInput("", f"Fill in the {what} of all players but one (empty: {who}).")
    if empty:
        values[empty[0]] = total - sum(v for v in values if v is not None)
    return [0 if v is None else v for v in values]


def facts_from(sheet: Sheet, draft: dict) -> dict:
    """The deal entry of the score sheet from the form's values. Raises BadInput (with an empty
    `where`) for a value that is not even a number; the engine checks everything else."""
    names, n = sheet.names, sheet.n
    outcome = draft.get(OUTCOME) or "played"
    deal = {"dealer": sheet.dealer, "outcome": outcome}
    if outcome == "all_pass":
        return deal
    forced = sheet.forced()
    declarer = draft.get(DECLARER)
    if declarer in (None, "") and forced:
        declarer = forced[0]
    deal["declarer"] = _number(declarer, "who declared")
    deal["bid"] = _number(draft.get(BID, forced[1] if forced else ""), "the winning bid")
    if outcome == "played":
        contract = _number(draft.get(CONTRACT), "the contract", blank=-1)
        if contract != -1:
            deal["contract"] = contract
    if draft.get(DARK) and sheet.dark_offered():
        deal["dark"] = True
    if sheet.talon_needed():
        talon = [draft.get(_talon(i)) or "" for i in range(3)]
        if any(not c for c in talon):
            raise BadInput("", f"Choose the 3 talon cards that {names[sheet.dealer]}, the resting "
                               "dealer, scores.")
        deal["talon"] = talon
    if outcome != "played":
        return deal
    active = active_seats(sheet.conv, sheet.dealer)
    cps = [None] * n
    tricks = [None] * n
    for s in active:
        cps[s] = _number(draft.get(_cp(s)), f"{names[s]}'s card points", blank=EMPTY)
        tricks[s] = _number(draft.get(_tr(s)), f"{names[s]}'s tricks", blank=EMPTY)
        cps[s] = None if cps[s] is EMPTY else cps[s]
        tricks[s] = None if tricks[s] is EMPTY else tricks[s]
    dead = n == 2 and sheet.conv["two_widow"] == "dead"
    if dead and any(cps[s] is None for s in active):
        raise BadInput("", "Fill in every player's card points (the widow is dead, so they need "
                           "not add up to 120).")
    deal["card_points"] = _fill_blank(cps, active, 120, "card points", names)
    deal["tricks"] = _fill_blank(tricks, active, hand_size(sheet.conv), "tricks", names)
    marriages = [[v for key, v, _, _ in sheet.marriage_keys() if draft.get(_mar(s, key))]
                 for s in range(n)]
    if any(marriages):
        deal["marriages"] = marriages
    return deal


def draft_from(sheet: Sheet, entry: dict) -> dict:
    """The form's values for a deal entry (after Undo, to correct it)."""
    d = {OUTCOME: entry.get("outcome", "played")}
    if entry.get("declarer") is not None:
        seat = entry["declarer"]
        d[DECLARER] = str(sheet.names.index(seat) if isinstance(seat, str) else seat)
    for key, fid in (("bid", BID), ("contract", CONTRACT)):
        if entry.get(key) is not None:
            d[fid] = str(entry[key])
    if entry.get("dark"):
        d[DARK] = True
    for s, v in enumerate(entry.get("card_points") or []):
        d[_cp(s)] = str(v)
    for s, v in enumerate(entry.get("tricks") or []):
        d[_tr(s)] = str(v)
    keys = sheet.marriage_keys()
    for s, values in enumerate(entry.get("marriages") or []):
        used = set()
        for v in values:
            key = next((k for k, kv, _, _ in keys if kv == v and k not in used), None)
            if key:
                used.add(key)
                d[_mar(s, key)] = True
    for i, c in enumerate(entry.get("talon") or []):
        d[_talon(i)] = c
    return d


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
        _say(app, f"unknown page event '{do}'")


def _add(app, sheet: Sheet, draft: dict):
    if sheet.over:
        _say(app, "The game is over; start a new sheet for the next game.")
        return
    try:
        entry = facts_from(sheet, draft)
        doc = sheet.with_entry(entry)
        out = score_sheet(doc)
    except BadInput as exc:
        _say(app, in_words(exc, sheet.names), at="deal")
        return
    _store(app, doc)
    keep = _keep(app)
    keep["draft"] = {}
    row = out["rows"][-1]
    _say(app, f"Deal {row['deal']} added. " + _row_words(row, sheet.names), at="top", kind="status")


def _row_words(row, names) -> str:
    parts = [f"{names[s]} {row['changes'][s]:+d}" for s in range(len(names))]
    text = ", ".join(parts) + "."
    if row["winners"]:
        text += " " + _winners_words([names[s] for s in row["winners"]])
    return text


def _winners_words(winners: list) -> str:
    return " and ".join(winners) + (" wins the game!" if len(winners) == 1 else " win the game!")


def _penalty(app, sheet: Sheet, fields: dict):
    if sheet.over:
        _say(app, "The game is over; no penalty can be charged.")
        return
    try:
        seat = _number(fields.get(P_SEAT), "who pays the penalty")
        amount = _number(fields.get(P_AMOUNT), "the penalty amount")
        reason = fields.get(P_REASON) or "penalty"
        doc = sheet.with_entry({"penalty": {"seat": seat, "amount": amount, "reason": reason}})
        score_sheet(doc)
    except BadInput as exc:
        _say(app, in_words(exc, sheet.names), at="penalty")
        return
    _store(app, doc)
    keep = _keep(app)
    keep["penalty"] = {}
    keep["penalty_open"] = False
    words = PENALTY_WORDS.get(reason, reason)
    _say(app, f"Penalty charged: {sheet.names[seat]} −{amount} ({words.lower()}).", kind="status")


def _undo(app, sheet: Sheet):
    if not sheet.entries:
        _say(app, "There is nothing to take back.")
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
        _say(app, "The last penalty was taken back; it is in the penalty form if you want to "
                  "charge it again.", kind="status")
    else:
        keep["draft"] = draft_from(Sheet(doc), last)
        _say(app, f"Deal {sheet.out['rows'][-1]['deal']} was taken back; its facts are in the "
                  "form below to correct.", kind="status")


def _new(app, sheet: Sheet):
    keep = _keep(app)
    keep.clear()
    keep["setup"] = {"players": sheet.n, "names": list(sheet.names),
                     "rules": f"preset:{sheet.doc.get('preset', 'classic')}",
                     "overrides": dict(sheet.doc.get("overrides") or {}), "dealer": "0"}
    _store(app, None)
    _say(app, "A new sheet: the players and rules of the last one are filled in.", kind="status")


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
    elif do in ("sheet.new", "sheet.new_yes", "sheet.new_no"):
        pass
    else:
        _say(app, "There is no sheet yet: set up the players and rules first.", at="setup")


def _rules(app, setup) -> tuple:
    """(preset, overrides) of the rules chosen for this many players."""
    kind, _, name = setup["rules"].partition(":")
    if kind == "set":
        data = app.store.convention_sets().get(name)
        if not isinstance(data, dict):
            raise BadInput("", f"There is no saved convention set called “{name}”.")
        preset, overrides = data.get("preset"), dict(data.get("overrides") or {})
    else:
        preset, overrides = name or "classic", dict(setup.get("overrides") or {})
    overrides["player_count"] = setup["players"]
    try:
        conv = CATALOGUE.resolve(preset, overrides)
    except BadInput as exc:
        raise BadInput("", f"These rules do not work for {setup['players']} players: {exc.detail}") \
            from None
    base = preset if preset is not None else "classic"
    saved = CATALOGUE.to_json(conv, base)
    return base, saved["overrides"]


def _start(app, setup):
    n = setup["players"]
    names = [(setup["names"][i] or "").strip() or f"Player {i + 1}" for i in range(n)]
    if len(set(names)) != n:
        _say(app, "Two players have the same name; give each player a different name.", at="setup")
        return
    try:
        preset, overrides = _rules(app, setup)
        dealer = int(setup.get("dealer") or 0)
        doc = {"format": FORMAT, "version": VERSION, "players": names, "preset": preset,
               "overrides": overrides, "first_dealer": dealer if 0 <= dealer < n else 0,
               "deals": []}
        Sheet(doc)
    except BadInput as exc:
        _say(app, in_words(exc, names), at="setup")
        return
    _store(app, doc)
    keep = _keep(app)
    keep.pop("setup", None)
    keep["draft"] = {}
    _say(app, f"The sheet is started: {names[doc['first_dealer']]} deals first.", kind="status")


# --- drawing ------------------------------------------------------------------------------------

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
    parts = [h("h2", {}, "Score sheet")]
    if problem:
        parts.append(h("p", {"class": "notice", "role": "alert"}, problem))
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    parts.append(_message(app, "top"))
    if sheet is None:
        parts.append(_render_setup(app))
    else:
        parts.append(_render_sheet(app, sheet))
    return h("section", {"class": "screen sheet-screen", "aria-label": "Score sheet for real cards"},
             parts)


def _rule_choices(app, n):
    made = presets_for(n)
    others = [p for p in CATALOGUE.preset_names() if p not in made]
    sets = app.store.convention_sets()
    return [(f"preset:{p}", CATALOGUE.preset(p)["title"]) for p in made] + \
        [(f"preset:{p}", CATALOGUE.preset(p)["title"] +
          f" (made for {CATALOGUE.resolve(p)['player_count']} players)") for p in others] + \
        [(f"set:{name}", f"Saved: {name}") for name in sorted(sets)]


def _render_setup(app):
    setup = _setup(app)
    n = setup["players"]
    ids = ",".join([_name_field(i) for i in range(n)] + [S_RULES, S_DEALER])
    counts = [_button(f"{k} players", "sheet.players", ids, value=k, pressed=k == n,
                      cls="primary" if k == n else None) for k in (2, 3, 4)]
    names = [h("div", {"class": "ss-name"},
               h("label", {"for": _name_field(i)}, f"Name of player {i + 1}"),
               _text_input(_name_field(i), setup["names"][i], numeric=False,
                           placeholder=f"Player {i + 1}", maxlength=NAME_MAX))
             for i in range(n)]
    choices = _rule_choices(app, n)
    rules = h("div", {"class": "ss-field"}, h("label", {"for": S_RULES}, "Rules"),
              _select(S_RULES, choices, setup["rules"]))
    changed = len(setup.get("overrides") or {})
    note = h("p", {"class": "hint"}, f"{changed} convention(s) changed from the preset, as in the "
                                     "last sheet") if changed else ""
    dealer = h("div", {"class": "ss-field"}, h("label", {"for": S_DEALER}, "Deals first"),
               _select(S_DEALER, [(str(i), f"Player {i + 1}") for i in range(n)], setup["dealer"]))
    return h("div", {"class": "ss-setup"},
             h("p", {"class": "hint"}, "Playing with real cards? Enter what happened in each deal "
                                       "and this page keeps the score under your table's rules."),
             h("div", {"class": "row", "role": "group", "aria-label": "Number of players"}, counts),
             h("fieldset", {"class": "ss-names"}, h("legend", {}, "Players, clockwise"), names),
             rules, note, dealer,
             _message(app, "setup"),
             h("div", {"class": "actions"},
               _button("Start the sheet", "sheet.start", ids, cls="primary big"),
               _button("Home", "go", screen="home")))


def _render_sheet(app, sheet: Sheet):
    keep = _keep(app)
    names = sheet.names
    parts = [_rules_line(sheet), _totals(sheet)]
    if sheet.over:
        winners = sheet.out["final"]["winners"]
        parts.append(h("p", {"class": "winner", "role": "status"},
                       "Game over: " + _winners_words(winners)))
    else:
        parts.append(_deal_form(app, sheet))
        parts.append(_penalty_form(app, sheet))
    parts.append(h("h3", {}, "The sheet"))
    if sheet.out["rows"]:
        parts.append(sheet_table(sheet.out["rows"], names, sheet.n))
    else:
        parts.append(h("p", {"class": "hint"}, "No deals yet."))
    fields = _deal_ids(sheet) if not sheet.over else ""
    last = sheet.entries[-1] if sheet.entries else None
    undo_label = "Undo the last penalty" if last and "penalty" in last else "Undo the last deal"
    if keep.get("confirm_new"):
        parts.append(h("div", {"class": "notice ss-confirm", "role": "alertdialog",
                               "aria-label": "Start a new sheet?"},
                       h("p", {}, f"Start a new sheet? This one ({len(sheet.out['rows'])} entries) "
                                  "will be discarded."),
                       h("div", {"class": "actions"},
                         _button("Discard it and start anew", "sheet.new_yes", cls="danger"),
                         _button("Keep this sheet", "sheet.new_no", fields, cls="primary"))))
    parts.append(h("div", {"class": "actions ss-bottom"},
                   _button(undo_label, "sheet.undo", fields, disabled=not sheet.entries),
                   _button("New sheet", "sheet.new", fields, cls="primary" if sheet.over else None),
                   _button("Home", "go", screen="home")))
    return h("div", {"class": "ss-running"}, parts)


def _rules_line(sheet: Sheet):
    preset = sheet.doc.get("preset", "classic")
    try:
        title = CATALOGUE.preset(preset)["title"]
    except BadInput:
        title = preset
    changed = len(sheet.doc.get("overrides") or {})
    # the player count is an override for a preset made for another count; it is not a change
    if "player_count" in (sheet.doc.get("overrides") or {}):
        changed -= 1
    extra = f", {changed} convention(s) changed" if changed > 0 else ""
    return h("p", {"class": "hint ss-rules"}, f"Rules: {title}{extra}.")


def _totals(sheet: Sheet):
    names = sheet.names
    fin = sheet.out["final"]
    rows = []
    for s in range(sheet.n):
        notes = []
        if fin["bolts"][s]:
            notes.append(f"bolts {fin['bolts'][s]}")
        if fin["crosses"][s]:
            notes.append(f"crosses {fin['crosses'][s]}")
        b = fin["barrel"][s]
        if b["on"]:
            notes.append(f"on the barrel ({b['attempts']} tries)")
        if b["falls"]:
            notes.append(f"barrel falls {b['falls']}")
        if names[s] in fin["winners"]:
            notes.append("winner")
        rows.append(h("tr", {"class": "ss-winner" if names[s] in fin["winners"] else None},
                      h("th", {"scope": "row"}, names[s]),
                      h("td", {"class": "ss-total"}, str(fin["totals"][s])),
                      h("td", {"class": "ss-notes"}, ", ".join(notes))))
    return h("table", {"class": "ss-totals", "aria-label": "Totals"},
             h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, "Player"),
                              h("th", {"scope": "col"}, "Total"),
                              h("th", {"scope": "col"}, "Notes"))),
             h("tbody", {}, rows))


def _deal_ids(sheet: Sheet) -> str:
    """Every text input and select of the deal form (checkboxes send their own state)."""
    ids = [OUTCOME, DECLARER, BID, CONTRACT]
    for s in range(sheet.n):
        ids += [_cp(s), _tr(s)]
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
    who = [h("span", {}, "Dealer: ", h("strong", {}, names[dealer])),
           h("span", {}, "Sitter: ", h("strong", {}, names[sitter(conv, dealer)]))]
    if n == 4:
        who.append(h("span", {}, f"{names[dealer]} rests"))
    badges = []
    if golden:
        badges.append(h("span", {"class": "badge gold"}, "golden deal ×2"))
    hints = []
    if forced:
        why = "golden deal" if golden and conv["golden_mode"] == "forced_120" else \
            "no auction in this deal"
        hints.append(h("p", {"class": "hint"},
                       f"{names[forced[0]]} declares {forced[1]} ({why})."))

    head = h("div", {"class": "ss-deal-head"},
             h("h3", {"id": "ss-deal-title"}, f"Deal {deal_no}", badges),
             h("p", {"class": "ss-who"}, who), hints)
    hints = []
    outcome_sel = h("div", {"class": "ss-field"},
                    h("label", {"for": OUTCOME}, "Outcome"),
                    _select(OUTCOME, [(o, OUTCOME_LABELS[o]) for o in outcomes], outcome,
                            do="sheet.draft", fields=fields))
    top = [outcome_sel]
    if outcome != "all_pass":
        active = active_seats(conv, dealer)
        decl_default = draft.get(DECLARER)
        if decl_default in (None, ""):
            decl_default = str(forced[0] if forced else sitter(conv, dealer))
        top.append(h("div", {"class": "ss-field"},
                     h("label", {"for": DECLARER}, "Declarer"),
                     _select(DECLARER, [(str(s), names[s]) for s in active], decl_default)))
        bid_value = draft.get(BID, str(forced[1]) if forced else "")
        top.append(h("div", {"class": "ss-field ss-short"},
                     h("label", {"for": BID}, "Winning bid"),
                     _text_input(BID, bid_value)))
        if outcome == "played":
            top.append(h("div", {"class": "ss-field ss-short"},
                         h("label", {"for": CONTRACT}, "Contract"),
                         _text_input(CONTRACT, draft.get(CONTRACT, ""), placeholder="= bid")))
    grid = h("div", {"class": "ss-grid"}, top)
    extra = []
    golden_120 = golden and conv["golden_mode"] == "forced_120"  # never dark (G2)
    if sheet.dark_offered() and outcome != "all_pass" and not golden_120:
        extra.append(h("div", {"class": "ss-flags"},
                       _checkbox(DARK, "Dark deal (played without looking, ×2)",
                                 draft.get(DARK), fields)))
    players = []
    if outcome == "played":
        players = [_player_fieldset(sheet, s, draft, fields) for s in range(n)]
        total = hand_size(conv)
        if not (n == 2 and conv["two_widow"] == "dead"):
            hints.append(h("p", {"class": "hint"},
                           f"Leave one player's card points empty: they get what is left of 120. "
                           f"Tricks too (they add up to {total})."))
    elif sheet.talon_needed() and outcome != "all_pass":
        players = [_player_fieldset(sheet, dealer, draft, fields)]
    elif outcome in ("write_off", "cross"):
        hints.append(h("p", {"class": "hint"},
                       "A write-off costs the declarer his bid; the others get their share."
                       if outcome == "write_off" else
                       "A cross: the declarer's total stays; the others get a bolt."))
    elif outcome == "all_pass":
        hints.append(h("p", {"class": "hint"}, "Nobody bid: the deal only passes to the next dealer."))
    return h("section", {"class": "ss-deal", "aria-labelledby": "ss-deal-title"},
             head, grid, extra, players, hints, _message(app, "deal"),
             h("div", {"class": "actions"},
               _button("Add the deal", "sheet.add", fields, cls="primary big")))


def _player_fieldset(sheet: Sheet, s: int, draft: dict, fields: str):
    conv, names, dealer = sheet.conv, sheet.names, sheet.dealer
    resting = sheet.n == 4 and s == dealer
    tags = []
    if s == dealer:
        tags.append("dealer")
    if s == sitter(conv, dealer):
        tags.append("sitter")
    # the group is named by the player alone (aria-label), so "Anna" finds her inputs whatever
    # her role this deal; the role is also in the "Dealer: … Sitter: …" line above
    legend = h("legend", {}, names[s],
               h("span", {"class": "ss-tags"}, " · " + ", ".join(tags)) if tags else "")
    body = []
    outcome = draft.get(OUTCOME) or "played"
    if resting:
        body.append(h("p", {"class": "hint"}, "Rests this deal and scores the talon."))
        if sheet.talon_needed():
            cards = [("", "—")] + [(c, c[0].replace("T", "10") + SUIT_SYMBOL[c[1]]) for c in DECK]
            body.append(h("div", {"class": "ss-talon"},
                          [h("div", {"class": "ss-field"},
                             h("label", {"for": _talon(i)}, f"Talon card {i + 1}"),
                             _select(_talon(i), cards, draft.get(_talon(i), "")))
                           for i in range(3)]))
        return h("fieldset", {"class": "ss-player resting", "aria-label": names[s]}, legend, body)
    if outcome != "played":
        return ""
    body.append(h("div", {"class": "ss-pair"},
                  h("div", {"class": "ss-field ss-short"},
                    h("label", {"for": _cp(s)}, "Card points"),
                    _text_input(_cp(s), draft.get(_cp(s), ""))),
                  h("div", {"class": "ss-field ss-short"},
                    h("label", {"for": _tr(s)}, "Tricks"),
                    _text_input(_tr(s), draft.get(_tr(s), "")))))
    checks = []
    for key, value, words, symbol in sheet.marriage_keys():
        label = [h("span", {"aria-hidden": "true", "class": f"ss-suit-{key[-1]}"}, symbol),
                 h("span", {"class": "sr-only"}, f" {words} "), str(value)]
        checks.append(_checkbox(_mar(s, key), label, draft.get(_mar(s, key)), fields))
    body.append(h("div", {"class": "ss-marriages", "role": "group",
                          "aria-label": f"{names[s]}'s marriages"},
                  h("span", {"class": "ss-mar-title", "aria-hidden": "true"}, "Marriages"), checks))
    return h("fieldset", {"class": "ss-player", "aria-label": names[s]}, legend, body)


def _penalty_form(app, sheet: Sheet):
    keep = _keep(app)
    fields = _deal_ids(sheet)
    if not keep.get("penalty_open"):
        return h("div", {"class": "ss-penalty closed"},
                 _button("Charge a penalty…", "sheet.penalty_open", fields),
                 _message(app, "penalty"))
    p = keep.get("penalty") or {}
    conv = sheet.conv
    reasons = [(key, words) for key, words, _ in PENALTIES]
    reason = p.get(P_REASON) or "cutter_nine"
    default_amount = next((conv[cid] for key, _, cid in PENALTIES if key == reason and cid), 0) or 120
    return h("section", {"class": "ss-penalty", "aria-labelledby": "ss-penalty-title"},
             h("h3", {"id": "ss-penalty-title"}, "Penalty"),
             h("p", {"class": "hint"}, "Charged at once, outside a deal; the dealer stays."),
             h("div", {"class": "ss-grid"},
               h("div", {"class": "ss-field"}, h("label", {"for": P_SEAT}, "Who pays"),
                 _select(P_SEAT, [(str(s), sheet.names[s]) for s in range(sheet.n)],
                         p.get(P_SEAT, str(sheet.dealer)))),
               h("div", {"class": "ss-field ss-short"}, h("label", {"for": P_AMOUNT}, "Amount"),
                 _text_input(P_AMOUNT, p.get(P_AMOUNT, str(default_amount)))),
               h("div", {"class": "ss-field ss-wide"}, h("label", {"for": P_REASON}, "Reason"),
                 _select(P_REASON, reasons, reason))),
             _message(app, "penalty"),
             h("div", {"class": "actions"},
               _button("Charge the penalty", "sheet.penalty", fields, cls="primary"),
               _button("Cancel", "sheet.penalty_close", fields)))
