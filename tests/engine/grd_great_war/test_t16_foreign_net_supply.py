"""T16 [11E], [11B3a]: a British unit tracing rail supply over 13 high-volume hexes of the French
net counts 7 low-volume hexes, the limit; with 14 it is still 7, with 15 it is 8 and out. A net
with less than 10 REs of the player's capacity counts every hex low-volume."""

from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

VALUES = {"supply_lines": {"clear": {"overland": 1, "road": 1}}}


def _map(length: int):
    """A French high-volume line from a depot at GW2:0101 east ``length`` hexes to two cities."""
    cols = length + 3
    attrs = {
        f"GW2:{length + 1:02d}01": {"city": "full", "nation": "britain"},
        f"GW2:{length + 2:02d}01": {"city": "partial", "nation": "britain"},
    }
    line = Line(
        "rail", tuple(f"GW2:{c:02d}01" for c in range(1, length + 3)), {"net": "nw", "nation": "france"}
    )
    return mini_map(attrs=attrs, lines=[line], cols=cols, rows=2)


def _supplied(length: int, capacity: int = 30) -> bool:
    m = _map(length)
    units = [
        unit_doc("BR", "entente", "britain", "rifle", "GW2:0101", 2),
        unit_doc("HQ", "entente", "britain", "army_hq", "GW2:0101", 3, strength=0, size="army"),
    ]
    b = mini_board(
        m,
        units,
        values=VALUES,
        hexes={"GW2:0101": {"depot": "operational"}},
        ledgers={"grd-rail": {"capacity": {"entente:nw": {"value": capacity, "rule": "OB"}}, "pools": {}}},
    )
    rep = RS.supply_report(b, "entente")
    return next(u for u in rep["units"] if u["unit"] == "BR")["status"] == "in general supply"


def test_13_and_14_foreign_high_volume_hexes_are_within_7():
    assert _supplied(13)
    assert _supplied(14)


def test_15_are_8_low_volume_hexes_too_many():
    assert not _supplied(15)


def test_a_net_under_10_res_is_all_low_volume():
    assert not _supplied(8, capacity=9)
