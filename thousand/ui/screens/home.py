"""The home screen: for each game, continue and new game (and the score sheet for real cards),
then rules, settings, conventions and history."""
from thousand.ui.html import button, h


def render(app):
    items = []
    if app.saved_problem:
        items.append(h("p", {"class": "notice", "role": "alert"}, app.saved_problem))
    cards = [h("h3", {}, "Card game")]
    if app.session is not None and not app.session.over:
        names = app.session.names()
        totals = app.session.state["score"]["totals"]
        line = ", ".join(f"{nm} {t}" for nm, t in zip(names, totals))
        cards.append(h("div", {"class": "continue"},
                       button("Continue", "home.continue", cls="primary big"),
                       h("p", {"class": "hint"}, line)))
    cards += [
        button("New game", "go", screen="new", cls="big" + ("" if app.session else " primary")),
        button("Score sheet for real cards", "go", screen="sheet", cls="big"),
    ]
    dice = [h("h3", {}, "Dice game")]
    if app.dice is not None and not app.dice.over:
        names = app.dice.names()
        totals = [p["score"] for p in app.dice.state["players"]]
        line = ", ".join(f"{nm} {t}" for nm, t in zip(names, totals))
        dice.append(h("div", {"class": "continue"},
                      button("Continue the dice game", "home.continue_dice", cls="primary big"),
                      h("p", {"class": "hint"}, line)))
    dice.append(button("New dice game", "go", screen="dice_new", cls="big"))
    items += [
        h("section", {"class": "stack game-part", "aria-label": "Card game"}, cards),
        h("section", {"class": "stack game-part", "aria-label": "Dice game"}, dice),
        h("div", {"class": "stack general"},
          button("Rules", "go", screen="rules", cls="big"),
          button("Settings", "go", screen="settings", cls="big"),
          button("Conventions", "go", screen="conventions", cls="big"),
          button("Finished games", "go", screen="history", cls="big")),
    ]
    return h("section", {"class": "screen home", "aria-label": "Home"},
             h("h2", {}, "Тысяча · Thousand"), h("div", {"class": "stack"}, items))


def handle(app, event):
    if event["do"] == "home.continue" and app.session is not None:
        app.go("table")
    elif event["do"] == "home.continue_dice" and app.dice is not None:
        app.go("dice")
