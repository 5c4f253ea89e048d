"""Supply [11]: unlimited chains of friendly-controlled land areas back to a source, port-to-port
hops held by naval units, and the one-hop rule for units next to supplied friends.

Sources [11.2.2], [11.5]: land areas of the unit's own country or of a Major Power on its side,
under friendly control. A chain runs over land borders into friendly-controlled areas; a
Strategic Obstacle blocks it in Winter [9.4.1], [14.1]. The unit's own area need not be friendly
(option ``own_area_controlled``, spec A14). Port to port [11.5.1]: a chain reaching a usable
friendly port continues from every usable friendly port that one in-supply friendly naval unit
has within its allowance of both. A unit with no line is still supplied when it shares or
borders an area with a unit supplied by a line [11.2.3] (one hop; option
``adjacent_supply_chains``). Control is read from the position as given: the start of the
Supply Segment [11.6]. One search per side and source set, not one per unit.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...ruleset import supply_answer
from ...search import INF, path_to, search
from .control import bombarded_ports
from .operational import step_weather


def passable(rs, board, geo) -> np.ndarray:
    """(N, D): land borders a supply line may cross this turn."""

    def build():
        weather = step_weather(rs, board, geo)
        ok = geo.ground_edge.copy()
        for kind, spec in rs.data["borders"].items():
            for w in spec.get("supply_blocked_in", ()):
                ok &= ~(np.equal(geo.edge_kind, kind) & np.equal(weather, w))
        return ok

    return board.cached("gwa-supply-passable", build)


def usable_ports(rs, board, geo, occ, side: str) -> np.ndarray:
    """Ports whose land area is friendly-controlled (so not contested) and not bombarded [4], [8.8]."""
    land = geo.land_area
    ok = geo.port & (land >= 0)
    ctrl = occ.friendly(side)[np.maximum(land, 0)]
    bombarded = bombarded_ports(board)
    return ok & ctrl & ~bombarded


def land_lines(rs, board, geo, occ, side: str, nation: str, extra_sources: np.ndarray | None = None):
    """(dist, pred) of the chains toward the sources of ``nation``'s units (searched from the sources)."""
    a = board.arrays
    friendly = occ.friendly(side)
    countries = set(rs.friendly_majors(board.state, side)) | {nation}
    source = geo.land & friendly & np.isin(geo.country.astype(str), sorted(countries))
    if extra_sources is not None:
        source = source | (extra_sources & ~source)
    step_ok = passable(rs, board, geo) & friendly[a.safe_nbr]
    cost = np.where(step_ok, 1.0, INF)
    dist, pred = search(a.nbr, cost, np.flatnonzero(source), reverse=True)
    return source, dist, pred


def naval_links(rs, board, geo, occ, side: str) -> list[np.ndarray]:
    """Per in-supply friendly naval unit, the usable friendly ports within its allowance [11.5.1]."""
    from .naval import naval_distance

    ports = usable_ports(rs, board, geo, occ, side)
    out = []
    for u in board.state.units_of(side):
        if rs.is_ground(u) or u.attr("in_supply", True) is False:
            continue
        dist = naval_distance(rs, board, geo, occ, u)
        within = ports & (dist <= rs.naval_allowance(board.state, geo, board, u))
        if within.any():
            out.append(within)
    return out


def ground_supply(rs, board, geo, occ, side: str, nation: str) -> tuple[np.ndarray, Any]:
    """Per location, whether a unit of ``nation`` there has a line of supply (11.2.1, 11.2.2, 11.5.1),
    and the search that found it."""
    return board.cached(
        ("gwa-lines", side, nation), lambda: _ground_supply(rs, board, geo, occ, side, nation)
    )


def _ground_supply(rs, board, geo, occ, side: str, nation: str) -> tuple[np.ndarray, Any]:
    a = board.arrays
    links = naval_links(rs, board, geo, occ, side)
    own = bool(rs.option(board.state, "own_area_controlled"))
    extra = np.zeros(a.n, dtype=bool)
    while True:
        source, dist, pred = land_lines(rs, board, geo, occ, side, nation, extra)
        line = np.isfinite(dist) & occ.friendly(side)  # areas on a chain (friendly themselves)
        grown = extra.copy()
        base = source & ~extra
        for ports in links:
            lands = geo.land_area[ports]
            if line[lands].any():
                grown[lands] = ~base[lands]
        if (grown == extra).all():
            break
        extra = grown
    reached = line.copy()
    if not own:  # A14: the unit's own area need not be friendly; its next area must be on a chain
        step = passable(rs, board, geo) & a.valid & line[a.safe_nbr]
        reached |= step.any(axis=1) & geo.land
    return reached, (source, dist, pred, extra, line)


def report(rs, board, geo, occ, side: str) -> dict[str, Any]:
    a = board.arrays
    units = [u for u in board.state.units_of(side)]
    ground = [u for u in units if rs.is_ground(u) and not u.attr("interned", False)]
    lines: dict[str, tuple] = {}
    for nation in sorted({u.nation for u in ground}):
        lines[nation] = ground_supply(rs, board, geo, occ, side, nation)
    entries: dict[str, dict[str, Any]] = {}
    by_line = set()
    for u in ground:
        reached, (source, dist, pred, extra, line) = lines[u.nation]
        i = board.idx(u.hex)
        if reached[i]:
            by_line.add(u.id)
            start = i
            if not np.isfinite(dist[i]):  # own area not friendly: through its best neighbour
                ok = passable(rs, board, geo)[i]
                nb = [int(j) for j, open_ in zip(a.nbr[i], ok, strict=True) if j >= 0 and open_ and line[j]]
                start = min(nb, key=lambda j: dist[j])
            path = [a.ids[j] for j in path_to(pred, start)][::-1]
            if start != i:
                path = [u.hex, *path]
            rule = "11.2.1" if len(path) == 1 else "11.2.2"
            if extra[board.idx(path[-1])]:
                rule = "11.5.1"
            entries[u.id] = {
                "unit": u.id,
                "hex": u.hex,
                "status": "in supply",
                "rules": [rule],
                "source": path[-1],
                "path": path,
            }
        else:
            entries[u.id] = {"unit": u.id, "hex": u.hex, "status": "out of supply", "rules": ["11.2.2"]}
    for uid in oversea_from_coast(
        rs, board, geo, occ, side, [u for u in ground if u.id not in by_line], lines
    ):
        entries[uid].update(status="in supply", rules=["11.5.3"])
        by_line.add(uid)
    chains = bool(rs.option(board.state, "adjacent_supply_chains"))
    supplied = set(by_line)
    while True:
        near = np.zeros(a.n, dtype=bool)
        for uid in supplied:
            i = board.idx(board.state.unit(uid).hex)
            near[i] = True
            near[a.nbr[i][(a.nbr[i] >= 0) & geo.ground_edge[i]]] = True
        added = {u.id for u in ground if u.id not in supplied and near[board.idx(u.hex)]}
        for uid in added:
            entries[uid].update(status="in supply", rules=["11.2.3"])
        supplied |= added
        if not added or not chains:
            break
    for u in units:
        if rs.is_ground(u):
            if u.attr("interned", False):
                entries[u.id] = {"unit": u.id, "hex": u.hex, "status": "interned", "rules": ["13.4"]}
            continue
        entries[u.id] = naval_entry(rs, board, geo, occ, u)
    out = [entries[u.id] for u in units]
    return supply_answer(side, out, control_read="start of the Supply Segment (11.6)")


def oversea_from_coast(rs, board, geo, occ, side: str, units, lines) -> set[str]:
    """[11.5.3]: units in a coastal area with no usable friendly port are supplied by friendly
    in-supply naval units within one Naval MA of that area's coast and of a supplied friendly port,
    one naval CSP per ground CSP (the units' strength, spec A15); each naval unit serves one area."""
    from .naval import naval_distance

    a = board.arrays
    ports = usable_ports(rs, board, geo, occ, side)
    by_area: dict[int, list] = {}
    for u in units:
        by_area.setdefault(board.idx(u.hex), []).append(u)
    ships = [
        s
        for s in board.state.units_of(side)
        if not rs.is_ground(s) and s.attr("in_supply", True) is not False
    ]
    if not by_area or not ships:
        return set()
    reach = {
        s.id: (naval_distance(rs, board, geo, occ, s), rs.naval_allowance(board.state, geo, board, s))
        for s in ships
    }
    used: set[str] = set()
    out: set[str] = set()
    for area, group in sorted(by_area.items()):
        if (ports & (geo.land_area == area)).any():
            continue  # a usable port of its own: 11.5.1 applies there
        seas = [int(j) for j in a.nbr[area][a.valid[area]] if geo.sea[j]]
        if not seas:
            continue
        need = sum(Fraction(u.strength or 0) for u in group)
        _, (_, _, _, _, on_line) = lines[group[0].nation]
        supplied_ports = [int(p) for p in np.flatnonzero(ports) if on_line[geo.land_area[p]]]
        have = Fraction(0)
        for s in ships:
            dist, ma = reach[s.id]
            if s.id in used or min(dist[seas]) > ma or not any(dist[p] <= ma for p in supplied_ports):
                continue
            have += Fraction(s.strength or 0)
            used.add(s.id)
            if have >= need:
                break
        if have >= need:
            out |= {u.id for u in group}
    return out


def naval_entry(rs, board, geo, occ, u) -> dict[str, Any]:
    """[11.3.1]: within its allowance of a usable friendly port of its own country or a friendly
    Major Power; [11.3.3]: Allied naval units on a Sea Lane are always supplied."""
    from .naval import naval_distance

    i = board.idx(u.hex)
    if geo.lane[i] and u.side == "allies":
        return {"unit": u.id, "hex": u.hex, "status": "in supply", "rules": ["11.3.3"]}
    side = u.side
    ports = usable_ports(rs, board, geo, occ, side)
    land = np.maximum(geo.land_area, 0)
    own = set(rs.friendly_majors(board.state, side)) | {u.nation}
    ports &= np.isin(geo.country[land].astype(str), sorted(own))
    dist = naval_distance(rs, board, geo, occ, u)
    within = dist <= rs.naval_allowance(board.state, geo, board, u)
    for rule, ok in (("11.3.1", ports & within), ("11.3.2", within & linked_ports(rs, board, geo, occ, u))):
        if ok.any():
            best = int(np.flatnonzero(ok)[np.argmin(dist[ok])])
            return {
                "unit": u.id,
                "hex": u.hex,
                "status": "in supply",
                "rules": [rule],
                "source": board.arrays.ids[best],
            }
    return {"unit": u.id, "hex": u.hex, "status": "out of supply", "rules": ["11.3.1", "11.3.2"]}


def linked_ports(rs, board, geo, occ, u) -> np.ndarray:
    """[11.3.2]: usable friendly-controlled ports outside friendly Major Power territory whose area
    has a line of supply to the territory of a friendly Major Power or of the naval unit itself
    (the chains of ``ground_supply``, port-to-port hops included)."""
    ports = usable_ports(rs, board, geo, occ, u.side)
    _, (_, _, _, _, line) = ground_supply(rs, board, geo, occ, u.side, u.nation)
    land = np.maximum(geo.land_area, 0)
    return ports & line[land]


def supplied_at(rs, board, geo, occ, unit, dest: int) -> bool:
    """Would ``unit`` have a line of supply at ``dest`` (for [11.4]; spec: current control)? By a
    line of its own [11.2.1], [11.2.2], [11.5.1], or next to a unit of its side that has one
    [11.2.3] (the unit itself not counted)."""
    reached, _ = ground_supply(rs, board, geo, occ, unit.side, unit.nation)
    if reached[dest]:
        return True
    cover, by_unit = board.cached(("gwa-cover", unit.side), lambda: _cover(rs, board, geo, occ, unit.side))
    own = by_unit.get(unit.id)
    return bool(cover[dest] - (1 if own is not None and dest in own else 0) > 0)


def _cover(rs, board, geo, occ, side: str) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Per area, how many of ``side``'s ground units with a line of supply share or border it
    ([11.2.3]), and the areas each such unit covers (indices)."""
    rep = board.cached(("gwa-supply-report", side), lambda: report(rs, board, geo, occ, side))
    a = board.arrays
    cover = np.zeros(a.n, dtype=np.int64)
    by_unit: dict[str, np.ndarray] = {}
    for e in rep["units"]:
        if e["status"] != "in supply" or "11.2.3" in e["rules"]:
            continue
        u = board.state.unit(e["unit"])
        if not rs.is_ground(u):
            continue
        i = board.idx(u.hex)
        mine = np.unique(np.concatenate([[i], a.nbr[i][(a.nbr[i] >= 0) & geo.ground_edge[i]]]))
        cover[mine] += 1
        by_unit[u.id] = mine
    return cover, by_unit
