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
search); the longest single step of the player in Chromium (what slicing cannot cut); the page's
long tasks (50 ms or more of wall time, Chromium's 'longtask' entries) while deciding, and from
Chromium's trace of the main thread the most CPU time one task took while deciding (on a busy
machine a task's wall time is mostly other programs' turn; its CPU time is the page's work).
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


def browser_decisions(browser, url: str, level: str, label: str) -> tuple[list, list, list]:
    """The first DECISIONS decisions of an all-`level` table in the page, its long tasks, and
    its main-thread tasks from Chromium's trace (wall and CPU time)."""
    from e2e.helpers import TaskTrace, wait_for_python_ready
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}?seed={SEED}&delay=0")
        wait_for_python_ready(page)
        page.evaluate(LONG_TASKS)
        page.get_by_role("button", name="New game").click()
        for seat in range(3):
            page.locator(f"#seat-kind-{seat}").select_option(label=label)
        trace = TaskTrace(page)
        page.get_by_role("button", name="Start the game").click()
        try:
            while True:
                page.wait_for_function(PROGRESS, arg=DECISIONS, timeout=TIMEOUT_MS, polling=200)
                decisions = json.loads(page.evaluate("thousandDecisions()"))
                dialog = page.get_by_role("dialog")
                if len(decisions) >= DECISIONS or \
                        dialog.get_attribute("aria-label") == "Game over":
                    break
                dialog.locator("button.primary").click()
        finally:
            tasks = trace.stop()
        return decisions[:DECISIONS], page.evaluate("window.__longTasks"), tasks
    finally:
        context.close()


def cpython_decisions(level: str, count: int, clock) -> list:
    """The same game's first `count` decisions, through the same app code, in this Python,
    timed by `clock` (time.perf_counter: wall time; time.process_time: CPU time)."""
    from thousand.storage import MemoryBackend, Store
    from thousand.ui.app import App
    app = App(Store(MemoryBackend()), delay=0, seed=SEED, clock=clock)
    app.handle({"do": "go", "screen": "new"})
    app.render()
    for seat in range(3):
        app.handle({"do": "new.kind", "seat": seat, "value": f"bot:{level}"})
    app.handle({"do": "new.start"})
    while len(app.decisions) < count and not app.session.over:
        if not app.bot_step():
            app.handle({"do": "table.seen"})  # the deal summary, closed as the page's bench does
    return app.decisions[:count]


def _overlaps(task: dict, decision: dict, start="start", length="duration") -> bool:
    """A task during a decision: from its first step until its move was drawn."""
    end = decision.get("shown", decision["started"] + decision["ms"])
    return task[start] < end and task[start] + task[length] > decision["started"]


def _cpu_ms(tasks: list, decision: dict) -> float:
    """The main thread's CPU time from a decision's first step to the decision itself (a task
    partly inside counts by the share of its wall time inside)."""
    start, end = decision["started"], decision["started"] + decision["ms"]
    total = 0.0
    for t in tasks:
        inside = min(end, t["start"] + t["wall"]) - max(start, t["start"])
        if inside > 0 and t["wall"] > 0:
            total += t["cpu"] * inside / t["wall"]
    return total


def _q(values: list, p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def _pair(values: list) -> str:
    return f"{statistics.median(values):7.1f} /{_q(values, 0.95):7.1f}"


def _figures(rows: list) -> str:
    """rows: (chromium wall, chromium CPU, cpython wall, cpython CPU) of each decision, ms."""
    if not rows:
        return "no decisions"
    cw, cc, pw, pc = (list(col) for col in zip(*rows))
    ratio = statistics.median(cc) / statistics.median(pc) if statistics.median(pc) > 0 else 0
    return (f"n={len(rows):<3} chromium wall {_pair(cw)} cpu {_pair(cc)} | cpython wall "
            f"{_pair(pw)} cpu {_pair(pc)} | cpu ratio {ratio:4.1f}x")


def main():
    import time
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
    print(f"{DECISIONS} decisions per level, a table of three of the level, seed {SEED}. Decision "
          "time (ms, median / p95) from the first step to the decision: wall time, and CPU "
          "time (in Chromium: of the page's main thread, from its trace)")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=chromium_args(),
                                        headless=True)
            try:
                for level in BOT_NAMES:
                    page, long_tasks, tasks = browser_decisions(browser, server.url, level,
                                                                labels[level])
                    wall = cpython_decisions(level, len(page), time.perf_counter)
                    cpu = cpython_decisions(level, len(page), time.process_time)
                    same = [d["action"] for d in page] == [d["action"] for d in wall] == \
                        [d["action"] for d in cpu]
                    rows = [(d["ms"], _cpu_ms(tasks, d), w["ms"], c["ms"])
                            for d, w, c in zip(page, wall, cpu)]
                    plays = [r for r, d in zip(rows, page) if d["action"]["type"] == "play"]
                    longest = max((d["longest_ms"] for d in page), default=0)
                    thinking = [t for t in long_tasks if any(_overlaps(t, d) for d in page)]
                    worst = max((t["duration"] for t in thinking), default=0)
                    deciding = [t for t in tasks
                                if any(_overlaps(t, d, length="wall") for d in page)]
                    most = max((t["cpu"] for t in deciding), default=0)
                    heavy = sum(t["cpu"] >= 50 for t in deciding)
                    print(f"{level:<10} all   {_figures(rows)}")
                    print(f"{'':<10} plays {_figures(plays)}")
                    print(f"{'':<10} chromium while deciding: {len(thinking)} long tasks "
                          f"(longest {worst:.0f} ms wall), {heavy} tasks of 50 ms CPU or more "
                          f"(most CPU in one task {most:.1f} ms); longest step {longest:.1f} ms "
                          f"wall; {len(long_tasks)} long tasks in all after boot; "
                          + ("the same decisions in both" if same
                             else "THE DECISIONS DIFFER between the two"))
            finally:
                browser.close()
    finally:
        server.close()


if __name__ == "__main__":
    main()
