"""GeoPackage export/import: lossless round trip, geometry where a GIS user expects it, bad files."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import warnings

import geopandas as gpd
import numpy as np
import pandas as pd
import pyogrio
import pytest
from shapely.geometry import Point

from railhead.errors import InputError
from railhead.mapdata.gis import HEADER_LAYER, LAYERS, export_gpkg, import_gpkg
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.io import mapdata_document, parse_mapdata
from railhead.mapdata.model import Hex, MapData, Sheet
from railhead.mapdata.sample import sample_area_map, sample_two_sheet_map


def two_sheet_doc() -> dict:
    """Sheet A: flat grid on a rotated, non-regular pixel frame. Sheet B: pointy, descending columns,
    row-first ids, no pixel frame (default frame)."""
    sheets = [
        {
            "id": "A",
            "image": "a.png",
            "grid": {
                "orientation": "flat",
                "shifted": "even",
                "cols": [1, 4],
                "rows": [1, 3],
                "pixels": {"hex_width": 60.0, "hex_height": 69.0, "origin": [40.0, 40.0], "angle_deg": 12.5},
            },
        },
        {
            "id": "B",
            "grid": {
                "orientation": "pointy",
                "shifted": "odd",
                "cols": [5, 1],
                "rows": [1, 3],
                "id_format": "{row:02d}{col:02d}",
            },
        },
    ]
    hexes = [{"id": f"A:{c:02d}{r:02d}", "terrain": "clear"} for c in range(1, 5) for r in range(1, 4)]
    hexes += [{"id": f"B:{r:02d}{c:02d}", "terrain": "woods"} for r in range(1, 4) for c in range(5, 0, -1)]
    hexes[1].update(
        name="Łódź-Ville «Nord» 東",
        features=["city", "fortress"],
        attrs={"country": "russia", "vp": 2, "nested": {"a": [1, None, 2.5]}},
        confidence=0.75,
    )
    hexes[4].update(name="", confidence=1)  # empty name and integer confidence survive too
    hexes[-1].update(features=["swamp"], confidence=0.0)
    return {
        "format": "railhead.mapdata/1",
        "name": "GIS test — Ostfront",
        "kind": "hex",
        "sheets": sheets,
        "hexes": hexes,
        "hexsides": [
            {"hexes": ["A:0101", "A:0102"], "features": ["river"]},
            {"hexes": ["A:0201", "A:0202"], "terrain": "wooded_rough", "confidence": 0.5},
            {"hexes": ["B:0101", "B:0102"], "features": ["border"], "attrs": {"between": ["x", "ÿ"]}},
        ],
        "lines": [
            {"kind": "rail", "hexes": ["A:0101", "A:0201", "A:0302"], "attrs": {"track": "double"}},
            {"kind": "road", "hexes": ["B:0101", "B:0201"], "confidence": 0.9},
            {"kind": "rail", "hexes": ["A:0403", "A:0402"]},
        ],
        "areas": [],
        "borders": [],
        "scenario": {"kept": True},
    }


@pytest.fixture
def two_sheets() -> MapData:
    return parse_mapdata(two_sheet_doc())


@pytest.fixture
def gpkg(tmp_path, two_sheets):
    path = tmp_path / "m.gpkg"
    export_gpkg(two_sheets, path)
    return path


# ------------------------------------------------------------------------------ round trip
def test_round_trip_is_lossless(gpkg, two_sheets):
    back = import_gpkg(gpkg)
    assert mapdata_document(back) == mapdata_document(two_sheets)
    assert list(back.hexes) == list(two_sheets.hexes)
    assert list(back.hexsides) == list(two_sheets.hexsides)
    assert back.hexes["A:0102"].name == "Łódź-Ville «Nord» 東"


def test_round_trip_of_a_map_with_empty_layers(tmp_path):
    """No hexsides, no lines, nothing optional: the empty layers still carry their columns."""
    m = MapData.build(
        "bare",
        [Sheet("", HexGrid(cols=(1, 2), rows=(1, 2)))],
        [Hex(i, "clear") for i in ("0101", "0102", "0201", "0202")],
    )
    path = tmp_path / "bare.gpkg"
    export_gpkg(m, path)
    assert [str(name) for name, _ in pyogrio.list_layers(path)] == list(LAYERS)
    lines = gpd.read_file(path, layer="lines")
    assert len(lines) == 0 and {"line", "kind", "hexes", "attrs", "confidence"} <= set(lines.columns)
    assert mapdata_document(import_gpkg(path)) == mapdata_document(m)


def test_round_trip_of_an_area_map(tmp_path):
    doc = {
        "format": "railhead.mapdata/1",
        "name": "areas",
        "kind": "area",
        "sheets": [],
        "areas": [{"id": "paris", "name": "Paris"}, {"id": "north-sea"}],
        "borders": [{"areas": ["paris", "north-sea"], "kind": "sea"}],
    }
    m = parse_mapdata(doc)
    export_gpkg(m, tmp_path / "a.gpkg")
    assert mapdata_document(import_gpkg(tmp_path / "a.gpkg")) == mapdata_document(m)


def test_export_overwrites_an_existing_file_whole(tmp_path, two_sheets):
    path = tmp_path / "m.gpkg"
    gpd.GeoDataFrame({"a": [1]}, geometry=[Point(0, 0)], crs="EPSG:4326").to_file(path, layer="stale")
    export_gpkg(two_sheets, path)
    assert [str(name) for name, _ in pyogrio.list_layers(path)] == list(LAYERS)


# ------------------------------------------------------------------------------ geometry
def test_hex_polygons_contain_their_centres_and_tile_the_sheet(gpkg, two_sheets):
    hexes = gpd.read_file(gpkg, layer="hexes")
    assert len(hexes) == len(two_sheets.hexes)
    assert set(hexes.geometry.geom_type) == {"Polygon"} and hexes.crs is None
    assert list(hexes.id) == list(two_sheets.hexes)
    for row in hexes.itertuples():
        x, y = two_sheets.center(row.id)
        assert row.geometry.contains(Point(x, -y))  # y negated: upright in a GIS
        ref = two_sheets.ref(row.id)
        assert (row.sheet, row.col, row.row) == (two_sheets.sheets[ref.sheet].id, ref.col, ref.row)
    for sheet in two_sheets.sheets:
        f = sheet.grid.frame()
        polys = hexes[hexes.sheet == sheet.id].geometry
        # the hexes tile the plane one per lattice cell, so each covers hex_width x hex_height
        assert polys.area.to_numpy() == pytest.approx(f.hex_width * f.hex_height, rel=1e-9)
        assert polys.union_all().area == pytest.approx(polys.area.sum(), rel=1e-9)  # no overlaps


def test_hexside_is_the_shared_edge(gpkg, two_sheets):
    sides = gpd.read_file(gpkg, layer="hexsides")
    assert len(sides) == len(two_sheets.hexsides)
    hexes = gpd.read_file(gpkg, layer="hexes").set_index("id").geometry
    for row in sides.itertuples():
        (ax, ay), (bx, by) = two_sheets.center(row.hex_a), two_sheets.center(row.hex_b)
        mid = row.geometry.interpolate(0.5, normalized=True)
        assert mid.distance(Point((ax + bx) / 2, -(ay + by) / 2)) < 1e-6
        shared = hexes[row.hex_a].intersection(hexes[row.hex_b])
        assert shared.length == pytest.approx(row.geometry.length, rel=1e-9)
    river = sides[(sides.hex_a == "A:0101") & (sides.hex_b == "A:0102")]
    assert river.features.iloc[0] == '["river"]'
    assert sides[sides.hex_a == "A:0201"].terrain.iloc[0] == "wooded_rough"


def test_lines_run_through_hex_centres(gpkg, two_sheets):
    lines = gpd.read_file(gpkg, layer="lines")
    assert list(lines.kind) == ["rail", "road", "rail"] and list(lines.line) == [0, 1, 2]
    for row, ln in zip(lines.itertuples(), two_sheets.lines, strict=True):
        expected = [(x, -y) for x, y in (two_sheets.center(h) for h in ln.hexes)]
        assert np.asarray(row.geometry.coords) == pytest.approx(np.asarray(expected))


# ------------------------------------------------------------------------------ bad inputs
def test_missing_file(tmp_path):
    with pytest.raises(InputError, match=r"absent\.gpkg.*no such file"):
        import_gpkg(tmp_path / "absent.gpkg")
    with pytest.raises(InputError, match="found a folder"):
        import_gpkg(tmp_path)


@pytest.mark.parametrize(
    "content", ["this is not a database", '{"type": "FeatureCollection", "features": []}', ""]
)
def test_file_that_is_not_a_geopackage(tmp_path, content):
    fake = tmp_path / "fake.gpkg"
    fake.write_text(content)
    with pytest.raises(InputError, match=r"fake\.gpkg.*not a GeoPackage"):
        import_gpkg(fake)


def test_sqlite_database_that_is_not_a_geopackage(tmp_path):
    db = tmp_path / "plain.gpkg"
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("create table hexes (id text)")
        con.commit()
    with pytest.raises(InputError, match=r"plain\.gpkg: unreadable GeoPackage"):
        import_gpkg(db)


def test_geopackage_without_railhead_layers(tmp_path):
    other = tmp_path / "other.gpkg"
    gpd.GeoDataFrame({"a": [1]}, geometry=[Point(0, 0)], crs="EPSG:4326").to_file(other, layer="roads")
    with pytest.raises(InputError, match=r"other\.gpkg.*missing layer\(s\) hexes, hexsides, lines"):
        import_gpkg(other)


def _rewrite_layer(path, layer, df):
    """Replace one layer of a GeoPackage, as a user editing it in a GIS might."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="'crs' was not provided")
        pyogrio.write_dataframe(df, path, layer=layer, driver="GPKG")


def test_damaged_railhead_layers(gpkg):
    hexes = gpd.read_file(gpkg, layer="hexes")
    _rewrite_layer(gpkg, "hexes", hexes.drop(columns=["terrain"]))
    with pytest.raises(InputError, match=r"m\.gpkg: layer hexes: missing column\(s\) terrain"):
        import_gpkg(gpkg)

    hexes.loc[1, "attrs"] = "{not json"
    _rewrite_layer(gpkg, "hexes", hexes)
    with pytest.raises(InputError, match=r"m\.gpkg: layer hexes row 2 attrs: malformed JSON"):
        import_gpkg(gpkg)

    for cell, message in (
        ('{"x": NaN}', "NaN is not a number"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"x": ' + "9" * 5000 + "}", "a number too long"),
        ("[1, 2]", r"\$\.hexes\[1\]\.attrs: expected an object of attributes"),
    ):  # a hostile attribute cell: exit 2 naming the layer and row, never a traceback
        hexes.loc[1, "attrs"] = cell
        _rewrite_layer(gpkg, "hexes", hexes)
        with pytest.raises(InputError, match=message):
            import_gpkg(gpkg)

    hexes.loc[1, "attrs"] = "{}"
    hexes.loc[0, "id"] = "A:9999"
    _rewrite_layer(gpkg, "hexes", hexes)
    with pytest.raises(InputError, match=r"(?s)m\.gpkg.*unknown hex id 'A:9999'"):
        import_gpkg(gpkg)


@pytest.mark.parametrize(
    ("header", "message"),
    [([], "exactly one row, found 0"), (["[1, 2]"], "JSON object"), (["{oops"], "not JSON")],
)
def test_damaged_header(gpkg, header, message):
    _rewrite_layer(gpkg, HEADER_LAYER, pd.DataFrame({"format": ["x"] * len(header), "header": header}))
    with pytest.raises(InputError, match=rf"m\.gpkg: layer {HEADER_LAYER}: .*{message}"):
        import_gpkg(gpkg)


# ------------------------------------------------------------------------------ atomic writes
def test_failed_export_leaves_nothing_behind(tmp_path, two_sheets, monkeypatch):
    """The last layer fails after the others were written: no temp file, old output untouched."""
    target = tmp_path / "m.gpkg"
    target.write_bytes(b"previous export")
    real = pyogrio.write_dataframe

    def fail_on_header(df, path, layer=None, **kw):
        if layer == HEADER_LAYER:
            raise RuntimeError("disk full")
        return real(df, path, layer=layer, **kw)

    monkeypatch.setattr(pyogrio, "write_dataframe", fail_on_header)
    with pytest.raises(RuntimeError, match="disk full"):
        export_gpkg(two_sheets, target)
    assert [p.name for p in tmp_path.iterdir()] == ["m.gpkg"]
    assert target.read_bytes() == b"previous export"


def test_export_to_missing_folder(tmp_path, two_sheets):
    with pytest.raises(InputError, match="output folder does not exist"):
        export_gpkg(two_sheets, tmp_path / "nowhere" / "m.gpkg")


# ------------------------------------------------------------------------------ areas, seams, links
def test_area_map_layers_hold_polygons_points_and_borders(tmp_path):
    m = sample_area_map()
    path = tmp_path / "areas.gpkg"
    export_gpkg(m, path)
    assert mapdata_document(import_gpkg(path)) == mapdata_document(m)
    areas = gpd.read_file(path, layer="areas").set_index("id")
    assert areas.loc["paris", "geometry"].geom_type == "Polygon"
    assert areas.loc["paris", "geometry"].area == pytest.approx(100 * 100)
    assert areas.loc["paris", "geometry"].contains(Point(50, -250))  # y upright: pixel y 250
    assert areas.loc["hamburg", "geometry"].equals(Point(150, -100))
    assert json.loads(areas.loc["hamburg", "attrs"]) == {"kind": "port"}
    borders = gpd.read_file(path, layer="borders")
    assert len(borders) == len(m.borders) and list(borders["kind"]) == [b.kind for b in m.borders]
    port = borders[(borders.area_a == "hamburg") & (borders.area_b == "north-sea")].iloc[0]
    assert list(port.geometry.coords) == [(150, -100), (100, -50)]  # point to polygon centroid


def test_area_attrs_edited_in_a_gis_come_back(tmp_path):
    path = tmp_path / "areas.gpkg"
    export_gpkg(sample_area_map(), path)
    areas = gpd.read_file(path, layer="areas")
    areas.loc[areas.id == "paris", "attrs"] = json.dumps({"kind": "land", "capital": True})
    _rewrite_layer(path, "areas", areas)
    assert import_gpkg(path).areas["paris"].attrs == {"kind": "land", "capital": True}


def test_multi_sheet_map_with_seams_links_and_boxes_round_trips(tmp_path):
    m = sample_two_sheet_map()
    path = tmp_path / "two.gpkg"
    export_gpkg(m, path)
    back = import_gpkg(path)
    assert mapdata_document(back) == mapdata_document(m)
    assert back.seams == m.seams and back.links == m.links and back.boxes == m.boxes
    # the river across the seam is drawn on its first hex, E:0102 (column 1 at W's column 7, row 2
    # at W's row 3), on the side facing W:0603: south-west (4), in E's picture
    sides = gpd.read_file(path, layer="hexsides")
    assert (sides.hex_a.iloc[0], sides.hex_b.iloc[0]) == ("E:0102", "W:0603")
    expected = m.sheets[1].grid.side_segment(1, 2, 4)
    assert np.allclose(np.array(sides.geometry.iloc[0].coords), expected * [1, -1])


def test_a_file_of_an_earlier_version_without_area_layers_still_imports(tmp_path):
    m = parse_mapdata(two_sheet_doc())
    path = tmp_path / "old.gpkg"
    export_gpkg(m, path)
    with sqlite3.connect(path) as db:
        for layer in ("areas", "borders"):
            db.execute(f'DROP TABLE "{layer}"')
            db.execute("DELETE FROM gpkg_contents WHERE table_name = ?", (layer,))
            db.execute("DELETE FROM gpkg_geometry_columns WHERE table_name = ?", (layer,))
    assert mapdata_document(import_gpkg(path)) == mapdata_document(m)
