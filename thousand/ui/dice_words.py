"""The dice game's words on the page, written from the engine's data in the player's language: a
roll's reading, a player's status, the log's events, the last turn, what a turn still needs and
why stopping is not allowed. (The engine's own English texts in the state serve the command line
and the records; in English the page says the same.)

`you` is the set of seats that are the person at this device (`own_seats`): their sentences are
their own ("You record 60", "Your turn"), never a name put into a sentence made for another
player ("You records 60")."""
import re

from thousand.i18n import N_, _, n_, number, p_, reason
from thousand.seats import is_own_name

def own_seats(session) -> frozenset:
    """The seats spoken to as "you": the only person at the device (playing computer players or
    alone), and any seat still called by the name offered for the person (thousand.seats)."""
    own = {i for i, name in enumerate(session.stored_names()) if is_own_name(name)}
    humans = session.humans()
    if len(humans) == 1:
        own.add(humans[0])
    return frozenset(own)


# --- a roll's reading ---------------------------------------------------------------------------

def _part(label: str) -> str:
    """One scoring part of a reading (thousand.dice.scoring's labels: "three 4s", "1", "5",
    "1-2-3-4-5", "pair of 3s"); digits need no words."""
    m = re.fullmatch(r"(three|four|five) (\d)s", label)
    if m:
        face = int(m.group(2))
        if m.group(1) == "three":
            return _("three {face}s", face=face)
        if m.group(1) == "four":
            return _("four {face}s", face=face)
        return _("five {face}s", face=face)
    m = re.fullmatch(r"pair of (\d)s", label)
    if m:
        return _("pair of {face}s", face=int(m.group(1)))
    return label


def reading_text(reading: dict) -> str:
    """A reading (scoring.read_roll, a keep option) as "three 4s + 1 + 5 = 55"."""
    if not reading["parts"]:
        return _("nothing scores")
    parts = " + ".join(_part(label) for label, _points in reading["parts"])
    return _("{parts} = {points}", parts=parts, points=reading["points"])


def roll_text(roll: dict, conv: dict) -> str:
    """The reading of one roll of a turn: of the dice set aside once they are, else of the
    whole roll (waiting for a keep choice, or nothing scored)."""
    from thousand.dice import scoring
    return reading_text(scoring.read_roll(roll.get("kept") or roll["dice"], conv))


# --- what a turn needs, and why it cannot stop -------------------------------------------------

def need_text(missing) -> str:
    """§2.4.10: 'you need 75 more to leave the pit (200-299)' (thousand.dice.resolution.need)."""
    kind, more, detail = missing
    if kind == "entry":
        return n_("you need {n} more to enter the game ({entry} in one turn)",
                  "you need {n} more to enter the game ({entry} in one turn)", more, entry=detail)
    if kind == "pit":
        return n_("you need {n} more to leave the pit ({low}-{high})",
                  "you need {n} more to leave the pit ({low}-{high})", more,
                  low=detail[0], high=detail[1])
    return n_("you need {n} more to finish from the barrel ({target} in one turn)",
              "you need {n} more to finish from the barrel ({target} in one turn)", more,
              target=detail)


def stop_reason(state):
    """Why the player to act may not stop now (the engine's thousand.dice.game.stop_reason), in the
    player's language, or None. What the turn still needs is said with the language's plural
    forms (need_text); every other reason is the engine's own Phrase."""
    from thousand.dice.game import stop_reason as engine_reason
    from thousand.dice.resolution import explain_need, need
    why = engine_reason(state)
    if why is None:
        return None
    if state["phase"] != "game_over":
        t = state["turn"]
        missing = need(state["conventions"], t["start"], t["T"]) if t["rolls"] else None
        if missing is not None and why == explain_need(missing):
            return need_text(missing)
    return reason(why)


def keeper_need(name: str, me: bool, missing) -> str:
    """What a turn must reach to be recorded, for the score keeper."""
    if missing is None:
        return _("You may record any points.") if me else \
            _("{name} may record any points.", name=name)
    kind, more, detail = missing
    if kind == "entry":
        return n_("You need {n} or more in one turn to enter the game.",
                  "You need {n} or more in one turn to enter the game.", detail) if me else \
            n_("{name} needs {n} or more in one turn to enter the game.",
               "{name} needs {n} or more in one turn to enter the game.", detail, name=name)
    if kind == "pit":
        return n_("You need {n} or more to leave the pit {low}–{high}.",
                  "You need {n} or more to leave the pit {low}–{high}.", more,
                  low=detail[0], high=detail[1]) if me else \
            n_("{name} needs {n} or more to leave the pit {low}–{high}.",
               "{name} needs {n} or more to leave the pit {low}–{high}.", more,
               name=name, low=detail[0], high=detail[1])
    return n_("You need {n} or more to finish from the barrel.",
              "You need {n} or more to finish from the barrel.", more) if me else \
        n_("{name} needs {n} or more to finish from the barrel.",
           "{name} needs {n} or more to finish from the barrel.", more, name=name)


# --- a player's status ---------------------------------------------------------------------------

def status_words(state, seat: int) -> list:
    """A player's status (§2.1.2) as short phrases: entered or not, pit, barrel with attempts,
    falls, bolts, dots."""
    from thousand.dice import game
    conv = state["conventions"]
    st = game.status(state, seat)
    words = []
    if st["won"]:
        words.append(_("winner"))
    elif not st["entered"]:
        words.append(_("not entered"))
    if st["in_pit"]:
        words.append(_("in the pit {low}–{high}", low=st["in_pit"][0], high=st["in_pit"][1]))
    if st["on_barrel"]:
        limit, pool = conv["barrel_attempts"], st["barrel_pool"]
        attempt = min(st["barrel_attempts"] + 1, limit)
        if limit and pool:
            words.append(_("on the barrel, try {attempt} of {limit}, {pool} kept",
                           attempt=attempt, limit=limit, pool=pool))
        elif limit:
            words.append(_("on the barrel, try {attempt} of {limit}", attempt=attempt,
                           limit=limit))
        elif pool:
            words.append(_("on the barrel, {pool} kept", pool=pool))
        else:
            words.append(_("on the barrel"))
    if st["barrel_falls"]:
        words.append(n_("{n} fall", "{n} falls", st["barrel_falls"]))
    if conv["bolts"] and st["bolts"]:
        words.append(n_("{n} bolt", "{n} bolts", st["bolts"]))
    if conv["barrel_mode"] == "open" and st["dots"]:
        words.append(n_("{n} dot", "{n} dots", st["dots"]))
    return words


# --- the last turn -------------------------------------------------------------------------------

def last_turn_line(state, names, you) -> str:
    """What the last finished turn did, in a sentence."""
    if not state["turns"]:
        return ""
    t = state["turns"][-1]
    seat = t["seat"]
    name, me = names[seat], seat in you
    score, points = t["scores"][seat], t["points"]
    end = t["end"]
    if end == "R":
        return _("You scored {points}: {before} → {score}.", points=points, before=t["s0"],
                 score=score) if me else \
            _("{name} scored {points}: {before} → {score}.", name=name, points=points,
              before=t["s0"], score=score)
    if end == "Z":
        entered = t["rolls"] and "entered" in t["rolls"][0]
        lost = t["rolls"][-1].get("lost") if not entered else None
        if lost:
            return n_("You rolled nothing and lost the turn's {n} point.",
                      "You rolled nothing and lost the turn's {n} points.", lost) if me else \
                n_("{name} rolled nothing and lost the turn's {n} point.",
                   "{name} rolled nothing and lost the turn's {n} points.", lost, name=name)
        return _("You rolled nothing: no points this turn.") if me else \
            _("{name} rolled nothing: no points this turn.", name=name)
    if end == "D":
        return _("You hit 555: the dump truck takes the score back to 0.") if me else \
            _("{name} hit 555: the dump truck takes the score back to 0.", name=name)
    if end in ("W", "I"):
        return _("You finished with {score}.", score=score) if me else \
            _("{name} finished with {score}.", name=name, score=score)
    if end == "O":
        target = state["conventions"]["target_score"]
        return _("You would have passed {target}: a dot.", target=target) if me else \
            _("{name} would have passed {target}: a dot.", name=name, target=target)
    return _("You kept {points} on the barrel.", points=points) if me else \
        _("{name} kept {points} on the barrel.", name=name, points=points)  # "P"


# --- the log's events ----------------------------------------------------------------------------

def _nth(k: int) -> str:
    """An ordinal for "falls … for the {nth} time" (barrel_fall_limit is 1 to 5)."""
    words = {1: p_("for the … time", "first"), 2: p_("for the … time", "second"),
             3: p_("for the … time", "third"), 4: p_("for the … time", "fourth"),
             5: p_("for the … time", "fifth")} if 1 <= k <= 5 else {}
    return words.get(k) or number(k)


def event_texts(state, names, you) -> list:
    """Every event of the log (state["log"]) in a sentence, in order. A penalty's points are not
    in its sentence: the page shows them beside it."""
    conv, log = state["conventions"], state["log"]
    out, dot_falls = [], {}
    for i, e in enumerate(log):
        too_often = False
        if e["kind"] == "dot_penalty":
            # §3.8.1: the penalty that reaches open_fall_limit sends the score to 0 instead
            count = dot_falls.get(e["seat"], 0) + 1
            limit = conv["open_fall_limit"]
            too_often = bool(limit) and count >= limit
            dot_falls[e["seat"]] = 0 if too_often else count
        prev = log[i - 1] if i else None
        after_record = prev is not None and prev["kind"] == "recorded" and \
            prev["seat"] == e["seat"] and prev["turn"] == e["turn"]
        out.append(event_text(e, conv, names, you, too_often=too_often,
                              after_record=after_record))
    return out


def event_text(e, conv, names, you, *, too_often=False, after_record=False) -> str:
    """One event (thousand.dice.resolution.Resolver.log) in a sentence. `too_often`: a dot
    penalty that sends the score to 0; `after_record`: a dump right after the turn's record."""
    kind, seat = e["kind"], e["seat"]
    name, me = names[seat], seat in you
    by = e.get("by")
    by_name, by_me = (names[by], by in you) if isinstance(by, int) and by < len(names) \
        else ("", False)
    score = e["score"]
    if kind == "recorded":
        points = e["points"]
        if conv["barrel_mode"] == "points" and score == conv["barrel_threshold"]:
            cap = conv["barrel_threshold"]
            return _("You record {points} (capped at {cap})", points=points, cap=cap) if me \
                else _("{name} records {points} (capped at {cap})", name=name, points=points,
                       cap=cap)
        return _("You record {points}", points=points) if me else \
            _("{name} records {points}", name=name, points=points)
    if kind == "dump":
        if "points" in e:
            return _("You reach 555 mid-turn: dump truck, back to 0") if me else \
                _("{name} reaches 555 mid-turn: dump truck, back to 0", name=name)
        if after_record:
            return _("You hit 555: dump truck, back to 0") if me else \
                _("{name} hits 555: dump truck, back to 0", name=name)
        return _("You are left on 555: dump truck, back to 0") if me else \
            _("{name} is left on 555: dump truck, back to 0", name=name)
    if kind == "entered":
        return _("You enter the game with {score}", score=score) if me else \
            _("{name} enters the game with {score}", name=name, score=score)
    if kind == "barrel_arrival":
        return _("You climb on the barrel at {score}", score=score) if me else \
            _("{name} climbs on the barrel at {score}", name=name, score=score)
    if kind == "overtaken":
        if me:
            return _("You are overtaken by {by}", by=by_name)
        if by_me:
            return _("{name} is overtaken by you", name=name)
        return _("{name} is overtaken by {by}", name=name, by=by_name)
    if kind == "zero":
        return _("You roll nothing: the turn's points are lost") if me else \
            _("{name} rolls nothing: the turn's points are lost", name=name)
    if kind == "bolt":
        bolt = e.get("bolts", 0)
        return _("You get bolt {bolt}", bolt=bolt) if me else \
            _("{name} gets bolt {bolt}", name=name, bolt=bolt)
    if kind == "bolt_penalty":
        limit = conv["bolt_limit"]
        return n_("You have {n} bolt", "You have {n} bolts", limit) if me else \
            n_("{name} has {n} bolt", "{name} has {n} bolts", limit, name=name)
    if kind == "barrel_attempt":
        attempt, limit = e.get("attempts", 0), conv["barrel_attempts"]
        if limit:
            return _("You fail barrel attempt {attempt} of {limit}", attempt=attempt,
                     limit=limit) if me else \
                _("{name} fails barrel attempt {attempt} of {limit}", name=name,
                  attempt=attempt, limit=limit)
        return _("You fail barrel attempt {attempt}", attempt=attempt) if me else \
            _("{name} fails barrel attempt {attempt}", name=name, attempt=attempt)
    if kind == "barrel_fall":
        return _fall_text(e, conv, name, me, by_name, by_me)
    if kind == "knocked_off":
        return _("You are knocked off the barrel, back to {score}", score=score) if me else \
            _("{name} is knocked off the barrel, back to {score}", name=name, score=score)
    if kind == "floor":
        return _("You cannot go below 0") if me else \
            _("{name} cannot go below 0", name=name)
    if kind == "left_barrel":
        return _("You drop below the barrel (not a fall)") if me else \
            _("{name} drops below the barrel (not a fall)", name=name)
    if kind == "win":
        return _("You finish with {score} and win", score=score) if me else \
            _("{name} finishes with {score} and wins", name=name, score=score)
    if kind == "instant_win":
        return _("You roll five of a kind and win") if me else \
            _("{name} rolls five of a kind and wins", name=name)
    if kind == "dot":
        target, dot = conv["target_score"], e.get("dots", 0)
        return _("You would pass {target}: dot {dot}", target=target, dot=dot) if me else \
            _("{name} would pass {target}: dot {dot}", name=name, target=target, dot=dot)
    if kind == "dot_penalty":
        limit = conv["open_dot_limit"]
        if too_often:
            return n_("You have {n} dot too often: back to 0",
                      "You have {n} dots too often: back to 0", limit) if me else \
                n_("{name} has {n} dot too often: back to 0",
                   "{name} has {n} dots too often: back to 0", limit, name=name)
        return n_("You have {n} dot", "You have {n} dots", limit) if me else \
            n_("{name} has {n} dot", "{name} has {n} dots", limit, name=name)
    if kind == "pooled":
        points, pool = e.get("points", 0), e.get("pool", 0)
        return _("You keep {points} on the barrel ({pool} so far)", points=points,
                 pool=pool) if me else \
            _("{name} keeps {points} on the barrel ({pool} so far)", name=name,
              points=points, pool=pool)
    return _named(e.get("text", kind), names)  # an event this page does not know yet


def _fall_text(e, conv, name, me, by_name, by_me) -> str:
    """§2.12.5: a fall off the barrel (its turns used up, or knocked off by a player arriving);
    the fall that reaches barrel_fall_limit sends the score to 0."""
    to_zero = bool(conv["barrel_fall_limit"]) and e.get("falls") == 0
    nth = _nth(conv["barrel_fall_limit"]) if to_zero else ""
    if e.get("cause") == "knock_off":
        if to_zero:
            if me:
                return _("You are knocked off the barrel by {by} and fall for the {nth} time: "
                         "back to 0", by=by_name, nth=nth)
            if by_me:
                return _("{name} is knocked off the barrel by you and falls for the {nth} "
                         "time: back to 0", name=name, nth=nth)
            return _("{name} is knocked off the barrel by {by} and falls for the {nth} time: "
                     "back to 0", name=name, by=by_name, nth=nth)
        if me:
            return _("You are knocked off the barrel by {by}: a fall", by=by_name)
        if by_me:
            return _("{name} is knocked off the barrel by you: a fall", name=name)
        return _("{name} is knocked off the barrel by {by}: a fall", name=name, by=by_name)
    if to_zero:
        return _("You fall off the barrel for the {nth} time: back to 0", nth=nth) if me else \
            _("{name} falls off the barrel for the {nth} time: back to 0", name=name, nth=nth)
    return _("You fall off the barrel") if me else \
        _("{name} falls off the barrel", name=name)


def _named(text: str, names: list) -> str:
    """An engine text ("seat 1 is overtaken by seat 0") with the players' names."""
    def name(m):
        i = int(m.group(1))
        return names[i] if i < len(names) else m.group(0)
    return re.sub(r"\bseat (\d)\b", name, text)


def hint_text(view: dict, action: dict, weighed: dict | None) -> str:
    """Why the best dice player would roll, stop or keep these dice (a hint, thousand.bots.dice:
    `weighed` is the value of stopping and of rolling on that it compared)."""
    t = view["turn"]
    if action["type"] == "keep":
        option = t["pending"]["options"][view["legal"].index(action)]
        return _("Keep {reading}: it leaves the best chances for the rest of the turn.",
                 reading=reading_text(option))
    if action["type"] == "stop":
        if weighed:
            return _("Stop and write down {points}: rolling on is worth about {roll} on average, "
                     "against {stop} for stopping.", points=t["T"], roll=round(weighed["roll"]),
                     stop=round(weighed["stop"]))
        return _("Stop and write down {points}.", points=t["T"])
    if weighed:
        return n_("Roll again: with {n} die, rolling on is worth about {roll} on average, against "
                  "{stop} for stopping.", "Roll again: with {n} dice, rolling on is worth about "
                  "{roll} on average, against {stop} for stopping.", t["dice_left"],
                  roll=round(weighed["roll"]), stop=round(weighed["stop"]))
    if not t["rolls"]:
        return _("Roll the five dice to begin your turn.")
    return _("Roll: you cannot stop yet.") if not any(a["type"] == "stop" for a in view["legal"]) \
        else _("Roll again.")


# --- Statistics ---------------------------------------------------------------------------------

# The computer players a seat can have, as the page names them
BOT_LABELS = {"optimal": N_("Computer"), "threshold": N_("Computer (cautious)")}


def statistics_rows(g: dict, solo: bool) -> list:
    """The dice game's own lines of a Statistics group: (label, figure)."""
    rows = [(_("Turns"), number(g["turns"]))]
    if g.get("average_turn") is not None:
        rows.append((_("Average turn score"), number(g["average_turn"])))
    rows += [(_("Bolts"), number(g["bolts"])), (_("Barrels mounted"), number(g["barrels"])),
             (_("Falls from the barrel"), number(g["falls"]))]
    if not solo:
        rows += [(_("Knocked others off the barrel"), number(g["knocked_others"])),
                 (_("Knocked off the barrel"), number(g["knocked_off"]))]
    rows.append((_("Dump trucks"), number(g["dump_trucks"])))
    if not solo:
        rows += [(_("Overtook others"), number(g["overtook"])),
                 (_("Overtaken"), number(g["overtaken"]))]
    return rows


def length_words(n: int) -> str:
    return n_("{n} turn", "{n} turns", n)


def level_label(name: str) -> str:
    if name in BOT_LABELS:
        return _(BOT_LABELS[name])
    return name.replace("_", " ").capitalize()  # a player this page has no word for


def games_added(n: int) -> str:
    """An import's plan: finished games added."""
    return n_("add {n} finished dice game", "add {n} finished dice games", n)


def sets_added(n: int) -> str:
    """An import's plan: convention sets added."""
    return n_("add {n} convention set for the dice game",
              "add {n} convention sets for the dice game", n)


def house_rules(n: int) -> str:
    """Whose rules the Conventions screen edits."""
    if n == 1:
        return _("The house rules of the dice game for 1 player (solo practice) (the number of "
                 "players is chosen on the New game screen).")
    return n_("The house rules of the dice game for {n} player (the number of players is "
              "chosen on the New game screen).",
              "The house rules of the dice game for {n} players (the number of players is "
              "chosen on the New game screen).", n)
