"""The only module that touches the page: it mounts the app into #app, turns clicks and changes
on elements with data-do into app events, stores games in localStorage, and runs computer moves
one at a time with the chosen delay so the page never freezes: a computer player thinks in
slices of at most SLICE seconds, with the browser's event loop (drawing, clicks) between them."""
import asyncio
import json

from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from thousand import i18n
from thousand.errors import Phrase
from thousand.i18n import N_, _
from thousand.storage import (HISTORY_PREFIX, LocalStorageBackend, SplitBackend, Store,
                              WriteThroughBackend, merged_history_text)
from thousand.ui.app import App
from thousand.ui.browser.places import PlaceTrail

# Thinking time in one go before the page gets the event loop back. A task over 50 ms is what
# browsers call long (the page feels stuck); this leaves room for a slow or busy phone.
SLICE = 0.008


def _present(value) -> bool:
    """False for None and for JS null (which Pyodide hands over as its own object)."""
    return value is not None and type(value).__name__ != "JsNull"


def attr(el, name):
    """An attribute as a Python str, or None (a missing one comes back as JS null)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


class Page:
    def __init__(self, app: App, root):
        self.app, self.root = app, root
        self.pumping = False
        self.halted = False
        self._focus_lost = False  # the keyboard's focus was lost with its element at a drawing
        self._painting = False  # inside paint(): a drawing asked meanwhile is made after it
        self._paint_again = False
        self._gather_for = None  # the position whose complete trick a timer will gather
        self.shown = None  # the HTML of the screen last drawn
        self._click = create_proxy(self.on_click)
        self._change = create_proxy(self.on_change)
        self._key = create_proxy(self.on_key)
        root.addEventListener("click", self._click)
        root.addEventListener("change", self._change)
        document.addEventListener("keydown", self._key)
        self.trail = PlaceTrail()

    def render(self) -> str:
        """The page's HTML; a bug in a screen is said on the page and the player is taken home,
        where the game in progress can be continued, instead of the page freezing."""
        try:
            return self.app.render()
        except Exception as exc:
            window.console.error(f"thousand: {type(exc).__name__}: {exc}")
            self.app.go("home")
            self.app.notice = _("Something went wrong on that screen: {error}", error=exc)
            return self.app.render()

    def draw(self):
        """Draw the page, and run the computer moves that are due."""
        if self.paint() and not self.halted:
            self.pump()

    def paint(self) -> bool:
        """Draw the page as the app stands; True if a computer move is due (body data-busy,
        which the browser tests wait on)."""
        # Replacing the page blurs a field being edited, and its "change" event runs in the midst
        # of the replacing: a drawing it asks for then is made after this one, never inside it
        # (the browser refuses a page replaced while it is being replaced).
        if self._painting:
            self._paint_again = True
            return False
        self._painting = True
        try:
            busy = self._paint()
            while self._paint_again:
                self._paint_again = False
                busy = self._paint()
        finally:
            self._painting = False
        return busy

    def _paint(self) -> bool:
        focused = document.activeElement
        inside = _present(focused) and bool(self.root.contains(focused))
        if not inside and self._focus_lost and (not _present(focused) or focused == document.body):
            inside = True  # lost at a drawing with nothing to decide: given back when there is
        self._focus_lost = False
        focus_id = focused.id if inside and focused.id else None
        in_hand = inside and _present(focused.closest(".hand"))
        motion = window.thousandMotion
        document.documentElement.dataset.motion = "on" if self.app.preference("motion") else "off"
        moving = _present(motion) and self.app.screen == "table"
        before = motion.before(self.root) if moving else None
        self.shown = str(self.render())
        self.root.innerHTML = self.shown
        if moving:
            motion.after(self.root, before)
        self.keep_focus(focus_id, inside, in_hand)
        self.focus_asked()
        document.documentElement.lang = i18n.language()
        busy = self.app.bot_pending() or self.deal_end_waits()
        document.body.dataset.busy = "1" if busy else "0"
        document.body.dataset.screen = self.app.screen
        keep_screen(self.shown, self.app.screen)
        self.gather_later()
        tell_news(self.app)
        self.trail.follow(self.app)
        app = self.app
        if app.link_asks or app.hosting is not None or app.joining is not None:
            from thousand.ui.browser import friends  # only once friends are in play
            friends.after_paint(self)
        return busy

    def focus_asked(self):
        """A screen may ask for an element to be brought into view with the focus once drawn
        (app.ui["focus"], an id: the score sheet's new totals after a deal is recorded)."""
        wanted = self.app.ui.pop("focus", None)
        target = document.getElementById(wanted) if isinstance(wanted, str) else None
        if _present(target):
            target.focus()
            target.scrollIntoView(True)  # its top at the top of the screen

    def keep_focus(self, focus_id, inside: bool, in_hand: bool):
        """Keyboard players keep their place when the page is redrawn: the same element, else
        (the card just played, the button of a decision made) the hand's card or the first
        thing to decide; an open dialog takes the focus, as a dialog must."""
        dialog = self.root.querySelector("[role=dialog]")
        if _present(dialog):
            if not bool(dialog.contains(document.activeElement)):
                first = dialog.querySelector("button:not([disabled])")
                if _present(first):
                    first.focus()
            return
        again = document.getElementById(focus_id) if focus_id else None
        if _present(again):
            again.focus()
            return
        if not inside:
            return
        self._focus_lost = True  # until something takes it below
        card = ".hand button.card[tabindex='0']:not([aria-disabled=true])"  # a card to play
        for where in ((card, ".prompt .actions button:not([disabled])")
                      if not in_hand else (".hand [tabindex='0']",
                                           ".prompt .actions button:not([disabled])")):
            target = self.root.querySelector(where)
            if _present(target):
                target.focus()
                self._focus_lost = False
                return

    def on_click(self, event):
        el = event.target.closest("[data-do]")
        # hasAttribute, not .disabled: the felt (a div) gathers a trick at a tap, and a div has no
        # `disabled` property to read
        if not _present(el) or el.tagName in ("SELECT", "INPUT") or el.hasAttribute("disabled"):
            return
        ev = self.event_of(el)
        if attr(el, "data-leaves") and _present(window.thousandMotion):
            # the card leaves the hand at once; the move is worked out once that is painted
            el.classList.add("leaving")
            document.body.dataset.busy = "1"  # the move is not made yet (the tests wait)
            asyncio.ensure_future(self._run_after_paint(ev))
            return
        self.run(ev)

    async def _run_after_paint(self, ev):
        await window.thousandMotion.painted()
        self.run(ev)

    # keys that move along the hand; a letter presses the button that has it as data-shortcut
    HAND_KEYS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "")
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        hand = target.closest(".hand") if _present(target) and tag else None
        if _present(hand) and key in (*self.HAND_KEYS, "Home", "End"):
            cards = list(hand.querySelectorAll("button.card"))
            if not cards:
                return
            at = next((i for i, c in enumerate(cards) if c == target), 0)
            to = 0 if key == "Home" else len(cards) - 1 if key == "End" else \
                max(0, min(len(cards) - 1, at + self.HAND_KEYS[key]))
            for i, card in enumerate(cards):
                card.tabIndex = 0 if i == to else -1
            cards[to].focus()
            event.preventDefault()
            return
        if len(key) == 1 and not event.shiftKey:
            button = self.root.querySelector(f'[data-shortcut="{key.lower()}"]:not([disabled])')
            if _present(button) and not _present(self.root.querySelector("[role=dialog]")):
                event.preventDefault()
                button.click()

    def gather_later(self):
        """A complete trick lies on the table for the pause the player chose, then is gathered
        (a tap, or the next card, gathers it sooner); computer players wait for it."""
        table = self.app.module("table") if self.app.screen == "table" else None
        pause = table.trick_pause(self.app) if table else None
        if pause is None or pause < 0:
            return
        at = self.app.session.actions_so_far()
        if self._gather_for == at:
            return
        self._gather_for = at
        asyncio.ensure_future(self._gather_after(pause, at))

    async def _gather_after(self, pause, at):
        await asyncio.sleep(pause)
        s = self.app.session
        if s is not None and s.actions_so_far() == at and \
                self.app.module("table").trick_pause(self.app) is not None:
            self.run({"do": "table.gather"})
        elif self._gather_for == at:
            # not gathered (the table was left meanwhile): the next drawing of this trick on the
            # table starts its pause again, else the page would wait for it for ever
            self._gather_for = None

    def deal_end_waits(self) -> bool:
        """The last trick of a deal lies on the table until a timer gathers it and the deal's
        summary opens: nobody may act meanwhile, so the page is busy (left until a tap, it waits
        for the player, and is not)."""
        if self.app.screen != "table":
            return False
        table = self.app.module("table")
        return table.deal_end_waits(self.app) and table.trick_pause(self.app) >= 0

    def trick_waits(self) -> bool:
        return self.app.screen == "table" and \
            self.app.module("table").trick_pause(self.app) is not None

    def on_change(self, event):
        el = event.target
        if attr(el, "data-do") is None or el.tagName not in ("SELECT", "INPUT"):
            return
        ev = self.event_of(el)
        if el.type == "file":  # its text is read first, then handed over (thousand/ui/data.py)
            asyncio.ensure_future(self._read_file(ev, el))
            return
        ev["value"] = el.checked if el.type == "checkbox" else el.value
        if ev["do"] == "settings.language":  # its catalogue is fetched first, then applied
            asyncio.ensure_future(self._switch_language(ev))
            return
        self.run(ev)

    async def _read_file(self, ev, el):
        files = el.files
        chosen = files.item(0) if _present(files) and files.length else None
        if not _present(chosen):
            return
        try:
            ev["text"], ev["name"] = str(await chosen.text()), str(chosen.name)
        except Exception as exc:  # noqa: BLE001  (unreadable: the app says so, like bad text)
            ev["text"], ev["name"] = None, str(chosen.name)
            window.console.warn(f"thousand: {chosen.name}: {exc}")
        el.value = ""  # the same file chosen again is a change again
        self.run(ev)

    async def _switch_language(self, ev):
        await fetch_catalogue(str(ev.get("value", "")))
        self.run(ev)

    def event_of(self, el) -> dict:
        # getAttribute, not dataset: a missing data-* key raises on a JS proxy
        ev = {"do": attr(el, "data-do")}
        arg = attr(el, "data-arg")
        if arg:
            ev.update(json.loads(arg))
        names = attr(el, "data-fields")
        if names:
            fields = {}
            for fid in names.split(","):
                field = document.getElementById(fid)
                if _present(field):
                    # a checkbox's value is always "on": what counts is whether it is ticked
                    fields[fid] = field.checked if field.type == "checkbox" else field.value
            ev["fields"] = fields
        return ev

    def run(self, ev):
        self.halted = False
        try:
            self.app.handle(ev)
        except Exception as exc:  # a bug: say so on the page and in the console, keep the game
            self.app.notice = _("Something went wrong: {error}", error=exc)
            window.console.error(f"thousand: {type(exc).__name__}: {exc}")
        if self.app.download is not None:
            name, text = self.app.download
            self.app.download = None
            save_file(name, text)
        self.draw()
        if self.app.screen == "settings":
            asyncio.ensure_future(look_at_storage(self))

    def pump(self):
        if self.pumping or self.trick_waits():  # the trick's gathering starts the pump again
            return
        self.pumping = True
        asyncio.ensure_future(self._pump())

    async def _pump(self):
        fresh = False  # the page shows the app as it stands
        try:
            while not self.halted and not self.trick_waits():
                move = self.app.bot_move()
                if move is None:
                    break
                fresh = False
                try:
                    fresh = await self._play(move)
                except Exception as exc:  # a bug in a computer player: said, not a frozen table
                    window.console.error(f"thousand: {type(exc).__name__}: {exc}")
                    self.app.notice = _("A computer player failed: {error}", error=exc)
                    self.halted = True  # until the player does something, not a loop of failures
        finally:
            self.pumping = False
            if not fresh:
                self.draw()

    async def _play(self, move) -> bool:
        """One computer move, every piece of it a task of its own so that the page can draw and
        answer clicks between them: thinking in slices of at most SLICE seconds (a slice ends
        after the step that crosses it), drawing the seat as thinking once a slice ends without
        a decision, waiting out what is left of the delay (thinking counts toward it), making
        the move, saving it, drawing it. True if it ended by drawing the page."""
        clock = self.app.clock
        begun = clock()
        steps = move.steps()
        marked = False
        while True:
            await asyncio.sleep(0)
            if not move.due():  # the game moved on (left, replaced): the decision is dropped
                steps.close()
                return False
            until = clock() + SLICE
            for _ in steps:
                if clock() >= until:
                    break
            else:
                break  # decided
            if not marked:
                await asyncio.sleep(0)
                self.paint()  # the thinking mark
                marked = True
        await asyncio.sleep(max(0.0, self.app.delay - (clock() - begun)))
        if not move.make(save=False):
            return False
        await asyncio.sleep(0)
        self.app.save(move.kind)
        await asyncio.sleep(0)
        self.paint()
        move.record["shown"] = round(clock() * 1000, 2)
        return True


def tell_news(app) -> None:
    """Say what just happened at the table in #news (index.html: a polite live region outside
    #app, so that redrawing the page does not silence it) and play its sounds (assets/sound.js)
    while the "sound" preference is on. Said only on a game's table, in the words of its
    session's news module (thousand/ui/table_news.py, dice_news.py)."""
    session, events = app.table_session(), app.take_news()
    region = document.getElementById("news")
    if not events or not _present(region):
        return
    try:
        words = session.news_words()
        for text in words.lines(session, events):
            line = document.createElement("p")
            line.textContent = text
            region.appendChild(line)
        while region.childElementCount > 5:  # enough to read back, few to wade through
            region.firstElementChild.remove()
        sound = getattr(window, "thousandSound", None)
        if _present(sound) and app.preference("sound"):
            for event in events:
                name = words.sound_of(event)
                if name:
                    sound.play(name)
    except Exception as exc:  # a bug in the news: said in the console, the table goes on
        window.console.error(f"thousand: news: {type(exc).__name__}: {exc}")


def replay_json(text: str) -> str:
    """A record replayed by the browser's Python, as JSON (the same output as `python -m
    thousand replay`), for checking that both Pythons agree."""
    from thousand.cards import record
    result = record.replay(json.loads(text))
    result.pop("state", None)
    return json.dumps(result)


def number_param(params, name, kind):
    """A number from the page address (?delay=0&seed=7, used by tests and demos), or None when it
    is missing or not a number: a mistyped address must not stop the page from opening."""
    text = params.get(name)
    if not isinstance(text, str):
        return None
    try:
        value = kind(text)
    except ValueError:
        return None
    return value if value == value and abs(value) < 10 ** 9 else None  # not NaN, not absurd


# --- the page's language: only the chosen catalogue is fetched (the service worker keeps them) ---

CATALOGUES = {}  # code -> the catalogue's text fetched (its JSON, compiled at build time)


async def fetch_catalogue(code: str) -> None:
    """Fetch a language's catalogue once; a failure is left for App.set_language to report."""
    if code == i18n.SOURCE or code not in i18n.LANGUAGES or code in CATALOGUES:
        return
    try:
        response = await window.fetch(f"./{i18n.LOCALES_DIR}/{code}.json")
        if response.ok:
            CATALOGUES[code] = await response.text()
    except Exception as exc:  # noqa: BLE001  (offline before the worker cached it)
        window.console.error(f"thousand: catalogue {code}: {exc}")


def catalogue_source(code: str) -> str:
    if code not in CATALOGUES:
        raise OSError(_("not available offline yet"))
    return CATALOGUES[code]


def browser_languages() -> list:
    langs = getattr(window.navigator, "languages", None)
    found = [str(x) for x in langs] if _present(langs) else []
    return found or [str(window.navigator.language or "")]


async def start():
    params = window.URLSearchParams.new(window.location.search)
    delay = number_param(params, "delay", float)
    backend, history_in = await open_storage()
    store = Store(backend)
    from thousand.ui.language import first_language
    wanted = params.get("lang")  # ?lang=ru: tests and links to a language
    if not (isinstance(wanted, str) and wanted in i18n.LANGUAGES):
        saved = store.settings().get("language")
        wanted = first_language(saved, browser_languages())
    await fetch_catalogue(wanted)
    app = App(store, delay=max(0.0, delay) if delay is not None else None,
              seed=number_param(params, "seed", int),
              seed_source=lambda: int(window.Math.random() * 2_147_483_647),
              clock=lambda: window.performance.now() / 1000,  # the clock of long-task entries
              language_source=catalogue_source, language_code=wanted)
    pause = number_param(params, "pause", float)
    # an address asking for no delay (the tests, demos) has no pause after a trick either
    app.trick_pause_override = max(0.0, pause) if pause is not None else \
        (0.0 if delay is not None and delay <= 0 else None)
    window.thousandReplay = create_proxy(replay_json)
    # the computer's decisions, timed (App.decisions), for the browser tests and bench/bots_browser.py
    window.thousandDecisions = create_proxy(lambda: json.dumps(app.decisions))
    app.return_to_saved_place()  # the screen the player was on, the table mid-deal
    page = Page(app, document.getElementById("app"))
    page.trail.start(page)
    app.storage_info = {"history_in": history_in}
    HISTORY_WRITES["page"] = page
    watch_for_update(page)
    page.draw()
    document.getElementById("status").hidden = True
    page.root.removeAttribute("aria-busy")
    document.body.dataset.ready = "1"
    carry_out_kept_tap(page)
    asyncio.ensure_future(look_at_storage(page, ask_to_keep=True))
    return page


# --- the screen at once: index.html paints the last screen drawn before Python is up -------------

SCREEN_KEY = "thousand-screen"  # not "thousand:…": no document of the store (thousand/storage.py)


def keep_screen(html: str, screen: str) -> None:
    """Keep a copy of the screen just drawn, in its language, for index.html to paint at the next
    start while Python loads. Only a convenience: a browser that refuses it (storage full, turned
    off) loses nothing else, and the copy is dropped rather than left stale."""
    storage = window.localStorage
    try:
        storage.setItem(SCREEN_KEY, json.dumps({"html": html, "lang": i18n.language(),
                                                "screen": screen}))
    except Exception:  # noqa: BLE001
        try:
            storage.removeItem(SCREEN_KEY)
        except Exception:  # noqa: BLE001
            pass


def carry_out_kept_tap(page) -> bool:
    """The tap made on the painted screen before the game was ready (index.html keeps the first),
    carried out once now: taken away first, so that it can never be done twice; done only if the
    screen the game has just drawn is the very one it was made on, on the element at the same
    place with the same action; else dropped. True if it was carried out."""
    tap = getattr(window, "thousandPendingTap", None)
    if not _present(tap):
        return False
    window.thousandPendingTap = None
    if str(tap.screen) != page.shown:
        window.console.info("thousand: a tap on a screen that has changed meanwhile, dropped")
        return False
    found = page.root.querySelectorAll("[data-do]")
    index = int(tap.index)
    if not 0 <= index < found.length:
        return False
    target = found.item(index)
    if attr(target, "data-do") != (tap.do if _present(tap.do) else None) or \
            attr(target, "data-arg") != (tap.arg if _present(tap.arg) else None):
        return False
    target.click()
    return True


# --- files: a download, saved by the browser (no other host: a Blob of the page's own) ----------

def save_file(name: str, text: str) -> None:
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


# --- storage: the game under way in localStorage, finished games in IndexedDB ------------------
# IndexedDB answers later: the finished games are read into memory before the app starts and
# every change is written through (WriteThroughBackend); a write that fails (no room) is said
# on the page, and the games are still in memory, to be exported. Without IndexedDB (turned off,
# a private window) everything stays in localStorage, as before.

IDB = """(() => {
  const req = (r) => new Promise((ok, bad) => { r.onsuccess = () => ok(r.result);
                                                 r.onerror = () => bad(r.error); });
  const db = { handle: null, pending: 0 };
  db.open = async () => {
    const r = indexedDB.open("thousand", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("kv");
    db.handle = await req(r);
    return true;
  };
  db.load = async () => {
    const st = db.handle.transaction("kv", "readonly").objectStore("kv");
    const [keys, values] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]);
    return JSON.stringify(keys.map((k, i) => [k, values[i]]));
  };
  // "" once written, else the browser's words for why not
  db.put = (key, value) => new Promise((done) => {
    db.pending += 1;
    const finish = (said) => { db.pending -= 1; done(said); };
    try {
      const tx = db.handle.transaction("kv", "readwrite");
      const st = tx.objectStore("kv");
      if (value === null || value === undefined) st.delete(key); else st.put(value, key);
      tx.oncomplete = () => finish("");
      tx.onabort = () => finish(tx.error ? tx.error.name + ": " + tx.error.message : "aborted");
    } catch (e) { finish(e.name + ": " + e.message); }
  });
  return db;
})()"""
IDB_TIMEOUT = 5.0  # seconds: a browser whose IndexedDB never answers keeps to localStorage
HISTORY_WRITES = {}  # "db": the IndexedDB helper, "page": the Page to tell of a failed write


async def open_storage():
    """The store's backend, and where finished games are kept ("indexeddb" | "localstorage").
    Finished games still in localStorage (saved by an earlier version) are moved to IndexedDB
    once, each removed from localStorage only after IndexedDB has it."""
    local = LocalStorageBackend(window.localStorage)
    try:
        db = run_js(IDB)
        await asyncio.wait_for(db.open(), IDB_TIMEOUT)
        items = dict(json.loads(str(await asyncio.wait_for(db.load(), IDB_TIMEOUT))))
    except Exception as exc:  # noqa: BLE001  (no IndexedDB here: everything in localStorage)
        window.console.warn(f"thousand: no IndexedDB ({exc}); finished games stay in localStorage")
        return local, "localstorage"
    items = {k: v for k, v in items.items() if isinstance(k, str) and isinstance(v, str)}
    try:
        for key in [k for k in local.keys() if k.startswith(HISTORY_PREFIX)]:
            moved = merged_history_text(key[len("thousand:"):], items.get(key), local.get(key))
            failed = str(await db.put(key, moved))
            if failed:
                raise OSError(failed)
            items[key] = moved
            local.remove(key)
    except Exception as exc:  # noqa: BLE001  (kept where it was, and used from there)
        window.console.warn(f"thousand: finished games not moved to IndexedDB ({exc})")
        return local, "localstorage"
    HISTORY_WRITES["db"] = db
    return SplitBackend(local, WriteThroughBackend(items, write=write_history)), "indexeddb"


def write_history(key, value) -> None:
    # the transaction begins now, in the same task as the change (a page closed a moment later
    # still has it under way); its outcome is looked at when it comes
    asyncio.ensure_future(_write_history(HISTORY_WRITES["db"].put(key, value)))


async def _write_history(written):
    failed = str(await written)
    page = HISTORY_WRITES.get("page")
    if failed and page is not None:
        app = page.app
        app.space_warning = (*app.space_warning, Phrase(
            N_("Finished games could not be saved ({reason}). They stay on this page until you "
               "close it: export your data to keep them."), reason=failed))
        if not page.pumping:
            page.draw()


async def look_at_storage(page, ask_to_keep=False):
    """How much the site stores, of how much, and whether the browser keeps it: for the Settings
    screen; nearly full is said on every screen, with the export offered."""
    storage = getattr(window.navigator, "storage", None)
    if not _present(storage):
        return
    info = dict(getattr(page.app, "storage_info", None) or {})
    try:
        if ask_to_keep:
            info["persisted"] = bool(await storage.persist())
        elif "persisted" not in info:
            info["persisted"] = bool(await storage.persisted())
        estimate = await storage.estimate()
        info["usage"], info["quota"] = float(estimate.usage), float(estimate.quota)
    except Exception as exc:  # noqa: BLE001  (not offered here: nothing to show)
        window.console.warn(f"thousand: storage estimate: {exc}")
        return
    old = getattr(page.app, "storage_info", None)
    page.app.storage_info = info
    if ask_to_keep and info["quota"] > 0 and info["usage"] >= 0.9 * info["quota"]:
        page.app.space_warning = (*page.app.space_warning, Phrase(
            N_("The storage is nearly full: export your data to keep a copy.")))
        old = None
    if old != info and (page.app.screen == "settings" or old is None) and not page.pumping:
        page.paint()


# --- "Update": index.html says when a new version (service worker) is waiting ------------------

def watch_for_update(page):
    """Let the app offer "Update" (thousand/ui/app.py) once index.html reports a waiting worker,
    and make accepting it ask index.html to switch workers and reload."""
    app = page.app
    app.update_hook = lambda: window.thousandApplyUpdate()

    def ready(event=None):
        app.update_ready = True
        if app.update_offered() and not page.pumping:
            page.draw()

    page._update_ready = create_proxy(ready)
    window.addEventListener("thousand:update-ready", page._update_ready)
    if getattr(window, "thousandUpdateReady", False) is True:
        app.update_ready = True
