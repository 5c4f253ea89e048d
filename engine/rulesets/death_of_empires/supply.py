"""Supply Status Step (7.23): units trace a path of at most a source's range (hexes, terrain
ignored) free of enemy units and of enemy ZOC without a friendly unit, to a source of their
formation: their army's Main Depot, LOC hexes and in-supply Army Supply units (all only with
Capability 1, 7.22), their corps train, or for strategic formations friendly operational rail joined
to a friendly map edge; a fortress with a supply symbol supplies units on or next to it. One search
per source group, every source started at the range it lacks from the longest."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from ...search import INF, csr, search_from_costs, search_graph
from .depots import army_lines, blocked_hexes, rail_steps, supply_range
from .units import is_supply_class, mode_of, unit_type


def _trace(board, side: str, avoid: np.ndarray, sources: list[tuple[int, int]]) -> np.ndarray:
    """Per hex, whether a source reaches it within its range: sources are (hex, range)."""
    if not sources:
        return np.zeros(board.n, dtype=bool)
    a = board.arrays
    land = ~np.isin(a.hex_terrain, ["all_water"]) & (a.location_kind == 0)
    open_side = a.valid & ~a.side_feature("blocked")
    step = np.where(open_side & (~avoid & land)[a.safe_nbr], 1.0, INF)
    top = max(r for _, r in sources)
    initial = np.full(board.n, INF)
    for h, r in sources:
        initial[h] = min(initial[h], float(top - r))
    dist, _ = search_from_costs(board.nbr, step, initial, limit=float(top))
    # the last step, into the unit's own hex, is always allowed (the unit is there)
    back = np.where(open_side, dist[a.safe_nbr], INF).min(axis=1) + 1
    return (dist <= top) | ((back <= top) & land)


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
    avoid = blocked_hexes(rs, board, side)
    lines = army_lines(rs, board, side)
    strict = rs.option(board.state, "no_capability_1") == "army_out_of_supply"
    reach: dict[str, np.ndarray] = {}
    why: dict[str, str] = {}
    trains: dict[str, bool] = {}
    for army, line in lines.items():
        cap1 = line.in_supply and 1 in line.capabilities
        feeds = []
        if cap1:
            feeds.append((line.depot_hex, supply_range(board, "main_depot")))
            feeds += [(h, supply_range(board, "loc")) for h in line.loc]
            for u in state.units_of(side):
                if unit_type(u) == "army_supply" and line.supply_units.get(u.id):
                    feeds.append((board.idx(u.hex), supply_range(board, "army_supply")))
        train_feed = feeds if cap1 or not strict else []
        if line.in_supply and not cap1 and not strict:
            train_feed = [(line.depot_hex, supply_range(board, "main_depot"))]
        fed_trains = []
        corps_trains = [
            u for u in state.units_of(side) if unit_type(u) == "corps_train" and u.attr("army") == army
        ]
        if corps_trains:
            fed = _trace(board, side, avoid, train_feed)
            for t in corps_trains:
                trains[t.id] = bool(fed[board.idx(t.hex)]) or mode_of(t) == "rail"
                if trains[t.id]:
                    fed_trains.append(t)
        reach[f"army:{army}"] = _trace(board, side, avoid, feeds)
        for t in fed_trains:
            reach[f"train:{t.id}"] = _trace(
                board, side, avoid, [(board.idx(t.hex), supply_range(board, "corps_train"))]
            )
        if not line.in_supply:
            why[army] = "its Main Depot is out of supply (7.23.A)"
        elif not cap1:
            why[army] = "its Main Depot has no Capability 1 this impulse (7.22)"
    strategic = [u for u in state.units_of(side) if not u.attr("army") and u.cls not in ("fortress",)]
    if strategic:
        rails = np.flatnonzero(edge_connected_rail(rs, board, side, avoid))
        feeds = [(int(h), supply_range(board, "rail")) for h in rails]
        reach["strategic"] = _trace(board, side, avoid, feeds)
        for t in state.units_of(side):
            if unit_type(t) == "corps_train" and not t.attr("army"):
                trains[t.id] = bool(np.isin(board.idx(t.hex), rails))
                if trains[t.id]:
                    reach[f"train:{t.id}"] = _trace(
                        board, side, avoid, [(board.idx(t.hex), supply_range(board, "corps_train"))]
                    )
    fort = np.zeros(board.n, dtype=bool)
    for f in state.units_of(side):
        if f.cls == "fortress" and f.attr("supply_symbol"):
            i = board.idx(f.hex)
            fort[i] = True
            nb = board.nbr[i]
            fort[nb[nb >= 0]] = True
    return {"lines": lines, "reach": reach, "why": why, "trains": trains, "fortress": fort}


def unit_supply(rs, board, u, pic) -> tuple[str, list[str], str | None]:
    """(status, rules, source) of one unit."""
    if u.cls == "fortress":
        return "in supply", ["13.21"], "fortress"
    if mode_of(u) == "rail":
        return "in supply", ["8.52"], "entrained"
    i = board.idx(u.hex)
    if pic["fortress"][i] and u.cls in ("combat", "artillery", "hq"):
        return "in supply", ["7.23.A"], "fortress"
    army, train = u.attr("army"), None
    for t in board.state.units_of(u.side):
        if unit_type(t) == "corps_train" and t.attr("corps") and t.attr("corps") == u.attr("corps"):
            train = t
    keys = [f"army:{army}"] if army else ["strategic"]
    if train is not None:
        keys.append(f"train:{train.id}")
    elif army and not u.attr("corps"):  # Independent Army formations may use the army's corps trains
        keys += [
            f"train:{t.id}"
            for t in board.state.units_of(u.side)
            if unit_type(t) == "corps_train" and t.attr("army") == army
        ]
    for k in keys:
        if k in pic["reach"] and pic["reach"][k][i]:
            return "in supply", ["7.23", "7.23.A"], k.split(":", 1)[-1]
    return "out of supply", ["7.23", "7.23.B"], None


def supply_report(rs, board, side: str) -> dict:
    from .command import command_picture
    from .moves import days_of

    pic = supply_picture(rs, board, side)
    days = days_of(rs, board.state)
    per_day = int(rs.data["morale"]["out_of_supply_per_day"]["value"])
    units, pf_out = [], defaultdict(list)
    for u in board.state.units_of(side):
        if is_supply_class(u):
            continue
        status, rules, source = unit_supply(rs, board, u, pic)
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
    summary: dict[str, int] = {}
    for e in units:
        summary[e["status"]] = summary.get(e["status"], 0) + 1
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
    return {
        "side": side,
        "summary": summary,
        "units": units,
        "main_depots": depots,
        "corps_trains": pic["trains"],
        "command": command["units"],
        "formations": formations,
        "impulse_days": days,
    }


def _pf(u) -> str:
    return u.attr("pfi", u.id)
