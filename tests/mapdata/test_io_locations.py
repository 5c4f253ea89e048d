"""railhead.mapdata/1 §2.1: links, seams, boxes, sheet attrs and area shapes; read, refused, written."""

from __future__ import annotations

import copy

import pytest

from railhead.errors import InputError
from railhead.mapdata.io import mapdata_document, parse_mapdata, read_mapdata, step_problem, write_mapdata
from railhead.mapdata.model import Link, Seam, UnknownHexError
from railhead.mapdata.sample import sample_area_map, sample_two_sheet_map


@pytest.fixture
def two_doc() -> dict:
    return mapdata_document(sample_two_sheet_map())


@pytest.fixture
def area_doc() -> dict:
    return mapdata_document(sample_area_map())


def refused(doc: dict) -> InputError:
    with pytest.raises(InputError) as err:
        parse_mapdata(doc, file="bad.json")
    assert err.value.file == "bad.json"
    return err.value


# ------------------------------------------------------------------------------ round trips
def test_two_sheet_map_round_trips_every_field(two_doc, tmp_path):
    assert two_doc["seams"] == [{"sheets": ["W", "E"], "edge": "east", "rows_offset": 1, "cols_offset": 0}]
    assert two_doc["links"][0] == {
        "between": ["W:0101", "W:0301"],
        "kind": "ferry",
        "attrs": {"cost": 2},
        "modes": ["ground"],
    }
    assert two_doc["boxes"] == [{"id": "reserve", "name": "Reserve box"}]
    assert two_doc["sheets"][0]["attrs"] == {"front": "western"}
    write_mapdata(parse_mapdata(two_doc), tmp_path / "m.json")
    back = read_mapdata(tmp_path / "m.json")
    assert mapdata_document(back) == two_doc
    assert back.seams == [Seam(("W", "E"), "east", 1, 0)] and back.sheets[1].attrs == {"front": "eastern"}
    assert back.links[0] == Link(("W:0101", "W:0301"), "ferry", ("ground",), {"cost": 2})


def test_area_map_round_trips_polygons_points_borders_links_and_boxes(area_doc):
    m = parse_mapdata(copy.deepcopy(area_doc))
    assert mapdata_document(m) == area_doc
    assert m.areas["hamburg"].point == (150.0, 100.0) and m.areas["hamburg"].polygon is None
    assert m.areas["paris"].polygon == ((0.0, 200.0), (100.0, 200.0), (100.0, 300.0), (0.0, 300.0))
    assert m.links[2].oneway and m.links[0].modes == ("naval",) and m.boxes["cp-reserve"].attrs
    assert [m.location_kind(x) for x in ("paris", "cp-reserve")] == ["area", "box"]
    assert m.location_ids()[-2:] == ["cp-reserve", "atlantic-lane"] and m.is_location("baltic")
    with pytest.raises(UnknownHexError, match="no location 'atlantis'"):
        m.location_kind("atlantis")
    assert step_problem(m, "paris", "flanders") is None
    assert step_problem(m, "paris", "ruhr") == "paris and ruhr are not adjacent"
    assert "unknown location 'atlantis'" in step_problem(m, "paris", "atlantis")


def test_modes_null_means_every_mode_and_an_empty_list_none(two_doc):
    two_doc["links"][0]["modes"] = []
    two_doc["links"].append({"between": ["W:0201", "W:0401"], "kind": "ferry"})
    m = parse_mapdata(two_doc)
    assert m.links[0].modes == () and m.links[2].modes is None
    doc = mapdata_document(m)
    assert doc["links"][0]["modes"] == [] and "modes" not in doc["links"][2]


def test_unknown_top_level_fields_are_still_kept(two_doc):
    two_doc["scenario"] = {"turn": 3}
    assert mapdata_document(parse_mapdata(two_doc))["scenario"] == {"turn": 3}


# ------------------------------------------------------------------------------ refused inputs
def test_link_to_an_unknown_location_names_it_and_what_ids_look_like(two_doc):
    two_doc["links"][0]["between"][1] = "W:0909"
    err = refused(two_doc)
    assert err.where == "$.links[0].between[1]"
    assert "unknown location 'W:0909'" in err.message
    assert "hex ids like 'W:0101'" in err.message and "box ids ('reserve')" in err.message


def test_link_to_itself(two_doc):
    two_doc["links"][0]["between"] = ["W:0101", "W:0101"]
    err = refused(two_doc)
    assert err.where == "$.links[0].between" and "two different locations" in err.message


def test_adjacent_link_must_join_two_hexes(two_doc):
    two_doc["links"][1]["kind"] = "adjacent"  # reserve <-> W:0105
    err = refused(two_doc)
    assert err.where == "$.links[1].kind"
    assert "an 'adjacent' link joins two hexes, but 'reserve' is 'box'" in err.message


def test_oneway_must_be_true_or_false(two_doc):
    two_doc["links"][0]["attrs"]["oneway"] = "yes"
    assert refused(two_doc).where == "$.links[0].attrs.oneway"


def test_seam_naming_an_unknown_sheet(two_doc):
    two_doc["seams"][0]["sheets"][1] = "GW9"
    del two_doc["hexsides"], two_doc["lines"]  # they cross the seam
    err = refused(two_doc)
    assert err.where == "$.seams[0].sheets[1]" and "unknown sheet 'GW9' (sheets: 'W', 'E')" in err.message


def test_seam_with_a_bad_edge(two_doc):
    two_doc["seams"][0]["edge"] = "up"
    del two_doc["hexsides"], two_doc["lines"]
    err = refused(two_doc)
    assert err.where == "$.seams[0].edge" and "east, west, north, south" in err.message


def test_seam_between_sheets_of_different_orientations(two_doc):
    two_doc["sheets"][1]["grid"]["orientation"] = "pointy"
    del two_doc["hexsides"], two_doc["lines"]
    err = refused(two_doc)
    assert err.where == "$.seams[0]"
    assert "'W' has flat hexes and sheet 'E' pointy ones" in err.message


def test_seam_whose_shifted_columns_cannot_abut(two_doc):
    two_doc["sheets"][1]["grid"]["shifted"] = "odd"
    del two_doc["hexsides"], two_doc["lines"]
    err = refused(two_doc)
    assert err.where == "$.seams[0]" and "shifted columns would not line up" in err.message


def test_seam_offset_past_the_sheet(two_doc):
    two_doc["seams"][0]["rows_offset"] = 12
    del two_doc["hexsides"], two_doc["lines"]
    err = refused(two_doc)
    assert err.where == "$.seams[0]" and "no hex of one sheet touches" in err.message


def test_two_seams_for_the_same_sheets(two_doc):
    two_doc["seams"].append({"sheets": ["E", "W"], "edge": "west", "rows_offset": -1})
    assert refused(two_doc).where == "$.seams[1]"


@pytest.mark.parametrize("clash,what", [("W:0101", "hex"), ("paris", "area")])
def test_box_id_clashing_with_a_hex_or_area(two_doc, clash, what):
    two_doc["areas"] = [{"id": "paris"}]
    two_doc["boxes"].append({"id": clash})
    err = refused(two_doc)
    assert err.where == "$.boxes[1].id" and f"also {'a' if what == 'hex' else 'an'} {what} id" in err.message


def test_border_naming_an_unknown_area(area_doc):
    area_doc["borders"][0]["areas"][1] = "atlantis"
    err = refused(area_doc)
    assert err.where == "$.borders[0].areas[1]" and "unknown area id 'atlantis'" in err.message


def test_polygon_with_too_few_points(area_doc):
    area_doc["areas"][0]["polygon"] = [[0, 0], [1, 1]]
    err = refused(area_doc)
    assert err.where == "$.areas[0].polygon" and "at least 3 points, found 2" in err.message


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "12"])
def test_polygon_and_point_need_finite_numbers(area_doc, bad):
    area_doc["areas"][0]["polygon"][2] = [bad, 5]
    assert refused(area_doc).where.startswith("$.areas[0].polygon[2]")
    area_doc = mapdata_document(sample_area_map())
    area_doc["areas"][-1]["point"] = [3, bad]
    assert refused(area_doc).where.startswith("$.areas[10].point")


def test_area_map_has_no_hexes(area_doc, two_doc):
    area_doc["hexes"] = [{"id": "0101", "terrain": "clear"}]
    area_doc["sheets"] = two_doc["sheets"][:1]
    area_doc["sheets"][0]["id"] = ""
    assert refused(area_doc).where == "$.hexes"


def test_with_grid_keeps_links_seams_boxes_and_sheet_attrs():
    m = sample_two_sheet_map()
    moved = m.with_grid(1, m.sheets[1].grid.with_pixels(None))
    assert moved.links == m.links and moved.seams == m.seams and moved.boxes == m.boxes
    assert moved.sheets[1].attrs == {"front": "eastern"} and moved.sheets[1].grid.pixels is None
    assert moved.adjacent("W:0603", "E:0102")
