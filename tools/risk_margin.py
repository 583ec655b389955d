"""How far above a hand's promise a bid must be before the page asks "are you sure?"
(thousand/ui/pace.py, MARGIN): two measurements on the first deal of many games.

  python tools/risk_margin.py bids --deals 2000 [--preset classic --seed 1 --contracts]
      every bid the strong player makes in full auctions of strong players: how far above the
      hand's promise it stands, and the share that reaches each margin (with --contracts, the
      same for every contract the declarer raises above his bid);
  python tools/risk_margin.py fails --deals 300 --margins 30,40,50 [--level strong]
      the first player to speak bids the first legal value at promise + margin, the others pass,
      and strong players play the deal out: how often the contract is made, failed, written off.

Prints JSON. Slow (strong players throughout); run it in the background."""
import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand.bots import make_bot  # noqa: E402
from thousand.bots.heuristic import promise  # noqa: E402
from thousand.cards import game  # noqa: E402
from thousand.cards.catalogue import CATALOGUE  # noqa: E402
from thousand.cards.views import seat_view  # noqa: E402
from thousand.ui.pace import _about  # noqa: E402

MARGINS = (20, 30, 40, 50, 55, 60, 65, 70)


def to_bidding(conv, seed, bots):
    """The game's first deal driven to its first bidding decision (None if it never comes)."""
    s = game.new_game(conv, seed)
    while s["phase"] != "bidding":
        if s["phase"] == "game_over" or (s["phase"] == "deal" and s["deal"] is not None):
            return None  # redealt before the auction
        seat = game.to_act(s)
        s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
    return s


def bids(conv, deals, seed, level, contracts=False):
    """`contracts`: the deal goes on to the declarer's contract, and a contract raised above
    the bid (R31) is measured the same way."""
    over, raised = [], []  # value - promise of every bid, of every raised contract
    for g in range(seed * 100_000, seed * 100_000 + deals):
        bots = [make_bot(level, g * 7 + i) for i in range(conv["player_count"])]
        s = to_bidding(conv, g, bots)
        while s is not None and s["phase"] not in ("deal", "game_over"):
            if s["phase"] != "bidding" and (not contracts or s["deal"]["contract"] is not None):
                break
            seat = game.to_act(s)
            view = seat_view(s, seat)
            action = bots[seat].choose(view)
            if action["type"] == "bid" and view["deal"]["hand"] is not None:
                over.append(action["value"] - _about(promise(view)))
            if action["type"] == "contract" and action["value"] > view["deal"]["bid"]:
                raised.append(action["value"] - _about(promise(view)))
            s = game.apply(s, action)
    out = {"deals": deals, "bids": len(over), "reach": _reach(over),
           "largest": sorted(over)[-10:]}
    if contracts:
        out.update(raised_contracts=len(raised), raised_reach=_reach(raised))
    return out


def _reach(over):
    return {m: round(sum(o >= m for o in over) / max(1, len(over)), 4) for m in MARGINS}


def fails(conv, deals, seed, margins, level):
    out = {m: {"tried": 0, "made": 0, "failed": 0, "written_off": 0, "no_such_bid": 0,
               "redealt": 0}
           for m in margins}
    for g in range(seed * 100_000, seed * 100_000 + deals):
        for m in margins:
            bots = [make_bot(level, g * 7 + i) for i in range(conv["player_count"])]
            s = to_bidding(conv, g, bots)
            if s is None:
                continue
            me = game.to_act(s)
            view = seat_view(s, me)
            want = _about(promise(view)) + m
            bid = next((a for a in view["legal"] if a["type"] == "bid" and a["value"] >= want),
                       None)
            if bid is None:  # over the marriage cap or the maximum: the hand cannot bid it
                out[m]["no_such_bid"] += 1
                continue
            s = game.apply(s, bid)
            while s["phase"] == "bidding":
                seat = game.to_act(s)
                s = game.apply(s, {"type": "pass", "seat": seat})
            declarer = s["deal"]["declarer"] if s["deal"] else None
            while s["phase"] != "deal" and s["phase"] != "game_over":
                seat = game.to_act(s)
                s = game.apply(s, bots[seat].choose(seat_view(s, seat)))
            last = s["last_deal"]
            if "facts" not in last:  # redealt after the contract (W3): nothing was settled
                out[m]["redealt"] += 1
                continue
            outcome = last["facts"]["outcome"]
            out[m]["tried"] += 1
            if outcome in ("write_off", "cross"):
                out[m]["written_off"] += 1
            elif outcome == "played" and "made" in last["row"]["marks"][declarer]:
                out[m]["made"] += 1
            else:
                out[m]["failed"] += 1
        if (g + 1) % 25 == 0:
            print(g, json.dumps(out), file=sys.stderr, flush=True)
    for r in out.values():
        r["not_made"] = round((r["failed"] + r["written_off"]) / max(1, r["tried"]), 3)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("bids", "fails"))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--margins", default="30,40,50")
    ap.add_argument("--contracts", action="store_true",
                    help="bids: go on to the contract and measure raised contracts too")
    args = ap.parse_args(argv)
    conv = CATALOGUE.resolve(args.preset)
    if args.what == "bids":
        result = bids(conv, args.deals, args.seed, args.level, args.contracts)
    else:
        result = fails(conv, args.deals, args.seed,
                       [int(x) for x in args.margins.split(",")], args.level)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
