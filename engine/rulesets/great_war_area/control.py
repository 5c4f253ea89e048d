"""Who is where and who controls what [4], [2], [13]: per location, each side's ground units,
contested areas, control, and the countries' alignment.

An area is controlled by the side whose ground units alone occupy it; with both sides' ground
units it is contested and controlled by neither; otherwise by the last side to pass through it
(the position's ``owner``), and failing that by the side its country is on (``neutral`` for a
neutral country) [4].
"""

from __future__ import annotations

from typing import Any

import numpy as np

NEUTRAL = "neutral"


class Occupation:
    """Ground units, contested areas and control of one position for one ruleset."""

    def __init__(self, rs, board, geo):
        self.rs, self.board, self.geo = rs, board, geo
        state = board.state
        self.alignment = rs.alignment(state)
        counts_interned = bool(rs.option(state, "interned_occupy"))
        ground = board.unit_flags(
            ("gwa-ground", counts_interned),
            lambda u: rs.is_ground(u) and (counts_interned or not u.attr("interned", False)),
        )
        self.present = {}
        for side in rs.sides:
            mine = board.unit_flags(("gwa-side", side), lambda u, s=side: u.side == s)
            self.present[side] = board.hexes_holding(ground & mine)
        a, b = rs.sides
        self.contested = self.present[a] & self.present[b]
        n = board.n
        default = np.array([self.alignment.get(c, NEUTRAL) if c else None for c in geo.country], dtype=object)
        owner = np.full(n, None, dtype=object)
        index = board.arrays.index
        for loc, hs in state.hexes.items():  # only the locations the position records
            if hs.owner is not None and loc in index:
                owner[index[loc]] = hs.owner
        ctrl = np.where(np.equal(owner, None), default, owner)
        for side in rs.sides:
            alone = self.present[side] & ~self.contested
            ctrl = np.where(alone, side, ctrl)
        ctrl = np.where(self.contested, None, ctrl)
        self.control = ctrl
        self.n = n

    def friendly(self, side: str) -> np.ndarray:
        return np.equal(self.control, side)

    def neutral(self) -> np.ndarray:
        return np.equal(self.control, NEUTRAL) & self.geo.land

    def enemy_units(self, side: str) -> np.ndarray:
        return self.present[self.rs.other_side(side)]

    def of(self, i: int) -> Any:
        return self.control[i]


def bombarded_ports(board) -> np.ndarray:
    """Per location, a port bombarded and not yet repaired [8.8] (the ``bombarded`` status field)."""
    out = np.zeros(board.n, dtype=bool)
    index = board.arrays.index
    for loc, hs in board.state.hexes.items():
        if hs.field("bombarded", False) and loc in index:
            out[index[loc]] = True
    return out
