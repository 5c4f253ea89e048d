"""T11 [9.3.2], [10.10.4]: a Restricted-zone chain X1 - X2 - X3."""

from gwa_build import chain, judge, position, rules, unit

PATH = ["x1", "x2", "x3"]


def board(weather="normal", **attrs):
    units = (
        [unit("FR-1C", "x1", **attrs), unit("GE-1C", "x1", nation="germany")]
        if attrs.get("status") == "trench"
        else [unit("FR-1C", "x1", **attrs)]
    )
    return position(chain(3, "x", zone="restricted"), units, weather=weather)


def test_field_corps_normal_two_per_area():
    """[9.3.2]: 2 MP per Restricted area (1 to leave, 1 to enter): X1 -> X3 = 4, legal."""
    v = judge(board(), "FR-1C", PATH)
    assert v.legal and v.mp == 4
    assert [s.mp for s in v.steps] == [2, 2]


def test_field_corps_spring():
    """[14.2]: +1 in Spring: X1 -> X2 = 3 legal, X1 -> X3 = 6 illegal (9.3.4)."""
    b = board("spring")
    v = judge(b, "FR-1C", PATH[:2])
    assert v.legal and v.mp == 3
    v = judge(b, "FR-1C", PATH)
    assert not v.legal and v.mp == 6 and rules(v) == "9.3.4"


def test_trench_corps_cannot_move_but_may_retreat_before_combat():
    """[10.1.2] trench MA 1 < 2: no Operational Movement X1 -> X2; [10.10.4] it may still RBC
    across a plain Restricted-zone border, even in Winter."""
    b = board("winter", status="trench", trench_movement=1)
    v = judge(b, "FR-1C", PATH[:2])
    assert not v.legal and rules(v) == "9.3.4"
    b = position(
        chain(3, "x", zone="restricted"),
        [unit("FR-1C", "x1", status="trench", trench_movement=1), unit("GE-1C", "x1", nation="germany")],
        weather="winter",
        control={"x2": "allies"},
        banks={"france": 5},
    )
    v = judge(b, "FR-1C", ["x1", "x2"], "retreat_before_combat")
    assert v.legal, v.reasons
    field = position(
        chain(3, "x", zone="restricted"),
        [unit("FR-1C", "x1", status="field", movement=1), unit("GE-1C", "x1", nation="germany")],
        weather="winter",
        control={"x2": "allies"},
        banks={"france": 5},
    )
    v = judge(field, "FR-1C", ["x1", "x2"], "retreat_before_combat")
    assert not v.legal and rules(v) == "10.10.4; 10.13.3"
