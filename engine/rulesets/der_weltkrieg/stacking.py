"""Der Weltkrieg stacking (R11, R24-2, R28-4, R29-3, R36-5, R49-1; spec §7.1).

A hex holds at most 6 divisions plus 3 artillery units, checked at the end of every phase; hexes
with fewer than 3 land hexsides hold a third less per missing land hexside and may be attacked by at
most twice what they could hold. Numbers are in ``combat.toml`` ``[stacking]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ...board import Board
from ...stacking import stack_points
from ...state import Unit
from ...verdict import Reason
from .combat_data import value

WATER = ("ocean", "lake", "sea")


def stacking_value(unit: Unit) -> tuple[Fraction, int]:
    """(divisions, artillery units) ``unit`` counts for stacking.

    Not counted: fortresses, engineers, HQs, markers (R11-5, R9-8), River Flotillas (R36-5).
    Artillery: one artillery unit each (R11-4), or its ``artillery_units`` attr (a three-brigade
    artillery division counts 3, R28-4). Divisions and RPL units count 1 even when reduced (R11-2,
    R24-2); other regiments and brigades 1/2 (R11-6). US infantry and marines count double (R49-1)."""
    if unit.cls in value("stacking", "free_classes"):
        return Fraction(0), 0
    if unit.cls in ("artillery", "siege_artillery"):
        return Fraction(0), int(unit.attr("artillery_units", 1))
    size = Fraction(1) if unit.size == "division" or unit.cls == "rpl" else value("stacking", "small_unit")
    if unit.nation == "usa" and unit.cls in value("stacking", "us_classes"):
        size *= value("stacking", "us_multiplier")
    return size, 0


def stacking_limits(land_hexsides: int = 6) -> tuple[Fraction, Fraction]:
    """(divisions, artillery units) a hex may hold: 6 and 3 (R11-1, R11-4), one third less for each
    land hexside short of 3 (R11-9: 2 land hexsides -> 4 and 2). 1 land hexside -> 2 and 1, none -> 0
    (spec §10 #9 DECISION)."""
    full = value("stacking", "full_land_hexsides")
    frac = Fraction(min(full, max(0, land_hexsides)), full)
    return value("stacking", "divisions") * frac, value("stacking", "artillery") * frac


def stack_size(units: Iterable[Unit]) -> tuple[Fraction, int]:
    """Total (divisions, artillery units) of ``units``."""
    units = list(units)
    artillery = stack_points(units, lambda u: stacking_value(u)[1])
    return stack_points(units, lambda u: stacking_value(u)[0]), int(artillery)


def stacking_excess(units: Iterable[Unit], land_hexsides: int = 6) -> tuple[Fraction, Fraction]:
    """(divisions, artillery units) over the limit; the owner chooses which to eliminate (R11-3)."""
    divisions, artillery = stack_size(units)
    lim_d, lim_a = stacking_limits(land_hexsides)
    return max(Fraction(0), divisions - lim_d), max(Fraction(0), artillery - lim_a)


def stacking_problem(units: Iterable[Unit], land_hexsides: int = 6) -> Reason | None:
    """Why the stack breaks the limit at the end of a phase (R11-1, R11-4, R11-9), or None."""
    over_d, over_a = stacking_excess(units, land_hexsides)
    lim_d, lim_a = stacking_limits(land_hexsides)
    if over_d:
        return Reason("R11-1; R11-9", f"{lim_d + over_d} divisions in a hex that holds {lim_d}")
    if over_a:
        return Reason("R11-4; R11-9", f"{lim_a + over_a} artillery units in a hex that holds {lim_a}")
    return None


def attack_limit(land_hexsides: int) -> tuple[Fraction, Fraction] | None:
    """Most (divisions, artillery units) that may attack a reduced hex: twice what may stack there
    (R11-10: 2 land hexsides -> 8 and 4). None for a hex with 3 or more land hexsides."""
    if land_hexsides >= value("stacking", "full_land_hexsides"):
        return None
    d, a = stacking_limits(land_hexsides)
    k = value("stacking", "attack_multiple")
    return d * k, a * k


def attack_limit_problem(attackers: Iterable[Unit], land_hexsides: int) -> Reason | None:
    """R11-10 for the units attacking one reduced hex."""
    limit = attack_limit(land_hexsides)
    if limit is None:
        return None
    divisions, artillery = stack_size(attackers)
    if divisions > limit[0] or artillery > limit[1]:
        return Reason(
            "R11-10",
            f"{divisions} divisions and {artillery} artillery units attack a hex with "
            f"{land_hexsides} land hexsides (at most {limit[0]} and {limit[1]})",
        )
    return None


def land_hexsides(board: Board, hex_id: str, rs=None) -> int:
    """Land hexsides of a hex (R11-9): those that are neither sea nor lake and do not lead into a
    water hex. Map-edge hexsides count as land (the map does not say what lies beyond). Alpine
    hexsides count as land unless the position's option ``alpine_land_hexside`` (read through
    ``rs``) is false (spec §10 #9)."""
    arrays = board.arrays
    i = board.idx(hex_id)
    terrain = arrays.side_terrain()
    hex_terrain = arrays.hex_terrain
    alpine_land = rs is None or bool(rs.option(board.state, "alpine_land_hexside"))
    not_land = WATER if alpine_land else (*WATER, "alpine")
    count = 0
    for d in range(6):
        j = int(board.nbr[i, d])
        if terrain[i, d] in not_land or (j >= 0 and hex_terrain[j] in WATER):
            continue
        count += 1
    return count
