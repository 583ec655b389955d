"""Help at the table through the page, in one game on a phone screen: a hint followed, a wrong
card taken back, and the deal just over replayed step by step (issue 12)."""
import json

from e2e.driver import VISIBLE_EDGE, Player, enabled_cards, hand_labels, idle, open_game

SHOTS = "docs/screenshots"


def saved_record(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('thousand:game:cards')"))["data"]["record"]


def until_the_person_plays(page, player, limit=300):
    for _ in range(limit):
        if enabled_cards(page) and not page.get_by_role("dialog").count() and \
                not page.locator(".prompt .picker, .prompt button:has-text('Give to')").count():
            return
        player.step(page)
    raise AssertionError("the person never had a card to play")


def test_hint_undo_and_replay_in_one_game(page, server_url):
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, server_url, seed=8)
    player = Player(8)
    until_the_person_plays(page, player)

    # a hint: the strongest computer player's card, marked in the hand, with its reason
    page.get_by_role("button", name="Hint", exact=True).click()
    idle(page)
    line = page.locator(".hint-line").inner_text()
    assert line.startswith("Hint: ") and (" the " in line), line
    page.screenshot(path=f"{SHOTS}/help-hint-phone.png")
    hinted = page.locator(".hand button.card.hinted").get_attribute("aria-label")
    assert hinted in line, (hinted, line)
    assert len(saved_record(page)["hints"]) == 1
    page.locator(".hand").get_by_role("button", name=hinted, exact=True).click(
        position=VISIBLE_EDGE)  # followed
    idle(page)
    assert hinted not in hand_labels(page)

    # a wrong card taken back: the hand is as it was, the computer's moves after it undone
    until_the_person_plays(page, player)
    before = hand_labels(page)
    wrong = enabled_cards(page)[-1]
    page.locator(".hand").get_by_role("button", name=wrong, exact=True).click(position=VISIBLE_EDGE)
    idle(page)
    assert wrong not in hand_labels(page)
    page.get_by_role("button", name="Undo", exact=True).click()
    idle(page)
    assert page.get_by_role("alert").inner_text() == "Your last move was taken back."
    assert hand_labels(page) == before
    taken = saved_record(page)["taken_back"]
    assert taken[-1]["actions"][0]["card"] and taken[-1]["seat"] == 0

    # play the deal out, then replay it from the deal summary, forwards and back
    for _ in range(300):
        if page.get_by_role("dialog", name="End of the deal").count():
            break
        player.step(page)
    summary = page.get_by_role("dialog", name="End of the deal")
    summary.get_by_role("button", name="Replay this deal").click()
    idle(page)
    replay = page.get_by_role("region", name="Replay of a deal")
    assert "The deal as dealt" in replay.locator(".step-no").inner_text()
    assert replay.locator(".replay-seat").count() == 3
    assert replay.locator(".replay-hand .card").count() == 21      # every hand open (R11: 7 each)
    forward = replay.get_by_role("button", name="Forward a step ▶")
    for _ in range(3):            # the auction, the talon and passing, the first trick
        forward.click()
        idle(page)
    assert "Trick 1" in replay.locator(".step-no").inner_text()
    assert replay.locator(".trick .card").count() == 3
    page.screenshot(path=f"{SHOTS}/help-replay-phone.png")
    while forward.is_enabled():
        forward.click()
        idle(page)
    assert "The result" in replay.locator(".step-no").inner_text()
    replay.get_by_role("button", name="◀ Back a step").click()
    idle(page)
    assert "Trick 8" in replay.locator(".step-no").inner_text()
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the replay is wider than the phone screen"
    replay.get_by_role("button", name="Back", exact=True).click()
    idle(page)
    assert page.get_by_role("dialog", name="End of the deal").count() == 1
