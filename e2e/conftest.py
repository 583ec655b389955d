"""Playwright setup for the e2e tests: Debian's Chromium, a local server, and a guarded page.

* The browser is `$THOUSAND_CHROMIUM` or /usr/bin/chromium (`make chromium` installs it);
  Playwright's own browser downloads are never used.
* `server_url` (session): tools/serve.py on a free loopback port, e.g. "http://127.0.0.1:41234/".
* `page` wraps pytest-playwright's page: every request to a host other than 127.0.0.1 /
  localhost is aborted and recorded, and so is every console message of type "error" and
  every uncaught page error. Any of them fails the test at teardown, listed one per line.
  A test that expects some can call `browser_guard.allow(regex)` first.
* `wait_for_python_ready(page)` (from e2e.helpers) waits for <body data-ready="1">.
"""
import os
import re
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from e2e.helpers import wait_for_python_ready, is_local_url  # noqa: F401  (re-exported for tests)

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
]
SERVER_START_TIMEOUT = 15  # seconds


def pytest_configure(config):
    # pytest-playwright's fallback `base_url` fixture (used when pytest-base-url is absent)
    # trips a pytest 9 deprecation warning that is not ours to fix.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )


def chromium_path() -> str:
    return os.environ.get("THOUSAND_CHROMIUM") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = chromium_path()
    if not os.access(path, os.X_OK):
        pytest.fail(f"no Chromium at {path}: run `make chromium` or set THOUSAND_CHROMIUM", pytrace=False)
    return {
        **browser_type_launch_args,
        "executable_path": path,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
        "headless": browser_type_launch_args.get("headless", True),
    }


@pytest.fixture(scope="session")
def server_url():
    """Serve the repository root with tools/serve.py on a free port; yield its base URL."""
    for needed in ("assets/vendor/pyodide/pyodide.mjs", "assets/vendor/pyscript/core.js", "assets/thousand.zip"):
        if not (ROOT / needed).exists():
            pytest.fail(f"{needed} is missing: run `make vendor` (or `make test`)", pytrace=False)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--host", "127.0.0.1", "--port", "0", "--quiet"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            ready = sel.select(timeout=SERVER_START_TIMEOUT)
        line = proc.stdout.readline().strip() if ready else ""
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", line):
            pytest.fail(f"tools/serve.py did not start (printed {line!r}, exit code {proc.poll()})", pytrace=False)
        yield line
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


class BrowserGuard:
    """What a page did that a test must not: foreign requests, console errors, page errors."""

    def __init__(self):
        self.foreign_requests = []
        self.console_errors = []
        self.page_errors = []
        self._allowed = []

    def allow(self, pattern: str):
        """Let console/page errors whose text matches `pattern` (a regex) pass."""
        self._allowed.append(re.compile(pattern))

    def _allowed_text(self, text: str) -> bool:
        return any(p.search(text) for p in self._allowed)

    def on_request(self, request):
        if not is_local_url(request.url):
            self.foreign_requests.append(request.url)

    def on_console(self, message):
        if message.type == "error":
            where = message.location or {}
            origin = f" ({where.get('url')}:{where.get('lineNumber')})" if where.get("url") else ""
            self.console_errors.append(f"{message.text}{origin}")

    def on_page_error(self, error):
        self.page_errors.append(f"{getattr(error, 'name', '') or 'Error'}: {getattr(error, 'message', error)}")

    def problems(self):
        lines = []
        lines += [f"request to a foreign host: {url}" for url in self.foreign_requests]
        lines += [f"console error: {t}" for t in self.console_errors if not self._allowed_text(t)]
        lines += [f"uncaught page error: {t}" for t in self.page_errors if not self._allowed_text(t)]
        return lines


@pytest.fixture
def browser_guard():
    return BrowserGuard()


@pytest.fixture
def page(page, context, browser_guard):
    """pytest-playwright's page, cut off from every host but this machine and watched for errors."""
    context.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
    page.on("request", browser_guard.on_request)
    page.on("console", browser_guard.on_console)
    page.on("pageerror", browser_guard.on_page_error)
    yield page
    problems = browser_guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
