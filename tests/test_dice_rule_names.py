"""Every rule number (§2.6.2 → 2_6_2), convention id and worked example (E1-E16) of dice.md is
named by at least one test in tests/test_dice_*.py."""
import re
from pathlib import Path

import pytest

from thousand.dice.catalogue import CATALOGUE

TESTS = Path(__file__).resolve().parent
SPEC = TESTS.parents[1] / "shared/rules/dice.md"


def dice_test_names() -> list:
    names = []
    for path in TESTS.glob("test_dice_*.py"):
        names += re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), flags=re.M)
    return names


@pytest.mark.skipif(not SPEC.exists(), reason="dice.md is not beside this checkout")
def test_every_rule_number_of_dice_md_is_named_by_a_test():
    rules = sorted(set(re.findall(r"\*\*§(\d+(?:\.\d+)+)", SPEC.read_text(encoding="utf-8"))))
    assert len(rules) >= 70
    names = dice_test_names()
    missing = [r for r in rules
               if not any(re.search(rf"(?<!\d){r.replace('.', '_')}(?!\d)", n) for n in names)]
    assert missing == []


def test_every_convention_id_is_named_by_a_test():
    names = dice_test_names()
    assert [c for c in CATALOGUE.ids() if not any(c in n for n in names)] == []


@pytest.mark.skipif(not SPEC.exists(), reason="dice.md is not beside this checkout")
def test_every_worked_example_of_section_5_is_named_by_a_test():
    examples = re.findall(r"^\| (E\d+) \|", SPEC.read_text(encoding="utf-8"), flags=re.M)
    assert len(examples) == 16
    names = dice_test_names()
    missing = [e for e in examples
               if not any(re.search(rf"(^|_){e.lower()}(_|$)", n) for n in names)]
    assert missing == []
