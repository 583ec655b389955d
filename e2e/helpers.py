"""Helpers for browser tests; fixtures live in e2e/conftest.py."""
import time
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
