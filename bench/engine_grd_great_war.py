"""GR/D "The Great War" speed on a 30,000-hex map with 1,000 units a side, against the networkx
program (the same query written the obvious way: the position's graphs built in Python from the map
and the position, then networkx searches), measured in the same run.

* three-element supply (overland → road → railroad, 7 low-volume hexes) of every unit of a side:
  railhead's staged multi-source trace vs networkx multi-source Dijkstra per element on graphs
  built in Python (the railroad element on a graph layered by low-volume count);
* reach of every unit of a side: railhead's batched search vs networkx cutoff search per unit on
  the position's graph built in Python.

Run: .venv/bin/python bench/engine_grd_great_war.py  (bench/engine.py calls :func:`run`).
"""

from __future__ import annotations

import time

import networkx as nx
import numpy as np
from timing import best_of

from railhead.engine.board import Board
from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.grd_great_war.bulk import reach_all
from railhead.engine.state import GameState, HexState, Unit
from railhead.engine.values import ChartValues
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.model import Hex, Hexside, Line, MapData, Sheet, side_key

RS = get_ruleset("grd-great-war")
TERRAIN = np.array(["clear"] * 5 + ["woods", "woods", "rough", "forest", "swamp", "mountain"])
VALUES = {
    "tec": {
        "clear": {"cm_artillery_clear": "1"},
        "woods": {"cm_artillery_clear": "2"},
        "rough": {"other_clear": "2", "cm_artillery_clear": "3"},
        "forest": {"other_clear": "3", "cm_artillery_clear": "4"},
        "swamp": {"other_clear": "3", "cm_artillery_clear": "4"},
    },
    "zoc_costs": {"standard": {"reduced_cost": "1", "other": "2"}},
    "supply_lines": {"clear": {"overland": "4", "road": "4"}},
}
OVERLAND, ROAD, MAX_LOW = 4, 4, 7


def synthetic_map(cols: int, rows: int, rng: np.random.Generator) -> MapData:
    grid = HexGrid("flat", "even", (1, cols), (1, rows), "{col:03d}{row:03d}")
    coords = list(grid.coords())
    terrain = TERRAIN[rng.integers(len(TERRAIN), size=len(coords))]
    hexes = []
    for (c, r), t in zip(coords, terrain, strict=True):
        attrs = {"nation": "germany" if c > cols // 2 else "france", "weather_zone": "C"}
        if c % 12 == 5 and r % 20 == 10:
            attrs["city"] = "partial"
        hexes.append(Hex(grid.format_id(c, r), str(t), attrs=attrs))
    sides = []
    for c, r in coords:
        for d in range(3):
            n = grid.neighbour(c, r, d)
            if grid.contains(*n) and rng.random() < 0.04:
                sides.append(Hexside(side_key(grid.format_id(c, r), grid.format_id(*n)), features=("river",)))
    lines = []
    for c in range(5, cols, 12):  # north-south trunk lines, every other one low-volume
        west = c <= cols // 2
        attrs = {
            "net": "nw_europe_standard" if west else "germany_standard",
            "nation": "france" if west else "germany",
            "volume": "low" if (c // 12) % 2 else "high",
        }
        lines.append(Line("rail", tuple(grid.format_id(c, r) for r in range(1, rows + 1)), attrs))
    for r in range(10, rows, 20):  # east-west roads
        lines.append(Line("road", tuple(grid.format_id(c, r) for c in range(1, cols + 1))))
    return MapData.build("grd bench", [Sheet("", grid)], hexes, sides, lines)


def synthetic_state(m: MapData, cols: int, rows: int, n_units: int, rng) -> GameState:
    grid = m.sheets[0].grid
    units, hexes = [], {}
    for side, nation, lo, hi, prefix in (
        ("central_powers", "germany", cols // 2 + 1, cols, "G"),
        ("entente", "france", 1, cols // 2, "F"),
    ):
        taken: set[str] = set()
        while len(taken) < n_units:
            taken.add(grid.format_id(int(rng.integers(lo, hi + 1)), int(rng.integers(1, rows + 1))))
        for k, h in enumerate(sorted(taken)):
            cls = (
                "army_hq" if k % 25 == 0 else ("cavalry" if k % 7 == 0 else "rifle" if k % 3 else "infantry")
            )
            size = "army" if cls == "army_hq" else "division"
            units.append(
                Unit(f"{prefix}{k}", side, nation, cls, h, size, 0 if cls == "army_hq" else 6, 5, {"re": 3})
            )
        for c in range(5, cols, 12):
            if lo <= c <= hi:
                for r in range(5, rows, 10):
                    hexes[grid.format_id(c, r)] = HexState(fields={"depot": "operational"})
    return GameState(
        "grd-great-war",
        tuple(units),
        phase="movement",
        active_side="central_powers",
        weather="clear",
        hexes=hexes,
    )


# ------------------------------------------------------------------ the networkx program
class NxProgram:
    """The obvious Python: per hexside, the GR/D costs from the map and the position."""

    def __init__(self, m: MapData, state: GameState, side: str):
        self.m = m
        self.side = side
        nations = RS.data["nations"]
        self.owner = {h: nations.get(x.attrs.get("nation")) for h, x in m.hexes.items()}
        enemy = [u for u in state.units if u.side != side]
        self.enemy_hexes = {u.hex for u in enemy}
        self.friendly_hexes = {u.hex for u in state.units if u.side == side}
        self.zoc = set(self.enemy_hexes)
        for u in enemy:
            if u.size == "division" and u.strength > 0:
                self.zoc.update(m.neighbours(u.hex))
        self.road = set()
        self.rail: dict[tuple[str, str], str] = {}
        for ln in m.lines:
            for a, b in ln.edges():
                self.road.add(side_key(a, b))
                if ln.kind == "rail":
                    self.rail[side_key(a, b)] = ln.attrs.get("volume", "high")
        self.heavy = set(RS.data["supply"]["overland_heavy_terrain"])

    def blocked(self, b: str) -> bool:
        return (b in self.enemy_hexes and self.owner[b] != self.side) or (
            b in self.zoc and b not in self.friendly_hexes
        )

    def overland_graph(self) -> nx.DiGraph:
        g = nx.DiGraph()
        for a in self.m.hexes:
            for b in self.m.neighbours(a):
                if self.blocked(b):
                    continue
                on_road = side_key(a, b) in self.road
                g.add_edge(b, a, weight=1 if on_road or self.m.hexes[b].terrain not in self.heavy else 2)
        return g

    def road_graph(self) -> nx.DiGraph:
        g = nx.DiGraph()
        for a, b in self.road:
            for x, y in ((a, b), (b, a)):
                if not self.blocked(y) and self.owner[x] == self.owner[y] == self.side:
                    g.add_edge(y, x, weight=1)
        return g

    def rail_graph(self) -> nx.DiGraph:
        """(hex, low-volume count) nodes: entering a low-volume hex adds one."""
        g = nx.DiGraph()
        for (a, b), vol in self.rail.items():
            for x, y in ((a, b), (b, a)):
                if self.blocked(y) or self.owner[x] != self.side or self.owner[y] != self.side:
                    continue
                inc = 1 if vol == "low" else 0
                for k in range(MAX_LOW + 1 - inc):
                    g.add_edge((x, k), (y, k + inc), weight=1)
        return g


def nx_supply(m: MapData, state: GameState, side: str) -> int:
    p = NxProgram(m, state, side)
    nations = RS.data["nations"]
    cities = [h for h, x in m.hexes.items() if x.attrs.get("city") and nations.get(x.attrs["nation"]) == side]
    rail = p.rail_graph()
    sources = [(h, 0) for h in cities if (h, 0) in rail]
    depots = [h for h, hs in state.hexes.items() if hs.fields.get("depot") and p.owner[h] == side]
    reached = nx.multi_source_dijkstra_path_length(rail, sources) if sources else {}
    rail_hexes = {h for h, _ in reached} | set(cities)
    road = p.road_graph()
    starts = [h for h in depots if h in rail_hexes and h in road] + [h for h in cities if h in road]
    road_reach = nx.multi_source_dijkstra_path_length(road, starts, cutoff=ROAD) if starts else {}
    hqs = [u.hex for u in state.units if u.side == side and u.cls == "army_hq" and u.hex in road_reach]
    over = p.overland_graph()
    over_reach = nx.multi_source_dijkstra_path_length(over, hqs + cities, cutoff=OVERLAND)
    return sum(1 for u in state.units if u.side == side and u.hex in over_reach)


def nx_reach(m: MapData, state: GameState, side: str) -> int:
    """The obvious reach: the position's graph per TEC column built in Python, then a cutoff search
    per unit."""
    p = NxProgram(m, state, side)
    tec = {"clear": 1, "woods": 2, "rough": 2, "forest": 3, "swamp": 3, "mountain": 3}
    zoc_exit = VALUES["zoc_costs"]["standard"]
    graphs = {}  # one graph per ZOC Movement Costs Table column [6A]
    for column, exit_cost in zoc_exit.items():
        g = graphs[column] = nx.DiGraph()
        for a in m.hexes:
            for b in m.neighbours(a):
                if b in p.enemy_hexes and p.owner[b] != side:
                    continue
                s = m.hexside(a, b)
                cost = (
                    1
                    if side_key(a, b) in p.road
                    else tec[m.hexes[b].terrain] + (2 if s and "river" in s.features else 0)
                )
                g.add_edge(a, b, weight=cost + (int(exit_cost) if a in p.zoc else 0))
    n = 0
    for u in state.units:
        if u.side == side and u.movement:
            # infantry, rifle, cavalry, light and irregular units pay the reduced exit cost [6A], [14D]
            column = "reduced_cost" if u.cls in ("infantry", "rifle", "cavalry", "irregular") else "other"
            n += len(nx.single_source_dijkstra_path_length(graphs[column], u.hex, cutoff=u.movement))
    return n


def run(cols: int = 200, rows: int = 150, n_units: int = 1000) -> dict[str, float]:
    rng = np.random.default_rng(1914)
    t0 = time.perf_counter()
    m = synthetic_map(cols, rows, rng)
    state = synthetic_state(m, cols, rows, n_units, rng)
    values = ChartValues(VALUES)
    print(
        f"\nGR/D The Great War: map {cols} x {rows} = {len(m.hexes):,} hexes, {len(state.units):,} units "
        f"({time.perf_counter() - t0:.1f} s to build)"
    )
    side = "central_powers"
    Board(m, state, values=values)  # map arrays once per map, as a referee loading a map once

    t_sup, rep = best_of(lambda: RS.supply_report(Board(m, state, values=values), side))
    t = time.perf_counter()
    n_nx = nx_supply(m, state, side)
    t_nx_sup = time.perf_counter() - t
    print(
        f"three-element supply of {len(rep['units'])} units ({rep['summary']}; "
        f"networkx program: {n_nx} in supply)"
    )
    print(f"  railhead (incl. building costs) : {t_sup * 1000:9.1f} ms")
    print(f"  networkx program end to end     : {t_nx_sup * 1000:9.1f} ms  ratio {t_nx_sup / t_sup:8.1f} x")
    print(
        f"  goal < 200 ms: {'met' if t_sup < 0.2 else 'NOT met'}; "
        f">= 20x: {'met' if t_nx_sup / t_sup >= 20 else 'NOT met'}"
    )

    mine = [u for u in state.units if u.side == side]
    t_reach, reaches = best_of(lambda: reach_all(RS, Board(m, state, values=values), mine), runs=2)
    t = time.perf_counter()
    n_nx = nx_reach(m, state, side)
    t_nx_reach = time.perf_counter() - t
    n = sum(len(r) for r in reaches.values())
    print(f"reach of all {len(mine)} units ({n:,} hex entries; networkx program {n_nx:,})")
    print(f"  railhead (incl. building costs) : {t_reach * 1000:9.1f} ms")
    print(
        f"  networkx program end to end     : {t_nx_reach * 1000:9.1f} ms  "
        f"ratio {t_nx_reach / t_reach:8.1f} x"
    )
    print(
        f"  goal < 2 s: {'met' if t_reach < 2 else 'NOT met'}; "
        f">= 20x: {'met' if t_nx_reach / t_reach >= 20 else 'NOT met'}"
    )
    return {"supply_s": t_sup, "supply_nx_s": t_nx_sup, "reach_s": t_reach, "reach_nx_s": t_nx_reach}


if __name__ == "__main__":
    run()
