"""A module's board and its grid, taken as they are for digitizing: every hex id is VASSAL's name."""

from __future__ import annotations

import pytest

from railhead.errors import InputError
from railhead.exporters.vassal.grid import vassal_name
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.module_board import module_board
from railhead.mapdata.sample import sample_map


def test_the_exported_sample_module_gives_back_every_printed_id(tmp_path):
    m = sample_map()
    write_module(m, tmp_path / "game.vmod")
    b = module_board(tmp_path / "game.vmod")
    assert b.media_type == "image/png" and b.image[:4] == b"\x89PNG"
    ids = {b.grid.format_id(c, r) for c, r in b.grid.coords()}
    assert set(m.hexes) <= ids
    assert _edge_hexes(b, ids - set(m.hexes))
    for c, r in b.grid.coords():  # each at the centre the map data gives it
        x, y = b.grid.center(c, r)
        if b.grid.format_id(c, r) in m.hexes:
            assert m.locate(x, y) == b.grid.format_id(c, r)


def _edge_hexes(b, extra: set[str]) -> bool:
    """The hexes the board holds beyond the map's: partial hexes cut by the board's edge (VASSAL
    names every hex centred on the board), or centred off the board (the sheet's rectangle)."""
    for c, r in b.grid.coords():
        if b.grid.format_id(c, r) in extra:
            corners = b.grid.corners(c, r)
            inside = (corners[:, 0] >= 0) & (corners[:, 0] < b.width)
            inside &= (corners[:, 1] >= 0) & (corners[:, 1] < b.height)
            if inside.all():
                return False
    return True


def test_two_boards_need_a_name_and_each_keeps_its_sheet_prefix(tmp_path, two_sheet_map):
    write_module(two_sheet_map, tmp_path / "two.vmod")
    with pytest.raises(InputError, match="several hex grids"):
        module_board(tmp_path / "two.vmod")
    for sheet in ("GW1", "GW2"):
        b = module_board(tmp_path / "two.vmod", sheet)
        ids = {b.grid.format_id(c, r) for c, r in b.grid.coords()}
        mine = {h for h in two_sheet_map.hexes if h.startswith(f"{sheet}:")}
        assert mine <= ids and _edge_hexes(b, ids - mine)
    with pytest.raises(InputError, match="no board named 'GW9'"):
        module_board(tmp_path / "two.vmod", "GW9")


def test_names_are_vassals_own_on_every_hex(tmp_path):
    m = sample_map(cols=12, rows=9)
    write_module(m, tmp_path / "g.vmod")
    from railhead.exporters.vassal.modules import read_module

    info = next(iter(read_module(tmp_path / "g.vmod").values())).boards
    board = next(iter(info.values()))
    b = module_board(tmp_path / "g.vmod")
    for c, r in b.grid.coords():
        assert b.grid.format_id(c, r) == vassal_name(board.grid.grid, b.width, b.height, *b.grid.center(c, r))
