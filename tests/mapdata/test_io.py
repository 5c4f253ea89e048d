"""railhead.mapdata/1: reading, validation messages, writing (contracts.md §2)."""

from __future__ import annotations

import copy
import json

import pytest

from railhead.errors import InputError
from railhead.mapdata.io import mapdata_document, parse_mapdata, read_mapdata, write_mapdata


def small_doc() -> dict:
    return {
        "format": "railhead.mapdata/1",
        "name": "Small",
        "kind": "hex",
        "sheets": [
            {
                "id": "",
                "grid": {
                    "orientation": "flat",
                    "shifted": "even",
                    "cols": [1, 4],
                    "rows": [1, 3],
                    "id_format": "{col:02d}{row:02d}",
                    "pixels": {
                        "hex_width": 50.0,
                        "hex_height": 57.7,
                        "origin": [40.0, 40.0],
                        "angle_deg": 0.5,
                    },
                },
                "image": "small.png",
            }
        ],
        "hexes": [{"id": f"{c:02d}{r:02d}", "terrain": "clear"} for c in range(1, 5) for r in range(1, 4)],
        "hexsides": [
            {"hexes": ["0101", "0102"], "features": ["river"]},
            {"hexes": ["0201", "0202"], "terrain": "woods", "confidence": 0.8},
        ],
        "lines": [
            {"kind": "rail", "hexes": ["0101", "0201", "0302"], "attrs": {"track": "double"}},
            {"kind": "road", "hexes": ["0401", "0402"]},
        ],
        "areas": [],
        "borders": [],
        "scenario_notes": "kept verbatim",
    }


def test_round_trip_is_exact(tmp_path):
    doc = small_doc()
    doc["hexes"][1].update(name="Metz", features=["city", "fortress"], attrs={"country": "germany"})
    path = tmp_path / "m.json"
    write_mapdata(parse_mapdata(doc), path)
    assert json.loads(path.read_text()) == doc
    m = read_mapdata(path)
    assert m.hexes["0102"].name == "Metz"
    assert m.hexside("0102", "0101").features == ("river",)
    assert m.line_edges("rail") == {("0101", "0201"), ("0201", "0302")}


def _error(doc, tmp_path) -> InputError:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(InputError) as info:
        read_mapdata(path)
    return info.value


def test_malformed_json_names_file_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "railhead.mapdata/1",\n "name": }')
    with pytest.raises(InputError) as info:
        read_mapdata(path)
    msg = str(info.value)
    assert "broken.json" in msg and "line 2 column" in msg and "malformed JSON" in msg


def test_wrong_format_tag(tmp_path):
    doc = small_doc()
    doc["format"] = "railhead.state/1"
    msg = str(_error(doc, tmp_path))
    assert "$.format" in msg and "railhead.mapdata/1" in msg and "bad.json" in msg


def test_non_adjacent_hexside(tmp_path):
    doc = small_doc()
    doc["hexsides"].append({"hexes": ["0101", "0303"]})
    msg = str(_error(doc, tmp_path))
    assert "$.hexsides[2].hexes" in msg and "0101 and 0303 are not adjacent" in msg


def test_unknown_hex_id_says_why(tmp_path):
    doc = small_doc()
    doc["lines"][1]["hexes"].append("0909")
    doc["hexes"][0]["id"] = "101"
    msg = str(_error(doc, tmp_path))
    assert "$.lines[1].hexes[2]" in msg and "'0909'" in msg and "outside the sheet" in msg
    assert "$.hexes[0].id" in msg and "'101'" in msg


def test_line_with_a_gap(tmp_path):
    doc = small_doc()
    doc["lines"][0]["hexes"] = ["0101", "0301"]
    msg = str(_error(doc, tmp_path))
    assert "$.lines[0].hexes[1]" in msg and "not between adjacent hexes" in msg


def test_duplicates_and_missing_terrain(tmp_path):
    """The schema's problems are reported together first; then, the shape right, every problem
    only code can see (ids listed twice), together."""
    doc = small_doc()
    doc["hexes"].append(copy.deepcopy(doc["hexes"][0]))
    doc["hexsides"].append({"hexes": ["0102", "0101"]})  # same side, other order
    del doc["hexes"][3]["terrain"]
    del doc["hexes"][4]["terrain"]
    err = _error(doc, tmp_path)
    assert [p.where for p in err.problems] == ["$.hexes[3].terrain", "$.hexes[4].terrain"]
    assert "missing terrain" in str(err)
    doc["hexes"][3]["terrain"] = doc["hexes"][4]["terrain"] = "clear"
    err = _error(doc, tmp_path)
    msg = str(err)
    assert "hex '0101' is listed twice" in msg
    assert "hexside 0102/0101 is listed twice" in msg
    assert len(err.problems) == 2


def test_missing_hexes_of_the_grid(tmp_path):
    doc = small_doc()
    del doc["hexes"][5:7]
    msg = str(_error(doc, tmp_path))
    assert "2 hex(es) of the grid have no entry" in msg


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (
            lambda d: d["sheets"][0]["grid"].update(orientation="diagonal"),
            "$.sheets[0].grid.orientation",
        ),
        (lambda d: d["sheets"][0]["grid"].update(cols=[1]), "$.sheets[0].grid.cols"),
        (lambda d: d["sheets"][0]["grid"].update(id_format="{col}"), "$.sheets[0].grid.id_format"),
        (
            lambda d: d["sheets"][0]["grid"]["pixels"].update(hex_width=-3),
            "$.sheets[0].grid.pixels.hex_width",
        ),
        (lambda d: d["hexes"][0].update(features="city"), "$.hexes[0].features"),
        (lambda d: d["hexes"][0].update(confidence=1.5), "$.hexes[0].confidence"),
        (lambda d: d.update(hexes={}), "$.hexes"),
    ],
)
def test_structural_errors_are_located(tmp_path, mutate, where):
    doc = small_doc()
    mutate(doc)
    assert where in str(_error(doc, tmp_path))


def test_not_an_object_and_missing_file(tmp_path):
    assert "expected a JSON object" in str(_error([1, 2], tmp_path))
    with pytest.raises(InputError, match="no such map file"):
        read_mapdata(tmp_path / "nope.json")


def test_reading_never_changes_the_input(tmp_path):
    path = tmp_path / "m.json"
    text = json.dumps(small_doc())
    path.write_text(text)
    read_mapdata(path)
    assert path.read_text() == text


def test_write_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    path.write_text("old")
    m = parse_mapdata(small_doc())
    m.hexes["0101"].attrs["bad"] = object()  # not JSON-serializable: the write fails midway
    with pytest.raises(TypeError):
        write_mapdata(m, path)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_document_of_area_map():
    doc = {
        "format": "railhead.mapdata/1",
        "name": "areas",
        "kind": "area",
        "sheets": [],
        "hexes": [],
        "hexsides": [],
        "lines": [],
        "areas": [{"id": "paris", "name": "Paris"}, {"id": "north-sea"}],
        "borders": [{"areas": ["paris", "north-sea"], "kind": "sea"}],
    }
    assert mapdata_document(parse_mapdata(doc)) == doc
    doc["borders"][0]["areas"][1] = "atlantis"
    with pytest.raises(InputError, match="unknown area id 'atlantis'"):
        parse_mapdata(doc)
