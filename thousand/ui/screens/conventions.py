"""Placeholder until this screen is built; it only offers the way back."""
from thousand.ui.html import button, h


def render(app):
    return h("section", {"class": "screen"}, h("h2", {}, "conventions"),
             button("Back", "go", screen="home"))


def handle(app, event):
    app.notice = None
