"""Start-up time of the page in Debian's Chromium (headless, Playwright): from navigation to a usable
home screen (<body data-ready="1"> with the "New game" button in it, in whichever language:
THOUSAND_BENCH_LANG=ru measures the start in Russian, whose catalogue is fetched and read), as the page's own clock sees
it (performance.now(), whose zero is the start of the navigation).

* cold:  a fresh browser context each run (empty HTTP cache, no service worker);
* warm:  one context that has visited the page once and whose service worker controls it (when the
         page has one; otherwise the browser's HTTP cache is all there is), then a reload per run;
* floor: bench/floor.html, a bare page that boots the same vendored Pyodide through PyScript and
         prints one line, reloaded in one context like warm: what no change to the game can beat.

Prints the median of THOUSAND_BENCH_RUNS runs (default 7, at least 5) of each, taken in turn, and
the ratios warm/floor and cold/floor. Serves the repository root with tools/serve.py (`make vendor` first);
THOUSAND_BENCH_ROOT=DIR serves another folder holding the page (e.g. a `make dist` output, into
which this copies the floor page). Figures only; nothing here asserts a time.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = max(5, int(os.environ.get("THOUSAND_BENCH_RUNS", "7")))
TIMEOUT_MS = 120_000
LANG = os.environ.get("THOUSAND_BENCH_LANG", "")  # e.g. ru: the start with a catalogue to fetch

# Records when the page became usable, on the page's clock. Installed before any page script runs.
MARK_READY = """(() => {
  const usable = () => document.body && document.body.dataset.ready === "1" && (
    location.pathname.endsWith("floor.html") ||
    document.querySelector('#app button[data-do="go"][data-arg*="new"]') !== null);
  const observer = new MutationObserver(() => {
    if (window.__thousandUsableAt === undefined && usable()) {
      window.__thousandUsableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ["data-ready"]});
})();"""

WAIT_FOR_WORKER = """async () => {
  if (!("serviceWorker" in navigator)) return "unsupported";
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return "none";
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise(done => navigator.serviceWorker.addEventListener("controllerchange", done, {once: true}));
  }
  return "controlled";
}"""


def chromium_path() -> str:
    return os.environ.get("THOUSAND_CHROMIUM") or "/usr/bin/chromium"


def chromium_args():
    sys.path.insert(0, str(ROOT))
    from e2e.conftest import CHROMIUM_ARGS
    return CHROMIUM_ARGS


class Server:
    """tools/serve.py on a free loopback port, in its own process (as for the e2e tests)."""

    def __init__(self, directory: Path):
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet",
             "--directory", str(directory)],
            stdout=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", self.url):
            self.close()
            raise RuntimeError(f"tools/serve.py did not start (printed {self.url!r})")

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.proc.stdout.close()


def usable_after(page, url: str) -> float:
    """Navigate and return the page's own milliseconds from navigation start to usable."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__thousandUsableAt !== undefined", timeout=TIMEOUT_MS,
                           polling=50)
    return page.evaluate("window.__thousandUsableAt")


def measure(browser, page_url: str, floor_url: str):
    """RUNS of each kind, taken in turn (cold, warm, floor, cold, …) so that a change in the
    machine's load touches the three alike and the ratios stay fair."""
    def context():
        ctx = browser.new_context()
        ctx.add_init_script(MARK_READY)
        return ctx

    warm_ctx = context()
    warm_page = warm_ctx.new_page()
    usable_after(warm_page, page_url)
    worker = warm_page.evaluate(WAIT_FOR_WORKER)
    floor_ctx = context()
    floor_page = floor_ctx.new_page()
    usable_after(floor_page, floor_url)

    cold, warm, floor = [], [], []
    for _ in range(RUNS):
        ctx = context()
        cold.append(usable_after(ctx.new_page(), page_url))
        ctx.close()
        warm.append(usable_after(warm_page, page_url))
        floor.append(usable_after(floor_page, floor_url))
    controlled = warm_page.evaluate("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    warm_ctx.close()
    floor_ctx.close()
    return cold, warm, floor, worker, controlled


def main():
    from playwright.sync_api import sync_playwright

    served = Path(os.environ.get("THOUSAND_BENCH_ROOT") or ROOT).resolve()
    for needed in ("index.html", "assets/vendor/pyodide/pyodide.mjs", "assets/thousand.zip"):
        if not (served / needed).exists():
            print(f"startup: {served / needed} is missing (run `make vendor`); skipped")
            return
    floor_path = "bench/floor.html"
    if not (served / floor_path).exists():
        floor_path = "floor.html"  # a dist folder: the floor page beside index.html
        shutil.copyfile(ROOT / "bench" / "floor.html", served / floor_path)
        text = (served / floor_path).read_text().replace("../assets/", "./assets/")
        (served / floor_path).write_text(text)
    server = Server(served)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=chromium_args(),
                                        headless=True)
            try:
                cold, warm, floor, worker, controlled = measure(
                    browser, server.url + "?delay=0" + (f"&lang={LANG}" if LANG else ""),
                    server.url + floor_path)
            finally:
                browser.close()
    finally:
        server.close()

    def line(name, values, note):
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"{name:<6}{statistics.median(values):7.0f} ms median of {len(values)}  "
              f"[{runs}]  {note}")

    med = {k: statistics.median(v) for k, v in (("cold", cold), ("warm", warm), ("floor", floor))}
    print(f"navigation to a usable home screen, served from {served}"
          + (f", in language {LANG}" if LANG else ""))
    line("cold", cold, "fresh context: empty cache, no service worker")
    how = "service worker controls the page" if controlled else f"no service worker ({worker}): HTTP cache"
    line("warm", warm, f"reload, {how}")
    line("floor", floor, "bench/floor.html: PyScript + Pyodide printing one line, reload")
    print(f"warm/floor {med['warm'] / med['floor']:.2f}   cold/floor {med['cold'] / med['floor']:.2f}")


if __name__ == "__main__":
    main()
