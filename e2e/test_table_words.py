"""Cards and words as each language has them (issue 20, Must 8-11), in the browser: the Russian
faces (Т К Д В) on the table at phone size, red hearts and diamonds in Rules, the computer players
named Борис and Вера in Russian, a score-sheet error in the form's words, and a dice game's
history entry read right after the language is switched."""
import re

import pytest
from playwright.sync_api import expect

from e2e.driver import Player, Words, go, idle, open_game
from e2e.helpers import wait_for_python_ready

SHOTS = "docs/screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True}
RU_FACES = "422-41a-414-412"  # thousand.ui.card_words.faces_dir(("Т", "К", "Д", "В"))


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


def face_letters(page, src: str) -> list:
    """The letters drawn on a card face, as the page loaded it."""
    return page.evaluate("""async (src) => {
      const text = await (await fetch(src)).text();
      const svg = new DOMParser().parseFromString(text, 'image/svg+xml');
      return [...svg.querySelectorAll('text')].map(t => t.textContent);
    }""", src)


def test_the_russian_table_shows_russian_faces_and_names(page, server_url):
    ru = Words("ru")
    open_game(page, server_url, seed=7, words=ru)
    seats = page.locator(".seat .who").all_inner_texts()
    assert seats == ["Борис", "Вера"], seats
    me = Player(7, ru)
    while page.locator(".hand img").count() < 7:
        me.step(page)
    idle(page)
    sources = page.locator(".hand img").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    assert all(f"/cards/{RU_FACES}/" in s for s in sources), sources
    # every face loads (on a loaded machine an image may still be on its way a moment)
    page.wait_for_function("() => [...document.querySelectorAll('.hand img')]"
                           ".every(e => e.complete && e.naturalWidth > 0)", timeout=10_000)
    court = {"K": "К", "Q": "Д", "J": "В", "A": "Т"}
    for src in sources:
        rank = src.rsplit("/", 1)[1][0]
        if rank in court:
            assert face_letters(page, src)[:2] == [court[rank]] * 2, src
    # every card of the deck in Russian, not only the ones dealt here
    assert face_letters(page, f"./assets/cards/{RU_FACES}/QH.svg") == ["Д", "Д", "Д"]
    page.screenshot(path=f"{SHOTS}/table-words-ru-phone.png")


def test_hearts_and_diamonds_are_red_in_rules(page, server_url):
    page.goto(f"{server_url}?lang=ru")
    wait_for_python_ready(page)
    go(page, "rules")
    colours = page.evaluate("""() => [...document.querySelectorAll('.rules li .suit-red')]
        .map(e => [e.textContent, getComputedStyle(e).color])""")
    suits = {text for text, _colour in colours}
    assert {"♥", "♦"} <= suits and not suits & {"♣", "♠"}
    assert all(colour == "rgb(179, 38, 30)" for _text, colour in colours), colours
    clubs = page.evaluate("""() => { const li = [...document.querySelectorAll('.rules li')]
        .find(e => e.textContent.includes('♣')); return getComputedStyle(li).color; }""")
    assert clubs != "rgb(179, 38, 30)"


def test_a_score_sheet_error_in_the_forms_words(page, server_url):
    page.goto(f"{server_url}?lang=ru")
    wait_for_python_ready(page)
    ru = Words("ru")
    go(page, "sheet")
    for i, name in enumerate(("Анна", "Борис", "Вера")):
        page.locator(f"#ss-name-{i}").fill(name)
    page.get_by_role("button", name=ru("Start the sheet")).click()
    idle(page)
    form = page.get_by_role("region", name=re.compile(ru("Deal {number}", number=1)))
    form.get_by_label(ru("Winning bid")).fill("103")
    page.get_by_role("group", name="Анна", exact=True).get_by_label(ru("Card points")).fill("40")
    page.get_by_role("group", name="Борис", exact=True).get_by_label(ru("Card points")).fill("80")
    form.get_by_role("button", name=ru("Add the deal")).click()
    idle(page)
    alert = page.locator(".ss-alert")
    expect(alert).to_have_text(ru("{field}: {value} is not a bid in these rules (bids go up in "
                                  "steps of {step}).", field=ru("The winning bid"), value=103,
                                  step=5))
    assert "bid_step" not in alert.inner_text()
    # an empty field is not blamed with a value it does not have
    page.get_by_role("group", name="Борис", exact=True).get_by_label(ru("Card points")).fill("110")
    form.get_by_label(ru("Winning bid")).fill("100")
    form.get_by_role("button", name=ru("Add the deal")).click()
    idle(page)
    expect(alert).to_contain_text("150")
    assert "\u221230" not in alert.inner_text() and "-30" not in alert.inner_text()
    page.screenshot(path=f"{SHOTS}/sheet-words-ru-phone.png")
    # a deal recorded: the totals come into view with the focus
    page.get_by_role("group", name="Борис", exact=True).get_by_label(ru("Card points")).fill("80")
    page.get_by_role("group", name="Вера", exact=True).get_by_label(ru("Took no trick")).check()
    idle(page)
    form.get_by_role("button", name=ru("Add the deal")).click()
    idle(page)
    totals = page.locator("#ss-totals")
    expect(totals).to_be_focused()
    assert page.evaluate("document.querySelector('#ss-totals').getBoundingClientRect().top") >= -1
    assert page.evaluate("document.querySelector('#ss-totals').getBoundingClientRect().top") < 844
    said = page.locator(".ss-status")  # "Deal 1 recorded…" above the totals, in view with them
    assert page.evaluate("document.querySelector('.ss-status').getBoundingClientRect().top") >= -1
    expect(said).to_be_visible()
    page.screenshot(path=f"{SHOTS}/sheet-words-ru-recorded-phone.png")


def test_a_dice_history_entry_reads_right_after_switching_language(page, server_url):
    page.goto(f"{server_url}?lang=ru&seed=12&delay=0")
    wait_for_python_ready(page)
    ru = Words("ru")
    go(page, "dice_new")
    page.locator("#seat-kind-0").select_option("bot:optimal")
    idle(page)
    page.get_by_role("button", name=ru("Start the game")).click()
    idle(page)
    expect(page.get_by_role("dialog", name=ru("Game over"))).to_be_visible(timeout=180_000)
    go(page, "history")
    assert "Борис" in page.locator("#app").inner_text()
    go(page, "settings")
    page.locator("#language").select_option("en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    go(page, "history")
    text = page.locator("#app").inner_text()
    assert "Boris" in text and "Борис" not in text and "Вы" not in text


def test_a_name_typed_then_a_seats_player_chosen(page, server_url):
    """The name field still being edited when a seat's player is chosen: its change comes while
    the page is being redrawn for the choice. Nothing breaks (the guarded page fails on a page
    error) and both the typed name and the choice are kept."""
    page.goto(f"{server_url}?lang=en&seed=3&delay=0")
    wait_for_python_ready(page)
    go(page, "new")
    page.locator("#seat-name-1").tap()
    page.locator("#seat-name-1").fill("Masha")
    page.locator("#seat-kind-1").select_option("bot:strong")
    idle(page)
    expect(page.locator("#seat-name-1")).to_have_value("Masha")
    expect(page.locator("#seat-kind-1")).to_have_value("bot:strong")
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    assert "Masha" in page.locator(".seat .who").all_inner_texts()
