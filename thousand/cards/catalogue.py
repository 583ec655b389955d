"""The card game's conventions catalogue (cards.md §4): 103 settings in 11 groups, the combinations
the settings screen refuses (§4.12) and the presets (§5, data in presets.py).

Ids, types, allowed values and defaults are the spec's and are stable: saved games and tests name
them.
Titles and descriptions are what a player reads on the settings screen."""
from thousand.cards.presets import PRESETS
from thousand.conventions import Catalogue, Constraint, Convention, Group
from thousand.errors import Phrase
from thousand.i18n import N_

GROUPS = [
    Group(id="table", title="Table and deal",
          description="How many play, and how the deck is cut and dealt."),
    Group(id="redeals", title="Redeals",
          description="When the cards may be thrown in and dealt again by the same dealer. A "
                      "redeal changes no scores."),
    Group(id="bidding", title="Bidding",
          description="The forced 100, the steps of the bidding and the limits on bids."),
    Group(id="dark", title="Dark play",
          description="Bidding or playing without looking at your cards, for double."),
    Group(id="talon", title="Talon, contract, write-off",
          description="Showing the talon, passing cards, naming the contract and giving up a "
                      "deal."),
    Group(id="tricks", title="Trick play",
          description="Who leads first and which cards may be played to a trick."),
    Group(id="marriages", title="Marriages and trump",
          description="What marriages are worth, when they can be announced and how the trump is "
                      "set."),
    Group(id="scoring", title="Scoring, bolts, end",
          description="Rounding, bolts, the dump truck and how the game is won."),
    Group(id="barrel", title="Barrel",
          description="The last stretch before the target, where a player must finish within a "
                      "few deals."),
    Group(id="golden", title="Golden round",
          description="The first deals of a game, played for double."),
    Group(id="players", title="Two and four players",
          description="Settings used only with two or with four players."),
]

# Recurring conditions of `requires`.
# The resting dealer of 4 players gets no card, so the bottom-card checks do not happen.
NOT_FOUR_PLAYERS = ("player_count", 4)
NOT_TWO_PLAYERS = ("player_count", 2)       # two-card talons are never judged for a redeal
DARK_ANY = (("dark_game", True), ("dark_bidding", True))
TRUMP_NAMED = ("trump_mode", "declarer_names")
BARREL = ("barrel", True)
GOLDEN = ("golden_round", True)
GOLDEN_DOUBLE_ONLY = ("golden_mode", "double_only")

NO_PENALTY_OR_120 = {0: "No penalty", 120: "120"}


TABLE = [
    Convention(
        id="player_count", type="int", values=(2, 3, 4), default=3, group="table",
        title="Players",
        description="How many play. With 4 the dealer sits out each deal and scores the talon; "
                    "with 2 there are two small talons.",
        value_labels={2: "2 players", 3: "3 players", 4: "4 players"}),
    Convention(
        id="reshuffle_each_deal", type="bool", default=True, group="table",
        title="Shuffle before every deal",
        description="Off: the deck is shuffled only before the first deal; after that the cards "
                    "are gathered as the last deal left them (tricks in the order taken) and only "
                    "cut."),
    Convention(
        id="cutter", type="enum", values=("right", "left"), default="right", group="table",
        title="Who cuts",
        description="The player who cuts the deck before the deal. With 2 players it is always "
                    "the non-dealer.",
        value_labels={"right": "Dealer's right", "left": "Dealer's left"}),
    Convention(
        id="bottom_nine_recut", type="bool", default=True, group="table",
        title="Re-cut on a bottom nine",
        description="On: if the bottom card after the cut is a nine, the same player cuts again. "
                    "Off: a nine at the bottom is ignored.",
        requires_not=NOT_FOUR_PLAYERS),
    Convention(
        id="cutter_nine_penalty", type="int", values=(0, 120), default=120, group="table",
        title="Penalty for three bottom nines",
        description="If the bottom card is a nine after three cuts in a row, the cutter loses "
                    "this many points and the deal goes ahead with no more cuts.",
        value_labels=NO_PENALTY_OR_120,
        requires=("bottom_nine_recut", True), requires_not=NOT_FOUR_PLAYERS),
    Convention(
        id="bottom_jack", type="enum", values=("marry", "dealer_cuts_once", "off"), default="marry",
        group="table",
        title="Jack at the bottom",
        description="When the bottom card after the cut is a jack. Marry: it is moved into the "
                    "deck (12th from the top) and there are no more cuts. Dealer cuts once: the "
                    "dealer cuts once himself and deals whatever is then at the bottom. Ignore: "
                    "nothing happens.",
        value_labels={"marry": "Marry the jack", "dealer_cuts_once": "Dealer cuts once",
                      "off": "Ignore"},
        requires_not=NOT_FOUR_PLAYERS),
    Convention(
        id="talon_positions", type="enum", values=("middle", "not_last", "last_three"),
        default="middle", group="table",
        title="Talon cards while dealing",
        description="Which cards of the deck go to the talon. With a shuffled deck this changes "
                    "nothing; it matters when the deck is not reshuffled between deals.",
        value_labels={"middle": "Never the first or last three", "not_last": "Never the last card",
                      "last_three": "The last three cards"}),
    Convention(
        id="exposed_card_penalty", type="int", values=(0, 120), default=120, group="table",
        title="Exposed card penalty",
        description="A dealer who exposes a card while dealing loses this many points and the "
                    "next player deals. The app deals by itself and never exposes a card, so this "
                    "is only recorded.",
        value_labels=NO_PENALTY_OR_120),
    Convention(
        id="next_game_first_dealer", type="enum", values=("random", "winner"), default="random",
        group="table",
        title="First dealer of the next game",
        description="Who deals first when a new game starts at the same table.",
        value_labels={"random": "Drawn at random", "winner": "Last game's winner"}),
]

REDEALS = [
    Convention(
        id="redeal_four_nines", type="bool", default=True, group="redeals",
        title="Redeal on four nines",
        description="A player holding all four nines may ask for a redeal."),
    Convention(
        id="redeal_three_nines", type="enum", values=("off", "sitter", "any"), default="off",
        group="redeals",
        title="Redeal on three nines",
        description="Sitter: the player on the dealer's left may ask for a redeal with three "
                    "nines in his first 7 cards, before bidding. Anyone: three nines are enough "
                    "for any player whenever he may ask.",
        value_labels={"off": "Off", "sitter": "Sitter, before bidding", "any": "Anyone"}),
    Convention(
        id="redeal_four_jacks", type="bool", default=False, group="redeals",
        title="Redeal on four jacks",
        description="A player holding all four jacks may ask for a redeal."),
    Convention(
        id="redeal_low_hand", type="int", values=(0, 13, 14, 15), default=14, group="redeals",
        title="Redeal on a weak hand",
        description="A player whose cards are worth fewer points than this (marriages not "
                    "counted) may ask for a redeal, however many cards he holds at the time.",
        value_labels={0: "Off", 13: "Under 13 points", 14: "Under 14 points",
                      15: "Under 15 points"}),
    Convention(
        id="redeal_hand_windows", type="enum",
        values=("none", "before_bidding", "after_pass", "both"), default="both", group="redeals",
        title="When a hand allows a redeal",
        description="Before bidding: every player, on his first 7 cards. After the contract: each "
                    "defender, on his 8 cards, before the first lead. The declarer may always ask "
                    "right after taking the talon.",
        value_labels={"none": "Only the declarer, with the talon",
                      "before_bidding": "Before bidding", "after_pass": "After the contract",
                      "both": "Before bidding and after the contract"}),
    Convention(
        id="redeal_talon_low", type="int", values=(0, 5), default=5, group="redeals",
        title="Redeal on a poor talon",
        description="After taking the talon the declarer may ask for a redeal if the talon is "
                    "worth fewer points than this.",
        value_labels={0: "Off", 5: "Under 5 points"},
        requires_not=NOT_TWO_PLAYERS),
    Convention(
        id="redeal_talon_two_nines", type="bool", default=True, group="redeals",
        title="Redeal on two nines in the talon",
        description="After taking the talon the declarer may ask for a redeal if it holds two or "
                    "more nines.",
        requires_not=NOT_TWO_PLAYERS),
    Convention(
        id="redeal_talon_three_jacks", type="bool", default=False, group="redeals",
        title="Redeal on three jacks in the talon",
        description="After taking the talon the declarer may ask for a redeal if it is three "
                    "jacks.",
        requires_not=NOT_TWO_PLAYERS),
    Convention(
        id="redeal_talon_only_at_100", type="bool", default=False, group="redeals",
        title="Talon redeals only at an uncontested 100",
        description="On: a poor talon allows a redeal only when the sitter took it at 100 with "
                    "nobody bidding against him.",
        requires_not=NOT_TWO_PLAYERS),
    Convention(
        id="redeal_mandatory", type="enum", values=("none", "talon_only", "all"), default="none",
        group="redeals",
        title="Compulsory redeal",
        description="Never: a player who may ask for a redeal can also play on. Bad talon: a "
                    "talon that qualifies voids the deal at once. Always: any qualifying hand or "
                    "talon voids the deal at once.",
        value_labels={"none": "Never (player's choice)", "talon_only": "Bad talon",
                      "all": "Always"}),
    Convention(
        id="redeal_four_aces", type="enum",
        values=("off", "dealt", "dealt_or_talon", "dealt_else_give_ace"),
        default="off", group="redeals",
        title="Redeal on four aces",
        description="Dealt: a player dealt four aces must show them and the cards are dealt "
                    "again. Or with the talon: also when the declarer holds four aces after "
                    "taking the talon. Else pass an ace: as Dealt, but a declarer who completes "
                    "four aces from the talon must pass at least one ace. Not with the ace "
                    "marriage.",
        value_labels={"off": "Off", "dealt": "Dealt", "dealt_or_talon": "Dealt or with the talon",
                      "dealt_else_give_ace": "Dealt; else pass an ace"}),
    Convention(
        id="third_redeal_penalty", type="int", values=(0, 120), default=0, group="redeals",
        title="Third redeal in a row",
        description="After two redeals in a row by the same dealer, a third is refused: the "
                    "dealer loses this many points and the cards are played as dealt, even if a "
                    "redeal would be compulsory.",
        value_labels={0: "No limit", 120: "Refused; dealer loses 120"}),
]

BIDDING = [
    Convention(
        id="forced_100", type="bool", default=True, group="bidding",
        title="Forced 100",
        description="On: the player on the dealer's left bids 100 automatically and cannot take "
                    "it back. Off: he speaks first and may pass; if everyone passes, the deal is "
                    "not played and the next dealer deals."),
    Convention(
        id="bid_step", type="enum", values=("5", "10", "5_then_10_from_200"), default="5",
        group="bidding",
        title="Bid steps",
        description="Which numbers bids and contracts may be. Multiples of 10: the forced 100 "
                    "stays. 5, then 10: multiples of 5 below 200, of 10 from 200.",
        value_labels={"5": "Multiples of 5", "10": "Multiples of 10",
                      "5_then_10_from_200": "5, then 10 from 200"}),
    Convention(
        id="bid_jumps", type="bool", default=True, group="bidding",
        title="Jump bids",
        description="On: a raise may be to any higher bid. Off: every raise is exactly one step "
                    "over the bid before it (the contract may still be raised freely)."),
    Convention(
        id="bid_marriage_limit", type="enum", values=("none", "over_120", "cap"), default="cap",
        group="bidding",
        title="Marriages and high bids",
        description="Over 120: a bid above 120 needs a marriage in hand. Capped: that, and no bid "
                    "may exceed 120 plus the values of the marriages in hand. Raising the "
                    "contract follows the same limit.",
        value_labels={"none": "No limit", "over_120": "Marriage to bid over 120",
                      "cap": "Capped at 120 + marriages"}),
    Convention(
        id="max_bid", type="int", values=(0, 300, 420), default=300, group="bidding",
        title="Highest bid",
        description="The highest bid or contract allowed.",
        value_labels={0: "No maximum", 300: "300", 420: "420"}),
    Convention(
        id="low_score_rule", type="enum", values=("none", "auto_pass_below", "others_must_pass"),
        default="auto_pass_below", group="bidding",
        title="Bidding in the minus",
        description="For a player whose total is below the threshold when the deal starts. Must "
                    "pass: he passes at every turn (a forced 100 still stands). Others pass: if "
                    "he makes a bid of his own, everyone else must pass, so he wins the bidding.",
        value_labels={"none": "Off", "auto_pass_below": "Low scorer must pass",
                      "others_must_pass": "Others pass to a low scorer"}),
    Convention(
        id="low_score_threshold", type="int", values=(100, 0, -100, -120, -200, -300, -1000),
        default=-120, group="bidding",
        title="Minus threshold",
        description="The total below which the bidding-in-the-minus rule applies (strictly "
                    "below).",
        value_labels={100: "Below 100", 0: "Below 0", -100: "Below -100", -120: "Below -120",
                      -200: "Below -200", -300: "Below -300", -1000: "Below -1000"},
        requires=("low_score_rule", ("auto_pass_below", "others_must_pass"))),
]

DARK = [
    Convention(
        id="dark_game", type="bool", default=False, group="dark",
        title="Dark game",
        description="On: before looking at his cards a player may go dark, bidding 120 blind. If "
                    "nobody outbids him (a bid over 120 needs a marriage) he takes the talon "
                    "without showing it and the deal counts double."),
    Convention(
        id="dark_who", type="enum", values=("sitter", "anyone"), default="sitter", group="dark",
        title="Who may go dark",
        description="Anyone: each player is asked in turn from the dealer's left, and the first "
                    "to say yes goes dark.",
        value_labels={"sitter": "Dealer's left only", "anyone": "Anyone"},
        requires=("dark_game", True)),
    Convention(
        id="dark_can_raise", type="bool", default=False, group="dark",
        title="Raise a dark contract",
        description="On: a dark declarer may raise his contract above 120; the deal stays dark.",
        requires=DARK_ANY),
    Convention(
        id="dark_min_score", type="int_or_null", values=(None, 0, 120, 240), default=240,
        group="dark",
        title="Total needed to go dark",
        description="A player may go dark only if his total is at least this.",
        value_labels={None: "No limit", 0: "0 or more", 120: "120 or more", 240: "240 or more"},
        requires=("dark_game", True)),
    Convention(
        id="dark_on_barrel", type="bool", default=False, group="dark",
        title="Dark while someone is on the barrel",
        description="Off: nobody may go dark while any player is on the barrel.",
        requires=("dark_game", True), requires_not=("barrel", False)),
    Convention(
        id="dark_bidding", type="bool", default=False, group="dark",
        title="Dark bidding",
        description="On: players may bid without looking at their cards. If the winner still has "
                    "not looked when bidding ends, he takes the talon without showing it and the "
                    "deal counts double."),
    Convention(
        id="dark_scope", type="enum", values=("declarer", "all", "all_but_defender_marriages"),
        default="all", group="dark",
        title="What a dark deal doubles",
        description="Declarer only: only the dark declarer's own result is doubled. Everything: "
                    "every result of the deal. All but defenders' marriages: every result, except "
                    "the marriages the defenders announced.",
        value_labels={"declarer": "Declarer only", "all": "Everything",
                      "all_but_defender_marriages": "All but defenders' marriages"},
        requires=DARK_ANY),
    Convention(
        id="dark_bolts_double", type="bool", default=True, group="dark",
        title="Bolts double in the dark",
        description="On: each bolt in a dark deal counts as two.",
        requires=DARK_ANY),
    Convention(
        id="dark_write_off", type="bool", default=True, group="dark",
        title="Write off a dark game",
        description="On: a dark declarer may write the deal off, with the results doubled as the "
                    "deal is. Off: he must play it.",
        requires=DARK_ANY),
]

TALON = [
    Convention(
        id="talon_reveal", type="enum",
        values=("always", "hidden_at_100", "hidden_if_sitter", "choice_at_100"),
        default="hidden_at_100", group="talon",
        title="Showing the talon",
        description="Whether the declarer shows the talon to everyone. An uncontested 100 is the "
                    "sitter's 100 with nobody bidding against him. Dark deals never show the "
                    "talon; a barrel game without bidding always does.",
        value_labels={"always": "Always shown", "hidden_at_100": "Hidden at an uncontested 100",
                      "hidden_if_sitter": "Hidden when the sitter takes it",
                      "choice_at_100": "Declarer's choice at an uncontested 100"}),
    Convention(
        id="pass_visibility", type="enum", values=("face_down", "face_up"), default="face_down",
        group="talon",
        title="Passed cards",
        description="Whether the card the declarer passes to each opponent is shown to everyone. "
                    "In dark deals they are always face down.",
        value_labels={"face_down": "Face down", "face_up": "Face up"}),
    Convention(
        id="contract_timing", type="enum", values=("after_pass", "before_pass"),
        default="after_pass", group="talon",
        title="When the contract is named",
        description="After passing: the declarer passes a card to each opponent, then names his "
                    "contract. Before passing: he names it on his 10 cards, then passes.",
        value_labels={"after_pass": "After passing cards", "before_pass": "Before passing cards"}),
    Convention(
        id="write_off", type="bool", default=True, group="talon",
        title="Write-off",
        description="On: after seeing the talon the declarer may give up the deal without "
                    "playing; he pays the write-off cost and each opponent scores the payout."),
    Convention(
        id="write_off_payout", type="enum", values=("60_each", "half_bid_each", "half_bid_max_60"),
        default="60_each", group="talon",
        title="Write-off payout",
        description="What each opponent scores when the declarer writes off. Half the bid is "
                    "rounded up to a multiple of 5 (a bid of 105 pays 55).",
        value_labels={"60_each": "60 each", "half_bid_each": "Half the bid each",
                      "half_bid_max_60": "Half the bid, at most 60"},
        requires=("write_off", True)),
    Convention(
        id="write_off_cost", type="enum",
        values=("bid", "free", "first_free", "three_free_then_120", "free_third_120", "bolt"),
        default="bid", group="talon",
        title="Write-off cost",
        description="What the declarer loses when he writes off: his winning bid; nothing; "
                    "nothing the first time in a game, then the bid; nothing the first three "
                    "times, then 120 each; nothing except 120 for his third; or no points but a "
                    "bolt.",
        value_labels={"bid": "The bid", "free": "Nothing", "first_free": "First free, then the bid",
                      "three_free_then_120": "Three free, then 120",
                      "free_third_120": "Free, but the third costs 120", "bolt": "A bolt"},
        requires=("write_off", True)),
    Convention(
        id="write_off_limit", type="int", values=(0, 1, 3), default=0, group="talon",
        title="Write-offs per game",
        description="How many times each player may write off in one game. Crosses do not count.",
        value_labels={0: "Unlimited", 1: "1", 3: "3"},
        requires=("write_off", True)),
    Convention(
        id="write_off_on_barrel", type="enum", values=("allowed", "not_barrel_player", "nobody"),
        default="not_barrel_player", group="talon",
        title="Write-off and the barrel",
        description="Who may write off (or cross) while a player is on the barrel.",
        value_labels={"allowed": "Everyone", "not_barrel_player": "All but the barrel player",
                      "nobody": "Nobody"},
        requires=(("write_off", True), ("cross_rule", True)), requires_not=("barrel", False)),
    Convention(
        id="cross_rule", type="bool", default=False, group="talon",
        title="Cross",
        description="On: instead of writing off, the declarer may cross: his total does not "
                    "change, each opponent gets a bolt, and every second cross costs him 120."),
]

TRICKS = [
    Convention(
        id="first_lead", type="enum", values=("declarer", "left_of_dealer", "dealer"),
        default="declarer", group="tricks",
        title="First lead",
        description="Who leads to the first trick. Not the dealer with 4 players, as he has no "
                    "cards.",
        value_labels={"declarer": "The declarer", "left_of_dealer": "Dealer's left",
                      "dealer": "The dealer"}),
    Convention(
        id="must_trump", type="bool", default=True, group="tricks",
        title="Must trump",
        description="On: a player who cannot follow suit must play a trump if he has one. Off: he "
                    "may play any card."),
    Convention(
        id="must_beat", type="enum", values=("none", "higher_in_suit", "polish"), default="none",
        group="tricks",
        title="Must beat",
        description="Beat in suit: while the trick holds no trump, a player following suit must "
                    "play higher than every card of that suit in it, if he can. Polish: also, a "
                    "player who trumps must play higher than every trump already in the trick, if "
                    "he can.",
        value_labels={"none": "No", "higher_in_suit": "Beat in suit",
                      "polish": "Beat in suit and over-trump"}),
    Convention(
        id="no_lead_foreign_trump", type="bool", default=False, group="tricks",
        title="Only the announcer leads trumps",
        description="On: a player may lead a trump only if he announced the marriage that made it "
                    "trump, or holds nothing but trumps. Leading the king or queen of trumps to "
                    "announce his own marriage is allowed."),
]

MARRIAGES = [
    Convention(
        id="marriage_values", type="enum",
        values=("standard", "clubs_hearts", "clubs_spades", "five_oh_one"),
        default="standard", group="marriages",
        title="Marriage values",
        description="What a king and queen of each suit are worth when announced.",
        value_labels={"standard": "♥100 ♦80 ♣60 ♠40",
                      "clubs_hearts": "♣100 ♥80 ♠60 ♦40",
                      "clubs_spades": "♣100 ♠80 ♥60 ♦40",
                      "five_oh_one": "♥80 ♠60 ♦40 ♣20"}),
    Convention(
        id="marriage_timing", type="enum", values=("after_own_trick", "from_first_lead"),
        default="after_own_trick", group="marriages",
        title="When marriages can be announced",
        description="A marriage is announced by leading its king or queen. After a trick: only by "
                    "a player who has taken a trick, so never on the first trick. From the first "
                    "lead: on any lead.",
        value_labels={"after_own_trick": "After taking a trick",
                      "from_first_lead": "From the first lead"},
        # Some tables say "not on the first trick", which is the same rule.
        aliases={"not_first_trick": "after_own_trick"}),
    Convention(
        id="marriage_trump_choice", type="bool", default=False, group="marriages",
        title="Points without a trump change",
        description="On: when announcing a marriage a player may choose to score its points and "
                    "leave the trump as it was.",
        requires_not=TRUMP_NAMED),
    Convention(
        id="trump_mode", type="enum", values=("marriages", "declarer_names"), default="marriages",
        group="marriages",
        title="Trump",
        description="Named by the declarer: after naming his contract the declarer names the "
                    "trump for the whole deal; marriages still score but never change it.",
        value_labels={"marriages": "Set by marriages", "declarer_names": "Named by the declarer"}),
    Convention(
        id="trump_takes_effect", type="enum", values=("immediately", "next_trick"),
        default="immediately", group="marriages",
        title="New trump takes effect",
        description="Whether an announced marriage's suit is trump already in the trick it was "
                    "led to, or only from the next trick.",
        value_labels={"immediately": "At once", "next_trick": "From the next trick"},
        requires_not=TRUMP_NAMED),
    Convention(
        id="marriage_points_to", type="enum", values=("announcer", "declarer_only"),
        default="announcer", group="marriages",
        title="Who scores marriages",
        description="Declarer only: a defender's marriage still changes the trump but scores "
                    "nothing.",
        value_labels={"announcer": "Whoever announces", "declarer_only": "Declarer only"}),
    Convention(
        id="ace_marriage", type="bool", default=False, group="marriages",
        title="Ace marriage",
        description="On: a player holding all four aces may announce them like a marriage, worth "
                    "200, by leading one of them. Not with a redeal on four aces."),
    Convention(
        id="ace_marriage_trump", type="enum", values=("led_ace_suit", "unchanged"),
        default="led_ace_suit", group="marriages",
        title="Ace marriage and trump",
        description="Whether announcing an ace marriage makes the led ace's suit trump, or only "
                    "scores.",
        value_labels={"led_ace_suit": "Led ace's suit", "unchanged": "No change"},
        requires=("ace_marriage", True), requires_not=TRUMP_NAMED),
    Convention(
        id="ace_marriage_lead_all", type="bool", default=False, group="marriages",
        title="Lead out the aces",
        description="On: after an ace marriage, each time the announcer has the lead he must lead "
                    "one of his remaining aces until none is left.",
        requires=("ace_marriage", True)),
    Convention(
        id="bed_marriage", type="bool", default=False, group="marriages",
        title="Bed marriage",
        description="On: the queen and jack of one suit make a small marriage worth half that "
                    "suit's marriage, announced like one by leading either card, and it sets the "
                    "trump."),
    Convention(
        id="four_nines_bonus", type="int", values=(0, 100, 200, 360), default=0, group="marriages",
        title="Four nines bonus",
        description="A player holding all four nines may announce them like a marriage, by "
                    "leading one, for this many points; the trump does not change.",
        value_labels={0: "Off", 100: "100", 200: "200", 360: "360"}),
]

SCORING = [
    Convention(
        id="defender_rounding", type="enum", values=("nearest_5", "nearest_10", "exact"),
        default="nearest_5", group="scoring",
        title="Defenders' rounding",
        description="How defenders' points are rounded. Nearest 5: 67 gives 65, 68 gives 70. "
                    "Nearest 10: a final 5 rounds up.",
        value_labels={"nearest_5": "Nearest 5", "nearest_10": "Nearest 10",
                      "exact": "Not rounded"}),
    Convention(
        id="declarer_rounding", type="enum", values=("exact", "rounded"), default="exact",
        group="scoring",
        title="Declarer's rounding",
        description="Rounded: the declarer's points are rounded like the defenders' before "
                    "checking his contract, so 98 makes 100.",
        value_labels={"exact": "Exact", "rounded": "Rounded like the defenders'"}),
    Convention(
        id="declarer_success_score", type="enum", values=("contract", "deal_points"),
        default="contract", group="scoring",
        title="Declarer scores",
        description="What a declarer who makes his contract scores: the contract, or every point "
                    "he took. A failure always costs the contract.",
        value_labels={"contract": "The contract", "deal_points": "The points he took"}),
    Convention(
        id="bolt_trigger", type="enum", values=("no_tricks", "zero_points", "rounded_zero"),
        default="no_tricks", group="scoring",
        title="Bolt for",
        description="When a player gets a bolt after a deal: he took no trick; he scored nothing "
                    "(no points in his tricks and no marriage); or he scored at most 2 points.",
        value_labels={"no_tricks": "No trick", "zero_points": "No points",
                      "rounded_zero": "2 points or fewer"}),
    Convention(
        id="bolt_mode", type="enum", values=("total", "consecutive", "total_240_consecutive"),
        default="total", group="scoring",
        title="Counting bolts",
        description="Over the game: bolts add up all game. In a row: a deal without a bolt clears "
                    "them. Three in a row cost 240: counted over the game, but three bolts in "
                    "consecutive deals cost 240 instead of the bolt penalty.",
        value_labels={"total": "Over the game", "consecutive": "In a row",
                      "total_240_consecutive": "Over the game; 3 in a row cost 240"}),
    Convention(
        id="bolt_count", type="int", min=2, max=5, default=3, group="scoring",
        title="Bolts per penalty",
        description="Each time a player collects this many bolts he pays the bolt penalty."),
    Convention(
        id="bolt_penalty", type="int", min=0, max=500, step=10, default=120, group="scoring",
        title="Bolt penalty",
        description="Points lost each time a player's bolts reach the count. Never doubled."),
    Convention(
        id="bolt_declarer_exempt", type="bool", default=False, group="scoring",
        title="No bolts for the declarer",
        description="On: the declarer never gets a bolt."),
    Convention(
        id="dump_truck", type="enum", values=("off", "positive", "both"), default="both",
        group="scoring",
        title="Dump truck",
        description="A player whose total after a deal is exactly the dump value (555) goes back "
                    "to 0; with plus or minus, also at exactly minus that value. Passing over it "
                    "does nothing.",
        value_labels={"off": "Off", "positive": "Plus only", "both": "Plus or minus"}),
    Convention(
        id="dump_value", type="int", min=100, max=900, step=5, default=555, group="scoring",
        title="Dump truck value",
        description="The total that sends a player back to 0. It must be below the target.",
        requires=("dump_truck", ("positive", "both"))),
    Convention(
        id="target_score", type="int", values=(501, 1000, 1001), default=1000, group="scoring",
        title="Target",
        description="The total that wins the game. On the barrel a player needs the target minus "
                    "the barrel threshold (121 with 1001).",
        value_labels={501: "501", 1000: "1000", 1001: "1001"}),
    Convention(
        id="target_mode", type="enum", values=("reach", "exceed", "exact"), default="reach",
        group="scoring",
        title="Reaching the target",
        description="Reach: the target or more wins. Go over: more than the target wins. Exactly: "
                    "a result that would take a player past the target is not scored, and a "
                    "barrel player must make exactly what he needs.",
        value_labels={"reach": "Reach it", "exceed": "Go over it", "exact": "Hit it exactly"}),
    Convention(
        id="loss_score", type="int", values=(0, -1000), default=0, group="scoring",
        title="Game over at -1000",
        description="At -1000: the game also ends when a total falls to -1000 or lower, and the "
                    "highest total wins.",
        value_labels={0: "Never", -1000: "At -1000"}),
    Convention(
        id="settlement", type="enum", values=("none", "shortfall", "bank", "proportional"),
        default="none", group="scoring",
        title="Stakes after the game",
        description="Shown after the game in abstract stakes, never money. Shortfall: each loser "
                    "owes the winner the target minus his total. Bank: the winner takes the stake "
                    "from the last player. Proportional: losers pay in proportion to their "
                    "totals.",
        value_labels={"none": "None", "shortfall": "Shortfall", "bank": "Bank",
                      "proportional": "Proportional"}),
]

BARREL_GROUP = [
    Convention(
        id="barrel", type="bool", default=True, group="barrel",
        title="Barrel",
        description="On: a player who reaches the barrel threshold is held there and must win "
                    "from it within a few deals, or fall back. Off: the first to reach the target "
                    "wins."),
    Convention(
        id="barrel_threshold", type="int", values=(880, 900), default=880, group="barrel",
        title="Barrel threshold",
        description="The total at which a player gets onto the barrel.",
        value_labels={880: "880", 900: "900"},
        requires=BARREL),
    Convention(
        id="barrel_mode", type="enum",
        values=("contract", "no_bidding", "auto_bid", "cumulative", "any_role"),
        default="contract", group="barrel",
        title="Winning from the barrel",
        description="Win the bidding: he must win the bidding and make a contract of at least "
                    "what he needs. No bidding: he plays every deal as declarer for what he "
                    "needs, with the talon shown. Automatic bid: he opens the bidding with what "
                    "he needs and others may outbid him. Adds up: his exact points add up over "
                    "his deals. Any role: he must score what he needs in one deal, as declarer or "
                    "defender.",
        value_labels={"contract": "Win the bidding", "no_bidding": "No bidding",
                      "auto_bid": "Automatic bid", "cumulative": "Points add up",
                      "any_role": "Any role"},
        requires=BARREL),
    Convention(
        id="barrel_attempts", type="int", values=(0,), min=1, max=5, default=3, group="barrel",
        title="Deals on the barrel",
        description="How many deals a player has on the barrel before he falls off.",
        value_labels={0: "Unlimited"},
        requires=BARREL),
    Convention(
        id="barrel_fall_result", type="enum", values=("penalty", "zero"), default="penalty",
        group="barrel",
        title="Running out of deals",
        description="What happens to a player who uses up his deals on the barrel: he loses the "
                    "fall penalty, or his total goes to 0.",
        value_labels={"penalty": "Fall penalty", "zero": "Back to 0"},
        requires=BARREL),
    Convention(
        id="barrel_fall_penalty", type="int", values=(120, 121), default=120, group="barrel",
        title="Fall penalty",
        description="Points lost by a player who falls off the barrel, whether his deals ran out "
                    "or he was knocked off.",
        value_labels={120: "120", 121: "121"},
        requires=BARREL),
    Convention(
        id="barrel_fall_rounding", type="enum", values=("none", "floor_10"), default="none",
        group="barrel",
        title="Round down before the fall",
        description="Round down: when his deals run out, his total is first rounded down to a "
                    "multiple of 10, then the penalty is taken (993 gives 990, then 870).",
        value_labels={"none": "No", "floor_10": "Down to 10"},
        requires=BARREL),
    Convention(
        id="barrel_failed_contract", type="enum", values=("fall", "free_at_need"), default="fall",
        group="barrel",
        title="Failed contract on the barrel",
        description="Falls: the barrel player loses his contract and falls off. Free at what he "
                    "needs: failing a contract of exactly what he needs costs nothing and uses up "
                    "a deal; a higher contract failed is as usual.",
        value_labels={"fall": "Loses it and falls", "free_at_need": "Free at what he needs"},
        requires=BARREL),
    Convention(
        id="barrel_knock_off", type="enum", values=("penalty", "no_penalty", "none", "two_may_sit"),
        default="penalty", group="barrel",
        title="Second player on the barrel",
        description="When a player gets onto the barrel while another sits there. Knocked off: "
                    "the sitting player falls, with or without the penalty. Several: both sit. "
                    "Two: two may sit; a third knocks both off with the penalty.",
        value_labels={"penalty": "Knocked off, with penalty",
                      "no_penalty": "Knocked off, no penalty",
                      "none": "Several may sit", "two_may_sit": "Two may sit"},
        requires=BARREL),
    Convention(
        id="barrel_simultaneous", type="enum", values=("all_fall", "highest_sits"),
        default="all_fall", group="barrel",
        title="Reaching the barrel together",
        description="When several players reach the barrel in the same deal. All fall: each falls "
                    "off at once with the penalty, and so does anyone already on it. Highest: the "
                    "highest total sits and the others fall; on a tie all fall.",
        value_labels={"all_fall": "All fall", "highest_sits": "Highest stays"},
        requires=BARREL),
    Convention(
        id="barrel_three_falls", type="enum", values=("none", "zero", "zero_no_more_barrel"),
        default="zero", group="barrel",
        title="Third fall",
        description="What a player's third fall from the barrel does. To 0: his total becomes 0. "
                    "No more barrel: also, he plays on without a barrel and wins by reaching the "
                    "target.",
        value_labels={"none": "Only recorded", "zero": "Total to 0",
                      "zero_no_more_barrel": "Total to 0, no more barrel"},
        requires=BARREL),
    Convention(
        id="barrel_obligatory_game", type="bool", default=False, group="barrel",
        title="Obligatory game",
        description="On: on the last deal of his third barrel a player takes the talon without "
                    "bidding, shown to all, and must make what he needs; if he fails, his total "
                    "becomes 0 and his barrels start over.",
        requires=BARREL),
    Convention(
        id="barrel_opponents_frozen", type="bool", default=False, group="barrel",
        title="Others stand still",
        description="On: when a barrel player is declarer for exactly what he needs, nobody else "
                    "scores or gets a bolt in that deal; a barrel player who is outbid scores "
                    "nothing and gets no bolt.",
        requires=BARREL),
    Convention(
        id="barrel_marriages_count", type="bool", default=True, group="barrel",
        title="Barrel player's marriages count",
        description="Off: a barrel player's marriages add nothing to his points, though he may "
                    "still announce them to set the trump. Only with the cumulative barrel, where "
                    "he gathers his points over several deals.",
        requires=BARREL),
]

GOLDEN_GROUP = [
    Convention(
        id="golden_round", type="bool", default=False, group="golden",
        title="Golden round",
        description="On: the first deals of a game, one per player, count double."),
    Convention(
        id="golden_mode", type="enum", values=("forced_120", "double_only"), default="forced_120",
        group="golden",
        title="Golden deals",
        description="Each plays 120: there is no bidding; the player on the dealer's left is "
                    "declarer at 120. Only doubled: ordinary deals that count double.",
        value_labels={"forced_120": "Each plays 120 in turn", "double_only": "Only doubled"},
        requires=GOLDEN),
    Convention(
        id="golden_can_raise", type="bool", default=False, group="golden",
        title="Raise a golden contract",
        description="On: the golden declarer may raise his contract of 120.",
        requires=GOLDEN, requires_not=GOLDEN_DOUBLE_ONLY),
    Convention(
        id="golden_marriages_doubled", type="enum", values=("all", "not_defenders"), default="all",
        group="golden",
        title="What the golden round doubles",
        description="Every result, or every result except the marriages the defenders announced.",
        value_labels={"all": "Everything", "not_defenders": "All but defenders' marriages"},
        requires=GOLDEN),
    Convention(
        id="golden_bolts_double", type="bool", default=True, group="golden",
        title="Bolts double in the golden round",
        description="On: each bolt in a golden deal counts as two.",
        requires=GOLDEN),
    Convention(
        id="golden_failure", type="enum", values=("replay", "reset_then_normal", "continue"),
        default="replay", group="golden",
        title="If nobody makes 120",
        description="When no golden declarer made his 120. Replay: every total, bolt and count "
                    "goes back to 0 and the golden round starts again. Reset, then normal: the "
                    "same reset, then ordinary play. Play on: nothing happens.",
        value_labels={"replay": "Reset and replay", "reset_then_normal": "Reset, then normal",
                      "continue": "Play on"},
        requires=GOLDEN, requires_not=GOLDEN_DOUBLE_ONLY),
    Convention(
        id="golden_max_circles", type="int", values=(0, 3), default=0, group="golden",
        title="Golden replays",
        description="With replay: after this many failed golden rounds, play goes on normally "
                    "with the totals as they are.",
        value_labels={0: "Unlimited", 3: "3"},
        requires=GOLDEN,
        requires_not=(GOLDEN_DOUBLE_ONLY, ("golden_failure", ("reset_then_normal", "continue")))),
    Convention(
        id="golden_dark", type="bool", default=False, group="golden",
        title="Golden talon unseen",
        description="On: the golden declarer takes the talon without showing it.",
        requires=GOLDEN, requires_not=GOLDEN_DOUBLE_ONLY),
    Convention(
        id="golden_write_off", type="bool", default=True, group="golden",
        title="Write off in the golden round",
        description="Off: nobody may write off or cross in a golden deal. On: allowed, with the "
                    "results doubled.",
        requires=GOLDEN),
]

PLAYERS = [
    Convention(
        id="two_talon_size", type="int", values=(2, 3), default=2, group="players",
        title="Two players: talon size",
        description="The size of each of the two talons; with 3 each player gets 9 cards. Talons "
                    "of 3 go with the exchange 'one each', talons of 2 with the others.",
        value_labels={2: "Two talons of 2", 3: "Two talons of 3"},
        requires=("player_count", 2)),
    Convention(
        id="two_exchange", type="enum", values=("discard_two", "give_one", "one_each"),
        default="discard_two", group="players",
        title="Two players: after the talon",
        description="Discard two: the declarer puts two cards face down with the unused talon. "
                    "Give one: he gives one card face down to the opponent. One each: one to the "
                    "opponent and one to the unused talon.",
        value_labels={"discard_two": "Discard two", "give_one": "Give one",
                      "one_each": "One each"},
        requires=("player_count", 2)),
    Convention(
        id="two_widow", type="enum", values=("last_trick", "dead"), default="last_trick",
        group="players",
        title="Two players: the unused talon",
        description="Whether the cards left aside go to whoever takes the last trick, or count "
                    "for nobody.",
        value_labels={"last_trick": "To the last trick", "dead": "Count for nobody"},
        requires=("player_count", 2)),
    Convention(
        id="four_sitter_score", type="enum", values=("talon_points", "flat_30"),
        default="talon_points", group="players",
        title="Four players: the resting dealer",
        description="What the dealer, who sits out, scores: the points of the talon's cards, or a "
                    "flat 30. Marriages in the talon are added as the next setting says.",
        value_labels={"talon_points": "The talon's points", "flat_30": "A flat 30"},
        requires=("player_count", 4)),
    Convention(
        id="four_talon_marriage", type="enum", values=("none", "full", "full_or_half"),
        default="full", group="players",
        title="Four players: marriage in the talon",
        description="Whether a marriage in the talon scores for the resting dealer; and with "
                    "halves, half its value when the talon holds only its king or only its queen.",
        value_labels={"none": "No", "full": "Full marriages",
                      "full_or_half": "Full, or half for one card"},
        requires=("player_count", 4)),
]


# --- combinations refused (§4.12) ----------------------------------------------------------------

def _ace_marriage_and_four_aces(v):
    if v["ace_marriage"] and v["redeal_four_aces"] != "off":
        return Phrase(N_("ace_marriage cannot be on while redeal_four_aces is not off "
                         "(four aces would be both a redeal and a marriage)"))


def _two_player_talons(v):
    if v["two_talon_size"] == 3 and v["two_exchange"] != "one_each":
        return Phrase(N_("two_talon_size 3 needs two_exchange one_each "
                         "(with talons of 3 only one_each leaves both players 10 cards)"))
    if v["two_talon_size"] == 2 and v["two_exchange"] == "one_each":
        return Phrase(N_("two_exchange one_each needs two_talon_size 3 (with talons of 2 it "
                         "leaves 10 cards against 11); with two_talon_size 2 use discard_two or "
                         "give_one"))


def _barrel_below_target(v):
    if v["barrel"] and v["barrel_threshold"] >= v["target_score"]:
        return Phrase(N_("barrel_threshold {threshold} must be below target_score {target} while "
                         "barrel is on (turn barrel off)"),
                      threshold=v["barrel_threshold"], target=v["target_score"])


def _dump_below_target(v):
    if v["dump_truck"] != "off" and v["dump_value"] >= v["target_score"]:
        return Phrase(N_("dump_value {dump} must be below target_score {target} while dump_truck "
                         "is not off (turn dump_truck off)"),
                      dump=v["dump_value"], target=v["target_score"])


def _dealer_leads_with_cards(v):
    if v["first_lead"] == "dealer" and v["player_count"] == 4:
        return Phrase(N_("first_lead cannot be dealer with player_count 4 (the dealer sits out "
                         "and has no cards); allowed: declarer, left_of_dealer"))


def _golden_dark_needs_declarer(v):
    if v["golden_mode"] == "double_only" and v["golden_dark"]:
        return Phrase(N_("golden_dark cannot be on with golden_mode double_only "
                         "(no golden declarer takes the talon); use forced_120"))


def _free_at_need_needs_contract(v):
    mode = v["barrel_mode"]
    if mode in ("cumulative", "any_role") and v["barrel_failed_contract"] == "free_at_need":
        return Phrase(N_("barrel_failed_contract cannot be free_at_need with barrel_mode {mode} "
                         "(nothing to free); allowed with contract, no_bidding, auto_bid"),
                      mode=mode)


def _uncounted_marriages_need_cumulative(v):
    # Issue 8 ("every house rule playable to the end"): in every other mode a barrel player wins
    # only by a contract or a result of B_need in one deal; without his marriages that takes all
    # 120 card points, so the barrel is almost never won and the game goes on for ever.
    if v["barrel"] and not v["barrel_marriages_count"] and v["barrel_mode"] != "cumulative":
        return Phrase(N_("barrel_marriages_count can be off only with barrel_mode cumulative "
                         "(with {mode} a barrel player would need all 120 card points in one "
                         "deal to win)"), mode=v["barrel_mode"])


def _one_cumulative_attempt_reaches_need(v):
    # Issue 8 (fuzz case cards:3494, 1500 deals without an end): the cumulative barrel player has
    # `barrel_attempts` deals to gather B_need, bids at most B_need on the grid, and so makes at
    # most 120 as declarer; as defender he takes at most the 120 card points. With one attempt
    # and a B_need over 120 (target_mode exceed: 121) he can gather it only through marriages
    # that count for him; without them nobody ever gets off the barrel to the target.
    if not (v["barrel"] and v["barrel_mode"] == "cumulative" and v["barrel_attempts"] == 1):
        return None
    from thousand.cards.score import b_need  # score reads the catalogue's values, not it
    need = b_need(v)
    declarer_more = v["declarer_success_score"] == "deal_points"
    defender_more = v["marriage_points_to"] != "declarer_only"
    if need > 120 and not (v["barrel_marriages_count"] and (declarer_more or defender_more)):
        return Phrase(N_("barrel_attempts 1 with barrel_mode cumulative cannot go with a barrel "
                         "need of {need}: a barrel player makes at most 120 in one deal, so no "
                         "one would ever win (allow more attempts, or let his marriages count)"),
                      need=need)


def _exact_target_needs_contract_scores(v):
    # Issue 8: exact deal points leave totals off the 5-point grid that defenders score on, and a
    # barrel player must then take exactly B_need: the target is met only by chance (heuristic
    # games: none ended in 1,300 deals).
    if v["target_mode"] == "exact" and v["declarer_success_score"] == "deal_points":
        return Phrase(N_("target_mode exact cannot go with declarer_success_score deal_points (a "
                         "total must land on the target exactly, which exact deal points do only "
                         "by chance); use declarer_success_score contract"))


def _exact_target_reachable(v):
    # Issue 8: contracts, rounded defenders' points, marriages and penalties all move a total in
    # steps of 5, so an exact 501 or 1001 is never met unless defenders score exact points.
    if v["target_mode"] == "exact" and v["target_score"] % 5 and v["defender_rounding"] != "exact":
        return Phrase(N_("target_mode exact cannot go with target_score {target}: totals move in "
                         "steps of 5 and would never land on it (allowed with defender_rounding "
                         "exact)"), target=v["target_score"])


CONSTRAINTS = [
    Constraint(("ace_marriage", "redeal_four_aces"), _ace_marriage_and_four_aces),
    Constraint(("two_talon_size", "two_exchange"), _two_player_talons),
    Constraint(("barrel", "barrel_threshold", "target_score"), _barrel_below_target),
    Constraint(("dump_truck", "dump_value", "target_score"), _dump_below_target),
    Constraint(("first_lead", "player_count"), _dealer_leads_with_cards),
    Constraint(("golden_mode", "golden_dark"), _golden_dark_needs_declarer),
    Constraint(("barrel_mode", "barrel_failed_contract"), _free_at_need_needs_contract),
    Constraint(("barrel_marriages_count", "barrel_mode"), _uncounted_marriages_need_cumulative),
    Constraint(("barrel_attempts", "barrel_mode", "target_mode"), _one_cumulative_attempt_reaches_need),
    Constraint(("target_mode", "declarer_success_score"), _exact_target_needs_contract_scores),
    Constraint(("target_mode", "target_score", "defender_rounding"), _exact_target_reachable),
]

CATALOGUE = Catalogue(
    game="cards",
    schema_version=1,
    groups=GROUPS,
    conventions=TABLE + REDEALS + BIDDING + DARK + TALON + TRICKS + MARRIAGES + SCORING
    + BARREL_GROUP + GOLDEN_GROUP + PLAYERS,
    constraints=CONSTRAINTS,
    presets=PRESETS,
)
