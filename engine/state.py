"""Game positions (``railhead.state/1``, ``shared/docs/contracts.md`` §4), immutable.

A :class:`GameState` never changes: every change (a move, a spent capacity) returns a new state.
Loading validates the position against its map: unknown hexes, duplicate unit ids, units standing on
hexes the ruleset says no unit can occupy (ocean), markers the ruleset does not know.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import InputError, InputErrors
from ..files import read_json
from ..mapdata.model import MapData
from ..schemas import check
from .contract import Declarations, Declared, DeclaredMarkers, Names
from .dice import check_rolls
from .ledger import check_ledger

FORMAT = "railhead.state/1"
DEFAULT_WEATHER = "fair"  # a ruleset that declares no weather conditions
DEFAULT_PHASE = "movement"  # a ruleset that declares no sequence of play ([phases])


def _frozen(d: Mapping | None) -> Mapping:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True)
class Unit:
    """A unit. ``hex`` is its location: a hex, area or box id (``location`` in the file may stand
    for ``hex``); fields a ruleset declares (facing, mode, formation...) sit in ``attrs``."""

    id: str
    side: str
    nation: str
    cls: str  # "class" in the file
    hex: str
    size: str = "division"
    strength: int = 0
    movement: int | str | None = None  # a number, or a ruleset token such as "RR"
    attrs: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

    def attr(self, key: str, default: Any = None) -> Any:
        return self.attrs.get(key, default)

    def need(self, key: str, why: str) -> Any:
        """The unit's ``key``, which a rule reads: bad input (exit 2) saying ``why`` and naming the
        field when the position gives none."""
        value = self.attrs.get(key)
        if value is None:
            raise InputError(why, where=f"$.units[{self.id!r}].attrs.{key}")
        return value

    def to_dict(self) -> dict:
        d = {
            "id": self.id,
            "side": self.side,
            "nation": self.nation,
            "class": self.cls,
            "size": self.size,
            "strength": self.strength,
            "movement": self.movement,
            "hex": self.hex,
        }
        if self.attrs:
            d["attrs"] = dict(self.attrs)
        return d


@dataclass(frozen=True)
class HexState:
    """The status of one location in a position: owner, markers, the status fields the ruleset
    declares (a ``rail`` status, say: operative / inoperative) and free ``attrs``."""

    owner: str | None = None
    markers: frozenset[str] = frozenset()
    fields: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))
    attrs: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

    def field(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {}
        if self.owner is not None:
            d["owner"] = self.owner
        if self.markers:
            d["markers"] = sorted(self.markers)
        d.update(self.fields)
        if self.attrs:
            d["attrs"] = dict(self.attrs)
        return d


EMPTY_HEX = HexState()


def declared_hex(owner, markers, fields, attrs, names: Names) -> HexState:
    """A location's status whose fields, attrs and markers refuse undeclared names."""
    return HexState(
        owner=owner,
        markers=DeclaredMarkers(markers, names),
        fields=Declared(fields, names, "location status field"),
        attrs=Declared(attrs, names, "location attr"),
    )


@dataclass(frozen=True)
class GameState:
    ruleset: str
    units: tuple[Unit, ...]
    turn: int = 1
    phase: str = "movement"  # parse_state: the ruleset's declared default when the file names none
    active_side: str | None = None
    weather: str | Mapping[str, str] = "fair"  # one condition, or one per weather zone / front
    hexes: Mapping[str, HexState] = field(default_factory=lambda: _frozen(None))
    ledgers: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))
    seed: int = 0
    impulse: int | None = None
    day: int | None = None
    rolls: tuple[int, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))
    # whether the position names its phase (parse_state: whether the file does). False: ``phase``
    # is the declaration's default and each move is judged in the phase that allows it, as a log's
    # moves are (:mod:`.phases`); a position built in code says True to be judged in ``phase``
    phase_named: bool = False
    # the names the ruleset declares (parse_state with declarations): a read of any other top-level
    # field, location status field or attr, or marker is refused (contract.UndeclaredRead)
    names: Names | None = None

    def weather_in(self, zone: str | None = None) -> str | None:
        """The weather of ``zone`` (a weather zone or front); the one weather when there is one."""
        if isinstance(self.weather, str):
            return self.weather
        return self.weather.get(zone) if zone is not None else None

    # ------------------------------------------------------------------ lookups
    @property
    def by_id(self) -> Mapping[str, Unit]:
        cached = self.__dict__.get("_by_id")
        if cached is None:
            cached = {u.id: u for u in self.units}
            object.__setattr__(self, "_by_id", cached)
        return cached

    def unit(self, unit_id: str) -> Unit:
        try:
            return self.by_id[unit_id]
        except KeyError:
            known = ", ".join(sorted(self.by_id)[:10])
            raise InputError(f"unknown unit {unit_id!r} (units: {known}...)") from None

    def place_of(self, unit_id: str) -> int | None:
        """The unit's place in :attr:`units` (None for an unknown id)."""
        cached = self.__dict__.get("_place_of")
        if cached is None:
            cached = {u.id: k for k, u in enumerate(self.units)}
            object.__setattr__(self, "_place_of", cached)
        return cached.get(unit_id)

    def units_at(self, hex_id: str) -> list[Unit]:
        """The units in a location, in state order (an index built once per position)."""
        cached = self.__dict__.get("_units_at")
        if cached is None:
            cached = {}
            for u in self.units:
                cached.setdefault(u.hex, []).append(u)
            object.__setattr__(self, "_units_at", cached)
        return list(cached.get(hex_id, ()))

    def units_of(self, side: str) -> list[Unit]:
        """The units of ``side``, in state order (an index built once per position)."""
        cached = self.__dict__.get("_units_of")
        if cached is None:
            cached = {}
            for u in self.units:
                cached.setdefault(u.side, []).append(u)
            object.__setattr__(self, "_units_of", cached)
        return list(cached.get(side, ()))

    def hex(self, hex_id: str) -> HexState:
        got = self.hexes.get(hex_id)
        if got is not None:
            return got
        if self.names is None:
            return EMPTY_HEX
        empty = self.__dict__.get("_empty_hex")
        if empty is None:  # a location the position says nothing of: still only declared names
            empty = declared_hex(None, frozenset(), {}, {}, self.names)
            object.__setattr__(self, "_empty_hex", empty)
        return empty

    def check_name(self, kind: str, name: str) -> None:
        """Refuse a read of a name the ruleset does not declare (``kind``: ``state field``,
        ``location status field``, ``location attr``, ``marker``); nothing when the position was
        built without declarations."""
        if self.names is not None:
            self.names.check(kind, name)

    def has_marker(self, hex_id: str, marker: str) -> bool:
        return marker in self.hex(hex_id).markers

    def month(self) -> int | None:
        return self.extra.get("month")

    # ------------------------------------------------------------------ changes
    def replace(self, **changes: Any) -> GameState:
        return dataclasses.replace(self, **changes)

    def move_unit(self, unit_id: str, hex_id: str) -> GameState:
        units = tuple(dataclasses.replace(u, hex=hex_id) if u.id == unit_id else u for u in self.units)
        return self.replace(units=units)

    def with_ledger(self, key: str, value: Any) -> GameState:
        ledgers = dict(self.ledgers)
        ledgers[key] = value
        return self.replace(ledgers=_frozen(ledgers))

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "turn": self.turn,
            **({"phase": self.phase} if self.phase_named else {}),
            "active_side": self.active_side,
            "weather": self.weather if isinstance(self.weather, str) else dict(self.weather),
            "units": [u.to_dict() for u in self.units],
            "hexes": {h: s.to_dict() for h, s in self.hexes.items()},
            "ledgers": dict(self.ledgers),
        }
        if self.seed:
            d["seed"] = self.seed
        for key in ("impulse", "day"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.rolls:
            d["rolls"] = list(self.rolls)
        d.update(self.extra)
        return d


_TOP = {
    "format",
    "ruleset",
    "turn",
    "phase",
    "active_side",
    "weather",
    "units",
    "hexes",
    "ledgers",
    "seed",
    "impulse",
    "day",
    "rolls",
}


def parse_state(
    doc: Any,
    m: MapData,
    file: str | Path | None = None,
    sides: Iterable[str] | None = None,
    declarations: Declarations | None = None,
) -> GameState:
    """Validate a decoded ``railhead.state/1`` document against map ``m`` and, when given, what
    the ruleset declares (unit fields, location status fields, weather, options, its die)."""
    fname = None if file is None else str(file)
    problems: list[InputError] = []
    knows = m.is_location
    what = m.id_word

    def bad(where: str, message: str) -> None:
        problems.append(InputError(message, file=fname, where=where))

    def located(fn, *args):
        try:
            return fn(*args)
        except InputError as exc:
            raise InputError(exc.message, file=fname, where=exc.where) from None

    check(doc, "state", fname)  # shape, types, ranges, sizes: schemas/state.schema.json
    ruleset = doc["ruleset"]
    side_set = set(sides) if sides is not None else None
    for key, kind in (("turn", int), ("phase", str), ("seed", int), ("impulse", int), ("day", int)):
        if key in doc and (not isinstance(doc[key], kind) or isinstance(doc[key], bool)):
            bad(f"$.{key}", f"expected {'a whole number' if kind is int else 'a string'}")
    conditions = declarations.weather if declarations else ()
    default_weather = conditions[0] if conditions else DEFAULT_WEATHER
    weather = doc.get("weather", default_weather)
    zones = {"": weather} if isinstance(weather, str) else weather
    if not isinstance(zones, dict) or not all(isinstance(w, str) for w in zones.values()):
        bad("$.weather", "expected a weather condition, or an object of weather zone -> condition")
        weather = default_weather
    elif conditions:
        for zone, w in zones.items():
            if w not in conditions:
                where = "$.weather" + (f".{zone}" if zone else "")
                bad(where, f"unknown weather {w!r} (this ruleset's weather: {', '.join(conditions)})")
    rolls = located(check_rolls, doc.get("rolls"), declarations.die_faces if declarations else 10**9)
    names = declarations.names() if declarations is not None else None
    if declarations is not None:
        located(declarations.check_options, doc.get("options"))
        for key, message in declarations.state_field_problems(doc, knows):
            bad(f"$.{key}", message)
        for key in doc:
            if key not in _TOP and key not in names.state_fields:
                shown = ", ".join(sorted(names.state_fields))
                bad(
                    f"$.{key}",
                    f"unknown field {key!r}: the rules read no such event or status "
                    f"(this ruleset's: {shown})",
                )
    sequence = declarations.sequence if declarations is not None else None
    phase_named = "phase" in doc
    phase = doc.get("phase", sequence.default if sequence is not None else DEFAULT_PHASE)
    if phase_named and sequence is not None and isinstance(phase, str) and phase not in sequence.names():
        bad(
            "$.phase",
            f"unknown phase {phase!r} (the phases {sequence.source or 'the ruleset'} declares: "
            f"{', '.join(sequence.names())})",
        )
    active = doc.get("active_side")
    if active is not None and side_set is not None and active not in side_set:
        bad("$.active_side", f"unknown side {active!r} (sides: {', '.join(sorted(side_set))})")

    units: list[Unit] = []
    seen: set[str] = set()
    for i, u in enumerate(doc.get("units", [])):
        where = f"$.units[{i}]"
        if "location" in u and "hex" not in u:
            u = {**u, "hex": u["location"]}
        if u["id"] in seen:
            bad(f"{where}.id", f"unit id {u['id']!r} is used twice")
        seen.add(u["id"])
        if side_set is not None and u["side"] not in side_set:
            bad(
                f"{where}.side",
                f"unknown side {u['side']!r} (sides: {', '.join(sorted(side_set))})",
            )
        if not knows(u["hex"]):
            bad(f"{where}.hex", f"unknown {what} {u['hex']!r}: {m.parse_problem(u['hex'])}")
        attrs = u.get("attrs", {})
        if declarations is not None:
            for key, message in declarations.unit_field_problems(attrs, knows):
                bad(f"{where}.attrs.{key}", f"unit {u['id']}: {message}")
        units.append(
            Unit(
                id=u["id"],
                side=u["side"],
                nation=str(u.get("nation", "")),
                cls=u["class"],
                hex=u["hex"],
                size=str(u.get("size", "division")),
                strength=u.get("strength", 0),
                movement=u.get("movement"),
                attrs=_frozen(attrs),
            )
        )

    hexes: dict[str, HexState] = {}
    for hid, hs in doc.get("hexes", {}).items():
        where = f"$.hexes[{hid!r}]"
        if not knows(hid):
            bad(where, f"unknown {what} {hid!r}: {m.parse_problem(hid)}")
            continue
        status = {k: v for k, v in hs.items() if k not in ("owner", "markers", "attrs")}
        if declarations is not None:
            declared = {f.name: f for f in declarations.location_fields}
            for key, value in status.items():
                f = declared.get(key)
                why = (
                    f"unknown status field {key!r} (this ruleset's: {', '.join(declared) or 'none'})"
                    if f is None
                    else f.problem(value, knows)
                )
                if why:
                    bad(f"{where}.{key}", why)
        if names is None:
            hexes[hid] = HexState(
                owner=hs.get("owner"),
                markers=frozenset(hs.get("markers", [])),
                fields=_frozen(status),
                attrs=_frozen(hs.get("attrs", {})),
            )
            continue
        for kind, given, at in (
            ("marker", hs.get("markers", []), "markers"),
            ("location attr", hs.get("attrs", {}), "attrs"),
        ):
            for name in given:
                if name not in names.of(kind):
                    shown = ", ".join(sorted(names.of(kind))) or "none"
                    bad(f"{where}.{at}", f"unknown {kind} {name!r} (this ruleset's {kind}s: {shown})")
        declared_attrs = {f.name: f for f in declarations.location_attrs}
        for key, value in hs.get("attrs", {}).items():
            why = declared_attrs[key].problem(value, knows) if key in declared_attrs else None
            if why:
                bad(f"{where}.attrs.{key}", why)
        hexes[hid] = declared_hex(hs.get("owner"), hs.get("markers", []), status, hs.get("attrs", {}), names)
    ledgers = doc.get("ledgers", {})
    for name, raw in ledgers.items():
        try:
            check_ledger(raw, f"$.ledgers.{name}")
        except InputError as exc:
            bad(exc.where or "$.ledgers", exc.message)
    if problems:
        raise problems[0] if len(problems) == 1 else InputErrors(problems, file=fname)
    return GameState(
        ruleset=ruleset,
        units=tuple(units),
        turn=doc.get("turn", 1),
        phase=phase,
        phase_named=phase_named,
        active_side=active,
        weather=weather if isinstance(weather, str) else _frozen(weather),
        hexes=_frozen(hexes),
        ledgers=_frozen(ledgers),
        seed=doc.get("seed", 0),
        impulse=doc.get("impulse"),
        day=doc.get("day"),
        rolls=rolls,
        extra=(
            _frozen({k: v for k, v in doc.items() if k not in _TOP})
            if names is None
            else Declared({k: v for k, v in doc.items() if k not in _TOP}, names, "state field")
        ),
        names=names,
    )


def read_state(
    path: str | Path,
    m: MapData,
    sides: Iterable[str] | None = None,
    declarations: Declarations | None = None,
) -> GameState:
    doc = read_json(path, "state file (railhead.state/1)")
    return parse_state(doc, m, file=path, sides=sides, declarations=declarations)
