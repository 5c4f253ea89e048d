"""T6 (March Segment example after 8.81; 2-day impulse, 4 MP)."""

from helpers import board, du, h, move, pointy_map, road

ROAD = [h(c, 3) for c in range(2, 7)]


def test_corps_three_clear_and_marker_is_four():
    """(a) V Corps (MR I): 3 clear hexes = 3 + Regular marker 1 = 4: legal."""
    b = board(pointy_map(), [du("V", h(2, 2), pfi="V", corps="V")])
    v = move(b, "V", [h(3, 2), h(4, 2), h(5, 2)], activities="regular_marker")
    assert v.legal and v.extra["units"]["V"]["rounded"] == 4


def test_road_column_with_crowding_and_leaving_road():
    """(c) 2nd Cav Div enters Road Mode (0 MP), 4 primary-road hexes = 3 MP, one holds the 10 lw div
    (2 BE) -> +1 = 4: legal; leaving Road Mode at the end (+1 -> 5) is illegal."""
    m = pointy_map(lines=[road(ROAD)])
    units = [
        du("2C", h(2, 3), pfi="2C", mr="C", mode="road"),
        du("10lw", h(4, 3), pfi="10lw", mr="L", multiplicity=2),
    ]  # noqa: E501
    b = board(m, units)  # in Road Mode from its start hex (entering it cost 0 MP, 8.4)
    v = move(b, "2C", ROAD[1:], end_mode="road")
    assert v.legal and v.mp == 4
    assert v.extra["mode"] == "road" and v.extra["facing"] is None
    assert all(s.extras["mode"] == "road" for s in v.steps)
    v = move(b, "2C", ROAD[1:], end_mode="deployed", change_at=ROAD[-1])
    assert not v.legal and "rounds to 5" in v.reasons[0].message


def test_the_mode_changes_where_it_is_cheapest():
    """8.4: a deployed unit asked to end in Road Mode enters it where the move is cheapest: here
    after the crowded hex (Road-Mode crowding applies only in Road Mode, 8.42): 3 MP."""
    m = pointy_map(lines=[road(ROAD)])
    units = [du("2C", h(2, 3), pfi="2C", mr="C"), du("10lw", h(4, 3), pfi="10lw", mr="L", multiplicity=2)]
    v = move(board(m, units), "2C", ROAD[1:], end_mode="road")
    assert v.legal and v.mp == 3 and [s.mode for s in v.steps][:2] == ["deployed", "deployed"]
