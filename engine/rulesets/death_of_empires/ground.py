"""The cost of every step over land for one unit of a moving stack, in Deployed or Road Mode (8.2):
terrain by mobility rating (8.21), hexside terrain, roads and crowding in Road Mode (8.4, 8.42),
ZOC (3.45), enemy-occupied hexes (3.31.F), stacking (3.3), reversibility (8.21.B), Hold doubling
and Advance / Retire limits (7.15)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...core_fields import spent_mp
from ...search import INF, EdgeCosts, reversed_costs, units
from .position import enemy_distance, friendly_be, occupied, zone_of_control
from .stacking import overstacked_hexes
from .terrain import MISSING, as_units, cell, hex_costs
from .units import SUPPLY_TYPES, unit_type

HEXSIDE_FEATURES = ("river", "major_river", "grand_river")
MO_FREE_TYPES = (*SUPPLY_TYPES, "cavalry", "cossack", "engineer")
INFANTRY = ("infantry", "mountain_infantry", "naval_infantry", "marine_infantry", "machine_gun")


@dataclass(frozen=True)
class Missing:
    """A chart cell a step needs and nobody gives: (table, row, column) and what it is."""

    table: str
    row: str
    column: str
    what: str
    rule: str


def mission_free(u) -> bool:
    """7.14.B-D, 7.15: cavalry PFs, engineers, isolated units, Main Depots, Army Supply units,
    Corps Trains and Army HQs ignore Advance / Retire hexside limits."""
    t = unit_type(u)
    return t in MO_FREE_TYPES or bool(u.attr("isolated")) or u.attr("hq_level") == "army"


def _value(rs, name: str, section: str = "movement") -> float:
    return units(Fraction(rs.data[section][name]["mp"]))


def ground_costs(rs, board, unit, movers, travel: str, start: int, segment: str) -> tuple[EdgeCosts, list]:
    """(EdgeCosts, missing cells) for ``unit`` (one of ``movers``) moving in ``travel`` mode
    (``deployed`` or ``road``) from ``start``; ``missing`` lists the cells some step needs."""
    a = board.arrays
    nbr, valid, safe = a.nbr, a.valid, a.safe_nbr
    side, mr = unit.side, unit.attr("mr", "I")
    other = rs.other_side(side)
    data, values = rs.data, board.values
    k = EdgeCosts.start(nbr.shape)
    missing: list[Missing] = []
    k.forbid(~valid, "8.21", "no hexside")
    k.forbid(valid & (a.location_kind[safe] != 0), "8.21", "ground units move from hex to hex")

    # terrain of the hex entered, by mobility rating (8.21.A)
    per_hex = board.cached(("doe-hex-costs", "tec", mr), lambda: hex_costs(data, values, a.hex_terrain, mr))
    terrain = per_hex[safe]
    side_cost = np.zeros(nbr.shape)
    for feature in HEXSIDE_FEATURES:
        mask = a.side_feature(feature) & valid
        if mask.any():
            c = cell(data, values, "hexside", feature, mr)
            v = as_units(c)
            if v == MISSING:
                missing.append(
                    Missing(
                        "hexside", feature, mr, f"the MP for MR {mr} to cross a {feature} hexside", "8.21"
                    )
                )
                k.forbid(mask, "8.21", f"the chart cell hexside.{feature}.{mr} is missing (--values)")
            else:
                side_cost = side_cost + np.where(mask, v, 0)
    if travel == "road":
        road = a.line_attr("road", "class", default="primary")
        along = ~np.equal(road, None) & valid
        classes = sorted({r for r in road[along].tolist()})
        road_cost = np.zeros(nbr.shape)
        for cls in classes:
            v = as_units(cell(data, values, "road_tec", cls, mr))
            here = along & (road == cls)
            if v == MISSING:
                missing.append(
                    Missing("road_tec", cls, mr, f"the Road-Mode MP for MR {mr} along a {cls} road", "8.4")
                )
                k.forbid(here, "8.4", f"the chart cell road_tec.{cls}.{mr} is missing (--values)")
            road_cost = np.where(here, v, road_cost)
        terrain = np.where(along, road_cost, terrain)  # roads ignore the hex's terrain and hexsides
        side_cost = np.where(along, 0.0, side_cost)
    gone = terrain == MISSING
    if gone.any():
        for t in sorted({str(x) for x in a.hex_terrain[safe][gone & valid].tolist()}):
            missing.append(Missing("tec", t, mr, f"the MP for MR {mr} to enter {t}", "8.21"))
        k.forbid(gone & valid, "8.21", f"a Terrain Effects Chart cell for MR {mr} is missing (--values)")
        terrain = np.where(gone, 0.0, terrain)
    prohibited = ~np.isfinite(terrain) & valid
    k.forbid(prohibited, "8.21.B", f"MR {mr} may not enter this terrain")
    # reversibility (8.21.B): a step is legal only if the step back would be
    back_ok = np.isfinite(reversed_costs(nbr, np.where(np.isfinite(terrain), 0.0, INF)))
    k.forbid(valid & ~back_ok, "8.21.B", f"MR {mr} could not move back this way (reversibility)")
    terrain = np.where(np.isfinite(terrain), terrain, 0.0) + side_cost

    hold = unit.attr("mission") == "hold" and unit_type(unit) not in SUPPLY_TYPES
    factor = int(data["movement"]["hold_factor"]["value"]) if hold else 1
    if hold and travel == "road":
        far = enemy_distance(board, side) > int(data["movement"]["hold_road_exempt_beyond"]["value"])
        doubled = np.where(far[safe], 1, factor)
    else:
        doubled = np.full(nbr.shape, factor)
    k.add("terrain", np.where(valid, terrain * doubled, 0.0), "8.21; TEC" + ("; 7.15.C Hold" if hold else ""))

    # enemy units (3.31.F): never enter, except a hex holding only an enemy fortress (13.21)
    enemy = occupied(board, other)
    lone_fortress = enemy & ~occupied(board, other, lambda u: u.cls != "fortress")
    may_enter_fortress = unit.cls == "combat"
    k.forbid(
        valid & enemy[safe] & ~(lone_fortress[safe] & may_enter_fortress),
        "3.31.F",
        "the hex holds enemy units",
    )

    # ZOC (3.45): +1 to enter, +1 to leave, +1 more from one enemy ZOC hex to another; a friendly
    # fortress negates enemy ZOC in its hex; friendly units do not
    z = zone_of_control(rs, board, other) & ~occupied(board, side, lambda u: u.cls == "fortress")
    enter, leave = z[safe] & valid, np.repeat(z[:, None], nbr.shape[1], axis=1) & valid
    if segment == "march" and unit.attr("started_in_zoc", True) and not spent_mp(unit):
        leave[start] &= enter[start]  # leaving at the very start of one's own March Segment: free
    zoc_factor = factor if rs.option(board.state, "hold_doubles") == "terrain_and_zoc" else 1
    k.add("enter_zoc", np.where(enter, _value(rs, "zoc_enter") * zoc_factor, 0.0), "3.45; 8.21.F")
    k.add("leave_zoc", np.where(leave, _value(rs, "zoc_leave") * zoc_factor, 0.0), "3.45; 8.21.F")
    both = enter & np.repeat(z[:, None], nbr.shape[1], axis=1)
    k.add("zoc_to_zoc", np.where(both, _value(rs, "zoc_to_zoc") * zoc_factor, 0.0), "3.45; 8.21.F")
    if travel == "road":
        k.forbid(both, "3.45; 8.41", "Road-Mode units may not move from one enemy ZOC hex to another")
        # crowding (3.34, 8.42): +1/2 MP per friendly BE in the hex entered (rounded down), not
        # counting the mover's own PFI nor the moving stack
        ids = frozenset(u.id for u in movers)
        whole = board.cached(
            ("doe-whole-be", side, unit.attr("pfi"), ids),
            lambda: np.array(
                [int(x) for x in friendly_be(rs, board, side, unit.attr("pfi"), ids)], dtype=float
            ),
        )
        k.add("crowding", whole[safe] * _value(rs, "crowding_per_be") * valid, "3.34; 8.42")

    # Advance: infantry entering or starting in an enemy ZOC stops there (7.15.A)
    if unit.attr("mission") == "advance" and not mission_free(unit) and unit_type(unit) in INFANTRY:
        k.forbid(leave, "7.15.A", "Advance: infantry in an enemy ZOC stops and places a Combat Marker")

    # stacking at all times, during movement too (3.3)
    over = overstacked_hexes(rs, board, side, movers)
    k.forbid(valid & over[safe], "3.3; 3.31", "the stack would overstack the hex")

    # mission orders (7.15): hexside limits and distance to the closest enemy unit
    mission = unit.attr("mission")
    if mission in ("advance", "retire") and not mission_free(unit):
        direction = a.graph.direction
        nation = unit.nation
        for d in range(6):
            kind = values.get("mission_diagram", nation, str(d))
            on = valid & (direction == d)
            if kind is None:
                missing.append(
                    Missing(
                        "mission_diagram",
                        nation,
                        str(d),
                        f"the {nation} Mission Requirements Diagram, direction {d}",
                        "2.68; 7.15",
                    )
                )
                k.forbid(on, "2.68", f"the Mission Requirements Diagram of {nation} is missing (--values)")
            elif mission == "advance" and kind.strip() == "retire":
                k.forbid(on, "7.15.A", "Advance: may not cross an exclusively-retire hexside")
            elif mission == "retire" and kind.strip() == "advance":
                k.forbid(on, "7.15.B", "Retire: may only cross retire hexsides")
        if rs.option(board.state, "mission_distance") == "hexes":
            dist = enemy_distance(board, side)
            further, nearer = dist[safe] > dist[:, None], dist[safe] < dist[:, None]
            if mission == "advance":
                k.forbid(
                    valid & further,
                    "7.15.A",
                    "Advance: may not increase the distance to the closest enemy unit",
                )
            else:
                k.forbid(
                    valid & nearer,
                    "7.15.B",
                    "Retire: may not decrease the distance to the closest enemy unit",
                )
    return k, missing
