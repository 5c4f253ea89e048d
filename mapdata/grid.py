"""Hex grid of one map sheet: printed numbering, neighbours, distance, and pixel geometry.

Conventions (``shared/docs/contracts.md`` §1):

* ``orientation="flat"``: flat-topped hexes standing in columns; the column number is the *major* index,
  the row number the *minor* one. ``"pointy"``: pointy-topped hexes lying in rows; the row is major.
* ``shifted``: the parity ("even"/"odd") of the printed major numbers whose hexes sit half a hex toward
  higher minor numbers. On a sheet numbered the usual way (columns left to right, rows top to bottom)
  that is "half a hex lower" (flat) or "half a hex further right" (pointy). Because it is stated in
  numbering terms, adjacency never depends on which way the numbers run on the paper.
* ``cols``/``rows``: printed number ranges, inclusive, listed in picture order: ``cols=[40, 1]`` means
  column 40 is at the left edge and numbers descend to the right. ``pixels.origin`` is the centre of
  hex ``(cols[0], rows[0])``.
* ``pixels.hex_width``/``hex_height``: centre spacing along the image x and y axes (column spacing and
  row spacing); ``angle_deg``: clockwise rotation of the whole grid about the origin. Non-regular
  ratios are allowed: the cells are then the affine images of regular hexagons, as in VASSAL.

Directions are numbered 0..5 clockwise in the numbering frame (numbers growing right and down):
flat ``N NE SE S SW NW``, pointy ``NE E SE SW W NW``. Internally positions are axial coordinates
``(q, r)`` with ``q`` the major number; all bulk operations are vectorized with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from .ids import IdFormat

Orientation = Literal["flat", "pointy"]
Parity = Literal["even", "odd"]

DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "pointy": ("NE", "E", "SE", "SW", "W", "NW"),
}

# Axial (dq, dr) of the six directions, index = direction number (see module docstring).
_AXIAL_DIRECTIONS = {
    "flat": ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    "pointy": ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)),
}

# Hexagon corners in lattice units (d_major, d_minor); side d runs from corner d to corner d+1.
_CORNERS = {
    "flat": (
        (-1 / 3, -0.5),
        (1 / 3, -0.5),
        (2 / 3, 0.0),
        (1 / 3, 0.5),
        (-1 / 3, 0.5),
        (-2 / 3, 0.0),
    ),
    "pointy": (
        (-2 / 3, 0.0),
        (-1 / 3, 0.5),
        (1 / 3, 0.5),
        (2 / 3, 0.0),
        (1 / 3, -0.5),
        (-1 / 3, -0.5),
    ),
}


@dataclass(frozen=True)
class PixelFrame:
    """Where a grid lies on its sheet image."""

    hex_width: float
    hex_height: float
    origin: tuple[float, float]
    angle_deg: float = 0.0

    def __post_init__(self) -> None:
        if not (self.hex_width > 0 and self.hex_height > 0):
            raise ValueError("hex_width and hex_height must be positive")
        if not all(math.isfinite(v) for v in (*self.origin, self.angle_deg)):
            raise ValueError("origin and angle_deg must be finite numbers")

    def to_dict(self) -> dict:
        return {
            "hex_width": self.hex_width,
            "hex_height": self.hex_height,
            "origin": [self.origin[0], self.origin[1]],
            "angle_deg": self.angle_deg,
        }


def _sign(a: int, b: int) -> int:
    return -1 if b < a else 1


@dataclass(frozen=True)
class HexGrid:
    """One sheet's hex grid. Coordinates are printed ``(col, row)`` numbers."""

    orientation: Orientation = "flat"
    shifted: Parity = "even"
    cols: tuple[int, int] = (1, 10)
    rows: tuple[int, int] = (1, 10)
    id_format: str = "{col:02d}{row:02d}"
    pixels: PixelFrame | None = None
    _fmt: IdFormat = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.shifted not in ("even", "odd"):
            raise ValueError(f"shifted must be 'even' or 'odd', not {self.shifted!r}")
        object.__setattr__(self, "cols", (int(self.cols[0]), int(self.cols[1])))
        object.__setattr__(self, "rows", (int(self.rows[0]), int(self.rows[1])))
        object.__setattr__(self, "_fmt", IdFormat(self.id_format))

    # ------------------------------------------------------------------ numbering
    @property
    def flat(self) -> bool:
        return self.orientation == "flat"

    @property
    def direction_names(self) -> tuple[str, ...]:
        return DIRECTION_NAMES[self.orientation]

    @property
    def n_cols(self) -> int:
        return abs(self.cols[1] - self.cols[0]) + 1

    @property
    def n_rows(self) -> int:
        return abs(self.rows[1] - self.rows[0]) + 1

    def __len__(self) -> int:
        return self.n_cols * self.n_rows

    def contains(self, col: int, row: int) -> bool:
        return min(self.cols) <= col <= max(self.cols) and min(self.rows) <= row <= max(self.rows)

    def format_id(self, col: int, row: int) -> str:
        return self._fmt.format(col, row)

    def parse_id(self, hex_id: str) -> tuple[int, int]:
        """(col, row) of a printed id; raises HexIdError if malformed (range is not checked)."""
        return self._fmt.parse(hex_id)

    def coords(self) -> Iterator[tuple[int, int]]:
        """Every (col, row) of the sheet, major number outermost, in picture order."""
        c_step, r_step = _sign(*self.cols), _sign(*self.rows)
        cols = range(self.cols[0], self.cols[1] + c_step, c_step)
        rows = range(self.rows[0], self.rows[1] + r_step, r_step)
        if self.flat:
            return ((c, r) for c in cols for r in rows)
        return ((c, r) for r in rows for c in cols)

    def ids(self) -> list[str]:
        return [self.format_id(c, r) for c, r in self.coords()]

    # ------------------------------------------------------------------ axial coordinates
    def _major_minor(self, col, row):
        return (col, row) if self.flat else (row, col)

    def _col_row(self, major, minor):
        return (major, minor) if self.flat else (minor, major)

    def to_axial(self, col, row):
        """Axial (q, r) of printed (col, row); works on ints and numpy integer arrays."""
        m, n = self._major_minor(col, row)
        if self.shifted == "even":
            return m, n - (m + (m & 1)) // 2
        return m, n - (m - (m & 1)) // 2

    def from_axial(self, q, r):
        """Printed (col, row) of axial (q, r)."""
        if self.shifted == "even":
            n = r + (q + (q & 1)) // 2
        else:
            n = r + (q - (q & 1)) // 2
        return self._col_row(q, n)

    # ------------------------------------------------------------------ adjacency
    def neighbour(self, col: int, row: int, direction: int) -> tuple[int, int]:
        """The (col, row) across side ``direction`` (0..5), whether or not it is on the sheet."""
        q, r = self.to_axial(col, row)
        dq, dr = _AXIAL_DIRECTIONS[self.orientation][direction % 6]
        return self.from_axial(q + dq, r + dr)

    def neighbour_arrays(self, cols: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Vectorized :meth:`neighbour` for all six directions: (cols, rows), each (N, 6)."""
        q, r = self.to_axial(np.asarray(cols, dtype=np.int64), np.asarray(rows, dtype=np.int64))
        dirs = np.asarray(_AXIAL_DIRECTIONS[self.orientation])
        return self.from_axial(q[:, None] + dirs[:, 0], r[:, None] + dirs[:, 1])

    def neighbours(self, col: int, row: int) -> list[tuple[int, int]]:
        """Neighbours on the sheet, in direction order."""
        out = []
        for d in range(6):
            c, r = self.neighbour(col, row, d)
            if self.contains(c, r):
                out.append((c, r))
        return out

    def direction(self, a: tuple[int, int], b: tuple[int, int]) -> int | None:
        """Side of hex ``a`` shared with hex ``b`` (0..5), or None if they are not adjacent."""
        qa, ra = self.to_axial(*a)
        qb, rb = self.to_axial(*b)
        try:
            return _AXIAL_DIRECTIONS[self.orientation].index((qb - qa, rb - ra))
        except ValueError:
            return None

    def adjacent(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return self.direction(a, b) is not None

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        qa, ra = self.to_axial(*a)
        qb, rb = self.to_axial(*b)
        dq, dr = qb - qa, rb - ra
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def distances(self, a: tuple[int, int], cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Distance from ``a`` to many hexes at once."""
        qa, ra = self.to_axial(*a)
        qb, rb = self.to_axial(np.asarray(cols, dtype=np.int64), np.asarray(rows, dtype=np.int64))
        dq, dr = qb - qa, rb - ra
        return (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2

    def ring(self, center: tuple[int, int], radius: int) -> list[tuple[int, int]]:
        """Hexes at exactly ``radius`` from ``center`` that lie on the sheet, walking clockwise."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            return [center] if self.contains(*center) else []
        dirs = _AXIAL_DIRECTIONS[self.orientation]
        q, r = self.to_axial(*center)
        # start `radius` steps along direction 4 then walk each side of the ring
        q, r = q + dirs[4][0] * radius, r + dirs[4][1] * radius
        out = []
        for side in range(6):
            dq, dr = dirs[side]
            for _ in range(radius):
                cr = self.from_axial(q, r)
                if self.contains(*cr):
                    out.append(cr)
                q, r = q + dq, r + dr
        return out

    def within(self, center: tuple[int, int], radius: int) -> list[tuple[int, int]]:
        """Every hex on the sheet at distance <= ``radius`` from ``center`` (the 'range')."""
        out = []
        for k in range(radius + 1):
            out.extend(self.ring(center, k))
        return out

    # ------------------------------------------------------------------ pixel geometry
    def hex_px(self) -> float:
        """A hex's size in pixels, measured along the columns: flat to flat for flat-topped hexes,
        corner to corner for pointy ones (the scale image code resamples a scan to)."""
        f = self.frame()
        return f.hex_height if self.flat else f.hex_width * 2 / math.sqrt(3)

    def frame(self) -> PixelFrame:
        """The sheet's pixel frame, or a default one (regular hexes 100 px across flats)."""
        if self.pixels is not None:
            return self.pixels
        side = 100.0
        if self.flat:
            w, h = side * math.sqrt(3) / 2, side
            return PixelFrame(w, h, (2 * w / 3 * 1.5, h))
        w, h = side, side * math.sqrt(3) / 2
        return PixelFrame(w, h, (w, 2 * h / 3 * 1.5))

    def with_pixels(self, frame: PixelFrame | None) -> HexGrid:
        return replace(self, pixels=frame)

    def _lattice(self, col, row):
        """Continuous lattice position (major, minor) of hex centres."""
        m, n = self._major_minor(col, row)
        parity = 0 if self.shifted == "even" else 1
        return m, n + 0.5 * ((m & 1) == parity)

    def _axes(self) -> tuple[int, int, float, float]:
        """(sign of major, sign of minor, spacing of major, spacing of minor) in picture terms."""
        f = self.frame()
        sc, sr = _sign(*self.cols), _sign(*self.rows)
        if self.flat:
            return sc, sr, f.hex_width, f.hex_height
        return sr, sc, f.hex_height, f.hex_width

    def _to_pixel(self, d_major, d_minor):
        """Pixel position of a lattice offset (relative to the origin hex)."""
        f = self.frame()
        s_major, s_minor, w_major, w_minor = self._axes()
        a = np.asarray(d_major, dtype=float) * (s_major * w_major)
        b = np.asarray(d_minor, dtype=float) * (s_minor * w_minor)
        gx, gy = (a, b) if self.flat else (b, a)
        t = math.radians(f.angle_deg)
        ct, st = math.cos(t), math.sin(t)
        return f.origin[0] + gx * ct - gy * st, f.origin[1] + gx * st + gy * ct

    def _origin_lattice(self) -> tuple[float, float]:
        return self._lattice(self.cols[0], self.rows[0])

    def center(self, col: int, row: int) -> tuple[float, float]:
        """Pixel centre of hex (col, row) on the sheet image."""
        m, n = self._lattice(col, row)
        m0, n0 = self._origin_lattice()
        x, y = self._to_pixel(m - m0, n - n0)
        return float(x), float(y)

    def centers(self, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Pixel centres of many hexes: an (N, 2) float array."""
        cols = np.asarray(cols, dtype=np.int64)
        rows = np.asarray(rows, dtype=np.int64)
        m, n = self._lattice(cols, rows)
        m0, n0 = self._origin_lattice()
        x, y = self._to_pixel(m - m0, n - n0)
        return np.column_stack([x, y])

    def corners(self, col: int, row: int) -> np.ndarray:
        """The six corners of hex (col, row) in pixels, (6, 2); side d runs from corner d to d+1."""
        m, n = self._lattice(col, row)
        m0, n0 = self._origin_lattice()
        offs = np.asarray(_CORNERS[self.orientation])
        x, y = self._to_pixel(m - m0 + offs[:, 0], n - n0 + offs[:, 1])
        return np.column_stack([x, y])

    def side_segment(self, col: int, row: int, direction: int) -> np.ndarray:
        """Pixel end points (2, 2) of side ``direction`` of hex (col, row)."""
        c = self.corners(col, row)
        return np.stack([c[direction % 6], c[(direction + 1) % 6]])

    def locate_many(self, xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(cols, rows) of the hexes containing each pixel of ``xy`` (N, 2); off-sheet included.

        Vectorized inverse of :meth:`centers`: undo rotation and scale, convert the lattice position
        to fractional axial coordinates, and round in cube space.
        """
        xy = np.asarray(xy, dtype=float)
        f = self.frame()
        t = math.radians(f.angle_deg)
        ct, st = math.cos(t), math.sin(t)
        dx = xy[..., 0] - f.origin[0]
        dy = xy[..., 1] - f.origin[1]
        gx = dx * ct + dy * st
        gy = -dx * st + dy * ct
        s_major, s_minor, w_major, w_minor = self._axes()
        a, b = (gx, gy) if self.flat else (gy, gx)
        m0, n0 = self._origin_lattice()
        m = m0 + a * (s_major / w_major)
        n = n0 + b * (s_minor / w_minor)
        # fractional axial: q = m, r = n - m/2 - delta, delta = 1/2 for even shift
        q = m
        r = n - m / 2 - (0.5 if self.shifted == "even" else 0.0)
        qi, ri = _cube_round(q, r)
        cols, rows = self.from_axial(qi, ri)
        return cols, rows

    def locate(self, x: float, y: float) -> tuple[int, int]:
        """(col, row) of the hex containing pixel (x, y); may be off the sheet (see contains)."""
        c, r = self.locate_many(np.array([[x, y]]))
        return int(c[0]), int(r[0])

    def to_dict(self) -> dict:
        d = {
            "orientation": self.orientation,
            "shifted": self.shifted,
            "cols": list(self.cols),
            "rows": list(self.rows),
            "id_format": self.id_format,
        }
        if self.pixels is not None:
            d["pixels"] = self.pixels.to_dict()
        return d


def _cube_round(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = -q - r
    rq, rr, rs = np.rint(q), np.rint(r), np.rint(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int64), rr.astype(np.int64)
