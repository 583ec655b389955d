"""Your data in a file, in Chromium (issue 12, items 5 and 7): finished games saved by an earlier
version in localStorage move to IndexedDB; "Export my data" downloads everything; on another
device (a fresh browser context) a damaged file is refused with nothing changed, and the good
one, once confirmed, gives the same saved games."""
import json

from e2e.driver import Player, idle, open_game
from e2e.helpers import is_local_url, wait_for_python_ready
from tests import test_ui_app as cards_ui
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App

HISTORY = "thousand:history:cards"
IDB_GET = """key => new Promise((ok, bad) => {
  const r = indexedDB.open("thousand", 1);
  r.onupgradeneeded = () => r.result.createObjectStore("kv");
  r.onerror = () => bad(r.error);
  r.onsuccess = () => {
    const g = r.result.transaction("kv").objectStore("kv").get(key);
    g.onsuccess = () => { r.result.close(); ok(g.result === undefined ? null : g.result); };
    g.onerror = () => bad(g.error);
  };
})"""
LOCAL = "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('thousand:'))" \
        ".filter(k => k !== 'thousand:seq').map(k => [k, localStorage.getItem(k)]))"


def finished_history() -> str:
    """The stored history of one finished card game, as an earlier version left it."""
    store = Store(MemoryBackend())
    app = App(store, delay=0, seed=5)
    cards_ui.start(app, 2)
    cards_ui.play_out(app, 5)
    return store.backend.get(HISTORY)


def data_of(text):
    return json.loads(text)["data"] if text else None


def to_settings(page):
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("heading", name="Your data").wait_for()


def test_export_then_import_on_another_device(page, server_url, browser, browser_guard):
    history = finished_history()
    page.goto(server_url + "manifest.webmanifest")  # the origin, without booting the page
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [HISTORY, history])
    open_game(page, server_url, seed=21)
    player = Player(21)
    for _ in range(6):
        player.step(page)
    idle(page)
    # moved into IndexedDB, and out of localStorage
    assert page.evaluate("k => localStorage.getItem(k)", HISTORY) is None
    assert data_of(page.evaluate(IDB_GET, HISTORY)) == data_of(history)
    game = page.evaluate("k => localStorage.getItem(k)", "thousand:game:cards")
    page.get_by_role("button", name="Home").click()
    to_settings(page)
    with page.expect_download() as got:
        page.get_by_role("button", name="Export my data").click()
    download = got.value
    assert download.suggested_filename.startswith("thousand-data-")
    text = open(download.path(), encoding="utf-8").read()
    doc = json.loads(text)
    assert doc["format"] == "thousand-data"
    assert doc["games"]["cards"] == data_of(game)

    # another device
    context = browser.new_context()
    context.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
    other = context.new_page()
    other.on("console", browser_guard.on_console)
    other.on("pageerror", browser_guard.on_page_error)
    try:
        other.goto(f"{server_url}?delay=0")
        wait_for_python_ready(other)
        to_settings(other)
        before = other.evaluate(LOCAL)
        damaged = json.loads(text)
        damaged["finished_games"]["cards"][0]["record"]["players"] = 7
        picker = other.locator("#import-file")
        picker.set_input_files(files=[{"name": "damaged.json", "mimeType": "application/json",
                                       "buffer": json.dumps(damaged).encode()}])
        refusal = other.get_by_role("status").filter(has_text="was not imported")
        refusal.wait_for()
        assert "finished_games.cards[0].record.players: says 7 but the conventions say 2" \
            in refusal.inner_text()
        assert other.evaluate(LOCAL) == before
        assert other.evaluate(IDB_GET, HISTORY) is None

        with other.expect_file_chooser() as chooser:
            other.get_by_text("Import…").click()
        chooser.value.set_files(files=[{"name": "mine.json", "mimeType": "application/json",
                                        "buffer": text.encode()}])
        plan = other.locator(".import-plan")
        plan.wait_for()
        assert "add a card game in progress (deal 1)" in plan.inner_text()
        assert "add 1 finished card game" in plan.inner_text()
        assert other.evaluate(LOCAL) == before  # asked first
        other.get_by_role("button", name="Import", exact=True).click()
        other.get_by_role("status").filter(has_text="mine.json was imported.").wait_for()
        assert data_of(other.evaluate("k => localStorage.getItem(k)", "thousand:game:cards")) \
            == data_of(game)
        other.wait_for_function(f"() => ({IDB_GET})('{HISTORY}').then(v => v !== null)",
                                polling=100, timeout=10_000)
        assert data_of(other.evaluate(IDB_GET, HISTORY)) == data_of(history)
        other.get_by_role("button", name="Back").click()
        other.get_by_role("button", name="Continue").click()
        idle(other)
        assert other.get_by_role("region", name="Card table").count() == 1
    finally:
        context.close()
