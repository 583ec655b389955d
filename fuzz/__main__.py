"""python -m fuzz [--cards N] [--dice N] [--files N] [--friends N] [--workers W] [--seed S]
python -m fuzz --replay cards:SEED [--shrink]     (or a case's JSON as printed)

Exits 1 when any failure is found, 0 otherwise."""
import argparse
import json
import sys

from fuzz import run
from fuzz.report import CATEGORIES


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.split("\n")[0])
    p.add_argument("--cards", type=int, default=10_000, help="card games (default 10000)")
    p.add_argument("--dice", type=int, default=10_000, help="dice games (default 10000)")
    p.add_argument("--files", type=int, default=1_500,
                   help="cases of damaged files, six damaged copies each (default 1500)")
    p.add_argument("--friends", type=int, default=300,
                   help="games through the friends' Room under hostile messages (default 300)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0, help="the first case's seed of each kind")
    p.add_argument("--groups", type=int, default=60, help="failure causes to print at most")
    p.add_argument("--replay", metavar="CASE", help="play one case again: kind:seed or its JSON")
    p.add_argument("--shrink", action="store_true",
                   help="with --replay: drop conventions while the same failure remains")
    p.add_argument("--cause", default="",
                   help="with --shrink: the failure to keep (a part of its cause); by default "
                        "the gravest: a stuck game, then a crash, an invariant, a wrong input")
    args = p.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.shrink, args.cause)
    summary = run.run(args.cards, args.dice, args.files, friends=args.friends, seed=args.seed,
                      workers=args.workers, progress=sys.stderr)
    run.print_summary(summary, max_groups=args.groups)
    return 1 if summary.failed() else 0


def _spec(text: str) -> dict:
    if text.lstrip().startswith("{"):
        return json.loads(text)
    kind, _, seed = text.partition(":")
    return run.spec_of(kind, int(seed))


def replay(text: str, shrink: bool, cause: str = "") -> int:
    spec = _spec(text)
    outcome = run.play(spec)
    print(f"case {json.dumps(spec)}")
    for (category, cause), entry in outcome.first.items():
        print(f"\n[{category}] {cause} ({outcome.events[(category, cause)]} times)")
        for key in ("context", "step", "phase", "action", "detail", "error"):
            if entry.get(key) is not None:
                print(f"  {key}: {entry[key]}")
        if entry.get("trace"):
            print("  " + entry["trace"].replace("\n", "\n  "))
    if not outcome.failed:
        print("ok: no failure")
        return 0
    if shrink and spec["game"] in ("cards", "dice"):
        target = _target(outcome, cause)
        if target is None:
            print(f"no failure's cause contains {cause!r}")
            return 1
        print(f"\nsmallest case that still fails with [{target[0]}] {target[1]}:")
        print(json.dumps(_shrink(spec, target)))
    return 1


def _target(outcome, cause: str):
    keys = [k for k in outcome.first if cause in k[1]]
    order = {c: i for i, c in enumerate(CATEGORIES)}
    # views that share parts are found at sampled steps only: the last choice to shrink on
    keys.sort(key=lambda k: (" view shares " in k[1], order[k[0]] if k[0] != "stuck" else -1))
    return keys[0] if keys else None


def _shrink(spec: dict, target) -> dict:
    """Drop the preset, then each override, while the failure `target` (category, cause) stays."""
    fixed = {"player_count"} if spec["game"] == "cards" else set()

    def still_fails(candidate):
        try:
            return target in run.play(candidate).events
        except Exception:  # noqa: BLE001 - conventions the catalogue refuses, say
            return False

    best = dict(spec, overrides=dict(spec["overrides"]))
    if best.get("preset") is not None and still_fails(dict(best, preset=None)):
        best["preset"] = None
    for cid in list(best["overrides"]):
        if cid in fixed:
            continue
        trial = dict(best, overrides={k: v for k, v in best["overrides"].items() if k != cid})
        if still_fails(trial):
            best = trial
    return best


if __name__ == "__main__":
    sys.exit(main())
