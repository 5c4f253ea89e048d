"""§9 T4: Alpine hexes (8.13, 8.32, 15.71)."""

from gmt_helpers import U, board, geo, move

ALPS = {"W2422": "alpine"}


def test_t04_cavalry_may_never_enter_alpine():
    """8.13, 8.32: a cavalry unit may not enter an Alpine hex however many MP it has."""
    b = board(
        geo(("italian",), terrain=ALPS), [U("IT-C", "W2322", side="allied", nation="it", cls="cavalry", ma=9)]
    )
    v = move(b, "IT-C", "W2422")
    assert not v.legal
    assert v.reasons[0].rule == "8.32"
    assert "Alpine" in v.reasons[0].message


def test_t04_mountain_unit_enters_for_two():
    """8.32: mountain units enter Alpine hexes at 2 MP."""
    b = board(
        geo(("italian",), terrain=ALPS), [U("IT-M", "W2322", side="allied", nation="it", cls="mountain")]
    )
    v = move(b, "IT-M", "W2422")
    assert v.legal and v.mp == 2
