"""Stacking during combat (3.33): the units of a hex that attack from it or defend in it are either
all the units of one formation (the First Combat Stacking Criterion) or units of more than one
formation totalling at most 2 BE (the Second). A corps with its attached divisions, in its HQ
Holding Box or facing one way, is one formation (3.14, 2.66). Units left out still suffer retreats
and excess losses (3.33.B, 10.36): that is combat, not judged here."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .stacking import formations_in


@dataclass(frozen=True)
class CombatStack:
    legal: bool
    criterion: str  # "one_formation" (first, 3.33) or "two_be" (second, 3.33)
    be: Fraction
    formations: int
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d = {
            "legal": self.legal,
            "criterion": self.criterion,
            "be": float(self.be),
            "formations": self.formations,
        }
        if self.reason:
            d["reason"] = self.reason
        return d


def combat_stack(rs, units, hq_be: Any = 2) -> CombatStack:
    """Whether ``units`` (of one hex and side) may together attack from or defend in their hex
    (3.33)."""
    limit = Fraction(rs.data["stacking"]["combat_be"]["value"])
    per = formations_in(rs, units, hq_be)
    be = sum(per.values(), Fraction(0))
    if len(per) <= 1:
        return CombatStack(True, "one_formation", be, len(per))
    if be <= limit:
        return CombatStack(True, "two_be", be, len(per))
    return CombatStack(
        False,
        "two_be",
        be,
        len(per),
        f"{len(per)} formations with {float(be):g} BE: all of one formation fight, "
        f"or units of several with at most {float(limit):g} BE (3.33)",
    )
