"""Phone screenshots of the page in a language, for docs/screenshots/ (issue 10):

    python tools/screenshots_languages.py ru th     (the page is served by tools/serve.py)

Each language gets home, the table in the middle of a deal, the conventions and the dice table,
at 360×640, in Debian's Chromium, with the fonts the system has."""
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.driver import Player, Words, idle  # noqa: E402
from e2e.helpers import wait_for_python_ready  # noqa: E402


def shoot(page, url, lang):
    out = ROOT / "docs" / "screenshots"
    page.goto(f"{url}?seed=11&delay=0&lang={lang}")
    wait_for_python_ready(page)
    page.screenshot(path=out / f"home-{lang}-phone.png")
    words = Words(lang)
    page.get_by_role("button", name=words("New game")).click()
    page.get_by_role("button", name=words("Start the game")).click()
    idle(page)
    player = Player(11, words)
    for _ in range(14):
        player.step(page)
    page.screenshot(path=out / f"table-{lang}-phone.png")
    page.evaluate("document.querySelector('[data-do=go][data-arg*=home]')?.click()")
    idle(page)
    page.get_by_role("button", name=words("Conventions")).click()
    idle(page)
    page.screenshot(path=out / f"conventions-{lang}-phone.png")


def main(langs):
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "8765"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.5)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            for lang in langs:  # a fresh context each: no names remembered from another language
                context = browser.new_context(viewport={"width": 360, "height": 640},
                                              device_scale_factor=2, is_mobile=True,
                                              has_touch=True)
                shoot(context.new_page(), "http://127.0.0.1:8765/", lang)
                context.close()
            browser.close()
    finally:
        server.terminate()


if __name__ == "__main__":
    main(sys.argv[1:] or ["ru"])
