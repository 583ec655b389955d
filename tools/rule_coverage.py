"""Which rule numbers and convention ids of the rules specs are named by a test.

    python tools/rule_coverage.py [cards|dice]

Rule numbers (R12, T7, F5, D3, B2, G4, EX13, and §2.6.2-style numbers in dice.md) and convention
ids are read from ../shared/rules/<game>.md; a rule or id counts as covered when a test function's
name in tests/ contains it (R10a counts for R10; §2.6.2 is written 2_6_2)."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC_DIR = ROOT.parent / "shared" / "rules"


def spec_path(game: str) -> Path:
    return SPEC_DIR / f"{game}.md"


def rule_ids(text: str, game: str) -> list:
    if game == "cards":
        found = re.findall(r"\*\*((?:R|T|F|D|B|G)\d+)\*\*", text)
        found += re.findall(r"^\| (EX\d+) \|", text, flags=re.M)
    else:
        found = re.findall(r"\*\*§(\d+(?:\.\d+)+)[*\s]", text)
    return sorted(set(found), key=lambda r: (re.sub(r"\d.*", "", r), [int(x) for x in re.findall(r"\d+", r)]))


def convention_ids(game: str) -> list:
    if game == "cards":
        from thousand.cards.catalogue import CATALOGUE
    else:
        from thousand.dice.catalogue import CATALOGUE
    return CATALOGUE.ids()


def test_names() -> list:
    names = []
    for path in (ROOT / "tests").glob("test_*.py"):
        names += re.findall(r"^\s*def (test_\w+)", path.read_text(), flags=re.M)
    return names


def covered(rule: str, names: list) -> bool:
    if rule[0].isdigit():  # dice §2.6.2 → 2_6_2, not followed by another digit
        token = rule.replace(".", "_")
        return any(re.search(rf"(?<![\d]){token}(?![\d])", n) for n in names)
    return any(re.search(rf"(?<![A-Za-z0-9]){rule}(?![0-9])", n) for n in names)


def id_covered(cid: str, names: list) -> bool:
    return any(cid in n for n in names)


def report(game: str) -> dict:
    text = spec_path(game).read_text(encoding="utf-8")
    names = test_names()
    rules = rule_ids(text, game)
    ids = convention_ids(game)
    return {"rules": len(rules), "rules_missing": [r for r in rules if not covered(r, names)],
            "conventions": len(ids),
            "conventions_missing": [c for c in ids if not id_covered(c, names)]}


def main(argv):
    sys.path.insert(0, str(ROOT))
    game = argv[1] if len(argv) > 1 else "cards"
    r = report(game)
    print(f"{game}: {r['rules'] - len(r['rules_missing'])}/{r['rules']} rules and "
          f"{r['conventions'] - len(r['conventions_missing'])}/{r['conventions']} conventions "
          "named by a test")
    for key in ("rules_missing", "conventions_missing"):
        if r[key]:
            print(f"  {key}: {', '.join(r[key])}")
    return 0 if not (r["rules_missing"] or r["conventions_missing"]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
