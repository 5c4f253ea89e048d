"""Operational movement (8.0-8.3, 12.2): the cost of every step for one kind of unit, and the
movement allowance of 8.14 (doubled on some fronts and dates, with its exceptions)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...search import INF, EdgeCosts, units
from ...values import MissingChartValue
from .calendar import date_of, parse_date, weather_on
from .maparrays import grid_arrays
from .position import Position
from .prohibitions import closed_to_all


def weather_by_location(board, pos: Position, data) -> np.ndarray:
    """The weather of each location's front (None off the fronts)."""

    def build():
        out = np.full(board.n, None, dtype=object)
        codes, present = grid_arrays(board.arrays).front
        for k, name in enumerate(present):
            out[codes == k] = weather_on(board, pos.fronts[name], data)[0]
        return out

    return board.cached(("gmt-weather",), build)


def check_chart_cells(board, data, path: list[str]) -> None:
    """Raise MissingChartValue when ``path`` enters terrain whose cost only the printed chart
    gives (Rough, 8.32) and the user's chart values lack it."""
    for h in path[1:]:
        t = board.arrays.hex_terrain[board.arrays.index[h]]
        row = data["terrain"].get(t) if t else None
        if row and row["mp"] == "chart":
            chart_mp(board, t, row["rule"])


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
    board,
    data,
    side: str,
    mountain: bool,
    hq: bool,
    devastated: str = "at_least_two",
    opened: tuple[str, ...] = (),
) -> EdgeCosts:
    """EdgeCosts of operational movement for a unit of ``side``: a mountain unit or not, an HQ or
    not (HQs may not enter a hex of enemy HQs, 15.63); ``devastated``: the option of spec A8;
    ``opened``: neutral countries this unit may pass through (19.56). Cached per board."""
    key = ("gmt-op", side, mountain, hq, devastated, opened)
    return board.cached(key, lambda: _costs(board, data, side, mountain, hq, devastated, opened))


def weather_masks(board, pos: Position, data) -> dict[str, np.ndarray]:
    """Per location: where it is Wet, Snow or Hot with effect (12.2: Wet and Snow change nothing on
    the Egyptian and Iraqi maps) and where lakes are frozen (8.34)."""

    def build():
        g = grid_arrays(board.arrays)
        w = weather_by_location(board, pos, data)
        mv = data["movement"]
        no_weather = g.on_fronts(mv["no_weather_fronts"]["value"])
        snow = (w == "snow") & ~no_weather
        return {
            "wet": (w == "wet") & ~no_weather,
            "snow": snow,
            "hot": w == "hot",
            "frozen": snow & g.on_fronts(mv["frozen_lake_fronts"]["value"]),
        }

    return board.cached(("gmt-weather-masks",), build)


def entry_cost(board, data, pos: Position, mountain: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per location: the MP (internal units) to enter it across a plain side (8.32, 8.34, 12.2),
    inf where this kind of unit never may; the cost along a mountain pass (8.33); and the hexes
    whose cost is a chart value the user has not given (a move into one fails naming the cell)."""
    g = grid_arrays(board.arrays)
    blank = np.zeros(board.n, dtype=bool)
    wm = weather_masks(board, pos, data)
    cost = np.full(board.n, INF)
    along = np.full(board.n, INF)
    for name, row in data["terrain"].items():
        sel = g.terrain_is(name)
        if name == "flood_plain":
            sel = sel & ~wm["wet"]
        elif name == "marsh":
            sel = sel | (g.terrain_is("flood_plain") & wm["wet"])  # Wet: Flood Plain is Marsh (12.2)
        if not sel.any():
            continue
        base = row.get("mountain_mp", row["mp"]) if mountain else row["mp"]
        if base == "prohibited":
            if name != "all_lake":
                continue
            sel = sel & wm["frozen"]  # a frozen lake is clear (8.34)
            base = row["frozen_mp"]
        if base == "chart":
            try:
                base = chart_mp(board, name, row["rule"])
            except MissingChartValue:
                blank |= sel
                continue
        cost[sel] = units(Fraction(base))
        if name == "mountain_pass" and not mountain:
            along[sel & ~wm["snow"]] = units(Fraction(row["along_pass_mp"]))
    return cost, along, blank


def _costs(
    board, data, side: str, mountain: bool, hq: bool, devastated: str, opened: tuple[str, ...]
) -> EdgeCosts:
    pos = Position.of(board, data)
    g = grid_arrays(board.arrays)
    nb = g.nb6
    other = "allied" if side == "cp" else "cp"
    mv = data["movement"]
    wm = weather_masks(board, pos, data)
    k = EdgeCosts.start(nb.shape)
    k.forbid(~g.grid6, "8.24", "operational movement never leaves a front map (9.0)")
    k.forbid(g.terrain_is("all_sea")[nb], "8.24", "all-sea hex")
    k.forbid(g.side("not_haff"), "8.35", "this hexside is not a haff and may not be crossed")
    k.forbid(g.side("all_sea") | g.side("impassable"), "8.24", "all-sea or impassable hexside")
    lake_side = g.side("lake") & ~g.side("haff")
    k.forbid(lake_side & ~wm["frozen"][nb], "8.34", "all-lake hexside (passable only when frozen in Snow)")
    lake = g.terrain_is("all_lake") & ~wm["frozen"]
    k.forbid(lake[nb], "8.34", "all-lake hex (enterable only when frozen in Snow)")
    if not mountain:
        k.forbid(g.terrain_is("alpine")[nb], "8.32", "only mountain units may enter Alpine hexes")
    enemy_combat = pos.combat_units_of(other) | pos.forts_intact(other)
    k.forbid(enemy_combat[nb], "8.22", "hex holds an enemy combat unit or intact enemy fort")
    if hq:
        k.forbid(pos.units_of(other)[nb], "15.63", "an HQ may never enter a hex holding enemy units")
    for closed, rule, why in closed_to_all(board, data, side, opened):
        k.forbid(closed[nb], rule, why)
    for x, y in data["prohibitions"]["no_movement_between"]["value"]:
        k.forbid(
            _between(board, g, x, y),
            data["prohibitions"]["no_movement_between"]["rule"],
            (f"no regular movement between {x} and {y}"),
        )
    state = board.state
    if state.extra.get("serb_typhus"):
        serbia = pos.country == "serbia"
        k.forbid(serbia[:, None] != serbia[nb], "6.57", "Serb Typhus: no unit moves into or out of Serbia")
    if state.extra.get("brest_litovsk"):
        # 5.46: nobody moves next to Russian units within Russia proper (Turks on the NE maps may)
        russians = board.hexes_holding(board.unit_flags(("gmt-ru",), lambda u: u.nation == "ru"))
        closed = pos.adjacent_to(russians) & (pos.country == "russia") & ~pos.near_east
        k.forbid(closed[nb], "5.46", "Brest-Litovsk: no unit moves next to Russian units within Russia")
    for closed in data.get("closed_hexes", {}).values():
        if closed["side"] == side:
            mask = np.zeros(board.n, dtype=bool)
            mask[[board.arrays.index[h] for h in closed["hexes"] if h in board.arrays.index]] = True
            k.forbid(mask[nb], closed["rule"], closed["description"])
    opens = parse_date(mv["near_east_opens"]["value"])
    date = date_of(board.state)
    if date is not None and date < opens:
        closed = pos.near_east[nb]
        k.forbid(
            closed, mv["near_east_opens"]["rule"], "no unit moves on the Near East maps before Nov/Dec 1914"
        )
    enter, along, blank = entry_cost(board, data, pos, mountain)
    k.forbid(blank[nb], "8.32", "the Terrain Effects Chart cost of this terrain is not in the chart values")
    k.forbid(~np.isfinite(enter)[nb], "8.31", "this terrain has no movement cost for this unit")
    cost = np.where(g.side("pass_course"), np.minimum(enter[nb], along[nb]), enter[nb])
    cost = np.where(np.isfinite(cost), cost, 0.0)  # forbidden steps are inf already
    k.add("terrain", cost, "8.32")
    dev = pos.devastated()
    if dev.any():
        two = units(mv["devastated"]["value"])
        k.add("devastated", np.where(dev[nb], np.maximum(cost, two) - cost, 0.0), mv["devastated"]["rule"])
    river = g.side("river") & wm["wet"][nb]
    if devastated == "two_including_river":
        river &= ~dev[nb]  # spec A8 read the other way: a devastated hex costs 2 in all
    k.add("river (Wet)", np.where(river, units(mv["river_wet"]["value"]), 0.0), "8.34")
    return g.widen(k)


def _between(board, g, x: str, y: str) -> np.ndarray:
    """(N, 6) the two grid steps between the hexes ``x`` and ``y`` (none when either is absent)."""
    out = np.zeros(g.nb6.shape, dtype=bool)
    idx = board.arrays.index
    if x in idx and y in idx:
        i, j = idx[x], idx[y]
        out[i] = g.nb6[i] == j
        out[j] = g.nb6[j] == i
    return out


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
