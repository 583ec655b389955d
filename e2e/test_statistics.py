"""The Statistics screen in the browser (issue 12, item 4): two finished card games (archived as
the page archives them, their figures kept) and two finished dice games (history only: the page
replays their records itself, under Pyodide) planted in localStorage before the page boots; the
screen shows the figures CPython counts, and a reset asks first and keeps the history."""
import json
import sys
from pathlib import Path

from playwright.sync_api import expect

from e2e.helpers import wait_for_python_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_statistics import archive, card_game, dice_game  # noqa: E402
from thousand import statistics  # noqa: E402
from thousand.storage import MemoryBackend, Store  # noqa: E402

PLANT = """items => { if (!sessionStorage.getItem('planted')) {
  sessionStorage.setItem('planted', '1');
  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
} }"""


def planted_items():
    """localStorage as the page leaves it after two card games, plus a dice history whose
    figures were never counted."""
    store = Store(MemoryBackend())
    for game in (card_game(31, ["heuristic", "random"]), card_game(32, ["heuristic", "easy"])):
        archive(store, game)
    dice = Store(MemoryBackend())
    for game in (dice_game(33, ["optimal"]), dice_game(34, ["threshold"])):
        archive(dice, game)
    items = {k: v for k, v in store.backend.items.items() if not k.startswith("thousand:game")}
    items["thousand:history:dice"] = dice.backend.items["thousand:history:dice"]
    return items, store.history("cards"), dice.history("dice")


def plant(page, items):
    page.add_init_script(f"({PLANT})({json.dumps(items)})")


def row(page, kind_label, label):
    """The value beside `label` in the first list of the region `kind_label`."""
    group = page.get_by_role("region", name=kind_label).locator("dl").first
    return group.locator(f"dt:text-is('{label}') + dd").inner_text()


def test_statistics_of_two_finished_games_and_their_reset(page, server_url):
    items, cards, dice = planted_items()
    plant(page, items)
    page.goto(f"{server_url}?delay=0")
    wait_for_python_ready(page)
    page.get_by_role("button", name="Statistics").click()
    expect(page.get_by_role("region", name="Statistics")).to_be_visible()

    card_figures = statistics.count("cards", cards)[0]["groups"][0]
    dice_figures = statistics.count("dice", dice)[0]["groups"][0]
    won = card_figures["won"]
    assert card_figures["played"] == 2
    assert row(page, "Card games", "Games won") == f"{won} of 2 ({50 * won}%)"
    assert row(page, "Card games", "Contracts declared") == str(card_figures["declared"])
    assert row(page, "Card games", "Bolts") == str(card_figures["bolts"])
    # the dice games were replayed in the page: the same figures as here
    assert row(page, "Dice games", "Turns") == str(dice_figures["turns"])
    assert row(page, "Dice games", "Average turn score") == f"{dice_figures['average_turn']:g}"
    assert row(page, "Dice games", "Overtaken") == str(dice_figures["overtaken"])

    cards_part = page.get_by_role("region", name="Card games")
    cards_part.get_by_role("button", name="Reset statistics").click()
    expect(cards_part.get_by_text("Reset the card game statistics?")).to_be_visible()
    cards_part.get_by_role("button", name="Reset", exact=True).click()
    expect(cards_part.get_by_text("No games to count yet.")).to_be_visible()
    assert row(page, "Dice games", "Turns") == str(dice_figures["turns"])
    # the games stay in the history, and the reset holds after a reload
    page.reload()
    wait_for_python_ready(page)  # back on Statistics (issue 20, Must 4), then home
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Finished games").click()
    assert page.locator("ol.history").first.locator("li").count() == 2
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Statistics").click()
    expect(page.get_by_role("region", name="Card games")
           .get_by_text("Counted since the last reset.")).to_be_visible()
