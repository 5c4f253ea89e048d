"""A river hidden in part under what is printed over it (a road crossing it on a bridge): the
rest of its hexside shows it, and that is enough; print over a side without a river makes none."""

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


def _line(img, a, b, colour, width):
    pts = [tuple(int(v) for v in np.round(np.asarray(p) * 16)) for p in (a, b)]
    cv2.line(img, pts[0], pts[1], colour, width, cv2.LINE_AA, shift=4)


def _bridge(img, seg, at: float):
    """A road crossing side ``seg`` at ``at`` of its length, between two dark brackets: over
    0.45 of the side's length (a bridge printed near a corner, as on the curvy scans)."""
    a, b = seg
    u = (b - a) / np.linalg.norm(b - a)
    n = np.array([-u[1], u[0]])
    hit = a + (b - a) * at
    _line(img, hit - n * 20, hit + n * 20, ROAD, 4)
    for k in (-1, 1):
        mid = hit + u * k * 7
        _line(img, mid - n * 9, mid + n * 9, INK, 3)


def test_a_river_under_a_bridge_is_read_on_the_rest_of_its_side():
    grid = HexGrid(
        "flat", "even", (1, 8), (1, 6), "{col:02d}{row:02d}", PixelFrame(87.0, 100.0, (70.0, 70.0))
    )
    img = np.full((700, 800, 3), PAPER, np.uint8)
    cols, rows, ids, nbr = grid_table(grid)
    river = grid.side_segment(
        *grid.parse_id("0403"), grid.direction(grid.parse_id("0403"), grid.parse_id("0404"))
    )
    dry = grid.side_segment(
        *grid.parse_id("0603"), grid.direction(grid.parse_id("0603"), grid.parse_id("0604"))
    )
    _line(img, river[0], river[1], RIVER, 5)
    _bridge(img, river, 0.7)
    _bridge(img, dry, 0.7)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    legend = parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [{"name": "river", "color": "#5a96c8"}],
        }
    )
    hex_rgb = np.tile(np.array(PAPER, np.float32), (len(ids), 1))
    found = hexside_features(img, grid, cols, rows, nbr, hex_rgb, legend, Drift.none())
    got = {tuple(sorted((ids[a], ids[b]))) for a, b in found.pairs}
    assert got == {("0403", "0404")}
