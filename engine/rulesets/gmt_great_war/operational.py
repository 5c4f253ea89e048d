"""Operational movement (8.0-8.3, 12.2): the cost of every step for one kind of unit, and the
movement allowance of 8.14 (doubled on some fronts and dates, with its exceptions)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...search import INF, EdgeCosts, units
from .calendar import date_of, parse_date, weather_on
from .position import Position


def weather_by_location(board, pos: Position, data) -> np.ndarray:
    """The weather of each location's front (None off the fronts)."""

    def build():
        out = np.full(board.n, None, dtype=object)
        for name, front in pos.fronts.items():
            mask = pos.front == name
            if mask.any():
                out[mask] = weather_on(board, front, data)[0]
        return out

    return board.cached(("gmt-weather",), build)


def chart_mp(board, terrain: str, rule: str) -> Fraction:
    """A terrain cost the rulebook text leaves to the printed chart (Rough, 8.32)."""
    v = board.values.cell(
        "terrain", terrain, "mp", what=f"the MP cost of {terrain} (Terrain Effects Chart)", rule=rule
    )
    try:
        return Fraction(v)
    except ValueError:
        raise InputError(f"terrain.{terrain}.mp: expected a number of MP, found {v!r}") from None


def operational_costs(
    board, data, side: str, mountain: bool, hq: bool, devastated: str = "at_least_two"
) -> EdgeCosts:
    """EdgeCosts of operational movement for a unit of ``side``: a mountain unit or not, an HQ or
    not (HQs may not enter a hex of enemy HQs, 15.63); ``devastated``: the option of spec A8.
    Cached per board."""
    key = ("gmt-op", side, mountain, hq, devastated)
    return board.cached(key, lambda: _costs(board, data, side, mountain, hq, devastated))


def _costs(board, data, side: str, mountain: bool, hq: bool, devastated: str) -> EdgeCosts:
    pos = Position.of(board, data)
    a = board.arrays
    nb = a.safe_nbr
    shape = a.nbr.shape
    other = "allied" if side == "cp" else "cp"
    mv = data["movement"]
    k = EdgeCosts.start(shape)
    k.forbid(~a.valid, "8.24", "no such step")
    k.forbid(a.valid & ~pos.grid_step, "8.24", "operational movement never leaves a front map (9.0)")
    terrain = pos.terrain[nb]
    weather = weather_by_location(board, pos, data)[nb]
    front = pos.front[nb]
    frozen_front = np.isin(front, mv["frozen_lake_fronts"]["value"])
    no_weather = np.isin(front, mv["no_weather_fronts"]["value"])
    snow = (weather == "snow") & ~no_weather
    wet = (weather == "wet") & ~no_weather
    frozen = snow & frozen_front
    k.forbid(terrain == "all_sea", "8.24", "all-sea hex")
    k.forbid(pos.side_feature("not_haff"), "8.35", "this hexside is not a haff and may not be crossed")
    sea_side = pos.side_feature("all_sea") | pos.side_feature("impassable")
    k.forbid(sea_side, "8.24", "all-sea or impassable hexside")
    lake_side = pos.side_feature("lake") & ~pos.side_feature("haff")
    k.forbid(lake_side & ~frozen, "8.34", "all-lake hexside (passable only when frozen in Snow)")
    k.forbid((terrain == "all_lake") & ~frozen, "8.34", "all-lake hex (enterable only when frozen in Snow)")
    if not mountain:
        k.forbid(terrain == "alpine", "8.32", "only mountain units may enter Alpine hexes")
    enemy_combat = pos.combat_units_of(other) | pos.forts_intact(other)
    k.forbid(enemy_combat[nb], "8.22", "hex holds an enemy combat unit or intact enemy fort")
    if hq:
        k.forbid(pos.units_of(other)[nb], "15.63", "an HQ may never enter a hex holding enemy units")
    k.forbid(pos.neutral()[nb], "17.4", "hex of a neutral country")
    opens = parse_date(mv["near_east_opens"]["value"])
    date = date_of(board.state)
    near_east = np.array([bool(pos.fronts[f].near_east) if f else False for f in pos.front])
    if date is not None and date < opens:
        k.forbid(
            near_east[nb],
            mv["near_east_opens"]["rule"],
            "no unit moves on the Near East maps before Nov/Dec 1914",
        )
    # terrain cost of entering
    cost = np.zeros(shape)
    t_eff = np.where((terrain == "flood_plain") & wet, data["terrain"]["flood_plain"]["wet_as"], terrain)
    for name, row in data["terrain"].items():
        sel = t_eff == name
        if not sel.any():
            continue
        base = row["mp"]
        if mountain and "mountain_mp" in row:
            base = row["mountain_mp"]
        if base == "prohibited":
            if name == "all_lake":
                base = row["frozen_mp"]
            else:
                continue
        if base == "chart":
            if not (sel & np.isfinite(k.cost)).any():
                continue
            base = chart_mp(board, name, row["rule"])
        value = np.full(shape, units(Fraction(base)))
        if name == "mountain_pass" and not mountain:
            along = pos.side_feature("pass_course") & ~snow
            value = np.where(along, units(Fraction(row["along_pass_mp"])), value)
        cost = np.where(sel, value, cost)
    k.add("terrain", cost, "8.32")
    dev = pos.devastated()[nb]
    if dev.any():
        two = units(mv["devastated"]["value"])
        k.add("devastated", np.where(dev, np.maximum(cost, two) - cost, 0.0), mv["devastated"]["rule"])
    river = pos.side_feature("river") & wet
    if devastated == "two_including_river":
        river &= ~dev  # spec A8 read the other way: a devastated hex costs 2 in all
    k.add("river (Wet)", np.where(river, units(mv["river_wet"]["value"]), 0.0), "8.34")
    k.terrain_only = np.where(np.isfinite(k.cost), k.cost, INF)
    return k


# ------------------------------------------------------------------ 8.14 movement allowance
def movement_allowance(
    board, data, rs, unit_ids: list[str], path: list[str] | None
) -> tuple[Fraction, str, str]:
    """(MA, rule, why) of a unit or a stack moving together (the slowest unit's, 8.16)."""
    best = None
    for uid in unit_ids:
        ma, rule, why = _unit_ma(board, data, rs, board.state.unit(uid), unit_ids, path)
        if best is None or ma < best[0]:
            best = (ma, rule, why)
    return best


def _unit_ma(board, data, rs, unit, stack, path) -> tuple[Fraction, str, str]:
    pos = Position.of(board, data)
    printed = Fraction(unit.movement or 0)
    front = pos.front_of(unit.hex)
    if front is None or not front.ma_doubled:
        return printed, "8.14", "printed allowance"
    date = date_of(board.state)
    ends = parse_date(data["movement"]["doubling_ends"]["value"])
    if front.id == "egyptian" or date is None or date <= ends:
        return 2 * printed, "8.14", f"doubled on the {front.id} front"
    doubled = 2 * printed, "8.14", "doubled (8.14 exception 1)"
    if unit.cls == "shock_troop" or unit.nation == "us" or (unit.cls == "tank" and unit.side == "allied"):
        return doubled
    state = board.state
    if any(state.unit(s).cls == "tank" and state.unit(s).side == "allied" for s in stack if s != unit.id):
        return 2 * printed, "8.14", "doubled: moving stacked with an Allied tank"
    near = pos.near_enemy_combat(unit.side)
    idx = board.arrays.index
    start_adjacent = bool(near[idx[unit.hex]])
    if unit.cls == "cavalry" and rs.option(state, "cavalry_doubling") == "never_adjacent":
        hexes = path or [unit.hex]
        if any(near[idx[h]] for h in hexes):
            return printed, "8.14", "cavalry that moves adjacent to an enemy combat unit is not doubled"
        return doubled
    if unit.cls == "hq":
        if rs.option(state, "hq_doubled_after_october_1914"):
            return doubled
        return printed, "8.14", "HQs are not combat units: printed allowance after October 1914"
    if start_adjacent:
        return printed, "8.14", "begins adjacent to an enemy combat unit: printed allowance"
    return doubled
