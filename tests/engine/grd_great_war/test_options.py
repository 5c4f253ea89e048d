"""The spec's §10 decisions as named options, each both ways (artillery_transport_double is in
test_t08, orphan_sections and orphan_tie in test_t14)."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

from railhead.mapdata.model import Line

RATES = {"rail_rates": {"operational": {"hexes_per_mp": 8}}, "tec": {"mountain": {}}}


def _two_nets():
    return mini_map(
        attrs={"GW2:0102": {"city": "partial"}, "GW2:0902": {"city": "full"}},
        lines=[
            Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 6)), {"net": "a", "volume": "low"}),
            Line("rail", tuple(f"GW2:{c:02d}02" for c in range(5, 10)), {"net": "b", "volume": "high"}),
        ],
    )


def _charges(option: str):
    cap = {
        "grd-rail": {
            "capacity": {"entente:a": {"value": 20, "rule": "OB"}, "entente:b": {"value": 20, "rule": "OB"}},
            "pools": {},
        }
    }
    b = mini_board(
        _two_nets(),
        [unit_doc("B", "entente", "france", "rifle", "GW2:0102", 2)],
        values=RATES,
        ledgers=cap,
        options={"low_volume_doubling": option},
    )
    v = judge(b, "B", [f"GW2:{c:02d}02" for c in range(2, 10)], "rail")
    assert v.legal, v.reasons
    return {k: c["res"] for k, c in v.extra["rail"]["charges"].items()}


def test_low_volume_doubling_per_net_by_default():
    """§10 #24 [7A4]: only the net where the low-volume line was used pays double."""
    assert _charges("per_net") == {"entente:a": 4, "entente:b": 2}


def test_low_volume_doubling_every_net():
    assert _charges("every_net") == {"entente:a": 4, "entente:b": 4}


M = mini_map({"GW2:0302": "mountain"})


def _one_hex(fresh: bool, spent: int):
    b = mini_board(
        M,
        [unit_doc("R", "entente", "france", "rifle", "GW2:0202", 2, movement=2, mp_spent=spent)],
        options={"one_hex_needs_fresh_unit": fresh},
    )
    return judge(b, "R", ["GW2:0302"])


def test_one_hex_move_for_a_fresh_unit():
    """[6]: a unit may always move one hex by spending all its MPs (3 MP mountain, MA 2)."""
    v = _one_hex(True, 0)
    assert v.legal and v.mp == 2 and "one-hex move" in v.effects[0]


def test_one_hex_move_needs_a_fresh_unit_by_default():
    """§10 #19: not after spending MPs earlier in the phase; the other reading allows it."""
    assert not _one_hex(True, 1).legal
    assert _one_hex(False, 1).legal
