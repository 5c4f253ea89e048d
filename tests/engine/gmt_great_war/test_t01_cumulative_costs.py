"""§9 T1: costs for terrain and weather are cumulative (8.25); Wet has no effect on the Egyptian and
Iraqi maps (12.2)."""

from fractions import Fraction

from gmt_helpers import U, board, geo, move


def test_t01a_eastern_wet_river_into_mountain_costs_three():
    """8.25, 8.34: a river hexside into a mountain hex in Wet weather costs 2 + 1 = 3 MP."""
    m = geo(("eastern",), terrain={"E4306": "mountain"}, hexsides={("E4305", "E4306"): ("river",)})
    b = board(m, [U("GE-1", "E4305")], weather={"e": "wet"})
    v = move(b, "GE-1", "E4306")
    assert v.legal
    assert v.mp == 3
    parts = {name: (mp, rule) for name, mp, rule in v.steps[0].parts}
    assert parts["terrain"] == (Fraction(2), "8.32")
    assert parts["river (Wet)"] == (Fraction(1), "8.34")


def test_t01a_fair_river_costs_nothing():
    """8.34: rivers have no effect on movement in Fair weather."""
    m = geo(("eastern",), terrain={"E4306": "mountain"}, hexsides={("E4305", "E4306"): ("river",)})
    assert move(board(m, [U("GE-1", "E4305")], weather={"e": "fair"}), "GE-1", "E4306").mp == 2


def test_t01b_iraqi_wet_has_no_effect():
    """12.2: Wet weather has no effect on the Iraqi map: the same crossing costs 2 MP."""
    m = geo(("iraqi",), terrain={"N1537": "mountain"}, hexsides={("N1536", "N1537"): ("river",)})
    b = board(m, [U("TU-1", "N1536", nation="tu")], weather={"ie": "wet"})
    v = move(b, "TU-1", "N1537")
    assert v.legal and v.mp == 2
