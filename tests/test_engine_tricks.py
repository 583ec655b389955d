"""R37–R45: trick play and marriages, with must_trump, must_beat, marriage_timing,
trump_takes_effect, marriage_points_to, marriage_values, marriage_trump_choice (EX25),
trump_mode = declarer_names, ace_marriage (+ trump, lead_all), bed_marriage, four_nines_bonus,
no_lead_foreign_trump."""
import pytest

from helpers_engine import act, all_pass, check_deck, conv, deal, give_cards, hand, keep_all, offered, play, refused
from thousand.cards import game


def play_from(p0, p1, p2, c=None, trump=None):
    """Reach trick 1 with these 8-card hands: dealer 0, seat 1 (sitter) declares the uncontested
    100 and passes p0[-1] to seat 0 and p2[-1] to seat 2. Seat 1 leads."""
    check_deck([p0, p1, p2], [])
    g0, g2 = p0[-1], p2[-1]
    ten = list(p1) + [g0, g2]
    s = deal([p0[:-1], ten[:7], p2[:-1]], ten[7:], c=c)
    s = keep_all(s)
    s = all_pass(s)
    assert s["deal"]["declarer"] == 1
    s = give_cards(s, {0: g0, 2: g2})
    s = act(s, "contract", value=100)
    s = keep_all(s)
    if trump is not None:
        assert s["phase"] == "trump"
        s = act(s, "name_trump", suit=trump)
    assert s["phase"] == "play" and game.to_act(s) == 1
    assert [hand(s, p) for p in range(3)] == [sorted(p0), sorted(p1), sorted(p2)]
    return s


def finish(s):
    while s["phase"] == "play":
        s = game.apply(s, game.legal_actions(s)[0])
    return s


# Scenario T: seat 1 holds AD and the hearts marriage; seat 2 has no spades, the diamonds marriage
# and three hearts; seat 0 has no hearts.
T1 = ["AD", "AH", "KH", "QH", "AS", "KS", "QS", "9S"]
T2 = ["TH", "JH", "9H", "KD", "QD", "JD", "TD", "AC"]
T0 = ["TS", "JS", "TC", "KC", "QC", "JC", "9C", "9D"]


def scenario(c=None, trump=None):
    return play_from(T0, T1, T2, c=c, trump=trump)


def after_trick1(c=None):
    s = scenario(c)
    return play(s, "AD", "TD", "9D")  # seat 1 wins trick 1


def after_trick2(c=None):
    s = after_trick1(c)
    return play(s, "KH", "9H", "9C", announce="marriage")


def test_R37_R40_no_trump_at_start_and_eight_tricks():
    s = scenario()
    assert s["deal"]["trump"] is None
    s = play(s, "AD", "TD", "9D")
    t = s["deal"]["tricks"][0]
    assert t == {"leader": 1, "cards": [[1, "AD"], [2, "TD"], [0, "9D"]], "winner": 1, "trump": None}
    assert game.to_act(s) == 1
    s = finish(s)
    assert len(s["last_deal"]["tricks"]) == 8
    assert all(len(t["cards"]) == 3 for t in s["last_deal"]["tricks"])


def test_R38_must_follow_suit():
    s = play(scenario(), "AD")
    refused(s, {"type": "play", "seat": 2, "card": "TH"}, "must follow suit")
    assert {a["card"] for a in offered(s)} == {"KD", "QD", "JD", "TD"}


def test_R38_no_duty_to_beat():
    s = play(scenario(), "QS")
    # seat 2 has no spades and no trump exists: any card
    assert len(offered(s)) == 8
    s = play(s, "AC")
    assert {a["card"] for a in offered(s)} == {"TS", "JS"}
    s2 = play(s, "JS")  # lower than the queen: allowed
    assert s2["deal"]["tricks"][0]["winner"] == 1


def test_must_beat_higher_in_suit():
    s = play(scenario(conv(must_beat="higher_in_suit")), "QS", "AC")
    assert {a["card"] for a in offered(s)} == {"TS"}
    refused(s, {"type": "play", "seat": 0, "card": "JS"}, "higher card")


def test_R38_must_trump_when_void():
    s = after_trick2()
    assert s["deal"]["trump"] == "H"
    s = play(s, "AS")
    refused(s, {"type": "play", "seat": 2, "card": "KD"}, "must play a trump")
    assert {a["card"] for a in offered(s)} == {"TH", "JH"}
    s = play(s, "JH", "TS")
    assert s["deal"]["tricks"][2]["winner"] == 2, "R39: the trump beats the led ace"


def test_must_trump_false():
    s = after_trick2(conv(must_trump=False))
    s = play(s, "AS")
    assert len(offered(s)) == 6
    s = play(s, "KD", "TS")
    assert s["deal"]["tricks"][2]["winner"] == 1


def test_R39_off_suit_never_wins():
    s = play(scenario(), "QS", "AC", "JS")
    assert s["deal"]["tricks"][0]["winner"] == 1  # AC is off-suit, not trump


def test_R41_no_announcement_on_trick_1():
    s = scenario()
    assert "announce" not in str(offered(s))
    refused(s, {"type": "play", "seat": 1, "card": "KH", "announce": "marriage"}, "taken a trick")


def test_R41_R42_R45_announce_after_own_trick_trump_at_once():
    s = after_trick1()
    opts = offered(s, card="KH")
    assert {"type": "play", "seat": 1, "card": "KH", "announce": "marriage"} in opts
    s = play(s, "KH", announce="marriage")
    d = s["deal"]
    assert d["trump"] == "H" and d["trick_trump"] == "H"
    assert d["announcements"] == [{"seat": 1, "kind": "marriage", "suit": "H", "value": 100,
                                   "trick": 2}]
    s = play(s, "9H", "9C")
    assert s["deal"]["tricks"][1]["trump"] == "H"
    s = finish(s)
    assert s["last_deal"]["facts"]["marriages"] == [[], [100], []]


def test_R43_king_led_without_announcement_scores_nothing_and_cannot_be_announced_later():
    s = after_trick1()
    s = play(s, "KH", "9H", "9C")  # no announcement
    assert s["deal"]["trump"] is None and s["deal"]["announcements"] == []
    assert game.to_act(s) == 1
    assert not [a for a in offered(s, card="QH") if "announce" in a], "QH alone cannot announce"
    refused(s, {"type": "play", "seat": 1, "card": "QH", "announce": "marriage"})


def test_R43_following_with_K_or_Q_never_announces():
    # seat 2 leads later: after trick 3 (seat 2 trumps), seat 2 holds KD QD; a diamond led by seat 2
    # is a lead; here check a follower: seat 1 leads AH, seat 2 follows with a heart
    s = after_trick1()
    s = play(s, "AH")
    refused(s, {"type": "play", "seat": 2, "card": "TH", "announce": "marriage"}, "only when you lead")


def test_marriage_timing_from_first_lead():
    s = scenario(conv(marriage_timing="from_first_lead"))
    s = play(s, "KH", announce="marriage")
    assert s["deal"]["trump"] == "H" and s["deal"]["announcements"][0]["trick"] == 1


def test_R44_later_marriage_replaces_trump_any_player():
    s = after_trick2()
    s = play(s, "AS", "JH", "TS")  # seat 2 trumps and wins
    assert game.to_act(s) == 2
    s = play(s, "KD", announce="marriage")
    d = s["deal"]
    assert d["trump"] == "D" and d["trick_trump"] == "D"
    assert [(a["seat"], a["suit"], a["value"]) for a in d["announcements"]] == [(1, "H", 100),
                                                                               (2, "D", 80)]
    s = finish(s)
    assert s["last_deal"]["facts"]["marriages"] == [[], [100], [80]]


def test_EX25_marriage_trump_choice_keep_or_switch():
    c = conv(marriage_trump_choice=True)
    s = play(after_trick2(c), "AS", "JH", "TS")
    assert {"type": "play", "seat": 2, "card": "KD", "announce": "marriage", "keep_trump": True} \
        in offered(s)
    kept = play(s, "KD", announce="marriage", keep_trump=True)  # «восемьдесят по масти»
    assert kept["deal"]["trump"] == "H" and kept["deal"]["announcements"][-1]["value"] == 80
    switched = play(s, "KD", announce="marriage")  # «восемьдесят по бубне»
    assert switched["deal"]["trump"] == "D" and switched["deal"]["announcements"][-1]["value"] == 80


def test_keep_trump_refused_without_marriage_trump_choice():
    s = play(after_trick2(), "AS", "JH", "TS")
    refused(s, {"type": "play", "seat": 2, "card": "KD", "announce": "marriage", "keep_trump": True})


def test_trump_takes_effect_next_trick():
    s = after_trick1(conv(trump_takes_effect="next_trick"))
    s = play(s, "KH", announce="marriage")
    assert s["deal"]["trump"] is None and s["deal"]["trick_trump"] is None
    s = play(s, "9H", "9C")
    assert s["deal"]["tricks"][1]["trump"] is None
    assert s["deal"]["trump"] == "H"
    s = play(s, "AS")
    assert {a["card"] for a in offered(s)} == {"TH", "JH"}, "hearts rule from the next trick"


def test_trump_takes_effect_next_trick_previous_trump_rules_the_trick():
    c = conv(trump_takes_effect="next_trick")
    s = play(after_trick1(c), "KH", "9H", "9C", announce="marriage")
    s = play(s, "AS", "JH", "TS")  # seat 2 trumps hearts and wins
    s = play(s, "KD", announce="marriage")
    assert s["deal"]["trump"] == "H" and s["deal"]["trick_trump"] == "H"


def test_marriage_points_to_declarer_only():
    c = conv(marriage_points_to="declarer_only")
    s = play(after_trick2(c), "AS", "JH", "TS")
    s = play(s, "KD", announce="marriage")
    assert s["deal"]["trump"] == "D", "the defender's announcement still changes the trump"
    s = finish(s)  # the deal must settle (it must not raise at the last card)
    f = s["last_deal"]["facts"]
    assert f["marriages"][1] == [100] and sum(f["marriages"][2]) == 0
    r = s["last_deal"]["row"]["results"][2]
    assert r == 5 * ((f["card_points"][2] + 2) // 5), "the defender scores his cards only"


@pytest.mark.parametrize("table,hearts,diamonds", [("standard", 100, 80), ("clubs_hearts", 80, 40),
                                                    ("clubs_spades", 60, 40), ("five_oh_one", 80, 40)])
def test_marriage_values_scored(table, hearts, diamonds):
    s = after_trick2(conv(marriage_values=table))
    s = play(play(s, "AS", "JH", "TS"), "KD", announce="marriage")
    assert [a["value"] for a in s["deal"]["announcements"]] == [hearts, diamonds]


def test_no_lead_foreign_trump():
    c = conv(no_lead_foreign_trump=True)
    s = play(after_trick2(c), "AS", "JH", "TS")  # trump hearts (seat 1's); seat 2 leads
    refused(s, {"type": "play", "seat": 2, "card": "TH"}, "only the player who made this suit trump")
    assert "TH" not in {a["card"] for a in offered(s)}
    s2 = play(s, "KD", announce="marriage")  # his own marriage: diamonds become his trump
    assert s2["deal"]["trump"] == "D"
    # without the convention the foreign trump may be led
    s = play(after_trick2(), "AS", "JH", "TS")
    assert "TH" in {a["card"] for a in offered(s)}


def test_no_lead_foreign_trump_own_trump_may_be_led():
    c = conv(no_lead_foreign_trump=True)
    s = after_trick2(c)
    s = play(s, "AS", "JH", "TS")
    # seat 1 (owner of hearts) — check via a fresh line: seat 1 keeps the lead
    s = after_trick2(c)  # seat 1 won trick 2
    assert "AH" in {a["card"] for a in offered(s)}


# --- trump_mode = declarer_names -------------------------------------------------------------------

def test_trump_mode_declarer_names_marriages_never_change_trump():
    c = conv(trump_mode="declarer_names")
    s = scenario(c, trump="C")
    assert s["deal"]["trump"] == "C"
    s = play(s, "AD", "TD", "9D")
    assert not [a for a in offered(s) if a.get("keep_trump")]
    s = play(s, "KH", announce="marriage")
    assert s["deal"]["trump"] == "C" and s["deal"]["announcements"][0]["value"] == 100
    assert s["deal"]["trick_trump"] == "C"


def test_trump_mode_declarer_names_phase():
    c = conv(trump_mode="declarer_names")
    s = deal(c=c)
    s = all_pass(s)
    s = give_cards(s, {0: "KS", 2: "QS"})
    s = keep_all(act(s, "contract", value=100))
    assert s["phase"] == "trump" and game.to_act(s) == 1
    assert offered(s) == [{"type": "name_trump", "seat": 1, "suit": x} for x in "HDCS"]
    refused(s, {"type": "name_trump", "seat": 1, "suit": "X"}, "name the trump")
    s = act(s, "name_trump", suit="S")
    assert s["phase"] == "play" and s["deal"]["trump"] == "S" and game.to_act(s) == 1


# --- must_beat = polish (with a named trump) ---------------------------------------------------------

P1 = ["AC", "TC", "KC", "QC", "JC", "9C", "AD", "TD"]
P2 = ["JH", "KD", "QD", "JD", "9D", "AS", "KS", "QS"]
P0 = ["AH", "TH", "KH", "QH", "9H", "TS", "JS", "9S"]


@pytest.mark.parametrize("rule", ["none", "higher_in_suit", "polish"])
def test_must_beat_polish_overtrump(rule):
    c = conv(trump_mode="declarer_names", must_beat=rule)
    s = play_from(P0, P1, P2, c=c, trump="H")
    s = play(s, "AC")
    assert {a["card"] for a in offered(s)} == {"JH"}, "R38: void in clubs, must trump"
    s = play(s, "JH")
    cards = {a["card"] for a in offered(s)}
    if rule == "polish":
        assert cards == {"AH", "TH", "KH", "QH"}
        refused(s, {"type": "play", "seat": 0, "card": "9H"}, "higher trump")
    else:
        assert cards == {"AH", "TH", "KH", "QH", "9H"}
        s = play(s, "9H")
        assert s["deal"]["tricks"][0]["winner"] == 2


def test_must_beat_higher_in_suit_does_not_oblige_overtrumping():
    c = conv(trump_mode="declarer_names", must_beat="higher_in_suit")
    s = play(play_from(P0, P1, P2, c=c, trump="H"), "AC", "JH")
    assert "9H" in {a["card"] for a in offered(s)}


# --- ace marriage, bed marriage, four nines ----------------------------------------------------------

A1 = ["AH", "AD", "AC", "AS", "TS", "KS", "QS", "JS"]
A2 = ["TH", "KH", "QH", "JH", "9H", "KD", "QD", "9S"]
A0 = ["TD", "JD", "9D", "TC", "KC", "QC", "JC", "9C"]


def aces(c):
    s = play_from(A0, A1, A2, c=c)
    return play(s, "TS", "9S", "9C")  # seat 1 wins trick 1


def test_ace_marriage_200_and_led_ace_suit_trump():
    s = aces(conv(ace_marriage=True))
    assert {"type": "play", "seat": 1, "card": "AD", "announce": "ace_marriage"} in offered(s)
    s = play(s, "AD", announce="ace_marriage")
    assert s["deal"]["trump"] == "D"
    assert s["deal"]["announcements"][0]["value"] == 200
    assert s["deal"]["announcements"][0]["kind"] == "ace_marriage"


def test_ace_marriage_off_in_classic():
    s = aces(conv())
    refused(s, {"type": "play", "seat": 1, "card": "AD", "announce": "ace_marriage"})


def test_ace_marriage_trump_unchanged():
    s = aces(conv(ace_marriage=True, ace_marriage_trump="unchanged"))
    s = play(s, "AD", announce="ace_marriage")
    assert s["deal"]["trump"] is None and s["deal"]["announcements"][0]["value"] == 200


def test_ace_marriage_lead_all():
    s = aces(conv(ace_marriage=True, ace_marriage_lead_all=True))
    s = play(s, "AD", "KD", "9D", announce="ace_marriage")
    assert game.to_act(s) == 1
    assert {a["card"] for a in offered(s)} == {"AH", "AC", "AS"}
    refused(s, {"type": "play", "seat": 1, "card": "KS"}, "aces first")
    s2 = aces(conv(ace_marriage=True))
    s2 = play(s2, "AD", "KD", "9D", announce="ace_marriage")
    assert "KS" in {a["card"] for a in offered(s2)}


def test_bed_marriage_queen_and_jack_half_value():
    s = aces(conv(bed_marriage=True))
    opts = offered(s, card="QS")
    assert {a.get("announce") for a in opts} == {None, "marriage", "bed_marriage"}
    assert {"type": "play", "seat": 1, "card": "JS", "announce": "bed_marriage"} in offered(s)
    s = play(s, "JS", announce="bed_marriage")
    assert s["deal"]["announcements"][0]["value"] == 20 and s["deal"]["trump"] == "S"


def test_bed_marriage_off_in_classic():
    s = aces(conv())
    assert {a.get("announce") for a in offered(s, card="QS")} == {None, "marriage"}
    assert {a.get("announce") for a in offered(s, card="JS")} == {None}


N1 = ["AH", "AD", "AC", "AS", "9H", "9D", "9C", "9S"]
N2 = ["TH", "KH", "QH", "JH", "TD", "KD", "QD", "JD"]
N0 = ["TC", "KC", "QC", "JC", "TS", "KS", "QS", "JS"]


@pytest.mark.parametrize("bonus", [100, 200, 360])
def test_four_nines_bonus_scores_and_keeps_trump(bonus):
    s = play_from(N0, N1, N2, c=conv(four_nines_bonus=bonus))
    s = play(s, "AH", "TH", "TC")
    s = play(s, "9C", announce="four_nines")
    d = s["deal"]
    assert d["announcements"] == [{"seat": 1, "kind": "four_nines", "suit": "", "value": bonus,
                                   "trick": 2}]
    assert d["trump"] is None


def test_four_nines_bonus_off_in_classic():
    s = play(play_from(N0, N1, N2), "AH", "TH", "TC")
    refused(s, {"type": "play", "seat": 1, "card": "9C", "announce": "four_nines"})


def test_R45_defender_points_for_his_announcement():
    s = play(play(after_trick2(), "AS", "JH", "TS"), "KD", announce="marriage")
    s = finish(s)
    f = s["last_deal"]["facts"]
    assert f["marriages"][2] == [80]
    assert sum(f["card_points"]) == 120


@pytest.mark.parametrize("c,lead,announce,value", [
    (dict(ace_marriage=True), "AD", "ace_marriage", 200),
    (dict(ace_marriage=True, ace_marriage_trump="unchanged"), "AD", "ace_marriage", 200),
    (dict(bed_marriage=True), "JS", "bed_marriage", 20),
    (dict(bed_marriage=True), "QS", "bed_marriage", 20),
])
def test_extra_announcements_settle_with_their_value(c, lead, announce, value):
    s = play(aces(conv(**c)), lead, announce=announce)
    s = finish(s)
    f = s["last_deal"]["facts"]
    assert f["marriages"][1] == [value] and sum(f["card_points"]) == 120


@pytest.mark.parametrize("bonus", [100, 200, 360])
def test_four_nines_bonus_settles(bonus):
    s = play(play_from(N0, N1, N2, c=conv(four_nines_bonus=bonus)), "AH", "TH", "TC")
    s = finish(play(s, "9C", announce="four_nines"))
    assert s["last_deal"]["facts"]["marriages"][1] == [bonus]


def test_R41_first_lead_left_of_dealer_cannot_announce_on_trick_1():
    # seat 2 declares (dealer 0); the sitter (seat 1) leads trick 1 holding the hearts marriage
    c = conv(first_lead="left_of_dealer")
    s = deal(c=c)
    s = act(s, "bid", value=105)
    s = all_pass(s)
    s = give_cards(s, {0: "KS", 1: "QS"})
    s = keep_all(act(s, "contract", value=105))
    assert game.to_act(s) == 1 and s["deal"]["declarer"] == 2
    assert not [a for a in offered(s) if "announce" in a]
    refused(s, {"type": "play", "seat": 1, "card": "KD", "announce": "marriage"}, "taken a trick")


def test_no_lead_foreign_trump_with_named_trump_declarer_is_the_owner():
    c = conv(trump_mode="declarer_names", no_lead_foreign_trump=True)
    s = play_from(P0, P1, P2, c=c, trump="H")
    s = play(s, "AC", "JH", "AH")  # seat 0 over-trumps and leads
    assert game.to_act(s) == 0
    plain = {a["card"] for a in offered(s) if "announce" not in a}
    assert plain == {"TS", "JS", "9S"}
    # leading K or Q of the trump suit to announce his own marriage stays allowed (§4.6)
    assert {a["card"] for a in offered(s) if a.get("announce") == "marriage"} == {"KH", "QH"}
    refused(s, {"type": "play", "seat": 0, "card": "TH"}, "only the player who made this suit trump")
    refused(s, {"type": "play", "seat": 0, "card": "KH"}, "only the player who made this suit trump")


def test_trump_mode_declarer_names_trump_named_right_after_the_contract():
    """§4.7: 'right after announcing the contract the declarer names any suit as trump'; the
    defenders' W3 answer comes after it (R32 follows R31)."""
    c = conv(trump_mode="declarer_names")
    w3 = [["AH", "TH", "KH", "QH", "9S", "JS", "KS"], ["9H", "9D", "JH", "JD", "JC", "QS", "9C"],
          ["AD", "TD", "KD", "QD", "AC", "TC", "KC"]]
    s = deal(w3, ["QC", "AS", "TS"], c=c)
    s = keep_all(s)
    s = all_pass(act(s, "bid", value=105))
    s = give_cards(s, {1: "QC", 0: "AS"})
    s = act(s, "contract", value=105)
    assert s["phase"] == "trump", f"expected the trump to be named before W3, got {s['phase']}"


def test_must_beat_higher_in_suit_not_once_the_trick_holds_a_trump():
    s = after_trick2(conv(must_beat="higher_in_suit"))
    s = play(s, "KS", "JH")  # seat 2 trumps the led king
    assert {a["card"] for a in offered(s)} == {"TS", "JS"}
