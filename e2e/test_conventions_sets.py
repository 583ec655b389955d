"""The conventions screen in the browser: change conventions, save them as a named set, find the
set again after a reload on the New game screen, and play a game under it; a combination the
catalogue refuses is announced and not applied."""
import json
import re

from playwright.sync_api import expect

from e2e.helpers import wait_for_python_ready


def open_group(page, title):
    toggle = page.get_by_role("button", name=title)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.get_by_role("button", name=title)).to_have_attribute("aria-expanded", "true")


def to_conventions(page, server_url):
    page.goto(server_url)
    wait_for_python_ready(page)
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Edit conventions").click()
    expect(page.get_by_role("heading", name="Conventions")).to_be_visible()


def test_saved_set_survives_a_reload_and_runs_the_game(page, server_url):
    to_conventions(page, server_url)
    expect(page.get_by_role("group")).to_have_count(11)

    open_group(page, "Marriages and trump")
    page.get_by_label("Ace marriage", exact=True).check()
    expect(page.get_by_label("Ace marriage", exact=True)).to_be_checked()
    open_group(page, "Scoring, bolts, end")
    page.get_by_label("Dump truck", exact=True).select_option(label="Off")
    expect(page.get_by_label("Dump truck", exact=True)).to_have_value("off")
    # the dump truck value has no effect now: still there, marked n/a
    expect(page.get_by_label("Dump truck value")).to_be_editable()
    expect(page.get_by_label("Dump truck value")).to_have_accessible_description(
        re.compile("No effect here: only with Dump truck"))
    scoring = page.get_by_role("group", name="Scoring, bolts, end")
    expect(scoring.get_by_text("(n/a here)")).to_be_visible()
    expect(page.get_by_text("2 conventions changed from the preset")).to_be_visible()

    page.get_by_label("Name of the set").fill("Our table")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Saved as “Our table”")
    expect(page.get_by_role("button", name="Use Our table")).to_be_visible()

    page.reload()
    wait_for_python_ready(page)
    # back on Conventions (issue 20, Must 4); Cancel leaves it for the screen it came from
    expect(page.get_by_role("heading", name="Conventions")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="New game").click()
    rules = page.get_by_label("Rules")
    expect(rules.get_by_role("option", name="Saved: Our table")).to_have_count(1)
    rules.select_option(label="Saved: Our table")
    expect(page.get_by_text("2 conventions changed from the preset")).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("region", name="Card table")).to_be_visible()

    # what a player sees: Home → Conventions shows the rules the game was started with
    page.get_by_role("navigation", name="Table menu").get_by_role("button", name="Home").click()
    page.get_by_role("button", name="Conventions").click()
    expect(page.get_by_text("Saved set: “Our table”")).to_be_visible()
    open_group(page, "Marriages and trump")
    expect(page.get_by_label("Ace marriage", exact=True)).to_be_checked()
    open_group(page, "Scoring, bolts, end")
    expect(page.get_by_label("Dump truck", exact=True)).to_have_value("off")

    # and the saved game itself runs under them
    saved = json.loads(page.evaluate("localStorage.getItem('thousand:game:cards')"))
    conventions = saved["data"]["state"]["conventions"]
    assert conventions["ace_marriage"] is True
    assert conventions["dump_truck"] == "off"

    page.get_by_role("button", name="Use these rules").click()
    expect(page.get_by_label("Rules")).to_have_value("set:Our table")


def test_refused_combination_is_announced_and_not_applied(page, server_url):
    to_conventions(page, server_url)
    open_group(page, "Marriages and trump")
    page.get_by_label("Ace marriage", exact=True).check()
    open_group(page, "Redeals")
    four_aces = page.get_by_label("Redeal on four aces")
    four_aces.select_option(label="Dealt")
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("Not changed: Ace marriage and Redeal on four aces: ")
    expect(page.get_by_label("Redeal on four aces")).to_have_value("off")
    expect(page.get_by_label("Ace marriage", exact=True)).to_be_checked()

    # a value out of range is refused too, and a good change clears the alert
    open_group(page, "Scoring, bolts, end")
    page.get_by_label("Bolt penalty").fill("125")
    page.get_by_label("Bolt penalty").press("Tab")
    expect(page.get_by_role("alert")).to_contain_text("0 to 500 in steps of 10")
    expect(page.get_by_label("Bolt penalty")).to_have_value("120")
    page.get_by_label("Bolt penalty").fill("150")
    page.get_by_label("Bolt penalty").press("Tab")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.get_by_label("Bolt penalty")).to_have_value("150")

    # saving with no name says so in words
    page.get_by_label("Name of the set").fill("  ")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text(re.compile("needs a name"))


def test_rename_and_delete_a_saved_set(page, server_url):
    to_conventions(page, server_url)
    page.get_by_label("Name of the set").fill("Friday")
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_label("New name for Friday").fill("Saturday")
    page.get_by_role("button", name="Rename Friday").click()
    expect(page.get_by_role("status")).to_contain_text("“Friday” is now called “Saturday”")
    page.get_by_role("button", name="Delete Saturday").click()
    page.get_by_role("button", name="Really delete Saturday").click()
    expect(page.get_by_text("No saved sets yet.")).to_be_visible()
    page.get_by_role("button", name="Use these rules").click()
    expect(page.get_by_label("Rules").get_by_role("option", name="Saved: Saturday")).to_have_count(0)
