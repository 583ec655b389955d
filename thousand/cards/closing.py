"""The end of a deal: its facts for settlement (R46–R47, T10, F5) and the next dealer (R7)."""

from thousand.cards import dealing
from thousand.cards.cards import card_points
from thousand.cards.settlement import settle


def deal_facts(s, head) -> dict:
    """The facts settlement needs (see thousand.cards.settlement)."""
    conv, d, n = s["conventions"], s["deal"], s["n"]
    pts, count = [0] * n, [0] * n
    for t in d["tricks"]:
        pts[t["winner"]] += card_points(c for _, c in t["cards"])
        count[t["winner"]] += 1
    if n == 2 and d["tricks"] and conv["two_widow"] == "last_trick":
        pts[d["tricks"][-1]["winner"]] += card_points(d["widow"])  # T10
    ann = [[x["value"] for x in d["announcements"] if x["seat"] == p] for p in range(n)]
    facts = {"dealer": d["dealer"], "card_points": pts, "tricks": count, "marriages": ann,
             "dark": bool(d["dark"]), "golden": bool(d["golden"]),
             "obligatory": bool(d["forced"] and d["forced"][2] == "obligatory")}
    if n == 4:
        facts["talon"] = list(d["dealt_talons"][0])
    facts.update(head)
    return facts


def finish(s, head):
    conv, d = s["conventions"], s["deal"]
    facts = deal_facts(s, head)
    s["score"], row = settle(conv, s["score"], facts)
    s["last_deal"] = {"dealer": d["dealer"], "voided": False, "facts": facts, "row": row,
                      "hands": d["dealt"], "talons": d["dealt_talons"], "tricks": d["tricks"],
                      "announcements": d["announcements"], "declarer": d["declarer"],
                      "talon_shown": bool(d["talon_shown"]),
                      "contract": d["contract"], "bid": d["bid"]}
    s["prev_deck"] = dealing.gathered(d, s["n"])
    s["deal"] = None
    s["redeals_in_row"] = 0
    if s["score"]["over"]:
        s["phase"] = "game_over"
        return
    s["dealer"] = (s["dealer"] + 1) % s["n"]  # R7
    s["phase"] = "deal"
