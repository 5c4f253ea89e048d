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
    back = hexgrid_from_vassal(translate(grid, w, h), w, h)
    ours = {grid.format_id(c, r) for c, r in grid.coords()}
    theirs = {back.format_id(c, r) for c, r in back.coords()}
    assert theirs == ours
    for c, r in back.coords():  # each id at its own hex
        assert grid.locate(*back.center(c, r)) == grid.parse_id(back.format_id(c, r))


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
    ],
)
def test_numbering_no_id_format_can_write_is_refused(vg, why):
    with pytest.raises(InputError, match="--calibrate") as err:
        hexgrid_from_vassal(vg, 1200, 900)
    assert why in str(err.value)
