"""T10 [7A5], [7A8]: a rifle brigade railing from France to Spain is charged 2 REs on the NW Europe
Standard Gauge net and 2 on the Iberian net, and pays a gauge trans-shipment: 1 MP operational,
20 of its 200 hexes strategic."""

from fractions import Fraction

from grd_helpers import judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

M = mini_map(
    attrs={"GW2:0102": {"city": "partial"}, "GW2:0902": {"city": "full"}, "GW2:0502": {"city": "partial"}},
    lines=[
        Line(
            "rail",
            tuple(f"GW2:{c:02d}02" for c in range(1, 6)),
            {"net": "nw_europe_standard", "gauge": "standard"},
        ),
        Line("rail", tuple(f"GW2:{c:02d}02" for c in range(5, 10)), {"net": "iberian", "gauge": "iberian"}),
    ],
)
CAP = {
    "grd-rail": {
        "capacity": {
            "entente:nw_europe_standard": {"value": 20, "rule": "OB"},
            "entente:iberian": {"value": 6, "rule": "OB"},
        },
        "pools": {},
    }
}
PATH = [f"GW2:{c:02d}02" for c in range(2, 10)]


def _board():
    return mini_board(
        M,
        [unit_doc("B", "entente", "france", "rifle", "GW2:0102", 2)],
        values={"rail_rates": {"operational": {"hexes_per_mp": 8}}},
        ledgers=CAP,
    )


def test_operational_both_nets_charged_and_one_mp_for_the_gauge():
    v = judge(_board(), "B", PATH, "rail")
    assert v.legal, v.reasons
    charges = v.extra["rail"]["charges"]
    assert charges["entente:nw_europe_standard"]["res"] == 2 and charges["entente:iberian"]["res"] == 2
    assert v.extra["rail"]["gauge_changes"] == 1
    assert v.mp == Fraction(8, 8) + 1


def test_strategic_counts_20_hexes_for_the_gauge_change():
    v = judge(_board(), "B", PATH, "strategic_rail")
    assert v.legal and v.mp == 8 + 20
    assert any("7A3" in e for e in v.effects)
