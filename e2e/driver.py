"""Plays the person's seat through the page the way a player would: by the buttons' roles and
names, tapping cards by their accessible names, in the page's language (`Words`: the names
come from that language's catalogue, as a player reads them). Used by the whole-game tests."""
import json
import random
import re

from e2e.helpers import wait_for_python_ready
from thousand.ui.language import disk_source, translation


class Words:
    """What the page calls things in one language, from its catalogue."""

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.t = translation(lang, disk_source)

    def __call__(self, msgid: str, context=None, **values) -> str:
        return self.t.text(context, msgid).format_map(values)

    def plural(self, singular: str, plural: str, n: int, **values) -> str:
        return self.t.plural(None, singular, plural, n).format_map({"n": n, **values})

    def pattern(self, msgid: str, name: str) -> re.Pattern:
        """A message with one whole-number placeholder {name}, as a regular expression."""
        head, _, tail = self(msgid, **{name: "\x00"}).partition("\x00")
        return re.compile(re.escape(head) + r"(\d+)" + re.escape(tail))

    def starts(self, msgid: str, name: str) -> str:
        """The text of a message before its placeholder ("Give to " of "Give to {name}")."""
        return self(msgid, **{name: "\x00"}).partition("\x00")[0]

    def suit_of(self, label: str) -> str:
        """The suit of a card by its accessible name."""
        from thousand.ui.card_words import CARD_NAMES
        return next(code[1] for code, name in CARD_NAMES.items() if self(name) == label)

# Where a player taps a card of the hand: its visible edge (the cards overlap; a card's middle
# may lie under the next card)
VISIBLE_EDGE = {"x": 6, "y": 30}

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
    cards: all('.hand button.card:not([aria-disabled=true])').map(label),
    hand: all('.hand .card').map(label),
    trick: all('.centre.trick .card').map(label),
  };
}"""


def open_game(page, server_url, *, seed: int, players: int = 3, words=None):
    words = words or Words("en")
    page.goto(f"{server_url}?seed={seed}&delay=0&lang={words.lang}")
    wait_for_python_ready(page)
    page.get_by_role("button", name=words("New game")).click()
    page.get_by_role("button", name=words.plural("{n} player", "{n} players", players)).click()
    page.get_by_role("button", name=words("Start the game")).click()
    idle(page)


def menu_button(page, name: str):
    """A button of the table's menu by its name, the "More" list opened first when it is there
    and closed (Bids and Last trick live behind "More" so that the menu is one row on a phone)."""
    more = page.locator(".more-button")
    if more.count() and more.get_attribute("aria-expanded") != "true" and \
            page.locator("#table-more").get_by_text(name, exact=True).count():
        more.click()
        idle(page)
    return page.locator(".table-bar nav").get_by_role("button", name=name, exact=True)


def to_the_table(page):
    """After a reload: the table, where a reload mid-deal returns (issue 20, Must 4); from home,
    by Continue."""
    idle(page)
    if page.evaluate("document.body.dataset.screen") != "table":
        page.get_by_role("button", name="Continue").click()
        idle(page)
    assert page.evaluate("document.body.dataset.screen") == "table"


def idle(page):
    page.wait_for_selector('body[data-busy="0"]', timeout=30_000)


def go(page, screen):
    """To a screen by its button, by way of Home when it is not on this one."""
    page.evaluate("(s) => { const b = [...document.querySelectorAll('[data-do=go]')]"
                  ".find(e => JSON.parse(e.dataset.arg || '{}').screen === s);"
                  " if (b) b.click(); }", screen)
    idle(page)
    if page.evaluate("document.body.dataset.screen") != screen:  # not reachable from here
        home = page.locator("[data-do=go][data-arg*=home]")
        if home.count():  # (a dialog may lie over the table: a script's click, not a tap)
            page.evaluate("document.querySelector('[data-do=go][data-arg*=home]').click()")
        else:  # a screen with no Home button (conventions): Back leaves it (a reload returns)
            page.go_back()
        idle(page)
        go(page, screen)


def hand_labels(page) -> list:
    return page.locator(".hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


def enabled_cards(page) -> list:
    return page.locator(".hand button.card:not([aria-disabled=true])").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


def trick_labels(page) -> list:
    return page.locator(".centre.trick .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


def totals(page) -> str:
    return page.locator(".opponents").inner_text() + "|" + page.locator(".me").inner_text()


class Player:
    """One person's decisions: bids now and then (so that he also declares, takes the talon and
    passes cards), follows the rules the page offers, announces every marriage."""

    def __init__(self, seed: int, words: Words | None = None):
        self.rnd = random.Random(seed)
        self.w = w = words or Words("en")
        self.bid = w.pattern("Bid {value}", "value")
        self.contract = w.pattern("Contract {value}", "value")
        self.give = w.starts("Give to {name}", "name")
        self.counts = {"bid": 0, "declared": 0, "gave": 0, "played": 0, "announced": 0,
                       "deals": 0, "checked_follow": 0}

    def step(self, page) -> bool:
        """One decision; False when the game is over. One look at the page (a snapshot), then
        one tap by role and name."""
        idle(page)
        w = self.w
        snap = page.evaluate(SNAPSHOT.replace("'Give to '", json.dumps(self.give))
                             .replace("'Discard'", json.dumps(w("Discard"))))
        if snap["dialog"]:
            dialog = page.get_by_role("dialog")
            if snap["dialog"] == w("Game over"):
                return False
            if snap["dialog"] == w("Announce?"):
                self.counts["announced"] += 1
                just = w.starts("Just play the {card}", "card")
                names = [b.inner_text() for b in dialog.get_by_role("button").all()]
                choice = next(n for n in names if not n.startswith(just))
                dialog.get_by_role("button", name=choice, exact=True).click()
                return True
            self.counts["deals"] += 1
            dialog.get_by_role("button", name=snap["dialog_buttons"][0], exact=True).click()
            return True
        prompt = page.locator(".prompt")
        offered = snap["prompt"]
        for label in (w("Deal the cards"), w("Keep my cards"), w("Look at my cards"),
                      w("Show it"), w("Take talon A")):
            if label in offered:
                prompt.get_by_role("button", name=label, exact=True).click()
                return True
        cut = w("Cut", "verb")
        if cut in offered:
            page.get_by_label(w("Cards to lift")).fill(str(self.rnd.randint(1, 23)))
            prompt.get_by_role("button", name=cut, exact=True).click()
            return True
        bids = [(b, int(m.group(1))) for b in offered if (m := self.bid.fullmatch(b))]
        passing = w("Pass")
        if passing in offered:
            if bids and bids[0][1] <= 120 and self.rnd.random() < 0.45:
                self.counts["bid"] += 1
                prompt.get_by_role("button", name=bids[0][0], exact=True).click()
                return True
            prompt.get_by_role("button", name=passing, exact=True).click()
            return True
        if snap["giving"]:
            if self.counts["gave"] % 2 == 0:
                self.counts["declared"] += 1
            targets = []
            for _tap in range(3):  # a tap lost on a busy machine (or one that deselected the
                page.locator(".hand").get_by_role(  # card) is made again
                    "button", name=snap["cards"][-1], exact=True).click(position=VISIBLE_EDGE)
                idle(page)
                targets = [b for b in page.evaluate(SNAPSHOT)["prompt"]
                           if b.startswith(self.give) or b == w("Discard")]
                if targets:
                    break
            prompt.get_by_role("button", name=targets[0], exact=True).click()
            self.counts["gave"] += 1
            return True
        contracts = [b for b in offered if self.contract.fullmatch(b)]
        if contracts:
            prompt.get_by_role("button", name=contracts[0], exact=True).click()
            return True
        if snap["cards"]:
            self.check_follow(snap)
            page.locator(".hand").get_by_role("button", name=self.rnd.choice(snap["cards"]),
                                              exact=True).click(position=VISIBLE_EDGE)
            idle(page)  # a card tapped is played a frame later, once it is seen leaving the hand
            self.counts["played"] += 1
            return True
        raise AssertionError("the page offers the person nothing to do:\n" + page.inner_text("main"))

    def check_follow(self, snap):
        """R38 as the page shows it: holding the led suit, only that suit may be tapped."""
        led, enabled = snap["trick"], snap["cards"]
        if not led:
            return
        suit = self.w.suit_of(led[0])
        held = [c for c in snap["hand"] if self.w.suit_of(c) == suit]
        if held:
            assert all(self.w.suit_of(c) == suit for c in enabled), (led, enabled)
            assert sorted(held) == sorted(enabled), (held, enabled)
            self.counts["checked_follow"] += 1
