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


class NxSupply:
    """Supply the networkx way: the trace graph built in Python from the map and position, the
    rules' multi-source searches with networkx, then a lookup per unit or hex."""

    def __init__(self, m: MapData, state: GameState, side: str):
        self.m, self.state, self.side = m, state, side
        other = "allied" if side == "cp" else "cp"
        self.enemy = {u.hex for u in state.units if u.side == other}
        side_of = RS.data["countries"]
        # only the Iraqi front is Hot here, a Near East map: no line out of its desert (12.2)
        self.hot_desert = {
            h for h, x in m.hexes.items() if x.terrain == "desert" and _front_weather(x) == "hot"
        }
        g = nx.DiGraph()
        for h in m.hexes:
            if h in self.hot_desert:
                continue
            for n in m.neighbours(h):
                y = m.hexes.get(n)
                if y is None or n in self.enemy or y.terrain in ("all_sea", "alpine"):
                    continue
                if side_of.get(y.attrs["country"]) == "neutral":
                    continue
                g.add_edge(n, h)  # reversed: searched from the sources toward the units
        uss = [h for h, x in m.hexes.items() if x.attrs.get("uss") == side and h not in self.hot_desert]
        link = nx.multi_source_dijkstra_path_length(g, uss)
        secondary = [
            h
            for h, x in m.hexes.items()
            if x.attrs.get("settlement") and side_of.get(x.attrs["country"]) == side and h in link
        ]
        self.near = nx.multi_source_dijkstra_path_length(g, set(uss) | set(secondary), cutoff=6)
        self.hq_ok: dict[tuple[str, str], set[str]] = {}  # (nation, hex) -> the HQs serving it
        for u in state.units:
            if u.side == side and u.cls == "hq" and u.hex in link:
                for n in [u.hex, *m.neighbours(u.hex)]:
                    self.hq_ok.setdefault((u.nation, n), set()).add(u.id)

    def supplied(self, u: Unit, h: str) -> bool:
        radius = 6 if u.cls == "hq" and self.m.hexes[h].attrs["front"] == "iraqi" else 4
        if self.near.get(h, 99) <= radius or self.hq_ok.get((u.nation, h), set()) - {u.id}:  # not itself
            return True
        if h in self.hot_desert:  # a line may end in the unit's own desert hex (A12)
            return any(
                self.near.get(n, 99) + 1 <= radius
                for n in self.m.neighbours(h)
                if n in self.m.hexes and n not in self.enemy
            )
        return False


def nx_supply(m: MapData, state: GameState, side: str) -> dict[str, bool]:
    s = NxSupply(m, state, side)
    return {u.id: s.supplied(u, u.hex) for u in state.units if u.side == side}


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
    a cutoff search per unit (cavalry: a second one clear of the enemy, 8.14), the one-hex rule
    (8.13), supplied hexes kept (8.26)."""
    other = "allied" if side == "cp" else "cp"
    combat = {u.hex for u in state.units if u.side == other and u.cls != "hq"}
    anyone = {u.hex for u in state.units if u.side == other}
    rivers = {k for k, s in m.hexsides.items() if "river" in s.features}
    near_enemy = {n for h in combat for n in m.neighbours(h)}
    supply = NxSupply(m, state, side)
    graphs: dict[tuple, nx.DiGraph] = {}
    out = {}
    for u in state.units:
        if u.side != side:
            continue
        key = (u.cls == "mountain", u.cls == "hq")
        if key not in graphs:
            g = nx.DiGraph()
            blocked = anyone if key[1] else combat
            for h, x in m.hexes.items():
                for n in m.neighbours(h):
                    y = m.hexes.get(n)
                    if y is None or n in blocked:
                        continue
                    c = _step_cost(x, y, side_key(h, n) in rivers, key[0])
                    if c is not None:
                        g.add_edge(h, n, weight=c)
            graphs[key] = g
        g = graphs[key]
        printed = float(u.movement)
        doubled = fronts_of(RS.data)[m.hexes[u.hex].attrs["front"]].ma_doubled and (
            u.hex not in near_enemy or u.cls == "hq"  # HQs keep the doubled allowance (A5)
        )
        if u.cls == "cavalry" and doubled:
            reached = nx.single_source_dijkstra_path_length(g, u.hex, cutoff=printed)
            clear = g.subgraph([h for h in g if h not in near_enemy])
            for h, d in nx.single_source_dijkstra_path_length(clear, u.hex, cutoff=2 * printed).items():
                reached[h] = min(d, reached.get(h, d))
        else:
            reached = nx.single_source_dijkstra_path_length(g, u.hex, cutoff=printed * (2 if doubled else 1))
        for n in g.successors(u.hex):
            reached.setdefault(n, g[u.hex][n]["weight"])
        out[u.id] = sum(1 for h in reached if h == u.hex or supply.supplied(u, h))
    return out


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
    t_sup, rep = best_of(lambda: RS.supply_report(Board(m, state), side), runs=5)
    t_nxs, nx_rep = best_of(lambda: nx_supply(m, state, side), runs=1)
    ours = sum(1 for u in rep["units"] if u["status"] == "in supply")
    print(f"supply of {len(rep['units']):,} units ({ours:,} in supply; networkx {sum(nx_rep.values()):,})")
    print(f"  railhead (incl. building costs)   : {t_sup * 1000:9.1f} ms")
    print(f"  networkx end to end               : {t_nxs * 1000:9.1f} ms  ratio {t_nxs / t_sup:8.1f} x")
    print(f"  goal < 100 ms: {'met' if t_sup < 0.1 else 'NOT met'}")
    print(f"  goal >= 20x networkx end to end: {'met' if t_nxs / t_sup >= 20 else 'NOT met'}")
    t_reach, reach = best_of(lambda: reach_all(RS, Board(m, state), side), runs=5)
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
