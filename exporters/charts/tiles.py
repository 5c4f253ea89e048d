"""How a printed map is cut into pages: its scale on paper and the grid of overlapping tiles.

Everything here is geometry: a tile is a window of the sheet (in sheet pixels) and the rectangle of
the page it is printed in (in millimetres, origin at the page's lower left corner, as in PDF).
Adjacent tiles share ``overlap_mm`` of map; registration marks sit in the middle of each shared
strip, at the same map position on both tiles, so the two can be laid one over the other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...errors import InputError
from ..mapview import SheetShape, Window

DEFAULT_HEX_MM = 16.0
"""Printed hex size across the flats when neither the map nor the user gives a scale (a common size
for operational WWI maps; Der Weltkrieg prints about 16 mm)."""
MARGIN_MM = 12.0
"""White border of every page: room for crop marks and labels, beyond what printers cannot reach."""
OVERLAP_MM = 10.0
MARK_RADIUS_MM = 3.0


@dataclass(frozen=True)
class PrintScale:
    """Millimetres of paper per sheet pixel, and where that figure came from (for the page footer)."""

    mm_per_px: float
    source: str
    hex_mm: float
    """The hex size across the flats it gives, mm."""


def print_scale(
    shape: SheetShape,
    *,
    hex_mm: float | None = None,
    dpi: float | None = None,
    scan_dpi: float | None = None,
    scale: float = 1.0,
) -> PrintScale:
    """The printed scale: ``hex_mm`` (hex size across flats) if given, else ``dpi`` (sheet pixels per
    inch) if given, else the scan's own resolution, else :data:`DEFAULT_HEX_MM`; times ``scale``."""
    for name, value in (("--hex-mm", hex_mm), ("--dpi", dpi), ("--scale", scale)):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise InputError(f"{name} must be a positive number, not {value}")
    flats = shape.across_flats()
    if hex_mm is not None:
        base, source = hex_mm / flats, f"hex {hex_mm:g} mm across flats"
    elif dpi is not None:
        base, source = 25.4 / dpi, f"{dpi:g} dpi"
    elif scan_dpi is not None:
        base, source = 25.4 / scan_dpi, f"scan at {scan_dpi:g} dpi"
    else:
        base, source = DEFAULT_HEX_MM / flats, f"hex {DEFAULT_HEX_MM:g} mm across flats (default)"
    if scale != 1.0:
        source += f", scaled {scale:g}x"
    mm_per_px = base * scale
    return PrintScale(mm_per_px, source, flats * mm_per_px)


@dataclass(frozen=True)
class Tile:
    """One page of the map: label ``B3`` = row B, column 3; ``window`` in sheet pixels."""

    row: int
    col: int
    label: str
    window: Window
    neighbours: dict[str, str]
    """Label of the tile beyond each edge: keys ``up``, ``down``, ``left``, ``right``."""


def tile_label(row: int, col: int) -> str:
    letters = ""
    row += 1
    while row:
        row, rem = divmod(row - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{col + 1}"


MAX_PAGES = 2000  # a wall-sized print; more is a mistaken scale


@dataclass(frozen=True)
class TileLayout:
    """The map cut into ``rows`` x ``cols`` pages of one paper size and orientation."""

    page_mm: tuple[float, float]
    content_mm: tuple[float, float]
    margin_mm: float
    overlap_mm: float
    mm_per_px: float
    origin_px: tuple[float, float]
    """Sheet pixel at the top left corner of tile A1's printed area."""
    rows: int
    cols: int
    overlaps_mm: tuple[float, float] | None = None
    """Map shared by neighbouring tiles across and down; None: ``overlap_mm`` both ways."""

    @property
    def landscape(self) -> bool:
        return self.page_mm[0] > self.page_mm[1]

    @property
    def overlap_xy(self) -> tuple[float, float]:
        return self.overlaps_mm or (self.overlap_mm, self.overlap_mm)

    @property
    def step_mm(self) -> tuple[float, float]:
        ox, oy = self.overlap_xy
        return self.content_mm[0] - ox, self.content_mm[1] - oy

    @property
    def content_box_mm(self) -> tuple[float, float, float, float]:
        """Printed area on the page: (left, bottom, width, height), mm from the lower left corner."""
        return self.margin_mm, self.margin_mm, self.content_mm[0], self.content_mm[1]

    def px(self, mm: float) -> float:
        return mm / self.mm_per_px

    def window(self, row: int, col: int) -> Window:
        sx, sy = self.step_mm
        x0 = self.origin_px[0] + self.px(col * sx)
        y0 = self.origin_px[1] + self.px(row * sy)
        return x0, x0 + self.px(self.content_mm[0]), y0, y0 + self.px(self.content_mm[1])

    def tiles(self) -> list[Tile]:
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                near = {
                    "up": (r - 1, c),
                    "down": (r + 1, c),
                    "left": (r, c - 1),
                    "right": (r, c + 1),
                }
                neighbours = {
                    k: tile_label(rr, cc)
                    for k, (rr, cc) in near.items()
                    if 0 <= rr < self.rows and 0 <= cc < self.cols
                }
                out.append(Tile(r, c, tile_label(r, c), self.window(r, c), neighbours))
        return out

    def whole_window(self) -> Window:
        """The sheet rectangle all tiles together cover."""
        x0, _, y0, _ = self.window(0, 0)
        _, x1, _, y1 = self.window(self.rows - 1, self.cols - 1)
        return x0, x1, y0, y1

    def registration_marks(self) -> list[tuple[float, float]]:
        """Sheet pixel centres of the registration marks: two in the middle of every strip shared by
        two adjacent tiles (each mark is printed on both)."""
        sx, sy = self.step_mm
        cw, ch = self.content_mm
        ox, oy = self.origin_px
        half_x, half_y = (v / 2 for v in self.overlap_xy)
        out = []
        for r in range(self.rows):
            for c in range(self.cols - 1):  # strip shared with the tile to the right
                x = (c + 1) * sx + half_x
                out += [(ox + self.px(x), oy + self.px(r * sy + ch * f)) for f in (1 / 3, 2 / 3)]
        for r in range(self.rows - 1):
            for c in range(self.cols):  # strip shared with the tile below
                y = (r + 1) * sy + half_y
                out += [(ox + self.px(c * sx + cw * f), oy + self.px(y)) for f in (1 / 3, 2 / 3)]
        return out


def plan_tiles(
    shape: SheetShape,
    scale: PrintScale,
    page_pt: tuple[float, float],
    *,
    overlap_mm: float = OVERLAP_MM,
    margin_mm: float = MARGIN_MM,
) -> TileLayout:
    """Tiles covering the sheet's hexes on pages of ``page_pt`` (portrait, points): the orientation
    needing fewer pages (portrait on a tie), neighbours sharing ``overlap_mm`` of map, from the map's
    top left corner (centred along an axis one tile spans)."""
    if not (math.isfinite(overlap_mm) and 2 * MARK_RADIUS_MM + 2 <= overlap_mm <= 50):
        raise InputError(f"--overlap must be between {2 * MARK_RADIUS_MM + 2:g} and 50 mm, not {overlap_mm}")
    pt_mm = 25.4 / 72
    pw, ph = page_pt[0] * pt_mm, page_pt[1] * pt_mm
    lo, hi = shape.lo, shape.hi
    map_w, map_h = (hi[0] - lo[0]) * scale.mm_per_px, (hi[1] - lo[1]) * scale.mm_per_px
    best = None
    for w, h in ((pw, ph), (ph, pw)):
        cw, ch = w - 2 * margin_mm, h - 2 * margin_mm
        cols = max(1, math.ceil((map_w - overlap_mm) / (cw - overlap_mm)))
        rows = max(1, math.ceil((map_h - overlap_mm) / (ch - overlap_mm)))
        if best is None or rows * cols < best[0]:
            best = (rows * cols, (w, h), (cw, ch), rows, cols)
    _, page, content, rows, cols = best
    if rows * cols > MAX_PAGES:
        raise InputError(
            f"at this scale the map is {map_w / 1000:,.1f} x {map_h / 1000:,.1f} m and needs {rows * cols:,} "
            f"pages; railhead prints at most {MAX_PAGES:,} (give a smaller --hex-mm or --scale)"
        )
    # neighbouring tiles share exactly the overlap asked for: widening it to span the map exactly
    # made a map a little larger than a page print twice (tile B1 repeated most of A1, "overlap
    # 250 mm"), and centring the tiles left blank bands on both ends (issue 16). So the tiles start
    # at the map's top left corner, every tile but the last of a row or column full of map; a map
    # that fits one tile along an axis is centred on it
    overlaps = (overlap_mm, overlap_mm)
    total_w = cols * (content[0] - overlaps[0]) + overlaps[0]
    total_h = rows * (content[1] - overlaps[1]) + overlaps[1]
    origin = (
        float(lo[0] - (total_w - map_w) / 2 / scale.mm_per_px) if cols == 1 else float(lo[0]),
        float(lo[1] - (total_h - map_h) / 2 / scale.mm_per_px) if rows == 1 else float(lo[1]),
    )
    return TileLayout(page, content, margin_mm, overlap_mm, scale.mm_per_px, origin, rows, cols, overlaps)
