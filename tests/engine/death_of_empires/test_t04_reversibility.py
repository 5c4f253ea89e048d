"""T4 (8.21.B ex): a move is legal only if the move back would be: MR M may not leave a mountain hex
(prohibited to M) for a clear hex through a non-road hexside."""

from helpers import board, du, h, move, pointy_map


def test_motorized_unit_may_not_leave_a_mountain_hex():
    m = pointy_map(terrain={h(3, 3): "mountain"})
    b = board(m, [du("M", h(3, 3), mr="M")], values={"tec.clear.M": "1"})
    v = move(b, "M", [h(4, 3)])
    assert not v.legal
    assert v.reasons[0].rule == "8.21.B" and "reversibility" in v.reasons[0].message


def test_motorized_unit_may_not_enter_mountain():
    """8.21.B ex: mountain is prohibited to MR M."""
    m = pointy_map(terrain={h(4, 3): "mountain"})
    b = board(m, [du("M", h(3, 3), mr="M")], values={"tec.clear.M": "1"})
    v = move(b, "M", [h(4, 3)])
    assert not v.legal and v.reasons[0].rule == "8.21.B"
