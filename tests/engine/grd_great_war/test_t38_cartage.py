"""T38 [11H2], [6B3]: a 5-MA rifle division carrying a Res Pt has 5 − 3 = 2 MPs (accel: 4, the
deduction comes before the doubling); GSPs up to its RE size cost 1 MP, more cost 2. The mud
supply elements (2 hexes each) are in test_supply."""

from grd_helpers import RS

from railhead.engine.state import Unit


def _ma(carrying, mode="ground"):
    return RS.movement_allowance(
        Unit(
            "D", "entente", "france", "rifle", "GW2:0101", "division", 9, 5, {"re": 5, "carrying": carrying}
        ),
        mode,
    )


def test_res_pt_costs_3_before_doubling():
    assert _ma("res_pt") == 2 and _ma("res_pt", "accel") == 4


def test_gsps():
    assert _ma("gsps_up_to_re") == 4 and _ma("gsps_over_re") == 3
