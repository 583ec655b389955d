"""Finished games on this device, newest first."""
from thousand.ui.html import button, h


def render(app):
    games = app.store.history("cards")
    items = []
    for g in games:
        pairs = ", ".join(f"{n} {t}" for n, t in zip(g.get("names", []), g.get("totals", [])))
        won = " and ".join(g.get("winners", [])) or "nobody"
        items.append(h("li", {}, h("strong", {}, f"{won} won"),
                       f" — {pairs} ({g.get('deals', '?')} deals)"))
    body = h("ol", {"class": "history"}, items) if items else \
        h("p", {"class": "hint"}, "No finished games yet.")
    return h("section", {"class": "screen", "aria-label": "Finished games"},
             h("h2", {}, "Finished games"), body, button("Back", "go", screen="home"))


def handle(app, event):
    app.notice = None
