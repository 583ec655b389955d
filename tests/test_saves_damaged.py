"""Damaged saved games (issue 8, item 5): whatever a saved game holds, the page opens; a game
that cannot be resumed is kept aside under a thousand:damaged:… key, the home screen says so in
words, and the save before it is offered, resumed and played on. Both games, card and dice."""
import copy
import json
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import test_ui_app as cards_ui
import test_ui_dice as dice_ui
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App

KEY = {"cards": "thousand:game:cards", "dice": "thousand:game:dice"}
CONTINUE = {"cards": "home.continue", "dice": "home.continue_dice"}


def new_app(backend):
    return App(Store(backend), delay=0, seed=3)


def person_move(app, kind, rnd):
    if kind == "cards":
        cards_ui.person_move(app, rnd)
    else:
        dice_ui.person_move(app)


def play_a_few(app, kind, moves, rnd):
    """Some moves of the game under way through page events; the table must never fail."""
    session = app.session_of(kind)
    for _ in range(moves):
        while app.bot_step():
            pass
        if session.over:
            return
        person_move(app, kind, rnd)
        assert "Something went wrong" not in str(app.render())


@lru_cache(maxsize=None)
def _played(kind: str) -> tuple:
    """The stored text of a game played for a while: (current save, previous save), both good."""
    backend = MemoryBackend()
    app = new_app(backend)
    if kind == "cards":
        cards_ui.start(app, 3, kinds={2: "human"})  # two people: the privacy screen too
    else:
        dice_ui.start(app, 3)
    play_a_few(app, kind, 25, random.Random(7))
    return backend.get(KEY[kind]), backend.get(KEY[kind] + ":previous")


def played(kind):
    """A fresh backend holding the played game, and the two saved documents as data."""
    current, previous = _played(kind)
    backend = MemoryBackend({KEY[kind]: current, KEY[kind] + ":previous": previous})
    return backend, json.loads(current)["data"], json.loads(previous)["data"]


def store_doc(backend, kind, doc):
    """Write `doc` as the current save, in a good envelope (only the game inside is damaged).
    Returns the stored text."""
    raw = json.dumps({"kind": kind, "version": 1, "saved_at_seq": 99, "data": doc})
    backend.set(KEY[kind], raw)
    return raw


def assert_set_aside_and_previous_offered(backend, kind, raw, previous, words=()):
    """The page opens on the home screen, says what happened, kept the damaged save as it was,
    and offers the previous good save, which resumes where it stood and plays on."""
    app = new_app(backend)
    html = str(app.render())
    assert app.screen == "home" and 'role="alert"' in html
    problem = app.saved_problem
    assert problem.startswith(f"Your saved {'card' if kind == 'cards' else 'dice'} game could not")
    assert "it was kept aside as thousand:damaged:" in problem
    assert problem.endswith("The save before it was loaded instead.")
    for w in words:
        assert w in problem, problem
    assert raw in Store(backend).damaged_saves().values()  # kept aside byte for byte
    session = app.session_of(kind)
    assert session is not None, problem
    assert session.state == previous["state"] and session.record == previous["record"]
    assert ("Continue the dice game" if kind == "dice" else ">Continue</button>") in html
    app.handle({"do": CONTINUE[kind]})
    assert app.screen == ("table" if kind == "cards" else "dice")
    play_a_few(app, kind, 6, random.Random(1))
    # what was played is saved as usual, and a new page resumes it with no complaint
    again = new_app(backend)
    assert again.saved_problem is None
    assert again.session_of(kind).state == app.session_of(kind).state
    return app


# --- damage a hostile tester found, and more of the kind ----------------------------------------

def _at(doc, *path):
    for key in path:
        doc = doc[key]
    return doc


def _illegal_action(kind):
    def change(doc):
        if kind == "cards":
            deal = doc["record"]["deals"][-1]
            deal["actions"].append({"type": "play", "seat": 0, "card": "XX"})
        else:
            doc["record"]["actions"].append({"type": "roll", "seat": 9})
    return change


def _set(value, *path):
    def change(doc):
        _at(doc, *path[:-1])[path[-1]] = copy.deepcopy(value)
    return change


def _delete(*path):
    def change(doc):
        del _at(doc, *path[:-1])[path[-1]]
    return change


DEEP = [1]
for _ in range(40):
    DEEP = [DEEP]

COMMON = {
    "state lacks n": (_delete("state", "n"), "save.state"),
    "record holds an illegal action": (None, "illegal action"),
    "unknown phase": (_set("siesta", "state", "phase"), "save.state"),
    "state is a number": (_set(5, "state"), "save.state"),
    "state is null": (_set(None, "state"), "save.state"),
    "a total of 10^30": (None, "save.state"),
    "a NaN total": (None, "NaN"),  # refused as it is read
    "no record": (_delete("record"), "save.record"),
    "record is a list": (_set([], "record"), "save.record"),
    "record's last action cut off": (None, "save.state"),
    "record of another game": (None, "save.record"),
    "record version true": (_set(True, "record", "version"), "save.record.version"),
    "record names for another table": (_set(["A", "B"], "record", "names"), "save.record.names"),
    "record action 10^30": (None, "save.record"),
    "record nested 40 deep": (_set(DEEP, "record", "names"), "nested more than 32 deep"),
    "a name that is not Unicode": (_set("\ud800", "meta", "seats", 0, "name"),
                                   "save.meta.seats[0].name: it is not Unicode text"),
    "no meta": (_delete("meta"), "save.meta"),
    "seats for another table": (None, "save.meta"),
    "a seat that is text": (_set("you", "meta", "seats", 0), "save.meta.seats[0]"),
    "a seat of an unknown kind": (_set("alien", "meta", "seats", 1, "kind"), "save.meta.seats[1]"),
    "a name that is a number": (_set(5, "meta", "seats", 0, "name"), "save.meta.seats[0].name"),
    "an empty name": (_set("  ", "meta", "seats", 0, "name"), "save.meta.seats[0].name"),
    "an unknown computer player": (_set("genius", "meta", "seats", 1, "bot"),
                                   "save.meta.seats[1].bot: there is no computer player 'genius'"),
    "a computer player that is a list": (_set(["x"], "meta", "seats", 1, "bot"),
                                         "save.meta.seats[1].bot"),
    "seed that is text": (_set("x", "meta", "seed"), "save.meta.seed"),
    "seed of 2^70": (_set(2**70, "meta", "seed"), "save.meta.seed"),
    "unknown preset": (_set("pocker", "meta", "preset"), "save.meta.preset"),
    "version true": (_set(True, "version"), "save.version"),
    "version newer": (_set(7, "version"), "newer version"),
    "game of the other kind": (None, "this is not a saved"),
}
CARDS = {
    "play phase with no deal": (lambda d: d["state"].update(phase="play", deal=None), "save.state"),
    "missing score": (_delete("state", "score"), "save.state"),
    "hands swapped": (None, "save.state"),
    "generator that is not a number": (_set("abc", "state", "rng"), "save.state"),
    "a deal's seed that is text": (None, "save.record.deals"),
    "a deal with two talons at three seats": (None, "save.record.deals[0]"),
}
DICE = {
    "missing score": (_delete("state", "players", 0, "score"), "save.state"),
    "no turn": (_delete("state", "turn"), "save.state"),
    "a die of 10^30": (None, "save.record"),
    "mode unknown": (_set("poker", "meta", "mode"), "save.meta.mode"),
    "score keeper with a computer player": (_set("keeper", "meta", "mode"), "save.meta.mode"),
}


def damage(kind, name, doc):
    """Apply the named damage to a saved game document, in place."""
    table = {**COMMON, **(CARDS if kind == "cards" else DICE)}
    change = table[name][0]
    score = ("state", "score", "totals", 0) if kind == "cards" else ("state", "players", 0, "score")
    if change is not None:
        change(doc)
    elif name == "record holds an illegal action":
        _illegal_action(kind)(doc)
    elif name == "a total of 10^30":
        _set(10**30, *score)(doc)
    elif name == "a NaN total":
        _set(float("nan"), *score)(doc)
    elif name == "record's last action cut off":
        actions = doc["record"]["deals"][-1]["actions"] if kind == "cards" else \
            doc["record"]["actions"]
        actions.pop()
    elif name == "record of another game":
        doc["record"]["game"] = "dice" if kind == "cards" else "cards"
    elif name == "record action 10^30":
        actions = doc["record"]["deals"][-1]["actions"] if kind == "cards" else \
            doc["record"]["actions"]
        actions[-1]["seat"] = 10**30
    elif name == "seats for another table":
        doc["meta"]["seats"].append({"kind": "human", "name": "Extra"})
    elif name == "game of the other kind":
        doc["game"] = "dice" if kind == "cards" else "cards"
    elif name == "hands swapped":
        hands = doc["state"]["deal"]["hands"]
        hands[0], hands[1] = hands[1], hands[0]
    elif name == "a deal's seed that is text":
        doc["record"]["deals"][0]["seed"] = "1234"
    elif name == "a deal with two talons at three seats":
        doc["record"]["deals"][0]["talons"] = [["AH"], ["KH"]]
    elif name == "a die of 10^30":
        roll = next(a for a in doc["record"]["actions"] if a["type"] == "roll")
        roll["dice"] = [10**30]
    return doc


CASES = [("cards", n) for n in {**COMMON, **CARDS}] + [("dice", n) for n in {**COMMON, **DICE}]


@pytest.mark.parametrize("kind, name", CASES)
def test_a_damaged_save_is_set_aside_and_the_previous_offered(kind, name):
    backend, current, previous = played(kind)
    if name == "hands swapped" and not current["state"]["deal"]:
        pytest.skip("the game stands between deals")
    doc = damage(kind, name, copy.deepcopy(current))
    raw = store_doc(backend, kind, doc)
    words = {**COMMON, **(CARDS if kind == "cards" else DICE)}[name][1]
    assert_set_aside_and_previous_offered(backend, kind, raw, previous, [words])


TEXT_DAMAGE = {
    "cut short": lambda raw: raw[: len(raw) // 2],
    "nested 100,000 deep": lambda raw: "[" * 100_000 + "]" * 100_000,
    "a 5,000-digit number": lambda raw: raw.replace('"name":"', '"name":' + "9" * 5000 + ',"x":"', 1),
    "not an object": lambda raw: "[1, 2]",
    "empty": lambda raw: "",
    "half a surrogate pair": lambda raw: raw.replace('"name":"', '"name":"\\ud800', 1),
}


@pytest.mark.parametrize("kind", ["cards", "dice"])
@pytest.mark.parametrize("name", TEXT_DAMAGE)
def test_a_save_that_is_not_a_document_is_set_aside_too(kind, name):
    backend, current, previous = played(kind)
    raw = TEXT_DAMAGE[name](backend.get(KEY[kind]))
    backend.set(KEY[kind], raw)
    assert_set_aside_and_previous_offered(backend, kind, raw, previous)


@pytest.mark.parametrize("kind", ["cards", "dice"])
def test_when_both_saves_are_damaged_no_game_is_offered_and_both_are_kept(kind):
    backend, current, previous = played(kind)
    raw_current = store_doc(backend, kind, damage(kind, "state lacks n", copy.deepcopy(current)))
    raw_previous = json.dumps({"kind": kind, "version": 1, "saved_at_seq": 98,
                               "data": damage(kind, "no meta", copy.deepcopy(previous))})
    backend.set(KEY[kind] + ":previous", raw_previous)
    app = new_app(backend)
    html = str(app.render())
    assert app.session_of(kind) is None and 'role="alert"' in html
    assert "could not be resumed (save.state" in app.saved_problem
    assert "The save before it could not be resumed (save.meta" in app.saved_problem
    kept = Store(backend).damaged_saves()
    assert raw_current in kept.values() and raw_previous in kept.values()
    assert backend.get(KEY[kind]) is None and backend.get(KEY[kind] + ":previous") is None
    # a new game of that kind starts
    if kind == "cards":
        cards_ui.start(app)
    else:
        dice_ui.start(app)
    assert app.session_of(kind) is not None


@pytest.mark.parametrize("kind", ["cards", "dice"])
def test_a_damaged_previous_save_does_not_trouble_a_good_game(kind):
    backend, current, previous = played(kind)
    backend.set(KEY[kind] + ":previous", "{damaged")
    app = new_app(backend)
    assert app.saved_problem is None
    assert app.session_of(kind).state == current["state"]


def test_the_other_game_is_resumed_whatever_happens_to_one():
    backend, current, previous = played("cards")
    dice_backend, dice_current, _ = played("dice")
    backend.items.update(dice_backend.items)
    store_doc(backend, "cards", damage("cards", "record holds an illegal action", copy.deepcopy(current)))
    app = new_app(backend)
    assert app.dice.state == dice_current["state"]
    assert app.session.state == previous["state"]


def same_position(a, b):
    """The same game position; the card game's generator for the deals still to come is the one
    thing its record cannot tell (whether the first dealer was drawn by lot)."""
    return {**a, "rng": None} == {**b, "rng": None}


def test_a_save_of_another_engine_version_is_rebuilt_from_its_record():
    backend, current, previous = played("cards")
    doc = copy.deepcopy(current)
    doc["state"] = {"format": doc["state"]["format"], "version": 0, "anything": "old"}
    store_doc(backend, "cards", doc)
    app = new_app(backend)
    assert app.saved_problem is None and same_position(app.session.state, current["state"])


@pytest.mark.parametrize("kind", ["cards", "dice"])
def test_a_save_without_its_position_is_rebuilt_from_its_record(kind):
    backend, current, previous = played(kind)
    doc = copy.deepcopy(current)
    del doc["state"]
    store_doc(backend, kind, doc)
    app = new_app(backend)
    assert app.saved_problem is None and same_position(app.session_of(kind).state, current["state"])


def test_storage_that_cannot_be_read_still_opens_the_page():
    class Refusing(MemoryBackend):
        def get(self, key):
            from thousand.errors import BadInput
            raise BadInput("storage", "the browser did not let Thousand read its data")
    app = new_app(Refusing())
    assert app.session is None and app.dice is None and app.delay == 0
    assert "could not be read" in app.saved_problem and 'role="alert"' in str(app.render())


@pytest.mark.parametrize("delay", ['"fast"', "true", "-1", "1e9", "NaN", "[0.3]"])
def test_a_damaged_delay_setting_falls_back_to_the_usual(delay):
    backend = MemoryBackend({"thousand:settings": '{"kind": "settings", "version": 1, '
                                                  f'"saved_at_seq": 1, "data": {{"delay": {delay}}}}}'})
    assert App(Store(backend)).delay == 0.6


# --- random damage anywhere in the save ---------------------------------------------------------

VALUES = [None, True, False, 0, 1, -1, 2, 3, 10**30, 2.0, float("nan"), "", "x", "AH", "play",
          [], [0], [[]], {}, {"type": "pass", "seat": 0}]


def _paths(data, path=()):
    yield path
    items = data.items() if isinstance(data, dict) else \
        enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _paths(value, path + (key,))


@lru_cache(maxsize=None)
def _all_paths(kind):
    return [p for p in _paths(played(kind)[1]) if p]


def _random_damage(kind, doc, picks):
    paths = _all_paths(kind)
    for index, op, value in picks:
        path = paths[index % len(paths)]
        try:
            parent = _at(doc, *path[:-1])
            if op == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = copy.deepcopy(value)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change took that path away
    return doc


@pytest.mark.parametrize("kind", ["cards", "dice"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=True)
@given(picks=st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(["delete", "set"]),
                                st.sampled_from(VALUES)), min_size=1, max_size=4))
def test_random_damage_never_keeps_the_page_from_opening(kind, picks):
    backend, current, previous = played(kind)
    doc = _random_damage(kind, copy.deepcopy(current), picks)
    raw = store_doc(backend, kind, doc)
    app = new_app(backend)
    html = str(app.render())
    assert app.screen == "home"
    session = app.session_of(kind)
    if app.saved_problem:  # set aside: said so, kept, and the previous save offered
        assert 'role="alert"' in html and ("could not be resumed" in app.saved_problem or
                                           "could not be read" in app.saved_problem)
        assert raw in Store(backend).damaged_saves().values()
        assert session is not None and session.state == previous["state"]
    else:  # the damage did not touch the game (a name, a seat's kind, a position to rebuild)
        assert session is not None and backend.get(KEY[kind]) == raw
    app.handle({"do": CONTINUE[kind]})
    play_a_few(app, kind, 3, random.Random(2))


@pytest.mark.parametrize("entry", [{"names": 5}, {"names": ["A"], "totals": [[1]]},
                                   {"winners": "A"}, {"names": ["A", None], "totals": [1, 2]},
                                   {"deals": {"x": 1}}])
def test_a_damaged_finished_game_does_not_stop_the_finished_games_screen(entry):
    store = Store(MemoryBackend())
    store.add_history("cards", {"names": ["Ann", "Bob"], "totals": [1000, 300],
                                "winners": ["Ann"], "deals": 12})
    store.add_history("cards", entry)
    app = App(store)
    app.go("history")
    page = str(app.render())
    assert "A damaged entry that cannot be shown" in page
    assert "Ann won" in page


def test_a_setting_beyond_a_float_is_set_aside_not_a_crash_of_the_sheet_screen():
    """fuzz files:1436: settings whose score sheet preset is 1e400 (read as infinity) crashed the
    sheet screen when it saved the settings back."""
    from thousand.storage import MemoryBackend, Store
    from thousand.ui.app import App
    backend = MemoryBackend()
    backend.set("thousand:settings", '{"kind":"settings","version":1,"saved_at_seq":1,'
                                     '"data":{"score_sheet":{"preset":1e400},"delay":NaN}}')
    app = App(Store(backend))
    app.go("sheet")
    assert "Score sheet" in app.render()
    assert app.saved_problem and "settings" in app.saved_problem.lower()
