"""The device's table preferences (thousand/ui/preferences.py) and the Settings screen that sets
them: every preference kept and read back, a damaged saved value read as its default, a value a
preference cannot take refused in words with nothing changed, and every control labelled."""
import re

import pytest

from thousand.errors import BadInput
from thousand.storage import MemoryBackend, Store
from thousand.ui import preferences
from thousand.ui.app import App
from thousand.ui.preferences import DEFAULTS, TRICK_UNTIL_TAP

# for each preference, values other than its default that it takes
GOOD = {"delay": [0.0, 0.3, 1.6, 5], "trick_pause": [0.5, 2.0, TRICK_UNTIL_TAP, 0],
        "motion": [False], "sound": [False], "auto_play": [True], "confirm_risky": [False],
        "show_points": [False]}
BAD = {"delay": [-0.1, 5.5, "0.3", True, None, [1]],
       "trick_pause": [-0.5, 6, "1", False, None, {"s": 1}],
       "motion": ["yes", 1, 0, None], "sound": ["on", 1, None],
       "auto_play": ["true", 1, None], "confirm_risky": ["no", 0, None],
       "show_points": ["off", 0, None]}
# the Settings screen's events and controls, by preference
EVENT = {key: f"settings.{key}" for key in DEFAULTS}
CONTROL = {"delay": "bot-delay", "trick_pause": "trick-pause", "motion": "motion",
           "sound": "sound", "auto_play": "auto-play", "confirm_risky": "confirm-risky",
           "show_points": "show-points"}


def fresh():
    return Store(MemoryBackend())


def settings_app(store=None):
    app = App(store or fresh())
    app.handle({"do": "go", "screen": "settings"})
    return app


def test_every_preference_has_a_default_and_a_check():
    assert set(DEFAULTS) == set(preferences.VALID) == set(GOOD) == set(BAD)
    assert all(preferences.VALID[key](value) for key, value in DEFAULTS.items())


def test_nothing_saved_reads_as_the_defaults():
    assert preferences.read(fresh()) == DEFAULTS


@pytest.mark.parametrize("key", sorted(DEFAULTS))
def test_every_preference_round_trips_through_the_store_and_a_new_page(key):
    store = fresh()
    for value in GOOD[key]:
        preferences.write(store, key, value)
        assert preferences.read(store)[key] == value
        assert App(store).preference(key) == value
        others = {k: v for k, v in preferences.read(store).items() if k != key}
        assert others == {k: v for k, v in DEFAULTS.items() if k != key}


@pytest.mark.parametrize("key", sorted(DEFAULTS))
def test_a_value_a_preference_cannot_take_is_refused_and_nothing_changes(key):
    store = fresh()
    preferences.write(store, key, GOOD[key][0])
    before = store.settings()
    for value in BAD[key]:
        with pytest.raises(BadInput) as refused:
            preferences.write(store, key, value)
        assert refused.value.where == key
        assert store.settings() == before


def test_an_unknown_preference_is_refused():
    store = fresh()
    with pytest.raises(BadInput, match="no preference"):
        preferences.write(store, "volume", 3)
    assert store.settings() == {}


def test_damaged_saved_values_read_as_their_defaults_and_good_ones_are_kept():
    store = fresh()
    damaged = {"delay": "fast", "trick_pause": 7, "motion": "yes", "sound": 1, "auto_play": None,
               "confirm_risky": "no"}
    store.save_settings({**damaged, "language": "en"})
    assert preferences.read(store) == DEFAULTS
    store.save_settings({**damaged, "delay": 1.0, "auto_play": True})
    assert preferences.read(store) == {**DEFAULTS, "delay": 1.0, "auto_play": True}
    assert App(store).delay == 1.0


def test_a_storage_that_cannot_be_read_gives_the_defaults():
    class Refusing(Store):
        def settings(self):
            raise OSError("the browser said no")
    assert preferences.read(Refusing(MemoryBackend())) == DEFAULTS


def test_other_settings_beside_the_preferences_are_kept_when_one_is_written():
    store = fresh()
    store.save_settings({"language": "ru", "players": 4})
    preferences.write(store, "sound", False)
    assert store.settings() == {"language": "ru", "players": 4, "sound": False}


# --- the Settings screen ----------------------------------------------------------------------

def _controls(html):
    return re.findall(r'<(select|input) [^>]*id="([^"]+)"', html)


def test_every_control_of_the_settings_screen_has_its_label_and_every_group_a_legend():
    html = str(settings_app().render())
    controls = _controls(html)
    assert {fid for _, fid in controls} >= set(CONTROL.values()) | {"language"}
    for _, fid in controls:
        assert html.count(f'<label for="{fid}"') == 1, fid
        described = re.search(rf'id="{fid}"[^>]*aria-describedby="([^"]+)"', html) or \
            re.search(rf'aria-describedby="([^"]+)"[^>]*id="{fid}"', html)
        if described:
            assert f'id="{described.group(1)}"' in html  # the hint it points at is there
    fieldsets = re.findall(r"<fieldset[^>]*>(.*?)</fieldset>", html, re.S)
    assert len(fieldsets) == 3
    assert all(f.startswith("<legend>") for f in fieldsets)
    assert len(set(re.findall(r' id="([^"]+)"', html))) == len(re.findall(r' id="', html))


def test_the_settings_screen_says_what_counts_as_risky_and_that_reduced_motion_wins():
    html = str(settings_app().render())
    assert "playing dark, or a contract far above what your hand promises" in html
    assert "reduced motion" in html


@pytest.mark.parametrize("key", ["motion", "sound", "auto_play", "confirm_risky"])
def test_a_checkbox_of_the_settings_screen_sets_its_preference_and_shows_it(key):
    store = fresh()
    app = settings_app(store)
    box = rf'<input type="checkbox" id="{CONTROL[key]}"( checked)?'
    assert bool(re.search(box, str(app.render())).group(1)) is DEFAULTS[key]
    app.handle({"do": EVENT[key], "value": not DEFAULTS[key]})
    assert app.notice is None and preferences.read(store)[key] is (not DEFAULTS[key])
    assert bool(re.search(box, str(app.render())).group(1)) is (not DEFAULTS[key])
    assert settings_app(store).preference(key) is (not DEFAULTS[key])


@pytest.mark.parametrize("sent", ["yes", "on", 1, None, "true"])
def test_a_checkbox_event_that_is_not_true_or_false_is_refused(sent):
    store = fresh()
    app = settings_app(store)
    app.handle({"do": "settings.auto_play", "value": sent})
    assert app.notice and "left as it was" in app.notice
    assert store.settings() == {} and app.preference("auto_play") is False
    assert 'role="alert"' in str(app.render())


@pytest.mark.parametrize("sent,kept", [("0.5", 0.5), ("2.0", 2.0), ("-1.0", TRICK_UNTIL_TAP),
                                       ("1.0", 1.0)])
def test_the_pause_after_a_trick_is_chosen_among_its_four_lengths(sent, kept):
    store = fresh()
    app = settings_app(store)
    app.handle({"do": "settings.trick_pause", "value": sent})
    assert app.notice is None and app.preference("trick_pause") == kept
    html = str(app.render())
    chosen = re.search(r'<select id="trick-pause".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="([^"]+)" selected', chosen) == [sent]
    assert chosen.count("<option") == 4


def test_the_four_pauses_are_named():
    html = str(settings_app().render())
    chosen = re.search(r'<select id="trick-pause".*?</select>', html, re.S).group(0)
    assert re.findall(r">([^<]+)</option>", chosen) == ["Short (0.5 s)", "Normal (1 s)",
                                                          "Long (2 s)", "Until I tap"]


@pytest.mark.parametrize("sent", ["9", "-2", "soon", None, True, "nan"])
def test_a_pause_after_a_trick_it_cannot_take_is_refused_and_nothing_changes(sent):
    store = fresh()
    app = settings_app(store)
    app.handle({"do": "settings.trick_pause", "value": "2.0"})
    app.handle({"do": "settings.trick_pause", "value": sent})
    assert app.notice and app.preference("trick_pause") == 2.0


def test_a_pause_saved_outside_the_choices_is_shown_as_it_is():
    store = fresh()
    preferences.write(store, "trick_pause", 1.5)
    html = str(settings_app(store).render())
    assert '<option value="1.5" selected>1.5 s</option>' in html


@pytest.mark.parametrize("sent", ["9", "-1", "x", None])
def test_a_computer_speed_it_cannot_take_is_refused_and_nothing_changes(sent):
    store = fresh()
    app = settings_app(store)
    app.handle({"do": "settings.delay", "value": "1.0"})
    app.handle({"do": "settings.delay", "value": sent})
    assert app.notice and app.delay == 1.0 and app.preference("delay") == 1.0


def test_an_unknown_settings_event_is_refused():
    store = fresh()
    app = settings_app(store)
    app.handle({"do": "settings.volume", "value": 3})
    assert app.notice and store.settings() == {}


def test_a_good_choice_clears_the_last_refusal():
    app = settings_app()
    app.handle({"do": "settings.sound", "value": "loud"})
    assert app.notice
    app.handle({"do": "settings.sound", "value": False})
    assert app.notice is None and app.preference("sound") is False
