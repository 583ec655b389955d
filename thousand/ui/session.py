"""A card game in progress on this device: the engine state, its record (seed + every action), and
who sits where (a person, or a computer player by name). Saved whole after every action."""
from thousand.bots import make_bot
from thousand.cards import game, record
from thousand.cards.views import seat_view
from thousand.errors import BadInput

DOC_VERSION = 1


class CardSession:
    def __init__(self, state: dict, rec: dict, meta: dict):
        self.state, self.record, self.meta = state, rec, meta

    @classmethod
    def start(cls, conv: dict, preset, seats: list, seed: int, first_dealer=None):
        """`seats`: one {"kind": "human" | "bot", "name": str, "bot": "heuristic" | "random"} per
        seat, clockwise from seat 0."""
        return cls._seated(game.new_game(conv, seed, first_dealer), preset, seats, seed)

    @classmethod
    def rematch(cls, meta: dict, finished: dict, seed: int):
        """The same table and conventions again (R70)."""
        return cls._seated(game.rematch(finished, seed), meta.get("preset"), meta["seats"], seed)

    @classmethod
    def _seated(cls, state, preset, seats, seed):
        rec = record.new_record(state["conventions"], preset=preset, seed=seed,
                                first_dealer=state["dealer"], names=[s["name"] for s in seats])
        return cls(state, rec, {"seats": [dict(s) for s in seats], "seed": seed,
                                "preset": preset})

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
        return game.to_act(self.state)

    def view(self, seat) -> dict:
        return seat_view(self.state, seat)

    @property
    def over(self) -> bool:
        return self.state["phase"] == "game_over"

    # --- moves --------------------------------------------------------------------------------

    def act(self, action: dict) -> None:
        """Apply a person's (or a bot's) action; IllegalAction leaves everything as it was."""
        after = game.apply(self.state, action)
        record.log_action(self.record, self.state, action, after)
        self.state = after

    def bot_action_due(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.is_bot(seat)

    def bot_action(self):
        """The action the computer player to act would take now, or None if a person is to act."""
        seat = self.to_act()
        if seat is None or not self.is_bot(seat):
            return None
        bot = make_bot(self.meta["seats"][seat].get("bot", "heuristic"),
                       self.meta["seed"] * 7919 + self._actions_so_far())
        return bot.choose(self.view(seat))

    def _actions_so_far(self) -> int:
        return sum(len(d["actions"]) + 1 for d in self.record["deals"])

    # --- saving -------------------------------------------------------------------------------

    def to_doc(self) -> dict:
        return {"game": "cards", "version": DOC_VERSION, "meta": self.meta,
                "record": self.record, "state": self.state}

    @classmethod
    def from_doc(cls, doc: dict):
        """Rebuild a saved game from its stored state, or, when that is missing or not a state
        this version reads, by replaying its record (the record is the truth)."""
        if not isinstance(doc, dict) or doc.get("game") != "cards":
            raise BadInput("save", "this is not a saved card game")
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
