"""Running many cases on a few processes, and the summary `make fuzz` prints."""
import multiprocessing
import random
import sys
import time
import traceback

from fuzz import cards, dice, draw, files, friends
from fuzz.report import Outcome, Summary, TITLES, CATEGORIES, exception_cause, print_groups

KINDS = ("cards", "dice", "files", "friends")


def spec_of(kind: str, seed: int) -> dict:
    if kind == "cards":
        return draw.card_case(seed)
    if kind == "dice":
        return draw.dice_case(seed)
    if kind == "friends":
        return friends.case(seed)
    return files.case(seed)


def play(spec: dict) -> Outcome:
    kind = spec["game"]
    if kind == "cards":
        return cards.play(spec)
    if kind == "dice":
        return dice.play(spec)
    if kind == "friends":
        return friends.play(spec)
    return files.play(spec)


def _work(task):
    kind, seed = task
    start = time.process_time()  # CPU time: the machine may be shared
    try:
        spec = spec_of(kind, seed)
        outcome = play(spec)
    except Exception as exc:  # noqa: BLE001 - a bug of the fuzzer itself is reported, not lost
        outcome = Outcome({"game": kind, "seed": seed})
        outcome.fail("crash", "the fuzzer itself: " + exception_cause(exc),
                     traceback.format_exc()[-600:], exc=exc)
    plain = outcome.plain()
    plain["counts"][f"seconds_{kind}"] = time.process_time() - start
    return plain


def tasks(counts: dict, seed: int) -> list:
    """Every case, interleaved so that each kind progresses evenly (its seeds from `seed` on)."""
    out = [(kind, seed + i) for kind in KINDS for i in range(counts.get(kind, 0))]
    random.Random(seed).shuffle(out)
    return out


def run(cards=0, dice=0, files=0, *, friends=0, seed=0, workers=2, progress=None) -> Summary:
    summary = Summary()
    todo = tasks({"cards": cards, "dice": dice, "files": files, "friends": friends}, seed)
    start = last = time.monotonic()
    if workers <= 1:
        results = map(_work, todo)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(workers)
        results = pool.imap_unordered(_work, todo, chunksize=4)
    try:
        for done, plain in enumerate(results, 1):
            before = summary.totals()
            summary.add(plain)
            now = time.monotonic()
            if progress is not None and summary.totals() != before:
                # a long run says each failing case at once, so it can be replayed while it runs
                case = f"{plain['spec'].get('game')}:{plain['spec'].get('seed')}"
                print(f"[fuzz {now - start:.0f} s] failed: python -m fuzz --replay {case}",
                      file=progress, flush=True)
            if progress is not None and now - last > 30:
                last = now
                t = summary.totals()
                print(f"[fuzz {now - start:.0f} s] {done}/{len(todo)} cases; "
                      + ", ".join(f"{TITLES[c]} {t[c]}" for c in CATEGORIES),
                      file=progress, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    summary.counts["wall_seconds"] = time.monotonic() - start
    return summary


def _n(x) -> str:
    return f"{int(x):,}"


def print_summary(summary: Summary, out=sys.stdout, per_group=2, max_groups=60):
    c = summary.counts
    print(f"fuzz: {_n(c['card_games'] + c['dice_games'])} games and "
          f"{_n(c['damaged_files'])} damaged files in {c['wall_seconds']:.0f} s "
          f"(CPU time: cards {c['seconds_cards']:.0f} s, dice {c['seconds_dice']:.0f} s, "
          f"files {c['seconds_files']:.0f} s)", file=out)
    print(f"  card games     {_n(c['card_games'])}: {_n(c['card_games_ended'])} played to the "
          f"end, {_n(c['card_games_capped'])} with a random bot to their deal cap; "
          f"{_n(c['card_actions'])} actions, {_n(c['card_deals'])} deals played; "
          f"{_n(c['card_offered_sampled'])} more offered actions applied", file=out)
    print(f"  dice games     {_n(c['dice_games'])}: {_n(c['dice_games_ended'])} played to the end,"
          f" {_n(c['dice_games_capped'])} of random bots only to their turn cap;"
          f" {_n(c['dice_actions'])} actions; {_n(c['dice_offered_sampled'])} more offered "
          "actions applied", file=out)
    print(f"  wrong actions  {_n(c['card_wrong_actions'] + c['dice_wrong_actions'])} thrown "
          f"(cards {_n(c['card_wrong_actions'])}, dice {_n(c['dice_wrong_actions'])})", file=out)
    print(f"  damaged files  {_n(c['damaged_files'])}: records {_n(c['damaged_records'])}, "
          f"dice records {_n(c['damaged_dice_records'])}, score sheets "
          f"{_n(c['damaged_sheets'])}, saves opened by the App {_n(c['damaged_saves'])}, "
          f"simulate arguments {_n(c['damaged_simulate_arguments'])}", file=out)
    print(f"  friends' rooms {_n(c['friends_games'])}: {_n(c['friends_games_ended'])} played to "
          f"the end, {_n(c['friends_actions'])} moves, {_n(c['friends_hostile'])} hostile "
          f"messages ({_n(c['friends_refused'])} refused, {_n(c['friends_moves_taken'])} moves "
          f"taken from friends), {_n(c['friends_rejoins'])} rejoins "
          f"(CPU time {c['seconds_friends']:.0f} s)", file=out)
    totals = summary.totals()
    for cat in CATEGORIES:
        print(f"  {TITLES[cat]:<19}{_n(totals[cat]):>8}  ({len(summary.causes(cat))} causes)",
              file=out)
    if summary.failed():
        print_groups(summary, out, per_group=per_group, max_groups=max_groups)
