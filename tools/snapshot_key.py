"""Write assets/snapshot-key.json: the key of this build's interpreter memory snapshot, a hash of
every file whose change makes a snapshot made by an older build unfit (Pyodide's boot files, the
game's package, the modules that make and restore snapshots). assets/interpreter.mjs drops a
stored snapshot with another key and starts the plain way (issue 19).

Usage: python3 tools/snapshot_key.py [ROOT]   (`make vendor` runs it; not committed)
"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_sw  # noqa: E402

MODULES = ("assets/interpreter.mjs", "assets/snapshot-worker.mjs", "assets/thousand.zip")
KEY_FILE = "assets/snapshot-key.json"


def snapshot_key(root=ROOT) -> str:
    digest = hashlib.sha256()
    for rel in [f"{build_sw.PYODIDE_DIR}/{n}" for n in build_sw.PYODIDE_FILES] + list(MODULES):
        with open(os.path.join(root, rel), "rb") as fh:
            data = fh.read()
        digest.update(f"\0{rel}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:24]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = os.path.abspath(argv[0]) if argv else ROOT
    text = json.dumps({"key": snapshot_key(root)}) + "\n"
    path = os.path.join(root, KEY_FILE)
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"snapshot_key.py: {os.path.relpath(path)} {text.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
