"""T14 [9.3.6], [9.5]: leaving a contested area."""

from gwa_build import area_map, judge, position, rules, unit


def board():
    m = area_map(
        {a: {"country": "france"} for a in ("c1", "e2", "f2", "c2")},
        [("c1", "e2", "land"), ("c1", "f2", "land"), ("c1", "c2", "land"), ("c2", "f2", "land")],
    )
    units = [
        unit("FR-1C", "c1"),
        unit("GE-1C", "c1", nation="germany"),
        unit("FR-2C", "c2"),
        unit("GE-2C", "c2", nation="germany"),
    ]
    return position(m, units, control={"e2": "central", "f2": "allies"})


def test_not_into_enemy_controlled_area():
    """[9.3.6]: C1 -> E2 (German-controlled, empty) is illegal."""
    v = judge(board(), "FR-1C", ["c1", "e2"])
    assert not v.legal and rules(v) == "9.3.6; 9.5"


def test_into_friendly_or_contested_area():
    """[9.3.6]: C1 -> F2 (French-controlled) and C1 -> C2 (contested) are legal."""
    assert judge(board(), "FR-1C", ["c1", "f2"]).legal
    assert judge(board(), "FR-1C", ["c1", "c2"]).legal


def test_across_a_narrow_sea_to_the_uncontested_side():
    """[9.5]: from a contested area on a narrow sea, crossing to an empty, uncontested area across
    it is legal even though that area is not friendly-controlled."""
    m = area_map(
        {"c1": {"country": "turkey"}, "far": {"country": "turkey"}, "fr": {"country": "france"}},
        [("c1", "far", "narrow_sea"), ("far", "fr", "land")],
    )
    units = [unit("FR-1C", "c1"), unit("GE-1C", "c1", nation="germany")]
    b = position(m, units, control={"far": "central"}, alignment={"turkey": "central"})
    v = judge(b, "FR-1C", ["c1", "far"])
    assert v.legal, v.reasons
