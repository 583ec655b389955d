"""A short sample of the project's own fuzzing (fuzz/, `make fuzz` runs the full size): whole card
and dice games under random valid conventions with every bot, wrong actions thrown at the states
they pass through, damaged records, sheets and saves given to the command line and the App. Each
case is the same as the full run's with that seed, so a failure here replays with
`python -m fuzz --replay KIND:SEED` as printed.

The last tests make sure the fuzzer itself can fail: an engine that changes its input, accepts a
wrong action, offers nothing, or a command line that raises, is caught and classified."""
import io

import pytest

from fuzz import cards, run
from fuzz.report import Outcome
from thousand.cards import game as card_game
from thousand.errors import IllegalAction

SEED = 1000  # the sample's cases are the full run's cases from this seed on


def report(summary) -> str:
    out = io.StringIO()
    run.print_summary(summary, out, per_group=1, max_groups=25)
    return out.getvalue()


def test_card_games_under_random_conventions_keep_every_invariant():
    summary = run.run(cards=60, seed=SEED, workers=1)
    assert summary.counts["card_games"] == 60
    assert summary.counts["card_actions"] > 1000
    assert not summary.failed(), report(summary)


def test_dice_games_for_one_to_eight_players_keep_every_invariant():
    summary = run.run(dice=30, seed=SEED, workers=1)
    assert summary.counts["dice_games"] == 30
    assert summary.counts["dice_games_ended"] == 30, report(summary)
    assert not summary.failed(), report(summary)


def test_damaged_records_sheets_and_saves_are_refused_or_set_aside():
    summary = run.run(files=30, seed=SEED, workers=1)
    assert summary.counts["damaged_files"] >= 120
    assert not summary.failed(), report(summary)


def test_friends_rooms_under_hostile_messages_take_only_legal_moves_of_the_right_seat():
    summary = run.run(friends=6, seed=SEED, workers=1)
    assert summary.counts["friends_games"] == 6
    assert summary.counts["friends_hostile"] > 300
    assert summary.counts["friends_refused"] > 200
    assert not summary.failed(), report(summary)


# --- the fuzzer finds what it is meant to find --------------------------------------------------

SPEC = {"game": "cards", "seed": 7, "preset": "classic", "overrides": {"player_count": 3},
        "bots": ["random", "random", "random"], "must_end": False, "deal_cap": 2}


def causes(outcome: Outcome) -> set:
    return {f"{category}: {cause}" for category, cause in outcome.events}


def test_the_fuzzer_catches_an_apply_that_changes_its_input(monkeypatch):
    real = card_game.apply

    def careless(state, action):
        after = real(state, action)
        state["redeals_in_row"] = 99
        return after

    monkeypatch.setattr(card_game, "apply", careless)
    found = causes(cards.play(SPEC))
    assert "invariant: apply changed the state it was given" in found


def test_the_fuzzer_catches_a_wrong_action_that_is_accepted(monkeypatch):
    real = card_game.apply

    def lenient(state, action):
        if isinstance(action, dict) and action.get("type") in ("no_such_action", "PLAY", ""):
            return dict(state)
        return real(state, action)

    monkeypatch.setattr(card_game, "apply", lenient)
    rates = cards.Rates(wrong_p=1.0, wrong_n=12)
    found = causes(cards.play(SPEC, rates))
    assert "mishandled: a wrong action is accepted (type)" in found


def test_the_fuzzer_catches_a_refusal_that_is_not_illegal_action(monkeypatch):
    real = card_game.apply

    def touchy(state, action):
        if isinstance(action, dict) and action.get("seat") != card_game.to_act(state):
            raise KeyError("seat")
        return real(state, action)

    monkeypatch.setattr(card_game, "apply", touchy)
    found = causes(cards.play(SPEC, cards.Rates(wrong_p=1.0, wrong_n=12)))
    assert any(c.startswith("mishandled: a wrong action raises KeyError") for c in found), found


def test_the_fuzzer_reports_a_game_that_offers_nothing(monkeypatch):
    real = card_game.legal_actions
    monkeypatch.setattr(card_game, "legal_actions",
                        lambda s: [] if s["phase"] == "play" else real(s))
    found = causes(cards.play(SPEC))
    assert "stuck: no legal action in phase play" in found


def test_the_fuzzer_reports_an_offered_action_that_is_refused(monkeypatch):
    real = card_game.apply

    def grumpy(state, action):
        if action.get("type") == "play" and action.get("card", "").endswith("S"):
            raise IllegalAction("no spades today")
        return real(state, action)

    monkeypatch.setattr(card_game, "apply", grumpy)
    found = causes(cards.play(dict(SPEC, deal_cap=3)))
    assert any(c.startswith("invariant: an offered action is refused") for c in found), found


def test_the_fuzzer_reports_a_command_that_raises_on_a_damaged_file(monkeypatch):
    from fuzz import files
    import thousand.cli.common as common

    def broken(path, what):
        raise RuntimeError("boom")

    monkeypatch.setattr(common, "read_json", broken)
    import thousand.cli.replay as replay_cli
    monkeypatch.setattr(replay_cli, "read_json", broken)
    seed = next(s for s in range(100) if files.case(s)["target"] == "record")
    found = causes(files.play(files.case(seed)))
    assert any(c.startswith("crash: replay") and "catch-all" in c and "RuntimeError: boom" in c
               for c in found), found


@pytest.mark.parametrize("result, expected", [
    ((2, b"", "error: deals: must be a list\n", None), None),
    ((0, b"{}", "", None), None),
    ((2, b"", "usage: x\nerror: y\n", None), "mishandled"),
    ((1, b"", "", None), "mishandled"),
    ((None, b"", "", ValueError("x")), "crash"),
])
def test_exit_0_or_2_with_one_line_is_all_a_damaged_file_may_get(result, expected):
    from fuzz import files
    out = Outcome({"game": "files", "seed": 0})
    files._judge_cli(out, "replay", result, "label")
    assert [k[0] for k in out.events] == ([expected] if expected else [])


def test_the_fuzzer_catches_a_room_that_takes_a_move_from_another_seat(monkeypatch):
    from fuzz import friends
    from thousand.friends.room import Room
    real = Room._act

    def careless(self, peer, seat, msg):
        return real(self, peer, self.table.to_act(), msg)

    monkeypatch.setattr(Room, "_act", careless)
    found = set()
    for seed in range(SEED, SEED + 4):
        found |= causes(friends.play(run.spec_of("friends", seed)))
    assert "mishandled: a move was taken from a connection not at the seat to act" in found
