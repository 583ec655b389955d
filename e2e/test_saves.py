"""A damaged saved game in the browser's localStorage (issue 8, item 5): the page still opens, says
in words that the save was set aside and where it was kept, offers the save before it, and that
game resumes and plays on. Both games."""
import json

from e2e.driver import Player, idle, open_game
from e2e.helpers import wait_for_python_ready
from e2e.test_dice_game import You, open_dice

STORED = "key => localStorage.getItem(key)"
DAMAGED_KEYS = "() => Object.keys(localStorage).filter(k => k.startsWith('thousand:damaged:'))"


def damage_and_reload(page, key, change):
    """Damage the game inside the current save (its envelope stays good), reload the page.
    Returns (the damaged text, the previous save's text)."""
    previous = page.evaluate(STORED, key + ":previous")
    assert previous, "a game played for a while has a previous save"
    doc = json.loads(page.evaluate(STORED, key))
    change(doc["data"])
    damaged = json.dumps(doc)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, damaged])
    page.reload()
    wait_for_python_ready(page)
    return damaged, previous


def assert_set_aside_and_previous_offered(page, key, damaged, previous, game_words):
    alert = page.get_by_role("alert").inner_text()
    assert alert.startswith(f"Your saved {game_words} could not be resumed ("), alert
    assert "it was kept aside as thousand:damaged:" in alert
    assert alert.endswith("The save before it was loaded instead.")
    kept = page.evaluate(DAMAGED_KEYS)
    assert [page.evaluate(STORED, k) for k in kept] == [damaged]  # as it was, byte for byte
    assert kept[0] in alert
    assert page.evaluate(STORED, key) == previous  # the previous save is the game under way again


def test_a_damaged_card_game_save_gives_way_to_the_previous_one(page, server_url):
    open_game(page, server_url, seed=21)
    player = Player(21)
    for _ in range(12):
        player.step(page)
    idle(page)
    damaged, previous = damage_and_reload(page, "thousand:game:cards",
                                          lambda game: game["state"].pop("n"))
    assert_set_aside_and_previous_offered(page, "thousand:game:cards", damaged, previous,
                                          "card game")
    page.get_by_role("button", name="Continue").click()
    idle(page)
    assert page.get_by_role("region", name="Card table").count() == 1
    for _ in range(3):
        assert player.step(page)  # and the game goes on from there
    idle(page)
    assert page.evaluate(STORED, "thousand:game:cards") != previous  # saved as it goes


def test_a_damaged_dice_save_gives_way_to_the_previous_one(page, server_url):
    open_dice(page, server_url, seed=23)
    page.get_by_role("button", name="Start the game").click()
    you = You()
    for _ in range(8):
        you.step(page)
    idle(page)

    def illegal_action(game):
        game["record"]["actions"].append({"type": "roll", "seat": 7})

    damaged, previous = damage_and_reload(page, "thousand:game:dice", illegal_action)
    assert_set_aside_and_previous_offered(page, "thousand:game:dice", damaged, previous,
                                          "dice game")
    assert "illegal action" in page.get_by_role("alert").inner_text()
    page.get_by_role("button", name="Continue the dice game").click()
    idle(page)
    assert page.get_by_role("region", name="Dice table").count() == 1
    for _ in range(3):
        assert you.step(page)
    idle(page)
    assert page.evaluate(STORED, "thousand:game:dice") != previous


def test_a_mistyped_address_still_opens_the_page(page, server_url):
    page.goto(server_url + "?delay=abc&seed=x")
    wait_for_python_ready(page)
    assert page.get_by_role("button", name="New game", exact=True).count() == 1
