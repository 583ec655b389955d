"""How this device likes the table to behave: the computer's pace, the pause after a trick, card
movement, sound, playing a lone legal card, asking before a risky decision, showing the points
taken this deal. Kept in the saved settings beside the language; a value that is missing or
damaged (an older save, a hand-edited one) reads as its default, so the table always has every
preference."""
from thousand.errors import BadInput
from thousand.i18n import N_

# seconds a complete trick stays on the table before it is gathered; TRICK_UNTIL_TAP waits for a tap
TRICK_UNTIL_TAP = -1.0
DEFAULTS = {
    "delay": 0.6,          # seconds between computer moves
    "trick_pause": 1.0,    # seconds, or TRICK_UNTIL_TAP
    "motion": True,        # cards move (never when the system asks for reduced motion)
    "sound": True,         # the table's sounds (its mute button turns this off)
    "auto_play": False,    # play my only legal card for me
    "confirm_risky": True,  # ask before playing dark or a contract far above the hand
    "show_points": True,   # the points each seat has taken this deal, on the table
}


def _seconds(low, high, *also):
    return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and \
        (low <= v <= high or v in also)


def _flag(v) -> bool:
    return isinstance(v, bool)


VALID = {"delay": _seconds(0, 5), "trick_pause": _seconds(0, 5, TRICK_UNTIL_TAP),
         "motion": _flag, "sound": _flag, "auto_play": _flag, "confirm_risky": _flag,
         "show_points": _flag}


def read(store) -> dict:
    """Every preference: the saved value where it is good, else the default."""
    try:
        saved = store.settings()
    except Exception:  # noqa: BLE001  (the browser refused to read its storage)
        saved = {}
    return {key: saved[key] if key in saved and VALID[key](saved[key]) else default
            for key, default in DEFAULTS.items()}


def write(store, key: str, value) -> None:
    """Save one preference; a value it cannot take is refused (BadInput) and nothing changes."""
    if key not in DEFAULTS:
        raise BadInput("preference", N_("there is no preference '{key}'"), key=str(key)[:40])
    if not VALID[key](value):
        raise BadInput(key, N_("cannot be {value}"), value=str(value)[:40])
    settings = store.settings()
    settings[key] = value
    store.save_settings(settings)
