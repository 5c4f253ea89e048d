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

from ...reports import SupplyReport
from ...ruleset import supply_answer
from ...search import INF, csr, search_graph
from .maparrays import grid_arrays
from .pipeline import TOWNS
from .position import Position
from .prohibitions import kut_besieged

GRID_HOP = 1.0


def trace_ok(board, data, rs, side: str, mountain: bool) -> np.ndarray:
    """(N, 6) where a supply line of ``side`` may step from a hex across each grid side: not into
    enemy units or intact enemy forts, all-sea hexes, across all-sea or impassable hexsides, into
    Alpine hexes (non-mountain lines), into neutral hexes (option), nor out of a desert hex on the
    Near East maps in Hot weather (12.2). All-lake hexsides are traceable (11.6)."""

    def build():
        pos = Position.of(board, data)
        g = grid_arrays(board.arrays)
        nb = g.nb6
        stop = pos.blocked_for(side, rs.other_side(side)) | g.terrain_is("all_sea")
        if not mountain:
            stop |= g.terrain_is("alpine")
        if not rs.option(board.state, "supply_through_neutral"):
            stop |= pos.neutral()
        ok = g.grid6 & ~stop[nb] & ~(g.side("all_sea") | g.side("impassable"))
        ok &= ~hot_desert_hexes(board, data, pos)[:, None]
        return ok

    return board.cached(("gmt-trace", side, mountain), build)


def hot_desert_hexes(board, data, pos: Position) -> np.ndarray:
    from .operational import weather_masks

    return (
        pos.near_east
        & weather_masks(board, pos, data)["hot"]
        & grid_arrays(board.arrays).terrain_is("desert")
    )


def _relax_own_desert(dist, nearest, board, data, rs, side, mountain, pos) -> tuple[np.ndarray, np.ndarray]:
    """12.2 with option ``own_hex``: a line may start in the unit's own desert hex (it goes *into*
    desert only at its end), so a desert hex is as far as its best neighbour plus one (and its
    nearest source is that neighbour's)."""
    hot = hot_desert_hexes(board, data, pos)
    if not hot.any() or rs.option(board.state, "hot_desert_terminal") != "own_hex":
        return dist, nearest
    g = grid_arrays(board.arrays)
    rows = np.flatnonzero(hot)
    nb = g.nb6[rows]
    # the step out of the own hex is judged as if the hex were not desert
    step_ok = g.grid6[rows] & ~(g.side("all_sea") | g.side("impassable"))[rows]
    stop = pos.blocked_for(side, rs.other_side(side)) | g.terrain_is("all_sea")
    if not mountain:
        stop |= g.terrain_is("alpine")
    via = np.where(step_ok & ~stop[nb], dist[nb] + 1, INF)
    k = via.argmin(axis=1)
    best = via[np.arange(len(rows)), k]
    better = best < dist[rows]
    out, src = dist.copy(), nearest.copy()
    out[rows[better]] = best[better]
    src[rows[better]] = nearest[nb[np.arange(len(rows)), k]][better]
    return out, src


class SupplyTrace:
    """The supply picture of one side for one kind of line (mountain or not)."""

    def __init__(self, board, data, rs, side: str, mountain: bool):
        self.board, self.data, self.rs, self.side, self.mountain = board, data, rs, side, mountain
        pos = Position.of(board, data)
        self.pos = pos
        a = board.arrays
        g = grid_arrays(a)
        ok = trace_ok(board, data, rs, side, mountain)
        self.ok = ok
        # the lines stepped backward: searched from the sources toward the units, built once
        self.toward = csr(np.where(ok, a.nbr[:, :6], -1), np.where(ok, GRID_HOP, INF)).T.tocsr()
        del g
        uss = np.equal(a.hex_attr("uss"), side) & (pos.controller == side)
        uss &= ~hot_desert_hexes(board, data, pos)
        restricted = ~np.equal(a.hex_attr("uss_nations"), None)
        self.uss_general = uss & ~restricted
        self.uss_restricted = uss & restricted
        # any-length links to a general source (11.22), reverse search = lines traced toward it
        self.link = self.search(np.flatnonzero(self.uss_general))
        secondary = pos.town_or_city & (pos.controller == side) & np.isfinite(self.link)
        secondary &= ~self.restricted_secondary()
        self.secondary = secondary
        d = data["supply"]
        self.radius = int(d["direct"]["value"])
        self.hq_radius = int(d["hq_near_east"]["value"])
        starts = np.flatnonzero(self.uss_general | secondary)
        limit = max(self.radius, self.hq_radius)
        dist, _, nearest = search_graph(self.toward, starts, limit=limit, with_sources=True)
        self.dist, self.nearest = _relax_own_desert(dist, nearest, board, data, rs, side, mountain, pos)

    def search(self, sources, limit: float = INF) -> np.ndarray:
        """Hexes from each location to the nearest of ``sources`` along a supply line."""
        return search_graph(self.toward, np.asarray(sources, dtype=np.int64), limit=limit)[0]

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
            towns = np.flatnonzero(egypt & pos.town_or_city)
            north = [i for i in towns if int(a.ids[i][-2:]) > 13]  # CC grows northward there
            out[north] = True
        pipeline = [a.index[h] for h in TOWNS if h in a.index]
        marker = [k for k, h in enumerate(TOWNS) if st.hex(h).field("pipeline")]
        reached = max(marker) if marker else -1
        allied_units = pos.units_of("allied")
        for k, i in enumerate(pipeline):
            if k > reached and not allied_units[i]:
                out[i] = True
        return out


class _Lazy(dict):
    """The two traces of a side (mountain lines or not), each built when first asked for."""

    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, mountain: bool) -> SupplyTrace:
        self[mountain] = t = self.build(mountain)
        return t


def traces(board, data, rs, side: str) -> dict[bool, SupplyTrace]:
    """The side's traces; mountain lines differ only where there are Alpine hexes (11.6), so a
    map without them has one trace for both."""

    def build(mountain: bool) -> SupplyTrace:
        if mountain and not grid_arrays(board.arrays).terrain_is("alpine").any():
            return lazy[False]
        return SupplyTrace(board, data, rs, side, mountain)

    lazy = board.cached(("gmt-supply", side), lambda: _Lazy(build))
    return lazy


# ------------------------------------------------------------------ per-location masks (cached)
def _restricted_dist(t: SupplyTrace, nation: str) -> np.ndarray | None:
    """Distances to the restricted sources this nation may use (Basra, Abadan: British, 11.33),
    or to a town or city linked to one."""
    a = t.board.arrays
    rest = np.flatnonzero(t.uss_restricted)
    mine = [int(s) for s in rest if nation in (a.hex_attr("uss_nations")[s] or ())]
    if not mine:
        return None

    def build() -> np.ndarray:
        # the towns and cities linked to these sources serve the same nations (11.22)
        linked = np.isfinite(t.search(mine)) & t.pos.town_or_city & (t.pos.controller == t.side)
        linked &= ~t.restricted_secondary()
        starts = np.union1d(mine, np.flatnonzero(linked))
        return t.search(starts, t.hq_radius)

    return t.board.cached(("gmt-restricted", t.side, t.mountain, tuple(mine)), build)


def _hq_mask(t: SupplyTrace, rs, group: str, exclude: str | None = None) -> np.ndarray:
    """11.22: locations stacked with or next to (not across sea or impassable hexsides, A10) an HQ
    of ``group`` that links to a source by a line of any length; value: the HQ's location. An HQ is
    a secondary source for the *other* units with or next to it, not for itself (11.21, 11.22: it
    traces four hexes, six in the Near East, like any unit): ``exclude`` names the HQ asking."""

    def build():
        board = t.board
        a = board.arrays
        out = np.full(a.n, -1, dtype=np.int64)
        hqs = [
            u
            for u in board.state.units_of(t.side)
            if u.cls == "hq" and u.id != exclude and _nation_group(rs, board.state, u.nation) == group
        ]
        g = grid_arrays(a)
        across = g.grid6 & ~(g.side("all_sea") | g.side("impassable"))
        for u in hqs:
            j = a.index[u.hex]
            if a.location_kind[j] != 0 or not np.isfinite(t.link[j]):
                continue
            out[j] = j
            around = g.nb6[j][across[j]]
            out[around[out[around] < 0]] = j
        return out

    return t.board.cached(("gmt-hq-mask", t.side, t.mountain, group, exclude), build)


def _port_masks(t: SupplyTrace, rs, name: str, rule: dict) -> tuple[np.ndarray, np.ndarray | None]:
    """11.4: (ports that serve, hexes within the rule's radius of one) for one port rule."""

    def build():
        board = t.board
        a = board.arrays
        pos = t.pos
        fronts = np.isin(pos.front, rule["fronts"])
        if rule.get("hexes"):
            cand = np.zeros(a.n, dtype=bool)
            cand[[a.index[h] for h in rule["hexes"] if h in a.index]] = True
        else:
            cand = pos.port & fronts
        cand &= pos.controller == t.side
        need = rule.get("needs_control")
        if need and (need not in a.index or pos.controller[a.index[need]] != t.side):
            cand[:] = False
        for i in np.flatnonzero(cand):
            if not _port_works(board, t.data, a.ids[i]):
                cand[i] = False
        near = None
        if rule.get("radius"):
            centres = cand.copy()
            if rule.get("radius_from"):
                keep = np.zeros(a.n, dtype=bool)
                keep[[a.index[h] for h in rule["radius_from"] if h in a.index]] = True
                centres &= keep
            d = t.search(np.flatnonzero(centres), rule["radius"])
            near = d <= rule["radius"]
        return cand, near

    return t.board.cached(("gmt-port", t.side, t.mountain, name), build)


def unit_supply(board, data, rs, unit, at: str | None = None) -> dict[str, Any]:
    """The supply status of ``unit`` (standing at ``at`` if given): status, how and the rules."""
    pos = Position.of(board, data)
    a = board.arrays
    i = a.index[at or unit.hex]
    if a.location_kind[i] == 2:
        return {"status": "in supply", "via": f"{pos.box_kind[i]} box", "rules": ["11.32"]}
    if unit.cls == "air":
        return {"status": "in supply", "via": "air unit", "rules": ["15.11"]}
    kut = _kut(board, data, unit)
    if kut is not None and kut[0][i]:
        return kut[1]
    t = traces(board, data, rs, unit.side)[pos.is_mountain(unit)]
    front = pos.fronts[pos.front[i]]
    radius = t.hq_radius if unit.cls == "hq" and front.near_east else t.radius
    if t.dist[i] <= radius:
        src = int(t.nearest[i])
        via = f"{'ultimate' if t.uss_general[src] else 'secondary'} source {a.ids[src]}"
        return {"status": "in supply", "via": via, "hexes": int(t.dist[i]), "rules": ["11.21", "11.22"]}
    rest = _restricted_dist(t, unit.nation)
    if rest is not None and rest[i] <= radius:
        return {"status": "in supply", "via": "ultimate source", "hexes": int(rest[i]), "rules": ["11.33"]}
    hq = _hq_mask(t, rs, _nation_group(rs, board.state, unit.nation), _self_hq(unit))[i]
    if hq >= 0:
        holder = next(
            u.id
            for u in board.state.units_of(unit.side)
            if u.cls == "hq" and u.hex == a.ids[hq] and u.id != unit.id
        )
        return {"status": "in supply", "via": f"HQ {holder}", "rules": ["11.22"]}
    port = _port_supply(board, data, rs, unit, i, t)
    if port:
        return port
    coast = _coastal(board, data, pos, unit)
    if coast is not None and coast[i]:
        return {"status": "in supply", "via": f"coastal hex ({a.hex_attr('coast')[i]})", "rules": ["11.45"]}
    channel = _channel_secondary_dist(t, rs, unit)
    if channel is not None and channel[i] <= t.radius:
        return {
            "status": "in supply",
            "via": "through secondary sources to Calais or Dunkirk",
            "hexes": int(channel[i]),
            "rules": [data["channel_secondary"]["rule"]],
        }
    fort = a.hex_attr("fort")[i]
    if fort and pos.forts_intact(unit.side)[i] and a.hex_attr("fort_nation")[i] == unit.nation:
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


def channel_port_supply(board, data, rs, unit, at: str) -> bool:
    """Whether ``unit`` standing at ``at`` would be supplied by a Channel port (11.44)."""
    pos = Position.of(board, data)
    t = traces(board, data, rs, unit.side)[pos.is_mountain(unit)]
    sup = _port_supply(board, data, rs, unit, board.arrays.index[at], t)
    return sup is not None and "11.44" in sup["rules"]


def supplied_mask(board, data, rs, unit) -> np.ndarray:
    """Per location, whether ``unit`` would be in supply there (8.26: where it may end a move),
    from the same cached searches as :func:`unit_supply`, without a search per location."""
    pos = Position.of(board, data)
    t = traces(board, data, rs, unit.side)[pos.is_mountain(unit)]
    radius = np.full(board.n, float(t.radius))
    if unit.cls == "hq":
        radius[np.isin(pos.front, [f for f, x in pos.fronts.items() if x.near_east])] = t.hq_radius
    ok = t.dist <= radius
    rest = _restricted_dist(t, unit.nation)
    if rest is not None:
        ok |= rest <= radius
    ok |= _hq_mask(t, rs, _nation_group(rs, board.state, unit.nation), _self_hq(unit)) >= 0
    for name, rule in data["port_supply"].items():
        if not _port_applies(rs, board.state, unit, rule):
            continue
        cand, near = _port_masks(t, rs, name, rule)
        ok |= cand & np.isin(pos.front, rule["fronts"])
        if near is not None and _radius_applies(rs, board.state, unit, rule):
            ok |= near & np.isin(pos.front, rule["fronts"])
    coast = _coastal(board, data, pos, unit)
    if coast is not None:
        ok |= coast
    kut = _kut(board, data, unit)
    if kut is not None:
        ok |= kut[0]
    channel = _channel_secondary_dist(t, rs, unit)
    if channel is not None:
        ok |= channel <= t.radius
    ok |= board.arrays.location_kind == 2  # the boxes supply their units (11.32)
    return ok


def _kut(board, data, unit) -> tuple[np.ndarray, dict] | None:
    """14.24: CP units in the three "K" hexes are in supply; 14.23: besieged Allied units in Kut
    are automatically on fortress supply. (where, status) or None."""
    return board.cached(("gmt-kut-supply", unit.side), lambda: _kut_supply(board, data, unit.side))


def _kut_supply(board, data, side: str) -> tuple[np.ndarray, dict] | None:
    a = board.arrays
    if side == "cp":
        k = np.equal(a.hex_attr("kut_siege"), True)
        if not k.any():
            return None
        return k, {"status": "in supply", "via": 'a "K" hex next to Kut', "rules": ["14.24"]}
    rule = data["prohibitions"]["kut"]
    if rule["hex"] not in a.index or not kut_besieged(board, data):
        return None
    where = np.zeros(a.n, dtype=bool)
    where[a.index[rule["hex"]]] = True
    return where, {"status": "fortress supply", "via": "Kut under siege", "rules": ["14.23"]}


def _coastal(board, data, pos, unit) -> np.ndarray | None:
    """11.45: the coastal hexes where ``unit``'s nation is in supply (Russians and Turks on the
    Caucasus map's Black Sea coast, Russians on its Caspian coast), or None."""
    rules = [r for r in data["coastal_supply"].values() if unit.nation in r["nations"]]
    if not rules:
        return None

    def build() -> np.ndarray:
        coast = board.arrays.hex_attr("coast")
        out = np.zeros(board.n, dtype=bool)
        for r in rules:
            out |= (pos.front == r["front"]) & np.equal(coast, r["coast"])
        return out

    return board.cached(("gmt-coastal-supply", unit.nation), build)


def _channel_secondary_dist(t: SupplyTrace, rs, unit) -> np.ndarray | None:
    """11.44 exception: hexes from a British unit to Calais or Dunkirk (serving as Channel ports)
    or to a friendly town or city linked to one by a line of any length; None for other units."""
    rule = t.data["channel_secondary"]
    if unit.side != "allied" or _nation_group(rs, t.board.state, unit.nation) != rule["nation_group"]:
        return None

    def build() -> np.ndarray:
        a = t.board.arrays
        pos = t.pos
        ports = [
            a.index[h]
            for h in rule["ports"]
            if h in a.index and pos.controller[a.index[h]] == "allied" and _port_works(t.board, t.data, h)
        ]
        if not ports:
            return np.full(a.n, INF)
        linked = np.isfinite(t.search(ports)) & pos.town_or_city & (pos.controller == "allied")
        linked &= ~t.restricted_secondary()
        return t.search(np.union1d(ports, np.flatnonzero(linked)), t.radius)

    return t.board.cached(("gmt-channel-secondary", t.mountain), build)


def _self_hq(unit) -> str | None:
    """The HQ that may not supply ``unit``: itself (11.22)."""
    return unit.id if unit.cls == "hq" else None


def _nation_group(rs, state, nation: str) -> str:
    """The nationality that shares HQs and ports with ``nation`` (British Empire as one, A13)."""
    empire = rs.data["supply"]["british_empire"]["value"]
    if nation in empire and rs.option(state, "british_empire_one_nation"):
        return "br"
    return nation


def _port_applies(rs, state, unit, rule) -> bool:
    if unit.side != rule["side"]:
        return False
    nations = rule.get("nations")
    return not nations or unit.nation in nations or _nation_group(rs, state, unit.nation) in nations


def _radius_applies(rs, state, unit, rule) -> bool:
    nations = rule.get("radius_nations")
    return not nations or unit.nation in nations or _nation_group(rs, state, unit.nation) in nations


def _port_supply(board, data, rs, unit, i, t) -> dict | None:
    """11.4: ports as if they were Ultimate Supply Sources (no secondary sources)."""
    a = board.arrays
    for name, rule in data["port_supply"].items():
        if not _port_applies(rs, board.state, unit, rule) or t.pos.front[i] not in rule["fronts"]:
            continue
        cand, near = _port_masks(t, rs, name, rule)
        if cand[i]:
            return {"status": "in supply", "via": f"port {a.ids[i]} ({name})", "rules": [rule["rule"]]}
        if near is not None and near[i] and _radius_applies(rs, board.state, unit, rule):
            return {
                "status": "in supply",
                "via": f"port within {rule['radius']} hexes ({name})",
                "rules": [rule["rule"]],
            }
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


def supply_report(board, data, rs, side: str) -> SupplyReport:
    out = [
        {"unit": u.id, "hex": u.hex, **unit_supply(board, data, rs, u)} for u in board.state.units_of(side)
    ]
    return supply_answer(side, out)
