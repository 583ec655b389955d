"""New game: how many players, who sits where (you, a computer player, another person at this
device), and the conventions: a preset or a saved set, edited on the conventions screen."""
import thousand.bots as registry
from thousand.cards.catalogue import CATALOGUE
from thousand.i18n import N_, _, n_
from thousand.ui import in_progress
from thousand.ui.kinds import CARDS
from thousand.ui.html import action_attrs, button, h
from thousand.ui.card_words import LEVELS, level_label  # noqa: F401  (the table's)
from thousand.seats import OFFERED_NAMES, OWN_NAME, shown_name, stored_name
from thousand.ui.session import CardSession

PREFERRED_BOTS = ("normal", "heuristic")  # a new computer seat's player: the first one there is
# The names offered: kept in English and shown in the language in use (thousand.ui.session).
DEFAULT_NAMES = [OWN_NAME, *OFFERED_NAMES[:3]]
COUNT_PRESET = {2: "two_players", 3: "classic", 4: "four_players"}


def fallback_preset(n: int) -> str:
    """The preset of a table of `n` when the one chosen is not for it (Conventions)."""
    return COUNT_PRESET[n]


def card_bots() -> dict:
    """The computer players a seat can choose, name -> label for the seat's select."""
    there = registry.BOT_NAMES
    names = [b for b in LEVELS if b in there] + [b for b in there if b not in LEVELS]
    return {b: _("Computer: {level}", level=level_label(b)) for b in names}


def default_bot() -> str:
    return next((b for b in PREFERRED_BOTS if b in registry.BOT_NAMES), registry.BOT_NAMES[0])


def default_name(i: int) -> str:
    """The name offered for seat i of a new table, as the setup keeps it (shown_name shows it in
    the language in use)."""
    return DEFAULT_NAMES[i]


def default_setup(players=3) -> dict:
    seats = [{"kind": "human", "name": default_name(0)}] + [
        {"kind": "bot", "bot": default_bot(), "name": default_name(i)} for i in range(1, players)]
    return {"players": players, "seats": seats, "preset": COUNT_PRESET[players],
            "overrides": {}, "set_name": None}


def setup_of(app) -> dict:
    if "setup" not in app.ui.get("keep", {}):
        saved = _sane(app.store.settings().get("setup"))
        if saved:
            offer_names(saved["seats"])
        app.ui.setdefault("keep", {})["setup"] = saved or default_setup()
    return app.ui["keep"]["setup"]


def offer_names(seats: list) -> None:
    """A remembered setup's names as offered again: a name the page offered, kept by an older
    version in the language of the day, back to its English key, so it follows the language."""
    for seat in seats:
        if isinstance(seat.get("name"), str):
            seat["name"] = stored_name(seat["name"])


def _sane(setup):
    """A last-used setup from storage, if it still makes sense; a computer player this version
    does not have gives way to the default one."""
    try:
        n = setup["players"]
        if n not in (2, 3, 4) or len(setup["seats"]) != n:
            return None
        conventions(setup)
        for seat in setup["seats"]:
            if seat["kind"] == "bot" and seat.get("bot") not in registry.BOT_NAMES:
                seat["bot"] = default_bot()
        return setup
    except Exception:  # an old or damaged setting is simply not offered
        return None


def conventions(setup) -> dict:
    """The full conventions of a setup; the player count always follows the seats."""
    overrides = dict(setup.get("overrides") or {})
    overrides["player_count"] = setup["players"]
    return CATALOGUE.resolve(setup.get("preset"), overrides)


def presets_for(n):
    """Presets made for n players (the others still work with an override, but a table of two
    expects the two-player rules)."""
    return [p for p in CATALOGUE.preset_names()
            if CATALOGUE.resolve(p)["player_count"] == n]


def seat_fieldsets(seats: list, screen: str, bots: dict | None, *, order_note=False) -> list:
    """The seats of a setup, one fieldset each: the name, and who plays it (a person at this
    device or one of the computer players in `bots`, name -> label, a label given translated or
    N_-marked; None: people only). Its events are "<screen>.name" and "<screen>.kind" with the
    seat; `edit_seat` applies them."""
    out = []
    options = [("human", _("A person at this device"))] + \
        [(f"bot:{b}", _(label)) for b, label in (bots or {}).items()]
    # a friend plays on their own phone, joining by a code once the game has started (issue 22)
    options.append(("friend", _("A friend on their own phone")))
    for i, seat in enumerate(seats):
        value = "bot:" + seat.get("bot", "") if seat["kind"] == "bot" else seat["kind"]
        if i == 0 and order_note:
            legend = _("Seat {n} (rolls first)", n=i + 1)
        elif i == 0:
            legend = _("Seat {n} (you)", n=i + 1)
        else:
            legend = _("Seat {n}", n=i + 1)
        name = shown_name(seat["name"], seat["kind"] != "bot")
        parts = [h("legend", {}, legend),
                 h("label", {"for": f"seat-name-{i}"}, _("Name")),
                 h("input", {"id": f"seat-name-{i}", "value": name, "maxlength": 20,
                             **action_attrs(f"{screen}.name", seat=i)})]
        if bots is not None:
            offered = options if i else options[:-1]  # seat 1 is this device's
            parts += [h("label", {"for": f"seat-kind-{i}"}, _("Player")),
                      h("select", {"id": f"seat-kind-{i}",
                                   **action_attrs(f"{screen}.kind", seat=i)},
                        [h("option", {"value": v, "selected": v == value}, label)
                         for v, label in offered])]
        out.append(h("fieldset", {"class": "seat"}, parts))
    return out


def edit_seat(seats: list, event: dict, bots: dict) -> None:
    """A "<screen>.name" or "<screen>.kind" event of `seat_fieldsets`."""
    i = int(event["seat"])
    if not 0 <= i < len(seats):
        return
    seat = seats[i]
    if event["do"].endswith(".name"):
        typed = str(event.get("value", "")).strip()
        if typed != shown_name(seat["name"], seat["kind"] != "bot"):  # not the name offered
            seat["name"] = (typed or _("Player {n}", n=i + 1))[:20]
        return
    value = str(event.get("value", "human"))
    if value.startswith("bot:") and value[4:] in bots:
        if seat["kind"] != "bot" and seat["name"] == OWN_NAME:
            # a computer is not "You": the name shown so far becomes its name, as offered
            seat["name"] = shown_name(seat["name"])
        seat["kind"], seat["bot"] = "bot", value[4:]
    else:
        seat.pop("bot", None)
        seat["kind"] = "friend" if value == "friend" and i > 0 else "human"


def open_conventions(app, kind: str):
    """The conventions screen, editing the setup of the game `kind` ("cards" or "dice")."""
    keep = app.ui.setdefault("keep", {})
    keep["conventions_kind"] = kind
    app.go("conventions")


def render(app):
    setup = setup_of(app)
    n = setup["players"]
    counts = [button(n_("{n} player", "{n} players", k), "new.players", value=k,
                     pressed=k == n, cls="primary" if k == n else None) for k in (2, 3, 4)]
    seats = seat_fieldsets(setup["seats"], "new", card_bots())
    sets = app.store.convention_sets()
    # the presets made for this many players first; the others play with this count too
    others = [p for p in CATALOGUE.preset_names() if p not in presets_for(n)]
    choices = [(f"preset:{p}", _(CATALOGUE.preset(p)["title"])) for p in presets_for(n)] + \
        [(f"preset:{p}", _made_for(p)) for p in others] + \
        [(f"set:{name}", _("Saved: {name}", name=name)) for name in sorted(sets)]
    rules, note = rules_choice(setup, choices, "rules-choice", "new")
    notice = h("p", {"class": "notice", "role": "alert"}, app.notice) if app.notice else ""
    return h("section", {"class": "screen new", "aria-label": _("New game")},
             h("h2", {}, _("New game")), notice,
             h("div", {"class": "row", "role": "group", "aria-label": _("Number of players")},
               counts),
             seats, _levels_hint(), rules, note,
             h("div", {"class": "actions"},
               button(_("Start the game"), "new.start", cls="primary big"),
               button(_("Back"), "go", screen="home")))


def _made_for(preset: str) -> str:
    """A preset made for another number of players, as the Rules select offers it."""
    count = CATALOGUE.resolve(preset)["player_count"]
    return n_("{title} (made for {n} player)", "{title} (made for {n} players)", count,
              title=_(CATALOGUE.preset(preset)["title"]))


# What each level means, one sentence each, shown under the seats for the levels offered.
LEVEL_HINTS = {
    "easy": N_("Easy makes mistakes a beginner can catch."),
    "normal": N_("Normal thinks about the cards it cannot see."),
    "strong": N_("Strong thinks longer and harder."),
    "heuristic": N_("Rule of thumb plays by fixed rules, at once."),
}


def _levels_hint():
    """What the levels offered mean, in a line of short sentences."""
    hints = [_(text) for b, text in LEVEL_HINTS.items() if b in registry.BOT_NAMES]
    return h("p", {"class": "hint levels"}, " ".join(hints)) if hints else ""


def rules_choice(setup, choices, field_id, screen):
    """The Rules select (presets and saved sets) with its Edit button, and a note of how many
    conventions differ from the preset; both New-game screens show it."""
    current = f"set:{setup['set_name']}" if setup.get("set_name") else f"preset:{setup['preset']}"
    rules = h("div", {"class": "rules-choice"},
              h("label", {"for": field_id}, _("Rules")),
              h("select", {"id": field_id, **action_attrs(f"{screen}.rules")},
                [h("option", {"value": v, "selected": v == current}, label) for v, label in choices]),
              button(_("Edit conventions"), f"{screen}.conventions"))
    changed = len(setup.get("overrides") or {})
    note = h("p", {"class": "hint"}, n_("{n} convention changed from the preset",
                                        "{n} conventions changed from the preset", changed)) \
        if changed else ""
    return rules, note


def handle(app, event):
    setup = setup_of(app)
    do = event["do"]
    if do == "new.players":
        n = int(event["value"])
        old = setup["seats"]
        fresh = default_setup(n)
        fresh["seats"] = [old[i] if i < len(old) else fresh["seats"][i] for i in range(n)]
        app.ui["keep"]["setup"] = fresh
    elif do in ("new.name", "new.kind"):
        edit_seat(setup["seats"], event, card_bots())
    elif do == "new.conventions":
        open_conventions(app, CARDS.name)
    elif do == "new.rules":
        kind, _sep, name = str(event.get("value", "")).partition(":")
        if kind == "set":
            data = app.store.convention_sets().get(name)
            if data is None:
                app.notice = _("There is no saved set called {name}.", name=name)
                return
            setup["preset"], setup["overrides"] = data.get("preset"), dict(data.get("overrides") or {})
            setup["set_name"] = name
        else:
            setup["preset"], setup["overrides"], setup["set_name"] = name, {}, None
    elif do == "new.start":
        if in_progress.asked(app, CARDS.name, event):
            return  # a game in progress would be replaced: the player is asked first
        conv = conventions(setup)
        settings = app.store.settings()
        settings["setup"] = setup
        app.store.save_settings(settings)
        session = CardSession.start(conv, setup.get("preset"), setup["seats"], app.new_seed())
        app.start_game(session)


def start_from_meta(app, meta, state):
    """A rematch: the same seats and conventions, a fresh game (R70)."""
    seed = app.new_seed() + 1 if app.fixed_seed is not None else app.new_seed()
    session = CardSession.rematch(meta, state, seed)
    app.start_game(session)


def history_entry(session) -> dict:
    score = session.state["score"]
    names = session.stored_names()  # in no language: the history screen shows them (OWN_NAME)
    return {"names": names, "totals": score["totals"],
            "winners": [names[w] for w in score["winners"]],
            "deals": score["deals_settled"], "preset": session.meta.get("preset"),
            "record": session.record, "seats": seat_kinds(session)}


def seat_kinds(session) -> list:
    """Who played each seat (a person, or a computer player and its level), for the statistics."""
    return [{"kind": "friend"} if s.get("friend") else
            {"kind": s["kind"], **({"bot": s["bot"]} if s.get("bot") else {})}
            for s in session.meta["seats"]]
