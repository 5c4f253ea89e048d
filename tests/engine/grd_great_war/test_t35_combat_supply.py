"""T35 [11D]: a heavy artillery regiment (1 RE) counts 2 REs for combat supply, 4 in an overstack;
a Res Pt supplies 150 REs with an active Army HQs of the units' nationality, else 30; up to 2 REs a
phase per command draw on it for free."""

from fractions import Fraction

from grd_helpers import RS

from railhead.engine.rulesets.grd_great_war.combat_supply import (
    combat_supply_res,
    res_pt_supplies,
    spends_res_pt,
)

DATA = RS.data["combat_supply"]


def test_artillery_counts_double_and_four_times_overstacked():
    assert combat_supply_res(Fraction(1), True, False, DATA) == 2
    assert combat_supply_res(Fraction(1), True, True, DATA) == 4
    assert combat_supply_res(Fraction(3), False, False, DATA) == 3


def test_res_pt_150_with_an_active_hq_else_30():
    assert res_pt_supplies(True, DATA) == 150 and res_pt_supplies(False, DATA) == 30


def test_two_res_free():
    assert not spends_res_pt(Fraction(2), DATA) and spends_res_pt(Fraction(5, 2), DATA)
