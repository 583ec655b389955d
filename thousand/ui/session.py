"""A game in progress on this device: the engine state, its record (seed + every action), and
who sits where (a person, or a computer player by name). Saved whole after every action.

`Session` is what both games share (seats, acting, computer moves, saving and resuming), given
its game's `GameKind` (thousand/ui/kinds.py: engine, record, computer players, news);
`CardSession` and `DiceSession` add what a game's record and score need. The engines are imported
only when a session of their game is made, so the page starts without loading a game it does not
show."""
import json

from thousand import aids
from thousand.bots.thinking import run_out  # noqa: F401  (the tests take it here too)
from thousand.errors import BadInput, IllegalAction, is_whole, shown
from thousand.i18n import N_, _
from thousand.limits import MAX_SEED, check_limits
from thousand.seats import shown_name
from thousand.ui.kinds import CARDS, DICE

DOC_VERSION = 1
# a person at this device, a friend at their own (issue 22), a computer player
SEAT_KINDS = ("human", "friend", "bot")
NAME_MAX = 60  # the New-game screens cut names to 20; older saves may hold longer ones


class Session:
    KIND = None        # its game (thousand.ui.kinds.GameKind)
    NOT_THIS_GAME = ""  # the reason a save of the other game is refused
    DEFAULT_BOT = ""
    HINT_BOT = ""      # the strongest computer player, whose choice a hint shows

    def __init__(self, state: dict, rec: dict, meta: dict):
        self.state, self.record, self.meta = state, rec, meta
        # what happened at the table since the page last took it (App.take_news): for the
        # page to say and sound once, so neither saved nor part of the game
        self.news = []
        # told of every action with its events (the room of friends sends them on), or None
        self.on_act = None

    @property
    def kind(self):
        return self.KIND

    def news_words(self):
        """thousand/ui/table_news.py or dice_news.py: news(), lines(), sound_of()."""
        return self.KIND.news_module()

    @classmethod
    def engine(cls):
        """This session's game's rules (thousand.ui.kinds.Engine)."""
        return cls.KIND.engine()

    # --- what each game adds (subclasses) -----------------------------------------------------

    def _log(self, action: dict, after: dict) -> None:
        raise NotImplementedError

    def actions_so_far(self) -> int:
        """The position in the game, counted in its record's entries: a decision, a hint or a
        confirmation is tied to the position it was made at."""
        return self._actions_so_far_in(self.record)

    def moves_made(self) -> int:
        """The moves made by the players so far (deals and rolls of the dice not counted)."""
        raise NotImplementedError

    def totals(self) -> list:
        """Each seat's score now."""
        raise NotImplementedError

    def progress(self) -> int:
        """The deal or turn under way, from 1."""
        raise NotImplementedError

    def progress_words(self, scores: str) -> str:
        """How far the game has gone, before `scores` ("Deal 5: …", "Turn 12: …")."""
        raise NotImplementedError

    # --- who is who ---------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.state["n"]

    def names(self) -> list:
        """The seats' names as the page shows them (shown_name)."""
        return [shown_name(s["name"], s["kind"] != "bot") for s in self.meta["seats"]]

    def stored_names(self) -> list:
        """The seats' names as the save keeps them, in no language in particular."""
        return [s["name"] for s in self.meta["seats"]]

    def is_bot(self, seat) -> bool:
        return self.meta["seats"][seat]["kind"] == "bot"

    def humans(self) -> list:
        """The seats of the people at this device."""
        return [i for i, s in enumerate(self.meta["seats"]) if s["kind"] == "human"]

    def people(self) -> list:
        """The seats of people: at this device, or friends at their own (issue 22)."""
        return [i for i, s in enumerate(self.meta["seats"]) if s["kind"] != "bot"]

    def friends(self) -> list:
        """The seats of friends playing on their own devices (a computer player may stand in for
        one while they are away: still their seat)."""
        return [i for i, s in enumerate(self.meta["seats"])
                if s["kind"] == "friend" or s.get("friend")]

    def person(self):
        """The seat of the one person at this device, whom the table calls "you" in what everyone
        reads; None when several share the device."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def to_act(self):
        return self.engine().game.to_act(self.state)

    def view(self, seat) -> dict:
        return self.engine().seat_view(self.state, seat)

    def shared_view(self, seat) -> dict:
        """What a friend playing `seat` on another device is sent (issue 22): the seat's view and
        what the table screen needs besides, never what the seat may not see."""
        return self.view(seat)

    @property
    def over(self) -> bool:
        return self.state["phase"] == "game_over"

    # --- moves --------------------------------------------------------------------------------

    def act(self, action: dict) -> None:
        """Apply a person's (or a bot's) action; IllegalAction leaves everything as it was."""
        after = self.engine().game.apply(self.state, action)
        self._log(action, after)
        before, self.state = self.state, after
        events = self.news_words().news(before, action, after)
        self.news += events
        if self.on_act is not None:
            self.on_act(action, events)

    def refusal_of(self, action: dict):
        """Why the rules refuse `action` now (the engine's IllegalAction), or None if they take
        it; nothing is changed."""
        try:
            self.engine().game.apply(self.state, action)
        except IllegalAction as exc:
            return exc
        return None

    def bot_action_due(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.is_bot(seat)

    def bot_name(self, seat) -> str | None:
        """The computer player at `seat` by name (its level), or None for a person."""
        if not self.is_bot(seat):
            return None
        return self.meta["seats"][seat].get("bot", self.DEFAULT_BOT)

    def load_players(self) -> None:
        """Load the code of this game's computer players now, as the game starts (a resumed game
        has loaded it while its save was checked): else the first decision of each would load
        it, a step no slicing can shorten."""
        make_bot = self.engine().make_bot
        for seat in range(self.n):
            if self.is_bot(seat):
                make_bot(self.bot_name(seat), 0)

    def bot_thinking(self):
        """The decision of the computer player to act, as a generator: it yields while the
        player thinks and returns the action (None if a person is to act). A player with
        `think(view)` (a generator of its own, the searching levels) is run a step at a time, so
        that the page can draw and answer clicks between steps; one with only `choose(view)`
        decides in one step. The seed depends on the game and the moves so far, so a decision
        broken off and taken again (the page left and reopened) is the same decision."""
        seat = self.to_act()
        if seat is None or not self.is_bot(seat):
            return None
        make_bot = self.engine().make_bot
        bot = make_bot(self.bot_name(seat), self.meta["seed"] * 7919 + self.actions_so_far())
        view = self.view(seat)
        think = getattr(bot, "think", None)
        if think is None:
            return bot.choose(view)
        return (yield from think(view))

    def bot_action(self):
        """The action the computer player to act would take now, or None if a person is to act."""
        return run_out(self.bot_thinking())

    # --- help: hints and taking a decision back --------------------------------------------------

    def hint(self, seat: int):
        """(the action the strongest computer player would take in `seat`, that player), from the
        seat's own view only. The hint is written in the record (once per position)."""
        make_bot = self.engine().make_bot
        bot = make_bot(self.HINT_BOT, self.meta["seed"] * 7919 + self.actions_so_far() + 1)
        view = self.view(seat)
        think = getattr(bot, "think", None)
        action = run_out(think(view)) if think else bot.choose(view)
        aids.note_hint(self.record, seat, self.actions_so_far(), action)
        return action, bot

    def against_computer(self) -> bool:
        """One person at the device and computer players at the other seats: the only table where
        a decision may be taken back (with several people one person's slip is another's chance,
        so nobody may)."""
        return len(self.people()) == 1 and self.n > 1

    def undo_seat(self):
        """The seat whose last decision may be taken back now, or None (not against the computer,
        the game over, or no decision made yet)."""
        if not self.against_computer() or self.over:
            return None
        seat = self.humans()[0]
        return seat if self._last_decision(seat) is not None else None

    def take_back(self) -> None:
        """Go back to just before the person's last decision, taking back the computer's moves
        after it too; the record keeps what was taken back (thousand.aids)."""
        seat = self.undo_seat()
        if seat is None:
            raise BadInput("undo", N_("there is nothing to take back"))
        self.take_back_for(seat)

    def can_take_back(self, seat) -> bool:
        """`seat` has a decision to take back (at a table with friends, once everyone agrees)."""
        return not self.over and self._last_decision(seat) is not None

    def take_back_for(self, seat) -> None:
        """Take back `seat`'s last decision and every move after it (the checks are the
        caller's: against the computer, or every person agreed)."""
        if not self.can_take_back(seat):
            raise BadInput("undo", N_("there is nothing to take back"))
        kept, removed = self._cut_at(self._last_decision(seat))
        state = self._replayed(kept)
        for field in aids.FIELDS:
            if field in self.record:
                kept[field] = [dict(x) for x in self.record[field]]
        self.record = kept
        aids.note_taken_back(kept, seat, self._actions_so_far_in(kept), removed)
        self.state = state
        self.news.clear()  # replayed, not played: nothing of it is news

    def _last_decision(self, seat):
        raise NotImplementedError

    def _cut_at(self, where) -> tuple[dict, list]:
        """(the record without the move at `where` and every move after it, those moves)."""
        raise NotImplementedError

    def _replayed(self, rec: dict) -> dict:
        return self.engine().record.replay(rec)["state"]

    def _actions_so_far_in(self, rec: dict) -> int:
        raise NotImplementedError

    # --- saving -------------------------------------------------------------------------------

    def to_doc(self) -> dict:
        return {"game": self.KIND.name, "version": DOC_VERSION, "meta": self.meta,
                "record": self.record, "state": self.state}

    @classmethod
    def from_doc(cls, doc: dict):
        """Rebuild a saved game, checked: the record is replayed through the engine (the
        referee), the position saved with it must be the one the record leads to (unless it is
        another version's position, which the replay replaces), and the seats must be ones the
        table can seat. Anything wrong raises, most often BadInput naming the part of the save."""
        game, record = cls.engine().game, cls.engine().record
        if not isinstance(doc, dict) or doc.get("game") != cls.KIND.name:
            raise BadInput("save", cls.NOT_THIS_GAME)
        version = doc.get("version")
        if not is_whole(version) or version < 1:
            raise BadInput("save.version", N_("must be a whole number from 1"))
        if version > DOC_VERSION:
            raise BadInput("save", N_("this game was saved by a newer version of Thousand"))
        check_limits(doc, "save")
        rec = doc.get("record")
        if not isinstance(rec, dict):
            raise BadInput("save.record", N_("the record of the game's moves is missing"))
        try:
            state = record.replay(rec)["state"]
        except BadInput as exc:
            # the record's own reason, template and values kept, so it is shown translated
            raise BadInput(f"save.record.{exc.where}" if exc.where else "save.record",
                           exc.template, **exc.values) from None
        # the state as a save holds it: plain JSON, as the comparison and every later save see it
        state = json.loads(json.dumps(state))
        saved = doc.get("state")
        if "state" in doc and not _other_version(saved, game):
            state = cls._unrecorded_from(saved, state)
            if saved != state:
                raise BadInput("save.state", N_("the position saved is not the one its record "
                                                "of moves leads to"))
        return cls(state, rec, cls._checked_meta(doc.get("meta"), state))

    # The parts of a position its record does not tell, taken from the save when well formed.
    UNRECORDED = ()

    @classmethod
    def _unrecorded_from(cls, saved, state: dict) -> dict:
        if not isinstance(saved, dict):
            return state
        out = dict(state)
        for key in cls.UNRECORDED:
            if _generator_state(saved.get(key)):
                out[key] = saved[key]
        return out

    @classmethod
    def _checked_meta(cls, meta, state) -> dict:
        """The saved seats, seed and preset as this version uses them (unknown parts dropped)."""
        if not isinstance(meta, dict) or not isinstance(meta.get("seats"), list):
            raise BadInput("save.meta", N_("the seats of the saved game are missing"))
        if len(meta["seats"]) != state["n"]:
            raise BadInput("save.meta", N_("the saved seats do not match the game"))
        make_bot = cls.engine().make_bot
        seats = []
        for i, seat in enumerate(meta["seats"]):
            where = f"save.meta.seats[{i}]"
            if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
                raise BadInput(where, N_("a seat is a person or a computer player"))
            name = seat.get("name")
            if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
                raise BadInput(f"{where}.name", N_("a name is 1 to {most} characters"),
                               most=NAME_MAX)
            kept = {"kind": seat["kind"], "name": name}
            if seat.get("friend") is True and seat["kind"] == "bot":
                kept["friend"] = True  # a computer player standing in for a friend away
            bot = seat.get("bot", cls.DEFAULT_BOT if seat["kind"] == "bot" else None)
            if bot is not None:
                try:
                    make_bot(bot, 0)
                except Exception:  # noqa: BLE001  (a name no computer player answers to)
                    raise BadInput(f"{where}.bot", N_("there is no computer player {name}"),
                                   name=shown(bot)) from None
                kept["bot"] = bot
            seats.append(kept)
        seed = meta.get("seed", 0)
        if not is_whole(seed) or abs(seed) >= MAX_SEED:
            raise BadInput("save.meta.seed", N_("must be a whole number below 2**64"))
        preset = meta.get("preset")
        if preset is not None and preset not in cls.presets():
            raise BadInput("save.meta.preset", N_("there is no preset {name}"), name=shown(preset))
        out = {"seats": seats, "seed": seed, "preset": preset}
        if meta.get("archived") is True:
            out["archived"] = True
        if is_whole(meta.get("seen")) and -1 <= meta["seen"] <= 10 ** 6:
            out["seen"] = meta["seen"]  # the deal summaries closed (the card table)
        return out

    @classmethod
    def presets(cls) -> list:
        return cls.engine().catalogue.preset_names()


def _generator_state(value) -> bool:
    """A seeded generator's state as thousand/rng.py keeps it: a 64-bit number, as text."""
    return isinstance(value, str) and value.isascii() and value.isdigit() and \
        len(value) <= 20 and int(value) < MAX_SEED


def _other_version(saved, game) -> bool:
    """A position saved by another version of the engine, well formed as such: the record, not
    it, says where the game stands."""
    return isinstance(saved, dict) and saved.get("format") == game.FORMAT and \
        is_whole(saved.get("version")) and saved["version"] != game.VERSION


class CardSession(Session):
    KIND, DEFAULT_BOT = CARDS, "heuristic"
    NOT_THIS_GAME = N_("this is not a saved card game")
    # The game's generator: a first dealer drawn by lot (R6) draws from it, one written in the
    # record does not, and the record cannot say which happened. Every deal's seed is recorded,
    # so the generator matters only for deals still to come.
    UNRECORDED = ("rng",)

    @classmethod
    def start(cls, conv: dict, preset, seats: list, seed: int, first_dealer=None):
        """`seats`: one {"kind": "human" | "bot", "name": str, "bot": a name of
        thousand.bots.BOT_NAMES} per seat, clockwise from seat 0."""
        game = cls.engine().game
        return cls._seated(game.new_game(conv, seed, first_dealer), preset, seats, seed)

    @classmethod
    def rematch(cls, meta: dict, finished: dict, seed: int):
        """The same table and conventions again (R70)."""
        game = cls.engine().game
        return cls._seated(game.rematch(finished, seed), meta.get("preset"), meta["seats"], seed)

    @classmethod
    def _seated(cls, state, preset, seats, seed):
        record = cls.engine().record
        rec = record.new_record(state["conventions"], preset=preset, seed=seed,
                                first_dealer=state["dealer"], names=[s["name"] for s in seats])
        return cls(state, rec, {"seats": [dict(s) for s in seats], "seed": seed,
                                "preset": preset})

    def deal_ended(self) -> bool:
        """A deal has been settled and the next not dealt yet (or the game is over)."""
        return self.state["phase"] in ("deal", "game_over") and \
            self.state["last_deal"] is not None

    def deals_begun(self) -> int:
        return len(self.record["deals"])

    def shared_view(self, seat) -> dict:
        return {**self.view(seat), "deals_begun": self.deals_begun()}

    def _log(self, action, after):
        self.engine().record.log_action(self.record, self.state, action, after)

    @staticmethod
    def _actions_so_far_in(rec: dict) -> int:
        return sum(len(d["actions"]) + 1 for d in rec["deals"])

    def moves_made(self) -> int:
        return sum(len(d["actions"]) for d in self.record["deals"])

    def totals(self) -> list:
        return list(self.state["score"]["totals"])

    def progress(self) -> int:
        return self.state["score"]["deals_settled"] + 1

    def progress_words(self, scores: str) -> str:
        return _("Deal {n}: {scores}", n=self.progress(), scores=scores)

    HINT_BOT = "strong"

    def _last_decision(self, seat):
        """(deal, action) of the seat's last move; a deal begun is not a decision to take back
        (dealt again, it would be the same cards)."""
        for i in range(len(self.record["deals"]) - 1, -1, -1):
            actions = self.record["deals"][i]["actions"]
            for j in range(len(actions) - 1, -1, -1):
                if actions[j].get("seat") == seat:
                    return i, j
        return None

    def _cut_at(self, where):
        i, j = where
        deals = self.record["deals"]
        kept = {k: v for k, v in self.record.items() if k not in aids.FIELDS}
        kept["deals"] = [*deals[:i], {**deals[i], "actions": deals[i]["actions"][:j]}]
        removed = list(deals[i]["actions"][j:])
        for later in deals[i + 1:]:
            removed += [{"type": "deal"}, *later["actions"]]
        return kept, removed

    def _replayed(self, rec):
        # The generator's state is not all in the record (a first dealer drawn by lot draws from
        # it, UNRECORDED): splitmix64 moves by a fixed step, so the live game is ahead of its
        # replay by the same amount at every position, and that gap is kept.
        record = self.engine().record
        state = record.replay(rec)["state"]
        gap = (int(self.state["rng"]) - int(record.replay(self.record)["state"]["rng"])) % 2 ** 64
        state["rng"] = str((int(state["rng"]) + gap) % 2 ** 64)
        return state


class DiceSession(Session):
    """A dice game: played with the page's dice ("play"), or with real dice, each turn's result
    entered by hand ("keeper": score-keeper mode, `meta["mode"]`)."""
    KIND, DEFAULT_BOT = DICE, "optimal"
    NOT_THIS_GAME = N_("this is not a saved dice game")

    @classmethod
    def start(cls, conv: dict, preset, seats: list, seed: int, mode: str = "play"):
        """`seats`: one {"kind": "human" | "bot", "name": str, "bot": "optimal" | "threshold"}
        per seat, in playing order; 1 seat is solo practice. With real dice (`mode` "keeper")
        every seat is a person and seat 0 starts (the table knows who rolls first)."""
        game, record = cls.engine().game, cls.engine().record
        if mode not in ("play", "keeper"):
            raise BadInput("mode", N_("a dice game is played on this device or with real "
                                      "dice"))
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

    @classmethod
    def _checked_meta(cls, meta, state) -> dict:
        out = super()._checked_meta(meta, state)
        mode = meta.get("mode", "play")
        if mode not in ("play", "keeper"):
            raise BadInput("save.meta.mode", N_("a dice game is played on this device or with "
                                                "real dice"))
        if mode == "keeper" and any(seat["kind"] == "bot" for seat in out["seats"]):
            raise BadInput("save.meta.mode", N_("with real dice every seat is a person"))
        out["mode"] = mode
        return out

    def shared_view(self, seat) -> dict:
        """The dice game hides nothing but its generator, which would tell every roll to come:
        the position is shared without it, for the dice table that draws from it."""
        return {**self.view(seat), "state": {k: v for k, v in self.state.items() if k != "rng"}}

    @property
    def keeper(self) -> bool:
        return self.meta.get("mode") == "keeper"

    def _log(self, action, after):
        self.engine().record.log_action(self.record, action)

    HINT_BOT = "optimal"

    @staticmethod
    def _actions_so_far_in(rec: dict) -> int:
        return len(rec["actions"])

    def moves_made(self) -> int:
        return len(self.record["actions"])

    def totals(self) -> list:
        return [p["score"] for p in self.state["players"]]

    def progress(self) -> int:
        return len(self.state["turns"]) + 1

    def progress_words(self, scores: str) -> str:
        return _("Turn {n}: {scores}", n=self.progress(), scores=scores)

    def _last_decision(self, seat):
        if self.keeper:
            return None  # real dice: a result entered by mistake is corrected by undo()
        actions = self.record["actions"]
        return next((k for k in range(len(actions) - 1, -1, -1)
                     if actions[k].get("seat") == seat), None)

    def _cut_at(self, k):
        kept = {key: v for key, v in self.record.items() if key not in aids.FIELDS}
        kept["actions"] = self.record["actions"][:k]
        return kept, list(self.record["actions"][k:])

    def undo(self) -> None:
        """Take back the last action (score-keeper mode: a result entered by mistake), by
        replaying the record without it."""
        record = self.engine().record
        if not self.record["actions"]:
            raise BadInput("undo", N_("there is nothing to take back"))
        rec = {**self.record, "actions": self.record["actions"][:-1]}
        self.state = record.replay(rec)["state"]
        self.record = rec
        self.news.clear()
