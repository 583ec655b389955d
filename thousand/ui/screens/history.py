"""Finished games on this device, newest first: card games, then dice games."""
from thousand.ui.html import button, h


def _readable(g) -> bool:
    """A summary this screen can word; anything else was damaged in storage and is shown as such
    (it stays stored as it is: the screen never rewrites history)."""
    if not isinstance(g, dict):
        return False
    names, totals, winners = g.get("names", []), g.get("totals", []), g.get("winners", [])
    return (isinstance(names, list) and isinstance(totals, list) and isinstance(winners, list)
            and all(isinstance(x, str) for x in names + winners)
            and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in totals)
            and all(isinstance(g.get(k, 0), int) for k in ("deals", "turns")))


def _items(games, unit):
    items = []
    for g in games:
        if not _readable(g):
            items.append(h("li", {"class": "hint"}, "A damaged entry that cannot be shown"))
            continue
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
