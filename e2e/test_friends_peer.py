"""Two pages joined by assets/friends/peer.mjs over this machine's own address, no server between.

The test carries the offer and the answer from one page to the other as raw SDP (the page turns
them into codes, thousand/friends/codes.py, and shows them as QR codes; not here). No Pyodide:
e2e/pages/friends.html loads only the friends' modules. The context has the camera permission,
as the page asks for it first: Chromium then puts real addresses in the descriptions, not
name.local ones (docs/friends.md, "Connecting"). Pairing and round-trip times are printed
(run with -s to see them), never asserted.
"""
import statistics
import time

import pytest

PAGE = "e2e/pages/friends.html"
ROUND_TRIPS = 20


def open_modules(page, server_url):
    page.goto(server_url + PAGE)
    page.wait_for_selector("body[data-modules='1']")
    # Every state and message each side sees, in order.
    page.evaluate("""() => {
        window.states = []; window.messages = [];
        peer.onState((id, state) => states.push([id, state]));
        peer.onMessage((id, text) => messages.push([id, text]));
    }""")


@pytest.fixture
def friend_page(context, browser_guard):
    """A second page in the host page's context, watched like it (conftest's page fixture)."""
    other = context.new_page()
    other.on("request", browser_guard.on_request)
    other.on("console", browser_guard.on_console)
    other.on("pageerror", browser_guard.on_page_error)
    yield other
    other.close()


@pytest.fixture
def pair(page, friend_page, context, server_url):
    """(host page, friend page, host's id of the friend, friend's id of the host), joined."""
    context.grant_permissions(["camera"], origin=server_url.rstrip("/"))
    host, friend = page, friend_page
    open_modules(host, server_url)
    open_modules(friend, server_url)
    started = time.monotonic()
    offer = host.evaluate("peer.host.offer()")
    offered = time.monotonic()
    answer = friend.evaluate("sdp => peer.friend.answer(sdp)", offer["sdp"])
    answered = time.monotonic()
    host.evaluate("([id, sdp]) => peer.host.accept(id, sdp)", [offer["id"], answer["sdp"]])
    host.wait_for_function("() => states.some(([, s]) => s === 'open')")
    friend.wait_for_function("() => states.some(([, s]) => s === 'open')")
    opened = time.monotonic()
    print(f"\npairing: offer {1000 * (offered - started):.0f} ms, answer {1000 * (answered - offered):.0f} ms,"
          f" offer to both open {1000 * (opened - started):.0f} ms"
          f" (SDP {len(offer['sdp'])} and {len(answer['sdp'])} characters)")
    assert offer["reach"] == "address" and answer["reach"] == "address"
    return host, friend, offer["id"], answer["id"]


def test_host_and_friend_exchange_messages_both_ways(pair):
    host, friend, friend_id, host_id = pair
    # "connecting", then "open"; on a loaded machine the link may be up before "connecting"
    assert host.evaluate("states") in ([[friend_id, "connecting"], [friend_id, "open"]],
                                       [[friend_id, "open"]])
    assert friend.evaluate("states") in ([[host_id, "connecting"], [host_id, "open"]],
                                         [[host_id, "open"]])
    assert host.evaluate("([id, t]) => peer.send(id, t)", [friend_id, "Ход: 10♥ — «марьяж»"]) is True
    friend.wait_for_function("() => messages.length === 1")
    assert friend.evaluate("messages") == [[host_id, "Ход: 10♥ — «марьяж»"]]
    big = "x" * 60_000  # a whole position fits in one message
    assert friend.evaluate("([id, t]) => peer.send(id, t)", [host_id, big]) is True
    host.wait_for_function("() => messages.length === 1")
    assert host.evaluate("messages") == [[friend_id, big]]

    # One message there and back, the friend's page answering at once: median and worst of 20.
    friend.evaluate("id => peer.onMessage((from, text) => peer.send(from, 're:' + text))", host_id)
    times = host.evaluate("""async ([id, n]) => {
        const times = [];
        for (let i = 0; i < n; i++) {
            const back = new Promise(resolve => peer.onMessage((from, text) => resolve(text)));
            const t0 = performance.now();
            peer.send(id, 'ping' + i);
            if (await back !== 're:ping' + i) throw new Error('wrong answer');
            times.push(performance.now() - t0);
        }
        return times;
    }""", [friend_id, ROUND_TRIPS])
    assert len(times) == ROUND_TRIPS
    print(f"round trip: median {statistics.median(times):.2f} ms, worst {max(times):.2f} ms ({ROUND_TRIPS} messages)")


def test_a_friend_who_leaves_is_away_and_sending_to_them_is_refused(pair):
    host, friend, friend_id, host_id = pair
    friend.evaluate("id => peer.close(id)", host_id)
    assert friend.evaluate("states").pop() == [host_id, "closed"]
    assert friend.evaluate("([id, t]) => peer.send(id, t)", [host_id, "late"]) is False
    host.wait_for_function("id => states.some(([who, s]) => who === id && s === 'away')", arg=friend_id)
    assert host.evaluate("([id, t]) => peer.send(id, t)", [friend_id, "anyone?"]) is False
    assert host.evaluate("id => peer.state(id)", friend_id) == "away"


def test_no_link_within_the_seconds_given_is_told_to_the_page(page, server_url, context):
    context.grant_permissions(["camera"], origin=server_url.rstrip("/"))
    open_modules(page, server_url)
    offer = page.evaluate("peer.host.offer()")
    # An answer from a phone that cannot be reached: its description with no address in it.
    answer = page.evaluate("""async sdp => {
        const pc = new RTCPeerConnection({iceServers: []});
        pc.createDataChannel('thousand', {negotiated: true, id: 0});
        await pc.setRemoteDescription({type: 'offer', sdp});
        await pc.setLocalDescription(await pc.createAnswer());
        const text = pc.localDescription.sdp;
        pc.close();
        return text.split('\\r\\n').filter(l => !l.startsWith('a=candidate:')).join('\\r\\n');
    }""", offer["sdp"])
    assert page.evaluate("peer.reach", answer) == "none"
    page.evaluate("([id, sdp]) => peer.host.accept(id, sdp, 1)", [offer["id"], answer])
    page.wait_for_function("() => states.some(([, s]) => s === 'timeout')")
    assert page.evaluate("states") == [[offer["id"], "connecting"], [offer["id"], "timeout"]]
    page.evaluate("id => peer.close(id)", offer["id"])
    assert page.evaluate("id => peer.state(id)", offer["id"]) == "closed"


def test_a_damaged_offer_is_refused_and_leaves_nothing_open(page, server_url):
    open_modules(page, server_url)
    error = page.evaluate("""() => peer.friend.answer('v=0\\r\\nnot an offer\\r\\n')
        .then(() => '', e => e.name || 'Error')""")
    assert error  # the browser's own reason (OperationError, InvalidAccessError...)
    assert page.evaluate("states") == []
    refused = page.evaluate("() => peer.host.accept('h99', 'v=0').then(() => '', e => e.message)")
    assert refused == "no offer h99 here"
