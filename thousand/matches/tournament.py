"""A duplicate tournament between two kinds of card player, A and B (docs/bots.md).

`tournament(conv, bots, sets, seed, mode, jobs)` plays `sets` duplicate sets, each in every
arrangement of the two kinds (duplicate.arrangements), and returns the report as JSON-able data:
- mode "games": a set is a whole game; each kind's win share over the fair arrangements
  (duplicate.fair) with its 95% interval over sets;
- mode "deals": a set is one deal from a fresh game, scored by the engine's settlement; the
  points per seat of A less those of B, with its 95% interval over sets.
Both give each kind's declarer figures (tally.summary). A game that raises is counted in
`errors` with a command that replays it (`rerun`), and its set is left out of the shares.

Sets are independent, so they are shared out among `jobs` processes and put back in order: the
report is the same whatever `jobs` is."""
import functools
import os
import traceback

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.views import seat_view
from thousand.matches import duplicate, tally
from thousand.matches.card_games import MAX_DEALS

MODES = ("games", "deals")
MAX_REDEALS = 50  # a single deal redealt this often is reported, not looped on


def tournament(conv: dict, bots: tuple, sets: int, seed: int, mode: str = "games",
               jobs: int = 1, preset: str | None = None) -> dict:
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}, not {mode!r}")
    spec = {"conv": conv, "bots": tuple(bots), "seed": seed, "mode": mode, "preset": preset}
    results = _map(functools.partial(play_set, spec), range(sets), jobs)
    return report(spec, results)


def _map(fn, items, jobs):
    if jobs <= 1:
        return [fn(i) for i in items]
    import multiprocessing  # not in Pyodide; the page never runs a tournament
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(fn, items, chunksize=1)


# --- one set, one arrangement -------------------------------------------------------------------

def play_set(spec: dict, group: int) -> dict:
    """Set `group` in every arrangement; a game that raises is recorded, never hidden."""
    n = spec["conv"]["player_count"]
    played, errors = {}, []
    for arrangement in duplicate.arrangements(n):
        try:
            played[arrangement] = play_arrangement(spec, group, arrangement)
        except Exception as exc:  # a bug in the engine or a bot: counted and reproducible
            errors.append(_error(spec, group, arrangement, exc))
    return {"group": group, "played": played, "errors": errors}


def play_arrangement(spec: dict, group: int, arrangement: str, trace: list | None = None) -> dict:
    """One game (or one deal, in mode "deals") of set `group` with kind `arrangement[i]` in seat
    i. `trace`, if given, receives (deals settled, redeals in a row, dealer, hands, talons) of
    every deal as the engine dealt it."""
    conv, seed = spec["conv"], spec["seed"]
    n = conv["player_count"]
    names = dict(zip(duplicate.KINDS, spec["bots"]))
    bots = [make_bot(names[kind], duplicate.bot_seed(seed, group, seat))
            for seat, kind in enumerate(arrangement)]
    single = spec["mode"] == "deals"
    state = game.new_game(conv, duplicate.game_seed(seed, group))
    tallies = {kind: tally.new_tally() for kind in duplicate.KINDS}
    deals = voided = 0
    while state["phase"] != "game_over" and deals < (1 if single else MAX_DEALS) \
            and voided < MAX_DEALS:
        if state["phase"] == "deal":
            if single and voided >= MAX_REDEALS:
                raise RuntimeError(f"no deal settled in {MAX_REDEALS} redeals")
            hands, talons = duplicate.deal_for(state, seed, group)
            state = game.begin_deal(state, hands=hands, talons=talons)
            if trace is not None:
                trace.append((state["score"]["deals_settled"], state["redeals_in_row"],
                              state["dealer"], state["deal"]["dealt"],
                              state["deal"]["dealt_talons"]))
            continue
        seat = game.to_act(state)
        before = state
        state = game.apply(state, bots[seat].choose(seat_view(state, seat)))
        if before["deal"] is not None and state["deal"] is None:  # the deal is over
            if state["last_deal"]["voided"]:
                voided += 1
            else:
                deals += 1
                tally.add_deal(tallies, arrangement, state["last_deal"])
    score = state["score"]
    return {"winners": list(score["winners"]), "finished": state["phase"] == "game_over",
            "totals": list(score["totals"]), "deals": deals, "voided": voided,
            "tallies": tallies}


def _error(spec, group, arrangement, exc) -> dict:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return {"set": group, "arrangement": arrangement,
            "error": f"{type(exc).__name__}: {exc}",
            "at": f"{os.path.basename(frame.filename)}:{frame.lineno} in {frame.name}",
            "reproduce": reproducer(spec, group, arrangement)}


def reproducer(spec, group, arrangement) -> str:
    """A shell command that plays the failed game again with its traceback."""
    from thousand.cards.catalogue import CATALOGUE
    preset = spec["preset"] or "classic"
    overrides = CATALOGUE.to_json(spec["conv"], preset)["overrides"]
    return ("python -c \"from thousand.matches.tournament import rerun; "
            f"rerun({spec['bots'][0]!r}, {spec['bots'][1]!r}, preset={preset!r}, "
            f"overrides={overrides!r}, mode={spec['mode']!r}, seed={spec['seed']}, "
            f"group={group}, arrangement={arrangement!r})\"")


def rerun(bot_a: str, bot_b: str, *, preset: str, overrides: dict, mode: str, seed: int,
          group: int, arrangement: str) -> dict:
    """Play one game of a tournament again, letting any exception out with its traceback."""
    from thousand.cards.catalogue import CATALOGUE
    conv = CATALOGUE.resolve(preset, overrides)
    spec = {"conv": conv, "bots": (bot_a, bot_b), "seed": seed, "mode": mode, "preset": preset}
    return play_arrangement(spec, group, arrangement)


# --- the report ---------------------------------------------------------------------------------

def credit(arrangement: str, played: dict) -> float:
    """Kind A's part of one game's win: winners share a win equally; a game that reached no end
    (MAX_DEALS) is half each."""
    winners = played["winners"]
    if not played["finished"] or not winners:
        return 0.5
    return sum(arrangement[w] == "A" for w in winners) / len(winners)


def seat_difference(arrangement: str, points: list) -> float:
    """Points per seat of kind A less those of kind B."""
    a = [p for p, k in zip(points, arrangement) if k == "A"]
    b = [p for p, k in zip(points, arrangement) if k == "B"]
    return sum(a) / len(a) - sum(b) / len(b)


def report(spec: dict, results: list) -> dict:
    conv, mode = spec["conv"], spec["mode"]
    n = conv["player_count"]
    every = duplicate.arrangements(n)
    fair = duplicate.fair(every, n)
    tallies = {kind: tally.new_tally() for kind in duplicate.KINDS}
    per_set, per_set_all, errors = [], [], []
    games = deals = voided = unfinished = 0
    for r in results:
        errors += r["errors"]
        if r["errors"]:
            continue  # a set with a failed game would no longer be balanced between the kinds
        for arrangement in every:
            p = r["played"][arrangement]
            games += 1
            deals += p["deals"]
            voided += p["voided"]
            unfinished += not p["finished"]
            for kind in duplicate.KINDS:
                tally.merge(tallies[kind], p["tallies"][kind])
        if mode == "games":
            per_set.append(sum(credit(a, r["played"][a]) for a in fair) / len(fair))
            per_set_all.append(sum(credit(a, r["played"][a]) for a in every) / len(every))
        else:
            per_set.append(sum(seat_difference(a, r["played"][a]["totals"])
                               for a in fair) / len(fair))
    out = {
        "mode": mode, "players": n, "preset": spec["preset"], "seed": spec["seed"],
        "bots": dict(zip(duplicate.KINDS, spec["bots"])),
        "sets": len(results), "arrangements": every, "fair_arrangements": fair,
        ("games" if mode == "games" else "deals_played"): games,
    }
    if mode == "games":
        share = tally.mean_ci95(per_set)
        out["win_share"] = _both(share)
        out["win_share_all_arrangements"] = _both(tally.mean_ci95(per_set_all))
        out["deals_per_game"] = round(deals / games, 2) if games else None
        out["unfinished_games"] = unfinished
    else:
        out["point_difference"] = tally.mean_ci95(per_set, 2)
        out["point_difference"]["meaning"] = "points per seat of A less those of B, per deal"
    out["voided_deals"] = voided
    out["per_kind"] = {kind: {"bot": name, **tally.summary(tallies[kind])}
                       for kind, name in zip(duplicate.KINDS, spec["bots"])}
    out["errors"] = len(errors)
    out["sets_left_out"] = sorted({e["set"] for e in errors})
    out["error_reports"] = errors[:10]
    return out


def _both(a_share: dict) -> dict:
    """A's share and B's (1 − A's), each with its interval."""
    if a_share["mean"] is None:
        return {"A": None, "B": None, "ci95": None, "sd": None, "sets": 0}
    b = round(1 - a_share["mean"], 3)
    ci_b = None if a_share["ci95"] is None else [round(1 - a_share["ci95"][1], 3),
                                                 round(1 - a_share["ci95"][0], 3)]
    return {"A": a_share["mean"], "B": b, "ci95": {"A": a_share["ci95"], "B": ci_b},
            "sd": a_share["sd"], "sets": a_share["sets"]}
