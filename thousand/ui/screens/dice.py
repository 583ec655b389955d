"""The dice table: five dice that roll, the dice set aside this turn with their readings, the turn
total, Roll / Stop (and the keep choices when the conventions let a player choose) enabled only
when the engine allows them, the reason when stopping is not allowed, the score table with each
player's status, and the log of what happened (penalties, barrel, dump truck).

With real dice (score-keeper mode) the same screen asks for each turn's result instead of
rolling. Everything shown comes from the engine (thousand/dice/game.py), in the player's
language (thousand/ui/dice_words.py writes the sentences from the engine's data); every button
sends an action the engine offers, and a refusal is shown with the engine's reason."""
from thousand.errors import IllegalAction
from thousand.i18n import _, n_, number, p_, reason, signed
from thousand.ui import dice_words as words
from thousand.ui import data
from thousand.ui.kinds import DICE
from thousand.ui.screens import taking_back
from thousand.ui.html import Markup, action_attrs, button, h, modal

# The pips of each face on a 3 × 3 grid (cells 0-8, row by row).
PIPS = {1: {4}, 2: {2, 6}, 3: {2, 4, 6}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8},
        6: {0, 2, 3, 5, 6, 8}}
POINTS_FIELD = "turn-points"
LOG_SHOWN = 8


def first_looks(session) -> list:
    """What the dice table can show first (App.resumed draws each of a resumed game)."""
    return [{}, {"dialog": "log"}]


def _game():
    from thousand.dice import game
    return game


# --- what the app asks of a play screen -------------------------------------------------------

def waiting_for_person(app) -> bool:
    """Computer players wait while the whole log is open."""
    return app.ui.get("dialog") == "log"


def after_action(app):
    app.ui.pop("dialog", None)


def dialog_shown(app):
    """The whole log, if open (the end of the game is not a dialog Back closes)."""
    return "log" if app.dice is not None and app.ui.get("dialog") == "log" else None


def close_dialog(app):
    app.ui["dialog"] = None


def open_dialog(app, which):
    if which == "log":
        app.ui["dialog"] = "log"


# --- events -----------------------------------------------------------------------------------

def handle(app, event):
    s = app.dice
    do = event["do"]
    if s is None:
        app.go("home")
        return
    app.notice = None
    if do in ("dice.log", "dice.close"):
        app.ui["dialog"] = "log" if do == "dice.log" else None
        return
    if do == "dice.rematch":
        if s.over and not getattr(s, "remote", False):
            from thousand.ui.screens.dice_new import start_from_meta
            start_from_meta(app, s.meta, s.state)
        return
    if do in ("dice.undo_ask", "dice.undo_yes", "dice.undo_no"):
        taking_back.answer(app, s, _person(s), do.rsplit("_", 1)[1])
        return
    if do == "dice.undo":
        if s.keeper and s.record["actions"]:
            s.undo()
        elif not s.keeper and s.undo_seat() is not None:
            s.take_back()  # against the computer: back to before your last decision
            app.ui.pop("hint", None)
            app.notice = _("Your last move was taken back.")
        elif s.keeper or s.against_computer():
            app.notice = _("There is nothing to take back.")
            return
        else:
            app.notice = _("Moves can be taken back only in a game against the computer.")
            return
        app.save(DICE.name)
        return
    if do == "dice.hint":
        _hint(app, s)
        return
    if s.over:
        app.notice = _("The game is over.")
        return
    seat = s.to_act()
    if s.is_bot(seat):
        app.notice = _("It is the computer player's turn.") if seat in words.own_seats(s) \
            else _("It is {name}'s turn.", name=s.names()[seat])
        return
    if s.keeper and do in ("dice.roll", "dice.stop", "dice.keep"):
        app.notice = _("This game is played with real dice: enter each turn's result.")
        return
    if do == "dice.roll":
        _act(app, {"type": "roll", "seat": seat})
    elif do == "dice.stop":
        why = words.stop_reason(s.state)
        if why is not None:
            app.notice = _("You cannot stop: {reason}.", reason=why)
            return
        _act(app, {"type": "stop", "seat": seat})
    elif do == "dice.keep":
        legal = [a for a in s.view(seat)["legal"] if a["type"] == "keep"]
        i = event.get("i")
        if not isinstance(i, int) or not 0 <= i < len(legal):
            app.notice = _("Choose one of the offered sets of dice to keep.")
            return
        _act(app, legal[i])
    elif do == "dice.result":
        _result(app, s, seat, event)
    else:
        app.notice = _("Unknown dice event: {event}.", event=do)


def _hint(app, s):
    seat = s.to_act()
    if s.over or s.keeper or seat is None or s.is_bot(seat):
        app.notice = _("A hint is for your own turn.")
        return
    action, bot = s.hint(seat)
    app.ui["hint"] = {"at": s.actions_so_far(),
                      "text": words.hint_text(s.view(seat), action, getattr(bot, "last", None))}
    app.save(DICE.name)


def _shown_hint(app, s):
    hint = app.ui.get("hint")
    return hint["text"] if hint and hint["at"] == s.actions_so_far() else None


def _act(app, action):
    try:
        app.dice.act(action)
    except IllegalAction as exc:
        app.notice = _sentence(reason(exc))
        return False
    after_action(app)
    app.save(DICE.name)
    return True


def _result(app, s, seat, event):
    """Score-keeper mode: one turn's result, typed (points) or tapped (zero, blank, five of a
    kind)."""
    if not s.keeper:
        app.notice = _("The page rolls the dice in this game: use Roll and Stop.")
        return
    value = event.get("value")
    if value is None:
        raw = str((event.get("fields") or {}).get(POINTS_FIELD, "")).strip()
        try:
            value = int(raw)
        except ValueError:
            app.ui["typed"] = raw
            app.notice = _("Enter the points of the turn as a whole number, like 85, or tap "
                           "“Zero roll”.") if raw else _("Enter the points of the turn first.")
            return
    elif value not in ("zero", "blank", "instant_win"):
        app.notice = _("Unknown result.")
        return
    if _act(app, {"type": "result", "seat": seat, "points": value}):
        app.ui.pop("typed", None)
        return
    if isinstance(value, int):
        app.ui["typed"] = str(value)
        # the engine's words name the result 'zero'; the page's button for it is "Zero roll"
        from thousand.dice.resolution import need
        missing = need(s.state["conventions"], s.state["turn"]["start"], value)
        if value <= 0:
            app.notice = _("A recorded turn has more than 0 points; tap “Zero roll” for a turn "
                           "that ended in a zero roll.")
        elif value % 5 == 0 and missing is not None:
            app.notice = _("A turn of {points} cannot be recorded: {why}; tap “Zero roll” if "
                           "the turn ended in a zero roll.", points=value,
                           why=words.need_text(missing))


def _sentence(text: str) -> str:
    """An engine's reason (a clause) shown as a sentence."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", ")", "…")) else _("{sentence}.", sentence=text)


# --- drawing ----------------------------------------------------------------------------------

def die(face: int, *, cls: str = "", aside: bool = False, delay: int = 0) -> Markup:
    """One die drawn with CSS pips; for assistive technology an image 'die showing 4'."""
    cells = [h("i", {"class": "on" if k in PIPS[face] else None}) for k in range(9)]
    label = _("die showing {face}, set aside", face=face) if aside else \
        _("die showing {face}", face=face)
    return h("span", {"class": f"die f{face}" + (f" {cls}" if cls else ""), "role": "img",
                      "aria-label": label, "style": f"--i: {delay}" if delay else None}, cells)


def _scoring_marks(dice: list, kept: list) -> list:
    """For each die of a roll, whether it is one of the dice set aside."""
    left = list(kept)
    marks = []
    for d in dice:
        if d in left:
            left.remove(d)
            marks.append(True)
        else:
            marks.append(False)
    return marks


def render(app) -> Markup:
    s = app.dice
    if s is None:
        return h("section", {"class": "screen"}, h("p", {}, _("No dice game in progress.")),
                 button(_("Home"), "go", screen="home"))
    state, names = s.state, s.names()
    you = words.own_seats(s)
    parts = [_top_bar(app, s)]
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    parts.append(taking_back.line(app, s, _person(s), names, "dice"))
    if not s.over:
        parts.append(_keeper_panel(app, s, you) if s.keeper else _turn_panel(app, s, you))
    texts = words.event_texts(state, names, you)
    parts += [_score_table(s, _away(app, s)), _log(state, texts, LOG_SHOWN)]
    dialog = _game_over(app, s, you) if s.over else (
        _modal(_("Whole log"), _log(state, texts, None),
               [data.record_button(DICE.name), button(_("Close"), "dice.close")])
        if app.ui.get("dialog") == "log"
        else "")
    return h("section", {"class": "dice-table" + (" keeper" if s.keeper else ""),
                         "aria-label": _("Dice table")}, parts, dialog)


def _top_bar(app, s):
    state = s.state
    from thousand.dice.catalogue import CATALOGUE
    preset = s.meta.get("preset")
    title = _(CATALOGUE.preset(preset)["title"]) if preset in CATALOGUE.preset_names() else \
        _("House rules")
    turns = len(state["turns"])
    facts = [h("span", {"class": "turn-no"}, _("Turn {number}", number=turns + 1)
               if not s.over else n_("{n} turn", "{n} turns", turns)),
             h("span", {"class": "badge"}, title)]
    if state["conventions"]["target_score"] != 1000:
        facts.append(h("span", {"class": "badge"},
                       _("to {target}", target=state["conventions"]["target_score"])))
    if s.keeper:
        facts.append(h("span", {"class": "badge keeper"}, _("real dice")))
    if s.n == 1:
        facts.append(h("span", {"class": "badge"}, _("solo")))
    menu = [button(_("Log"), "dice.log", disabled=not state["log"],
                   title=_("The whole log of the game"))]
    if s.keeper:
        menu.append(button(_("Undo"), "dice.undo", disabled=not s.record["actions"],
                           title=_("Undo the last entry")))
    elif s.against_computer():
        menu.append(button(_("Undo"), "dice.undo", disabled=s.undo_seat() is None,
                           title=_("Take back your last move")))
    if taking_back.with_friends(app, s):  # undo only if every other person agrees
        menu.append(button(_("Undo"), "dice.undo_ask",
                           disabled=taking_back.asked(app, s) is not None))
        menu.append(button(_("Friends"), "go", screen="friends"))
    menu.append(button(_("Home"), "go", screen="home"))
    return h("header", {"class": "table-bar"}, h("div", {"class": "facts"}, facts),
             h("nav", {"class": "menu", "aria-label": _("Dice menu")}, menu))


def _fresh(app, key: str) -> bool:
    """True the first time a roll is drawn: its dice get the rolling animation once."""
    if app.ui.get("dice_drawn") == key:
        return False
    app.ui["dice_drawn"] = key
    return True


def _turn_head(name: str, me: bool) -> str:
    return _("Your turn") if me else _("{name}'s turn", name=name)


def _last_turn(state, names, you):
    line = words.last_turn_line(state, names, you)
    return h("p", {"class": "last-turn"}, _("Last turn: {line}", line=line)) if line else ""


def _turn_panel(app, s, you):
    game = _game()
    state, names = s.state, s.names()
    conv = state["conventions"]
    summary = game.turn_summary(state)
    seat = summary["seat"]
    name, me = names[seat], seat in you
    bot = s.is_bot(seat)
    rolls = summary["rolls"]
    last = rolls[-1] if rolls else None
    key = f"{len(state['turns'])}:{len(rolls)}"
    fresh = _fresh(app, key)

    # the dice on the table: the last roll of this turn (the scoring dice marked)
    if last is not None:
        pending = summary["pending"]
        kept = last.get("kept") or []
        marks = _scoring_marks(last["dice"], kept) if not pending else [False] * len(last["dice"])
        tray = [die(d, cls=" ".join(c for c in ("scoring" if m else "",
                                                 "fresh" if fresh else "") if c),
                    aside=m, delay=i)
                for i, (d, m) in enumerate(zip(last["dice"], marks))]
        reading = _("nothing scores: roll again (second try)") if last.get("retry") \
            else words.roll_text(last, conv)
    else:
        prev = state["turns"][-1] if state["turns"] else None
        shown = prev["rolls"][-1] if prev and prev["rolls"] else None
        if shown and "dice" in shown:
            # the roll that ended the last turn stays on the table until this turn's first roll
            marks = _scoring_marks(shown["dice"], shown.get("kept") or [])
            tray = [die(d, cls="prev" + (" scoring" if m else "") + (" fresh" if fresh else ""),
                        delay=i) for i, (d, m) in enumerate(zip(shown["dice"], marks))]
            text = words.roll_text(shown, conv)
            reading = _("Your last roll: {reading}", reading=text) if prev["seat"] in you else \
                _("{name}'s last roll: {reading}", name=names[prev["seat"]], reading=text)
        else:
            tray, reading = [], ""
        if bot:
            hint = _("You are about to roll.") if me else \
                _("{name} is about to roll.", name=name)
        else:
            hint = _("Tap Roll to throw five dice.")
        tray.append(h("p", {"class": "hint next"}, hint))
    tray_box = h("div", {"class": "tray", "role": "group", "aria-label": _("Dice rolled")},
                 h("div", {"class": "dice-row"}, tray),
                 h("p", {"class": "reading", "aria-live": "polite"}, reading) if reading else "")

    # the dice set aside this turn, roll by roll, each with its reading
    groups = [h("li", {"class": "aside"},
                h("span", {"class": "dice-row small"},
                  [die(d, cls="small", aside=True) for d in r["kept"]]),
                h("span", {"class": "aside-text"}, words.roll_text(r, conv)))
              for r in rolls if r.get("kept")]
    aside = h("div", {"class": "set-aside", "role": "group", "aria-label": _("Set aside")},
              h("h3", {}, _("Set aside this turn")),
              h("ol", {}, groups) if groups else h("p", {"class": "hint"}, _("Nothing yet.")))

    left = summary["dice_left"]
    total = h("p", {"class": "turn-total"},
              h("span", {"class": "label"}, _("Turn points"), " "),
              h("strong", {"id": "turn-points-total"}, number(summary["points"])),
              h("span", {"class": "hint"}, " · ",
                n_("{n} die to roll (hot dice!)", "{n} dice to roll (hot dice!)", left)
                if summary["hot"] else n_("{n} die to roll", "{n} dice to roll", left)))

    # the buttons: only what the engine allows
    legal = s.view(seat)["legal"] if not bot else []
    can_roll = any(a["type"] == "roll" for a in legal)
    can_stop = any(a["type"] == "stop" for a in legal)
    controls = []
    if summary["stage"] == "keep" and not bot:
        controls.append(h("p", {"class": "prompt-title"}, _("Choose the dice to set aside")))
        controls.append(h("div", {"class": "actions keep"},
                          [button(_("Keep {reading}", reading=words.reading_text(o)),
                                  "dice.keep", i=i, cls="primary" if i == 0 else None)
                           for i, o in enumerate(summary["pending"]["options"])]))
    controls.append(h("div", {"class": "actions roll-stop"},
                      button(_("Roll"), "dice.roll", cls="primary big-ish", disabled=not can_roll),
                      h("button", {"type": "button", "class": "big-ish",
                                   "disabled": not can_stop, "aria-describedby": "stop-why",
                                   **action_attrs("dice.stop")}, _("Stop"))))
    if bot:
        why = _("You are playing…") if me else _("{name} is playing…", name=name)
    elif can_stop:
        why = _("Stop now to record {points}: the score becomes {score}.",
                points=summary["points"], score=summary["would_record"])
    else:
        because = words.stop_reason(state)
        why = _("You cannot stop yet: {reason}.", reason=because) if because else ""
    controls.append(h("p", {"class": "stop-why", "id": "stop-why", "aria-live": "polite"}, why))
    if not bot and legal:
        hint = _shown_hint(app, s)
        controls.append(h("p", {"class": "hint-line", "role": "status"},
                          _("Hint: {reason}", reason=hint)) if hint else
                        button(_("Hint"), "dice.hint", cls="hint-button"))

    head = h("h2", {"class": "turn-head"}, _turn_head(name, me),
             h("span", {"class": "badge computer"}, _("computer")) if bot else "")
    return h("div", {"class": "turn-panel" + (" bot" if bot else ""), "role": "group",
                     "aria-label": _("Turn")},
             head, _last_turn(state, names, you), tray_box, total, aside,
             h("div", {"class": "controls"}, controls))


def _keeper_panel(app, s, you):
    """Score keeper: the result of the turn played at the table, for the player whose turn it
    is."""
    from thousand.dice.resolution import need
    state, names = s.state, s.names()
    conv, t = state["conventions"], state["turn"]
    seat = t["seat"]
    name, me = names[seat], seat in you
    needs = h("p", {"class": "hint"}, words.keeper_need(name, me, need(conv, t["start"], 0)))
    extra = []
    if conv["bolts"] and conv["bolt_trigger"] == "blank_opening":
        extra.append(button(_("Blank first roll"), "dice.result", value="blank"))
    if conv["five_of_a_kind_wins"] != "off":
        extra.append(button(_("Five of a kind (wins)"), "dice.result", value="instant_win"))
    form = h("div", {"class": "keeper-form"},
             h("label", {"for": POINTS_FIELD},
               _("Points you stopped with") if me else
               _("Points {name} stopped with", name=name)),
             h("div", {"class": "conv-inline"},
               h("input", {"id": POINTS_FIELD, "type": "number", "inputmode": "numeric",
                           "min": 5, "step": 5, "value": app.ui.get("typed", ""),
                           "autocomplete": "off"}),
               h("button", {"type": "button", "class": "primary", "data-fields": POINTS_FIELD,
                            **action_attrs("dice.result")}, _("Record"))),
             h("div", {"class": "actions"},
               button(_("Zero roll"), "dice.result", value="zero",
                      aria_label=_("Zero roll: you score nothing this turn") if me else
                      _("Zero roll: {name} scores nothing this turn", name=name)), extra))
    return h("div", {"class": "turn-panel keeper", "role": "group",
                     "aria-label": _("Turn")},
             h("h2", {"class": "turn-head"}, _turn_head(name, me)),
             _last_turn(state, names, you), needs, form)


def _person(s):
    """The seat of the person at this device (at a table with friends there is one)."""
    humans = s.humans()
    return humans[0] if humans else None


def _away(app, s) -> set:
    """The friends' seats whose phones are not connected now (issue 22)."""
    if getattr(s, "remote", False):
        return {i for i in range(s.n) if i != s.seat and s.status(i) == "away"}
    if app.hosting is not None and app.hosting.session is s:
        return {i for i in s.friends() if app.hosting.status(i) == "away"}
    return set()


def _score_table(s, away=frozenset()):
    state, names = s.state, s.names()
    acting = _game().to_act(state)
    rows = []
    for i in range(s.n):
        status = words.status_words(state, i)
        rows.append(h("tr", {"class": "to-act" if i == acting else None,
                             "aria-current": "true" if i == acting else None},
                      h("th", {"scope": "row"}, names[i],
                        h("span", {"class": "sr-only"}, " ", _("(computer)"))
                        if s.is_bot(i) else "",
                        h("span", {"class": "seat-away"}, " · ", _("not connected"))
                        if i in away else ""),
                      h("td", {"class": "score"}, number(state["players"][i]["score"])),
                      h("td", {"class": "st"}, ", ".join(status) or "—")))
    return h("div", {"class": "scores"},
             h("table", {"aria-label": _("Scores")},
               h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, _("Player")),
                                h("th", {"scope": "col"}, _("Score")),
                                h("th", {"scope": "col"}, _("Status")))),
               h("tbody", {}, rows)))


PENALTIES = {"overtaken", "bolt_penalty", "dump", "barrel_fall", "knocked_off", "dot_penalty"}


def _log(state, texts, limit):
    """The events, newest first; `texts` are their sentences (dice_words.event_texts)."""
    pairs = list(zip(state["log"], texts))
    items = []
    for e, text in reversed(pairs if limit is None else pairs[-limit:]):
        cls = "event " + e["kind"] + (" penalty" if e["kind"] in PENALTIES else "")
        delta = e.get("delta") or 0
        items.append(h("li", {"class": cls},
                       h("span", {"class": "ev-turn"},
                         p_("the log: a turn's number", "T{number}", number=e["turn"] + 1)),
                       h("span", {"class": "ev-text"}, text),
                       h("span", {"class": "ev-delta" + (" neg" if delta < 0 else "")},
                         signed(delta)) if delta and e["kind"] != "recorded" else ""))
    body = h("ol", {"class": "log"}, items) if items else \
        h("p", {"class": "hint"}, _("Nothing has happened yet."))
    return h("section", {"class": "events", "aria-label": _("Event log")},
             h("h3", {}, _("What happened") if limit is None else _("Latest events")), body)


def _modal(title, body, buttons=None):
    """The screen's dialog (thousand.ui.html.modal), closed by its Close unless it says otherwise."""
    return modal(title, body, buttons or button(_("Close"), "dice.close"))


def _names_list(names: list) -> str:
    """Players named together: "Vera", "Vera and Gleb", "Boris, Vera and Gleb"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _winner_line(names, winners, you) -> str:
    mine = [w for w in winners if w in you]
    others = [names[w] for w in winners if w not in you]
    if not others:
        return _("You win!")
    if mine:
        return _("You and {names} win!", names=_names_list(others))
    if len(others) == 1:
        return _("{name} wins!", name=others[0])
    return _("{names} win!", names=_names_list(others))


def _stake(value) -> str:
    return signed(value if isinstance(value, int) else round(value, 2))


def _game_over(app, s, you):
    game = _game()
    state, names = s.state, s.names()
    turns = len(state["turns"])
    if s.n == 1:
        score = state["players"][0]["score"]
        head = n_("You reached {score} in {n} turn.", "You reached {score} in {n} turns.",
                  turns, score=score) if 0 in you else \
            n_("{name} reached {score} in {n} turn.", "{name} reached {score} in {n} turns.",
               turns, name=names[0], score=score)
    else:
        head = _winner_line(names, state["winners"], you)
    items = [h("li", {}, _("{name}: {score}", name=names[r["seat"]], score=r["score"]))
             for r in game.ranking(state)]
    parts = [h("p", {"class": "winner"}, head)]
    if s.n > 1:
        parts += [h("ol", {"class": "ranking"}, items),
                  h("p", {"class": "hint"}, n_("{n} turn in all.", "{n} turns in all.", turns))]
    stakes = game.settlement(state)
    if stakes:
        parts.append(h("p", {}, _("Stakes: {stakes}", stakes=", ".join(
            _("{name} {stake}", name=names[i], stake=_stake(v)) for i, v in enumerate(stakes)))))
    return _modal(_("Game over"), parts,
                  [button(_("Home"), "go", screen="home")] if getattr(s, "remote", False) else
                  [button(_("Rematch"), "dice.rematch", cls="primary"),
                   button(_("Home"), "go", screen="home")])
