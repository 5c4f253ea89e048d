"""T1 (3.45, 8.21.F, 8.41): ZOC costs +1 to enter, +1 to leave, +1 more ZOC to ZOC; Road Mode may not
move ZOC to ZOC; leaving a ZOC at the very start of one's own March Segment is free."""

from fractions import Fraction

from helpers import board, du, h, move, pointy_map


def common_neighbour(m, a, b):
    return sorted(set(m.neighbours(a)) & set(m.neighbours(b)))[0]


def test_zoc_to_zoc_costs_three_plus_terrain():
    """3.45 ex: from one enemy ZOC hex directly to another: leave +1, enter +1, ZOC->ZOC +1, plus
    terrain (clear, MR I: 1)."""
    m = pointy_map()
    target = common_neighbour(m, h(5, 3), h(6, 3))
    b = board(m, [du("A", h(5, 3), mp_spent=0, started_in_zoc=False), du("R", h(6, 3), "entente")])
    v = move(b, "A", [target])
    assert v.legal
    assert v.mp == 4
    parts = {name for name, _, _ in v.steps[0].parts}
    assert {"enter_zoc", "leave_zoc", "zoc_to_zoc", "terrain"} <= parts


def test_road_mode_may_not_move_zoc_to_zoc():
    """3.45, 8.41: the same step in Road Mode is illegal."""
    m = pointy_map()
    target = common_neighbour(m, h(5, 3), h(6, 3))
    b = board(m, [du("A", h(5, 3), mode="road"), du("R", h(6, 3), "entente")])
    v = move(b, "A", [target])
    assert not v.legal
    assert "8.41" in v.reasons[0].rule


def test_leaving_zoc_at_start_of_march_is_free():
    """3.45 EXCEPTION: starting the own March Segment in enemy ZOC and stepping to a clear non-ZOC
    hex (MR I) costs 1 MP."""
    m = pointy_map()
    b = board(m, [du("A", h(5, 3)), du("R", h(6, 3), "entente")])
    v = move(b, "A", [h(4, 3)])
    assert v.legal and v.mp == 1


def test_leaving_zoc_in_counter_march_costs_one():
    """3.45: the exception is the March Segment only: the same step in the Counter-March costs 2."""
    m = pointy_map()
    b = board(m, [du("A", h(5, 3)), du("R", h(6, 3), "entente")], segment="counter_march")
    v = move(b, "A", [h(4, 3)])
    assert v.legal and v.mp == Fraction(2)
