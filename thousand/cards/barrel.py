"""The barrel (R56–R66, §4.9): the S3 filter of a barrel player's result and the S6 step (attempts,
falls, mounting, knock-offs, third falls, the obligatory game of §4.9.2).

The S6 helpers change a working copy of the score in place; settlement.py makes that copy."""
from thousand.cards.score import b_need, reached_target


def sat_at_start(conv: dict, start: dict, seat: int) -> bool:
    """On the barrel when the deal started: the player R57's filter and R59's checks are about."""
    return bool(conv["barrel"]) and start["barrel"][seat]["on"]


def filter_result(conv: dict, facts: dict, seat: int, role: str, made: bool, s1: int, s2: int) -> int:
    """S3 (R57) for a player who sat on the barrel when the deal started.

    `s1` is his result before the multiplier (what R58 and `any_role` compare with B_need), `s2` after.
    Tests use the contract, not contract·m: R58 says "a contract ≥ B_need" and ends on 880 + contract·m."""
    mode = conv["barrel_mode"]
    need = b_need(conv)
    if mode == "cumulative":
        # §4.9.1: nothing is frozen; settlement already gave a defender his exact points.
        return s2
    if role == "declarer":
        if facts["outcome"] != "played":
            # A write-off the conventions let him make keeps its cost (he drops and falls, R59), a free
            # one or a cross changes nothing.
            return min(s2, 0)
        if made:
            return s2 if facts["contract"] >= need else 0
        if conv["barrel_failed_contract"] == "free_at_need" and facts["contract"] == need:
            return 0
        return s2
    # Defender or resting dealer (F5 "on the barrel it is 0").
    if mode == "any_role" and s1 >= need:
        return s2
    return 0


# --- S6 -----------------------------------------------------------------------------------------


def _leave(st: dict, seat: int) -> dict:
    b = st["barrel"][seat]
    b["on"] = False
    b["attempts"] = 0
    b["mounted_at"] = None
    return b


def fall(conv: dict, st: dict, seat: int, charge: str, marks: list) -> None:
    """R64: off the barrel, attempts reset, one more fall; R65 replaces the fall's own result on the
    third one. `charge` is "none" (a drop below the threshold, R59), "knock" (R62/R63 with
    `barrel_knock_off`), "simultaneous" (R63: always the penalty) or "exhausted" (R59's attempts)."""
    b = _leave(st, seat)
    b["falls"] += 1
    marks[seat].append("barrel_fall")
    three = conv["barrel_three_falls"]
    if three != "none" and b["falls"] >= 3:
        st["totals"][seat] = 0
        b["falls"] = 0
        if three == "zero_no_more_barrel":
            b["banned"] = True
        marks[seat].append("barrel_reset")
        return
    penalty = conv["barrel_fall_penalty"]
    if charge == "knock":
        if conv["barrel_knock_off"] != "no_penalty":
            st["totals"][seat] -= penalty
    elif charge == "simultaneous":
        st["totals"][seat] -= penalty
    elif charge == "exhausted":
        if conv["barrel_fall_result"] == "zero":
            st["totals"][seat] = 0
        else:
            if conv["barrel_fall_rounding"] == "floor_10":
                st["totals"][seat] -= st["totals"][seat] % 10  # EX16: 993 → 990 → 870
            st["totals"][seat] -= penalty


def obligatory_failure(st: dict, seat: int, marks: list) -> None:
    """§4.9.2: a failed obligatory game sets the total to 0 and the falls to 0 (instead of −contract and
    R65), so it is not a fall of R64 and `zero_no_more_barrel` does not ban him."""
    b = _leave(st, seat)
    b["falls"] = 0
    st["totals"][seat] = 0
    marks[seat].extend(["barrel_fall", "barrel_reset"])


def drop_check(conv: dict, st: dict, seat: int, marks: list) -> None:
    """R59 first part (and R18): a sitting player whose total is now below the threshold falls with no
    further penalty."""
    if st["barrel"][seat]["on"] and st["totals"][seat] < conv["barrel_threshold"]:
        fall(conv, st, seat, "none", marks)


def _mount(conv: dict, st: dict, seat: int, deal_no: int, marks: list) -> None:
    b = st["barrel"][seat]
    st["totals"][seat] = conv["barrel_threshold"]
    b["on"] = True
    b["attempts"] = 0
    b["mounted_at"] = deal_no
    marks[seat].append("barrel_mount")


def _capacity(conv: dict) -> int:
    rule = conv["barrel_knock_off"]
    if rule == "none":
        return 10**9
    if rule == "two_may_sit":
        return 2
    return 1


def step(conv: dict, start: dict, st: dict, facts: dict, active: list, deal_no: int, marks: list,
         obligatory_failed: bool) -> None:
    """S6: players who sat when the deal started (R58–R60, §4.9.2), then mounting (R61–R63), with every
    fall through `fall` (R64, R65)."""
    n = st["players"]
    thr = conv["barrel_threshold"]
    limit = conv["barrel_attempts"]
    for p in range(n):
        if not sat_at_start(conv, start, p) or not st["barrel"][p]["on"]:
            continue
        if obligatory_failed and p == facts["declarer"]:
            obligatory_failure(st, p, marks)
            continue
        if reached_target(conv, st["totals"][p]):
            continue  # he wins at S8
        if st["totals"][p] < thr:
            fall(conv, st, p, "none", marks)
            continue
        if p not in active:
            continue  # F7: a rest deal is not an attempt
        st["barrel"][p]["attempts"] += 1
        marks[p].append("barrel_attempt")
        if limit > 0 and st["barrel"][p]["attempts"] >= limit:
            fall(conv, st, p, "exhausted", marks)

    # R61. A player pushed off without a charge (`barrel_knock_off = no_penalty`) can still be at the
    # threshold while off the barrel; he climbs back only by scoring, otherwise two players would
    # knock each other off every deal [engine]. Everyone else off the barrel and at the threshold got
    # there in this deal, so for them "rose this deal" is R61 as written.
    climbing = [p for p in range(n)
                if not st["barrel"][p]["on"] and not st["barrel"][p]["banned"]
                and st["totals"][p] >= thr and st["totals"][p] > start["totals"][p]]
    if not climbing:
        return
    # A sitter who has just reached the target wins at S8; nobody can knock him off first.
    sitters = [p for p in range(n) if st["barrel"][p]["on"] and not reached_target(conv, st["totals"][p])]
    capacity = _capacity(conv)

    def knock_off_sitters():
        for s in sitters:
            fall(conv, st, s, "knock", marks)

    if len(climbing) > capacity:
        stay = None
        if conv["barrel_simultaneous"] == "highest_sits":
            top = max(st["totals"][p] for p in climbing)
            tops = [p for p in climbing if st["totals"][p] == top]
            if len(tops) == 1:
                stay = tops[0]
        for p in climbing:
            if p == stay:
                continue
            # R63: set to the threshold, then off at once with the penalty (880 → 760).
            _mount(conv, st, p, deal_no, marks)
            fall(conv, st, p, "simultaneous", marks)
        knock_off_sitters()
        if stay is not None:
            _mount(conv, st, stay, deal_no, marks)
        return
    if len(sitters) + len(climbing) > capacity:
        knock_off_sitters()
    for p in climbing:
        _mount(conv, st, p, deal_no, marks)
