"""Helpers for the dice tests (no tests here): conventions, games set up at given scores, and rolls
with chosen dice. Seats are 0..n-1; `setup` makes seat `first` the player to act."""
import json

import pytest

from thousand.dice import game
from thousand.dice.catalogue import CATALOGUE
from thousand.errors import IllegalAction


def conv(preset="classic", **overrides):
    """A full, validated conventions dict."""
    return CATALOGUE.resolve(preset, overrides or None)


def setup(c=None, n=2, first=0, players=None, seed=1):
    """A game whose turn for `first` starts now, with player records changed by `players`
    ({seat: {field: value}}; a score above 0 also marks the player entered unless told)."""
    c = c or conv()
    s = game.new_game(c, seed, n, first)
    for seat, fields in (players or {}).items():
        p = s["players"][seat]
        if fields.get("score", 0) > 0 and "entered" not in fields:
            p["entered"] = True
            p["entry_score"] = 50
        if fields.get("on_barrel") and "score" not in fields:
            p["score"] = c["barrel_threshold"]
            p["entered"] = True
        p.update(fields)
    game._start_turn(s, first)
    return s


def act(s, type_, **kw):
    a = {"type": type_, "seat": kw.pop("seat", game.to_act(s))}
    a.update(kw)
    return game.apply(s, a)


def roll(s, *dice):
    return act(s, "roll", dice=list(dice))


def stop(s):
    return act(s, "stop")


def keep(s, *dice):
    return act(s, "keep", dice=list(dice))


def rolls(s, *many):
    """Several rolls in a row: rolls(s, [1, 5, 2, 3, 4], [1, 2, 3])."""
    for dice in many:
        s = roll(s, *dice)
    return s


def last_turn(s):
    return s["turns"][-1]


def events(s, kind=None, turn=None):
    out = s["log"] if turn is None else s["turns"][turn]["events"]
    return [e for e in out if kind is None or e["kind"] == kind]


def dump(s) -> str:
    return json.dumps(s, sort_keys=True)


def refused(s, action, *words):
    """The action is illegal, the message holds `words`, and the state is unchanged."""
    before = dump(s)
    with pytest.raises(IllegalAction) as err:
        game.apply(s, action)
    assert dump(s) == before
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


def score(s, seat):
    return s["players"][seat]["score"]


def take_turn(s, points, seat=None):
    """A whole turn entered as its result (score-keeper mode)."""
    return game.apply_turn_result(None, s, game.to_act(s) if seat is None else seat, points)
