"""Issue 20, Must 4 and 5, in the browser as a player meets them.

Back and reload as in any app: every screen and dialog is a history entry; Back closes the dialog
open or returns to the screen before, and from a game's table goes home with the game kept; Back
on the home screen stays (the next one leaves, as a phone app does); Forward goes again without a
reload; the Conventions screen is left without using its rules (Cancel, or Back); a reload mid-deal
lands on the table, and a deal summary closed stays closed after a reload.

Automatic and refused moves explained: a card the rules stop says which rule (R38: "You must
follow hearts", `must_trump`: "You must trump: you have no hearts"); a seat below the minus
threshold (R25, `low_score_rule`, `low_score_threshold`) is told why the rules passed for it."""
import re

from playwright.sync_api import expect

from e2e.driver import Player, Words, enabled_cards, hand_labels, idle, menu_button, open_game
from e2e.helpers import wait_for_python_ready
from e2e.test_conventions_sets import open_group

SCREENS_FROM_HOME = {  # the home screen's button: the region of the screen it opens
    "New game": "New game", "Score sheet for real cards": "Score sheet for real cards",
    "New dice game": "New dice game", "Rules": "Rules", "Settings": "Settings",
    "Conventions": "Conventions", "Finished games": "Finished games", "Statistics": "Statistics"}
SUITS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


def screen(page) -> str:
    return page.evaluate("document.body.dataset.screen")


def dialog_name(page):
    return page.evaluate("(() => { const d = document.querySelector('[role=dialog]');"
                         " return d ? d.getAttribute('aria-label') : null; })()")


def back(page):
    page.go_back()
    idle(page)


def forward(page):
    page.go_forward()
    idle(page)


def reload(page):
    page.reload()
    wait_for_python_ready(page)
    idle(page)


def booted_once(page):
    """The page's own counter of boots: Back and Forward must not reload it."""
    return page.evaluate("window.__boots__")


def mark_boot(page):
    page.evaluate("window.__boots__ = (window.__boots__ || 0) + 1")


def test_back_and_forward_through_every_screen_without_reloading(page, server_url):
    page.goto(f"{server_url}?seed=3&delay=0")
    wait_for_python_ready(page)
    mark_boot(page)
    for button, region in SCREENS_FROM_HOME.items():
        page.get_by_role("button", name=button, exact=True).click()
        idle(page)
        expect(page.get_by_role("region", name=region, exact=True)).to_be_visible()
        opened = screen(page)
        back(page)
        assert screen(page) == "home", f"Back from {button}"
        forward(page)
        assert screen(page) == opened, f"Forward to {button}"
        expect(page.get_by_role("region", name=region, exact=True)).to_be_visible()
        back(page)
        assert screen(page) == "home"
    assert booted_once(page) == 1  # never reloaded: the same page all along

    # Back on the home screen does not leave at once: it says what the next Back does
    back(page)
    assert screen(page) == "home"
    expect(page.get_by_role("status")).to_have_text(
        "Press Back again to leave Thousand. Your games are saved.")
    assert booted_once(page) == 1


def test_back_from_the_table_and_its_dialogs(page, server_url):
    open_game(page, server_url, seed=7)
    mark_boot(page)
    hand = hand_labels(page)
    table = page.get_by_role("region", name="Card table")
    menu = page.get_by_role("navigation", name="Table menu")
    for name, title in (("Score sheet", "Score sheet"), ("Bids", "Bids")):
        menu_button(page, name).click()
        idle(page)
        assert dialog_name(page) == title
        back(page)  # Back closes the dialog, the table stays
        assert dialog_name(page) is None and screen(page) == "table"
        forward(page)  # Forward opens it again
        assert dialog_name(page) == title
        page.get_by_role("dialog").get_by_role("button", name="Close").click()
        idle(page)
        assert dialog_name(page) is None
        back(page)  # a dialog closed by its button is not opened again by Back: home
        assert screen(page) == "home"
        page.get_by_role("button", name="Continue").click()
        idle(page)
    # Back from the table: home, with the game kept (Continue), never out of the app
    back(page)
    assert screen(page) == "home"
    expect(page.get_by_role("button", name="Continue")).to_be_visible()
    forward(page)
    expect(table).to_be_visible()
    assert hand_labels(page) == hand
    # the table's own Home, then Back: the table again
    menu.get_by_role("button", name="Home").click()
    idle(page)
    assert screen(page) == "home"
    back(page)
    assert screen(page) == "home"  # Home from the table went back to the entry below it
    page.get_by_role("button", name="Continue").click()
    idle(page)
    assert booted_once(page) == 1

    # the table entered from New game: Back goes home, not to the New game screen
    player = Player(7)
    for _ in range(400):  # to the end of the first deal, its summary open
        if dialog_name(page) == "End of the deal":
            break
        player.step(page)
    else:
        raise AssertionError("the first deal never ended")
    back(page)  # Back on the summary: closed, as "Next deal"
    assert dialog_name(page) != "End of the deal" and screen(page) == "table"
    last_trick = menu_button(page, "Last trick")
    if last_trick.is_enabled():
        last_trick.click()
        idle(page)
        assert dialog_name(page) == "Last trick"
        back(page)
        assert dialog_name(page) is None
    back(page)
    assert screen(page) == "home"
    assert booted_once(page) == 1


def test_the_replay_and_the_dice_log_go_back(page, server_url):
    open_game(page, server_url, seed=11)
    player = Player(11)
    for _ in range(400):
        if dialog_name(page) == "End of the deal":
            break
        player.step(page)
    page.get_by_role("dialog").get_by_role("button", name="Replay this deal").click()
    idle(page)
    assert screen(page) == "replay"
    back(page)  # to the summary the replay was opened from
    assert screen(page) == "table" and dialog_name(page) == "End of the deal"
    forward(page)
    assert screen(page) == "replay"  # as it was left
    expect(page.get_by_role("heading", name="Replay of deal 1")).to_be_visible()
    back(page)
    back(page)  # the summary closed
    assert screen(page) == "table" and dialog_name(page) != "End of the deal"
    back(page)
    assert screen(page) == "home"

    page.get_by_role("button", name="New dice game").click()
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    assert screen(page) == "dice"
    page.get_by_role("button", name="Roll", exact=True).click()
    idle(page)
    page.get_by_role("button", name="Log").click()
    idle(page)
    assert dialog_name(page) is not None
    back(page)
    assert dialog_name(page) is None and screen(page) == "dice"
    back(page)
    assert screen(page) == "home"
    expect(page.get_by_role("button", name="Continue the dice game")).to_be_visible()


def test_conventions_left_without_using_its_rules(page, server_url):
    page.goto(f"{server_url}?seed=5&delay=0")
    wait_for_python_ready(page)
    page.get_by_role("button", name="New game").click()
    changed = page.get_by_text(re.compile(r"conventions? changed from the preset"))
    expect(changed).to_have_count(0)
    for leave in ("Cancel", "Back"):
        page.get_by_role("button", name="Edit conventions").click()
        idle(page)
        open_group(page, "Bidding")
        page.get_by_label("Minus threshold").select_option(label="Below 100")
        idle(page)
        expect(page.get_by_label("Minus threshold")).to_have_value("100")
        if leave == "Cancel":
            page.get_by_role("button", name="Cancel").click()
            idle(page)
        else:
            back(page)
        assert screen(page) == "new", leave
        expect(changed).to_have_count(0)  # the edit was dropped
    # and "Use these rules" still uses them
    page.get_by_role("button", name="Edit conventions").click()
    open_group(page, "Bidding")
    page.get_by_label("Minus threshold").select_option(label="Below 100")
    page.get_by_role("button", name="Use these rules").click()
    idle(page)
    expect(page.get_by_text("1 convention changed from the preset")).to_be_visible()


def test_a_reload_mid_deal_lands_on_the_table_and_a_closed_summary_stays_closed(page, server_url):
    open_game(page, server_url, seed=21)
    player = Player(21)
    for _ in range(400):
        if page.locator(".centre.trick .card").count() and enabled_cards(page) and \
                dialog_name(page) is None:
            break
        player.step(page)
    before = hand_labels(page)
    reload(page)
    assert screen(page) == "table"  # not home: the table, mid-deal, the same hand
    assert hand_labels(page) == before
    back(page)  # and the way back still leads home
    assert screen(page) == "home"
    page.get_by_role("button", name="Continue").click()
    idle(page)

    for _ in range(400):
        if dialog_name(page) == "End of the deal":
            break
        player.step(page)
    else:
        raise AssertionError("the deal never ended")
    reload(page)
    assert dialog_name(page) == "End of the deal"  # not closed yet: it stays open
    # the computer players wait 30 s a move from here, so the next deal stays undealt
    page.goto(f"{server_url}?seed=21&delay=30")
    wait_for_python_ready(page)
    assert dialog_name(page) == "End of the deal"
    page.get_by_role("dialog").get_by_role("button", name="Next deal").click()
    assert dialog_name(page) is None
    page.reload()
    wait_for_python_ready(page)
    assert screen(page) == "table"
    assert dialog_name(page) is None  # closed, and it stays closed


def test_a_refused_card_says_which_rule_stops_it(page, server_url):
    open_game(page, server_url, seed=13)
    player = Player(13)
    for _ in range(600):
        trick = page.locator(".centre.trick .card")
        stopped = page.locator(".hand button.card[aria-disabled=true]")
        if trick.count() and stopped.count() and enabled_cards(page) and dialog_name(page) is None:
            break
        player.step(page)
    else:
        raise AssertionError("no card was ever stopped by a rule")
    w = Words("en")
    led = SUITS[w.suit_of(page.locator(".centre.trick .card").first.get_attribute("aria-label"))]
    hand = hand_labels(page)
    stopped.first.click(position={"x": 6, "y": 30}, force=True)  # a tap on it all the same
    idle(page)
    alert = page.get_by_role("alert")
    expect(alert).to_have_text(re.compile(
        rf"^(You must follow {led}\.|You must trump: you have no {led}\.)$"))
    assert hand_labels(page) == hand  # nothing played
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="docs/screenshots/refused-card-phone.png")


def test_an_automatic_pass_is_explained(page, server_url):
    """With the minus threshold at 100 every total of 0 is below it (R25): the rules pass for
    every seat but the sitter, whose forced 100 stands; the person is told why."""
    page.goto(f"{server_url}?seed=4&delay=0&lang=en")
    wait_for_python_ready(page)
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Edit conventions").click()
    open_group(page, "Bidding")
    page.get_by_label("Minus threshold").select_option(label="Below 100")
    page.get_by_role("button", name="Use these rules").click()
    # every line the live region says, kept (it shows only the last few)
    page.evaluate("""() => { window.__said__ = [];
      new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(
        n => window.__said__.push(n.textContent)))).observe(
        document.getElementById('news'), {childList: true}); }""")
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    player = Player(4)
    dealing = page.locator(".prompt").get_by_role("button", name=re.compile("^(Deal the cards|Cut)$"))
    for _ in range(4):  # the person may deal or cut first
        if not dealing.count():
            break
        player.step(page)
    idle(page)
    menu_button(page, "Bids").click()
    bids = page.get_by_role("dialog", name="Bids").get_by_role("listitem")
    said = bids.all_inner_texts()
    assert any(re.fullmatch(r".+: pass \(automatic: below 100\)", s) for s in said), said
    assert any(s.endswith(": 100 (automatic: the opening 100)") for s in said), said
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="docs/screenshots/automatic-pass-phone.png")
    page.get_by_role("dialog").get_by_role("button", name="Close").click()
    idle(page)
    news = page.evaluate("window.__said__")
    assert "You pass automatically: with a total below 100 you may not bid this deal." in news \
        or any(s.endswith(" passes automatically: with a total below 100 no bid is allowed this "
                          "deal.") for s in news), news
    mine = page.locator(".table-says .auto-line")
    if mine.count():  # the person was passed for (not the sitter): said on the table too
        expect(mine).to_have_text(
            "You pass automatically: with a total below 100 you may not bid this deal.")
