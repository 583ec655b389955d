"""The dice table's news (issue 11, Must 5): what the live region says after each move. The
others' rolls and choices are said with their dice and reading, the person's own are not; the
log's events (§2.4: a turn recorded, the barrel, the dump truck, the win) are said to everybody
in the log's words; news is taken once, never saved, and an undo makes none."""
import random
import re

from thousand import i18n
from thousand.storage import MemoryBackend, Store
from thousand.ui import dice_news, dice_words
from thousand.ui.app import App
from thousand.ui.language import disk_source, translation
from thousand.ui.session import DiceSession


def _game(seed=4, turns=60):
    """A two-player game, the person against the computer, played `turns` actions on."""
    app = App(Store(MemoryBackend()), delay=0, seed=seed)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.start"})
    s = app.dice
    assert s.humans() and s.against_computer()
    rnd = random.Random(seed)
    said, events = [], []
    for _ in range(turns):
        if s.over:
            break
        seat = s.to_act()
        if s.is_bot(seat):
            app.bot_step()
        else:
            s.act(rnd.choice(s.view(seat)["legal"]))
        taken = app.take_news()
        events += taken
        said += dice_news.lines(app.dice, taken)
    return app, events, said


def test_the_computers_rolls_are_said_with_their_dice_and_the_persons_are_not():
    app, events, said = _game()
    s = app.dice
    person, computer = s.humans()[0], 1 - s.humans()[0]
    name = s.names()[computer]
    rolls = [e for e in events if e["what"] == "roll"]
    assert {e["seat"] for e in rolls} == {0, 1}
    theirs = [e for e in rolls if e["seat"] == computer]
    rolled = [line for line in said if re.match(f"{name} rolls [1-6]( [1-6])*: ", line)]
    assert len(rolled) == len(theirs) > 0
    for event, line in zip(theirs, rolled):  # the dice as rolled, lowest first, and the reading
        assert line.startswith(f"{name} rolls {' '.join(map(str, sorted(event['dice'])))}: ")
    mine = s.names()[person]
    assert not any(line.startswith(f"{mine} rolls") for line in said)


def test_every_log_event_is_said_once_in_the_logs_words_2_4():
    app, events, said = _game(turns=120)
    s = app.dice
    you = dice_words.own_seats(s)
    log_lines = dice_words.event_texts(s.state, s.names(), you)
    assert log_lines, "nothing was logged in 120 actions"
    assert [line for line in said if line in log_lines] == log_lines
    assert sum(e["what"] == "log" for e in events) == len(s.state["log"])


def test_sounds_of_the_dice_table():
    assert dice_news.sound_of({"what": "roll", "seat": 1, "dice": [1]}) == "card"
    for kind, sound in (("recorded", "trick"), ("barrel_fall", "barrel"), ("win", "deal")):
        assert dice_news.sound_of({"what": "log", "seat": 0, "event": {"kind": kind}}) == sound
    assert dice_news.sound_of({"what": "log", "seat": 0, "event": {"kind": "entered"}}) is None


def test_news_is_taken_once_not_saved_and_an_undo_makes_none():
    app, _events, _said = _game(turns=6)
    s = app.dice
    while s.is_bot(s.to_act()):
        app.bot_step()
    s.act(s.view(s.to_act())["legal"][0])
    assert s.news and app.take_news() and app.take_news() == []
    assert "news" not in str(s.to_doc())
    s.act(s.view(s.to_act())["legal"][0]) if not s.is_bot(s.to_act()) else app.bot_step()
    s.take_back()
    assert app.take_news() == []
    assert DiceSession.from_doc(s.to_doc()).news == []


def test_the_news_follows_the_pages_language():
    app, events, _said = _game()
    i18n.use(translation("ru", disk_source))
    try:
        lines = dice_news.lines(app.dice, [e for e in events if e["what"] == "roll"])
        name = app.dice.names()[1 - app.dice.humans()[0]]  # the offered name, in Russian too
    finally:
        i18n.use(i18n.Translation())
    assert name == "Борис"
    assert lines and all(line.startswith(f"{name} бросает ") for line in lines)
