"""No game is ever lost (issue 20, item 1), as a player meets it on a phone: New game over a game
in progress asks first and names it; going on keeps the old game in Finished games as not
finished, which Resume brings back to its table; Statistics counts it as abandoned."""
import re

from playwright.sync_api import expect

from e2e.driver import Player, Words, go, idle, open_game

SHOTS = "test-results"


def play_until_a_deal_is_settled(page, player):
    for _ in range(400):
        idle(page)
        if page.get_by_role("dialog", name="End of the deal").count():
            return
        player.step(page)
    raise AssertionError("no deal was settled")


def test_a_game_replaced_is_kept_and_resumed(page, server_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server_url, seed=21)
    player = Player(5)
    play_until_a_deal_is_settled(page, player)
    for _ in range(3):  # into the second deal
        player.step(page)
    idle(page)
    first_totals = page.locator(".seat-score, .score").all_inner_texts()

    go(page, "new")
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    dialog = page.get_by_role("dialog", name="A game is in progress")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(re.compile(r"Deal 2: You [−-]?\d+, Boris [−-]?\d+, Vera [−-]?\d+"))
    page.screenshot(path=f"{SHOTS}/replace-question-phone.png")
    # Cancel: nothing replaced, the question gone
    dialog.get_by_role("button", name="Cancel").click()
    idle(page)
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    page.get_by_role("dialog").get_by_role("button", name="Start a new game").click()
    idle(page)
    assert page.evaluate("document.body.dataset.screen") == "table"

    go(page, "statistics")
    expect(page.get_by_role("region", name="Card games")).to_contain_text(
        re.compile(r"Games abandoned \(not counted\)\s*1"))
    expect(page.get_by_role("region", name="Card games")).to_contain_text("0 of 0")

    go(page, "history")
    cards = page.get_by_role("region", name="Card games")
    entry = cards.locator("li").first
    expect(entry).to_contain_text("Not finished")
    expect(entry.get_by_role("button", name="Replay a deal")).to_be_visible()
    entry.get_by_role("button", name="Resume").click()
    idle(page)
    # the new game has moves of its own by now (the computers play at once): asked again
    question = page.get_by_role("dialog", name="A game is in progress")
    if question.count():
        question.get_by_role("button", name="Start a new game").click()
        idle(page)
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert page.locator(".seat-score, .score").all_inner_texts() == first_totals



def test_the_question_in_russian(page, server_url):
    words = Words("ru")
    open_game(page, server_url, seed=4, words=words)
    player = Player(2, words)
    for _ in range(6):
        player.step(page)
    go(page, "new")
    page.get_by_role("button", name=words("Start the game")).click()
    idle(page)
    dialog = page.get_by_role("dialog", name=words("A game is in progress"))
    expect(dialog).to_contain_text("Раздача 1:")
    expect(dialog.get_by_role("button", name=words("Back to that game"))).to_be_visible()
    dialog.get_by_role("button", name=words("Back to that game")).click()
    idle(page)
    assert page.evaluate("document.body.dataset.screen") == "table"
