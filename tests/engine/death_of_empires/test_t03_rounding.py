"""T3 (8.21.E): a segment's fractional costs are summed, then rounded, one half up."""

from fractions import Fraction

from helpers import board, du, h, move, pointy_map

from railhead.engine.rulesets.death_of_empires.rounding import round_half_up


def test_leg_unit_rough_clear_marker_rounds_to_four():
    """8.21.E ex 1: MR L: rough 2 + clear 1 1/3 + Regular Combat Marker 1 = 4 1/3 -> 4: legal."""
    m = pointy_map(terrain={h(3, 3): "rough"})
    v = move(board(m, [du("L", h(2, 3), mr="L")]), "L", [h(3, 3), h(4, 3)], activities="regular_marker")
    assert v.legal
    assert v.extra["units"]["L"]["segment_total"] == float(Fraction(13, 3))
    assert v.extra["units"]["L"]["rounded"] == 4


def test_infantry_woods_two_clear_and_one_more_mp_is_five():
    """8.21.E ex 2: MR I: woods 1 1/2 + 2 clear = 3 1/2 (-> 4, legal); adding 1 MP -> 4 1/2 -> 5:
    illegal."""
    m = pointy_map(terrain={h(3, 3): "woods"})
    b = board(m, [du("I", h(2, 3))])
    v = move(b, "I", [h(3, 3), h(4, 3), h(5, 3)])
    assert v.legal and v.extra["units"]["I"]["rounded"] == 4
    v = move(b, "I", [h(3, 3), h(4, 3), h(5, 3)], activities="regular_marker")
    assert not v.legal and "rounds to 5" in v.reasons[0].message


def test_three_quarter_activity_rounds_down_and_half_rounds_up():
    """8.21.E ex 2: 3 1/2 + 3/4 = 4 1/4 -> 4; 4 1/2 -> 5 (one half rounds up)."""
    assert round_half_up(Fraction(7, 2) + Fraction(3, 4)) == 4
    assert round_half_up(Fraction(9, 2)) == 5
