"""The dice game's screens speak the player's language (issue 10).

Under the pseudo-language that brackets every catalogue message (and a stricter one that leaves
the placeholders outside the brackets, so that a reading or a reason put into a sentence must be
a message too), whole dice games are played through the page: solo, two players and four with
computer players, the score keeper for real dice under several house rules. Every kind of screen
on the way must show no English outside the brackets: rolling, choosing dice, stopping and its
refusals, bolts, pits, the barrel and its falls, dots, the dump truck, the log, game over; and
the New dice game screen with each of its options. In English the words the page writes from
the engine's data are the engine's own."""
import re

import pytest

from helpers_i18n import english_left, pseudo_translation
from thousand import i18n
from thousand.dice import game, resolution
from thousand.dice.catalogue import CATALOGUE
from thousand.storage import MemoryBackend, Store
from thousand.ui import dice_words as words
from thousand.ui.app import App
from thousand.ui.screens import dice_new
from thousand.ui.screens.new import rules_choice, seat_fieldsets

_PSEUDO = {}
PLACEHOLDER = re.compile(r"(\{\w+\})")


def pseudo():
    """The pseudo-language of tests/helpers_i18n.py: every message in brackets."""
    if "whole" not in _PSEUDO:
        _PSEUDO["whole"] = pseudo_translation()
    return _PSEUDO["whole"]


def strict_pseudo():
    """The same with the placeholders left outside the brackets ("{name}⟦'s turn⟧"), so that a
    text put into a message (a reading, a reason, a list) must be a message of its own: in the
    whole-message pseudo-language the message's brackets would hide it."""
    if "strict" not in _PSEUDO:
        entries = []
        for (context, msgid), strings in pseudo().messages.items():
            forms = ["".join(part if PLACEHOLDER.fullmatch(part) or not part.strip()
                             else f"⟦{part}⟧" for part in PLACEHOLDER.split(text[1:-1]))
                     for text in strings]
            entries.append(i18n.po.Entry(msgid=msgid, context=context, strings=forms))
        _PSEUDO["strict"] = i18n.Translation("en", entries)
    return _PSEUDO["strict"]


@pytest.fixture
def in_pseudo():
    """The strict pseudo-language in use while the page is played (the names offered and the
    notices are written in it); Seen.check renders each screen in both."""
    i18n.use(strict_pseudo())
    yield
    i18n.use(i18n.Translation())


@pytest.fixture
def in_english():
    i18n.use(i18n.Translation())
    yield


def new_app(seed=5):
    return App(Store(MemoryBackend()), delay=0, seed=seed)


class Seen:
    """The screens of a game checked for English. `check` checks the screen now; `look` checks
    it when it shows something no screen checked before (`atoms`: each kind of event, with
    whether its players are the person's own seat, each status, turn stage, reason, dialog,
    notice), so a long game is checked in every variant of its texts without rendering each
    of its hundreds of screens. `atoms` is also what the tests say a game went through."""

    def __init__(self, allowed=()):
        self.allowed, self.atoms = tuple(allowed), set()

    def check(self, app, where="", engine_says=False, allowed=()):
        """The screen in both pseudo-languages (the strict one stays in use: the notices are
        written in it). `engine_says`: the notice is an engine's reason, which the engine's
        catalogue messages translate, not this screen's; `allowed`: words of this screen only."""
        allowed = self.allowed + tuple(allowed)
        for translation in (pseudo(), strict_pseudo()):
            i18n.use(translation)
            html = str(app.render())
            left = english_left(NOTICE.sub("", html) if engine_says else html, allowed=allowed)
            assert left == [], (where, left)
        self.atoms |= atoms(app)
        return html

    def look(self, app, where=""):
        if not atoms(app) <= self.atoms:
            self.check(app, where)

    def saw(self, kind, words):
        """Whether an event of `kind` whose English sentence has `words` was checked."""
        return any(a.startswith(f"event:{kind}:") and words in a for a in self.atoms)


NOTICE = re.compile(r'<p class="notice" role="alert">.*?</p>', re.S)


def atoms(app) -> set:
    """The kinds of text on the dice screen now (see Seen)."""
    s = app.dice
    if s is None:
        return {"no game"}
    state, you = s.state, words.own_seats(s)
    found = {"notice"} if app.notice else set()
    if app.ui.get("dialog"):
        found.add("dialog:" + app.ui["dialog"])
    events = state["log"] if app.ui.get("dialog") == "log" else state["log"][-8:]
    for e in events:
        # each variant of an event's sentence (the engine's, numbers aside), for the person's
        # own seat or another
        found.add("event:" + e["kind"])
        found.add(f"event:{e['kind']}:{re.sub(r'[0-9]+', 'N', e['text'])}:{e['seat'] in you}:"
                  f"{e.get('by') in you}")
    for i in range(s.n):
        st = game.status(state, i)
        found |= {"status:" + key for key in ("in_pit", "on_barrel", "bolts", "dots",
                                              "barrel_falls", "barrel_pool") if st[key]}
    if state["turns"]:
        t = state["turns"][-1]
        found.add(f"last turn:{t['end']}:{t['seat'] in you}")
    if s.over:
        found.add("game over")
        found.add(f"winners:{len(state['winners'])}:{bool(set(state['winners']) & you)}")
        return found
    t = state["turn"]
    summary = game.turn_summary(state)
    seat = t["seat"]
    found.add(f"turn:{seat in you}:{s.is_bot(seat)}:{summary['stage']}:{summary['hot']}")
    if summary["stage"] == "keep":
        found.add("keep choice")
    if t["rolls"]:
        found.add("rolled")
        if t["rolls"][-1].get("retry"):
            found.add("retry")
    if summary["hot"]:
        found.add("hot dice")
    if s.is_bot(seat):
        found.add("computer playing")
    reason = game.stop_reason(state)
    if reason is not None:
        found.add("cannot stop: " + re.sub(r"\d+", "N", reason))
    elif not s.keeper:
        found.add("may stop")
    return found


def person_move(app, seen, stop_at=300):
    """Keep the best dice, roll until the turn has `stop_at` points (or 50 with two dice or
    fewer left); before rolling on, try to stop once when stopping is not allowed."""
    summary = game.turn_summary(app.dice.state)
    if summary["stage"] == "keep":
        app.handle({"do": "dice.keep", "i": 0})
    elif summary["can_stop"] and (summary["points"] >= stop_at or
                                  (summary["dice_left"] <= 2 and summary["points"] >= 50)):
        app.handle({"do": "dice.stop"})
    else:
        if not summary["can_stop"] and "refused stop" not in seen.atoms:
            before = app.dice.state
            app.handle({"do": "dice.stop"})
            assert app.notice and app.dice.state is before
            seen.check(app, "a refused stop")
            seen.atoms.add("refused stop")
        app.handle({"do": "dice.roll"})
    assert app.notice is None, app.notice


def play_out(app, seen, limit=5000):
    """A whole game, each screen checked: the person's moves and each computer move."""
    for _ in range(limit):
        seen.look(app)
        if app.dice.over:
            return
        seat = app.dice.to_act()
        if app.dice.is_bot(seat):
            if "acted for the computer" not in seen.atoms:
                app.handle({"do": "dice.roll"})     # a person cannot act for it
                assert app.notice
                seen.check(app, "acting for the computer player")
                seen.atoms.add("acted for the computer")
                app.handle({"do": "dice.log"})      # the whole log, the computer waiting
                assert not app.bot_pending()
                seen.check(app, "the whole log")
                app.handle({"do": "dice.close"})
            assert app.bot_step()
        else:
            person_move(app, seen)
    raise AssertionError("the game did not end")


def start(app, players=2, kinds=None, preset=None, mode=None, overrides=None):
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.players", "value": str(players)})
    for seat, kind in (kinds or {}).items():
        app.handle({"do": "dice_new.kind", "seat": seat, "value": kind})
    if mode:
        app.handle({"do": "dice_new.mode", "value": mode})
    if preset:
        app.handle({"do": "dice_new.rules", "value": f"preset:{preset}"})
    if overrides:
        dice_new.setup_of(app)["overrides"] = dict(overrides)
    app.handle({"do": "dice_new.start"})
    assert app.screen == "dice" and app.notice is None, app.notice


def finish(app, seen):
    """Game over, and what the page says to a move after it."""
    html = seen.check(app, "game over")
    assert 'aria-label="⟦Game over⟧"' in html
    app.handle({"do": "dice.roll"})
    assert app.notice
    seen.check(app, "a move after the game")
    app.handle({"do": "dice.rematch"})
    assert not app.dice.over
    seen.check(app, "the rematch")


# --- games played with the page's dice ---------------------------------------------------------

def test_solo_practice_in_the_language(in_pseudo):
    app = new_app(seed=8)
    start(app, players=1)
    seen = Seen()
    for event in ({"do": "dice.undo"}, {"do": "dice.result", "value": "zero"},
                  {"do": "dice.nonsense"}):
        app.handle(event)                   # what only a score keeper's game has, and nonsense
        assert app.notice
        seen.check(app, event, allowed=("dice", "nonsense"))   # the event's name is quoted
    play_out(app, seen)
    html = seen.check(app)
    assert "⟦You reached" in html and "⟦⟦You⟧ reached" not in html
    finish(app, seen)
    assert {"rolled", "may stop", "refused stop", "game over", "event:recorded",
            "event:zero"} <= seen.atoms


def test_two_players_choosing_dice_in_the_language(in_pseudo):
    """Home version: keep any scoring dice, a confirmation roll after hot dice, the barrel at
    850 with unlimited tries and knock-offs back to the entry score."""
    app = new_app(seed=1)
    start(app, preset="page_b")
    seen = Seen()
    for _ in range(400):            # a keep choice, and a choice the page does not offer
        seen.look(app)
        if "keep choice" in seen.atoms and not app.dice.is_bot(app.dice.to_act()):
            break
        if app.dice.is_bot(app.dice.to_act()):
            app.bot_step()
        else:
            person_move(app, seen)
    app.handle({"do": "dice.keep", "i": 99})
    assert app.notice
    seen.check(app, "a refused keep choice")
    play_out(app, seen)
    finish(app, seen)
    assert {"keep choice", "refused stop", "acted for the computer", "dialog:log",
            "computer playing", "event:win"} <= seen.atoms


def test_four_players_with_computer_players_in_the_language(in_pseudo):
    """Classic rules: bolts, pits, overtaking, the barrel at 900 and its falls, the dump."""
    app = new_app(seed=11)
    start(app, players=4, kinds={i: "bot:threshold" for i in (1, 2, 3)})
    seen = Seen()
    play_out(app, seen)
    finish(app, seen)
    assert {"status:bolts", "status:on_barrel", "event:overtaken", "event:bolt",
            "event:barrel_arrival", "hot dice", "event:win"} <= seen.atoms


def test_computer_players_only_one_still_called_you_in_the_language(in_pseudo):
    """Seat 0 made a computer player keeps the name offered to the person: its sentences are
    still the person's own ("You are about to roll"), never "You is"."""
    app = new_app(seed=12)
    start(app, kinds={0: "bot:threshold", 1: "bot:threshold"})
    seen = Seen()
    play_out(app, seen)
    finish(app, seen)
    assert {"acted for the computer", "turn:True:True:roll:False", "game over"} <= seen.atoms


def test_a_second_try_after_a_blank_first_roll_in_the_language(in_pseudo):
    app = new_app(seed=4)
    start(app, players=1, preset="p3")
    seen = Seen()
    for _ in range(500):
        seen.look(app)
        if "retry" in seen.atoms:
            break
        person_move(app, seen)
    else:
        pytest.fail("no blank first roll came up")
    seen.check(app, "a second try")


# --- the score keeper: every event of the rules, on purpose ------------------------------------

def keeper(seen, preset, results, players=2, overrides=None, seed=3):
    """A score keeper's game fed turn results: a number or a word is a result the engine takes;
    ("refused", value) one the page refuses in its words, ("engine refuses", value) one the
    engine refuses in its own; ("do", event) any other page event."""
    app = new_app(seed=seed)
    start(app, players=players, mode="keeper", preset=preset, overrides=overrides)
    seen.check(app, "the first turn")
    for step, r in enumerate(results):
        what = r[0] if isinstance(r, tuple) else "result"
        if what == "do":
            app.handle(r[1])
        else:
            value = r[1] if isinstance(r, tuple) else r
            app.handle({"do": "dice.result", "value": value} if value in
                       ("zero", "blank", "instant_win")
                       else {"do": "dice.result", "fields": {"turn-points": str(value)}})
            assert bool(app.notice) == (what != "result"), (step, r, app.notice)
        seen.check(app, (step, r), engine_says=what == "engine refuses")
    return app


def test_keeper_classic_entry_pit_bolts_overtaking_barrel_falls_and_win(in_pseudo):
    seen = Seen()
    app = keeper(seen, "classic", [
        ("refused", 30), ("engine refuses", 62), ("refused", "lots"), ("refused", ""),
        ("refused", -5), ("refused", 0), ("do", {"do": "dice.roll"}),
        ("do", {"do": "dice.undo"}), ("do", {"do": "dice.result", "value": "lots"}),
        250, 60,                     # (you, Boris) you enter in the pit 200-299; Boris enters
        ("refused", 30),             # leaving the pit needs 50 more
        "zero", "zero",              # no bolt in the pit; Boris: bolt 1
        "zero", "zero",              # bolt 2
        "zero", "zero",              # bolt 3: -100
        "zero", 350,                 # Boris overtakes you
        700, "zero",                 # 900, capped: on the barrel (and Boris overtaken)
        "zero", "zero",              # barrel attempt 1
        "zero", "zero",              # attempt 2
        "zero", 100,                 # attempt 3: you fall; Boris leaves the pit
        100, 540,                    # you climb back; Boris climbs and knocks you off
        100, "zero",                 # you knock him off; Boris: a bolt
        ("do", {"do": "dice.undo"}), "zero",   # an entry taken back
        ("do", {"do": "dice.log"}), ("do", {"do": "dice.close"}),
    ])
    assert {"event:entered", "event:bolt", "event:bolt_penalty", "event:overtaken",
            "event:barrel_arrival", "event:barrel_attempt", "event:barrel_fall",
            "status:in_pit", "status:on_barrel", "status:barrel_falls", "status:bolts",
            "notice", "dialog:log"} <= seen.atoms
    for _ in range(12):
        if app.dice.over:
            break
        app.handle({"do": "dice.result", "value": "zero"} if app.dice.to_act() == 1
                   else {"do": "dice.result", "fields": {"turn-points": "100"}})
        seen.check(app)
    assert app.dice.over and "event:win" in seen.atoms
    finish(app, seen)


def test_keeper_third_fall_knock_offs_and_the_dump_truck(in_pseudo):
    seen = Seen()
    keeper(seen, "page_a", [          # the dump truck only on a recorded 555; barrel at 880
        60, 60,                       # (you, Boris)
        820, 820,                     # you climb at 880; Boris climbs and knocks you off
        100, 100,                     # you climb, knocking Boris off; and back
        100, 100,                     # your third fall: back to 0; Boris on the barrel again
        555, "zero",                  # you record 555: the dump truck
    ])
    assert seen.saw("barrel_fall", "knocked off the barrel by seat N; falls off the barrel: ")
    assert seen.saw("barrel_fall", "for the third time")
    assert seen.saw("dump", "hits N")
    seen = Seen()
    keeper(seen, "classic", [         # left on 555 by a penalty, and 555 reached mid-turn
        60, 50,                       # (you, Boris)
        545, 600,                     # you 605 (a pit); Boris 650 overtakes you: 555, dumped
        555, "zero",                  # you reach 555 in one turn: the dump truck again
    ])
    assert seen.saw("dump", "left on N") and seen.saw("dump", "mid-turn")


def test_keeper_home_rules_knocked_back_to_the_entry_score(in_pseudo):
    seen = Seen()
    keeper(seen, "page_b", [
        100, 75,                      # you enter with 100, Boris with 75
        750, "zero",                  # you climb at 850 (unlimited tries)
        "zero", 775,                  # a failed attempt; Boris climbs: you go back to 100
    ])
    assert {"event:knocked_off", "event:barrel_attempt", "status:on_barrel"} <= seen.atoms


def test_keeper_open_barrel_dots_and_their_penalties(in_pseudo):
    seen = Seen()
    keeper(seen, "page_a_open", [
        60, 60, 900, "zero",          # (you, Boris) you on 960
        100, "zero",                  # over 1000: a dot, and with one dot a penalty
        100, "zero",                  # back to 960
        100, "zero",                  # over again: the second penalty sends you back to 0
    ], overrides={"open_dot_limit": 1, "open_fall_limit": 2})
    assert seen.saw("dot", "would pass") and seen.saw("dot_penalty", "N dots: ")
    assert seen.saw("dot_penalty", "too often")


def test_keeper_points_kept_on_the_barrel_and_a_floor_at_zero(in_pseudo):
    seen = Seen()
    keeper(seen, "classic", [
        60, 60, 840, "zero",          # you climb at 900
        50, "zero", 25, "zero",       # points kept on the barrel: 50, then 75
        5, "zero",                    # the third try: you fall, the first fall sends you to 0
    ], overrides={"barrel_accumulate": True, "barrel_fall_limit": 1})
    assert {"event:pooled", "status:barrel_pool"} <= seen.atoms
    assert seen.saw("barrel_fall", "for the first time")
    seen = Seen()
    keeper(seen, "p4", [              # bolts before entry, no negative scores
        "zero", "zero", "zero", "zero", "zero", "zero",
    ])
    assert {"event:bolt_penalty", "event:floor"} <= seen.atoms


def test_keeper_dropping_below_the_barrel_and_five_of_a_kind(in_pseudo):
    seen = Seen()
    keeper(seen, "p4", [              # a barrel zone from 900, overtaking -50, no knock-off
        60, 60, 840, 790,             # you on the barrel at 900; Boris 850
        "zero", 100,                  # Boris to 950 overtakes you: 850, off the barrel
    ], overrides={"barrel_knockoff": "off"})
    assert "event:left_barrel" in seen.atoms
    seen = Seen()
    app = keeper(seen, "p1", [75, "blank", "instant_win"], players=3,
                 overrides={"bolt_trigger": "blank_opening"})
    assert app.dice.over and {"event:instant_win", "game over"} <= seen.atoms
    finish(app, seen)


def test_keeper_shared_win_with_stakes(in_pseudo):
    """Everyone plays the round out; two players on 500 share the win and the third's stake."""
    seen = Seen()
    app = keeper(seen, "classic", [100, 100, "zero", 400, 400, "zero"],
                 players=3, overrides={"final_round": "equalize", "target_score": 500,
                                       "barrel_mode": "none", "pit_ranges": "none",
                                       "dump_truck": "off",
                                       "stake_settlement": "stakes",
                                       "overtake_penalty": 0})
    assert app.dice.over and len(app.dice.state["winners"]) == 2
    html = seen.check(app)
    assert "⟦You and" in html and "⟦Stakes:" in html
    finish(app, seen)


# --- New dice game -----------------------------------------------------------------------------

def _shared_left(app):
    """What the shared parts of the New-game screens (new.py: the seats' fieldsets, the Rules
    select) say by themselves, with none of this screen's words in them: that file is put
    through the catalogues on its own, and this test holds the dice screen to its own words."""
    setup = dice_new.setup_of(app)
    keeper = setup.get("mode") == "keeper"
    shared = seat_fieldsets(setup["seats"], "dice_new", None if keeper else {},
                            order_note=keeper) + list(rules_choice(setup, [], "dice-rules",
                                                                   "dice_new"))
    return set(english_left("".join(shared)))


def check_new(app, typed=()):
    html = str(app.render())
    left = [run for run in english_left(html, allowed=typed) if run not in _shared_left(app)]
    assert left == [], left
    return html


def test_new_dice_game_screen_with_each_option(in_pseudo):
    app = new_app()
    app.handle({"do": "go", "screen": "dice_new"})
    html = check_new(app)
    # the names offered are the language's
    assert 'value="⟦You⟧"' in html and 'value="⟦Boris⟧"' in html
    for n in range(1, 9):
        app.handle({"do": "dice_new.players", "value": str(n)})
        check_new(app)
    assert 'value="⟦Ilya⟧"' in str(app.render())
    app.handle({"do": "dice_new.players", "value": "9"})
    assert app.notice
    check_new(app)
    app.handle({"do": "dice_new.players", "value": "3"})
    for kind in ("human", "bot:threshold", "bot:optimal"):
        app.handle({"do": "dice_new.kind", "seat": 1, "value": kind})
        check_new(app)
    app.handle({"do": "dice_new.name", "seat": 2, "value": "Anna"})
    check_new(app, typed=("Anna",))
    for mode in dice_new.MODES:
        app.handle({"do": "dice_new.mode", "value": mode})
        check_new(app, typed=("Anna",))
    for preset in CATALOGUE.preset_names():
        app.handle({"do": "dice_new.rules", "value": f"preset:{preset}"})
        check_new(app, typed=("Anna",))
    app.store.save_convention_set("Dacha", {"preset": "classic",
                                            "overrides": {"entry_minimum": 75}}, kind="dice")
    app.handle({"do": "dice_new.rules", "value": "set:Dacha"})
    html = check_new(app, typed=("Anna", "Dacha"))
    assert "⟦Saved: ⟧Dacha" in html
    app.handle({"do": "dice_new.rules", "value": "set:Nowhere"})
    assert app.notice
    check_new(app, typed=("Anna", "Dacha", "Nowhere"))
    app.handle({"do": "dice_new.start"})
    seen = Seen(allowed=("Anna",))
    seen.check(app, "a three-player game with a name typed")


def test_no_game_screen_in_the_language(in_pseudo):
    app = new_app()
    app.go("dice")
    assert english_left(str(app.render())) == []


# --- in English the page's words are the engine's -----------------------------------------------

# The page's own wording where the engine's reads badly: "seat 1 is knocked off the barrel by
# seat 0; falls off the barrel", "has 1 dots".
REWORDED = re.compile(r"is knocked off the barrel by seat \d; falls off the barrel")


def _engine_event_text(e):
    """The engine's sentence as the log shows it: a penalty's points stand beside it."""
    text = re.sub(r"\b1 dots\b", "1 dot", e["text"])
    return re.sub(r": -\d+$", "", text) if (e.get("delta") or 0) < 0 else text


def _bot_game(preset, seed, players=4):
    """Every state of a game of computer players, straight from the engine."""
    from thousand.bots import make_dice_bot
    from thousand.dice.views import seat_view
    state = game.new_game(CATALOGUE.resolve(preset), seed, players)
    bots = [make_dice_bot("threshold" if i % 2 else "optimal", seed + i) for i in range(players)]
    states = [state]
    while state["phase"] != "game_over":
        seat = game.to_act(state)
        state = game.apply(state, bots[seat].choose(seat_view(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("preset", CATALOGUE.preset_names())
def test_in_english_the_words_are_the_engines(in_english, preset):
    seats = [f"seat {i}" for i in range(4)]
    checked = {"rolls": 0, "events": 0, "reasons": 0}
    states = _bot_game(preset, seed=len(preset))
    conv = states[0]["conventions"]
    for state in states[:-1]:
        assert words.stop_reason(state) == game.stop_reason(state)
        summary = game.turn_summary(state)
        if summary["requirement"]:
            missing = resolution.need(conv, state["turn"]["start"], state["turn"]["T"])
            assert words.need_text(missing) == summary["requirement"]["text"]
        for o in (summary["pending"] or {}).get("options", []):
            assert words.reading_text(o) == o["text"]
        checked["reasons"] += 1
    state = states[-1]
    for t in state["turns"]:
        for r in t["rolls"]:
            if "dice" in r:
                assert words.roll_text(r, conv) == r["text"], r
                checked["rolls"] += 1
    for e, text in zip(state["log"], words.event_texts(state, seats, frozenset())):
        if not REWORDED.search(e["text"]):
            assert text == _engine_event_text(e), e
            checked["events"] += 1
    assert min(checked.values()) > 20, checked


def test_grammar_of_the_persons_own_seat(in_english):
    names, conv = ["You", "Boris"], CATALOGUE.resolve("classic")
    you = frozenset({0})
    bolt = {"turn": 0, "kind": "bolt_penalty", "delta": -100, "score": 0}
    assert words.event_text({**bolt, "seat": 0}, conv, names, you) == "You have 3 bolts"
    assert words.event_text({**bolt, "seat": 1}, conv, names, you) == "Boris has 3 bolts"
    assert words.keeper_need("You", True, ("entry", 50, 50)) == \
        "You need 50 or more in one turn to enter the game."
    assert words.keeper_need("Boris", False, ("pit", 75, [200, 299])) == \
        "Boris needs 75 or more to leave the pit 200–299."
