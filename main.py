"""Browser entry point, run by PyScript from index.html (its config is there): mounts the game into
the page, then marks <body data-ready="1"> (the e2e tests wait for it)."""
from thousand.ui.browser import start

page = await start()  # PyScript runs the main script with top-level await
