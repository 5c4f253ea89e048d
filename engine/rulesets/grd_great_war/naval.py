"""The naval sub-element of a supply line [11B3b]: from a functioning friendly-owned port across the
sea to another functioning friendly-owned port, mixed freely with rail sub-elements in the
railroad/naval element. The map joins ports by sea-lane links (``Link`` between two port hexes with
``attrs.sea_area``); the basic naval rules say who may use each sea area [11B3b] (data.toml
``[naval.sea_areas]``). A port's throughput is the REs of units whose lines pass through it: great
unlimited, major 60, standard 30, minor 15, marginal 3, less 3 per hit; a port at its Port
Summary's maximum damage (the chart-values cell ``port_summary.SIZE.max_hits``, asked only of a
damaged port) does not function."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...ruleset import fraction


def sea_lanes(a) -> np.ndarray:
    """(N, D) bool: the map's sea-lane links between ports (no overland, road or ground step)."""
    key = ("grd-sea-lanes",)
    if key not in a._side_cache:
        a._side_cache[key] = ~np.equal(a.edge_attr("sea_area"), None) & a.valid
    return a._side_cache[key]


def port_size(board, i: int) -> str | None:
    size = board.arrays.hex_attr("port")[i]
    return None if size is None else str(size)


def port_hits(board, hex_id: str) -> int:
    hs = board.state.hexes.get(hex_id)
    return int(hs.fields.get("port_hits") or 0) if hs is not None else 0


def functioning(rs, board, i: int) -> bool:
    """A port functions unless it has its size's maximum damage [11B3b]."""
    size = port_size(board, i)
    if size is None:
        return False
    hits = port_hits(board, board.arrays.ids[i])
    if hits == 0:
        return True
    most = board.values.cell(
        "port_summary",
        size,
        "max_hits",
        what=f"the Port Summary's maximum damage of a {size} port",
        rule="11B3b",
    )
    return hits < int(fraction(most))


def throughput(rs, board, i: int) -> Fraction | None:
    """REs of units that may trace through the port [11B3b] (None: unlimited, a great port)."""
    size = port_size(board, i)
    table = rs.data["ports"]
    if size is None or size not in table:
        return None
    hit = Fraction(table["per_hit"]) * port_hits(board, board.arrays.ids[i])
    return max(Fraction(table[size]) - hit, Fraction(0))


def sea_area_open(rs, side: str, area: str) -> bool:
    areas = rs.data["naval"]["sea_areas"]
    allowed = areas.get(area, areas["default"])
    return side in allowed


def naval_steps(rs, board, side: str, blocked: np.ndarray) -> np.ndarray:
    """(N, D) bool: the sea-lane steps ``side`` may trace a naval sub-element along now."""
    a = board.arrays
    area = a.edge_attr("sea_area")
    lane = sea_lanes(a)
    if not lane.any():
        return lane
    mine = rs.nets(board).friendly(side)
    ports = np.zeros(a.n, dtype=bool)
    for i in np.flatnonzero(mine & ~np.equal(a.hex_attr("port"), None) & ~blocked):
        ports[i] = functioning(rs, board, int(i))
    ok = lane & ports[:, None] & ports[a.safe_nbr]
    rows, slots = np.nonzero(ok)
    for r, s in zip(rows, slots, strict=True):
        if not sea_area_open(rs, side, str(area[r, s])):
            ok[r, s] = False
    return ok


def limited_ports(rs, board, steps: np.ndarray) -> list[tuple[int, Fraction]]:
    """(port, throughput) of the ports at an end of a usable sea lane whose throughput is finite."""
    a = board.arrays
    ends = np.unique(np.concatenate([np.flatnonzero(steps.any(axis=1)), a.safe_nbr[steps]]))
    out = []
    for i in ends.tolist():
        limit = throughput(rs, board, i)
        if limit is not None:
            out.append((i, limit))
    return out
