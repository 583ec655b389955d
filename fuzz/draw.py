"""Random valid conventions and the cases the fuzzer plays, each drawn from one seed.

A case is a small JSON-able dict ("spec"): everything needed to play it again, so a failure is
printed as its spec and `python -m fuzz --replay` can take either the spec or `kind:seed`."""
import random

from thousand.conventions import ConventionError

from fuzz import players

# Card tables with a random bot rarely end: its bids are drawn from every step up to the highest
# bid, so it fails most contracts and every total drifts below zero. Such tables are played to a
# small deal cap; tables of the other bots must end their game.
WHOLE_GAME_SHARE = 0.1
# A game of bots that is not over after this many deals is stuck. Ruinous penalties make games
# of several hundred deals that still end (cards:5686: 4 players, bolts at a rounded zero cost
# 470, over at deal 400 at totals −45…−1845, over before deal 1500), so the cap is well above.
WHOLE_DEAL_CAP = 1500
SHORT_DEAL_CAPS = (2, 3, 4, 5, 6, 8)
DICE_TURN_CAP = 4000          # a dice game not over after this many turns is stuck
DICE_OPTIMAL_WEIGHT = 0.15


def value_choices(conv) -> list:
    """Every value a convention allows (a range is sampled, not listed, when long)."""
    if conv.type == "bool":
        return [False, True]
    out = list(conv.values or ())
    if conv.min is not None:
        out += list(range(conv.min, conv.max + 1, conv.step))
    if conv.type == "int_or_null" and None not in out:
        out.append(None)
    return out


def random_conventions(catalogue, rnd, fixed=None) -> tuple:
    """(preset or None, overrides, full conventions): a preset (or the defaults) with a random
    number of conventions set to random allowed values, repaired until the catalogue accepts the
    whole set. `fixed` values (the player count) are never given up."""
    fixed = dict(fixed or {})
    preset = rnd.choice([None] + catalogue.preset_names())
    ids = [cid for cid in catalogue.ids() if cid not in fixed]
    k = rnd.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 20, len(ids)])
    overrides = dict(fixed)
    for cid in rnd.sample(ids, min(k, len(ids))):
        overrides[cid] = rnd.choice(value_choices(catalogue.get(cid)))
    for _ in range(200):
        try:
            return preset, overrides, catalogue.resolve(preset, overrides)
        except ConventionError as exc:
            mine = [i for i in exc.ids if i in overrides and i not in fixed]
            if mine:
                del overrides[rnd.choice(sorted(mine))]
            else:  # the preset itself clashes with a fixed value: change one of its settings
                free = sorted(i for i in exc.ids if i not in fixed) or ids
                cid = rnd.choice(free)
                overrides[cid] = rnd.choice(value_choices(catalogue.get(cid)))
    return None, dict(fixed), catalogue.resolve(None, fixed)


# The search levels take a second or so a decision: they play every kind of deal the fuzzer
# draws, but one deal a case, so that 10,000 cases stay within the half hour `make fuzz` has.
SEARCH_LEVELS = ("easy", "normal", "strong")


def card_case(seed: int) -> dict:
    from thousand.cards.catalogue import CATALOGUE
    rnd = random.Random(f"cards:{seed}")
    n = rnd.choice([2, 3, 4])
    preset, overrides, _ = random_conventions(CATALOGUE, rnd, {"player_count": n})
    names = players.card_bot_names()
    steady = [b for b in names if b != "random"] or list(names)
    quick = [b for b in steady if b not in SEARCH_LEVELS] or steady
    whole = rnd.random() < WHOLE_GAME_SHARE
    if whole:
        bots = [rnd.choice(quick) for _ in range(n)]
    else:
        bots = [rnd.choice(steady) if rnd.random() < 0.25 else "random" for _ in range(n)]
        if "random" not in bots:
            bots[rnd.randrange(n)] = "random"
    searching = any(b in SEARCH_LEVELS for b in bots)
    return {"game": "cards", "seed": seed, "preset": preset, "overrides": overrides,
            "bots": bots, "must_end": whole,
            "deal_cap": WHOLE_DEAL_CAP if whole else 1 if searching else rnd.choice(SHORT_DEAL_CAPS)}


def dice_case(seed: int) -> dict:
    from thousand.dice.catalogue import CATALOGUE
    rnd = random.Random(f"dice:{seed}")
    n = rnd.choice([1, 2, 2, 3, 3, 4, 5, 6, 7, 8])
    preset, overrides, _ = random_conventions(CATALOGUE, rnd)
    names = players.dice_bot_names()
    # the optimal bot solves each new situation of a turn exactly (about 0.05 s each): it is
    # seated less often than the others
    weights = [DICE_OPTIMAL_WEIGHT if b == "optimal" else 1.0 for b in names]
    if rnd.random() < 0.3:
        bots = rnd.choices(names, weights) * n
    else:
        bots = rnd.choices(names, weights, k=n)
    return {"game": "dice", "seed": seed, "preset": preset, "overrides": overrides,
            "players": n, "bots": bots, "turn_cap": DICE_TURN_CAP}


def resolve(spec: dict) -> dict:
    """The full conventions of a case."""
    if spec["game"] == "dice":
        from thousand.dice.catalogue import CATALOGUE
    else:
        from thousand.cards.catalogue import CATALOGUE
    return CATALOGUE.resolve(spec["preset"], spec["overrides"])
