"""Bolts (R53–R54, S5): the mark for a deal without a trick, and the charge every `bolt_count` bolts.

These helpers change a working copy of the score in place; settlement.py makes that copy."""

# The charge of `bolt_mode = total_240_consecutive` when the last bolts came in a row (003:L471
# «три болта подряд — на -240»). The seed gives the number, not a rule "twice bolt_penalty", so it stays
# 240 whatever `bolt_penalty` is.
CONSECUTIVE_CHARGE = 240


def earns_bolt(conv: dict, tricks: int, deal_points: int) -> bool:
    """`bolt_trigger`: no trick (R53); deal points 0; or deal points that round to 0 (≤ 2, EX20)."""
    trigger = conv["bolt_trigger"]
    if trigger == "zero_points":
        return deal_points == 0
    if trigger == "rounded_zero":
        return deal_points <= 2
    return tricks == 0


def bolt_weight(conv: dict, golden: bool, dark: bool) -> int:
    """A bolt in a doubled deal counts as two (`golden_bolts_double`, `dark_bolts_double`); never four."""
    if (golden and conv["golden_bolts_double"]) or (dark and conv["dark_bolts_double"]):
        return 2
    return 1


def give_bolts(conv: dict, st: dict, seat: int, weight: int, marks: list) -> None:
    """Add `weight` bolts and charge R54 each time the count reaches `bolt_count`.

    The charge is never multiplied (G3, §7 Q5). A doubled bolt counts as two consecutive bolts, so it
    extends the run that `total_240_consecutive` looks at by two."""
    count = conv["bolt_count"]
    st["bolts"][seat] += weight
    st["bolt_streak"][seat] += weight
    marks.extend(["bolt"] * weight)
    while st["bolts"][seat] >= count:
        st["bolts"][seat] -= count
        amount = conv["bolt_penalty"]
        if conv["bolt_mode"] == "total_240_consecutive" and st["bolt_streak"][seat] >= count:
            amount = CONSECUTIVE_CHARGE
        st["totals"][seat] -= amount
        marks.append("bolt_penalty")


def no_bolt(conv: dict, st: dict, seat: int) -> None:
    """An active deal without a bolt breaks a run: `consecutive` forgets the count, and the run that
    `total_240_consecutive` checks starts again. A 4-player rest deal never calls this (F6)."""
    st["bolt_streak"][seat] = 0
    if conv["bolt_mode"] == "consecutive":
        st["bolts"][seat] = 0
