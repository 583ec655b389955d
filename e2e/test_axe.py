"""No axe-core violations on any screen of either game (issue 11, Must 5): every screen, the card
table through the auction, the talon, a trick in play, its dialogs (bids, score sheet, a risky
bid's question, the deal's summary) and the replay, and the dice table before and after a roll.

axe-core is the npm dev dependency pinned in package.json, read from node_modules and put into the
page by the test (the page itself never loads it). Every rule axe runs by default is checked
(WCAG 2.0-2.2 A and AA and axe's best practices), at a phone's size and at a desktop's."""
import json

import pytest

from e2e.driver import Player, Words, go, idle, open_game
from e2e.helpers import axe_run

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


class Audit:
    """axe run on each screen visited; `found` maps a screen to its violations."""

    def __init__(self, page, size):
        self.page, self.size = page, size
        self.found, self.counts = {}, {}

    def check(self, screen):
        idle(self.page)
        result = axe_run(self.page)
        self.counts[screen] = (result["passes"], len(result["violations"]))
        if result["violations"]:
            self.found[screen] = result["violations"]

    def report(self):
        print(f"\naxe at {self.size}: rules passed / violations per screen")
        for screen, (passes, violations) in self.counts.items():
            print(f"  {screen:28} {passes:3} / {violations}")
        assert self.found == {}, json.dumps(self.found, indent=1, ensure_ascii=False)


def _until(page, player, wanted, steps=80):
    """The person plays on (computers in between) until `wanted(snapshot of the page)`."""
    for _ in range(steps):
        idle(page)
        if wanted(page):
            return True
        if not player.step(page):
            return False
    return False


def _prompt_has(page, text):
    return page.locator(".prompt button", has_text=text).count() > 0


@pytest.mark.parametrize("size", SIZES)
def test_no_axe_violations_on_any_screen(page, server_url, size):
    page.set_viewport_size(SIZES[size])
    w = Words("en")
    audit = Audit(page, size)
    open_game(page, server_url, seed=5)
    audit.check("table: auction")
    for screen in ("home", "new", "settings", "rules", "history", "sheet", "statistics",
                   "dice_new"):
        go(page, screen)
        audit.check(screen)
    go(page, "conventions")
    for button in page.locator("[data-do='conventions.group']").all():
        button.click()
        idle(page)
    audit.check("conventions, every group open")

    go(page, "home")
    page.locator("[data-do='home.continue']").click()
    player = Player(5, w)
    picker = page.locator(".prompt select")
    if _until(page, player, lambda p: picker.count() > 0):
        picker.select_option(index=picker.locator("option").count() - 1)  # the highest bid
        picker.locator("xpath=following::button[1]").click()
        idle(page)
        if page.get_by_role("dialog").count():
            audit.check("table: a risky bid asked about")
            page.get_by_role("dialog").get_by_role("button", name=w("No"), exact=True).click()
            idle(page)
    for dialog in ("Bids", "Score sheet"):
        if dialog == "Bids":  # behind the menu's "More" (⋯)
            page.get_by_role("button", name=w("More"), exact=True).click()
            idle(page)
            audit.check("table: the menu's More list")
        page.get_by_role("button", name=w(dialog), exact=True).first.click()
        idle(page)
        audit.check(f"table: {dialog.lower()} dialog")
        page.keyboard.press("Escape")
        idle(page)
        if page.get_by_role("dialog").count():
            page.get_by_role("dialog").get_by_role("button").last.click()
            idle(page)
    player.counts["gave"] = 0  # he declares this deal: the talon and the cards he passes
    if _until(page, player, lambda p: _prompt_has(p, w.starts("Give to {name}", "name"))
              or _prompt_has(p, w("Discard"))):
        audit.check("table: passing cards")
    if _until(page, player, lambda p: p.locator(".centre.trick .card").count() > 0):
        audit.check("table: a trick in play")
    if _until(page, player, lambda p: p.get_by_role("dialog").count() > 0
              and p.get_by_role("button", name=w("Replay this deal")).count() > 0, steps=200):
        audit.check("table: the deal's summary")
        page.get_by_role("button", name=w("Replay this deal")).click()
        idle(page)
        audit.check("replay")
    assert {"table: a trick in play", "table: the deal's summary", "replay"} <= set(audit.counts)

    go(page, "dice_new")
    page.locator("[data-do='dice_new.start']").first.click()
    idle(page)
    audit.check("dice table")
    roll = page.locator("[data-do='dice.roll']:not([disabled])")
    if roll.count():
        roll.click()
        idle(page)
        audit.check("dice table after a roll")
    audit.report()
