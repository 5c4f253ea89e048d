"""The grids of modules made by others, read from their build-file elements, and the names VASSAL
gives points on them: ``HexGrid`` (:mod:`.grid`), ``SquareGrid`` with ``SquareGridNumbering`` and
``RegionGrid`` with its ``Region`` points. A grid knows the size of its container (the board, or
the zone's bounding box for a zone's own grid), because descending numbering counts from it.

Formulas restated from VASSAL's classes (read at ``vassalengine/vassal`` 17fb917c5):

- ``SquareGridNumbering.getColumn``: col = floor((x − x0)/dx + 0.5); ``getRow``: row =
  (int)((y − y0)/dy + 0.5) — a truncating cast, not a floor, so points more than half a cell above
  ``y0`` still count as row 0. Descending: col = maxCols − col with maxCols = (int)(width/dx + 0.5),
  row = maxRows − row with maxRows = (int)(height/dy + 0.5) (``getMaxColumns``/``getMaxRows``;
  unlike the hex grid's, these maxima are not swapped). ``SquareGrid`` defaults: dx = dy = 48,
  x0 = y0 = 24; ``x0``/``y0`` are integers.
- The name itself is ``RegularGridNumbering.locationName``: column and row names from
  :func:`.grid.get_name` with the offsets, joined in the ``first`` order with ``sep``, and put into
  ``locationFormat`` ($gridLocation$, $row$, $column$). A grid without numbering names nothing.
- ``RegionGrid.locationName``: the region whose origin (``originx``, ``originy``, integers) is
  nearest by squared distance, first strictly smaller one found; regions are kept in a map by
  origin, so a later region at the same point replaces an earlier one. VASSAL visits that map in
  ``HashMap`` order; on an exact tie we take the region listed first (VASSAL's choice there is an
  artefact of hashing).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import cached_property

import numpy as np

from ...errors import InputError
from .grid import Numbering, VassalGrid, java_int, vassal_name

P = "VASSAL.build.module.map.boardPicker.board"
HEXGRID = f"{P}.HexGrid"
SQUAREGRID = f"{P}.SquareGrid"
REGIONGRID = f"{P}.RegionGrid"
REGION = f"{P}.Region"
HEX_NUMBERING = f"{P}.mapgrid.HexGridNumbering"
SQUARE_NUMBERING = f"{P}.mapgrid.SquareGridNumbering"
GRID_TAGS = (HEXGRID, SQUAREGRID, REGIONGRID)
MAX_REGIONS = 100_000


def _bool(v: str | None) -> bool:
    return (v or "").lower() == "true"


@dataclass(frozen=True)
class HexOn:
    """A HexGrid (with its numbering) in a container of the given size."""

    grid: VassalGrid
    width: int
    height: int

    def name(self, x: float, y: float) -> str:
        return vassal_name(self.grid, self.width, self.height, x, y)


@dataclass(frozen=True)
class SquareOn:
    """A SquareGrid with its SquareGridNumbering (None: the grid names nothing)."""

    dx: float
    dy: float
    x0: int
    y0: int
    numbering: Numbering | None
    width: int
    height: int

    def name(self, x: float, y: float) -> str | None:
        n = self.numbering
        if n is None:
            return None
        col = math.floor((x - self.x0) / self.dx + 0.5)
        row = java_int((y - self.y0) / self.dy + 0.5)
        if n.h_descend:
            col = java_int(self.width / self.dx + 0.5) - col
        if n.v_descend:
            row = java_int(self.height / self.dy + 0.5) - row
        return n.name(col, row)


@dataclass(frozen=True)
class RegionsOn:
    """A RegionGrid: named points; a point is named after the nearest."""

    regions: tuple[tuple[str, int, int], ...]

    def name(self, x: float, y: float) -> str | None:
        best, best_d = None, math.inf
        for name, rx, ry in self.regions:
            d = (x - rx) ** 2 + (y - ry) ** 2
            if d < best_d:
                best, best_d = name, d
        return best


Grid = HexOn | SquareOn | RegionsOn


def _num(el, attr: str, default, kind, where: str):
    raw = el.attrib.get(attr)
    if raw is None or raw == "":
        return default
    try:
        return kind(float(raw)) if kind is int else kind(raw)
    except (ValueError, OverflowError):
        raise InputError(f"{where}: {attr}={raw!r} is not a number") from None


def _numbering(el, where: str) -> Numbering | None:
    if el is None:
        return None
    a = el.attrib
    return Numbering(
        first=(a.get("first", "H")[:1] or "H"),
        sep=a.get("sep", ""),
        h_type=(a.get("hType", "N")[:1] or "N"),
        v_type=(a.get("vType", "N")[:1] or "N"),
        h_leading=_num(el, "hLeading", 1, int, where),
        v_leading=_num(el, "vLeading", 1, int, where),
        h_off=_num(el, "hOff", 1, int, where),
        v_off=_num(el, "vOff", 1, int, where),
        h_descend=_bool(a.get("hDescend")),
        v_descend=_bool(a.get("vDescend")),
        location_format=a.get("locationFormat", "$gridLocation$"),
    )


def read_grid(el, width: int, height: int, where: str) -> Grid | None:
    """The grid an element describes, in a container of ``width`` x ``height``; None when it
    names nothing (a HexGrid without numbering, a RegionGrid without regions) or is not one of
    VASSAL's three grids (a custom module's own grid class, which we cannot know)."""
    where = f"{where}: {el.tag.rsplit('.', 1)[-1]}"
    if el.tag == HEXGRID:
        n = _numbering(el.find(HEX_NUMBERING), where)
        if n is None:
            return None  # HexGrid.locationName without numbering is null
        dy = _num(el, "dy", 64.0, float, where)
        dx = _num(el, "dx", dy * 3**0.5 / 2, float, where)
        stagger = el.find(HEX_NUMBERING).attrib.get("stagger", "true") != "false"
        g = VassalGrid(
            dx=dx,
            dy=dy,
            x0=_num(el, "x0", 0, int, where),
            y0=_num(el, "y0", 32, int, where),
            sideways=_bool(el.attrib.get("sideways")),
            stagger=stagger,
            **asdict(n),  # the RegularGridNumbering attributes VassalGrid inherits
        )
        _positive(g.dx, g.dy, where)
        return HexOn(g, width, height)
    if el.tag == SQUAREGRID:
        dx, dy = _num(el, "dx", 48.0, float, where), _num(el, "dy", 48.0, float, where)
        _positive(dx, dy, where)
        return SquareOn(
            dx=dx,
            dy=dy,
            x0=_num(el, "x0", 24, int, where),
            y0=_num(el, "y0", 24, int, where),
            numbering=_numbering(el.find(SQUARE_NUMBERING), where),
            width=width,
            height=height,
        )
    if el.tag == REGIONGRID:
        by_origin: dict[tuple[int, int], str] = {}
        for k, r in enumerate(el.iter(REGION), start=1):
            if k > MAX_REGIONS:
                raise InputError(f"{where}: more than {MAX_REGIONS} regions")
            here = f"{where}: region {k} ({r.attrib.get('name', '')!r})"
            origin = (_num(r, "originx", 0, int, here), _num(r, "originy", 0, int, here))
            by_origin.pop(origin, None)  # a later region at the same point replaces the earlier one
            by_origin[origin] = r.attrib.get("name", "")
        if not by_origin:
            return None
        return RegionsOn(tuple((name, x, y) for (x, y), name in by_origin.items()))
    return None


def _positive(dx: float, dy: float, where: str) -> None:
    if not (dx > 0 and dy > 0 and math.isfinite(dx) and math.isfinite(dy)):
        raise InputError(f"{where}: cell size dx={dx}, dy={dy} must be positive numbers")


_DENSE_LIMIT = 2_000_000  # points x edges tested as one array; past it, edge by edge over sorted points


@dataclass(frozen=True)
class AwtPolygon:
    """A zone's outline as ``java.awt.Polygon`` holds it (integer vertices), and its insideness
    rule: a point on an edge is inside only where the inside lies to its right (greater x) or
    below it (greater y) — so points on the left and top edges are in, on the right and bottom
    edges out; two zones sharing an edge never both hold a point of it. Restated from the
    ``Shape`` contract and ``Polygon.contains``: the bounding box is half-open, then a ray cast
    toward negative x counts crossings of edges whose y-span is half-open, horizontal edges
    ignored."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]

    @cached_property
    def bounds(self) -> tuple[int, int, int, int]:
        return min(self.xs), min(self.ys), max(self.xs), max(self.ys)

    @cached_property
    def _edges(self) -> tuple[np.ndarray, ...]:
        """Per edge (from the previous vertex to this one): its lower end's x and y, its upper y,
        the x-span ends, and the slope terms of Polygon.contains; horizontal edges dropped."""
        bx, by = np.array(self.xs, dtype=float), np.array(self.ys, dtype=float)
        ax, ay = np.roll(bx, 1), np.roll(by, 1)
        keep = ay != by
        ax, ay, bx, by = ax[keep], ay[keep], bx[keep], by[keep]
        low_b = by < ay
        return (
            np.where(low_b, bx, ax),  # lo_x
            np.where(low_b, by, ay),  # lo_y
            np.where(low_b, ay, by),  # hi_y
            np.minimum(ax, bx),
            np.maximum(ax, bx),
            ay - by,
            ax - bx,
        )

    def contains(self, x: float, y: float) -> bool:
        return bool(self.contains_many(np.array([x], dtype=float), np.array([y], dtype=float))[0])

    def contains_many(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """:meth:`contains` of many points at once (arrays of x and y)."""
        x0, y0, x1, y1 = self.bounds
        inside = (x0 <= x) & (x < x1) & (y0 <= y) & (y < y1)
        if len(self.xs) < 3 or not inside.any():
            return np.zeros(len(x), dtype=bool)
        lo_x, lo_y, hi_y, min_x, max_x, dy, dx = self._edges
        out = np.zeros(len(x), dtype=bool)
        if np.count_nonzero(inside) * len(lo_x) <= _DENSE_LIMIT:
            px, py = x[inside, None], y[inside, None]  # (P, 1) against (E,) edges
            span = (px < max_x) & (lo_y <= py) & (py < hi_y)
            # the edge's x at height y, against the point, in the form Polygon.contains uses
            cross = span & ((px < min_x) | (px - lo_x < (py - lo_y) / dy * dx))
            out[inside] = np.count_nonzero(cross, axis=1) % 2 == 1
            return out
        # many points and a long outline: each edge meets only the points of its y-span, a run of
        # the points sorted by y (the same test, edge by edge, over those points alone)
        idx = np.flatnonzero(inside)
        order = np.argsort(y[idx], kind="stable")
        sx, sy = x[idx][order], y[idx][order]
        starts, ends = np.searchsorted(sy, lo_y, "left"), np.searchsorted(sy, hi_y, "left")
        crossings = np.zeros(len(sy), dtype=np.int64)
        for e in np.flatnonzero(ends > starts):
            a, b = starts[e], ends[e]
            ex, ey = sx[a:b], sy[a:b]
            hit = (ex < max_x[e]) & ((ex < min_x[e]) | (ex - lo_x[e] < (ey - lo_y[e]) / dy[e] * dx[e]))
            crossings[a:b] += hit
        out[idx[order]] = crossings % 2 == 1
        return out
