"""Print the deals of one tournament game as a Thousand player reads them: the hands, the auction,
the talon, the cards passed, the contract, every trick with its announcements, and the result.

    python tools/read_deal.py --bots strong,heuristic --set 3 --arrangement AAB [--mode deals]
        [--seed 1] [--players 3] [--preset classic] [--deal K] [--seat S]

It plays the game again exactly as the tournament did (thousand.matches.tournament, the same
seeds), so a line of a tournament report, or the `reproduce` command of an error, names a game
this prints. `--deal K` prints only the K-th settled deal; `--seat S`, only deals S declared."""
import argparse
import sys

from thousand.bots import make_bot
from thousand.cards import game
from thousand.cards.cards import sort_hand
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view
from thousand.matches import duplicate
from thousand.matches.tournament import MAX_DEALS

PRESETS = {2: "two_players", 3: "classic", 4: "four_players"}
SUIT_MARK = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def show(cards) -> str:
    """Cards grouped by suit, high to low: ♥A T K  ♠Q 9."""
    out = []
    for s in "HDCS":
        ranks = [c[0] for c in sort_hand(cards) if c[1] == s]
        if ranks:
            out.append(SUIT_MARK[s] + " ".join("10" if r == "T" else r for r in ranks))
    return "  ".join(out) or "-"


def card(c: str) -> str:
    return ("10" if c[0] == "T" else c[0]) + SUIT_MARK[c[1]]


def deal_text(d: dict, last: dict, names: list) -> list:
    """Lines for one finished deal: `d` is the deal as it stood just before it ended."""
    lines = []
    seats = d["active"]
    lines.append(f"dealer {d['dealer']}, sitter {d['sitter']}")
    for s in seats:
        lines.append(f"  seat {s} ({names[s]}): {show(d['dealt'][s])}")
    for i, t in enumerate(d["dealt_talons"]):
        lines.append(f"  talon{'' if len(d['dealt_talons']) == 1 else ' ' + 'AB'[i]}: {show(t)}")
    bids = []
    for b in d["bids"]:
        v = "pass" if b["value"] is None else str(b["value"])
        extra = " (auto)" if b.get("auto") else " (dark)" if b.get("dark") else ""
        bids.append(f"{b['seat']}:{v}{extra}")
    lines.append("  auction: " + ", ".join(bids))
    facts = last["facts"]
    decl = d["declarer"]
    if decl is None:
        lines.append("  all passed")
        return lines
    head = f"  declarer {decl} ({names[decl]}), bid {d['bid']}"
    if d.get("talon_shown") is False:
        head += ", talon not shown"
    if d["dark"]:
        head += ", dark"
    lines.append(head)
    given = d.get("given") or {}
    if given:
        lines.append("  passed: " + ", ".join(f"{card(c)} to {to}" for to, c in given.items()))
    if d.get("discards"):
        lines.append("  discarded: " + show(d["discards"]))
    if facts["outcome"] != "played":
        lines.append(f"  {facts['outcome'].replace('_', ' ')} at {d['bid']}")
    else:
        lines.append(f"  contract {d['contract']}; hands at the first lead:")
        tricks = last["tricks"]
        played = {s: [] for s in seats}
        for t in tricks:
            for s, c in t["cards"]:
                played[s].append(c)
        for s in seats:
            lines.append(f"    {s}: {show(played[s])}")
        anns = {a["trick"]: a for a in last["announcements"]}
        for i, t in enumerate(tricks, 1):
            pts = sum({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}[c[0]]
                      for _, c in t["cards"])
            a = anns.get(i)
            note = f"  [{a['seat']} announces {a['kind'].replace('_', ' ')} {a['value']}]" \
                if a else ""
            trump = f" trump {SUIT_MARK[t['trump']]}" if t.get("trump") else ""
            cards = " ".join(f"{s}:{card(c)}" for s, c in t["cards"])
            lines.append(f"  {i}. {cards} -> {t['winner']} ({pts}){trump}{note}")
    row = last["row"]
    points = facts.get("card_points")
    marks = ["/".join(m) for m in row["marks"]]
    lines.append(f"  card points {points}, results {row['results']} {marks}, "
                 f"totals {row.get('totals', '')}")
    return lines


def replay(bots, preset, seed, group, arrangement, mode="games", overrides=None,
           out=sys.stdout, only_deal=None, only_seat=None):
    conv = CATALOGUE.resolve(preset, overrides or {})
    n = conv["player_count"]
    names_by_kind = dict(zip(duplicate.KINDS, bots))
    names = [names_by_kind[k] for k in arrangement]
    players = [make_bot(names[s], duplicate.bot_seed(seed, group, s)) for s in range(n)]
    state = game.new_game(conv, duplicate.game_seed(seed, group))
    deals = 0
    single = mode == "deals"
    while state["phase"] != "game_over" and deals < (1 if single else MAX_DEALS):
        if state["phase"] == "deal":
            hands, talons = duplicate.deal_for(state, seed, group)
            state = game.begin_deal(state, hands=hands, talons=talons)
            continue
        seat = game.to_act(state)
        before = state
        state = game.apply(state, players[seat].choose(seat_view(state, seat)))
        if before["deal"] is not None and state["deal"] is None:
            last = state["last_deal"]
            if last["voided"]:
                print(f"(redeal asked by {last['by']}: {last['reason']})", file=out)
                continue
            deals += 1
            d = before["deal"]
            if (only_deal is None or only_deal == deals) and \
                    (only_seat is None or d["declarer"] == only_seat):
                print(f"=== deal {deals} ===", file=out)
                for line in deal_text(d, last, names):
                    print(line, file=out)
    print(f"totals {state['score']['totals']}, winners {state['score']['winners']}", file=out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bots", required=True)
    p.add_argument("--set", type=int, required=True, dest="group")
    p.add_argument("--arrangement", required=True)
    p.add_argument("--mode", default="games", choices=("games", "deals"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--preset")
    p.add_argument("--deal", type=int)
    p.add_argument("--seat", type=int)
    a = p.parse_args(argv)
    preset = a.preset or PRESETS[a.players]
    replay(tuple(a.bots.split(",")), preset, a.seed, a.group, a.arrangement, a.mode,
           only_deal=a.deal, only_seat=a.seat)


if __name__ == "__main__":
    main()
