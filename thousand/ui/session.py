"""A game in progress on this device: the engine state, its record (seed + every action), and
who sits where (a person, or a computer player by name). Saved whole after every action.

`Session` is what both games share (seats, acting, computer moves, saving and resuming);
`CardSession` and `DiceSession` say which engine, record format and computer players they use.
The engines are imported only when a session of their game is made, so the page starts without
loading a game it does not show."""
from thousand.errors import BadInput

DOC_VERSION = 1


class Session:
    GAME = ""          # "cards" | "dice": the save's "game" and the store's kind
    WORDS = ""         # "card game" | "dice game", for messages
    DEFAULT_BOT = ""

    def __init__(self, state: dict, rec: dict, meta: dict):
        self.state, self.record, self.meta = state, rec, meta

    # --- the engine (subclasses) --------------------------------------------------------------

    @staticmethod
    def engine():
        """(game module, record module, bot factory, seat_view) of this session's game."""
        raise NotImplementedError

    def _log(self, action: dict, after: dict) -> None:
        raise NotImplementedError

    def _actions_so_far(self) -> int:
        raise NotImplementedError

    # --- who is who ---------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.state["n"]

    def names(self) -> list:
        return [s["name"] for s in self.meta["seats"]]

    def is_bot(self, seat) -> bool:
        return self.meta["seats"][seat]["kind"] == "bot"

    def humans(self) -> list:
        return [i for i, s in enumerate(self.meta["seats"]) if s["kind"] != "bot"]

    def to_act(self):
        return self.engine()[0].to_act(self.state)

    def view(self, seat) -> dict:
        return self.engine()[3](self.state, seat)

    @property
    def over(self) -> bool:
        return self.state["phase"] == "game_over"

    # --- moves --------------------------------------------------------------------------------

    def act(self, action: dict) -> None:
        """Apply a person's (or a bot's) action; IllegalAction leaves everything as it was."""
        after = self.engine()[0].apply(self.state, action)
        self._log(action, after)
        self.state = after

    def bot_action_due(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.is_bot(seat)

    def bot_action(self):
        """The action the computer player to act would take now, or None if a person is to act."""
        seat = self.to_act()
        if seat is None or not self.is_bot(seat):
            return None
        make_bot = self.engine()[2]
        bot = make_bot(self.meta["seats"][seat].get("bot", self.DEFAULT_BOT),
                       self.meta["seed"] * 7919 + self._actions_so_far())
        return bot.choose(self.view(seat))

    # --- saving -------------------------------------------------------------------------------

    def to_doc(self) -> dict:
        return {"game": self.GAME, "version": DOC_VERSION, "meta": self.meta,
                "record": self.record, "state": self.state}

    @classmethod
    def from_doc(cls, doc: dict):
        """Rebuild a saved game from its stored state, or, when that is missing or not a state
        this version reads, by replaying its record (the record is the truth)."""
        game, record, _, _ = cls.engine()
        if not isinstance(doc, dict) or doc.get("game") != cls.GAME:
            raise BadInput("save", f"this is not a saved {cls.WORDS}")
        if not isinstance(doc.get("version"), int) or doc["version"] > DOC_VERSION:
            raise BadInput("save", "this game was saved by a newer version of Thousand")
        meta, rec = doc.get("meta"), doc.get("record")
        if not isinstance(meta, dict) or not isinstance(meta.get("seats"), list):
            raise BadInput("save.meta", "the seats of the saved game are missing")
        state = doc.get("state")
        if not (isinstance(state, dict) and state.get("format") == game.FORMAT
                and state.get("version") == game.VERSION and isinstance(state.get("phase"), str)):
            state = record.replay(rec)["state"]
        if len(meta["seats"]) != state["n"]:
            raise BadInput("save.meta", "the saved seats do not match the game")
        return cls(state, rec, meta)


class CardSession(Session):
    GAME, WORDS, DEFAULT_BOT = "cards", "card game", "heuristic"

    @staticmethod
    def engine():
        from thousand.bots import make_bot
        from thousand.cards import game, record
        from thousand.cards.views import seat_view
        return game, record, make_bot, seat_view

    @classmethod
    def start(cls, conv: dict, preset, seats: list, seed: int, first_dealer=None):
        """`seats`: one {"kind": "human" | "bot", "name": str, "bot": "heuristic" | "random"} per
        seat, clockwise from seat 0."""
        game = cls.engine()[0]
        return cls._seated(game.new_game(conv, seed, first_dealer), preset, seats, seed)

    @classmethod
    def rematch(cls, meta: dict, finished: dict, seed: int):
        """The same table and conventions again (R70)."""
        game = cls.engine()[0]
        return cls._seated(game.rematch(finished, seed), meta.get("preset"), meta["seats"], seed)

    @classmethod
    def _seated(cls, state, preset, seats, seed):
        record = cls.engine()[1]
        rec = record.new_record(state["conventions"], preset=preset, seed=seed,
                                first_dealer=state["dealer"], names=[s["name"] for s in seats])
        return cls(state, rec, {"seats": [dict(s) for s in seats], "seed": seed,
                                "preset": preset})

    def _log(self, action, after):
        self.engine()[1].log_action(self.record, self.state, action, after)

    def _actions_so_far(self) -> int:
        return sum(len(d["actions"]) + 1 for d in self.record["deals"])


class DiceSession(Session):
    """A dice game: played with the page's dice ("play"), or with real dice, each turn's result
    entered by hand ("keeper": score-keeper mode, `meta["mode"]`)."""
    GAME, WORDS, DEFAULT_BOT = "dice", "dice game", "optimal"

    @staticmethod
    def engine():
        from thousand.dice import game, record
        from thousand.bots import make_dice_bot
        from thousand.dice.views import seat_view
        return game, record, make_dice_bot, seat_view

    @classmethod
    def start(cls, conv: dict, preset, seats: list, seed: int, mode: str = "play"):
        """`seats`: one {"kind": "human" | "bot", "name": str, "bot": "optimal" | "threshold"}
        per seat, in playing order; 1 seat is solo practice. With real dice (`mode` "keeper")
        every seat is a person and seat 0 starts (the table knows who rolls first)."""
        game, record = cls.engine()[:2]
        if mode not in ("play", "keeper"):
            raise BadInput("mode", "a dice game is played on this device or with real dice")
        first = 0 if mode == "keeper" else None
        state = game.new_game(conv, seed, len(seats), first)
        rec = record.new_record(conv, players=len(seats), preset=preset, seed=seed,
                                first_player=first, names=[s["name"] for s in seats])
        seats = [dict(s) for s in seats]
        if mode == "keeper":
            seats = [{"kind": "human", "name": s["name"]} for s in seats]
        return cls(state, rec, {"seats": seats, "seed": seed, "preset": preset, "mode": mode})

    @classmethod
    def rematch(cls, meta: dict, finished: dict, seed: int):
        """The same players and conventions again."""
        return cls.start(finished["conventions"], meta.get("preset"), meta["seats"], seed,
                         meta.get("mode", "play"))

    @property
    def keeper(self) -> bool:
        return self.meta.get("mode") == "keeper"

    def _log(self, action, after):
        self.engine()[1].log_action(self.record, action)

    def _actions_so_far(self) -> int:
        return len(self.record["actions"])

    def undo(self) -> None:
        """Take back the last action (score-keeper mode: a result entered by mistake), by
        replaying the record without it."""
        record = self.engine()[1]
        if not self.record["actions"]:
            raise BadInput("undo", "there is nothing to take back")
        rec = {**self.record, "actions": self.record["actions"][:-1]}
        self.state = record.replay(rec)["state"]
        self.record = rec
