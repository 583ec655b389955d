"""Whole games played through a friends' Room (thousand.friends.room): the host's person acts on
the table as the page does and the Room pushes the updates; each friend chooses from the last
view the Room sent it, as a friend's page would, and sends its move as text. Every message sent
to each friend is kept, for the tests to inspect."""
import json
import random

from thousand.friends import protocol
from thousand.friends.room import COMPUTER, FRIEND, Room
from thousand.ui.session import CardSession, DiceSession


def choose(view: dict, rnd: random.Random, bot) -> dict:
    """A seeded random legal action at the last seat, a computer player's choice from the same
    view at the others (a table of random players bids too high to ever reach the target; one
    among computer players ends, as tests/test_reliability_every_game_ends.py shows)."""
    if view["seat"] == view["players"] - 1:
        return rnd.choice(view["legal"])
    return bot.choose(view)


def card_table(preset, kinds, seed=1, **overrides):
    from thousand.cards.catalogue import CATALOGUE
    conv = CATALOGUE.resolve(preset, overrides or None)
    seats = [{"kind": "bot" if k == COMPUTER else "human", "name": f"P{i}"}
             for i, k in enumerate(kinds)]
    return CardSession.start(conv, preset, seats, seed)


def dice_table(kinds, seed=1, preset=None):
    from thousand.dice.catalogue import CATALOGUE
    conv = CATALOGUE.resolve(preset, None)
    seats = [{"kind": "bot" if k == COMPUTER else "human", "name": f"P{i}", "bot": "optimal"}
             if k == COMPUTER else {"kind": "human", "name": f"P{i}"} for i, k in enumerate(kinds)]
    return DiceSession.start(conv, preset, seats, seed)


class Game:
    """A table, its Room, the friends connected as peers "f<seat>", and every message each
    friend received (parsed, with the table's state when it was sent)."""

    def __init__(self, table, kinds, game, seed=1):
        self.table, self.kinds = table, list(kinds)
        self.room = Room(table, kinds, game, names=[f"P{i}" for i in range(table.n)])
        self.rnd = random.Random(seed)
        if game == "cards":
            from thousand.bots import make_bot
            self.bot = make_bot("heuristic", seed)
        else:
            from thousand.bots import make_dice_bot
            self.bot = make_dice_bot("optimal", seed)
        self.inbox = {f"f{s}": [] for s, k in enumerate(kinds) if k == FRIEND}
        self.last = {}
        for seat, kind in enumerate(kinds):
            if kind == FRIEND:
                self.deliver(self.room.join(f"f{seat}", seat))

    def deliver(self, outgoing):
        for peer, text in outgoing:
            msg = protocol.parse_from_host(text)
            self.inbox[peer].append((msg, self.table.state))
            if msg["type"] == "update":
                self.last[peer] = msg
        return outgoing

    def step(self):
        """One move by whoever is to act; the friend's through the Room."""
        seat = self.table.to_act()
        if self.kinds[seat] == FRIEND:
            peer = f"f{seat}"
            shown = self.last[peer]
            assert shown["view"]["to_act"] == seat and shown["position"] == self.room.position
            action = choose(shown["view"], self.rnd, self.bot)
            text = protocol.friend_message("act", position=shown["position"], action=action)
            out = self.deliver(self.room.receive(peer, text))
            refused = [json.loads(t) for _, t in out if json.loads(t)["type"] == "refused"]
            assert not refused, refused
        else:
            if self.kinds[seat] == COMPUTER:
                action = self.table.bot_action()
            else:
                action = choose(self.table.view(seat), self.rnd, self.bot)
            self.table.act(action)
            self.deliver(self.room.updates())

    def play(self, most=20000):
        moves = 0
        while not self.table.over and moves < most:
            self.step()
            moves += 1
        return moves
