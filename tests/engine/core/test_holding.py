"""Hosted boxes (a headquarters' holding box) stand where their host stands; links join boxes to
map locations. The core says where units stand; the ruleset says who may be in a box."""

from railhead.engine.holding import host_box_of, linked, placed_on_map, standing_location
from railhead.engine.state import GameState, Unit
from railhead.mapdata.io import parse_mapdata


def _map():
    hexes = [{"id": f"{c:02d}{r:02d}", "terrain": "clear"} for c in range(1, 4) for r in range(1, 3)]
    return parse_mapdata(
        {
            "format": "railhead.mapdata/1",
            "name": "boxes",
            "sheets": [{"id": "", "grid": {"orientation": "pointy", "cols": [1, 3], "rows": [1, 2]}}],
            "hexes": hexes,
            "boxes": [
                {"id": "hb-hq1", "attrs": {"host": "HQ1"}},
                {"id": "hb-div", "attrs": {"host": "DIVHQ"}},
                {"id": "reserve"},
            ],
            "links": [
                {"between": ["reserve", "0101"], "kind": "entry"},
                {"between": ["0302", "reserve"], "kind": "entry"},
                {"between": ["reserve", "0102"], "kind": "other"},
            ],
        }
    )


def _state(*units):
    return GameState(
        "toy", tuple(Unit(u[0], "red", "", "inf", u[1], attrs=u[2] if len(u) > 2 else {}) for u in units)
    )


def test_units_in_a_hosted_box_stand_where_the_host_stands():
    m = _map()
    s = _state(
        ("HQ1", "0201", {"facing": 2}), ("A", "hb-hq1", {"facing": 5}), ("B", "0101"), ("C", "reserve")
    )
    assert standing_location(m, s, "A") == "0201"
    assert standing_location(m, s, "B") == "0101"
    assert standing_location(m, s, "C") == "reserve"  # a box without a host stays a box
    placed = placed_on_map(m, s, share=("facing",))
    a = placed.unit("A")
    assert a.hex == "0201" and a.attr("in_box") == "hb-hq1" and a.attr("facing") == 2
    assert placed.unit("HQ1").attr("hosts") == "hb-hq1"
    assert placed.unit("C").hex == "reserve" and placed.unit("B").attr("in_box") is None
    # moving the host moves the box's contents with it
    moved = placed_on_map(m, s.move_unit("HQ1", "0302"))
    assert moved.unit("A").hex == "0302"
    assert host_box_of(m, "HQ1") == "hb-hq1" and host_box_of(m, "B") is None


def test_a_host_in_a_hosted_box_passes_its_place_on():
    m = _map()
    s = _state(("HQ1", "0102"), ("DIVHQ", "hb-hq1"), ("X", "hb-div"))
    assert standing_location(m, s, "X") == "0102"
    assert placed_on_map(m, s).unit("X").hex == "0102"


def test_no_hosted_unit_leaves_the_state_alone():
    m = _map()
    s = _state(("B", "0101"))
    assert placed_on_map(m, s) is s


def test_links_join_boxes_to_map_locations():
    m = _map()
    assert sorted(linked(m, "entry")["reserve"]) == ["0101", "0302"]
    assert sorted(linked(m)["reserve"]) == ["0101", "0102", "0302"]
    assert "hb-hq1" not in linked(m)


def test_a_step_into_or_out_of_a_holding_box_is_joined_only_at_the_host():
    from railhead.engine.holding import joined

    m = _map()
    s = _state(("HQ1", "0201"), ("A", "0201"))
    assert joined(m, s, "0201", "hb-hq1") and joined(m, s, "hb-hq1", "0201")
    assert not joined(m, s, "0101", "hb-hq1")
    assert not joined(m, s, "0101", "reserve")  # a box without a host is joined by links only
    assert not joined(m, s, "0201", "hb-div")  # its host is not in the position


def test_the_base_ruleset_joins_a_holding_box_to_its_host_location():
    """Ruleset.box_step (what ``queries.judge`` asks when no edge joins two path locations)."""
    from railhead.engine.board import Board
    from railhead.engine.ruleset import Ruleset

    m = _map()
    b = Board(m, _state(("HQ1", "0201"), ("A", "0201")))
    step = Ruleset.box_step  # reads no ruleset data
    assert step(None, b, "0201", "hb-hq1")
    assert not step(None, b, "0102", "hb-hq1")
