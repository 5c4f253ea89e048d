"""A piece dragged in the Ground Combat Segment [3.4] is judged as a Retreat-after-Combat [10.13]
(engine.drags, the segment's ``drags``): with the other defending units of its area [10.13.1],
into an adjacent friendly-controlled area, a neutral only when nothing else is open [10.13.2]."""

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
