"""The installable, offline page: the service worker controls the page after the first visit and
serves everything with no network; the manifest is what Chromium needs to offer installation; the
static build (tools/dist.py) works under a sub-path, online and then offline; a new version is
offered ("Update"), never forced, and the game in progress survives it."""
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from e2e.driver import Player, go, idle, open_game, totals, to_the_table
from e2e.helpers import wait_for_python_ready

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_sw  # noqa: E402
import dist  # noqa: E402

SUB_PATH = "games/thousand/"
WORKER_TIMEOUT_MS = 60_000
MAX_STEPS = 600


# --- helpers --------------------------------------------------------------------------------------

def wait_until_controlled(page) -> dict:
    """Wait until sw.js has precached the page and controls it; its script URL, scope, caches."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=WORKER_TIMEOUT_MS, polling=100)
    return page.evaluate("""async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {script: navigator.serviceWorker.controller.scriptURL, scope: registration.scope,
              // the service worker's own (the interpreter snapshot has a cache apart)
              caches: (await caches.keys()).filter(name => name.startsWith("thousand:"))};
    }""")


def play_one_deal(page, player):
    """Decisions until the end-of-deal (or redeal) dialog has been seen and closed."""
    for _ in range(MAX_STEPS):
        before = player.counts["deals"]
        assert player.step(page), "the game ended within one deal"
        if player.counts["deals"] > before:
            return
    raise AssertionError(f"no deal ended in {MAX_STEPS} decisions: {player.counts}")


def play_to_the_summary(page, player):
    """Decisions until the end-of-deal dialog is open (not closed)."""
    for _ in range(MAX_STEPS):
        idle(page)
        name = page.evaluate("(document.querySelector('[role=dialog]') || {}).ariaLabel || null")
        if name in ("End of the deal", "Redeal"):
            return
        player.step(page)
    raise AssertionError(f"no end of deal in {MAX_STEPS} decisions: {player.counts}")


class Site:
    """tools/serve.py serving a folder on a free loopback port."""

    def __init__(self, folder: Path):
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet",
             "--directory", str(folder)], stdout=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", self.url):
            self.close()
            pytest.fail(f"tools/serve.py did not start (printed {self.url!r})", pytrace=False)

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.proc.stdout.close()


@pytest.fixture
def dist_site(tmp_path):
    """`make dist`'s output copied under /games/thousand/ of an otherwise empty host."""
    folder = tmp_path / "host" / SUB_PATH
    build, _ = dist.build(folder)
    (tmp_path / "host" / "index.html").write_text("<!doctype html><title>another site</title>")
    site = Site(tmp_path / "host")
    try:
        yield site.url + SUB_PATH, folder, build
    finally:
        site.close()


# --- (c) installable, controlled ------------------------------------------------------------------

def test_page_is_controlled_and_installable(page, server_url):
    requested = set()
    page.on("request", lambda r: requested.add(r.url.split("?")[0]))
    page.goto(server_url)
    wait_for_python_ready(page)
    worker = wait_until_controlled(page)
    # The worker holds every file the page fetched, and exactly the runtime files it fetched.
    precached = set(build_sw.precache_files(ROOT)) | {"./"}
    fetched = {u[len(server_url):] or "./" for u in requested if u.startswith(server_url)}
    assert fetched - precached == set()
    # "Play with friends" (its modules and their QR reader and drawer) is precached, not loaded.
    later = set(build_sw.FRIENDS_VENDORED) | {f for f in precached if f.startswith("assets/friends/")}
    assert fetched & later == set()
    vendored = {f for f in precached if f.startswith("assets/vendor/")} - later
    assert {f for f in fetched if f.startswith("assets/vendor/")} == vendored
    assert worker["script"] == server_url + "sw.js"
    assert worker["scope"] == server_url
    build = re.search(r'const BUILD = "(\w+)"', (ROOT / "sw.js").read_text()).group(1)
    assert worker["caches"] == [f"thousand:{server_url}:{build}"]

    manifest_url = page.eval_on_selector("link[rel=manifest]", "e => e.href")
    manifest = json.loads(page.evaluate("u => fetch(u).then(r => r.text())", manifest_url))
    for key in ("name", "short_name", "description", "start_url", "scope", "display", "orientation",
                "theme_color", "background_color", "icons", "id"):
        assert manifest.get(key), f"manifest has no {key}"
    assert manifest["display"] == "standalone" and manifest["orientation"] == "portrait"
    for key in ("start_url", "scope", "id"):
        assert not urlsplit(manifest[key]).scheme and not manifest[key].startswith("/"), key
    assert page.eval_on_selector("meta[name=theme-color]", "e => e.content") == manifest["theme_color"]

    purposes = {}
    for icon in manifest["icons"]:
        size = page.evaluate("""async (src) => {
          const response = await fetch(src);
          const bitmap = await createImageBitmap(await response.blob());
          return [response.headers.get("content-type"), bitmap.width + "x" + bitmap.height];
        }""", icon["src"])
        assert size == [icon["type"], icon["sizes"]], icon
        purposes.setdefault(icon.get("purpose", "any"), set()).add(icon["sizes"])
    assert {"192x192", "512x512"} <= purposes["any"] and "512x512" in purposes["maskable"]

    # Chromium's own verdict: the reasons it would not offer installation (none but the test
    # browser's own: Playwright's contexts are incognito profiles).
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []
    app_manifest = cdp.send("Page.getAppManifest")
    assert app_manifest["errors"] == [] and app_manifest["url"] == server_url + "manifest.webmanifest"


# --- (a) offline after the first visit ------------------------------------------------------------

def test_offline_after_the_first_visit_boots_and_plays_a_deal(page, context, server_url):
    open_game(page, server_url, seed=31)
    wait_until_controlled(page)
    context.set_offline(True)
    failed = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.reload()
    wait_for_python_ready(page)
    assert page.evaluate("navigator.onLine") is False
    # the reload returns to the table (issue 20, Must 4); a new game is started from home
    page.get_by_role("navigation", name="Table menu").get_by_role("button", name="Home").click()
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    player = Player(31)
    play_one_deal(page, player)
    assert player.counts["played"] + player.counts["bid"] > 0, player.counts
    assert failed == []


# --- (b) the static build under a sub-path, online then offline ------------------------------------

def test_dist_under_a_sub_path_online_then_offline(page, context, dist_site):
    url, folder, build = dist_site
    assert {p.name for p in folder.iterdir()} >= {"index.html", "sw.js", "manifest.webmanifest",
                                                  "main.py", "assets"}
    requested = []
    page.on("request", lambda r: requested.append(urlsplit(r.url).path))
    open_game(page, url, seed=41)
    worker = wait_until_controlled(page)
    assert worker["scope"] == url and worker["script"] == url + "sw.js"
    assert worker["caches"] == [f"thousand:{url}:{build}"]
    stray = [p for p in requested if not p.startswith("/" + SUB_PATH)]
    assert stray == [], f"requests outside the sub-path: {stray}"
    before = totals(page)

    context.set_offline(True)
    page.goto(url + "?delay=0")
    wait_for_python_ready(page)
    to_the_table(page)
    idle(page)
    assert totals(page) == before
    player = Player(41)
    for _ in range(5):
        player.step(page)


# --- (e) a new version is offered, not forced -----------------------------------------------------

def test_new_version_is_offered_between_deals_and_the_game_survives(page, dist_site):
    url, folder, old_build = dist_site
    open_game(page, url, seed=51)
    wait_until_controlled(page)
    player = Player(51)
    for _ in range(4):  # into the deal: bidding has started
        player.step(page)
    assert page.evaluate("document.body.dataset.screen") == "table"

    # A new version on the host: another stylesheet, so another build hash and another sw.js.
    with open(folder / "assets" / "app.css", "a") as fh:
        fh.write("\n/* version 2 */\n")
    new_build, _, changed = build_sw.write_worker(str(folder))
    assert changed and new_build != old_build
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_function("() => window.thousandUpdateReady === true", timeout=WORKER_TIMEOUT_MS)

    # In the middle of a deal: not offered, and the old version still runs.
    idle(page)
    assert page.evaluate("document.querySelector('[role=dialog]')") is None
    assert page.locator(".update-offer").count() == 0
    css = "() => fetch('assets/app.css').then(r => r.text())"
    assert "version 2" not in page.evaluate(css)

    # Not forced: a reload keeps the old version, and the offer comes back (home screen).
    page.reload()
    wait_for_python_ready(page)
    assert "version 2" not in page.evaluate(css)
    # the reload returns to the table mid-deal (issue 20, Must 4): no offer there; home has it
    idle(page)
    assert page.locator(".update-offer").count() == 0
    page.get_by_role("navigation", name="Table menu").get_by_role("button", name="Home").click()
    offer = page.locator(".update-offer")
    offer.get_by_role("button", name="Update").wait_for(timeout=WORKER_TIMEOUT_MS)
    page.get_by_role("button", name="Continue").click()
    idle(page)
    assert offer.count() == 0

    # Between deals the offer is there; accepting it reloads into the new version.
    play_to_the_summary(page, player)
    assert offer.get_by_role("button", name="Update").is_visible()
    saved = totals(page)
    with page.expect_navigation(timeout=WORKER_TIMEOUT_MS):
        offer.get_by_role("button", name="Update").click()
    wait_for_python_ready(page)
    assert "version 2" in page.evaluate(css)
    worker = wait_until_controlled(page)
    assert worker["caches"] == [f"thousand:{url}:{new_build}"], "the old cache was not removed"
    assert page.locator(".update-offer").count() == 0

    # The game in progress carries on where it was (its table, issue 20 Must 4): the same
    # scores, the deal's result to close.
    idle(page)
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert totals(page) == saved
    for _ in range(5):
        player.step(page)


# --- (f) an update downloads only what changed; the old version works offline until "Update" -----

REQUEST_LINE = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def test_an_update_fetches_only_the_changed_files(page, context, tmp_path):
    folder = tmp_path / "host" / SUB_PATH
    dist.build(folder)
    log = tmp_path / "requests.log"
    with open(log, "w") as sink:
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0",
             "--directory", str(tmp_path / "host")], stdout=subprocess.PIPE, stderr=sink, text=True)
    try:
        url = proc.stdout.readline().strip() + SUB_PATH
        open_game(page, url, seed=61)
        wait_until_controlled(page)

        # a new version on the host: one Python file changed
        with open(folder / "main.py", "a") as fh:
            fh.write("\n# version 2\n")
        new_build, _, changed = build_sw.write_worker(str(folder))
        assert changed
        log.write_text("")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function("() => window.thousandUpdateReady === true", timeout=WORKER_TIMEOUT_MS)
        fetched = {path for path, status in REQUEST_LINE.findall(log.read_text()) if status == "200"}
        assert fetched == {f"/{SUB_PATH}sw.js", f"/{SUB_PATH}main.py"}, fetched

        # the version in use keeps working offline, whole, until the player accepts the update
        main_py = "() => fetch('main.py').then(r => r.text())"
        context.set_offline(True)
        page.goto(url + "?delay=0")
        wait_for_python_ready(page)
        assert "version 2" not in page.evaluate(main_py)
        to_the_table(page)
        idle(page)
        Player(61).step(page)
        context.set_offline(False)
        page.goto(url + "?delay=0")
        wait_for_python_ready(page)
        go(page, "home")  # the reload returned to the table mid-deal: the offer is at home
        with page.expect_navigation(timeout=WORKER_TIMEOUT_MS):
            page.locator(".update-offer").get_by_role("button", name="Update").click()
        wait_for_python_ready(page)
        assert "version 2" in page.evaluate(main_py)
        assert wait_until_controlled(page)["caches"] == [f"thousand:{url}:{new_build}"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()
