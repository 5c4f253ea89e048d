"""A water-only unit entering (or starting a phase in) an enemy-interdicted waterway or coastal
hexside [14B2]: the enemy rolls two dice and subtracts the naval gunnery strength of the coast
defenses in the two hexes beside it: 0 or less eliminated; +1 to +5 turned back (to the hexside it
came from, 5 MPs lost, when its own movement triggered it); +6 or more no effect. A unit's naval
gunnery strength is its ``gunnery`` field (halved when disrupted [3A5], none when badly disrupted)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....errors import InputError
from ...ruleset import fraction


def gunnery(unit) -> Fraction:
    g = fraction(unit.attr("gunnery", 0) or 0)
    if unit.attr("badly_disrupted"):
        return Fraction(0)
    return g / 2 if unit.attr("disrupted") else g


def interdiction(rs, dice: tuple[int, int], defenders: list, by_own_move: bool = True) -> dict[str, Any]:
    """The result of one interdiction attack [14B2]."""
    if len(dice) != 2 or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
        raise InputError(f"expected two die rolls of 1 to 6 for the interdiction attack, not {list(dice)!r}")
    t = rs.data["interdiction"]
    strength = sum((gunnery(u) for u in defenders), Fraction(0))
    diff = sum(dice) - strength
    if diff <= int(t["eliminated_at_most"]["value"]):
        result = "eliminated"
    elif diff < int(t["no_effect_from"]["value"]):
        result = "turned back"
    else:
        result = "no effect"
    out: dict[str, Any] = {"differential": diff, "gunnery": strength, "result": result, "rule": "14B2"}
    if result == "turned back" and by_own_move:
        out["mp_lost"] = int(t["turned_back_mp"]["value"])
    return out
