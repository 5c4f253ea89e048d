"""Typed records of the two side reports every ruleset gives: supply (:class:`SupplyReport`) and rail
or strategic capacity (:class:`CapacityReport`).

Each is a frozen dataclass that also reads as the JSON object it prints (``report["units"]``,
``report.items()``), so the command line, ``--json`` and the map pictures read it as they read the
old free dicts; :meth:`to_dict` gives that object, key for key and in the same order. The entries
inside (a unit's supply, a capacity pool) are :class:`typing.TypedDict` records: a ruleset adds its
own keys to them (the stage a supply line reached, a pool's strategic cap) in its own order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

__all__ = ["CapacityPool", "CapacityReport", "SupplyEntry", "SupplyReport"]


class SupplyEntry(TypedDict):
    """One unit's supply: where it stands, its status and the rules that decided it; a ruleset
    adds what it traced (``path``, ``source``, ``stage``...)."""

    unit: str
    hex: str
    status: str
    rules: NotRequired[list[str]]


class CapacityPool(TypedDict):
    """One capacity pool (a rail net, a country's rail capacity) as :meth:`Ledger.report
    <railhead.engine.ledger.Ledger.report>` gives it."""

    pool: str
    capacity: int | float | None
    capacity_rule: str | None
    spent: int | float
    remaining: int | float | None
    entries: list[dict[str, Any]]


class _Record(Mapping[str, Any]):
    """A report that reads as its JSON object (key lookups, ``items()``, ``dict(report)``)."""

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - each record defines it
        raise NotImplementedError

    def _dict(self) -> dict[str, Any]:
        cached = self.__dict__.get("_as_dict")
        if cached is None:
            cached = self.to_dict()
            object.__setattr__(self, "_as_dict", cached)
        return cached

    def __getitem__(self, key: str) -> Any:
        return self._dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())


@dataclass(frozen=True, eq=False)
class SupplyReport(_Record):
    """Supply status of every unit of ``side``: ``{"side", "summary", "units", **extras}``, where
    ``summary`` counts the units of each status and ``extras`` are the ruleset's further tables
    (headquarters, say, or the moment control was read)."""

    side: str
    units: list[SupplyEntry]
    extras: Mapping[str, Any] = field(default_factory=dict)

    @property
    def summary(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for u in self.units:
            out[u["status"]] = out.get(u["status"], 0) + 1
        return out

    def with_extras(self, **more: Any) -> SupplyReport:
        """The same report with further tables (added after the ones it has)."""
        return SupplyReport(self.side, self.units, {**self.extras, **more})

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "summary": self.summary, "units": self.units, **self.extras}


@dataclass(frozen=True, eq=False)
class CapacityReport(_Record):
    """Rail or strategic capacity of ``side``: ``{"side", "turn", **period, "unit", "networks",
    **extras}``. ``period`` names the part of the turn the capacity belongs to when it is not the
    whole turn (``{"impulse": 2}``, ``{"phase": "strategic"}``); ``unit`` what capacity is counted
    in; ``networks`` a pool each."""

    side: str
    turn: int
    unit: str
    networks: list[CapacityPool]
    period: Mapping[str, Any] = field(default_factory=dict)
    extras: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "turn": self.turn,
            **self.period,
            "unit": self.unit,
            "networks": self.networks,
            **self.extras,
        }
