"""T20 [11.2.4], [13.4]: a German field Army (8) out of supply next to friendly area F and a neutral
Dutch area N."""

from gwa_build import RS, area_map, judge, position, rules, unit

MAP = area_map(
    {"here": {"country": "belgium"}, "f": {"country": "germany"}, "n": {"country": "holland"}},
    [("here", "f", "land"), ("here", "n", "land")],
)


def board(**attrs):
    return position(
        MAP, [unit("GE-1A", "here", "army", "germany", in_supply=False, **attrs)], control={"here": "central"}
    )


def test_may_not_move_to_a_friendly_area():
    """[9], [11.2.4]: out of supply, it may not move to F."""
    v = judge(board(), "GE-1A", ["here", "f"])
    assert not v.legal and rules(v) == "11.2.4"


def test_may_move_into_a_neutral_to_be_interned():
    """[11.2.4], [13.4.1]: one area into neutral N: legal, and the unit is interned."""
    v = judge(board(), "GE-1A", ["here", "n"])
    assert v.legal and v.changes.unit_fields == {"GE-1A": {"interned": True}}


def test_interned_units_may_not_move():
    """[13.4.2]: an interned unit may not move."""
    b = position(MAP, [unit("GE-1A", "n", "army", "germany", interned=True)])
    v = judge(b, "GE-1A", ["n", "here"])
    assert not v.legal and rules(v) == "13.4.2"


def test_retreat_destroys_it():
    """[10.13], [11.2.4]: given a retreat result, the out-of-supply unit is destroyed."""
    b = position(
        MAP,
        [unit("GE-1A", "here", "army", "germany", in_supply=False), unit("FR-1A", "here", "army")],
        control={"f": "central"},
    )
    v = judge(b, "GE-1A", ["here", "f"], "retreat_after_combat")
    assert v.legal and v.changes.removed == ("GE-1A",)


def test_option_interned_occupy_both_ways():
    """Spec A30 ``interned_occupy``: by default an interned unit does not occupy its area (N stays
    neutral); with the option it controls it for its side."""
    b = position(MAP, [unit("GE-1A", "n", "army", "germany", interned=True)])
    occ = RS.parts(b)[1]
    assert occ.control[b.idx("n")] == "neutral"
    b = position(
        MAP, [unit("GE-1A", "n", "army", "germany", interned=True)], options={"interned_occupy": True}
    )
    assert RS.parts(b)[1].control[b.idx("n")] == "central"


def test_out_of_supply_retreat_before_combat_only_into_a_neutral():
    """Spec A34, [11.2.4]: an out-of-supply unit retreats before combat only into a neutral area
    (interned there); into a friendly area it may not."""
    units = [unit("GE-1A", "here", "army", "germany", in_supply=False), unit("FR-1A", "here", "army")]
    b = position(MAP, units, control={"f": "central"}, banks={"germany": 5})
    v = judge(b, "GE-1A", ["here", "f"], "retreat_before_combat")
    assert not v.legal and rules(v) == "11.2.4"
    v = judge(b, "GE-1A", ["here", "n"], "retreat_before_combat")
    assert v.legal and v.changes.unit_fields == {"GE-1A": {"interned": True}}


def test_option_out_of_supply_rbc_both_ways():
    """Spec A34 ``out_of_supply_rbc``, [11.2.4], [10.10]: by default Retreat-before-Combat into a
    friendly area is refused to an out-of-supply unit (it moves only to intern itself); read as a
    retreat, it is allowed and the unit is destroyed by it."""
    units = [unit("GE-1A", "here", "army", "germany", in_supply=False), unit("FR-1A", "here", "army")]
    b = position(MAP, units, control={"f": "central"}, banks={"germany": 5})
    assert not judge(b, "GE-1A", ["here", "f"], "retreat_before_combat").legal
    b = position(
        MAP, units, control={"f": "central"}, banks={"germany": 5}, options={"out_of_supply_rbc": "destroyed"}
    )
    v = judge(b, "GE-1A", ["here", "f"], "retreat_before_combat")
    assert v.legal and v.changes.removed == ("GE-1A",)
