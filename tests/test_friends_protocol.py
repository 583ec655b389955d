"""The messages between the host's page and a friend's (issue 22, Must 3 and 7): every type of
each direction reads back as it was written; each way a friend's message can be wrong is refused
with its own reason; the host's messages are checked before they leave; a refusal's reason
crosses the wire with its template, so the friend's page words it in its own language."""
import json

import pytest

from thousand.errors import BadInput, IllegalAction, Phrase, shown
from thousand.friends import protocol
from thousand.i18n import reason


def refused(text, parse=protocol.parse_from_friend) -> BadInput:
    with pytest.raises(BadInput) as caught:
        parse(text)
    return caught.value


FRIEND_MESSAGES = [
    ("hello", {"name": "Vera"}),
    ("hello", {"name": "Борис", "language": "ru", "seat": 2}),
    ("act", {"position": 17, "action": {"type": "bid", "seat": 1, "value": 120}}),
    ("ping", {"id": 3}), ("pong", {"id": 3}), ("bye", {}),
]
HOST_MESSAGES = [
    ("welcome", {"seat": 1, "game": "cards", "names": ["A", "B", "C"],
                 "seats": ["present", "present", "away"], "position": 0}),
    ("update", {"position": 4, "view": {"seat": 1, "hand": ["AH"]}, "events": []}),
    ("refused", {"reason": "it is not your turn: seat {seat} is to move", "values": {"seat": 2},
                 "where": "message.action", "position": 4}),
    ("seats", {"names": ["A", "B"], "seats": ["present", "thinking"]}),
    ("ping", {"id": 1}), ("pong", {"id": 1}), ("bye", {}), ("bye", {"reason": "bye"}),
]


@pytest.mark.parametrize("kind, fields", FRIEND_MESSAGES)
def test_each_friends_message_reads_back(kind, fields):
    text = protocol.friend_message(kind, **fields)
    assert protocol.parse_from_friend(text) == {"v": 1, "type": kind, **fields}
    with pytest.raises(BadInput):  # not a message the host sends
        protocol.parse_from_host(text) if kind in ("hello", "act") else \
            protocol.parse_from_host(text.replace(f'"type":"{kind}"', '"type":"hello"'))


@pytest.mark.parametrize("kind, fields", HOST_MESSAGES)
def test_each_hosts_message_reads_back(kind, fields):
    assert protocol.parse_from_host(protocol.message(kind, **fields)) == \
        {"v": 1, "type": kind, **fields}


def test_the_host_cannot_send_a_malformed_message():
    with pytest.raises(BadInput):
        protocol.message("update", position=1, view={})  # no events
    with pytest.raises(BadInput):
        protocol.message("update", position=1, view=[], events=[])
    with pytest.raises(BadInput):
        protocol.message("welcome", seat=1)
    with pytest.raises(ValueError):
        protocol.message("update", position=1, view={"x": "y" * protocol.HOST_MOST}, events=[])


@pytest.mark.parametrize("text, template", [
    (None, protocol.NOT_TEXT),
    (b"{}", protocol.NOT_TEXT),
    ("x" * (protocol.FRIEND_MOST + 1), protocol.TOO_LARGE),
    ('{"v":1,"type":"hello","name":"' + "я" * 2100 + '"}', protocol.TOO_LARGE),  # bytes count
    ('{"a":' * 7 + "1" + "}" * 7, protocol.TOO_DEEP),
    ('{"v":1,"type":"act","position":0,"action":{"type":"bid","value":[[[[[1]]]]]}}',
     protocol.TOO_DEEP),
    ("{", protocol.NOT_JSON_AT),
    ('{"v":1,"type":"ping","id":Infinity}', protocol.NOT_JSON),
    ("[]", protocol.NOT_OBJECT),
    ('{"v":0,"type":"ping","id":1}', protocol.OTHER_VERSION),
    ('{"v":null,"type":"ping","id":1}', protocol.OTHER_VERSION),
    ('{"v":1,"type":"welcome","seat":0,"game":"cards","names":[],"seats":[],"position":0}',
     protocol.UNKNOWN_TYPE),
    ('{"v":1,"type":7}', protocol.UNKNOWN_TYPE),
    ('{"v":1,"type":"ping"}', protocol.MISSING),
    ('{"v":1,"type":"bye","why":"x"}', protocol.EXTRA),
    ('{"v":1,"type":"ping","id":true}', protocol.WRONG_KIND),
    ('{"v":1,"type":"ping","id":[1]}', protocol.WRONG_KIND),
    ('{"v":1,"type":"hello","name":5}', protocol.WRONG_KIND),
    ('{"v":1,"type":"hello","name":"A","language":""}', protocol.OUT_OF_RANGE),
    ('{"v":1,"type":"hello","name":"   "}', protocol.NAME_WORDS),
    ('{"v":1,"type":"hello","name":"a\\nb"}', protocol.NAME_WORDS),
    ('{"v":1,"type":"act","position":0,"action":{"type":""}}', protocol.NO_TYPE),
    ('{"v":1,"type":"act","position":0,"action":{"type":null}}', protocol.NO_TYPE),
])
def test_each_way_a_friends_message_is_wrong_has_its_reason(text, template):
    assert refused(text).template == template


def test_a_field_name_thousands_of_characters_long_is_not_quoted_whole():
    error = refused('{"v":1,"type":"bye","' + "k" * 3000 + '":1}')
    assert error.template == protocol.EXTRA and len(str(error)) < 200


def test_brackets_inside_strings_do_not_count_as_depth():
    text = protocol.friend_message("hello", name="[[[[[[[[{{{{")
    assert protocol.parse_from_friend(text)["name"] == "[[[[[[[[{{{{"


def test_a_refusal_keeps_its_template_and_the_phrases_in_its_values():
    error = IllegalAction(Phrase("{given} is not allowed now", given=shown("x" * 40)))
    values = protocol.phrase_values(error.values)
    text = protocol.message("refused", reason=error.template, values=values, where="", position=3,
                            rule="must_follow", facts={"suit": "H"})
    phrase = protocol.refusal_phrase(protocol.parse_from_host(text))
    assert reason(phrase) == reason(error) == "a text of 40 characters is not allowed now"
    assert phrase.code == "must_follow" and phrase.facts == {"suit": "H"}


def test_views_with_tuples_are_sent_as_lists():
    text = protocol.message("update", position=0, view={"rows": ((1, 2), (3,))}, events=[])
    assert json.loads(text)["view"] == {"rows": [[1, 2], [3]]}
