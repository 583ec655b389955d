"""Decision time of every computer player level in Debian's Chromium (headless, Playwright), beside
the same decisions in CPython, so that the ratio holds on a noisy machine.

For each level in thousand.bots.BOT_NAMES the page plays a game of three computer players of that
level (fixed seed, no delay between moves; the deal summaries are closed as they come) until it
has made THOUSAND_BENCH_DECISIONS decisions (default 24); the page times each one itself
(App.decisions, window.thousandDecisions()). Then CPython plays the same game through the same
app code (thousand.ui.app.App, in memory): the players are seeded by the game and the moves so
far, so it meets the same positions and must take the same decisions, which is checked.

Printed per level: median and p95 of the decision time in Chromium (from its first step to the
decision, as a person waits for it; thinking runs in slices with the page's event loop between
them) and in CPython, and their ratio; the same over card plays only (where the searching levels
search); the longest single step of the player in Chromium (what slicing cannot cut), and the
page's long tasks (50 ms or more, Chromium's 'longtask' entries) while the levels played.
Serves the repository root with tools/serve.py (`make vendor` first). Figures only."""
import json
import os
import statistics
import sys
from pathlib import Path

from bench.startup import ROOT, Server, chromium_args, chromium_path

DECISIONS = max(1, int(os.environ.get("THOUSAND_BENCH_DECISIONS", "24")))
SEED = 5
TIMEOUT_MS = 600_000

LONG_TASKS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: "longtask"});
}"""

# Until the page has made `n` decisions, or a dialog waits for a person, or the game is over.
PROGRESS = """n => JSON.parse(thousandDecisions()).length >= n ||
  (document.body.dataset.busy === "0" && document.querySelector('[role=dialog]') !== null)"""


def browser_decisions(browser, url: str, level: str, label: str) -> tuple[list, list]:
    """The first DECISIONS decisions of an all-`level` table in the page, and its long tasks."""
    from e2e.helpers import wait_for_python_ready
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}?seed={SEED}&delay=0")
        wait_for_python_ready(page)
        page.evaluate(LONG_TASKS)
        page.get_by_role("button", name="New game").click()
        for seat in range(3):
            page.locator(f"#seat-kind-{seat}").select_option(label=label)
        page.get_by_role("button", name="Start the game").click()
        while True:
            page.wait_for_function(PROGRESS, arg=DECISIONS, timeout=TIMEOUT_MS, polling=200)
            decisions = json.loads(page.evaluate("thousandDecisions()"))
            dialog = page.get_by_role("dialog")
            if len(decisions) >= DECISIONS or dialog.get_attribute("aria-label") == "Game over":
                return decisions[:DECISIONS], page.evaluate("window.__longTasks")
            dialog.locator("button.primary").click()
    finally:
        context.close()


def cpython_decisions(level: str, count: int) -> list:
    """The same game's first `count` decisions, through the same app code, in this Python."""
    from thousand.storage import MemoryBackend, Store
    from thousand.ui.app import App
    app = App(Store(MemoryBackend()), delay=0, seed=SEED)
    app.handle({"do": "go", "screen": "new"})
    app.render()
    for seat in range(3):
        app.handle({"do": "new.kind", "seat": seat, "value": f"bot:{level}"})
    app.handle({"do": "new.start"})
    while len(app.decisions) < count and not app.session.over:
        if not app.bot_step():
            app.handle({"do": "table.seen"})  # the deal summary, closed as the page's bench does
    return app.decisions[:count]


def _overlaps(task: dict, decision: dict) -> bool:
    """A long task during a decision: from its first step until its move was drawn."""
    end = decision.get("shown", decision["started"] + decision["ms"])
    return task["start"] < end and task["start"] + task["duration"] > decision["started"]


def _q(values: list, p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def _figures(page: list, here: list) -> str:
    if not page:
        return "no decisions"
    a, b = [d["ms"] for d in page], [d["ms"] for d in here]
    ma, mb = statistics.median(a), statistics.median(b)
    ratio = f"{ma / mb:5.1f}x" if mb > 0 else "   - "
    return (f"chromium median {ma:8.1f} p95 {_q(a, 0.95):8.1f} ms | cpython median {mb:8.1f} "
            f"p95 {_q(b, 0.95):8.1f} ms | ratio of medians {ratio} | n={len(a)}")


def main():
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT))
    from thousand.bots import BOT_NAMES
    from thousand.ui.screens.new import card_bots

    for needed in ("index.html", "assets/vendor/pyodide/pyodide.mjs", "assets/thousand.zip"):
        if not (ROOT / needed).exists():
            print(f"bots_browser: {ROOT / needed} is missing (run `make vendor`); skipped")
            return
    labels = card_bots()
    server = Server(Path(ROOT))
    print(f"{DECISIONS} decisions per level, a table of three of the level, seed {SEED}; "
          "decision time from the first step to the decision")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=chromium_args(),
                                        headless=True)
            try:
                for level in BOT_NAMES:
                    page, long_tasks = browser_decisions(browser, server.url, level, labels[level])
                    here = cpython_decisions(level, len(page))
                    same = [d["action"] for d in page] == [d["action"] for d in here]
                    plays = [i for i, d in enumerate(page) if d["action"]["type"] == "play"]
                    longest = max((d["longest_ms"] for d in page), default=0)
                    thinking = [t for t in long_tasks if any(_overlaps(t, d) for d in page)]
                    worst = max((t["duration"] for t in thinking), default=0)
                    print(f"{level:<10} all   {_figures(page, here)}")
                    print(f"{'':<10} plays {_figures([page[i] for i in plays], [here[i] for i in plays])}")
                    print(f"{'':<10} longest step in chromium {longest:.1f} ms; long tasks while "
                          f"deciding {len(thinking)} (longest {worst:.0f} ms), "
                          f"{len(long_tasks)} in all after boot; "
                          + ("same decisions in both" if same else "DECISIONS DIFFER between the two"))
            finally:
                browser.close()
    finally:
        server.close()


if __name__ == "__main__":
    main()
