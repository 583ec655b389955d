"""Settings of this device: the page's language and how fast the computer players move. (The
rules themselves are the conventions, on their own screen.)"""
from thousand.i18n import _, p_
from thousand.ui import data, language
from thousand.ui.html import action_attrs, button, h

DELAYS = (0.0, 0.3, 0.6, 1.0, 1.6)


def speed_labels() -> list:
    """The computer's speeds, words of their own ("Normal" here is not the computer's level)."""
    return [p_("computer speed", "Instant"), p_("computer speed", "Fast"),
            p_("computer speed", "Normal"), p_("computer speed", "Slow"),
            p_("computer speed", "Very slow")]


def render(app):
    current = app.delay
    options = [h("option", {"value": str(v), "selected": abs(v - current) < 1e-9}, label)
               for v, label in zip(DELAYS, speed_labels())]
    if all(abs(v - current) > 1e-9 for v in DELAYS):
        options.append(h("option", {"value": str(current), "selected": True},
                         _("{seconds} s", seconds=current)))
    # each language under its own name, so a player who cannot read the current one finds theirs
    languages = [h("option", {"value": code, "selected": code == app.language, "lang": code}, name)
                 for code, name in language.choices()]
    return h("section", {"class": "screen settings", "aria-label": _("Settings")},
             h("h2", {}, _("Settings")),
             h("label", {"for": "language"}, _("Language")),
             h("select", {"id": "language", **action_attrs("settings.language")}, languages),
             h("label", {"for": "bot-delay"}, _("Computer players' speed")),
             h("select", {"id": "bot-delay", **action_attrs("settings.delay")}, options),
             h("p", {"class": "hint"}, _("How long each computer move stays on the table before "
                                         "the next one.")),
             button(_("Conventions"), "go", screen="conventions"),
             data.settings_panel(app),
             button(_("Back"), "go", screen="home"))


def handle(app, event):
    if event["do"] == "settings.language":
        app.set_language(str(event.get("value", "")))
    elif event["do"] == "settings.delay":
        try:
            value = float(event.get("value", 0.6))
        except (TypeError, ValueError):
            value = -1.0
        if not 0 <= value <= 5:
            app.notice = _("The delay must be between {low} and {high} seconds.", low=0, high=5)
            return
        app.delay = value
        settings = app.store.settings()
        settings["delay"] = value
        app.store.save_settings(settings)
