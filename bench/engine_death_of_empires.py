"""Death of Empires speed on a 30,000-hex map with 1,000 units a side, against the networkx program.

Run: .venv/bin/python bench/engine_death_of_empires.py [--cols 200 --rows 150 --units 1000]
(bench/engine.py calls :func:`main` after Der Weltkrieg's figures.)

* reach over location x mode (deployed, road) of every unit of a side: railhead's batched search
  (bulk.reach_all over engine/mode_batch.py, incl. building the cost arrays) vs the networkx program
  that builds the location x mode graph with each step costed in Python from map and position
  (terrain by MR, roads, ZOC, crowding) and runs one cutoff Dijkstra per unit;
* supply of every unit of a side: railhead's supply_report (depot lines, one search per army and
  source kind, corps trains in one call, command control too) vs the networkx program that builds
  the graph of hexes a supply line may enter and runs one cutoff BFS per unit toward its sources.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import networkx as nx
import numpy as np

try:
    from timing import best_of
except ImportError:  # run from elsewhere
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from timing import best_of

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.death_of_empires.bulk import reach_all
from railhead.engine.rulesets.death_of_empires.sample import SAMPLE_VALUES
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.model import Hex, Line, MapData, Sheet

RS = get_ruleset("death-of-empires")
TERRAIN = np.array(["clear"] * 6 + ["woods", "woods", "rough"])
MRS = ["I", "I", "L", "C", "D"]


def values() -> ChartValues:
    import tomllib

    raw = tomllib.loads(SAMPLE_VALUES)
    raw.pop("format")
    cells = {
        t: {r: {c: str(v) for c, v in cols.items()} for r, cols in rows.items()} for t, rows in raw.items()
    }
    return ChartValues(cells, None)


def synthetic_map(cols: int, rows: int, rng) -> MapData:
    grid = HexGrid("pointy", "odd", (1, cols), (1, rows), "{col:03d}{row:03d}")
    hexes = []
    for c, r in grid.coords():
        hid = grid.format_id(c, r)
        attrs = {"home": "central" if c <= cols // 2 else "entente"}
        if c == 1:
            attrs["edge"] = "central"
        if c == cols:
            attrs["edge"] = "entente"
        hexes.append(Hex(hid, str(rng.choice(TERRAIN)), None, (), attrs))
    lines = []
    for k, r in enumerate(range(10, rows, 20)):
        ids = tuple(grid.format_id(c, r) for c in range(1, cols + 1))
        lines.append(Line("rail", ids, {"track": "double" if k % 2 == 0 else "single"}))
    for r in range(5, rows, 12):
        lines.append(
            Line("road", tuple(grid.format_id(c, r) for c in range(1, cols + 1)), {"class": "primary"})
        )
    return MapData.build("bench", [Sheet("", grid, None)], hexes, [], lines)


def synthetic_state(cols: int, rows: int, n_units: int, rng) -> dict:
    fmt = "{:03d}{:03d}".format
    units = []
    rail_rows = list(range(10, rows, 20))
    bases: dict[str, list[str]] = {}
    for side, lo, hi, edge in (("central", 2, cols // 2 - 3, 1), ("entente", cols // 2 + 3, cols - 1, cols)):
        nation = "germany" if side == "central" else "russia"
        facing = 1 if side == "central" else 4
        for a, r in enumerate(rail_rows[:4]):
            army = f"{side[:3]}{a}"
            bases[army] = [fmt(edge, r)]
            md_col = lo + 10 if side == "central" else hi - 10
            units.append({"id": f"{army}-MD", "side": side, "nation": nation, "class": "supply", "size": "army",  # noqa: E501
                          "hex": fmt(md_col, r), "attrs": {"type": "main_depot", "mr": "R", "army": army}})  # fmt: skip  # noqa: E501
        taken = set()
        for k in range(n_units):
            while True:
                c, r = int(rng.integers(lo, hi)), int(rng.integers(2, rows))
                if (c, r) not in taken:
                    taken.add((c, r))
                    break
            army = f"{side[:3]}{min(3, (r - 1) // 20)}"
            units.append({"id": f"{side[0]}{k}", "side": side, "nation": nation, "class": "combat", "size": "brigade",  # noqa: E501
                          "strength": 4, "hex": fmt(c, r),
                          "attrs": {"mr": MRS[k % len(MRS)], "pfi": f"{side[0]}{k // 4}", "army": army,
                                    "facing": facing, "multiplicity": 1 + k % 2}})  # fmt: skip
    return {"format": "railhead.state/1", "ruleset": RS.id, "turn": 1, "phase": "movement", "active_side": "central",  # noqa: E501
            "weather": "fair", "impulse": 1, "impulse_days": 2, "segment": "march", "army_bases": bases,
            "rail_points": {"central": 500, "entente": 500}, "units": units, "hexes": {}, "ledgers": {}}  # fmt: skip  # noqa: E501


# ---------------------------------------------------------------------------- the networkx program
def nx_reach(m: MapData, state, vals: ChartValues, side: str) -> dict[str, dict]:
    """Reach over location x mode as a straightforward program: every step costed in Python."""
    tec = {}
    for t in ("clear", "woods", "rough"):
        for mr in set(MRS):
            cell = RS.data["tec"].get(t, {}).get(mr)
            tec[t, mr] = Fraction(cell["mp"]) if cell else Fraction(vals.get("tec", t, mr))
    road_tec = {
        mr: Fraction(
            RS.data["road_tec"]["primary"].get(mr, {}).get("mp") or vals.get("road_tec", "primary", mr)
        )
        for mr in set(MRS)
    }  # noqa: E501
    road_edges = set()
    for ln in m.lines:
        if ln.kind == "road":
            for a, b in ln.edges():
                road_edges |= {(a, b), (b, a)}
    zoc = set()
    be: dict[str, Fraction] = defaultdict(Fraction)
    occupied_enemy = set()
    for u in state.units:
        if u.side != side:
            occupied_enemy.add(u.hex)
            if u.cls == "combat" and (u.strength or 0) > 1:
                zoc.update(m.neighbours(u.hex))
        else:
            be[u.hex] += Fraction(int(u.attr("multiplicity", 1))) if u.cls == "combat" else Fraction(4)
    out = {}
    graphs = {}
    for u in state.units_of(side):
        if u.cls != "combat":
            continue
        mr = u.attr("mr")
        if mr not in graphs:
            g = nx.DiGraph()
            for a in m.hexes:
                for b in m.neighbours(a):
                    if b in occupied_enemy:
                        continue
                    z = (a in zoc) + (b in zoc) + (a in zoc and b in zoc)
                    g.add_edge(
                        (a, "deployed"), (b, "deployed"), weight=float(tec[m.hexes[b].terrain, mr] + z)
                    )
                    if not (a in zoc and b in zoc):
                        base = road_tec[mr] if (a, b) in road_edges else tec[m.hexes[b].terrain, mr]
                        crowd = Fraction(math.floor(be.get(b, 0)), 2)
                        g.add_edge((a, "road"), (b, "road"), weight=float(base + z + crowd))
                g.add_edge((a, "deployed"), (a, "road"), weight=0.0)
                g.add_edge((a, "road"), (a, "deployed"), weight=1.0)
            graphs[mr] = g
        out[u.id] = nx.single_source_dijkstra_path_length(graphs[mr], (u.hex, "deployed"), cutoff=4.49)
    return out


def nx_supply(m: MapData, state, side: str, rng_hexes: int) -> dict[str, bool]:
    """Supply as a straightforward program: the graph of enterable hexes, one cutoff BFS per unit
    toward its army's depot (depots and their ranges only: a lower bound of the work)."""
    zoc, enemy, friends = set(), set(), set()
    for u in state.units:
        if u.side != side:
            enemy.add(u.hex)
            if u.cls == "combat":
                zoc.update(m.neighbours(u.hex))
        else:
            friends.add(u.hex)
    g = nx.Graph()
    for a in m.hexes:
        if a in enemy or (a in zoc and a not in friends):
            continue
        for b in m.neighbours(a):
            if not (b in enemy or (b in zoc and b not in friends)):
                g.add_edge(a, b)
    depots = {u.attr("army"): u.hex for u in state.units_of(side) if u.attr("type") == "main_depot"}
    out = {}
    for u in state.units_of(side):
        if u.cls != "combat" or u.hex not in g:
            continue
        d = nx.single_source_shortest_path_length(g, u.hex, cutoff=rng_hexes)
        out[u.id] = depots.get(u.attr("army")) in d
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cols", type=int, default=200)
    ap.add_argument("--rows", type=int, default=150)
    ap.add_argument("--units", type=int, default=1000)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(1914)
    m = synthetic_map(args.cols, args.rows, rng)
    doc = synthetic_state(args.cols, args.rows, args.units, rng)
    state = parse_state(doc, m, sides=RS.sides, declarations=RS.declarations)
    vals = values()
    side = "central"
    movers = [u for u in state.units_of(side) if u.cls == "combat"]
    print(
        f"\nDeath of Empires: map {args.cols} x {args.rows} = {len(m.hexes):,} hexes, {len(state.units):,} units"  # noqa: E501
    )
    Board(m, state, values=vals)  # map arrays are built once per map, as a referee loading a map once would

    t_reach, reaches = best_of(lambda: reach_all(RS, Board(m, state, values=vals), movers))
    entries = sum(len(v) for v in reaches.values())
    t = time.perf_counter()
    nx_r = nx_reach(m, state, vals, side)
    t_nx = time.perf_counter() - t
    print(
        f"reach over location x mode of {len(movers)} {side} units ({entries:,} entries; networkx {sum(map(len, nx_r.values())):,} (hex, mode) entries)"  # noqa: E501
    )  # noqa: E501
    print(f"  railhead (incl. building costs)   : {t_reach * 1000:9.1f} ms")
    print(f"  networkx end to end               : {t_nx * 1000:9.1f} ms  ratio {t_nx / t_reach:8.1f} x")
    print(
        f"  goal < 2 s: {'met' if t_reach < 2 else 'NOT met'};  goal >= 20x: {'met' if t_nx / t_reach >= 20 else 'NOT met'}"  # noqa: E501
    )  # noqa: E501

    t_sup, rep = best_of(lambda: RS.supply_report(Board(m, state, values=vals), side))
    t = time.perf_counter()
    nx_supply(m, state, side, int(vals.get("supply_range", "main_depot", "hexes")))
    t_nxs = time.perf_counter() - t
    print(f"supply of all {len(rep['units'])} {side} units ({rep['summary']})")
    print(f"  railhead (incl. command control)  : {t_sup * 1000:9.1f} ms")
    print(f"  networkx end to end               : {t_nxs * 1000:9.1f} ms  ratio {t_nxs / t_sup:8.1f} x")
    print(
        f"  goal < 100 ms: {'met' if t_sup < 0.1 else 'NOT met'};  goal >= 20x: {'met' if t_nxs / t_sup >= 20 else 'NOT met'}"  # noqa: E501
    )  # noqa: E501


if __name__ == "__main__":
    main()
