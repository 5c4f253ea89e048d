"""Area maps as first-class maps in the outputs (issue 14): railhead.mapdata/1 and GeoPackage round
trips, the overview picture and ``--png`` overlays drawn from area polygons, and the VASSAL module's
board of zones named by area id (VASSAL's own classes: ``test_vassal_java_areas.py``)."""

from __future__ import annotations

import io
import json
import zipfile
from xml.etree import ElementTree as ET

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from railhead.cli import main
from railhead.engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
from railhead.exporters.areaview import AreaShape
from railhead.exporters.mapview import MapPicture, render_overview
from railhead.mapdata.io import read_mapdata, write_mapdata
from railhead.mapdata.sample import sample_area_map

MAPS = {"core-sample": sample_area_map, "great-war-area": sample_map}


@pytest.fixture(params=list(MAPS))
def area_map_file(request, tmp_path):
    path = tmp_path / "areas.json"
    write_mapdata(MAPS[request.param](), path)
    return path


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_mapdata_round_trip(area_map_file, tmp_path):
    """contracts §2.1: an area map written and read back is the same map, kinds and attrs kept."""
    m = read_mapdata(area_map_file)
    again = tmp_path / "again.json"
    write_mapdata(m, again)
    assert json.loads(again.read_text()) == json.loads(area_map_file.read_text())
    assert m.kind == "area" and not m.hexes


def test_geopackage_round_trip(area_map_file, tmp_path):
    """``map export`` then ``map import``: the same areas (polygons and points), borders, links and
    boxes."""
    gpkg, back = tmp_path / "areas.gpkg", tmp_path / "back.json"
    assert run("map", "export", area_map_file, "--to", gpkg).exit_code == 0
    r = run("map", "import", gpkg, "--out", back)
    assert r.exit_code == 0, r.output
    assert json.loads(back.read_text()) == json.loads(area_map_file.read_text())


def test_map_info_counts_areas_and_borders(tmp_path):
    path = tmp_path / "gw.json"
    write_mapdata(sample_map(), path)
    r = run("map", "info", path, "--json")
    assert r.exit_code == 0
    info = json.loads(r.stdout)
    m = sample_map()
    assert info["kind"] == "area" and info["hexes"] == 0
    assert info["areas"] == {"count": 25, "kinds": {"canal": 1, "land": 18, "port": 4, "sea": 2}}
    assert info["areas"]["count"] == len(m.areas)
    assert info["borders"]["count"] == len(m.borders) == sum(info["borders"]["kinds"].values())
    assert info["borders"]["kinds"]["narrow_sea"] == 2 and info["borders"]["kinds"]["strategic_obstacle"] == 1
    assert info["links"]["count"] == len(m.links) and info["boxes"] == len(m.boxes)
    text = run("map", "info", path).stdout
    assert "areas: 25 (canal 1, land 18, port 4, sea 2)" in text
    assert "narrow_sea 2" in text and "strategic_obstacle 1" in text


def _png(path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB")).astype(int)


def test_overview_fills_each_area_polygon(tmp_path):
    """The overview picture draws land and sea areas in their own colours at their own pixels."""
    m = sample_map()
    out = tmp_path / "overview.png"
    render_overview(m, out, dpi=100)
    img = _png(out)
    shape = AreaShape(m)
    pic = MapPicture(m)  # where the overview's pixels lie

    def colour_at(area_id, dx=-30, dy=30):
        x, y = shape.centre(area_id)
        return img[pic.pixel(x + dx, y + dy)]

    sea, land = colour_at("north_sea", dy=-20), colour_at("paris")
    assert sea[2] > sea[0] + 50  # blue
    assert abs(land[0] - 0xEC) < 8 and abs(land[2] - 0xCC) < 8


def test_png_overlays_on_an_area_map(tmp_path):
    """``reach --png`` shades the areas a unit reaches; ``supply --png`` draws too (no traceback)."""
    m, s = tmp_path / "gw.json", tmp_path / "gws.json"
    write_mapdata(sample_map(), m)
    s.write_text(json.dumps(sample_state_doc()))
    plain, shaded = tmp_path / "plain.png", tmp_path / "reach.png"
    render_overview(read_mapdata(m), plain)
    r = run("reach", m, s, "FR-1A", "--png", shaded)
    assert r.exit_code == 0, r.output
    a, b = _png(plain), _png(shaded)
    shape = AreaShape(read_mapdata(m))
    pic = MapPicture(read_mapdata(m))
    x, y = shape.centre("artois")
    px = pic.pixel(x - 35, y - 30)
    assert (a[px] != b[px]).any()  # Artois (reachable) is tinted
    x, y = shape.centre("warsaw")
    px = pic.pixel(x - 35, y - 30)
    assert (a[px] == b[px]).all()  # Warsaw is not
    assert run("supply", m, s, "--side", "allies", "--png", tmp_path / "supply.png").exit_code == 0


def test_vassal_module_zones_named_by_area_id(tmp_path):
    """The board of an area map is one picture and a ZonedGrid: one zone per area and box named by
    its id (locationFormat $name$), ports before the land and sea areas they sit on."""
    m = sample_map()
    path = tmp_path / "gw.vmod"
    write_mapdata(m, tmp_path / "gw.json")
    r = run("vassal", "export", tmp_path / "gw.json", "--out", path)
    assert r.exit_code == 0, r.output
    with zipfile.ZipFile(path) as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
        image = Image.open(io.BytesIO(zf.read("images/board-areas.png")))
    zones = root.findall(".//VASSAL.build.module.map.boardPicker.board.mapgrid.Zone")
    names = [z.attrib["name"] for z in zones]
    assert sorted(names) == sorted([*m.areas, *m.boxes])
    assert {z.attrib["locationFormat"] for z in zones} == {"$name$"}
    assert names.index("hamburg") < names.index("north_sea") and names.index("hamburg") < names.index(
        "hanover"
    )
    board = root.find(".//VASSAL.build.module.map.boardPicker.Board")
    assert (int(board.attrib["width"]), int(board.attrib["height"])) == image.size
    paris = next(z for z in zones if z.attrib["name"] == "paris").attrib["path"]
    assert paris == "0,200;100,200;100,300;0,300"  # the polygon's own pixels


def test_print_map_refuses_an_area_map(area_map_file, tmp_path):
    r = run("print-map", area_map_file, "--out", tmp_path / "p.pdf")
    assert r.exit_code == 2 and "area map" in r.stderr
