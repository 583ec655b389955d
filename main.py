"""Browser entry point, run by PyScript from index.html (see pyscript.toml).

Imports the game package, then tells the page that Python is ready: the status line
says "Python ready" and <body data-ready="1"> is set (the e2e tests wait for it).
"""
import sys

from pyscript import document

import thousand  # noqa: F401  (unpacked from assets/thousand.zip by PyScript)

status = document.getElementById("status")
status.textContent = "Python ready"
status.title = f"Python {sys.version.split()[0]} ({sys.platform})"
document.body.dataset.ready = "1"
