"""Rivers drawn near hexsides: a meandering river that follows a chain of hexsides only roughly
(wandering off them, cutting a corner) is read as those hexsides, and never as a line."""

from __future__ import annotations

import cv2
import numpy as np

from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.colours import Drift
from railhead.pipeline.curves import curve_edges
from railhead.pipeline.digitize import grid_table
from railhead.pipeline.legend import parse_legend
from railhead.pipeline.traces import hexside_features

PAPER = (226, 232, 190)
RIVER = (90, 150, 200)


def _legend():
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [{"name": "river", "color": "#5a96c8"}],
            "line": [{"name": "road", "color": "#82643c", "trace": "curve"}],
        }
    )


def _grid():
    frame = PixelFrame(87.0, 100.0, (70.0, 70.0))
    return HexGrid("flat", "even", (1, 8), (1, 6), "{col:02d}{row:02d}", frame)


def _meander(grid, around, n_sides, amplitude):
    """A wavy river along ``n_sides`` consecutive sides of hex ``around`` (a loop of the river
    round it), wandering ``amplitude`` px either side of them; the sides as hex pairs."""
    c, r = grid.parse_id(around)
    poly = grid.corners(c, r)
    centre = np.array(grid.center(c, r))
    pts, sides = [], []
    for k in range(n_sides):
        a, b = poly[k], poly[(k + 1) % 6]
        mid = (a + b) / 2
        sides.append(tuple(sorted((around, grid.format_id(*grid.locate(*(2 * mid - centre)))))))
        t = np.linspace(0, 1, 40)[:, None]
        u = (b - a) / np.linalg.norm(b - a)
        n = np.array([-u[1], u[0]])
        pts.append(a + (b - a) * t + n * np.sin(t * 2 * np.pi) * amplitude)
    return np.concatenate(pts), set(sides)


def test_a_meandering_river_gives_the_hexsides_it_follows():
    """A river printed as a pale band that meanders up to 10 % of a hex off the hexsides it follows
    gives exactly those hexsides, and the road tracer (drawn in another colour) finds no road in it."""
    grid = _grid()
    img = np.full((700, 800, 3), PAPER, np.uint8)
    river, sides = _meander(grid, "0403", 4, amplitude=10)
    cv2.polylines(img, [np.round(river * 16).astype(np.int32)], False, RIVER, 5, cv2.LINE_AA, 4)
    cols, rows, ids, nbr = grid_table(grid)
    hex_rgb = np.tile(np.array(PAPER, np.float32), (len(ids), 1))
    leg = _legend()
    found = hexside_features(img, grid, cols, rows, nbr, hex_rgb, leg, Drift.none())
    got = {tuple(sorted((ids[a], ids[b]))) for a, b in found.pairs}
    assert got == sides
    roads = curve_edges(img, grid, cols, rows, leg, Drift.none(), list(leg.line))
    assert roads.pairs == []


def test_a_lake_across_a_hexside_is_told_from_a_river_by_its_width():
    """A lake printed as a blob of water over a hexside (a third of a hex wide) and a river as a
    thin band along other hexsides, in near colours: each side gets its own kind."""
    grid = _grid()
    img = np.full((700, 800, 3), PAPER, np.uint8)
    river, river_sides = _meander(grid, "0403", 3, amplitude=4)
    cv2.polylines(img, [np.round(river * 16).astype(np.int32)], False, RIVER, 5, cv2.LINE_AA, 4)
    a, b = grid.center(*grid.parse_id("0605")), grid.center(*grid.parse_id("0606"))
    mid = tuple(int(round(v)) for v in np.add(a, b) / 2)
    cv2.ellipse(img, mid, (34, 16), 0, 0, 360, (110, 165, 205), -1, cv2.LINE_AA)
    assert _river_and_lake(grid, img) == {"river": river_sides, "lake": {("0605", "0606")}}


def test_a_wide_river_reach_is_a_river_not_a_lake():
    """A river reach printed as wide as a lake (a blurred or askew reach of a real scan) in a water
    colour halfway between the legend's river and lake: the width alone reads it as lake, its shape
    (a long band, not a blob) makes it river; the lake blob beside it stays a lake."""
    grid = _grid()
    img = np.full((700, 800, 3), PAPER, np.uint8)
    river, river_sides = _meander(grid, "0403", 5, amplitude=3)
    between = (100, 158, 202)  # halfway between the river's and the lake's legend colours
    cv2.polylines(img, [np.round(river * 16).astype(np.int32)], False, between, 12, cv2.LINE_AA, 4)
    a, b = grid.center(*grid.parse_id("0605")), grid.center(*grid.parse_id("0606"))
    mid = tuple(int(round(v)) for v in np.add(a, b) / 2)
    cv2.ellipse(img, mid, (34, 16), 0, 0, 360, between, -1, cv2.LINE_AA)
    assert _river_and_lake(grid, img) == {"river": river_sides, "lake": {("0605", "0606")}}


def _river_and_lake(grid, img) -> dict[str, set]:
    """The hexsides read as river and as lake, with a legend printing both in near blues."""
    leg = parse_legend(
        {
            "format": "railhead.legend/1",
            "terrain": [{"name": "clear", "color": "#e2e8be"}],
            "hexside": [{"name": "river", "color": "#5a96c8"}, {"name": "lake", "color": "#6ea5cd"}],
        }
    )
    cols, rows, ids, nbr = grid_table(grid)
    hex_rgb = np.tile(np.array(PAPER, np.float32), (len(ids), 1))
    found = hexside_features(img, grid, cols, rows, nbr, hex_rgb, leg, Drift.none())
    got: dict[str, set] = {}
    for (p, q), kind in zip(found.pairs, found.kinds, strict=True):
        got.setdefault(kind, set()).add(tuple(sorted((ids[p], ids[q]))))
    return got
