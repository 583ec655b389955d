"""Pack the `thousand` package into a zip that PyScript unpacks into the browser's file system.

Usage: python3 tools/pack.py [OUTPUT] (default assets/thousand.zip)

index.html's PyScript config maps "./assets/thousand.zip" to "./*": PyScript fetches the zip and
extracts it into Python's working directory, so `import thousand` works in the page.
Entries keep their `thousand/...` paths, are sorted and carry a fixed timestamp, so
the same sources always give the same bytes, and an unchanged zip is not rewritten.
Caches are left out. Standard library only.
"""
import os
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "thousand"
# Python sources plus the data files a package may read with importlib.resources.
SUFFIXES = (".py", ".json", ".toml", ".txt")
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def package_files(root=ROOT, package=PACKAGE):
    """Paths relative to root of every file to pack, sorted."""
    found = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, package)):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in filenames:
            if name.endswith(SUFFIXES) and not name.startswith("."):
                found.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(path.replace(os.sep, "/") for path in found)


def pack(output, root=ROOT, package=PACKAGE):
    files = package_files(root, package)
    if not any(f == f"{package}/__init__.py" for f in files):
        raise SystemExit(f"pack.py: {package}/__init__.py not found under {root}")
    tmp = output + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for rel in files:
            info = zipfile.ZipInfo(rel, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(os.path.join(root, rel), "rb") as fh:
                zf.writestr(info, fh.read())
    if os.path.exists(output) and _same_bytes(tmp, output):
        os.remove(tmp)  # unchanged: keep the old file and its timestamp
    else:
        os.replace(tmp, output)
    return files


def _same_bytes(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    output = argv[0] if argv else os.path.join(ROOT, "assets", "thousand.zip")
    files = pack(output)
    print(f"pack.py: {len(files)} files -> {os.path.relpath(output)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
