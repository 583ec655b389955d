"""Finished games on this device, newest first: card games, then dice games."""
from thousand.ui.html import button, h


def _items(games, unit):
    items = []
    for g in games:
        pairs = ", ".join(f"{n} {t}" for n, t in zip(g.get("names", []), g.get("totals", [])))
        won = " and ".join(g.get("winners", [])) or "nobody"
        count = g.get(unit, "?")
        extra = " with real dice" if g.get("mode") == "keeper" else ""
        items.append(h("li", {}, h("strong", {}, f"{won} won"),
                       f" — {pairs} ({count} {unit}{extra})"))
    return items


def render(app):
    parts = [h("h2", {}, "Finished games")]
    for kind, title, unit in (("cards", "Card games", "deals"), ("dice", "Dice games", "turns")):
        items = _items(app.store.history(kind), unit)
        parts.append(h("section", {"aria-label": title}, h("h3", {}, title),
                       h("ol", {"class": "history"}, items) if items else
                       h("p", {"class": "hint"}, "No finished games yet.")))
    parts.append(button("Back", "go", screen="home"))
    return h("section", {"class": "screen", "aria-label": "Finished games"}, parts)


def handle(app, event):
    app.notice = None
