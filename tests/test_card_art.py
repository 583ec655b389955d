"""The card art in assets/cards (drawn by tools/make_cards.py): every file is there, is SVG with the
card's viewBox and accessible name, is up to date with the generator, and loads nothing from elsewhere."""
import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from thousand.cards.cards import DECK, card_name

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "assets" / "cards"
SVG_NS = "http://www.w3.org/2000/svg"
NAMES = [(code, card_name(code)) for code in DECK] + [("back", "back of a card")]


def load_generator():
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_twenty_four_faces_and_a_back():
    assert len(DECK) == 24
    expected = {f"{code}.svg" for code, _ in NAMES}
    assert expected == {p.name for p in CARDS.glob("*.svg")}


@pytest.mark.parametrize("code, name", NAMES)
def test_card_file(code, name):
    path = CARDS / f"{code}.svg"
    assert path.is_file(), f"{path} is missing: run python3 tools/make_cards.py"
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == f"{{{SVG_NS}}}svg"
    assert root.get("viewBox") == "0 0 100 140"
    assert root.get("role") == "img"
    titles = root.findall(f"{{{SVG_NS}}}title")
    assert [t.text for t in titles] == [name]
    assert root[0].tag == f"{{{SVG_NS}}}title"  # first child, so it is the accessible name


@pytest.mark.parametrize("code, name", NAMES)
def test_card_loads_nothing_from_elsewhere(code, name):
    text = (CARDS / f"{code}.svg").read_text(encoding="utf-8")
    without_namespace = text.replace(f'xmlns="{SVG_NS}"', "", 1)
    assert "http" not in without_namespace.lower()
    assert "//" not in without_namespace
    # no links at all (href, xlink:href), no url(...) references, no scripts, images or fonts
    assert not re.search(r"href\s*=", text)
    assert "url(" not in text
    root = ET.fromstring(text)
    tags = {el.tag.split("}")[-1] for el in root.iter()}
    assert not tags & {"script", "image", "use", "foreignObject", "style", "font-face"}
    # no ids: a page may inline several cards without clashes
    assert not any(el.get("id") for el in root.iter())


@pytest.mark.parametrize("code", [c for c, _ in NAMES if c != "back"])
def test_face_colours_and_index(code):
    text = (CARDS / f"{code}.svg").read_text(encoding="utf-8")
    red, black = "#c8102e", "#1b1b1f"
    if code[1] in "HD":
        assert red in text and black not in text
    else:
        assert black in text and red not in text
    rank_text = {"T": "10"}.get(code[0], code[0])
    root = ET.fromstring(text)
    texts = [el.text for el in root.iter(f"{{{SVG_NS}}}text")]
    assert texts[:2] == [rank_text, rank_text]  # the two corner indexes
    # generic font families only
    assert root.get("font-family").rstrip().endswith("serif")


def test_files_match_the_generator():
    made = load_generator().files()
    assert set(made) == {p.name for p in CARDS.glob("*.svg")}
    for name, text in made.items():
        assert (CARDS / name).read_text(encoding="utf-8") == text, \
            f"{name} differs from tools/make_cards.py: run python3 tools/make_cards.py"
