"""Hex grid geometry: numbering round trips, adjacency, distance, pixel geometry (contracts.md §1)."""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railhead.mapdata.grid import HexGrid, PixelFrame

ID_FORMATS = [
    "{col:02d}{row:02d}",  # column-first, leading zeros (Der Weltkrieg, GR/D)
    "{row:02d}{col:02d}",  # row-first (GMT Great War in Europe)
    "W{row:02d}{col:02d}",  # sheet letter printed in the number (GMT: W6819)
    "{col:A}{row:02d}",  # letter columns: A12
    "{col}.{row}",  # separator, no padding
    "{col:03d}{row:03d}",
]


@st.composite
def layouts(draw) -> HexGrid:
    orientation = draw(st.sampled_from(["flat", "pointy"]))
    shifted = draw(st.sampled_from(["even", "odd"]))
    fmt = draw(st.sampled_from(ID_FORMATS))
    lo = 1 if "A" in fmt else 0
    c0 = draw(st.integers(lo, 5))
    r0 = draw(st.integers(lo, 5))
    nc = draw(st.integers(1, 30))
    nr = draw(st.integers(1, 30))
    cols = (c0, c0 + nc - 1)
    rows = (r0, r0 + nr - 1)
    if draw(st.booleans()):
        cols = cols[::-1]  # descending numbering
    if draw(st.booleans()):
        rows = rows[::-1]
    w = draw(st.floats(8, 300))
    h = w * draw(st.floats(0.6, 1.6))
    origin = (draw(st.floats(-500, 500)), draw(st.floats(-500, 500)))
    angle = draw(st.sampled_from([0.0, 90.0, -90.0, 180.0])) + draw(st.floats(-3, 3))
    return HexGrid(orientation, shifted, cols, rows, fmt, PixelFrame(w, h, origin, angle))


def _some_hex(draw, g: HexGrid) -> tuple[int, int]:
    c = draw(st.integers(min(g.cols), max(g.cols)))
    r = draw(st.integers(min(g.rows), max(g.rows)))
    return c, r


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_id_to_pixel_to_id_round_trip(data):
    g = data.draw(layouts())
    col, row = _some_hex(data.draw, g)
    hex_id = g.format_id(col, row)
    assert g.parse_id(hex_id) == (col, row)
    x, y = g.center(col, row)
    assert g.locate(x, y) == (col, row)
    # any point well inside the hex (inscribed ellipse) locates the same hex
    t = data.draw(st.floats(0, 2 * math.pi))
    k = data.draw(st.floats(0, 0.42))
    f = g.frame()
    a = math.radians(f.angle_deg)
    dx, dy = k * f.hex_width * math.cos(t), k * f.hex_height * math.sin(t)
    px = x + dx * math.cos(a) - dy * math.sin(a)
    py = y + dx * math.sin(a) + dy * math.cos(a)
    assert g.format_id(*g.locate(px, py)) == hex_id


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_vectorized_conversion_matches_scalar(g):
    coords = np.array(list(g.coords()))
    xy = g.centers(coords[:, 0], coords[:, 1])
    for (c, r), (x, y) in zip(coords[:50], xy[:50], strict=True):
        assert g.center(int(c), int(r)) == pytest.approx((x, y))
    cols, rows = g.locate_many(xy)
    assert (cols == coords[:, 0]).all() and (rows == coords[:, 1]).all()


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_corners_bound_the_hex_and_sides_are_shared(g):
    coords = list(g.coords())[:40]
    for c, r in coords:
        corners = g.corners(c, r)
        center = np.array(g.center(c, r))
        assert np.allclose(corners.mean(axis=0), center)
        for d in range(6):
            nc, nr = g.neighbour(c, r, d)
            mine = g.side_segment(c, r, d)
            theirs = g.side_segment(nc, nr, (d + 3) % 6)
            # the shared side is the same segment, walked the other way
            assert np.allclose(mine, theirs[::-1], atol=1e-6)
            # and it lies halfway between the two centres
            mid = (np.array(g.center(nc, nr)) + center) / 2
            assert np.allclose(mine.mean(axis=0), mid, atol=1e-6)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_neighbours_are_symmetric(data):
    g = data.draw(layouts())
    c, r = _some_hex(data.draw, g)
    for d in range(6):
        n = g.neighbour(c, r, d)
        assert g.neighbour(*n, (d + 3) % 6) == (c, r)
        assert g.direction((c, r), n) == d
        assert g.direction(n, (c, r)) == (d + 3) % 6
        assert g.distance((c, r), n) == 1
    for n in g.neighbours(c, r):
        assert (c, r) in g.neighbours(*n)
    assert len(set(g.neighbours(c, r))) == len(g.neighbours(c, r)) <= 6


def _bfs(g: HexGrid, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in g.neighbours(*h):
            if n not in dist:
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_distance_agrees_with_bfs_over_neighbours(data):
    g = data.draw(layouts())
    start = _some_hex(data.draw, g)
    bfs = _bfs(g, start)
    coords = list(g.coords())
    assert len(bfs) == len(coords)  # the sheet is connected
    arr = np.array(coords)
    vec = g.distances(start, arr[:, 0], arr[:, 1])
    for (c, r), v in zip(coords, vec, strict=True):
        assert g.distance(start, (c, r)) == bfs[(c, r)] == v


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_rings_and_ranges(data):
    g = data.draw(layouts())
    center = _some_hex(data.draw, g)
    radius = data.draw(st.integers(0, 6))
    ring = g.ring(center, radius)
    expected = {h for h in g.coords() if g.distance(center, h) == radius}
    assert set(ring) == expected and len(ring) == len(expected)
    area = g.within(center, radius)
    assert set(area) == {h for h in g.coords() if g.distance(center, h) <= radius}


def test_contract_neighbour_rule_flat_even():
    """contracts.md §1: flat, shifted even: (c, r±1), (c±1, r), and (c±1, r+1) if c even."""
    g = HexGrid("flat", "even", (1, 20), (1, 20))
    assert set(g.neighbours(10, 10)) == {(10, 9), (10, 11), (9, 10), (11, 10), (9, 11), (11, 11)}
    assert set(g.neighbours(9, 10)) == {(9, 9), (9, 11), (8, 10), (10, 10), (8, 9), (10, 9)}


def test_regular_hex_geometry_and_default_frame():
    g = HexGrid("flat", "even", (1, 5), (1, 5))
    f = g.frame()
    assert f.hex_width / f.hex_height == pytest.approx(math.sqrt(3) / 2)
    corners = g.corners(3, 3)
    sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    assert np.allclose(sides, sides[0])  # a regular hexagon
    assert (g.centers(*np.array(list(g.coords())).T) > 0).all()


def test_descending_columns_run_right_to_left():
    g = HexGrid("flat", "even", (40, 1), (1, 30), pixels=PixelFrame(50, 58, (100, 100)))
    assert g.center(40, 1) == pytest.approx((100, 100))
    assert g.center(39, 1)[0] == pytest.approx(150)
    assert g.center(40, 2)[1] == pytest.approx(158)


def test_rotation_is_clockwise_about_the_origin():
    g = HexGrid("flat", "odd", (1, 9), (1, 9), pixels=PixelFrame(50, 58, (0, 0), 90.0))
    x, y = g.center(1, 2)  # one row down before rotation
    assert (x, y) == pytest.approx((-58, 0))


def test_pointy_rows_shift_right():
    g = HexGrid("pointy", "odd", (1, 9), (1, 9), pixels=PixelFrame(60, 52, (0, 0)))
    assert g.center(1, 2)[0] == pytest.approx(-30)  # even row sits left of odd row 1
    assert g.center(1, 3)[0] == pytest.approx(0)
