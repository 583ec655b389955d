"""The quick start from a memory snapshot (assets/interpreter.mjs, issue 19): when a player comes
back the browser makes a snapshot of the interpreter with the game's modules imported, and the next
start restores it; a snapshot that does not fit (damaged, truncated, another build's, one whose
restore fails) is dropped, the page starts the plain way with the same game, and a good snapshot
is made again. The game in progress is never touched by any of it."""
import json

import pytest

from e2e.driver import Player, go, idle, open_game, totals, to_the_table
from e2e.helpers import wait_for_python_ready

SNAPSHOT_TIMEOUT_MS = 180_000

# Tampering with the stored snapshot, in the page (Cache Storage): each returns nothing.
DAMAGE = {
    "damaged": "bytes => { bytes[bytes.length >> 1] ^= 0xff; return bytes; }",
    "truncated": "bytes => bytes.slice(0, bytes.length >> 1)",
}
TAMPER = """async ([how, fresh_hash, key]) => {
  const name = (await caches.keys()).find(n => n.startsWith("thousand-snapshot:"));
  const cache = await caches.open(name);
  const url = (await cache.keys())[0].url;
  const old = await cache.match(url);
  let bytes = new Uint8Array(await old.arrayBuffer());
  bytes = (0, eval)(how)(bytes);
  const headers = {"x-thousand-key": key || old.headers.get("x-thousand-key"),
                   "x-thousand-sha256": old.headers.get("x-thousand-sha256"),
                   "x-thousand-bytes": old.headers.get("x-thousand-bytes")};
  if (fresh_hash) {
    headers["x-thousand-bytes"] = String(bytes.length);  // a snapshot whose bytes are as stored, but that cannot be restored
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    headers["x-thousand-sha256"] = Array.from(digest, b => b.toString(16).padStart(2, "0")).join("");
  }
  await cache.put(url, new Response(bytes, {headers}));
}"""


def snapshot_made(page):
    page.wait_for_function("() => window.thousandBoot && window.thousandBoot.made",
                           timeout=SNAPSHOT_TIMEOUT_MS, polling=200)
    made = page.evaluate("window.thousandBoot.made")
    assert made["ok"], made
    return made


def boot(page) -> dict:
    return page.evaluate("window.thousandBoot")


def restart(page, url):
    page.goto(url)
    wait_for_python_ready(page)
    return boot(page)


def test_restored_start_and_every_unfit_snapshot_falls_back_with_the_same_game(page, server_url,
                                                                                browser_guard):
    browser_guard.allow(r"thousand: the quick start failed")
    browser_guard.allow(r"null function|RuntimeError|Aborted")
    url = server_url + "?delay=0"
    open_game(page, server_url, seed=71)
    player = Player(71)
    for _ in range(3):
        player.step(page)
    idle(page)
    before = totals(page)
    saved_game = page.evaluate("localStorage.getItem('thousand:game:cards')")
    # not made on a first visit: on the start of a player who comes back
    assert "made" not in boot(page)
    assert restart(page, url)["snapshot"] == "none"
    made = snapshot_made(page)
    assert made["bytes"] > 10_000_000

    # the next start restores it, and the game goes on
    started = restart(page, url)
    assert started["snapshot"] == "restored", started
    assert page.evaluate("localStorage.getItem('thousand:game:cards')") == saved_game
    to_the_table(page)
    idle(page)
    assert totals(page) == before
    go(page, "home")
    saved_game = page.evaluate("localStorage.getItem('thousand:game:cards')")

    cases = [("damaged", DAMAGE["damaged"], False, None),
             ("damaged", DAMAGE["truncated"], False, None),
             ("another build", "bytes => bytes", False, "an older build"),
             ("failed", DAMAGE["truncated"], True, None)]
    for expected, how, fresh_hash, key in cases:
        page.evaluate(TAMPER, [how, fresh_hash, key])
        started = restart(page, url)
        assert started["snapshot"] == expected, (expected, started)
        # the plain start: the same game, untouched
        assert page.evaluate("localStorage.getItem('thousand:game:cards')") == saved_game
        assert page.get_by_role("button", name="Continue").is_visible()
        # and a good snapshot made again, restored at the next start
        snapshot_made(page)
        assert restart(page, url)["snapshot"] == "restored"
    page.get_by_role("button", name="Continue").click()
    idle(page)
    assert totals(page) == before
    player.step(page)
