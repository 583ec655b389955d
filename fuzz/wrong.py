"""Wrong actions to throw at a state: the wrong seat, wrong types in every field, unknown types,
cards not in hand, things that are not actions at all. Each must be refused with IllegalAction
and leave the state as it was.

Only actions that are surely wrong are thrown. A card action is wrong unless it equals an offered
one field for field, strictly (True is not 1, 2.0 is not 2): the engine accepts nothing else. A
dice action is judged by the rules of docs/dice-records.md (a roll may carry the dice of a real
roll; a turn's result may be entered before its first roll), and where those cannot tell without
playing it (a result of 60 points) no such action is thrown."""
import random

from thousand.cards.cards import DECK

from fuzz.checks import offered

CARD_FIELDS = ("seat", "value", "card", "to", "k", "talon", "show", "dark", "suit", "announce",
               "keep_trump")
CARD_KEYS = ("type", "seat", "value", "card", "to", "k", "talon", "show", "dark", "suit",
             "announce", "keep_trump")
CARD_TYPES = ("deal", "cut", "dark", "look", "keep", "redeal", "bid", "pass", "take_talon",
              "show_talon", "write_off", "cross", "give", "discard", "contract", "name_trump",
              "play")
DICE_FIELDS = ("seat", "dice", "points")
DICE_TYPES = ("roll", "stop", "keep", "result")

NAN = float("nan")
# Values of every JSON type (and a few that only Python can hold), for every field.
ODD_VALUES = (True, False, None, 0, 1, -1, 2, 3, 7, 23, 24, 1.0, 2.0, 0.5, -0.0, NAN,
              float("inf"), 10 ** 30, -10 ** 30, 2 ** 63, 2 ** 53 + 1, "", "0", "1", "true",
              "AH", "ah", "H", "x" * 500, "\u0000", "марьяж", [], [0], [1, 5], [[1]], ["AH"],
              {}, {"seat": 0}, {"value": 100})
NOT_ACTIONS = (None, True, 0, "play", [], ["play"], {}, {"seat": 0}, {"type": None},
               {"type": 1}, {"type": ["play"]}, {"type": {"a": 1}})


def _field_values(field, base, state, rnd):
    """Odd values, and for some fields plausible ones that are wrong here."""
    out = list(ODD_VALUES)
    if field == "card":
        out += list(DECK)
    elif field in ("value",):
        v = base.get("value")
        if isinstance(v, int):
            out += [v + 1, v - 1, v + 5, v - 5, v + 3, 0, -5, 10 ** 6]
    elif field in ("seat", "to"):
        out += list(range(-1, state["n"] + 2))
    elif field == "k":
        out += [-1, 0, 1, 12, 23, 24, 25]
    elif field == "suit":
        out += ["S", "C", "D", "H", "X", "h"]
    elif field == "announce":
        out += ["marriage", "bed_marriage", "ace_marriage", "four_nines", "Marriage", "bogus"]
    return out


def card_wrong_actions(state, legal, rnd: random.Random, count: int) -> list:
    """Up to `count` surely wrong actions for a card state, each with a label of what is wrong
    (the field and the kind of value) for grouping."""
    seat = legal[0]["seat"]
    out = []
    tries = 0
    while len(out) < count and tries < count * 6:
        tries += 1
        base = rnd.choice(legal)
        r = rnd.random()
        if r < 0.06:
            action, label = rnd.choice(NOT_ACTIONS), "not an action"
        elif r < 0.12:
            action = dict(base, type=rnd.choice(CARD_TYPES + ("no_such_action", "PLAY", "")))
            label = "type"
        elif r < 0.2:
            other = [p for p in range(state["n"]) if p != seat]
            action, label = dict(base, seat=rnd.choice(other)), "seat=another seat"
        elif r < 0.26 and state["deal"] and "hands" in state["deal"]:
            hand = state["deal"]["hands"][seat]
            foreign = [c for c in DECK if c not in hand]
            action, label = dict(base, card=rnd.choice(foreign)), "card=not in hand"
        elif r < 0.3:
            action = dict(base)
            gone = rnd.choice([k for k in action if k != "type"] or ["type"])
            action.pop(gone, None)
            label = f"{gone} missing"
        else:
            present = [f for f in CARD_FIELDS if f in base]
            field = rnd.choice(present) if present and rnd.random() < 0.6 else \
                rnd.choice(CARD_FIELDS)
            value = rnd.choice(_field_values(field, base, state, rnd))
            action = dict(base, **{field: value})
            label = f"{field}={type(value).__name__}"
        if not offered(action, legal, CARD_KEYS):
            out.append((action, label))
    return out


# --- dice -------------------------------------------------------------------------------------

def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def dice_surely_wrong(state, action) -> bool:
    """True when the rules refuse `action` whatever the dice; False when it is right, or when
    only playing it would tell."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return True
    if state["phase"] == "game_over":
        return True
    t = state["turn"]
    seat = action.get("seat")
    if not _int(seat) or seat != t["seat"]:
        return True
    kind = action["type"]
    if kind == "roll":
        if t["stage"] != "roll":
            return True
        dice = action.get("dice")
        if dice is None:
            return False
        return not (isinstance(dice, list) and len(dice) == t["dice_left"]
                    and all(_int(d) and 1 <= d <= 6 for d in dice))
    if kind == "keep":
        if t["stage"] != "keep":
            return True
        dice = action.get("dice")
        if not (isinstance(dice, list) and dice and all(_int(d) for d in dice)):
            return True
        return sorted(dice) not in [sorted(o["dice"]) for o in t["pending"]["options"]]
    if kind == "stop":
        from thousand.dice import game
        return game.stop_reason(state) is not None
    if kind == "result":
        if t["rolls"] or t["stage"] != "roll":
            return True
        p = action.get("points")
        if p in ("zero", "blank"):
            return False
        if p == "instant_win":
            return state["conventions"]["five_of_a_kind_wins"] == "off"
        if _int(p):
            return p <= 0 or p % 5 != 0
        return True
    return True


def dice_wrong_actions(state, legal, rnd: random.Random, count: int) -> list:
    t = state["turn"]
    seat = t["seat"]
    bases = list(legal) + [{"type": "roll", "seat": seat, "dice": [1] * t["dice_left"]},
                           {"type": "result", "seat": seat, "points": "zero"}]
    out, tries = [], 0
    while len(out) < count and tries < count * 6:
        tries += 1
        base = rnd.choice(bases)
        r = rnd.random()
        if r < 0.08:
            action, label = rnd.choice(NOT_ACTIONS), "not an action"
        elif r < 0.16:
            action = dict(base, type=rnd.choice(DICE_TYPES + ("no_such_action", "ROLL", "")))
            label = "type"
        elif r < 0.26 and state["n"] > 1:
            other = [p for p in range(state["n"]) if p != seat]
            action, label = dict(base, seat=rnd.choice(other)), "seat=another seat"
        else:
            field = rnd.choice(DICE_FIELDS)
            values = list(ODD_VALUES) + [[1, 2, 3, 4, 5, 6], [0] * t["dice_left"],
                                         [7] * t["dice_left"], [True] * t["dice_left"],
                                         [1.0] * t["dice_left"], [1] * (t["dice_left"] + 1),
                                         -5, 3, 1001, "instant_win", "blank", "zero"]
            value = rnd.choice(values)
            action = dict(base, **{field: value})
            label = f"{field}={type(value).__name__}"
        if dice_surely_wrong(state, action):
            out.append((action, label))
    return out
