"""GSP generation [11C2bii]: a depot whose rail line to a regular source uses only high-volume rail
makes 16 GSPs, up to 7 low-volume hexes 8, 8 to 14 → 4, 15 or more → 1 (§10 #5: the 7-hex cap of
supply lines does not apply here)."""

from grd_helpers import RS, mini_board, mini_map

from railhead.mapdata.model import Line


def _gsps(low_hexes: int, cols: int = 24) -> int:
    attrs = {"GW2:0101": {"city": "full"}, "GW2:0201": {"city": "partial"}}
    lines = [Line("rail", ("GW2:0101", "GW2:0201", "GW2:0301"), {"net": "nw", "volume": "high"})]
    if low_hexes:
        hexes = tuple(f"GW2:{c:02d}01" for c in range(3, 4 + low_hexes))
        lines.append(Line("rail", hexes, {"net": "nw", "volume": "low"}))
    m = mini_map(attrs=attrs, lines=lines, cols=cols, rows=2)
    depot = f"GW2:{3 + low_hexes:02d}01"
    b = mini_board(
        m,
        [],
        hexes={depot: {"depot": "operational"}},
        ledgers={"grd-rail": {"capacity": {"entente:nw": {"value": 30, "rule": "OB"}}, "pools": {}}},
    )
    return RS.rail_report(b, "entente")["depot_gsps"][depot]["gsps"]


def test_tiers():
    assert _gsps(0) == 16
    assert _gsps(7) == 8
    assert _gsps(8) == 4 and _gsps(14) == 4
    assert _gsps(15) == 1 and _gsps(18) == 1
