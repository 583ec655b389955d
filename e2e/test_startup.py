"""The screen at once (issue 19): before Python is up, index.html paints the screen the player left
(the copy thousand/ui/browser.py keeps after each drawing), or on a first visit the home screen
made at build time; it says plainly that the game is getting ready; a tap made meanwhile is kept
and carried out exactly once when the game is ready, and only on the screen it was made on.

Python is held back by routing Pyodide's files and answering them only when the test says so (the
service worker is blocked in these contexts: Playwright cannot route what a worker answers)."""
import json

import pytest

from e2e.driver import Words, go, idle, open_game
from e2e.helpers import is_local_url, wait_for_python_ready

HELD = "**/assets/vendor/pyodide/pyodide.asm.wasm"
PHONE = {"width": 390, "height": 844}


class HeldBack:
    """A browser context whose Pyodide wasm waits until `release()`."""

    def __init__(self, browser):
        self.context = browser.new_context(service_workers="block", viewport=PHONE,
                                           has_touch=True)
        self.context.route(lambda url: not is_local_url(url), lambda r: r.abort("blockedbyclient"))
        self.held, self.holding = [], False
        self.context.route(HELD, self._route)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))

    def _route(self, route):
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def hold(self):
        self.holding = True

    def release(self):
        self.holding = False
        held, self.held = self.held, []
        for route in held:
            route.continue_()

    def wait_held(self):
        """Until the page has asked for the wasm (so Python cannot be up)."""
        for _ in range(300):
            if self.held:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the page never asked for Pyodide's wasm")

    def close(self):
        self.release()
        self.context.close()


@pytest.fixture
def held(browser):
    ctx = HeldBack(browser)
    yield ctx
    errors = ctx.errors
    ctx.close()
    assert errors == []


def not_ready(page) -> bool:
    return page.evaluate("document.body.dataset.ready") != "1"


def status_text(page) -> str:
    return page.locator("#status-text").inner_text()


def test_first_visit_paints_the_home_screen_and_carries_out_a_tap_once_ready(held, server_url):
    page = held.page
    held.hold()
    page.goto(server_url + "?delay=0&lang=ru", wait_until="commit")
    page.locator("#app [data-do]").first.wait_for()
    held.wait_held()
    assert not_ready(page)
    # the home screen as the game draws it, in Russian, saying plainly that it is getting ready
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.get_by_role("button", name="Новая партия").is_visible()
    assert status_text(page) == "Игра загружается…"
    assert page.locator("#status").is_visible()
    page.get_by_role("button", name="Новая партия").click()
    assert not_ready(page), "Python came up while held back"
    assert "сделано" in status_text(page)
    assert page.evaluate("document.body.dataset.screen") is None  # nothing done yet
    held.release()
    wait_for_python_ready(page)
    page.wait_for_selector('body[data-screen="new"]')
    assert page.locator("#status").is_hidden()
    assert page.evaluate("window.thousandPendingTap") is None


# Counts the clicks that reached the game (its listener is on #app; this one, on the document, hears
# them after it), by action, once the game is ready.
COUNT_TAPS = """(() => {
  window.__gameTaps = [];
  document.addEventListener("click", (event) => {
    const el = event.target.closest && event.target.closest("[data-do]");
    if (el && document.body.dataset.ready === "1") window.__gameTaps.push(el.getAttribute("data-do"));
  });
})();"""


def test_warm_reload_paints_the_saved_screen_and_a_tap_is_done_exactly_once(held, server_url):
    page = held.page
    held.context.add_init_script(COUNT_TAPS)
    open_game(page, server_url, seed=5, words=Words("ru"))
    go(page, "home")
    saved = json.loads(page.evaluate("localStorage.getItem('thousand-screen')"))
    assert saved["screen"] == "home" and saved["lang"] == "ru"
    assert "Продолжить" in saved["html"]  # not the first visit's home: a game is under way
    first_screens = []
    page.on("request", lambda r: "/assets/first/" in r.url and first_screens.append(r.url))

    held.hold()
    page.reload(wait_until="commit")
    page.locator("#app [data-do]").first.wait_for()
    held.wait_held()
    assert not_ready(page)
    # the home screen the player left, with its "Continue", in Russian, before Python is up
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.evaluate("document.getElementById('app').innerHTML") == saved["html"]
    assert first_screens == []
    text = status_text(page)
    assert text == "Игра загружается…"
    assert "Python" not in text and "Pyodide" not in text
    page.get_by_role("button", name="Продолжить").click()
    page.get_by_role("button", name="Продолжить").click()  # again, impatient: not kept twice
    assert not_ready(page)
    assert page.evaluate("window.__gameTaps") == []
    held.release()
    wait_for_python_ready(page)
    page.wait_for_selector('body[data-screen="table"]')
    idle(page)
    taps = page.evaluate("window.__gameTaps")
    assert taps == ["home.continue"]
    # the table drawn now is what the next start paints
    assert json.loads(page.evaluate("localStorage.getItem('thousand-screen')"))["screen"] == "table"


def test_a_tap_on_a_screen_that_has_changed_is_dropped(held, server_url):
    page = held.page
    page.goto(server_url + "?delay=0")
    wait_for_python_ready(page)
    # the copy no longer matches what the game will draw (as if drawn by another version)
    page.evaluate("""() => {
      const saved = JSON.parse(localStorage.getItem('thousand-screen'));
      saved.html = saved.html + '<p class="hint">an older drawing</p>';
      localStorage.setItem('thousand-screen', JSON.stringify(saved));
    }""")
    held.hold()
    page.reload(wait_until="commit")
    page.locator("#app p.hint").wait_for()
    held.wait_held()
    page.get_by_role("button", name="New game").click()
    held.release()
    wait_for_python_ready(page)
    assert page.evaluate("document.body.dataset.screen") == "home"
    assert page.locator("#app p.hint").count() == 0
    assert page.evaluate("window.thousandPendingTap") is None


def test_a_damaged_copy_is_dropped_and_the_game_draws_its_screen(held, server_url):
    page = held.page
    page.goto(server_url + "?delay=0")
    wait_for_python_ready(page)
    page.evaluate("localStorage.setItem('thousand-screen', '{\"html\": \"<p>trunc')")
    page.reload()
    wait_for_python_ready(page)
    assert page.get_by_role("button", name="New game").is_visible()
    saved = json.loads(page.evaluate("localStorage.getItem('thousand-screen')"))
    assert saved["screen"] == "home"


def test_the_status_is_seen_over_a_phone_table_painted_before_the_game_is_ready(held, server_url):
    """On a phone the table takes the title bar's room; the line saying the game is getting ready
    (kept in that bar) must still be seen over the painted table, and go once it is ready."""
    page = held.page
    open_game(page, server_url, seed=5, words=Words("ru"))
    held.hold()
    page.reload(wait_until="commit")
    page.locator("#app .table").wait_for()
    held.wait_held()
    assert not_ready(page)
    assert status_text(page) == "Игра загружается…"
    seen = page.evaluate("""() => {
      const s = document.getElementById('status-text'), r = s.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.width > 0 && r.bottom <= innerHeight && s.contains(at);
    }""")
    assert seen, "the status line is hidden with the title bar"
    page.screenshot(path="docs/screenshots/startup-table-ru-phone.png")
    held.release()
    wait_for_python_ready(page)
    assert page.locator("#status").is_hidden()
