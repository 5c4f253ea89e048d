"""Operational Movement [9.3], [9.4], [9.5], [14]: the MP cost of each step between land areas.

A step costs 1 MP to enter an area, +1 to leave a Restricted area [9.3.1], [9.3.2] (option
``mixed_zone_cost``), +1 in Spring or Winter [14.1], [14.2], plus the border's obstacle surcharge
for the weather (data ``[borders]``). Strategic Obstacles close in Winter and, like narrow seas,
to areas held by enemy ground units [9.4.1], [9.5]; a unit stops on entering an area with enemy
ground units [9.3.5] or a neutral country with units [13.1.1]; Switzerland is never entered
[13.3]; a unit leaves a contested area only into a contested or friendly area, or across a narrow
sea to an area free of enemy units [9.3.6], [9.5].
"""

from __future__ import annotations

import numpy as np

from ...movement import Stop, Walk, walk
from ...search import EdgeCosts, units

WEATHER_ORDER = {"normal": 0, "spring": 1, "winter": 2}


def step_weather(rs, board, geo) -> np.ndarray:
    """(N, D): the weather of each step (A2: the area entered's, or the worse of the two)."""
    state = board.state
    w_loc = np.array([rs.weather_of(state, z) for z in geo.weather_area], dtype=object)
    entered = w_loc[board.arrays.safe_nbr]
    if rs.option(state, "step_weather") == "worse":
        left = np.broadcast_to(w_loc[:, None], entered.shape)
        rank = np.vectorize(WEATHER_ORDER.get, otypes=[int])
        return np.where(rank(left) > rank(entered), left, entered)
    return entered


def ground_costs(rs, board, geo, occ, side: str) -> EdgeCosts:
    """Every step's cost for ``side``'s ground units, before the rules about where the unit starts."""
    return board.cached(("gwa-ground", side), lambda: _ground_costs(rs, board, geo, occ, side))


def _ground_costs(rs, board, geo, occ, side: str) -> EdgeCosts:
    a = board.arrays
    state = board.state
    safe = a.safe_nbr
    k = EdgeCosts.start(a.nbr.shape)
    k.forbid(~geo.ground_edge, "9.3.1", "ground units move only between adjacent land areas")
    weather = step_weather(rs, board, geo)
    enter, r_enter = rs.value("movement", "enter")
    leave, r_leave = rs.value("movement", "leave_restricted")
    if rs.option(state, "mixed_zone_cost") == "zone_entered":
        zone = np.where(geo.restricted[safe], units(enter + leave), units(enter))
        k.add("zone", zone.astype(float), "9.3.1; 9.3.2")
    else:
        k.add("enter", np.full(a.nbr.shape, units(enter)), r_enter)
        leaving = np.broadcast_to(geo.restricted[:, None], a.nbr.shape)
        k.add("leave restricted zone", np.where(leaving, units(leave), 0.0), r_leave)
    surcharge, r_weather = rs.value("movement", "weather_surcharge")
    bad = np.isin(weather, ["spring", "winter"])
    k.add("weather", np.where(bad, units(surcharge), 0.0), r_weather)
    enemy_there = occ.enemy_units(side)[safe] & a.valid
    for kind, spec in rs.data["borders"].items():
        on = np.equal(geo.edge_kind, kind) & geo.ground_edge
        if not on.any():
            continue
        for w in ("normal", "spring", "winter"):
            if w not in spec:
                continue
            value, rule = spec[w]["value"], spec[w]["rule"]
            here = on & np.equal(weather, w)
            if value == "prohibited":
                k.forbid(here, rule, f"a {kind.replace('_', ' ')} cannot be crossed in {w.title()}")
            else:
                k.add(f"{kind.replace('_', ' ')}", np.where(here, units(value), 0.0), rule)
        if spec.get("no_entry_into_enemy"):
            k.forbid(
                on & enemy_there,
                spec["rule"],
                f"no crossing a {kind.replace('_', ' ')} into enemy ground units",
            )
    inviolable = np.array([rs.country(c).get("inviolable", False) if c else False for c in geo.country])
    k.forbid(inviolable[safe] & a.valid, "13.3", "Switzerland may never be violated (internment only)")
    return k


STOP_ENEMY = ("9.3.5", "a unit stops on entering an area held by enemy ground units")
STOP_NEUTRAL = ("13.1.1", "a unit stops in the first area of a neutral country with units")
LEAVE_CONTESTED = (
    "9.3.6; 9.5",
    "a unit leaves a contested area only into a contested or friendly-controlled area",
)


def stops(rs, board, geo, occ, side: str) -> tuple[np.ndarray, np.ndarray]:
    """Per area, whether ``side``'s units stop on entering it: enemy ground units there [9.3.5];
    a neutral country with units [13.1.1] (one without units is passed through [13.2])."""

    def build():
        with_units = np.array(
            [bool(c) and not rs.country(c).get("no_units", False) for c in geo.country], dtype=bool
        )
        return occ.enemy_units(side), occ.neutral() & with_units

    return board.cached(("gwa-stops", side), build)


def leaving_contested_ok(board, geo, occ, side: str, start: int) -> np.ndarray:
    """Per slot of a contested ``start``: may the unit step that way [9.3.6], [9.5]?"""
    a = board.arrays
    safe = a.safe_nbr[start]
    enemy = occ.enemy_units(side)
    ok = occ.contested[safe] | occ.friendly(side)[safe]
    return ok | (geo.narrow[start] & ~enemy[safe])


def stops_of(rs, board, geo, occ, side: str) -> tuple[Stop, Stop]:
    """Where ``side``'s units stop on entering: enemy ground units [9.3.5], a neutral country
    with units [13.1.1]; the core's walk and reach honour them."""
    enemy, neutral = stops(rs, board, geo, occ, side)
    return Stop(enemy, *STOP_ENEMY), Stop(neutral, *STOP_NEUTRAL)


def unit_costs(rs, board, geo, occ, unit) -> EdgeCosts:
    """The ground costs for one unit: the side's, with the rules for leaving a contested start
    [9.3.6], [9.5] (the stop rules [9.3.5], [13.1.1] are :func:`stops_of`)."""
    side = unit.side
    base = ground_costs(rs, board, geo, occ, side)
    a = board.arrays
    start = board.idx(unit.hex)
    if not occ.contested[start]:
        return base

    def build() -> EdgeCosts:
        k = base.copy()
        bad = np.zeros(a.nbr.shape, dtype=bool)
        bad[start] = a.valid[start] & ~leaving_contested_ok(board, geo, occ, side, start)
        k.forbid(bad, *LEAVE_CONTESTED)
        return k

    return board.cached(("gwa-unit-costs", side, start), build)


def walk_unit(rs, board, geo, occ, unit, path: list[str]) -> Walk:
    """The core's :func:`~railhead.engine.movement.walk` with the unit's costs and stops."""
    costs = unit_costs(rs, board, geo, occ, unit)
    return walk(
        board, costs, path, rs.adjacency_rule, "ground", stop=stops_of(rs, board, geo, occ, unit.side)
    )


def movement_allowance(rs, unit) -> int:
    """The MA of the unit's current status [9.3], [10.1.2]."""
    if unit.attr("status", "field") == "trench" and unit.attr("trench_movement") is not None:
        return int(unit.attr("trench_movement"))
    return int(unit.movement or 0)
