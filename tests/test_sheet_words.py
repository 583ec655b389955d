"""The score sheet in the player's words (issue 20, Must 9): its errors name the fields as the form
labels them and never a convention id; an empty field is never blamed with a value it does not
have; trick counts are asked only where the rules need them (a bolt for taking no trick, R53,
convention bolt_trigger = no_tricks), and then only who took none; after a deal is recorded the
new totals are brought into view."""
import re

import pytest

from test_ui_sheet import NAMES3, alert, enter, expected, new_app, shown_totals, start, stored
from thousand.cards.catalogue import CATALOGUE
from thousand.cards.scoresheet import score_sheet
from thousand.errors import BadInput
from thousand.ui.screens import sheet as ui

IDS = sorted(CATALOGUE.ids(), key=len, reverse=True)


def no_convention_id(text: str) -> bool:
    return not re.search(r"\b(" + "|".join(i for i in IDS if "_" in i) + r")\b", text) and \
        not re.search(r"\b(" + "|".join(IDS) + r") = ", text)


def test_a_bid_off_the_grid_is_worded_as_the_form_and_the_rules_say_it_bid_step():
    app = new_app()
    start(app)
    before = stored(app)
    enter(app, {"declarer": 1, "bid": 103, "card_points": [35, 70, 15], "tricks": [2, 5, 1]})
    said = alert(app)
    assert said == "The winning bid: 103 is not a bid in these rules (bids go up in steps of 5)."
    assert no_convention_id(said) and stored(app) == before


def test_a_bid_over_the_highest_is_worded_without_max_bid():
    app = new_app()
    start(app)
    enter(app, {"declarer": 1, "bid": 100, "contract": 305, "card_points": [35, 70, 15],
                "tricks": [2, 5, 1]})
    assert alert(app) == "The contract: 305 is more than the highest bid in these rules, 300."


def test_any_other_convention_id_in_an_engine_reason_is_named_by_its_title():
    exc = BadInput("deals[0].outcome", "write-offs are off (write_off = false)")
    assert ui.in_words(exc, NAMES3) == "The outcome: write-offs are off (“Write-off”: off)."
    exc = BadInput("deals[0].outcome", "a player is on the barrel (write_off_on_barrel)")
    # a plain word that is also an id ("barrel") is left as a word
    assert ui.in_words(exc, NAMES3) == \
        "The outcome: a player is on the barrel (“Write-off and the barrel”)."
    exc = BadInput("deals[0].bid", "a barrel player may not bid over {need} (barrel_mode = "
                   "cumulative; got {got})", need=120, got=130)
    said = ui.in_words(exc, NAMES3)
    assert no_convention_id(said) and said.startswith("The winning bid: ")


def test_an_empty_field_is_never_blamed_with_a_value_it_does_not_have():
    app = new_app()
    start(app)
    before = stored(app)
    enter(app, {"declarer": 1, "bid": 100, "card_points": [80, 70, 0], "tricks": [2, 5, 1]},
          blank=2)
    said = alert(app)
    assert said == ("The card points entered add up to 150, more than 120: nothing is left for "
                    "Vera, whose field is empty.")
    assert "−30" not in said and "-30" not in said and stored(app) == before


def test_R53_no_tricks_only_who_took_no_trick_is_asked():
    app = new_app()
    start(app)
    page = str(app.render())
    assert page.count('id="sd-notrick-') == 3 and "sd-tricks-" not in page
    # Vera took no trick: a bolt; the others' counts are not asked (null in the sheet)
    enter(app, {"declarer": 1, "bid": 100, "card_points": [35, 85, 0], "tricks": [2, 6, 0]})
    assert alert(app) == ""
    entry = stored(app)["deals"][-1]
    assert entry["tricks"] == [None, None, 0]
    out = score_sheet(stored(app))
    assert out["final"]["bolts"] == [0, 0, 1]
    assert out["final"]["totals"] == expected(
        [{"declarer": 1, "bid": 100, "card_points": [35, 85, 0], "tricks": [2, 6, 0]}]
    )["final"]["totals"]


def test_R53_card_points_without_a_trick_and_nobody_taking_tricks_are_refused():
    app = new_app()
    start(app)
    before = stored(app)
    enter(app, {"declarer": 1, "bid": 100, "card_points": [35, 70, 15], "tricks": [2, 6, 0]})
    assert alert(app) == "Vera's card points: 15 card points without a trick."
    enter(app, {"declarer": 1, "bid": 100, "card_points": [0, 0, 0], "tricks": [0, 0, 0]},
          blank=1)
    assert "untick “Took no trick”" in alert(app)
    assert stored(app) == before


@pytest.mark.parametrize("trigger", ["zero_points", "rounded_zero"])
def test_bolt_trigger_by_points_asks_no_tricks_at_all(trigger):
    app = new_app()
    app.store.save_convention_set("Points", {"preset": "classic",
                                             "overrides": {"bolt_trigger": trigger}})
    start(app, rules="set:Points")
    page = str(app.render())
    assert "sd-notrick-" not in page and "sd-tricks-" not in page
    enter(app, {"declarer": 1, "bid": 100, "card_points": [35, 85, 0]})
    assert alert(app) == ""
    assert "tricks" not in stored(app)["deals"][-1]
    assert score_sheet(stored(app))["final"]["bolts"] == [0, 0, 1]


def test_a_sheet_file_with_trick_counts_still_scores_and_nulls_are_checked():
    base = {"format": "thousand-score-sheet", "version": 1, "players": NAMES3, "preset": "classic",
            "first_dealer": 0}
    deal = {"declarer": 1, "bid": 100, "card_points": [35, 85, 0]}
    counts = score_sheet({**base, "deals": [{**deal, "tricks": [2, 6, 0]}]})
    nulls = score_sheet({**base, "deals": [{**deal, "tricks": [None, None, 0]}]})
    assert counts["final"]["totals"] == nulls["final"]["totals"]
    with pytest.raises(BadInput, match="tricks"):
        score_sheet({**base, "deals": [deal]})  # bolt_trigger = no_tricks needs them
    with pytest.raises(BadInput, match="must total 8"):
        score_sheet({**base, "deals": [{**deal, "tricks": [None, 8, 0]}]})  # a null is a trick at least


def test_after_a_deal_is_recorded_the_totals_are_brought_into_view():
    app = new_app()
    start(app)
    enter(app, {"declarer": 1, "bid": 100, "card_points": [15, 105, 0], "tricks": [2, 6, 0]})
    assert app.ui.get("focus") == ui.TOTALS_ID
    page = str(app.render())
    assert f'id="{ui.TOTALS_ID}"' in page and 'tabindex="-1"' in page
    assert shown_totals(app) == {"Anna": 15, "Boris": 100, "Vera": 0}
