"""A module's hex grid read back as a map grid whose ids are VASSAL's names (the inverse of translate)."""

from __future__ import annotations

import pytest
from layouts import LAYOUTS, layout_id

from railhead.errors import InputError
from railhead.exporters.vassal.board_grid import hexgrid_from_vassal
from railhead.exporters.vassal.grid import VassalGrid, translate, vassal_name
from railhead.mapdata.grid import HexGrid, PixelFrame


def _board(grid: HexGrid) -> tuple[int, int]:
    xs, ys = zip(*(grid.center(c, r) for c, r in grid.coords()), strict=True)
    return int(max(xs) + 40), int(max(ys) + 40)


@pytest.mark.parametrize("layout", LAYOUTS, ids=layout_id)
def test_translated_grids_come_back_with_every_printed_id(layout):
    grid = layout.with_pixels(PixelFrame(60.0, 69.3, (45.0, 50.0), 0.0))
    w, h = _board(grid)
    vg = translate(grid, w, h)
    back = hexgrid_from_vassal(vg, w, h)
    ours = {grid.format_id(c, r) for c, r in grid.coords()}
    theirs = {back.format_id(c, r) for c, r in back.coords()}
    assert ours <= theirs
    for c, r in back.coords():  # each id at its own hex
        assert grid.locate(*back.center(c, r)) == grid.parse_id(back.format_id(c, r))
        x, y = back.center(c, r)
        if back.format_id(c, r) not in ours and 0 <= x < w and 0 <= y < h:
            # a hex of the board's margin: VASSAL names it, a hex cut by the board's edge
            assert vassal_name(vg, w, h, x, y) == back.format_id(c, r)
            corners = back.corners(c, r)
            assert (corners < 0).any() or (corners[:, 0] >= w).any() or (corners[:, 1] >= h).any()


@pytest.mark.parametrize(
    "vg",
    [
        VassalGrid(dx=60.0, dy=69.3, x0=30, y0=35),  # VASSAL's defaults: staggered, numbered from 1
        VassalGrid(dx=60.0, dy=69.3, x0=30, y0=0, stagger=False, h_off=0, v_off=0, h_leading=0),
        VassalGrid(dx=52.0, dy=60.0, x0=26, y0=30, sideways=True, first="V", sep="-", h_type="A"),
        VassalGrid(
            dx=60.0,
            dy=69.3,
            x0=30,
            y0=35,
            h_descend=True,
            v_descend=True,
            h_off=5,
            v_off=5,
            location_format="X$gridLocation$",
        ),  # fmt: skip
    ],
)
def test_grids_made_in_vassal_name_every_hex_on_the_board_as_vassal_does(vg):
    w, h = 1200, 900
    grid = hexgrid_from_vassal(vg, w, h)
    on_board = [
        (c, r) for c, r in grid.coords() if 0 <= grid.center(c, r)[0] < w and 0 <= grid.center(c, r)[1] < h
    ]
    assert len(on_board) > 150
    for c, r in on_board:
        assert grid.format_id(c, r) == vassal_name(vg, w, h, *grid.center(c, r))


@pytest.mark.parametrize(
    ("vg", "why"),
    [
        (
            VassalGrid(dx=60.0, dy=69.3, x0=30, y0=35, location_format="$column$ / $row$"),
            "column and row apart",
        ),
        # descending columns whose numbers VASSAL takes below zero at the far edge (its swapped maxima)
        (VassalGrid(dx=60.0, dy=69.3, x0=30, y0=35, h_descend=True), "cannot be printed"),
        # lettered columns whose offset names the board's first columns before A (a real module
        # lets its grid start in the margin left of the printed column A): refused, not a crash
        (VassalGrid(dx=60.0, dy=69.3, x0=30, y0=35, h_type="A", h_off=-2), "cannot be written"),
    ],
)
def test_numbering_no_id_format_can_write_is_refused(vg, why):
    with pytest.raises(InputError, match="--calibrate") as err:
        hexgrid_from_vassal(vg, 1200, 900)
    assert why in str(err.value)


def _vassal_centres(vg: VassalGrid, w: int, h: int) -> list[tuple[float, float]]:
    """Every hex centre of VASSAL's lattice on a w x h board (raw column rc at x0 + rc dx, odd raw
    columns half a cell lower; x and y swapped for sideways grids), counted independently of the
    code under test."""
    span_x, span_y = (w, h) if not vg.sideways else (h, w)
    out = []
    for rc in range(-5, int(span_x / vg.dx) + 5):
        for rr in range(-5, int(span_y / vg.dy) + 5):
            x = vg.x0 + rc * vg.dx
            y = vg.y0 + rr * vg.dy + (vg.dy / 2 if rc % 2 else 0)
            if 0 <= x < span_x and 0 <= y < span_y:
                out.append((x, y) if not vg.sideways else (y, x))
    return out


@pytest.mark.parametrize(
    ("vg", "w", "h", "count"),
    [
        # columns alternating 13 and 12 hexes: the board ends below the 13th hex of the long columns
        (VassalGrid(dx=60.0, dy=69.3, x0=30, y0=30), 780, 880, 7 * 13 + 6 * 12),
        # partial hexes at the top of every other column, and a column left of raw column 0
        (VassalGrid(dx=60.0, dy=69.3, x0=70, y0=40), 800, 700, None),
        # pointy (sideways) rows alternating 11 and 10 hexes, partial ones on the right edge
        (VassalGrid(dx=52.0, dy=60.0, x0=26, y0=30, sideways=True), 630, 500, None),
        # descending numbering on a ragged board
        (VassalGrid(dx=60.0, dy=69.3, x0=30, y0=30, v_descend=True, v_off=20), 780, 880, 7 * 13 + 6 * 12),
    ],
)
def test_a_ragged_board_keeps_every_hex_vassal_names(vg, w, h, count):
    """Issue 27 item 4: the partial hexes at a board's edge are hexes of the game. Every hex
    whose centre lies on the board is in the sheet, with VASSAL's name as its id; the sheet's
    other hexes (a rectangle of printed numbers) have their centres off the board."""
    grid = hexgrid_from_vassal(vg, w, h)
    centres = _vassal_centres(vg, w, h)
    if count is not None:
        assert len(centres) == count
    ids = {}
    for x, y in centres:
        c, r = grid.locate(x, y)
        assert grid.contains(c, r), (x, y)
        assert grid.center(c, r) == pytest.approx((x, y), abs=1e-6)
        assert grid.format_id(c, r) == vassal_name(vg, w, h, x, y)
        ids[c, r] = grid.format_id(c, r)
    assert len(ids) == len(centres)  # one hex each
    for c, r in grid.coords():
        if (c, r) not in ids:
            x, y = grid.center(c, r)
            assert not (0 <= x < w and 0 <= y < h)
