"""Rules-engine speed of the GMT Great War ruleset on a generated map of three fronts (30,000
hexes) with 1,000 units a side, against the networkx program, measured in the same run.

Run: .venv/bin/python bench/engine_gmt_great_war.py   (bench/engine.py runs it after Der Weltkrieg)

* supply of every unit of a side (11.21, 11.22: four hexes to a source, or to a town or HQ linked
  to one by a line of any length): railhead builds the position's trace costs and runs one reverse
  multi-source search per source kind; the networkx program builds the position's graph in Python
  (each step judged from map and position), runs the same multi-source searches with networkx,
  then looks each unit up.
* reach of every unit of a side (8.1-8.3, 8.13, 8.14, 8.26): railhead's batched search per cost
  profile; the networkx program builds one graph per profile (each step costed in Python) and runs
  single_source_dijkstra_path_length with cutoff = allowance per unit, keeping supplied hexes.

railhead's times include building every array that depends on the position (a fresh Board each
run); arrays that depend on the map alone are built once per map, as a referee loading a map once
would.
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

import networkx as nx
import numpy as np
from timing import best_of

from railhead.engine.board import Board
from railhead.engine.registry import get_ruleset
from railhead.engine.rulesets.gmt_great_war.bulk import reach_all
from railhead.engine.rulesets.gmt_great_war.fronts import fronts_of
from railhead.engine.state import GameState, Unit
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.model import Box, Hex, Hexside, Link, MapData, Sheet, side_key

RS = get_ruleset("gmt-great-war")
FRONTS = {  # front: (sheet letter, CP country, Allied country, nations)
    "western": ("W", "germany", "france", ("ge", "fr")),
    "eastern": ("E", "austria_hungary", "russia", ("ah", "ru")),
    "iraqi": ("N", "ottoman", "egypt", ("tu", "br")),
}
TERRAIN = ["clear"] * 11 + ["forest"] * 3 + ["marsh", "mountain", "flood_plain", "flood_plain"]
WEATHER = {"wi": "wet", "e": "fair", "ie": "hot"}


def synthetic_map(size: int, rng: np.random.Generator) -> MapData:
    fronts = fronts_of(RS.data)
    sheets, hexes, sides, links = [], [], [], []
    for name, (letter, cp, allied, _) in FRONTS.items():
        grid = HexGrid("pointy", "odd", (1, size), (size, 1), letter + "{row:03d}{col:03d}")
        f = fronts[name]
        sheets.append(Sheet(name, grid, id_prefix="", attrs={"front": name, "weather_key": f.weather_key}))
        for c, r in grid.coords():
            h = grid.format_id(c, r)
            t = str(rng.choice(TERRAIN))
            if name == "iraqi" and rng.random() < 0.25:
                t = "desert"
            attrs = {"front": name, "country": cp if c <= size // 2 else allied}
            roll = rng.random()
            if roll < 0.004:
                attrs["settlement"] = "city"
            elif roll < 0.025:
                attrs["settlement"] = "town"
            if c == 1:
                attrs["uss"] = "cp"
            elif c == size:
                attrs["uss"] = "allied"
            hexes.append(Hex(h, t, attrs=attrs))
            for d in range(3):
                n = grid.neighbour(c, r, d)
                if grid.contains(*n) and rng.random() < 0.05:
                    sides.append(Hexside(side_key(h, grid.format_id(*n)), None, ("river",)))
        for r in range(1, size + 1, size // 10):  # a few edge hexes join the CP transit box
            links.append(
                Link((grid.format_id(1, r), "cp_transit"), "strategic", ("strategic",), {"side": "cp"})
            )
    box = Box("cp_transit", "CP Strategic Movement Transit Box", {"kind": "transit", "side": "cp"})
    return MapData.build("gmt bench", sheets, hexes, sides, boxes=[box], links=links)


def synthetic_state(m: MapData, size: int, n_units: int, rng: np.random.Generator) -> GameState:
    units = []
    per_front = n_units // len(FRONTS)
    for s, side in enumerate(("cp", "allied")):
        for f, (name, (letter, _, _, nations)) in enumerate(FRONTS.items()):
            count = per_front + (n_units - per_front * len(FRONTS) if f == 0 else 0)
            line = size // 2 + s  # CP on the last column of its half, the Allies on the first of theirs
            for k in range(count):
                row = 1 + (k * 7) % size
                depth = 0 if k < size else int(rng.integers(1, 12))
                col = line - depth if side == "cp" else line + depth
                roll = rng.random()
                cls = (
                    "hq"
                    if roll < 0.03
                    else "cavalry"
                    if roll < 0.12
                    else "mountain"
                    if roll < 0.17
                    else "infantry"
                )
                units.append(
                    Unit(
                        f"{side}-{name}-{k}",
                        side,
                        nations[s],
                        cls,
                        f"{letter}{row:03d}{col:03d}",
                        strength=int(rng.integers(1, 5)),
                        movement=int(rng.integers(3, 6)),
                    )
                )
    return GameState(
        "gmt-great-war",
        tuple(units),
        phase="movement",
        active_side="cp",
        weather=WEATHER,
        extra={"date": "1915-05"},
    )


# ---------------------------------------------------------------------------- the networkx program
def _front_weather(x: Hex) -> str:
    return WEATHER[fronts_of(RS.data)[x.attrs["front"]].weather_key]


def nx_supply(m: MapData, state: GameState, side: str) -> dict[str, bool]:
    """Supply of every unit of ``side``, the networkx way: the trace graph built in Python from the
    map and position, multi-source searches from the sources, a lookup per unit."""
    other = "allied" if side == "cp" else "cp"
    enemy = {u.hex for u in state.units if u.side == other}
    side_of = RS.data["countries"]
    g = nx.DiGraph()
    for h, x in m.hexes.items():
        if x.terrain == "desert" and x.attrs["front"] == "iraqi" and _front_weather(x) == "hot":
            continue  # no line out of a desert hex in Hot weather (12.2)
        for n in m.neighbours(h):
            y = m.hexes.get(n)
            if y is None or n in enemy or y.terrain in ("all_sea", "alpine"):
                continue
            if side_of.get(y.attrs["country"]) == "neutral":
                continue
            g.add_edge(n, h)  # reversed: searched from the sources toward the units
    uss = [h for h, x in m.hexes.items() if x.attrs.get("uss") == side and h in g]
    link = nx.multi_source_dijkstra_path_length(g, uss)
    secondary = [
        h
        for h, x in m.hexes.items()
        if x.attrs.get("settlement") and side_of.get(x.attrs["country"]) == side and h in link
    ]
    near = nx.multi_source_dijkstra_path_length(g, set(uss) | set(secondary), cutoff=4)
    hq_ok = {}
    for u in state.units:
        if u.side == side and u.cls == "hq" and u.hex in link:
            for n in [u.hex, *m.neighbours(u.hex)]:
                hq_ok.setdefault((u.nation, n), True)
    return {u.id: u.hex in near or (u.nation, u.hex) in hq_ok for u in state.units if u.side == side}


def _step_cost(x: Hex, y: Hex, river: bool, mountain: bool) -> float | None:
    t = y.terrain
    wet = _front_weather(y) == "wet" and y.attrs["front"] not in ("egyptian", "iraqi")
    if t == "flood_plain" and wet:
        t = "marsh"
    row = RS.data["terrain"][t]
    mp = row.get("mountain_mp", row["mp"]) if mountain else row["mp"]
    if mp == "prohibited":
        return None
    return float(mp) + (1.0 if river and wet else 0.0)


def nx_reach(m: MapData, state: GameState, side: str) -> dict[str, int]:
    """Reach of every unit of ``side``, the networkx way: one graph per profile costed in Python,
    a cutoff search per unit, supplied hexes kept (8.26), the one-hex rule (8.13)."""
    other = "allied" if side == "cp" else "cp"
    enemy = {u.hex for u in state.units if u.side == other and u.cls != "hq"}
    rivers = {k for k, s in m.hexsides.items() if "river" in s.features}
    near_enemy = {n for h in enemy for n in m.neighbours(h)}
    supplied_hexes = _nx_supplied_hexes(m, state, side)
    graphs: dict[bool, nx.DiGraph] = {}
    out = {}
    for u in state.units:
        if u.side != side:
            continue
        mountain = u.cls == "mountain"
        if mountain not in graphs:
            g = nx.DiGraph()
            for h, x in m.hexes.items():
                for n in m.neighbours(h):
                    y = m.hexes.get(n)
                    if y is None or n in enemy:
                        continue
                    c = _step_cost(x, y, side_key(h, n) in rivers, mountain)
                    if c is not None:
                        g.add_edge(h, n, weight=c)
            graphs[mountain] = g
        g = graphs[mountain]
        x = m.hexes[u.hex]
        doubled = fronts_of(RS.data)[x.attrs["front"]].ma_doubled and u.hex not in near_enemy
        ma = Fraction(u.movement) * (2 if doubled else 1)
        reached = nx.single_source_dijkstra_path_length(g, u.hex, cutoff=float(ma))
        for n in g.successors(u.hex):
            reached.setdefault(n, g[u.hex][n]["weight"])
        out[u.id] = sum(1 for h in reached if h in supplied_hexes or h == u.hex)
    return out


def _nx_supplied_hexes(m, state, side) -> set[str]:
    other = "allied" if side == "cp" else "cp"
    enemy = {u.hex for u in state.units if u.side == other}
    g = nx.DiGraph()
    for h in m.hexes:
        for n in m.neighbours(h):
            if n in m.hexes and n not in enemy:
                g.add_edge(n, h)
    uss = [h for h, x in m.hexes.items() if x.attrs.get("uss") == side]
    link = nx.multi_source_dijkstra_path_length(g, uss)
    towns = [h for h, x in m.hexes.items() if x.attrs.get("settlement") and h in link]
    return set(nx.multi_source_dijkstra_path_length(g, set(uss) | set(towns), cutoff=4))


def run(size: int = 100, n_units: int = 1000) -> None:
    rng = np.random.default_rng(1914)
    t0 = time.perf_counter()
    m = synthetic_map(size, rng)
    state = synthetic_state(m, size, n_units, rng)
    side = "cp"
    Board(m, state)  # the map's own arrays, once per map
    print(
        f"\nGMT Great War: {len(m.sheets)} fronts, {len(m.hexes):,} hexes, {len(m.hexsides):,} river "
        f"hexsides, {len(state.units):,} units ({time.perf_counter() - t0:.1f} s to build)"
    )
    t_sup, rep = best_of(lambda: RS.supply_report(Board(m, state), side))
    t_nxs, nx_rep = best_of(lambda: nx_supply(m, state, side), runs=1)
    ours = sum(1 for u in rep["units"] if u["status"] == "in supply")
    print(f"supply of {len(rep['units']):,} units ({ours:,} in supply; networkx {sum(nx_rep.values()):,})")
    print(f"  railhead (incl. building costs)   : {t_sup * 1000:9.1f} ms")
    print(f"  networkx end to end               : {t_nxs * 1000:9.1f} ms  ratio {t_nxs / t_sup:8.1f} x")
    print(f"  goal < 100 ms: {'met' if t_sup < 0.1 else 'NOT met'}")
    print(f"  goal >= 20x networkx end to end: {'met' if t_nxs / t_sup >= 20 else 'NOT met'}")
    t_reach, reach = best_of(lambda: reach_all(RS, Board(m, state), side))
    t_nxr, nx_counts = best_of(lambda: nx_reach(m, state, side), runs=1)
    print(
        f"reach of {len(reach):,} units ({sum(len(v) for v in reach.values()):,} unit-hexes; networkx "
        f"{sum(nx_counts.values()):,})"
    )
    print(f"  railhead (incl. building costs)   : {t_reach * 1000:9.1f} ms")
    print(f"  networkx end to end               : {t_nxr * 1000:9.1f} ms  ratio {t_nxr / t_reach:8.1f} x")
    print(f"  goal < 2 s: {'met' if t_reach < 2 else 'NOT met'}")
    print(f"  goal >= 20x networkx end to end: {'met' if t_nxr / t_reach >= 20 else 'NOT met'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=100, help="rows and columns of each of the three fronts")
    ap.add_argument("--units", type=int, default=1000)
    args = ap.parse_args()
    run(args.size, args.units)


if __name__ == "__main__":
    main()
