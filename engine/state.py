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

FORMAT = "railhead.state/1"


def _frozen(d: Mapping | None) -> Mapping:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True)
class Unit:
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
    owner: str | None = None
    markers: frozenset[str] = frozenset()
    rail: str | None = None  # e.g. "operative" / "inoperative"
    attrs: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

    def to_dict(self) -> dict:
        d: dict[str, Any] = {}
        if self.owner is not None:
            d["owner"] = self.owner
        if self.markers:
            d["markers"] = sorted(self.markers)
        if self.rail is not None:
            d["rail"] = self.rail
        if self.attrs:
            d["attrs"] = dict(self.attrs)
        return d


EMPTY_HEX = HexState()


@dataclass(frozen=True)
class GameState:
    ruleset: str
    units: tuple[Unit, ...]
    turn: int = 1
    phase: str = "movement"
    active_side: str | None = None
    weather: str = "fair"
    hexes: Mapping[str, HexState] = field(default_factory=lambda: _frozen(None))
    ledgers: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))
    seed: int = 0
    extra: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

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

    def units_at(self, hex_id: str) -> list[Unit]:
        return [u for u in self.units if u.hex == hex_id]

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units if u.side == side]

    def hex(self, hex_id: str) -> HexState:
        return self.hexes.get(hex_id, EMPTY_HEX)

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
            "phase": self.phase,
            "active_side": self.active_side,
            "weather": self.weather,
            "units": [u.to_dict() for u in self.units],
            "hexes": {h: s.to_dict() for h, s in self.hexes.items()},
            "ledgers": dict(self.ledgers),
        }
        if self.seed:
            d["seed"] = self.seed
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
}


def parse_state(
    doc: Any, m: MapData, file: str | Path | None = None, sides: Iterable[str] | None = None
) -> GameState:
    """Validate a decoded ``railhead.state/1`` document against map ``m``."""
    fname = None if file is None else str(file)
    problems: list[InputError] = []

    def bad(where: str, message: str) -> None:
        problems.append(InputError(message, file=fname, where=where))

    if not isinstance(doc, dict):
        raise InputError("expected a JSON object", file=fname, where="$")
    if doc.get("format") != FORMAT:
        raise InputError(
            f"expected format {FORMAT!r}, found {doc.get('format')!r}", file=fname, where="$.format"
        )
    ruleset = doc.get("ruleset")
    if not isinstance(ruleset, str):
        raise InputError("expected the id of a ruleset", file=fname, where="$.ruleset")
    side_set = set(sides) if sides is not None else None
    for key, kind in (("turn", int), ("phase", str), ("weather", str), ("seed", int)):
        if key in doc and not isinstance(doc[key], kind):
            bad(f"$.{key}", f"expected {'a whole number' if kind is int else 'a string'}")
    active = doc.get("active_side")
    if active is not None and side_set is not None and active not in side_set:
        bad("$.active_side", f"unknown side {active!r} (sides: {', '.join(sorted(side_set))})")

    units: list[Unit] = []
    seen: set[str] = set()
    raw_units = doc.get("units", [])
    if not isinstance(raw_units, list):
        bad("$.units", "expected a list of units")
        raw_units = []
    for i, u in enumerate(raw_units):
        where = f"$.units[{i}]"
        if not isinstance(u, dict):
            bad(where, "expected a unit object")
            continue
        missing = [k for k in ("id", "side", "class", "hex") if not isinstance(u.get(k), str)]
        if missing:
            bad(where, f"missing or not a string: {', '.join(missing)}")
            continue
        if u["id"] in seen:
            bad(f"{where}.id", f"unit id {u['id']!r} is used twice")
        seen.add(u["id"])
        if side_set is not None and u["side"] not in side_set:
            bad(
                f"{where}.side",
                f"unknown side {u['side']!r} (sides: {', '.join(sorted(side_set))})",
            )
        if not m.knows(u["hex"]):
            bad(f"{where}.hex", f"unknown hex id {u['hex']!r}: {m.parse_problem(u['hex'])}")
        strength = u.get("strength", 0)
        if not isinstance(strength, int | float) or isinstance(strength, bool) or strength < 0:
            bad(f"{where}.strength", "expected a strength of 0 or more")
            strength = 0
        movement = u.get("movement")
        if movement is not None and not isinstance(movement, int | float | str):
            bad(f"{where}.movement", "expected a movement allowance (number) or a token like 'RR'")
        attrs = u.get("attrs", {})
        if not isinstance(attrs, dict):
            bad(f"{where}.attrs", "expected an object")
            attrs = {}
        units.append(
            Unit(
                id=u["id"],
                side=u["side"],
                nation=str(u.get("nation", "")),
                cls=u["class"],
                hex=u["hex"],
                size=str(u.get("size", "division")),
                strength=strength,
                movement=movement,
                attrs=_frozen(attrs),
            )
        )

    hexes: dict[str, HexState] = {}
    raw_hexes = doc.get("hexes", {})
    if not isinstance(raw_hexes, dict):
        bad("$.hexes", "expected an object keyed by hex id")
        raw_hexes = {}
    for hid, hs in raw_hexes.items():
        where = f"$.hexes[{hid!r}]"
        if not m.knows(hid):
            bad(where, f"unknown hex id {hid!r}: {m.parse_problem(hid)}")
            continue
        if not isinstance(hs, dict):
            bad(where, "expected an object with owner, markers, rail")
            continue
        markers = hs.get("markers", [])
        if not isinstance(markers, list) or not all(isinstance(x, str) for x in markers):
            bad(f"{where}.markers", "expected a list of marker names")
            markers = []
        attrs = hs.get("attrs", {})
        hexes[hid] = HexState(
            owner=hs.get("owner"),
            markers=frozenset(markers),
            rail=hs.get("rail"),
            attrs=_frozen(attrs if isinstance(attrs, dict) else {}),
        )
    ledgers = doc.get("ledgers", {})
    if not isinstance(ledgers, dict):
        bad("$.ledgers", "expected an object")
        ledgers = {}
    if problems:
        raise problems[0] if len(problems) == 1 else InputErrors(problems, file=fname)
    return GameState(
        ruleset=ruleset,
        units=tuple(units),
        turn=doc.get("turn", 1),
        phase=doc.get("phase", "movement"),
        active_side=active,
        weather=doc.get("weather", "fair"),
        hexes=_frozen(hexes),
        ledgers=_frozen(ledgers),
        seed=doc.get("seed", 0),
        extra=_frozen({k: v for k, v in doc.items() if k not in _TOP}),
    )


def read_state(path: str | Path, m: MapData, sides: Iterable[str] | None = None) -> GameState:
    return parse_state(read_json(path, "state file (railhead.state/1)"), m, file=path, sides=sides)
