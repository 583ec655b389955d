"""A game in progress is never lost: starting another game of its kind (or resuming an older one)
over it asks first, naming it; if the player goes on, it is kept in Finished games as not
finished ("abandoned"), where it can be replayed, and resumed while it is the newest entry.

The question is asked by keeping the event that would replace the game (`app.ui["replace"]`) and
carrying it out again, marked as agreed, when the player says so: every screen that can start a
game asks the same way, with no callbacks kept in the page's state."""
from thousand.ui.kinds import kind_of
from thousand.i18n import _, number
from thousand.ui.html import button, h, modal

AGREED = "replace"  # the mark an event carries once the player agreed to leave the game


def progressed(session) -> bool:
    """A game the player would lose by replacing it: under way, with at least one move made."""
    return session is not None and not session.over and session.moves_made() > 0


def where(session) -> str:
    """How far the game has gone and who has what: "Deal 5: You −140, Boris −55, Vera 35"."""
    scores = ", ".join(_("{name} {points}", name=name, points=number(points))
                       for name, points in zip(session.names(), session.totals()))
    return session.progress_words(scores)


def asked(app, kind: str, event: dict) -> bool:
    """True when `event` would replace the game of `kind` in progress and the player has not
    agreed yet: the question is put (the event kept to be carried out on "yes") and nothing else
    is done. False when there is nothing to lose, or the player agreed."""
    if event.get(AGREED) or not progressed(app.session_of(kind)):
        return False
    app.ui["replace"] = {"kind": kind, "event": {k: v for k, v in event.items() if k != AGREED}}
    return True


def handle(app, event) -> None:
    """The answer to the question: "replace.yes" carries the kept event out, "replace.back" goes
    to the game in progress, "replace.cancel" stays where the player is."""
    question = app.ui.pop("replace", None)
    if not isinstance(question, dict) or kind_of(question.get("kind")) is None:
        return
    do = event.get("do")
    if do == "replace.yes":
        app.handle({**question["event"], AGREED: 1})
    elif do == "replace.back" and app.session_of(question["kind"]) is not None:
        app.go(app.play_screen(question["kind"]))


def dialog(app):
    """The question, over the screen that asked it; "" when none is asked (or the game it was
    about has ended or gone meanwhile)."""
    question = app.ui.get("replace")
    if not isinstance(question, dict):
        return ""
    session = app.session_of(question.get("kind"))
    if not progressed(session):
        return ""
    title = _("A game is in progress")
    return modal(title, [
        h("p", {}, where(session)),
        h("p", {}, _("If you start another, this one is kept in Finished games as not "
                     "finished."))],
        [button(_("Start a new game"), "replace.yes", cls="primary"),
         button(_("Back to that game"), "replace.back"),
         button(_("Cancel"), "replace.cancel")])


def abandoned_entry(entry: dict, session) -> dict:
    """A history entry (made by the game's New-game screen) marked as not finished, with what
    resuming the game needs: its seats, seed and preset, and its position (which holds what the
    record does not, such as where the dealer's shuffling has got to), as the save keeps them."""
    return {**entry, "winners": [], "unfinished": True, "meta": session.meta,
            "state": session.state}


def resume_doc(kind: str, entry: dict) -> dict:
    """The save an abandoned entry stands for (Session.from_doc checks it)."""
    doc = {"game": kind, "version": 1, "meta": entry["meta"], "record": entry["record"]}
    if "state" in entry:
        doc["state"] = entry["state"]
    return doc


def resumable(entries: list, i: int) -> bool:
    """Only the newest entry may be resumed: an older one would come back behind games played
    after it."""
    return i == 0 and bool(entries) and isinstance(entries[0], dict) and \
        bool(entries[0].get("unfinished")) and isinstance(entries[0].get("meta"), dict) and \
        isinstance(entries[0].get("record"), dict)
