"""Solid defence of a trench hex (R22-19, R22-20): when a defence is solid, and the artillery an
attack on it needs.
"""

from __future__ import annotations

from .combat_data import value


def solid_defence(trench: bool, infantry_sp: int, hexsides: int, full_division: int) -> bool:
    """A trench hex holding, per hexside attacked through, 5 infantry SP or a full-strength infantry
    division's SP — the smaller (R22-19, spec §10 #31 DECISION)."""
    per = min(value("solid_defence", "min_infantry_per_hexside"), full_division)
    return trench and infantry_sp >= per * hexsides


def solid_defence_artillery(year: int, front: str = "other") -> int:
    """Artillery SP an attack on a solid defence needs: front "west", "italy" or "other" (R22-20)."""
    rows = value("solid_defence", "artillery")
    row = max((r for r in rows if r["year"] <= year), key=lambda r: r["year"], default=rows[0])
    return row[front]
