"""The score of a game of card Thousand as plain JSON-able data, and the questions the deal engine asks
about it before and during a deal (golden deal? who is on the barrel? may this player go dark, write
off, cross?).

Settlement itself (R46–R69) is in settlement.py; bolts and the barrel are in bolts.py and barrel.py.
Every function here is pure: it reads `conv` (the full flat conventions dict) and `score`, and never
changes either."""

# Marriage values by suit for `marriage_values` (§4.7): hearts, diamonds, clubs, spades.
MARRIAGE_VALUES = {
    "standard": {"H": 100, "D": 80, "C": 60, "S": 40},
    "clubs_hearts": {"H": 80, "D": 40, "C": 100, "S": 60},
    "clubs_spades": {"H": 60, "D": 40, "C": 100, "S": 80},
    "five_oh_one": {"H": 80, "D": 40, "C": 20, "S": 60},
}


def new_barrel_field() -> dict:
    return {"on": False, "attempts": 0, "falls": 0, "mounted_at": None, "banned": False}


def new_score(conv: dict) -> dict:
    """R70: every total, bolt count, barrel field, write-off and cross count starts at 0."""
    n = conv["player_count"]
    return {
        "players": n,
        "totals": [0] * n,
        "bolts": [0] * n,
        # Bolts won in the current run of consecutive active deals with a bolt (a doubled bolt adds 2);
        # `total_240_consecutive` charges 240 when this run covers the last `bolt_count` bolts.
        "bolt_streak": [0] * n,
        "barrel": [new_barrel_field() for _ in range(n)],
        "write_offs": [0] * n,
        "crosses": [0] * n,
        "golden": {"active": bool(conv["golden_round"]), "deals": 0, "made": False, "circles": 0},
        "deals_settled": 0,
        "over": False,
        "winners": [],
        "rows": [],
    }


# --- small arithmetic shared by the settlement modules ------------------------------------------


def round_points(conv: dict, x: int) -> int:
    """`defender_rounding` (R49): round5(x) = 5·floor((x+2)/5); round10(x) = 10·floor((x+5)/10)."""
    mode = conv["defender_rounding"]
    if mode == "nearest_5":
        return 5 * ((x + 2) // 5)
    if mode == "nearest_10":
        return 10 * ((x + 5) // 10)
    return x


def points_to_make(conv: dict, contract: int) -> int:
    """The fewest deal points that make the contract: the contract itself, or under
    `declarer_rounding = rounded` the fewest that round up to it (R48, R49), as the settlement
    compares them. The computer players aim at it."""
    if conv["declarer_rounding"] != "rounded":
        return contract
    x = contract
    while x > 0 and round_points(conv, x - 1) >= contract:
        x -= 1
    return x


def effective_target(conv: dict) -> int:
    # `target_mode = exceed` is "reach with target + 1" (§4.8), so the barrel's need grows with it:
    # under exceed a barrel player at 880 must make 121, otherwise 880 + 120 = 1000 would neither win
    # nor be a legal place to sit.
    return conv["target_score"] + (1 if conv["target_mode"] == "exceed" else 0)


def b_need(conv: dict) -> int:
    """What a barrel player must make in one deal (§0.2): target_score − barrel_threshold (120)."""
    return effective_target(conv) - conv["barrel_threshold"]


def reached_target(conv: dict, total: int) -> bool:
    if conv["target_mode"] == "exact":
        return total == conv["target_score"]
    return total >= effective_target(conv)


def ceil5(x: int) -> int:
    return -(-x // 5) * 5


def sitter(conv: dict, dealer: int) -> int:
    """The player on the dealer's left (R19; T1; F4)."""
    return (dealer + 1) % conv["player_count"]


def forced_declarer(conv: dict, score: dict, dealer: int):
    """[seat, contract, kind] of a deal without an auction, or None: the obligatory game
    (§4.9.2), a barrel player under `no_bidding` (§4.9.1), or the golden sitter at 120 (G2).
    The game and the score sheet both ask here, so they agree on who plays."""
    active = active_seats(conv, dealer)
    if conv["barrel"]:
        if conv["barrel_obligatory_game"]:
            seat = obligatory_game_seat(conv, score, active)
            if seat is not None:
                return [seat, b_need(conv), "obligatory"]
        if conv["barrel_mode"] == "no_bidding":
            for seat in barrel_players(conv, score):
                if seat in active:
                    return [seat, b_need(conv), "barrel"]
    if deal_is_golden(conv, score) and conv["golden_mode"] == "forced_120":
        return [sitter(conv, dealer), 120, "golden"]
    return None


def active_seats(conv: dict, dealer: int) -> list:
    """Players dealt cards (§0.2): everyone, except the resting dealer with 4 players (F1)."""
    n = conv["player_count"]
    return [s for s in range(n) if not (n == 4 and s == dealer)]


def barrel_in_play(conv: dict) -> bool:
    return bool(conv["barrel"])


# --- questions the engine asks before and during a deal -----------------------------------------


def deal_is_golden(conv: dict, score: dict) -> bool:
    """G1/G4: the next deal belongs to a golden circle (the first N = player_count settled deals, and
    the replayed circles of `golden_failure = replay`). `golden_mode = double_only` counts too."""
    return bool(conv["golden_round"]) and score["golden"]["active"] and not score["over"]


def barrel_players(conv: dict, score: dict) -> list:
    """Seats on the barrel, first mounted first (seat order breaks a tie within one deal)."""
    if not barrel_in_play(conv):
        return []
    on = [s for s, b in enumerate(score["barrel"]) if b["on"]]
    return sorted(on, key=lambda s: (score["barrel"][s]["mounted_at"] or 0, s))


def obligatory_game_seat(conv: dict, score: dict, active_seats_now) -> "int | None":
    """§4.9.2: the barrel player whose next counted deal is the last attempt on his third barrel
    (falls = 2, attempts = barrel_attempts − 1) plays it without an auction. Only an active player's
    deal counts (F7), so a resting barrel player has no obligatory game this deal."""
    if not (barrel_in_play(conv) and conv["barrel_obligatory_game"]):
        return None
    limit = conv["barrel_attempts"]
    if limit <= 0:
        # §4.9.2 is defined by "the last attempt"; unlimited attempts have none [engine].
        return None
    active = set(active_seats_now)
    for s in barrel_players(conv, score):
        b = score["barrel"][s]
        if s in active and b["falls"] == 2 and b["attempts"] == limit - 1:
            return s
    return None


def _below_threshold(conv: dict, score: dict, seat: int) -> bool:
    return score["totals"][seat] < conv["low_score_threshold"]


def barred_from_bidding(conv: dict, score: dict, seat: int) -> bool:
    """R25 (`low_score_rule = auto_pass_below`): the total at the start of the deal is strictly below
    `low_score_threshold`; he passes automatically (his forced 100 as sitter still stands)."""
    return conv["low_score_rule"] == "auto_pass_below" and _below_threshold(conv, score, seat)


def low_score_bidder(conv: dict, score: dict, seat: int) -> bool:
    """`low_score_rule = others_must_pass`: once this player makes a voluntary bid, all others must pass."""
    return conv["low_score_rule"] == "others_must_pass" and _below_threshold(conv, score, seat)


def may_go_dark(conv: dict, score: dict, seat: int, golden: bool) -> bool:
    """D1's conditions on scores: dark game on, not a golden deal, total ≥ `dark_min_score` (None = no
    limit), not barred by R25, and nobody on the barrel unless `dark_on_barrel`. Who is asked
    (`dark_who`) is the engine's business."""
    if not conv["dark_game"] or golden or score["over"]:
        return False
    floor = conv["dark_min_score"]
    if floor is not None and score["totals"][seat] < floor:
        return False
    if barred_from_bidding(conv, score, seat):
        return False
    if not conv["dark_on_barrel"] and barrel_players(conv, score):
        return False
    return True


def _barrel_allows_concession(conv: dict, score: dict, seat: int) -> bool:
    rule = conv["write_off_on_barrel"]
    sitting = barrel_players(conv, score)
    if rule == "nobody":
        return not sitting
    if rule == "not_barrel_player":
        return seat not in sitting
    return True


def _concession_allowed(conv: dict, score: dict, seat: int, golden: bool, dark: bool) -> bool:
    if score["over"]:
        return False
    if golden and not conv["golden_write_off"]:
        return False
    if dark and not conv["dark_write_off"]:
        return False
    return _barrel_allows_concession(conv, score, seat)


def may_write_off(conv: dict, score: dict, seat: int, golden: bool, dark: bool) -> bool:
    """R29/R34/R35: `write_off`, `write_off_limit` (crosses do not count), `write_off_on_barrel`,
    `golden_write_off`, `dark_write_off`."""
    if not conv["write_off"]:
        return False
    limit = conv["write_off_limit"]
    if limit and score["write_offs"][seat] >= limit:
        return False
    return _concession_allowed(conv, score, seat, golden, dark)


def may_cross(conv: dict, score: dict, seat: int, golden: bool, dark: bool) -> bool:
    """§4.5.1: `cross_rule`, under the same barrel, golden and dark restrictions as a write-off; it is
    independent of `write_off` and of its limit."""
    if not conv["cross_rule"]:
        return False
    return _concession_allowed(conv, score, seat, golden, dark)
