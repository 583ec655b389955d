"""Reading a roll (dice.md §2.3): the scoring table, the forced maximum, set-aside choices."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_dice_support import conv, roll, rolls, setup
from thousand.dice import scoring
from thousand.dice.scoring import keep_options, read_roll

CLASSIC = conv()
FACES = range(1, 7)


# --- §2.3.2: the table ---------------------------------------------------------------------------

@pytest.mark.parametrize("face, three, four, five", [
    (1, 100, 200, 1000), (2, 20, 40, 200), (3, 30, 60, 300), (4, 40, 80, 400),
    (5, 50, 100, 500), (6, 60, 120, 600)])
def test_2_3_2_scoring_table_of_sets_e2(face, three, four, five):
    other = 2 if face != 2 else 3   # a non-scoring die beside the set
    other2 = 4 if face != 4 else 6
    assert read_roll([face] * 3 + [other, other2], CLASSIC)["points"] == three
    assert read_roll([face] * 4 + [other], CLASSIC)["points"] == four
    assert read_roll([face] * 5, CLASSIC)["points"] == five


def test_2_3_2_singles_and_straights():
    assert read_roll([1], CLASSIC)["points"] == 10
    assert read_roll([5], CLASSIC)["points"] == 5
    assert read_roll([1, 5, 2, 3, 6], CLASSIC)["points"] == 15
    assert read_roll([1, 2, 3, 4, 5], CLASSIC)["points"] == 125
    assert read_roll([6, 5, 4, 3, 2], CLASSIC)["points"] == 250


@pytest.mark.parametrize("dice", [[2, 2], [3, 3, 4, 4], [2, 2, 3, 3, 6], [2, 3, 4, 6], [3, 4, 6, 6],
                                  [6], [2, 3, 4, 6, 6], [2, 2, 4, 4, 6]])
def test_2_3_2_nothing_else_scores(dice):
    """No pairs, two pairs, full houses, four-dice straights or single 2/3/4/6."""
    assert read_roll(dice, CLASSIC)["zero"]


def test_2_3_2_full_house_scores_only_its_set_and_1_2_3_4_6_only_its_singles():
    assert read_roll([3, 3, 3, 2, 2], CLASSIC)["points"] == 30
    assert read_roll([1, 2, 3, 4, 6], CLASSIC)["points"] == 10


# --- §2.3.3: the forced maximum ------------------------------------------------------------------

def test_2_3_3_a_straight_beats_reading_its_singles():
    r = read_roll([5, 4, 3, 2, 1], CLASSIC)
    assert (r["points"], r["dice"], r["text"]) == (125, [1, 2, 3, 4, 5], "1-2-3-4-5 = 125")


def test_2_3_3_sets_beat_singles_in_classic():
    assert read_roll([1, 1, 1, 1, 3], CLASSIC)["points"] == 200      # not 110
    assert read_roll([5, 5, 5, 2, 3], CLASSIC)["points"] == 50       # not 15
    assert read_roll([1, 1, 1, 5, 5], CLASSIC)["points"] == 110


def test_2_3_3_general_rule_with_face_x100_five_1s_read_as_four_plus_one():
    c = conv(four_of_a_kind="face_x100")
    assert read_roll([1] * 5, c)["points"] == 1010
    assert read_roll([1] * 5, c)["text"] == "four 1s + 1 = 1010"
    assert read_roll([5] * 5, c)["points"] == 505
    assert read_roll([6] * 5, c)["points"] == 600   # five of a kind itself (600 > 600 + 0? equal
    # points: the split that uses more dice wins, both use five)


def test_2_3_3_equal_points_the_split_using_more_dice_wins():
    # triple_plus_10: four 1s = 110 = three 1s + a single 1 (both use four dice); four 5s = 60 >
    # three 5s + a 5 = 55.
    c = conv(four_of_a_kind="triple_plus_10")
    assert read_roll([1, 1, 1, 1, 2], c)["points"] == 110
    assert read_roll([1, 1, 1, 1, 2], c)["dice"] == [1, 1, 1, 1]
    assert read_roll([5, 5, 5, 5, 2], c)["points"] == 60


def test_2_3_3_forced_reading_even_when_less_would_land_on_the_target():
    """The player cannot score a roll lower (§3.8.1 step 4: from 995, 5,5,2,3,4 reads 10)."""
    assert read_roll([5, 5, 2, 3, 4], CLASSIC)["points"] == 10


def all_readings(dice, c):
    """Brute force: every way to take disjoint combinations of §2.3.2 out of the roll."""
    dice = tuple(sorted(dice))
    combos = []
    for f in FACES:
        if f in scoring.SINGLE:
            combos.append(((f,), scoring.SINGLE[f]))
        for k in (3, 4, 5):
            combos.append(((f,) * k, scoring.kind_points(f, k, c["four_of_a_kind"],
                                                          c["five_of_a_kind"])))
    if c["straights"]:
        combos += [((1, 2, 3, 4, 5), 125), ((2, 3, 4, 5, 6), 250)]
    out = set()

    def take(rest, points, used):
        out.add((points, used))
        for combo, pts in combos:
            left = list(rest)
            try:
                for d in combo:
                    left.remove(d)
            except ValueError:
                continue
            take(tuple(left), points + pts, used + len(combo))

    take(dice, 0, 0)
    return out


SCORING_CONVENTIONS = [conv(), conv(four_of_a_kind="face_x100"),
                       conv(four_of_a_kind="triple_plus_10"),
                       conv(five_of_a_kind="flat_1000", four_of_a_kind="face_x100"),
                       conv("p3")]


@settings(max_examples=300, deadline=None)
@given(dice=st.lists(st.integers(1, 6), min_size=1, max_size=5),
       which=st.integers(0, len(SCORING_CONVENTIONS) - 1))
def test_2_3_3_property_the_forced_reading_never_scores_below_another_valid_reading(dice, which):
    c = SCORING_CONVENTIONS[which]
    forced = read_roll(dice, c)
    readings = all_readings(dice, c)
    assert forced["points"] >= max(p for p, _ in readings)
    assert (forced["points"], len(forced["dice"])) in readings
    # and no reading with the same points uses more dice
    assert all(u <= len(forced["dice"]) for p, u in readings if p == forced["points"])
    assert forced["points"] % 5 == 0


# --- §2.3.7: the spec's reference code, literally ------------------------------------------------

class Cfg:
    def __init__(self, c):
        self.__dict__.update(c)


SINGLE = {1: 10, 5: 5}


def ref_face_value(face):
    return 10 if face == 1 else face


def ref_kind_points(face, k, cfg):
    v = ref_face_value(face)
    if k == 3:
        return 10 * v
    if k == 4:
        return {"double_triple": 20 * v, "face_x100": 100 * v,
                "triple_plus_10": 10 * v + 10}[cfg.four_of_a_kind]
    return {"face_x100": 100 * v, "flat_1000": 1000}[cfg.five_of_a_kind]


def ref_read_roll(dice, cfg):
    s = sorted(dice)
    if cfg.straights and s in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        return (125 if s[0] == 1 else 250), s
    points, used = 0, []
    for face in range(1, 7):
        n = s.count(face)
        best = (0, 0)
        for k in [0] + list(range(3, n + 1)):
            pts = (ref_kind_points(face, k, cfg) if k else 0) + (n - k) * SINGLE.get(face, 0)
            best = max(best, (pts, n if face in SINGLE else k))
        points += best[0]
        used += [face] * best[1]
    if not used and cfg.last_two_pair and len(s) == 2 and s[0] == s[1]:
        return 0, s
    return points, used


@pytest.mark.parametrize("c", SCORING_CONVENTIONS + [conv("p1")], ids=lambda c: str(
    scoring.rules_key(c)))
def test_2_3_7_every_roll_reads_as_the_reference_code(c):
    for n in range(1, 6):
        for dice in itertools.combinations_with_replacement(FACES, n):
            ours = read_roll(list(dice), c)
            assert (ours["points"], ours["dice"]) == tuple(ref_read_roll(list(dice), Cfg(c))), dice


# --- §2.3.1, §2.3.4, §2.3.5 ----------------------------------------------------------------------

def test_2_3_1_only_dice_of_the_same_roll_combine():
    s = setup(players={0: {"score": 100}})
    s = rolls(s, [1, 1, 2, 3, 4], [1, 6, 2])   # two 1s, then one more 1: not three 1s
    assert s["turn"]["T"] == 30


def test_2_3_4_all_scoring_dice_are_set_aside():
    r = read_roll([1, 5, 5, 5, 2], CLASSIC)
    assert (r["dice"], r["rest"]) == ([1, 5, 5, 5], [2])
    s = roll(setup(), 1, 5, 5, 5, 2)
    assert s["turn"]["dice_left"] == 1 and s["turn"]["T"] == 60


def test_2_3_5_a_zero_roll_uses_no_die():
    r = read_roll([2, 3, 4, 6, 6], CLASSIC)
    assert r["zero"] and r["dice"] == [] and r["points"] == 0 and r["text"] == "nothing scores"


# --- descriptions ----------------------------------------------------------------------------------

@pytest.mark.parametrize("dice, text", [
    ([4, 4, 4, 2, 3], "three 4s = 40"), ([1, 2, 3, 4, 5], "1-2-3-4-5 = 125"),
    ([2, 3, 4, 5, 6], "2-3-4-5-6 = 250"), ([1, 1, 5, 2, 3], "1 + 1 + 5 = 25"),
    ([4, 4, 4, 1, 5], "three 4s + 1 + 5 = 55"), ([5], "5 = 5"), ([1, 1, 1, 1, 1], "five 1s = 1000"),
    ([6, 6, 6, 6, 1], "four 6s + 1 = 130")])
def test_reading_text_for_players(dice, text):
    assert read_roll(dice, CLASSIC)["text"] == text


# --- the alternative readings of set_aside = choose ----------------------------------------------

def test_set_aside_choose_options_from_5_5_5_1_3_as_in_3_2():
    options = keep_options([5, 5, 5, 1, 3], conv("page_b"))
    kept = sorted(tuple(o["dice"]) for o in options)
    assert kept == sorted([(1,), (5,), (5, 5), (5, 5, 5), (1, 5), (1, 5, 5), (1, 5, 5, 5)])
    points = {tuple(o["dice"]): o["points"] for o in options}
    assert points[(5, 5, 5)] == 50 and points[(1, 5, 5, 5)] == 60 and points[(5, 5)] == 10
    assert options[0]["points"] == read_roll([5, 5, 5, 1, 3], CLASSIC)["points"]  # best first


def test_set_aside_choose_a_straight_needs_all_five_and_zero_rolls_have_no_option():
    options = keep_options([1, 2, 3, 4, 5], conv("page_b"))
    assert [tuple(o["dice"]) for o in options][:1] == [(1, 2, 3, 4, 5)]
    assert all(o["dice"] in ([1, 2, 3, 4, 5], [1], [5], [1, 5]) for o in options)
    assert keep_options([2, 3, 4, 6, 6], conv("page_b")) == []


@settings(max_examples=200, deadline=None)
@given(dice=st.lists(st.integers(1, 6), min_size=1, max_size=5))
def test_set_aside_choose_every_option_is_scored_at_its_own_maximum(dice):
    c = conv("page_b")
    forced = read_roll(dice, c)
    for o in keep_options(dice, c):
        own = read_roll(o["dice"], c)
        assert own["points"] == o["points"] and len(own["dice"]) == len(o["dice"])
        assert o["points"] <= forced["points"]
        assert sorted(o["dice"] + o["rest"]) == sorted(dice)


def test_zero_probabilities_of_section_6():
    key = scoring.rules_key(CLASSIC)
    expected = {1: 4 / 6, 2: 16 / 36, 3: 60 / 216, 4: 204 / 1296, 5: 600 / 7776}
    for n, p in expected.items():
        zero = sum(q for q, d in scoring.distribution(n) if scoring.read_points(d, key)[1] == 0)
        assert zero == pytest.approx(p)
        assert sum(q for q, _ in scoring.distribution(n)) == pytest.approx(1)
    assert len(scoring.distribution(5)) == 252
