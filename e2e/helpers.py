"""Helpers for browser tests; fixtures live in e2e/conftest.py."""
import time
from pathlib import Path
from urllib.parse import urlsplit

# Hosts a page may talk to: only this machine's test server.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# Schemes that never leave the browser.
LOCAL_SCHEMES = frozenset({"data", "about", "javascript"})

READY_SELECTOR = 'body[data-ready="1"]'
BOOT_TIMEOUT_MS = 90_000


def is_local_url(url: str) -> bool:
    """True when fetching `url` stays on this machine (loopback host, data:, about:, blob: of a loopback page)."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme in LOCAL_SCHEMES:
        return True
    if scheme == "blob":
        return is_local_url(url[len("blob:"):])
    if scheme in ("http", "https", "ws", "wss"):
        return (parts.hostname or "").lower() in LOCAL_HOSTS
    return False


def wait_for_python_ready(page, timeout: float = BOOT_TIMEOUT_MS) -> float:
    """Wait until main.py has set <body data-ready="1">; return the seconds waited.

    Fails at once, with PyScript's message, if PyScript shows an error box instead of
    booting, rather than sitting out the whole timeout (milliseconds, default 90 s).
    """
    start = time.monotonic()
    page.wait_for_function(
        """() => document.body && (document.body.dataset.ready === "1"
                 || document.querySelector(".py-error") !== null)""",
        timeout=timeout,
        polling=100,
    )
    if page.locator(READY_SELECTOR).count() == 0:
        error = page.locator(".py-error").first.inner_text()
        raise AssertionError(f"Python failed to start in the page:\n{error}")
    return time.monotonic() - start


class TaskTrace:
    """The page's main-thread tasks as Chromium's trace sees them: each one's start (on the
    page's performance.now() clock, as long-task entries have it), wall time and CPU time (ms).

    A long task (50 ms or more of wall time) on a machine that other work keeps busy may hold
    little of the page's own work: the CPU time tells how much of it was the page's. Start it
    before the part of the test to look at, `stop()` after."""

    ANCHOR = "thousand-clock"
    TASK = "ThreadControllerImpl::RunTask"

    def __init__(self, page):
        self.page = page
        self.browser = page.context.browser
        self.browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline"])

    def stop(self) -> list:
        import json
        at = self.page.evaluate(
            f"() => {{ const t = performance.now(); console.timeStamp('{self.ANCHOR}'); return t; }}")
        events = json.loads(self.browser.stop_tracing())["traceEvents"]
        anchor = next(e for e in events if e.get("name") == "TimeStamp"
                      and e.get("args", {}).get("data", {}).get("message") == self.ANCHOR)
        offset = anchor["ts"] - at * 1000  # trace clock minus page clock, microseconds
        return [{"start": (e["ts"] - offset) / 1000, "wall": e["dur"] / 1000,
                 "cpu": e.get("tdur", e["dur"]) / 1000}
                for e in events if e.get("name") == self.TASK and e.get("ph") == "X"
                and e["pid"] == anchor["pid"] and e["tid"] == anchor["tid"]]


def task_at(tasks: list, start: float, duration: float):
    """The traced task a long-task entry (start, duration; ms) stands for: the one starting
    nearest to it among those about as long."""
    near = [t for t in tasks if abs(t["wall"] - duration) <= max(2.0, 0.1 * duration)]
    return min(near or tasks, key=lambda t: abs(t["start"] - start), default=None)


# axe-core, the npm dev dependency (package.json): put into the page by a test, never by the page
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return {
    passes: r.passes.length,
    violations: r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
    })),
  };
}"""


def axe_run(page) -> dict:
    """Every rule axe runs by default on the page as it stands: {"passes": how many rules
    passed, "violations": [{id, impact, help, nodes}]}."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `make test` (npm ci installs axe-core)")
    if not page.evaluate("typeof window.axe === 'object'"):  # gone after a reload
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)
