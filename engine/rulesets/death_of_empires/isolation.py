"""Involuntary isolation (7.23.C): a unit every one of whose neighbouring hexes is enemy-occupied or
in *interlocking* enemy ZOC (the ZOC of two or more enemy stacks) is isolated: its PF's ML becomes 1,
its Command Counter goes on the map. §10 #25 leaves open whether friendly units next to it break the
ring (option ``isolation_friendly_breaks``) and whether all-water hexes, impassable hexsides and the
map's edge close it (option ``isolation_impassable_surrounds``)."""

from __future__ import annotations

import numpy as np

from .position import ZOC_BLOCKING_SIDES, occupied
from .terrain import hex_costs
from .units import exerts_zoc, mr_of


def zoc_count(rs, board, side: str) -> np.ndarray:
    """Per hex, how many of ``side``'s stacks exert a ZOC into it (3.41, 3.42)."""
    a = board.arrays
    single = rs.option(board.state, "single_sp_zoc")
    other = rs.other_side(side)
    enemy_fortress = occupied(board, other, lambda u: u.cls == "fortress")
    blocked = np.zeros(a.nbr.shape, dtype=bool)
    for name in ZOC_BLOCKING_SIDES:
        blocked |= a.side_feature(name)
    by_mr: dict[str, set[int]] = {}
    for u in board.state.units_of(side):
        if exerts_zoc(u, single):
            by_mr.setdefault(mr_of(u), set()).add(board.idx(u.hex))
    hexes = np.array(sorted({i for s in by_mr.values() for i in s}), dtype=np.int64)
    count = np.zeros(board.n, dtype=np.int64)
    if not hexes.size:
        return count
    t = a.nbr[hexes]
    safe = np.where(t >= 0, t, 0)
    base = (t >= 0) & ~blocked[hexes] & ~enemy_fortress[safe]
    reach = np.zeros(t.shape, dtype=bool)
    for mr, members in by_mr.items():
        costs = board.cached(
            ("doe-hex-costs", "tec", mr), lambda mr=mr: hex_costs(rs.data, board.values, a.hex_terrain, mr)
        )
        rows = np.isin(hexes, list(members))
        reach[rows] |= base[rows] & np.isfinite(costs)[safe[rows]]
    np.add.at(count, t[reach], 1)  # each stack (hex) counts once per hex it reaches
    return count


def isolated_units(rs, board, side: str) -> list[str]:
    """Ids of ``side``'s units that are involuntarily isolated (7.23.C)."""
    a = board.arrays
    other = rs.other_side(side)
    enemy = occupied(board, other, lambda u: not u.attr("dummy"))
    interlocking = zoc_count(rs, board, other) >= 2
    friends = occupied(board, side)
    closed_edges = rs.option(board.state, "isolation_impassable_surrounds")
    friendly_breaks = rs.option(board.state, "isolation_friendly_breaks")
    water = np.isin(a.hex_terrain, ["all_water"])
    blocked_side = a.side_feature("blocked")
    mine = [u for u in board.state.units_of(side) if u.cls != "fortress" and u.hex not in board.map.boxes]
    if not mine:
        return []
    at = np.array([board.idx(u.hex) for u in mine], dtype=np.int64)
    ring = a.nbr[at][:, :6]
    safe = np.where(ring >= 0, ring, 0)
    impassable = (ring < 0) | water[safe] | blocked_side[at][:, :6]
    held = enemy[safe] | interlocking[safe]
    if friendly_breaks:
        held &= ~friends[safe]
    closed = np.where(impassable, bool(closed_edges), held).all(axis=1)
    out = [u.id for u, c in zip(mine, closed, strict=True) if c]
    return out
