"""T01 [6]: entering a mountain hex in clear weather costs c/m and artillery 6 MP, mountain units
2 MP, any other unit 3 MP (the only TEC row the booklet prints in full)."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

M = mini_map({"GW2:0302": "mountain"})


def _cost(cls: str) -> int:
    b = mini_board(M, [unit_doc("U", "entente", "france", cls, "GW2:0202", 2, movement=8)])
    v = judge(b, "U", ["GW2:0302"])
    assert v.legal, v.reasons
    return v.mp


def test_cm_and_artillery_pay_6():
    assert _cost("cm") == 6
    assert _cost("artillery") == 6


def test_mountain_units_pay_2():
    assert _cost("mountain") == 2


def test_other_units_pay_3():
    assert _cost("rifle") == 3
    assert _cost("cavalry") == 3
