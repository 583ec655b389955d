"""On a phone (touch, 360×640 portrait, as the manifest asks): a whole deal played by tapping, with
nothing wider than the screen."""
import pytest
from playwright.sync_api import Locator

from e2e.driver import Player, idle
from e2e.helpers import wait_for_python_ready

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
MAX_STEPS = 600


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


class Tapping:
    """A page or locator on which click() is a tap (a touch, with Playwright's checks that the
    element is visible, steady and not covered), so that e2e.driver.Player plays by touch."""

    taps = 0

    def __init__(self, target):
        self._target = target

    def click(self, **options):
        Tapping.taps += 1
        self._target.tap(**options)

    def __getattr__(self, name):
        value = getattr(self._target, name)
        if isinstance(value, Locator):
            return Tapping(value)
        if callable(value):
            def call(*args, **kwargs):
                result = value(*args, **kwargs)
                return Tapping(result) if isinstance(result, Locator) else result
            return call
        return value


def wider_than_the_screen(page) -> list:
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const out = [];
      if (document.documentElement.scrollWidth > width) out.push("the page scrolls sideways");
      return out;
    }""")


def test_a_whole_deal_by_tapping_on_a_phone(page, server_url):
    assert page.evaluate("matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0")
    phone = Tapping(page)
    page.goto(f"{server_url}?seed=61&delay=0")
    wait_for_python_ready(page)
    assert wider_than_the_screen(page) == []
    phone.get_by_role("button", name="New game").click()
    phone.get_by_role("button", name="3 players").click()
    phone.get_by_role("button", name="Start the game").click()
    idle(page)
    assert wider_than_the_screen(page) == []

    player = Player(61)
    for _ in range(MAX_STEPS):
        idle(page)
        if page.get_by_role("dialog", name="End of the deal").count():
            break
        assert player.step(phone), "the game ended within one deal"
    else:
        raise AssertionError(f"the deal did not end in {MAX_STEPS} taps: {player.counts}")
    assert wider_than_the_screen(page) == []
    c = player.counts
    assert c["played"] >= 5, c
    assert Tapping.taps >= c["played"] + 3
    phone.get_by_role("dialog").get_by_role("button", name="Next deal").click()
    idle(page)
    assert page.get_by_role("dialog", name="End of the deal").count() == 0
