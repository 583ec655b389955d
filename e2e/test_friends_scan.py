"""QR codes read by the page's camera (assets/friends/scan.mjs) and drawn by it (qr.mjs).

Chromium's fake camera plays a video of a code (tools/qr_video.py, drawn by segno, another
encoder than the page's): the page must read exactly the text in it. Then the page's own
drawing of codes is read back by the page's reader. No Pyodide: e2e/pages/friends.html loads
only the friends' modules.
"""
import pytest

from e2e.conftest import CHROMIUM_ARGS, chromium_path
from e2e.helpers import is_local_url
from tools import qr_video

PAGE = "e2e/pages/friends.html"
# What a connection code looks like (thousand/friends/codes.py): QR's alphanumeric set, ~100 long.
CODE = "T1O" + "7K3QZ$X9%M*A+B-C.D/E:F " * 3 + "0123456789ABCDEFGHIJKLMNOPQR"
# The fake camera answers at once; the prompt is never shown.
FAKE_CAMERA = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]


@pytest.fixture(scope="module")
def camera_video(tmp_path_factory):
    path = tmp_path_factory.mktemp("camera") / "code.y4m"
    qr_video.write(CODE, str(path))
    return path


def own_chromium_page(browser_type, server_url, browser_guard, args, permissions):
    """A page of a Chromium of its own, launched with `args`, guarded like conftest's page."""
    browser = browser_type.launch(executable_path=chromium_path(), headless=True, args=[*CHROMIUM_ARGS, *args])
    try:
        context = browser.new_context(permissions=permissions)
        context.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
        page = context.new_page()
        page.on("request", browser_guard.on_request)
        page.on("console", browser_guard.on_console)
        page.on("pageerror", browser_guard.on_page_error)
        page.goto(server_url + PAGE)
        page.wait_for_selector("body[data-modules='1']")
        yield page
        problems = browser_guard.problems()
        if problems:
            pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
    finally:
        browser.close()


@pytest.fixture
def camera_page(browser_type, server_url, camera_video, browser_guard):
    """The page of a phone whose camera shows `camera_video`, the camera allowed."""
    args = [*FAKE_CAMERA, f"--use-file-for-fake-video-capture={camera_video}"]
    yield from own_chromium_page(browser_type, server_url, browser_guard, args, ["camera"])


@pytest.fixture
def refusing_page(browser_type, server_url, camera_video, browser_guard):
    """The page of a phone with a camera that the player does not allow."""
    args = ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={camera_video}"]
    yield from own_chromium_page(browser_type, server_url, browser_guard, args, [])


def test_the_camera_reads_the_code_it_is_shown(camera_page):
    decoder = camera_page.evaluate("scan.decoder()")
    print(f"\ndecoder: {decoder}")
    assert decoder in ("BarcodeDetector", "jsQR")
    read = camera_page.evaluate("""async () => {
        const t0 = performance.now();
        const text = await scan.start(document.getElementById('camera'), 'T1');
        return [text, performance.now() - t0];
    }""")
    print(f"camera opened and code read in {read[1]:.0f} ms")
    assert read[0] == CODE
    # The camera is off again, and the page's <video> let go of it.
    assert camera_page.evaluate("[scan.scanning(), document.getElementById('camera').srcObject]") == [False, None]


def test_a_code_of_another_kind_is_not_taken_and_stop_ends_the_reading(camera_page):
    outcome = camera_page.evaluate("""async () => {
        const reading = scan.start(null, 'T2');  // the camera shows a T1 code
        await new Promise(r => setTimeout(r, 1500));
        const made = document.querySelectorAll('video').length;
        scan.stop();
        return [await reading, made, document.querySelectorAll('video').length];
    }""")
    # Nothing read; the <video> scan.start made while reading (beside the page's own) is gone.
    assert outcome == ["", 2, 1]


def test_asking_for_the_camera_first_is_granted_here(camera_page):
    assert camera_page.evaluate("peer.askCamera()") == "granted"
    camera_page.evaluate("peer.releaseCamera()")


def test_a_refused_camera_is_told_to_the_page(refusing_page):
    # The page then offers the text code (and says the offer may carry only name.local names).
    assert refusing_page.evaluate("peer.askCamera()") == "denied"
    assert refusing_page.evaluate("scan.start().then(t => 'read ' + t, e => e.name)") == "NotAllowedError"
    assert refusing_page.evaluate("[scan.scanning(), document.querySelectorAll('video').length]") == [False, 1]


@pytest.mark.parametrize("text,version", [
    (CODE, 4),  # alphanumeric at level L: up to 114 characters fit version 4 (33 modules a side)
    ("T1" + "A" * 100, 4),
    ("t1" + "a" * 100, 5),  # lowercase needs bytes: version 5 for the same length
    ("Тысяча, 1000 ♥", 2),  # any text too, as UTF-8 (22 bytes: version 2)
])
def test_the_page_draws_codes_its_reader_reads(page, server_url, text, version):
    page.goto(server_url + PAGE)
    page.wait_for_selector("body[data-modules='1']")
    assert page.evaluate("t => qr.version(t)", text) == version
    # The SVG as the page would show it, at 4 screen pixels a module, read back from a picture.
    read = page.evaluate("""async t => {
        const svg = qr.svg(t, 'Code');
        const side = (qr.version(t) * 4 + 17 + 8) * 4;
        const img = new Image(side, side);
        img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = side;
        canvas.getContext('2d').drawImage(img, 0, 0, side, side);
        return [await scan.decode(canvas), svg.slice(0, 200)];
    }""", text)
    assert read[0] == text
    assert 'shape-rendering="crispEdges"' in read[1] and 'aria-label="Code"' in read[1]
