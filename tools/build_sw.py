"""Write the service worker (sw.js, beside index.html) with its precache list and build hash.

Usage: python3 tools/build_sw.py [ROOT]   (default: the repository root; `make vendor` runs it,
                                            tools/dist.py runs it on the dist folder)

The precache list is every file the page fetches, at boot and later, as URLs relative to the
worker (so the site works under any sub-path):
  ./ and index.html, main.py, manifest.webmanifest, pyscript.toml; everything under assets/ but the vendored
  runtime and the translators' sources (the stylesheet, card faces, icons, thousand.zip, the
  catalogues compiled to JSON, and whatever is added there later);
  Pyodide's five boot files (the Makefile's PYODIDE_FILES),
  the QR reader and drawer of "Play with friends" (FRIENDS_VENDORED, not loaded at start-up),
  and the PyScript files its loader requests: core.js, core.css, and the chunks core.js imports,
  statically or at boot (its dynamic imports, less those of the plugins pyscript.toml switches off
  and of features the page does not use).
Each file is listed with its own revision (a hash of its bytes), so that an update downloads only
the files whose revision changed (the worker copies the others from the cache of the version in
use). The build hash is a SHA-256 over those files' names and bytes and the worker template, so any
change to the page gives a new sw.js: the browser installs it beside the running worker, and the
page offers "Update". An unchanged sw.js is not rewritten. Standard library only.
"""
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "tools", "sw.template.js")
WORKER = "sw.js"

# What Pyodide's loader fetches to boot with no extra packages (the Makefile's PYODIDE_FILES).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
PYODIDE_DIR = "assets/vendor/pyodide"
PYSCRIPT_DIR = "assets/vendor/pyscript"
# core.js's dynamic imports for what this page does not use: the editor, the graph and zip in JS,
# and the plugins that pyscript.toml switches off ("!name"), which core.js then never imports.
PYSCRIPT_UNUSED = ("codemirror", "pyodide_graph", "zip", "py-editor", "py-terminal", "py-game",
                   "donkey", "deprecations-manager")
# Written by translators, read by tools (the page reads the JSON compiled from them).
SOURCE_ONLY = (".po", ".pot")
# Compressed copies of the files for the wire (tools/dist.py): the same files, not others.
ENCODED = (".gz", ".br")
# Loaded only when "Play with friends" is opened (by assets/friends/*.mjs, which the walk of assets/
# lists), never at start-up; precached so that friends can play offline too.
FRIENDS_VENDORED = ("assets/vendor/jsqr/jsQR.js", "assets/vendor/qrcode-generator/qrcode.mjs")
PAGE_FILES = ("index.html", "main.py", "manifest.webmanifest", "pyscript.toml")
ASSETS = "assets"

STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*(?:/\*.*?\*/\s*)?"\./([\w.-]+\.js)"\s*\)')


def _read(root, rel):
    with open(os.path.join(root, rel), "rb") as fh:
        return fh.read()


def pyscript_files(root=ROOT) -> list:
    """The PyScript files the page loads: core.js, core.css and what core.js pulls in."""
    def chunk_name(name):  # "py-editor-C4XsZtn7.js" -> "py-editor"
        return re.sub(r"-[\w]{8}\.js$", "", name)

    found, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        text = _read(root, f"{PYSCRIPT_DIR}/{name}").decode("utf-8")
        todo += STATIC_IMPORT.findall(text)
        if name.startswith("core-"):  # the loader itself: plugins and the TOML parser at boot
            for dep in DYNAMIC_IMPORT.findall(text):
                base = chunk_name(dep)
                if not base.startswith(PYSCRIPT_UNUSED):
                    todo.append(dep)
    return sorted(f"{PYSCRIPT_DIR}/{n}" for n in found | {"core.css"})


def precache_files(root=ROOT) -> list:
    """Paths relative to root of every file the worker precaches, sorted."""
    files = list(PAGE_FILES)
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, ASSETS)):
        rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and f"{rel}/{d}" != "assets/vendor"]
        files += [f"{rel}/{n}" for n in filenames
                  if not n.startswith(".") and not n.endswith((".tmp", *SOURCE_ONLY, *ENCODED))]
        # every catalogue the page may fetch, compiled (`make vendor`, tools/catalogues.py)
        files += [f"{rel}/{n[:-3]}.json" for n in filenames if n.endswith(".po")]
    files += [f"{PYODIDE_DIR}/{n}" for n in PYODIDE_FILES]
    files += pyscript_files(root)
    files += FRIENDS_VENDORED
    missing = [f for f in files if not os.path.isfile(os.path.join(root, f))]
    if missing:
        raise SystemExit(f"build_sw.py: missing under {root}: {', '.join(missing)} (run `make vendor`)")
    return sorted(set(files))


def build_hash(root, files) -> str:
    digest = hashlib.sha256(_read(ROOT, os.path.relpath(TEMPLATE, ROOT)))
    for rel in files:
        data = _read(root, rel)
        digest.update(f"\0{rel}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


def revisions(root, files) -> dict:
    """Each file's revision: the start of a SHA-256 of its bytes."""
    return {rel: hashlib.sha256(_read(root, rel)).hexdigest()[:12] for rel in files}


def render_worker(build: str, files: list, revision: dict) -> str:
    entries = [["./", revision["index.html"]]] + [[rel, revision[rel]] for rel in files]
    listing = "[\n" + ",\n".join(f"  {json.dumps(e)}" for e in entries) + "\n]"
    with open(TEMPLATE, encoding="utf-8") as fh:
        template = fh.read()
    return template.replace('"__BUILD__"', json.dumps(build)).replace("__PRECACHE__", listing)


def write_worker(root=ROOT) -> tuple:
    """Write root/sw.js; return (build hash, precached files, whether the file changed)."""
    files = precache_files(root)
    build = build_hash(root, files)
    text = render_worker(build, files, revisions(root, files))
    path = os.path.join(root, WORKER)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            if fh.read() == text:
                return build, files, False
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(path + ".tmp", path)
    return build, files, True


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = os.path.abspath(argv[0]) if argv else ROOT
    build, files, changed = write_worker(root)
    size = sum(os.path.getsize(os.path.join(root, f)) for f in files)
    where = os.path.relpath(os.path.join(root, WORKER))
    print(f"build_sw.py: {where} build {build}, {len(files)} files ({size / 1e6:.1f} MB)"
          + ("" if changed else ", unchanged"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
