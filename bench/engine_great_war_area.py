"""The Great War (area game) on a generated 30,000-area map with 1,000 units a side.

Run: .venv/bin/python bench/engine_great_war_area.py [--cols 200 --rows 150 --units 1000]
(``bench/engine.py`` runs it after Der Weltkrieg.)

* supply of every unit of a side: railhead's one reverse search per nationality over
  friendly-controlled areas (scipy.sparse.csgraph) against the networkx program, which builds the
  graph of friendly-controlled areas from map and position in Python and searches from each unit
  (timed on a sample and scaled), and against one networkx multi-source search;
* operational move verdicts (walk, stop and contested rules, starred limit, supply at the end):
  railhead's judge against the networkx program costing each step of the same paths in Python.
"""

from __future__ import annotations

import argparse
import contextlib
import time

import networkx as nx
import numpy as np
from timing import best_of

from railhead.engine.board import Board
from railhead.engine.ruleset import get_ruleset
from railhead.engine.state import GameState, HexState, Unit
from railhead.mapdata.model import Area, Border, MapData

GWA = get_ruleset("great-war-area")


def area_grid(cols: int, rows: int, rng: np.random.Generator) -> MapData:
    """cols x rows rectangular land areas: France west, Germany east; a tenth Restricted; borders
    between neighbours, one in twenty an Operational, one in forty a Strategic Obstacle."""
    areas, borders = [], []
    for c in range(cols):
        for r in range(rows):
            attrs = {
                "kind": "land",
                "country": "france" if c < cols // 2 else "germany",
                "zone": "restricted" if rng.random() < 0.1 else "regular",
                "weather_area": "northwestern",
            }
            x, y = c * 10, r * 10
            areas.append(Area(f"a{c}_{r}", None, attrs, ((x, y), (x + 10, y), (x + 10, y + 10), (x, y + 10))))
    kinds = rng.choice(
        ["land"] * 37 + ["operational_obstacle"] * 2 + ["strategic_obstacle"], size=2 * cols * rows
    )
    k = 0
    for c in range(cols):
        for r in range(rows):
            for dc, dr in ((1, 0), (0, 1)):
                if c + dc < cols and r + dr < rows:
                    borders.append(Border((f"a{c}_{r}", f"a{c + dc}_{r + dr}"), str(kinds[k])))
                    k += 1
    return MapData.build("bench areas", [], kind="area", areas=areas, borders=borders)


def position(m: MapData, cols: int, rows: int, n_units: int, rng) -> GameState:
    """Units a side on their own half; a front band of contested areas; a tenth of each half held
    by the other side (cut-off pockets)."""
    units, hexes = [], {}
    for side, nation, lo, hi in (("allies", "france", 0, cols // 2), ("central", "germany", cols // 2, cols)):
        for k in range(n_units):
            c, r = int(rng.integers(lo, hi)), int(rng.integers(0, rows))
            units.append(Unit(f"{nation}-{k}", side, nation, "corps", f"a{c}_{r}", "corps", 3, 4))
    for c in range(cols):
        for r in range(rows):
            if rng.random() < 0.1:
                hexes[f"a{c}_{r}"] = HexState(owner="central" if c < cols // 2 else "allies")
    return GameState("great-war-area", tuple(units), weather="normal", hexes=hexes, active_side="allies")


def control_of(m: MapData, state: GameState) -> dict[str, str | None]:
    """The networkx program's control: sole occupation, else the stored owner, else the country's side."""
    sides: dict[str, set] = {}
    for u in state.units:
        sides.setdefault(u.hex, set()).add(u.side)
    out = {}
    for a, area in m.areas.items():
        s = sides.get(a, set())
        if len(s) == 2:
            out[a] = None
        elif s:
            out[a] = next(iter(s))
        else:
            owner = state.hex(a).owner
            out[a] = owner or ("allies" if area.attrs["country"] == "france" else "central")
    return out


def networkx_supply(m: MapData, state: GameState, side: str, sample: int) -> tuple[float, float, int]:
    """Seconds per unit-search (scaled) and for one multi-source search, built from map and position."""
    t = time.perf_counter()
    ctrl = control_of(m, state)
    g = nx.Graph()
    for b in m.borders:
        a, c = b.areas
        if ctrl[a] == side and ctrl[c] == side:
            g.add_edge(a, c)
    sources = [a for a, area in m.areas.items() if ctrl[a] == side and area.attrs["country"] == "france"]
    build = time.perf_counter() - t
    mine = [u for u in state.units if u.side == side][:sample]
    t = time.perf_counter()
    found = 0
    src = set(sources)
    for u in mine:
        if u.hex in g:
            seen = nx.single_source_shortest_path_length(g, u.hex)
            found += any(s in seen for s in src)
    per_unit = (time.perf_counter() - t) / len(mine) * sum(1 for u in state.units if u.side == side) + build
    t = time.perf_counter()
    g.add_node("SOURCE")
    for s in sources:
        g.add_edge("SOURCE", s)
    nx.single_source_shortest_path_length(g, "SOURCE")
    return per_unit, time.perf_counter() - t + build, found


def random_paths(board: Board, units, n: int, rng) -> list[tuple[str, list[str]]]:
    a = board.arrays
    out = []
    for k in range(n):
        u = units[k % len(units)]
        path = [board.idx(u.hex)]
        for _ in range(int(rng.integers(1, 4))):
            nb = a.nbr[path[-1]][a.nbr[path[-1]] >= 0]
            path.append(int(rng.choice(nb)))
        out.append((u.id, [a.ids[i] for i in path]))
    return out


def networkx_moves(m: MapData, state: GameState, moves) -> float:
    """The networkx program: the position's graph costed in Python (zone, obstacle), path weights."""
    t = time.perf_counter()
    g = nx.DiGraph()
    for b in m.borders:
        a, c = b.areas
        extra = {"operational_obstacle": 1, "strategic_obstacle": 1}.get(b.kind, 0)
        for x, y in ((a, c), (c, a)):
            leave = 1 if m.areas[x].attrs["zone"] == "restricted" else 0
            g.add_edge(x, y, weight=1 + leave + extra)
    for _uid, path in moves:
        with contextlib.suppress(nx.NetworkXNoPath):
            nx.path_weight(g, path, "weight")
    return time.perf_counter() - t


def bench(
    cols: int = 200, rows: int = 150, n_units: int = 1000, n_moves: int = 200, sample: int = 20
) -> None:
    rng = np.random.default_rng(1914)
    t0 = time.perf_counter()
    m = area_grid(cols, rows, rng)
    state = position(m, cols, rows, n_units, rng)
    print(f"\nThe Great War (area game): {len(m.areas):,} areas, {len(m.borders):,} borders, "
          f"{len(state.units):,} units ({time.perf_counter() - t0:.1f} s to build)")  # fmt: skip
    Board(m, state)  # the map's arrays, built once per map
    side = "allies"
    t_sup, rep = best_of(lambda: GWA.supply_report(Board(m, state), side))
    per_unit, multi, _ = networkx_supply(m, state, side, sample)
    print(f"supply of all {len(rep['units'])} {side} units ({rep['summary']})")
    print(f"  railhead (incl. control and costs) : {t_sup * 1000:9.1f} ms")
    print(f"  networkx, one search per unit      : {per_unit * 1000:9.1f} ms  ratio {per_unit / t_sup:6.1f} x"
          f"  (scaled from {sample} units, graph built from map and position)")  # fmt: skip
    print(f"  networkx, one multi-source search  : {multi * 1000:9.1f} ms  ratio {multi / t_sup:6.1f} x")
    board = Board(m, state)
    mine = [u for u in state.units if u.side == side]
    moves = random_paths(board, mine, n_moves, rng)

    def judge_all():
        b = Board(m, state)
        return [GWA.judge_move(b, [uid], path, "ground").legal for uid, path in moves]

    t_mv, verdicts = best_of(judge_all, runs=1)
    t_nx = networkx_moves(m, state, moves)
    print(f"{len(moves)} operational move verdicts ({sum(verdicts)} legal)")
    print(f"  railhead judge_move (all rules)    : {t_mv * 1000:9.1f} ms")
    print(f"  networkx, step costs only          : {t_nx * 1000:9.1f} ms  ratio {t_nx / t_mv:6.1f} x"
          "  (no stop, contested, stacking or supply rules)")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--rows", type=int, default=150)
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=200)
    args = ap.parse_args()
    bench(args.cols, args.rows, args.units, args.moves)


if __name__ == "__main__":
    main()
