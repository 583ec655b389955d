"""What an outcome of a deal is worth to one seat, measured on the score sheet the engine itself
would write: each hypothetical outcome (made or failed at some contract, written off, crossed,
another player's contract) is settled by thousand.cards.settlement, so barrel rules, the dump
truck, bolts and their penalties, doubled deals and the end of the game all count exactly as
they will, under every convention.

The worth of a score for a seat (`standing`): its total less the average of the others', each
bolt and each cross held as its share of the penalty it leads to, and a game won or lost as a
large swing. An
outcome's utility is the change of that standing."""
from thousand.cards.score import new_score
from thousand.cards.settlement import CROSSES_FOR_PENALTY, FIXED_CHARGE, settle

WIN = 600  # a game won (or lost to another) beyond the points themselves


class Stakes:
    """Utilities of outcomes for `seat` from the score at the start of the deal."""

    def __init__(self, conv: dict, score: dict, seat: int, dealer: int):
        self.conv = conv
        self.seat = seat
        self.dealer = dealer
        self.n = conv["player_count"]
        # the settlement copies the score it is given: without the sheet's rows that is cheap.
        # A view's score leaves out what only the settlement keeps (the bolt runs): fresh ones
        self.score = {**new_score(conv), **score, "rows": []}
        self.bolt_value = (conv["bolt_penalty"] / conv["bolt_count"]) if conv["bolt_count"] else 0
        self.cross_value = FIXED_CHARGE / CROSSES_FOR_PENALTY  # two crosses cost 120 (§4.5.1)
        self.before = self.standing(self.score)
        self._memo = {}

    def standing(self, score) -> float:
        me = self.seat
        totals, bolts = score["totals"], score["bolts"]
        others = [s for s in range(self.n) if s != me]
        v = totals[me] - sum(totals[s] for s in others) / len(others)
        v -= self.bolt_value * (bolts[me] - sum(bolts[s] for s in others) / len(others))
        crosses = score["crosses"]
        v -= self.cross_value * (crosses[me] - sum(crosses[s] for s in others) / len(others))
        if score["over"]:
            winners = score["winners"]
            if me in winners:
                v += WIN / len(winners)
            elif winners:
                v -= WIN / len(others)
        return v

    def utility(self, facts: dict) -> float:
        key = _key(facts)
        got = self._memo.get(key)
        if got is None:
            after, _ = settle(self.conv, self.score, facts)
            got = self._memo[key] = self.standing(after) - self.before
            if len(self._memo) > 20_000:
                self._memo.clear()
        return got

    # --- outcomes -------------------------------------------------------------------------

    def base(self, declarer: int, bid: int, *, dark=False, golden=False, talon=None) -> dict:
        f = {"dealer": self.dealer, "declarer": declarer, "bid": bid, "contract": bid,
             "dark": bool(dark), "golden": bool(golden)}
        if self.n == 4:
            # the resting dealer scores the talon (F5); unseen, it is read as worth nothing
            f["talon"] = list(talon) if talon else ["9H", "9D", "9C"]
        return f

    def played(self, base: dict, contract: int, card_points, tricks, marriages) -> float:
        """A played deal."""
        f = dict(base, outcome="played", contract=contract, card_points=list(card_points),
                 tricks=list(tricks), marriages=[list(m) for m in marriages])
        return self.utility(f)

    def conceded(self, base: dict, kind: str) -> float:
        """A write-off or a cross (kind), at the winning bid."""
        n = self.n
        f = dict(base, outcome=kind, card_points=[0] * n, tricks=[0] * n,
                 marriages=[[] for _ in range(n)])
        return self.utility(f)


def _key(f):
    return (f["outcome"], f["declarer"], f["bid"], f["contract"], f["dark"], f["golden"],
            tuple(f.get("card_points") or ()), tuple(f.get("tricks") or ()),
            tuple(tuple(m) for m in f.get("marriages") or ()),
            tuple(f.get("talon") or ()))
