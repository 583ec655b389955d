"""The page in the players' languages (issue 10): every screen of both games at 360 px in every
language with nothing wider than the screen and no button text cut off; the language switched in
the middle of a game. (A whole game played in Russian by Russian names is test_cards_game's
three-player game.)"""
import pytest

from e2e.driver import Player, Words, go, idle
from e2e.helpers import wait_for_python_ready
from thousand.i18n import LANGUAGES

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True}
SCREENS = ("home", "new", "settings", "rules", "conventions", "history", "sheet", "dice_new")

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width)
    out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of document.querySelectorAll('#app button, #app label, #app select, #app h2')) {
    const box = el.getBoundingClientRect();
    if (!box.width) continue;  // not shown (a closed group)
    if (box.right > width + 1) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 40)}" ends at ${Math.round(box.right)} px`);
    if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1)
      out.push(`button "${el.textContent.trim().slice(0, 40)}" is cut off`);
  }
  return out;
}"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


def tap(page, selector):
    page.locator(selector).first.click()
    idle(page)


def test_every_screen_fits_a_360_px_phone(page, server_url):
    """One page, every language chosen in Settings in turn (a boot each would cost more than the
    screens): every screen, the card table through a few decisions and the dice table."""
    page.goto(f"{server_url}?seed=3&delay=0")
    wait_for_python_ready(page)
    found = {}
    for lang in LANGUAGES:
        go(page, "settings")
        page.locator("#app select").filter(has=page.locator(f"option[value='{lang}']")) \
            .select_option(lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        idle(page)
        for screen in SCREENS:
            go(page, screen)
            if screen == "conventions":  # every group open
                for button in page.locator("[data-do='conventions.group']").all():
                    button.click()
                    idle(page)
            found[lang, screen] = page.evaluate(OVERFLOW)
        go(page, "new")
        tap(page, "[data-do='new.start']")
        for _ in range(4):  # the table through a few decisions of the person
            found.setdefault((lang, "table"), []).extend(page.evaluate(OVERFLOW))
            buttons = page.locator(".overlay button")  # a question asked first (a risky bid)
            if not buttons.count():
                buttons = page.locator(".prompt button:not([disabled]), "
                                       ".hand button.card:not([aria-disabled=true])")
            if buttons.count():
                buttons.first.click()
                idle(page)
        go(page, "dice_new")
        tap(page, "[data-do='dice_new.start']")
        found[lang, "dice"] = page.evaluate(OVERFLOW)
    assert {k: v for k, v in found.items() if v} == {}


def test_the_language_switched_in_the_middle_of_a_game(page, server_url):
    page.goto(f"{server_url}?seed=21&delay=0")
    wait_for_python_ready(page)
    player = Player(21, Words("en"))
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    for _ in range(12):
        player.step(page)
    hand = page.locator(".hand .card").count()
    go(page, "settings")
    page.get_by_label("Language").select_option("ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    idle(page)
    ru = Words("ru")
    assert page.get_by_role("heading", name=ru("Settings")).count() == 1
    go(page, "home")
    page.get_by_role("button", name=ru("Continue")).click()
    idle(page)
    assert page.locator(".hand .card").count() == hand  # the same game, the same hand
    russian = Player(21, ru)
    for _ in range(6):
        russian.step(page)
    page.reload()
    wait_for_python_ready(page)
    assert page.evaluate("document.documentElement.lang") == "ru"  # the choice was saved
