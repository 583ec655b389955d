"""The page's controller: which screen is shown, the game in progress, and what a page event does.

It is plain Python: `handle(event)` takes {"do": name, ...} from a clicked element's data-do and
data-arg (or a form's values), `render()` returns the HTML of the page body, and the browser layer
runs computer moves: `bot_move()` is the move due, thought out a step at a time (`BotMove`), with
a delay between moves. Tests drive it the same way (`bot_step()` is one whole move)."""
import importlib
import time

from thousand import i18n
from thousand.errors import ThousandError
from thousand.errors import Phrase, Verbatim
from thousand.i18n import _, reason
from thousand.ui import language, preferences
from thousand.ui.kinds import CARDS, DICE, KINDS, kind_of, played_on
from thousand.storage import StorageRefused
from thousand.ui.html import Markup

SCREENS = ("home", "new", "table", "conventions", "sheet", "rules", "history", "settings",
           "dice_new", "dice", "replay", "statistics", "friends")
# dialogs that Forward, a reload or the next visit open again (one the game opens, as a deal's
# summary, is open or not by the game itself)
REOPENED = ("sheet", "bids", "last_trick", "log")
# screens a reload returns to; a replay (its record is not kept) comes back home
RETURNED_TO = ("home", "new", "table", "conventions", "sheet", "rules", "history", "settings",
               "dice_new", "dice", "statistics")
DELAY = preferences.DEFAULTS["delay"]  # seconds between computer moves, unless set otherwise
DECISIONS_KEPT = 1000  # the computer's latest decisions, timed (`App.decisions`)


class App:
    def __init__(self, store, *, delay: float | None = None, seed: int | None = None,
                 seed_source=None, clock=time.perf_counter, language_source=None,
                 preferred_languages=(), language_code=None):
        self.store = store
        self.clock = clock    # seconds; the page passes its own (performance.now) for its tests
        self.move = None      # the computer move being thought out (BotMove), for the table
        self.decisions = []   # the computer's decisions, timed, latest last (BotMove.record)
        self.screen = "home"
        self.sessions = {k.name: None for k in KINDS}  # the game under way of each kind
        self.hosting = None   # the game with friends this device referees (ui/hosting.py)
        self.joining = None   # the connection to a friend's table this device plays at
        self.set_aside = {}   # this device's own game, while it plays at a friend's table
        self.link_asks = []   # what the browser layer is to do for the friends' screen
        self.ui = {}          # what a screen remembers between events (selected card, dialogs…)
        self.notice = None    # a message for the player: a refused action, a damaged save
        self.fixed_seed = seed
        self.seed_source = seed_source or (lambda: 1)
        self.delay = delay if delay is not None else self._saved_delay()
        self.language_source = language_source or language.disk_source
        self.saved_problems = []  # Phrases (thousand.errors): worded when shown
        self.left = {}  # screen -> what it remembered when Back left it, for Forward
        self._start_language(language_code, preferred_languages)
        self._load_saved_game()
        if self.session is not None:
            self.module("table").opened_from_save(self)

    # --- the page's language ------------------------------------------------------------------

    def _start_language(self, code, preferred):
        """`code` if given (the page address asked for it), else the saved choice, else the
        browser's languages."""
        if code is None:
            try:
                saved = self.store.settings().get("language")
            except Exception:  # noqa: BLE001  (the browser refused to read its storage)
                saved = None
            if saved is None and not preferred:
                return  # nothing asked for: the language in use stays (tests set their own)
            code = language.first_language(saved, preferred)
        if not self.set_language(code, save=False):
            i18n.use(i18n.Translation())

    @property
    def language(self) -> str:
        return i18n.language()

    def set_language(self, code: str, *, save: bool = True) -> bool:
        """Speak `code` from the next drawing on; the game in progress is untouched. False (and
        a notice, the language unchanged) when its catalogue cannot be had."""
        if code not in i18n.LANGUAGES:
            self.notice = _("There is no language {code}.", code=str(code)[:12])
            return False
        try:
            translation = language.translation(code, self.language_source)
        except (OSError, ValueError) as exc:
            self.notice = _("The {language} texts could not be loaded ({error}); the page stays "
                            "in this language.", language=i18n.LANGUAGES[code][0],
                            error=str(exc)[:120])
            return False
        i18n.use(translation)
        if save:
            settings = self.store.settings()
            settings["language"] = code
            self.store.save_settings(settings)
        return True

    def _saved_delay(self) -> float:
        return preferences.read(self.store)["delay"]

    # seconds a complete trick lies on the table for this page's visit, if the address set it
    # (the tests and demos ask for no pause); else the player's preference
    trick_pause_override = None

    def trick_pause(self) -> float:
        if self.trick_pause_override is not None:
            return self.trick_pause_override
        return self.preference("trick_pause")

    def preference(self, key: str):
        """One of the device's preferences (thousand/ui/preferences.py), read as saved now."""
        return preferences.read(self.store)[key]

    # --- screens ------------------------------------------------------------------------------

    def module(self, name):
        return importlib.import_module(f"thousand.ui.screens.{name}")

    def go(self, screen: str, **ui):
        if screen not in SCREENS:
            raise ValueError(f"unknown screen {screen}")
        came_from = self.screen
        self.screen = screen
        # what screens keep across visits (the new game being set up) survives the change
        self.ui = {"keep": self.ui.get("keep", {}), **ui}
        self.notice = None
        opened = getattr(self.module(screen), "opened", None)
        if opened is not None and came_from != screen:
            opened(self, came_from)

    # --- where the player is: each screen and dialog a browser history entry (browser.py), and
    # what a reload or a reopening returns to ------------------------------------------------------

    def place(self) -> dict:
        """The screen shown and the dialog open on it (a screen's `dialog_shown`), or None."""
        shown = getattr(self.module(self.screen), "dialog_shown", None)
        return {"screen": self.screen, "dialog": shown(self) if shown else None}

    def return_to(self, target) -> dict:
        """Back or Forward to `target` (a place a history entry or the storage kept): the dialog
        on this screen closes, as its Close or No would (an unseen deal summary is seen), or one
        that can be opened again opens; another screen is shown as it was left, a play screen
        only with its game (else home). Returns the place shown, which may differ."""
        target = checked_place(target)
        here = self.place()
        if target == here:
            return here
        if here["dialog"] is not None:
            closing = getattr(self.module(self.screen), "close_dialog", None)
            if target["screen"] == self.screen and closing is not None:
                closing(self)
        if target["screen"] != self.screen:
            left = getattr(self.module(self.screen), "left_by_back", None)
            if left is not None:
                left(self)  # the Conventions screen drops its unused edits
            self.left[self.screen] = self.ui
            screen = target["screen"]
            if played_on(screen) and self.session_of(played_on(screen).name) is None:
                screen = "home"
            kept = {k: v for k, v in self.left.get(screen, {}).items() if k != "keep"}
            self.go(screen, **kept)
        if target["dialog"] in REOPENED and self.place()["dialog"] is None:
            opening = getattr(self.module(self.screen), "open_dialog", None)
            if opening is not None:
                opening(self, target["dialog"])
        return self.place()

    def remember_place(self) -> None:
        """Keep where the player is, for a reload or the next visit (only when it changed)."""
        place = self.place()
        if place != self._remembered:
            try:
                self.store.save_place(place)
            except Exception:  # noqa: BLE001  (storage refused: the games matter, not this)
                return
            self._remembered = place

    def return_to_saved_place(self) -> dict:
        """At start: the screen (and dialog) the player was on when the page was last left."""
        try:
            saved = self.store.place()
        except Exception:  # noqa: BLE001  (the browser refused to read its storage)
            saved = None
        self._remembered = checked_place(saved)
        self.saved_problems += self.store.take_problems()  # a damaged place: kept aside, said
        if self.saved_problems:
            return self.place()  # home, where what happened to the saves is said
        if self._remembered["screen"] in RETURNED_TO:
            return self.return_to(self._remembered)
        return self.place()

    _remembered = None

    def render(self) -> Markup:
        page = self.module(self.screen).render(self)
        if self.ui.get("replace"):  # a new game over one in progress: asked on any screen
            from thousand.ui import in_progress
            page = Markup(page + in_progress.dialog(self))
        if self.space_warning:  # the storage is full: said on every screen until dismissed
            from thousand.ui import data
            page = Markup(data.space_banner(self) + page)
        return Markup(page + self.update_offer()) if self.update_offered() else page

    def handle(self, event: dict) -> None:
        do = event.get("do", "")
        if do == "go":
            self.go(event["screen"])
            return
        if do == "update":
            self.apply_update()
            return
        screen, _, _ = do.partition(".")
        if screen == "replace":  # the answer to "A game is in progress" (in_progress.py)
            from thousand.ui import in_progress
            in_progress.handle(self, event)
            return
        if screen == "data":  # files in and out (thousand/ui/data.py): not a screen of its own
            target = importlib.import_module("thousand.ui.data")
        elif screen in SCREENS:
            target = self.module(screen)
        else:
            self.notice = _("unknown page event '{event}'", event=str(do)[:40])
            return
        try:
            target.handle(self, event)
        except ThousandError as exc:
            self.notice = reason(exc)

    # --- the game in progress -----------------------------------------------------------------

    def new_seed(self) -> int:
        return self.fixed_seed if self.fixed_seed is not None else self.seed_source()

    def session_of(self, kind: str):
        return self.sessions.get(kind)

    def _set_session(self, kind: str, session):
        self.sessions[kind_of(kind).name] = session

    # the game under way of each kind by its name, for the screens of one game and the tests
    @property
    def session(self):
        return self.sessions[CARDS.name]

    @session.setter
    def session(self, session):
        self.sessions[CARDS.name] = session

    @property
    def dice(self):
        return self.sessions[DICE.name]

    @dice.setter
    def dice(self, session):
        self.sessions[DICE.name] = session

    def _load_saved_game(self):
        """Resume the games saved on this device. Whatever a save holds, the page opens: a save
        that cannot be read, or that the game cannot be resumed from, is kept aside and the save
        before it is offered instead (thousand/storage.py); the home screen says so."""
        problems = []
        for game in KINDS:
            kind = game.name
            try:
                result = self.store.load_game(kind, resume=lambda data, k=kind: self.resumed(k, data))
            except Exception as exc:  # noqa: BLE001  (the browser refused to read its storage)
                problems.append(Phrase(game.unreadable, error=Verbatim(str(exc))))
                continue
            if result.problem:
                problems.append(result.problem)
            self._set_session(kind, result.resumed)
        # damaged settings, history or convention sets were set aside while reading: say so
        problems += self.store.take_problems()
        self.saved_problems = problems
        for session in self.sessions.values():
            self._host_if_friends(session)

    @property
    def saved_problem(self) -> str | None:
        """What the home screen says about damaged saves, in the language in use."""
        return " ".join(reason(p) for p in self.saved_problems) or None

    def resumed(self, kind: str, data):
        """The game of a save, checked before it is shown: rebuilt by the engine from its record
        (Session.from_doc), then drawn once at its table, off screen, with every seat's view, so
        a save that would break the table is refused here rather than in the middle of play."""
        # imported only when there is a game to resume: an engine is most of the start-up
        game = kind_of(kind)
        session = game.session_class().from_doc(data)
        shown = (self.screen, self.ui, self.notice, dict(self.sessions))
        try:
            self._set_session(kind, session)
            for seat in range(session.n):
                session.view(seat)
            self.screen = game.play_screen
            for ui in self.module(game.play_screen).first_looks(session):
                self.ui = ui
                str(self.render())
                self.bot_pending()
            self.screen, self.ui = "home", {}
            str(self.render())
        finally:
            self.screen, self.ui, self.notice, self.sessions = shown
        return session

    # what the browser layer is to save as a file: (file name, text), set by thousand/ui/data.py
    download = None
    # what is said about a full storage (Phrases), until the player dismisses it
    space_warning = ()

    def save(self, kind: str = CARDS.name):
        session = self.session_of(kind)
        if session is None:
            return
        if getattr(session, "remote", False):  # a friend's game: its last position, apart
            try:
                self.store.save_friend_position(session.to_kept())
            except StorageRefused as exc:
                self.space_warning = (*self.space_warning, exc.detail)
            return
        try:
            if session.over:
                if not session.meta.get("archived"):
                    entry = self.module(session.kind.new_screen).history_entry(session)
                    self.module("statistics").archive(self.store, kind, entry, session.state)
                    session.meta["archived"] = True
                if not self.store.held_count():
                    # else the finished game is held on the page only: its last save stays
                    self.store.clear_game(kind)
            else:
                self.store.save_game(kind, session.to_doc())
        except StorageRefused as exc:  # the game goes on; the player is told and offered export
            self.space_warning = (*self.space_warning, exc.detail)
        found = self.store.take_space_problems()
        if found:
            self.space_warning = (*self.space_warning, *found)

    def start_game(self, session):
        """Seat `session` at its table. A game of its kind still in progress is never dropped:
        the screens ask first (in_progress.asked), and here it goes to Finished games as not
        finished."""
        kind = session.kind.name
        session.load_players()
        previous = self.session_of(kind)
        if previous is not None and previous is not session:
            try:
                self.abandon(kind, previous)
            except StorageRefused as exc:  # it could not be kept: it stays, the new one waits
                self.space_warning = (*self.space_warning, exc.detail)
                return
        self._set_session(kind, session)
        self._host_if_friends(session)
        self.save(kind)
        self.go(session.kind.play_screen)

    # --- friends on their own phones (issue 22) ----------------------------------------------------

    def _host_if_friends(self, session) -> None:
        """A game with friends' seats is refereed here: the friends join (again) by code."""
        if session is None or getattr(session, "remote", False):
            return
        if not session.friends():
            if self.hosting is not None and self.hosting.kind is session.kind:
                self.hosting = None  # a new game of that kind: the friends' table is closed
                self.link_asks.append({"do": "close_all"})
            return
        from thousand.ui.hosting import Hosting
        before = self.hosting
        self.hosting = Hosting(session)
        self.hosting.moved = lambda: self._friend_moved(session)
        if before is not None and before.kind is session.kind:
            # a rematch at the same table: the friends' phones stay connected and sit again
            for peer in list(before.room.peers):
                seat = before.seat_of(peer)
                if seat in session.friends():
                    self.hosting.offered(peer, seat)
                    self.hosting.opened(peer)

    def _friend_moved(self, session) -> None:
        if self.table_session() is session:
            self.module(self.screen).after_action(self)
        self.save(session.kind.name)

    def play_remote(self, session) -> None:
        """Sit at a friend's table: this device's own game of that kind waits, saved as it was."""
        kind = session.kind.name
        current = self.sessions.get(kind)
        if current is not None and not getattr(current, "remote", False):
            self.set_aside[kind] = current
        self.sessions[kind] = session
        self.save(kind)
        self.go(session.kind.play_screen)

    def leave_remote(self) -> None:
        """Back from a friend's table: this device's own games as they were."""
        for kind, session in list(self.sessions.items()):
            if getattr(session, "remote", False):
                self.sessions[kind] = self.set_aside.pop(kind, None)
        self.joining = None

    def abandon(self, kind: str, session) -> None:
        """Keep a game left before its end in Finished games (replayable, resumable while it is
        the newest entry), counted in Statistics as abandoned; a game with no move made yet has
        nothing to keep."""
        from thousand.ui import in_progress
        if not in_progress.progressed(session):
            return
        entry = in_progress.abandoned_entry(
            self.module(session.kind.new_screen).history_entry(session), session)
        self.module("statistics").archive(self.store, kind, entry, session.state)

    @staticmethod
    def play_screen(kind: str) -> str:
        return kind_of(kind).play_screen

    def _playing(self) -> str | None:
        """The kind of game on the screen shown, if it is a game's play screen."""
        game = played_on(self.screen)
        return game.name if game else None

    def bot_pending(self) -> bool:
        """A move the page makes is due: a computer player's, or a person's lone card played
        for them (`played_for_person`)."""
        kind = self._playing()
        session = self.session_of(kind) if kind else None
        if session is None or self.module(self.screen).waiting_for_person(self):
            return False
        return session.bot_action_due() or self.played_for_person(kind, session) is not None

    def bot_move(self):
        """The move due now, not yet thought out (a BotMove), or None."""
        if not self.bot_pending():
            return None
        kind = self._playing()
        session = self.session_of(kind)
        decided = None if session.bot_action_due() else self.played_for_person(kind, session)
        return BotMove(self, kind, session, decided)

    def played_for_person(self, kind: str, session):
        """The move the page makes for the person to act, as its play screen decides it (the card
        table's "Play my only legal card for me"), or None."""
        decide = getattr(self.module(kind_of(kind).play_screen), "played_for_person", None)
        return decide(self, session) if decide is not None else None

    def bot_step(self) -> bool:
        """One whole computer move, if one is due; True if a move was made."""
        move = self.bot_move()
        if move is None:
            return False
        for _ in move.steps():
            pass
        return move.make()

    def table_session(self):
        """The session of the game whose table is on the screen, or None."""
        kind = self._playing()
        return self.session_of(kind) if kind else None

    def take_news(self) -> list:
        """What happened at the table on the screen since the last call (the session's news
        module), oldest first; taken, so each event is said once. A game not on the screen has
        nobody at its table: its news is dropped."""
        shown = self.table_session()
        for other in self.sessions.values():
            if other is not None and other is not shown:
                other.news.clear()
        if shown is None or not shown.news:
            return []
        taken = list(shown.news)
        shown.news.clear()
        return taken

    def thinking(self) -> int | None:
        """The seat of the computer player thinking now (the table marks it), or None; at a
        friend's table, the seat the host says is thinking."""
        shown = self.table_session()
        if getattr(shown, "remote", False):
            return next((i for i in range(shown.n) if shown.status(i) == "thinking"), None)
        move = self.move
        return move.seat if move is not None and move.action is None else None

    # --- "Update": a new version of the page is installed and waits (index.html, browser.py) ----

    update_ready = False  # set by the browser layer when a new service worker is waiting
    update_hook = None    # what accepting does: the browser layer lets the new worker take over

    def update_offered(self) -> bool:
        """Offer the update on the home screen and between deals, never in the middle of one."""
        if not self.update_ready or self.update_hook is None:
            return False
        if self.screen == "home":
            return True
        return self.screen == "table" and self.session is not None and \
            self.session.state["phase"] in ("deal", "game_over")

    def update_offer(self) -> Markup:
        from thousand.ui.html import button, h
        return h("div", {"class": "update-offer", "role": "status"},
                 h("p", {}, _("A new version of Thousand is ready.")),
                 button(_("Update"), "update", cls="primary"))

    def apply_update(self):
        """The player accepted: the game is saved after every action, so it survives the reload."""
        if self.update_offered():
            self.save()
            self.notice = _("Updating…")
            self.update_hook()


def checked_place(place) -> dict:
    """A place as kept by a history entry or the storage, whatever it holds: a known screen and
    a dialog's name, else home."""
    if not isinstance(place, dict) or place.get("screen") not in SCREENS:
        return {"screen": "home", "dialog": None}
    dialog = place.get("dialog")
    return {"screen": place["screen"],
            "dialog": dialog if isinstance(dialog, str) and len(dialog) <= 20 else None}


class BotMove:
    """One computer move: thought out a step at a time (`steps()`, a generator: the page runs
    a few steps, draws, answers clicks, runs a few more), then made (`make()`). The decision is
    timed as it goes, in `record` (kept in `App.decisions`): "ms" from the first step to the
    decision, "work_ms" the time spent in its steps, "longest_ms" the longest step."""

    def __init__(self, app: App, kind: str, session, decided: dict | None = None):
        """`decided`: a person's move already known (their lone card, App.played_for_person),
        made like a computer's, after the same delay."""
        self.app, self.kind, self.session = app, kind, session
        self.seat = session.to_act()
        self.at = session.actions_so_far()  # the position it is for
        self.decided = decided
        self.action = None
        self.record = {"seat": self.seat, "bot": session.bot_name(self.seat)}

    def due(self) -> bool:
        """Still the move to make: the same game, at the same position, on its table."""
        app = self.app
        return app.session_of(self.kind) is self.session and \
            self.session.actions_so_far() == self.at and app.bot_pending()

    def steps(self):
        """Think; every step is short (as short as the player's own steps), and the action is
        known once the generator ends. While it runs the table marks the seat as thinking."""
        app, clock = self.app, self.app.clock
        app.move = self
        thinking = self.session.bot_thinking() if self.decided is None else _known(self.decided)
        hosting = app.hosting if app.hosting is not None and \
            app.hosting.session is self.session else None
        if hosting is not None:
            hosting.thinking(self.seat, True)  # the friends' tables mark the seat too
        started = clock()
        work = longest = 0.0
        count = 0
        try:
            while True:
                t = clock()
                try:
                    next(thinking)
                except StopIteration as done:
                    self.action = done.value
                    return
                finally:
                    step = clock() - t
                    work, longest, count = work + step, max(longest, step), count + 1
                yield
        finally:
            thinking.close()
            if hosting is not None:
                hosting.thinking(self.seat, False)
            if self.action is None:
                if app.move is self:
                    app.move = None  # broken off: nobody is thinking any more
            else:
                end = clock()
                self.record.update(action=self.action, started=_ms(started),
                                   ms=_ms(end - started), work_ms=_ms(work),
                                   longest_ms=_ms(longest), steps=count)
                app.decisions = app.decisions[-(DECISIONS_KEPT - 1):] + [self.record]

    def make(self, save: bool = True) -> bool:
        """Make the move thought out, if it is still due; True if it was made. The game is saved
        at once, or by the caller (`save=False`: the page saves a moment later, in a task of its
        own)."""
        app = self.app
        if app.move is self:
            app.move = None
        if self.action is None or not self.due():
            return False
        self.session.act(self.action)
        app.module(app.screen).after_action(app)
        if save:
            app.save(self.kind)
        return True


def _known(action: dict):
    """A decision already taken, as a player's thinking: one step that returns it."""
    return action
    yield  # noqa: unreachable (it makes this a generator)


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)
