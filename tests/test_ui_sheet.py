"""The score-sheet screen on CPython: deals entered through page events (as the browser sends them:
text fields with the button, checkboxes one change at a time) give exactly the score of
thousand.cards.scoresheet.score_sheet on the same facts; refusals in words that change nothing; undo;
penalties; the sheet kept in the store across a new App; 2- and 4-player sheets; game over."""
import html as htmlmod
import json
import re

import pytest

from thousand.cards.score import MARRIAGE_VALUES
from thousand.cards.scoresheet import score_sheet
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import sheet as ui

NAMES3 = ["Anna", "Boris", "Vera"]
SUIT_OF = {v: k for k, v in MARRIAGE_VALUES["standard"].items()}


def new_app(store=None):
    return App(store or Store(MemoryBackend()), delay=0, seed=1)


def start(app, names=NAMES3, rules=None, dealer=0):
    app.handle({"do": "go", "screen": "sheet"})
    app.render()
    if len(names) != 3:
        app.handle({"do": "sheet.players", "value": len(names)})
    fields = {f"ss-name-{i}": nm for i, nm in enumerate(names)}
    fields["ss-dealer"] = str(dealer)
    if rules:
        fields["ss-rules"] = rules
    app.handle({"do": "sheet.start", "fields": fields})
    assert ui.load(app) is not None, alert(app)


def alert(app) -> str:
    """The text of the role=alert notices on the page."""
    page = str(app.render())
    return " ".join(htmlmod.unescape(re.sub(r"<[^>]+>", "", m))
                    for m in re.findall(r'role="alert">(.*?)</p>', page))


def status(app) -> str:
    page = str(app.render())
    return " ".join(htmlmod.unescape(re.sub(r"<[^>]+>", "", m))
                    for m in re.findall(r'role="status">(.*?)</p>', page))


def shown_totals(app) -> dict:
    """Player -> total as the Totals table shows them."""
    page = str(app.render())
    table = re.search(r'<table class="ss-totals" aria-label="Totals"[^>]*>(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r'<th scope="row">(.*?)</th><td class="ss-total">(\u2212?\d+)</td>', table)
    return {htmlmod.unescape(n): int(t.replace("\u2212", "-")) for n, t in rows}


def fields_of(deal, n, talon_needed=False):
    """What the browser sends with "Add the deal" for these facts (seats as numbers): the text
    inputs and selects; marriages are checkboxes, sent one change at a time beforehand."""
    f = {"sd-outcome": deal.get("outcome", "played")}
    if "declarer" in deal:
        f["sd-declarer"] = str(deal["declarer"])
    if "bid" in deal:
        f["sd-bid"] = str(deal["bid"])
    f["sd-contract"] = str(deal["contract"]) if "contract" in deal else ""
    for s in range(n):
        cps = deal.get("card_points")
        f[f"sd-cp-{s}"] = str(cps[s]) if cps else ""
        tricks = deal.get("tricks")
        # the form asks only who took no trick (bolt_trigger = no_tricks, R53)
        f[f"sd-notrick-{s}"] = bool(tricks) and tricks[s] == 0
    for i, c in enumerate(deal.get("talon") or []):
        f[f"sd-talon-{i}"] = c
    return f


def enter(app, deal, n=3, blank=None):
    """Enter one deal through the form: tick the marriages and the dark box, then Add the deal.
    `blank` leaves that seat's card points empty (the page fills in what is left of 120)."""
    for s, values in enumerate(deal.get("marriages") or []):
        for v in values:
            app.handle({"do": "sheet.draft", "field": f"sd-m-{s}-{SUIT_OF[v]}", "value": True,
                        "fields": {}})
    if deal.get("dark"):
        app.handle({"do": "sheet.draft", "field": "sd-dark", "value": True, "fields": {}})
    fields = fields_of(deal, n)
    if blank is not None:
        fields[f"sd-cp-{blank}"] = ""
    app.handle({"do": "sheet.add", "fields": fields})


def penalty(app, seat, amount, reason="cutter_nine"):
    app.handle({"do": "sheet.penalty_open"})
    app.handle({"do": "sheet.penalty", "fields": {"sp-seat": str(seat), "sp-amount": str(amount),
                                                  "sp-reason": reason}})


def stored(app) -> dict:
    return app.store.settings()[ui.KEY]


def expected(deals, names=NAMES3, preset="classic", overrides=None, first_dealer=0):
    return score_sheet({"format": "thousand-score-sheet", "version": 1, "players": list(names),
                        "preset": preset, "overrides": overrides or {},
                        "first_dealer": first_dealer, "deals": deals})


# The example of docs/score-sheet.md, seats as numbers: a marriage deal, a raised contract, a
# penalty, a write-off, a failed contract with a bolt, a cross.
EXAMPLE = [
    {"declarer": 1, "bid": 100, "card_points": [35, 70, 15], "tricks": [2, 5, 1],
     "marriages": [[], [40], []]},
    {"declarer": 2, "bid": 120, "contract": 140, "card_points": [20, 12, 88], "tricks": [2, 1, 5],
     "marriages": [[], [], [60]]},
    {"penalty": {"seat": 0, "amount": 120, "reason": "cutter_nine"}},
    {"declarer": 0, "bid": 110, "outcome": "write_off"},
    {"declarer": 1, "bid": 120, "card_points": [75, 45, 0], "tricks": [3, 5, 0],
     "marriages": [[], [40], []]},
    {"declarer": 2, "bid": 105, "outcome": "cross"},
]


def cross_table(app):
    app.store.save_convention_set("Cross table", {"preset": "classic",
                                                  "overrides": {"cross_rule": True}})


def enter_all(app, entries, n=3):
    for e in entries:
        if "penalty" in e:
            penalty(app, e["penalty"]["seat"], e["penalty"]["amount"], e["penalty"]["reason"])
        else:
            enter(app, e, n)
        assert not alert(app), alert(app)


def test_the_docs_example_through_page_events_gives_the_engines_score():
    app = new_app()
    cross_table(app)
    start(app, rules="set:Cross table")
    enter_all(app, EXAMPLE)
    want = expected(EXAMPLE, overrides={"cross_rule": True})
    got = score_sheet(stored(app))
    assert got["final"] == want["final"]
    assert [r["totals"] for r in got["rows"]] == [r["totals"] for r in want["rows"]]
    assert [r["marks"] for r in got["rows"]] == [r["marks"] for r in want["rows"]]
    assert shown_totals(app) == dict(zip(NAMES3, want["final"]["totals"])) == \
        {"Anna": -100, "Boris": 50, "Vera": 215}
    page = str(app.render())
    # the running sheet is the table screen's score sheet, one row per entry, with marks
    assert page.count('aria-label="Score sheet"') == 1
    body = re.search(r'aria-label="Score sheet">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    assert body.count("<tr>") == len(EXAMPLE)
    assert "W" in body and "✓" in body and "✗" in body and "|" in body and "P" in body
    # the deal passes to the left after every deal, not after a penalty
    assert "Dealer: <strong>Vera</strong>" in page and "Sitter: <strong>Anna</strong>" in page
    assert "Deal 6" in page


def test_one_empty_card_points_field_gets_what_is_left_of_120():
    app = new_app()
    start(app)
    enter(app, EXAMPLE[0], blank=2)
    assert not alert(app)
    assert stored(app)["deals"][0]["card_points"] == [35, 70, 15]
    assert shown_totals(app) == {"Anna": 35, "Boris": 100, "Vera": 15}
    assert "Deal 1 added" in status(app)


def test_a_bad_entry_is_refused_in_words_and_changes_nothing():
    app = new_app()
    start(app)
    enter(app, EXAMPLE[0])
    before = json.dumps(stored(app))
    bad = {"declarer": 2, "bid": 120, "card_points": [20, 12, 86], "tricks": [2, 1, 5]}
    enter(app, bad)
    msg = alert(app)
    assert "card points must total 120" in msg.lower() and "got 118" in msg
    assert not msg.startswith("deals[")  # the field is named in words, not as a path
    assert json.dumps(stored(app)) == before
    page = str(app.render())
    # nothing typed is lost: the form shows the values again
    assert 'id="sd-cp-2" type="text" value="86"' in page
    assert 'id="sd-bid" type="text" value="120"' in page
    assert re.search(r'<option value="2" selected>Vera</option>', page)
    # a per-seat field is named by the player
    enter(app, {"declarer": 2, "bid": 120, "card_points": [20, 12, 88], "tricks": [0, 3, 5]})
    assert "Anna's card points: 20 card points without a trick." == alert(app)
    # not a number
    app.handle({"do": "sheet.add", "fields": {**fields_of(bad, 3), "sd-bid": "a lot"}})
    assert "The winning bid must be a whole number" in alert(app)
    # an impossible marriage, named by the player
    enter(app, {"declarer": 2, "bid": 120, "card_points": [20, 12, 88], "tricks": [2, 1, 5],
                "marriages": [[], [60], [60]]})
    assert "announced more often than the deck allows" in alert(app)
    assert json.dumps(stored(app)) == before
    assert shown_totals(app) == {"Anna": 35, "Boris": 100, "Vera": 15}


def test_write_off_under_rules_without_crosses_offers_no_cross_and_cross_is_refused():
    app = new_app()
    start(app)
    page = str(app.render())
    assert '<option value="write_off"' in page
    assert '<option value="cross"' not in page and '<option value="all_pass"' not in page
    enter(app, {"declarer": 0, "bid": 110, "outcome": "cross"})
    assert "crosses are off" in alert(app).lower()
    assert stored(app)["deals"] == []


def test_outcome_change_redraws_the_form_and_keeps_what_was_typed():
    app = new_app()
    start(app)
    app.handle({"do": "sheet.draft", "field": "sd-outcome", "value": "write_off",
                "fields": {"sd-outcome": "write_off", "sd-bid": "110", "sd-declarer": "0"}})
    page = str(app.render())
    assert 'id="sd-cp-0"' not in page and 'id="sd-contract"' not in page
    assert 'id="sd-bid" type="text" value="110"' in page
    app.handle({"do": "sheet.add", "fields": {"sd-outcome": "write_off", "sd-bid": "110",
                                              "sd-declarer": "0"}})
    assert shown_totals(app) == {"Anna": -110, "Boris": 60, "Vera": 60}


def test_undo_takes_the_last_entry_back_into_the_form():
    app = new_app()
    start(app)
    enter_all(app, EXAMPLE[:3])
    penalty_free = expected(EXAMPLE[:2])["final"]["totals"]
    app.handle({"do": "sheet.undo"})
    assert [e for e in stored(app)["deals"]] == stored(app)["deals"][:2]
    assert shown_totals(app) == dict(zip(NAMES3, penalty_free))
    assert "penalty was taken back" in status(app)
    app.handle({"do": "sheet.undo"})
    assert len(stored(app)["deals"]) == 1
    assert "Deal 2 was taken back" in status(app)
    page = str(app.render())
    assert 'id="sd-contract" type="text" value="140"' in page
    assert re.search(r'id="sd-m-2-C" checked', page)
    # correct nothing, add it again: the same score as before the undo
    app.handle({"do": "sheet.add", "fields": {}})
    assert not alert(app)
    assert score_sheet(stored(app))["final"] == expected(EXAMPLE[:2])["final"]
    app.handle({"do": "sheet.undo"})
    app.handle({"do": "sheet.undo"})
    assert stored(app)["deals"] == []
    assert 'disabled data-do="sheet.undo"' in str(app.render())


def test_the_sheet_survives_a_new_app_on_the_same_store():
    store = Store(MemoryBackend())
    app = new_app(store)
    start(app)
    enter_all(app, EXAMPLE[:4])
    want = dict(zip(NAMES3, expected(EXAMPLE[:4])["final"]["totals"]))
    again = new_app(store)
    again.handle({"do": "go", "screen": "sheet"})
    assert shown_totals(again) == want
    # the stored document is a score sheet the command line reads as it is
    doc = store.settings()[ui.KEY]
    assert doc["format"] == "thousand-score-sheet" and doc["players"] == NAMES3
    assert score_sheet(doc)["final"]["totals"] == list(want.values())
    # other settings are left alone
    assert "setup" not in doc and set(store.settings()) == {ui.KEY}


def test_a_damaged_sheet_is_reported_and_kept_aside():
    store = Store(MemoryBackend())
    broken = {"format": "thousand-score-sheet", "version": 1, "players": NAMES3,
              "deals": [{"declarer": 1, "bid": 100, "card_points": [1, 2, 3], "tricks": [2, 5, 1]}]}
    store.save_settings({"delay": 0.3, ui.KEY: broken})
    app = new_app(store)
    app.handle({"do": "go", "screen": "sheet"})
    msg = alert(app)
    assert "Your score sheet could not be read" in msg and "card points must total 120" in msg
    assert ui.ASIDE in msg
    settings = store.settings()
    assert ui.KEY not in settings and settings["delay"] == 0.3
    assert settings[ui.ASIDE][0]["sheet"] == broken
    # and a new sheet can start
    start(app)
    assert stored(app)["deals"] == []


def test_a_four_player_sheet_with_the_resting_dealers_talon():
    names = ["Anna", "Boris", "Vera", "Gleb"]
    app = new_app()
    start(app, names=names, dealer=3)
    page = str(app.render())
    assert "Gleb rests" in page and 'id="sd-talon-0"' in page and 'id="sd-cp-3"' not in page
    deals = [
        {"declarer": 0, "bid": 100, "card_points": [60, 40, 20, 0], "tricks": [4, 3, 1, 0],
         "talon": ["KH", "QH", "AS"], "marriages": [[40], [], [], []]},
        {"declarer": 1, "bid": 120, "card_points": [0, 50, 40, 30], "tricks": [0, 4, 2, 2],
         "talon": ["9C", "JD", "TS"]},
        {"declarer": 3, "bid": 110, "outcome": "write_off", "talon": ["AH", "AD", "9S"]},
    ]
    for d in deals:
        enter(app, d, n=4)
        assert not alert(app), alert(app)
    want = expected(deals, names=names, preset="four_players", first_dealer=3)
    assert shown_totals(app) == dict(zip(names, want["final"]["totals"]))
    assert score_sheet(stored(app))["rows"] == want["rows"]
    # the talon is asked for: a missing card is refused in words
    enter(app, {"declarer": 0, "bid": 100, "card_points": [60, 0, 40, 20], "tricks": [4, 0, 2, 2],
                "talon": ["KH", "QH"]}, n=4)
    assert "Choose the 3 talon cards that Vera, the resting dealer, scores." == alert(app)


def test_two_players_and_the_count_buttons_keep_the_names():
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    app.handle({"do": "sheet.players", "value": 2,
                "fields": {"ss-name-0": "Olga", "ss-name-1": "Pyotr", "ss-name-2": "X"}})
    page = str(app.render())
    assert 'value="Olga"' in page and 'value="Pyotr"' in page and 'id="ss-name-2"' not in page
    assert '<option value="preset:two_players" selected>' in page
    app.handle({"do": "sheet.start", "fields": {}})
    deal = {"declarer": 0, "bid": 100, "card_points": [80, 40], "tricks": [7, 3],
            "marriages": [[100], []]}
    enter(app, deal, n=2)
    assert not alert(app)
    want = expected([deal], names=["Olga", "Pyotr"], preset="two_players")
    assert shown_totals(app) == dict(zip(["Olga", "Pyotr"], want["final"]["totals"]))


def test_setup_refuses_two_players_with_one_name_and_names_empty_seats():
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    app.handle({"do": "sheet.start", "fields": {"ss-name-0": "Anna", "ss-name-1": "Anna"}})
    assert "same name" in alert(app)
    assert ui.load(app) is None
    app.handle({"do": "sheet.start", "fields": {"ss-name-0": "Anna", "ss-name-1": ""}})
    assert stored(app)["players"] == ["Anna", "Player 2", "Player 3"]


def test_golden_round_shows_the_badge_and_the_sitters_120():
    app = new_app()
    start(app, rules="preset:table_request_online")
    page = str(app.render())
    assert "golden deal ×2" in page
    assert "Boris declares 120 (golden deal)" in page
    assert re.search(r'<option value="1" selected>Boris</option>', page)
    assert 'id="sd-bid" type="text" value="120"' in page
    deal = {"declarer": 1, "bid": 120, "card_points": [30, 70, 20], "tricks": [2, 5, 1],
            "marriages": [[], [60], []]}
    enter(app, deal)
    want = expected([deal], preset="table_request_online")
    assert shown_totals(app) == dict(zip(NAMES3, want["final"]["totals"])) == \
        {"Anna": 60, "Boris": 240, "Vera": 40}


def test_marriage_boxes_follow_the_conventions_and_all_pass_needs_forced_100_off():
    app = new_app()
    app.store.save_convention_set("Wild", {"preset": "classic", "overrides": {
        "forced_100": False, "ace_marriage": True, "redeal_four_aces": "off", "bed_marriage": True,
        "four_nines_bonus": 100, "dark_game": True, "cross_rule": True}})
    start(app, rules="set:Wild")
    page = str(app.render())
    for option in ("played", "write_off", "cross", "all_pass"):
        assert f'<option value="{option}"' in page
    assert 'id="sd-m-0-A"' in page and 'id="sd-m-0-bH"' in page and 'id="sd-m-0-N"' in page
    assert "Ace marriage </span>200" in page and "Four nines </span>100" in page
    assert 'id="sd-dark"' in page
    app.handle({"do": "sheet.add", "fields": {"sd-outcome": "all_pass"}})
    assert not alert(app)
    assert shown_totals(app) == {"Anna": 0, "Boris": 0, "Vera": 0}
    assert "Dealer: <strong>Boris</strong>" in str(app.render())
    # classic offers none of these
    plain = new_app()
    start(plain)
    page = str(plain.render())
    assert 'id="sd-m-0-A"' not in page and 'id="sd-m-0-bH"' not in page and 'id="sd-dark"' not in page


def test_game_over_shows_the_winner_and_takes_no_more_deals():
    app = new_app()
    app.store.save_convention_set("Short", {"preset": "classic", "overrides": {
        "target_score": 501, "barrel": False, "dump_truck": "off"}})
    start(app, rules="set:Short")
    big = {"declarer": 0, "bid": 300, "card_points": [120, 0, 0], "tricks": [8, 0, 0],
           "marriages": [[100, 80, 60, 40], [], []]}
    other = dict(big, declarer=1, card_points=[0, 120, 0], tricks=[0, 8, 0],
                 marriages=[[], [100, 80, 60, 40], []])
    third = dict(big, declarer=2, card_points=[0, 0, 120], tricks=[0, 0, 8],
                 marriages=[[], [], [100, 80, 60, 40]])
    enter_all(app, [big, other, third, big])
    page = str(app.render())
    assert "Game over: Anna wins the game!" in page
    assert "Add the deal" not in page and "Charge a penalty" not in page
    want = expected([big, other, third, big], overrides={"target_score": 501, "barrel": False,
                                                         "dump_truck": "off"})
    assert want["final"]["over"] and shown_totals(app) == dict(zip(NAMES3, want["final"]["totals"]))
    app.handle({"do": "sheet.add", "fields": fields_of(other, 3)})
    assert "The game is over" in alert(app)
    # a finished sheet is replaced without asking
    app.handle({"do": "sheet.new"})
    assert ui.load(app) is None
    page = str(app.render())
    assert 'value="Anna"' in page and "Start the sheet" in page


def test_new_sheet_asks_first_while_a_game_is_under_way():
    app = new_app()
    start(app)
    enter(app, EXAMPLE[0])
    app.handle({"do": "sheet.new"})
    assert 'role="alertdialog"' in str(app.render())
    app.handle({"do": "sheet.new_no"})
    assert len(stored(app)["deals"]) == 1
    app.handle({"do": "sheet.new"})
    app.handle({"do": "sheet.new_yes"})
    assert ui.load(app) is None


def test_penalty_entry_with_the_conventions_amount():
    app = new_app()
    start(app)
    app.handle({"do": "sheet.penalty_open"})
    page = str(app.render())
    assert 'id="sp-amount" type="text" value="120"' in page
    app.handle({"do": "sheet.penalty", "fields": {"sp-seat": "2", "sp-amount": "-5",
                                                  "sp-reason": "penalty"}})
    assert "The penalty amount must be a non-negative integer" in alert(app)
    penalty(app, 2, 120)
    assert shown_totals(app) == {"Anna": 0, "Boris": 0, "Vera": -120}
    assert "Penalty charged: Vera −120 (cutter's third nine)." in status(app)
    assert stored(app)["deals"] == [{"penalty": {"seat": 2, "amount": 120, "reason": "cutter_nine"}}]


def test_every_input_has_a_label_and_numbers_ask_for_the_numeric_keyboard():
    app = new_app()
    app.handle({"do": "go", "screen": "sheet"})
    for page in (str(app.render()), None):
        if page is None:
            start(app, names=["Anna", "Boris", "Vera", "Gleb"])
            app.handle({"do": "sheet.penalty_open"})
            page = str(app.render())
        ids = re.findall(r'<(?:input|select) id="([^"]+)"', page)
        assert ids
        for fid in ids:
            assert f'<label for="{fid}">' in page, fid
        for tag in re.findall(r'<input id="sd-(?:bid|contract|cp-\d|tricks-\d)"[^>]*>', page):
            assert 'inputmode="numeric"' in tag


@pytest.mark.parametrize("where,detail,words", [
    ("deals[2].card_points", "must total 120 for a played deal (got 118)",
     "The card points must total 120 for a played deal (got 118)."),
    ("deals[0].tricks[1]", "must be an integer from 0 to 8 (got 9)",
     "Boris's tricks must be an integer from 0 to 8 (got 9)."),
    ("deals[0].declarer", "seat 2 is the resting dealer (F1)",
     "The declarer: Vera is the resting dealer (F1)."),
    ("deals[4]", "the game ended at deal 4; nothing can follow it",
     "The game ended at deal 4; nothing can follow it."),
])
def test_engine_messages_in_words(where, detail, words):
    from thousand.errors import BadInput
    assert ui.in_words(BadInput(where, detail), NAMES3) == words


def test_a_sheet_saved_with_its_conventions_spelt_in_full_asks_about_its_own_table():
    # make fuzz, files:101: a sheet whose conventions are given as `conventions` (not
    # preset/overrides) was asked about as a 3-player Classic table, and the deal form crashed
    # on a third seat the 2-player sheet does not have
    app = new_app()
    doc = {"format": "thousand-score-sheet", "version": 1, "players": ["Anna", "Boris"],
           "conventions": {"preset": "two_players"}, "deals": []}
    assert score_sheet(doc)["players"] == ["Anna", "Boris"]
    app.store.save_settings({ui.KEY: doc})
    app.handle({"do": "go", "screen": "sheet"})
    page = str(app.render())
    declarer = page[page.index(f'id="{ui.DECLARER}"'):].split("</select>")[0]
    assert "Anna" in declarer and "Boris" in declarer and declarer.count("<option") == 2
