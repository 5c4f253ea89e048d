"""Supply Status Step (7.23): units trace a path of at most a source's range (hexes, terrain
ignored) free of enemy units and of enemy ZOC without a friendly unit, to a source of their
formation: their army's Main Depot, LOC hexes and in-supply Army Supply units (all only with
Capability 1, 7.22), their corps train, or for strategic formations friendly operational rail joined
to a friendly map edge; a fortress with a supply symbol supplies units on or next to it. One search
per source group, every source started at the range it lacks from the longest."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from scipy.sparse.csgraph import dijkstra

from ...reports import SupplyReport
from ...ruleset import supply_answer
from ...search import INF, csr, search_graph
from .depots import army_lines, blocked_hexes, rail_steps, supply_range
from .units import is_supply_class, mode_of, unit_type


class Tracer:
    """Supply paths of one side: hop steps into hexes not blocked (7.23) and not all-water, built
    once; the last step into the unit's own hex is always allowed (the unit is there)."""

    def __init__(self, board, avoid: np.ndarray):
        a = board.arrays
        self.board = board
        self.land = ~np.isin(a.hex_terrain, ["all_water"]) & (a.location_kind == 0)
        self.open_side = a.valid & ~a.side_feature("blocked")
        self.step = np.where(self.open_side & (~avoid & self.land)[a.safe_nbr], 1.0, INF)
        self.graph = csr(board.nbr, self.step)

    def within(self, sources: list[tuple[int, int]]) -> Covered:
        """Where some source reaches within that source's range: one search per range on the graph
        built once."""
        by_range: dict[int, list[int]] = defaultdict(list)
        for h, r in sources:
            by_range[r].append(h)
        found = [
            (dijkstra(self.graph, directed=True, indices=sorted(set(hx)), limit=float(r), min_only=True), r)
            for r, hx in by_range.items()
        ]
        return Covered(self, found)

    def each(self, hexes: list[int], rng: int) -> list[Covered]:
        """Per source (all of one range), where it reaches: one scipy call for all."""
        if not hexes:
            return []
        dist = np.atleast_2d(dijkstra(self.graph, directed=True, indices=hexes, limit=float(rng)))
        return [Covered(self, [(row, rng)]) for row in dist]


class Covered:
    """Whether a location is within range of some source: ``covered[i]``. The last step, into the
    unit's own hex, is always allowed (the unit is there), so a hex next to a reached one at one
    less than the range is covered too."""

    def __init__(self, tracer: Tracer, found: list[tuple[np.ndarray, int]]):
        self.tracer, self.found = tracer, found

    def at(self, idx: np.ndarray) -> np.ndarray:
        """Vectorized over locations ``idx``."""
        t = self.tracer
        a = t.board.arrays
        idx = np.asarray(idx, dtype=np.int64)
        out = np.zeros(len(idx), dtype=bool)
        nb = a.safe_nbr[idx]
        open_in = t.open_side[idx] & (a.back[idx] >= 0)
        for dist, r in self.found:
            back = np.where(open_in, dist[nb], INF).min(axis=1) + 1 if len(idx) else np.zeros(0)
            out |= (dist[idx] <= r) | ((back <= r) & t.land[idx])
        return out

    def __getitem__(self, i: int) -> bool:
        return bool(self.at(np.array([i]))[0])


def edge_connected_rail(rs, board, side: str, avoid: np.ndarray) -> np.ndarray:
    """7.23.A: friendly operational rail hexes joined by friendly operational rail to a friendly
    map edge (strategic formations' supply)."""
    edge = np.equal(board.arrays.hex_attr("edge"), side)
    steps = rail_steps(rs, board, side, avoid)
    on_rail = np.isfinite(steps).any(axis=1)
    starts = np.flatnonzero(edge & on_rail)
    if starts.size == 0:
        return np.zeros(board.n, dtype=bool)
    dist, _ = search_graph(csr(board.nbr, steps), starts)
    return np.isfinite(dist)


def supply_picture(rs, board, side: str) -> dict:
    """Everything the Supply Status Step finds for ``side``."""
    state = board.state
    mine = state.units_of(side)
    tracer = Tracer(board, blocked_hexes(rs, board, side))
    lines = army_lines(rs, board, side)
    strict = rs.option(board.state, "no_capability_1") == "army_out_of_supply"
    reach: dict[str, np.ndarray] = {}
    why: dict[str, str] = {}
    trains: dict[str, bool] = {}
    all_trains = [u for u in mine if unit_type(u) == "corps_train"]
    army_supply = [u for u in mine if unit_type(u) == "army_supply"]
    for army, line in lines.items():
        cap1 = line.in_supply and 1 in line.capabilities
        feeds = []
        if cap1:
            feeds.append((line.depot_hex, supply_range(board, "main_depot")))
            feeds += [(h, supply_range(board, "loc")) for h in line.loc]
            for u in army_supply:
                if line.supply_units.get(u.id):
                    feeds.append((board.idx(u.hex), supply_range(board, "army_supply")))
        train_feed = feeds if cap1 or not strict else []
        if line.in_supply and not cap1 and not strict:
            train_feed = [(line.depot_hex, supply_range(board, "main_depot"))]
        reach[f"army:{army}"] = tracer.within(feeds)
        corps_trains = [t for t in all_trains if t.attr("army") == army]
        if corps_trains:
            fed = tracer.within(train_feed) if train_feed != feeds else reach[f"army:{army}"]
            for t in corps_trains:
                trains[t.id] = bool(fed[board.idx(t.hex)]) or mode_of(t) == "rail"
        if not line.in_supply:
            why[army] = "its Main Depot is out of supply (7.23.A)"
        elif not cap1:
            why[army] = "its Main Depot has no Capability 1 this impulse (7.22)"
    if any(not u.attr("army") and u.cls != "fortress" for u in mine):
        rails = edge_connected_rail(rs, board, side, blocked_hexes(rs, board, side))
        reach["strategic"] = tracer.within(
            [(int(h), supply_range(board, "rail")) for h in np.flatnonzero(rails)]
        )
        for t in all_trains:
            if not t.attr("army"):
                trains[t.id] = bool(rails[board.idx(t.hex)])
    fed = [t for t in all_trains if trains.get(t.id)]
    rows = tracer.each([board.idx(t.hex) for t in fed], supply_range(board, "corps_train")) if fed else None
    train_rows = {t.id: rows[k] for k, t in enumerate(fed)}
    fort = np.zeros(board.n, dtype=bool)
    for f in mine:
        if f.cls == "fortress" and f.attr("supply_symbol"):
            i = board.idx(f.hex)
            fort[i] = True
            nb = board.nbr[i]
            fort[nb[nb >= 0]] = True
    by_corps = {t.attr("corps"): t for t in all_trains if t.attr("corps")}
    by_army = defaultdict(list)
    for t in all_trains:
        by_army[t.attr("army")].append(t)
    return {
        "lines": lines,
        "reach": reach,
        "why": why,
        "trains": trains,
        "train_rows": train_rows,
        "train_of_corps": by_corps,
        "trains_of_army": by_army,
        "fortress": fort,
    }


def unit_supplies(rs, board, units, pic) -> dict[str, tuple[str, list[str], str | None]]:
    """(status, rules, source) of each unit, by id: each source group asked once for all units."""
    out: dict[str, tuple[str, list[str], str | None]] = {}
    pending: dict[str, list] = defaultdict(list)
    boxes = board.map.boxes
    for u in units:
        i = board.idx(u.hex)
        if u.hex in boxes:
            # a unit in its army's LOC Box guards the LOC (2.75): supplied as on the LOC (7.22 cap. 1)
            line = pic["lines"].get(u.attr("army"))
            if line is not None and line.in_supply and 1 in line.capabilities:
                out[u.id] = ("in supply", ["2.75", "7.22"], "LOC Box")
            else:
                out[u.id] = ("out of supply", ["2.75", "7.22", "7.23.B"], None)
        elif u.cls == "fortress":
            out[u.id] = ("in supply", ["13.21"], "fortress")
        elif mode_of(u) == "rail":
            out[u.id] = ("in supply", ["8.52"], "entrained")
        elif pic["fortress"][i] and u.cls in ("combat", "artillery", "hq"):
            out[u.id] = ("in supply", ["7.23.A"], "fortress")
        else:
            army = u.attr("army")
            pending[f"army:{army}" if army else "strategic"].append(u)
    left = []
    for key, group in pending.items():
        cover = pic["reach"].get(key)
        ok = cover.at([board.idx(u.hex) for u in group]) if cover is not None else np.zeros(len(group), bool)
        for u, yes in zip(group, ok, strict=True):
            if yes:
                out[u.id] = ("in supply", ["7.23", "7.23.A"], u.attr("army") or "rail")
            else:
                left.append(u)
    by_train: dict[str, list] = defaultdict(list)
    for u in left:
        own = pic["train_of_corps"].get(u.attr("corps")) if u.attr("corps") else None
        # a corps formation uses its own corps train; Independent Army formations the army's (7.23.A)
        usable = (
            [own]
            if own is not None
            else ([] if u.attr("corps") else pic["trains_of_army"].get(u.attr("army"), []))
        )
        for t in usable:
            if t.id in pic["train_rows"]:
                by_train[t.id].append(u)
    for tid, group in by_train.items():
        ok = pic["train_rows"][tid].at([board.idx(u.hex) for u in group])
        for u, yes in zip(group, ok, strict=True):
            if yes and u.id not in out:
                out[u.id] = ("in supply", ["7.23", "7.23.A"], tid)
    for u in units:
        out.setdefault(u.id, ("out of supply", ["7.23", "7.23.B"], None))
    return out


def supply_report(rs, board, side: str) -> SupplyReport:
    from .command import command_picture
    from .isolation import isolated_units
    from .mission_orders import mission_orders
    from .moves import days_of
    from .replacement import take_replacements

    pic = supply_picture(rs, board, side)
    days = days_of(rs, board.state)
    per_day = int(rs.data["morale"]["out_of_supply_per_day"]["value"])
    units, pf_out = [], defaultdict(list)
    judged = [u for u in board.state.units_of(side) if not is_supply_class(u)]
    found = unit_supplies(rs, board, judged, pic)
    for u in judged:
        status, rules, source = found[u.id]
        entry = {"unit": u.id, "hex": u.hex, "status": status, "rules": rules}
        if source:
            entry["source"] = source
        elif u.attr("army") in pic["why"]:
            entry["why"] = pic["why"][u.attr("army")]
        units.append(entry)
        if status == "out of supply":
            pf_out[_pf(u)].append(u.id)
    command = command_picture(rs, board, side, pic)
    loss: dict[str, dict] = {}
    per_pf = rs.option(board.state, "supply_loss_per_formation")
    for pf, ids in pf_out.items():
        n = 1 if per_pf else len(ids)
        loss.setdefault(pf, {"supply": 0, "command": 0})["supply"] = per_day * days * n
    for pf, ml in command["ml_loss"].items():
        loss.setdefault(pf, {"supply": 0, "command": 0})["command"] = ml
    formations = [
        {
            "formation": pf,
            "supply_ml": -v["supply"],
            "command_ml": -v["command"],
            "ml_change": -(v["supply"] + v["command"]),
            "rules": ["7.23.B", "7.24.C", "11.25"],
        }
        for pf, v in sorted(loss.items())
    ]
    depots = [
        {
            "army": x.army,
            "main_depot": x.depot,
            "in_supply": x.in_supply,
            "status": x.status,
            "capabilities": list(x.capabilities),
            "shared_with": x.sharing,
            "line_of_communication": [board.arrays.ids[h] for h in x.loc],
            "army_supply": x.supply_units,
            "problems": x.problems,
        }
        for x in pic["lines"].values()
    ]
    isolated = isolated_units(rs, board, side)
    for e in units:
        if e["unit"] in isolated:
            e["isolated"] = True
            e["rules"] = [*e["rules"], "7.23.C"]
    iso_ml = int(rs.data["morale"]["isolated_ml"]["value"])
    isolated_pf = sorted({_pf(board.state.unit(x)) for x in isolated})
    for f in formations:
        if f["formation"] in isolated_pf:
            f["isolated"] = True
    formations += [
        {"formation": pf, "isolated": True, "ml_becomes": iso_ml, "rules": ["7.23.C"]}
        for pf in isolated_pf
        if pf not in {f["formation"] for f in formations}
    ]
    for f in formations:
        if f.get("isolated"):
            f["ml_becomes"] = iso_ml
    orders, rolls = mission_orders(rs, board, side)
    statuses = {e["unit"]: e["status"] for e in command["units"]}
    replacements = take_replacements(rs, board, side, pic["lines"], found, statuses)
    return supply_answer(
        side,
        units,
        mission_orders=orders,
        rolls=rolls,
        main_depots=depots,
        corps_trains=pic["trains"],
        command=command["units"],
        formations=formations,
        replacements=replacements,
        impulse_days=days,
    )


def _pf(u) -> str:
    return u.attr("pfi", u.id)
