"""Saved games, finished-game history, convention sets, settings and statistics, as JSON documents.

A `Store` reads and writes through a backend that holds strings under string keys:
`MemoryBackend` (tests, the command line) or `LocalStorageBackend` (the page: the UI passes it
`js.window.localStorage`; this module never imports `js` or `pyscript`, so it runs under CPython).

Every key starts with `thousand:` and every value is one JSON document

    {"kind": ..., "version": VERSION, "saved_at_seq": n, "data": ...}

where `saved_at_seq` grows by one with every save this store makes, so two saves can be ordered.

Keys:
    thousand:game:<kind>              the game under way (<kind> is "cards" or "dice")
    thousand:game:<kind>:previous     the save before it: every good save is rotated here
    thousand:history:<kind>           finished games, newest first, at most HISTORY_CAP
    thousand:conventions:<kind>       named convention sets, name -> data
    thousand:settings                 the settings last used
    thousand:place                    the screen and dialog shown last (a reload returns there)
    thousand:stats:<kind>             statistics
    thousand:seq                      the last `saved_at_seq` handed out
    thousand:damaged:<doc>:<n>        a document that could not be read, kept aside unchanged

Nothing is ever lost: a document that cannot be read (not JSON, the wrong shape, an unknown kind,
or a `version` newer than this program reads) is moved aside to a fresh `thousand:damaged:…` key
before anything is written in its place, and the player is told where it went. A damaged save
never overwrites another save: only a good current game is rotated into `:previous`, and
`load_game` falls back to that previous good save when the current one is damaged, or (given the
game's `resume`) when the game cannot be resumed from it.
"""
import json
import zlib
from dataclasses import dataclass

from thousand.errors import BadInput, Phrase, ThousandError, Verbatim, is_whole, words_of
from thousand.i18n import N_
from thousand.limits import loads

PREFIX = "thousand:"
# The one version number of every document this module writes; it reads versions 1..VERSION.
VERSION = 1
KINDS = ("cards", "dice")
GAME_WORDS = {"cards": "card game", "dice": "dice game"}
# What a message about a damaged document calls it. Messages for the player are Phrases: the
# English text, with a template and values the page words in the player's language
# (thousand.i18n.reason).
SUBJECTS = {
    "game:cards": N_("Your saved card game"), "game:dice": N_("Your saved dice game"),
    "history:cards": N_("The history of finished card games"),
    "history:dice": N_("The history of finished dice games"),
    "conventions:cards": N_("Your saved conventions for the card game"),
    "conventions:dice": N_("Your saved conventions for the dice game"),
    "stats:cards": N_("Your statistics for the card game"),
    "stats:dice": N_("Your statistics for the dice game"),
    "settings": N_("Your saved settings"),
    "place": N_("The screen you were on"),
    "friend": N_("The last position of the game at a friend's table"),
    "previous": N_("The save before it"),
}
REFUSED = {  # the browser refused to ...
    "read": N_("the browser did not let Thousand read its data (storage may be full or turned "
               "off): {reason}"),
    "save": N_("the browser did not let Thousand save its data (storage may be full or turned "
               "off): {reason}"),
    "remove": N_("the browser did not let Thousand remove its data (storage may be full or "
                 "turned off): {reason}"),
}
HISTORY_CAP = 100  # finished games kept when they share localStorage with the game under way
# ...and when they have storage of their own (IndexedDB, a few hundred megabytes at least): a
# card game's record is about 30 kB, so this is some 30 MB
HISTORY_CAP_OWN = 1000
HISTORY_PREFIX = PREFIX + "history:"
NAME_MAX = 60  # longest convention-set name, in characters


# --- backends -----------------------------------------------------------------------------------

class MemoryBackend:
    """Strings under string keys, in a dict (`items` may be inspected by tests)."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def get(self, key: str):
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list:
        return list(self.items)


class WriteThroughBackend(MemoryBackend):
    """Strings held in memory and written through to slower storage: the page's IndexedDB, which
    answers only later (thousand/ui/browser.py loads it into `items` at boot and passes `write`).
    `write(key, value)` (value None: remove) must not raise; a write that fails later is reported
    by the page, and the value is still here to be exported or written again."""

    def __init__(self, items=None, write=None):
        super().__init__(items)
        self.write = write or (lambda key, value: None)

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.write(key, value)

    def remove(self, key: str) -> None:
        if key in self.items:
            super().remove(key)
            self.write(key, None)


class SplitBackend:
    """Finished games (`thousand:history:…`) in a backend of their own, everything else in `main`:
    the page keeps the game under way in localStorage (small, written at once, never the thing
    crowded out) and the history, which grows with every whole record, in IndexedDB."""

    def __init__(self, main, history):
        self.main, self.history = main, history

    def _of(self, key: str):
        return self.history if key.startswith(HISTORY_PREFIX) else self.main

    def get(self, key: str):
        return self._of(key).get(key)

    def set(self, key: str, value: str) -> None:
        self._of(key).set(key, value)

    def remove(self, key: str) -> None:
        self._of(key).remove(key)

    def keys(self) -> list:
        return self.main.keys() + [k for k in self.history.keys() if k.startswith(HISTORY_PREFIX)]


def merged_history_text(doc: str, kept: str | None, incoming: str) -> str:
    """One stored history (`thousand:history:<kind>` text) out of two: the one `kept` (None when
    there is none) and the finished games of `incoming` that it does not have, after its own. For
    moving the history from localStorage into IndexedDB, where one may already be."""
    if kept is None:
        return incoming
    old, new = _parse(kept, doc, list), _parse(incoming, doc, list)
    if not new.good:
        return kept
    if not old.good:
        return incoming
    entries = old.data + [e for e in new.data if e not in old.data]
    seq = max(old.seq, new.seq)
    return (f'{{"kind":{json.dumps(doc)},"version":{VERSION},"saved_at_seq":{seq},'
            f'"data":{_encode("history", entries)}}}')


def used_chars(backend) -> int:
    """The characters Thousand keeps in a backend (keys and values): what localStorage's quota
    counts, about five million characters in most browsers."""
    total = 0
    for key in backend.keys():
        if key.startswith(PREFIX):
            total += len(key) + len(backend.get(key) or "")
    return total


class StorageRefused(BadInput):
    """The browser would not store something (storage full, or turned off)."""


class LocalStorageBackend:
    """The browser's Web Storage: any object with getItem, setItem, removeItem, key(i) and length.

    The UI passes `js.window.localStorage`; tests pass a Python fake. The browser may refuse a
    write (storage full, or disabled in a private window): that becomes a BadInput saying so."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key: str):
        value = self._call("read", lambda: self.storage.getItem(key))
        # A missing key is JS null (None, or Pyodide's jsnull); only a string is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self._call("save", lambda: self.storage.setItem(key, value))

    def remove(self, key: str) -> None:
        self._call("remove", lambda: self.storage.removeItem(key))

    def keys(self) -> list:
        def collect():
            found = []
            for i in range(int(self.storage.length)):
                key = self.storage.key(i)
                if isinstance(key, str):
                    found.append(key)
            return found
        return self._call("read", collect)

    @staticmethod
    def _call(what, action):
        try:
            return action()
        except Exception as exc:  # a JsException (QuotaExceededError, SecurityError) or the like
            reason = str(exc).strip() or type(exc).__name__
            raise StorageRefused("storage", REFUSED[what], reason=reason) from None


# --- results ------------------------------------------------------------------------------------

@dataclass
class LoadResult:
    """What `load_game` found.

    data        the saved game document, or None when there is none to continue
    problem     None, or a message for the player: what could not be read and where it was kept
    recovered   True when `data` is the previous good save, offered because the current one was damaged
    kept_as     the keys the damaged documents were moved to
    saved_at_seq  the sequence number of the save in `data`
    resumed     what `load_game`'s `resume` made of `data` (the game ready to play), if given
    """
    data: dict | None = None
    problem: str | None = None  # a Phrase
    recovered: bool = False
    kept_as: tuple = ()
    saved_at_seq: int | None = None
    resumed: object = None

    @property
    def found(self) -> bool:
        return self.data is not None


@dataclass
class _Read:
    """One document read from a key: its data, or why it could not be read."""
    raw: str | None
    data: object = None
    seq: int | None = None
    reason: str | None = None  # None when good (or absent); a Phrase
    newer: int | None = None   # the version, when that was the reason
    unresumable: bool = False  # read well, but the game could not be resumed from it
    resumed: object = None

    @property
    def absent(self) -> bool:
        return self.raw is None

    @property
    def good(self) -> bool:
        return self.raw is not None and self.reason is None


def _type_words(value) -> str:
    if value is None:
        return "null"
    return {bool: N_("true/false"), int: N_("a number"), float: N_("a number"), str: N_("text"),
            list: N_("a list"), dict: N_("an object")}.get(type(value), type(value).__name__)


def _sentences(first, then) -> Phrase:
    """Two sentences of a message, one after the other."""
    return Phrase(N_("{first} {then}"), first=first, then=then)


# the document's fields, when some are missing (one message for each count)
NO_FIELDS = (None, N_("it has no {a}"), N_("it has no {a}, no {b}"),
             N_("it has no {a}, no {b}, no {c}"), N_("it has no {a}, no {b}, no {c}, no {d}"))


def _parse(raw: str | None, kind: str, data_type: type) -> _Read:
    """Check one stored string against the document shape for `kind`."""
    if raw is None:
        return _Read(None)
    try:
        doc = loads(raw)
    except ValueError as exc:
        msg = getattr(exc, "msg", str(exc))
        if hasattr(exc, "lineno"):
            return _Read(raw, reason=Phrase(N_("not valid JSON: {problem} at line {line}, "
                                               "column {column}"),
                                            problem=msg, line=exc.lineno, column=exc.colno))
        return _Read(raw, reason=Phrase(N_("not valid JSON: {problem}"), problem=msg))
    except RecursionError:
        return _Read(raw, reason=Phrase(N_("not valid JSON: nested too deeply")))
    if not isinstance(doc, dict):
        return _Read(raw, reason=Phrase(N_("it holds {kind}, not a saved document"),
                                        kind=_type_words(doc)))
    missing = [k for k in ("kind", "version", "saved_at_seq", "data") if k not in doc]
    if missing:
        return _Read(raw, reason=Phrase(NO_FIELDS[len(missing)],
                                        **{p: f"'{k}'" for p, k in zip("abcd", missing)}))
    if doc["kind"] != kind:
        return _Read(raw, reason=Phrase(N_("it is of an unknown kind ({kind}; expected "
                                           "{expected})"),
                                        kind=repr(doc["kind"]), expected=repr(kind)))
    version = doc["version"]
    if not is_whole(version) or version < 1:
        return _Read(raw, reason=Phrase(N_("its version is {version}, not a whole number from 1"),
                                        version=json.dumps(version)))
    if version > VERSION:
        return _Read(raw, reason=Phrase(N_("save format {version}; this copy reads up to format "
                                           "{reads}"), version=version, reads=VERSION),
                     newer=version)
    seq = doc["saved_at_seq"]
    if not is_whole(seq) or seq < 0:
        return _Read(raw, reason=Phrase(N_("its saved_at_seq is {seq}, not a whole number"),
                                        seq=json.dumps(seq)))
    data = doc["data"]
    if not isinstance(data, data_type):
        return _Read(raw, reason=Phrase(N_("its data is {kind}, not {expected}"),
                                        kind=_type_words(data), expected=_type_words(data_type())))
    if data_type is list and not all(isinstance(item, dict) for item in data):
        return _Read(raw, reason=Phrase(N_("its list holds something other than objects")))
    return _Read(raw, data=data, seq=seq)


def _encode(where: str, value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise BadInput(where, N_("cannot be saved: {problem}"), problem=str(exc)) from None


# --- the store ----------------------------------------------------------------------------------

class Store:
    """Thousand's saved data on top of a backend (a MemoryBackend when none is given).

    Reading settings, history, convention sets or statistics never fails: a damaged document is
    moved aside, its message is appended to `problems` (see `take_problems`) and the empty
    default is returned. Errors raised are BadInput with messages a player can read."""

    def __init__(self, backend=None, history_cap: int | None = None):
        self.backend = MemoryBackend() if backend is None else backend
        self.problems: list[str] = []
        # Finished games the storage had no room for, held on the page until it is closed (they
        # are listed and exported with the rest): newer than the stored ones, and older (taken
        # out of a full localStorage to make room for the game under way).
        self.held = {kind: ([], []) for kind in KINDS}
        self.space_problems: list = []  # Phrases: the storage is full (App shows them)
        own = isinstance(self.backend, SplitBackend)
        self.history_cap = history_cap or (HISTORY_CAP_OWN if own else HISTORY_CAP)

    def take_problems(self) -> list:
        """The messages about damaged documents found since the last call, and forget them."""
        found, self.problems = self.problems, []
        return found

    def take_space_problems(self) -> list:
        """What was said about a full storage since the last call, and forget it."""
        found, self.space_problems = self.space_problems, []
        return found

    def held_count(self) -> int:
        """Finished games kept only on the page, for want of room."""
        return sum(len(newer) + len(older) for newer, older in self.held.values())

    # --- the game under way -------------------------------------------------------------------

    def save_game(self, kind: str, doc: dict) -> int:
        """Save the game under way; the save it replaces (if good) becomes the previous save.

        Returns the new save's `saved_at_seq`."""
        _check_kind(kind)
        if not isinstance(doc, dict):
            raise BadInput("game", N_("must be an object to be saved (got {kind})"),
                           kind=_type_words(doc))
        text = _encode("game", doc)  # refuse what cannot be saved before touching anything
        key = _game_key(kind)
        current = _parse(self.backend.get(key), kind, dict)
        try:
            if current.good:
                self.backend.set(_previous_key(kind), current.raw)
            elif not current.absent:
                # the previous good save stays as it is; the damaged one goes aside, never over it
                self._move_aside(key, kind, current.raw, required=True)
            return self._write(key, kind, text)
        except StorageRefused as exc:
            return self._save_game_with_room(kind, key, text, exc)

    def _save_game_with_room(self, kind: str, key: str, text: str, refused) -> int:
        """The storage is full: the game under way is saved before anything else is kept. Its
        previous save goes first; then, when finished games share the storage, the older half of
        them is taken out of it (held on the page, and the player told, never dropped unsaid)."""
        self.backend.remove(_previous_key(kind))
        while True:
            try:
                return self._write(key, kind, text)
            except StorageRefused as exc:
                refused = exc
            if not self._make_room():
                raise StorageRefused("storage", N_("your game could not be saved: {reason}"),
                                     reason=refused.detail) from None

    def _make_room(self) -> bool:
        """Take the older half of the longer stored history out of a storage it shares with the
        game under way; True if there was any to take."""
        if isinstance(self.backend, SplitBackend):
            return False  # the history has storage of its own: it crowds out nothing
        kind = max(KINDS, key=lambda k: len(self.backend.get(PREFIX + f"history:{k}") or ""))
        doc = f"history:{kind}"
        found = _parse(self.backend.get(PREFIX + doc), doc, list)
        if not found.good or not found.data:
            return False
        stored = found.data
        keep = len(stored) // 2
        try:
            if keep:
                self._put(doc, stored[:keep])
            else:
                self.backend.remove(PREFIX + doc)
        except StorageRefused:
            self.backend.remove(PREFIX + doc)
            keep = 0
        taken = stored[keep:]
        self.held[kind][1][:0] = taken
        self.space_problems.append(Phrase(
            N_("The storage is full: to save your game in progress, {count} of the oldest "
               "finished games were taken out of it. They stay on this page until you close "
               "it: export your data to keep them."), count=len(taken)))
        return True

    def load_game(self, kind: str, resume=None) -> LoadResult:
        """The game under way, or the previous good save if the current one cannot be used.

        `resume(data)`, when given, is how the game would be resumed from a save: it may raise
        any exception, and a save it refuses is set aside just as one that cannot be read (the
        message says "could not be resumed" and gives the exception's words). What it returns
        for the save offered is `LoadResult.resumed`."""
        _check_kind(kind)
        key, prev_key = _game_key(kind), _previous_key(kind)
        current = self._usable(key, kind, resume)
        if current.absent:
            return LoadResult()
        if current.good:
            return LoadResult(data=current.data, saved_at_seq=current.seq,
                              resumed=current.resumed)
        kept = self._move_aside(key, kind, current.raw)
        problem = _damaged_message(SUBJECTS[f"game:{kind}"], current, kept)
        kept_as = (kept,)
        previous = self._usable(prev_key, kind, resume)
        if previous.good:
            if kept != key:  # moved aside: the previous good save becomes the current one again
                self._try_set(key, previous.raw)
            return LoadResult(data=previous.data, recovered=True, kept_as=kept_as,
                              saved_at_seq=previous.seq, resumed=previous.resumed,
                              problem=_sentences(problem, Phrase(
                                  N_("The save before it was loaded instead."))))
        if not previous.absent:
            prev_kept = self._move_aside(prev_key, kind, previous.raw)
            kept_as += (prev_kept,)
            problem = _sentences(problem, _damaged_message(SUBJECTS["previous"], previous,
                                                           prev_kept))
        else:
            problem = _sentences(problem, Phrase(N_("There is no earlier save to go back to.")))
        return LoadResult(problem=problem, kept_as=kept_as)

    def _usable(self, key: str, kind: str, resume) -> "_Read":
        """The save under `key`, read and (with `resume`) resumed; a refusal is its reason."""
        found = _parse(self.backend.get(key), kind, dict)
        if found.good and resume is not None:
            try:
                found.resumed = resume(found.data)
            except Exception as exc:  # noqa: BLE001  (whatever breaks, the page must open)
                found.reason, found.unresumable = _exception_words(exc), True
        return found

    def set_aside_game(self, kind: str, reason: str = "") -> str | None:
        """Move the game under way to a `thousand:damaged:<kind>:<n>` key: for a save that reads
        as a document but that the game cannot resume. Returns a message for the player saying
        where it was kept (with `reason`, e.g. "it could not be resumed (…)"), or None if there
        was no save. The previous save stays as it is."""
        _check_kind(kind)
        key = _game_key(kind)
        raw = self.backend.get(key)
        if raw is None:
            return None
        kept = self._move_aside(key, kind, raw)
        where = _kept_where(kept, aside=kept != key)
        if reason:
            return Phrase(N_("{subject} was set aside ({reason}); {where}."),
                          subject=SUBJECTS[f"game:{kind}"], reason=reason, where=where)
        return Phrase(N_("{subject} was set aside; {where}."), subject=SUBJECTS[f"game:{kind}"],
                      where=where)

    def clear_game(self, kind: str) -> None:
        """Forget the game under way and its previous save (the game has ended). Damaged copies
        kept aside stay."""
        _check_kind(kind)
        for key in (_game_key(kind), _previous_key(kind)):
            found = _parse(self.backend.get(key), kind, dict)
            if found.good:
                self.backend.remove(key)
            elif not found.absent:
                self._move_aside(key, kind, found.raw, required=True)

    def damaged_saves(self) -> dict:
        """Every document kept aside, key -> the stored text as it was found."""
        out = {}
        for key in sorted(self.backend.keys()):
            if key.startswith(PREFIX + "damaged:"):
                raw = self.backend.get(key)
                if raw is not None:
                    out[key] = raw
        return out

    # --- history of finished games -------------------------------------------------------------

    def add_history(self, kind: str, summary: dict) -> None:
        """Add a finished game's summary at the front; only the newest HISTORY_CAP are kept."""
        _check_kind(kind)
        if not isinstance(summary, dict):
            raise BadInput("history", N_("a game summary must be an object (got {kind})"),
                           kind=_type_words(summary))
        _encode("history", summary)
        self.put_history(kind, [summary] + self.history(kind))

    def put_history(self, kind: str, entries: list, hold: bool = True) -> bool:
        """Store the finished games (newest first; the newest `history_cap` are kept). When the
        storage refuses them they are held on the page, the player is told, and False returned
        (or, with `hold` False, StorageRefused raised and nothing held)."""
        _check_kind(kind)
        newer, older = self.held[kind]
        entries = entries[:self.history_cap]
        try:
            self._put(f"history:{kind}", entries)
        except StorageRefused as exc:
            if not hold:
                raise
            stored = self._get(f"history:{kind}", list, SUBJECTS[f"history:{kind}"])
            fresh = [e for e in entries if e not in stored]
            newer[:] = fresh
            older[:] = []
            self.space_problems.append(Phrase(
                N_("Finished games could not be saved ({reason}). They stay on this page until "
                   "you close it: export your data to keep them."), reason=exc.detail))
            return False
        newer[:] = []
        older[:] = []
        return True

    def history(self, kind: str) -> list:
        """Finished games, newest first (with any the storage had no room for)."""
        _check_kind(kind)
        newer, older = self.held[kind]
        return newer + self._get(f"history:{kind}", list, SUBJECTS[f"history:{kind}"]) + older

    def history_fingerprint(self, kind: str) -> str:
        """A short text that changes whenever the stored history of `kind` does, found without
        reading the games in it (the statistics screen keeps its figures until it changes)."""
        _check_kind(kind)
        raw = self.backend.get(f"{PREFIX}history:{kind}") or ""
        return f"{len(raw)}:{zlib.crc32(raw.encode('utf-8')):08x}"

    # --- convention sets -------------------------------------------------------------------------

    def convention_sets(self, kind: str = "cards") -> dict:
        """Saved convention sets, name -> data, in the order they were first saved."""
        _check_kind(kind)
        return self._get(f"conventions:{kind}", dict, SUBJECTS[f"conventions:{kind}"])

    def save_convention_set(self, name: str, data, kind: str = "cards") -> str:
        """Save a convention set under a name (replacing a set of that name). Returns the name
        as stored (surrounding spaces removed)."""
        name = _check_name(name)
        _encode("conventions", data)
        sets = self.convention_sets(kind)
        sets[name] = data
        self._put(f"conventions:{kind}", sets)
        return name

    def put_convention_sets(self, kind: str, sets: dict) -> None:
        """Store these convention sets (name -> data) in place of those kept."""
        _check_kind(kind)
        checked = {_check_name(name): data for name, data in sets.items()}
        self._put(f"conventions:{kind}", checked)

    def rename_convention_set(self, old: str, new: str, kind: str = "cards") -> str:
        """Give a convention set another name; refuses a name already in use. Returns the new name."""
        sets = self.convention_sets(kind)
        old_name = old.strip() if isinstance(old, str) else old
        if old_name not in sets:
            raise BadInput("name", N_("there is no convention set named {name}"),
                           name=_quote(old))
        new = _check_name(new)
        if new == old_name:
            return new
        if new in sets:
            raise BadInput("name", N_("a convention set named {name} already exists; choose "
                                      "another name or delete that set first"), name=_quote(new))
        # keep the set in its place in the list
        self._put(f"conventions:{kind}", {(new if k == old_name else k): v for k, v in sets.items()})
        return new

    def delete_convention_set(self, name: str, kind: str = "cards") -> None:
        sets = self.convention_sets(kind)
        key = name.strip() if isinstance(name, str) else name
        if key not in sets:
            raise BadInput("name", N_("there is no convention set named {name}"),
                           name=_quote(name))
        del sets[key]
        self._put(f"conventions:{kind}", sets)

    # --- settings and statistics -----------------------------------------------------------------

    def settings(self) -> dict:
        """The settings last used (player count, seats, preset, delay, …), {} when none."""
        return self._get("settings", dict, SUBJECTS["settings"])

    def save_settings(self, settings: dict) -> None:
        if not isinstance(settings, dict):
            raise BadInput("settings", N_("must be an object (got {kind})"),
                           kind=_type_words(settings))
        self._put("settings", settings)

    def place(self) -> dict:
        """The screen and dialog last shown ({"screen": …, "dialog": …}), {} when none; the app
        checks what it holds (thousand/ui/app.py, checked_place)."""
        return self._get("place", dict, SUBJECTS["place"])

    def save_place(self, place: dict) -> None:
        if not isinstance(place, dict):
            raise BadInput("place", N_("must be an object (got {kind})"), kind=_type_words(place))
        self._put("place", place)

    def friend_position(self) -> dict:
        """The last position a game at a friend's table showed here (thousand/ui/remote.py),
        {} when none."""
        return self._get("friend", dict, SUBJECTS["friend"])

    def save_friend_position(self, doc: dict) -> None:
        self._put("friend", doc)

    def stats(self, kind: str) -> dict:
        _check_kind(kind)
        return self._get(f"stats:{kind}", dict, SUBJECTS[f"stats:{kind}"])

    def save_stats(self, kind: str, stats: dict) -> None:
        _check_kind(kind)
        if not isinstance(stats, dict):
            raise BadInput("stats", N_("must be an object (got {kind})"), kind=_type_words(stats))
        self._put(f"stats:{kind}", stats)

    # --- inner workings --------------------------------------------------------------------------

    def _get(self, doc: str, data_type: type, what: str):
        """The data of a document (a fresh copy), or the empty default if absent or damaged."""
        key = PREFIX + doc
        found = _parse(self.backend.get(key), doc, data_type)
        if found.good:
            return found.data
        if not found.absent:
            kept = self._move_aside(key, doc, found.raw)
            self.problems.append(_sentences(_damaged_message(what, found, kept),
                                            Phrase(N_("Thousand starts afresh."))))
        return data_type()

    def _put(self, doc: str, data) -> int:
        text = _encode(doc.split(":")[0], data)
        key = PREFIX + doc
        raw = self.backend.get(key)
        if raw is not None and not _parse(raw, doc, type(data)).good:
            # never write over a document that was not read
            self._move_aside(key, doc, raw, required=True)
        return self._write(key, doc, text)

    def _write(self, key: str, kind: str, data_text: str) -> int:
        """Store the envelope around data already encoded as JSON; returns its saved_at_seq."""
        seq = self._next_seq()
        self.backend.set(key, f'{{"kind":{json.dumps(kind)},"version":{VERSION},'
                              f'"saved_at_seq":{seq},"data":{data_text}}}')
        return seq

    def _next_seq(self) -> int:
        raw = self.backend.get(PREFIX + "seq")
        try:
            last = json.loads(raw) if raw is not None else 0
        except (ValueError, RecursionError):  # a counter nested 100,000 deep is damaged too
            last = None
        if not is_whole(last) or last < 0:
            last = self._highest_seq()  # the counter was damaged: go on after every stored save
        self.backend.set(PREFIX + "seq", str(last + 1))
        return last + 1

    def _highest_seq(self) -> int:
        best = 0
        for key in self.backend.keys():
            if not key.startswith(PREFIX) or key == PREFIX + "seq":
                continue
            try:
                doc = json.loads(self.backend.get(key) or "null")
            except ValueError:
                continue
            if isinstance(doc, dict) and is_whole(doc.get("saved_at_seq")):
                best = max(best, doc["saved_at_seq"])
        return best

    def _move_aside(self, key: str, doc: str, raw: str, required: bool = False) -> str:
        """Copy `raw` to a fresh damaged key, then remove it from `key`. Returns where it now is:
        `key` itself when the copy could not be written, or BadInput if `required`."""
        n = 1
        existing = set(self.backend.keys())
        while f"{PREFIX}damaged:{doc}:{n}" in existing:
            n += 1
        aside = f"{PREFIX}damaged:{doc}:{n}"
        try:
            self.backend.set(aside, raw)
        except BadInput as exc:
            if required:
                raise BadInput("storage", N_("a damaged document under {key} could not be kept "
                                             "aside, so nothing was saved over it ({problem})"),
                               key=key, problem=exc.detail) from None
            return key  # storage full: leave it where it is rather than lose it
        self.backend.remove(key)
        return aside

    def _try_set(self, key: str, raw: str) -> None:
        try:
            self.backend.set(key, raw)
        except BadInput:
            pass


def _kept_where(kept: str, aside: bool) -> Phrase:
    if aside:
        return Phrase(N_("it was kept aside as {key}"), key=kept)
    return Phrase(N_("it was left as it is under {key}, as there was no room to copy it"),
                  key=kept)


def _damaged_message(subject: str, found: _Read, kept: str) -> Phrase:
    where = _kept_where(kept, aside=kept.startswith(PREFIX + "damaged:"))
    if found.newer is not None:
        template = N_("{subject} was saved by a newer version of Thousand ({reason}); {where}.")
    elif found.unresumable:
        template = N_("{subject} could not be resumed ({reason}); {where}.")
    else:
        template = N_("{subject} could not be read ({reason}); {where}.")
    return Phrase(template, subject=subject, reason=found.reason, where=where)


def _exception_words(exc: Exception) -> str:
    """An exception as words for the player: the project's own errors say what is wrong; any
    other is named as damage, with its own words cut short."""
    text = " ".join(str(exc).split())
    if len(text) > 200:
        text = text[:200] + "…"
    if isinstance(exc, ThousandError):
        words = words_of(exc)
        return words if words == text else text  # cut short or respaced: the English as it is
    if text:
        return Phrase(N_("it is damaged: {error} {words}"), error=type(exc).__name__, words=text)
    return Phrase(N_("it is damaged: {error}"), error=type(exc).__name__)


def _check_kind(kind) -> None:
    if kind not in KINDS:
        raise BadInput("kind", N_("must be 'cards' or 'dice' (got {got})"), got=repr(kind))


def _game_key(kind: str) -> str:
    return f"{PREFIX}game:{kind}"


def _previous_key(kind: str) -> str:
    return f"{PREFIX}game:{kind}:previous"


def _check_name(name) -> str:
    if not isinstance(name, str):
        raise BadInput("name", N_("a convention set's name must be text"))
    name = name.strip()
    if not name:
        raise BadInput("name", N_("a convention set needs a name"))
    if len(name) > NAME_MAX:
        raise BadInput("name", N_("a convention set's name may be at most {most} characters long "
                                  "({given} given)"), most=NAME_MAX, given=len(name))
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise BadInput("name", N_("a convention set's name cannot contain control characters"))
    return name


def _quote(name) -> str:
    """A name as typed (never translated), in quotes."""
    return Verbatim(f"“{name}”") if isinstance(name, str) else repr(name)
