"""§9 T6: lakes freeze in Snow on the Western, Italian, Eastern and Caucasus maps (8.34)."""

from gmt_helpers import U, board, geo, move

LAKE = dict(terrain={"E4306": "all_lake"}, hexsides={("E4305", "E4306"): ("lake",)})


def test_t06_snow_lake_is_clear():
    """8.34: in Snow a lake hexside and lake hex are crossed as clear terrain."""
    b = board(geo(("eastern",), **LAKE), [U("GE-1", "E4305")], weather={"e": "snow"})
    v = move(b, "GE-1", "E4306", "E4307")
    assert v.legal, v.reasons
    assert v.mp == 2


def test_t06_may_not_end_in_the_frozen_lake():
    """8.34: a unit may not end its move in a frozen lake hex."""
    b = board(geo(("eastern",), **LAKE), [U("GE-1", "E4305")], weather={"e": "snow"})
    v = move(b, "GE-1", "E4306")
    assert not v.legal and v.reasons[0].rule == "8.34"


def test_t06_fair_lake_is_impassable():
    """8.34: outside Snow lake hexsides and hexes may not be entered."""
    b = board(geo(("eastern",), **LAKE), [U("GE-1", "E4305")], weather={"e": "fair"})
    v = move(b, "GE-1", "E4306", "E4307")
    assert not v.legal and v.reasons[0].rule == "8.34"
