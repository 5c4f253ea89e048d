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
    assert ids == set(m.hexes)
    for c, r in b.grid.coords():  # each at the centre the map data gives it
        x, y = b.grid.center(c, r)
        assert m.locate(x, y) == b.grid.format_id(c, r)


def test_two_boards_need_a_name_and_each_keeps_its_sheet_prefix(tmp_path, two_sheet_map):
    write_module(two_sheet_map, tmp_path / "two.vmod")
    with pytest.raises(InputError, match="several hex grids"):
        module_board(tmp_path / "two.vmod")
    for sheet in ("GW1", "GW2"):
        b = module_board(tmp_path / "two.vmod", sheet)
        ids = {b.grid.format_id(c, r) for c, r in b.grid.coords()}
        assert ids == {h for h in two_sheet_map.hexes if h.startswith(f"{sheet}:")}
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
