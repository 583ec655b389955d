"""Every rule number and convention id of the rules specs is named by at least one test."""
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("rule_coverage", ROOT / "tools/rule_coverage.py")
rule_coverage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rule_coverage)


@pytest.mark.parametrize("game", ["cards", "dice"])
def test_every_rule_and_convention_is_named_by_a_test(game):
    if not rule_coverage.spec_path(game).exists():
        pytest.skip(f"../shared/rules/{game}.md is not beside this checkout")
    if game == "dice" and importlib.util.find_spec("thousand.dice.catalogue") is None:
        pytest.skip("the dice engine is not in this checkout yet")
    report = rule_coverage.report(game)
    assert report["rules"] > 0 and report["conventions"] > 0
    assert report["rules_missing"] == [], report["rules_missing"]
    assert report["conventions_missing"] == [], report["conventions_missing"]
