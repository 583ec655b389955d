"""The words of the table (issue 20, Must 8 and 10): red suits wherever ♥ and ♦ are written, one
minus sign (U+2212) in every language, bolts as a counted phrase, and the Russian catalogue's game
words (взакрытую; hints and the pass of a card that read as sentences; the cut in one verb)."""
from pathlib import Path

import pytest

from thousand import i18n
from thousand.i18n import po
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.card_words import suits_in_colour
from thousand.ui.screens import felt, rules

LOCALES = Path(__file__).resolve().parents[1] / "assets" / "locales"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def catalogue(code) -> dict:
    text = (LOCALES / f"{code}.po").read_text(encoding="utf-8")
    return {e.key: e.strings for e in po.parse(text) if e.msgid}


def test_red_suits_are_red_and_black_suits_and_text_stay_as_they_are():
    html = suits_in_colour("Марьяж: ♥ 100, ♦ 80, ♣ 60, ♠ 40 <b>")
    assert html == ('Марьяж: <span class="suit-red">♥</span> 100, '
                    '<span class="suit-red">♦</span> 80, ♣ 60, ♠ 40 &lt;b&gt;')


def test_the_rules_screen_writes_hearts_and_diamonds_red():
    app = App(Store(MemoryBackend()), delay=0, seed=1)
    html = str(rules.render(app))
    assert '<span class="suit-red">♥</span> 100' in html
    assert '<span class="suit-red">♦</span> 80' in html and "♣ 60" in html


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_one_minus_sign_in_every_language(code):
    i18n.use(i18n.Translation(code))
    assert i18n.number(-105) == "\u2212105" and i18n.signed(-5) == "\u22125"
    # a number an engine quotes as text ("got -30") gets the same sign
    assert i18n._("got {got}", got="-30") == "got \u221230"
    assert i18n._("got {got}", got="-x") == "got -x"


def test_R53_bolts_beside_a_seat_are_a_counted_phrase():
    view = {"players": 3, "seat": 0, "dealer": 2, "deal": {},
            "score": {"barrel": [{"on": False}] * 3, "bolts": [1, 2, 0]}}
    assert "1 bolt" in str(felt.seat_tags(view, 0, ["a", "b", "c"]))
    assert "2 bolts" in str(felt.seat_tags(view, 1, ["a", "b", "c"]))
    ru = catalogue("ru")
    assert ru[(None, "{n} bolt")] == ["{n} болт", "{n} болта", "{n} болтов"]


def test_the_russian_catalogue_writes_the_game_words_as_players_say_them():
    ru = catalogue("ru")
    texts = [s for strings in ru.values() for s in strings]
    assert not [t for t in texts if "в закрытую" in t]
    assert any("взакрытую" in t for t in texts)
    # a hint names the card in a sentence a player would say, never "Заходите: десятка треф"
    leads = [s[0] for (ctx, msgid), s in ru.items() if msgid.startswith("Lead the {card}")]
    assert leads and all(t.startswith("Лучший заход — {card}") for t in leads)
    assert ru[(None, "Give to {name}")] == ["Получит {name}"]
    # the cut panel in one verb: сдвинуть
    assert ru[(None, "Cut the deck")] == ["Сдвиньте колоду"]
    assert ru[(None, "Cards to lift")] == ["Сколько карт сдвинуть"]
    assert ru[("verb", "Cut")] == ["Сдвинуть"]
