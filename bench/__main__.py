"""Run every benchmark module: `python -m bench [NAME ...]` (from the repository root).

A benchmark is a module bench/<name>.py (not starting with "_") that defines `main()`.
Each is imported and its `main()` called in name order; whatever it prints is its report.
A module that fails is reported and the run goes on; the exit code is 1 if any failed.
"""
import importlib
import os
import pkgutil
import sys
import time
import traceback
from pathlib import Path

import bench


def reference(name: str) -> Path | None:
    """A naive reference program of ../shared/bench/ (run beside ours so that a ratio holds on a
    noisy machine): $THOUSAND_REFERENCE_DIR, else the first shared/bench/ above the repository
    (a worktree may sit deeper than the main checkout). None if not found."""
    env = os.environ.get("THOUSAND_REFERENCE_DIR")
    dirs = [Path(env)] if env else []
    dirs += [p / "shared" / "bench" for p in Path(__file__).resolve().parents]
    for d in dirs:
        if (d / name).is_file():
            return d / name
    return None


def discover():
    """Names of the benchmark modules in bench/, sorted."""
    return sorted(
        info.name
        for info in pkgutil.iter_modules(bench.__path__)
        if not info.name.startswith("_") and not info.ispkg
    )


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    names = discover()
    if argv:
        unknown = sorted(set(argv) - set(names))
        if unknown:
            print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names) or 'none'}")
            return 2
        names = [n for n in names if n in argv]
    failed = 0
    ran = 0
    for name in names:
        try:
            module = importlib.import_module(f"bench.{name}")
        except Exception:
            print(f"== {name}: import failed")
            traceback.print_exc(file=sys.stdout)
            failed += 1
            continue
        entry = getattr(module, "main", None)
        if not callable(entry):
            continue
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        try:
            entry()
        except Exception:
            traceback.print_exc(file=sys.stdout)
            failed += 1
        print(f"== {name}: {time.perf_counter() - start:.2f} s wall", flush=True)
        ran += 1
    if ran == 0 and failed == 0:
        print("no benchmarks yet")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
