"""Drawn hex sheets for the hexside tests: a plain hex grid on paper, lines drawn along its sides,
and the hexside features found on it with a one-river legend."""

from __future__ import annotations

import cv2
import numpy as np

from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.colours import Drift
from railhead.pipeline.digitize import grid_table
from railhead.pipeline.legend import parse_legend
from railhead.pipeline.traces import hexside_features

PAPER = (226, 232, 190)
RIVER = (90, 150, 200)
ROAD = (130, 100, 60)
INK = (35, 35, 35)


def sheet_grid() -> HexGrid:
    """An 8 x 6 flat-topped grid, 87 px across, on a 800 x 700 sheet."""
    return HexGrid(
        "flat", "even", (1, 8), (1, 6), "{col:02d}{row:02d}", PixelFrame(87.0, 100.0, (70.0, 70.0))
    )


def draw_line(img: np.ndarray, a, b, colour, width: int) -> None:
    """An anti-aliased line from ``a`` to ``b`` at sub-pixel precision."""
    pts = [tuple(int(v) for v in np.round(np.asarray(p) * 16)) for p in (a, b)]
    cv2.line(img, pts[0], pts[1], colour, width, cv2.LINE_AA, shift=4)


def side(grid: HexGrid, a: str, b: str) -> np.ndarray:
    """The segment of the side between hexes ``a`` and ``b``."""
    pa, pb = grid.parse_id(a), grid.parse_id(b)
    return np.asarray(grid.side_segment(*pa, grid.direction(pa, pb)))


def river_sides(img: np.ndarray, grid: HexGrid):
    """The hexside features found on ``img`` (hexes all paper, a legend of one river), and the
    hex ids by index."""
    cols, rows, ids, nbr = grid_table(grid)
    legend = parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [{"name": "river", "color": "#5a96c8"}],
        }
    )
    hex_rgb = np.tile(np.array(PAPER, np.float32), (len(ids), 1))
    return hexside_features(img, grid, cols, rows, nbr, hex_rgb, legend, Drift.none()), ids
