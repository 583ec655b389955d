"""The setting-up screens in the players' own languages (issue 10): home, the card game's New
game, the finished games, and the sessions' names and reasons. Under the pseudo-language (every
catalogue message bracketed) no English may be left outside the brackets but the names a person
typed; under a small Russian catalogue the names offered are translated, the person's own seat
keeps its sentence ("You won") and numbers are written the Russian way."""
import pytest
from helpers_i18n import english_left, pseudo_translation

from thousand import i18n
from thousand.errors import BadInput
from thousand.i18n import po
from thousand.storage import MemoryBackend, Store
from thousand.ui.app import App
from thousand.ui.screens import new
from thousand.ui.session import CardSession, DiceSession

TYPED = ("Anna", "Pyotr")  # names a person typed: shown as typed, in any language
_PSEUDO = []


@pytest.fixture
def pseudo():
    if not _PSEUDO:
        _PSEUDO.append(pseudo_translation())
    i18n.use(_PSEUDO[0])
    yield
    i18n.use(i18n.Translation())


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use(i18n.Translation())


def new_app(store=None, seed=3):
    return App(store or Store(MemoryBackend()), delay=0, seed=seed)


def clean(app, allowed=TYPED):
    html = str(app.render())
    assert english_left(html, allowed) == [], app.screen
    return html


def finished_card_game(store):
    """A two-player card game played to its end by computer players, through page events."""
    app = new_app(store, seed=5)
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.players", "value": 2})
    for seat in (0, 1):
        app.handle({"do": "new.kind", "seat": seat, "value": "bot:heuristic"})
    app.handle({"do": "new.start"})
    for _ in range(2000):
        if app.session.over:
            return app
        if not app.bot_step():
            app.handle({"do": "table.seen"})  # the deal's summary, closed as a person would
    raise AssertionError("the card game did not end")


def finished_dice_game(store, seed=12):
    app = new_app(store, seed=seed)
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.kind", "seat": 0, "value": "bot:optimal"})
    app.handle({"do": "dice_new.start"})
    while app.bot_step():
        pass
    assert app.dice.over
    return app


# --- home ----------------------------------------------------------------------------------------

def test_home_without_games_and_with_both_games_under_way(pseudo):
    store = Store(MemoryBackend())
    app = new_app(store)
    html = clean(app)
    assert "⟦Тысяча · Thousand⟧" in html and "⟦Continue⟧" not in html
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.name", "seat": 1, "value": "Anna"})
    app.handle({"do": "new.start"})
    app.handle({"do": "go", "screen": "dice_new"})
    app.handle({"do": "dice_new.start"})
    app.handle({"do": "go", "screen": "home"})
    html = clean(app)
    assert "⟦Continue⟧" in html and "⟦Continue the dice game⟧" in html
    # the standing under Continue: the person's own seat by its translated name
    assert "⟦⟦You⟧ 0⟧, ⟦Anna 0⟧, ⟦⟦Vera⟧ 0⟧" in html
    # and after a reload, from the saves
    clean(new_app(store))


def test_home_with_a_notice_of_a_save_that_could_not_be_resumed(pseudo):
    store = Store(MemoryBackend())
    store.save_game("cards", {"game": "dice", "version": 1})
    app = new_app(store)
    assert app.saved_problem
    html = str(app.render())
    assert 'role="alert"' in html
    # the notice's words are storage's and the app's (their helpers route them); everything
    # the home screen itself writes is translated
    assert [r for r in english_left(html, TYPED) if r != app.saved_problem.strip()] == []


# --- the New game screen -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_for_each_number_of_players_and_each_level(pseudo, players):
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.players", "value": players})
    html = clean(app)
    assert f"⟦{players} players⟧" in html and "⟦Seat 1 (you)⟧" in html
    assert "⟦Easy makes mistakes a beginner can catch.⟧" in html
    # presets made for other counts say so; every preset title is the catalogue's, translated
    assert "(made for" in html
    for level in new.card_bots():
        app.handle({"do": "new.kind", "seat": players - 1, "value": f"bot:{level}"})
        assert new.setup_of(app)["seats"][players - 1]["bot"] == level
        html = clean(app)
        assert f"⟦Computer: {{level}}⟧" not in html  # the placeholder is filled
        assert f"⟦Computer: ⟦{new.LEVELS[level]}⟧⟧" in html
    app.handle({"do": "new.kind", "seat": players - 1, "value": "human"})
    clean(app)


def test_new_game_names_typed_offered_and_emptied(pseudo):
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    setup = new.setup_of(app)
    # offered: every offered name kept as the page's own English key, shown translated
    assert [s["name"] for s in setup["seats"]] == ["You", "Boris", "Vera"]
    html = clean(app)
    assert 'value="⟦You⟧"' in html and 'value="⟦Boris⟧"' in html
    app.handle({"do": "new.name", "seat": 0, "value": "⟦You⟧"})   # unchanged: still the default
    app.handle({"do": "new.name", "seat": 1, "value": "Anna"})
    app.handle({"do": "new.name", "seat": 2, "value": "   "})
    assert [s["name"] for s in setup["seats"]] == ["You", "Anna", "⟦Player 3⟧"]
    clean(app)
    # the person's seat given to a computer: the computer is not "You", it gets the name shown
    app.handle({"do": "new.kind", "seat": 0, "value": "bot:easy"})
    assert setup["seats"][0]["name"] == "⟦You⟧"
    clean(app)
    app.handle({"do": "new.start"})
    assert app.session.names() == ["⟦You⟧", "Anna", "⟦Player 3⟧"]


def test_new_game_rules_chooser_saved_sets_changes_and_refusal(pseudo):
    store = Store(MemoryBackend())
    store.save_convention_set("Our table", {"preset": "classic",
                                            "overrides": {"dump_truck": True}})
    app = new_app(store)
    app.handle({"do": "go", "screen": "new"})
    html = clean(app)
    assert "⟦Saved: Our table⟧" in html
    app.handle({"do": "new.rules", "value": "set:Our table"})
    html = clean(app)
    assert "⟦1 convention changed from the preset⟧" in html
    app.handle({"do": "new.rules", "value": "preset:two_players"})
    clean(app)
    app.handle({"do": "new.rules", "value": "set:Gone"})
    html = clean(app)
    assert "⟦There is no saved set called Gone.⟧" in html


def test_a_remembered_setup_of_an_older_version_offers_its_default_names_translated(pseudo):
    """The names the page offers stay English keys in the setup and are shown translated."""
    store = Store(MemoryBackend())
    store.save_settings({"setup": {"players": 3, "preset": "classic", "overrides": {},
                                   "set_name": None,
                                   "seats": [{"kind": "human", "name": "You"},
                                             {"kind": "bot", "bot": "normal", "name": "Boris"},
                                             {"kind": "bot", "bot": "easy", "name": "Pyotr"}]}})
    app = new_app(store)
    app.handle({"do": "go", "screen": "new"})
    assert [s["name"] for s in new.setup_of(app)["seats"]] == ["You", "Boris", "Pyotr"]
    assert 'value="⟦Boris⟧"' in clean(app)


# --- finished games ------------------------------------------------------------------------------

def test_history_of_finished_card_and_dice_games(pseudo):
    store = Store(MemoryBackend())
    finished_card_game(store)
    finished_dice_game(store)
    for kind, entry in (
            ("cards", {"names": ["You", "Anna"], "totals": [1000, -120], "winners": ["You"],
                       "deals": 21}),
            ("cards", {"names": ["Anna", "Pyotr", "You"], "totals": [1000, 1000, 1000],
                       "winners": ["Anna", "Pyotr", "You"], "deals": 1}),
            ("cards", {"names": ["Anna", "Pyotr"], "totals": [0, 0], "winners": []}),
            ("cards", {"names": "not a list"}),
            ("dice", {"names": ["You", "Pyotr"], "totals": [1000, 455], "winners": ["You"],
                      "turns": 31, "mode": "keeper"})):
        store.add_history(kind, entry)
    app = new_app(store)
    app.handle({"do": "go", "screen": "history"})
    html = clean(app)
    assert "<strong>⟦You won⟧</strong> — ⟦⟦⟦You⟧ 1000⟧, ⟦Anna \u2212120⟧ (⟦21 deals⟧)⟧" in html
    assert "⟦Anna, Pyotr and ⟦You⟧ won⟧" in html and "⟦Nobody won⟧" in html
    assert "⟦31 turns with real dice⟧" in html
    assert "⟦A damaged entry that cannot be shown⟧" in html
    assert html.count("<li") == 1 + 1 + 5  # the games played here and the entries added


def test_history_with_no_games_says_so(pseudo):
    app = new_app()
    app.handle({"do": "go", "screen": "history"})
    html = clean(app)
    assert html.count("⟦No finished games yet.⟧") == 2


# --- the sessions: names and reasons -------------------------------------------------------------

def card_doc():
    app = new_app()
    app.handle({"do": "go", "screen": "new"})
    app.handle({"do": "new.start"})
    return app.session.to_doc()


def damaged(doc, **meta):
    return {**doc, "meta": {**doc["meta"], **meta}}


@pytest.mark.parametrize("how", [
    lambda d: {**d, "game": "dice"},
    lambda d: {**d, "version": 0},
    lambda d: {**d, "version": 9},
    lambda d: {k: v for k, v in d.items() if k != "record"},
    lambda d: {**d, "state": {**d["state"], "dealer": (d["state"]["dealer"] + 1) % 3}},
    lambda d: damaged(d, seats="x"),
    lambda d: damaged(d, seats=d["meta"]["seats"][:2]),
    lambda d: damaged(d, seats=[{"kind": "alien", "name": "x"}] + d["meta"]["seats"][1:]),
    lambda d: damaged(d, seats=[{"kind": "human", "name": " "}] + d["meta"]["seats"][1:]),
    lambda d: damaged(d, seats=d["meta"]["seats"][:2] + [{"kind": "bot", "name": "x",
                                                         "bot": "genius"}]),
    lambda d: damaged(d, seed="x"),
    lambda d: damaged(d, preset="pocker"),
])
def test_a_card_save_refused_gives_a_reason_in_the_language_in_use(pseudo, how):
    with pytest.raises(BadInput) as exc:
        CardSession.from_doc(how(card_doc()))
    shown = i18n.reason(exc.value)
    assert shown.startswith(exc.value.where + ": ")
    assert english_left(shown[len(exc.value.where) + 2:]) == [], shown


def test_a_record_refused_keeps_the_records_own_reason_to_be_translated():
    doc = card_doc()
    with pytest.raises(BadInput) as exc:
        CardSession.from_doc({**doc, "record": {**doc["record"], "deals": "x"}})
    with pytest.raises(BadInput) as inner:
        CardSession.engine().record.replay({**doc["record"], "deals": "x"})
    assert exc.value.where == f"save.record.{inner.value.where}"
    assert (exc.value.template, exc.value.values) == (inner.value.template, inner.value.values)


def test_dice_session_refusals_are_catalogue_reasons(pseudo):
    from thousand.dice.catalogue import CATALOGUE
    conv = CATALOGUE.resolve("classic")
    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Boris", "bot": "optimal"}]
    for call in (lambda: DiceSession.start(conv, "classic", seats, 1, mode="poker"),
                 lambda: DiceSession.start(conv, "classic", seats, 1, mode="keeper").undo()):
        with pytest.raises(BadInput) as exc:
            call()
        assert english_left(i18n.reason(exc.value).split(": ", 1)[1]) == []
    doc = DiceSession.start(conv, "classic", seats, 1).to_doc()
    for meta in ({"mode": "poker"}, {"mode": "keeper"}):
        with pytest.raises(BadInput) as exc:
            DiceSession.from_doc(damaged(doc, **meta))
        assert english_left(i18n.reason(exc.value).split(": ", 1)[1]) == []
    with pytest.raises(BadInput) as exc:
        DiceSession.from_doc({**doc, "game": "cards"})
    assert i18n.reason(exc.value) == "save: ⟦this is not a saved dice game⟧"


# --- a real language: Russian, with the messages this test needs ---------------------------------

RU = {"You": "Вы", "Boris": "Борис", "Vera": "Вера", "You won": "Вы выиграли",
      "{name} won": "Выиграл(а) {name}", "Seat {n}": "Место {n}"}
RU_PLURAL = {"{n} player": ["{n} игрок", "{n} игрока", "{n} игроков"],
             "{n} deal": ["{n} сдача", "{n} сдачи", "{n} сдач"]}


def russian():
    entries = [po.Entry(msgid=k, strings=[v]) for k, v in RU.items()] + \
        [po.Entry(msgid=k, plural=k.replace("player", "players").replace("deal", "deals"),
                  strings=v) for k, v in RU_PLURAL.items()]
    return i18n.Translation("ru", entries)


def test_in_russian_the_names_are_offered_translated_and_the_own_seat_stays_the_persons():
    store = Store(MemoryBackend())
    i18n.use(russian())
    app = new_app(store)
    app.handle({"do": "go", "screen": "new"})
    html = str(app.render())
    assert ">2 игрока<" in html and ">4 игрока<" in html and 'value="Вы"' in html
    app.handle({"do": "new.start"})
    assert app.session.names() == ["Вы", "Борис", "Вера"]
    assert store.load_game("cards").data["meta"]["seats"][0]["name"] == "You"
    assert [s["name"] for s in store.load_game("cards").data["meta"]["seats"]] == \
        ["You", "Boris", "Vera"]
    # back in English: every name the page offered follows the language (issue 20, Must 10)
    i18n.use(i18n.Translation())
    assert new_app(store).session.names() == ["You", "Boris", "Vera"]


def test_in_russian_history_has_the_persons_own_sentence_and_russian_numbers():
    store = Store(MemoryBackend())
    store.add_history("cards", {"names": ["You", "Anna"], "totals": [1005, -120],
                                "winners": ["You"], "deals": 22})
    store.add_history("cards", {"names": ["You", "Anna"], "totals": [-5, 1010],
                                "winners": ["Anna"], "deals": 25})
    i18n.use(russian())
    app = new_app(store)
    app.handle({"do": "go", "screen": "history"})
    html = str(app.render())
    assert "<strong>Вы выиграли</strong> — Вы 1005, Anna \u2212120 (22 сдачи)" in html
    assert "<strong>Выиграл(а) Anna</strong> — Вы \u22125, Anna 1010 (25 сдач)" in html
