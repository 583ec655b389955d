"""The dice table: five dice that roll, the dice set aside this turn with their readings, the turn
total, Roll / Stop (and the keep choices when the conventions let a player choose) enabled only
when the engine allows them, the reason when stopping is not allowed, the score table with each
player's status, and the log of what happened (penalties, barrel, dump truck).

With real dice (score-keeper mode) the same screen asks for each turn's result instead of
rolling. Everything shown comes from the engine (thousand/dice/game.py); every button sends an
action the engine offers, and a refusal is shown in the engine's words."""
import re

from thousand.errors import IllegalAction
from thousand.ui.html import Markup, action_attrs, button, h

# The pips of each face on a 3 × 3 grid (cells 0-8, row by row).
PIPS = {1: {4}, 2: {2, 6}, 3: {2, 4, 6}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8},
        6: {0, 2, 3, 5, 6, 8}}
POINTS_FIELD = "turn-points"
LOG_SHOWN = 8
YOU_VERBS = {"is": "are", "has": "have", "records": "record", "rolls": "roll", "gets": "get",
             "hits": "hit", "enters": "enter", "climbs": "climb", "fails": "fail",
             "falls": "fall", "reaches": "reach", "finishes": "finish", "keeps": "keep",
             "drops": "drop", "would": "would", "wins": "win", "stops": "stop"}


def _game():
    from thousand.dice import game
    return game


# --- what the app asks of a play screen -------------------------------------------------------

def waiting_for_person(app) -> bool:
    """Computer players wait while the whole log is open."""
    return app.ui.get("dialog") == "log"


def after_action(app):
    app.ui.pop("dialog", None)


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
        if s.over:
            from thousand.ui.screens.dice_new import start_from_meta
            start_from_meta(app, s.meta, s.state)
        return
    if do == "dice.undo":
        if not s.keeper:
            app.notice = "Only a score keeper's entries can be taken back."
            return
        if not s.record["actions"]:
            app.notice = "There is nothing to take back."
            return
        s.undo()
        app.save("dice")
        return
    if s.over:
        app.notice = "The game is over."
        return
    seat = s.to_act()
    if s.is_bot(seat):
        app.notice = f"It is {_whose(s.names()[seat])} turn."
        return
    if s.keeper and do in ("dice.roll", "dice.stop", "dice.keep"):
        app.notice = "This game is played with real dice: enter each turn's result."
        return
    if do == "dice.roll":
        _act(app, {"type": "roll", "seat": seat})
    elif do == "dice.stop":
        reason = _game().stop_reason(s.state)
        if reason is not None:
            app.notice = f"You cannot stop: {reason}."
            return
        _act(app, {"type": "stop", "seat": seat})
    elif do == "dice.keep":
        legal = [a for a in s.view(seat)["legal"] if a["type"] == "keep"]
        i = event.get("i")
        if not isinstance(i, int) or not 0 <= i < len(legal):
            app.notice = "Choose one of the offered sets of dice to keep."
            return
        _act(app, legal[i])
    elif do == "dice.result":
        _result(app, s, seat, event)
    else:
        app.notice = f"unknown dice event '{do}'"


def _act(app, action):
    try:
        app.dice.act(action)
    except IllegalAction as exc:
        app.notice = _sentence(str(exc))
        return False
    after_action(app)
    app.save("dice")
    return True


def _result(app, s, seat, event):
    """Score-keeper mode: one turn's result, typed (points) or tapped (zero, blank, five of a
    kind)."""
    if not s.keeper:
        app.notice = "The page rolls the dice in this game: use Roll and Stop."
        return
    value = event.get("value")
    if value is None:
        raw = str((event.get("fields") or {}).get(POINTS_FIELD, "")).strip()
        try:
            value = int(raw)
        except ValueError:
            app.ui["typed"] = raw
            app.notice = ("Enter the points of the turn as a whole number, like 85, or tap "
                          "“Zero roll”." if raw else "Enter the points of the turn first.")
            return
    elif value not in ("zero", "blank", "instant_win"):
        app.notice = "Unknown result."
        return
    if _act(app, {"type": "result", "seat": seat, "points": value}):
        app.ui.pop("typed", None)
        return
    # the engine's words name the result; the page's button for it is "Zero roll"
    app.notice = app.notice.replace("enter 'zero'", "tap “Zero roll”")
    if isinstance(value, int):
        app.ui["typed"] = str(value)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", ")")) else ".")


# --- words ------------------------------------------------------------------------------------

def _named(text: str, names: list) -> str:
    """An engine text ("seat 1 is overtaken by seat 0: -50") with the players' names."""
    def name(m):
        i = int(m.group(1))
        return names[i] if i < len(names) else m.group(0)
    text = re.sub(r"\bseat (\d)\b", name, text)
    # "You is overtaken" → "You are overtaken"
    text = re.sub(r"\bYou (\w+)\b", lambda m: "You " + YOU_VERBS.get(m.group(1), m.group(1)),
                  text)
    return text.replace(" -", " −")


def _whose(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _turn_of(name: str) -> str:
    return f"{_whose(name)} turn"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def status_words(state, seat: int) -> list:
    """A player's status (§2.1.2) as short phrases: entered or not, pit, barrel with attempts,
    falls, bolts, dots."""
    game = _game()
    conv = state["conventions"]
    st = game.status(state, seat)
    words = []
    if st["won"]:
        words.append("winner")
    elif not st["entered"]:
        words.append("not entered")
    if st["in_pit"]:
        words.append(f"in the pit {st['in_pit'][0]}–{st['in_pit'][1]}")
    if st["on_barrel"]:
        limit = conv["barrel_attempts"]
        word = "on the barrel"
        if limit:
            word += f", try {min(st['barrel_attempts'] + 1, limit)} of {limit}"
        if st["barrel_pool"]:
            word += f", {st['barrel_pool']} kept"
        words.append(word)
    if st["barrel_falls"]:
        words.append(f"{st['barrel_falls']} fall" + ("s" if st["barrel_falls"] > 1 else ""))
    if conv["bolts"] and st["bolts"]:
        words.append(f"{st['bolts']} bolt" + ("s" if st["bolts"] > 1 else ""))
    if conv["barrel_mode"] == "open" and st["dots"]:
        words.append(f"{st['dots']} dot" + ("s" if st["dots"] > 1 else ""))
    return words


def last_turn_line(state, names) -> str:
    """What the last finished turn did, in a sentence."""
    if not state["turns"]:
        return ""
    t = state["turns"][-1]
    who, seat = names[t["seat"]], t["seat"]
    score = t["scores"][seat]
    entered = t["rolls"] and "entered" in t["rolls"][0]
    end = t["end"]
    if end == "R":
        text = f"{who} scored {t['points']}: {t['s0']} → {score}."
    elif end == "Z":
        lost = t["rolls"][-1].get("lost") if not entered else None
        text = f"{who} rolled nothing" + (f" and lost the turn's {lost} points." if lost
                                          else ": no points this turn.")
    elif end == "D":
        text = f"{who} hit 555: the dump truck takes the score back to 0."
    elif end in ("W", "I"):
        text = f"{who} finished with {score}."
    elif end == "O":
        text = f"{who} would have passed {state['conventions']['target_score']}: a dot."
    else:  # "P"
        text = f"{who} kept {t['points']} on the barrel."
    return _named(text, names)


# --- drawing ----------------------------------------------------------------------------------

def die(face: int, *, cls: str = "", label_extra: str = "", delay: int = 0) -> Markup:
    """One die drawn with CSS pips; for assistive technology an image 'die showing 4'."""
    cells = [h("i", {"class": "on" if k in PIPS[face] else None}) for k in range(9)]
    return h("span", {"class": f"die f{face}" + (f" {cls}" if cls else ""), "role": "img",
                      "aria-label": f"die showing {face}{label_extra}",
                      "style": f"--i: {delay}" if delay else None}, cells)


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
        return h("section", {"class": "screen"}, h("p", {}, "No dice game in progress."),
                 button("Home", "go", screen="home"))
    state, names = s.state, s.names()
    parts = [_top_bar(app, s)]
    if app.notice:
        parts.append(h("p", {"class": "notice", "role": "alert"}, app.notice))
    if not s.over:
        parts.append(_keeper_panel(app, s) if s.keeper else _turn_panel(app, s))
    parts += [_score_table(s), _log(state, names, LOG_SHOWN)]
    dialog = _game_over(app, s) if s.over else (
        _modal("Whole log", _log(state, names, None)) if app.ui.get("dialog") == "log" else "")
    return h("section", {"class": "dice-table" + (" keeper" if s.keeper else ""),
                         "aria-label": "Dice table"}, parts, dialog)


def _top_bar(app, s):
    state = s.state
    from thousand.dice.catalogue import CATALOGUE
    preset = s.meta.get("preset")
    title = CATALOGUE.preset(preset)["title"] if preset in CATALOGUE.preset_names() else \
        "House rules"
    facts = [h("span", {"class": "turn-no"}, f"Turn {len(state['turns']) + 1}"
               if not s.over else f"{len(state['turns'])} turns"),
             h("span", {"class": "badge"}, title)]
    if state["conventions"]["target_score"] != 1000:
        facts.append(h("span", {"class": "badge"}, f"to {state['conventions']['target_score']}"))
    if s.keeper:
        facts.append(h("span", {"class": "badge keeper"}, "real dice"))
    if s.n == 1:
        facts.append(h("span", {"class": "badge"}, "solo"))
    menu = [button("Log", "dice.log", disabled=not state["log"],
                   aria_label="The whole log of the game")]
    if s.keeper:
        menu.append(button("Undo", "dice.undo", disabled=not s.record["actions"],
                           aria_label="Undo the last entry"))
    menu.append(button("Home", "go", screen="home"))
    return h("header", {"class": "table-bar"}, h("div", {"class": "facts"}, facts),
             h("nav", {"class": "menu", "aria-label": "Dice menu"}, menu))


def _fresh(app, key: str) -> bool:
    """True the first time a roll is drawn: its dice get the rolling animation once."""
    if app.ui.get("dice_drawn") == key:
        return False
    app.ui["dice_drawn"] = key
    return True


def _turn_panel(app, s):
    game = _game()
    state, names = s.state, s.names()
    summary = game.turn_summary(state)
    seat = summary["seat"]
    name = names[seat]
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
                    label_extra=", set aside" if m else "", delay=i)
                for i, (d, m) in enumerate(zip(last["dice"], marks))]
        reading = "nothing scores: roll again (second try)" if last.get("retry") \
            else last["text"]
    else:
        prev = state["turns"][-1] if state["turns"] else None
        shown = prev["rolls"][-1] if prev and prev["rolls"] else None
        if shown and "dice" in shown:
            # the roll that ended the last turn stays on the table until this turn's first roll
            marks = _scoring_marks(shown["dice"], shown.get("kept") or [])
            tray = [die(d, cls="prev" + (" scoring" if m else "") + (" fresh" if fresh else ""),
                        delay=i) for i, (d, m) in enumerate(zip(shown["dice"], marks))]
            reading = f"{_whose(names[prev['seat']])} last roll: {shown['text']}"
        else:
            tray, reading = [], ""
        tray.append(h("p", {"class": "hint next"}, f"{name} is about to roll." if bot else
                      "Tap Roll to throw five dice."))
    tray_box = h("div", {"class": "tray", "role": "group", "aria-label": "Dice rolled"},
                 h("div", {"class": "dice-row"}, tray),
                 h("p", {"class": "reading", "aria-live": "polite"}, reading) if reading else "")

    # the dice set aside this turn, roll by roll, each with its reading
    groups = [h("li", {"class": "aside"},
                h("span", {"class": "dice-row small"},
                  [die(d, cls="small", label_extra=", set aside") for d in r["kept"]]),
                h("span", {"class": "aside-text"}, r["text"]))
              for r in rolls if r.get("kept")]
    aside = h("div", {"class": "set-aside", "role": "group", "aria-label": "Set aside"},
              h("h3", {}, "Set aside this turn"),
              h("ol", {}, groups) if groups else h("p", {"class": "hint"}, "Nothing yet."))

    total = h("p", {"class": "turn-total"},
              h("span", {"class": "label"}, "Turn points "),
              h("strong", {"id": "turn-points-total"}, str(summary["points"])),
              h("span", {"class": "hint"},
                f" · {summary['dice_left']} {'die' if summary['dice_left'] == 1 else 'dice'} "
                "to roll" + (" (hot dice!)" if summary["hot"] else "")))

    # the buttons: only what the engine allows
    legal = s.view(seat)["legal"] if not bot else []
    can_roll = any(a["type"] == "roll" for a in legal)
    can_stop = any(a["type"] == "stop" for a in legal)
    reason = summary["stop_reason"]
    controls = []
    if summary["stage"] == "keep" and not bot:
        controls.append(h("p", {"class": "prompt-title"}, "Choose the dice to set aside"))
        controls.append(h("div", {"class": "actions keep"},
                          [button(f"Keep {o['text']}", "dice.keep", i=i,
                                  cls="primary" if i == 0 else None)
                           for i, o in enumerate(summary["pending"]["options"])]))
    controls.append(h("div", {"class": "actions roll-stop"},
                      button("Roll", "dice.roll", cls="primary big-ish", disabled=not can_roll),
                      h("button", {"type": "button", "class": "big-ish",
                                   "disabled": not can_stop, "aria-describedby": "stop-why",
                                   **action_attrs("dice.stop")}, "Stop")))
    if bot:
        why = f"{name} is playing…"
    elif can_stop:
        would = summary["would_record"]
        why = f"Stop now to record {summary['points']}: the score becomes " \
              f"{str(would).replace('-', '−')}."
    else:
        why = _sentence(f"you cannot stop yet: {reason}") if reason else ""
    controls.append(h("p", {"class": "stop-why", "id": "stop-why", "aria-live": "polite"}, why))

    head = h("h2", {"class": "turn-head"}, _turn_of(name),
             h("span", {"class": "badge computer"}, "computer") if bot else "")
    line = last_turn_line(state, names)
    return h("div", {"class": "turn-panel" + (" bot" if bot else ""), "aria-label": "Turn"},
             head, h("p", {"class": "last-turn"}, "Last turn: " + line) if line else "",
             tray_box, total, aside, h("div", {"class": "controls"}, controls))


def _keeper_panel(app, s):
    """Score keeper: the result of the turn played at the table, for the player whose turn it
    is."""
    from thousand.dice.resolution import need
    state, names = s.state, s.names()
    conv, t = state["conventions"], state["turn"]
    name = names[t["seat"]]
    missing = need(conv, t["start"], 0)
    needs = h("p", {"class": "hint"}, _keeper_need(name, missing))
    extra = []
    if conv["bolts"] and conv["bolt_trigger"] == "blank_opening":
        extra.append(button("Blank first roll", "dice.result", value="blank"))
    if conv["five_of_a_kind_wins"] != "off":
        extra.append(button("Five of a kind (wins)", "dice.result", value="instant_win"))
    line = last_turn_line(state, names)
    form = h("div", {"class": "keeper-form"},
             h("label", {"for": POINTS_FIELD}, f"Points {name} stopped with"),
             h("div", {"class": "conv-inline"},
               h("input", {"id": POINTS_FIELD, "type": "number", "inputmode": "numeric",
                           "min": 5, "step": 5, "value": app.ui.get("typed", ""),
                           "autocomplete": "off"}),
               h("button", {"type": "button", "class": "primary", "data-fields": POINTS_FIELD,
                            **action_attrs("dice.result")}, "Record")),
             h("div", {"class": "actions"},
               button("Zero roll", "dice.result", value="zero",
                      aria_label=f"Zero roll: {name} scores nothing this turn"), extra))
    return h("div", {"class": "turn-panel keeper", "aria-label": "Turn"},
             h("h2", {"class": "turn-head"}, _turn_of(name)),
             h("p", {"class": "last-turn"}, "Last turn: " + line) if line else "",
             needs, form)


def _keeper_need(name, missing) -> str:
    """What a turn must reach to be recorded, for the score keeper."""
    if missing is None:
        return f"{name} may record any points."
    kind, more, detail = missing
    if kind == "entry":
        return f"{name} needs {detail} or more in one turn to enter the game."
    if kind == "pit":
        return f"{name} needs {more} or more to leave the pit {detail[0]}–{detail[1]}."
    return f"{name} needs {more} or more to finish from the barrel."


def _score_table(s):
    state, names = s.state, s.names()
    acting = _game().to_act(state)
    rows = []
    for i in range(s.n):
        words = status_words(state, i)
        mark = " (computer)" if s.is_bot(i) else ""
        rows.append(h("tr", {"class": "to-act" if i == acting else None,
                             "aria-current": "true" if i == acting else None},
                      h("th", {"scope": "row"}, names[i],
                        h("span", {"class": "sr-only"}, mark) if mark else ""),
                      h("td", {"class": "score"}, str(state["players"][i]["score"])),
                      h("td", {"class": "st"}, ", ".join(words) or "—")))
    return h("div", {"class": "scores"},
             h("table", {"aria-label": "Scores"},
               h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, "Player"),
                                h("th", {"scope": "col"}, "Score"),
                                h("th", {"scope": "col"}, "Status"))),
               h("tbody", {}, rows)))


PENALTIES = {"overtaken", "bolt_penalty", "dump", "barrel_fall", "knocked_off", "dot_penalty"}


def _log(state, names, limit):
    events = state["log"] if limit is None else state["log"][-limit:]
    items = []
    for e in reversed(events):
        cls = "event " + e["kind"] + (" penalty" if e["kind"] in PENALTIES else "")
        delta = e.get("delta") or 0
        text = _named(e["text"], names)
        text = re.sub(r": [−-]\d+$", "", text) if delta < 0 else text
        items.append(h("li", {"class": cls},
                       h("span", {"class": "ev-turn"}, f"T{e['turn'] + 1}"),
                       h("span", {"class": "ev-text"}, text),
                       h("span", {"class": "ev-delta" + (" neg" if delta < 0 else "")},
                         _signed(delta)) if delta and e["kind"] != "recorded" else ""))
    body = h("ol", {"class": "log"}, items) if items else \
        h("p", {"class": "hint"}, "Nothing has happened yet.")
    return h("section", {"class": "events", "aria-label": "Event log"},
             h("h3", {}, "What happened" if limit is None else "Latest events"), body)


def _modal(title, body, buttons=None):
    return h("div", {"class": "overlay"},
             h("div", {"class": "dialog", "role": "dialog", "aria-modal": "true",
                       "aria-label": title},
               h("h2", {}, title), body,
               h("div", {"class": "actions"}, buttons or button("Close", "dice.close"))))


def _game_over(app, s):
    game = _game()
    state, names = s.state, s.names()
    winners = state["winners"]
    turns = len(state["turns"])
    if s.n == 1:
        head = f"{names[0]} reached {state['players'][0]['score']} in {turns} turns."
    else:
        who = " and ".join(names[w] for w in winners)
        head = who + (" wins!" if len(winners) == 1 and who != "You" else " win!")
    items = [h("li", {}, f"{names[r['seat']]}: {r['score']}") for r in game.ranking(state)]
    parts = [h("p", {"class": "winner"}, head)]
    if s.n > 1:
        parts += [h("ol", {"class": "ranking"}, items),
                  h("p", {"class": "hint"}, f"{turns} turns in all.")]
    stakes = game.settlement(state)
    if stakes:
        parts.append(h("p", {}, "Stakes: " + ", ".join(
            f"{names[i]} {_signed(v) if isinstance(v, int) else f'{v:+.2f}'}"
            for i, v in enumerate(stakes))))
    return _modal("Game over", parts,
                  [button("Rematch", "dice.rematch", cls="primary"),
                   button("Home", "go", screen="home")])
