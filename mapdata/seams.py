"""Seams: how two sheets of one map abut, and which hexes of theirs touch across the join.

A :class:`Seam` says that sheet ``sheets[1]`` continues the grid of sheet ``sheets[0]`` beyond one
of its edges. The second sheet is placed in the first sheet's numbering frame (a shift of its column
and row numbers, :func:`seam_delta`); two hexes touch when the first sheet's grid makes them
neighbours there. The rule per edge and orientation is written out in
:meth:`railhead.mapdata.model.MapData.seam_pairs`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .grid import HexGrid

SEAM_EDGES = ("east", "west", "north", "south")


@dataclass(frozen=True)
class Seam:
    """Sheet ``sheets[1]`` continues the grid of ``sheets[0]`` beyond its ``edge`` (see
    :meth:`railhead.mapdata.model.MapData.seam_pairs` for the rule)."""

    sheets: tuple[str, str]
    edge: str
    rows_offset: int = 0
    cols_offset: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "sheets": list(self.sheets),
            "edge": self.edge,
            "rows_offset": self.rows_offset,
            "cols_offset": self.cols_offset,
        }


def seam_delta(seam: Seam, g1: HexGrid, g2: HexGrid) -> tuple[int, int]:
    """(dcol, drow): hex (c, r) of the second sheet lies at (c + dcol, r + drow) of the first grid.

    East/west put the second sheet's nearest column right after the first sheet's last (first)
    column, its rows moved by ``rows_offset``; north/south do the same with rows and ``cols_offset``.
    """
    if seam.edge == "east":
        return max(g1.cols) + 1 - min(g2.cols), seam.rows_offset
    if seam.edge == "west":
        return min(g1.cols) - 1 - max(g2.cols), seam.rows_offset
    if seam.edge == "south":
        return seam.cols_offset, max(g1.rows) + 1 - min(g2.rows)
    return seam.cols_offset, min(g1.rows) - 1 - max(g2.rows)


def seam_coord_pairs(seam: Seam, g1: HexGrid, g2: HexGrid) -> list[tuple[int, int, int, int, int]]:
    """(c1, r1, c2, r2, d) of every pair of touching hexes, sorted; d points from the first hex to
    the second in the first grid's direction numbering. Only the second sheet's line along the seam
    can touch the first sheet, so only its hexes are tried."""
    dc, dr = seam_delta(seam, g1, g2)
    if seam.edge in ("east", "west"):
        col = min(g2.cols) if seam.edge == "east" else max(g2.cols)
        border = [(col, r) for r in range(min(g2.rows), max(g2.rows) + 1)]
    else:
        row = min(g2.rows) if seam.edge == "south" else max(g2.rows)
        border = [(c, row) for c in range(min(g2.cols), max(g2.cols) + 1)]
    out = []
    for c2, r2 in border:
        for d in range(6):
            c1, r1 = g1.neighbour(c2 + dc, r2 + dr, d)
            if g1.contains(c1, r1):
                out.append((c1, r1, c2, r2, (d + 3) % 6))
    out.sort()
    return out


def seam_grid_problem(seam: Seam, g1: HexGrid, g2: HexGrid) -> str | None:
    """Why the second grid cannot continue the first beyond ``seam.edge``, or None.

    The orientations must agree, the second sheet's shifted columns (flat) or rows (pointy) must
    land on shifted ones of the first (shift parity), and some hexes must touch.
    """
    if seam.edge not in SEAM_EDGES:
        return f"edge {seam.edge!r} is not one of {', '.join(SEAM_EDGES)}"
    first, second = seam.sheets
    if g1.orientation != g2.orientation:
        return (
            f"sheet {first!r} has {g1.orientation} hexes and sheet {second!r} "
            f"{g2.orientation} ones, so their grids cannot continue each other"
        )
    dc, dr = seam_delta(seam, g1, g2)
    shift = dc if g1.flat else dr
    if (shift + (g2.shifted == "odd") - (g1.shifted == "odd")) % 2:
        major = "columns" if g1.flat else "rows"
        along = (seam.edge in ("east", "west")) == g1.flat  # the seam continues the major lines
        fix = (
            "check the 'shifted' parity of both grids"
            if along
            else f"change {'cols_offset' if g1.flat else 'rows_offset'} by one"
        )
        return (
            f"the shifted {major} would not line up: placed beyond the {seam.edge} edge, the {major} "
            f"of {second!r} ({g2.shifted} ones shifted) move by {shift}, so its shifted "
            f"{major} would fall on unshifted {major} of {first!r} ({g1.shifted} ones shifted); {fix}"
        )
    if not seam_coord_pairs(seam, g1, g2):
        return "with this offset no hex of one sheet touches a hex of the other"
    return None
