"""What the card table draws for a steady table (issue 20, Must 6 and 7), as HTML: a hint
highlights the control it names and that one only; the hand is dimmed only while some of its cards
may be tapped; the talon leaves the felt once taken; notices and hints have a place of their own;
the "More" list opens and closes. (Where things lie on the screen is e2e/test_table_steady.py.)"""
import re
from html import unescape

from test_help import card_app, to_person

from thousand.ui.screens import felt, table

PROMPT = re.compile(r'<div class="prompt".*?</div></div>', re.S)
BUTTON = re.compile(r'<button([^>]*)>(.*?)</button>', re.S)


def prompt_buttons(html):
    """(classes, label) of each button of the prompt."""
    prompt = PROMPT.search(html).group(0)
    out = []
    for attrs, label in BUTTON.findall(prompt):
        cls = re.search(r'class="([^"]*)"', attrs)
        out.append((cls.group(1) if cls else "", unescape(re.sub(r"<[^>]+>", "", label))))
    return out


def test_a_hint_in_the_auction_highlights_the_control_it_names_and_no_other():
    for seed in range(4, 12):
        app = card_app(seed=seed)
        assert to_person(app, "bid") or to_person(app, "pass")
        if app.session.view(0)["phase"] != "bidding":
            continue
        usual = [b for b in prompt_buttons(str(app.render())) if "primary" in b[0].split()]
        assert len(usual) == 1 and "hinted" not in usual[0][0]  # the lowest bid, before a hint
        app.handle({"do": "table.hint"})
        html = str(app.render())
        text = app.ui["hint"]["text"]
        lit = [b for b in prompt_buttons(html) if "primary" in b[0].split()]
        assert len(lit) == 1 and "hinted" in lit[0][0].split(), lit
        label = lit[0][1]
        if label == "Bid" and 'selected' in html:  # a value in the picker: chosen there
            label = "Bid " + re.search(r'<option value="(\d+)" selected>', html).group(1)
        assert text.startswith(label + ":"), (label, text)
        # the Hint button stays where it was, and the reason is not in the prompt
        assert ("hint-button", "Hint") in prompt_buttons(html)
        assert "Hint: " not in PROMPT.search(html).group(0)
        assert re.search(r'<div class="table-says"><p class="hint-line" role="status">Hint: ',
                         html)
        return
    raise AssertionError("the person never bid in these deals")


def test_the_hand_is_dimmed_only_while_some_of_its_cards_may_be_tapped():
    app = card_app(seed=5)
    assert to_person(app, "bid") or to_person(app, "pass")
    html = str(app.render())
    assert re.search(r'class="hand(?: many)?"', html) and "choosing" not in html
    assert 'aria-disabled="true"' in html  # none may be played: every card says so
    assert to_person(app, "play")
    assert re.search(r'class="hand choosing', str(app.render()))


def test_the_talon_leaves_the_felt_once_taken():
    view = {"seat": 0, "players": 3, "phase": "exchange",
            "deal": {"talon": ["JC", "9H", "KS"], "talon_taken": 0, "talon_count": 3,
                     "declarer": 0, "counts": [10, 7, 7], "active": [0, 1, 2]}}
    assert felt.talon(view, view["deal"]) == ""                    # the declarer's cards now
    defender = {**view, "seat": 1}
    assert "jack of clubs" in str(felt.talon(defender, defender["deal"]))  # shown, not passed on
    passed = {**defender, "deal": {**defender["deal"], "counts": [9, 8, 7]}}
    assert felt.talon(passed, passed["deal"]) == ""                  # a card has gone on
    before = {**view, "phase": "bidding",
              "deal": {"talon": None, "talon_taken": None, "talon_count": 3}}
    assert str(felt.talon(before, before["deal"])).count("talon card") == 3


def test_a_notice_lies_in_its_own_place_and_more_opens_and_closes():
    app = card_app(seed=5)
    assert to_person(app, "bid") or to_person(app, "pass")
    card = app.session.view(0)["deal"]["hand"][0]
    app.handle({"do": "table.card", "card": card})
    html = str(app.render())
    assert '<div class="table-says"><p class="notice" role="alert">' in html
    assert html.index('class="table-says"') < html.index('class="prompt"')
    assert 'aria-expanded="false"' in html and 'id="table-more" hidden' in html
    app.handle({"do": "table.more"})
    html = str(app.render())
    assert 'aria-expanded="true"' in html and 'id="table-more" hidden' not in html
    app.handle({"do": "table.bids"})  # an item of the list: its dialog, the list closed
    html = str(app.render())
    assert 'aria-label="Bids"' in html and 'id="table-more" hidden' in html
