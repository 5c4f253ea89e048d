"""T34 [8A], [8B]: the book's three legal regular-hex stacks; 7 divisions or a mountain hex with 5
divisions are over the limit."""

from fractions import Fraction

from railhead.engine.rulesets.grd_great_war.stacking import Piece, fits


def _p(n, re, div=False, art=False, fort=False, name="u"):
    return [Piece(f"{name}{k}", Fraction(re), div, art, fort) for k in range(n)]


def test_a_6_div_6_regts_4_art_regts_1_fortress_brigade():
    stack = _p(6, 4, div=True) + _p(6, 1) + _p(4, 1, art=True) + _p(1, 2, fort=True)
    assert fits(stack, "regular")


def test_b_5_div_3_bde_1_art_div_4_art_regts_1_fortress_regt():
    stack = (
        _p(5, 4, div=True)
        + _p(3, 2)
        + _p(1, 3, div=True, art=True)
        + _p(4, 1, art=True)
        + _p(1, 1, fort=True)
    )
    assert fits(stack, "regular")


def test_c_cadres_brigades_regiments_remnants_battalions_2_art_divs_fortress_div():
    stack = (
        _p(4, 1)
        + _p(2, 2)
        + _p(2, 1)
        + _p(4, Fraction(1, 2))
        + _p(4, Fraction(1, 2))
        + _p(2, 3, div=True, art=True)
        + _p(1, 3, div=True, fort=True)
    )
    assert fits(stack, "regular")


def test_counter_cases():
    assert not fits(_p(7, 4, div=True), "regular")
    assert not fits(_p(5, 4, div=True), "mountain")
    assert fits(_p(4, 4, div=True), "mountain")
    assert not fits(_p(3, 4, div=True), "arctic_desert")
