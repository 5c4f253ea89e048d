"""T02 [6], [13A7], [15A4]: a river or canal hexside adds 2 MP (1 with a friendly pontoon bridge), a
major river 4 (2 with a pontoon); crossing an unbridged major river disrupts the unit."""

from grd_helpers import judge, mini_board, mini_map, unit_doc

M = mini_map(
    sides={
        ("GW2:0202", "GW2:0302"): ("river",),
        ("GW2:0203", "GW2:0303"): ("major_river",),
        ("GW2:0201", "GW2:0301"): ("canal",),
    }
)


def _move(frm: str, to: str, pontoon: bool = False):
    hexes = {frm: {"attrs": {"pontoon_to": [to]}}} if pontoon else {}
    b = mini_board(M, [unit_doc("R", "entente", "france", "rifle", frm, 2, movement=6)], hexes=hexes)
    return judge(b, "R", [to])


def test_river_adds_2_and_1_with_a_pontoon():
    assert _move("GW2:0202", "GW2:0302").mp == 3
    assert _move("GW2:0202", "GW2:0302", pontoon=True).mp == 2
    assert _move("GW2:0201", "GW2:0301").mp == 3


def test_major_river_adds_4_and_2_with_a_pontoon():
    v = _move("GW2:0203", "GW2:0303")
    assert v.mp == 5
    assert any("disrupted (15A4)" in e for e in v.effects)
    v = _move("GW2:0203", "GW2:0303", pontoon=True)
    assert v.mp == 3 and not v.effects
