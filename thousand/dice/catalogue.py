"""The dice game's conventions catalogue (dice.md §3): 39 settings in 8 groups, the combinations the
settings screen refuses, and the 8 presets of §4 (data in presets.py).

Ids, types, allowed values and defaults are the spec's and are stable: saved games and tests name
them. Titles and descriptions are what a player reads on the settings screen.

Two places where the generic mechanism (thousand/conventions.py) shapes the catalogue:
- `pit_ranges` is a list of ranges in §3.4, but a convention's value is a bool, an int or a name.
  It is stored as the name of one of §3.4's named sets (`PIT_SETS`); `pits(conv)` gives the ranges.
  Two sets are added to the spec's five, `classic_low` and `danil_low` (their first pit only): §3.1
  drops the pits that no longer fit below a barrel moved for a 500 target, and those are the results.
- `barrel_threshold` is 850-950 in §3.8, and §3.1 moves it by the same amount as a 500 or 1500
  target (900 -> 400 / 1400). The range is therefore 350-1450 and a constraint keeps it to the band
  of the target (850-950 for 1000 and 1005, 350-450 for 500, 1350-1450 for 1500).
"""
from thousand.conventions import Catalogue, Constraint, Convention, Group
from thousand.errors import Phrase
from thousand.i18n import N_
from thousand.dice.presets import PRESETS

# §3.4's named pit sets (bounds inclusive), plus the two single-pit sets described above.
PIT_SETS = {
    "classic": ((200, 299), (600, 699)),
    "p3": ((300, 400), (750, 900)),
    "p4_extra": ((300, 400), (600, 700)),
    "danil": ((200, 300), (700, 800)),
    "none": (),
    "classic_low": ((200, 299),),
    "danil_low": ((200, 300),),
}
SPEC_PIT_SETS = ("classic", "p3", "p4_extra", "danil", "none")


def pits(conv: dict) -> tuple:
    """The pit ranges of a conventions dict, as ((lo, hi), ...)."""
    return PIT_SETS[conv["pit_ranges"]]


GROUPS = [
    Group(id="setup", title="Game set-up",
          description="The target, who starts, and what happens when someone reaches it."),
    Group(id="scoring", title="Scoring and the roll",
          description="What the dice are worth, which dice are set aside, and when you must roll."),
    Group(id="entry", title="Entry and scores",
          description="The points needed in one turn to open your game, and whether scores may go "
                      "below zero."),
    Group(id="pits", title="Pits",
          description="Score ranges you must leave upwards in a single turn."),
    Group(id="overtaking", title="Overtaking",
          description="What a player loses when someone passes them."),
    Group(id="dump", title="Dump truck",
          description="A score of exactly 555 goes back to 0."),
    Group(id="bolts", title="Bolts",
          description="Marks for turns that end with nothing, and what a set of them costs."),
    Group(id="barrel", title="Barrel and ending",
          description="The last stretch before the target: how to get on, how to finish, and what "
                      "happens to those who fail."),
]

BARREL_ON = ("barrel_mode", ("points", "zone"))
BARREL_OFF = ("barrel_mode", ("none", "open"))
OPEN = ("barrel_mode", "open")
BOLTS_OFF = ("bolts", False)


def _nonzero(lo, hi, step):
    return tuple(range(lo, hi + 1, step))


SETUP = [
    Convention(
        id="target_score", type="int", values=(500, 1000, 1005, 1500), default=1000, group="setup",
        title="Target",
        description="The total that wins. With a barrel the finish always needs the target minus "
                    "the barrel threshold (1005 with a barrel at 880 needs 125).",
        value_labels={500: "500", 1000: "1000", 1005: "1005", 1500: "1500"}),
    Convention(
        id="first_player", type="enum", values=("roll_off_five", "roll_off_one", "seat_order",
                                                 "random"),
        default="roll_off_five", group="setup",
        title="Who starts",
        description="Roll-off: everyone rolls, the highest pip total starts and tied leaders roll "
                    "again. Seat order: the first seat starts. Random: drawn by lot.",
        value_labels={"roll_off_five": "Roll-off with five dice",
                      "roll_off_one": "Roll-off with one die", "seat_order": "First seat",
                      "random": "Drawn by lot"}),
    Convention(
        id="final_round", type="enum", values=("off", "equalize"), default="off", group="setup",
        title="Final round",
        description="Equalize: when someone wins, every player who has had fewer turns takes one "
                    "more; then the highest score wins and equal highest share the win.",
        value_labels={"off": "Off: the first to finish wins", "equalize": "Equal turns"}),
    Convention(
        id="stake_settlement", type="enum", values=("off", "stakes", "stakes_double_unentered"),
        default="off", group="setup",
        title="Stakes tally",
        description="A tally in stakes shown at the end (no money is involved): every loser pays "
                    "the winner one stake; with the double option, a loser who never entered "
                    "pays two.",
        value_labels={"off": "Off", "stakes": "One stake per loser",
                      "stakes_double_unentered": "Double for a loser who never entered"}),
]

SCORING = [
    Convention(
        id="straights", type="bool", default=True, group="scoring",
        title="Straights",
        description="On: 1-2-3-4-5 in one roll scores 125 and 2-3-4-5-6 scores 250. Off: such "
                    "rolls score only their 1s and 5s."),
    Convention(
        id="four_of_a_kind", type="enum", values=("double_triple", "face_x100", "triple_plus_10"),
        default="double_triple", group="scoring",
        title="Four of a kind",
        description="What four equal dice in one roll are worth (a 1 counts as 10). Twice three "
                    "of a kind: four 6s = 120. 100 times the face: four 6s = 600, four 1s = "
                    "1000. Three of a kind plus 10: four 6s = 70.",
        value_labels={"double_triple": "Twice three of a kind", "face_x100": "100 x face",
                      "triple_plus_10": "Three of a kind + 10"}),
    Convention(
        id="five_of_a_kind", type="enum", values=("face_x100", "flat_1000"), default="face_x100",
        group="scoring",
        title="Five of a kind",
        description="100 times the face (five 2s = 200, five 1s = 1000), or 1000 for any five "
                    "of a kind.",
        value_labels={"face_x100": "100 x face", "flat_1000": "Always 1000"}),
    Convention(
        id="five_of_a_kind_wins", type="enum", values=("off", "ones_only", "any"), default="off",
        group="scoring",
        title="Five of a kind wins",
        description="A roll of five equal dice ends the game at once and the roller wins, "
                    "whatever the scores.",
        value_labels={"off": "Off", "ones_only": "Five 1s", "any": "Any five of a kind"}),
    Convention(
        id="last_two_pair", type="bool", default=False, group="scoring",
        title="Pair on the last two dice",
        description="On: rolling a pair of 2s, 3s, 4s or 6s with your last two dice is not a "
                    "zero roll: both are set aside for 0 and you roll all five again."),
    Convention(
        id="set_aside", type="enum", values=("all_scoring", "choose"), default="all_scoring",
        group="scoring",
        title="Setting dice aside",
        description="All: every scoring die is set aside, read for the most points. Choose: you "
                    "keep at least one scoring die of your choice and may roll the others again.",
        value_labels={"all_scoring": "All scoring dice", "choose": "At least one, your choice"}),
    Convention(
        id="hot_dice", type="enum", values=("must_roll", "confirmation", "optional"),
        default="must_roll", group="scoring",
        title="When all five have scored",
        description="Must roll: you roll all five again and the turn goes on. Confirmation: the "
                    "roll of five must score for the turn to count, and a scoring one ends the "
                    "turn if it can be recorded. Optional: you may stop or roll all five.",
        value_labels={"must_roll": "Must roll all five", "confirmation": "Confirmation roll",
                      "optional": "Stop or roll on"}),
    Convention(
        id="confirmation_scores", type="bool", default=True, group="scoring",
        title="Confirmation roll scores",
        description="On: the confirmation roll's points are added to the turn. Off: it only "
                    "passes or fails the turn.",
        requires=("hot_dice", "confirmation")),
    Convention(
        id="blank_first_roll_retry", type="bool", default=False, group="scoring",
        title="Second try on a blank first roll",
        description="On: if the first roll of a turn scores nothing, you roll the five dice once "
                    "more before the turn is lost."),
    Convention(
        id="win_timing", type="enum", values=("immediate", "on_stop"), default="immediate",
        group="scoring",
        title="When the game is won",
        description="At once: the game ends the moment your total reaches the target. On "
                    "stopping: you must still stop, and roll all five first if they all scored.",
        value_labels={"immediate": "At once", "on_stop": "When you stop"}),
]

ENTRY = [
    Convention(
        id="entry_minimum", type="int", values=(0, 25, 50, 55, 75, 100), default=50,
        group="entry",
        title="Entry",
        description="Points needed in a single turn before your first score is recorded. "
                    "Smaller turns do not add up. 0: everyone has entered from the start.",
        value_labels={0: "No entry rule", 25: "25", 50: "50", 55: "55", 75: "75", 100: "100"}),
    Convention(
        id="negative_scores", type="bool", default=True, group="entry",
        title="Scores below zero",
        description="On: penalties may take a score below 0. Off: a score never goes below 0.",
        requires=(("bolts", True), OPEN, ("overtake_penalty", _nonzero(25, 100, 5)),
                  ("barrel_fall_penalty", _nonzero(5, 200, 5)))),
]

PITS = [
    Convention(
        id="pit_ranges", type="enum", values=tuple(PIT_SETS), default="classic", group="pits",
        title="Pits",
        description="A player whose score is in a pit when the turn starts may record the turn "
                    "only if it takes the score above the pit's top.",
        value_labels={"classic": "200-299 and 600-699", "p3": "300-400 and 750-900",
                      "p4_extra": "300-400 and 600-700", "danil": "200-300 and 700-800",
                      "none": "No pits", "classic_low": "200-299 only",
                      "danil_low": "200-300 only"}),
]

OVERTAKING = [
    Convention(
        id="overtake_penalty", type="int", values=(0,), min=25, max=100, step=5, default=50,
        group="overtaking",
        title="Overtaking penalty",
        description="When your recorded turn passes another player's score, that player loses "
                    "this much. Ending level is not passing.",
        value_labels={0: "Off", 50: "50", 55: "55"}),
    Convention(
        id="overtake_from_tie", type="bool", default=False, group="overtaking",
        title="Leaving a tie overtakes",
        description="On: a player who had the same score as you before your turn also counts as "
                    "overtaken when you end above them.",
        requires_not=("overtake_penalty", 0)),
]

DUMP = [
    Convention(
        id="dump_truck", type="enum", values=("off", "on_record", "mid_turn"), default="mid_turn",
        group="dump",
        title="Dump truck",
        description="A score of exactly 555 goes back to 0 (passing over it is safe). Mid-turn: "
                    "also the moment your score plus the turn's points make 555, and the turn "
                    "ends. When recorded: only a recorded score of 555.",
        value_labels={"off": "Off", "on_record": "When recorded", "mid_turn": "Also mid-turn"}),
    Convention(
        id="dump_on_penalty", type="bool", default=True, group="dump",
        title="Penalties can dump",
        description="On: a penalty that leaves a score of exactly 555 also sends it to 0.",
        requires_not=("dump_truck", "off")),
]

BOLTS = [
    Convention(
        id="bolts", type="bool", default=True, group="bolts",
        title="Bolts",
        description="A turn that ends in a roll with no scoring dice gives the player a bolt."),
    Convention(
        id="bolt_limit", type="int", min=2, max=5, default=3, group="bolts",
        title="Bolts for a penalty",
        description="When a player's bolts reach this number they lose points and start again "
                    "from no bolts.",
        requires_not=BOLTS_OFF),
    Convention(
        id="bolt_penalty", type="int", min=25, max=150, step=5, default=100, group="bolts",
        title="Bolt penalty",
        description="Points lost when the bolts reach the limit.",
        value_labels={50: "50 (half-bolt)", 100: "100"},
        requires_not=BOLTS_OFF),
    Convention(
        id="bolt_count_mode", type="enum", values=("cumulative", "consecutive"),
        default="cumulative", group="bolts",
        title="Which bolts count",
        description="All: bolts add up over the game. In a row: a recorded turn clears them.",
        value_labels={"cumulative": "All bolts", "consecutive": "Bolts in a row"},
        requires_not=BOLTS_OFF),
    Convention(
        id="bolt_trigger", type="enum", values=("zero_turn", "blank_opening"),
        default="zero_turn", group="bolts",
        title="What gives a bolt",
        description="Every turn that ends in a zero roll, or only a turn whose first roll "
                    "(after any second try) scores nothing.",
        value_labels={"zero_turn": "Every zero turn", "blank_opening": "Only a blank first roll"},
        requires_not=BOLTS_OFF),
    Convention(
        id="bolts_before_entry", type="bool", default=False, group="bolts",
        title="Bolts before entry",
        description="On: players who have not entered yet get bolts and penalties too.",
        requires_not=(BOLTS_OFF, ("entry_minimum", 0))),
    Convention(
        id="bolts_in_pit", type="bool", default=False, group="bolts",
        title="Bolts in a pit",
        description="On: players who start the turn in a pit get bolts too.",
        requires_not=(BOLTS_OFF, ("pit_ranges", "none"))),
    Convention(
        id="bolts_on_barrel", type="bool", default=False, group="bolts",
        title="Bolts on the barrel",
        description="On: players who start the turn on the barrel get bolts too; a penalty that "
                    "takes them below the barrel takes them off it without a fall.",
        requires=BARREL_ON, requires_not=BOLTS_OFF),
]

# Falls happen only with an attempt limit or a knock-off that counts as a fall.
FALLS_POSSIBLE = (("barrel_attempts", _nonzero(1, 5, 1)), ("barrel_knockoff", "fall"))

BARREL = [
    Convention(
        id="barrel_mode", type="enum", values=("none", "points", "zone", "open"),
        default="points", group="barrel",
        title="Barrel",
        description="Points: arriving caps your score at the barrel and you must finish in one "
                    "turn, with a limited number of tries. Zone: the barrel is the range from "
                    "the threshold to the target, not capped. Open: no barrel, but you must land "
                    "on exactly the target. None: the first to reach the target wins.",
        value_labels={"none": "No barrel", "points": "Barrel (capped)",
                      "zone": "Barrel zone (not capped)", "open": "Exact target, no barrel"}),
    Convention(
        id="barrel_threshold", type="int", min=350, max=1450, step=5, default=900,
        group="barrel",
        title="Barrel threshold",
        description="Where the barrel starts. With a capped barrel, the finish needs the target "
                    "minus this.",
        value_labels={850: "850", 880: "880", 900: "900"},
        requires=BARREL_ON),
    Convention(
        id="barrel_attempts", type="int", values=(0,), min=1, max=5, default=3, group="barrel",
        title="Turns on the barrel",
        description="How many turns you may begin on the barrel before you fall off.",
        value_labels={0: "Unlimited"},
        requires=BARREL_ON),
    Convention(
        id="barrel_fall_penalty", type="int", min=0, max=200, step=5, default=100, group="barrel",
        title="Fall penalty",
        description="Points lost when you fall off the barrel; you always land below it.",
        value_labels={50: "50", 100: "100", 120: "120"},
        requires=FALLS_POSSIBLE, requires_not=BARREL_OFF),
    Convention(
        id="barrel_fall_limit", type="int", values=(0,), min=1, max=5, default=3, group="barrel",
        title="Falls to lose everything",
        description="The fall that reaches this count sends the score to 0 (no new entry needed) "
                    "and the count starts again. Knock-offs count as falls.",
        value_labels={0: "No limit"},
        requires=FALLS_POSSIBLE, requires_not=BARREL_OFF),
    Convention(
        id="barrel_knockoff", type="enum", values=("off", "fall", "to_entry_score"),
        default="fall", group="barrel",
        title="Knock-off",
        description="When another player arrives on the barrel, the one already there falls off, "
                    "or goes back to their entry score. Off: several players may sit on it.",
        value_labels={"off": "Off", "fall": "Falls off",
                      "to_entry_score": "Back to the entry score"},
        requires=BARREL_ON),
    Convention(
        id="barrel_accumulate", type="bool", default=False, group="barrel",
        title="Build up the finish",
        description="On: on the barrel you may stop with any points; they are kept towards the "
                    "finish over your turns there, and lost if you fall.",
        requires=BARREL_ON),
    Convention(
        id="open_dot_limit", type="int", min=1, max=10, default=6, group="barrel",
        title="Dots for a penalty",
        description="A turn that would go over the target gives a dot; at this many dots you "
                    "lose points.",
        requires=OPEN),
    Convention(
        id="open_dot_penalty", type="int", min=0, max=200, step=5, default=100, group="barrel",
        title="Dot penalty",
        description="Points lost when the dots reach the limit.",
        value_labels={100: "100"},
        requires=OPEN),
    Convention(
        id="open_fall_limit", type="int", values=(0,), min=1, max=5, default=1, group="barrel",
        title="Dot penalties to lose everything",
        description="The dot penalty that reaches this count sends the score to 0 instead. 1: "
                    "the first full set of dots already does.",
        value_labels={0: "No limit"},
        requires=OPEN),
]


# --- refused combinations (§3.1, §3.4, §3.6, §3.8) ----------------------------------------------

def threshold_band(target: int) -> tuple:
    """The barrel thresholds allowed with a target: 850-950 moved with a 500/1500 target (§3.1)."""
    shift = {500: -500, 1500: 500}.get(target, 0)
    return 850 + shift, 950 + shift


def _barrel_fits_target(v):
    if v["barrel_mode"] not in ("points", "zone"):
        return None
    lo, hi = threshold_band(v["target_score"])
    t = v["barrel_threshold"]
    if not (lo <= t <= hi and t < v["target_score"]):
        return Phrase(N_("barrel_threshold {threshold} does not fit target_score {target}: "
                         "allowed {low} to {high} in steps of 5 with that target (or barrel_mode "
                         "none or open)"), threshold=t, target=v["target_score"], low=lo, high=hi)
    return None


def _pits_below_barrel(v):
    top = v["barrel_threshold"] if v["barrel_mode"] in ("points", "zone") else v["target_score"]
    what = "barrel_threshold" if v["barrel_mode"] in ("points", "zone") else "target_score"
    for lo, hi in PIT_SETS[v["pit_ranges"]]:
        if hi >= top:
            return Phrase(N_("pit_ranges {pits} has the pit {low}-{high}, which reaches {what} "
                             "{top}: every pit must end below it"),
                          pits=v["pit_ranges"], low=lo, high=hi, what=what, top=top)
    return None


def _dump_below_target(v):
    # §3.6 says the dump truck is "automatically off" with a target of 555 or less, and §3.8.2
    # relies on validation for it: the combination is refused (retarget() switches it off).
    if v["dump_truck"] != "off" and v["target_score"] <= 555:
        return Phrase(N_("dump_truck must be off with target_score {target} "
                         "(555 is not below the target)"), target=v["target_score"])
    return None


def _accumulate_needs_attempts(v):
    if v["barrel_accumulate"] and v["barrel_mode"] in ("points", "zone") \
            and v["barrel_attempts"] == 0:
        return Phrase(N_("barrel_accumulate needs barrel_attempts of 1 to 5 (with unlimited "
                         "turns the built-up points could never be lost)"))
    return None


# Measured with threshold and optimal bots (6 and 8 players, barrel at 850 and 900): a fall of 0-25
# points left most games unfinished after 3,000 turns, 45 some of them, 50 none (mean 170-520 turns).
KNOCKOFF_FALL_MINIMUM = 50


def _knockoff_fall_costs_enough(v):
    # A capped barrel is won only on a turn begun on it. A knock-off that costs almost nothing puts
    # the sitter right back under the barrel, where any scoring turn climbs on again: with several
    # players each sitter is knocked off before their next turn, and no falls limit ever ends it.
    if v["barrel_mode"] == "points" and v["barrel_knockoff"] == "fall" \
            and v["barrel_fall_limit"] == 0 and v["barrel_fall_penalty"] < KNOCKOFF_FALL_MINIMUM:
        return Phrase(N_("barrel_fall_penalty {penalty} is too small with barrel_knockoff fall and "
                         "barrel_fall_limit 0: a knocked-off player would climb straight back on, "
                         "so no one would ever get a turn on the barrel; use {minimum} or more, a "
                         "falls limit, or another knock-off rule"),
                      penalty=v["barrel_fall_penalty"], minimum=KNOCKOFF_FALL_MINIMUM)
    return None


CONSTRAINTS = [
    Constraint(("barrel_mode", "barrel_threshold", "target_score"), _barrel_fits_target),
    Constraint(("pit_ranges", "barrel_mode", "barrel_threshold", "target_score"),
               _pits_below_barrel),
    Constraint(("dump_truck", "target_score"), _dump_below_target),
    Constraint(("barrel_accumulate", "barrel_attempts"), _accumulate_needs_attempts),
    Constraint(("barrel_mode", "barrel_knockoff", "barrel_fall_limit", "barrel_fall_penalty"),
               _knockoff_fall_costs_enough),
]

CATALOGUE = Catalogue(
    game="dice",
    schema_version=1,
    groups=GROUPS,
    conventions=SETUP + SCORING + ENTRY + PITS + OVERTAKING + DUMP + BOLTS + BARREL,
    constraints=CONSTRAINTS,
    presets=PRESETS,
)


def retarget(values: dict, target: int) -> dict:
    """What the settings screen does when a player picks another target (§3.1): a 500 or 1500
    target moves the barrel threshold by the same amount (900 -> 400 / 1400), drops the pits that
    no longer fit below it, and turns the dump truck off when the target is 555 or less. The
    result is validated; the player can then edit it."""
    v = CATALOGUE.validate(values)
    old_lo, _ = threshold_band(v["target_score"])
    new_lo, _ = threshold_band(target)
    v["target_score"] = target
    v["barrel_threshold"] += new_lo - old_lo
    top = v["barrel_threshold"] if v["barrel_mode"] in ("points", "zone") else target
    kept = tuple(p for p in PIT_SETS[v["pit_ranges"]] if p[1] < top)
    if kept != PIT_SETS[v["pit_ranges"]]:
        v["pit_ranges"] = next((name for name, ranges in PIT_SETS.items() if ranges == kept),
                               "none")
    if target <= 555:
        v["dump_truck"] = "off"
    return CATALOGUE.validate(v)
