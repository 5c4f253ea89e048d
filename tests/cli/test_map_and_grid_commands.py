"""`railhead map …` and `railhead grid …`: output, --json, and exit status 2 with a clear message."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.mapdata.io import mapdata_document, write_mapdata
from railhead.mapdata.sample import sample_area_map, sample_two_sheet_map

DOC = {
    "format": "railhead.mapdata/1",
    "name": "CLI test",
    "sheets": [
        {
            "id": "",
            "grid": {
                "orientation": "flat",
                "shifted": "even",
                "cols": [1, 6],
                "rows": [1, 5],
                "pixels": {"hex_width": 60, "hex_height": 69.3, "origin": [50, 50], "angle_deg": 0},
            },
        }
    ],
    "hexes": [
        {"id": f"{c:02d}{r:02d}", "terrain": "woods" if c == 3 else "clear"}
        for c in range(1, 7)
        for r in range(1, 6)
    ],
    "hexsides": [{"hexes": ["0303", "0304"], "features": ["river"]}],
    "lines": [{"kind": "rail", "hexes": ["0101", "0201", "0301", "0401"]}],
}


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "map.json"
    path.write_text(json.dumps(DOC))
    return path


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result


def test_map_info_text_and_json(map_file):
    r = run("map", "info", map_file)
    assert r.exit_code == 0, r.output
    assert "30 hexes" in r.output and "woods 5" in r.output and "rail: 1 lines, 3 hexsides" in r.output
    r = run("map", "info", map_file, "--json")
    data = json.loads(r.stdout)
    assert data["hexes"] == 30 and data["terrain"] == {"clear": 25, "woods": 5}
    assert data["features"] == {"river": 1}


def test_grid_center_and_locate_agree(map_file):
    r = run("grid", "center", map_file, "0403", "--json")
    assert r.exit_code == 0, r.output
    c = json.loads(r.stdout)
    assert (c["x"], c["y"]) == pytest.approx((50 + 3 * 60, 50 + 2 * 69.3 + 69.3 / 2))
    r = run("grid", "locate", map_file, c["x"] + 20, c["y"] - 25)
    assert r.exit_code == 0 and r.stdout.strip() == "0403"
    r = run("grid", "locate", map_file, c["x"], c["y"], "--json")
    assert json.loads(r.stdout)["col"] == 4


def test_grid_locate_off_the_sheet_is_exit_2(map_file):
    r = run("grid", "locate", map_file, -500, 10)
    assert r.exit_code == 2
    assert "off the grid" in r.stderr and "map.json" in r.stderr and "Traceback" not in r.output


def test_unknown_id_and_sheet_are_exit_2(map_file):
    r = run("grid", "center", map_file, "0909")
    assert r.exit_code == 2 and "unknown hex id '0909'" in r.stderr
    r = run("grid", "locate", map_file, 10, 10, "--sheet", "GW2")
    assert r.exit_code == 2 and "no sheet 'GW2'" in r.stderr


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "malformed JSON"),
        (
            json.dumps({**DOC, "format": "railhead.mapdata/9"}),
            "expected format 'railhead.mapdata/1'",
        ),
        (json.dumps({**DOC, "hexsides": [{"hexes": ["0101", "0303"]}]}), "are not adjacent"),
        (
            json.dumps({**DOC, "lines": [{"kind": "rail", "hexes": ["0101", "0199"]}]}),
            "unknown hex id '0199'",
        ),
    ],
)
def test_bad_map_files_give_a_message_and_exit_2(tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content)
    r = run("map", "info", path)
    assert r.exit_code == 2
    assert expected in r.stderr and "bad.json" in r.stderr
    assert "Traceback" not in r.output


def test_missing_file_and_folder_inputs(tmp_path):
    r = run("map", "info", tmp_path / "absent.json")
    assert r.exit_code == 2 and "no such map file" in r.stderr
    r = run("map", "info", tmp_path)
    assert r.exit_code == 2


def test_map_export_and_import_round_trip(map_file, tmp_path):
    gpkg = tmp_path / "out.gpkg"
    r = run("map", "export", map_file, "--to", gpkg)
    assert r.exit_code == 0, r.output
    back = tmp_path / "back.json"
    r = run("map", "import", gpkg, "--out", back)
    assert r.exit_code == 0, r.output
    doc = json.loads(back.read_text())
    assert doc["hexes"] == DOC["hexes"] and doc["lines"] == DOC["lines"]
    assert doc["hexsides"] == DOC["hexsides"]


def test_map_export_needs_gpkg_name(map_file, tmp_path):
    r = run("map", "export", map_file, "--to", tmp_path / "out.shp")
    assert r.exit_code == 2 and ".gpkg" in r.stderr
    assert not (tmp_path / "out.shp").exists()


def test_export_into_missing_folder_is_exit_2(map_file, tmp_path):
    r = run("map", "export", map_file, "--to", tmp_path / "nope" / "out.gpkg")
    assert r.exit_code == 2 and "output folder does not exist" in r.stderr


# ------------------------------------------------------------------------------ area and multi-sheet maps
@pytest.fixture(params=["area", "two-sheet"])
def located_map(request, tmp_path):
    m = sample_area_map() if request.param == "area" else sample_two_sheet_map()
    path = tmp_path / f"{request.param}.json"
    write_mapdata(m, path)
    return path


def map_info(m, tmp_path) -> tuple[str, dict]:
    """`map info` of map ``m`` written to a file: the text and the --json answer."""
    path = tmp_path / "m.json"
    write_mapdata(m, path)
    r = run("map", "info", path)
    assert r.exit_code == 0, r.output
    return r.output, json.loads(run("map", "info", path, "--json").stdout)


def test_map_info_on_an_area_map(tmp_path):
    output, data = map_info(sample_area_map(), tmp_path)
    assert "area map, 0 hexes, 11 areas" in output
    assert "areas: 11 (land 8, port 1, sea 2)" in output
    assert "borders: 16 (coast 4, land 11, port 1)" in output
    assert "links: 3 (rail 1, sea-lane 1, strait 1)" in output and "boxes: 2" in output
    assert data["links"] == {"count": 3, "kinds": {"rail": 1, "sea-lane": 1, "strait": 1}}
    assert data["borders"]["kinds"]["coast"] == 4 and data["boxes"] == 2


def test_map_info_on_a_two_sheet_map(tmp_path):
    output, data = map_info(sample_two_sheet_map(), tmp_path)
    assert "seam: sheet 'E' continues 'W' beyond its east edge (rows offset 1" in output
    assert "attrs: front=western" in output and "links: 2 (ferry 1, transit 1)" in output
    assert data["seams"] == [{"sheets": ["W", "E"], "edge": "east", "rows_offset": 1, "cols_offset": 0}]
    assert data["sheets"][1]["attrs"] == {"front": "eastern"}


def test_map_export_and_import_keep_areas_seams_links_and_boxes(located_map, tmp_path):
    gpkg, back = tmp_path / "m.gpkg", tmp_path / "back.json"
    r = run("map", "export", located_map, "--to", gpkg)
    assert r.exit_code == 0, r.output
    r = run("map", "import", gpkg, "--out", back)
    assert r.exit_code == 0, r.output
    assert json.loads(back.read_text()) == json.loads(located_map.read_text())
    assert ("11 areas, 16 borders, 3 links, 2 boxes" if "area" in located_map.name else "1 seams") in r.stderr


@pytest.mark.parametrize(
    "change,expected",
    [
        (
            lambda d: d["links"][0]["between"].__setitem__(1, "W:0909"),
            "$.links[0].between[1]: unknown location",
        ),
        (
            lambda d: d["seams"][0].__setitem__("sheets", ["W", "GW4"]),
            "$.seams[0].sheets[1]: unknown sheet 'GW4'",
        ),
        (lambda d: d["boxes"].append({"id": "W:0101"}), "$.boxes[1].id: box id 'W:0101' is also a hex id"),
        (
            lambda d: d["links"][1].__setitem__("kind", "adjacent"),
            "$.links[1].kind: an 'adjacent' link joins",
        ),
    ],
)
def test_bad_links_seams_and_boxes_are_exit_2(tmp_path, change, expected):
    doc = mapdata_document(sample_two_sheet_map())
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    r = run("map", "info", path)
    assert r.exit_code == 2
    assert "bad.json" in r.stderr and expected in r.stderr and "Traceback" not in r.output
