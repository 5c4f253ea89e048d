"""Very large sheets are cut into several boards laid out as the sheet; every hex centre, placed on
the cut boards, is still named as printed."""

from __future__ import annotations

import io
import zipfile
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from railhead.cli import main
from railhead.exporters.vassal.module import board_image, write_module
from railhead.exporters.vassal.modules import locations, read_module
from railhead.exporters.vassal.saves import piece_command, read_game, write_save
from railhead.exporters.vassal.tiles import cuts, setup_text
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

B = "VASSAL.build"


def _boards(path):
    with zipfile.ZipFile(path) as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
        picker = root.find(f".//{B}.module.map.BoardPicker")
        boards = picker.findall(f"{B}.module.map.boardPicker.Board")
        images = {
            b.attrib["name"]: Image.open(io.BytesIO(zf.read("images/" + b.attrib["image"]))) for b in boards
        }
    return picker, boards, images


def _names_on_map(tmp_path, m, module, offsets: dict[int, tuple[int, int]], layout: str | None):
    """Every hex as a piece at its (rounded) centre in map pixels; the location our reader gives."""
    ids = sorted(m.hexes)
    cmds = []
    for k, hex_id in enumerate(ids):
        x, y = m.center(hex_id)
        ox, oy = offsets[m.ref(hex_id).sheet]
        cmds.append(piece_command(str(k), hex_id, "Main Map", round(x) + ox, round(y) + oy))
    write_save(tmp_path / "all.vsav", cmds + ([layout] if layout else []))
    where = locations(read_game(tmp_path / "all.vsav"), read_module(module))
    return ids, [where[str(k)] for k in range(len(ids))]


def test_cuts_cover_the_sheet_without_overlap():
    parts = cuts(1600, 1408, 500)  # 4 columns of 400 px, 3 rows of 470/470/468
    assert [(c.row, c.col) for c in parts] == [(r, c) for r in range(3) for c in range(4)]
    assert {(c.x0, c.x1) for c in parts} == {(0, 400), (400, 800), (800, 1200), (1200, 1600)}
    assert {(c.y0, c.y1) for c in parts} == {(0, 470), (470, 940), (940, 1408)}
    assert all(c.width <= 500 and c.height <= 500 for c in parts)
    assert len(cuts(1600, 1408, 5000)) == 1 and len(cuts(100, 100, 5000, rows=2)) == 2


def test_a_sheet_over_the_limit_is_cut_and_every_hex_keeps_its_name(tmp_path):
    m = sample_map()
    notes = write_module(m, tmp_path / "cut.vmod", max_board_px=500)
    picker, boards, images = _boards(tmp_path / "cut.vmod")
    assert len(boards) == 12 and all(max(im.size) <= 500 for im in images.values())
    assert any("cut into 3 x 4 boards" in n for n in notes) and not any("zones" in n for n in notes)
    placed = [(f"Map {r + 1}-{c + 1}", c, r) for r in range(3) for c in range(4)]
    assert picker.find("setup").text == setup_text("Main Map", placed)
    # the pieces of the picture put back together are the sheet's picture
    whole = Image.open(io.BytesIO(board_image(m, 0)))
    joined = Image.new(whole.mode, whole.size)
    for cut in cuts(*whole.size, 500):
        joined.paste(images[f"Map {cut.row + 1}-{cut.col + 1}"], (cut.x0, cut.y0))
    assert joined.tobytes() == whole.tobytes()
    # every hex named as printed: with the layout from the module's setup, and from a save's own
    ids, names = _names_on_map(tmp_path, m, tmp_path / "cut.vmod", {0: (0, 0)}, None)
    assert names == ids
    layout = "Main MapBoardPicker\t" + "\t".join(f"{n}\t{c}\t{r}" for n, c, r in placed)
    assert _names_on_map(tmp_path, m, tmp_path / "cut.vmod", {0: (0, 0)}, layout)[1] == ids


def test_descending_numbering_is_solved_per_board(tmp_path):
    m = sample_map()
    g = m.sheets[0].grid
    desc = m.with_grid(0, g.__class__(g.orientation, g.shifted, (24, 1), (18, 1), g.id_format, g.pixels))
    notes = write_module(desc, tmp_path / "d.vmod", max_board_px=700)
    _, boards, _ = _boards(tmp_path / "d.vmod")
    assert not any("zones" in n for n in notes)  # named by each board's hex grid, not the fallback
    assert all(b.find(f".//{B}.module.map.boardPicker.board.HexGrid") is not None for b in boards)
    assert len(boards) == 9  # names count from each board's own size (swapped maxima), not the sheet's
    ids, names = _names_on_map(tmp_path, desc, tmp_path / "d.vmod", {0: (0, 0)}, None)
    assert names == ids


def test_two_sheets_side_by_side_cut_into_the_same_rows(tmp_path, two_sheet_map):
    m = two_sheet_map
    w = Image.open(io.BytesIO(board_image(m, 0))).size[0]
    write_module(m, tmp_path / "two.vmod", max_board_px=200)
    picker, boards, _ = _boards(tmp_path / "two.vmod")
    names = [b.attrib["name"] for b in boards]
    assert names[0] == "GW1 1-1" and "GW2 2-1" in names
    ids, got = _names_on_map(tmp_path, m, tmp_path / "two.vmod", {0: (0, 0), 1: (w, 0)}, None)
    assert got == ids


def test_no_split_under_the_limit_and_same_bytes(tmp_path):
    m = sample_map()
    write_module(m, tmp_path / "a.vmod", max_board_px=500)
    write_module(m, tmp_path / "b.vmod", max_board_px=500)
    assert (tmp_path / "a.vmod").read_bytes() == (tmp_path / "b.vmod").read_bytes()
    write_module(m, tmp_path / "c.vmod")  # default limit: the 1600 x 1408 sample stays whole
    picker, boards, _ = _boards(tmp_path / "c.vmod")
    assert len(boards) == 1 and picker.find("setup") is None


def test_rotated_sheet_cut_falls_back_to_zones_on_every_board(tmp_path):
    from railhead.mapdata.grid import PixelFrame

    m = sample_map()
    f = m.sheets[0].grid.frame()
    rot = m.with_grid(
        0,
        m.sheets[0].grid.with_pixels(
            PixelFrame(f.hex_width, f.hex_height, (f.origin[0] + 30, f.origin[1] + 30), 1.2)
        ),
    )
    notes = write_module(rot, tmp_path / "r.vmod", max_board_px=800)
    _, boards, _ = _boards(tmp_path / "r.vmod")
    assert len(boards) > 1 and sum("hexes named by zones" in n for n in notes) == len(boards)
    ids, names = _names_on_map(tmp_path, rot, tmp_path / "r.vmod", {0: (0, 0)}, None)
    assert names == ids


@pytest.mark.parametrize(("limit", "boards"), [("500", 12), ("5000", 1)])
def test_cli_max_board_px(tmp_path, limit, boards):
    write_mapdata(sample_map(), tmp_path / "map.json")
    out = tmp_path / "g.vmod"
    r = CliRunner().invoke(
        main, ["vassal", "export", str(tmp_path / "map.json"), "--out", str(out), "--max-board-px", limit]
    )
    assert r.exit_code == 0, r.output
    assert len(_boards(out)[1]) == boards
    r = CliRunner().invoke(
        main, ["vassal", "export", str(tmp_path / "map.json"), "--out", str(out), "--max-board-px", "0"]
    )
    assert r.exit_code == 2
