"""Data-only VASSAL modules: structure, a grid that names every hex as printed, same bytes twice."""

from __future__ import annotations

import json
import zipfile
from xml.etree import ElementTree as ET

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.grid import VassalGrid, vassal_name
from railhead.exporters.vassal.module import write_module
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

B = "VASSAL.build"


def grid_from_xml(board: ET.Element) -> tuple[VassalGrid, int, int]:
    hg = board.find(f".//{B}.module.map.boardPicker.board.HexGrid")
    num = hg.find(f"{B}.module.map.boardPicker.board.mapgrid.HexGridNumbering").attrib
    a = hg.attrib
    g = VassalGrid(
        dx=float(a["dx"]),
        dy=float(a["dy"]),
        x0=int(a["x0"]),
        y0=int(a["y0"]),
        sideways=a["sideways"] == "true",
        first=num["first"],
        sep=num["sep"],
        h_type=num["hType"],
        v_type=num["vType"],
        h_leading=int(num["hLeading"]),
        v_leading=int(num["vLeading"]),
        h_off=int(num["hOff"]),
        v_off=int(num["vOff"]),
        h_descend=num["hDescend"] == "true",
        v_descend=num["vDescend"] == "true",
        stagger=num["stagger"] == "true",
        location_format=num["locationFormat"],
    )
    return g, int(board.attrib["width"]), int(board.attrib["height"])


def test_module_structure_and_grid(tmp_path):
    m = sample_map()
    path = tmp_path / "sample.vmod"
    write_module(m, path)
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        root = ET.fromstring(zf.read("buildFile.xml"))
        meta = ET.fromstring(zf.read("moduledata"))
        board = root.find(f"{B}.module.Map/{B}.module.map.BoardPicker/{B}.module.map.boardPicker.Board")
        png = zf.read("images/" + board.attrib["image"])
    assert root.tag == f"{B}.GameModule" and meta.tag == "data" and meta.find("name").text
    mp = root.find(f"{B}.module.Map")
    for comp in ("PieceMover", "KeyBufferer", "StackMetrics"):
        assert mp.find(f"{B}.module.map.{comp}") is not None, comp  # pieces can be moved
    assert set(names) >= {"buildFile.xml", "moduledata", "images/" + board.attrib["image"]}
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (
        int(board.attrib["width"]),
        int(board.attrib["height"]),
    )
    g, w, h = grid_from_xml(board)
    grid = m.sheets[0].grid
    for c, r in grid.coords():
        assert vassal_name(g, w, h, *grid.center(c, r)) == grid.format_id(c, r)


def test_same_map_same_bytes(tmp_path):
    m = sample_map()
    write_module(m, tmp_path / "a.vmod")
    write_module(m, tmp_path / "b.vmod")
    assert (tmp_path / "a.vmod").read_bytes() == (tmp_path / "b.vmod").read_bytes()


def test_two_sheets_two_boards_with_prefixed_names(tmp_path, two_sheet_map):
    m = two_sheet_map
    path = tmp_path / "two.vmod"
    write_module(m, path)
    with zipfile.ZipFile(path) as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
    boards = root.findall(f".//{B}.module.map.boardPicker.Board")
    assert [b.attrib["name"] for b in boards] == ["GW1", "GW2"]
    g, w, h = grid_from_xml(boards[1])
    assert vassal_name(g, w, h, *m.center("GW2:0302")) == "GW2:0302"


def test_cli_vassal_export(tmp_path):
    write_mapdata(sample_map(), tmp_path / "map.json")
    r = CliRunner().invoke(
        main, ["vassal", "export", str(tmp_path / "map.json"), "--out", str(tmp_path / "g.vmod")]
    )
    assert r.exit_code == 0, r.output
    assert zipfile.is_zipfile(tmp_path / "g.vmod")
    r = CliRunner().invoke(
        main, ["vassal", "export", str(tmp_path / "map.json"), "--out", str(tmp_path / "g.zip")]
    )
    assert r.exit_code == 2 and ".vmod" in r.stderr
    rotated = json.loads((tmp_path / "map.json").read_text())
    rotated["sheets"][0]["grid"]["pixels"]["angle_deg"] = 1.0
    rotated["sheets"][0]["grid"]["pixels"]["origin"] = [90.0, 90.0]  # keep it on the image
    (tmp_path / "rot.json").write_text(json.dumps(rotated))
    r = CliRunner().invoke(
        main, ["vassal", "export", str(tmp_path / "rot.json"), "--out", str(tmp_path / "r.vmod")]
    )
    assert r.exit_code == 0 and "note:" in r.stderr and "zones" in r.stderr  # zone fallback


def test_roster_counters_become_piece_slots(tmp_path):
    from railhead.exporters.vassal.saves import Game, split

    roster = {
        "GE 1. ID": {
            "side": "central",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 6,
            "movement": 5,
        },
        "FR 3e Cav": {
            "side": "entente",
            "nation": "france",
            "class": "cavalry",
            "size": "division",
            "strength": 2,
            "movement": 6,
        },
    }
    path = tmp_path / "r.vmod"
    write_module(sample_map(), path, roster=roster)
    with zipfile.ZipFile(path) as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
        slots = root.findall(f".//{B}.widget.PieceSlot")
        images = {n for n in zf.namelist() if n.startswith("images/counter-")}
        png = zf.read(sorted(images)[0])
    assert {s.attrib["entryName"] for s in slots} == set(roster)
    assert len(images) == 2 and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert root.attrib["nextPieceSlotId"] == "3"
    game = Game()
    for k, s in enumerate(slots):  # each slot's text is an AddPiece our save reader understands
        game.apply(s.text.replace("+/null/", f"+/{k}/", 1), "slot")
    assert {p.name for p in game.pieces.values()} == set(roster)
    outermost = split(split(slots[0].text, "/")[2], "\t")[0]
    assert outermost == "prototype;Unit"  # shared traits come from prototypes (test_vassal_prototypes)


def test_cli_export_with_roster(tmp_path):
    write_mapdata(sample_map(), tmp_path / "map.json")
    (tmp_path / "r.csv").write_text(
        "name,side,nation,class,size,strength,movement\nGE 1. ID,central,germany,infantry,division,6,5\n"
    )
    r = CliRunner().invoke(
        main,
        [
            "vassal",
            "export",
            str(tmp_path / "map.json"),
            "--out",
            str(tmp_path / "g.vmod"),
            "--roster",
            str(tmp_path / "r.csv"),
        ],
    )
    assert r.exit_code == 0, r.output
    with zipfile.ZipFile(tmp_path / "g.vmod") as zf:
        assert "images/counter-0001.png" in zf.namelist()


def test_terrain_zones_tell_each_hex_its_terrain(tmp_path):
    from shapely import Point, Polygon

    m = sample_map()
    write_module(m, tmp_path / "t.vmod")
    with zipfile.ZipFile(tmp_path / "t.vmod") as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
    zones = []
    for z in root.iter(f"{B}.module.map.boardPicker.board.mapgrid.Zone"):
        pts = [tuple(map(int, p.split(","))) for p in z.attrib["path"].split(";")]
        prop = z.find(f"{B}.module.properties.ZoneProperty")
        assert z.attrib["useParentGrid"] == "true" and prop.attrib["name"] == "Terrain"
        zones.append((Polygon(pts), prop.attrib["initialValue"]))
    for h in m.hexes.values():
        x, y = m.center(h.id)
        found = [t for poly, t in zones if poly.contains(Point(x, y))]
        assert found == [h.terrain], h.id


def test_terrain_enclosed_by_another_terrain_is_found_first(tmp_path):
    """VASSAL zones are polygons without holes and ZonedGrid takes the first zone that contains
    a point: a woods hex ringed by clear must be listed before the clear region around it."""
    from shapely import Point, Polygon

    from railhead.mapdata.io import mapdata_document, parse_mapdata

    doc = json.loads(json.dumps(mapdata_document(sample_map())))
    grid = doc["sheets"][0]["grid"]
    cols, rows = range(grid["cols"][0], grid["cols"][0] + 5), range(grid["rows"][0], grid["rows"][0] + 5)
    ids = {grid["id_format"].format(col=c, row=r) for c in cols for r in rows}
    middle = grid["id_format"].format(col=cols[2], row=rows[2])
    doc["hexes"] = [
        {"id": h["id"], "terrain": "woods" if h["id"] == middle else "clear"}
        for h in doc["hexes"]
        if h["id"] in ids
    ]
    doc["sheets"][0]["grid"].update(cols=[cols[0], cols[-1]], rows=[rows[0], rows[-1]])
    doc["hexsides"], doc["lines"] = [], []
    m = parse_mapdata(doc)
    write_module(m, tmp_path / "t.vmod")
    with zipfile.ZipFile(tmp_path / "t.vmod") as zf:
        root = ET.fromstring(zf.read("buildFile.xml"))
    zones = []
    for z in root.iter(f"{B}.module.map.boardPicker.board.mapgrid.Zone"):
        pts = [tuple(map(int, p.split(","))) for p in z.attrib["path"].split(";")]
        zones.append((Polygon(pts), z.find(f"{B}.module.properties.ZoneProperty").attrib["initialValue"]))
    for h in m.hexes.values():
        x, y = m.center(h.id)
        first = next(t for poly, t in zones if poly.contains(Point(x, y)))
        assert first == h.terrain, h.id


def test_a_map_of_sheets_joined_by_a_seam_exports_with_rivers_along_the_seam(tmp_path):
    """A river on a hexside the seam makes (one hex on each sheet) is drawn on the board of the
    sheet it is listed from; every hex keeps its sheet prefix in VASSAL's name for it."""
    from railhead.exporters.vassal.modules import name_in, read_module
    from railhead.mapdata.sample import sample_two_sheet_map

    m = sample_two_sheet_map()
    across = [s for s in m.hexsides.values() if m.ref(s.hexes[0]).sheet != m.ref(s.hexes[1]).sheet]
    assert any(s.features for s in across)  # the case drawn
    write_module(m, tmp_path / "two.vmod")
    boards = next(iter(read_module(tmp_path / "two.vmod").values())).boards
    for sheet in m.sheets:
        g = sheet.grid
        b = boards[sheet.id]
        for c, r in g.coords():
            x, y = g.center(c, r)
            if 0 <= x < b.width and 0 <= y < b.height:
                assert name_in(b, x, y) == sheet.full_id(g.format_id(c, r))
