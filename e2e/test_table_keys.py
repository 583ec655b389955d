"""The card table by keyboard alone, and its cards' movement (issue 11): a whole deal played with
keys only (Enter, the arrow keys along the hand, P to pass, B for the lowest bid, Tab), focus
always visible on something to decide; cards move while a trick is played, not at all with the
system's reduced motion or the player's setting; the frame timing of the movement is printed."""
import json

from e2e.driver import VISIBLE_EDGE, idle, open_game

FOCUSED = """() => { const e = document.activeElement;
  return e ? {tag: e.tagName, text: (e.getAttribute('aria-label') || e.textContent || '').trim(),
              card: e.matches('.hand button.card'), off: e.getAttribute('aria-disabled') === 'true',
              shortcut: e.getAttribute('data-shortcut'), outline: getComputedStyle(e).outlineStyle,
              dialog: !!e.closest('[role=dialog]')} : null; }"""
MOVING = """() => document.getAnimations().filter(a => a.effect.getTiming().iterations !== Infinity)
                                    .length"""


def focused(page):
    return page.evaluate(FOCUSED)


def key_decision(page, log, bid_once):
    """One decision by keyboard; False once the deal's summary is up."""
    idle(page)
    if page.get_by_role("dialog", name="End of the deal").count():
        return False
    f = focused(page)
    assert f and f["tag"] == "BUTTON", f"nothing to decide has the focus: {f}"
    assert f["outline"] != "none" or f["card"], f"the focus is not visible: {f}"
    if page.locator("[data-shortcut=p]").count():
        key = "b" if bid_once and page.locator("[data-shortcut=b]").count() else "p"
        log.append(key)
        page.keyboard.press(key)
        return True
    if f["card"] and f["off"] and page.locator(".prompt .actions button").count() > 1:
        for _ in range(20):  # a decision that is not a card: back up to the prompt
            page.keyboard.press("Shift+Tab")
            if page.evaluate("!!document.activeElement.closest('.prompt .actions')"):
                break
        f = focused(page)
    if f["card"]:
        giving = page.locator(".prompt button:has-text('Give to')").count()
        for _ in range(12):  # along the hand to a card that may be played
            if not focused(page)["off"]:
                break
            page.keyboard.press("ArrowRight")
        assert not focused(page)["off"], "no card of the hand may be played"
        log.append("card " + focused(page)["text"])
        page.keyboard.press("Enter")
        if giving:  # the card is chosen; back up to the player to give it to
            idle(page)
            for _ in range(20):
                page.keyboard.press("Shift+Tab")
                if focused(page)["text"].startswith("Give to"):
                    break
            log.append(focused(page)["text"])
            page.keyboard.press("Enter")
        return True
    log.append(f["text"])
    page.keyboard.press("Enter")
    return True


def test_a_whole_deal_by_keyboard_alone(page, server_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, server_url, seed=31)
    for _ in range(30):  # from here on, keys only: Tab to the first decision
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.prompt .actions')"):
            break
    log = []
    for _ in range(120):
        if not key_decision(page, log, bid_once=not any(k == "b" for k in log)):
            break
    else:
        raise AssertionError(f"the deal did not end: {log}")
    plays = [k for k in log if k.startswith("card ")]
    assert "b" in log and len(plays) >= 7, log
    # the summary's first button has the focus: Enter goes on to the next deal
    assert focused(page)["dialog"]
    page.keyboard.press("Enter")
    idle(page)
    assert not page.get_by_role("dialog").count()
    assert page.locator(".deal-no").inner_text() == "Deal 2"


def play_a_card(page):
    """The person's next card (by mouse), the computer's moves after it, and how many card
    movements ran meanwhile."""
    for _ in range(40):
        idle(page)
        dialog = page.get_by_role("dialog")
        if dialog.count():
            dialog.get_by_role("button").first.click()
            continue
        prompt = page.locator(".prompt .actions button:not([disabled])")
        cards = page.locator(".hand button.card:not([aria-disabled=true])")
        if cards.count() and not page.locator(".prompt button:has-text('Give to')").count():
            cards.first.click(position=VISIBLE_EDGE)
            seen = page.evaluate(MOVING)
            page.wait_for_timeout(150)  # the computers' cards come in after it
            return seen + page.evaluate(MOVING)
        if page.locator("[data-shortcut=p]").count():
            page.locator("[data-shortcut=p]").click()
        elif page.locator(".prompt button:has-text('Give to')").count():
            page.locator(".hand button.card").last.click(position=VISIBLE_EDGE)
            page.locator(".prompt button:has-text('Give to')").first.click()
        else:
            prompt.first.click()
    raise AssertionError("the person never had a card to play")


def test_cards_move_unless_motion_is_reduced_or_turned_off(page, server_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server_url, seed=32)
    page.evaluate("window.thousandMotion.reset()")
    moved = [play_a_card(page) for _ in range(6)]
    assert sum(moved) >= 6, moved
    stats = page.evaluate("window.thousandMotion.stats()")
    print("card movement frames:", json.dumps(stats))

    page.emulate_media(reduced_motion="reduce")
    assert [play_a_card(page) for _ in range(2)] == [0, 0]
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('thousand:settings'));
                             s.data.motion = false;
                             localStorage.setItem('thousand:settings', JSON.stringify(s)); }""")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    idle(page)  # back on the table (issue 20, Must 4)
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert page.evaluate("document.documentElement.dataset.motion") == "off"
    assert [play_a_card(page) for _ in range(2)] == [0, 0]


def test_the_live_region_says_the_computers_moves_and_the_table_sounds_unless_muted(page,
                                                                                    server_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server_url, seed=33)
    news = page.locator("#news")
    assert news.get_attribute("aria-live") == "polite"
    for _ in range(3):
        play_a_card(page)
    said = news.locator("p").all_inner_texts()
    assert said and len(said) <= 5, said
    # the computers' moves by name, the trick's taker with its points
    assert any(line.startswith(("Boris ", "Vera ")) for line in said), said
    page.wait_for_function("document.querySelectorAll('#news p').length > 0")
    played = page.evaluate("window.thousandSoundsPlayed.slice()")
    assert "card" in played, played

    page.get_by_role("button", name="Sounds").click()  # the table's mute button
    idle(page)
    assert page.get_by_role("button", name="Sounds").get_attribute("aria-pressed") == "false"
    before = len(page.evaluate("window.thousandSoundsPlayed"))
    play_a_card(page)
    assert len(page.evaluate("window.thousandSoundsPlayed")) == before
    saved = page.evaluate("JSON.parse(localStorage.getItem('thousand:settings')).data.sound")
    assert saved is False
