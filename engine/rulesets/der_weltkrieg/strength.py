"""Strengths in combat: reduction markers (R13-21, R13-22, R11-8), counterattack multipliers
(R13-15, R14-13, R21-3, R29-5, R41-4, R7-11, R16-8), attacks and counterattacks without supply
points (R19-11, R19-12, R26-6) and surrounded break-out attacks (R20-2, R20-3).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from ...state import Unit
from .combat_data import value
from .rounding import round_half_up


def marked_strength(strength: int, markers: Sequence[str]) -> int:
    """Strength under reduction markers, applied in stack order: "1/2" halves (rounded down, spec
    §10 #23), "-1" subtracts (R13-21, R13-22, R11-8)."""
    for m in markers:
        strength = strength // 2 if m == "1/2" else max(0, strength + int(m))
    return strength


def counterattack_multiplier(unit: Unit, *, retreating: bool = False) -> int:
    """x3 (R13-15); x2 when retreating (R14-13); artillery x2 (R29-5); fortresses x3 always (R21-3,
    R14-13), Russian x1 (R41-4); entrained units x1 (R7-11)."""
    if unit.attr("entrained"):
        key = "entrained"
    elif unit.cls == "fortress":
        key = "russian_fortress" if unit.nation == "russia" else "fortress"
    elif unit.cls in ("artillery", "siege_artillery"):
        key = "artillery"
    else:
        key = "retreating" if retreating else "multiplier"
    return value("counterattack", key)


def counterattack_strength(
    units: Iterable[Unit],
    adjusted: Mapping[str, int] | None = None,
    *,
    retreating: bool = False,
    column_attack: bool = False,
    column_defender_doubled: bool = True,
) -> int:
    """CRT column of a counterattack: each unit's adjusted strength (``adjusted[id]``, after supply
    and terrain; else its strength) times :func:`counterattack_multiplier` (R13-15). Against a column
    attack the defender is doubled as well (R16-8: 4 SP -> 4 x 2 x 3 = 24, spec TC-30 DECISION);
    ``column_defender_doubled=False`` leaves the counterattack undoubled (spec §10 #25)."""
    double = value("column_attack", "defender") if column_attack and column_defender_doubled else 1
    total = 0
    for u in units:
        s = u.strength if adjusted is None else adjusted.get(u.id, u.strength)
        total += s * counterattack_multiplier(u, retreating=retreating) * double
    return total


def unsupplied(
    strength: int,
    *,
    counterattack: bool = False,
    column: bool = False,
    artillery: bool = False,
    shaken: bool = False,
    rounding: str = "down",
) -> int | None:
    """Strength without supply points: 1/2 rounded down, regardless of supply line (R19-11); 1/4 for
    a column attack (R19-11); unsupplied counterattackers use 1/2, which is then tripled (R19-12).
    None when not allowed: artillery (R19-11), attacks by a country in Shaken National Morale or
    Economic Collapse (R26-6). R19-12 gives no rounding: down as in R19-11 (spec TC-18 DECISION);
    ``rounding="nearest"`` rounds a counterattacker's half to nearest instead."""
    if artillery or (shaken and not counterattack):
        return None
    factor = value("unsupplied", "column_factor" if column else "factor")
    if counterattack and rounding == "nearest":
        return round_half_up(strength * factor)
    return math.floor(strength * factor)


def breakout_pre_loss(divisions: int, small_units: int) -> int:
    """SP an unsupplied surrounded attack loses first: 1 per division of any strength, 1 per two
    brigades or regiments (R20-3)."""
    return divisions * value("unsupplied", "surrounded_loss_per_division") + small_units // value(
        "unsupplied", "surrounded_small_units_per_loss"
    )


def breakout_strength(
    strength: int, divisions: int = 1, small_units: int = 0, *, loss_first: bool = True
) -> int:
    """Unsupplied surrounded ("break-out") attack strength: 1/4, rounded to nearest (R20-2), after the
    R20-3 pre-loss (spec TC-20 DECISION order: 8 -> 7 -> 1.75 -> 2). ``loss_first=False`` quarters
    first and takes the pre-loss from the result."""
    loss = breakout_pre_loss(divisions, small_units)
    quarter = value("unsupplied", "surrounded_factor")
    if loss_first:
        return round_half_up(max(0, strength - loss) * quarter)
    return max(0, round_half_up(strength * quarter) - loss)
