"""Round trip: export a module, write a save with pieces on named hexes, read it back with the
module: every piece is on its hex. And hostile build files are refused."""

from __future__ import annotations

import json
import zipfile

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.modules import locations, read_module
from railhead.exporters.vassal.saves import move_command, piece_command, read_game, write_save
from railhead.mapdata.sample import sample_map

HEXES = ["0101", "0512", "1009", "2418", "1301", "0718"]


def test_pieces_land_on_their_hexes(tmp_path):
    m = sample_map()
    write_module(m, tmp_path / "game.vmod")
    cmds = [
        piece_command(f"{k}", f"Unit {h}", "Main Map", *map(round, m.center(h))) for k, h in enumerate(HEXES)
    ]
    write_save(tmp_path / "game.vsav", cmds + ["Main MapBoardPicker\tMap\t0\t0"])
    game = read_game(tmp_path / "game.vsav")
    where = locations(game, read_module(tmp_path / "game.vmod"))
    assert [where[str(k)] for k in range(len(HEXES))] == HEXES
    r = CliRunner().invoke(
        main,
        ["vassal", "pieces", str(tmp_path / "game.vsav"), "--module", str(tmp_path / "game.vmod"), "--json"],
    )
    assert r.exit_code == 0, r.output
    assert [p["location"] for p in json.loads(r.stdout)] == HEXES


def test_log_moves_are_followed_to_their_hexes(tmp_path):
    m = sample_map()
    write_module(m, tmp_path / "game.vmod")
    a, b = (tuple(map(round, m.center(h))) for h in ("1005", "1106"))
    write_save(
        tmp_path / "t.vlog",
        [piece_command("1", "GE-1", "Main Map", *a)],
        log=[move_command("1", "Main Map", *b, ("Main Map", *a))],
    )
    where = locations(read_game(tmp_path / "t.vlog"), read_module(tmp_path / "game.vmod"))
    assert where["1"] == "1106"


def test_boards_side_by_side(tmp_path, two_sheet_map):
    m = two_sheet_map
    write_module(m, tmp_path / "two.vmod")
    maps = read_module(tmp_path / "two.vmod")
    width = maps["Main Map"].boards["GW1"].width
    x, y = m.center("GW2:0302")
    write_save(
        tmp_path / "s.vsav",
        [
            piece_command("9", "X", "Main Map", round(x + width), round(y)),
            "Main MapBoardPicker\tGW1\t0\t0\tGW2\t1\t0",
        ],
    )
    assert locations(read_game(tmp_path / "s.vsav"), maps)["9"] == "GW2:0302"


@pytest.mark.parametrize(
    "xml",
    [
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><VASSAL.build.GameModule>&a;'
        b"</VASSAL.build.GameModule>",
        b"<VASSAL.build.GameModule><unclosed></VASSAL.build.GameModule>",
    ],
)
def test_hostile_build_files(tmp_path, xml):
    path = tmp_path / "evil.vmod"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", xml)
    with pytest.raises(InputError, match="entities|well-formed"):
        read_module(path)


def test_legacy_build_file_name_and_missing_image(tmp_path):
    path = tmp_path / "old.vmod"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(
            "buildFile",
            '<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M">'
            "<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board"
            ' name="B" image="gone.png"/></VASSAL.build.module.map.BoardPicker>'
            "</VASSAL.build.module.Map></VASSAL.build.GameModule>",
        )
    # the legacy name is read; the board's picture is missing and it states no size: it is kept,
    # marked unsized (named by its grid alone, where it has one: this one has none)
    board = read_module(path)["M"].boards["B"]
    assert board.sized is False and board.grid is None


def test_rotated_sheet_falls_back_to_hex_zones(tmp_path):
    """A digitized scan's grid is rotated; VASSAL grids cannot rotate, so each hex becomes a zone
    named with its id, and pieces still read as on their hexes."""
    from railhead.mapdata.grid import PixelFrame

    m = sample_map()
    f = m.sheets[0].grid.frame()
    rotated = m.with_grid(
        0,
        m.sheets[0].grid.with_pixels(
            PixelFrame(f.hex_width, f.hex_height, (f.origin[0] + 30, f.origin[1] + 30), 1.2)
        ),
    )
    notes = write_module(rotated, tmp_path / "rot.vmod")
    assert notes and "zones" in notes[0] and "rotated" in notes[0]
    cmds = [
        piece_command(f"{k}", f"U{k}", "Main Map", *map(round, rotated.center(h)))
        for k, h in enumerate(HEXES)
    ]
    write_save(tmp_path / "rot.vsav", cmds + ["Main MapBoardPicker\tMap\t0\t0"])
    where = locations(read_game(tmp_path / "rot.vsav"), read_module(tmp_path / "rot.vmod"))
    assert [where[str(k)] for k in range(len(HEXES))] == HEXES
