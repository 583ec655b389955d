"""A friend's side of a game at the host's table (issue 22): the connection to the host's page,
and what its messages do to the page. The host's welcome seats a `RemoteSession` at this page's
table; each update shows the seat's new view and says what happened; a refusal says why a move
was not taken; a drop leaves the last position on the screen, kept on this device too, until the
host's code is read again."""
from thousand.errors import BadInput
from thousand.friends import protocol
from thousand.i18n import N_, _, reason
from thousand.ui.remote import RemoteSession

LOST = N_("The connection to the host's phone was lost. Ask the host for a new code to join "
          "again: your seat and your cards are kept.")


class Joining:
    def __init__(self, app, name: str):
        self.app, self.name = app, name
        self.session = None
        self.peer = None     # the connection to the host (the browser layer's id)
        self.outbox = []     # texts for the host
        self.connected = False

    def opened(self) -> None:
        self.connected = True
        self.outbox.append(protocol.friend_message("hello", name=self.name[:20],
                                                   language=self.app.language))

    def closed(self) -> None:
        self.connected = False
        if self.session is not None:
            self.session.connected = False
            self.app.notice = _(LOST)

    def receive(self, text) -> None:
        """A message from the host; one that cannot be read is set aside (said in the console
        by the browser layer) and changes nothing."""
        msg = protocol.parse_from_host(text)
        kind = msg["type"]
        if kind == "welcome":  # the table is shown with the first view, which follows
            self.session = RemoteSession.welcomed(msg)
        elif kind == "ping":
            self.outbox.append(protocol.friend_message("pong", id=msg["id"]))
        elif self.session is None:
            raise BadInput("message", N_("the host has not welcomed this page yet"))
        elif kind == "update":
            self.session.update(msg)
            if self.app.session_of(self.session.kind.name) is not self.session:
                self.app.play_remote(self.session)
            self.app.save(self.session.kind.name)
        elif kind == "seats":
            self.session.seats_changed(msg)
        elif kind == "refused":
            self.session.sent_at = None  # the move was not taken: the seat decides again
            self.app.notice = self.refusal(msg)
        elif kind == "undo":
            by = msg["by"]
            self.session.undo = {"by": by[0], "agreed": msg["agreed"]} \
                if by and isinstance(by[0], int) else None
        elif kind == "bye":
            self.closed()

    @staticmethod
    def refusal(msg) -> str:
        """Why the host did not take a move, in this page's language (a card's rule in the
        table's own words)."""
        phrase = protocol.refusal_phrase(msg)
        if msg.get("rule"):
            from thousand.ui.card_words import refusal
            return refusal(phrase)
        return reason(phrase)

    def flush(self) -> list:
        out = self.outbox
        if self.session is not None:
            out, self.session.outbox = out + self.session.outbox, []
        self.outbox = []
        return out
