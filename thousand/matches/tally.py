"""What each kind of player did in a tournament: counts added up deal by deal, then the rates the
report prints, and the 95% interval of a mean over duplicate sets."""
import math
import statistics

from thousand.cards.bidding import MIN_BID

COUNTS = ("seat_deals", "points", "declared", "played", "made", "failed", "write_offs",
          "crosses", "all_pass", "bid_sum", "contract_sum", "bolts", "played_at_lowest",
          "made_at_lowest")


def new_tally() -> dict:
    return {**{k: 0 for k in COUNTS}, "bids": {}}


def add_deal(tallies: dict, arrangement: str, last: dict) -> None:
    """Count one settled deal (the engine's `last_deal`) for the kind in each seat."""
    row, facts = last["row"], last["facts"]
    outcome = facts["outcome"]
    for seat, kind in enumerate(arrangement):
        t = tallies[kind]
        t["seat_deals"] += 1
        t["points"] += row["results"][seat]
        t["bolts"] += row["marks"][seat].count("bolt")
    if outcome == "all_pass":
        for kind in set(arrangement):
            tallies[kind]["all_pass"] += 1
        return
    t = tallies[arrangement[row["declarer"]]]
    t["declared"] += 1
    t["bid_sum"] += row["bid"]
    key = str(row["bid"])
    t["bids"][key] = t["bids"].get(key, 0) + 1
    if outcome == "played":
        t["played"] += 1
        t["contract_sum"] += row["contract"]
        marks = row["marks"][row["declarer"]]
        t["made"] += "made" in marks
        t["failed"] += "failed" in marks
        if row["bid"] == MIN_BID:  # mostly the forced 100 of a hand nobody bid against
            t["played_at_lowest"] += 1
            t["made_at_lowest"] += "made" in marks
    elif outcome == "write_off":
        t["write_offs"] += 1
    elif outcome == "cross":
        t["crosses"] += 1


def merge(into: dict, other: dict) -> None:
    for k in COUNTS:
        into[k] += other[k]
    for bid, count in other["bids"].items():
        into["bids"][bid] = into["bids"].get(bid, 0) + count


def summary(t: dict) -> dict:
    """The rates of one kind: make rate over the contracts it played (write-offs and crosses are
    counted apart), average winning bid over every deal it declared, average contract over the
    deals it played, points per deal per seat."""
    return {
        "deals_declared": t["declared"], "contracts_played": t["played"],
        "made": t["made"], "failed": t["failed"],
        "make_rate": _ratio(t["made"], t["played"]),
        "make_rate_bought_at_100": _ratio(t["made_at_lowest"], t["played_at_lowest"]),
        "make_rate_bought_above_100": _ratio(t["made"] - t["made_at_lowest"],
                                             t["played"] - t["played_at_lowest"]),
        "contracts_bought_at_100": t["played_at_lowest"],
        "write_offs": t["write_offs"], "crosses": t["crosses"],
        "write_off_rate": _ratio(t["write_offs"], t["declared"]),
        "average_bid": _ratio(t["bid_sum"], t["declared"], 1),
        "average_contract": _ratio(t["contract_sum"], t["played"], 1),
        "points_per_deal": _ratio(t["points"], t["seat_deals"], 2),
        "bolts": t["bolts"],
        "bolts_per_deal": _ratio(t["bolts"], t["seat_deals"], 4),
        "bid_histogram": {k: t["bids"][k] for k in sorted(t["bids"], key=int)},
    }


def _ratio(a, b, digits=3):
    return round(a / b, digits) if b else None


def mean_ci95(values: list, digits: int = 3) -> dict:
    """Mean of per-set values and its 95% interval by the normal approximation (1.96 standard
    errors); sets are independent, the arrangements inside one set are not, so a set is the unit.
    `sd` is the spread of one set's value: about (1.96·sd/h)² sets give an interval of ±h."""
    if not values:
        return {"mean": None, "ci95": None, "sd": None, "sets": 0}
    mean = math.fsum(values) / len(values)
    sd = statistics.stdev(values) if len(values) > 1 else None
    ci = None if sd is None else [round(mean - 1.96 * sd / math.sqrt(len(values)), digits),
                                  round(mean + 1.96 * sd / math.sqrt(len(values)), digits)]
    return {"mean": round(mean, digits), "ci95": ci, "sd": None if sd is None else round(sd, digits),
            "sets": len(values)}
