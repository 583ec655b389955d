"""Outcomes of the cases, and how failures are grouped by cause and printed.

A case ends ok, or with failures of four kinds:
  crash        an unexpected exception (in the engine, a bot, a view, the command line, the App)
  stuck        a game that offers no action, voids its deals for ever, or does not end in time
  invariant    a rule of the game broken: cards not conserved, points not 120, an offered action
               refused, apply changing its input, a state that is not JSON
  mishandled   a wrong input not refused as it should be: a wrong action accepted, refused with
               another exception than IllegalAction, or refused with the state changed; a damaged
               file answered otherwise than by exit 0, or 2 with one line; a damaged save that
               stops the page or is dropped without a word
Failures with the same kind and cause (the exception and the innermost line of thousand/ it came
from, or the broken rule) are one group; the first cases of each are kept as reproducers."""
import json
import os
import traceback
from collections import Counter

CATEGORIES = ("crash", "stuck", "invariant", "mishandled")
TITLES = {"crash": "crashes", "stuck": "stuck games", "invariant": "invariant failures",
          "mishandled": "mishandled inputs"}
KEEP_PER_GROUP = 3
MAX_VARIANTS = 30
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def where(exc: BaseException) -> str:
    """The innermost frame of the project's package the exception passed through."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if f"{os.sep}thousand{os.sep}" in f.filename]
    if not (own or frames):
        return "?"
    f = (own or frames)[-1]
    return f"{os.path.relpath(f.filename, _ROOT)}:{f.lineno} in {f.name}"


def exception_cause(exc: BaseException) -> str:
    return f"{type(exc).__name__} at {where(exc)}"


def short(value, limit=300) -> str:
    """An action or value as it would be written in JSON, cut to a readable length."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


def case_id(spec: dict) -> str:
    return f"{spec['game']}:{spec['seed']}"


class Outcome:
    """What one case did: counts, and its failures (the first of each cause in full)."""

    def __init__(self, spec: dict):
        self.spec = spec
        self.counts = Counter()
        self.events = Counter()
        self.first = {}
        self.variants = {}
        self.contexts = {}

    def fail(self, category: str, cause: str, detail: str = "", *, step=None, phase=None,
             action=None, variant=None, exc=None):
        context = None
        if category == "crash" and exc is not None and not cause.startswith("the fuzzer"):
            # one group per exception and place, whatever the fuzzer was doing when it came
            context = cause[:-len(exception_cause(exc))].rstrip(": ") or "the engine"
            cause = exception_cause(exc)
        key = (category, cause)
        self.events[key] += 1
        if context is not None:
            seen = self.contexts.setdefault(key, [])
            if context not in seen and len(seen) < MAX_VARIANTS:
                seen.append(context)
        if variant is not None:
            seen = self.variants.setdefault(key, [])
            for v in variant if isinstance(variant, list) else [variant]:
                if v not in seen and len(seen) < MAX_VARIANTS:
                    seen.append(v)
        if key in self.first:
            return
        entry = {"detail": detail[:600], "step": step, "phase": phase, "spec": self.spec,
                 "context": context}
        if action is not None:
            entry["action"] = short(action)
        if exc is not None:
            entry["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
            entry["trace"] = "".join(traceback.format_exception(type(exc), exc,
                                                                exc.__traceback__)[-6:])[-2000:]
        self.first[key] = entry

    @property
    def failed(self) -> bool:
        return bool(self.events)

    def plain(self) -> dict:
        """Picklable plain data for the parent process."""
        return {"spec": self.spec, "counts": dict(self.counts),
                "events": [[k[0], k[1], v] for k, v in self.events.items()],
                "first": [[k[0], k[1], v] for k, v in self.first.items()],
                "variants": [[k[0], k[1], v] for k, v in self.variants.items()],
                "contexts": [[k[0], k[1], v] for k, v in self.contexts.items()]}


class Summary:
    """Every case's outcome added up."""

    def __init__(self):
        self.counts = Counter()
        self.groups = {}

    def add(self, plain: dict):
        self.counts.update(plain["counts"])
        for category, cause, n in plain["events"]:
            g = self._group(category, cause)
            g["events"] += n
            g["cases"] += 1
        for category, cause, entry in plain["first"]:
            g = self._group(category, cause)
            if len(g["first"]) < KEEP_PER_GROUP:
                g["first"].append(entry)
        for field in ("variants", "contexts"):
            for category, cause, values in plain[field]:
                g = self._group(category, cause)
                for v in values:
                    if v not in g[field] and len(g[field]) < MAX_VARIANTS:
                        g[field].append(v)

    def _group(self, category, cause):
        return self.groups.setdefault((category, cause), {
            "category": category, "cause": cause, "events": 0, "cases": 0, "first": [],
            "variants": [], "contexts": []})

    def totals(self) -> dict:
        out = {c: 0 for c in CATEGORIES}
        for g in self.groups.values():
            out[g["category"]] += g["events"]
        return out

    def causes(self, category) -> list:
        return sorted((g for g in self.groups.values() if g["category"] == category),
                      key=lambda g: (-g["cases"], g["cause"]))

    def failed(self) -> bool:
        return any(self.totals().values())


def print_groups(summary: Summary, out, per_group: int = 2, max_groups: int = 60):
    shown = 0
    for category in CATEGORIES:
        for g in summary.causes(category):
            if shown == max_groups:
                rest = sum(len(summary.causes(c)) for c in CATEGORIES) - shown
                print(f"... and {rest} more causes (run fewer cases or --replay one)", file=out)
                return
            shown += 1
            print(f"\n[{category}] {g['cause']}\n    {g['events']} times in {g['cases']} cases",
                  file=out)
            if g["contexts"]:
                print("    while: " + "; ".join(g["contexts"]), file=out)
            if g["variants"]:
                print("    seen with: " + "; ".join(g["variants"]), file=out)
            for entry in g["first"][:per_group]:
                spec = entry["spec"]
                print(f"    replay: python -m fuzz --replay {case_id(spec)}", file=out)
                print(f"      case: {short(spec, 500)}", file=out)
                at = []
                if entry.get("step") is not None:
                    at.append(f"step {entry['step']}")
                if entry.get("phase"):
                    at.append(f"phase {entry['phase']}")
                if at:
                    print(f"      at {', '.join(at)}", file=out)
                if entry.get("context"):
                    print(f"      while: {entry['context']}", file=out)
                if entry.get("action"):
                    print(f"      action: {entry['action']}", file=out)
                if entry.get("detail"):
                    print(f"      {entry['detail']}", file=out)
                if entry.get("error"):
                    print(f"      error: {entry['error']}", file=out)
