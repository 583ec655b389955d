"""The statistics of finished games (issue 12, item 4): real games played to their end by
computer players (the person's seat too) through the page's sessions and archived as the page
archives them, then the figures checked against what is counted here another way: from the
record's replay per deal (cards) or per turn (dice), and from the history entries' own words."""
import copy
import json

import pytest

from thousand import statistics
from thousand.bots import make_bot, make_dice_bot
from thousand.cards import record as card_record
from thousand.dice import record as dice_record
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import dice_new, new
from thousand.ui.screens import statistics as screen
from thousand.ui.session import CardSession, DiceSession


def _finish(session, me):
    while not session.over:
        seat = session.to_act()
        session.act(session.bot_action() if session.is_bot(seat)
                    else me.choose(session.view(seat)))
    return session


def card_game(seed, levels):
    """A card game of the person (seat 0, played by the rule-of-thumb player) against computer
    players of `levels`, played out."""
    n = len(levels) + 1
    seats = [{"kind": "human", "name": "You"}] + [
        {"kind": "bot", "bot": b, "name": f"Bot {i}"} for i, b in enumerate(levels, 1)]
    conv = new.conventions(new.default_setup(n))
    session = CardSession.start(conv, new.COUNT_PRESET[n], seats, seed)
    return _finish(session, make_bot("heuristic", seed))


def dice_game(seed, levels, mode="play"):
    seats = [{"kind": "human", "name": "You"}] + [
        {"kind": "bot", "bot": b, "name": f"Bot {i}"} for i, b in enumerate(levels, 1)]
    conv = dice_new.conventions(dice_new.default_setup(len(seats)))
    session = DiceSession.start(conv, "classic", seats, seed)
    return _finish(session, make_dice_bot("optimal", seed))


def archive(store, session):
    """As the page does when a game ends (App.save); the games are shared between tests, each
    archives them in a store of its own."""
    session.meta.pop("archived", None)
    app = App(store, delay=0, seed=1)
    app._set_session(session.kind.name, session)
    app.save(session.kind.name)


@pytest.fixture(scope="module")
def card_sessions():
    return [card_game(1, ["heuristic", "random"]), card_game(2, ["heuristic", "heuristic"]),
            card_game(3, ["random"]), card_game(4, ["heuristic", "random"])]


@pytest.fixture(scope="module")
def dice_sessions():
    return [dice_game(5, ["optimal"]), dice_game(6, ["threshold", "optimal"]),
            dice_game(7, ["optimal"]), dice_game(8, []), dice_game(9, ["threshold", "threshold"])]


def filled_store(sessions):
    store = Store(MemoryBackend())
    for s in sessions:
        archive(store, s)
    return store


# --- cards --------------------------------------------------------------------------------------

def card_facts_by_deals(entry):
    """The person's figures from the replay's deal results and final scores (seat 0)."""
    out = dict.fromkeys(statistics.CARD_COUNTS, 0)
    result = card_record.replay(entry["record"])
    for deal in result["deals"]:
        if deal.get("voided") or not deal.get("finished"):
            continue
        row = deal["row"]
        out["deals"] += 1
        if deal["declarer"] == 0 and deal["outcome"] != "all_pass":
            out["declared"] += 1
            out["bid_total"] += deal["bid"]
        marks = row["marks"][0]
        out["made"] += marks.count("made")
        out["failed"] += marks.count("failed")
        out["write_offs"] += marks.count("write_off")
        out["crosses"] += marks.count("cross")
        out["bolts"] += marks.count("bolt")
        out["barrels"] += marks.count("barrel_mount")
        out["falls"] += marks.count("barrel_fall")
        out["dump_trucks"] += marks.count("dump_truck")
    totals = result["final"]["totals"]
    return out, totals, 0 in result["final"]["winners"]


def test_card_figures_are_the_records_counted_per_player_count_and_level(card_sessions):
    store = filled_store(card_sessions)
    entries = store.history("cards")
    figures, facts = statistics.count("cards", entries)
    assert len(facts) == 4 and figures["damaged"] == 0 and figures["not_counted"] == 0
    assert [g["players"] for g in figures["groups"]] == [2, 3]
    by_n = {g["players"]: g for g in figures["groups"]}
    for n in (2, 3):
        games = [e for e in entries if len(e["names"]) == n]
        expect = dict.fromkeys(statistics.CARD_COUNTS, 0)
        margins, won = [], 0
        for e in games:
            counts, totals, person_won = card_facts_by_deals(e)
            for k, v in counts.items():
                expect[k] += v
            margins.append(totals[0] - max(totals[1:]))
            won += person_won
            assert person_won == ("You" in e["winners"])  # the entry's own words agree
        g = by_n[n]
        assert {k: g[k] for k in statistics.CARD_COUNTS} == expect
        assert (g["played"], g["won"]) == (len(games), won)
        assert g["best"]["margin"] == max(margins) and g["worst"]["margin"] == min(margins)
        assert g["average_bid"] == round(expect["bid_total"] / expect["declared"], 1)
        levels = {s["level"]: (s["played"], s["won"]) for s in g["levels"]}
        for level, (played, won_against) in levels.items():
            with_level = [e for e in games if level in {s.get("bot") for s in e["seats"]}]
            assert played == len(with_level)
            assert won_against == sum("You" in e["winners"] for e in with_level)
    three = by_n[3]
    assert {s["level"] for s in three["levels"]} == {"heuristic", "random"}
    # real games: the figures are not all zero
    assert three["declared"] > 0 and three["bolts"] > 0 and three["made"] > 0


def test_facts_kept_at_the_end_of_a_game_are_the_replays(card_sessions, dice_sessions):
    """The page keeps a game's facts from its final position as it archives it; they are the
    facts its record's replay gives, so the statistics never need the replay for it."""
    for sessions, kind in ((card_sessions, "cards"), (dice_sessions, "dice")):
        store = filled_store(sessions)
        kept = store.stats(kind)["games"]
        entries = store.history(kind)
        assert set(kept) == {statistics.fingerprint(e) for e in entries}
        for e in entries:
            assert kept[statistics.fingerprint(e)] == statistics.facts(kind, e)


# --- dice ---------------------------------------------------------------------------------------

def test_dice_figures_are_the_turns_counted(dice_sessions):
    store = filled_store(dice_sessions)
    entries = store.history("dice")
    figures, _ = statistics.count("dice", entries)
    by_n = {g["players"]: g for g in figures["groups"]}
    assert sorted(by_n) == [1, 2, 3]
    for n, g in by_n.items():
        games = [e for e in entries if len(e["names"]) == n]
        turns = points = bolts = overtaken = overtook = dumps = falls = 0
        for e in games:
            for t in dice_record.replay(e["record"])["turns"]:
                if t["seat"] == 0:
                    turns += 1
                    points += t["points"] if t["end"] in ("recorded", "win", "pooled") else 0
                for ev in t["events"]:
                    if ev["seat"] == 0:
                        bolts += ev["kind"] == "bolt"
                        overtaken += ev["kind"] == "overtaken"
                        dumps += ev["kind"] == "dump"
                        falls += ev["kind"] == "barrel_fall"
                    elif ev.get("by") == 0 and ev["kind"] == "overtaken":
                        overtook += 1
        assert (g["turns"], g["bolts"], g["overtaken"], g["overtook"], g["dump_trucks"],
                g["falls"]) == (turns, bolts, overtaken, overtook, dumps, falls)
        assert g["average_turn"] == round(points / turns, 1)
        assert g["played"] == len(games)
        assert g["won"] == sum("You" in e["winners"] for e in games)
    solo = by_n[1]
    assert solo["best"] == {"key": -solo["best"]["turns"], "turns": len(
        dice_record.replay(entries[[len(e["names"]) for e in entries].index(1)]["record"])
        ["turns"])}
    assert {s["level"] for s in by_n[3]["levels"]} == {"optimal", "threshold"}
    assert by_n[2]["levels"] == [{"level": "optimal", "played": 2, "won": by_n[2]["won"]}]


# --- apart: undo, hints, people only, damaged -----------------------------------------------------

def test_games_with_undo_are_counted_apart_and_hints_are_added_up(dice_sessions):
    entries = filled_store(dice_sessions).history("dice")
    two = [e for e in entries if len(e["names"]) == 2]
    plain, _ = statistics.count("dice", two)
    marked = copy.deepcopy(two)
    roll = {"type": "roll", "seat": 0}   # in the shape thousand.aids writes and checks
    marked[0]["record"]["taken_back"] = [{"seat": 0, "at": 3, "actions": [roll]}]
    marked[0]["record"]["hints"] = [{"seat": 0, "at": 1, "action": roll},
                                    {"seat": 0, "at": 2, "action": roll}]
    marked[1]["record"]["hints"] = [{"seat": 0, "at": 5, "action": roll}]
    marked[1]["record"]["taken_back"] = []  # present but empty: no undo
    g = statistics.count("dice", marked)[0]["groups"][0]
    assert g["undo"] == {"played": 1, "won": int("You" in marked[0]["winners"])}
    assert g["played"] == 1 and g["hints"] == 3 and g["hint_games"] == 2
    only_second, _ = statistics.count("dice", [two[1]])
    assert g["turns"] == only_second["groups"][0]["turns"]  # the undo game adds no figures
    assert plain["groups"][0]["undo"] == {"played": 0, "won": 0} and \
        plain["groups"][0]["hints"] == 0


def test_a_damaged_entry_is_counted_as_such_and_the_others_still_are(card_sessions):
    entries = filled_store(card_sessions[:2]).history("cards")
    broken = copy.deepcopy(entries[0])
    broken["record"]["deals"][2]["actions"][1]["card"] = "ZZ"
    figures, facts = statistics.count("cards", [broken, entries[1], "not a game", {"x": 1}])
    assert figures["damaged"] == 3 and figures["games"] == 4
    assert sum(g["played"] for g in figures["groups"]) == 1
    assert "deals[2].actions[1]" in facts[statistics.fingerprint(broken)]["damaged"]
    # a damaged game's reason is kept, so it is not replayed at every visit
    again, _ = statistics.count("cards", [broken], known=facts)
    assert again["damaged"] == 1


def test_games_between_people_only_are_not_counted(dice_sessions):
    entry = filled_store(dice_sessions[:1]).history("dice")[0]
    people = {**entry, "seats": [{"kind": "human"}, {"kind": "human"}]}
    keeper = {**entry, "mode": "keeper"}
    figures, _ = statistics.count("dice", [people, keeper, entry])
    assert figures["not_counted"] == 2 and figures["groups"][0]["played"] == 1


def test_older_entries_without_seats_take_the_own_name_as_the_person(card_sessions):
    entry = filled_store(card_sessions[:1]).history("cards")[0]
    old = {k: v for k, v in entry.items() if k != "seats"}
    f_old, f_new = statistics.facts("cards", old), statistics.facts("cards", entry)
    assert f_old["counts"] == f_new["counts"] and f_old["won"] == f_new["won"]
    assert f_old["levels"] == []  # the computers' levels were not kept


# --- the screen's keeping, reset ------------------------------------------------------------------

def test_figures_are_kept_until_the_history_changes_and_reset_keeps_the_history(card_sessions):
    store = filled_store(card_sessions[:2])
    first = screen.figures_of(store, "cards")
    assert sum(g["played"] for g in first["groups"]) == 2
    # kept: the same figures without a replay, even with the kept facts gone
    kept = store.stats("cards")
    store.save_stats("cards", {**kept, "games": {}})
    assert screen.figures_of(store, "cards") == first
    screen.reset(store, "cards")
    after = screen.figures_of(store, "cards")
    assert after["groups"] == [] and after["games"] == 0 and after["since_reset"]
    assert len(store.history("cards")) == 2  # the games stay, to be looked at and replayed
    archive(store, card_sessions[2])
    later = screen.figures_of(store, "cards")
    assert [(g["players"], g["played"]) for g in later["groups"]] == [(2, 1)]
    # a statistics document an older page kept in another shape is counted again (from every
    # game: it holds no reset either)
    store.save_stats("cards", {"v": 0, "figures": "?"})
    assert sum(g["played"] for g in screen.figures_of(store, "cards")["groups"]) == 3


def test_each_game_is_replayed_once_and_a_visit_with_the_history_unchanged_replays_none(
        dice_sessions, monkeypatch):
    store = Store(MemoryBackend())
    # sixty games: the real ones over and over, each made its own entry by "n"
    many = [{**e, "n": i} for i in range(12) for e in filled_store(dice_sessions).history("dice")]
    store.backend.set("thousand:history:dice", json.dumps(
        {"kind": "history:dice", "version": 1, "saved_at_seq": 99, "data": many}))
    calls = []
    real = statistics.facts

    def counting(kind, entry):
        calls.append(entry["n"])
        return real(kind, entry)

    monkeypatch.setattr(statistics, "facts", counting)
    figures = screen.figures_of(store, "dice")
    assert sorted(calls) == sorted(e["n"] for e in many)
    assert sum(g["played"] for g in figures["groups"]) == 60
    calls.clear()
    assert screen.figures_of(store, "dice") == figures and calls == []
    # a new game: only it is replayed
    store.add_history("dice", {**many[0], "n": 100})
    assert sum(g["played"] for g in screen.figures_of(store, "dice")["groups"]) == 61
    assert calls == [100]


def test_a_game_archived_is_counted_in_at_once_without_reading_the_history(dice_sessions,
                                                                            monkeypatch):
    store = filled_store(dice_sessions[:2])
    screen.figures_of(store, "dice")  # counted and kept
    archive(store, dice_sessions[2])
    archive(store, dice_sessions[3])

    def unread(kind):
        raise AssertionError("the history was read")

    with monkeypatch.context() as m:
        m.setattr(store, "history", unread)
        kept = screen.figures_of(store, "dice")
    assert kept == screen.figures_of(store, "dice", fresh=True)
    assert sum(g["played"] for g in kept["groups"]) == 4


def test_games_never_counted_are_replayed_a_few_at_a_visit(dice_sessions):
    """A history from before the statistics: each visit replays what its time allows, shows
    the games counted so far and how many are left, and the next visit goes on."""
    store = Store(MemoryBackend())
    entries = filled_store(dice_sessions).history("dice")
    store.backend.set("thousand:history:dice", json.dumps(
        {"kind": "history:dice", "version": 1, "saved_at_seq": 9, "data": entries}))
    budget = iter([True, False])  # time for a second replay, then no more
    first = screen.figures_of(store, "dice", time_left=lambda: next(budget, False))
    assert (first["games"], first["pending"]) == (2, 3)
    second = screen.figures_of(store, "dice", time_left=lambda: False)
    assert (second["games"], second["pending"]) == (3, 2)
    rest = screen.figures_of(store, "dice")
    assert rest["pending"] == 0 and rest == screen.figures_of(store, "dice", fresh=True)
    assert rest == statistics.count("dice", entries)[0] | {"since_reset": False}


def test_the_history_fingerprint_follows_the_stored_history(dice_sessions):
    store = Store(MemoryBackend())
    empty = store.history_fingerprint("dice")
    archive(store, dice_sessions[0])
    one = store.history_fingerprint("dice")
    assert one != empty and store.history_fingerprint("dice") == one
    assert store.history_fingerprint("cards") == empty  # each kind its own
    archive(store, dice_sessions[1])
    assert store.history_fingerprint("dice") not in (empty, one)


def test_a_game_with_a_hint_and_a_move_taken_back_at_the_table_is_counted_apart():
    """The help at the table writes `hints` and `taken_back` in the record (thousand.aids)."""
    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "optimal", "name": "Bot"}]
    conv = dice_new.conventions(dice_new.default_setup(2))
    session = DiceSession.start(conv, "classic", seats, 41)
    me = make_dice_bot("optimal", 41)
    while session.to_act() != 0:
        session.act(session.bot_action())
    session.hint(0)
    session.act(me.choose(session.view(0)))
    session.take_back()
    _finish(session, me)
    store = Store(MemoryBackend())
    archive(store, session)
    entry = store.history("dice")[0]
    assert entry["record"]["taken_back"] and entry["record"]["hints"]
    g = screen.figures_of(store, "dice")["groups"][0]
    assert g["played"] == 0 and g["undo"] == {"played": 1, "won": int("You" in entry["winners"])}
    assert g["hints"] == len(entry["record"]["hints"]) and g["hint_games"] == 1
    assert statistics.facts("dice", entry) == store.stats("dice")["games"][
        statistics.fingerprint(entry)]
