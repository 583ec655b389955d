"""Every trick seen, marriages and points in view (issue 20, Must 2 and 3), in the browser: the last
trick of a deal lies on the felt with its winner marked before the summary opens, and a tap on the
felt gathers it at once; "Last trick" shows it after the deal, until the next deal's first trick;
a marriage is shown at the seat that announced it and said in the live region; the points each
seat has taken and the contract are on the table, and the setting hides them. The moments are
kept as screenshots under docs/screenshots/ (table-last-trick-*, table-marriage-*), in English and
Russian at phone and desktop size, to be looked at as a player would.

The tricks lie until a tap (?pause=30: the test taps the felt each time), so that nothing here
depends on how fast the page is."""
import json

import pytest

from e2e.driver import Player, Words, idle, menu_button, open_game
from e2e.helpers import wait_for_python_ready

SHOTS = "docs/screenshots"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
# Computer players at every seat (the rule-of-thumb one, quick) play seed 1's first deal alone:
# a seat announces a marriage at its second trick, and the deal is played out.
SEED = 1
# the page's own (the computer's) moves done, or a complete trick lying on the felt
SETTLED = ("document.body.dataset.busy === '0' || "
           "!!document.querySelector('.centre.trick-done')")
# every line said in the live region, kept as it comes (the region keeps only the latest five)
LISTEN = """() => { window.saidLines = [];
  new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n =>
    window.saidLines.push(n.textContent)))).observe(document.getElementById('news'),
                                                    {childList: true}); }"""


def computers_only(page, server_url, words, seed=SEED):
    """A new game of computer players only: the setup the New game screen remembers, written
    before the page starts (seats named as the page offers them, seat 1 too)."""
    seats = [{"kind": "bot", "bot": "heuristic", "name": words(name)}
             for name in ("Gleb", "Boris", "Vera")]
    setup = {"players": 3, "seats": seats, "preset": "classic", "overrides": {}, "set_name": None}
    page.goto(f"{server_url}?seed={seed}&delay=0&pause=30&lang={words.lang}")
    page.evaluate("""(setup) => localStorage.setItem('thousand:settings', JSON.stringify(
        {kind: 'settings', version: 1, saved_at_seq: 1, data: {setup}}))""", setup)
    page.reload()
    wait_for_python_ready(page)
    page.evaluate(LISTEN)
    page.get_by_role("button", name=words("New game")).click()
    assert page.locator("#seat-kind-0").input_value() == "bot:heuristic"
    page.get_by_role("button", name=words("Start the game")).click()


def settle(page):
    page.wait_for_function(SETTLED, timeout=30_000)


def final_trick(page) -> bool:
    """The last trick of the deal lies on the felt: a complete trick, and no card in any hand."""
    return page.locator(".centre.trick-done").count() > 0 and \
        page.locator(".hand .card").count() == 0 and \
        page.locator(".seat .back-card").count() == 0


def shoot(page, name):
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)  # the cards' movement (at most 240 ms) over
        page.screenshot(path=f"{SHOTS}/{name}-{size}.png")
    page.set_viewport_size({"width": 390, "height": 844})


def trick_cards(page) -> list:
    return page.locator(".centre.trick-done .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_marriage_at_its_seat_and_the_last_trick_on_the_felt_before_the_summary(
        page, server_url, lang):
    w = Words(lang)
    page.set_viewport_size({"width": 390, "height": 844})
    computers_only(page, server_url, w)
    marriage = None
    for _ in range(60):
        settle(page)
        mark = page.locator(".seat .announced")
        if marriage is None and mark.count():
            seat = page.locator(".seat", has=page.locator(".announced"))
            marriage = {"who": seat.locator(".who").inner_text(),
                        "label": mark.get_attribute("aria-label"), "text": mark.inner_text()}
            if page.locator(".centre.trick-done").count():
                shoot(page, f"table-marriage-{lang}")
        if final_trick(page):
            break
        assert not page.get_by_role("dialog").count(), "a dialog before the deal's end"
        page.locator(".felt").click()  # a tap gathers the trick lying on the felt
    else:
        raise AssertionError("the deal never ended")

    # the marriage: its pair and value at the seat that announced it, the new trump, said too
    hearts = w("hearts marriage")
    assert marriage is not None
    assert marriage["label"] == w.plural("{what}: {n} point, the trump is {suit} now",
                                         "{what}: {n} points, the trump is {suit} now", 100,
                                         what=hearts, suit=w("hearts", "card suit"))
    assert "+100" in marriage["text"] and w("Trump {symbol}", symbol="♥") in marriage["text"]
    said = page.evaluate("window.saidLines")
    assert w("{name} announces the hearts marriage ({value}).", name=marriage["who"],
             value=100) in said, said

    # the last trick on the felt, its winner marked, no summary yet, nothing dealt behind it
    assert not page.get_by_role("dialog").count()
    assert len(trick_cards(page)) == 3 and page.locator(".centre .played.wins").count() == 1
    assert page.locator(".deal-no").inner_text() == w("Deal {n}", n=1)
    shown = [int(x.inner_text().split()[1]) for x in page.locator(".taken-points").all()]
    shoot(page, f"table-last-trick-{lang}")
    page.locator(".felt").click()  # the same tap as for every trick
    dialog = page.get_by_role("dialog", name=w("End of the deal"))
    dialog.wait_for()
    # the points taken shown on the table were the summary's points (cards + marriages)
    rows = dialog.locator("tbody tr td:nth-child(2)").all_inner_texts()
    summed = sorted(sum(int(x) for x in r.replace("\xa0", "").split(" + ")) for r in rows)
    assert sorted(shown) == summed, (shown, rows)
    assert page.locator(".deal-no").inner_text() == w("Deal {n}", n=1)


def saved_tricks(page, which) -> list:
    """The tricks of the deal under way ("deal") or of the one finished ("last_deal"), from the
    game the page saved: card codes, in the order played."""
    saved = json.loads(page.evaluate("localStorage.getItem('thousand:game:cards')"))
    deal = saved["data"]["state"][which] or {}
    return [[card for _seat, card in t["cards"]] for t in deal.get("tricks", [])]


def last_trick_dialog(page) -> list:
    menu_button(page, "Last trick").click()
    dialog = page.get_by_role("dialog", name="Last trick")
    shown = dialog.locator(".card img").evaluate_all(
        "els => els.map(e => e.getAttribute('src').split('/').pop().split('.')[0])")
    dialog.get_by_role("button", name="Close").click()
    return shown


def test_last_trick_shows_the_finished_deal_until_the_next_deals_first_trick(page, server_url):
    # the ordinary pace of the tests: no pause after a trick (?delay=0), the person's decisions
    # by the driver
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server_url, seed=7)
    player = Player(7)
    summary = page.get_by_role("dialog", name="End of the deal")
    for _ in range(400):
        idle(page)
        if summary.count():
            break
        player.step(page)
    else:
        raise AssertionError("the deal never ended")
    last = saved_tricks(page, "last_deal")[-1]
    summary.get_by_role("button", name="Next deal").click()
    idle(page)  # the next deal dealt; the person has a decision to make before any trick
    assert not saved_tricks(page, "deal")
    assert menu_button(page, "Last trick").is_enabled()
    assert last_trick_dialog(page) == last
    for _ in range(200):  # on to the next deal's first trick: "Last trick" shows it from then on
        idle(page)
        if saved_tricks(page, "deal"):
            break
        player.step(page)
    else:
        raise AssertionError("no trick in the next deal")
    first = saved_tricks(page, "deal")[0]
    assert last_trick_dialog(page) == first != last


def test_the_points_taken_and_the_contract_are_on_the_table_and_the_setting_hides_them(
        page, server_url):
    page.set_viewport_size({"width": 390, "height": 844})
    computers_only(page, server_url, Words("en"))
    page.wait_for_selector(".centre.trick-done", timeout=30_000)
    declarer = page.locator(".taken-points.of-contract")
    assert declarer.count() == 1
    contract = page.locator(".table-bar .contract").inner_text()  # "Contract 200 · Vera"
    assert declarer.inner_text().endswith(" of " + contract.split()[1])
    assert page.locator(".taken-points").count() == 3  # the declarer and both defenders
    assert page.locator(".felt-trump").count() == 1

    page.get_by_role("button", name="Home").click()
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_label("Show the points taken this deal")
    assert box.is_checked()
    box.click()
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Continue").first.click()
    page.wait_for_selector(".felt")
    for _ in range(4):  # trick after trick, the points stay hidden; the trump stays in sight
        settle(page)
        assert page.locator(".taken-points").count() == 0
        assert page.locator(".felt-trump").count() == 1
        if page.locator(".centre.trick-done").count():
            page.locator(".felt").click()
