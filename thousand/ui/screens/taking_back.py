"""Taking a move back at a table with friends (issue 22, Must 6): off unless every person agrees.
A person asks (the table's Undo), the others answer (Agree, Refuse): the host's page keeps the
asking (thousand/ui/hosting.py) and takes the move back once every other person has agreed; a
friend's page asks and answers through its connection. The card table and the dice table both
show the asking here, with their own events ("<screen>.undo_ask", "_yes", "_no")."""
from thousand.i18n import _
from thousand.ui.html import button, h


def asked(app, session):
    """{"by": seat, "agreed": [seats]} while a person asks to take their last move back at this
    table with friends, else None."""
    if getattr(session, "remote", False):
        return session.undo
    hosting = app.hosting
    if hosting is not None and hosting.session is session and hosting.undo:
        return {"by": hosting.undo["by"], "agreed": sorted(hosting.undo["agreed"])}
    return None


def with_friends(app, session) -> bool:
    return getattr(session, "remote", False) or (
        app.hosting is not None and app.hosting.session is session)


def answer(app, session, seat, said: str) -> None:
    """`seat`, the person at this device, asks ("ask") or answers ("yes", "no")."""
    if getattr(session, "remote", False):
        session.answer_undo(said)
    elif app.hosting is not None and app.hosting.session is session:
        app.hosting.undo_by_host(seat, said)
        app.save(session.kind.name)


def line(app, session, seat, names, screen: str):
    """What the table says while a move is asked to be taken back: to the asker, that the others
    are asked; to another person, the question with Agree and Refuse (once answered, that the
    others are awaited)."""
    now = asked(app, session)
    if now is None:
        return ""
    if now["by"] == seat:
        return h("p", {"class": "notice", "role": "status"},
                 _("You asked to take back your last move: waiting for the others to agree."))
    if seat in now["agreed"]:
        return h("p", {"class": "notice", "role": "status"},
                 _("{name} asks to take back their last move: waiting for the others.",
                   name=names[now["by"]]))
    return h("div", {"class": "notice undo-asked", "role": "alert"},
             h("p", {}, _("{name} asks to take back their last move.", name=names[now["by"]])),
             h("div", {"class": "actions"},
               button(_("Agree"), f"{screen}.undo_yes", cls="primary"),
               button(_("Refuse"), f"{screen}.undo_no")))
