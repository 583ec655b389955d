"""The home screen: for each game, continue and new game (and the score sheet for real cards),
then rules, settings, conventions, history and statistics."""
from thousand.i18n import _
from thousand.ui.html import button, h


def standing(names, totals) -> str:
    """Who has how many points, as a line under Continue: "You 120, Boris −40"."""
    return ", ".join(_("{name} {points}", name=nm, points=t) for nm, t in zip(names, totals))


def render(app):
    items = []
    if app.saved_problem:
        items.append(h("p", {"class": "notice", "role": "alert"}, app.saved_problem))
    if app.notice:  # e.g. what the next Back does (thousand/ui/browser.py, PlaceTrail)
        items.append(h("p", {"class": "notice", "role": "status"}, app.notice))
    cards = [h("h3", {}, _("Card game"))]
    if app.session is not None and not app.session.over:
        line = standing(app.session.names(), app.session.state["score"]["totals"])
        cards.append(h("div", {"class": "continue"},
                       button(_("Continue"), "home.continue", cls="primary big"),
                       h("p", {"class": "hint"}, line)))
    cards += [
        button(_("New game"), "go", screen="new",
               cls="big" + ("" if app.session else " primary")),
        button(_("Score sheet for real cards"), "go", screen="sheet", cls="big"),
    ]
    dice = [h("h3", {}, _("Dice game"))]
    if app.dice is not None and not app.dice.over:
        line = standing(app.dice.names(), [p["score"] for p in app.dice.state["players"]])
        dice.append(h("div", {"class": "continue"},
                      button(_("Continue the dice game"), "home.continue_dice",
                             cls="primary big"),
                      h("p", {"class": "hint"}, line)))
    dice.append(button(_("New dice game"), "go", screen="dice_new", cls="big"))
    items += [
        h("section", {"class": "stack game-part", "aria-label": _("Card game")}, cards),
        h("section", {"class": "stack game-part", "aria-label": _("Dice game")}, dice),
        h("div", {"class": "stack general"},
          button(_("Play with friends"), "go", screen="friends", cls="big"),
          button(_("Rules"), "go", screen="rules", cls="big"),
          button(_("Settings"), "go", screen="settings", cls="big"),
          button(_("Conventions"), "go", screen="conventions", cls="big"),
          button(_("Finished games"), "go", screen="history", cls="big"),
          button(_("Statistics"), "go", screen="statistics", cls="big")),
    ]
    # the game's name in Russian and in the language in use (in English: "Тысяча · Thousand")
    return h("section", {"class": "screen home", "aria-label": _("Home")},
             h("h2", {}, _("Тысяча · Thousand")), h("div", {"class": "stack"}, items))


def handle(app, event):
    if event["do"] == "home.continue" and app.session is not None:
        app.go("table")
    elif event["do"] == "home.continue_dice" and app.dice is not None:
        app.go("dice")
