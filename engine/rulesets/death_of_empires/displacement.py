"""Entrained units displaced (8.52): when an enemy Combat or Artillery unit moves next to an
entrained unit, that unit moves 8 hexes along friendly operational rail toward the nearest friendly
Army Base Marker."""

from __future__ import annotations

import numpy as np

from ...search import csr, path_to, search_graph
from .depots import blocked_hexes, rail_steps
from .units import RAIL_BOUND, mode_of, unit_type


def displaced(rs, board, mover, path: list[str]) -> list[dict]:
    """The enemy entrained units ``mover`` comes next to along ``path``, each with where it goes."""
    if mover.cls not in ("combat", "artillery") or len(path) < 2:
        return []
    other = rs.other_side(mover.side)
    entered = {board.idx(h) for h in path[1:]}
    near = set()
    for i in entered:
        near.update(int(j) for j in board.nbr[i] if j >= 0)
    hexes = board.arrays.ids
    out = []
    bases = board.state.extra.get("army_bases") or {}
    steps = int(rs.data["rail"]["displace_hexes"]["value"])
    for u in board.state.units_of(other):
        if mode_of(u) != "rail" or unit_type(u) in RAIL_BOUND or board.idx(u.hex) not in near:
            continue
        own = [h for army, hs in bases.items() for h in hs if _army_side(board, army) == other]
        targets = [board.idx(h) for h in own if h in board.arrays.index]
        to = u.hex
        if targets:
            g = csr(board.nbr, rail_steps(rs, board, other, blocked_hexes(rs, board, other)))
            dist, pred = search_graph(g, targets)
            i = board.idx(u.hex)
            if np.isfinite(dist[i]):
                toward = path_to(pred, i)[::-1]  # from the unit to the base
                to = hexes[toward[min(steps, len(toward) - 1)]]
        out.append({"unit": u.id, "from": u.hex, "to": to, "rule": "8.52"})
    return out


def _army_side(board, army: str) -> str | None:
    for u in board.state.units:
        if u.attr("army") == army:
            return u.side
    return None
