"""T19 [11F3]: a U-2 isolated unit in a major city hex in winter rolls 2: modified 2 + 3 = 5 (the
−1 for winter is not applied in a major city or improved fortress); in a clear hex the −1 applies;
a U-1 or unisolated unit is not checked."""

import pytest
from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.rulesets.grd_great_war.attrition import elimination_modifier, elimination_roll
from railhead.errors import InputError

# a French city at GW2:0402 ringed by enemy units (so isolated), nothing else French
M = mini_map(attrs={"GW2:0402": {"city": "full"}, "GW2:0802": {"fortress": "old", "improved": True}}, cols=10)


def _b(where, weather="winter", age=1):
    u = unit_doc("U", "entente", "france", "rifle", where, 2, turns_out_of_supply=age)
    return mini_board(M, [u], values={"supply_lines": {weather: {"overland": 3, "road": 3}}}, weather=weather)


def test_major_city_in_winter_2_plus_3_is_5():
    b = _b("GW2:0402")
    assert elimination_modifier(RS, b, b.state.unit("U")) == 3
    assert elimination_roll(RS, b, b.state.unit("U"), 2) == 5


def test_improved_fortress_plus_3_and_open_ground_minus_1_in_cold_weather():
    b = _b("GW2:0802")
    assert elimination_modifier(RS, b, b.state.unit("U")) == 3
    b = _b("GW2:0602")
    assert elimination_roll(RS, b, b.state.unit("U"), 2) == 1
    b = _b("GW2:0602", weather="clear")
    assert elimination_modifier(RS, b, b.state.unit("U")) == 0


def test_the_supply_report_names_the_check_from_u2_when_isolated():
    """No regular source on this map: the unit is out and isolated; U-2 is checked, U-1 not."""
    rep = {u["unit"]: u for u in RS.supply_report(_b("GW2:0402"), "entente")["units"]}
    assert rep["U"]["supply_age"] == "U-2" and rep["U"]["isolated"]
    assert rep["U"]["elimination_check"] == {"modifier": 3, "table": "Ground Success Table", "rule": "11F3"}
    rep = {u["unit"]: u for u in RS.supply_report(_b("GW2:0402", age=0), "entente")["units"]}
    assert "elimination_check" not in rep["U"]


def test_a_roll_outside_1_to_6_is_refused():
    b = _b("GW2:0402")
    with pytest.raises(InputError, match="1 to 6"):
        elimination_roll(RS, b, b.state.unit("U"), 7)
