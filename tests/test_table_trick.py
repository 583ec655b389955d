"""Every trick seen, marriages and points in view (issue 20, Must 2 and 3): the last trick of a deal
lies on the table with its winner marked before the summary opens, nobody acts meanwhile, and
"Last trick" shows it until the next deal's first trick; the points each seat has taken this deal
(R47: card points and the marriages it announced, R45) come from a seat's view alone and add up to
the deal's settled facts; an announcement is shown at its seat while its trick is on the table."""
import random
import re

import pytest

from test_engine_tricks import after_trick1, after_trick2, finish
from helpers_engine import conv, play
from test_ui_app import new_app, person_move, start
from thousand import i18n
from thousand.cards import game
from thousand.cards.cards import card_points
from thousand.cards.views import seat_view
from thousand.ui import language, preferences, tally
from thousand.ui.screens import felt, table

BOTS = {0: "bot:heuristic", 1: "bot:heuristic", 2: "bot:heuristic"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def bots_to_deal_end(app, limit=400):
    """Computer players at every seat play on until a deal has ended (its summary pending)."""
    for _ in range(limit):
        if table._summary_pending(app):
            return
        assert app.bot_step(), "the computer players stopped before the deal's end"
    raise AssertionError("no deal ended")


def dialog_name(html):
    found = re.search(r'role="dialog" aria-modal="true" aria-label="([^"]*)"', html)
    return found.group(1) if found else None


# --- the points taken (thousand/ui/tally.py) ----------------------------------------------------

def test_R47_R45_points_taken_from_each_seats_view_add_up_to_the_settled_facts():
    s = game.new_game(conv(), 5, first_dealer=0)
    rnd = random.Random(5)
    played = 0
    while s["score"]["deals_settled"] < 3:
        if s["phase"] == "play":
            views = [seat_view(s, p) for p in range(3)]
            seen = [tally.taken(v) for v in views]
            assert seen[0] == seen[1] == seen[2]  # tricks and announcements are public
            d = s["deal"]
            card_pts = [sum(card_points(c for _p, c in t["cards"])
                            for t in d["tricks"] if t["winner"] == p) for p in range(3)]
            ann = [sum(a["value"] for a in d["announcements"] if a["seat"] == p)
                   for p in range(3)]
            assert seen[0] == [c + a for c, a in zip(card_pts, ann)]
            last_play = seen[0]
        before = s["score"]["deals_settled"]
        s = game.apply(s, rnd.choice(game.legal_actions(s)))
        if s["score"]["deals_settled"] > before and s["last_deal"]["facts"]["outcome"] == "played":
            facts = s["last_deal"]["facts"]
            # the last count seen before the last card, plus that trick, is what was settled
            final = [facts["card_points"][p] + sum(facts["marriages"][p]) for p in range(3)]
            assert sum(final) - sum(last_play) == sum(card_points([c]) for _p, c in
                                                      s["last_deal"]["tricks"][-1]["cards"])
            played += 1
    assert played >= 1


def test_R45_a_defenders_marriage_counts_nothing_under_declarer_only():
    s = play(after_trick2(conv(marriage_points_to="declarer_only")), "AS", "JH", "TS")
    s = play(s, "KD", announce="marriage")  # seat 2, a defender, announces diamonds
    v = seat_view(s, 0)
    taken = tally.taken(v)
    won = {p: sum(card_points([c]) for t in s["deal"]["tricks"] if t["winner"] == p
                  for _q, c in t["cards"]) for p in range(3)}
    assert taken[1] == won[1] + 100 and taken[2] == won[2] and taken[0] == won[0]


def test_no_points_taken_before_the_tricks():
    s = after_trick1()
    assert tally.taken(seat_view(s, 0)) is not None
    s = game.new_game(conv(), 1, first_dealer=0)
    s = game.apply(s, game.legal_actions(s)[0])  # dealt: the auction is ahead
    assert tally.taken(seat_view(s, 0)) is None


def test_R44_the_announcement_is_current_while_its_trick_is_on_the_table():
    s = after_trick1()
    assert tally.current_announcement(seat_view(s, 0)) is None
    s = play(s, "KH", announce="marriage")  # seat 1 leads the king with the hearts marriage
    v = seat_view(s, 2)
    a = tally.current_announcement(v)
    assert a["seat"] == 1 and a["kind"] == "marriage" and a["suit"] == "H" and a["value"] == 100
    s = play(s, "9H", "9C")  # the trick is complete, still lying on the table
    v = seat_view(s, 0)
    assert tally.current_announcement(v, v["deal"]["tricks"][-1]) == a
    s = play(s, "AS")  # the next trick begun: the announcement was a moment ago
    assert tally.current_announcement(seat_view(s, 0)) is None


@pytest.mark.parametrize("announcement,cards", [
    ({"kind": "marriage", "suit": "H"}, ["KH", "QH"]),
    ({"kind": "bed_marriage", "suit": "S"}, ["QS", "JS"]),
    ({"kind": "ace_marriage", "suit": "D"}, ["AH", "AD", "AC", "AS"]),
    ({"kind": "four_nines", "suit": ""}, ["9H", "9D", "9C", "9S"])])
def test_an_announcement_shows_its_cards(announcement, cards):
    assert tally.announced_cards(announcement) == cards


def test_the_marriage_mark_says_its_value_and_the_new_trump_in_each_language():
    s = play(after_trick1(), "KH", announce="marriage")
    v = seat_view(s, 0)
    mark = felt.announcement_mark(v["deal"], tally.current_announcement(v))
    assert 'aria-label="hearts marriage: 100 points, the trump is hearts now"' in mark
    assert "KH.svg" in mark and "QH.svg" in mark and "+100" in mark and "Trump ♥" in mark
    i18n.use(language.translation("ru", language.disk_source))
    mark = felt.announcement_mark(v["deal"], tally.current_announcement(v))
    assert 'aria-label="червонный марьяж: 100 очков, козырь теперь черви"' \
        in mark
    assert "Козырь ♥" in mark


def test_a_marriage_that_keeps_the_trump_does_not_say_a_new_one():
    c = conv(marriage_trump_choice=True)
    s = play(after_trick1(c), "KH", announce="marriage", keep_trump=True)
    v = seat_view(s, 0)
    mark = felt.announcement_mark(v["deal"], tally.current_announcement(v))
    assert 'aria-label="hearts marriage: 100 points"' in mark and "Trump" not in mark


# --- the table ----------------------------------------------------------------------------------

def test_the_last_trick_lies_on_the_table_with_its_winner_before_the_summary():
    app = new_app(seed=1)
    start(app, 3, kinds=BOTS)
    bots_to_deal_end(app)
    last = app.session.state["last_deal"]["tricks"][-1]
    html = str(app.render())
    assert dialog_name(html) is None  # no summary yet
    assert 'class="centre trick-done"' in html
    for seat, card in last["cards"]:
        assert f'data-key="{card}"' in html
    winner = app.session.names()[last["winner"]]
    assert f"{winner} takes the trick" in html
    assert re.search(r'class="played at-\w+ wins"><span class="card" role="img" aria-label="[^"]*"'
                     rf' data-key="{dict((s, c) for s, c in last["cards"])[last["winner"]]}"',
                     html)
    assert '<span class="deal-no">Deal 1</span>' in html  # the deal that ended, not the next
    assert 'data-do="table.act"' not in html  # nothing to decide meanwhile
    # the way on without a tap on the felt (a keyboard): the summary at once
    assert re.search(r'<button type="button" class="primary" data-do="table.gather">Continue',
                     html)
    assert table.trick_pause(app) == app.trick_pause() and table.deal_end_waits(app)
    assert not app.bot_step()  # nobody deals behind it
    app.handle({"do": "table.gather"})  # the pause over, or a tap
    html = str(app.render())
    assert dialog_name(html) == "End of the deal" and 'class="centre trick-done"' not in html
    assert table.trick_pause(app) is None and not table.deal_end_waits(app)
    assert len(app.session.record["deals"]) == 1  # the next deal is dealt after the summary


def test_no_move_is_made_while_the_last_trick_lies_on_the_table():
    app = new_app(seed=1)
    start(app, 3, kinds={1: "bot:heuristic", 2: "bot:heuristic"})
    rnd = random.Random(1)
    for _ in range(400):
        while app.bot_step():
            pass
        if table._summary_pending(app):
            break
        person_move(app, rnd)
    state = app.session.state
    app.handle({"do": "table.act", "i": 0})  # a stale button: the deal (if the person deals)
    app.handle({"do": "table.card", "card": "AH"})
    assert app.session.state is state and len(app.session.record["deals"]) == 1


def test_last_trick_shows_the_finished_deals_last_trick_until_the_next_deals_first():
    app = new_app(seed=1)
    start(app, 3, kinds={1: "bot:heuristic", 2: "bot:heuristic"})
    rnd = random.Random(3)
    for _ in range(400):
        while app.bot_step():
            pass
        if table._summary_pending(app):
            break
        person_move(app, rnd)
    finished = app.session.state["last_deal"]["tricks"][-1]["cards"]
    app.handle({"do": "table.gather"})
    app.handle({"do": "table.seen"})
    checked = 0
    for _ in range(200):
        d = app.session.state["deal"]
        if d is not None and d.get("tricks"):
            break
        html = str(app.render())
        assert 'data-do="table.last_trick" disabled' not in html
        app.handle({"do": "table.last_trick"})
        html = str(app.render())
        assert dialog_name(html) == "Last trick"
        shown = re.findall(r'data-key="(\w\w)"', html.split('aria-label="Last trick"')[1])
        assert shown == [] and [c for _s, c in finished] == re.findall(
            r'cards/(\w\w)\.svg', html.split('aria-label="Last trick"')[1])
        app.handle({"do": "table.close"})
        checked += 1
        if not app.bot_step():
            person_move(app, rnd)
    assert checked >= 2
    first = app.session.state["deal"]["tricks"][0]
    app.handle({"do": "table.last_trick"})
    html = str(app.render()).split('aria-label="Last trick"')[1]
    assert re.findall(r'cards/(\w\w)\.svg', html) == [c for _s, c in first["cards"]]


def test_points_taken_and_the_contract_are_on_the_table_unless_hidden():
    app = new_app(seed=1)
    start(app, 3, kinds=BOTS)
    while app.session.state["phase"] != "play" or not app.session.state["deal"]["tricks"]:
        assert app.bot_step()
    v = app.session.view(0)
    d = v["deal"]
    taken = tally.taken(v)
    html = str(app.render())
    decl = d["declarer"]
    assert f"taken {taken[decl]} of {d['contract']}" in html
    for p in range(3):
        if p != decl:
            assert f'<span class="taken-points">taken {taken[p]}</span>' in html
    assert 'class="felt-trump' in html
    preferences.write(app.store, "show_points", False)
    html = str(app.render())
    assert "taken-points" not in html and "taken " not in html
    assert 'class="felt-trump' in html  # the trump stays in sight


def test_the_points_on_the_last_trick_are_the_summarys():
    app = new_app(seed=1)
    start(app, 3, kinds=BOTS)
    bots_to_deal_end(app)
    facts = app.session.state["last_deal"]["facts"]
    html = str(app.render())
    shown = [int(x) for x in re.findall(r'class="taken-points[^"]*">taken (\d+)', html)]
    assert sorted(shown) == sorted(facts["card_points"][p] + sum(facts["marriages"][p])
                                   for p in range(3))


def test_a_marriage_is_shown_at_its_seat_while_its_trick_lies():
    app = new_app(seed=1)
    start(app, 3, kinds=BOTS)
    for _ in range(200):
        d = app.session.state["deal"]
        if d and d.get("announcements"):
            break
        assert app.bot_step()
    a = app.session.state["deal"]["announcements"][0]
    name = app.session.names()[a["seat"]]
    html = str(app.render())
    seat = html.split(f'<span class="who">{name}</span>')[1].split('class="seat ')[0]
    assert 'class="announced"' in seat and f"+{a['value']}" in seat
    assert html.count('class="announced"') == 1
    while app.session.state["deal"]["trick"]:
        assert app.bot_step()
    assert 'class="announced"' in str(app.render())  # the complete trick still lies
    app.handle({"do": "table.gather"})
    assert 'class="announced"' not in str(app.render())
