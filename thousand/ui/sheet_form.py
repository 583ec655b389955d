"""The score sheet's form for real cards: the ids of its fields, the stored sheet with its score,
what the form's values make of a deal (the sheet document's entry) and of a game carried on from
paper, and every error and outcome worded for the player, the field named as the form labels it.
The screen that draws the form and takes its events is thousand.ui.screens.sheet."""
import re

from thousand.cards.cards import SUITS
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.score import MARRIAGE_VALUES, active_seats, deal_is_golden, new_score
from thousand.cards.scoresheet import forced_deal, score_sheet, sheet_conventions
from thousand.cards.settlement import tricks_needed
from thousand.errors import BadInput
from thousand.i18n import N_, _, number, p_, reason, signed
from thousand.ui.card_words import SUIT_SYMBOL

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


# --- what the screen tells the player after an entry -------------------------------------------

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


# --- the paper-start form's fields --------------------------------------------------------------

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
