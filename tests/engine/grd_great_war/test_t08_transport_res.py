"""T08 [3A3], [7A4]: a rifle regiment uses 1 RE of rail capacity, a tank regiment 2, a field
artillery regiment 2 (all artillery doubles, §10 #2 default); on a low-volume line the tank uses 4.
Option ``artillery_transport_double = "heavy_equipment_only"`` reads [3A3] literally: 1."""

from fractions import Fraction

from grd_helpers import RS, judge, mini_board, mini_map, unit_doc

from railhead.engine.rulesets.grd_great_war.capacity import transport_res
from railhead.mapdata.model import Line

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}}
M = mini_map(
    attrs={"GW2:0102": {"city": "partial"}, "GW2:0602": {"city": "full"}},
    lines=[
        Line(
            "rail",
            tuple(f"GW2:{c:02d}02" for c in range(1, 7)),
            {"net": "nw_europe_standard", "volume": "high"},
        ),
        Line("rail", ("GW2:0602", "GW2:0603", "GW2:0604"), {"net": "nw_europe_standard", "volume": "low"}),
    ],
)
CAP = {"grd-rail": {"capacity": {"entente:nw_europe_standard": {"value": 20, "rule": "OB"}}, "pools": {}}}


def _charge(cls: str, path: list[str], options=None) -> int:
    b = mini_board(
        M,
        [unit_doc("U", "entente", "france", cls, "GW2:0102", 1, size="regiment")],
        values=RATES,
        ledgers=CAP,
        options=options or {},
    )
    v = judge(b, "U", path, "rail")
    assert v.legal, v.reasons
    return v.extra["rail"]["charges"]["entente:nw_europe_standard"]["res"]


HIGH = ["GW2:0202", "GW2:0302", "GW2:0402"]


def test_rifle_regiment_1_re_tank_and_field_artillery_2():
    assert _charge("rifle", HIGH) == 1
    assert _charge("cm", HIGH) == 2
    assert _charge("artillery", HIGH) == 2


def test_tank_regiment_on_a_low_volume_line_4():
    path = ["GW2:0202", "GW2:0302", "GW2:0402", "GW2:0502", "GW2:0602", "GW2:0603"]
    assert _charge("cm", path) == 4


def test_option_heavy_equipment_only_leaves_field_artillery_single():
    assert _charge("artillery", HIGH, {"artillery_transport_double": "heavy_equipment_only"}) == 1
    assert _charge("heavy_artillery", HIGH, {"artillery_transport_double": "heavy_equipment_only"}) == 2


def test_operational_rail_mp_from_the_rates_table():
    b = mini_board(
        M,
        [unit_doc("U", "entente", "france", "rifle", "GW2:0102", 1, size="regiment")],
        values=RATES,
        ledgers=CAP,
    )
    assert judge(b, "U", HIGH, "rail").mp == Fraction(3, 8)


def test_pure_transport_res():
    r = RS.capacity_rules
    assert transport_res(Fraction(1), True, True, r) == 4
    assert transport_res(Fraction(2), False, False, r) == 2
