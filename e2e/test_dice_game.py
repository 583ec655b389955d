"""The dice game through the page, as a player would: you against the optimal computer player to
the game-over dialog (fixed seed, no delay), a reload in the middle of a turn, and a score
keeper's game with real dice whose totals are the engine's."""
import re

from playwright.sync_api import expect

from e2e.driver import idle
from e2e.helpers import wait_for_python_ready

MAX_STEPS = 1500

SNAPSHOT = """() => {
  const q = s => document.querySelector(s);
  const all = s => Array.from(document.querySelectorAll(s));
  const dialog = q('[role=dialog]');
  const named = t => all('button').find(b => b.textContent === t);
  const roll = named('Roll'), stop = named('Stop');
  const hint = q('.turn-total .hint');
  return {
    dialog: dialog ? dialog.getAttribute('aria-label') : null,
    roll: !!roll && !roll.disabled,
    stop: !!stop && !stop.disabled,
    keep: all('.actions.keep button').map(b => b.textContent),
    total: q('#turn-points-total') ? parseInt(q('#turn-points-total').textContent) : null,
    left: hint ? parseInt(hint.textContent.replace(/^\\D*/, '')) : null,
    why: q('#stop-why') ? q('#stop-why').textContent : '',
  };
}"""


def open_dice(page, server_url, seed):
    page.goto(f"{server_url}?seed={seed}&delay=0")
    wait_for_python_ready(page)
    page.get_by_role("button", name="New dice game").click()
    expect(page.get_by_role("region", name="New dice game")).to_be_visible()


class You:
    """Roll until the turn has 300 points (or 50 with two dice or fewer left), stop when the
    page lets you; keep the first (best) set of dice when asked."""

    def __init__(self):
        self.counts = {"rolls": 0, "stops": 0, "keeps": 0, "refused_stop_seen": 0}

    def step(self, page) -> bool:
        idle(page)
        snap = page.evaluate(SNAPSHOT)
        if snap["dialog"] == "Game over":
            return False
        if snap["keep"]:
            page.get_by_role("button", name=snap["keep"][0], exact=True).click()
            self.counts["keeps"] += 1
            return True
        total, left = snap["total"] or 0, snap["left"] or 5
        if snap["stop"] and (total >= 300 or (left <= 2 and total >= 50)):
            page.get_by_role("button", name="Stop", exact=True).click()
            self.counts["stops"] += 1
            return True
        if snap["roll"]:
            if not snap["stop"] and total and self.counts["refused_stop_seen"] < 3:
                # Stop is disabled: the page says why, and the button points at the words
                stop = page.get_by_role("button", name="Stop", exact=True)
                expect(stop).to_be_disabled()
                expect(stop).to_have_accessible_description(re.compile("You cannot stop yet: "))
                self.counts["refused_stop_seen"] += 1
            page.get_by_role("button", name="Roll", exact=True).click()
            self.counts["rolls"] += 1
            return True
        raise AssertionError("the page offers nothing to do:\n" + page.inner_text("main"))


def test_whole_game_against_the_optimal_computer_player(page, server_url):
    open_dice(page, server_url, seed=17)
    expect(page.get_by_label("Player", exact=True).nth(1)).to_have_value("bot:optimal")
    page.get_by_role("button", name="Start the game").click()
    idle(page)
    table = page.get_by_role("region", name="Dice table")
    expect(table).to_be_visible()
    you = You()
    said = set()  # the polite live region (issue 11): the computer's rolls and the log's events
    for _ in range(MAX_STEPS):
        if not you.step(page):
            break
        said.update(page.locator("#news p").all_inner_texts())
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} decisions: {you.counts}")
    assert you.counts["rolls"] > 20 and you.counts["stops"] > 2, you.counts
    assert any(re.match(r"Boris rolls [1-6]( [1-6])*: ", line) for line in said), said
    assert any(line.startswith("You record") for line in said), said
    assert not any(re.match(r"You rolls? [1-6]", line) for line in said), said
    over = page.get_by_role("dialog", name="Game over")
    expect(over.locator(".winner")).to_have_text(re.compile(r"(You|Boris) wins?!"))
    scores = page.get_by_role("table", name="Scores")
    expect(scores.get_by_role("row")).to_have_count(3)
    assert re.search(r"\b1\d{3}\b", scores.inner_text()), "someone reached the target"
    # the event log lists what happened, penalties included
    assert page.get_by_role("region", name="Event log").get_by_role("listitem").count() > 3
    over.get_by_role("button", name="Rematch").click()
    idle(page)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_role("region", name="Dice table")).to_be_visible()
    page.get_by_role("navigation", name="Dice menu").get_by_role("button", name="Home").click()
    page.get_by_role("button", name="Finished games").click()
    expect(page.get_by_role("region", name="Dice games").get_by_role("listitem")).to_have_count(1)


def _table_now(page):
    return {
        "dice": page.get_by_role("group", name="Dice rolled").get_by_role("img").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"),
        "aside": page.get_by_role("group", name="Set aside", exact=True).inner_text(),
        "total": page.locator("#turn-points-total").inner_text(),
        "scores": page.get_by_role("table", name="Scores").inner_text(),
        "turn": page.locator(".turn-head").inner_text(),
    }


def test_reload_mid_turn_resumes_the_same_dice_total_and_scores(page, server_url):
    open_dice(page, server_url, seed=23)
    page.get_by_role("button", name="Start the game").click()
    you = You()
    # play until it is your turn, in the middle of it: dice on the table and points to lose
    for _ in range(300):
        idle(page)
        snap = page.evaluate(SNAPSHOT)
        if snap["roll"] and snap["total"] and not snap["keep"] and you.counts["stops"] >= 1:
            break
        you.step(page)
    else:
        raise AssertionError("never reached the middle of a turn")
    before = _table_now(page)
    assert len(before["dice"]) >= 1 and before["turn"].startswith("Your turn")
    page.reload()
    wait_for_python_ready(page)
    idle(page)  # back at the dice table, not home (issue 20, Must 4)
    assert page.evaluate("document.body.dataset.screen") == "dice"
    assert _table_now(page) == before
    # the dice roll in once drawn, unless the player asked for reduced motion
    animation = "() => getComputedStyle(document.querySelector('.tray .die')).animationName"
    assert page.evaluate(animation) == "dice-roll"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation) == "none"
    page.get_by_role("button", name="Roll", exact=True).click()     # and the turn goes on
    idle(page)


def test_score_keeper_game_with_real_dice(page, server_url):
    from thousand.dice import game
    from thousand.dice.catalogue import CATALOGUE
    from thousand.errors import IllegalAction

    open_dice(page, server_url, seed=3)
    page.get_by_label("Players").select_option("3")
    page.get_by_role("button", name="Real dice (score keeper)").click()
    expect(page.get_by_label("Player", exact=True)).to_have_count(0)   # everyone is a person
    for i, name in enumerate(["Anna", "Boris", "Vera"]):
        page.get_by_label("Name").nth(i).fill(name)
        page.get_by_label("Name").nth(i).press("Tab")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Anna's turn")).to_be_visible()

    conv = CATALOGUE.resolve("classic")
    state = game.new_game(conv, 0, 3, 0)
    entries = [60, "zero", 30, 100, 75, 150, 45, "zero", 200, 125]
    refused = 0
    for entry in entries:
        seat = game.to_act(state)
        try:
            expected = game.apply_turn_result(conv, state, seat, entry)
        except IllegalAction:
            expected = None
        if entry == "zero":
            page.get_by_role("button", name=re.compile("^Zero roll")).click()
        else:
            page.get_by_label(re.compile("^Points .* stopped with")).fill(str(entry))
            page.get_by_role("button", name="Record", exact=True).click()
        if expected is None:          # refused in words; the turn is then entered as a zero
            expect(page.get_by_role("alert")).to_contain_text("cannot be recorded")
            refused += 1
            page.get_by_role("button", name=re.compile("^Zero roll")).click()
            expected = game.apply_turn_result(conv, state, seat, "zero")
        state = expected
    assert refused >= 1
    rows = page.get_by_role("table", name="Scores").get_by_role("row")
    for i, name in enumerate(["Anna", "Boris", "Vera"]):
        row = rows.nth(i + 1)
        expect(row.get_by_role("rowheader")).to_have_text(name)
        expect(row.locator("td.score")).to_have_text(str(state["players"][i]["score"]))
    # a mistaken entry can be taken back
    page.get_by_role("button", name="Undo", exact=True).click()  # titled "Undo the last entry"
    last_seat = state["turns"][-1]["seat"]
    expect(page.get_by_role("heading", name=f"{['Anna', 'Boris', 'Vera'][last_seat]}'s turn")) \
        .to_be_visible()
