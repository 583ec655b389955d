"""The home screen: continue, new game, score sheet for real cards, rules, settings, history."""
from thousand.ui.html import button, h


def render(app):
    items = []
    if app.saved_problem:
        items.append(h("p", {"class": "notice", "role": "alert"}, app.saved_problem))
    if app.session is not None and not app.session.over:
        names = app.session.names()
        totals = app.session.state["score"]["totals"]
        line = ", ".join(f"{nm} {t}" for nm, t in zip(names, totals))
        items.append(h("div", {"class": "continue"},
                       button("Continue", "home.continue", cls="primary big"),
                       h("p", {"class": "hint"}, line)))
    items += [
        button("New game", "go", screen="new", cls="big" + ("" if app.session else " primary")),
        button("Score sheet for real cards", "go", screen="sheet", cls="big"),
        button("Rules", "go", screen="rules", cls="big"),
        button("Settings", "go", screen="settings", cls="big"),
        button("Conventions", "go", screen="conventions", cls="big"),
        button("Finished games", "go", screen="history", cls="big"),
    ]
    return h("section", {"class": "screen home", "aria-label": "Home"},
             h("h2", {}, "Тысяча · Thousand"), h("div", {"class": "stack"}, items))


def handle(app, event):
    if event["do"] == "home.continue" and app.session is not None:
        app.go("table")
