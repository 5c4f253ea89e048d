"""T04 [15A8]: devastation adds 2 MP even along a road: road into a devastated woods hex = 1 + 2."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

M = mini_map(
    {"GW2:0302": "woods"},
    sides={("GW2:0202", "GW2:0302"): ("river",)},
    lines=[Line("road", ("GW2:0202", "GW2:0302"))],
)


def test_devastated_hex_costs_2_more_even_by_road():
    b = mini_board(
        M,
        [unit_doc("R", "entente", "france", "rifle", "GW2:0202", 2)],
        hexes={"GW2:0302": {"devastated": True}},
    )
    assert judge(b, "R", ["GW2:0302"]).mp == 3
