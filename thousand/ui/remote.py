"""A game at a friend's table, seen from the friend's page (issue 22): the host's page is the
referee and keeps the game; this page has only what the host sends its seat (the seat's view,
what happened, who sits where) and sends back the moves its person makes.

`RemoteSession` stands where a `Session` stands, so the card table and the dice table draw it as
they draw a game of this device: `view(seat)` is the last view the host sent, `act(action)`
puts the move in the outbox (the host applies it, or refuses it with its reason), `news` is what
the host said happened. It is never saved as this device's game: the position last shown is kept
apart (`to_kept`), so the player's own game in progress stays as it was."""
from thousand.errors import BadInput, IllegalAction
from thousand.friends import protocol
from thousand.i18n import N_, _
from thousand.seats import OWN_NAME, is_own_name, shown_name
from thousand.ui.kinds import kind_of

KEPT_VERSION = 1


class RemoteSession:
    remote = True
    keeper = False  # dice with real dice are never played between phones

    def __init__(self, kind, seat: int, names: list, statuses: list, position: int = 0,
                 view: dict | None = None):
        self.KIND = kind
        self.seat = seat
        self.seat_names = list(names)
        self.statuses = list(statuses)
        self.position = position
        self.shown = view
        self.news = []
        self.outbox = []     # messages for the host, oldest first (the page sends them)
        self.connected = True
        self.sent_at = None  # the position our last move was sent at
        self.undo = None     # {"by": seat, "agreed": [seats]}: a move asked to be taken back
        self.on_act = None
        self.record = {}     # nothing taken back here: the host keeps the record
        self.meta = {"seats": self._seats(), "seed": 0, "preset": None}

    # --- what the host said ---------------------------------------------------------------------

    @classmethod
    def welcomed(cls, msg: dict):
        """A session from the host's welcome (thousand.friends.protocol)."""
        kind = kind_of(msg["game"])
        if kind is None:
            raise BadInput("message.game", N_("there is no game {name}"), name=msg["game"])
        return cls(kind, msg["seat"], msg["names"], msg["seats"], msg["position"])

    def update(self, msg: dict) -> None:
        self.position, self.shown = msg["position"], msg["view"]
        self.news += [e for e in msg["events"] if isinstance(e, dict)]

    def seats_changed(self, msg: dict) -> None:
        self.seat_names, self.statuses = list(msg["names"]), list(msg["seats"])
        self.meta["seats"] = self._seats()

    def _seats(self) -> list:
        out = []
        for i, name in enumerate(self.seat_names):
            status = self.statuses[i] if i < len(self.statuses) else protocol.SEAT_STATUSES[1]
            if i == self.seat:
                out.append({"kind": "human", "name": name})
            elif status == "computer":
                out.append({"kind": "bot", "name": name, "bot": self._default_bot()})
            else:
                out.append({"kind": "friend", "name": name})
        return out

    def _default_bot(self) -> str:
        return self.KIND.session_class().DEFAULT_BOT

    # --- who is who ------------------------------------------------------------------------------

    @property
    def kind(self):
        return self.KIND

    @property
    def n(self) -> int:
        return len(self.seat_names)

    def names(self) -> list:
        """This seat is "you"; the host's seat, under the name offered for the person at a
        device, is the host."""
        out = []
        for i, s in enumerate(self.meta["seats"]):
            if i == self.seat:
                out.append(_(OWN_NAME))
            elif s["kind"] != "bot" and is_own_name(s["name"]):
                out.append(_("Host"))
            else:
                out.append(shown_name(s["name"], s["kind"] != "bot"))
        return out

    def stored_names(self) -> list:
        return list(self.seat_names)

    def is_bot(self, seat) -> bool:
        return self.meta["seats"][seat]["kind"] == "bot"

    def humans(self) -> list:
        return [self.seat]

    def people(self) -> list:
        return [i for i, s in enumerate(self.meta["seats"]) if s["kind"] != "bot"]

    def friends(self) -> list:
        return [i for i in self.people() if i != self.seat]

    def person(self):
        return self.seat

    def status(self, seat) -> str:
        return self.statuses[seat] if 0 <= seat < len(self.statuses) else "away"

    def bot_name(self, seat):
        return self._default_bot() if self.is_bot(seat) else None

    # --- the game as this seat sees it ---------------------------------------------------------

    def view(self, seat=None) -> dict:
        """The seat's view as the host last sent it (a copy the screens may change)."""
        from thousand.plain import clone
        v = clone(self.shown or {})
        if self.sent_at == self.position and v:
            v["legal"], v["to_act"] = [], None  # our move is on its way to the host
        return v

    @property
    def state(self) -> dict:
        """What the screens read of the whole game: the dice game's position as the host shares
        it (it hides nothing but its generator), the card game's public part."""
        v = self.shown or {}
        return v.get("state") or {"phase": v.get("phase"), "score": v.get("score"),
                                 "last_deal": v.get("last_deal"), "n": self.n}

    def to_act(self):
        """The seat to move, as the host last said; nobody while our move is on its way."""
        if self.sent_at == self.position:
            return None
        return (self.shown or {}).get("to_act")

    @property
    def over(self) -> bool:
        return (self.shown or {}).get("phase") == "game_over"

    def actions_so_far(self) -> int:
        return self.position

    def deals_begun(self) -> int:
        return (self.shown or {}).get("deals_begun", 0)

    def deal_ended(self) -> bool:
        v = self.shown or {}
        return v.get("phase") in ("deal", "game_over") and v.get("last_deal") is not None

    def totals(self) -> list:
        v = self.shown or {}
        return list(v["score"]["totals"]) if "score" in v else list(v.get("scores", []))

    def progress(self) -> int:
        v = self.shown or {}
        if "score" in v:
            return v["score"]["deals_settled"] + 1
        return len((v.get("state") or {}).get("turns", [])) + 1

    def progress_words(self, scores: str) -> str:
        return self.KIND.session_class().progress_words(self, scores)

    def moves_made(self) -> int:
        return self.position

    # --- moves -----------------------------------------------------------------------------------

    def act(self, action: dict) -> None:
        """Send a move of this seat to the host, who applies it or refuses it. A move not among
        the legal ones of the view shown is refused here as the host would, and nothing is sent."""
        if not self.connected:
            raise IllegalAction(N_("the host's phone is not connected: your move waits until it "
                                   "is back"))
        if action.get("seat") != self.seat or self.sent_at == self.position:
            raise IllegalAction(N_("it is not your turn"))
        self.outbox.append(protocol.friend_message("act", position=self.position, action=action))
        self.sent_at = self.position  # one move a position: the next waits for the host's answer

    def refusal_of(self, action: dict):
        """The host knows the whole position: the move is sent, and its refusal, with the rule
        that stops it, comes back as a message (thousand/ui/joining.py)."""
        if self.connected:
            self.outbox.append(protocol.friend_message("act", position=self.position,
                                                       action=action))
        return None

    def bot_action_due(self) -> bool:
        return False  # the host's page plays the computer players

    def load_players(self) -> None:
        pass

    def news_words(self):
        return self.KIND.news_module()

    @classmethod
    def engine(cls):
        raise NotImplementedError  # the host referees

    # --- help ------------------------------------------------------------------------------------

    def hint(self, seat: int):
        """The strongest computer player's choice from this seat's own view, worked out on this
        phone: a hint stays private to the seat that asks (nothing is sent)."""
        from thousand.bots.thinking import run_out
        kind = self.KIND.session_class()
        bot = self.KIND.engine().make_bot(kind.HINT_BOT, 7919 * self.position + seat + 1)
        view = self.view(seat)
        think = getattr(bot, "think", None)
        return (run_out(think(view)) if think else bot.choose(view)), bot

    def undo_seat(self):
        return None  # with friends a move is taken back only if everyone agrees (answer_undo)

    def answer_undo(self, answer: str) -> None:
        """Ask to take this seat's last move back ("ask"), or answer another's asking ("yes",
        "no"); the host takes it back once every person has agreed."""
        if self.connected:
            self.outbox.append(protocol.friend_message("undo", answer=answer))

    def against_computer(self) -> bool:
        return False

    # --- kept on this device: the last position shown ----------------------------------------------

    def to_kept(self) -> dict:
        return {"version": KEPT_VERSION, "game": self.KIND.name, "seat": self.seat,
                "names": self.seat_names, "seats": self.statuses, "position": self.position,
                "view": self.shown}

    @classmethod
    def from_kept(cls, doc):
        """The position a friend's page last showed, to look at after a reload until the host's
        code is read again; None for anything that is not such a document."""
        try:
            kind = kind_of(doc["game"])
            if doc.get("version") != KEPT_VERSION or kind is None:
                return None
            out = cls(kind, int(doc["seat"]), list(doc["names"]), list(doc["seats"]),
                      int(doc["position"]), doc["view"] if isinstance(doc["view"], dict) else None)
        except (KeyError, TypeError, ValueError):
            return None
        out.connected = False
        return out
