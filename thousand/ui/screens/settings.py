"""Settings of this device: the page's language, and how the card table behaves (the computer's
pace, the pause after a trick, card movement, sound, playing a lone legal card, asking before a
risky decision), each kept through thousand/ui/preferences.py. (The rules themselves are the
conventions, on their own screen.)"""
from thousand.errors import BadInput
from thousand.i18n import _, p_
from thousand.ui import data, language, preferences
from thousand.ui.html import action_attrs, button, h

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.6)
TRICK_PAUSES = (0.5, 1.0, 2.0, preferences.TRICK_UNTIL_TAP)
# the yes-or-no preferences: (key, the control's id)
FLAGS = (("motion", "motion"), ("sound", "sound"), ("auto_play", "auto-play"),
         ("confirm_risky", "confirm-risky"), ("show_points", "show-points"))


def speed_labels() -> list:
    """The computer's speeds, words of their own ("Normal" here is not the computer's level)."""
    return [p_("computer speed", "Instant"), p_("computer speed", "Fast"),
            p_("computer speed", "Normal"), p_("computer speed", "Slow"),
            p_("computer speed", "Very slow")]


def trick_pause_labels() -> list:
    """How long a complete trick stays on the table, the order of TRICK_PAUSES."""
    return [p_("trick pause", "Short (0.5 s)"), p_("trick pause", "Normal (1 s)"),
            p_("trick pause", "Long (2 s)"), p_("trick pause", "Until I tap")]


def flag_labels() -> dict:
    return {"motion": _("Cards move"), "sound": _("Sounds"),
            "auto_play": _("Play my only legal card for me"),
            "confirm_risky": _("Ask before a risky decision"),
            "show_points": _("Show the points taken this deal")}


def flag_hints() -> dict:
    return {"motion": _("When the device asks for reduced motion, cards never move."),
            "sound": None,
            "auto_play": _("When only one card may be played, it is played after the computer "
                           "players' pause."),
            "confirm_risky": _("Risky: playing dark, or a contract far above what your hand "
                               "promises."),
            "show_points": _("Each player's card points and marriages so far, and the contract "
                             "to reach, as players keep them in their heads.")}


def _seconds_options(values, labels, current) -> list:
    options = [h("option", {"value": str(v), "selected": abs(v - current) < 1e-9}, label)
               for v, label in zip(values, labels)]
    if all(abs(v - current) > 1e-9 for v in values):  # a value set elsewhere, kept as it is
        options.append(h("option", {"value": str(current), "selected": True},
                         _("{seconds} s", seconds=current)))
    return options


def _select(fid, label, do, options, hint=None):
    hint_id = f"{fid}-hint" if hint else None
    return h("div", {"class": "setting"},
             h("label", {"for": fid}, label),
             h("select", {"id": fid, "aria-describedby": hint_id, **action_attrs(do)}, options),
             h("p", {"class": "hint", "id": hint_id}, hint) if hint else "")


def _checkbox(key, fid, checked):
    hint = flag_hints()[key]
    hint_id = f"{fid}-hint" if hint else None
    return h("div", {"class": "setting setting-check"},
             h("input", {"type": "checkbox", "id": fid, "checked": bool(checked),
                         "aria-describedby": hint_id, **action_attrs(f"settings.{key}")}),
             h("label", {"for": fid}, flag_labels()[key]),
             h("p", {"class": "hint", "id": hint_id}, hint) if hint else "")


def render(app):
    prefs = preferences.read(app.store)
    # each language under its own name, so a player who cannot read the current one finds theirs
    languages = [h("option", {"value": code, "selected": code == app.language, "lang": code}, name)
                 for code, name in language.choices()]
    pace = h("fieldset", {"class": "settings-group"},
             h("legend", {}, _("Pace of the card table")),
             _select("bot-delay", _("Computer players' speed"), "settings.delay",
                     _seconds_options(DELAYS, speed_labels(), app.delay),
                     _("How long each computer move stays on the table before the next one.")),
             _select("trick-pause", _("Pause after a trick"), "settings.trick_pause",
                     _trick_pause_options(prefs["trick_pause"]),
                     _("How long a complete trick stays on the table; a tap on the table "
                       "gathers it at once.")))
    feel = h("fieldset", {"class": "settings-group"},
             h("legend", {}, _("Movement and sound")),
             [_checkbox(key, fid, prefs[key]) for key, fid in FLAGS[:2]])
    help_ = h("fieldset", {"class": "settings-group"},
              h("legend", {}, _("Help at the table")),
              [_checkbox(key, fid, prefs[key]) for key, fid in FLAGS[2:]])
    notice = h("p", {"class": "notice", "role": "alert"}, app.notice) if app.notice else ""
    return h("section", {"class": "screen settings", "aria-label": _("Settings")},
             h("h2", {}, _("Settings")), notice,
             h("div", {"class": "setting"},
               h("label", {"for": "language"}, _("Language")),
               h("select", {"id": "language", **action_attrs("settings.language")}, languages)),
             pace, feel, help_,
             button(_("Conventions"), "go", screen="conventions"),
             data.settings_panel(app),
             button(_("Back"), "go", screen="home"))


def _trick_pause_options(current) -> list:
    labels = trick_pause_labels()
    if current == preferences.TRICK_UNTIL_TAP:
        return [h("option", {"value": str(v), "selected": v == current}, label)
                for v, label in zip(TRICK_PAUSES, labels)]
    return _seconds_options(TRICK_PAUSES, labels, current)


def handle(app, event):
    do = event["do"]
    key = do.partition(".")[2]
    if do == "settings.language":
        app.set_language(str(event.get("value", "")))
    elif key in ("delay", "trick_pause"):
        value = _number(event.get("value"))
        if key == "delay" and not (value is not None and 0 <= value <= 5):
            app.notice = _("The delay must be between {low} and {high} seconds.", low=0, high=5)
            return
        if _save(app, key, value, event.get("value")) and key == "delay":
            app.delay = value
    elif key in preferences.DEFAULTS:
        _save(app, key, event.get("value"), event.get("value"))
    else:
        app.notice = _("unknown page event '{event}'", event=str(do)[:40])


def _number(value):
    """A number from a select's value (text), or None."""
    if isinstance(value, bool):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _save(app, key, value, sent) -> bool:
    """Keep one preference; a value it cannot take is refused in words and nothing changes."""
    try:
        preferences.write(app.store, key, value)
    except BadInput:
        app.notice = _("{value} is not a choice here; the setting is left as it was.",
                       value=str(sent)[:40])
        return False
    app.notice = None
    return True
