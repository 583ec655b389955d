"""Write the home screen as the game draws it, in each of its languages, for a first visit
(assets/first/<code>.html): index.html paints it at once while Python loads, where later visits
paint the copy of the screen last drawn. Made at build time (`make vendor`; not committed) by the
same code the page runs, from an empty store, so that it is the very screen the game draws first
and a tap made on it can be carried out once the game is ready (thousand/ui/browser.py).

Usage: python3 tools/first_screen.py [OUTPUT_DIR]   (default assets/first). An unchanged file is
not rewritten.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from thousand import i18n  # noqa: E402
from thousand.storage import MemoryBackend, Store  # noqa: E402
from thousand.ui.app import App  # noqa: E402


def home_screen(code: str) -> str:
    try:
        app = App(Store(MemoryBackend()), language_code=code)
        if app.language != code:
            raise SystemExit(f"first_screen.py: the {code} catalogue could not be read: {app.notice}")
        return str(app.render())
    finally:
        i18n.use(i18n.Translation())


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    folder = argv[0] if argv else os.path.join(ROOT, "assets", "first")
    os.makedirs(folder, exist_ok=True)
    written = 0
    for code in i18n.LANGUAGES:
        text = home_screen(code)
        path = os.path.join(folder, f"{code}.html")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                if fh.read() == text:
                    continue
        with open(path + ".tmp", "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(path + ".tmp", path)
        written += 1
    print(f"first_screen.py: {written} home screen(s) written to {os.path.relpath(folder)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
