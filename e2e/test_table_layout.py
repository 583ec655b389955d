"""The card table at the four screen sizes players hold it at (issue 11): the auction, a trick in
play and the deal's summary, for 2, 3 and 4 players. At every size nothing is wider than the
screen, and every seat's name is on the screen; each moment is kept as a screenshot under
docs/screenshots/ (table-<players>p-<moment>-<size>.png, and -ru.png for the Russian table), to be
looked at as a player would."""
import pytest

from e2e.driver import Player, Words, enabled_cards, idle, open_game

SHOTS = "docs/screenshots"
SIZES = {"phone": (360, 640), "phone-tall": (390, 844), "phone-side": (844, 390),
         "desktop": (1280, 800)}

# what sticks out of the screen sideways, and which seat names are not on it
LAYOUT = """() => {
  const w = innerWidth, h = innerHeight;
  const wide = [];
  for (const el of document.querySelectorAll('main *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || getComputedStyle(el).position === 'absolute' && r.width <= 1) continue;
    if (r.right > w + 1 || r.left < -1) wide.push(el.tagName + '.' + el.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  const names = Array.from(document.querySelectorAll('.seat .who, .me strong'));
  const hidden = names.filter(el => {
    const r = el.getBoundingClientRect();
    const seen = r.width > 0 && r.left >= -1 && r.right <= w + 1 && r.top >= -1 && r.bottom <= h + 1;
    return !seen || getComputedStyle(el).visibility === 'hidden';
  }).map(el => el.textContent);
  return {scroll: document.documentElement.scrollWidth - w, wide: wide.slice(0, 5),
          hidden, seats: names.length};
}"""


# the cards' movements over (the thinking mark's pulse runs for ever, and is not one of them)
SETTLED = """() => !document.getAnimations().some(a => a.playState === 'running' &&
                                                  a.effect.getTiming().iterations !== Infinity)"""


def look_at_every_size(page, players, moment, lang="en"):
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_function(SETTLED)
        found = page.evaluate(LAYOUT)
        where = f"{players} players, {moment}, {size}"
        assert found["scroll"] <= 0 and not found["wide"], (where, found)
        assert found["seats"] == players and not found["hidden"], (where, found)
        suffix = "" if lang == "en" else f"-{lang}"
        page.screenshot(path=f"{SHOTS}/table-{players}p-{moment}-{size}{suffix}.png")
    page.set_viewport_size({"width": 390, "height": 844})


def step_until(page, player, reached, what, limit=400):
    for _ in range(limit):
        idle(page)
        if reached():
            return
        player.step(page)
    raise AssertionError(f"never reached {what}")


@pytest.mark.parametrize("players, lang", [(2, "en"), (3, "en"), (4, "en"), (3, "ru")])
def test_the_table_at_every_size(page, server_url, players, lang):
    """In English for 2, 3 and 4 players, and in Russian for 3 (table-3p-…-ru.png)."""
    page.set_viewport_size({"width": 390, "height": 844})
    words = Words(lang)
    open_game(page, server_url, seed=20 + players, players=players, words=words)
    player = Player(players, words)
    dialog = page.get_by_role("dialog")

    step_until(page, player, lambda: not dialog.count() and page.locator(
        "[data-shortcut=p]").count() > 0 and page.locator(".seat .bubble").count() > 0,
        "the person's bid after a computer's")
    look_at_every_size(page, players, "auction", lang)

    step_until(page, player, lambda: not dialog.count() and enabled_cards(page) and
               page.locator(".centre.trick .card").count() > 0, "a trick in play")
    assert page.locator(".seat .badge.declarer, .me .badge.declarer").count() == 1
    look_at_every_size(page, players, "trick", lang)

    step_until(page, player, lambda: page.get_by_role(
        "dialog", name=words("End of the deal")).count(), "the deal's summary")
    look_at_every_size(page, players, "summary", lang)


# the person's line as seen: its name inside the line's box (the line clips what does not fit)
ME_NAME_SEEN = """() => {
  const me = document.querySelector('.table > .me'), name = me.querySelector('strong');
  const m = me.getBoundingClientRect(), r = name.getBoundingClientRect();
  return r.width > 0 && r.left >= m.left - 1 && r.right <= m.right + 1 && r.left >= -1;
}"""


def test_the_persons_name_stays_in_view_when_the_line_is_full(page, server_url):
    """The person declaring on a phone, in Russian: the line under the prompt holds the name, the
    total, the dealer's and the declarer's marks and the points taken of the contract, more than a
    360 px line holds; what does not fit is cut at its end, never the name at its start."""
    words = Words("ru")
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, server_url, seed=7, words=words)
    player = Player(7, words)
    step_until(page, player, lambda: not page.get_by_role("dialog").count()
               and page.locator(".me .taken-points.of-contract").count() > 0
               and page.locator(".me .badge.dealer, .me .badge").count() >= 2, "the person declaring")
    assert page.evaluate(ME_NAME_SEEN), page.locator(".table > .me").inner_text()
    page.screenshot(path=f"{SHOTS}/table-3p-me-line-360-ru.png")
