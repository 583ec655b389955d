"""Play with friends (issue 22) through the pages' own controllers on CPython: the host's App
referees (Hosting over the Room), each friend's App plays at its own table (Joining, a
RemoteSession), and the texts between them are passed by hand, as the data channel passes them.
The browser tests (e2e/test_friends_*.py) do the same over a real connection."""
import json
import random
import re

import pytest

from thousand.friends import protocol
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.joining import Joining
from thousand.ui.screens import table

from test_ui_app import person_move


def new_app(seed=3):
    return App(Store(MemoryBackend()), delay=0, seed=seed)


class Wire:
    """The host's App and its friends' Apps, joined: every text the host sends a connection is
    given to that friend, and back."""

    def __init__(self, host, friends: dict):
        self.host, self.friends = host, friends  # peer id -> friend's App
        self.sent = {peer: [] for peer in friends}  # every text each friend was sent

    def join(self, peer, seat, name):
        friend = self.friends[peer]
        friend.joining = Joining(friend, name)
        self.host.hosting.offered(peer, seat)
        self.host.hosting.opened(peer)
        friend.joining.opened()
        self.pass_all()

    def pass_all(self):
        for _ in range(50):
            moved = False
            for peer, text in self.host.hosting.flush():
                self.sent[peer].append(text)
                self.friends[peer].joining.receive(text)
                moved = True
            for peer, friend in self.friends.items():
                if friend.joining is None:
                    continue
                for text in friend.joining.flush():
                    self.host.hosting.receive(peer, text)
                    moved = True
            if not moved:
                return
        raise AssertionError("the pages never stop talking")


def host_cards(host, kinds):
    host.handle({"do": "go", "screen": "new"})
    host.render()
    for seat, kind in kinds.items():
        host.handle({"do": "new.kind", "seat": seat, "value": kind})
    host.handle({"do": "new.start"})
    return host.session


def test_a_whole_deal_of_cards_with_two_friends_on_their_own_pages():
    host, vera, gleb = new_app(5), new_app(6), new_app(7)
    session = host_cards(host, {1: "friend", 2: "friend"})
    assert session.friends() == [1, 2] and host.hosting is not None
    wire = Wire(host, {"p1": vera, "p2": gleb})
    wire.join("p1", 1, "Vera")
    wire.join("p2", 2, "Gleb")
    assert vera.screen == "table" and gleb.screen == "table"
    assert host.session.stored_names()[1:] == ["Vera", "Gleb"]  # as their hellos said
    assert vera.session.names()[1] == "You" and vera.session.names()[0] == "Host"
    rnd = random.Random(11)
    for _ in range(3000):
        if host.session.state["score"]["deals_settled"] >= 1:
            break
        seat = host.session.to_act()
        if host.bot_step():
            pass
        elif seat == 0 or table._summary_pending(host):
            person_move(host, rnd)
        else:
            friend = vera if seat == 1 else gleb
            assert friend.session.to_act() == seat
            person_move(friend, rnd)
        wire.pass_all()
        # every friend's table shows the host's position, from its own seat's view only
        for peer, friend in (("p1", vera), ("p2", gleb)):
            assert friend.session.view() == friend_view(host, friend.session.seat)
            assert "Something went wrong" not in friend.render()
    else:
        pytest.fail("the deal never ended")


def friend_view(host, seat):
    """What the seat is shown, as it crosses the wire (JSON)."""
    return json.loads(protocol.message("update", position=0, view=host.session.shared_view(seat),
                                       events=[]))["view"]


def test_a_friend_is_never_sent_another_seats_cards():
    """Must 3: every message of a whole deal, to each friend, holds no card of a hand that is
    not theirs while it is hidden."""
    host, vera = new_app(8), new_app(9)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    rnd = random.Random(3)
    for _ in range(400):
        seat = host.session.to_act()
        if host.bot_step():
            pass
        elif seat == 1 and not table._summary_pending(host):
            person_move(vera, rnd)
        else:
            person_move(host, rnd)
        state = host.session.state
        sent_before = len(wire.sent["p1"])
        wire.pass_all()
        d = state["deal"]
        if d is None or state["phase"] in ("deal", "game_over"):
            continue
        hidden = {c for s, hand in enumerate(d.get("hands") or []) if s != 1 for c in hand}
        hidden |= {c for talon in d.get("talons") or [] for c in talon}
        for text in wire.sent["p1"][sent_before:]:
            msg = json.loads(text)
            if msg["type"] == "update":
                msg["view"].pop("last_deal")  # the deal before, every hand of it turned up
            found = set(re.findall(r'"([9TJQKA][HDCS])"', json.dumps(msg)))
            assert not (found & hidden) or _public(found & hidden, state), (found & hidden)


def _public(cards, state, seat=1):
    """Cards of another hand the seat may know: shown in the talon, played, or passed by the
    seat itself as declarer."""
    d = state["deal"]
    shown = set()
    if d.get("declarer") == seat:
        given = d.get("given") or {}
        shown |= set(given.values() if isinstance(given, dict) else given)
    if d.get("talon_shown"):
        shown |= set(d["dealt_talons"][d["taken"]])
    for t in d.get("tricks") or []:
        shown |= {c for _s, c in t["cards"]}
    shown |= {c for _s, c in d.get("trick") or []}
    return cards <= shown


def test_a_dice_round_with_a_friend():
    host, vera = new_app(4), new_app(5)
    host.handle({"do": "go", "screen": "dice_new"})
    host.render()
    host.handle({"do": "dice_new.kind", "seat": 1, "value": "friend"})
    host.handle({"do": "dice_new.start"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    assert vera.screen == "dice" and vera.dice is not None and vera.dice.remote
    assert "rng" not in vera.dice.state  # the generator would tell every roll to come
    turns = len(host.dice.state["turns"])
    rnd = random.Random(2)
    for _ in range(400):
        if len(host.dice.state["turns"]) >= turns + 2:
            break
        seat = host.dice.to_act()
        app = host if seat == 0 else vera
        legal = app.dice.view(seat)["legal"]
        a = next((x for x in legal if x["type"] == "stop"), None) or rnd.choice(legal)
        do = {"roll": "dice.roll", "stop": "dice.stop", "keep": "dice.keep"}[a["type"]]
        app.handle({"do": do, **({"i": legal.index(a)} if a["type"] == "keep" else {})})
        assert app.notice is None, app.notice
        wire.pass_all()
        assert "Something went wrong" not in vera.render()
    assert len(host.dice.state["turns"]) >= turns + 2
    assert vera.dice.state["turns"] == host.dice.state["turns"]


def test_a_friend_dropped_and_back_gets_the_seat_and_hand_again():
    host, vera = new_app(5), new_app(6)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    host.hosting.closed("p1")
    vera.joining.closed()
    assert host.hosting.status(1) == "away"
    assert "lost" in vera.notice
    # the friend reads a new code: a new connection for the same seat
    again = new_app(6)
    wire.friends["p9"] = again
    wire.sent["p9"] = []
    wire.join("p9", 1, "Vera")
    assert host.hosting.status(1) == "present"
    assert again.session.view()["deal"] == host.session.shared_view(1)["deal"]


def test_a_computer_player_stands_in_for_a_friend_away():
    host, vera = new_app(5), new_app(6)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    host.hosting.closed("p1")
    host.handle({"do": "go", "screen": "friends"})
    host.handle({"do": "friends.stand_in", "seat": 1})
    assert host.session.is_bot(1) and host.hosting.status(1) == "computer"
    assert host.session.friends() == [1]  # still the friend's seat
    wire.join("p1", 1, "Vera")
    assert not host.session.is_bot(1) and host.hosting.status(1) == "present"


def test_hostile_messages_change_nothing_at_the_host():
    host, vera = new_app(5), new_app(6)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    before = host.session.to_doc()
    for text in ("", "{", "[]", '{"v":1,"type":"act"}', '{"v":9,"type":"hello","name":"x"}',
                 protocol.friend_message("act", position=0, action={"type": "bid", "seat": 0,
                                                                    "value": 100}),
                 "x" * 10000):
        host.hosting.receive("p1", text)
        refused = [t for p, t in host.hosting.flush() if p == "p1"]
        assert any('"type":"refused"' in t for t in refused), text[:40]
    assert host.session.to_doc() == before


def test_undo_is_off_at_a_table_with_friends():
    host = new_app(5)
    host_cards(host, {1: "friend"})
    assert host.session.undo_seat() is None and not host.session.against_computer()


def test_games_with_friends_are_counted_on_their_own_line():
    """Must 6: a finished game with a friend at the table counts in Statistics apart from the
    games against the computer; the friend's seat is neither the person's nor a computer's."""
    from thousand import statistics
    from thousand.cards import game
    from thousand.cards.catalogue import CATALOGUE
    state = game.new_game(CATALOGUE.resolve("classic"), 3)
    state = {**state, "phase": "game_over",
             "score": {**state["score"], "totals": [1000, 500, 300], "winners": [0]}}
    record = {"deals": [], "names": ["You", "Vera", "Boris"]}
    with_friend = {"seats": [{"kind": "human"}, {"kind": "friend"}, {"kind": "bot", "bot": "normal"}],
                   "record": record}
    alone = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "normal"},
                       {"kind": "bot", "bot": "normal"}], "record": record}
    facts = [statistics.facts_of_state("cards", e, state) for e in (with_friend, alone, alone)]
    assert [f["friends"] for f in facts] == [1, 0, 0]
    groups = statistics.figures("cards", facts)["groups"]
    assert [(g["friends"], g["played"], g["won"]) for g in groups] == [(False, 2, 2), (True, 1, 1)]
    app = new_app()
    app.handle({"do": "go", "screen": "statistics"})
    assert "with friends on their own phones" not in str(app.render())  # none played here yet


def test_the_host_page_reloaded_keeps_the_game_and_its_friends_rejoin():
    """Must 5: the game is saved on the host like any game; after a reload the friends' seats
    wait, away, and a friend who reads a new code is back at the seat with its hand."""
    store = Store(MemoryBackend())
    host, vera = App(store, delay=0, seed=5), new_app(6)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    rnd = random.Random(1)
    while not (host.session.view(1)["deal"] or {}).get("hand"):
        if not host.bot_step():
            person_move(host if host.session.to_act() != 1 else vera, rnd)
        wire.pass_all()
    hand = host.session.view(1)["deal"]["hand"]
    again = App(store, delay=0, seed=5)  # the host's page reloaded
    assert again.hosting is not None and again.session.friends() == [1]
    assert again.hosting.status(1) == "away" and again.session.stored_names()[1] == "Vera 2"
    phone = new_app(7)
    wire2 = Wire(again, {"p2": phone})
    wire2.join("p2", 1, "Vera")
    assert phone.session.view()["deal"]["hand"] == hand


def test_a_friend_named_like_another_seat_is_told_apart():
    host, vera = new_app(5), new_app(6)
    host_cards(host, {1: "friend"})  # seat 3 is a computer player offered as "Vera"
    assert host.session.stored_names()[2] == "Vera"
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    assert host.session.stored_names() == ["You", "Vera 2", "Vera"]
    assert vera.session.stored_names()[1] == "Vera 2"


def test_a_rematch_seats_the_connected_friends_again():
    """The host's Rematch (R70) starts the same table: a friend whose phone is connected sits
    at the new game at once, shown its new view; the friend's own page has no Rematch."""
    host, vera = new_app(5), new_app(6)
    host_cards(host, {1: "friend"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    first = vera.session
    host.handle({"do": "table.rematch"})  # (the page offers it once the game is over)
    assert host.session.over is False and host.hosting.session is host.session
    assert host.hosting.status(1) == "present"
    wire.pass_all()
    assert vera.session is not first and vera.session.view() == friend_view(host, 1)
    vera.handle({"do": "table.rematch"})
    assert vera.session.remote and not vera.link_asks


def test_a_move_is_taken_back_only_when_every_other_person_agrees():
    """Must 6: undo at a table with friends is off unless every person agrees. A friend asks
    to take back their last move; one refusal ends the asking, and once the host and the other
    friend have agreed the move is taken back at every table."""
    host, vera, gleb = new_app(5), new_app(6), new_app(7)
    host_cards(host, {1: "friend", 2: "friend"})
    wire = Wire(host, {"p1": vera, "p2": gleb})
    wire.join("p1", 1, "Vera")
    wire.join("p2", 2, "Gleb")
    rnd = random.Random(4)
    while not any(a.get("seat") == 1 for d in host.session.record["deals"] for a in d["actions"]):
        seat = host.session.to_act()
        person_move({0: host, 1: vera, 2: gleb}[seat], rnd)
        wire.pass_all()
    before = host.session.to_doc()["record"]["deals"][-1]["actions"][:-1]
    vera.handle({"do": "table.undo_ask"})
    wire.pass_all()
    assert host.hosting.undo["by"] == 1
    assert "asks to take back their last move" in str(gleb.render())
    gleb.handle({"do": "table.undo_no"})  # one refusal: nothing is taken back
    wire.pass_all()
    assert host.hosting.undo is None and vera.session.undo is None
    assert host.session.record["deals"][-1]["actions"][-1]["seat"] == 1
    vera.handle({"do": "table.undo_ask"})
    wire.pass_all()
    gleb.handle({"do": "table.undo_yes"})
    wire.pass_all()
    assert host.session.record["deals"][-1]["actions"][-1]["seat"] == 1  # the host not yet
    host.handle({"do": "table.undo_yes"})
    wire.pass_all()
    assert host.session.record["deals"][-1]["actions"] == before
    assert vera.session.view() == friend_view(host, 1) and vera.session.undo is None


def test_the_dice_table_says_a_friend_is_not_connected():
    host, vera = new_app(4), new_app(5)
    host.handle({"do": "go", "screen": "dice_new"})
    host.render()
    host.handle({"do": "dice_new.kind", "seat": 1, "value": "friend"})
    host.handle({"do": "dice_new.start"})
    assert "not connected" in str(host.render())
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    assert "not connected" not in str(host.render())
    host.hosting.closed("p1")
    assert "not connected" in str(host.render())


def test_at_the_dice_table_a_move_is_taken_back_when_the_others_agree():
    host, vera = new_app(4), new_app(5)
    host.handle({"do": "go", "screen": "dice_new"})
    host.render()
    host.handle({"do": "dice_new.kind", "seat": 1, "value": "friend"})
    host.handle({"do": "dice_new.start"})
    wire = Wire(host, {"p1": vera})
    wire.join("p1", 1, "Vera")
    rnd = random.Random(3)
    while not any(a.get("seat") == 1 for a in host.dice.record["actions"]):
        seat = host.dice.to_act()
        app = host if seat == 0 else vera
        legal = app.dice.view(seat)["legal"]
        a = next((x for x in legal if x["type"] == "stop"), None) or rnd.choice(legal)
        do = {"roll": "dice.roll", "stop": "dice.stop", "keep": "dice.keep"}[a["type"]]
        app.handle({"do": do, **({"i": legal.index(a)} if a["type"] == "keep" else {})})
        wire.pass_all()
    k = max(i for i, a in enumerate(host.dice.record["actions"]) if a.get("seat") == 1)
    vera.handle({"do": "dice.undo_ask"})
    wire.pass_all()
    assert "asks to take back their last move" in str(host.render())
    host.handle({"do": "dice.undo_yes"})
    wire.pass_all()
    assert len(host.dice.record["actions"]) == k
    assert vera.dice.state["turns"] == host.dice.state["turns"] and vera.dice.undo is None
