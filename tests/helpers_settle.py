"""Shared helpers for the settlement tests (test_settlement, test_barrel, test_golden): conventions
and the facts of a played deal."""
from thousand.cards.catalogue import CATALOGUE


def conv(preset="classic", **overrides):
    return CATALOGUE.resolve(preset, overrides)


def fill_tricks(cp, total=8):
    t = [1 if p > 0 else 0 for p in cp]
    t[max(range(len(cp)), key=lambda s: cp[s])] += total - sum(t)
    return t


def played(declarer, contract, cp, dealer=0, marriages=None, tricks=None, bid=None, **kw):
    f = {"dealer": dealer, "declarer": declarer, "bid": contract if bid is None else bid,
         "contract": contract, "outcome": "played", "card_points": list(cp),
         "tricks": tricks or fill_tricks(cp, 10 if len(cp) == 2 else 8),
         "marriages": marriages or [[] for _ in cp]}
    f.update(kw)
    return f
