"""Rules-engine speed on a 30,000-hex Der Weltkrieg map with 1,000 units a side.

Run: make bench   (or .venv/bin/python bench/engine.py [--cols 200 --rows 150 --units 1000])

Three queries, each timed for railhead and for a straightforward networkx implementation of the
same query on a graph with the same step costs, in the same run:

* supply status of every unit of a side (HQ, line length, reductions, surrounded; no path lists):
  railhead runs one reverse multi-source search per group of HQs (scipy.sparse.csgraph); the
  obvious networkx version searches from each unit (timed on a sample of units and scaled), and
  a networkx multi-source search (distances only) is shown too;
* reachability of every unit of a side: railhead's batched search vs the networkx program that
  builds the position's graph (each step costed in Python from map and position) and runs
  single_source_dijkstra_path_length with cutoff = MA per unit; networkx searches alone on graphs
  prebuilt from railhead's own costs are shown too;
* 10,000 move validations: railhead's bulk validator vs the networkx program that builds the
  position's graph the same way and takes nx.path_weight of each path; a hand-written validator
  that costs only the steps asked (no graph at all) and edge-weight sums on prebuilt graphs are
  shown too.

railhead's timings include building its position's cost arrays from the map and position (arrays
that depend on the map alone are built once per map, as a referee loading a map once would); the
"end to end" baselines include building their graphs, the "prebuilt" ones do not.
"""

from __future__ import annotations

import argparse
import math
import time
import tracemalloc

import networkx as nx
import numpy as np
from timing import best_of

from railhead.engine.board import Board
from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.bulk import reach_all, validate_moves
from railhead.engine.rulesets.der_weltkrieg.supply import supply_costs, supply_report
from railhead.engine.search import MP_UNIT
from railhead.engine.state import GameState, Unit
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.model import Hex, Hexside, Line, MapData, Sheet, side_key

DW = get_ruleset("der-weltkrieg")
TERRAIN = np.array(
    ["clear", "clear", "clear", "broken", "woods", "woods", "swamp", "rough", "wooded_rough", "mountain"]
)


def synthetic_map(cols: int, rows: int, rng: np.random.Generator) -> MapData:
    grid = HexGrid("flat", "even", (1, cols), (1, rows), "{col:03d}{row:03d}")
    coords = list(grid.coords())
    ids = [grid.format_id(c, r) for c, r in coords]
    hexes = [
        Hex(h, "clear", attrs={"country": "germany" if c > cols // 2 else "france"})
        for h, (c, r) in zip(ids, coords, strict=True)
    ]
    sides = []
    for (c, r), h in zip(coords, ids, strict=True):
        for d in range(3):  # each hexside once
            n = grid.neighbour(c, r, d)
            if not grid.contains(*n):
                continue
            t = str(TERRAIN[rng.integers(len(TERRAIN))])
            roll = rng.random()
            feats = ("major_river",) if roll < 0.01 else ("river",) if roll < 0.06 else ()
            sides.append(Hexside(side_key(h, grid.format_id(*n)), t, feats))
    lines = []
    for c in range(5, cols, 12):  # north-south trunk lines
        lines.append(
            Line("rail", tuple(grid.format_id(c, r) for r in range(1, rows + 1)), {"track": "double"})
        )
    for r in range(6, rows, 15):  # east-west lines zig-zagging through the columns
        path, row = [], r
        for c in range(1, cols + 1):
            path.append(grid.format_id(c, row))
        lines.append(Line("rail", _connect(grid, path), {"track": "single"}))
    return MapData.build("bench", [Sheet("", grid)], hexes, sides, lines)


def _connect(grid: HexGrid, path: list[str]) -> tuple[str, ...]:
    """Insert the hexes needed so consecutive hexes are adjacent."""
    out = [path[0]]
    for h in path[1:]:
        a, b = grid.parse_id(out[-1]), grid.parse_id(h)
        while not grid.adjacent(a, b):
            a = min((grid.neighbour(*a, d) for d in range(6)), key=lambda n: grid.distance(n, b))
            out.append(grid.format_id(*a))
        out.append(h)
    return tuple(out)


def synthetic_state(m: MapData, cols: int, rows: int, n_units: int, rng) -> GameState:
    grid = m.sheets[0].grid
    units = []
    for side, nation, lo, hi, prefix in (
        ("central", "germany", cols // 2 + 1, cols, "G"),
        ("entente", "france", 1, cols // 2, "F"),
    ):
        taken = set()
        while len(taken) < n_units:
            c, r = int(rng.integers(lo, hi + 1)), int(rng.integers(1, rows + 1))
            taken.add(grid.format_id(c, r))
        for k, h in enumerate(sorted(taken)):
            cls = "hq" if k % 50 == 0 else ("cavalry" if k % 7 == 0 else "infantry")
            units.append(
                Unit(
                    f"{prefix}{k}",
                    side,
                    nation,
                    cls,
                    h,
                    strength=6,
                    movement=4 if cls == "hq" else int(rng.integers(4, 7)),
                )
            )
    return GameState("der-weltkrieg", tuple(units), phase="movement", active_side="central")


def to_networkx(board: Board, cost: np.ndarray) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(range(board.n))
    i, d = np.nonzero((board.nbr >= 0) & np.isfinite(cost))
    g.add_weighted_edges_from(zip(i.tolist(), board.nbr[i, d].tolist(), cost[i, d].tolist(), strict=True))
    return g


def random_moves(board: Board, units: list[Unit], n: int, rng) -> list[tuple[str, list[str]]]:
    moves = []
    ids = board.arrays.ids
    for k in range(n):
        u = units[k % len(units)]
        path = [board.idx(u.hex)]
        for _ in range(int(rng.integers(1, 6))):
            nb = board.nbr[path[-1]]
            path.append(int(rng.choice(nb[nb >= 0])))
        moves.append((u.id, [ids[i] for i in path]))
    return moves


class StraightforwardCosts:
    """The obvious Python way to cost a Der Weltkrieg step from the map and the position: hexside
    terrain + river - rail line + enemy ZOC, enemy units block (what a networkx user would write)."""

    def __init__(self, m: MapData, state: GameState, side: str):
        self.m = m
        self.tec = DW.data["terrain"]
        self.river_mp = DW.data["overlay"]["river"]["mp"]
        self.major_mp = DW.data["overlay"]["major_river"]["mp"]
        self.rail = {}
        for ln in m.lines:
            if ln.kind == "rail":
                for a, b in ln.edges():
                    self.rail[side_key(a, b)] = ln.attrs.get("track", "double")
        self.enemy_hexes = {u.hex for u in state.units if u.side != side}
        self.zoc = {
            n for u in state.units if u.side != side and DW.exerts_zoc(u) for n in m.neighbours(u.hex)
        }

    def step(self, a: str, b: str, mountain: bool) -> float | None:
        if b in self.enemy_hexes:
            return None
        s = self.m.hexside(a, b)
        t = s.terrain if s and s.terrain else "clear"
        if self.tec[t]["mp"] == "prohibited":
            return None
        feats = s.features if s else ()
        if "major_river" in feats and a in self.zoc and b in self.zoc:
            return None
        cost = (
            self.tec[t]["mp"] + self.river_mp * ("river" in feats) + self.major_mp * ("major_river" in feats)
        )
        track = self.rail.get(side_key(a, b))
        if (track == "double" and cost >= 3) or (track == "single" and cost >= 4):
            cost -= 1
        if mountain and t in ("wooded_rough", "mountain"):
            cost -= 1
        return cost + (b in self.zoc) + (a in self.zoc)


def straightforward_graph(m: MapData, costs: StraightforwardCosts, mountain: bool) -> nx.DiGraph:
    """The position's graph for one kind of unit, each step costed in Python."""
    g = nx.DiGraph()
    for a in m.hexes:
        for b in m.neighbours(a):
            c = costs.step(a, b, mountain)
            if c is not None:
                g.add_edge(a, b, weight=c)
    return g


def straightforward_reach(m: MapData, state: GameState, side: str) -> dict[str, dict]:
    """Build a networkx graph per unit class from those costs; search from every unit with
    cutoff = its MA."""
    costs = StraightforwardCosts(m, state, side)
    graphs: dict[bool, nx.DiGraph] = {}
    out = {}
    for u in state.units:
        if u.side != side or u.cls == "hq":
            continue
        mountain = DW.is_mountain_unit(u)
        if mountain not in graphs:
            graphs[mountain] = straightforward_graph(m, costs, mountain)
        out[u.id] = nx.single_source_dijkstra_path_length(graphs[mountain], u.hex, cutoff=u.movement)
    return out


def networkx_moves(m: MapData, state: GameState, side: str, moves) -> list[bool]:
    """The networkx program: the position's graph per kind of unit, then ``nx.path_weight`` of
    each path compared with the unit's MA."""
    costs = StraightforwardCosts(m, state, side)
    graphs: dict[bool, nx.DiGraph] = {}
    units = {u.id: u for u in state.units}
    out = []
    for uid, path in moves:
        u = units[uid]
        mountain = DW.is_mountain_unit(u)
        if mountain not in graphs:
            graphs[mountain] = straightforward_graph(m, costs, mountain)
        try:
            out.append(nx.path_weight(graphs[mountain], path, "weight") <= u.movement)
        except nx.NetworkXNoPath:
            out.append(False)
    return out


def straightforward_moves(m: MapData, state: GameState, side: str, moves) -> list[bool]:
    """Validate each move by costing its steps in Python and comparing with the MA."""
    costs = StraightforwardCosts(m, state, side)
    units = {u.id: u for u in state.units}
    out = []
    for uid, path in moves:
        u = units[uid]
        mountain = DW.is_mountain_unit(u)
        total, ok = 0.0, True
        for a, b in zip(path, path[1:], strict=False):
            c = costs.step(a, b, mountain) if m.adjacent(a, b) else None
            if c is None:
                ok = False
                break
            total += c
        out.append(ok and total <= u.movement)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--rows", type=int, default=150)
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=10_000)
    ap.add_argument("--sample", type=int, default=10, help="units for the per-unit nx baseline")
    args = ap.parse_args()
    rng = np.random.default_rng(1914)
    t0 = time.perf_counter()
    m = synthetic_map(args.cols, args.rows, rng)
    state = synthetic_state(m, args.cols, args.rows, args.units, rng)
    setup = time.perf_counter() - t0
    side = "central"
    mine = [u for u in state.units if u.side == side]
    print(
        f"map {args.cols} x {args.rows} = {len(m.hexes):,} hexes, {len(m.hexsides):,} hexsides, "
        f"{len(state.units):,} units ({setup:.1f} s to build)"
    )

    # ---------------------------------------------------------------- supply
    t_sup, rep = best_of(lambda: supply_report(DW, Board(m, state), side, with_paths=False))
    tracemalloc.start()  # memory in a separate run: tracing slows numpy allocations
    supply_report(DW, Board(m, state), side, with_paths=False)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    board = Board(m, state)
    costs = supply_costs(DW, board, side).cost
    g_rev = to_networkx(board, costs).reverse(copy=True)
    hq_nodes = [board.idx(u.hex) for u in mine if u.cls == "hq"]
    sample = [board.idx(u.hex) for u in mine if u.cls != "hq"][: args.sample]
    g_fwd = g_rev.reverse(copy=True)
    t = time.perf_counter()
    for s in sample:  # the obvious way: one search per unit
        d = nx.single_source_dijkstra_path_length(g_fwd, s)
        min((d.get(h, math.inf) for h in hq_nodes), default=math.inf)
    per_unit = (time.perf_counter() - t) / len(sample) * len(rep["units"])
    t_multi, _ = best_of(lambda: nx.multi_source_dijkstra(g_rev, hq_nodes), runs=1)
    print(
        f"\nsupply of all {len(rep['units'])} {side} units ({rep['searches']} search(es); "
        f"peak {peak:.0f} MiB)"
    )
    print(f"  railhead (incl. building costs)   : {t_sup * 1000:9.1f} ms")
    print(
        f"  networkx, one search per unit     : {per_unit * 1000:9.1f} ms  (scaled from "
        f"{len(sample)} units)  ratio {per_unit / t_sup:8.1f} x"
    )
    print(f"  networkx, one multi-source search : {t_multi * 1000:9.1f} ms  ratio {t_multi / t_sup:8.1f} x")
    print(f"  goal < 100 ms: {'met' if t_sup < 0.1 else 'NOT met'}")
    print(f"  goal >= 20x networkx search per unit: {'met' if per_unit / t_sup >= 20 else 'NOT met'}")

    # ---------------------------------------------------------------- reach
    t = time.perf_counter()
    straightforward_reach(m, state, side)
    t_e2e = time.perf_counter() - t
    t_reach, reaches = best_of(lambda: reach_all(DW, Board(m, state), mine))
    n_hexes = sum(len(r) for r in reaches.values())
    board = Board(m, state)
    nx_graphs = {}
    t_nx = 0.0
    n_nx = 0
    for u in mine:
        key = DW.profile(u)
        if key not in nx_graphs:
            nx_graphs[key] = to_networkx(board, DW.ground_costs(board, u).cost)
        t = time.perf_counter()
        n_nx += len(
            nx.single_source_dijkstra_path_length(
                nx_graphs[key], board.idx(u.hex), cutoff=float(u.movement) * MP_UNIT
            )
        )
        t_nx += time.perf_counter() - t
    print(
        f"\nreachability of all {len(mine)} {side} units ({n_hexes:,} hex entries; networkx "
        f"{n_nx:,} without the minimum-move hexes)"
    )
    print(f"  railhead (incl. building costs)   : {t_reach * 1000:9.1f} ms")
    print(
        f"  networkx, cutoff search per unit  : {t_nx * 1000:9.1f} ms  ratio {t_nx / t_reach:8.1f} x"
        "  (graphs prebuilt from railhead's costs, not timed)"
    )
    print(
        f"  networkx end to end               : {t_e2e * 1000:9.1f} ms  ratio {t_e2e / t_reach:8.1f} x"
        "  (step costs from map and position in Python, graphs, searches)"
    )
    print(f"  goal < 2 s: {'met' if t_reach < 2 else 'NOT met'}")
    print(f"  goal >= 20x networkx end to end: {'met' if t_e2e / t_reach >= 20 else 'NOT met'}")

    # ---------------------------------------------------------------- moves
    moves = random_moves(board, [u for u in mine if u.cls != "hq"], args.moves, rng)
    t_val, verdicts = best_of(lambda: validate_moves(DW, Board(m, state), moves))
    legal = sum(v["legal"] for v in verdicts)
    unit_of = {u.id: u for u in mine}
    t = time.perf_counter()
    nx_legal = 0
    for uid, path in moves:
        u = unit_of[uid]
        g = nx_graphs[DW.profile(u)]
        total, ok = 0.0, True
        for a, b in zip(path, path[1:], strict=False):
            e = g.get_edge_data(board.idx(a), board.idx(b))
            if e is None:
                ok = False
                break
            total += e["weight"]
        nx_legal += ok and total <= float(u.movement) * MP_UNIT
    t_nxm = time.perf_counter() - t
    t = time.perf_counter()
    straightforward_moves(m, state, side, moves)
    t_e2e_moves = time.perf_counter() - t
    t = time.perf_counter()
    networkx_moves(m, state, side, moves)
    t_nx_moves = time.perf_counter() - t
    print(
        f"\n{len(moves):,} move validations ({legal:,} legal; networkx {nx_legal:,}, which knows "
        "no minimum move)"
    )
    print(f"  railhead bulk validator           : {t_val * 1000:9.1f} ms")
    print(
        f"  networkx end to end               : {t_nx_moves * 1000:9.1f} ms  ratio "
        f"{t_nx_moves / t_val:8.1f} x  (the position's graph costed in Python, nx.path_weight per move)"
    )
    print(
        f"  hand-written, no graph            : {t_e2e_moves * 1000:9.1f} ms  ratio "
        f"{t_e2e_moves / t_val:8.1f} x  (only the asked steps costed in Python from map and position)"
    )
    print(
        f"  networkx, edge weights per path   : {t_nxm * 1000:9.1f} ms  ratio {t_nxm / t_val:8.1f} x"
        "  (graphs prebuilt from railhead's costs, not timed)"
    )
    print(f"  goal >= 20x networkx end to end: {'met' if t_nx_moves / t_val >= 20 else 'NOT met'}")

    # the other rulesets on maps of the same size, each against its own networkx program
    from engine_death_of_empires import main as bench_death_of_empires
    from engine_gmt_great_war import run as bench_gmt_great_war
    from engine_grd_great_war import run as bench_grd_great_war
    from engine_great_war_area import bench as bench_great_war_area

    bench_gmt_great_war()  # three generated fronts of 100 x 100
    bench_death_of_empires(["--cols", str(args.cols), "--rows", str(args.rows), "--units", str(args.units)])
    bench_grd_great_war(args.cols, args.rows, args.units)
    bench_great_war_area(args.cols, args.rows, args.units)


if __name__ == "__main__":
    main()
