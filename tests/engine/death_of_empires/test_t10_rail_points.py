"""T10 (2.61 ex, 8.53 ex): 1 Rail Point moves 1 BE 1 MP in Rail Mode; 12 single-track hexes per MP."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

LINE = [h(c, 2) for c in range(1, 100)]


def long_line():
    return pointy_map(cols=99, rows=3, lines=[rail(LINE)])


def test_three_be_seven_mp_spends_21_of_23():
    """2.61 ex: RP track 23; 3 BE move 7 MP by rail -> 21 RP; the track shows 2."""
    b = board(
        long_line(),
        [du("T", h(1, 2), multiplicity=3, mode="rail")],
        impulse_days=4,
        rail_points={"central": 23},
    )
    v = move(b, "T", LINE[1:85], mode="rail")
    assert v.legal
    assert v.extra["rail_mp"] == 7 and v.extra["rail_points"] == 21 and v.extra["rail_points_left"] == 2
    after = ruleset().apply(b, v, ["T"], LINE[:85], "rail")
    assert after.ledgers["doe-rail-points"]["pools"]["central"][0]["amount"] == 21


def test_four_be_six_mp_is_24_rp_and_72_hexes():
    """8.53 ex: 4 BE x 6 MP = 24 RP; at 12 hexes per MP up to 72 rail hexes; a 73rd needs a 7th MP."""
    units = [
        du("T", h(1, 2), multiplicity=2, mode="rail", pfi="X"),
        du("U", h(1, 2), multiplicity=2, mode="rail", pfi="X"),
    ]
    b = board(long_line(), units, impulse_days=4, rail_points={"central": 24})
    v = move(b, "T", LINE[1:73], mode="rail", stack=["U"])
    assert v.legal and v.extra["rail_mp"] == 6 and v.extra["rail_points"] == 24
    v = move(b, "T", LINE[1:74], mode="rail", stack=["U"])
    assert not v.legal and "2.61" in v.reasons[0].rule


def test_double_track_is_twice_as_fast():
    """Sample chart after 2.62: 24 double-track hexes or 12 single-track per MP."""
    m = pointy_map(cols=30, rows=3, lines=[rail(LINE[:30], "double")])
    b = board(m, [du("T", h(1, 2), mode="rail")], rail_points={"central": 10})
    v = move(b, "T", LINE[1:25], mode="rail")
    assert v.legal and v.extra["rail_mp"] == 1
