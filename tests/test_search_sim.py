"""The search simulator (thousand.bots.search.position) against the engine, the referee: random
deals under random valid conventions for 2, 3 and 4 players, checked at every card played.

At every step: the simulator's legal moves (cards and announcement options) are exactly the
engine's; the position converted from the engine state, and from the seat's view with the hidden
hands filled in, equals the one the simulator reached by itself; after every card the trump, the
trick winner, the card points and the announcements agree; at the end the deal's facts do.
Covers R37 R38 R39 R40 R41 R42 R43 R44 R45 T9 T10 F1 and the conventions first_lead must_trump
must_beat no_lead_foreign_trump marriage_values marriage_timing marriage_trump_choice trump_mode
trump_takes_effect marriage_points_to ace_marriage ace_marriage_trump ace_marriage_lead_all
bed_marriage four_nines_bonus two_widow two_exchange two_talon_size."""
import random

import pytest

from helpers_search import PLAY_IDS, random_conventions, to_play
from thousand.bots.search import position as sim
from thousand.bots.search.compact import card_code
from thousand.cards import game
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.views import seat_view
from thousand.errors import BadInput

def fields(p):
    return {"hands": p.hands, "leader": p.leader, "turn": p.turn, "trick": p.trick,
            "trump": p.trump, "owner": p.owner, "pending": p.pending, "duty": p.duty,
            "done": p.done, "card_points": p.card_points, "announced": p.announced,
            "widow_points": p.widow_points}


def hidden_hands(s, seat):
    d = s["deal"]
    return {p: list(d["hands"][p]) for p in d["active"] if p != seat or not d["looked"][p]}


def check_view(s, p, ambiguous):
    """from_view with the true hidden hands gives the position itself. The view does not show
    whether an announcer kept the trump: while his trick is under way (next_trick) the change to
    come, and if his suit was trump already, who owns it, are not known."""
    d = s["deal"]
    seat = d["turn"]
    widow = p.widow_points
    got = fields(sim.from_view(seat_view(s, seat), hidden_hands(s, seat), widow))
    want = fields(p)
    for key in ambiguous:
        got.pop(key), want.pop(key)
    assert got == want


def play_one_deal(conv, seed, rnd, rich=False):
    s = to_play(conv, seed, rnd, rich)
    if s is None:
        return 0
    p = sim.from_state(s)
    rules = p.rules
    steps = 0
    ambiguous = set()
    while s["phase"] == "play":
        d = s["deal"]
        assert fields(sim.from_state(s)) == fields(p)
        check_view(s, p, ambiguous)
        legal = game.legal_actions(s)
        engine_moves = sorted(sim.move_of(a) for a in legal)
        assert engine_moves == sorted(p.legal_moves()), (conv, d["trick"], d["hands"])
        if not legal:
            # the engine offers nothing when the ace-marriage duty meets no_lead_foreign_trump
            # (the only ace left is a trump another player made); the simulator agrees, above
            return steps
        announcing = [a for a in legal if a.get("announce")]
        a = rnd.choice(announcing if announcing and rnd.random() < 0.7 else legal)
        m = sim.move_of(a)
        assert sim.action_of(rules, m) | {"seat": a["seat"]} == a
        if a.get("keep_trump"):
            if a["card"][1] == d["trump"]:
                ambiguous.add("owner")
            if rules.next_trick:
                ambiguous.add("pending")
        n_tricks = len(d["tricks"])
        s = game.apply(s, a)
        won = p.play(m)
        steps += 1
        d2 = s["deal"] if s["phase"] == "play" else None
        if d2 is not None:
            assert sim.suit_int(d2["trump"]) == p.trump
            if len(d2["tricks"]) > n_tricks:
                assert rules.seats[won] == d2["tricks"][-1]["winner"]
                ambiguous.discard("pending")
            else:
                assert won is None
    last = s["last_deal"]
    facts = last["facts"]
    assert rules.seats[won] == last["tricks"][-1]["winner"]
    for pos, seat in enumerate(rules.seats):
        assert facts["card_points"][seat] == p.card_points[pos]
        assert facts["marriages"][seat] == [v for q, _, _, v in p.announced if q == pos]
    assert [(rules.pos_of[x["seat"]], x["kind"], x["suit"]) for x in last["announcements"]] == \
        [(q, sim.KIND_NAMES[k], card_code(su * 6)[1] if su >= 0 else "") for q, k, su, _ in p.announced]
    return steps


@pytest.mark.parametrize("block", range(6))
def test_simulator_matches_the_engine_at_every_card(block):
    rnd = random.Random(9000 + block)
    played = 0
    for i in range(60):
        conv = random_conventions(rnd)
        played += play_one_deal(conv, rnd.randrange(1 << 30), rnd) > 0
    assert played >= 40


@pytest.mark.parametrize("preset", ["classic", "two_players", "four_players"])
def test_simulator_matches_the_engine_under_each_player_count_preset(preset):
    rnd = random.Random(len(preset))
    conv = CATALOGUE.resolve(preset)
    for i in range(25):
        play_one_deal(conv, rnd.randrange(1 << 30), rnd)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ace_marriages_and_four_nines_match_the_engine(n):
    """Deals where one seat holds four aces and another four nines, under random play
    conventions with ace_marriage (both trump modes, the lead-all duty), four_nines_bonus and
    bed marriages (R41–R45, §4.7)."""
    rnd = random.Random(30 + n)
    seen = set()
    orig = game.apply

    def spy(s, a):
        if a.get("announce"):
            seen.add(a["announce"])
        return orig(s, a)
    game.apply = spy
    try:
        for i in range(40):
            base = random_conventions(rnd)
            overrides = {k: base[k] for k in PLAY_IDS if k in base}
            overrides.update(player_count=n, ace_marriage=True, redeal_four_aces="off",
                             four_nines_bonus=rnd.choice([100, 200, 360]),
                             redeal_four_nines=False, redeal_three_nines="off",
                             ace_marriage_lead_all=rnd.random() < 0.6,
                             bed_marriage=rnd.random() < 0.5)
            if n == 4:
                overrides["first_lead"] = rnd.choice(["declarer", "left_of_dealer"])
            try:
                conv = CATALOGUE.resolve({2: "two_players", 3: "classic", 4: "four_players"}[n],
                                         overrides)
            except BadInput:
                continue
            play_one_deal(conv, rnd.randrange(1 << 30), rnd, rich=True)
    finally:
        game.apply = orig
    assert {"ace_marriage", "four_nines", "marriage"} <= seen
