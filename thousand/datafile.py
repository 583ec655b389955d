"""Everything Thousand keeps on a device as one file, to carry it to another (issue 12, item 5),
and a single game's record as a file.

A data file is one JSON object:

    {"format": "thousand-data", "version": 1, "exported": "2026-12-02T05:30:00+00:00",
     "games": {"cards": <a saved game or null>, "dice": <a saved game or null>},
     "finished_games": {"cards": [<finished game>, ...], "dice": [...]},
     "conventions": {"cards": {<name>: {"preset": ..., "overrides": {...}}}, "dice": {...}},
     "settings": {...}, "stats": {"cards": {...}, "dice": {...}}}

A saved game is what the page saves after every move (Session.to_doc); a finished game is what
Finished games lists, with the game's whole record (docs/records.md). Every part but "format"
and "version" may be left out (a hand-made file with only convention sets is fine).

Reading (`read`) checks everything before anything is changed: the format and version, the
shape of each part, every saved game resumed as the page would resume it (the caller's
`resume`), every finished game's record head checked by its game's reader, every convention set
resolved by its catalogue. A file that fails is refused with BadInput naming the part at fault
("finished_games.cards[3].record.players: ...").

Importing merges (`plan`, then `apply`):
  * a game in progress in the file replaces the device's game of that kind (the one replaced
    stays as the save before it); a kind the file has no game of is left alone;
  * finished games are added, newest first before the device's, without duplicates (the same
    game twice is the same entry);
  * convention sets are merged by name; a set of the same name with other rules is replaced by
    the file's;
  * settings and statistics: the file's values are written over the device's, key by key.
Nothing is written until the player has seen the plan and confirmed it; a write the storage
refuses halfway puts back everything written before it."""
import json
from dataclasses import dataclass, field

from thousand.errors import BadInput, is_whole, kind_of
from thousand.i18n import N_
from thousand.limits import check_limits, loads
from thousand.storage import KINDS, StorageRefused, _check_name

FORMAT = "thousand-data"
VERSION = 1
RECORD_FORMAT = "thousand-record"
# A file bigger than this is not Thousand's: 1,000 finished games of each kind with their
# records are about 60 million characters.
MAX_CHARS = 200_000_000
PARTS = ("games", "finished_games", "conventions", "settings", "stats")


# --- writing ------------------------------------------------------------------------------------

def build(store, exported: str) -> dict:
    """Everything `store` keeps, as a data file (a dict; `dumps` makes it text)."""
    games = {}
    for kind in KINDS:
        found = store.load_game(kind)
        games[kind] = found.data if found.found else None
    return {"format": FORMAT, "version": VERSION, "exported": exported, "games": games,
            "finished_games": {kind: store.history(kind) for kind in KINDS},
            "conventions": {kind: store.convention_sets(kind) for kind in KINDS},
            "settings": store.settings(), "stats": {kind: store.stats(kind) for kind in KINDS}}


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def file_name(what: str, exported: str) -> str:
    """A download's name, e.g. thousand-data-2026-12-02.json."""
    return f"thousand-{what}-{exported[:10]}.json"


# --- reading ------------------------------------------------------------------------------------

@dataclass
class DataFile:
    """A data file that was read and checked: its parts, and the games resumed from it."""
    games: dict = field(default_factory=dict)      # kind -> the saved game (a dict)
    sessions: dict = field(default_factory=dict)   # kind -> what `resume` made of it
    finished: dict = field(default_factory=dict)   # kind -> [finished game, ...]
    conventions: dict = field(default_factory=dict)  # kind -> {name: data}
    settings: dict | None = None
    stats: dict = field(default_factory=dict)      # kind -> {...}
    exported: str | None = None


def parse(text, what: str = N_("Thousand data file")):
    """JSON text as data, or BadInput("file", ...) saying why it is not."""
    if not isinstance(text, str):
        raise BadInput("file", N_("it could not be read as text"))
    if len(text) > MAX_CHARS:
        raise BadInput("file", N_("it is {size} million characters long; no {what} is longer "
                                  "than {most} million"),
                       size=len(text) // 1_000_000, what=what, most=MAX_CHARS // 1_000_000)
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput("file", N_("not valid JSON at line {line}, column {column}: {problem}"),
                       line=exc.lineno, column=exc.colno, problem=exc.msg) from None
    except RecursionError:
        raise BadInput("file", N_("not valid JSON: nested too deeply")) from None
    except ValueError as exc:
        raise BadInput("file", N_("not valid JSON: {problem}"), problem=str(exc)) from None


def read(text, resume) -> DataFile:
    """A data file checked from end to end (see the module's words); `resume(kind, doc)` is how
    the page resumes a saved game, and may raise anything. BadInput names what is wrong."""
    data = parse(text)
    if not isinstance(data, dict):
        raise BadInput("file", N_("it holds {kind}, not a Thousand data file"),
                       kind=kind_of(data))
    if data.get("format") != FORMAT:
        if data.get("format") == RECORD_FORMAT:
            raise BadInput("format", N_("this is a game record, not a Thousand data file"))
        raise BadInput("format", N_("this is not a Thousand data file (it must say "
                                    "\"{format}\")"), format=FORMAT)
    version = data.get("version")
    if not is_whole(version) or version < 1:
        raise BadInput("version", N_("must be a whole number from 1"))
    if version > VERSION:
        raise BadInput("version", N_("this file was made by a newer version of Thousand (format "
                                     "{version}; this copy reads up to {reads})"),
                       version=version, reads=VERSION)
    out = DataFile(exported=data.get("exported") if isinstance(data.get("exported"), str)
                   else None)
    games = _by_kind(data, "games")
    for kind, doc in games.items():
        if doc is None:
            continue
        where = f"games.{kind}"
        if not isinstance(doc, dict):
            raise BadInput(where, N_("must be a saved game or null (got {kind})"),
                           kind=kind_of(doc))
        try:
            out.sessions[kind] = resume(kind, doc)
        except BadInput as exc:
            raise _inside(where, exc) from None
        except Exception as exc:  # noqa: BLE001  (whatever breaks, the file is refused, said)
            raise BadInput(where, N_("the game could not be resumed ({error})"),
                           error=f"{type(exc).__name__}: {exc}"[:200]) from None
        out.games[kind] = doc
    for kind, entries in _by_kind(data, "finished_games").items():
        if entries is None:
            continue
        if not isinstance(entries, list):
            raise BadInput(f"finished_games.{kind}", N_("must be a list of finished games"))
        out.finished[kind] = [_finished(kind, e, f"finished_games.{kind}[{i}]")
                              for i, e in enumerate(entries)]
    for kind, sets in _by_kind(data, "conventions").items():
        if sets is None:
            continue
        if not isinstance(sets, dict):
            raise BadInput(f"conventions.{kind}", N_("must be an object of name: rules"))
        out.conventions[kind] = {_set_name(kind, name): _set(kind, name, rules)
                                 for name, rules in sets.items()}
    settings = data.get("settings")
    if settings is not None:
        if not isinstance(settings, dict):
            raise BadInput("settings", N_("must be an object (got {kind})"),
                           kind=kind_of(settings))
        out.settings = settings
    for kind, stats in _by_kind(data, "stats").items():
        if stats is None:
            continue
        if not isinstance(stats, dict):
            raise BadInput(f"stats.{kind}", N_("must be an object (got {kind})"),
                           kind=kind_of(stats))
        out.stats[kind] = stats
    return out


def _by_kind(data: dict, part: str) -> dict:
    value = data.get(part)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(part, N_("must be an object with \"cards\" and \"dice\" (got {kind})"),
                       kind=kind_of(value))
    for key in value:
        if key not in KINDS:
            raise BadInput(f"{part}.{key}", N_("there is no game {name}; the games are "
                                               "\"cards\" and \"dice\""), name=repr(key)[:40])
    return value


def _inside(where: str, exc: BadInput) -> BadInput:
    """An error of a part of the file, named by where it is in the file."""
    inner = exc.where
    if inner == "save" or inner.startswith("save."):  # Session.from_doc names its document so
        inner = inner[len("save."):] if inner != "save" else ""
    return BadInput(f"{where}.{inner}" if inner else where, exc.template, **exc.values)


def _finished(kind: str, entry, where: str) -> dict:
    """A finished game, checked: the summary Finished games shows, and the record's head."""
    if not isinstance(entry, dict):
        raise BadInput(where, N_("must be a finished game (got {kind})"), kind=kind_of(entry))
    check_limits({k: v for k, v in entry.items() if k != "record"}, where)  # the record: below
    names, totals, winners = (entry.get(k) for k in ("names", "totals", "winners"))
    if not (isinstance(names, list) and isinstance(totals, list) and isinstance(winners, list)
            and all(isinstance(x, str) for x in names + winners)
            and all(is_whole(t) for t in totals) and len(names) == len(totals)):
        raise BadInput(where, N_("a finished game needs its players' names, totals and "
                                 "winners"))
    unit = "deals" if kind == "cards" else "turns"
    if unit in entry and not is_whole(entry[unit]):
        raise BadInput(f"{where}.{unit}", N_("must be a whole number"))
    if "record" in entry:
        rec = entry["record"]
        try:
            _record_module(kind).start(rec)
        except BadInput as exc:
            raise _inside(f"{where}.record", exc) from None
    return entry


def _record_module(kind: str):
    # imported only when a file holds a record: an engine is most of the start-up
    if kind == "dice":
        from thousand.dice import record
    else:
        from thousand.cards import record
    return record


def _catalogue(kind: str):
    if kind == "dice":
        from thousand.dice.catalogue import CATALOGUE
    else:
        from thousand.cards.catalogue import CATALOGUE
    return CATALOGUE


def _set_name(kind: str, name) -> str:
    try:
        checked = _check_name(name)
    except BadInput as exc:
        raise BadInput(f"conventions.{kind}[{json.dumps(name, ensure_ascii=False)[:70]}]",
                       exc.template, **exc.values) from None
    return checked


def _set(kind: str, name: str, rules) -> dict:
    where = f"conventions.{kind}[{json.dumps(name, ensure_ascii=False)[:70]}]"
    if not isinstance(rules, dict):
        raise BadInput(where, N_("must be a set of rules (got {kind})"), kind=kind_of(rules))
    try:
        check_limits(rules, where)
        _catalogue(kind).resolve(rules.get("preset"), rules.get("overrides"))
    except BadInput as exc:
        raise BadInput(f"{where}.{exc.where}" if exc.where and exc.where != where else where,
                       exc.template, **exc.values) from None
    return rules


# --- what an import would change, and changing it -----------------------------------------------

@dataclass
class Plan:
    """What importing a file would change on the device (worded by the page), and what to write."""
    games: dict = field(default_factory=dict)     # kind -> "adds" | "replaces"
    finished: dict = field(default_factory=dict)  # kind -> (added, already here, not kept)
    sets: dict = field(default_factory=dict)      # kind -> (added, replaced)
    settings: bool = False                        # the settings change
    stats: bool = False
    writes: list = field(default_factory=list)    # (what, kind, value) in the order written

    @property
    def changes(self) -> bool:
        return bool(self.writes)


def plan(store, datafile: DataFile) -> Plan:
    """What importing `datafile` into `store` would do; nothing is written."""
    out = Plan()
    for kind, doc in datafile.games.items():
        current = store.load_game(kind)
        if current.found and _same(current.data, doc):
            continue
        out.games[kind] = "replaces" if current.found else "adds"
        out.writes.append(("game", kind, datafile.sessions[kind].to_doc()
                           if hasattr(datafile.sessions.get(kind), "to_doc") else doc))
    for kind, entries in datafile.finished.items():
        here = store.history(kind)
        seen = {_key(e) for e in here}
        fresh = []
        for e in entries:
            k = _key(e)
            if k not in seen:
                seen.add(k)
                fresh.append(e)
        merged = fresh + here
        dropped = max(0, len(merged) - store.history_cap)
        if fresh:
            out.finished[kind] = (len(fresh), len(entries) - len(fresh), dropped)
            out.writes.append(("history", kind, merged[:store.history_cap]))
    for kind, sets in datafile.conventions.items():
        here = store.convention_sets(kind)
        added = [n for n in sets if n not in here]
        replaced = [n for n in sets if n in here and not _same(here[n], sets[n])]
        if added or replaced:
            out.sets[kind] = (len(added), len(replaced))
            out.writes.append(("sets", kind, {**here, **sets}))
    if datafile.settings is not None:
        here = store.settings()
        merged = {**here, **datafile.settings}
        if not _same(here, merged):
            out.settings = True
            out.writes.append(("settings", None, merged))
    for kind, stats in datafile.stats.items():
        here = store.stats(kind)
        merged = {**here, **stats}
        if not _same(here, merged):
            out.stats = True
            out.writes.append(("stats", kind, merged))
    return out


def apply(store, todo: Plan) -> None:
    """Write what `plan` found. All or nothing: when the storage refuses a write, everything
    written before it is put back as it was and StorageRefused is raised."""
    before = {key: store.backend.get(key) for key in store.backend.keys()}
    try:
        for what, kind, value in todo.writes:
            if what == "game":
                store.save_game(kind, value)
            elif what == "history":
                store.put_history(kind, value, hold=False)
            elif what == "sets":
                store.put_convention_sets(kind, value)
            elif what == "settings":
                store.save_settings(value)
            else:
                store.save_stats(kind, value)
    except StorageRefused:
        for key in store.backend.keys():
            if key not in before:
                store.backend.remove(key)
        for key, raw in before.items():
            if raw is not None and store.backend.get(key) != raw:
                store.backend.set(key, raw)
        raise


def _key(entry) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def _same(a, b) -> bool:
    return _key(a) == _key(b)


# --- one game's record as a file ------------------------------------------------------------------

def read_record(text) -> tuple:
    """A game record file (docs/records.md, docs/dice-records.md): (game kind, the record), its
    head checked by its game's reader. BadInput names what is wrong."""
    data = parse(text, N_("game record"))
    if not isinstance(data, dict):
        raise BadInput("file", N_("it holds {kind}, not a game record"), kind=kind_of(data))
    if data.get("format") == FORMAT:
        raise BadInput("format", N_("this is a Thousand data file, not a game record: import it "
                                    "in Settings"))
    kind = "dice" if data.get("game") == "dice" else "cards"
    _record_module(kind).start(data)
    return kind, data
