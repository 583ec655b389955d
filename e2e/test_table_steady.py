"""A steady table for fingers (issue 20, Must 6 and 7): the hand lies where it lay through every
phase of a deal (the auction, the talon, passing, play, a trick lying on the table), a notice
moves nothing, the hand is at full contrast while the player studies it in the auction, the talon
leaves the felt once taken, and a hint highlights the control it names and moves nothing else.
Every control of the tables and their dialogs is at least 44×44 CSS px at 360×640 and 390×844 in
every language (WCAG 2.5.5; the cards of the hand by the part of each that shows), the table's
menu keeps to one row at 360 px, and on a desktop the cards are sized to the felt. The layout at
every size with screenshots is e2e/test_table_layout.py."""
import pytest

from e2e.driver import VISIBLE_EDGE, Words, idle
from e2e.helpers import wait_for_python_ready
from thousand.i18n import LANGUAGES

PHONE = (390, 844)
SMALL_PHONE = (360, 640)
DESKTOP = (1280, 800)
FINGER = 44  # CSS px (WCAG 2.5.5, target size)

BOX = """(selector) => { const e = document.querySelector(selector); if (!e) return null;
  const r = e.getBoundingClientRect();
  return {top: r.top + scrollY, left: r.left, width: r.width, height: r.height}; }"""

# What is on the felt and in the hand, by card (a card lying in two places shows twice)
CARDS_SEEN = """() => [...document.querySelectorAll('.felt [data-key], .hand [data-key]')]
  .filter(e => e.getBoundingClientRect().width > 0).map(e => e.dataset.key)"""

# The hand's cards as they look: dimmed or not
HAND_LOOK = """() => [...document.querySelectorAll('.hand .card')].map(c => {
  const img = c.querySelector('img');
  return {opacity: getComputedStyle(c).opacity + '/' + getComputedStyle(img).opacity,
          filter: getComputedStyle(img).filter};
})"""

# Every control a finger may tap on the table and its dialogs, with its size; a card of the hand
# by the part of it that shows (the cards overlap: the next card in its row, or the row below,
# covers the rest)
TARGETS = """() => {
  const shown = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const out = [];
  const scope = '.table, .dice-table';
  for (const e of document.querySelectorAll(
      `:is(${scope}) :is(button, select, input, summary, a[href]):not(.card)`)) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    out.push({what: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30),
              width: r.width, height: r.height});
  }
  const cards = [...document.querySelectorAll('.hand button.card')].filter(shown);
  const boxes = cards.map(c => c.getBoundingClientRect());
  boxes.forEach((r, i) => {
    let width = r.width, height = r.height;
    boxes.forEach((o, j) => {
      if (j <= i) return;  // only a later card lies over this one
      const overlapsV = o.top < r.bottom - 1 && o.bottom > r.top + 1;
      const overlapsH = o.left < r.right - 1 && o.right > r.left + 1;
      if (overlapsV && o.top <= r.top + 1 && o.left > r.left) width = Math.min(width, o.left - r.left);
      if (overlapsH && o.top > r.top + 1) height = Math.min(height, o.top - r.top);
    });
    out.push({what: 'card ' + cards[i].getAttribute('aria-label'), width, height});
  });
  return out;
}"""

MENU_ROW = """() => {
  const items = [...document.querySelectorAll('.table-bar .menu > *')]
    .filter(e => e.getBoundingClientRect().width > 0);
  const tops = items.map(e => Math.round(e.getBoundingClientRect().top));
  const right = Math.max(...items.map(e => e.getBoundingClientRect().right));
  return {tops, right, width: document.documentElement.clientWidth,
          scroll: document.documentElement.scrollWidth};
}"""


def open_table(page, server_url, *, seed, lang="en", size=PHONE, pause=None):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    words = Words(lang)
    page.goto(f"{server_url}?seed={seed}&delay=0&lang={lang}" +
              (f"&pause={pause}" if pause is not None else ""))
    wait_for_python_ready(page)
    page.get_by_role("button", name=words("New game"), exact=True).click()
    page.get_by_role("button", name=words("Start the game"), exact=True).click()
    idle(page)
    return words


# the cards' movements over (the thinking mark's pulse runs for ever, and is not one of them)
SETTLED = """() => !document.getAnimations().some(a => a.playState === 'running' &&
                                                  a.effect.getTiming().iterations !== Infinity)"""


def still(page):
    idle(page)
    page.wait_for_function(SETTLED)


def small(targets):
    return [t for t in targets if t["width"] < FINGER - 0.5 or t["height"] < FINGER - 0.5]


class Declarer:
    """The person's decisions, made to declare: the lowest bid up to 120, then a pass; the last
    card of the hand passed on; the lowest contract; any card that may be played."""

    def __init__(self, words):
        self.w = words
        self.bid = words.pattern("Bid {value}", "value")
        self.contract = words.pattern("Contract {value}", "value")

    def prompt(self, page):
        return [b for b in page.locator(".prompt button:not([disabled])").all_inner_texts()]

    def step(self, page):
        w = self.w
        prompt = page.locator(".prompt")
        offered = self.prompt(page)
        for label in (w("Deal the cards"), w("Keep my cards"), w("Look at my cards")):
            if label in offered:
                prompt.get_by_role("button", name=label, exact=True).click()
                return
        if w("Cut", "verb") in offered:
            prompt.get_by_role("button", name=w("Cut", "verb"), exact=True).click()
            return
        bids = [(b, int(m.group(1))) for b in offered if (m := self.bid.fullmatch(b))]
        if w("Pass") in offered:
            if bids and bids[0][1] <= 120:
                prompt.get_by_role("button", name=bids[0][0], exact=True).click()
            else:
                prompt.get_by_role("button", name=w("Pass"), exact=True).click()
            return
        give = w.starts("Give to {name}", "name")
        if any(b.startswith(give) for b in prompt.locator("button").all_inner_texts()):
            card = page.locator(".hand button.card:not([aria-disabled=true])").last
            card.click(position=VISIBLE_EDGE)
            idle(page)
            target = [b for b in self.prompt(page) if b.startswith(give)][0]
            prompt.get_by_role("button", name=target, exact=True).click()
            return
        contracts = [b for b in offered if self.contract.fullmatch(b)]
        if contracts:
            prompt.get_by_role("button", name=contracts[0], exact=True).click()
            return
        cards = page.locator(".hand button.card:not([aria-disabled=true])")
        if cards.count():
            cards.first.click(position=VISIBLE_EDGE)
            return
        raise AssertionError("nothing to do:\n" + page.inner_text("main"))


def settle(page):
    """The page at rest: no computer move due, or one waiting while a trick lies on the table
    (the trick pause the test asked for is long: a tap on the felt gathers it)."""
    page.wait_for_function("document.body.dataset.busy === '0' || "
                           "document.querySelector('.centre.trick-done') !== null",
                           timeout=30_000)


def answered(page, words) -> bool:
    """A question in a dialog on the way (announce a marriage? are you sure?), answered yes."""
    dialog = page.get_by_role("dialog")
    if not dialog.count() or dialog.get_attribute("aria-label") not in (
            words("Announce?"), words("Are you sure?")):
        return False
    dialog.get_by_role("button").first.click()
    settle(page)
    return True


def to_the_auction(page, player):
    """The person's first bid: the cut and the deal are made on the way."""
    for _ in range(20):
        idle(page)
        if page.locator(".prompt [data-shortcut=p]").count():
            return
        player.step(page)
    raise AssertionError("the person was never asked to bid")


def moment(page, words):
    """Which part of the deal the table shows, as a player sees it."""
    if page.locator(".centre.trick-done").count():
        return "between tricks"
    titles = page.locator(".prompt-title").all_inner_texts()
    title = titles[0] if titles else ""
    if page.locator(".prompt [data-shortcut=p]").count():
        return "auction"
    if title.startswith(words.starts("Pass one card to each opponent: tap a card, then a player",
                                     "x")) or page.locator("[data-do='table.give']").count():
        return "passing"
    if title.startswith(words.starts("Announce your contract (at least {value})", "value")):
        return "contract"
    if page.locator(".hand button.card:not([aria-disabled=true])").count():
        return "play"
    if page.locator(".prompt button:not([disabled]):not(.hint-button)").count():
        return "other decision"  # the cut, the deal, a redeal
    return "waiting"


def test_the_hand_stays_where_it_lies_through_a_whole_deal(page, server_url):
    """390×844, the person declares: the hand's box, the felt's and the prompt's are the same in
    every phase; the hand is not dimmed in the auction; the talon leaves the felt once taken and
    no card lies in two places."""
    words = open_table(page, server_url, seed=31, pause=30)
    player = Declarer(words)
    boxes, seen, checked_auction, after_talon = {}, set(), 0, 0
    for _ in range(120):
        settle(page)
        if answered(page, words):
            continue
        if page.get_by_role("dialog").count():
            break
        now = moment(page, words)
        seen.add(now)
        hand, felt = page.evaluate(BOX, ".hand"), page.evaluate(BOX, ".felt")
        prompt = page.evaluate(BOX, ".prompt")
        for name, box in (("hand", hand), ("felt", felt), ("prompt", prompt)):
            boxes.setdefault(name, {}).setdefault(tuple(round(v) for v in box.values()),
                                                  []).append(now)
        if now == "auction":  # the whole hand at full contrast while it is studied
            looks = page.evaluate(HAND_LOOK)
            assert looks and all(x == {"opacity": "1/1", "filter": "none"} for x in looks), looks
            checked_auction += 1
        cards = page.evaluate(CARDS_SEEN)
        assert len(cards) == len(set(cards)), f"a card lies twice at {now}: {cards}"
        if now in ("passing", "contract", "play"):
            assert page.locator(".felt .talon").count() == 0, f"the talon on the felt at {now}"
            after_talon += 1
        if now == "between tricks":
            page.locator(".felt").click(position={"x": 20, "y": 20})  # gathered at a tap
            continue
        if now == "waiting":
            page.wait_for_timeout(50)
            continue
        player.step(page)
    assert {"auction", "passing", "play", "between tricks"} <= seen, seen
    assert checked_auction and after_talon
    for name in ("hand", "felt", "prompt"):
        assert len(boxes[name]) == 1, f"the {name} moved: {boxes[name]}"
    # the summary's buttons are a finger's size too
    assert page.get_by_role("dialog").count()
    assert not small(page.evaluate(TARGETS)), small(page.evaluate(TARGETS))


def test_a_notice_and_a_hint_move_nothing_and_the_hint_names_the_highlighted_control(
        page, server_url):
    words = open_table(page, server_url, seed=31)
    player = Declarer(words)
    to_the_auction(page, player)
    still(page)
    parts = (".felt", ".prompt", ".hand", ".me", ".talon .card", ".hand .card")
    before = {p: page.evaluate(BOX, p) for p in parts}
    assert before[".talon .card"] is not None
    # a card tapped in the auction: refused, with a notice
    page.locator(".hand .card").first.click(position=VISIBLE_EDGE, force=True)
    still(page)
    notice = page.get_by_role("alert")
    assert notice.inner_text() == words("Cards are played once the contract is set.")
    assert {p: page.evaluate(BOX, p) for p in parts} == before
    # a hint: its words over the felt, the control it names highlighted, and that one only
    page.get_by_role("button", name=words("Hint"), exact=True).click()
    still(page)
    line = page.locator(".hint-line").inner_text()
    reason = line.removeprefix(words("Hint: {reason}", reason=""))
    assert {p: page.evaluate(BOX, p) for p in parts} == before
    highlighted = page.locator(".prompt .primary")
    assert highlighted.count() == 1
    assert "hinted" in highlighted.get_attribute("class")
    label = highlighted.inner_text()
    if highlighted.get_attribute("data-fields"):  # a bid past the three buttons: the picker's
        value = page.locator(".prompt select").input_value()
        label = words("Bid {value}", value=int(value))
    assert reason.startswith(label + ":"), (label, reason)
    assert page.locator(".hand .card.hinted").count() == 0


def visit_the_table(page, words, size):
    """The table in the auction at this size: every control, the "More" list opened, the score
    sheet and the bids' dialogs; what is smaller than a finger, and the menu's row."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    still(page)
    found = small(page.evaluate(TARGETS))
    row = page.evaluate(MENU_ROW)
    more = page.get_by_role("button", name=words("More"), exact=True)
    more.click()
    still(page)
    assert more.get_attribute("aria-expanded") == "true"
    found += small(page.evaluate(TARGETS))
    page.get_by_role("button", name=words("Bids"), exact=True).click()
    still(page)
    assert page.get_by_role("dialog", name=words("Bids")).count()
    found += small(page.evaluate(TARGETS))
    page.get_by_role("dialog").get_by_role("button", name=words("Close")).click()
    still(page)
    page.get_by_role("button", name=words("Score sheet"), exact=True).click()
    still(page)
    found += small(page.evaluate(TARGETS))
    page.get_by_role("dialog").get_by_role("button", name=words("Close")).click()
    still(page)
    return found, row


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_control_is_a_fingers_size_and_the_menu_one_row(page, server_url, lang):
    """At 360×640 and 390×844 in this language: the card table in the auction (and its menu,
    "More" list and dialogs), in play with eight cards in hand, and the dice table."""
    words = open_table(page, server_url, seed=12, lang=lang, size=SMALL_PHONE)
    player = Declarer(words)
    to_the_auction(page, player)
    problems = {}
    for size in (SMALL_PHONE, PHONE):
        found, row = visit_the_table(page, words, size)
        problems[size, "auction"] = found
        if size == SMALL_PHONE:  # one row, on the screen
            assert len(set(row["tops"])) == 1, (lang, row)
            assert row["right"] <= row["width"] and row["scroll"] <= row["width"], (lang, row)
    # on to the play: the person declares and holds eight cards or more (two rows on a phone)
    for _ in range(60):
        idle(page)
        if answered(page, words):
            continue
        if page.locator(".hand button.card:not([aria-disabled=true])").count() and \
                moment(page, words) in ("passing", "play"):
            break
        player.step(page)
    for size in (SMALL_PHONE, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        still(page)
        problems[size, moment(page, words)] = small(page.evaluate(TARGETS))
    assert page.locator(".hand .card").count() >= 8
    # the dice table
    page.locator("[data-do=go][data-arg*=home]").click()
    idle(page)
    page.locator("[data-do=go][data-arg*=dice_new]").first.click()
    idle(page)
    page.get_by_role("button", name=words("Start the game")).click()
    idle(page)
    for size in (SMALL_PHONE, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        still(page)
        assert page.locator(".dice-table").count()
        problems[size, "dice"] = small(page.evaluate(TARGETS))
    problems = {k: v for k, v in problems.items() if v}
    assert not problems, (lang, problems)


def test_on_a_desktop_the_cards_are_sized_to_the_felt(page, server_url):
    words = open_table(page, server_url, seed=12, size=SMALL_PHONE)
    to_the_auction(page, Declarer(words))
    widths = {}
    for size in (SMALL_PHONE, PHONE, DESKTOP):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        still(page)
        widths[size] = page.evaluate(BOX, ".hand .card")["width"]
        felt = page.evaluate(BOX, ".felt")
        hand = page.evaluate(BOX, ".hand")
        assert hand["top"] + hand["height"] <= size[1] + 1, (size, hand)  # the hand on the screen
        if size == DESKTOP:  # a card is a good part of the felt's height, not a phone's card
            assert widths[size] * 1.4 >= felt["height"] * 0.3, (widths, felt)
    assert widths[DESKTOP] >= 1.3 * widths[PHONE] and widths[DESKTOP] >= 1.5 * widths[SMALL_PHONE], \
        widths
