"""A river hidden in part under what is printed over it (a road crossing it on a bridge): the
rest of its hexside shows it, and that is enough; print over a side without a river makes none."""

from __future__ import annotations

import cv2
import numpy as np
from drawn_sides import INK, PAPER, RIVER, ROAD, river_sides, sheet_grid
from drawn_sides import draw_line as _line


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
    grid = sheet_grid()
    img = np.full((700, 800, 3), PAPER, np.uint8)
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
    found, ids = river_sides(img, grid)
    got = {tuple(sorted((ids[a], ids[b]))) for a, b in found.pairs}
    assert got == {("0403", "0404")}
