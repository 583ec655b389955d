"""Plays the person's seat through the page the way a player would: by the buttons' roles and
names, tapping cards by their accessible names. Used by the whole-game tests."""
import random
import re

from e2e.helpers import wait_for_python_ready

SNAPSHOT = """() => {
  const all = s => Array.from(document.querySelectorAll(s));
  const label = e => e.getAttribute('aria-label');
  const dialog = document.querySelector('[role=dialog]');
  const prompt = all('.prompt button').filter(b => !b.disabled).map(b => b.textContent);
  return {
    dialog: dialog ? label(dialog) : null,
    dialog_buttons: dialog ? all('[role=dialog] button').map(b => b.textContent) : [],
    prompt: prompt,
    giving: all('.prompt button').some(b => b.textContent.startsWith('Give to ') || b.textContent === 'Discard'),
    cards: all('.hand button.card:not([disabled])').map(label),
    hand: all('.hand .card').map(label),
    trick: all('.centre.trick .card').map(label),
  };
}"""


def open_game(page, server_url, *, seed: int, players: int = 3):
    page.goto(f"{server_url}?seed={seed}&delay=0")
    wait_for_python_ready(page)
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name=f"{players} players").click()
    page.get_by_role("button", name="Start the game").click()
    idle(page)


def idle(page):
    page.wait_for_selector('body[data-busy="0"]', timeout=30_000)


def hand_labels(page) -> list:
    return page.locator(".hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def enabled_cards(page) -> list:
    return page.locator(".hand button.card:not([disabled])").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


def trick_labels(page) -> list:
    return page.locator(".centre.trick .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


def totals(page) -> str:
    return page.locator(".opponents").inner_text() + "|" + page.locator(".me").inner_text()


class Player:
    """One person's decisions: bids now and then (so that he also declares, takes the talon and
    passes cards), follows the rules the page offers, announces every marriage."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.counts = {"bid": 0, "declared": 0, "gave": 0, "played": 0, "announced": 0,
                       "deals": 0, "checked_follow": 0}

    def step(self, page) -> bool:
        """One decision; False when the game is over. One look at the page (a snapshot), then
        one tap by role and name."""
        idle(page)
        snap = page.evaluate(SNAPSHOT)
        if snap["dialog"]:
            dialog = page.get_by_role("dialog")
            if snap["dialog"] == "Game over":
                return False
            if snap["dialog"] == "Announce?":
                self.counts["announced"] += 1
                dialog.get_by_role("button", name=re.compile("^Announce")).first.click()
                return True
            self.counts["deals"] += 1
            dialog.get_by_role("button", name=snap["dialog_buttons"][0]).click()
            return True
        prompt = page.locator(".prompt")
        offered = snap["prompt"]
        for label in ("Deal the cards", "Keep my cards", "Look at my cards", "Show it",
                      "Take talon A"):
            if label in offered:
                prompt.get_by_role("button", name=label).click()
                return True
        if "Cut" in offered:
            page.get_by_label("Cards to lift").fill(str(self.rnd.randint(1, 23)))
            prompt.get_by_role("button", name="Cut").click()
            return True
        bids = [b for b in offered if re.fullmatch(r"Bid \d+", b)]
        if "Pass" in offered:
            if bids and int(bids[0].split()[1]) <= 120 and self.rnd.random() < 0.45:
                self.counts["bid"] += 1
                prompt.get_by_role("button", name=bids[0], exact=True).click()
                return True
            prompt.get_by_role("button", name="Pass").click()
            return True
        if snap["giving"]:
            if self.counts["gave"] % 2 == 0:
                self.counts["declared"] += 1
            page.locator(".hand").get_by_role("button", name=snap["cards"][-1], exact=True).click()
            target = [b for b in page.evaluate(SNAPSHOT)["prompt"]
                      if b.startswith("Give to ") or b == "Discard"][0]
            prompt.get_by_role("button", name=target, exact=True).click()
            self.counts["gave"] += 1
            return True
        contracts = [b for b in offered if re.fullmatch(r"Contract \d+", b)]
        if contracts:
            prompt.get_by_role("button", name=contracts[0], exact=True).click()
            return True
        if snap["cards"]:
            self.check_follow(snap)
            page.locator(".hand").get_by_role("button", name=self.rnd.choice(snap["cards"]),
                                              exact=True).click()
            self.counts["played"] += 1
            return True
        raise AssertionError("the page offers the person nothing to do:\n" + page.inner_text("main"))

    def check_follow(self, snap):
        """R38 as the page shows it: holding the led suit, only that suit may be tapped."""
        led, enabled = snap["trick"], snap["cards"]
        if not led:
            return
        suit = led[0].split(" of ")[1]
        held = [c for c in snap["hand"] if c.endswith(suit)]
        if held:
            assert all(c.endswith(suit) for c in enabled), (led, enabled)
            assert sorted(held) == sorted(enabled), (held, enabled)
            self.counts["checked_follow"] += 1
