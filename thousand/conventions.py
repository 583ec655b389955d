"""Conventions: the house rules a table agrees on before a game, as typed, validated settings.

This module knows nothing about any particular game. A game supplies a `Catalogue` (its conventions,
their groups, the combinations it refuses and its presets); the catalogue checks settings coming
from the settings screen or from a saved file and turns them into one full dict of id -> value,
which is what the rules engine reads. Saved settings store only a preset name and the values that
differ from it, so a file stays short and readable and keeps working when conventions are added
later.
"""
from dataclasses import dataclass, field
from typing import Any, Callable

from thousand.errors import BadInput, Phrase, is_whole, words_of
from thousand.i18n import N_

TYPES = ("bool", "int", "enum", "int_or_null")


class ConventionError(BadInput):
    """A setting the catalogue does not allow; the message names the convention and what is allowed.

    `ids` names every convention at fault (several for a refused combination). The message is a
    template and its values, as every ThousandError's."""

    def __init__(self, where: str, message: str, ids: tuple = (), **values):
        super().__init__(where, message, **values)
        self.ids = tuple(ids) or ((where,) if where else ())


def show(value) -> str:
    """A value as a player reads it in a message: JSON spelling for true/false/null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(a, b) -> bool:
    # True == 1 in Python; a setting of 1 must never pass for true, nor the reverse.
    return type(a) is type(b) and a == b


def _conditions(spec) -> tuple:
    """Normalise a `requires` spelling to ((id, (value, ...)), ...).

    Accepted: None; one pair (id, value) or (id, (value, ...)); a tuple of such pairs."""
    if spec is None:
        return ()
    pairs = (spec,) if len(spec) == 2 and isinstance(spec[0], str) else tuple(spec)
    out = []
    for pair in pairs:
        cid, wanted = pair
        out.append((cid, tuple(wanted) if isinstance(wanted, (tuple, list)) else (wanted,)))
    return tuple(out)


def _matches(condition, values: dict) -> bool:
    cid, wanted = condition
    return any(_same(values.get(cid), w) for w in wanted)


@dataclass(frozen=True, kw_only=True)
class Convention:
    """One setting. An int may be a choice list (`values`), a range (`min`..`max` by `step`) or both
    (the choice list then adds values outside the range, such as 0 for "off")."""

    id: str
    type: str
    default: Any
    group: str
    title: str
    description: str
    values: tuple | None = None
    min: int | None = None
    max: int | None = None
    step: int = 1
    value_labels: dict | None = field(default=None, hash=False)
    # Where the setting has an effect: some alternative of `requires` holds (or there is none) and
    # no condition of `requires_not` holds. Each is (id, value-or-tuple) or a tuple of such pairs.
    requires: tuple | None = None
    requires_not: tuple | None = None
    # Old spellings still read from files, mapped to the current value.
    aliases: dict | None = field(default=None, hash=False)
    source: str = ""

    def __post_init__(self):
        # These are mistakes in a catalogue, found when it is imported, never a player's error.
        if self.type not in TYPES:
            raise ValueError(f"{self.id}: unknown type {self.type!r}")
        if self.type == "enum" and not self.values:
            raise ValueError(f"{self.id}: an enum needs values")
        if self.type in ("int", "int_or_null") and self.values is None and self.min is None:
            raise ValueError(f"{self.id}: an int needs values or a range")
        if self.values is not None:
            object.__setattr__(self, "values", tuple(self.values))
        object.__setattr__(self, "requires", _conditions(self.requires))
        object.__setattr__(self, "requires_not", _conditions(self.requires_not))
        self.check(self.default)
        for value in self.value_labels or {}:
            self.check(value)

    # --- checking values -------------------------------------------------------------------------

    def allowed(self) -> str:
        """What may be chosen, in words: 'always, hidden_at_100' or '0 to 500 in steps of 10'
        (a Phrase where it has words, so the page can word it in the player's language)."""
        if self.type == "bool":
            return Phrase(N_("true or false"))
        choices = ", ".join(show(v) for v in self.values or ())
        if self.min is None:
            return choices
        span = dict(low=self.min, high=self.max, step=self.step)
        if self.step != 1:
            if choices:
                return Phrase(N_("{choices}, or {low} to {high} in steps of {step}"),
                              choices=choices, **span)
            return Phrase(N_("{low} to {high} in steps of {step}"), **span)
        if choices:
            return Phrase(N_("{choices}, or {low} to {high}"), choices=choices, **span)
        return Phrase(N_("{low} to {high}"), **span)

    def _refuse(self, value):
        shown = repr(value) if isinstance(value, str) else show(value)
        raise ConventionError(self.id, N_("{value} is not allowed; allowed: {allowed}"),
                              value=shown, allowed=self.allowed())

    def _wrong_type(self, expected: str, value):
        shown = repr(value) if isinstance(value, str) else show(value)
        raise ConventionError(self.id, N_("{expected} expected, got {value}"),
                              expected=expected, value=shown)

    def _in_range(self, value: int) -> bool:
        return (self.min is not None and self.min <= value <= self.max
                and (value - self.min) % self.step == 0)

    def normalize(self, value):
        """The value as stored (aliases replaced), or ConventionError naming this convention."""
        if self.aliases and isinstance(value, str) and value in self.aliases:
            value = self.aliases[value]
        if self.type == "bool":
            if not isinstance(value, bool):
                self._wrong_type(N_("bool"), value)
            return value
        if self.type == "enum":
            if any(_same(value, v) for v in self.values):
                return value
            if all(isinstance(v, str) for v in self.values) and not isinstance(value, str):
                self._wrong_type(N_("text"), value)
            self._refuse(value)
        if value is None and self.type == "int_or_null":
            return None
        if not is_whole(value):
            self._wrong_type(N_("int or null") if self.type == "int_or_null" else N_("int"), value)
        if any(_same(value, v) for v in self.values or ()) or self._in_range(value):
            return value
        self._refuse(value)

    def check(self, value) -> None:
        self.normalize(value)

    # --- for the settings screen -----------------------------------------------------------------

    def label(self, value) -> str:
        return (self.value_labels or {}).get(value, show(value))

    def applies(self, values: dict) -> bool:
        """False when the setting has no effect with these values (the screen greys it out)."""
        if self.requires and not any(_matches(c, values) for c in self.requires):
            return False
        return not any(_matches(c, values) for c in self.requires_not)

    def describe(self) -> dict:
        if self.values is not None:
            choices = self.values
        else:
            choices = (False, True) if self.type == "bool" else ()
        return {
            "id": self.id,
            "type": self.type,
            "values": list(choices),
            # A list of pairs rather than a dict: JSON keys would turn 0 and null into strings.
            "labels": [{"value": v, "label": self.label(v)} for v in choices],
            "min": self.min,
            "max": self.max,
            "step": self.step if self.min is not None else None,
            "default": self.default,
            "title": self.title,
            "description": self.description,
            "requires": [{"id": c, "values": list(w)} for c, w in self.requires],
            "requires_not": [{"id": c, "values": list(w)} for c, w in self.requires_not],
        }


@dataclass(frozen=True, kw_only=True)
class Group:
    id: str
    title: str
    description: str


@dataclass(frozen=True)
class Constraint:
    """A combination of values that is refused; `check` returns the message, or None if allowed
    (a Phrase, so that the refusal keeps its template and values for the page)."""

    ids: tuple
    check: Callable[[dict], str | None]


class Catalogue:
    def __init__(self, game: str, schema_version: int, groups, conventions, constraints=(),
                 presets=None):
        self.game = game
        self.schema_version = schema_version
        self.groups = tuple(groups)
        self.conventions = tuple(conventions)
        self.constraints = tuple(constraints)
        self._by_id = {c.id: c for c in self.conventions}
        self._presets = {name: dict(p) for name, p in (presets or {}).items()}
        self._check_self()

    def _check_self(self):
        # Catalogue mistakes surface at import, so a broken preset can never reach a player.
        if len(self._by_id) != len(self.conventions):
            raise ValueError("duplicate convention ids")
        group_ids = {g.id for g in self.groups}
        for c in self.conventions:
            if c.group not in group_ids:
                raise ValueError(f"{c.id}: unknown group {c.group!r}")
            for cid, wanted in c.requires + c.requires_not:
                for w in wanted:
                    self.get(cid).check(w)
        for k in self.constraints:
            for cid in k.ids:
                self.get(cid)
        self.validate({})
        for name in self._presets:
            self.resolve(name)

    # --- lookup ----------------------------------------------------------------------------------

    def get(self, cid: str) -> Convention:
        try:
            return self._by_id[cid]
        except (KeyError, TypeError):
            raise ConventionError("", N_("unknown convention {id}"), ids=(str(cid),),
                                  id=repr(cid)) from None

    def ids(self) -> list:
        return [c.id for c in self.conventions]

    def defaults(self) -> dict:
        return {c.id: c.default for c in self.conventions}

    def preset_names(self) -> list:
        return list(self._presets)

    def preset(self, name: str) -> dict:
        """A preset's title, description and values as written (a partial or full set)."""
        if not isinstance(name, str) or name not in self._presets:
            raise ConventionError("", N_("unknown preset {name}; presets: {presets}"),
                                  ids=("preset",), name=repr(name),
                                  presets=", ".join(self._presets))
        return self._presets[name]

    # --- checking a set of values ----------------------------------------------------------------

    def validate(self, values: dict) -> dict:
        """A full, checked set from a partial one (missing ids take their defaults)."""
        if not isinstance(values, dict):
            raise ConventionError("", N_("conventions must be an object of id: value"))
        for cid in values:
            self.get(cid)
        full = {c.id: c.normalize(values[c.id]) if c.id in values else c.default
                for c in self.conventions}
        for k in self.constraints:
            message = k.check(full)
            if message:
                raise ConventionError("", message, ids=k.ids)
        return full

    def resolve(self, preset: str | None = None, overrides: dict | None = None) -> dict:
        """A preset's values, then the overrides on top, checked as a whole."""
        values = dict(self.preset(preset)["values"]) if preset is not None else {}
        if overrides is not None:
            if not isinstance(overrides, dict):
                raise ConventionError("overrides", N_("must be an object of id: value"))
            values.update(overrides)
        return self.validate(values)

    def inactive(self, values: dict) -> list:
        """Ids stored in `values` but without effect there (shown greyed out, marked n/a)."""
        full = self.validate(values)
        return [c.id for c in self.conventions if not c.applies(full)]

    # --- saved settings --------------------------------------------------------------------------

    def to_json(self, values: dict, preset: str | None = None) -> dict:
        full = self.validate(values)
        base = self.resolve(preset) if preset is not None else self.defaults()
        return {
            "schema_version": self.schema_version,
            "game": self.game,
            "preset": preset,
            "overrides": {cid: v for cid, v in full.items() if not _same(v, base[cid])},
        }

    def from_json(self, data) -> dict:
        if not isinstance(data, dict):
            raise ConventionError("", N_("settings must be a JSON object"))
        for key in data:
            if key not in ("schema_version", "game", "preset", "overrides"):
                raise ConventionError("", N_("unknown field {key} in settings"), key=repr(key))
        if data.get("game") != self.game:
            raise ConventionError("game", N_("{given} is not {game}: these settings are for "
                                             "another game"),
                                  given=show(data.get("game")), game=self.game)
        version = data.get("schema_version")
        if not is_whole(version) or version < 1:
            raise ConventionError("schema_version", N_("a positive int expected, got {given}"),
                                  given=show(version))
        if version > self.schema_version:
            raise ConventionError(
                "schema_version",
                N_("these settings were made by a newer version of the game (schema {version}; "
                   "this version reads up to {reads}); update to open them"),
                version=version, reads=self.schema_version)
        # Older schema versions would be migrated here; version 1 is the first.
        return self.resolve(data.get("preset"), data.get("overrides", {}))

    def from_record(self, record: dict, where: str = "") -> dict:
        """The full conventions a saved game or sheet names: an explicit `conventions` object, or
        `preset` + `overrides` (+ `schema_version`). Errors name the field at fault."""
        prefix = f"{where}." if where else ""
        if "conventions" in record:
            if not isinstance(record["conventions"], dict):
                raise ConventionError(f"{prefix}conventions",
                                      N_("must be an object of convention ids"))
            try:
                return self.validate(record["conventions"])
            except ConventionError as exc:
                raise ConventionError(f"{prefix}conventions", words_of(exc), ids=exc.ids) from None
        data = {"schema_version": record.get("schema_version", self.schema_version),
                "game": self.game, "preset": record.get("preset"),
                "overrides": record.get("overrides") or {}}
        try:
            return self.from_json(data)
        except ConventionError as exc:
            ids = exc.ids
            field = "preset" if "preset" in ids else \
                "schema_version" if "schema_version" in ids else \
                f"overrides.{ids[0]}" if len(ids) == 1 else "overrides"
            detail = exc.detail if len(ids) == 1 else words_of(exc)
            raise ConventionError(f"{prefix}{field}", detail, ids=ids) from None

    # --- for the settings screen -----------------------------------------------------------------

    def describe(self) -> list:
        return [
            {"id": g.id, "title": g.title, "description": g.description,
             "conventions": [c.describe() for c in self.conventions if c.group == g.id]}
            for g in self.groups
        ]

    def describe_presets(self) -> list:
        return [{"id": name, "title": p["title"], "description": p["description"]}
                for name, p in self._presets.items()]
