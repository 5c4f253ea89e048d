"""Main Depot status (7.21, 7.22): each army's Main Depot traces contiguous friendly operational rail,
free of enemy units and their ZOC, to its Army Base Marker; that path is the army's line of
communication (LOC, 2.75.A) together with the rail from each Army Supply unit to the depot. The
depot's status follows from the track of its LOC and how many other depots' LOCs share its hexes."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...search import INF, csr, path_to, search_graph
from .position import occupied, rail_status, zone_of_control
from .units import unit_type

STATUSES = ("maximum_double", "medium_double", "minimum_double", "single")


@dataclass
class ArmyLine:
    """One army's depot and line of communication this impulse."""

    army: str
    depot: str | None  # unit id of the Main Depot
    depot_hex: int | None
    in_supply: bool = False
    loc: list[int] = field(default_factory=list)  # hexes MD -> Army Base (2.75.A)
    supply_units: dict[str, bool] = field(default_factory=dict)  # Army Supply unit id -> in supply
    supply_paths: list[list[int]] = field(default_factory=list)
    status: str | None = None
    capabilities: tuple[int, ...] = ()
    sharing: int = 0
    problems: list[str] = field(default_factory=list)

    def loc_hexes(self) -> set[int]:
        out = set(self.loc)
        for p in self.supply_paths:
            out.update(p)
        return out


def blocked_hexes(rs, board, side: str) -> np.ndarray:
    """7.23, 3.43: hexes a supply line may not enter: enemy units, and enemy ZOC unless a friendly
    unit is there (option ``supply_blocked_by``)."""

    def build():
        other = rs.other_side(side)
        enemy = occupied(board, other, lambda u: not u.attr("dummy"))
        zoc = zone_of_control(rs, board, other)
        if rs.option(board.state, "supply_blocked_by") == "enemy_units_and_unnegated_zoc":
            zoc = zoc & ~occupied(board, side, lambda u: not u.attr("dummy"))
        return enemy | zoc

    return board.cached(("doe-supply-blocked", side), build)


def rail_steps(rs, board, side: str, avoid: np.ndarray) -> np.ndarray:
    """(N, D) hop costs along friendly operational rail (3.8) avoiding ``avoid`` hexes; inf off it."""
    a = board.arrays
    track = a.line_attr("rail", "track", default="single")
    ok = ~np.equal(track, None) & a.valid
    status = rail_status(board)
    good = (status == side) & ~avoid
    ok &= good[:, None] & good[a.safe_nbr]
    return np.where(ok, 1.0, INF)


def hex_track(board) -> np.ndarray:
    """Per hex, ``double`` if a double-track line runs through it, ``single`` if only single track,
    None off the rail."""

    def build():
        a = board.arrays
        track = a.line_attr("rail", "track", default="single")
        double = np.equal(track, "double").any(axis=1)
        any_rail = (~np.equal(track, None)).any(axis=1)
        return np.where(double, "double", np.where(any_rail, "single", None))

    return board.cached("doe-hex-track", build)


def supply_range(board, source: str) -> int:
    """The supply range of a source (Exclusive Rules): the chart-values cell supply_range.SOURCE.hexes."""
    return board.values.whole(
        "supply_range",
        source,
        "hexes",
        what=f"the supply range of a {source.replace('_', ' ')}",
        rule="7.23.A (Exclusive Rules)",
    )


def _chosen(rs, board, army: str, status: str) -> tuple[int, ...]:
    allowed = int(rs.data["md_status"][status]["value"])
    given = (board.state.extra.get("md_capabilities") or {}).get(army)
    if given is None:
        pool = (1, 2, 3) if status == "single" else (1, 2, 3, 4)
        return pool[:allowed]
    return tuple(sorted({int(ch) for ch in str(int(given))}))


def army_lines(rs, board, side: str) -> dict[str, ArmyLine]:
    """Every army of ``side`` with its depot's supply, LOC, status and capabilities (7.21-7.22)."""

    def build():
        state = board.state
        bases = state.extra.get("army_bases") or {}
        avoid = blocked_hexes(rs, board, side)
        steps = rail_steps(rs, board, side, avoid)
        g = csr(board.nbr, steps)
        armies: dict[str, ArmyLine] = {}
        for u in state.units_of(side):
            if unit_type(u) == "main_depot" and u.attr("army"):
                armies[u.attr("army")] = ArmyLine(u.attr("army"), u.id, board.idx(u.hex))
        for u in state.units_of(side):
            army = u.attr("army")
            if army and army not in armies and u.cls != "fortress":
                armies[army] = ArmyLine(army, None, None, problems=[f"{army} has no Main Depot on the map"])
        for line in armies.values():
            if line.depot_hex is None:
                continue
            base = [board.idx(h) for h in bases.get(line.army, []) if h in board.arrays.index]
            if not base:
                line.problems.append(f"{line.army} has no Army Base Marker (army_bases, 7.21)")
                continue
            dist, pred = search_graph(g, base)
            if np.isfinite(dist[line.depot_hex]):
                line.in_supply = True
                line.loc = path_to(pred, line.depot_hex)[::-1]
            else:
                line.problems.append(
                    "no friendly operational rail free of enemy units and ZOC to the Army Base (7.23.A)"
                )
        for line in armies.values():  # Army Supply units chain back to the depot (7.23.A)
            if not line.in_supply:
                continue
            rng = None
            anchors = [line.depot_hex]
            pending = [
                u
                for u in state.units_of(side)
                if unit_type(u) == "army_supply" and u.attr("army") == line.army
            ]
            while pending:
                if rng is None:
                    rng = supply_range(board, "army_supply")
                dist, pred = search_graph(g, anchors, limit=rng)
                fed = [u for u in pending if np.isfinite(dist[board.idx(u.hex)])]
                for u in fed:
                    line.supply_units[u.id] = True
                    line.supply_paths.append(path_to(pred, board.idx(u.hex)))
                    anchors.append(board.idx(u.hex))
                pending = [u for u in pending if u not in fed]
                if not fed:
                    for u in pending:
                        line.supply_units[u.id] = False
                    break
        _status(rs, board, armies)
        return armies

    return board.cached(("doe-army-lines", side), build)


def _status(rs, board, armies: dict[str, ArmyLine]) -> None:
    track = hex_track(board)
    lines = [x for x in armies.values() if x.in_supply]
    on = {x.army: set(x.loc) for x in lines}
    limit = int(rs.data["md_status"]["max_sharing_double"]["value"])
    for x in lines:
        single = any(track[h] != "double" for h in x.loc)
        shared = [sum(1 for y in lines if y is not x and h in on[y.army]) for h in x.loc]
        x.sharing = max(shared, default=0)
        if single and x.sharing:
            x.problems.append("two Main Depots may not share single track (7.22.B): illegal configuration")
        if x.sharing + 1 > limit:
            x.problems.append(f"at most {limit} Main Depots may share a double line (7.22.B)")
        x.status = "single" if single or x.sharing >= 3 else STATUSES[x.sharing]
        x.capabilities = _chosen(rs, board, x.army, x.status)
        allowed = int(rs.data["md_status"][x.status]["value"])
        if len(x.capabilities) > allowed or (x.status == "single" and 4 in x.capabilities):
            x.problems.append(
                f"{x.status.replace('_', ' ')} allows {allowed} capabilities"
                + (" and never 4" if x.status == "single" else "")
                + f", not {''.join(map(str, x.capabilities))} (7.22.A)"
            )
            pool = (1, 2, 3) if x.status == "single" else (1, 2, 3, 4)
            x.capabilities = tuple(c for c in x.capabilities if c in pool)[:allowed]


def closed_loc_hexes(rs, board, side: str, movers) -> np.ndarray:
    """8.53, 7.22.C: hexes of an army's LOC closed to Rail-Mode movement (no Capability 4), except
    for that army's own Main Depot and Army Supply units."""
    out = np.zeros(board.n, dtype=bool)
    for line in army_lines(rs, board, side).values():
        if 4 in line.capabilities:
            continue
        own = all(
            unit_type(u) in ("main_depot", "army_supply") and u.attr("army") == line.army for u in movers
        )
        if own:
            continue
        out[list(line.loc_hexes())] = True
    return out
