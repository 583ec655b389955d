"""The languages' machinery (issue 10): plural rules, .po catalogues, numbers, engine reasons."""
import pytest

from thousand import i18n
from thousand.errors import BadInput, IllegalAction
from thousand.i18n import N_, po


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


@pytest.mark.parametrize("lang,cases", [
    ("ru", {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 111: 2, 121: 0}),
    ("uk", {1: 0, 3: 1, 5: 2, 21: 0, 112: 2}),
    ("pl", {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 21: 2, 22: 1, 0: 2}),
    ("ro", {1: 0, 0: 1, 2: 1, 19: 1, 20: 2, 101: 1, 120: 2}),
    ("en", {1: 0, 0: 1, 2: 1}), ("el", {1: 0, 5: 1}), ("ko", {1: 0, 5: 0}), ("th", {7: 0}),
])
def test_plural_rules_of_each_language(lang, cases):
    for n, form in cases.items():
        assert i18n.plural_index(lang, n) == form, (lang, n)


PO = r'''msgid ""
msgstr ""
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 ? 0 : 1);\n"

#: thousand/ui/x.py:1
msgid "Pass"
msgstr "Пас"

msgctxt "card"
msgid "Jack"
msgstr "Валет"

msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} очко"
msgstr[1] "{n} очка"
msgstr[2] "{n} очков"

#, fuzzy
msgid "Bid"
msgstr "Ставка"

msgid "a \"quoted\"\n"
"two-line text"
msgstr "«цитата»\n"
"в две строки"
'''


def test_po_catalogue_is_read_with_contexts_plurals_and_continued_lines():
    entries = po.parse(PO)
    assert po.header(entries)["Language"] == "ru"
    tr = i18n.Translation.from_po("ru", PO)
    i18n.use(tr)
    assert i18n._("Pass") == "Пас"
    assert i18n.p_("card", "Jack") == "Валет"
    assert i18n._("Jack") == "Jack"  # without the context it is another message
    assert [i18n.n_("{n} point", "{n} points", n) for n in (1, 3, 5, 21)] == \
        ["1 очко", "3 очка", "5 очков", "21 очко"]
    assert i18n._("Bid") == "Bid"  # a fuzzy translation is not used
    assert i18n._('a "quoted"\ntwo-line text') == "«цитата»\nв две строки"


def test_po_written_reads_back_the_same():
    entries = po.parse(PO)
    again = po.parse(po.write(entries))
    assert [(e.key, e.plural, e.strings, e.fuzzy) for e in again] == \
        [(e.key, e.plural, e.strings, e.fuzzy) for e in entries]


@pytest.mark.parametrize("text", ['msgid "a\nmsgstr "b"', 'msgstr "x"', 'msgid "a"\nfoo "b"',
                                  'msgid "a" msgstr', 'msgid "\\q"'])
def test_damaged_po_is_refused_with_its_line(text):
    with pytest.raises(po.PoError, match="line"):
        po.parse(text)


def test_a_broken_placeholder_in_a_translation_falls_back_to_english():
    tr = i18n.Translation("ru", [po.Entry(msgid="{name} bids {value}",
                                          strings=["{имя} заказывает {value}"])])
    i18n.use(tr)
    assert i18n._("{name} bids {value}", name="Вера", value=110) == "Вера bids 110"


def test_numbers_as_each_language_writes_them():
    i18n.use(i18n.Translation("ru"))
    assert (i18n.number(-120), i18n.number(0.6), i18n.signed(60), i18n.signed(-5)) == \
        ("\u2212120", "0,6", "+60", "\u22125")
    i18n.use(i18n.Translation("en"))
    assert (i18n.number(-120), i18n.number(0.6), i18n.signed(0)) == ("\u2212120", "0.6", "0")


def test_browser_languages_pick_the_first_one_spoken():
    assert i18n.choose_language(["de-DE", "uk-UA", "ru"]) == "uk"
    assert i18n.choose_language(["pt-BR"]) == "en"
    assert i18n.choose_language(None) == "en"
    assert i18n.choose_language(["RU_ru"]) == "ru"


def test_engine_reason_carries_a_code_and_values_and_is_worded_in_the_language():
    err = IllegalAction(N_("it is seat {seat}'s turn, not {given}"), seat=2, given=N_("nobody"))
    assert str(err) == "it is seat 2's turn, not nobody"  # the command line's English
    assert err.template == "it is seat {seat}'s turn, not {given}" and err.values["seat"] == 2
    i18n.use(i18n.Translation("ru", [
        po.Entry(msgid="it is seat {seat}'s turn, not {given}",
                 strings=["сейчас ход места {seat}, а не {given}"]),
        po.Entry(msgid="nobody", strings=["никого"])]))
    assert i18n.reason(err) == "сейчас ход места 2, а не никого"
    bad = BadInput("actions[3]", N_("{n} is not a card"), n=7)
    assert str(bad) == "actions[3]: 7 is not a card" and bad.detail == "7 is not a card"
    assert i18n.reason(bad) == "actions[3]: 7 is not a card"
