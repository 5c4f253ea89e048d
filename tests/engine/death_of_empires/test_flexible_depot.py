"""7.15.D: units on the Flexible MO move without restriction, but the Main Depot of an army on the
Flexible MO may not move."""

from helpers import board, du, h, move, pointy_map, rail

LINE = [h(c, 2) for c in range(1, 13)]


def _board(mission, where="depot"):
    md = du("MA", h(6, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")
    hq = du("AHQ", h(5, 4), cls="hq", size="army", hq_level="army", pfi="A", army="A", ccr=6)
    (md if where == "depot" else hq)["attrs"]["mission"] = mission
    m = pointy_map(cols=12, lines=[rail(LINE, "double")])
    return board(m, [md, hq], army_bases={"A": [h(1, 2)]}, rail_points={"central": 20})


def test_the_depot_of_a_flexible_army_stays():
    v = move(_board("flexible"), "MA", [h(5, 2), h(4, 2)], mode="rail")
    assert not v.legal and v.reasons[0].rule == "7.15.D"
    v = move(_board("flexible", where="hq"), "MA", [h(5, 2)], mode="rail")  # the army's MO on its HQ
    assert not v.legal and v.reasons[0].rule == "7.15.D"


def test_on_any_other_mission_it_moves():
    assert move(_board("hold"), "MA", [h(5, 2), h(4, 2)], mode="rail").legal
    assert move(_board("advance", where="hq"), "MA", [h(5, 2)], mode="rail").legal


def test_the_flexible_armys_other_units_move_freely():
    """7.15.D: no restriction for the rest of the army."""
    b = _board("flexible", where="hq")
    assert move(b, "AHQ", [h(6, 4), h(7, 4)]).legal
