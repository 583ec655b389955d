"""The host's side of a game with friends on their own phones (issue 22): the game at this device
is the referee (a Session, saved like any game), and a `Room` (thousand/friends/room.py) sends
each friend its own seat's view and takes its moves.

`Hosting` joins the two: it hears every action the session takes (`Session.on_act`) and keeps
its events for each friend's next update; it seats a connection when it opens for the seat it was
paired for, marks the seat away when it drops, and lets a computer player stand in meanwhile.
What the Room answers waits in `outbox` as (connection, text) for the browser layer to send."""
from thousand.friends.room import COMPUTER, FRIEND, HOST, Room


class SharedTable:
    """The session as the Room sees it: each seat gets what the session shares with it."""

    def __init__(self, session):
        self.session = session

    @property
    def n(self):
        return self.session.n

    @property
    def over(self):
        return self.session.over

    @property
    def state(self):
        return self.session.state

    def to_act(self):
        return self.session.to_act()

    def view(self, seat):
        return self.session.shared_view(seat)

    def act(self, action):
        self.session.act(action)


class Hosting:
    def __init__(self, session):
        self.session = session
        self.heard = {seat: [] for seat in session.friends()}  # events not yet sent
        self.pairing = {}   # connection id -> the seat it was offered for
        self.outbox = []    # (connection id, text)
        self.moved = None   # called after a friend's move (the App saves the game)
        session.on_act = self._acted
        self.room = Room(SharedTable(session), self._kinds(), session.kind.name,
                         names=[self._name(i) for i in range(session.n)], events=self._events)
        self.room.on_undo = self.undo_answer
        self.undo = None    # {"by": seat, "agreed": {seats}}: a move asked to be taken back

    @property
    def kind(self):
        return self.session.kind

    def _kinds(self) -> list:
        out = []
        for seat in self.session.meta["seats"]:
            if seat["kind"] == "human":
                out.append(HOST)
            elif seat["kind"] == "friend":
                out.append(FRIEND)
            else:
                out.append(COMPUTER)
        return out

    def _name(self, seat) -> str:
        """As the save keeps it: the friend's page shows it in its own language."""
        return self.session.stored_names()[seat][:20]

    def _acted(self, action, events):
        for seat in self.heard:
            self.heard[seat] += events

    def _events(self, seat) -> list:
        taken, self.heard[seat] = self.heard.get(seat, []), []
        return taken

    # --- connections ----------------------------------------------------------------------------

    def offered(self, peer, seat: int) -> None:
        """A code was shown for `seat`: the connection it opens will sit there."""
        self.pairing[peer] = seat

    def opened(self, peer) -> None:
        seat = self.pairing.pop(peer, None)
        if seat is None:
            return
        standing_in = self.session.meta["seats"][seat]
        if standing_in.get("friend"):  # the friend is back: the computer player gets up
            standing_in.pop("friend")
            standing_in.pop("bot", None)
            standing_in["kind"] = "friend"
        self.heard[seat] = []
        self.outbox += self.room.join(peer, seat)

    def closed(self, peer) -> None:
        self.pairing.pop(peer, None)
        self.outbox += self.room.leave(peer)

    def receive(self, peer, text) -> None:
        before = self.session.state
        self.outbox += self.room.receive(peer, text)
        if self.session.state is not before and self.moved is not None:
            self.moved()  # a friend's move: saved, and the host's table goes on from it
        for seat in self.session.friends():  # a friend's name, as its hello said it
            named = self.room.names[seat]
            if not named or named == self.session.meta["seats"][seat]["name"]:
                continue
            # the names of the other seats, but a friend's seat still waiting for its friend
            others = [i for i in range(self.session.n) if i != seat and not (
                i in self.heard and self.room.peer_at(i) is None)]
            taken = {self.session.names()[i] for i in others} | \
                {self.session.stored_names()[i] for i in others}
            if named in taken:  # two Veras at one table: the newcomer is told apart
                named = next(f"{named} {k}" for k in range(2, 10) if f"{named} {k}" not in taken)
                self.outbox += self.room.rename(seat, named)
            self.session.meta["seats"][seat]["name"] = named

    def stand_in(self, seat: int, bot: str) -> None:
        """A computer player plays an away friend's seat until the friend reads a code again."""
        self.outbox += self.room.give_to_computer(seat)
        s = self.session.meta["seats"][seat]
        s.update({"kind": "bot", "bot": bot, "friend": True})

    # --- taking a move back: only if every other person at the table agrees ---------------------

    def undo_answer(self, seat: int, answer: str) -> list:
        """`seat` asks to take its last move back ("ask"), or answers another's asking ("yes",
        "no"). Once every other person has said yes, the move (and every move after it) is
        taken back; a single no ends the asking. What to send comes back (and waits in outbox)."""
        out = []
        if answer == "ask":
            if self.undo is not None or not self.session.can_take_back(seat):
                return []
            self.undo = {"by": seat, "agreed": set()}
        elif self.undo is not None and seat != self.undo["by"]:
            if answer == "no":
                self.undo = None
            else:
                self.undo["agreed"].add(seat)
        else:
            return []
        if self.undo is not None:
            others = set(self.session.people()) - {self.undo["by"]}
            if others <= self.undo["agreed"]:
                self.session.take_back_for(self.undo["by"])
                self.undo = None
                if self.moved is not None:
                    self.moved()
        out += self.room.to_all(self.undo_message())
        return out

    def undo_message(self) -> str:
        from thousand.friends.protocol import message
        if self.undo is None:
            return message("undo", by=[], agreed=[])
        return message("undo", by=[self.undo["by"]], agreed=sorted(self.undo["agreed"]))

    def undo_by_host(self, seat: int, answer: str) -> None:
        """The host's person asks or answers (the page's buttons)."""
        self.outbox += self.undo_answer(seat, answer)

    def thinking(self, seat, on: bool) -> None:
        self.outbox += self.room.set_thinking(seat, on)

    def flush(self) -> list:
        """What to send now: the Room's answers and every friend's update since the last call."""
        out = self.outbox + self.room.updates()
        self.outbox = []
        return out

    def status(self, seat) -> str:
        return self.room.statuses()[seat]

    def seat_of(self, peer):
        return self.room.seat_of(peer)

    def waiting(self) -> list:
        """The friends' seats no connection plays now."""
        return [i for i, st in enumerate(self.room.statuses()) if st == "away"]
