"""The card catalogue against the spec (cards.md §4, §5.2, Appendix) and the generic mechanism.

The spec is parsed at test time, so the catalogue and the presets are checked against the very tables
a rules reader sees, not against a copy."""
import json
import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from thousand.cards.catalogue import CATALOGUE
from thousand.conventions import Catalogue, Constraint, Convention, ConventionError, Group
from thousand.errors import BadInput

SPEC = Path(__file__).resolve().parents[2] / "shared/rules/cards.md"
needs_spec = pytest.mark.skipif(not SPEC.exists(), reason=f"spec not found at {SPEC}")

# §4.1 … §4.11 in order, with §4.13's count for each.
SECTIONS = [("4.1", "table", 9), ("4.2", "redeals", 12), ("4.3", "bidding", 7), ("4.4", "dark", 9),
            ("4.5", "talon", 9), ("4.6", "tricks", 4), ("4.7", "marriages", 11),
            ("4.8", "scoring", 14), ("4.9", "barrel", 14), ("4.10", "golden", 9),
            ("4.11", "players", 5)]
MATRIX_COLUMNS = {
    "CL": "classic", "TC": "table_conventions_1001", "BK": "bank_online",
    "TR": "table_request_online", "GB": "gambler_club", "AG": "agc_pc", "AR": "alt_rules_site",
    "VS": "variants_site", "SS": "scoresheet_rules", "HR": "company_house_rules", "FL": "flash_site",
    "P2": "two_players", "P4": "four_players", "501": "five_oh_one",
}
# The matrix marks dark_can_raise n/a under flash_site (dark bidding on, dark game off), but §4.4.2 B2
# says a deal won by dark bidding may be raised only with dark_can_raise, so it does apply there.
NA_IN_MATRIX_BUT_APPLIES = {("flash_site", "dark_can_raise")}


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


def between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def spec_sections() -> dict:
    """{'4.1': [(id, type cell, classic cell), ...], ...} from the §4 tables."""
    out, current = {}, None
    for line in between(spec_text(), "## 4. Conventions catalogue", "### 4.12").splitlines():
        heading = re.match(r"### (4\.\d+) ", line)
        if heading:
            current = heading.group(1)
            out[current] = []
        row = re.match(r"\| `(\w+)` \| ([^|]*) \| ([^|]*) \|", line)
        if row:
            out[current].append(row.groups())
    return out


def spec_value(cid: str, text: str):
    """A matrix or table cell as a value of that convention's type."""
    text = text.replace("**", "").replace(" (n/a)", "").strip().strip("`").strip('"')
    text = text.replace("−", "-")
    if CATALOGUE.get(cid).type == "enum":
        return text
    if text in ("true", "false", "null"):
        return {"true": True, "false": False, "null": None}[text]
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def matrix() -> dict:
    """{preset: {id: (value, n/a?)}} from the §5.2 tables."""
    columns, out = None, {p: {} for p in MATRIX_COLUMNS.values()}
    for line in between(spec_text(), "### 5.2 The full matrix", "## 6.").splitlines():
        if line.startswith("| Convention |"):
            columns = [MATRIX_COLUMNS[c.strip()] for c in line.strip("|").split("|")[1:]]
        row = re.match(r"\| `(\w+)` \|(.*)\|$", line)
        if row:
            cells = [c.strip() for c in row.group(2).split("|")]
            assert len(cells) == len(columns) == 14, line
            for preset, cell in zip(columns, cells):
                out[preset][row.group(1)] = (spec_value(row.group(1), cell), "(n/a)" in cell)
    return out


# --- (a) the catalogue is §4 ---------------------------------------------------------------------

def test_catalogue_has_103_conventions_in_11_groups_with_the_counts_of_4_13():
    assert len(CATALOGUE.conventions) == 103
    assert len(set(CATALOGUE.ids())) == 103
    assert [g.id for g in CATALOGUE.groups] == [g for _, g, _ in SECTIONS]
    for _, group, count in SECTIONS:
        assert sum(c.group == group for c in CATALOGUE.conventions) == count, group


@needs_spec
def test_every_id_of_each_4_table_is_in_its_group():
    sections = spec_sections()
    assert list(sections) == [s for s, _, _ in SECTIONS]
    spec_ids = []
    for section, group, count in SECTIONS:
        ids = [row[0] for row in sections[section]]
        assert len(ids) == count, section
        for cid in ids:
            assert CATALOGUE.get(cid).group == group, cid
        spec_ids += ids
    assert spec_ids == CATALOGUE.ids()  # same ids, same order as the spec


@needs_spec
def test_types_and_allowed_values_are_the_spec_columns():
    for section, _, _ in SECTIONS:
        for cid, type_cell, classic_cell in spec_sections()[section]:
            conv = CATALOGUE.get(cid)
            kind, _, allowed = type_cell.replace("−", "-").partition(":")
            kind = kind.replace(" (strings)", "").strip()
            assert conv.type == {"int or null": "int_or_null"}.get(kind, kind), cid
            assert conv.default == spec_value(cid, classic_cell), cid
            if conv.type == "bool":
                continue
            if conv.type == "enum":
                assert list(conv.values) == re.findall(r'`"?([\w]+)"?`', allowed), cid
                continue
            # Ints: a list ("0, 13, 14"), a range ("0–500, multiple of 10") or both ("0, 1–5").
            singles, ranges = [], re.findall(r"(-?\d+)–(-?\d+)", allowed)
            for part in re.sub(r"-?\d+–-?\d+(, multiple of \d+)?", "", allowed).split(","):
                if part.strip():
                    singles.append(spec_value(cid, part))
            assert list(conv.values or ()) == singles, cid
            if ranges:
                step = re.search(r"multiple of (\d+)", allowed)
                assert (conv.min, conv.max, conv.step) == (
                    int(ranges[0][0]), int(ranges[0][1]), int(step.group(1)) if step else 1), cid
            else:
                assert conv.min is None, cid


# --- (b) Classic is the Appendix -----------------------------------------------------------------

@needs_spec
def test_classic_defaults_equal_the_appendix_json():
    appendix = between(spec_text(), "## Appendix", "\n```\n") + "\n```\n"
    data = json.loads(appendix[appendix.index("```json") + len("```json"):appendix.rindex("```")])
    expected = {k: v for k, v in data.items() if k not in ("schema_version", "preset")}
    assert CATALOGUE.defaults() == expected
    assert CATALOGUE.resolve("classic") == expected
    for cid, value in expected.items():  # no True standing in for 1
        assert type(CATALOGUE.defaults()[cid]) is type(value), cid


# --- (c) every preset is its §5.2 column ---------------------------------------------------------

@needs_spec
@pytest.mark.parametrize("preset", list(MATRIX_COLUMNS.values()))
def test_preset_equals_its_matrix_column(preset):
    column = matrix()[preset]
    assert list(column) == CATALOGUE.ids()
    resolved = CATALOGUE.resolve(preset)
    for cid, (value, _) in column.items():
        assert resolved[cid] == value and type(resolved[cid]) is type(value), (preset, cid)


@needs_spec
@pytest.mark.parametrize("preset", list(MATRIX_COLUMNS.values()))
def test_every_value_the_matrix_marks_n_a_is_greyed_out(preset):
    inactive = set(CATALOGUE.inactive(CATALOGUE.resolve(preset)))
    for cid, (_, na) in matrix()[preset].items():
        if na and (preset, cid) not in NA_IN_MATRIX_BUT_APPLIES:
            assert cid in inactive, (preset, cid)


def test_the_fourteen_presets_exist_and_validate():
    assert CATALOGUE.preset_names() == list(MATRIX_COLUMNS.values())
    for name in CATALOGUE.preset_names():
        preset = CATALOGUE.preset(name)
        assert preset["title"] and preset["description"]
        assert len(CATALOGUE.resolve(name)) == 103
    assert CATALOGUE.resolve("two_players")["barrel"] is False
    five = CATALOGUE.resolve("five_oh_one")
    assert (five["barrel"], five["dump_truck"], five["target_score"]) == (False, "off", 501)


# --- (d) §4.12: refused combinations -------------------------------------------------------------

def refused(values: dict, *ids) -> str:
    with pytest.raises(ConventionError) as err:
        CATALOGUE.validate(values)
    message = str(err.value)
    for cid in ids:
        assert cid in message
    assert set(ids) <= set(err.value.ids)
    return message


def test_4_12_1_ace_marriage_with_redeal_four_aces_refused():
    for aces in ("dealt", "dealt_or_talon", "dealt_else_give_ace"):
        refused({"ace_marriage": True, "redeal_four_aces": aces}, "ace_marriage", "redeal_four_aces")
    CATALOGUE.validate({"ace_marriage": True, "redeal_four_aces": "off"})


def test_4_12_2_two_talon_size_and_two_exchange_mismatch_refused():
    for exchange in ("discard_two", "give_one"):
        refused({"player_count": 2, "two_talon_size": 3, "two_exchange": exchange},
                "two_talon_size", "two_exchange")
    refused({"player_count": 2, "two_talon_size": 2, "two_exchange": "one_each"},
            "two_talon_size", "two_exchange")
    CATALOGUE.validate({"player_count": 2, "two_talon_size": 3, "two_exchange": "one_each"})


def test_4_12_3_barrel_threshold_not_below_target_refused():
    message = refused({"target_score": 501}, "barrel", "barrel_threshold", "target_score")
    assert "880" in message and "501" in message
    CATALOGUE.validate({"target_score": 501, "barrel": False, "dump_truck": "off"})


def test_4_12_4_dump_value_not_below_target_refused():
    refused({"target_score": 501, "barrel": False}, "dump_truck", "dump_value", "target_score")
    refused({"target_score": 501, "barrel": False, "dump_truck": "positive", "dump_value": 505},
            "dump_truck", "dump_value", "target_score")
    CATALOGUE.validate({"target_score": 501, "barrel": False, "dump_value": 500})


def test_4_12_5_dealer_first_lead_with_four_players_refused():
    refused({"first_lead": "dealer", "player_count": 4}, "first_lead", "player_count")
    CATALOGUE.validate({"first_lead": "dealer", "player_count": 3})


def test_4_12_6_golden_dark_with_double_only_refused():
    refused({"golden_round": True, "golden_mode": "double_only", "golden_dark": True},
            "golden_mode", "golden_dark")
    CATALOGUE.validate({"golden_round": True, "golden_mode": "forced_120", "golden_dark": True})


def test_4_12_7_free_at_need_with_cumulative_or_any_role_refused():
    for mode in ("cumulative", "any_role"):
        refused({"barrel_mode": mode, "barrel_failed_contract": "free_at_need"},
                "barrel_mode", "barrel_failed_contract")
    for mode in ("contract", "no_bidding", "auto_bid"):
        CATALOGUE.validate({"barrel_mode": mode, "barrel_failed_contract": "free_at_need"})


def test_ignored_rather_than_refused_settings_are_stored_and_greyed_out():
    values = CATALOGUE.validate({"dark_who": "anyone", "golden_dark": True, "two_widow": "dead",
                                 "four_sitter_score": "flat_30", "barrel": False,
                                 "barrel_mode": "any_role"})
    inactive = CATALOGUE.inactive(values)
    for cid in ("dark_who", "golden_dark", "two_widow", "four_sitter_score", "barrel_mode"):
        assert values[cid] == CATALOGUE.validate(values)[cid] and cid in inactive
    named = CATALOGUE.inactive({"trump_mode": "declarer_names", "ace_marriage": True})
    assert {"marriage_trump_choice", "trump_takes_effect", "ace_marriage_trump"} <= set(named)
    assert "ace_marriage_lead_all" not in named
    assert "dark_scope" not in CATALOGUE.inactive({"dark_bidding": True})
    assert "dark_who" in CATALOGUE.inactive({"dark_bidding": True})


# --- (e) bad values ------------------------------------------------------------------------------

def test_unknown_convention_refused():
    with pytest.raises(ConventionError, match=r"^unknown convention 'foo'$"):
        CATALOGUE.validate({"foo": 1})
    with pytest.raises(ConventionError, match="unknown convention 'foo'"):
        CATALOGUE.resolve("classic", {"foo": 1})


@pytest.mark.parametrize("cid, value, words", [
    ("bolt_penalty", True, "int expected"),
    ("player_count", True, "int expected"),
    ("player_count", "3", "int expected"),
    ("dump_value", 555.0, "int expected"),
    ("redeal_four_nines", 1, "bool expected"),
    ("redeal_four_nines", "true", "bool expected"),
    ("bid_step", 5, "text expected"),
    ("dark_min_score", False, "int or null expected"),
])
def test_wrong_type_refused_naming_the_convention(cid, value, words):
    with pytest.raises(ConventionError) as err:
        CATALOGUE.validate({cid: value})
    assert str(err.value).startswith(f"{cid}: ") and words in str(err.value)
    assert isinstance(err.value, BadInput) and err.value.where == cid


@pytest.mark.parametrize("cid, value, message", [
    ("bolt_penalty", 505, "bolt_penalty: 505 is not allowed; allowed: 0 to 500 in steps of 10"),
    ("bolt_penalty", 510, "bolt_penalty: 510 is not allowed; allowed: 0 to 500 in steps of 10"),
    ("dump_value", 99, "dump_value: 99 is not allowed; allowed: 100 to 900 in steps of 5"),
    ("bolt_count", 6, "bolt_count: 6 is not allowed; allowed: 2 to 5"),
    ("barrel_attempts", -1, "barrel_attempts: -1 is not allowed; allowed: 0, or 1 to 5"),
    ("player_count", 5, "player_count: 5 is not allowed; allowed: 2, 3, 4"),
    ("dark_min_score", 100, "dark_min_score: 100 is not allowed; allowed: null, 0, 120, 240"),
    ("talon_reveal", "sometimes", "talon_reveal: 'sometimes' is not allowed; allowed: always, "
                                  "hidden_at_100, hidden_if_sitter, choice_at_100"),
    ("bid_step", "15", "bid_step: '15' is not allowed; allowed: 5, 10, 5_then_10_from_200"),
])
def test_out_of_range_refused_with_what_is_allowed(cid, value, message):
    with pytest.raises(ConventionError) as err:
        CATALOGUE.validate({cid: value})
    assert str(err.value) == message


def test_edges_of_ranges_and_null_are_allowed():
    CATALOGUE.validate({"bolt_penalty": 0, "bolt_count": 5, "dump_value": 900, "barrel_attempts": 0,
                        "dark_min_score": None, "bid_step": "5_then_10_from_200"})
    CATALOGUE.validate({"bolt_penalty": 500, "bolt_count": 2, "dump_value": 105, "barrel_attempts": 5})


def test_alias_is_read_as_the_current_value():
    assert CATALOGUE.validate({"marriage_timing": "not_first_trick"})["marriage_timing"] == "after_own_trick"


def test_unknown_preset_refused_listing_the_presets():
    with pytest.raises(ConventionError) as err:
        CATALOGUE.resolve("poker")
    assert "unknown preset 'poker'" in str(err.value)
    for name in CATALOGUE.preset_names():
        assert name in str(err.value)


def test_a_preset_with_overrides_is_checked_as_a_whole():
    values = CATALOGUE.resolve("five_oh_one", {"bolt_penalty": 100})
    assert values["bolt_penalty"] == 100 and values["target_score"] == 501
    with pytest.raises(ConventionError, match="barrel_threshold"):
        CATALOGUE.resolve("five_oh_one", {"barrel": True})
    with pytest.raises(ConventionError, match="redeal_four_aces"):
        CATALOGUE.resolve("table_conventions_1001", {"redeal_four_aces": "dealt"})


def test_validate_does_not_change_its_argument_and_fills_defaults():
    partial = {"target_score": 1001}
    full = CATALOGUE.validate(partial)
    assert partial == {"target_score": 1001}
    assert len(full) == 103 and full["target_score"] == 1001 and full["barrel"] is True
    with pytest.raises(ConventionError):
        CATALOGUE.validate([("target_score", 1001)])


# --- (f) saved settings round trip ---------------------------------------------------------------

def through_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("preset", list(MATRIX_COLUMNS.values()))
def test_every_preset_round_trips_through_json(preset):
    values = CATALOGUE.resolve(preset)
    saved = CATALOGUE.to_json(values, preset)
    assert saved == {"schema_version": 1, "game": "cards", "preset": preset, "overrides": {}}
    assert CATALOGUE.from_json(through_json(saved)) == values
    # Without naming the preset, the file lists exactly its differences from Classic.
    bare = CATALOGUE.to_json(values)
    assert bare["preset"] is None
    assert bare["overrides"] == {k: v for k, v in values.items() if CATALOGUE.defaults()[k] != v}
    assert CATALOGUE.from_json(through_json(bare)) == values


def allowed_values(conv: Convention):
    if conv.type == "bool":
        return st.booleans()
    choices = st.sampled_from(conv.values) if conv.values else None
    if conv.min is None:
        return choices
    stepped = st.integers(0, (conv.max - conv.min) // conv.step).map(lambda k: conv.min + k * conv.step)
    return st.one_of(choices, stepped) if choices is not None else stepped


@st.composite
def override_sets(draw):
    ids = draw(st.lists(st.sampled_from(CATALOGUE.ids()), unique=True, max_size=25))
    return {cid: draw(allowed_values(CATALOGUE.get(cid))) for cid in ids}


@settings(max_examples=300, deadline=None)
@given(preset=st.sampled_from([None] + CATALOGUE.preset_names()), overrides=override_sets())
def test_random_valid_settings_round_trip_through_json(preset, overrides):
    try:
        values = CATALOGUE.resolve(preset, overrides)
    except ConventionError:
        assume(False)
    saved = through_json(CATALOGUE.to_json(values, preset))
    assert CATALOGUE.from_json(saved) == values
    base = CATALOGUE.resolve(preset) if preset else CATALOGUE.defaults()
    assert all(base[k] != v for k, v in saved["overrides"].items())


def test_from_json_refuses_damaged_files():
    good = CATALOGUE.to_json(CATALOGUE.defaults())
    for bad, words in [
        ([], "JSON object"),
        ({**good, "game": "dice"}, "another game"),
        ({k: v for k, v in good.items() if k != "game"}, "another game"),
        ({**good, "schema_version": "1"}, "schema_version"),
        ({**good, "schema_version": True}, "schema_version"),
        ({**good, "schema_version": 0}, "schema_version"),
        ({**good, "preset": "poker"}, "unknown preset 'poker'"),
        ({**good, "overrides": {"bolt_penalty": 505}}, "bolt_penalty: 505"),
        ({**good, "overrides": [1]}, "overrides"),
        ({**good, "extra": 1}, "unknown field 'extra'"),
    ]:
        with pytest.raises(ConventionError, match=re.escape(words)):
            CATALOGUE.from_json(bad)


# --- (g) a newer file ----------------------------------------------------------------------------

def test_settings_from_a_newer_schema_version_are_refused():
    saved = {**CATALOGUE.to_json(CATALOGUE.defaults()), "schema_version": 2}
    with pytest.raises(ConventionError, match="made by a newer version") as err:
        CATALOGUE.from_json(saved)
    assert err.value.where == "schema_version"


# --- (h) the settings screen ---------------------------------------------------------------------

def test_describe_lists_every_convention_once_in_11_groups():
    groups = CATALOGUE.describe()
    assert len(groups) == 11
    listed = [c["id"] for g in groups for c in g["conventions"]]
    assert listed == CATALOGUE.ids()
    assert json.loads(json.dumps(groups)) == groups  # JSON as is, no key turned into a string
    for g in groups:
        assert g["title"] and g["description"]
        for c in g["conventions"]:
            assert c["title"] and c["description"], c["id"]
            assert [x["value"] for x in c["labels"]] == c["values"]
            assert c["default"] == CATALOGUE.get(c["id"]).default


def test_every_choice_has_a_player_facing_label():
    for conv in CATALOGUE.conventions:
        if conv.type == "enum" or (conv.values and len(conv.values) > 1):
            assert set(conv.value_labels) == set(conv.values), conv.id
        assert conv.description.endswith("."), conv.id


# --- the generic mechanism, with a small made-up catalogue -----------------------------------------

def tiny(**overrides) -> Catalogue:
    parts = dict(
        game="dice", schema_version=3,
        groups=[Group(id="g", title="G", description="A group.")],
        conventions=[
            Convention(id="on", type="bool", default=False, group="g", title="On", description="On."),
            Convention(id="n", type="int", values=(0,), min=25, max=100, step=5, default=50,
                       group="g", title="N", description="N.", requires=("on", True)),
        ],
        constraints=[Constraint(("on", "n"), lambda v: "n cannot be 0 while on" if v["on"] and
                                v["n"] == 0 else None)],
        presets={"p": {"title": "P", "description": "P.", "values": {"on": True}}},
    )
    parts.update(overrides)
    return Catalogue(**parts)


def test_generic_catalogue_checks_ranges_constraints_and_requires():
    cat = tiny()
    assert cat.defaults() == {"on": False, "n": 50}
    assert cat.validate({"n": 0}) == {"on": False, "n": 0}
    with pytest.raises(ConventionError, match=r"^n: int expected, got 30\.0$"):
        cat.validate({"n": 30.0})
    with pytest.raises(ConventionError, match="allowed: 0, or 25 to 100 in steps of 5"):
        cat.validate({"n": 20})
    with pytest.raises(ConventionError, match="n cannot be 0 while on"):
        cat.resolve("p", {"n": 0})
    assert cat.inactive({}) == ["n"] and cat.inactive({"on": True}) == []
    assert cat.from_json({"schema_version": 2, "game": "dice", "preset": "p"}) == {"on": True, "n": 50}
    with pytest.raises(ConventionError, match="newer version"):
        cat.from_json({"schema_version": 4, "game": "dice"})
    cat.get("n").check(100)
    with pytest.raises(ConventionError):
        cat.get("on").check(0)


def test_a_broken_catalogue_is_found_when_it_is_built():
    with pytest.raises(ConventionError):  # a preset value out of range
        tiny(presets={"p": {"title": "P", "description": "P.", "values": {"n": 7}}})
    with pytest.raises(ConventionError):  # a default refused by its own convention
        Convention(id="x", type="int", values=(1, 2), default=3, group="g", title="X", description="X.")
    with pytest.raises(ValueError):
        Convention(id="x", type="float", default=1.0, group="g", title="X", description="X.")
