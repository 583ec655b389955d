"""The score sheet for real cards in the browser: three players enter a few deals (marriages, a
raised contract, a write-off, a bolt, a penalty) by filling the labelled inputs; the totals and every
row the page shows are what thousand.cards.scoresheet.score_sheet computes on CPython for the same
facts; a wrong entry is refused in words and loses nothing; a reload keeps the sheet."""
import json
import re

from playwright.sync_api import expect

from e2e.helpers import wait_for_python_ready
from thousand.cards.scoresheet import score_sheet

NAMES = ["Anna", "Boris", "Vera"]
SUIT_WORDS = {100: "Hearts", 80: "Diamonds", 60: "Clubs", 40: "Spades"}

# The facts as a table writes them down (seats by name); Anna deals first.
DEALS = [
    {"declarer": "Boris", "bid": 100, "card_points": [35, 70, 15], "tricks": [2, 5, 1],
     "marriages": [[], [40], []]},
    {"declarer": "Vera", "bid": 120, "contract": 140, "card_points": [20, 12, 88],
     "tricks": [2, 1, 5], "marriages": [[], [], [60]]},
    {"declarer": "Anna", "bid": 110, "outcome": "write_off"},
    {"penalty": {"seat": "Vera", "amount": 120, "reason": "cutter_nine"}},
    {"declarer": "Boris", "bid": 120, "card_points": [75, 45, 0], "tricks": [3, 5, 0],
     "marriages": [[], [40], []]},
]


def engine_score(deals):
    return score_sheet({"format": "thousand-score-sheet", "version": 1, "players": NAMES,
                        "preset": "classic", "first_dealer": 0, "deals": deals})


def open_sheet(page, server_url):
    page.goto(server_url)
    wait_for_python_ready(page)
    page.get_by_role("button", name="Score sheet for real cards").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def player(page, name):
    return page.get_by_role("group", name=name, exact=True)


def enter_deal(page, deal, *, leave_last_blank=False):
    form = page.get_by_role("region", name=re.compile(r"^Deal \d+"))
    if deal.get("outcome") == "write_off":
        form.get_by_label("Outcome").select_option(label="Written off")
        expect(form.get_by_label("Card points")).to_have_count(0)
    form.get_by_label("Declarer").select_option(label=deal["declarer"])
    form.get_by_label("Winning bid").fill(str(deal["bid"]))
    if "contract" in deal:
        form.get_by_label("Contract").fill(str(deal["contract"]))
    for s, name in enumerate(NAMES):
        if "card_points" not in deal:
            break
        if not (leave_last_blank and s == len(NAMES) - 1):
            player(page, name).get_by_label("Card points").fill(str(deal["card_points"][s]))
        if deal["tricks"][s] == 0:  # only who took no trick is asked (R53)
            player(page, name).get_by_label("Took no trick").check()
    # ticking a box redraws the form: what was typed above must survive it
    for s, values in enumerate(deal.get("marriages", [])):
        for v in values:
            box = player(page, NAMES[s]).get_by_label(f"{SUIT_WORDS[v]} marriage {v}")
            box.click()
            expect(player(page, NAMES[s]).get_by_label(f"{SUIT_WORDS[v]} marriage {v}")).to_be_checked()
    if "card_points" in deal and not leave_last_blank:
        expect(player(page, NAMES[0]).get_by_label("Card points")).to_have_value(
            str(deal["card_points"][0]))
    form.get_by_role("button", name="Add the deal").click()


def enter_penalty(page, p):
    page.get_by_role("button", name="Charge a penalty…").click()
    form = page.get_by_role("region", name="Penalty")
    form.get_by_label("Who pays").select_option(label=p["seat"])
    form.get_by_label("Reason").select_option(label="Cutter's third nine")
    form.get_by_label("Amount").fill(str(p["amount"]))
    form.get_by_role("button", name="Charge the penalty").click()


def shown_totals(page):
    rows = page.get_by_role("table", name="Totals").locator("tbody tr")
    expect(rows).to_have_count(len(NAMES))
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.locator("th").inner_text().strip()] = int(
            row.locator("td").first.inner_text().replace("\u2212", "-"))
    return out


def shown_row_totals(page):
    """Per row of the score sheet, each player's total (the <strong> of the cell)."""
    rows = page.get_by_role("table", name="Score sheet").locator("tbody tr")
    return [[int(x.replace("\u2212", "-")) for x in rows.nth(i).locator("td strong").all_inner_texts()]
            for i in range(rows.count())]


def test_a_score_sheet_game_gives_the_engines_totals_and_survives_a_reload(page, server_url):
    open_sheet(page, server_url)
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Name of player {i + 1}").fill(name)
    expect(page.get_by_label("Rules")).to_have_value("preset:classic")
    page.get_by_label("Deals first").select_option(label="Player 1")
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.get_by_role("status")).to_contain_text("Anna deals first")
    expect(page.get_by_role("region", name="Deal 1")).to_contain_text("Dealer: Anna")

    # deal 1, with the last player's card points left for the page to fill in
    enter_deal(page, DEALS[0], leave_last_blank=True)
    expect(page.get_by_role("status")).to_contain_text("Deal 1 added")

    # a wrong deal 2: 118 card points. Refused in words; the form keeps what was typed.
    wrong = dict(DEALS[1], card_points=[20, 12, 86])
    enter_deal(page, wrong)
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(re.compile("card points must total 120", re.I))
    expect(player(page, "Vera").get_by_label("Card points")).to_have_value("86")
    expect(page.get_by_label("Contract")).to_have_value("140")
    expect(player(page, "Vera").get_by_label("Clubs marriage 60")).to_be_checked()
    assert shown_totals(page) == {"Anna": 35, "Boris": 100, "Vera": 15}
    # correct the one wrong number and add it
    player(page, "Vera").get_by_label("Card points").fill("88")
    page.get_by_role("button", name="Add the deal").click()
    expect(page.get_by_role("status")).to_contain_text("Deal 2 added")
    expect(page.get_by_role("alert")).to_have_count(0)

    enter_deal(page, DEALS[2])
    expect(page.get_by_role("status")).to_contain_text("Deal 3 added")
    enter_penalty(page, DEALS[3]["penalty"])
    expect(page.get_by_role("status")).to_contain_text("Penalty charged: Vera −120")
    enter_deal(page, DEALS[4])
    expect(page.get_by_role("status")).to_contain_text("Deal 4 added")

    want = engine_score(DEALS)
    totals = dict(zip(NAMES, want["final"]["totals"]))
    assert shown_totals(page) == totals
    assert shown_row_totals(page) == [r["totals"] for r in want["rows"]]
    # the marks of the write-off (W), a made (✓) and a failed (✗) contract, the bolt, the penalty
    sheet = page.get_by_role("table", name="Score sheet")
    for mark in ("W", "✓", "✗", "|", "P"):
        expect(sheet.locator(".marks", has_text=mark).first).to_be_visible()
    # next dealer: the deal passed to the left four times (not for the penalty)
    expect(page.get_by_role("region", name="Deal 5")).to_contain_text("Dealer: Boris")

    # the stored sheet is a score sheet the command line reads as it is
    stored = json.loads(page.evaluate("localStorage.getItem('thousand:settings')"))
    assert score_sheet(stored["data"]["score_sheet"])["final"] == want["final"]

    page.reload()
    wait_for_python_ready(page)  # back on the score sheet itself (issue 20, Must 4)
    expect(page.get_by_role("region", name="Score sheet for real cards")).to_be_visible()
    assert shown_totals(page) == totals
    assert shown_row_totals(page) == [r["totals"] for r in want["rows"]]

    # undo the last deal: its facts come back into the form
    page.get_by_role("button", name="Undo the last deal").click()
    expect(page.get_by_role("status")).to_contain_text("Deal 4 was taken back")
    expect(player(page, "Anna").get_by_label("Card points")).to_have_value("75")
    assert shown_totals(page) == dict(zip(NAMES, engine_score(DEALS[:4])["final"]["totals"]))
    page.get_by_role("button", name="Add the deal").click()
    expect(page.get_by_role("status")).to_contain_text("Deal 4 added")
    assert shown_totals(page) == totals


def test_a_paper_game_carried_on_in_the_score_sheet_on_a_phone(page, server_url):
    """Issue 12: totals, bolts and a barrel begun on paper are entered on a 360-px phone; the
    first deal goes on from them exactly as the engine scores the same sheet with `start`."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_sheet(page, server_url)
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Name of player {i + 1}").fill(name)
    page.get_by_label("Deals first").select_option(label="Player 1")
    page.get_by_text("Carry on a paper game").click()
    for i, total in enumerate(("340", "880", "−120")):
        page.get_by_label(f"Total of Player {i + 1}").fill(total)
    page.get_by_text("Bolts, barrel and the rest").click()
    page.get_by_label("Bolts of Player 1").select_option("2")
    page.get_by_label("Barrel of Player 2").select_option(label="On it, 1 try")
    # nothing of the form sticks out of the phone's screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.get_by_role("status")).to_contain_text("goes on from the paper")
    assert shown_totals(page) == {"Anna": 340, "Boris": 880, "Vera": -120}

    # Vera declares 100; Anna takes no trick: her third bolt costs 120; Boris's second try
    deal = {"declarer": "Vera", "bid": 100, "card_points": [0, 20, 100], "tricks": [0, 2, 6]}
    enter_deal(page, deal)
    expect(page.get_by_role("status")).to_contain_text("Deal 1 added")
    start = {"players": [{"total": 340, "bolts": 2},
                         {"total": 880, "barrel": {"on": True, "attempts": 1}}, {"total": -120}]}
    want = score_sheet({"format": "thousand-score-sheet", "version": 1, "players": NAMES,
                        "preset": "classic", "first_dealer": 0, "start": start, "deals": [deal]})
    assert shown_totals(page) == dict(zip(NAMES, want["final"]["totals"])) == \
        {"Anna": 220, "Boris": 880, "Vera": -20}
    assert shown_row_totals(page) == [[340, 880, -120], want["rows"][0]["totals"]]
