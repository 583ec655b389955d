"""Card play by sampled deals with the greedy playout in place of the exact solver: for each legal
card, each sampled deal is played out greedily after it (thousand.bots.search.greedy), and the
card that makes (or, for a defender, breaks) the contract in the most deals wins, then the one
with the most points for its side. Early in a deal, when the exact solver would need up to a
second per deal, this keeps a decision within milliseconds; the exact solver takes over when
few cards are left (thousand.bots.search.bot)."""
from thousand.bots.search import greedy
from thousand.bots.search.compact import POINTS, card_int
from thousand.bots.search.player import _marriages_count
from thousand.bots.search.position import from_view, move_of
from thousand.bots.search.sampling import Knowledge, NoWorld
from thousand.cards.score import points_to_make


def quick_play(view, rnd, worlds: int, tick=None):
    """A generator: yields now and then (`tick()` says when), returns the action."""
    legal = view["legal"]
    conv, deal, me = view["conventions"], view["deal"], view["seat"]
    declaring = me == deal["declarer"]
    target = points_to_make(conv, deal["contract"])
    count = _marriages_count(view)
    know = Knowledge.from_view(view)
    moves = [move_of(a) for a in legal]
    made = {m: 0 for m in moves}
    points = {m: 0 for m in moves}
    seen = 0
    for _ in range(worlds):
        try:
            hands, widow = know.world(rnd)
        except NoWorld:
            break
        pos = from_view(view, hands, sum(POINTS[card_int(c)] for c in widow))
        seen += 1
        for m in moves:
            child = pos.copy()
            child.play(m)
            p = greedy.declarer_points(child, count)
            made[m] += p >= target
            points[m] += p
            if tick is not None and tick():
                yield
    if not seen:
        return None
    sign = 1 if declaring else -1
    best = max(moves, key=lambda m: (sign * made[m], sign * points[m]))
    return legal[moves.index(best)]
