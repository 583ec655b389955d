"""Settling a deal (R46–R69) in the order S1–S8 of R52, and penalties charged outside a deal (R18).

`settle(conv, score, facts)` and `charge(conv, score, seat, amount, reason)` are pure: they deep-copy
the score, never change their arguments, and return (new_score, row). The row is also appended to
new_score["rows"]; it is what a score sheet prints for the deal."""
from collections import Counter

from thousand.cards import barrel, bolts
from thousand.cards.cards import card_points as cards_points, is_card, rank, suit
from thousand.cards.score import (
    MARRIAGE_VALUES, active_seats, b_need, barrel_players, ceil5, deal_is_golden, may_cross,
    may_go_dark, may_write_off, new_barrel_field, obligatory_game_seat, reached_target, round_points,
    sitter,
)
from thousand.plain import clone
from thousand.errors import BadInput, IllegalAction, Phrase, is_whole
from thousand.i18n import N_

OUTCOMES = ("played", "write_off", "cross", "all_pass")

# The marks a row may carry, with their meaning for the score sheet's legend.
MARKS = {
    "made": "the declarer made his contract",
    "failed": "the declarer failed his contract",
    "write_off": "the declarer wrote the deal off (letter Р)",
    "cross": "the declarer crossed instead of writing off (letter С)",
    "cross_penalty": "second cross: −120 and the crosses start again",
    "bolt": "a bolt (no trick, or as the bolt convention says); a doubled bolt is written twice",
    "bolt_penalty": "the bolts reached the count: penalty, and the count starts again",
    "doubled": "the result was doubled (golden or dark deal)",
    "barrel_mount": "got on the barrel (total set to the barrel threshold)",
    "barrel_attempt": "a counted deal on the barrel without winning",
    "barrel_fall": "fell off the barrel (an unplayed barrel)",
    "barrel_reset": "third fall (or failed obligatory game): total set to 0",
    "dump_truck": "dump truck: the total hit the dump value exactly and is set to 0",
    "rest": "resting dealer (4 players): scores the talon",
    "winner": "won the game",
    "penalty": "penalty charged outside a deal",
    "golden_reset": "nobody made the golden circle: scores start again",
}

# The fixed charge of `write_off_cost` three_free_then_120 / free_third_120 and of two crosses (§4.5.1).
FIXED_CHARGE = 120
CROSSES_FOR_PENALTY = 2


# --- validation ---------------------------------------------------------------------------------


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def hand_size(conv: dict) -> int:
    """Tricks in a deal: 8 (R37); 2 players 10, or 11 with `two_exchange = give_one` (EX26)."""
    if conv["player_count"] == 2:
        return 11 if conv["two_exchange"] == "give_one" else 10
    return 8


def marriage_slots(conv: dict) -> Counter:
    """How many announcements of each value one deal can hold (each suit's K+Q exists once)."""
    values = MARRIAGE_VALUES[conv["marriage_values"]]
    slots = Counter(values.values())
    if conv["bed_marriage"]:
        slots.update(v // 2 for v in values.values())
    if conv["ace_marriage"]:
        slots[200] += 1
    if conv["four_nines_bonus"]:
        slots[conv["four_nines_bonus"]] += 1
    return slots


def _on_grid(conv: dict, value: int) -> bool:
    step = conv["bid_step"]
    if step == "10":
        return value % 10 == 0
    if step == "5_then_10_from_200":
        return value % 10 == 0 if value >= 200 else value % 5 == 0
    return value % 5 == 0


def fell_during_deal(score: dict, seat: int) -> bool:
    """A penalty row charged since the last settled deal put `seat` off the barrel."""
    deal_no = score["deals_settled"] + 1
    for row in reversed(score["rows"]):
        if row["outcome"] != "penalty" or row["deal"] != deal_no:
            return False
        if 0 <= seat < len(row["marks"]) and "barrel_fall" in row["marks"][seat]:
            return True
    return False


def _check_int_list(facts: dict, key: str, n: int, where: str, lo: int, hi: int) -> list:
    v = facts.get(key)
    if not isinstance(v, list) or len(v) != n:
        raise BadInput(_at(where, key), N_("must be a list of {n} integers, one per seat"), n=n)
    for i, x in enumerate(v):
        if not is_whole(x) or not lo <= x <= hi:
            raise BadInput(_at(where, f"{key}[{i}]"),
                           N_("must be an integer from {lo} to {hi} (got {got})"),
                           lo=lo, hi=hi, got=repr(x))
    return list(v)


def _concession_refusal(conv, score, seat, golden, dark, kind) -> Phrase:
    """Why a write-off or cross is refused, in words, for the error message."""
    if kind == "write_off" and not conv["write_off"]:
        return Phrase(N_("write-offs are off (write_off = false)"))
    if kind == "cross" and not conv["cross_rule"]:
        return Phrase(N_("crosses are off (cross_rule = false)"))
    if golden and not conv["golden_write_off"]:
        return Phrase(N_("no write-off or cross in a golden deal (golden_write_off = false)"))
    if dark and not conv["dark_write_off"]:
        return Phrase(N_("no write-off or cross in a dark deal (dark_write_off = false)"))
    if kind == "write_off" and conv["write_off_limit"] and score["write_offs"][seat] >= conv["write_off_limit"]:
        return Phrase(N_("seat {seat} has used his {limit} write-off(s) (write_off_limit)"),
                      seat=seat, limit=conv["write_off_limit"])
    return Phrase(N_("a player is on the barrel (write_off_on_barrel)"))


def validate_facts(conv: dict, score: dict, facts, where: str = "") -> dict:
    """Check the engine's (or a score sheet's) facts of one deal and return a normalised copy.

    Raises BadInput naming the field, with `where` as prefix (e.g. "deals[3]")."""
    if not isinstance(facts, dict):
        raise BadInput(where or "facts", N_("must be an object"))
    n = conv["player_count"]
    f = {}
    outcome = facts.get("outcome")
    if outcome not in OUTCOMES:
        raise BadInput(_at(where, "outcome"), N_("must be one of {allowed} (got {got})"),
                       allowed=", ".join(OUTCOMES), got=repr(outcome))
    f["outcome"] = outcome
    dealer = facts.get("dealer")
    if not is_whole(dealer) or not 0 <= dealer < n:
        raise BadInput(_at(where, "dealer"), N_("must be a seat from 0 to {last} (got {got})"),
                       last=n - 1, got=repr(dealer))
    f["dealer"] = dealer
    active = active_seats(conv, dealer)

    golden_now = deal_is_golden(conv, score)
    for key, default in (("golden", golden_now), ("dark", False), ("obligatory", None)):
        v = facts.get(key, default)
        if v is not None and not isinstance(v, bool):
            raise BadInput(_at(where, key), N_("must be true or false (got {got})"), got=repr(v))
        f[key] = v
    if f["golden"] != golden_now:
        raise BadInput(_at(where, "golden"), N_("this deal is a golden deal (G1, G4)") if golden_now
                       else N_("this deal is not a golden deal (G1, G4)"))
    forced_golden = f["golden"] and conv["golden_mode"] == "forced_120"
    oblig_seat = None if forced_golden else obligatory_game_seat(conv, score, active)
    if oblig_seat is None and f["obligatory"] and is_whole(facts.get("declarer")) and \
            fell_during_deal(score, facts["declarer"]):
        oblig_seat = facts["declarer"]  # his obligatory game was dealt before the penalty
    if f["obligatory"] is None:
        f["obligatory"] = oblig_seat is not None
    if f["obligatory"] != (oblig_seat is not None):
        if oblig_seat is None:
            raise BadInput(_at(where, "obligatory"), N_("no obligatory game is due (§4.9.2)"))
        raise BadInput(_at(where, "obligatory"),
                       N_("seat {seat} must play the obligatory game (§4.9.2)"), seat=oblig_seat)

    if outcome == "all_pass":
        if conv["forced_100"]:
            raise BadInput(_at(where, "outcome"),
                           N_("an all-pass deal needs forced_100 = false (R26)"))
        if forced_golden or f["obligatory"] or f["dark"]:
            raise BadInput(_at(where, "outcome"),
                           N_("this deal has a declarer; it cannot be passed out"))
        if facts.get("declarer") is not None:
            raise BadInput(_at(where, "declarer"), N_("must be null in an all-pass deal"))
        f.update(declarer=None, bid=0, contract=0, card_points=[0] * n, tricks=[0] * n,
                 marriages=[[] for _ in range(n)], talon=None)
        return f

    declarer = facts.get("declarer")
    if not is_whole(declarer) or not 0 <= declarer < n:
        raise BadInput(_at(where, "declarer"), N_("must be a seat from 0 to {last} (got {got})"),
                       last=n - 1, got=repr(declarer))
    if declarer not in active:
        raise BadInput(_at(where, "declarer"), N_("seat {seat} is the resting dealer (F1)"),
                       seat=declarer)
    f["declarer"] = declarer
    need = b_need(conv)
    on_barrel = barrel_players(conv, score)
    declarer_sits = declarer in on_barrel

    bid = facts.get("bid")
    if not is_whole(bid):
        raise BadInput(_at(where, "bid"), N_("must be an integer (got {got})"), got=repr(bid))
    contract = facts.get("contract", bid) if outcome == "played" else bid
    if not is_whole(contract):
        raise BadInput(_at(where, "contract"), N_("must be an integer (got {got})"),
                       got=repr(contract))
    f["bid"], f["contract"] = bid, contract
    # B_need (121 with target 1001) is off the grid but is the barrel player's automatic contract
    # under auto_bid / no_bidding and in the obligatory game (§4.3 bid_step).
    # A penalty charged during the deal (a refused third redeal, R18) may have put him off the
    # barrel after his deal without an auction was dealt: the contract stays what it was.
    sat = declarer_sits or fell_during_deal(score, declarer)
    special = sat and (conv["barrel_mode"] in ("auto_bid", "no_bidding") or f["obligatory"])
    max_bid = conv["max_bid"]
    for key, value in (("bid", bid), ("contract", contract)):
        if value < 100:
            raise BadInput(_at(where, key), N_("must be at least 100 (got {got})"), got=value)
        if max_bid and value > max_bid:
            raise BadInput(_at(where, key), N_("must be at most max_bid = {max_bid} (got {got})"),
                           max_bid=max_bid, got=value)
        if not _on_grid(conv, value) and not (special and value == need):
            raise BadInput(_at(where, key),
                           N_("{value} is not on the bid grid (bid_step = {bid_step})"),
                           value=value, bid_step=conv["bid_step"])
    if contract < bid:
        raise BadInput(_at(where, "contract"),
                       N_("must be at least the bid {bid} (R31; got {got})"), bid=bid, got=contract)

    if forced_golden:
        if declarer != sitter(conv, dealer):
            raise BadInput(_at(where, "declarer"),
                           N_("a golden deal is declared by the sitter, seat {seat} (G2)"),
                           seat=sitter(conv, dealer))
        if bid != 120:
            raise BadInput(_at(where, "bid"), N_("a golden deal is played at 120 (G2; got {got})"),
                           got=bid)
        if contract != 120 and not conv["golden_can_raise"]:
            raise BadInput(_at(where, "contract"),
                           N_("a golden contract stays 120 (golden_can_raise = false; got {got})"),
                           got=contract)
    if f["dark"]:
        if not (conv["dark_game"] or conv["dark_bidding"]):
            raise BadInput(_at(where, "dark"), N_("dark deals need dark_game or dark_bidding"))
        if forced_golden:
            raise BadInput(_at(where, "dark"), N_("a golden deal cannot be dark (G2)"))
        if conv["dark_game"] and not conv["dark_bidding"]:
            if bid != 120:
                raise BadInput(_at(where, "bid"), N_("a dark game is bid at 120 (D2; got {got})"),
                               got=bid)
            if not may_go_dark(conv, score, declarer, f["golden"]):
                raise BadInput(_at(where, "dark"), N_("seat {seat} may not go dark now (D1)"),
                               seat=declarer)
        if contract != bid and not conv["dark_can_raise"]:
            raise BadInput(_at(where, "contract"),
                           N_("a dark contract stays {bid} (dark_can_raise = false)"), bid=bid)
    if f["obligatory"]:
        if declarer != oblig_seat:
            raise BadInput(_at(where, "declarer"),
                           N_("seat {seat} plays the obligatory game (§4.9.2)"), seat=oblig_seat)
        if bid != need:
            raise BadInput(_at(where, "bid"),
                           N_("the obligatory game is played at {need} (§4.9.2; got {got})"),
                           need=need, got=bid)
    elif not forced_golden and conv["barrel"]:
        sitting_active = [s for s in on_barrel if s in active]
        if conv["barrel_mode"] == "no_bidding" and sitting_active:
            if declarer != sitting_active[0]:
                raise BadInput(_at(where, "declarer"),
                               N_("seat {seat} is on the barrel and declares without an auction "
                                  "(barrel_mode = no_bidding)"), seat=sitting_active[0])
            if bid != need:
                raise BadInput(_at(where, "bid"),
                               N_("the barrel player plays {need} (barrel_mode = no_bidding; "
                                  "got {got})"), need=need, got=bid)
        if conv["barrel_mode"] == "auto_bid" and sitting_active and bid < need:
            raise BadInput(_at(where, "bid"),
                           N_("the barrel player's automatic {need} is the lowest bid "
                              "(barrel_mode = auto_bid; got {got})"), need=need, got=bid)
        if conv["barrel_mode"] == "cumulative" and declarer_sits and bid > need:
            raise BadInput(_at(where, "bid"),
                           N_("a barrel player may not bid over {need} (barrel_mode = cumulative; "
                              "got {got})"), need=need, got=bid)

    if outcome in ("write_off", "cross"):
        allowed = may_write_off if outcome == "write_off" else may_cross
        if not allowed(conv, score, declarer, f["golden"], f["dark"]):
            raise BadInput(_at(where, "outcome"), _concession_refusal(conv, score, declarer, f["golden"], f["dark"], outcome))
        f.update(card_points=[0] * n, tricks=[0] * n, marriages=[[] for _ in range(n)])
    else:
        _validate_play(conv, facts, f, where, active)
    f["talon"] = _validate_talon(conv, facts, where)
    return f


def tricks_needed(conv: dict) -> bool:
    """Whether a deal's trick counts change the score: only for a bolt for taking no trick
    (`bolt_trigger = no_tricks`, R53), and then only whether a seat took none."""
    return conv["bolt_trigger"] == "no_tricks"


def _check_tricks(conv: dict, facts: dict, where: str) -> list:
    """Tricks per seat, each a count or null ("took tricks, how many not written": a score
    sheet asks only who took none). The whole list may be left out where trick counts do not
    change the score (tricks_needed)."""
    n, most = conv["player_count"], hand_size(conv)
    if facts.get("tricks") is None and not tricks_needed(conv):
        return [None] * n
    v = facts.get("tricks")
    if not isinstance(v, list) or len(v) != n:
        raise BadInput(_at(where, "tricks"),
                       N_("must be a list of {n} trick counts (or nulls), one per seat "
                          "(bolt_trigger = no_tricks)"), n=n)
    for i, x in enumerate(v):
        if x is not None and (not is_whole(x) or not 0 <= x <= most):
            raise BadInput(_at(where, f"tricks[{i}]"),
                           N_("must be an integer from {lo} to {hi} (got {got})"),
                           lo=0, hi=most, got=repr(x))
    return list(v)


def _validate_play(conv: dict, facts: dict, f: dict, where: str, active: list) -> None:
    n = conv["player_count"]
    cp = _check_int_list(facts, "card_points", n, where, 0, 120)
    tricks = _check_tricks(conv, facts, where)
    marriages = facts.get("marriages", [[] for _ in range(n)])
    if not isinstance(marriages, list) or len(marriages) != n:
        raise BadInput(_at(where, "marriages"), N_("must be a list of {n} lists, one per seat"),
                       n=n)
    for i, ms in enumerate(marriages):
        if not isinstance(ms, list) or not all(is_whole(x) for x in ms):
            raise BadInput(_at(where, f"marriages[{i}]"),
                           N_("must be a list of announcement values (integers)"))
    for s in range(n):
        if s not in active and (cp[s] or tricks[s] or marriages[s]):
            raise BadInput(_at(where, f"card_points[{s}]"),
                           N_("the resting dealer takes no tricks (F1)"))
    known = [t for t in tricks if t is not None]
    if len(known) == n and sum(known) != hand_size(conv):
        raise BadInput(_at(where, "tricks"), N_("must total {n} for a played deal (got {got})"),
                       n=hand_size(conv), got=sum(known))
    if len(known) < n and sum(known) + (n - len(known)) > hand_size(conv):
        # each seat written as null took at least one trick
        raise BadInput(_at(where, "tricks"), N_("must total {n} for a played deal (got {got})"),
                       n=hand_size(conv), got=sum(known) + n - len(known))
    if not any(tricks[s] is None or tricks[s] > 0 for s in active):
        raise BadInput(_at(where, "tricks"), N_("somebody takes the tricks of a played deal"))
    total = sum(cp)
    if n == 2 and conv["two_widow"] == "dead":
        if total > 120:
            raise BadInput(_at(where, "card_points"),
                           N_("must total at most 120 (the widow is dead; got {got})"), got=total)
    elif total != 120:
        raise BadInput(_at(where, "card_points"),
                       N_("must total 120 for a played deal (got {got})"), got=total)
    for s in range(n):
        if cp[s] > 0 and tricks[s] == 0:
            raise BadInput(_at(where, f"card_points[{s}]"),
                           N_("{points} card points without a trick"), points=cp[s])
    slots = marriage_slots(conv)
    used = Counter()
    trump_only = conv["marriage_points_to"] == "declarer_only"
    for s, ms in enumerate(marriages):
        for v in ms:
            if v == 0 and trump_only and s != f["declarer"]:
                continue  # a defender's announcement that only set the trump (the engine writes 0)
            if v not in slots:
                allowed = ", ".join(str(x) for x in sorted(slots))
                raise BadInput(_at(where, f"marriages[{s}]"),
                               N_("{value} is not an announcement value under these conventions "
                                  "(allowed: {allowed})"), value=v, allowed=allowed)
            used[v] += 1
            if used[v] > slots[v]:
                raise BadInput(_at(where, f"marriages[{s}]"),
                               N_("{value} is announced more often than the deck allows"), value=v)
        # R41: an announcement needs a trick already won, unless from_first_lead.
        if ms and tricks[s] == 0 and conv["marriage_timing"] != "from_first_lead":
            raise BadInput(_at(where, f"marriages[{s}]"),
                           N_("a marriage is announced only after winning a trick (R41)"))
    f.update(card_points=cp, tricks=tricks, marriages=[list(ms) for ms in marriages])


def _validate_talon(conv: dict, facts: dict, where: str):
    if conv["player_count"] != 4:
        return None
    talon = facts.get("talon")
    needed = conv["four_sitter_score"] == "talon_points" or conv["four_talon_marriage"] != "none"
    if talon is None and not needed:
        return None
    if (not isinstance(talon, list) or len(talon) != 3 or not all(is_card(c) for c in talon)
            or len(set(talon)) != 3):
        raise BadInput(_at(where, "talon"), N_("must list the 3 talon cards as dealt, "
                                               "e.g. [\"AH\", \"9C\", \"KD\"] (F5)"))
    return list(talon)


# --- S1–S2 --------------------------------------------------------------------------------------


def _doubling(conv: dict, golden: bool, dark: bool):
    """m and what it multiplies (R51, G3, dark_scope). Q14: m is never above 2; a golden deal uses the
    golden scope even if it is also dark (dark bidding under golden_mode = double_only)."""
    if not (golden or dark):
        return 1, "all"
    if golden:
        return 2, "all" if conv["golden_marriages_doubled"] == "all" else "not_defender_marriages"
    return 2, {"all": "all", "declarer": "declarer",
               "all_but_defender_marriages": "not_defender_marriages"}[conv["dark_scope"]]


def talon_score_parts(conv: dict, talon) -> tuple:
    """F5: (card part, marriage part) of the resting dealer's score."""
    cards_part = 30 if conv["four_sitter_score"] == "flat_30" else cards_points(talon or [])
    values = MARRIAGE_VALUES[conv["marriage_values"]]
    mode = conv["four_talon_marriage"]
    marriage_part = 0
    if mode != "none" and talon:
        for s, value in values.items():
            held = {rank(c) for c in talon if suit(c) == s} & {"K", "Q"}
            if len(held) == 2:
                marriage_part += value
            elif len(held) == 1 and mode == "full_or_half":
                marriage_part += value // 2
    return cards_part, marriage_part


def _results(conv: dict, start: dict, f: dict, active: list, marks: list):
    """S1 (R48–R50, F5), S2 (R51) and S3 (R57). Returns (results, deal_points, made)."""
    n = conv["player_count"]
    outcome, declarer = f["outcome"], f["declarer"]
    m, scope = _doubling(conv, f["golden"], f["dark"])

    def rnd(x):
        return round_points(conv, x)

    def exact(x):
        return x

    results = [0] * n
    deal_points = [0] * n
    made = False
    cumulative = conv["barrel_mode"] == "cumulative"

    def own_marriages(s):
        if conv["marriage_points_to"] == "declarer_only" and s != declarer:
            return 0  # his announcement set the trump only
        if barrel.sat_at_start(conv, start, s) and not conv["barrel_marriages_count"]:
            return 0  # P-E: he may still announce, to set the trump
        return sum(f["marriages"][s])

    def doubled(s, value, card_part=None, marriage_part=None, rounding=rnd):
        """Apply m to one seat's result under the scope; marks who was doubled."""
        if m == 1:
            return value
        if scope == "declarer" and s != declarer:
            return value
        marks[s].append("doubled")
        if scope == "not_defender_marriages" and card_part is not None:
            return m * rounding(card_part) + marriage_part
        return m * value

    for s in range(n):
        role = "declarer" if s == declarer else ("defender" if s in active else "rest")
        s1 = 0
        s2 = 0
        keeps_exact = cumulative and barrel.sat_at_start(conv, start, s)
        rounding = exact if keeps_exact else rnd
        if role == "rest":
            marks[s].append("rest")
            cards_part, marriage_part = talon_score_parts(conv, f["talon"])
            if barrel.sat_at_start(conv, start, s) and not conv["barrel_marriages_count"]:
                marriage_part = 0
            s1 = rounding(cards_part + marriage_part)
            # G5: the resting dealer's F5 is doubled in full; he is not a defender.
            s2 = s1 if (m == 1 or scope == "declarer") else m * s1
            if s2 != s1:
                marks[s].append("doubled")
        elif outcome == "played":
            mar = own_marriages(s)
            dp = f["card_points"][s] + mar
            deal_points[s] = dp
            if role == "declarer":
                compared = rnd(dp) if conv["declarer_rounding"] == "rounded" else dp
                made = compared >= f["contract"]
                marks[s].append("made" if made else "failed")
                if made:
                    s1 = dp if conv["declarer_success_score"] == "deal_points" else f["contract"]
                else:
                    s1 = -f["contract"]
                s2 = doubled(s, s1)
            else:
                s1 = rounding(dp)
                s2 = doubled(s, s1, f["card_points"][s], mar, rounding)
        elif outcome == "write_off":
            if role == "declarer":
                marks[s].append("write_off")
                s1, fixed = _write_off_cost(conv, start, f)
                s2 = s1 if fixed else doubled(s, s1)
            else:
                s1 = _write_off_award(conv, f["bid"])
                s2 = doubled(s, s1)
        elif role == "declarer":  # cross: no points for anyone; the opponents' bolts come at S5
            marks[s].append("cross")
        if barrel.sat_at_start(conv, start, s) and not start["barrel"][s]["banned"]:
            s2 = barrel.filter_result(conv, f, s, role, made, s1, s2)
        results[s] = s2
    return results, deal_points, made


def _write_off_cost(conv: dict, start: dict, f: dict):
    """`write_off_cost`, counted per player per game: (S1 result, is it a fixed charge not × m)."""
    cost = conv["write_off_cost"]
    used = start["write_offs"][f["declarer"]]
    if cost == "bid":
        return -f["bid"], False
    if cost == "first_free":
        return (0 if used == 0 else -f["bid"]), False
    if cost == "three_free_then_120":
        return (0 if used < 3 else -FIXED_CHARGE), True
    if cost == "free_third_120":
        # 000:L93–95: free, "but the third costs 120" — only the third; a fourth is free again.
        return (-FIXED_CHARGE if used == 2 else 0), True
    return 0, False  # free, or bolt (the bolt is given at S5)


def _write_off_award(conv: dict, bid: int) -> int:
    """`write_off_payout`: 60, or half the bid rounded UP to a multiple of 5 (§7 Q1), capped at 60."""
    payout = conv["write_off_payout"]
    if payout == "60_each":
        return 60
    half = ceil5((bid + 1) // 2)  # 105 → 52.5 → 55
    return min(60, half) if payout == "half_bid_max_60" else half


# --- S5, S7, S8 ---------------------------------------------------------------------------------


def _bolts(conv: dict, st: dict, f: dict, active: list, deal_points: list, frozen: set,
           marks: list) -> None:
    """S5 (R53–R54, §4.5.1, F6)."""
    weight = bolts.bolt_weight(conv, f["golden"], f["dark"])
    declarer, outcome = f["declarer"], f["outcome"]
    for s in active:
        if s in frozen:
            continue  # barrel_opponents_frozen: "they stand still", their runs untouched
        gets = False
        if outcome == "played":
            exempt = s == declarer and conv["bolt_declarer_exempt"]
            gets = not exempt and bolts.earns_bolt(conv, f["tricks"][s], deal_points[s])
        elif outcome == "write_off":
            gets = s == declarer and conv["write_off_cost"] == "bolt"
        elif outcome == "cross":
            gets = s != declarer
        if gets:
            bolts.give_bolts(conv, st, s, weight, marks[s])
        else:
            bolts.no_bolt(conv, st, s)
    if outcome == "cross":
        st["crosses"][declarer] += 1
        if st["crosses"][declarer] >= CROSSES_FOR_PENALTY:
            st["crosses"][declarer] = 0
            st["totals"][declarer] -= FIXED_CHARGE  # never multiplied (§4.8 bolt_penalty)
            marks[declarer].append("cross_penalty")
    if outcome == "write_off":
        st["write_offs"][declarer] += 1


def _dump_truck(conv: dict, st: dict, marks: list) -> None:
    """S7 (R67): an exact hit of ±dump_value (or +dump_value only) resets the total to 0."""
    mode = conv["dump_truck"]
    if mode == "off":
        return
    value = conv["dump_value"]
    for s in range(st["players"]):
        t = st["totals"][s]
        if t == value or (mode == "both" and t == -value):
            st["totals"][s] = 0
            marks[s].append("dump_truck")
            if conv["barrel"]:
                barrel.drop_check(conv, st, s, marks)


def _pick_winners(st: dict, group: list, declarer) -> list:
    """R69: the highest total; if tied, the declarer if he is among them; otherwise a shared win."""
    top = max(st["totals"][s] for s in group)
    tied = [s for s in group if st["totals"][s] == top]
    if len(tied) > 1 and declarer in tied:
        return [declarer]
    return tied


def _end_of_game(conv: dict, st: dict, declarer, marks: list) -> None:
    """S8 (R68, R69, loss_score). With the barrel, only a player on it (or one banned from it by
    zero_no_more_barrel) can be at the target: everyone else was capped at the threshold by R61."""
    n = st["players"]
    eligible = [s for s in range(n)
                if not conv["barrel"] or st["barrel"][s]["on"] or st["barrel"][s]["banned"]]
    reached = [s for s in eligible if reached_target(conv, st["totals"][s])]
    lost = conv["loss_score"] and any(t <= conv["loss_score"] for t in st["totals"])
    if reached:
        winners = _pick_winners(st, reached, declarer)
    elif lost:
        winners = _pick_winners(st, list(range(n)), declarer)
    else:
        return
    st["over"] = True
    st["winners"] = winners
    for s in winners:
        marks[s].append("winner")


# --- golden circle (G1, G4) ---------------------------------------------------------------------


def _reset_scores(st: dict) -> None:
    # G4 names totals, bolts, crosses and write-offs; with every total back at 0 nobody can still be
    # on the barrel, so the barrel fields start again too [engine].
    n = st["players"]
    for key in ("totals", "bolts", "bolt_streak", "write_offs", "crosses"):
        st[key] = [0] * n
    st["barrel"] = [new_barrel_field() for _ in range(n)]


def _golden_circle(conv: dict, st: dict, f: dict, made: bool, marks: list) -> None:
    g = st["golden"]
    if not f["golden"] or f["outcome"] == "all_pass":
        return
    g["deals"] += 1
    if f["outcome"] == "played" and made:
        g["made"] = True  # Q18: a written-off golden deal is not made
    if g["deals"] < conv["player_count"]:
        return
    g["circles"] += 1
    if conv["golden_mode"] == "double_only" or g["made"]:
        g["active"] = False
        return
    failure = conv["golden_failure"]
    limit = conv["golden_max_circles"]
    if failure == "continue" or (failure == "replay" and limit and g["circles"] >= limit):
        g["active"] = False
        return
    _reset_scores(st)
    for s in range(st["players"]):
        marks[s].append("golden_reset")
    if failure == "replay":
        g["deals"] = 0
        g["made"] = False
    else:
        g["active"] = False


# --- public -------------------------------------------------------------------------------------


def _row(st: dict, start: dict, deal_no: int, f: dict, results: list, marks: list) -> dict:
    return {
        "deal": deal_no,
        "dealer": f.get("dealer"),
        "declarer": f.get("declarer"),
        "bid": f.get("bid"),
        "contract": f.get("contract"),
        "outcome": f["outcome"],
        "results": list(results),
        "changes": [a - b for a, b in zip(st["totals"], start["totals"])],
        "totals": list(st["totals"]),
        "marks": [list(m) for m in marks],
        "golden": bool(f.get("golden")),
        "dark": bool(f.get("dark")),
        "obligatory": bool(f.get("obligatory")),
        "winners": list(st["winners"]),
    }


def settle(conv: dict, score: dict, facts: dict, where: str = ""):
    """Settle one deal: S1 results, S2 × m, S3 barrel filter, S4 totals, S5 bolts, S6 barrel, S7 dump
    truck, S8 end of game (R52); then the golden circle's bookkeeping (G4). Returns (new_score, row)."""
    if score["over"]:
        raise IllegalAction(N_("the game is over; no more deals can be settled"))
    f = validate_facts(conv, score, facts, where)
    start = score  # read only: every step writes to the copy `st`
    st = clone(score)
    n = st["players"]
    deal_no = st["deals_settled"] + 1
    marks = [[] for _ in range(n)]
    results = [0] * n
    made = False
    if f["outcome"] != "all_pass":  # an all-pass deal counts for rotation only (forced_100 = false)
        active = active_seats(conv, f["dealer"])
        results, deal_points, made = _results(conv, start, f, active, marks)

        frozen = set()
        declarer = f["declarer"]
        if conv["barrel"] and conv["barrel_opponents_frozen"]:
            value = f["contract"] if f["outcome"] == "played" else f["bid"]
            if barrel.sat_at_start(conv, start, declarer) and value == b_need(conv):
                frozen = {s for s in range(n) if s != declarer}
            elif conv["barrel_mode"] == "auto_bid":
                frozen = {s for s in active if s != declarer and barrel.sat_at_start(conv, start, s)}
            for s in frozen:
                results[s] = 0

        # S4. target_mode exact: a result that would carry a player above the target is not applied.
        for s in range(n):
            if conv["target_mode"] == "exact" and results[s] > 0 and \
                    st["totals"][s] + results[s] > conv["target_score"]:
                results[s] = 0
            st["totals"][s] += results[s]

        _bolts(conv, st, f, active, deal_points, frozen, marks)  # S5
        if conv["barrel"]:  # S6
            obligatory_failed = f["obligatory"] and not made
            barrel.step(conv, start, st, f, active, deal_no, marks, obligatory_failed)
        _dump_truck(conv, st, marks)  # S7
        _end_of_game(conv, st, declarer, marks)  # S8
        if not st["over"]:
            _golden_circle(conv, st, f, made, marks)
    st["deals_settled"] = deal_no
    row = _row(st, start, deal_no, f, results, marks)
    st["rows"].append(row)
    return st, clone(row)


def charge(conv: dict, score: dict, seat: int, amount: int, reason: str, where: str = ""):
    """A penalty outside settlement (R10 cutter, third_redeal_penalty, exposed card): subtract it at
    once, then R18: the barrel-drop check of R59 (no attempt counted), R65 through the fall, R67, and
    the end of the game by `loss_score`. Adds a row with outcome "penalty"."""
    if score["over"]:
        raise IllegalAction(N_("the game is over; no penalty can be charged"))
    n = score["players"]
    if not is_whole(seat) or not 0 <= seat < n:
        raise BadInput(_at(where, "seat"), N_("must be a seat from 0 to {last} (got {got})"),
                       last=n - 1, got=repr(seat))
    if not is_whole(amount) or amount < 0:
        raise BadInput(_at(where, "amount"), N_("must be a non-negative integer (got {got})"),
                       got=repr(amount))
    if not isinstance(reason, str) or not reason:
        raise BadInput(_at(where, "reason"), N_("must be a non-empty string"))
    start = score  # read only
    st = clone(score)
    marks = [[] for _ in range(n)]
    st["totals"][seat] -= amount
    marks[seat].append("penalty")
    if conv["barrel"]:
        barrel.drop_check(conv, st, seat, marks)
    _dump_truck(conv, st, marks)
    _end_of_game(conv, st, None, marks)
    f = {"outcome": "penalty", "golden": deal_is_golden(conv, score)}
    row = _row(st, start, st["deals_settled"] + 1, f, [0] * n, marks)
    row.update(seat=seat, amount=amount, reason=reason)
    st["rows"].append(row)
    return st, clone(row)
