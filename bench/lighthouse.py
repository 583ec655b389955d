"""Lighthouse's mobile preset on a first visit, the page beside the bare PyScript page in the same run.

Lighthouse (npm `lighthouse`, a pinned dev dependency: `make` installs it with `npm ci`) runs
Debian's Chromium (THOUSAND_CHROMIUM, else /usr/bin/chromium; it never downloads a browser) with
its defaults: the mobile form factor, simulated slow 4G and CPU x4 (its "simulate" throttling),
a fresh profile and cleared storage, so every run is a first visit. It is run on

* the page as `make play` serves it (tools/serve.py on the served tree), and
* a `make dist` copy of that tree (its own tools/dist.py), served by the same server, which sends
  the compressed copies dist.py writes (.gz, .br) when the browser accepts them;

and, in each, on bench/floor.html: a bare page that boots the same vendored Pyodide through
PyScript and prints one line, the reference for every figure. Pages are taken in turn (page,
floor, page, …) so the machine's load touches both alike.

Printed per page: the performance score, first contentful paint, largest contentful paint,
total blocking time, time to interactive, speed index, cumulative layout shift, bytes transferred,
then what Lighthouse says stands in the way: the LCP element and when it was painted in the real
(unthrottled) load, the main-thread work, the longest task, and the largest requests.

THOUSAND_LIGHTHOUSE_RUNS (default 1) runs per page, medians printed; THOUSAND_LIGHTHOUSE=0 skips
this bench; THOUSAND_LIGHTHOUSE_DIST=0 skips the dist copy; THOUSAND_LIGHTHOUSE_OUT=DIR keeps
the JSON reports. THOUSAND_BENCH_ROOT=DIR measures another tree (as bench/startup.py).
Figures only; nothing here asserts a time.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.startup import Server, chromium_path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
RUNS = max(1, int(os.environ.get("THOUSAND_LIGHTHOUSE_RUNS", "1")))
# Debian's Chromium as the e2e tests run it, headless; nothing fetched from elsewhere.
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run")
CATEGORIES = "performance,accessibility,best-practices"
TIMEOUT_S = 600

# (audit id, label, unit): unit "s" prints seconds, "ms" milliseconds, "" the bare value
FIGURES = (
    ("first-contentful-paint", "FCP", "s"),
    ("largest-contentful-paint", "LCP", "s"),
    ("total-blocking-time", "TBT", "ms"),
    ("interactive", "TTI", "s"),
    ("speed-index", "SI", "s"),
    ("cumulative-layout-shift", "CLS", ""),
)


def run_lighthouse(url: str, out: Path, tries: int = 3) -> dict:
    """One Lighthouse run. On a loaded machine a DevTools call now and then outlasts Lighthouse's
    own time limit (e.g. Network.getResponseBody on the 9.6 MB wasm): such a run is taken again."""
    env = dict(os.environ, CHROME_PATH=chromium_path())
    for attempt in range(tries):
        out.unlink(missing_ok=True)
        proc = subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
             f"--only-categories={CATEGORIES}", f"--chrome-flags={CHROME_FLAGS}"],
            env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
        failure = proc.stderr.strip()[-2000:] if proc.returncode != 0 or not out.exists() else None
        if failure is None:
            report = json.loads(out.read_text())
            if not report.get("runtimeError"):
                return report
            failure = report["runtimeError"]
        print(f"         (lighthouse on {url}, try {attempt + 1} of {tries}: {failure})", flush=True)
    raise RuntimeError(f"lighthouse failed on {url} {tries} times")


def figures(report: dict) -> dict:
    audits = report["audits"]
    found = {label: audits[audit]["numericValue"] for audit, label, _ in FIGURES}
    found["score"] = report["categories"]["performance"]["score"] * 100
    found["bytes"] = audits["total-byte-weight"]["numericValue"]
    for category in ("accessibility", "best-practices"):
        score = report["categories"].get(category, {}).get("score")
        if score is not None:
            found[category] = score * 100
    return found


def diagnostics(report: dict) -> list:
    """What stands in the way, in Lighthouse's own words and figures (one run's)."""
    audits = report["audits"]
    lines = []
    observed = audits["metrics"]["details"]["items"][0]
    element = "none"
    for table in audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", []):
        for item in table.get("items", []):
            if "node" in item:
                element = f"{item['node'].get('selector', '?')} ({item['node'].get('nodeLabel', '')[:40]!r})"
            elif "phase" in item:
                element += f"; {item['phase']} {item['timing'] / 1000:.1f} s"
    lines.append(f"LCP element {element}")
    lines.append(f"unthrottled load: FCP {observed['observedFirstContentfulPaint']:.0f} ms, "
                 f"LCP {observed['observedLargestContentfulPaint']:.0f} ms, "
                 f"last visual change {observed['observedLastVisualChange']:.0f} ms")
    work = audits["mainthread-work-breakdown"]
    groups = ", ".join(f"{g['groupLabel']} {g['duration'] / 1000:.1f} s"
                       for g in work.get("details", {}).get("items", [])[:3])
    lines.append(f"main-thread work {work['numericValue'] / 1000:.1f} s ({groups})")
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    if tasks:
        longest = max(tasks, key=lambda t: t["duration"])
        lines.append(f"long tasks {len(tasks)}, longest {longest['duration'] / 1000:.1f} s "
                     f"({longest['url'].rsplit('/', 1)[-1] or longest['url']})")
    requests = audits["network-requests"]["details"]["items"]
    biggest = sorted(requests, key=lambda r: r.get("transferSize") or 0, reverse=True)[:3]
    lines.append("largest requests " + ", ".join(
        f"{r['url'].rsplit('/', 1)[-1]} {(r.get('transferSize') or 0) / 1e6:.2f} MB" for r in biggest))
    return lines


def show(name: str, runs: list, reports: list):
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}

    def value(label, unit):
        v = med[label]
        return f"{v / 1000:.1f} s" if unit == "s" else f"{v:.0f} ms" if unit == "ms" else f"{v:.3f}"
    line = f"  {name:<6} performance {med['score']:3.0f}  " + "  ".join(
        f"{label} {value(label, unit)}" for _, label, unit in FIGURES)
    line += f"  {med['bytes'] / 1e6:.2f} MB"
    others = [f"{k} {med[k]:.0f}" for k in ("accessibility", "best-practices") if k in med]
    print(line + ("  (" + ", ".join(others) + ")" if others else ""))
    if len(runs) > 1:
        print(f"         performance of each run: {' '.join(format(r['score'], '.0f') for r in runs)}; "
              f"LCP {' '.join(format(r['LCP'] / 1000, '.1f') for r in runs)} s")
    for text in diagnostics(reports[-1]):
        print(f"         {text}")


def measure(served: Path, floor_path: str, title: str, out: Path):
    server = Server(served)
    try:
        pages = (("page", server.url), ("floor", server.url + floor_path))
        found = {name: ([], []) for name, _ in pages}
        for run in range(RUNS):
            for name, url in pages:
                report = run_lighthouse(url, out / f"{title}-{name}-{run}.json")
                found[name][0].append(figures(report))
                found[name][1].append(report)
    finally:
        server.close()
    version = found["page"][1][0]["lighthouseVersion"]
    print(f"- {title} (Lighthouse {version}, mobile: simulated slow 4G, CPU x4; first visit; "
          f"median of {RUNS}):")
    for name, (runs, reports) in found.items():
        show(name, runs, reports)


def floor_beside(site: Path, served: Path) -> str:
    """The floor page inside a dist folder (beside index.html), pointing at its vendored files.
    The PyScript chunks the game does not use are not in a dist folder, but the bare page loads
    them (its PyScript has every plugin on): they are copied in from the served tree."""
    text = (ROOT / "bench" / "floor.html").read_text().replace("../assets/", "./assets/")
    (site / "floor.html").write_text(text)
    vendored = served / "assets" / "vendor" / "pyscript"
    for source in vendored.rglob("*"):
        target = site / "assets" / "vendor" / "pyscript" / source.relative_to(vendored)
        if source.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return "floor.html"


def main():
    if os.environ.get("THOUSAND_LIGHTHOUSE", "1") == "0":
        print("lighthouse: skipped (THOUSAND_LIGHTHOUSE=0)")
        return
    if not LIGHTHOUSE.exists():
        print(f"lighthouse: {LIGHTHOUSE} is missing (run `npm ci`); skipped")
        return
    served = Path(os.environ.get("THOUSAND_BENCH_ROOT") or ROOT).resolve()
    for needed in ("index.html", "assets/vendor/pyodide/pyodide.mjs"):
        if not (served / needed).exists():
            print(f"lighthouse: {served / needed} is missing (run `make vendor`); skipped")
            return
    keep = os.environ.get("THOUSAND_LIGHTHOUSE_OUT")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(keep) if keep else Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        floor = "bench/floor.html"
        if not (served / floor).exists():
            floor = "floor.html" if (served / "floor.html").exists() else floor_beside(served, served)
        print(f"lighthouse on the page served from {served} (tools/serve.py, as `make play`)")
        measure(served, floor, "make play", out)
        if os.environ.get("THOUSAND_LIGHTHOUSE_DIST", "1") != "0" and (served / "tools" / "dist.py").exists():
            site = Path(tmp) / "site"
            subprocess.run([sys.executable, str(served / "tools" / "dist.py"), str(site)], cwd=served,
                           check=True, stdout=subprocess.DEVNULL)
            encoded = sorted({p.suffix for p in site.rglob("*") if p.suffix in (".gz", ".br")})
            how = "compressed copies " + " ".join(encoded) if encoded else "no compressed copies"
            measure(site, floor_beside(site, served), f"make dist copy, {how}", out)


if __name__ == "__main__":
    main()
