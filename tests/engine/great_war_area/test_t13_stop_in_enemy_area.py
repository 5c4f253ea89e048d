"""T13 [9.3.5], [10]: entering an area held by enemy ground units stops the mover."""

from gwa_build import chain, judge, position, rules, unit

MAP = chain(3)


def test_must_stop_in_enemy_held_area():
    """[9.3.5]: R1 -> R2 -> R3 with Germans in R2 is illegal: the unit stops in R2."""
    b = position(MAP, [unit("FR-1C", "r1"), unit("GE-1C", "r2", nation="germany")], control={"r2": "central"})
    v = judge(b, "FR-1C", ["r1", "r2", "r3"])
    assert not v.legal and rules(v) == "9.3.5"


def test_stopping_there_flags_a_mandatory_attack():
    """[9.3.5]: R1 -> R2 is legal, and the unit must attack R2 this Ground Combat Segment."""
    b = position(MAP, [unit("FR-1C", "r1"), unit("GE-1C", "r2", nation="germany")], control={"r2": "central"})
    v = judge(b, "FR-1C", ["r1", "r2"])
    assert v.legal
    assert v.changes.unit_fields == {"FR-1C": {"must_attack": "r2"}}
    assert "r2" not in v.changes.locations  # entering enemy units takes no control (4)


def test_contested_area_stops_without_mandatory_attack():
    """Second case: R2 holds German and French units: legal, stops, no mandatory attack."""
    units = [unit("FR-1C", "r1"), unit("GE-1C", "r2", nation="germany"), unit("FR-2C", "r2")]
    b = position(MAP, units)
    assert not judge(b, "FR-1C", ["r1", "r2", "r3"]).legal
    v = judge(b, "FR-1C", ["r1", "r2"])
    assert v.legal and v.changes.unit_fields == {}
