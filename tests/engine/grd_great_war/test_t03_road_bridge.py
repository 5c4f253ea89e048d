"""T03 [15A1], [7B]: along a road across an intact bridge into woods a unit pays the clear cost
(1 MP); with the bridge demolished the road is cut there: 2 (river) + 2 (woods) = 4 MP."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

M = mini_map(
    {"GW2:0302": "woods"},
    sides={("GW2:0202", "GW2:0302"): ("river",)},
    lines=[Line("road", ("GW2:0102", "GW2:0202", "GW2:0302", "GW2:0402"))],
)


def _board(hexes=None):
    return mini_board(
        M, [unit_doc("R", "entente", "france", "rifle", "GW2:0202", 2, movement=6)], hexes=hexes or {}
    )


def test_road_over_an_intact_bridge_costs_the_clear_cost():
    v = judge(_board(), "R", ["GW2:0302"])
    assert v.legal and v.mp == 1
    assert v.steps[0].parts[0][0] == "road"


def test_a_demolished_bridge_leaves_river_plus_woods():
    v = judge(_board({"GW2:0202": {"attrs": {"bridge_demolished_to": ["GW2:0302"]}}}), "R", ["GW2:0302"])
    assert v.legal and v.mp == 4
