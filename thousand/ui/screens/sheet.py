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
from thousand.cards.scoresheet import FORMAT, VERSION, forced_deal, score_sheet, sheet_conventions
from thousand.cards.settlement import tricks_needed
from thousand.errors import BadInput, ThousandError
from thousand.i18n import N_, _, n_, number, p_, reason, signed
from thousand.ui.cardnames import rank_letters
from thousand.ui.html import Markup, action_attrs, h
from thousand.ui.screens.new import COUNT_PRESET, presets_for
from thousand.ui.screens.sheet_table import score_sheet as sheet_table
from thousand.ui.screens.table import SUIT_SYMBOL

KEY = "score_sheet"               # where the sheet lives in the settings document
ASIDE = "score_sheet_set_aside"   # sheets that could not be scored, kept as they were
ASIDE_MAX = 5
NAME_MAX = 20
# A penalty's reason (the sheet's key), its label in the form, the convention of its amount.
PENALTIES = (("cutter_nine", N_("Cutter's third nine"), "cutter_nine_penalty"),
             ("third_redeal", N_("Dealer's third redeal"), "third_redeal_penalty"),
             ("exposed_card", N_("Exposed card"), "exposed_card_penalty"),
             ("penalty", N_("Other"), None))

# Field ids of the forms (the deal form's per-seat ids end in the seat number).
DECLARER, BID, CONTRACT, OUTCOME, DARK = "sd-declarer", "sd-bid", "sd-contract", "sd-outcome", "sd-dark"
P_SEAT, P_AMOUNT, P_REASON = "sp-seat", "sp-amount", "sp-reason"
S_RULES, S_DEALER = "ss-rules", "ss-dealer"
# The paper-start form (a game carried on from paper): per-seat ids end in the seat number.
PAPER = "ss-p-"
P_DEALS, P_GOLDEN = "ss-p-deals", "ss-p-golden"
PAPER_SEAT = ("total", "bolts", "barrel", "falls", "wo", "cross")


def _paper_field(key, s):
    return f"{PAPER}{key}-{s}"


def _cp(s):
    return f"sd-cp-{s}"


def _tr(s):
    """The seat's "Took no trick" box (asked only where a bolt is for taking no trick)."""
    return f"sd-notrick-{s}"


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
        self.conv = sheet_conventions(doc)
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
        """(key, value, label words, symbol) of every announcement the conventions know, in the
        language in use."""
        conv = self.conv
        values = MARRIAGE_VALUES[conv["marriage_values"]]
        keys = [(s, values[s], marriage_words(s), SUIT_SYMBOL[s]) for s in SUITS]
        if conv["bed_marriage"]:
            keys += [(f"b{s}", values[s] // 2, marriage_words(f"b{s}"),
                      p_("marriage box", "{suit} bed", suit=SUIT_SYMBOL[s])) for s in SUITS]
        if conv["ace_marriage"]:
            keys.append(("A", 200, marriage_words("A"), p_("marriage box", "Aces")))
        if conv["four_nines_bonus"]:
            keys.append(("N", conv["four_nines_bonus"], marriage_words("N"),
                         p_("marriage box", "Four 9s")))
        return keys


def marriage_words(key: str) -> str:
    """An announcement's name, as a screen reader says it beside its box."""
    return {"H": _("Hearts marriage"), "D": _("Diamonds marriage"), "C": _("Clubs marriage"),
            "S": _("Spades marriage"), "bH": _("Hearts bed marriage"),
            "bD": _("Diamonds bed marriage"), "bC": _("Clubs bed marriage"),
            "bS": _("Spades bed marriage"), "A": _("Ace marriage"), "N": _("Four nines")}[key]


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


# --- the player's words -------------------------------------------------------------------------

# The fields of a deal (and of a sheet) named in words, as the subject of a sentence.
FIELD_WORDS = {"declarer": N_("The declarer"), "bid": N_("The winning bid"),
               "contract": N_("The contract"), "outcome": N_("The outcome"),
               "card_points": N_("The card points"), "tricks": N_("The tricks"),
               "marriages": N_("The marriages"), "dark": N_("The dark deal"),
               "talon": N_("The talon"), "dealer": N_("The dealer"),
               "golden": N_("The golden deal"), "obligatory": N_("The obligatory game"),
               "penalty": N_("The penalty"), "penalty.seat": N_("The penalty's player"),
               "penalty.amount": N_("The penalty amount"),
               "penalty.reason": N_("The penalty's reason"),
               "sheet": N_("The score sheet"), "players": N_("The players"),
               "first_dealer": N_("The first dealer"), "preset": N_("The rules"),
               "overrides": N_("The changed conventions"), "conventions": N_("The conventions"),
               "format": N_("The file's format"), "version": N_("The file's version"),
               "deals": N_("The deals"), "note": N_("The note"),
               "start": N_("The game from paper"), "start.players": N_("The game from paper"),
               "start.golden": N_("The golden round from paper"),
               "start.deals": N_("The deals played on paper")}


def _start_field(where: str, names: list):
    """A field of the `start` object named by its player ("Boris's bolts from paper"), or None."""
    m = re.fullmatch(r"start\.players\[(\d+)\]\.(\w+)(?:\.\w+)?", where)
    if m and int(m.group(1)) < len(names):
        name, key = names[int(m.group(1))], m.group(2)
        if key == "bolts":
            return _("{name}'s bolts from paper", name=name)
        if key == "barrel":
            return _("{name}'s barrel from paper", name=name)
        if key == "write_offs":
            return _("{name}'s write-offs from paper", name=name)
        if key == "crosses":
            return _("{name}'s crosses from paper", name=name)
        return _("{name}'s total from paper", name=name)
    if where.startswith("start.golden"):
        return _(FIELD_WORDS["start.golden"])
    return None


def _seat_field(key: str, name: str) -> str:
    """A per-seat field named by its player."""
    if key == "card_points":
        return _("{name}'s card points", name=name)
    if key == "tricks":
        return _("{name}'s tricks", name=name)
    return _("{name}'s marriages", name=name)


class _Reason:
    """An engine error's reason without the path of its field (the page names the field)."""

    def __init__(self, exc):
        self.template = getattr(exc, "template", None) or getattr(exc, "detail", None) or str(exc)
        self.values = getattr(exc, "values", None) or {}


def _problem(exc, names: list) -> str:
    """The engine's reason in the player's language; "seat 2" becomes the player's name (where
    the language keeps the engine's English words, as English does)."""
    text = reason(_Reason(exc))
    return re.sub(r"\bseat (\d+)\b",
                  lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                  text)


# Engine reasons the form words its own way: the field is named as the form labels it, the
# convention by what it means, never by its id ("bid_step = 5").
GRID = "{value} is not on the bid grid (bid_step = {bid_step})"
MOST = "must be at most max_bid = {max_bid} (got {got})"


def _form_reason(exc, field: str, conv):
    """The sheet's own sentence for an engine reason, or None to word the engine's."""
    template, values = getattr(exc, "template", None), getattr(exc, "values", None) or {}
    if template == GRID and conv is not None:
        from thousand.ui.screens.conventions import value_words
        raw = conv["bid_step"]  # "5", "10" or "5_then_10_from_200" ("5, then 10 from 200")
        step = number(int(raw)) if raw.isdigit() else value_words(CATALOGUE.get("bid_step"), raw)
        return _("{field}: {value} is not a bid in these rules (bids go up in steps of {step}).",
                 field=field, value=values.get("value"), step=step)
    if template == MOST:
        return _("{field}: {value} is more than the highest bid in these rules, {most}.",
                 field=field, value=values.get("got"), most=values.get("max_bid"))
    return None


def _without_ids(text: str) -> str:
    """Any convention id left in an engine's reason ("(write_off_on_barrel)", "forced_100 =
    false") named as the Conventions screen names it, with its value in words."""
    from thousand.ui.screens.conventions import value_words
    ids = sorted(CATALOGUE.ids(), key=len, reverse=True)

    def named(m):
        c = CATALOGUE.get(m.group(1))
        raw = m.group(2)
        if not raw:
            return p_("a convention named in a sentence", "“{title}”", title=_(c.title))
        value = {"true": True, "false": False}.get(raw, int(raw) if raw.isdigit() else raw)
        words = (_("on") if value else _("off")) if c.type == "bool" and not c.value_labels \
            else value_words(c, value)
        return p_("a convention and its value named in a sentence", "“{title}”: {value}",
                  title=_(c.title), value=words)
    # an id with its value, an id in brackets, or an id no sentence uses as a word (write_off_on_
    # barrel, not "barrel")
    every = "|".join(ids)
    text = re.sub(r"\b(" + every + r") = ([\w-]+)", named, text)
    text = re.sub(r"(?<=\()(" + every + r")()(?=\))", named, text)
    return re.sub(r"\b(" + "|".join(i for i in ids if "_" in i) + r")\b()", named, text)


def in_words(exc: BadInput, names: list, conv=None) -> str:
    """The engine's message with the field named in words: "deals[3].card_points: must total 120"
    becomes "The card points must total 120…"; seat numbers become the players' names; no
    convention id is left in it."""
    return _without_ids(_in_words(exc, names, conv))


def _in_words(exc: BadInput, names: list, conv) -> str:
    if isinstance(exc, _Refusal):
        return exc.detail
    where = re.sub(r"^deals\[\d+\]\.?", "", getattr(exc, "where", "") or "")
    problem = _problem(exc, names).removesuffix(".")
    m = re.fullmatch(r"(\w+)\[(\d+)\]", where)
    if m and m.group(1) in ("card_points", "tricks", "marriages") and int(m.group(2)) < len(names):
        field = _seat_field(m.group(1), names[int(m.group(2))])
    elif _start_field(where, names):
        field = _start_field(where, names)
    elif where in FIELD_WORDS:
        field = _(FIELD_WORDS[where])
    else:
        field = where  # a field the sheet should not have: its name as written in the file
    own = _form_reason(exc, field, conv) if field else None
    if own:
        return own
    english = getattr(exc, "detail", None) or str(exc)
    if not field:
        text = p_("an engine's reason as a sentence", "{problem}.", problem=problem)
    elif english.startswith(("must ", "is ", "needs ")):
        # the engine's reason goes on from its field: "The card points" "must total 120"
        text = p_("a field, then what is wrong with it", "{field} {problem}.",
                  field=field, problem=problem)
    else:
        text = _("{field}: {problem}.", field=field, problem=problem)
    return text[:1].upper() + text[1:]


class _Refusal(BadInput):
    """A value of the form the page refuses before the engine sees it; its text is a sentence
    already in the player's language."""


def _refusal(text: str) -> BadInput:
    return _Refusal("", text)


TOTALS_ID = "ss-totals"
EMPTY = object()  # `blank` of _number for a field that may stay empty
REQUIRED = object()


def _number_refusal(field: str, raw, name: str = "") -> BadInput:
    """An empty field that needs a number (raw None), or what was typed is not a whole number."""
    if raw is None:
        return _refusal({"declarer": _("Choose the declarer."),
                         "bid": _("Enter the winning bid."),
                         "penalty.seat": _("Choose who pays the penalty."),
                         "penalty.amount": _("Enter the penalty amount.")}[field])
    if field == "declarer":
        return _refusal(_("The declarer must be one of the players (got “{raw}”).", raw=raw))
    if field == "bid":
        return _refusal(_("The winning bid must be a whole number (got “{raw}”).", raw=raw))
    if field == "contract":
        return _refusal(_("The contract must be a whole number (got “{raw}”).", raw=raw))
    if field == "card_points":
        return _refusal(_("{name}'s card points must be a whole number (got “{raw}”).",
                          name=name, raw=raw))
    if field == "penalty.seat":
        return _refusal(_("The player who pays the penalty must be one of the players "
                          "(got “{raw}”).", raw=raw))
    return _refusal(_("The penalty amount must be a whole number (got “{raw}”).", raw=raw))


def _number(raw, field: str, *, name: str = "", blank=REQUIRED):
    """A whole number typed by the player (spaces allowed), or `blank` for an empty field."""
    text = str(raw if raw is not None else "").strip().replace(" ", "")
    if text == "":
        if blank is REQUIRED:
            raise _number_refusal(field, None)
        return blank
    if not re.fullmatch(r"[+-]?\d+", text):
        raise _number_refusal(field, str(raw), name)
    return int(text)


# --- the deal form -> facts ---------------------------------------------------------------------

def _fill_blank(values: list, seats: list, total: int, names: list) -> list:
    """At most one empty card points value among `seats` is what is left of `total`."""
    empty = [s for s in seats if values[s] is None]
    if len(empty) > 1:
        who = ", ".join(names[s] for s in empty)
        raise _refusal(_("Fill in the card points of all players but one (empty: {names}).",
                         names=who))
    if empty:
        given = sum(v for v in values if v is not None)
        if given > total:
            # the empty field is not blamed with a value it does not have (120 − 150 = −30)
            raise _refusal(_("The card points entered add up to {sum}, more than {total}: "
                             "nothing is left for {name}, whose field is empty.",
                             sum=given, total=total, name=names[empty[0]]))
        values[empty[0]] = total - given
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
    deal["declarer"] = _number(declarer, "declarer")
    deal["bid"] = _number(draft.get(BID, forced[1] if forced else ""), "bid")
    if outcome == "played":
        contract = _number(draft.get(CONTRACT), "contract", blank=-1)
        if contract != -1:
            deal["contract"] = contract
    if draft.get(DARK) and sheet.dark_offered():
        deal["dark"] = True
    if sheet.talon_needed():
        talon = [draft.get(_talon(i)) or "" for i in range(3)]
        if any(not c for c in talon):
            raise _refusal(_("Choose the 3 talon cards that {name}, the resting dealer, scores.",
                             name=names[sheet.dealer]))
        deal["talon"] = talon
    if outcome != "played":
        return deal
    active = active_seats(sheet.conv, sheet.dealer)
    cps = [None] * n
    for s in active:
        cps[s] = _number(draft.get(_cp(s)), "card_points", name=names[s], blank=EMPTY)
        cps[s] = None if cps[s] is EMPTY else cps[s]
    dead = n == 2 and sheet.conv["two_widow"] == "dead"
    if dead and any(cps[s] is None for s in active):
        raise _refusal(_("Fill in every player's card points (the widow is dead, so they need "
                         "not add up to 120)."))
    deal["card_points"] = _fill_blank(cps, active, 120, names)
    if tricks_needed(sheet.conv):
        # only who took no trick matters (a bolt, R53); the others took some, how many is not
        # asked (null in the sheet's file)
        if all(draft.get(_tr(s)) for s in active):
            raise _refusal(_("Somebody took the tricks: untick “Took no trick” for at least "
                             "one player."))
        deal["tricks"] = [0 if s not in active or draft.get(_tr(s)) else None for s in range(n)]
    marriages = [[v for key, v, _words, _symbol in sheet.marriage_keys() if draft.get(_mar(s, key))]
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
        if v == 0:
            d[_tr(s)] = True
    keys = sheet.marriage_keys()
    for s, values in enumerate(entry.get("marriages") or []):
        used = set()
        for v in values:
            key = next((k for k, kv, _words, _symbol in keys if kv == v and k not in used), None)
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


def _row_words(row, names) -> str:
    changes = ", ".join(p_("a player's change of score", "{name} {change}", name=names[s],
                           change=signed(row["changes"][s])) for s in range(len(names)))
    text = _("Deal {deal} added. {changes}.", deal=row["deal"], changes=changes)
    if row["winners"]:
        text += " " + _winners_words([names[s] for s in row["winners"]])
    return text


def _names_list(names: list) -> str:
    """'Anna', 'Anna and Boris', 'Anna, Boris and Vera'."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _winners_words(winners: list) -> str:
    if len(winners) == 1:
        return _("{name} wins the game!", name=winners[0])
    return _("{names} win the game!", names=_names_list(winners))


def _game_over_words(winners: list) -> str:
    if len(winners) == 1:
        return _("Game over: {name} wins the game!", name=winners[0])
    return _("Game over: {names} win the game!", names=_names_list(winners))


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


def _charged_words(name: str, amount: int, why: str) -> str:
    if why == "cutter_nine":
        return _("Penalty charged: {name} −{amount} (cutter's third nine).", name=name, amount=amount)
    if why == "third_redeal":
        return _("Penalty charged: {name} −{amount} (dealer's third redeal).", name=name,
                 amount=amount)
    if why == "exposed_card":
        return _("Penalty charged: {name} −{amount} (exposed card).", name=name, amount=amount)
    if why == "penalty":
        return _("Penalty charged: {name} −{amount} (other).", name=name, amount=amount)
    return _("Penalty charged: {name} −{amount} ({reason}).", name=name, amount=amount,
             reason=why)


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


def _paper_number(raw, name: str, what: str):
    """A whole number typed into the paper-start form (a minus allowed), or None when empty."""
    text = str(raw if raw is not None else "").strip().replace(" ", "").replace("\u2212", "-")
    if text == "":
        return None
    if not re.fullmatch(r"[+-]?\d+", text):
        if what == "deals":
            raise _refusal(_("The deals played on paper must be a whole number (got “{raw}”).",
                             raw=raw))
        raise _refusal(_("{name}'s total from paper must be a whole number (got “{raw}”).",
                         name=name, raw=raw))
    return int(text)


def paper_start(paper: dict, names: list):
    """The sheet's `start` object from the paper-start form, or None when nothing was entered
    (every total empty and nothing else chosen): a sheet that starts from 0 has no `start`."""
    players, given = [], False
    for s, name in enumerate(names):
        total = _paper_number(paper.get(_paper_field("total", s)), name, "total")
        p = {"total": total or 0}
        given = given or total is not None
        for key, field in (("bolts", "bolts"), ("write_offs", "wo"), ("crosses", "cross")):
            value = _paper_number(paper.get(_paper_field(field, s)), name, key)
            if value:
                p[key] = value
        barrel = {}
        tries = paper.get(_paper_field("barrel", s)) or ""
        if tries.isdigit():
            barrel.update(on=True, attempts=int(tries))
        falls = _paper_number(paper.get(_paper_field("falls", s)), name, "falls")
        if falls:
            barrel["falls"] = falls
        if barrel:
            p["barrel"] = barrel
        given = given or len(p) > 1
        players.append(p)
    start = {"players": players}
    deals = _paper_number(paper.get(P_DEALS), "", "deals")
    if deals is not None:
        start["deals"] = deals
    if paper.get(P_GOLDEN) == "over":
        start["golden"] = {"over": True}
    if not given and len(start) == 1:
        return None
    return start


def _default_name(i: int) -> str:
    return _("Player {number}", number=i + 1)


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


def _paper_ids(n: int, conv) -> list:
    ids = [_paper_field("total", s) for s in range(n)]
    if conv is not None:
        ids += [_paper_field(k, s) for s in range(n) for k, _k in _paper_extras(conv)]
        ids.append(P_DEALS)
        if conv["golden_round"]:
            ids.append(P_GOLDEN)
    return ids


def _paper_extras(conv) -> list:
    """(field key, label) of the optional per-player fields these rules keep a count of."""
    extras = [("bolts", _("Bolts"))]
    if conv["barrel"]:
        extras += [("barrel", _("Barrel")), ("falls", _("Falls"))]
    counts_write_offs = conv["write_off_limit"] or conv["write_off_cost"] in (
        "first_free", "three_free_then_120", "free_third_120")
    if conv["write_off"] and counts_write_offs:
        extras.append(("wo", _("Write-offs")))
    if conv["cross_rule"]:
        extras.append(("cross", _("Crosses")))
    return extras


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
