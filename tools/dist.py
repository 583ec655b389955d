"""Write the static site: a self-contained folder that any static host can serve, at its root or
under a sub-path such as /games/thousand/ (every URL in it is relative).

Usage: python3 tools/dist.py [OUTPUT]   (default dist; `make dist` runs `make vendor` first)

The folder holds exactly the files the service worker precaches (tools/build_sw.py decides which:
the page, main.py, the manifest and icons, the stylesheet and card faces, the packed
thousand/ and the vendored Pyodide and PyScript files the page loads) plus sw.js, generated for
this folder with its own precache list and build hash. OUTPUT is emptied first.

Beside each file that compresses well it writes a gzip copy (name.gz) and, when Python has the
`brotli` module (PyPI), a Brotli one (name.br): a static host that serves those for an
Accept-Encoding that allows them (tools/serve.py does, so `make play` and the tests) sends the
runtime in about a third of its bytes. The service worker's list and hash ignore them.
Standard library only (brotli optional).
"""
import gzip
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_sw  # noqa: E402

ROOT = build_sw.ROOT
# href="/x", src="/x" or url(/x): an address from the host's root, which a sub-path would break.
ROOTED = re.compile(r'''(?:\b(?:href|src|config)\s*=\s*["']|url\(\s*["']?|"(?:src|start_url|scope|interpreter)"\s*:\s*"|^\s*interpreter\s*=\s*")/(?!/)''', re.M)
TEXT_SUFFIXES = (".html", ".css", ".webmanifest", ".toml", ".js", ".mjs", ".json", ".py")
# Worth compressing for the wire (a zip or a PNG is compressed already).
COMPRESSIBLE = TEXT_SUFFIXES + (".wasm", ".svg")
MIN_SAVING = 0.1  # a copy less than a tenth smaller is not worth a second file


def compressed_copies(folder, files) -> dict:
    """Write name.gz (and name.br if brotli is installed) beside each compressible file of
    `files` (relative to folder); return {encoding: bytes written}."""
    try:
        import brotli
    except ImportError:
        brotli = None
    totals = {}
    for rel in files:
        if not rel.endswith(COMPRESSIBLE):
            continue
        path = os.path.join(folder, rel)
        with open(path, "rb") as fh:
            data = fh.read()
        copies = {"gz": gzip.compress(data, compresslevel=9, mtime=0)}
        if brotli is not None:
            copies["br"] = brotli.compress(data, quality=11)
        for ext, packed in copies.items():
            if len(packed) <= len(data) * (1 - MIN_SAVING):
                with open(f"{path}.{ext}", "wb") as fh:
                    fh.write(packed)
                totals[ext] = totals.get(ext, 0) + len(packed)
    return totals


def rooted_urls(folder, files) -> list:
    """Files among `files` (the page's own, not vendored ones) that name an address from the root."""
    bad = []
    for rel in files:
        if rel.startswith("assets/vendor/") or not rel.endswith(TEXT_SUFFIXES):
            continue
        with open(os.path.join(folder, rel), encoding="utf-8") as fh:
            if ROOTED.search(fh.read()):
                bad.append(rel)
    return bad


def build(output, root=ROOT) -> tuple:
    """Copy the site into `output`; return (build hash, files)."""
    files = build_sw.precache_files(root)
    output = os.path.abspath(output)
    if os.path.abspath(root) == output or os.path.abspath(root).startswith(output + os.sep):
        raise SystemExit(f"dist.py: refusing to write over the sources ({output})")
    if os.path.exists(output):
        shutil.rmtree(output)
    for rel in files:
        target = os.path.join(output, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), target)
    bad = rooted_urls(output, files)
    if bad:
        raise SystemExit(f"dist.py: addresses from the host's root (a sub-path would break) in: {', '.join(bad)}")
    build_hash, built, _ = build_sw.write_worker(output)
    assert built == files, "the dist folder does not hold what the worker precaches"
    compressed_copies(output, files + [build_sw.WORKER])
    return build_hash, files


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    output = argv[0] if argv else os.path.join(ROOT, "dist")
    build_hash, files = build(output)
    size = sum(os.path.getsize(os.path.join(output, f)) for f in files)
    print(f"dist.py: {os.path.relpath(output)}/ build {build_hash}: {len(files) + 1} files, "
          f"{size / 1e6:.1f} MB; copy the folder to any static host")
    return 0


if __name__ == "__main__":
    sys.exit(main())
