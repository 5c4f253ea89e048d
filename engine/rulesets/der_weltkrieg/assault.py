"""Assault units (R33-4, R33-5, R33-9): their assault strength points, who loses first, and when
they negate the defender's terrain.
"""

from __future__ import annotations

from collections.abc import Iterable


def assault_sp(strength: int, regular_full_strength: int, *, pure: bool = False) -> int:
    """Assault SP: those above the regular full strength (R33-9: a 12-5 has 4); German AlpK and Jgr
    units are all assault SP (R33-5, ``pure``)."""
    return strength if pure else max(0, strength - regular_full_strength)


def assault_losses(required: int, assault_units: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """(SP taken from assault SP, SP left for the normal loss order): assault units lose first, down to
    their regular full strength (R33-4). ``assault_units``: (strength, regular full strength)."""
    pool = sum(assault_sp(s, full) for s, full in assault_units)
    first = min(required, pool)
    return first, required - first


def assault_negates_terrain(assault_sp_attacking: int, defending_sp: int) -> bool:
    """R22-16's stiffened defence is negated when the attacking assault SP exceed the SP defending
    the hex (R33-9)."""
    return assault_sp_attacking > defending_sp
