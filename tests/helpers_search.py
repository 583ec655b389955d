"""Shared helpers for the search tests (tests/test_search_*.py): random valid conventions with
the play conventions well represented, and engine deals driven to the start of the play."""
from thousand.cards import game
from thousand.cards.cards import DECK
from thousand.cards.catalogue import CATALOGUE
from thousand.errors import BadInput

PLAY_IDS = ["first_lead", "must_trump", "must_beat", "no_lead_foreign_trump", "marriage_values",
            "marriage_timing", "marriage_trump_choice", "trump_mode", "trump_takes_effect",
            "marriage_points_to", "ace_marriage", "ace_marriage_trump", "ace_marriage_lead_all",
            "bed_marriage", "four_nines_bonus", "two_widow", "two_exchange", "two_talon_size",
            "redeal_four_aces", "pass_visibility", "talon_reveal"]
OTHER_IDS = [cid for cid in CATALOGUE.ids() if cid not in PLAY_IDS and cid != "player_count"]
PRESETS_BY_N = {n: [p for p in CATALOGUE.preset_names()
                    if CATALOGUE.resolve(p)["player_count"] == n] for n in (2, 3, 4)}


def value_choices(cid):
    c = CATALOGUE.get(cid)
    if c.type == "bool":
        return [False, True]
    out = list(c.values or ())
    if c.min is not None:
        out += list(range(c.min, c.max + 1, c.step))[:40]
    if c.type == "int_or_null" and None not in out:
        out.append(None)
    return out


def random_conventions(rnd):
    """A valid conventions dict: a preset for the player count and random overrides, most of
    them play conventions (as tests/test_engine_properties.py builds them)."""
    while True:
        n = rnd.choice([2, 3, 3, 4])
        preset = rnd.choice(PRESETS_BY_N[n] or ["classic"])
        overrides = {"player_count": n}
        for cid in rnd.sample(PLAY_IDS, rnd.randint(2, 9)) + rnd.sample(OTHER_IDS, rnd.randint(0, 3)):
            overrides[cid] = rnd.choice(value_choices(cid))
        overrides.pop("max_bid", None)
        if overrides.get("ace_marriage") and rnd.random() < 0.7:
            overrides["redeal_four_aces"] = "off"
        try:
            return CATALOGUE.resolve(preset, overrides)
        except BadInput:
            continue


def to_play(conv, seed, rnd, rich=False):
    """Random legal actions (no write-off or cross, keep hands) until a deal's play begins.
    rich: the deal gives one seat four aces and another four nines."""
    s = game.new_game(conv, seed)
    if rich:
        s = game.begin_deal(s, **rich_deal(conv, rnd, s["dealer"]))
    for _ in range(400):
        if s["phase"] == "play":
            return s
        if s["phase"] == "game_over":
            return None
        legal = game.legal_actions(s)
        keep = [a for a in legal if a["type"] not in ("write_off", "cross", "redeal")]
        s = game.apply(s, rnd.choice(keep or legal))
    return None


def rich_deal(conv, rnd, dealer):
    n = conv["player_count"]
    deck = [c for c in DECK]
    aces = [c for c in deck if c[0] == "A"]
    nines = [c for c in deck if c[0] == "9"]
    rest = [c for c in deck if c[0] not in "A9"]
    rnd.shuffle(rest)
    size = {2: 12 - conv["two_talon_size"], 3: 7, 4: 7}[n]
    hands = [aces + rest[:size - 4], nines + rest[size - 4:2 * size - 8]]
    rest = rest[2 * size - 8:]
    if n >= 3:
        hands.append(rest[:size])
        rest = rest[size:]
    rnd.shuffle(hands)
    if n == 4:
        hands.insert(dealer, [])  # the dealer rests (F1)
    talons = [rest] if n != 2 else [rest[:len(rest) // 2], rest[len(rest) // 2:]]
    return {"hands": hands, "talons": talons}
