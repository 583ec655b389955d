"""The host's referee for a table with friends on their own phones (issue 22, Must 3): it knows
which seat each connection plays, takes a friend's move only for that seat, in its turn, at the
position the friend was shown, and only through the table's own act(), which refuses what the
rules refuse; it sends each friend its own seat's view and nothing else.

The Room never touches the page or the network: the page hands it the text that came in on a
connection and sends the (connection, text) pairs it returns. It is given the table as the page's
Session already is (the Table protocol below), so the same Room serves cards and dice."""
from typing import Callable, Hashable, Protocol

from thousand.errors import BadInput, IllegalAction, shown
from thousand.friends import protocol
from thousand.friends.protocol import message
from thousand.i18n import N_

HOST, FRIEND, COMPUTER = "host", "friend", "computer"
KINDS = (HOST, FRIEND, COMPUTER)
PRESENT, AWAY, THINKING, ON_COMPUTER = protocol.SEAT_STATUSES

NO_SEAT = N_("this connection has no seat at the table")
OTHER_SEAT = N_("you play seat {seat}; this move is for seat {given}")
NOT_YOUR_TURN = N_("it is not your turn: seat {seat} is to move")
GAME_OVER = N_("the game is over")
STALE = N_("the table has moved on since this move was chosen (position {given}, now "
           "{position})")
NOT_TAKEN = N_("the host could not take this message")
SEAT_TAKEN = N_("another connection has taken this seat")
NO_UNDO = N_("taking a move back is asked with ask, yes or no")
UNDO_ANSWERS = ("ask", "yes", "no")


class Table(Protocol):
    """What the Room asks of a game: thousand.ui.session.Session answers all of it. act() must
    refuse an illegal action by raising (IllegalAction or BadInput) with nothing changed, and
    replace `state` with a new object when it takes one (the engines' apply() makes a new
    state), which is how the Room notices the host's and computer players' moves."""

    state: dict

    @property
    def n(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def to_act(self) -> int | None: ...

    def view(self, seat: int) -> dict: ...

    def act(self, action: dict) -> None: ...


Outgoing = list  # of (peer id, message text)


class Room:
    """`kinds`: each seat's player, HOST (the person at the host's device), FRIEND (a phone) or
    COMPUTER. `events(seat)`, if given, is what happened at the table since the last update
    that this seat may hear about (JSON data), sent with its next update."""

    def __init__(self, table: Table, kinds: list, game: str, names: list | None = None,
                 events: Callable[[int], list] | None = None):
        if len(kinds) != table.n or any(k not in KINDS for k in kinds):
            raise ValueError(f"one kind of {KINDS} for each of the {table.n} seats")
        self.table, self.kinds, self.game = table, list(kinds), game
        self.names = list(names) if names is not None else [""] * table.n
        self.events = events
        self.peers: dict = {}        # peer id -> seat
        self.thinking: set = set()
        self.position = 0            # moves taken since the room opened; a move names it
        self._state_seen = table.state
        self._sent: dict = {}        # peer id -> the position its last update showed
        # (seat, "ask" | "yes" | "no") -> what to send: the page's way of taking a move back
        self.on_undo = None

    # --- who sits where -------------------------------------------------------------------------

    def seat_of(self, peer: Hashable):
        return self.peers.get(peer)

    def peer_at(self, seat: int):
        return next((p for p, s in self.peers.items() if s == seat), None)

    def statuses(self) -> list:
        """Each seat as the others see it: present, away, thinking or computer."""
        out = []
        for seat, kind in enumerate(self.kinds):
            if seat in self.thinking:
                out.append(THINKING)
            elif kind == COMPUTER:
                out.append(ON_COMPUTER)
            elif kind == FRIEND and self.peer_at(seat) is None:
                out.append(AWAY)
            else:
                out.append(PRESENT)
        return out

    def join(self, peer: Hashable, seat: int) -> Outgoing:
        """Seat a connection just opened (the page paired it for `seat`): a friend's seat, or a
        computer player's that a friend takes back. A connection already at that seat (the
        phone before it slept) is told goodbye and forgotten. The newcomer gets its welcome and
        its view; the others, the seats."""
        if not (isinstance(seat, int) and 0 <= seat < self.table.n) or self.kinds[seat] == HOST:
            raise ValueError(f"seat {seat!r} is not a seat a friend can take")
        out = []
        old = self.peer_at(seat)
        if old is not None and old != peer:
            out.append((old, message("bye", reason=SEAT_TAKEN)))
            self._forget(old)
        self._forget(peer)
        self.kinds[seat] = FRIEND
        self.peers[peer] = seat
        self._notice()
        out.append((peer, message("welcome", seat=seat, game=self.game, names=self.names,
                                  seats=self.statuses(), position=self.position)))
        out.append(self._update(peer))
        return out + self._seats(but=peer)

    def leave(self, peer: Hashable) -> Outgoing:
        """A connection closed or said bye: its seat waits, away, with its hand."""
        if self.seat_of(peer) is None:
            return []
        self._forget(peer)
        return self._seats()

    def give_to_computer(self, seat: int) -> Outgoing:
        """An away friend's seat played by a computer player meanwhile (the page seats the player
        in its session); the friend takes it back by joining again."""
        if self.kinds[seat] != FRIEND or self.peer_at(seat) is not None:
            raise ValueError(f"seat {seat} is not an away friend's")
        self.kinds[seat] = COMPUTER
        return self._seats()

    def set_thinking(self, seat: int, thinking: bool) -> Outgoing:
        """A computer player began or ended its thinking: shown on every friend's table."""
        if thinking == (seat in self.thinking):
            return []
        (self.thinking.add if thinking else self.thinking.discard)(seat)
        return self._seats()

    def to_all(self, text: str) -> Outgoing:
        """One message for every friend connected."""
        return [(p, text) for p in sorted(self.peers, key=self.peers.get)]

    def rename(self, seat: int, name: str) -> Outgoing:
        """The page gave a seat another name (two friends of the same name told apart)."""
        self.names[seat] = name
        return self._seats()

    def _forget(self, peer):
        self.peers.pop(peer, None)
        self._sent.pop(peer, None)

    # --- what comes in ------------------------------------------------------------------------

    def receive(self, peer: Hashable, text) -> Outgoing:
        """A friend's message: what to send back, and to whom. Nothing a friend sends raises out
        of here or changes the game but a legal move of its own seat in its turn."""
        try:
            return self._receive(peer, text)
        except BadInput as exc:
            refused = self._refused(peer, exc, exc.where)
        except IllegalAction as exc:
            refused = self._refused(peer, exc, "message.action")
        except Exception:  # noqa: BLE001 - a friend's message must never bring the host down
            refused = self._refused(peer, BadInput("message", NOT_TAKEN), "message")
        # a friend refused for a position it was not yet shown gets that position too
        try:
            if peer in self.peers and self._sent.get(peer) != self.position:
                return [refused, self._update(peer)]
        except Exception:  # noqa: BLE001 - the refusal still goes
            pass
        return [refused]

    def _receive(self, peer, text) -> Outgoing:
        self._notice()
        msg = protocol.parse_from_friend(text)
        kind = msg["type"]
        if kind == "ping":
            return [(peer, message("pong", id=msg["id"]))]
        if kind == "pong":
            return []
        seat = self.seat_of(peer)
        if seat is None:
            raise BadInput("message", NO_SEAT)
        if kind == "bye":
            return self.leave(peer)
        if kind == "hello":
            self.names[seat] = msg["name"].strip()
            return self._seats()
        if kind == "undo":
            if msg["answer"] not in UNDO_ANSWERS or self.on_undo is None:
                raise BadInput("message.answer", NO_UNDO)
            return self.on_undo(seat, msg["answer"])
        return self._act(peer, seat, msg)

    def _act(self, peer, seat, msg) -> Outgoing:
        action = msg["action"]
        given = action.get("seat")
        if given != seat or isinstance(given, bool):
            raise BadInput("message.action.seat", OTHER_SEAT, seat=seat,
                           given=shown(given))
        if msg["position"] != self.position:
            raise BadInput("message.position", STALE, given=msg["position"],
                           position=self.position)
        if self.table.over:
            raise BadInput("message.action", GAME_OVER)
        acting = self.table.to_act()
        if acting != seat:
            raise BadInput("message.action", NOT_YOUR_TURN, seat=acting)
        self.table.act(action)
        return self.updates()

    def _refused(self, peer, exc, where) -> tuple:
        fields = {"reason": exc.template, "values": protocol.phrase_values(exc.values),
                  "where": where or "", "position": self.position}
        if getattr(exc, "code", None):
            fields["rule"], fields["facts"] = exc.code, protocol.phrase_values(exc.facts)
        return peer, message("refused", **fields)

    # --- what goes out ------------------------------------------------------------------------

    def updates(self) -> Outgoing:
        """Each friend's view, to every friend not yet shown the position now: after the host's
        person or a computer player moved, or a friend did (receive calls this)."""
        self._notice()
        return [self._update(p) for p in sorted(self.peers, key=self.peers.get)
                if self._sent.get(p) != self.position]

    def _notice(self):
        if self.table.state is not self._state_seen:
            self._state_seen = self.table.state
            self.position += 1

    def _update(self, peer) -> tuple:
        seat = self.peers[peer]
        self._sent[peer] = self.position
        events = list(self.events(seat)) if self.events is not None else []
        return peer, message("update", position=self.position, view=self.table.view(seat),
                             events=events)

    def _seats(self, but=None) -> Outgoing:
        text = message("seats", names=self.names, seats=self.statuses())
        return [(p, text) for p in sorted(self.peers, key=self.peers.get) if p != but]
