"""The fourteen presets of cards.md §5, as differences from Classic.

Each entry lists exactly the values that the §5.2 matrix sets in bold for that column, including
values stored for a feature the preset leaves off (marked "(n/a)" there), so that switching the
feature on gives the page's own rule. Everything else is the Classic default."""

PRESETS = {
    "classic": {
        "title": "Classic",
        "description": "The standard game for three: what most rules pages agree on.",
        "values": {},
    },
    "table_conventions_1001": {
        "title": "Table conventions, to 1001",
        "description": "An online site's nine table switches: play to 1001, the barrel player bids "
                       "121 automatically, ace marriage, exact points, write-off for half the bid.",
        "values": {
            "talon_positions": "last_three",
            "redeal_hand_windows": "after_pass",
            "redeal_talon_low": 0,
            "redeal_talon_two_nines": False,
            "bid_marriage_limit": "none",
            "low_score_threshold": -100,
            "talon_reveal": "hidden_if_sitter",
            "write_off_payout": "half_bid_each",
            "ace_marriage": True,
            "defender_rounding": "exact",
            "target_score": 1001,
            "loss_score": -1000,
            "settlement": "proportional",
            "barrel_mode": "auto_bid",
            "barrel_failed_contract": "free_at_need",
            "barrel_three_falls": "none",
            "barrel_opponents_frozen": True,
            "golden_mode": "double_only",
        },
    },
    "bank_online": {
        "title": "Online game for a bank",
        "description": "An online game played for a stake: redeals on 13 points, three nines or four "
                       "jacks before bidding, bid caps by marriages, ace marriage, write-off for half "
                       "the bid.",
        "values": {
            "redeal_three_nines": "any",
            "redeal_four_jacks": True,
            "redeal_low_hand": 13,
            "redeal_hand_windows": "before_bidding",
            "redeal_talon_three_jacks": True,
            "max_bid": 0,
            "low_score_rule": "none",
            "write_off_payout": "half_bid_each",
            "ace_marriage": True,
            "ace_marriage_trump": "unchanged",
            "settlement": "bank",
            "barrel_simultaneous": "highest_sits",
            "golden_failure": "reset_then_normal",
        },
    },
    "table_request_online": {
        "title": "Online table request",
        "description": "An online site's table: play to 1001, raises of exactly 5, dark game and "
                       "golden round, barrel without bidding, at most three write-offs.",
        "values": {
            "bid_jumps": False,
            "bid_marriage_limit": "none",
            "max_bid": 420,
            "low_score_rule": "none",
            "dark_game": True,
            "dark_min_score": 0,
            "talon_reveal": "choice_at_100",
            "write_off_limit": 3,
            "ace_marriage": True,
            "target_score": 1001,
            "barrel_mode": "no_bidding",
            "barrel_fall_penalty": 121,
            "barrel_failed_contract": "free_at_need",
            "golden_round": True,
        },
    },
    "gambler_club": {
        "title": "Gambler club",
        "description": "An online club: a marriage to bid over 120, a bolt for a deal without a point, "
                       "write-off for half the bid, golden round, knock-off from the barrel without "
                       "a penalty.",
        "values": {
            "redeal_low_hand": 0,
            "redeal_hand_windows": "none",
            "bid_marriage_limit": "over_120",
            "write_off_payout": "half_bid_each",
            "bolt_trigger": "zero_points",
            "barrel_knock_off": "no_penalty",
            "golden_round": True,
            "four_sitter_score": "flat_30",
        },
    },
    "agc_pc": {
        "title": "AGC PC game",
        "description": "A PC game's agreements: ace marriage, no redeal on two nines in the talon, "
                       "and a penalty for three deals in a row without a point.",
        "values": {
            "redeal_talon_two_nines": False,
            "ace_marriage": True,
            "bolt_trigger": "zero_points",
            "bolt_mode": "consecutive",
        },
    },
    "alt_rules_site": {
        "title": "Alternative rules site",
        "description": "Raises of exactly 5, contract before passing, one free write-off a game, "
                       "trumping not required, exact points, three bolts in a row, no dump truck.",
        "values": {
            "redeal_three_nines": "sitter",
            "redeal_low_hand": 15,
            "redeal_talon_two_nines": False,
            "bid_jumps": False,
            "dark_who": "anyone",
            "dark_scope": "declarer",
            "contract_timing": "before_pass",
            "write_off_cost": "free",
            "write_off_limit": 1,
            "must_trump": False,
            "no_lead_foreign_trump": True,
            "defender_rounding": "exact",
            "bolt_mode": "consecutive",
            "dump_truck": "off",
            "two_talon_size": 3,
            "two_exchange": "one_each",
        },
    },
    "variants_site": {
        "title": "Variants site",
        "description": "Talon never the last card, more redeal reasons, contract before passing, "
                       "ace marriage, no bolts for the declarer, barrel won in any role with unlimited "
                       "tries.",
        "values": {
            "talon_positions": "not_last",
            "redeal_three_nines": "any",
            "redeal_four_jacks": True,
            "redeal_low_hand": 15,
            "redeal_talon_three_jacks": True,
            "low_score_rule": "none",
            "low_score_threshold": 100,
            "dark_who": "anyone",
            "dark_scope": "declarer",
            "contract_timing": "before_pass",
            "write_off_payout": "half_bid_max_60",
            "ace_marriage": True,
            "bolt_mode": "total_240_consecutive",
            "bolt_declarer_exempt": True,
            "dump_truck": "off",
            "barrel_mode": "any_role",
            "barrel_attempts": 0,
            "two_exchange": "give_one",
            "two_widow": "dead",
            "four_talon_marriage": "none",
        },
    },
    "scoresheet_rules": {
        "title": "Score-sheet rules",
        "description": "A rules article built on the score sheet: cross, marriages for points only, "
                       "compulsory talon redeals, a barrel counted to the point over three deals.",
        "values": {
            "redeal_three_nines": "any",
            "redeal_four_jacks": True,
            "redeal_talon_three_jacks": True,
            "redeal_mandatory": "talon_only",
            "bid_marriage_limit": "over_120",
            "talon_reveal": "choice_at_100",
            "contract_timing": "before_pass",
            "write_off_payout": "half_bid_each",
            "write_off_on_barrel": "nobody",
            "cross_rule": True,
            "marriage_trump_choice": True,
            "bolt_trigger": "rounded_zero",
            "barrel_mode": "cumulative",
            "barrel_fall_rounding": "floor_10",
            "barrel_marriages_count": False,
        },
    },
    "company_house_rules": {
        "title": "Company house rules",
        "description": "One company's house rules: play to 1001, obligatory barrel game, dark game, "
                       "golden round, +555 only, four aces force a redeal.",
        "values": {
            "next_game_first_dealer": "winner",
            "redeal_four_aces": "dealt_or_talon",
            "third_redeal_penalty": 120,
            "dark_game": True,
            "dark_scope": "all_but_defender_marriages",
            "dump_truck": "positive",
            "target_score": 1001,
            "settlement": "shortfall",
            "barrel_obligatory_game": True,
            "golden_round": True,
            "golden_marriages_doubled": "not_defenders",
            "golden_max_circles": 3,
            "golden_dark": True,
        },
    },
    "flash_site": {
        "title": "Flash games site",
        "description": "The talon is always shown, and anyone may bid without looking for double.",
        "values": {
            "dark_bidding": True,
            "talon_reveal": "always",
        },
    },
    "two_players": {
        "title": "Two players",
        "description": "Classic for two: two talons of 2, and no barrel.",
        "values": {
            "player_count": 2,
            "barrel": False,
        },
    },
    "four_players": {
        "title": "Four players",
        "description": "Classic for four: the dealer sits out and scores the talon.",
        "values": {
            "player_count": 4,
        },
    },
    "five_oh_one": {
        "title": "501",
        "description": "Play to 501: the declarer names the trump, marriages are worth 20 to 80, no "
                       "barrel and no dump truck.",
        "values": {
            "marriage_values": "five_oh_one",
            "trump_mode": "declarer_names",
            "dump_truck": "off",
            "target_score": 501,
            "barrel": False,
        },
    },
}
