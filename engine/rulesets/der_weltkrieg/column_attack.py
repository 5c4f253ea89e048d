"""Column attacks (R16-4, R16-8, R16-10, R19-11, R6-10): the attacker's strength and where a column
attack may not go.
"""

from __future__ import annotations

import math

from ...verdict import Reason
from .combat_data import value


def column_attack_strength(strength: int, *, supplied: bool = True) -> int:
    """Column attacker's strength: 1/2 (R16-8), 1/4 unsupplied (R19-11), rounded down."""
    factor = value("column_attack", "attacker") if supplied else value("unsupplied", "column_factor")
    return math.floor(strength * factor)


def column_attack_problem(
    terrain: str, *, major_river: bool = False, artillery: bool = False, used_column_movement: bool = False
) -> Reason | None:
    """A column attack never crosses ocean, lake, alpine, mountain, urban, wooded rough or major river
    hexsides (R16-10); not by artillery (R16-4) or units that used column movement (R6-10)."""
    if terrain in value("column_attack", "forbidden_hexsides") or major_river:
        what = "a major river" if major_river else terrain.replace("_", " ")
        return Reason("R16-10", f"no column attack across {what}")
    if artillery:
        return Reason("R16-4", "artillery may not make column attacks")
    if used_column_movement:
        return Reason("R6-10", "units that used column movement may not column-attack")
    return None
