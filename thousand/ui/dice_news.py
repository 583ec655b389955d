"""What happened at the dice table, as events for the page to say (the polite live region) and to
sound, as thousand/ui/table_news.py does for the card table: `news(before, action, after)`
compares the states on either side of one `game.apply`.

A roll and a choice of dice are the seat's own decisions: the person's are not said (the dice
are on the screen the moment he rolls). The log's events (thousand.dice.resolution: a score
recorded, the barrel climbed or fallen off, a dump truck, a win) follow from them and are said to
everybody, in the words of the table's log (thousand/ui/dice_words.py)."""
from thousand.i18n import _
from thousand.ui import dice_words

# the log's events that have a sound of their own (assets/sound.js)
LOG_SOUNDS = {"recorded": "trick", "pooled": "trick", "zero": "deal", "dump": "deal",
              "barrel_arrival": "barrel", "barrel_fall": "barrel", "knocked_off": "barrel",
              "win": "deal", "instant_win": "deal"}


def news(before: dict, action: dict, after: dict) -> list:
    """The events of `action`, applied to `before` to give `after`, in order."""
    out = []
    seat = (before.get("turn") or {}).get("seat")
    if action.get("type") == "roll":
        rolls = after["turns"][-1]["rolls"] if len(after["turns"]) > len(before["turns"]) \
            else after["turn"]["rolls"]
        if rolls:
            out.append({"what": "roll", "seat": seat, "dice": list(rolls[-1]["dice"]),
                        "chosen": True})
    elif action.get("type") == "keep":
        out.append({"what": "keep", "seat": seat, "dice": list(action.get("dice") or []),
                    "chosen": True})
    conv, log = after["conventions"], after["log"]
    dots = {}
    for i, e in enumerate(log):  # as dice_words.event_texts reads the log
        too_often = False
        if e["kind"] == "dot_penalty":
            count = dots.get(e["seat"], 0) + 1
            too_often = bool(conv["open_fall_limit"]) and count >= conv["open_fall_limit"]
            dots[e["seat"]] = 0 if too_often else count
        if i < len(before["log"]):
            continue
        prev = log[i - 1] if i else None
        out.append({"what": "log", "seat": e["seat"], "event": e, "too_often": too_often,
                    "after_record": prev is not None and prev["kind"] == "recorded" and
                    prev["seat"] == e["seat"] and prev["turn"] == e["turn"]})
    return out


def lines(session, events: list) -> list:
    """What the live region says of `events`, in the page's language."""
    names, you, conv = session.names(), dice_words.own_seats(session), \
        session.state["conventions"]
    return [said(e, names, you, conv) for e in events if heard(e, you)]


def heard(event: dict, you) -> bool:
    return not (event.get("chosen") and event["seat"] in you)


def sound_of(event: dict) -> str | None:
    if event["what"] in ("roll", "keep"):
        return "card"
    return LOG_SOUNDS.get(event["event"]["kind"]) if event["what"] == "log" else None


def said(event: dict, names, you, conv: dict) -> str:
    from thousand.dice import scoring
    what = event["what"]
    if what in ("roll", "keep"):
        dice = " ".join(str(d) for d in sorted(event["dice"]))
        reading = dice_words.reading_text(scoring.read_roll(event["dice"], conv))
        if what == "roll":
            return _("{name} rolls {dice}: {reading}", name=names[event["seat"]], dice=dice,
                     reading=reading)
        return _("{name} keeps {dice}: {reading}", name=names[event["seat"]], dice=dice,
                 reading=reading)
    if what == "log":
        return dice_words.event_text(event["event"], conv, names, you,
                                     too_often=event["too_often"],
                                     after_record=event["after_record"])
    raise ValueError(f"no words for the event {what!r}")
