"""Reserve commitment [6C]: MA reduced by type and rounded down (infantry 1/3: MA 5 → 1), only into
the attacked hex, from within 2 hexes, not from an enemy ZOC, no one-hex move; disrupted after."""

from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.engine.queries import judge

M = mini_map({"GW2:0403": "woods"})


def _judge(at, path, target, movement=5):
    b = mini_board(M, [unit_doc("R", "entente", "france", "infantry", at, 2, movement=movement)])
    return judge(RS, b, "R", path, "reserve", target=target)


def test_into_the_attacked_hex_with_reduced_ma_then_disrupted():
    v = _judge("GW2:0202", ["GW2:0302"], "GW2:0302")
    assert v.legal and v.mp == 1 and v.extra["movement_allowance"] == 1
    assert "disrupted" in v.effects[-1]


def test_no_one_hex_move_for_a_reserve():
    v = _judge("GW2:0303", ["GW2:0403"], "GW2:0403")  # woods: 2 MP > 1
    assert not v.legal and v.reasons[0].rule == "6"


def test_only_into_the_attacked_hex_and_not_with_ma_0():
    v = _judge("GW2:0202", ["GW2:0302"], "GW2:0402")
    assert not v.legal and v.reasons[0].rule == "6C"
    assert not _judge("GW2:0202", ["GW2:0302"], "GW2:0302", movement=2).legal  # 2 // 3 = 0
