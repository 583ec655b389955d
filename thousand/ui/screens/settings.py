"""Settings of this device: how fast the computer players move. (The rules themselves are the
conventions, on their own screen.)"""
from thousand.ui.html import action_attrs, button, h

DELAYS = [(0.0, "Instant"), (0.3, "Fast"), (0.6, "Normal"), (1.0, "Slow"), (1.6, "Very slow")]


def render(app):
    current = app.delay
    options = [h("option", {"value": str(v), "selected": abs(v - current) < 1e-9}, label)
               for v, label in DELAYS]
    if all(abs(v - current) > 1e-9 for v, _ in DELAYS):
        options.append(h("option", {"value": str(current), "selected": True}, f"{current} s"))
    return h("section", {"class": "screen settings", "aria-label": "Settings"},
             h("h2", {}, "Settings"),
             h("label", {"for": "bot-delay"}, "Computer players' speed"),
             h("select", {"id": "bot-delay", **action_attrs("settings.delay")}, options),
             h("p", {"class": "hint"}, "How long each computer move stays on the table before "
                                       "the next one."),
             button("Conventions", "go", screen="conventions"),
             button("Back", "go", screen="home"))


def handle(app, event):
    if event["do"] == "settings.delay":
        value = float(event.get("value", 0.6))
        if not 0 <= value <= 5:
            app.notice = "The delay must be between 0 and 5 seconds."
            return
        app.delay = value
        settings = app.store.settings()
        settings["delay"] = value
        app.store.save_settings(settings)
