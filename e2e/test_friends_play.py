"""Play with friends (issue 22, Must 7): pages of one browser, each in a context of its own (its own
storage, as a phone has), joined over this machine's own address by the text codes the pages show,
play a whole deal of cards and a round of dice; a friend's page dropped and back; and once, the
host's code read by a friend's camera (Chromium's fake camera showing the code, tools/qr_video.py).

Each page plays through its buttons as a person would (e2e/driver.py). Pairing and a move's round
trip are printed (run with -s), never asserted."""
import time

import pytest
from playwright.sync_api import expect

from e2e.conftest import CHROMIUM_ARGS, chromium_path
from e2e.driver import Player, idle
from e2e.helpers import is_local_url, wait_for_python_ready

PAGE_SNAPSHOT = """() => {
  const all = s => Array.from(document.querySelectorAll(s));
  const dialog = document.querySelector('[role=dialog]');
  return {
    screen: document.body.dataset.screen,
    dialog: dialog ? dialog.getAttribute('aria-label') : null,
    prompt: all('.prompt button:not(.hint-button)').filter(b => !b.disabled).length,
    cards: all('.hand button.card:not([aria-disabled=true])').length,
    roll: !!document.querySelector('[data-do="dice.roll"]:not([disabled])'),
  };
}"""


@pytest.fixture
def phones(browser, server_url, browser_guard):
    """`phone(name)`: a new page in a context of its own, with the camera allowed (the page asks
    for it before making a code, so that the phones' descriptions carry real addresses)."""
    contexts = []

    def phone(lang="en", seed=5):
        context = browser.new_context(permissions=["camera"], viewport={"width": 390, "height": 844},
                                      has_touch=True)
        context.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
        contexts.append(context)
        page = context.new_page()
        page.on("request", browser_guard.on_request)
        page.on("console", browser_guard.on_console)
        page.on("pageerror", browser_guard.on_page_error)
        page.goto(f"{server_url}?seed={seed}&delay=0&lang={lang}")
        wait_for_python_ready(page)
        return page

    yield phone
    for context in contexts:
        context.close()
    problems = browser_guard.problems()
    if problems:
        pytest.fail("a page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


def host_game(host, kind: str, friend_seats: list):
    host.get_by_role("button", name="Play with friends").click()
    host.get_by_role("button", name=f"{kind} game with friends").click()
    for seat in friend_seats:
        host.locator(f"#seat-kind-{seat}").select_option("friend")
        idle(host)
    host.get_by_role("button", name="Start the game").click()
    idle(host)


def code_shown(page) -> str:
    box = page.locator("#shown-code")
    expect(box).to_have_value(__import__("re").compile(r"\S{20,}"), timeout=20_000)
    return box.input_value()


def invite(host, friend, seat: int, name: str) -> float:
    """The host shows seat's code, the friend pastes it and shows its own, the host pastes that:
    the seconds from the host's tap to the friend at the table."""
    started = time.monotonic()
    host.evaluate("document.querySelector('[data-do=go][data-arg*=friends]')?.click()")
    idle(host)
    host.locator("[data-do='friends.invite']").first.click()  # the first seat not joined yet
    offer = code_shown(host)
    friend.get_by_role("button", name="Play with friends").click()
    friend.locator("#join-name").fill(name)
    friend.locator("#join-code").fill(offer)
    friend.get_by_role("button", name="Join", exact=True).click()
    answer = code_shown(friend)
    host.locator("#pair-code").fill(answer)
    host.get_by_role("button", name="Connect", exact=True).click()
    friend.wait_for_function("document.body.dataset.screen === 'table' || "
                             "document.body.dataset.screen === 'dice'", timeout=20_000)
    took = time.monotonic() - started
    print(f"\npairing {name}: codes of {len(offer)} and {len(answer)} characters, "
          f"{took:.2f} s from the host's tap to the friend at the table")
    return took


def to_act(page) -> bool:
    idle(page)
    snap = page.evaluate(PAGE_SNAPSHOT)
    return bool(snap["dialog"] or snap["prompt"] or snap["cards"] or snap["roll"])


def test_three_phones_play_a_whole_deal_of_cards(phones):
    host, vera, gleb = phones(seed=5), phones(), phones()
    host_game(host, "Card", [1, 2])
    invite(host, vera, 1, "Vera")
    invite(host, gleb, 2, "Gleb")
    host.evaluate("document.querySelector('[data-do=go][data-arg*=table]')?.click()")
    idle(host)
    expect(host.locator(".opponents")).to_contain_text("Vera")
    expect(vera.locator(".opponents")).to_contain_text("Gleb")
    players = {id(p): Player(s) for p, s in ((host, 1), (vera, 2), (gleb, 3))}
    round_trips = []
    for _ in range(400):
        if host.locator("[role=dialog][aria-label='End of the deal']").count():
            break
        moved = False
        for page in (host, vera, gleb):
            if page.locator("[role=dialog][aria-label='End of the deal']").count():
                continue
            if to_act(page):
                before = host.evaluate("document.querySelector('#app').innerHTML")
                t = time.monotonic()
                players[id(page)].step(page)
                if page is not host:  # the move seen on the host's table (a move of the
                    try:              # friend's own, such as closing a dialog, is not)
                        host.wait_for_function("h => document.querySelector('#app').innerHTML"
                                               " !== h", arg=before, timeout=3_000)
                        round_trips.append(time.monotonic() - t)
                    except Exception:  # noqa: BLE001
                        pass
                moved = True
        if not moved:
            time.sleep(0.05)
    else:
        pytest.fail("the deal never ended")
    for page in (vera, gleb):  # every friend's table shows the deal's end too
        expect(page.get_by_role("dialog", name="End of the deal")).to_be_visible(timeout=10_000)
    if round_trips:
        round_trips.sort()
        print(f"a friend's move to the host's table: median {1000 * round_trips[len(round_trips) // 2]:.0f} ms"
              f" over {len(round_trips)} moves")


def test_two_phones_play_a_round_of_dice(phones):
    host, vera = phones(seed=9), phones()
    host_game(host, "Dice", [1])
    invite(host, vera, 1, "Vera")
    host.evaluate("document.querySelector('[data-do=go][data-arg*=dice]')?.click()")
    idle(host)
    rolls = {id(host): 0, id(vera): 0}
    for _ in range(200):
        if all(r >= 1 for r in rolls.values()) and vera.evaluate(PAGE_SNAPSHOT)["roll"] is False \
                and host.evaluate(PAGE_SNAPSHOT)["roll"]:
            break  # each has rolled and it is the host's turn again: a round
        for page in (host, vera):
            idle(page)
            stop = page.locator("[data-do='dice.stop']:not([disabled])")
            keep = page.locator(".actions.keep button")
            if keep.count():
                keep.first.click()
            elif stop.count():
                stop.click()
            elif page.evaluate(PAGE_SNAPSHOT)["roll"]:
                page.locator("[data-do='dice.roll']").click()
                rolls[id(page)] += 1
    assert all(r >= 1 for r in rolls.values()), rolls
    # the friend's table names the host's seat and its own, and shows the scores the host's does
    idle(vera)
    idle(host)
    expect(vera.locator("main")).to_contain_text("Host")
    expect(host.locator("main")).to_contain_text("Vera")
    scores = "() => [...document.querySelectorAll('td.score')].map(e => e.textContent)"
    assert vera.evaluate(scores) == host.evaluate(scores)


def test_a_friend_dropped_comes_back_to_the_same_seat_and_hand(phones):
    host, vera = phones(seed=5), phones()
    host_game(host, "Card", [1])
    invite(host, vera, 1, "Vera")
    host.evaluate("document.querySelector('[data-do=go][data-arg*=table]')?.click()")
    players = {id(host): Player(1), id(vera): Player(2)}
    for _ in range(60):  # on to the bidding, where the friend holds a hand
        if vera.locator(".hand .card").count() and to_act(vera):
            break
        for page in (host, vera):
            if to_act(page):
                players[id(page)].step(page)
    idle(vera)
    hand = vera.locator(".hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    vera.context.close()  # the phone leaves
    host.evaluate("document.querySelector('[data-do=go][data-arg*=friends]')?.click()")
    expect(host.locator(".friend-status.away")).to_have_count(1, timeout=20_000)
    again = phones()
    invite(host, again, 1, "Vera")
    idle(again)
    back = again.locator(".hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert back == hand and back


def test_the_hosts_code_read_by_the_friends_camera(phones, browser_type, server_url, browser_guard,
                                                 tmp_path):
    from tools import qr_video
    host = phones(seed=5)
    host_game(host, "Card", [1])
    host.evaluate("document.querySelector('[data-do=go][data-arg*=friends]')?.click()")
    idle(host)
    host.locator("[data-do='friends.invite']").first.click()
    offer = code_shown(host)
    video = tmp_path / "offer.y4m"
    qr_video.write(offer, str(video))
    browser = browser_type.launch(executable_path=chromium_path(), headless=True,
                                  args=[*CHROMIUM_ARGS, "--use-fake-device-for-media-stream",
                                        f"--use-file-for-fake-video-capture={video}"])
    try:
        context = browser.new_context(permissions=["camera"])
        context.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
        friend = context.new_page()
        friend.on("pageerror", browser_guard.on_page_error)
        friend.goto(f"{server_url}?delay=0&lang=en")
        wait_for_python_ready(friend)
        friend.get_by_role("button", name="Play with friends").click()
        friend.locator("#join-name").fill("Vera")
        friend.get_by_role("button", name="Read the host's code with the camera").click()
        answer = code_shown(friend)
        host.locator("#pair-code").fill(answer)
        host.get_by_role("button", name="Connect", exact=True).click()
        friend.wait_for_function("document.body.dataset.screen === 'table'", timeout=20_000)
    finally:
        browser.close()
