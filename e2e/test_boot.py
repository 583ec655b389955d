"""The page boots Python from vendored files only and shows the home screen."""
import time
from urllib.parse import urlsplit

from e2e.helpers import wait_for_python_ready

# Files Pyodide must be able to fetch from assets/vendor/pyodide/ (the Makefile's PYODIDE_FILES).
PYODIDE_BOOT_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}


def test_page_boots_python(page, server_url, capsys):
    requested = []
    failed = []
    page.on("request", lambda r: requested.append(urlsplit(r.url).path))
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url}: HTTP {r.status}"))

    start = time.monotonic()
    page.goto(server_url)
    # The progress line is there before Python is.
    assert page.locator("#status").is_visible()
    wait_for_python_ready(page)
    elapsed = time.monotonic() - start

    # Once Python is up the progress line gives way to the home screen.
    assert page.locator("#status").is_hidden()
    assert page.get_by_role("button", name="New game").is_visible()
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert failed == []
    fetched = {p.rsplit("/", 1)[-1] for p in requested if p.startswith("/assets/vendor/pyodide/")}
    assert fetched <= PYODIDE_BOOT_FILES, f"Pyodide fetched files the Makefile does not vendor: {fetched - PYODIDE_BOOT_FILES}"
    assert "/assets/thousand.zip" in requested
    with capsys.disabled():
        print(f"\n[boot] page open to Python ready: {elapsed:.2f} s")
