"""Elimination from lack of general supply [11F3]: each initial phase from the second turn out of
general supply, a unit out of general supply and isolated rolls a die on the Ground Success Table
(a chart the booklet does not print): +3 in a major city hex or an improved fortress; -1 in frost,
winter or snow weather, but not there."""

from __future__ import annotations

import numpy as np

from ....errors import InputError


def elimination_modifier(rs, board, unit) -> int:
    """The die-roll modifier of the unit's elimination check [11F3]."""
    e = rs.data["elimination"]
    i = board.idx(unit.hex)
    a = board.arrays
    improved = a.hex_attr("fortress")[i] is not None and bool(a.hex_attr("improved")[i])
    if rs.nets(board).major_city[i] or improved:
        return int(e["city_or_fortress"]["value"])
    from .terrain import weather_of_hexes

    if str(weather_of_hexes(board)[i]) in e["cold_weather"]:
        return int(e["cold"]["value"])
    return 0


def elimination_roll(rs, board, unit, roll: int) -> int:
    """The modified roll, to be read on the Ground Success Table [11F3]."""
    if isinstance(roll, bool) or not isinstance(roll, int | np.integer) or not 1 <= roll <= 6:
        raise InputError(f"expected a die roll of 1 to 6 for {unit.id}'s elimination check, not {roll!r}")
    return int(roll) + elimination_modifier(rs, board, unit)


def checked(age: int, isolated: bool) -> bool:
    """From U-2 on, out of general supply and isolated [11F3]."""
    return age >= 2 and isolated
