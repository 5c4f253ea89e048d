"""Supply (11.0): a line of at most four hexes (six for HQs on the Near East maps) to a friendly
Ultimate Supply Source on the same front map, or to a friendly town or city, or a same-nationality
HQ next to the unit, that links to one by a line of any length (11.21, 11.22); port supply (11.4);
fortress supply (11.51); what blocks a line (11.6, 12.2 Hot).

One search per side and source kind, never one per unit: the any-length links are one reverse
search from all the side's sources; the short lines one bounded search from all the sources and
linked secondary sources together.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...search import INF, search
from .operational import weather_by_location
from .position import Position

GRID_HOP = 1.0


def trace_costs(board, data, rs, side: str, mountain: bool) -> np.ndarray:
    """(N, D) hop costs (1 per hex entered) of a supply line of ``side`` stepping i -> nbr, inf
    where the line may not go: into enemy units or intact enemy forts, all-sea hexes, across
    all-sea or impassable hexsides, into Alpine hexes (non-mountain lines), into neutral hexes
    (option), out of a desert hex on the Near East maps in Hot weather (12.2). All-lake hexsides
    are traceable (11.6)."""

    def build():
        pos = Position.of(board, data)
        a = board.arrays
        nb = a.safe_nbr
        other = rs.other_side(side)
        ok = pos.grid_step.copy()
        ok &= ~pos.blocked_for(side, other)[nb]
        ok &= pos.terrain[nb] != "all_sea"
        ok &= ~(pos.side_feature("all_sea") | pos.side_feature("impassable"))
        if not mountain:
            ok &= pos.terrain[nb] != "alpine"
        if not rs.option(board.state, "supply_through_neutral"):
            ok &= ~pos.neutral()[nb]
        hot_desert = hot_desert_hexes(board, data, pos)
        ok &= ~hot_desert[:, None]
        return np.where(ok, GRID_HOP, INF)

    return board.cached(("gmt-trace", side, mountain), build)


def hot_desert_hexes(board, data, pos: Position) -> np.ndarray:
    near_east = np.array([bool(pos.fronts[f].near_east) if f else False for f in pos.front])
    weather = weather_by_location(board, pos, data)
    return near_east & (weather == "hot") & (pos.terrain == "desert")


def _relax_own_desert(dist: np.ndarray, board, data, rs, side, mountain, pos) -> np.ndarray:
    """12.2 with option ``own_hex``: a line may start in the unit's own desert hex (it goes *into*
    desert only at its end), so a desert hex is as far as its best neighbour plus one."""
    hot = hot_desert_hexes(board, data, pos)
    if not hot.any() or rs.option(board.state, "hot_desert_terminal") != "own_hex":
        return dist
    a = board.arrays
    rows = np.flatnonzero(hot)
    nb = a.safe_nbr[rows]
    # the step out of the own hex is judged as if the hex were not desert
    step_ok = pos.grid_step[rows] & ~(pos.side_feature("all_sea") | pos.side_feature("impassable"))[rows]
    target_ok = ~pos.blocked_for(side, rs.other_side(side))[nb] & (pos.terrain[nb] != "all_sea")
    if not mountain:
        target_ok &= pos.terrain[nb] != "alpine"
    best = np.where(step_ok & target_ok, dist[nb] + 1, INF).min(axis=1)
    out = dist.copy()
    out[rows] = np.minimum(out[rows], best)
    return out


class SupplyTrace:
    """The supply picture of one side for one kind of line (mountain or not)."""

    def __init__(self, board, data, rs, side: str, mountain: bool):
        self.board, self.data, self.rs, self.side, self.mountain = board, data, rs, side, mountain
        pos = Position.of(board, data)
        self.pos = pos
        a = board.arrays
        cost = trace_costs(board, data, rs, side, mountain)
        self.cost = cost
        uss = np.equal(a.hex_attr("uss"), side) & (pos.controller == side)
        uss &= ~hot_desert_hexes(board, data, pos)
        restricted = ~np.equal(a.hex_attr("uss_nations"), None)
        self.uss_general = uss & ~restricted
        self.uss_restricted = uss & restricted
        # any-length links to a general source (11.22), reverse search = lines traced toward it
        self.link, _ = search(a.nbr, cost, np.flatnonzero(self.uss_general), reverse=True)
        secondary = pos.town_or_city & (pos.controller == side) & np.isfinite(self.link)
        secondary &= ~self.restricted_secondary()
        self.secondary = secondary
        d = data["supply"]
        self.radius = int(d["direct"]["value"])
        self.hq_radius = int(d["hq_near_east"]["value"])
        starts = np.flatnonzero(self.uss_general | secondary)
        limit = max(self.radius, self.hq_radius)
        dist, _ = search(a.nbr, cost, starts, limit=limit, reverse=True)
        self.dist = _relax_own_desert(dist, board, data, rs, side, mountain, pos)
        self.direct, _ = search(a.nbr, cost, np.flatnonzero(self.uss_general), limit=limit, reverse=True)

    def restricted_secondary(self) -> np.ndarray:
        """11.22, 11.53: Allied secondary sources on the Egyptian front north of hexrow xx13
        before Gaza or Beersheba is taken; Sinai coastal towns before the pipeline reaches them."""
        a = self.board.arrays
        out = np.zeros(a.n, dtype=bool)
        if self.side != "allied":
            return out
        st = self.board.state
        pos = self.pos
        egypt = pos.front == "egyptian"
        if not st.extra.get("gaza_or_beersheba_allied"):
            cols = np.array([int(h[-2:]) if h[:1] == "N" and h[1:].isdigit() else 0 for h in a.ids])
            out |= egypt & (cols > 13) & pos.town_or_city
        pipeline = [a.index[h] for h in PIPELINE_TOWNS if h in a.index]
        marker = [k for k, h in enumerate(PIPELINE_TOWNS) if st.hex(h).field("pipeline")]
        reached = max(marker) if marker else -1
        allied_units = pos.units_of("allied")
        for k, i in enumerate(pipeline):
            if k > reached and not allied_units[i]:
                out[i] = True
        return out


PIPELINE_TOWNS = ["N4011", "N3611", "N3311", "N3112"]  # west to east (11.53)


def traces(board, data, rs, side: str) -> dict[bool, SupplyTrace]:
    return board.cached(
        ("gmt-supply", side),
        lambda: {m: SupplyTrace(board, data, rs, side, m) for m in (False, True)},
    )


def unit_supply(board, data, rs, unit, at: str | None = None) -> dict[str, Any]:
    """The supply status of ``unit`` (standing at ``at`` if given): status, how and the rules."""
    pos = Position.of(board, data)
    a = board.arrays
    hex_id = at or unit.hex
    i = a.index[hex_id]
    side = unit.side
    if a.location_kind[i] == 2:
        kind = pos.box_kind[i]
        return {"status": "in supply", "via": f"{kind} box", "rules": ["11.32"]}
    if unit.cls == "air":
        return {"status": "in supply", "via": "air unit", "rules": ["15.11"]}
    t = traces(board, data, rs, side)[pos.is_mountain(unit)]
    front = pos.fronts[pos.front[i]]
    hq_ne = unit.cls == "hq" and front.near_east
    radius = t.hq_radius if hq_ne else t.radius
    rule = "11.21"
    if t.dist[i] <= radius:
        via = "ultimate source" if t.direct[i] <= radius else "secondary source"
        return {"status": "in supply", "via": via, "hexes": int(t.dist[i]), "rules": [rule, "11.22"]}
    # restricted ultimate sources (Basra/Abadan: British only, 11.33)
    rest = np.flatnonzero(t.uss_restricted)
    for s in rest:
        if unit.nation in (a.hex_attr("uss_nations")[s] or ()):
            d, _ = search(a.nbr, t.cost, [int(s)], limit=radius, reverse=True)
            if d[i] <= radius:
                return {
                    "status": "in supply",
                    "via": "ultimate source",
                    "hexes": int(d[i]),
                    "rules": ["11.33"],
                }
    hq = _hq_supply(board, data, rs, unit, i, t)
    if hq:
        return hq
    port = _port_supply(board, data, rs, unit, i, t)
    if port:
        return port
    fort = a.hex_attr("fort")[i]
    if fort and pos.forts_intact(side)[i] and a.hex_attr("fort_nation")[i] == unit.nation:
        return {"status": "fortress supply", "via": f"{fort} of its own nationality", "rules": ["11.51"]}
    return {
        "status": "out of supply",
        "rules": ["11.21", "11.8"],
        "effects": [
            f"combat factor halved, rounded up: {math.ceil((unit.strength or 0) / 2)} (11.83)",
            "eliminated in the next Attrition Phase (11.84)",
            "may not use strategic or sea movement (11.81)",
        ],
    }


def _nation_group(rs, state, nation: str) -> str:
    empire = rs.data["supply"]["british_empire"]["value"]
    if rs.option(state, "british_empire_one_nation") and nation in empire:
        return "br"
    return nation


def _hq_supply(board, data, rs, unit, i, t) -> dict | None:
    """11.22: stacked with or adjacent to a same-nationality HQ that links to a source."""
    a = board.arrays
    group = _nation_group(rs, board.state, unit.nation)
    pos = t.pos
    across = pos.grid_step[i] & ~(pos.side_feature("all_sea") | pos.side_feature("impassable"))[i]
    near = {i} | {int(n) for n in a.nbr[i][across]}  # not across sea or impassable sides (A10)
    for u in board.state.units_of(unit.side):
        if u.cls != "hq" or u.id == unit.id or _nation_group(rs, board.state, u.nation) != group:
            continue
        j = a.index[u.hex]
        if j in near and np.isfinite(t.link[j]):
            return {"status": "in supply", "via": f"HQ {u.id}", "rules": ["11.22"]}
    return None


def _port_supply(board, data, rs, unit, i, t) -> dict | None:
    """11.4: ports as if they were Ultimate Supply Sources (no secondary sources)."""
    a = board.arrays
    pos = t.pos
    ports = data["port_supply"]
    hex_id = a.ids[i]
    state = board.state
    for name, rule in ports.items():
        if unit.side != rule["side"] or pos.front[i] not in rule["fronts"]:
            continue
        nations = rule.get("nations")
        if nations and _nation_group(rs, state, unit.nation) not in nations and unit.nation not in nations:
            continue
        need = rule.get("needs_control")
        if need and pos.controller[a.index[need]] != unit.side:
            continue
        hexes = rule.get("hexes")
        cands = (
            [a.index[h] for h in hexes if h in a.index]
            if hexes
            else list(np.flatnonzero(pos.port & (pos.front == pos.front[i])))
        )
        cands = [c for c in cands if pos.controller[c] == unit.side and _port_works(board, data, a.ids[c])]
        if not cands:
            continue
        if i in cands and rule.get("occupying", True):
            return {"status": "in supply", "via": f"port {a.ids[i]} ({name})", "rules": [rule["rule"]]}
        radius = rule.get("radius")
        radius_nations = rule.get("radius_nations")
        if radius and (
            not radius_nations
            or _nation_group(rs, state, unit.nation) in radius_nations
            or unit.nation in radius_nations
        ):
            centres = [c for c in cands if not rule.get("radius_from") or a.ids[c] in rule["radius_from"]]
            d, _ = search(a.nbr, t.cost, centres, limit=radius, reverse=True)
            if d[i] <= radius:
                return {
                    "status": "in supply",
                    "via": f"port within {int(d[i])} hexes ({name})",
                    "rules": [rule["rule"]],
                }
    del hex_id
    return None


def _port_works(board, data, port: str) -> bool:
    """11.44: Antwerp (and Rouen) serve only while the Allies control all their port-control
    hexes and (Antwerp, 2nd ed.) no CP unit stands in one of its blocking hexes."""
    rule = data["port_control"].get(port)
    if not rule:
        return True
    pos = Position.of(board, data)
    a = board.arrays
    for h in rule.get("controlled", []):
        if h in a.index and pos.controller[a.index[h]] != "allied":
            return False
    cp = pos.units_of("cp")
    return not any(h in a.index and cp[a.index[h]] for h in rule.get("blockers", []))


def supply_report(board, data, rs, side: str) -> dict[str, Any]:
    out = []
    summary: dict[str, int] = {}
    for u in board.state.units_of(side):
        entry = {"unit": u.id, "hex": u.hex, **unit_supply(board, data, rs, u)}
        out.append(entry)
        summary[entry["status"]] = summary.get(entry["status"], 0) + 1
    return {"side": side, "summary": summary, "units": out}
