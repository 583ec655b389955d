"""The dice catalogue against the spec (dice.md §3, §4, Appendix), parsed at test time so that the
catalogue and the presets are checked against the very tables a rules reader sees."""
import json
import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from thousand.conventions import ConventionError
from thousand.dice.catalogue import CATALOGUE, PIT_SETS, SPEC_PIT_SETS, pits, retarget

SPEC = Path(__file__).resolve().parents[2] / "shared/rules/dice.md"
needs_spec = pytest.mark.skipif(not SPEC.exists(), reason=f"spec not found at {SPEC}")

# §3.1 … §3.8 with §3.9's counts.
SECTIONS = [("3.1", "setup", 4), ("3.2", "scoring", 10), ("3.3", "entry", 2), ("3.4", "pits", 1),
            ("3.5", "overtaking", 2), ("3.6", "dump", 2), ("3.7", "bolts", 8),
            ("3.8", "barrel", 10)]
PRESETS = ["classic", "page_a", "page_a_open", "page_b", "p1", "p2", "p3", "p4"]


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


def between(text, start, end):
    i = text.index(start)
    return text[i:text.index(end, i)]


def spec_sections() -> dict:
    """{'3.1': [(id, type cell, classic cell), ...], ...}"""
    out, current = {}, None
    for line in between(spec_text(), "## 3. Conventions catalogue", "### 3.9").splitlines():
        heading = re.match(r"### (3\.\d+) ", line)
        if heading:
            current = heading.group(1)
            out[current] = []
        row = re.match(r"\| `(\w+)` \| ([^|]*) \| ([^|]*) \|", line)
        if row and current:
            out[current].append(row.groups())
    return out


def cell_value(cid, text):
    text = re.sub(r"\((silent|n/a|when `open`)\)", "", text).replace("`", "").strip()
    if cid == "pit_ranges" and text.startswith("[["):
        return next(name for name, r in PIT_SETS.items()
                    if [list(x) for x in r] == json.loads(text))
    if text in ("true", "false"):
        return text == "true"
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def matrix() -> dict:
    """{preset: {id: (value, n/a?)}} from the §4 table."""
    out, columns = {}, None
    for line in between(spec_text(), "## 4. Presets", "Notes per preset").splitlines():
        if line.startswith("| Convention |"):
            columns = [c.strip().strip("`") for c in line.strip("|").split("|")[1:]]
            out = {c: {} for c in columns}
        row = re.match(r"\| `(\w+)` \|(.*)\|$", line)
        if row and columns:
            cells = [c.strip() for c in row.group(2).split("|")]
            assert len(cells) == len(columns) == 8, line
            for preset, cell in zip(columns, cells):
                out[preset][row.group(1)] = (cell_value(row.group(1), cell), "(n/a)" in cell)
    return out


# --- §3: the catalogue ----------------------------------------------------------------------------

def test_catalogue_has_39_conventions_in_8_groups_with_the_counts_of_3_9():
    assert len(CATALOGUE.conventions) == 39 and len(set(CATALOGUE.ids())) == 39
    assert [g.id for g in CATALOGUE.groups] == [g for _, g, _ in SECTIONS]
    for _, group, count in SECTIONS:
        assert sum(c.group == group for c in CATALOGUE.conventions) == count, group
    assert CATALOGUE.game == "dice" and CATALOGUE.schema_version == 1


@needs_spec
def test_every_id_of_each_3_table_is_in_its_group_in_order():
    sections = spec_sections()
    assert list(sections) == [s for s, _, _ in SECTIONS]
    spec_ids = []
    for section, group, count in SECTIONS:
        ids = [row[0] for row in sections[section]]
        assert len(ids) == count, section
        for cid in ids:
            assert CATALOGUE.get(cid).group == group, cid
        spec_ids += ids
    assert spec_ids == CATALOGUE.ids()


def _allowed_ints(cell):
    """(single values, (lo, hi, step) or None) from an int type cell of §3."""
    body = cell.partition(":")[2]
    body = re.sub(r"\((named[^)]*|off|unlimited|no limit)\)", "", body).replace("−", "-")
    ranges = re.findall(r"(\d+)–(\d+)(?: in steps of (\d+))?", body)
    rest = re.sub(r"\d+–\d+( in steps of \d+)?", "", body)
    singles = [int(x) for x in re.findall(r"\d+", rest)]
    rng = (int(ranges[0][0]), int(ranges[0][1]), int(ranges[0][2] or 1)) if ranges else None
    return singles, rng


@needs_spec
def test_types_allowed_values_and_defaults_are_the_spec_columns():
    for section, _, _ in SECTIONS:
        for cid, type_cell, classic_cell in spec_sections()[section]:
            conv = CATALOGUE.get(cid)
            assert conv.default == cell_value(cid, classic_cell), cid
            assert type(conv.default) is type(cell_value(cid, classic_cell)), cid
            kind = type_cell.split(":")[0].strip()
            if cid == "pit_ranges":        # a list in the spec, its named sets here
                assert conv.type == "enum"
                named = re.findall(r"`(\w+)` \[", type_cell)
                assert tuple(named) == SPEC_PIT_SETS and set(named) <= set(conv.values)
                for name in named:
                    listed = re.search(rf"`{name}` (\[[^;]*?\]\])", type_cell)
                    expected = [] if name == "none" else json.loads(listed.group(1))
                    assert [list(r) for r in PIT_SETS[name]] == expected, name
                continue
            assert conv.type == kind, cid
            if kind == "enum":
                assert list(conv.values) == re.findall(r"`(\w+)`", type_cell), cid
            elif kind == "int":
                singles, rng = _allowed_ints(type_cell)
                if cid == "barrel_threshold":   # the band moves with the target (see below)
                    continue
                if rng is None:
                    assert list(conv.values) == singles and conv.min is None, cid
                else:
                    assert list(conv.values or ()) == singles, cid
                    assert (conv.min, conv.max, conv.step) == rng, cid


def test_barrel_threshold_is_850_to_950_in_steps_of_5_with_target_1000():
    ok = [t for t in range(300, 1500, 5)
          if _valid({"barrel_threshold": t})]
    assert ok == list(range(850, 955, 5))
    assert _valid({"barrel_threshold": 880, "target_score": 1005})
    assert not _valid({"barrel_threshold": 902})
    assert _valid({"barrel_threshold": 600, "barrel_mode": "open"})  # stored, unused


def _valid(values) -> bool:
    try:
        CATALOGUE.validate(values)
        return True
    except ConventionError:
        return False


@needs_spec
def test_classic_defaults_equal_the_appendix_json():
    block = between(spec_text(), "## Appendix", "\n```\n")
    data = json.loads(block[block.index("```json") + len("```json"):])
    expected = {k: v for k, v in data.items() if k not in ("schema_version", "preset")}
    expected["pit_ranges"] = cell_value("pit_ranges", json.dumps(expected["pit_ranges"]))
    assert CATALOGUE.defaults() == expected
    assert CATALOGUE.resolve("classic") == expected
    assert pits(CATALOGUE.defaults()) == ((200, 299), (600, 699))
    assert data["schema_version"] == CATALOGUE.schema_version


# --- §4: the presets --------------------------------------------------------------------------------

@needs_spec
@pytest.mark.parametrize("preset", PRESETS)
def test_preset_equals_its_4_matrix_column(preset):
    column = matrix()[preset]
    assert list(column) == CATALOGUE.ids()
    resolved = CATALOGUE.resolve(preset)
    for cid, (value, _) in column.items():
        assert resolved[cid] == value and type(resolved[cid]) is type(value), (preset, cid)
    # stored as complete value sets (§4)
    assert CATALOGUE.preset(preset)["values"] == resolved


@needs_spec
@pytest.mark.parametrize("preset", PRESETS)
def test_every_value_the_matrix_marks_n_a_is_greyed_out(preset):
    inactive = set(CATALOGUE.inactive(CATALOGUE.resolve(preset)))
    for cid, (_, na) in matrix()[preset].items():
        if na:
            assert cid in inactive, (preset, cid)


def test_the_eight_presets_exist_with_titles():
    assert CATALOGUE.preset_names() == PRESETS
    for name in PRESETS:
        p = CATALOGUE.preset(name)
        assert p["title"] and p["description"].endswith(".")
    assert CATALOGUE.resolve("page_b") == CATALOGUE.resolve("p2")   # one text, two translations


# --- refused combinations -----------------------------------------------------------------------------

def refused(values, *ids):
    with pytest.raises(ConventionError) as err:
        CATALOGUE.validate(values)
    assert set(ids) <= set(err.value.ids)
    for cid in ids:
        assert cid in str(err.value)
    return str(err.value)


def test_barrel_threshold_below_target_score_refused():
    msg = refused({"target_score": 500, "dump_truck": "off", "pit_ranges": "none"},
                  "barrel_threshold", "target_score")
    assert "350 to 450" in msg
    CATALOGUE.validate({"target_score": 500, "dump_truck": "off", "pit_ranges": "none",
                        "barrel_threshold": 400})
    CATALOGUE.validate({"target_score": 1500, "barrel_threshold": 1400})


def test_pit_ranges_reaching_the_barrel_refused_q14():
    msg = refused({"pit_ranges": "p3"}, "pit_ranges", "barrel_threshold")
    assert "750-900" in msg
    CATALOGUE.validate({"pit_ranges": "p3", "barrel_mode": "none"})
    refused({"pit_ranges": "classic", "target_score": 500, "barrel_mode": "none",
             "dump_truck": "off"}, "pit_ranges", "target_score")


def test_dump_truck_with_target_score_500_refused():
    refused({"target_score": 500, "barrel_mode": "none", "pit_ranges": "none"},
            "dump_truck", "target_score")


def test_barrel_accumulate_needs_barrel_attempts():
    refused({"barrel_accumulate": True, "barrel_attempts": 0}, "barrel_accumulate",
            "barrel_attempts")
    CATALOGUE.validate({"barrel_accumulate": True, "barrel_attempts": 3})
    CATALOGUE.validate({"barrel_accumulate": True, "barrel_attempts": 0, "barrel_mode": "open"})


def test_barrel_knockoff_fall_with_no_falls_limit_needs_a_fall_penalty_of_50():
    # fuzz dice:4718: p2's barrel at 850 with knock-offs that fall for 0 and no falls limit kept
    # six players at 845-850 for 4,000 turns (each sitter knocked off before their next turn).
    reproducer = {**CATALOGUE.preset("p2")["values"], "barrel_knockoff": "fall"}
    ids = ("barrel_fall_penalty", "barrel_knockoff", "barrel_fall_limit")
    message = refused(reproducer, *ids)
    assert "barrel_fall_penalty 0" in message and "50 or more" in message
    assert "barrel_fall_penalty 45" in refused({**reproducer, "barrel_fall_penalty": 45}, *ids)
    for allowed in ({"barrel_fall_penalty": 50}, {"barrel_fall_limit": 3},
                    {"barrel_knockoff": "to_entry_score"}, {"barrel_mode": "zone"}):
        CATALOGUE.validate({**reproducer, **allowed})
    CATALOGUE.validate({**CATALOGUE.preset("classic")["values"], "barrel_fall_limit": 0})   # falls cost 100


@pytest.mark.parametrize("cid, value, words", [
    ("entry_minimum", 60, "allowed: 0, 25, 50, 55, 75, 100"),
    ("overtake_penalty", 20, "allowed: 0, or 25 to 100 in steps of 5"),
    ("bolt_limit", 6, "allowed: 2 to 5"),
    ("target_score", 1001, "allowed: 500, 1000, 1005, 1500"),
    ("pit_ranges", [[200, 299]], "text expected"),
    ("bolts", 1, "bool expected"),
    ("barrel_mode", "barrel", "allowed: none, points, zone, open"),
])
def test_values_outside_the_catalogue_refused_naming_the_convention(cid, value, words):
    with pytest.raises(ConventionError) as err:
        CATALOGUE.validate({cid: value})
    assert str(err.value).startswith(f"{cid}: ") and words in str(err.value)


def test_retarget_follows_3_1():
    v = retarget(CATALOGUE.defaults(), 1500)
    assert v["barrel_threshold"] == 1400 and v["pit_ranges"] == "classic"
    back = retarget(v, 1000)
    assert back == CATALOGUE.defaults()
    v = retarget({"pit_ranges": "danil"}, 500)
    assert v["pit_ranges"] == "danil_low" and v["barrel_threshold"] == 400
    v = retarget({"pit_ranges": "p4_extra"}, 500)
    assert v["pit_ranges"] == "none"


# --- saved settings and the settings screen ----------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_round_trips_through_json(preset):
    values = CATALOGUE.resolve(preset)
    saved = CATALOGUE.to_json(values, preset)
    assert saved == {"schema_version": 1, "game": "dice", "preset": preset, "overrides": {}}
    assert CATALOGUE.from_json(json.loads(json.dumps(saved))) == values
    bare = CATALOGUE.to_json(values)
    assert CATALOGUE.from_json(json.loads(json.dumps(bare))) == values


def _allowed(conv):
    if conv.type == "bool":
        return st.booleans()
    choices = st.sampled_from(conv.values) if conv.values else None
    if conv.min is None:
        return choices
    stepped = st.integers(0, (conv.max - conv.min) // conv.step).map(
        lambda k: conv.min + k * conv.step)
    return st.one_of(choices, stepped) if choices is not None else stepped


@settings(max_examples=150, deadline=None)
@given(preset=st.sampled_from([None] + PRESETS),
       data=st.data())
def test_random_valid_settings_round_trip_through_json(preset, data):
    ids = data.draw(st.lists(st.sampled_from(CATALOGUE.ids()), unique=True, max_size=12))
    overrides = {cid: data.draw(_allowed(CATALOGUE.get(cid))) for cid in ids}
    try:
        values = CATALOGUE.resolve(preset, overrides)
    except ConventionError:
        assume(False)
    saved = json.loads(json.dumps(CATALOGUE.to_json(values, preset)))
    assert CATALOGUE.from_json(saved) == values


def test_cards_settings_are_refused_by_the_dice_catalogue():
    with pytest.raises(ConventionError, match="another game"):
        CATALOGUE.from_json({"schema_version": 1, "game": "cards", "preset": None,
                             "overrides": {}})


def test_describe_lists_every_convention_with_player_facing_words():
    groups = CATALOGUE.describe()
    assert [c["id"] for g in groups for c in g["conventions"]] == CATALOGUE.ids()
    assert json.loads(json.dumps(groups)) == groups
    for g in groups:
        assert g["title"] and g["description"]
        for c in g["conventions"]:
            assert c["title"] and c["description"].endswith("."), c["id"]
    for conv in CATALOGUE.conventions:
        if conv.type == "enum" or (conv.values and len(conv.values) > 1):
            assert set(conv.value_labels) == set(conv.values), conv.id
