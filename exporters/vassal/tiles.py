"""Splitting sheets whose board image is too large for VASSAL into several boards.

Why and how large: VASSAL tiles every board image once, in a separate Java process that decodes the
whole image (4 bytes a pixel) before cutting it; large maps are the most reported cause of its
out-of-memory failures (``vassalengine/vassal`` #5953: 8845 x 6643 sections; #12721: a 10275 x 6675
map with a 512 MB heap; #12874: 32k x 20k not tiling even at 8 GB). :data:`MAX_BOARD_PX` keeps each
board's sides at most 4096 px, i.e. at most 16.8 Mpx (64 MiB decoded), a quarter of the map that
already failed at VASSAL's old default heap.

Splitting, not downscaling, because it keeps every name exact at full resolution: a board cut from
the sheet at whole-pixel offsets (ox, oy) carries the sheet's grid moved by (−ox, −oy) (VASSAL's
integer ``x0``/``y0`` stay exact and raw columns keep their parity, so names are unchanged;
descending numbering, which counts from the board's size, is re-solved per board), see
:func:`.grid.translate`. Boards are laid out in the map's BoardPicker as rows and columns and the
module's default ``<setup>`` (a SetBoards command, ``BoardPicker.encode``: ``MAPBoardPicker`` then
board name, column, row for each board, TAB-separated) places them, so VASSAL draws the sheet whole:
it puts a board at the sum of the widths of the boards left of it in its row and the heights of the
boards above it in its column (``Map.setBoardBoundaries``), which for a regular cut is the cut's own
offset. Sheets are placed side by side, each cut into the same number of rows, so that sum stays
right in every row.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from .saves import join

MAX_BOARD_PX = 4096


@dataclass(frozen=True)
class Cut:
    """One board cut from a sheet image: pixels [x0, x1) x [y0, y1); its row and column within the
    sheet's cut."""

    row: int
    col: int
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0


def _spans(length: int, parts: int) -> list[tuple[int, int]]:
    step = math.ceil(length / parts)
    return [(k * step, min(length, (k + 1) * step)) for k in range(parts) if k * step < length]


def cuts(width: int, height: int, max_px: int, rows: int | None = None) -> list[Cut]:
    """The boards a ``width`` x ``height`` sheet image is cut into, row by row: as few columns as
    keep each side within ``max_px``, and ``rows`` rows (at least as many as the height needs)."""
    if max_px < 1:
        raise ValueError("max_px must be positive")
    n_cols = max(1, math.ceil(width / max_px))
    n_rows = max(rows or 1, math.ceil(height / max_px))
    return [
        Cut(r, c, x0, y0, x1, y1)
        for r, (y0, y1) in enumerate(_spans(height, n_rows))
        for c, (x0, x1) in enumerate(_spans(width, n_cols))
    ]


def rows_needed(sizes: list[tuple[int, int]], max_px: int) -> int:
    """Rows every sheet is cut into (the most any sheet needs), so sheets side by side line up."""
    return max((math.ceil(h / max_px) for _, h in sizes), default=1)


def crop_png(png: bytes, cut: Cut) -> bytes:
    """The part of a PNG a board shows, as a PNG (deterministic: no time stamps)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        part = im.crop((cut.x0, cut.y0, cut.x1, cut.y1))
        buf = io.BytesIO()
        part.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def setup_text(map_name: str, placed: list[tuple[str, int, int]]) -> str:
    """The BoardPicker ``<setup>`` text: a SetBoards command placing each (board, column, row)."""
    tokens = [map_name + "BoardPicker"]
    for name, col, row in placed:
        tokens += [join([name], "/"), str(col), str(row)]
    return join(tokens, "\t")
