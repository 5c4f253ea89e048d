"""VASSAL's grid naming re-implemented bit for bit, and our grids translated into it.

Golden values are computed by hand from the formulas in vassal-and-landscape.md §1.5-1.6."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from layouts import LAYOUTS, layout_id

from railhead.errors import InputError
from railhead.exporters.vassal.grid import (
    VassalGrid,
    centre,
    get_name,
    java_round,
    translate,
    vassal_name,
)
from railhead.mapdata.grid import HexGrid, PixelFrame

DEFAULT = VassalGrid(dx=64 * math.sqrt(3) / 2, dy=64.0, x0=0, y0=32)


def test_worked_example_of_the_doc():
    """§1.6: raw (0,0) -> (0,32) 0101; (1,-1) -> (55,0) 0201; (1,0) -> (55,64) 0202;
    (2,0) -> (110,32) 0301; with stagger=false (1,0) is 0201."""
    cases = [
        ((0, 0), (0, 32), "0101"),
        ((1, -1), (55, 0), "0201"),
        ((1, 0), (55, 64), "0202"),
        ((2, 0), (110, 32), "0301"),
    ]
    for raw, xy, name in cases:
        assert centre(DEFAULT, *raw) == xy
        assert vassal_name(DEFAULT, 1000, 1000, *xy) == name
    flat = VassalGrid(dx=DEFAULT.dx, dy=64.0, x0=0, y0=32, stagger=False)
    assert vassal_name(flat, 1000, 1000, 55, 64) == "0201"


def test_get_name_letters_and_leading_zeros():
    """getName: 0->A, 25->Z, 26->AA, 27->BB, 52->AAA; leading=1 -> 01..09,10; leading=2 -> 001."""
    assert [get_name(n, "A", 0) for n in (0, 25, 26, 27, 52)] == ["A", "Z", "AA", "BB", "AAA"]
    assert [get_name(n, "N", 1) for n in (1, 9, 10, 99, 100)] == ["01", "09", "10", "99", "100"]
    assert [get_name(n, "N", 2) for n in (7, 45, 123)] == ["007", "045", "123"]
    assert get_name(-3, "N", 1) == "-03"


def test_java_rounding_and_truncation():
    assert java_round(2.5) == 3 and java_round(-2.5) == -2 and round(2.5) == 2
    g = VassalGrid(dx=10.0, dy=10.0, x0=-7, y0=-7)
    assert centre(g, 0, 0) == (-7, -7)  # (int) truncates toward zero


def test_descending_uses_swapped_maxima():
    """maxColumns = floor(width / dy + 0.5), maxRows = floor(height / dx + 0.5) — swapped."""
    g = VassalGrid(dx=50.0, dy=60.0, x0=0, y0=30, h_descend=True, stagger=False)
    # width 600: maxColumns = floor(600/60 + .5) = 10 (not 600/50 = 12): column 0 -> 10 + 1
    assert vassal_name(g, 600, 400, 0, 30) == "1101"
    g = VassalGrid(dx=50.0, dy=60.0, x0=0, y0=30, v_descend=True, stagger=False)
    # height 400: maxRows = floor(400/50 + .5) = 8: row 0 -> 8 + 1 = 09
    assert vassal_name(g, 600, 400, 0, 30) == "0109"


def test_stagger_counts_odd_columns_one_higher():
    g = VassalGrid(dx=50.0, dy=60.0, x0=0, y0=30)
    assert vassal_name(g, 600, 600, 50, 60) == "0202"
    g_desc = VassalGrid(dx=50.0, dy=60.0, x0=0, y0=30, v_descend=True)
    # descending rows: stagger subtracts one; maxRows = floor(600/50 + .5) = 12 -> 12 - 0 - 1 + 1
    assert vassal_name(g_desc, 600, 600, 50, 60) == "0212"


@pytest.mark.parametrize("grid", LAYOUTS, ids=layout_id)
def test_vassal_names_every_hex_as_the_map_does(grid):
    framed = grid.with_pixels(
        PixelFrame(86.6, 100.0, (70.0, 80.0)) if grid.flat else PixelFrame(100.0, 86.6, (80.0, 70.0))
    )
    w = int(max(framed.center(c, r)[0] for c, r in framed.coords()) + 80)
    h = int(max(framed.center(c, r)[1] for c, r in framed.coords()) + 80)
    g = translate(framed, w, h)
    for c, r in framed.coords():
        assert vassal_name(g, w, h, *framed.center(c, r)) == framed.format_id(c, r)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["even", "odd"]),
    st.integers(1, 6),
    st.integers(1, 6),
    st.floats(30, 200),
    st.floats(0.8, 1.25),
    st.floats(5, 300),
    st.floats(5, 300),
    st.booleans(),
)
def test_translation_holds_for_random_frames(orientation, shifted, c0, r0, size, ratio, ox, oy, with_sheet):
    grid = HexGrid(
        orientation,
        shifted,
        (c0, c0 + 9),
        (r0, r0 + 7),
        "{col:02d}{row:02d}",
        PixelFrame(size, size * ratio, (ox + size, oy + size)),
    )
    w = int(max(grid.center(c, r)[0] for c, r in grid.coords()) + size)
    h = int(max(grid.center(c, r)[1] for c, r in grid.coords()) + size)
    prefix = "GW2:" if with_sheet else ""
    g = translate(grid, w, h, prefix)
    c, r = grid.cols[1], grid.rows[1]
    assert vassal_name(g, w, h, *grid.center(c, r)) == prefix + grid.format_id(c, r)


def test_rotated_grids_are_refused_with_a_reason():
    grid = HexGrid("flat", "even", (1, 5), (1, 5), pixels=PixelFrame(86.6, 100, (60, 60), 1.5))
    with pytest.raises(InputError, match="rotated"):
        translate(grid, 600, 600)
