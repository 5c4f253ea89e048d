"""GeoPackage export/import: lossless round trip, geometry where a GIS user expects it, bad files."""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pytest
from shapely.geometry import Point

from railhead.errors import InputError
from railhead.mapdata.gis import export_gpkg, import_gpkg
from railhead.mapdata.io import mapdata_document, parse_mapdata


def two_sheet_doc() -> dict:
    sheets = [
        {
            "id": "A",
            "image": "a.png",
            "grid": {
                "orientation": "flat",
                "shifted": "even",
                "cols": [1, 4],
                "rows": [1, 3],
                "pixels": {
                    "hex_width": 60.0,
                    "hex_height": 69.0,
                    "origin": [40.0, 40.0],
                    "angle_deg": 1.5,
                },
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
    hexes += [{"id": f"B:{r:02d}{c:02d}", "terrain": "woods"} for c in range(5, 0, -1) for r in range(1, 4)]
    hexes[1].update(
        name="Łódź-Ville",
        features=["city", "fortress"],
        attrs={"country": "russia", "vp": 2},
        confidence=0.75,
    )
    return {
        "format": "railhead.mapdata/1",
        "name": "GIS test",
        "kind": "hex",
        "sheets": sheets,
        "hexes": hexes,
        "hexsides": [
            {"hexes": ["A:0101", "A:0102"], "features": ["river"]},
            {"hexes": ["A:0201", "A:0202"], "terrain": "wooded_rough", "confidence": 0.5},
            {
                "hexes": ["B:0101", "B:0102"],
                "features": ["border"],
                "attrs": {"between": ["x", "y"]},
            },
        ],
        "lines": [
            {"kind": "rail", "hexes": ["A:0101", "A:0201", "A:0302"], "attrs": {"track": "double"}},
            {"kind": "road", "hexes": ["B:0101", "B:0201"], "confidence": 0.9},
        ],
        "areas": [],
        "borders": [],
        "scenario": {"kept": True},
    }


def test_round_trip_is_lossless(tmp_path):
    doc = two_sheet_doc()
    path = tmp_path / "m.gpkg"
    m = parse_mapdata(doc)
    export_gpkg(m, path)
    assert mapdata_document(import_gpkg(path)) == mapdata_document(m)


def test_geometry_sits_where_the_hexes_are(tmp_path):
    m = parse_mapdata(two_sheet_doc())
    path = tmp_path / "m.gpkg"
    export_gpkg(m, path)
    hexes = gpd.read_file(path, layer="hexes")
    assert len(hexes) == len(m.hexes) and set(hexes.geometry.geom_type) == {"Polygon"}
    for row in hexes.itertuples():
        x, y = m.center(row.id)
        assert row.geometry.contains(Point(x, -y))  # y negated: north up in a GIS
    a = hexes[hexes.id == "A:0203"].geometry.iloc[0]
    g = m.sheets[0].grid
    expected = 3 * 2 / 3 * 60.0 * 69.0 / 2  # affine hexagon: 6 triangles of (2W/3) x (H/2)
    assert a.area == pytest.approx(expected, rel=1e-9)
    sides = gpd.read_file(path, layer="hexsides")
    s = sides[(sides.hex_a == "A:0101") & (sides.hex_b == "A:0102")].geometry.iloc[0]
    mid = (np.array(g.center(1, 1)) + np.array(g.center(1, 2))) / 2
    assert s.interpolate(0.5, normalized=True).distance(Point(mid[0], -mid[1])) < 1e-6
    lines = gpd.read_file(path, layer="lines")
    assert list(lines.kind) == ["rail", "road"] and lines.geometry.iloc[0].coords[0] == pytest.approx(
        (m.center("A:0101")[0], -m.center("A:0101")[1])
    )


def test_bad_geopackages(tmp_path):
    with pytest.raises(InputError, match="no such GeoPackage"):
        import_gpkg(tmp_path / "absent.gpkg")
    fake = tmp_path / "fake.gpkg"
    fake.write_text("this is not a database")
    with pytest.raises(InputError, match="fake.gpkg"):
        import_gpkg(fake)
    other = tmp_path / "other.gpkg"
    gpd.GeoDataFrame({"a": [1]}, geometry=[Point(0, 0)], crs="EPSG:4326").to_file(other, layer="roads")
    with pytest.raises(InputError, match="missing layer"):
        import_gpkg(other)


def test_failed_export_leaves_nothing(tmp_path, monkeypatch):
    m = parse_mapdata(two_sheet_doc())
    import pyogrio

    def boom(*a, **k):
        raise RuntimeError("disk full")

    monkeypatch.setattr(pyogrio, "write_dataframe", boom)
    with pytest.raises(RuntimeError):
        export_gpkg(m, tmp_path / "m.gpkg")
    assert list(tmp_path.iterdir()) == []
