"""§9 T8: an HQ on the Western Front that spends more than its printed MA flips to depleted
(8.14 exception 2, 15.66)."""

from gmt_helpers import U, board, geo, move

PATH = ["W5028", "W5029", "W5030", "W5031"]


def hq_board(**kw):
    units = [U("GE-8A-HQ", "W5027", cls="hq", ma=3, strength=1)]
    return board(geo(("western",)), units, date="1915-03", weather={"wi": "fair"}, **kw)


def test_t08_hq_moves_four_and_flips():
    """15.66: March 1915, before any Shock-troop event or Allied tank: 4 MP is legal (doubled
    allowance 6) and the HQ flips to its depleted side."""
    v = move(hq_board(), "GE-8A-HQ", *PATH)
    assert v.legal and v.mp == 4
    assert v.changes.unit_fields["GE-8A-HQ"]["depleted"] is True
    assert any("15.66" in e for e in v.effects)


def test_t08_no_flip_within_printed_allowance():
    """15.66: 3 MP is within the printed allowance: no flip."""
    v = move(hq_board(), "GE-8A-HQ", *PATH[:3])
    assert v.legal and "depleted" not in v.changes.unit_fields["GE-8A-HQ"]


def test_t08_lifted_by_the_shock_troop_event():
    """15.66: once the first Shock-troop event is played the penalty is lifted for both sides."""
    v = move(hq_board(shock_troop_event=True), "GE-8A-HQ", *PATH)
    assert v.legal and "depleted" not in v.changes.unit_fields["GE-8A-HQ"]


def test_t08_not_before_1915():
    """8.14 exception 2: the penalty starts in Jan/Feb 1915."""
    units = [U("GE-8A-HQ", "W5027", cls="hq", ma=3, strength=1)]
    v = move(board(geo(("western",)), units, date="1914-11"), "GE-8A-HQ", *PATH)
    assert v.legal and "depleted" not in v.changes.unit_fields["GE-8A-HQ"]
