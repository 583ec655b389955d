"""The Statistics screen (issue 12, item 4): reached from the home screen, it shows the figures
of the finished games per game and player count, says how many games could not be read, and
resets only after a confirmation, the finished games staying in the history."""
import copy
import json
import re

import pytest

from helpers_i18n import english_left, pseudo_translation, visible_text
from test_statistics import archive, card_game, dice_game
from thousand import i18n
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App


@pytest.fixture(scope="module")
def games():
    return [card_game(11, ["heuristic", "random"]), card_game(12, ["heuristic"]),
            dice_game(13, ["optimal"]), dice_game(14, [])]


def stocked(games):
    store = Store(MemoryBackend())
    for session in games:
        archive(store, session)
    return store


def opened(store):
    app = App(store, delay=0, seed=1)
    home = app.render()
    assert 'data-do="go" data-arg="{&quot;screen&quot;:&quot;statistics&quot;}"' in home
    app.handle({"do": "go", "screen": "statistics"})
    return app


def section(html, label):
    """The text of the region named `label`."""
    part = html.split(f'<section class="stats-kind" aria-label="{label}">')[1]
    return " | ".join(visible_text(part.split('<section class="stats-kind"')[0]))


def test_the_screen_shows_each_game_and_player_count(games):
    store = stocked(games)
    app = opened(store)
    html = str(app.render())
    cards, dice = section(html, "Card games"), section(html, "Dice games")
    assert "2 players" in cards and "3 players" in cards
    assert "Against Rule of thumb" in cards and "Against Random" in cards
    for label in ("Contracts declared", "Average winning bid", "Bolts", "Barrels mounted",
                  "Dump trucks", "Best game", "Worst game", "Hints asked"):
        assert label in cards
    assert "1 (solo practice)" in dice and "2 players" in dice and "Fewest turns" in dice
    assert "Average turn score" in dice and "Overtaken" in dice
    won = sum("You" in e["winners"] for e in store.history("cards") if len(e["names"]) == 3)
    assert f"Games won | {won} of 1 ({100 * won}%)" in cards
    assert "could not be read" not in html


def test_a_damaged_entry_is_said_and_the_rest_shown(games):
    store = stocked(games[:2])
    entries = store.history("cards")
    broken = copy.deepcopy(entries[0])
    broken["record"]["deals"][0]["actions"] = [{"type": "fly"}]
    store.backend.set("thousand:history:cards", json.dumps(
        {"kind": "history:cards", "version": 1, "saved_at_seq": 50,
         "data": [broken, {"names": "?"}, entries[1]]}))
    html = str(opened(store).render())
    cards = section(html, "Card games")
    assert "2 games could not be read." in cards
    left, gone = len(entries[1]["names"]), len(entries[0]["names"])
    assert left != gone and f"{left} players" in cards and f"{gone} players" not in cards


def test_reset_asks_first_and_keeps_the_finished_games(games):
    store = stocked(games)
    app = opened(store)
    html = str(app.render())
    assert html.count('data-do="statistics.reset"') == 2  # one per game
    app.handle({"do": "statistics.reset", "kind": "cards"})
    html = str(app.render())
    assert "Reset the card game statistics?" in html and "Cancel" in html
    app.handle({"do": "statistics.cancel"})
    assert "Contracts declared" in str(app.render())  # nothing was reset
    app.handle({"do": "statistics.reset", "kind": "cards"})
    app.handle({"do": "statistics.confirm", "kind": "cards"})
    html = str(app.render())
    cards, dice = section(html, "Card games"), section(html, "Dice games")
    assert "No games to count yet." in cards and "Counted since the last reset." in cards
    assert "Fewest turns" in dice  # the dice statistics stay
    assert len(store.history("cards")) == 2
    # the next finished game is counted, in a page opened afresh
    archive(store, card_game(15, ["random"]))
    assert "Contracts declared" in section(str(opened(store).render()), "Card games")


def test_a_confirmation_without_its_question_resets_nothing(games):
    store = stocked(games[:1])
    app = opened(store)
    app.handle({"do": "statistics.confirm", "kind": "cards"})
    assert "Contracts declared" in str(app.render())


def test_every_text_goes_through_the_catalogues(games):
    store = stocked(games)
    i18n.use(pseudo_translation())
    try:
        app = opened(store)
        app.handle({"do": "statistics.reset", "kind": "dice"})
        html = str(app.render())
        assert english_left(html, allowed={"You", "Bot"}) == []
    finally:
        i18n.use(i18n.Translation())


def test_the_screen_reads_in_russian(games):
    store = stocked(games)
    app = opened(store)
    assert app.set_language("ru", save=False)
    try:
        html = str(app.render())
        assert "Статистика" in html and "Заказов сыграно" in html
        assert not re.search(r"\b(Bolts|Games won|Best game)\b", html)
    finally:
        i18n.use(i18n.Translation())


def test_a_long_history_never_counted_is_counted_over_several_visits(games):
    store = Store(MemoryBackend())
    entries = stocked(games).history("cards")
    store.backend.set("thousand:history:cards", json.dumps(
        {"kind": "history:cards", "version": 1, "saved_at_seq": 9, "data": entries}))
    clock = iter(range(0, 1000, 10))  # every replay takes ten seconds
    app = App(store, delay=0, seed=1, clock=lambda: next(clock))
    app.handle({"do": "go", "screen": "statistics"})
    cards = section(str(app.render()), "Card games")
    assert "1 of 2 games counted so far." in cards and "Count more" in cards
    app.handle({"do": "statistics.more"})
    cards = section(str(app.render()), "Card games")
    assert "counted so far" not in cards and "2 players" in cards and "3 players" in cards
