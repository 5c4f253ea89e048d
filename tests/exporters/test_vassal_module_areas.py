"""`digitize --module` on a board VASSAL names by region or by square (issue 17): an area map whose
areas are named as VASSAL names them — a region grid's regions as points at their origins, a square
grid's squares as square polygons with borders between squares that share a side — each with the
terrain of the legend colour painted there. The names are checked against our reading of the module
here and against VASSAL's own Board.locationName in the tests that run its classes."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
import zipfile

import pytest
from click.testing import CliRunner
from PIL import Image
from test_vassal_module_variants import ZONED, P, _board, _rewrite

from railhead.cli import main
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.module_board import module_board
from railhead.exporters.vassal.modules import name_in, read_module
from railhead.mapdata.io import read_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.synth import sample_legend

SIDE = 100  # the square grid: 100 x 100 pixel squares, the first centred at (50, 50)
REGIONS = (("Paris", 150, 250), ("Lorraine", 350, 150), ("Channel", 50, 50))


def _painted(width: int, height: int) -> tuple[bytes, dict[tuple[int, int], str]]:
    """A board picture of 100-pixel blocks, each one legend terrain colour in turn; block -> terrain."""
    kinds = sample_legend().hex_terrain()
    img = Image.new("RGB", (width, height), (255, 255, 255))
    terrain = {}
    for c in range(width // SIDE + 1):
        for r in range(height // SIDE + 1):
            t = kinds[(c * 3 + r) % len(kinds)]
            img.paste(t.color, (c * SIDE, r * SIDE, (c + 1) * SIDE, (r + 1) * SIDE))
            terrain[c, r] = t.name
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue(), terrain


def _variant(tmp_path, grid_of):
    """The sample module with its board's grid replaced by ``grid_of(board)`` and its picture painted."""
    write_module(sample_map(cols=8, rows=6), tmp_path / "plain.vmod")
    root = ET.fromstring(zipfile.ZipFile(tmp_path / "plain.vmod").read("buildFile.xml"))
    board = _board(root)
    w, h = int(board.get("width")), int(board.get("height"))
    picture, terrain = _painted(w, h)

    def change(r):
        b = _board(r)
        b.remove(b.find(ZONED))
        grid_of(b)

    path = tmp_path / "areas.vmod"
    _rewrite(tmp_path / "plain.vmod", path, change, {f"images/{board.get('image')}": picture})
    return path, terrain


def _regions(board):
    grid = ET.SubElement(board, f"{P}.board.RegionGrid")
    for name, x, y in REGIONS:
        ET.SubElement(grid, f"{P}.board.Region", name=name, originx=str(x), originy=str(y))


def _squares(board):
    grid = ET.SubElement(board, f"{P}.board.SquareGrid", dx=str(SIDE), dy=str(SIDE), x0="50", y0="50")
    ET.SubElement(grid, f"{P}.board.mapgrid.SquareGridNumbering", first="H", hType="A", vType="N", sep="")


@pytest.fixture
def regions(tmp_path):
    return _variant(tmp_path, _regions)


@pytest.fixture
def squares(tmp_path):
    return _variant(tmp_path, _squares)


def digitize(path, tmp_path, name):
    (tmp_path / "legend.toml").write_text(sample_legend().to_toml())
    out = tmp_path / f"{name}.json"
    args = ["digitize", "--module", path, "--legend", tmp_path / "legend.toml", "--out", out, "--json"]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    return read_mapdata(out), json.loads(r.stdout)


def test_a_region_grid_gives_an_area_per_region(regions, tmp_path):
    """A RegionGrid: one area per region, id = its name, a point at its origin, the terrain painted
    around it; a region names nothing of its neighbours, so there are no borders."""
    path, terrain = regions
    m, rep = digitize(path, tmp_path, "r")
    assert m.kind == "area" and rep["areas"] == 3 and rep["borders"] == 0
    for name, x, y in REGIONS:
        a = m.areas[name]
        assert a.point == (x, y) and a.polygon is None
        assert a.attrs["terrain"] == terrain[x // SIDE, y // SIDE]
    board = next(iter(next(iter(read_module(path).values())).boards.values()))
    assert all(name_in(board, x, y) == name for name, x, y in REGIONS)
    # an area map has no hexes to label: --label-next and --label-sheet are refused, naming the
    # module, not ignored
    args = ["digitize", "--module", path, "--legend", tmp_path / "legend.toml", "--out", tmp_path / "r2.json"]
    for flag, name in (("--label-next", "next.toml"), ("--label-sheet", "next.png")):
        r = CliRunner().invoke(main, [str(a) for a in [*args, flag, tmp_path / name]])
        assert r.exit_code == 2 and flag in r.output and path.name in r.output, r.output
        assert not (tmp_path / name).exists() and not (tmp_path / "r2.json").exists()


def test_a_square_grid_gives_square_areas_with_borders(squares, tmp_path):
    """A SquareGrid: every square whose centre is on the board, named by the grid's numbering,
    a square polygon, a border with each square it shares a side with, and its painted terrain."""
    path, terrain = squares
    m, rep = digitize(path, tmp_path, "s")
    b = module_board(path)
    w, h = b.width, b.height
    cols, rows = -(-(w - 50) // SIDE), -(-(h - 50) // SIDE)
    assert rep["areas"] == len(m.areas) == cols * rows
    assert rep["borders"] == (cols - 1) * rows + cols * (rows - 1)
    board = next(iter(next(iter(read_module(path).values())).boards.values()))
    for a in m.areas.values():
        x, y = a.point
        assert name_in(board, x, y) == a.id  # named as the board names its centre
        assert a.polygon == ((x - 50, y - 50), (x + 50, y - 50), (x + 50, y + 50), (x - 50, y + 50))
        assert a.attrs["terrain"] == terrain[int(x) // SIDE, int(y) // SIDE]
    # VASSAL's numbering (hOff = vOff = 1, one leading zero by default): the first square is B01
    assert m.areas["B01"].point == (50.0, 50.0)
    pairs = {frozenset(x.areas) for x in m.borders}
    assert frozenset(("B01", "C01")) in pairs and frozenset(("B01", "B02")) in pairs
    assert frozenset(("B01", "C02")) not in pairs  # a corner only: no border


def test_vassal_itself_names_the_areas(vassal_display, regions, squares, tmp_path):
    """VASSAL's Board.locationName (its RegionGrid, its SquareGrid) at every area's point gives
    the area's id."""
    for path, name in ((regions[0], "r2"), (squares[0], "s2")):
        m, _ = digitize(path, tmp_path, name)
        b = module_board(path)
        queries = [f"{b.name}\t{round(a.point[0])}\t{round(a.point[1])}" for a in m.areas.values()]
        want = [f"{b.name}\t{a.id}" for a in m.areas.values()]
        lines = vassal_display.run(
            "ModuleProbe", str(path), stdin="\n".join(queries) + "\n", display=True, timeout=600
        )
        assert [line for line in lines if not line.startswith("piece\t")] == want
