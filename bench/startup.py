"""Start-up of the page in Debian's Chromium (headless, Playwright), each figure beside the bare
PyScript page measured in the same run, in English and in Russian (whose catalogue is fetched and
read), at full speed and with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate, the usual
stand-in for a mid-range phone). Times are the page's own clock (performance.now(), whose zero is
the start of the navigation):

* painted: the first screen of the game drawn in #app (the copy index.html paints before Python
           is up, or the game's own drawing when there is none);
* usable:  <body data-ready="1"> with the "New game" button in it: the game answers a tap;
* cold:  a fresh browser context each run (empty HTTP cache, no service worker);
* warm:  one context that has visited the page once and whose service worker controls it (when the
         page has one; otherwise the browser's HTTP cache is all there is), then a reload per run;
* floor: bench/floor.html, a bare page that boots the same vendored Pyodide through PyScript and
         prints one line, reloaded in one context like warm: what no change to the game can beat
         without going below the plain boot. Its "painted" is its first contentful paint, if any,
         else its usable time (it has nothing to show before).

Then the bytes the server sends: for a first visit (the page and its service worker's offline copy)
and for an update that changes one Python file (the new worker installing beside the old), on a
`make dist` copy of the served tree made by its own tools/dist.py (compressed copies included when
it writes them).

Runs: THOUSAND_BENCH_RUNS (default 5, at least 3) at full speed, THOUSAND_BENCH_THROTTLED_RUNS
(default 3) throttled, taken in turn (cold, warm, floor, cold, …) so that the machine's load touches
them alike; THOUSAND_BENCH_LANG=ru (or en) measures one language only; THOUSAND_BENCH_THROTTLE=1
skips the throttled runs; THOUSAND_BENCH_BYTES=0 skips the bytes. Serves the repository root with
tools/serve.py (`make vendor` first); THOUSAND_BENCH_ROOT=DIR serves another tree holding the page
(e.g. an older checkout, to compare; or a `make dist` output, into which this copies the floor
page). Figures only; nothing here asserts a time.
"""
import functools
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = max(3, int(os.environ.get("THOUSAND_BENCH_RUNS", "5")))
THROTTLED_RUNS = max(1, int(os.environ.get("THOUSAND_BENCH_THROTTLED_RUNS", "3")))
THROTTLE = int(os.environ.get("THOUSAND_BENCH_THROTTLE", "4"))
TIMEOUT_MS = 180_000
LANG = os.environ.get("THOUSAND_BENCH_LANG", "")

# Records when the page showed its screen and when it became usable, on the page's clock.
# Installed before any page script runs.
MARKS = """(() => {
  const usable = () => document.body && document.body.dataset.ready === "1" && (
    location.pathname.endsWith("floor.html") ||
    document.querySelector('#app button[data-do="go"][data-arg*="new"]') !== null);
  const painted = () => {
    const app = document.getElementById("app");
    return app !== null && app.firstElementChild !== null;
  };
  const observer = new MutationObserver(() => {
    if (window.__thousandPaintedAt === undefined && painted()) {
      window.__thousandPaintedAt = performance.now();
    }
    if (window.__thousandUsableAt === undefined && usable()) {
      window.__thousandUsableAt = performance.now();
      if (window.__thousandPaintedAt === undefined && !location.pathname.endsWith("floor.html")) {
        window.__thousandPaintedAt = window.__thousandUsableAt;
      }
      observer.disconnect();
    }
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ["data-ready"]});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") window.__thousandFcpAt = entry.startTime;
    }
  }).observe({type: "paint", buffered: true});
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

SNAPSHOT_MADE = """() => !window.thousandBoot || window.thousandBoot.snapshot === "restored" ||
                       window.thousandBoot.made !== undefined"""

WAIT_FOR_UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (!worker) return "no update";
  if (worker.state !== "installed") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "installed" || worker.state === "redundant") done();
    }));
  }
  return worker.state;
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


class CountingServer:
    """tools/serve.py's server in this process, counting the body bytes it sends."""

    def __init__(self, directory: Path):
        sys.path.insert(0, str(ROOT / "tools"))
        import serve
        self.sent = 0
        lock = threading.Lock()
        outer = self

        class Handler(serve.Handler):
            quiet = True

            def copyfile(self, source, outputfile):
                data = source.read()
                outputfile.write(data)
                with lock:
                    outer.sent += len(data)

        self.server = serve.Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def open_page(ctx, throttle: int):
    page = ctx.new_page()
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def visit(page, url: str) -> tuple:
    """Navigate; return the page's own milliseconds from navigation start to (painted, usable)."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__thousandUsableAt !== undefined", timeout=TIMEOUT_MS,
                           polling=50)
    painted, usable, fcp = page.evaluate(
        "[window.__thousandPaintedAt, window.__thousandUsableAt, window.__thousandFcpAt]")
    if painted is None:  # the floor page: its first contentful paint, if it has one
        painted = fcp if fcp is not None else usable
    return painted, usable


def measure(browser, page_url: str, floor_url: str, throttle: int, runs: int) -> dict:
    """`runs` of each kind, taken in turn (cold, warm, floor, cold, …) so that a change in the
    machine's load touches the three alike and the ratios stay fair."""
    def context():
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        ctx.add_init_script(MARKS)
        return ctx

    warm_ctx = context()
    warm_page = open_page(warm_ctx, throttle)
    visit(warm_page, page_url)
    worker = warm_page.evaluate(WAIT_FOR_WORKER)
    visit(warm_page, page_url)  # the worker's own first start (a copy of the screen is kept)
    # the interpreter snapshot a returning visitor's browser makes (assets/interpreter.mjs), if any
    warm_page.wait_for_function(SNAPSHOT_MADE, timeout=TIMEOUT_MS, polling=200)
    floor_ctx = context()
    floor_page = open_page(floor_ctx, throttle)
    visit(floor_page, floor_url)

    found = {k: [] for k in ("cold", "warm", "floor", "cold painted", "warm painted", "floor painted")}
    found["boots"] = []  # how each warm start began (assets/interpreter.mjs), if the page says
    for _ in range(runs):
        ctx = context()
        painted, usable = visit(open_page(ctx, throttle), page_url)
        ctx.close()
        found["cold"].append(usable)
        found["cold painted"].append(painted)
        for name, page, url in (("warm", warm_page, page_url), ("floor", floor_page, floor_url)):
            painted, usable = visit(page, url)
            found[name].append(usable)
            found[f"{name} painted"].append(painted)
        found["boots"].append(warm_page.evaluate("window.thousandBoot || null"))
    controlled = warm_page.evaluate("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    warm_ctx.close()
    floor_ctx.close()
    found["how"] = "service worker controls the page" if controlled else f"no service worker ({worker}): HTTP cache"
    return found


def report(found: dict, lang: str, throttle: int):
    def line(name, values, note):
        runs = " ".join(f"{v:.0f}" for v in values)
        print(f"  {name:<14}{statistics.median(values):7.0f} ms  [{runs}]  {note}")

    med = {k: statistics.median(v) for k, v in found.items() if k not in ("boots", "how")}
    print(f"- language {lang}, CPU " + (f"throttled x{throttle}" if throttle > 1 else "full speed")
          + f", median of {len(found['cold'])}:")
    line("warm painted", found["warm painted"], "reload: the screen drawn in #app")
    line("cold painted", found["cold painted"], "fresh context: the screen drawn in #app")
    line("floor painted", found["floor painted"], "bare page: first contentful paint (else usable)")
    line("warm usable", found["warm"], f"reload, {found['how']}")
    line("cold usable", found["cold"], "fresh context: empty cache, no service worker")
    line("floor usable", found["floor"], "bench/floor.html: PyScript + Pyodide printing one line, reload")
    print(f"  warm/floor {med['warm'] / med['floor']:.2f}   cold/floor {med['cold'] / med['floor']:.2f}   "
          f"warm painted/floor {med['warm painted'] / med['floor']:.2f}")
    boots = [b for b in found["boots"] if b]
    if boots:
        restored = [b for b in boots if b.get("snapshot") == "restored"]
        line = f"  warm starts from the snapshot: {len(restored)} of {len(boots)}"
        if restored:
            line += (f"; snapshot {restored[0]['bytes'] / 1e6:.1f} MB, read in "
                     f"{statistics.median(b['readMs'] for b in restored):.0f} ms, restored (its SHA-256 checked beside) in "
                     f"{statistics.median(b['restoreMs'] for b in restored):.0f} ms (medians)")
        print(line)


def change_one_python_file(app_zip: Path):
    """Another version of thousand.zip with one module's bytes changed (it is downloaded by the
    update, never run)."""
    with zipfile.ZipFile(app_zip) as src:
        items = [(info, src.read(info)) for info in src.infolist()]
    target = next(i for i, (info, _) in enumerate(items)
                  if info.filename.startswith("thousand/ui/") and info.filename.endswith((".py", ".pyc")))
    info, data = items[target]
    items[target] = (info, data + b"\n# another version\n")
    with zipfile.ZipFile(app_zip, "w", compression=zipfile.ZIP_DEFLATED) as dst:
        for info, data in items:
            dst.writestr(info, data)


def measure_bytes(browser, served: Path):
    """Bytes sent for a first visit and for an update changing one Python file, on a `make dist`
    copy of `served` made by its own tools."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        subprocess.run([sys.executable, str(served / "tools" / "dist.py"), str(site)], cwd=served,
                       check=True, stdout=subprocess.DEVNULL)
        encoded = sorted({p.suffix for p in site.rglob("*") if p.suffix in (".gz", ".br")})
        server = CountingServer(site)
        try:
            ctx = browser.new_context()
            ctx.add_init_script(MARKS)
            page = ctx.new_page()
            visit(page, server.url + "?delay=0")
            page.evaluate(WAIT_FOR_WORKER)
            first = server.sent
            change_one_python_file(site / "assets" / "thousand.zip")
            subprocess.run([sys.executable, str(served / "tools" / "build_sw.py"), str(site)],
                           cwd=served, check=True, stdout=subprocess.DEVNULL)
            server.sent = 0
            state = page.evaluate(WAIT_FOR_UPDATE)
            update = server.sent
            ctx.close()
        finally:
            server.close()
    how = ("compressed copies: " + " ".join(encoded)) if encoded else "no compressed copies"
    print(f"- bytes sent ({how}):")
    print(f"  first visit    {first / 1e6:7.2f} MB  the page and its service worker's offline copy")
    print(f"  update         {update / 1e6:7.2f} MB  one Python file changed (new worker {state})")


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
    langs = [LANG] if LANG else ["en", "ru"]
    throttles = [(1, RUNS)] + ([(THROTTLE, THROTTLED_RUNS)] if THROTTLE > 1 else [])
    print(f"start-up of the page served from {served}")
    server = Server(served)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=chromium_args(),
                                        headless=True)
            try:
                for throttle, runs in throttles:
                    for lang in langs:
                        found = measure(browser, f"{server.url}?delay=0&lang={lang}",
                                        server.url + floor_path, throttle, runs)
                        report(found, lang, throttle)
                if os.environ.get("THOUSAND_BENCH_BYTES", "1") != "0" and (served / "tools" / "dist.py").exists():
                    measure_bytes(browser, served)
            finally:
                browser.close()
    finally:
        server.close()


if __name__ == "__main__":
    main()
