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
    assert set(made) == {p.relative_to(CARDS).as_posix() for p in CARDS.rglob("*.svg")}
    for name, text in made.items():
        assert (CARDS / name).read_text(encoding="utf-8") == text, \
            f"{name} differs from tools/make_cards.py: run python3 tools/make_cards.py"


# --- the faces as each language's decks print them --------------------------------------------

def in_language(lang):
    from thousand import i18n
    if lang == i18n.SOURCE:
        return i18n.Translation()
    text = (ROOT / "assets" / "locales" / f"{lang}.po").read_text(encoding="utf-8")
    return i18n.Translation.from_po(lang, text)


# Russian and Ukrainian decks: Т (туз), К, Д (дама), В (валет); Polish: A, K, D (dama), W (walet);
# Greek, Romanian, Korean and Thai players use the international A K Q J decks.
DECK_LETTERS = {"ru": "ТКДВ", "uk": "ТКДВ", "pl": "AKDW", "en": "AKQJ", "el": "AKQJ",
                "ro": "AKQJ", "ko": "AKQJ", "th": "AKQJ"}


@pytest.mark.parametrize("lang", sorted(DECK_LETTERS))
def test_each_language_shows_the_faces_its_decks_print(lang):
    from thousand import i18n
    from thousand.ui.card_words import face_src
    from thousand.ui.screens.felt import card_face
    i18n.use(in_language(lang))
    try:
        src = face_src("QH")
        html = str(card_face("JS"))
    finally:
        i18n.use(i18n.Translation())
    path = ROOT / src.removeprefix("./")
    assert path.is_file(), f"{src} is missing: run python3 tools/make_cards.py"
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    texts = [el.text for el in root.iter(f"{{{SVG_NS}}}text")]
    letters = DECK_LETTERS[lang]
    assert texts == [letters[2]] * 3  # both corners and the middle of the queen's face
    assert f'src="{src.replace("QH", "JS")}"' in html
    jack = ET.fromstring((path.parent / "JS.svg").read_text(encoding="utf-8"))
    assert [el.text for el in jack.iter(f"{{{SVG_NS}}}text")][:2] == [letters[3]] * 2
    ace = ET.fromstring((path.parent / "AD.svg").read_text(encoding="utf-8"))
    assert [el.text for el in ace.iter(f"{{{SVG_NS}}}text")] == [letters[0]] * 2
    ten = ET.fromstring((path.parent / "TD.svg").read_text(encoding="utf-8"))
    assert [el.text for el in ten.iter(f"{{{SVG_NS}}}text")] == ["10", "10"]


def test_russian_and_english_faces_lie_apart_and_the_back_is_shared():
    from thousand.ui.card_words import faces_dir
    assert faces_dir(("A", "K", "Q", "J")) == "./assets/cards"
    russian = faces_dir(("Т", "К", "Д", "В"))
    assert russian.startswith("./assets/cards/") and russian.isascii()
    assert faces_dir(("A", "K", "D", "W")) not in (russian, "./assets/cards")
    assert not (ROOT / russian.removeprefix("./") / "back.svg").exists()
