"""New dice game: 1 to 8 players (1 is solo practice), who plays each seat (you, a computer
player, another person at this device), the conventions (a preset or a saved set, edited on the
shared conventions screen), and how the dice are rolled: by the page, or with real dice at the
table, each turn's result entered by hand (score-keeper mode)."""
from thousand.i18n import N_, _, number

from thousand.ui import in_progress
from thousand.ui.dice_words import BOT_LABELS
from thousand.seats import OFFERED_NAMES, OWN_NAME, stored_name
from thousand.ui.kinds import DICE
from thousand.ui.html import action_attrs, button, h
from thousand.ui.screens.new import (edit_seat, open_conventions, rules_choice, seat_fieldsets,
                                     seat_kinds)

# kept in English and shown in the player's language (thousand.ui.session): Вы, Борис, Вера
DEFAULT_NAMES = [OWN_NAME, *OFFERED_NAMES]
MAX_PLAYERS = 8
MODES = {"play": N_("Dice on this device"), "keeper": N_("Real dice (score keeper)")}


def default_setup(players=2) -> dict:
    seats = [{"kind": "human", "name": DEFAULT_NAMES[0]}] + [
        {"kind": "bot", "bot": "optimal", "name": DEFAULT_NAMES[i]} for i in range(1, players)]
    return {"players": players, "seats": seats, "preset": "classic", "overrides": {},
            "set_name": None, "mode": "play"}


def presets_for(n: int):
    """Every dice preset suits any number of players (Conventions)."""
    return None


def fallback_preset(n: int) -> str:
    return "classic"


def setup_of(app) -> dict:
    keep = app.ui.setdefault("keep", {})
    if "dice_setup" not in keep:
        saved = _sane(app.store.settings().get("dice_setup"))
        for seat in (saved or {}).get("seats", []):
            if isinstance(seat.get("name"), str):
                seat["name"] = stored_name(seat["name"])
        keep["dice_setup"] = saved or default_setup()
    return keep["dice_setup"]


def _sane(setup):
    """A last-used setup from storage, if it still makes sense."""
    try:
        n = setup["players"]
        if not 1 <= n <= MAX_PLAYERS or len(setup["seats"]) != n or \
                setup.get("mode", "play") not in MODES:
            return None
        conventions(setup)
        return setup
    except Exception:  # an old or damaged setting is simply not offered
        return None


def conventions(setup) -> dict:
    from thousand.dice.catalogue import CATALOGUE
    return CATALOGUE.resolve(setup.get("preset"), dict(setup.get("overrides") or {}))


def render(app):
    from thousand.dice.catalogue import CATALOGUE
    setup = setup_of(app)
    n, mode = setup["players"], setup.get("mode", "play")
    count = h("div", {"class": "dice-count"},
              h("label", {"for": "dice-players"}, _("Players")),
              h("select", {"id": "dice-players", **action_attrs("dice_new.players")},
                [h("option", {"value": k, "selected": k == n},
                   _("1 (solo practice)") if k == 1 else number(k))
                 for k in range(1, MAX_PLAYERS + 1)]))
    modes = h("div", {"class": "row", "role": "group",
                      "aria-label": _("How the dice are rolled")},
              [button(_(label), "dice_new.mode", value=m, pressed=m == mode,
                      cls="primary" if m == mode else None) for m, label in MODES.items()])
    keeper = mode == "keeper"
    note = h("p", {"class": "hint"},
             _("Everyone rolls real dice at the table; you enter each turn's result and the page "
               "keeps the score. List the players in playing order.") if keeper else
             (_("Solo practice: the same rules, and the result is the number of turns you take.")
              if n == 1 else _("Each seat is a person at this device or a computer player.")))
    bots = None if keeper else {b: _(label) for b, label in BOT_LABELS.items()}
    seats = seat_fieldsets(setup["seats"], "dice_new", bots, order_note=keeper)
    sets = app.store.convention_sets(kind=DICE.name)
    choices = [(f"preset:{p}", _(CATALOGUE.preset(p)["title"]))
               for p in CATALOGUE.preset_names()] \
        + [(f"set:{name}", _("Saved: {name}", name=name)) for name in sorted(sets)]
    rules, changed_note = rules_choice(setup, choices, "dice-rules", "dice_new")
    notice = h("p", {"class": "notice", "role": "alert"}, app.notice) if app.notice else ""
    return h("section", {"class": "screen new dice-new", "aria-label": _("New dice game")},
             h("h2", {}, _("New dice game")), notice, count, modes, note, seats, rules,
             changed_note,
             h("div", {"class": "actions"},
               button(_("Start the game"), "dice_new.start", cls="primary big"),
               button(_("Back"), "go", screen="home")))


def handle(app, event):
    setup = setup_of(app)
    do = event["do"]
    if do == "dice_new.players":
        try:
            n = int(event.get("value"))
        except (TypeError, ValueError):
            n = 0
        if not 1 <= n <= MAX_PLAYERS:
            app.notice = _("A dice game has 1 to {max} players.", max=MAX_PLAYERS)
            return
        old, fresh = setup["seats"], default_setup(n)["seats"]
        setup["seats"] = [old[i] if i < len(old) else fresh[i] for i in range(n)]
        setup["players"] = n
    elif do in ("dice_new.name", "dice_new.kind"):
        edit_seat(setup["seats"], event, BOT_LABELS)
    elif do == "dice_new.mode":
        mode = str(event.get("value"))
        if mode in MODES:
            setup["mode"] = mode
    elif do == "dice_new.rules":
        kind, _sep, name = str(event.get("value", "")).partition(":")
        if kind == "set":
            data = app.store.convention_sets(kind=DICE.name).get(name)
            if not isinstance(data, dict):
                app.notice = _("There is no saved set called {name}.", name=name)
                return
            setup["preset"], setup["overrides"] = data.get("preset"), dict(data.get("overrides")
                                                                           or {})
            setup["set_name"] = name
        else:
            setup["preset"], setup["overrides"], setup["set_name"] = name, {}, None
    elif do == "dice_new.conventions":
        open_conventions(app, DICE.name)
    elif do == "dice_new.start":
        if in_progress.asked(app, DICE.name, event):
            return  # a game in progress would be replaced: the player is asked first
        from thousand.ui.session import DiceSession
        conv = conventions(setup)
        settings = app.store.settings()
        settings["dice_setup"] = setup
        app.store.save_settings(settings)
        session = DiceSession.start(conv, setup.get("preset"), setup["seats"], app.new_seed(),
                                    setup.get("mode", "play"))
        app.start_game(session)


def start_from_meta(app, meta, state):
    """A rematch: the same players and conventions, a fresh game."""
    from thousand.ui.session import DiceSession
    seed = app.new_seed() + 1 if app.fixed_seed is not None else app.new_seed()
    app.start_game(DiceSession.rematch(meta, state, seed))


def history_entry(session) -> dict:
    state = session.state
    names = session.stored_names()  # in no language: the history screen shows them (OWN_NAME)
    return {"names": names, "totals": [p["score"] for p in state["players"]],
            "winners": [names[w] for w in state["winners"]], "turns": len(state["turns"]),
            "preset": session.meta.get("preset"), "mode": session.meta.get("mode", "play"),
            "record": session.record, "seats": seat_kinds(session)}
