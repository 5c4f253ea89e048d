"""A piece dragged in the Ground Combat Segment [3.4] is judged as a Retreat-after-Combat [10.13]
(engine.drags, the segment's ``drags``): with the other defending units of its area [10.13.1],
into an adjacent friendly-controlled area, a neutral only when nothing else is open [10.13.2]. In
the Reinforcement Segment [3.1] a drag is a mobilized unit's arrival [6.5] (the ``arrive`` action)."""

from gwa_build import RS, area_map, position, unit

from railhead.engine.api import judge_drag

MAP = area_map(
    {a: {"country": "holland" if a == "n" else "france"} for a in ("z", "f", "n", "far")},
    [("z", "f", "land"), ("z", "n", "land"), ("f", "far", "land")],
)


def _board(**kw):
    units = [unit("FR-1A", "z", "army"), unit("FR-1C", "z"), unit("GE-1A", "z", "army", "germany")]
    return position(MAP, units, banks={"france": 100}, active="central", phase="ground_combat", **kw)


def test_a_drag_after_combat_is_a_retreat_of_the_area_s_defenders_10_13():
    v = judge_drag(RS, _board(), "FR-1A", "f")
    assert v.legal and v.extra["drag"] == "retreat"
    v = judge_drag(RS, _board(), "FR-1A", "n")
    assert not v.legal and v.reasons[0].rule == "10.13.2"  # f is open: no internment
    v = judge_drag(RS, _board(), "FR-1A", "far")
    assert not v.legal and "10.13.2" in v.reasons[0].rule  # not adjacent


def test_a_drag_in_the_reinforcement_segment_is_a_unit_s_arrival_6_5():
    """[6.5]: a mobilized ground unit appears in a friendly-controlled land area (not a neutral's);
    [3.1]: in its own side's Reinforcement Segment."""
    units = [unit("FR-NEW", "far"), unit("GE-NEW", "far", "corps", "germany")]
    b = position(MAP, units, banks={"france": 0}, active="allies", phase="reinforcement")
    v = judge_drag(RS, b, "FR-NEW", "f")
    assert v.legal and v.extra["drag"] == "arrive" and v.effects[0] == "6.5: FR-NEW appears in f"
    v = judge_drag(RS, b, "FR-NEW", "n")
    assert not v.legal and v.reasons[0].rule == "6.5"
    v = judge_drag(RS, b, "GE-NEW", "f")
    assert not v.legal and v.reasons[0].rule == "3.1"
