"""The eight presets of dice.md §4, stored as complete value sets (§4: "Presets are stored as
complete value sets (not as diffs)"), so a preset reads the same whatever the catalogue's defaults
become. Each set is Classic (the Appendix) with the §4 matrix column's differences applied,
including the values that the matrix marks "(n/a)": switching the feature on then gives the page's
own rule."""

CLASSIC = {
    "target_score": 1000,
    "first_player": "roll_off_five",
    "final_round": "off",
    "stake_settlement": "off",
    "straights": True,
    "four_of_a_kind": "double_triple",
    "five_of_a_kind": "face_x100",
    "five_of_a_kind_wins": "off",
    "last_two_pair": False,
    "set_aside": "all_scoring",
    "hot_dice": "must_roll",
    "confirmation_scores": True,
    "blank_first_roll_retry": False,
    "win_timing": "immediate",
    "entry_minimum": 50,
    "negative_scores": True,
    "pit_ranges": "classic",
    "overtake_penalty": 50,
    "overtake_from_tie": False,
    "dump_truck": "mid_turn",
    "dump_on_penalty": True,
    "bolts": True,
    "bolt_limit": 3,
    "bolt_penalty": 100,
    "bolt_count_mode": "cumulative",
    "bolt_trigger": "zero_turn",
    "bolts_before_entry": False,
    "bolts_in_pit": False,
    "bolts_on_barrel": False,
    "barrel_mode": "points",
    "barrel_threshold": 900,
    "barrel_attempts": 3,
    "barrel_fall_penalty": 100,
    "barrel_fall_limit": 3,
    "barrel_knockoff": "fall",
    "barrel_accumulate": False,
    "open_dot_limit": 6,
    "open_dot_penalty": 100,
    "open_fall_limit": 1,
}

# page_b and p2 are one Russian text in two translations (§0.1), so they share one value set.
_PAGE_B = {
    "set_aside": "choose",
    "hot_dice": "confirmation",
    "entry_minimum": 75,
    "pit_ranges": "none",
    "overtake_penalty": 0,
    "dump_truck": "off",
    "bolts": False,
    "barrel_threshold": 850,
    "barrel_attempts": 0,
    "barrel_fall_penalty": 0,
    "barrel_fall_limit": 0,
    "barrel_knockoff": "to_entry_score",
}

_DIFFS = {
    "classic": ("Classic",
                "The standard game: entry 50, pits 200-299 and 600-699, overtaking -50, dump "
                "truck at 555, three bolts -100, barrel at 900 with three attempts.",
                {}),
    "page_a": ("Classic rules (PC program)",
               "A PC program's classic rules: barrel at 880 needing 120, the dump truck only on a "
               "recorded 555.",
               {"dump_truck": "on_record", "barrel_threshold": 880}),
    "page_a_open": ("Classic rules, open barrel",
                    "The PC program's rules without a barrel: land on exactly 1000; a turn that "
                    "would go over gives a dot, and the sixth dot sends the score to 0.",
                    {"dump_truck": "on_record", "barrel_mode": "open", "barrel_threshold": 880}),
    "page_b": ("Home version (option 2)",
               "A simpler home game: entry 75, keep any scoring dice, a confirmation roll after "
               "all five score, barrel at 850 needing 150 with unlimited tries. No pits, "
               "overtaking, dump truck or bolts.",
               _PAGE_B),
    "p1": ("Boxed game from the USSR",
           "The track of a boxed game: entry 75, pits, dump truck, a barrel zone from 900, bolts "
           "-50, four of a kind 100 times the face, any five of a kind wins at once, a pair on "
           "the last two dice sets them aside.",
           {"stake_settlement": "stakes_double_unentered", "four_of_a_kind": "face_x100",
            "five_of_a_kind": "flat_1000", "five_of_a_kind_wins": "any", "last_two_pair": True,
            "entry_minimum": 75, "overtake_penalty": 0, "bolt_penalty": 50, "barrel_mode": "zone",
            "barrel_fall_limit": 0}),
    "p2": ("Home version (second translation)",
           "The same home game as option 2: entry 75, keep any scoring dice, confirmation roll, "
           "barrel at 850 needing 150.",
           _PAGE_B),
    "p3": ("Agree-in-advance rules",
           "A menu of agreed options with its example values: pits 300-400 and 750-900, "
           "overtaking -55, no straights, five 1s win at once, a second try on a blank first "
           "roll, and the simple ending (first to 1000).",
           {"straights": False, "five_of_a_kind_wins": "ones_only",
            "blank_first_roll_retry": True, "pit_ranges": "p3", "overtake_penalty": 55,
            "barrel_mode": "none", "open_dot_limit": 5, "open_fall_limit": 2}),
    "p4": ("Blog rules",
           "Rules borrowed from card 1000: entry 50, bolts also before entry at -50 with no "
           "negative scores, a barrel zone from 900 with three tries and -50 falls, overtaking "
           "-50.",
           {"negative_scores": False, "pit_ranges": "none", "bolt_penalty": 50,
            "bolts_before_entry": True, "barrel_mode": "zone", "barrel_fall_penalty": 50,
            "barrel_fall_limit": 0}),
}

PRESETS = {
    name: {"title": title, "description": description, "values": {**CLASSIC, **diff}}
    for name, (title, description, diff) in _DIFFS.items()
}
