"""Capacity ledgers: how much of a limited capacity each pool has, and who spent it on what.

A pool is whatever a ruleset counts capacity in (Der Weltkrieg: a country's rail network; GR/D: a
rail net; GMT: strategic moves per phase). Entries are kept in ``state.ledgers[name]`` as plain
JSON, so a saved position carries what was spent this turn::

    {"turn": 3, "pools": {"germany": [{"unit": "GE-1", "amount": 1, "what": "rail move", "rule": "R8-1"}]}}

The ledger is immutable like the state; :meth:`spend` returns a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .state import GameState


@dataclass(frozen=True)
class Entry:
    unit: str
    amount: Fraction
    what: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        amount = int(self.amount) if self.amount.denominator == 1 else float(self.amount)
        return {"unit": self.unit, "amount": amount, "what": self.what, "rule": self.rule}


@dataclass(frozen=True)
class Ledger:
    name: str
    turn: int
    capacity: dict[str, tuple[Fraction, str]]  # pool -> (capacity, rule)
    entries: dict[str, tuple[Entry, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState, name: str, capacity: dict[str, tuple[Any, str]]) -> Ledger:
        """The ledger ``name`` of ``state`` for this turn (spending from other turns is dropped)."""
        raw = state.ledgers.get(name) or {}
        entries: dict[str, tuple[Entry, ...]] = {}
        if raw.get("turn", state.turn) == state.turn:
            for pool, items in (raw.get("pools") or {}).items():
                entries[pool] = tuple(
                    Entry(
                        str(e.get("unit", "")),
                        Fraction(e.get("amount", 0)),
                        str(e.get("what", "")),
                        str(e.get("rule", "")),
                    )
                    for e in items
                )
        cap = {k: (Fraction(v), r) for k, (v, r) in capacity.items()}
        return cls(name, state.turn, cap, entries)

    def spent(self, pool: str) -> Fraction:
        return sum((e.amount for e in self.entries.get(pool, ())), Fraction(0))

    def remaining(self, pool: str) -> Fraction | None:
        """Capacity left in ``pool``, or None when the rules give no capacity for it."""
        if pool not in self.capacity:
            return None
        return self.capacity[pool][0] - self.spent(pool)

    def used_by(self, pool: str, unit: str) -> bool:
        return any(e.unit == unit for e in self.entries.get(pool, ()))

    def spend(self, pool: str, unit: str, amount: Fraction, what: str, rule: str) -> Ledger:
        entries = dict(self.entries)
        entries[pool] = (*entries.get(pool, ()), Entry(unit, Fraction(amount), what, rule))
        return Ledger(self.name, self.turn, self.capacity, entries)

    def to_state(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "pools": {p: [e.to_dict() for e in es] for p, es in self.entries.items()},
        }

    def report(self, pools: list[str] | None = None) -> list[dict[str, Any]]:
        """Per pool: capacity, spent, remaining, and the entries that spent it."""
        names = pools if pools is not None else sorted(set(self.capacity) | set(self.entries))
        out = []
        for p in names:
            cap = self.capacity.get(p)
            spent = self.spent(p)
            out.append(
                {
                    "pool": p,
                    "capacity": None if cap is None else _num(cap[0]),
                    "capacity_rule": None if cap is None else cap[1],
                    "spent": _num(spent),
                    "remaining": None if cap is None else _num(cap[0] - spent),
                    "entries": [e.to_dict() for e in self.entries.get(p, ())],
                }
            )
        return out


def _num(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 else float(f)
