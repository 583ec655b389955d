"""Friends on their own phones (issue 22): a real game, cards or dice, played through the host's
Room, while damaged and hostile messages are thrown at it from the friends' connections and from
strangers: valid moves mutated (thousand's own file damage), moves for another seat, out of turn
or at an old position, random JSON, text that is not JSON, values that are not text; friends
leave and come back.

Checked at every message: receive() never raises; all it returns is (connection, text) the
friend's page can read; a refusal goes to the sender alone and changes nothing; the game changes
only by a move the engine offered to the sender's own seat, in its turn, and to the state the
engine's apply() gives; each update carries its seat's own view."""
import copy
import json
import random

from fuzz import checks, damage, draw
from fuzz.report import Outcome, exception_cause

MOVE_CAP = 400        # moves a case plays (a whole short game, or the start of a long one)
HOSTILE_P = 0.35      # the share of moves before which hostile messages are thrown
HOSTILE_N = 4
DROP_P = 0.02         # a friend leaves, then rejoins by a new connection
VIEW_CHECK_P = 0.1    # updates whose view is compared with seat_view
ODD_TEXTS = ("", "null", "[]", "{}", '"act"', "{", "]]]", "NaN", '{"v":1}', '{"v":1,"type":"act"}',
             '{"v":1,"type":"act","position":0,"action":{"type":"pass"}}', "[" * 5000,
             '{"v":1,"type":"hello","name":"' + "\u202e" * 10 + '"}', "9" * 5000,
             '{"v":1,"type":"ping","id":1}' * 3)
ODD_VALUES = (None, b"{}", 7, ["x"], {"v": 1})


def case(seed: int) -> dict:
    from thousand.cards.catalogue import CATALOGUE as CARDS
    from thousand.dice.catalogue import CATALOGUE as DICE
    rnd = random.Random(f"friends:{seed}")
    if rnd.random() < 0.7:
        n = rnd.choice([2, 3, 3, 4])
        preset, overrides, _ = draw.random_conventions(CARDS, rnd, {"player_count": n})
        table = "cards"
    else:
        n = rnd.choice([2, 3, 4])
        preset, overrides, _ = draw.random_conventions(DICE, rnd)
        table = "dice"
    kinds = ["host"] + [rnd.choice(["friend", "friend", "computer"]) for _ in range(n - 1)]
    if "friend" not in kinds:
        kinds[-1] = "friend"
    return {"game": "friends", "seed": seed, "table": table, "preset": preset,
            "overrides": overrides, "kinds": kinds}


def _session(spec):
    from thousand.ui.session import CardSession, DiceSession
    conv = draw.resolve({**spec, "game": spec["table"]})
    seats = [{"kind": "bot" if k == "computer" else "human", "name": f"P{i}"}
             for i, k in enumerate(spec["kinds"])]
    if spec["table"] == "cards":
        return CardSession.start(conv, spec["preset"], seats, spec["seed"])
    for seat in seats:
        if seat["kind"] == "bot":
            seat["bot"] = "threshold"  # quick: the fuzz is of the Room, not of the players
    return DiceSession.start(conv, spec["preset"], seats, spec["seed"])


class _Play:
    def __init__(self, spec, out):
        from thousand.friends.room import Room
        self.spec, self.out = spec, out
        self.rnd = random.Random(f"friends-run:{spec['seed']}")
        self.table = _session(spec)
        self.room = Room(self.table, spec["kinds"], spec["table"])
        self.peer = {}   # seat -> its connection now
        self.last = {}   # connection -> the last update it was sent
        self.joins = 0
        for seat, kind in enumerate(spec["kinds"]):
            if kind == "friend":
                self._join(seat)

    def _join(self, seat):
        self.joins += 1
        peer = f"s{seat}-{self.joins}"
        self.peer[seat] = peer
        self._take(self.room.join(peer, seat), "a join")

    def _take(self, outgoing, what):
        """Read what the Room sent as a friend's page would; an update's view is its seat's."""
        from thousand.friends import protocol
        for peer, text in outgoing:
            try:
                msg = protocol.parse_from_host(text)
            except Exception as exc:  # noqa: BLE001
                self.out.fail("invariant", f"the Room sent what a friend cannot read after {what}",
                              f"{type(exc).__name__}: {exc}", exc=exc)
                continue
            if msg["type"] == "update":
                self.last[peer] = msg
                seat = self.room.seat_of(peer)
                if self.rnd.random() < VIEW_CHECK_P and \
                        msg["view"] != json.loads(json.dumps(self.table.view(seat),
                                                             default=list)):
                    self.out.fail("invariant", "an update's view is not its seat's own view")

    # --- the moves of the game ----------------------------------------------------------------

    def move(self, step):
        seat = self.table.to_act()
        kind = self.room.kinds[seat]
        if kind == "friend":
            from thousand.friends import protocol
            if self.room.seat_of(self.peer[seat]) != seat:  # it said bye: it comes back
                self._join(seat)
            peer = self.peer[seat]
            shown = self.last[peer]
            action = self.rnd.choice(shown["view"]["legal"])
            text = protocol.friend_message("act", position=shown["position"], action=action)
            before = self.table.state
            outgoing = self._receive(peer, text, step)
            if self.table.state is before:
                self.out.fail("mishandled", "a friend's legal move in its turn is refused",
                              outgoing[0][1][:300] if outgoing else "", step=step, action=action)
                return False
        elif kind == "computer":
            self.table.act(self.table.bot_action())
            self._take(self.room.updates(), "a computer's move")
        else:
            self.table.act(self.rnd.choice(self.table.view(seat)["legal"]))
            self._take(self.room.updates(), "the host's move")
        return True

    def hostile(self, step):
        for _ in range(self.rnd.randint(1, HOSTILE_N)):
            peer, text, label = self._hostile_message()
            self.out.counts["friends_hostile"] += 1
            self._receive(peer, text, step, label)
        if self.rnd.random() < DROP_P:
            seats = [s for s, k in enumerate(self.room.kinds) if k == "friend"]
            seat = self.rnd.choice(seats)
            self._take(self.room.leave(self.peer[seat]), "a leave")
            self._join(seat)
            self.out.counts["friends_rejoins"] += 1

    def _hostile_message(self):
        from thousand.friends import protocol
        rnd = self.rnd
        friends = [self.peer[s] for s in sorted(self.peer)]
        peer = rnd.choice(friends + ["stranger"])
        seat = self.table.to_act()
        legal = self.table.view(seat)["legal"] if seat is not None else [{"type": "pass"}]
        action = dict(rnd.choice(legal)) if legal else {"type": "pass", "seat": 0}
        doc = {"v": 1, "type": "act", "position": self.room.position, "action": action}
        r = rnd.random()
        if r < 0.45:
            text, label = damage.damage(doc, rnd, as_bytes=False)
            return peer, text, "damaged: " + label
        if r < 0.6:
            doc["position"] = rnd.choice([self.room.position - 1, self.room.position + 1, 0])
            return peer, json.dumps(doc), "another position"
        if r < 0.7:
            doc["action"]["seat"] = rnd.randrange(self.table.n)
            return peer, json.dumps(doc), "another seat"
        if r < 0.8:
            return peer, rnd.choice(ODD_TEXTS), "odd text"
        if r < 0.85:
            return peer, rnd.choice(ODD_VALUES), "not text"
        if r < 0.95:
            kind = rnd.choice(list(protocol.FROM_FRIEND) + list(protocol.FROM_HOST))
            fields = {k: copy.deepcopy(rnd.choice(damage.ODD)) for k in
                      rnd.sample(["name", "id", "position", "action", "seat", "view", "x"],
                                 rnd.randint(0, 3))}
            return peer, json.dumps({"v": 1, "type": kind, **fields}), "random fields"
        # a valid message of another type, sent at any time
        text = rnd.choice([protocol.friend_message("ping", id=rnd.randrange(100)),
                           protocol.friend_message("hello", name="Zoë"),
                           protocol.friend_message("pong", id=1)])
        return peer, text, "valid, not a move"

    # --- every message through the Room, checked ----------------------------------------------

    def _receive(self, peer, text, step, label="a friend's move"):
        state, record_size = self.table.state, _record_size(self.table)
        seat, acting = self.room.seat_of(peer), self.table.to_act()
        legal = self.table.view(acting)["legal"] if acting is not None else []
        try:
            outgoing = self.room.receive(peer, text)
        except Exception as exc:  # noqa: BLE001
            self.out.fail("crash", f"receive ({label}): " + exception_cause(exc), step=step,
                          exc=exc, variant=label.split(":")[0])
            return []
        if not isinstance(outgoing, list) or not all(
                isinstance(p, str) and isinstance(t, str) for p, t in outgoing):
            self.out.fail("invariant", "receive returned something else than (peer, text) pairs")
            return []
        types = [json.loads(t).get("type") for _, t in outgoing]
        if self.table.state is state:
            if _record_size(self.table) != record_size:
                self.out.fail("mishandled", "a refused message changed the record", label,
                              step=step)
            if "refused" in types and any(p != peer for p, _ in outgoing):
                self.out.fail("mishandled", "a refusal went to another connection", label,
                              step=step)
            if "refused" in types:
                self.out.counts["friends_refused"] += 1
        else:
            self._changed(peer, text, seat, acting, legal, state, label, step)
        self._take(outgoing, label)
        return outgoing

    def _changed(self, peer, text, seat, acting, legal, before, label, step):
        """The game moved on a friend's message: it must have been that seat's legal move."""
        self.out.counts["friends_moves_taken"] += 1
        if seat is None or seat != acting:
            self.out.fail("mishandled", "a move was taken from a connection not at the seat to "
                          "act", label, step=step)
            return
        try:
            action = json.loads(text)["action"]
        except Exception:  # noqa: BLE001
            self.out.fail("mishandled", "the game changed on a message that is no move", label,
                          step=step)
            return
        keys = sorted({k for a in legal for k in a})  # what the engine judges a move by
        if not checks.offered(action, legal, keys):
            self.out.fail("mishandled", "a move the engine did not offer was taken", label,
                          step=step, action=action)
            return
        engine = self.table.engine()[0]
        if json.dumps(engine.apply(before, action), sort_keys=True, default=list) != \
                json.dumps(self.table.state, sort_keys=True, default=list):
            self.out.fail("invariant", "the game after a friend's move is not the engine's",
                          label, step=step, action=action)


def _record_size(table) -> int:
    rec = table.record
    return len(rec["actions"]) if "actions" in rec else sum(len(d["actions"]) + 1
                                                            for d in rec["deals"])


def play(spec: dict) -> Outcome:
    out = Outcome(spec)
    out.counts["friends_games"] += 1
    try:
        p = _Play(spec, out)
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", "setting up: " + exception_cause(exc), exc=exc)
        return out
    step = 0
    try:
        for step in range(MOVE_CAP):
            if p.table.over:
                out.counts["friends_games_ended"] += 1
                break
            if p.rnd.random() < HOSTILE_P:
                p.hostile(step)
            if not p.move(step):
                break
            out.counts["friends_actions"] += 1
    except Exception as exc:  # noqa: BLE001
        out.fail("crash", "playing: " + exception_cause(exc), step=step, exc=exc)
    return out
