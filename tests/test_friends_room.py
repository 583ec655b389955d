"""The host's referee (issue 22, Must 3 and 5): whole games of cards for 2, 3 and 4 players and a
game of dice played through a Room on the real sessions, friends choosing from the views the Room
sent them; no card hidden from a seat ever reaches that seat; hostile and mistaken messages are
refused with their reason and change nothing; a friend who drops and comes back gets its seat
and its hand."""
import copy
import json
import re

import pytest

from helpers_friends import Game, card_table, dice_table
from thousand.cards.views import seat_view as card_view
from thousand.dice.views import seat_view as dice_view
from thousand.friends import protocol
from thousand.friends.room import COMPUTER, FRIEND, HOST, Room
from thousand.friends.room import GAME_OVER, NO_SEAT, NOT_YOUR_TURN, OTHER_SEAT, STALE

CARD = re.compile(r"^[AKQJT9][HDCS]$")


def plain(data):
    """Data as it crosses the wire (tuples become lists, Phrases text)."""
    return json.loads(json.dumps(data, default=list))


def cards_in(data, skip=("last_deal",)) -> set:
    """Every card code anywhere in a message, but in the finished deal's summary (made of the
    previous deal's cards, which are dealt again since; its view is checked whole instead)."""
    found, stack = set(), [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(v for k, v in x.items() if k not in skip)
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and CARD.match(x):
            found.add(x)
    return found


def hidden_from(state, seat) -> set:
    """The cards `seat` may not know now, from the state alone (R12), not from seat_view:
    the deck before it is dealt, the others' hands but what the table was shown of them (a
    talon turned up, cards passed face up or by this declarer), a talon not shown, and the
    declarer's discards."""
    d = state["deal"]
    if d is None:
        return set()
    if "hands" not in d:
        return set(d.get("deck", ())) - set(_codes(d.get("cuts")))
    conv = state["conventions"]
    declarer, taken = d["declarer"], d["taken"]
    shown = set()
    if taken is not None and (d["talon_shown"] or seat == declarer):
        shown |= set(d["dealt_talons"][taken])
    if seat == declarer or conv["pass_visibility"] == "face_up" and not d["dark"]:
        shown |= set(d["given"].values())
    hidden = set()
    for other, hand in enumerate(d["hands"]):
        if other != seat:
            hidden |= set(hand)
    for i, talon in enumerate(d["dealt_talons"]):
        if i != taken or not (d["talon_shown"] or seat == declarer):
            hidden |= set(talon) - _played(d)
    if seat != declarer:
        hidden |= set(d["discards"])
    return hidden - shown - set(d["hands"][seat])


def _codes(x):
    return [c for c in cards_in({"x": x})] if x else []


def _played(d) -> set:
    return cards_in({"t": d["trick"], "ts": d["tricks"]})


CARD_TABLES = [
    ("classic", [HOST, FRIEND, FRIEND], 3),
    ("two_players", [FRIEND, HOST], 5),
    ("four_players", [HOST, FRIEND, COMPUTER, FRIEND], 7),
]


@pytest.fixture(scope="module", params=CARD_TABLES, ids=[t[0] for t in CARD_TABLES])
def card_game(request):
    preset, kinds, seed = request.param
    g = Game(card_table(preset, kinds, seed), kinds, "cards", seed)
    g.moves = g.play()
    return g


def test_a_whole_card_game_is_played_through_the_room_to_its_end(card_game):
    g = card_game
    assert g.table.over and g.table.state["score"]["winners"]
    assert g.room.position == len([m for m in g.inbox["f1" if "f1" in g.inbox else "f0"]
                                   if m[0]["type"] == "update"]) - 1
    friend_moves = sum(1 for d in g.table.record["deals"] for a in d["actions"]
                       if g.kinds[a["seat"]] == FRIEND)
    assert friend_moves > 100
    for peer, inbox in g.inbox.items():
        kinds = [m["type"] for m, _ in inbox]
        assert kinds[:2] == ["welcome", "update"] and "refused" not in kinds
        assert inbox[-1][0]["view"]["phase"] == "game_over"  # every friend saw the end


def test_every_view_a_friend_gets_is_its_own_seats_and_nothing_more(card_game):
    for peer, inbox in card_game.inbox.items():
        seat = int(peer[1:])
        for msg, state in inbox:
            if msg["type"] != "update":
                continue
            assert msg["view"] == plain(card_view(state, seat))
            assert msg["view"]["seat"] == seat


def test_no_card_hidden_from_a_seat_is_ever_in_a_message_to_it(card_game):
    checked = 0
    for peer, inbox in card_game.inbox.items():
        seat = int(peer[1:])
        for msg, state in inbox:
            secret = hidden_from(state, seat)
            leaked = cards_in(msg) & secret
            assert not leaked, (peer, msg["type"], state["phase"], sorted(leaked))
            checked += bool(secret)
    assert checked > 200  # messages sent while something was hidden


def test_the_hidden_card_check_can_fail():
    # the check above would see another seat's hand in a view
    g = Game(card_table("classic", [HOST, FRIEND, FRIEND], 3), [HOST, FRIEND, FRIEND], "cards", 3)
    while "hands" not in (g.table.state["deal"] or {}):
        g.step()
    state = g.table.state
    leaky = dict(card_view(state, 1), peek=list(state["deal"]["hands"][2]))
    assert cards_in(leaky) & hidden_from(state, 1)


def test_a_game_of_dice_is_played_through_the_room():
    kinds = [FRIEND, HOST, COMPUTER]
    g = Game(dice_table(kinds, seed=4), kinds, "dice", 4)
    moves = g.play()
    assert g.table.over and moves > 20
    for msg, state in g.inbox["f0"]:
        if msg["type"] == "update":
            assert msg["view"] == plain(dice_view(state, 0))
    assert sum(1 for a in g.table.record["actions"] if a.get("seat") == 0) > 10


# --- hostile and mistaken messages ---------------------------------------------------------------

@pytest.fixture
def table3():
    g = Game(card_table("classic", [HOST, FRIEND, FRIEND], 11), [HOST, FRIEND, FRIEND],
             "cards", 11)
    while g.table.to_act() != 1 or "hands" not in (g.table.state["deal"] or {}):
        g.step()
    return g


def send(g, peer, text):
    state, record = copy.deepcopy(g.table.state), copy.deepcopy(g.table.record)
    # a move of the host's the Room has not yet seen is a new position all the same
    position = g.room.position + (g.table.state is not g.room._state_seen)
    out = g.room.receive(peer, text)
    msgs = [(p, protocol.parse_from_host(t)) for p, t in out]
    refusals = [m for p, m in msgs if m["type"] == "refused"]
    if refusals:
        assert g.table.state == state and g.table.record == record
        assert g.room.position == position
        assert all(p == peer for p, m in msgs)
    return msgs, refusals


def refusal(g, peer, text) -> str:
    _, refusals = send(g, peer, text)
    assert len(refusals) == 1, refusals
    return refusals[0]["reason"]


def act_text(g, peer, action, position=None):
    pos = g.room.position if position is None else position
    return protocol.friend_message("act", position=pos, action=action)


def test_a_move_for_another_seat_is_refused(table3):
    g = table3
    action = g.table.view(1)["legal"][0]
    assert refusal(g, "f2", act_text(g, "f2", action)) == OTHER_SEAT
    assert refusal(g, "f2", act_text(g, "f2", {**action, "seat": True})) == OTHER_SEAT


def test_a_move_out_of_turn_is_refused(table3):
    g = table3
    action = dict(g.table.view(1)["legal"][0], seat=2)
    assert refusal(g, "f2", act_text(g, "f2", action)) == NOT_YOUR_TURN


def test_a_move_chosen_at_an_older_position_is_refused_and_the_friend_shown_the_new_one(table3):
    g = table3
    action = g.table.view(1)["legal"][0]
    msgs, refusals = send(g, "f1", act_text(g, "f1", action, g.room.position - 1))
    assert refusals[0]["reason"] == STALE and refusals[0]["values"]["position"] == \
        g.room.position
    # the host moved and the page has not pushed it yet: the friend is behind, and told
    g2 = Game(card_table("classic", [FRIEND, HOST, FRIEND], 2), [FRIEND, HOST, FRIEND],
              "cards", 2)
    while g2.table.to_act() != 1:
        g2.step()
    seen = g2.last["f0"]["position"]
    g2.table.act(g2.table.view(1)["legal"][0])  # the host's move, not yet pushed
    msgs, refusals = send(g2, "f0", act_text(g2, "f0", {"type": "pass", "seat": 0}, seen))
    assert [m["type"] for _, m in msgs] == ["refused", "update"]
    assert msgs[1][1]["position"] == seen + 1


def test_an_illegal_move_is_refused_with_the_rules_reason(table3):
    g = table3
    reason = refusal(g, "f1", act_text(g, "f1", {"type": "play", "seat": 1, "card": "AH"}))
    assert reason and reason not in (OTHER_SEAT, NOT_YOUR_TURN, STALE)
    reason = refusal(g, "f1", act_text(g, "f1", {"type": "bid", "seat": 1, "value": 10 ** 6}))
    assert reason


def test_a_stranger_is_refused_and_nobody_else_hears_of_it(table3):
    g = table3
    action = g.table.view(1)["legal"][0]
    assert refusal(g, "stranger", act_text(g, "stranger", action)) == NO_SEAT
    assert refusal(g, "stranger", protocol.friend_message("hello", name="Eve")) == NO_SEAT


LONG_NUMBER = "9" * 5000


@pytest.mark.parametrize("text, reason", [
    ('{"v": 2, "type": "ping", "id": 1}', protocol.OTHER_VERSION),
    ('{"v": "1", "type": "ping", "id": 1}', protocol.OTHER_VERSION),
    ('{"v": true, "type": "ping", "id": 1}', protocol.OTHER_VERSION),
    ('{"v": 1.0, "type": "ping", "id": 1}', "must be a whole number (got {got})"),
    ('{"type": "ping", "id": 1}', protocol.OTHER_VERSION),
    ('{"v": 1, "type": "update", "position": 0, "view": {}, "events": []}',
     protocol.UNKNOWN_TYPE),  # the host's type, from a friend
    ('{"v": 1, "type": "cheat"}', protocol.UNKNOWN_TYPE),
    ('{"v": 1}', protocol.UNKNOWN_TYPE),
    ('{"v": 1, "type": "act", "position": 0}', protocol.MISSING),
    ('{"v": 1, "type": "act", "position": 0, "action": {"type": "pass"}, "also": 1}',
     protocol.EXTRA),
    ('{"v": 1, "type": "act", "position": "0", "action": {"type": "pass"}}',
     protocol.WRONG_KIND),
    ('{"v": 1, "type": "act", "position": -1, "action": {"type": "pass"}}',
     protocol.OUT_OF_RANGE),
    ('{"v": 1, "type": "act", "position": 0, "action": []}', protocol.WRONG_KIND),
    ('{"v": 1, "type": "act", "position": 0, "action": {"seat": 1}}', protocol.NO_TYPE),
    ('{"v": 1, "type": "hello", "name": ""}', protocol.NAME_WORDS),
    ('{"v": 1, "type": "hello", "name": "' + "x" * 40 + '"}', protocol.NAME_WORDS),
    ('{"v": 1, "type": "hello", "name": "a\\u0000b"}', protocol.NAME_WORDS),
    ('[1, 2]', protocol.NOT_OBJECT),
    ('"hello"', protocol.NOT_OBJECT),
    ('{"v": 1, "type": "ping", "id": 1', protocol.NOT_JSON_AT),
    ('not json at all', protocol.NOT_JSON_AT),
    ('{"v": 1, "type": "ping", "id": NaN}', protocol.NOT_JSON),
    ('', protocol.NOT_JSON_AT),
    ('[' * 1500 + ']' * 1500, protocol.TOO_DEEP),
    ('{"a":' * 600 + '1' + '}' * 600, protocol.TOO_DEEP),
    ('{"v": 1, "type": "act", "position": 0, "action": {"type": "bid", "value": [[[[[1]]]]]}}',
     protocol.TOO_DEEP),
    ('{"v": 1, "type": "act", "position": 0, "action": {"type": "bid", "value": '
     + LONG_NUMBER + '}}', protocol.TOO_LARGE),
    ('{"v": 1, "type": "act", "position": 0, "action": {"type": "bid", "value": '
     + LONG_NUMBER[:3000] + '}}', "{number} is beyond any game (numbers here are at most "
     "{most} either way)"),
    ('{"v": 1, "type": "act", "position": 0, "action": {"type": "bid", "value": '
     + "9" * 400 + '}}', "{number} is beyond any game (numbers here are at most {most} either "
     "way)"),
    ('{"v": 1, "type": "ping", "id": 1e400}', protocol.NOT_JSON),
    ('{"v": 1, "type": "ping", "id": 1, "pad": "' + "x" * 5000 + '"}', protocol.TOO_LARGE),
    ('{"v": 1, "type": "ping", "id": "\\ud800"}', "it is not Unicode text (character {at} is "
     "half of a surrogate pair)"),
])
def test_a_hostile_or_broken_message_is_refused_with_its_reason(table3, text, reason):
    assert refusal(table3, "f1", text) == reason


@pytest.mark.parametrize("text", [None, b'{"v":1,"type":"ping","id":1}', 12, ["x"]])
def test_a_message_that_is_not_text_is_refused(table3, text):
    assert refusal(table3, "f1", text) == protocol.NOT_TEXT


def test_a_table_that_raises_something_unexpected_does_not_bring_the_host_down(table3):
    g = table3

    def broken(action):
        raise KeyError("a bug")
    g.table.act = broken
    action = g.table.view(1)["legal"][0]
    assert refusal(g, "f1", act_text(g, "f1", action)) == "the host could not take this message"


def test_after_the_game_is_over_no_move_is_taken():
    kinds = [HOST, FRIEND]
    g = Game(card_table("two_players", kinds, 5), kinds, "cards", 5)
    g.play()
    assert g.table.over
    text = act_text(g, "f1", {"type": "pass", "seat": 1})
    assert refusal(g, "f1", text) == GAME_OVER


# --- the seats: hello, ping, drop, return, a computer meanwhile ----------------------------------

def test_hello_names_the_seat_for_everyone_and_ping_is_answered(table3):
    g = table3
    msgs, _ = send(g, "f2", protocol.friend_message("hello", name="  Vera ", language="ru"))
    assert sorted(p for p, _ in msgs) == ["f1", "f2"]
    assert all(m["type"] == "seats" and m["names"][2] == "Vera" for _, m in msgs)
    msgs, _ = send(g, "f1", protocol.friend_message("ping", id=42))
    assert msgs == [("f1", {"v": 1, "type": "pong", "id": 42})]
    assert send(g, "f1", protocol.friend_message("pong", id=1))[0] == []


def test_a_friend_drops_and_rejoins_with_its_hand_and_a_computer_may_play_meanwhile(table3):
    g = table3
    hand = g.table.view(2)["deal"]["hand"]
    msgs, _ = send(g, "f2", protocol.friend_message("bye"))
    assert msgs == [("f1", protocol.parse_from_host(
        protocol.message("seats", names=g.room.names, seats=["present", "present", "away"])))]
    assert g.room.statuses() == ["present", "present", "away"]
    assert refusal(g, "f2", protocol.friend_message("hello", name="Back")) == NO_SEAT
    out = g.room.give_to_computer(2)
    assert [protocol.parse_from_host(t)["seats"] for _, t in out] == \
        [["present", "present", "computer"]]
    out = g.room.join("f2-again", 2)
    kinds = [(p, protocol.parse_from_host(t)["type"]) for p, t in out]
    assert kinds == [("f2-again", "welcome"), ("f2-again", "update"), ("f1", "seats")]
    update = protocol.parse_from_host(out[1][1])
    assert update["view"]["deal"]["hand"] == hand and update["position"] == g.room.position
    assert g.room.statuses() == ["present", "present", "present"]


def test_a_second_connection_to_a_seat_replaces_the_first(table3):
    g = table3
    out = g.room.join("f1-new", 1)
    assert out[0] == ("f1", protocol.message("bye", reason="another connection has taken this "
                                                           "seat"))
    assert g.room.seat_of("f1") is None and g.room.seat_of("f1-new") == 1
    action = g.table.view(1)["legal"][0]
    assert refusal(g, "f1", act_text(g, "f1", action)) == NO_SEAT


def test_thinking_is_shown_and_the_host_seat_cannot_be_joined(table3):
    g = table3
    out = g.room.set_thinking(0, True)
    assert {protocol.parse_from_host(t)["seats"][0] for _, t in out} == {"thinking"}
    assert g.room.set_thinking(0, True) == []
    with pytest.raises(ValueError):
        g.room.join("x", 0)
    with pytest.raises(ValueError):
        g.room.give_to_computer(1)  # present, not away


def test_public_events_from_the_page_go_with_each_seats_update():
    kinds = [HOST, FRIEND, FRIEND]
    table = card_table("classic", kinds, 9)
    asked = []

    def events(seat):
        asked.append(seat)
        return [{"said": f"to seat {seat}"}]
    room = Room(table, kinds, "cards", events=events)
    room.join("a", 1)
    table.act(table.view(table.to_act())["legal"][0])
    out = room.updates()
    assert [protocol.parse_from_host(t)["events"] for _, t in out] == [[{"said": "to seat 1"}]]
    assert room.updates() == []  # nothing new: nothing sent
