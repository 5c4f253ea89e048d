"""Vector geography in: majority-area terrain, rivers onto hexsides, lines onto hex paths."""

from __future__ import annotations

import json

import geopandas as gpd
import pytest
from click.testing import CliRunner
from shapely.geometry import LineString, Polygon, box

from railhead.cli import main
from railhead.errors import InputError
from railhead.pipeline.vector import digitize_layers

CRS = "EPSG:3857"
H = 10_000.0  # 10 km hexes


def layers():
    land = box(0, 0, 200_000, 120_000).difference(box(0, 30_000, 40_000, 90_000))  # a bay
    forest = Polygon([(80_000, 40_000), (140_000, 40_000), (140_000, 90_000), (80_000, 90_000)])
    river = LineString([(40_000, 60_000), (190_000, 62_000)])
    rail = LineString([(45_000, 20_000), (185_000, 100_000)])
    return {
        "land": gpd.GeoDataFrame(geometry=[land], crs=CRS),
        "forests": gpd.GeoDataFrame(geometry=[forest], crs=CRS),
        "rivers": gpd.GeoDataFrame(geometry=[river], crs=CRS),
        "railways": gpd.GeoDataFrame(geometry=[rail], crs=CRS),
    }


def test_majority_area_terrain_rivers_and_rail():
    m = digitize_layers(
        layers(), H, {"forests": "woods"}, land="land", rivers="rivers", lines={"rail": "railways"}
    )
    grid = m.sheets[0].grid
    x0, y0 = m.extra["geo"]["x0"], m.extra["geo"]["y0"]

    def hex_at(x, y):
        return grid.format_id(*grid.locate(x - x0, y0 - y))

    assert m.hexes[hex_at(110_000, 65_000)].terrain == "woods"
    assert m.hexes[hex_at(15_000, 60_000)].terrain == "ocean"
    assert m.hexes[hex_at(170_000, 20_000)].terrain == "clear"
    # majority, not centre point: every hex is labelled by what covers most of it
    counts = m.terrain_counts()
    assert counts["woods"] == pytest.approx(60_000 * 50_000 / (H * H * 3**0.5 / 2), rel=0.25)
    river_sides = [s for s in m.hexsides.values() if "river" in s.features]
    assert len(river_sides) >= 10
    for s in river_sides:  # every river hexside lies near the river line
        a, b = s.hexes
        ca, cb = m.center(a), m.center(b)
        ym = y0 - (ca[1] + cb[1]) / 2
        assert abs(ym - 61_000) < 1.2 * H
    rails = [ln for ln in m.lines if ln.kind == "rail"]
    assert rails and all(m.adjacent(a, b) for ln in rails for a, b in ln.edges())
    assert sum(len(ln.hexes) for ln in rails) >= 14


def test_bad_gis_inputs(tmp_path):
    with pytest.raises(InputError, match="no layer 'woods'"):
        digitize_layers(layers(), H, {"woods": "woods"})
    geo = {k: v.to_crs("EPSG:4326") for k, v in layers().items()}
    with pytest.raises(InputError, match="degrees"):
        digitize_layers(geo, 0.1, {"forests": "woods"}, land="land")


def test_cli_digitize_gis(tmp_path):
    path = tmp_path / "geo.gpkg"
    for name, gdf in layers().items():
        gdf.to_file(path, layer=name)
    out = tmp_path / "map.json"
    r = CliRunner().invoke(
        main,
        [
            "digitize-gis",
            str(path),
            "--hex-size",
            str(H),
            "--out",
            str(out),
            "--terrain",
            "forests=woods",
            "--land",
            "land",
            "--rivers",
            "rivers",
            "--line",
            "rail=railways",
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc["format"] == "railhead.mapdata/1" and doc["geo"]["crs"]
    r = CliRunner().invoke(
        main, ["digitize-gis", str(tmp_path / "none.gpkg"), "--hex-size", "5", "--out", str(out)]
    )
    assert r.exit_code == 2 and "no such GIS file" in r.stderr
