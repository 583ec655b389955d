"""The conventions screen under CPython: one control per convention from the catalogue, changes
checked as a whole set (a refused one keeps the old values and says why), presets, and saved sets
(save, replace, rename, delete, use) reaching the New game screen and the started game."""
import re
from html import unescape

import pytest

from thousand.cards.catalogue import CATALOGUE
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens.new import setup_of


def make_app(store=None):
    return App(store or Store(MemoryBackend()), seed=7)


def open_screen(app=None):
    app = app or make_app()
    app.handle({"do": "go", "screen": "conventions"})
    return app


def html_of(app) -> str:
    return str(app.render())


def setup(app) -> dict:
    return app.ui["keep"]["setup"]


def set_(app, cid, value):
    app.handle({"do": "conventions.set", "id": cid, "value": value})


def alerts(html) -> list:
    return [unescape(re.sub(r"<[^>]+>", "", m))
            for m in re.findall(r'role="alert"[^>]*>(.*?)</p>', html, re.S)]


def control(html, cid) -> str:
    """The opening tag of a convention's control."""
    m = re.search(rf'<(input|select|span)\b[^>]*\bid="conv-{cid}"[^>]*>', html)
    assert m, cid
    return m.group(0)


ROW_START = re.compile(r'<div class="conv(?: [^"]*)?">')


def row(html, cid) -> str:
    """The markup of one convention's row (its head, control, notes)."""
    at = html.index(f'id="conv-{cid}"')
    starts = [m.start() for m in ROW_START.finditer(html)]
    start = max(s for s in starts if s < at)
    ends = [s for s in starts if s > at] + [html.index("</fieldset>", at)]
    return html[start:min(ends)]


def selected(html, cid) -> str:
    m = re.search(rf'id="conv-{cid}".*?</select>', html, re.S)
    return re.search(r'<option value="([^"]*)" selected>', m.group(0)).group(1)


def save(app, name):
    app.handle({"do": "conventions.save", "fields": {"conv-save-name": name}})


# --- what is shown --------------------------------------------------------------------------------

def test_every_convention_once_in_eleven_fieldsets():
    html = html_of(open_screen())
    ids = CATALOGUE.ids()
    assert len(ids) == 103
    for cid in ids:
        assert len(re.findall(rf'\bid="conv-{cid}"', html)) == 1, cid
    assert html.count("<fieldset") == 11
    legends = re.findall(r"<legend>.*?</legend>", html, re.S)
    titles = [g["title"] for g in CATALOGUE.describe()]
    assert len(legends) == 11
    for legend, title in zip(legends, titles):
        assert title in legend
    for g in CATALOGUE.describe():
        assert g["description"] in html


def test_controls_follow_the_convention_types():
    html = html_of(open_screen())
    assert 'type="checkbox"' in control(html, "ace_marriage")
    assert control(html, "dump_truck").startswith("<select")
    assert "Plus or minus" in row(html, "dump_truck")          # value labels, not raw ids
    dump_value = control(html, "dump_value")
    assert 'type="number"' in dump_value and 'min="100"' in dump_value
    assert 'max="900"' in dump_value and 'step="5"' in dump_value
    assert control(html, "bolt_count").startswith("<select")   # a short range: a select
    assert control(html, "dark_min_score").startswith("<select")
    assert '<option value="null"' in row(html, "dark_min_score") and "No limit" in row(html, "dark_min_score")
    # every control is labelled and described
    for cid in CATALOGUE.ids():
        if cid == "player_count":
            continue
        tag = control(html, cid)
        assert f'<label for="conv-{cid}"' in html, cid
        assert f"conv-{cid}-desc" in re.search(r'aria-describedby="([^"]*)"', tag).group(1)


def test_fourteen_presets_by_title_and_player_count_read_only():
    html = html_of(open_screen())
    preset_select = re.search(r'<select id="conv-preset".*?</select>', html, re.S).group(0)
    titles = [p["title"] for p in CATALOGUE.describe_presets()]
    assert len(titles) == 14
    assert sorted(unescape(t) for t in re.findall(r"<option [^>]*>([^<]*)</option>", preset_select)) \
        == sorted(titles)
    assert control(html, "player_count").startswith("<span")
    assert "3 players" in row(html, "player_count")


def test_first_group_open_others_collapsed_and_toggling():
    app = open_screen()
    html = html_of(app)
    assert 'aria-expanded="true" aria-controls="conv-group-table"' in html
    assert '<div class="conv-body" id="conv-group-scoring" hidden>' in html
    app.handle({"do": "conventions.group", "group": "scoring"})
    assert '<div class="conv-body" id="conv-group-scoring">' in html_of(app)
    app.handle({"do": "conventions.group", "group": "scoring"})
    assert '<div class="conv-body" id="conv-group-scoring" hidden>' in html_of(app)
    app.handle({"do": "conventions.groups", "open": True})
    assert " hidden>" not in html_of(app)
    app.handle({"do": "conventions.groups", "open": False})
    assert html_of(app).count('class="conv-body" id=') == html_of(app).count(" hidden>") == 11


# --- changes ----------------------------------------------------------------------------------------

def test_bool_enum_and_int_changes_update_the_setup():
    app = open_screen()
    set_(app, "ace_marriage", True)
    set_(app, "dump_truck", "off")
    set_(app, "bolt_penalty", "150")       # a number input sends text
    set_(app, "max_bid", "420")            # an int choice list sends the option value
    set_(app, "dark_game", True)
    set_(app, "dark_min_score", "null")
    assert setup(app)["overrides"] == {"ace_marriage": True, "dump_truck": "off",
                                       "bolt_penalty": 150, "max_bid": 420, "dark_game": True,
                                       "dark_min_score": None}
    assert app.notice is None
    html = html_of(app)
    assert "checked" in control(html, "ace_marriage")
    assert selected(html, "dump_truck") == "off"
    assert 'value="150"' in control(html, "bolt_penalty")
    assert selected(html, "max_bid") == "420"
    assert selected(html, "dark_min_score") == "null"
    # back to the preset's value: no longer an override
    set_(app, "ace_marriage", False)
    assert "ace_marriage" not in setup(app)["overrides"]


def test_changed_marker_and_inactive_conventions():
    app = open_screen()
    html = html_of(app)
    assert "tag changed" not in row(html, "dump_truck")
    assert "(n/a here)" not in row(html, "dump_value")
    set_(app, "dump_truck", "off")
    html = html_of(app)
    assert '<span class="tag changed">changed</span>' in row(html, "dump_truck")
    assert "the preset has: Plus or minus" in row(html, "dump_truck")
    # dump_value has no effect now: greyed, marked, still editable
    value_row = row(html, "dump_value")
    assert "(n/a here)" in value_row and 'class="conv na"' in value_row
    assert "disabled" not in control(html, "dump_value")
    assert "Dump truck" in value_row
    set_(app, "dump_value", "600")
    assert setup(app)["overrides"]["dump_value"] == 600
    assert "2 conventions changed from the preset." in html_of(app)


def test_inactive_matches_the_catalogue():
    app = open_screen()
    html = html_of(app)
    values = CATALOGUE.resolve("classic")
    for cid in CATALOGUE.ids():
        if cid == "player_count":
            continue
        assert ("(n/a here)" in row(html, cid)) == (cid in CATALOGUE.inactive(values)), cid


def test_refused_combination_keeps_the_old_values_and_says_why():
    app = open_screen()
    set_(app, "ace_marriage", True)
    before = dict(setup(app)["overrides"])
    set_(app, "redeal_four_aces", "dealt")
    assert setup(app)["overrides"] == before
    html = html_of(app)
    [message] = alerts(html)
    assert "ace_marriage" in message and "redeal_four_aces" in message
    assert "Ace marriage" in message and "Redeal on four aces" in message
    assert selected(html, "redeal_four_aces") == "off"      # the control shows the old value
    assert 'aria-invalid="true"' in control(html, "ace_marriage")
    # both groups are open, so the player sees both conventions
    assert '<div class="conv-body" id="conv-group-redeals">' in html
    assert '<div class="conv-body" id="conv-group-marriages">' in html
    # the next good change clears the message
    set_(app, "cutter", "left")
    assert alerts(html_of(app)) == []
    assert setup(app)["overrides"] == {**before, "cutter": "left"}


@pytest.mark.parametrize("cid, value, words", [
    ("dump_value", "3", "100 to 900 in steps of 5"),
    ("dump_value", "557", "100 to 900 in steps of 5"),
    ("bolt_penalty", "abc", "a whole number is needed"),
    ("target_score", "501", "target_score"),       # legal alone, refused with dump_value 555
    ("cutter", "middle", "allowed: right, left"),
    ("player_count", "4", "New game screen"),
])
def test_refused_values(cid, value, words):
    app = open_screen()
    set_(app, cid, value)
    assert setup(app)["overrides"] == {}
    [message] = alerts(html_of(app))
    # the convention is named by its title (in the player's language), not by its id
    assert message.startswith("Not changed: ") and CATALOGUE.get(cid).title in message
    assert words in message


def test_preset_choice_resets_overrides_and_reset_button():
    app = open_screen()
    set_(app, "ace_marriage", True)
    app.handle({"do": "conventions.preset", "value": "five_oh_one"})
    assert setup(app)["preset"] == "five_oh_one" and setup(app)["overrides"] == {}
    html = html_of(app)
    assert '<option value="five_oh_one" selected>501</option>' in html
    assert selected(html, "target_score") == "501"
    set_(app, "cutter", "left")
    app.handle({"do": "conventions.reset"})
    assert setup(app)["overrides"] == {} and setup(app)["preset"] == "five_oh_one"
    app.handle({"do": "conventions.preset", "value": "nonsense"})
    assert setup(app)["preset"] == "five_oh_one"
    assert "nonsense" in alerts(html_of(app))[0]


# --- saved sets -------------------------------------------------------------------------------------

def test_save_needs_a_name_and_asks_before_replacing():
    app = open_screen()
    save(app, "   ")
    assert app.store.convention_sets() == {}
    assert alerts(html_of(app)) == ["A convention set needs a name."]

    set_(app, "ace_marriage", True)
    save(app, " Our table ")
    assert app.store.convention_sets() == {"Our table": {"preset": "classic",
                                                         "overrides": {"ace_marriage": True}}}
    assert setup(app)["set_name"] == "Our table"
    html = html_of(app)
    assert "Saved as “Our table”" in html and 'role="status"' in html

    set_(app, "dump_truck", "off")
    assert setup(app)["set_name"] is None          # the rules are no longer that set's
    save(app, "Our table")
    [message] = alerts(html_of(app))
    assert "already saved" in message
    assert app.store.convention_sets()["Our table"]["overrides"] == {"ace_marriage": True}
    assert "Replace “Our table”" in html_of(app)
    app.handle({"do": "conventions.replace", "name": "Our table"})
    assert app.store.convention_sets()["Our table"]["overrides"] == {"ace_marriage": True,
                                                                     "dump_truck": "off"}
    assert setup(app)["set_name"] == "Our table"


def test_rename_and_its_errors():
    app = open_screen()
    save(app, "One")
    save(app, "Two")
    assert setup(app)["set_name"] == "Two"
    html = html_of(app)
    assert 'aria-label="Rename Two"' in html and 'aria-label="Use One"' in html
    field = re.search(r'data-fields="(conv-rename-\d+)" aria-label="Rename Two"', html).group(1)
    app.handle({"do": "conventions.rename", "name": "Two", "field": field,
                "fields": {field: "One"}})
    assert "already exists" in alerts(html_of(app))[0]
    app.handle({"do": "conventions.rename", "name": "Two", "field": field, "fields": {field: ""}})
    assert alerts(html_of(app)) == ["A convention set needs a name."]
    app.handle({"do": "conventions.rename", "name": "Two", "field": field,
                "fields": {field: "Friday"}})
    assert list(app.store.convention_sets()) == ["One", "Friday"]
    assert setup(app)["set_name"] == "Friday"
    assert "“Two” is now called “Friday”" in html_of(app)


def test_delete_asks_first():
    app = open_screen()
    save(app, "Our table")
    app.handle({"do": "conventions.delete", "name": "Our table"})
    assert "Our table" in app.store.convention_sets()
    html = html_of(app)
    assert "Really delete Our table" in html
    app.handle({"do": "conventions.keep"})
    assert "Really delete" not in html_of(app)
    app.handle({"do": "conventions.delete", "name": "Our table"})
    app.handle({"do": "conventions.delete", "name": "Our table", "really": True})
    assert app.store.convention_sets() == {}
    assert setup(app)["set_name"] is None
    assert "No saved sets yet." in html_of(app)


def test_use_a_saved_set_and_a_set_that_no_longer_works():
    app = open_screen()
    app.store.save_convention_set("Short", {"preset": "five_oh_one", "overrides": {"cutter": "left"}})
    app.store.save_convention_set("Broken", {"preset": "classic",
                                             "overrides": {"no_such_rule": True}})
    html = html_of(app)
    assert re.search(r'<button type="button" disabled aria-label="Use Broken"', html)
    assert "Cannot be used here" in html
    app.handle({"do": "conventions.use_set", "name": "Short"})
    assert (setup(app)["preset"], setup(app)["overrides"], setup(app)["set_name"]) == \
        ("five_oh_one", {"cutter": "left"}, "Short")
    app.handle({"do": "conventions.use_set", "name": "Broken"})
    assert setup(app)["set_name"] == "Short"
    assert "no_such_rule" in alerts(html_of(app))[0]


# --- with the New game screen -------------------------------------------------------------------------

def test_use_these_rules_returns_to_new_game_with_them():
    app = open_screen()
    set_(app, "ace_marriage", True)
    save(app, "Our table")
    app.handle({"do": "conventions.use"})
    assert app.screen == "new"
    assert setup_of(app)["overrides"] == {"ace_marriage": True}
    html = html_of(app)
    assert '<option value="set:Our table" selected>Saved: Our table</option>' in html


def test_saved_set_chosen_on_new_game_is_used_by_the_game():
    store = Store(MemoryBackend())
    app = open_screen(make_app(store))
    set_(app, "ace_marriage", True)
    set_(app, "dump_truck", "off")
    save(app, "Our table")
    # another page load: a fresh app on the same storage
    app = make_app(store)
    app.handle({"do": "go", "screen": "new"})
    assert "Saved: Our table" in html_of(app)
    app.handle({"do": "new.rules", "value": "set:Our table"})
    app.handle({"do": "new.start"})
    assert app.screen == "table"
    conv = app.session.state["conventions"]
    assert conv["ace_marriage"] is True and conv["dump_truck"] == "off"
    # Home → Conventions edits the last-used setup: it shows the same rules
    app.handle({"do": "go", "screen": "home"})
    assert "Conventions" in html_of(app)
    app.handle({"do": "go", "screen": "conventions"})
    html = html_of(app)
    assert "checked" in control(html, "ace_marriage")
    assert selected(html, "dump_truck") == "off"
    assert "Saved set: “Our table”" in html


def test_player_count_follows_the_setup():
    app = open_screen()
    setup_of(app)["players"] = 4      # as the New game screen would leave it
    app.ui["keep"]["setup"]["seats"].append({"kind": "bot", "bot": "heuristic", "name": "Gleb"})
    html = html_of(app)
    assert "4 players" in row(html, "player_count")
    assert "(n/a here)" not in row(html, "four_sitter_score")
    set_(app, "first_lead", "dealer")               # refused with four players
    assert "first_lead" in alerts(html_of(app))[0]
    assert "first_lead" not in setup(app)["overrides"]


def test_new_game_setup_reaches_this_screen():
    app = make_app()
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.players", "value": 4})
    app.handle({"do": "go", "screen": "conventions"})
    assert setup_of(app)["players"] == 4


def test_rules_that_no_longer_resolve_fall_back_to_a_preset():
    app = open_screen()
    setup_of(app).update(preset="gone", overrides={"no_such_rule": 1}, set_name="Old")
    html = html_of(app)
    assert setup(app)["preset"] == "classic" and setup(app)["overrides"] == {}
    assert setup(app)["set_name"] is None
    assert "could not be used" in alerts(html)[0]
    assert html.count("<fieldset") == 11
