"""What a ruleset declares up front: its movement modes, named options, unit fields, location
status fields and the other actions it judges (placing a new unit, granting money). The core reads
nothing else about a game: it validates a position's declared fields against these, offers the
modes and actions on the command line, and resolves options from the state.

Every declaration carries the rule it comes from, so an error or a report can cite it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import InputError, RailheadError


@dataclass(frozen=True)
class Mode:
    """A way of moving (ground, column, rail, road, naval...): ``keywords`` are the extra move
    arguments the mode takes (a rail mode's ``detrain``, say: a location id)."""

    name: str
    rule: str = ""
    description: str = ""
    keywords: tuple[str, ...] = ()
    # the path names where the move starts and ends only (its route is the ruleset's to find, e.g.
    # along hexsides), so its locations need not be adjacent
    endpoints_only: bool = False


@dataclass(frozen=True)
class Option:
    """A decision the rulebook leaves open: its default, the values allowed, and the rule."""

    name: str
    default: Any
    allowed: tuple[Any, ...] = ()
    rule: str = ""
    description: str = ""

    def check(self, value: Any, where: str) -> Any:
        if self.allowed and value not in self.allowed:
            shown = ", ".join(repr(a) for a in self.allowed)
            raise InputError(f"option {self.name!r} takes one of {shown}, not {value!r}", where=where)
        if not self.allowed and type(value) is not type(self.default):
            want = type(self.default).__name__
            raise InputError(f"option {self.name!r} takes a {want}, not {value!r}", where=where)
        return value


FIELD_KINDS = (
    "direction",
    "choice",
    "text",
    "integer",
    "number",
    "boolean",
    "location",
    "amounts",
    "locations",
    "choice_map",
    "mp",
    "records",
    "location_list",
)


@dataclass(frozen=True)
class Field:
    """A unit field (in a unit's ``attrs``) or location status field a ruleset reads.

    ``kind``: ``direction`` (a grid direction 0-5: a unit's facing), ``choice`` (one of
    ``choices``), ``text``, ``integer``, ``number``, ``boolean``, ``location`` (an id of the map),
    ``amounts`` (an object of names to numbers, e.g. a scenario's capacities), ``locations`` (an
    object of names to lists of location ids), ``choice_map`` (an object of names to one of
    ``choices`` each: the side each country is on) or ``mp`` (movement points held exactly: a
    number, or a fraction as text, ``"7/12"``) or ``records`` (a list of objects the ruleset checks
    itself: rail capacity actions, say) or ``location_list`` (a list of location ids: the hexes
    across a pontoon bridge). ``minimum``/``maximum`` bound numbers and amounts.
    """

    name: str
    kind: str = "text"
    choices: tuple[str, ...] = ()
    rule: str = ""
    description: str = ""
    minimum: float | None = None
    maximum: float | None = None

    def _number_problem(self, value: Any, whole: bool) -> str | None:
        kinds = int if whole else (int, float, Fraction)
        if isinstance(value, bool) or not isinstance(value, kinds) or value != value:
            return f"expected {'a whole number' if whole else 'a number'}, not {value!r}"
        if self.minimum is not None and value < self.minimum:
            return f"expected at least {self.minimum:g}, not {value!r}"
        if self.maximum is not None and value > self.maximum:
            return f"expected at most {self.maximum:g}, not {value!r}"
        return None

    def _mp_problem(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            return f'expected movement points (a number or a fraction such as "7/12"), not {value!r}'
        try:
            mp = Fraction(value.strip()) if isinstance(value, str) else Fraction(value)
        except (ValueError, ZeroDivisionError, OverflowError):
            return f'expected movement points (a number or a fraction such as "7/12"), not {value!r}'
        return self._number_problem(mp, False)

    def problem(self, value: Any, knows_location=None) -> str | None:
        """Why ``value`` is not a value of this field, or None."""
        k = self.kind
        if k == "direction":
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5
            return (
                None if ok else f"expected a grid direction 0-5 (0 = N on flat, NE on pointy), not {value!r}"
            )
        if k == "choice":
            return (
                None if value in self.choices else f"expected one of {', '.join(self.choices)}, not {value!r}"
            )
        if k == "text":
            return None if isinstance(value, str) else f"expected text, not {value!r}"
        if k == "boolean":
            return None if isinstance(value, bool) else f"expected true or false, not {value!r}"
        if k in ("integer", "number"):
            return self._number_problem(value, k == "integer")
        if k == "mp":
            return self._mp_problem(value)
        if k == "location":
            if not isinstance(value, str) or (knows_location and not knows_location(value)):
                return f"expected a location id of the map, not {value!r}"
            return None
        if k == "amounts":
            if not isinstance(value, Mapping):
                return f"expected an object of names and numbers, not {value!r}"
            for name, v in value.items():
                why = self._number_problem(v, False)
                if why:
                    return f"{name}: {why}"
            return None
        if k == "locations":
            if not isinstance(value, Mapping) or not all(isinstance(v, list) for v in value.values()):
                return f"expected an object of names and lists of location ids, not {value!r}"
            for name, ids in value.items():
                bad = [x for x in ids if not isinstance(x, str) or (knows_location and not knows_location(x))]
                if bad:
                    return f"{name}: {bad[0]!r} is no location id of the map"
            return None
        if k == "choice_map":
            if not isinstance(value, Mapping):
                return f"expected an object of names and one of {', '.join(self.choices)}, not {value!r}"
            for name, v in value.items():
                if v not in self.choices:
                    return f"{name}: expected one of {', '.join(self.choices)}, not {v!r}"
            return None
        if k == "location_list":
            ok = isinstance(value, list) and all(
                isinstance(x, str) and (knows_location is None or knows_location(x)) for x in value
            )
            return None if ok else f"expected a list of location ids of the map, not {value!r}"
        if k == "records":
            ok = isinstance(value, list) and all(isinstance(v, Mapping) for v in value)
            return None if ok else f"expected a list of objects, not {value!r}"
        return f"unknown field kind {k!r}"


@dataclass(frozen=True)
class Action:
    """Something a player does besides moving that the ruleset judges (the placement of a new
    unit, a grant from a side's bank): its arguments, in order, each a :class:`Field`, and the
    defaults of those that may be left out. The ruleset answers it with ``action_<name>``."""

    name: str
    rule: str = ""
    description: str = ""
    args: tuple[Field, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)

    def parse(self, given: Mapping[str, str], knows_location=None) -> dict[str, Any]:
        """The arguments as the command line gives them (text), each read as its field's kind and
        checked; unknown and missing arguments are refused, naming the ones the action takes."""
        fields = {f.name: f for f in self.args}
        takes = ", ".join(f.name + ("" if f.name not in self.defaults else "?") for f in self.args) or "none"
        for key in given:
            if key not in fields:
                raise InputError(f"action {self.name!r} takes no argument {key!r} (it takes: {takes})")
        out: dict[str, Any] = {}
        for f in self.args:
            if f.name not in given:
                if f.name not in self.defaults:
                    raise InputError(f"action {self.name!r} needs {f.name}=... (it takes: {takes})")
                default = self.defaults[f.name]
                out[f.name] = Fraction(str(default)) if f.kind == "number" else default
                continue
            value = _from_text(f, given[f.name])
            why = f.problem(value, knows_location)
            if why:
                raise InputError(f"{self.name} {f.name}: {why}" + (f" ({f.rule})" if f.rule else ""))
            out[f.name] = Fraction(value) if f.kind == "number" else value
        return out


def _from_text(f: Field, text: str) -> Any:
    """A command-line value as the field's kind reads it (numbers as written, fractions allowed)."""
    if f.kind == "integer":
        try:
            return int(text)
        except ValueError:
            return text
    if f.kind == "number":
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            return text
    if f.kind == "boolean":
        return {"true": True, "false": False}.get(text.lower(), text)
    return text


CORE_STATE_FIELDS = ("options",)  # top-level fields of a position the core itself reads


class UndeclaredRead(RailheadError):
    """A ruleset read a name from a position (a top-level field, a location status field or attr, a
    marker) that its data file does not declare: the position could not have stated it. The author
    declares it (with its rule) and a position naming it is then checked on loading."""

    def __init__(self, kind: str, name: str, declared: frozenset[str], section: str, source: str = ""):
        self.kind, self.name, self.section = kind, name, section
        known = ", ".join(sorted(declared)) or "none"
        where = source or "the ruleset's data file"
        super().__init__(
            f"the rules read the {kind} {name!r}, which {where} does not declare (its {kind}s: {known}); "
            f"declare it under [{section}.{name}] with its rule"
        )


@dataclass(frozen=True)
class Names:
    """The names a position may state and the rules may read, by kind (the declarations' names),
    and where they are declared. :meth:`check` refuses a read of any other."""

    state_fields: frozenset[str] = frozenset()
    location_fields: frozenset[str] = frozenset()
    location_attrs: frozenset[str] = frozenset()
    markers: frozenset[str] = frozenset()
    source: str = ""

    KINDS = {
        "state field": ("state_fields", "state_fields"),
        "location status field": ("location_fields", "location_fields"),
        "location attr": ("location_attrs", "location_attrs"),
        "marker": ("markers", "markers"),
    }

    def of(self, kind: str) -> frozenset[str]:
        return getattr(self, self.KINDS[kind][0])

    def check(self, kind: str, name: str) -> None:
        known = self.of(kind)
        if name not in known:
            raise UndeclaredRead(kind, name, known, self.KINDS[kind][1], self.source)


class Declared(Mapping):
    """A position's mapping of names (its top-level fields, a location's status fields or attrs)
    that refuses to be asked for a name the ruleset does not declare (:class:`UndeclaredRead`),
    whether or not the position states it. Iterating is free: it names nothing."""

    __slots__ = ("_data", "_names", "_kind")

    def __init__(self, data: Mapping[str, Any], names: Names, kind: str):
        self._data, self._names, self._kind = dict(data), names, kind

    def __getitem__(self, key: str) -> Any:
        if key not in self._data:
            self._names.check(self._kind, key)
        return self._data[key]

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._data:
            return self._data[key]
        self._names.check(self._kind, key)
        return default

    def __contains__(self, key: object) -> bool:
        if key in self._data:
            return True
        self._names.check(self._kind, str(key))
        return False

    def __iter__(self):
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"Declared({self._data!r})"


class DeclaredMarkers(frozenset):
    """A location's markers; asking whether it holds an undeclared marker is refused."""

    _names: Names

    def __new__(cls, items, names: Names):
        out = super().__new__(cls, items)
        out._names = names
        return out

    def __contains__(self, name: object) -> bool:
        if frozenset.__contains__(self, name):
            return True
        self._names.check("marker", str(name))
        return False

    def __reduce__(self):  # copies keep the check
        return (DeclaredMarkers, (list(self), self._names))


@dataclass(frozen=True)
class Declarations:
    """Everything a ruleset declares: the core's whole knowledge of a game."""

    modes: tuple[Mode, ...] = (Mode("ground"),)
    options: tuple[Option, ...] = ()
    unit_fields: tuple[Field, ...] = ()
    location_fields: tuple[Field, ...] = ()
    state_fields: tuple[Field, ...] = ()  # top-level fields of a position the ruleset reads
    weather: tuple[str, ...] = ()  # the weather conditions a state may name (empty: any)
    die_faces: int = 6
    open_unit_fields: bool = False  # True: attrs the ruleset does not declare are kept, unchecked
    actions: tuple[Action, ...] = ()
    sequence: Any = None  # the sequence of play ([phases]): a phases.SequenceOfPlay, or None
    location_attrs: tuple[Field, ...] = ()  # a location's ``attrs`` the rules read (pontoon_to)
    markers: tuple[Field, ...] = ()  # the markers a location may hold ([markers])
    source: str = ""  # the data file that declares them (named in errors)

    def names(self) -> Names:
        """The names a position may state, by kind."""
        return Names(
            frozenset(f.name for f in self.state_fields) | frozenset(CORE_STATE_FIELDS),
            frozenset(f.name for f in self.location_fields),
            frozenset(f.name for f in self.location_attrs),
            frozenset(f.name for f in self.markers),
            self.source,
        )

    def action(self, name: str) -> Action:
        for a in self.actions:
            if a.name == name:
                return a
        known = ", ".join(a.name for a in self.actions) or "none"
        raise InputError(f"unknown action {name!r} (this ruleset's actions: {known})")

    def mode(self, name: str) -> Mode:
        for m in self.modes:
            if m.name == name:
                return m
        known = ", ".join(m.name for m in self.modes)
        raise InputError(f"unknown mode {name!r} (this ruleset's modes: {known})")

    def mode_names(self) -> list[str]:
        return [m.name for m in self.modes]

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def check_options(self, given: Any, where: str = "$.options") -> dict[str, Any]:
        """The state's option overrides, each checked against its declaration."""
        if given is None:
            return {}
        if not isinstance(given, Mapping):
            raise InputError("expected an object of option names and values", where=where)
        known = {o.name: o for o in self.options}
        out = {}
        for name, value in given.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise InputError(f"unknown option {name!r} (options: {names})", where=f"{where}.{name}")
            out[name] = known[name].check(value, f"{where}.{name}")
        return out

    def state_field_problems(self, doc: Mapping[str, Any], knows_location=None) -> list[tuple[str, str]]:
        """(field, message) for each declared top-level field of a position with a bad value."""
        out = []
        for f in self.state_fields:
            if f.name in doc:
                why = f.problem(doc[f.name], knows_location)
                if why:
                    out.append((f.name, why + (f" ({f.rule})" if f.rule else "")))
        return out

    def unit_field_problems(self, attrs: Mapping[str, Any], knows_location=None) -> list[tuple[str, str]]:
        """(field, message) for each declared field with a bad value, and (unless the ruleset
        keeps open fields) each field it does not declare."""
        fields = {f.name: f for f in self.unit_fields}
        out = []
        for key, value in attrs.items():
            f = fields.get(key)
            if f is None:
                if not self.open_unit_fields:
                    names = ", ".join(fields) or "none"
                    out.append((key, f"unknown unit field {key!r} (this ruleset's unit fields: {names})"))
                continue
            why = f.problem(value, knows_location)
            if why:
                out.append((key, f"{key}: {why}" + (f" ({f.rule})" if f.rule else "")))
        return out
