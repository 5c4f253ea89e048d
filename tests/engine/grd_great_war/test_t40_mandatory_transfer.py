"""T40 [16A1aa], [7A5a]: the CP must rail 34 REs out of the West with 26 REs of capacity: 1 Res Pt
buys the increase (26 → 36) and 34 are used; the chained increase on the sample's net too."""

from fractions import Fraction

from railhead.engine.rulesets.grd_great_war import capacity as cap


def test_34_of_26_needs_1_res_pt_and_fits(rules):
    n = cap.res_pts_to_move(Fraction(34), Fraction(26), Fraction(26), rules)
    assert n == 1
    assert 26 + min(10 * n, Fraction(26) / 2) == 36


def test_nothing_needed_when_it_fits(rules):
    assert cap.res_pts_to_move(Fraction(20), Fraction(26), Fraction(26), rules) == 0
