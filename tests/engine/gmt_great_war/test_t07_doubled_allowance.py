"""§9 T7: the GE 8th Bavarian Reserve Division (3-4-4) and the doubled allowances of 8.14."""

import pytest
from gmt_helpers import RS, U, board, geo, move

from railhead.engine.rulesets.gmt_great_war.operational import movement_allowance


def ma(b, uid, path=None):
    return movement_allowance(b, RS.data, RS, [uid], path)[0]


def test_t07_western_front_september_1914_is_doubled():
    """8.14: in the Western Theater the printed allowance is doubled: 8."""
    b = board(geo(("western",)), [U("GE-8BR", "W5027")], date="1914-09")
    assert ma(b, "GE-8BR") == 8


@pytest.mark.parametrize(("enemy", "expected"), [(True, 4), (False, 8)])
def test_t07_western_front_after_october_1914(enemy, expected):
    """8.14 exception 1: from Nov/Dec 1914 doubled only if it does not begin adjacent to an enemy
    combat unit."""
    units = [U("GE-8BR", "W5027")]
    if enemy:
        units.append(U("FR-1", "W5026", side="allied", nation="fr"))
    b = board(geo(("western",)), units, date="1914-11")
    assert ma(b, "GE-8BR") == expected
    v = move(b, "GE-8BR", "W5028")
    assert v.legal and v.extra["movement_allowance"] == expected


def test_t07_egyptian_map_always_doubled():
    """8.14: the exception is for the Western and Italian fronts only: 8 on the Egyptian map."""
    units = [U("GE-8BR", "N2020"), U("BR-1", "N2021", side="allied", nation="br")]
    b = board(geo(("egyptian",)), units, date="1917-03", weather={"ie": "fair"})
    assert ma(b, "GE-8BR") == 8


def test_t07_eastern_map_printed():
    """8.14, 3.6: the Eastern Theater uses the printed allowance: 4."""
    b = board(geo(("eastern",)), [U("GE-8BR", "E5005")], date="1914-09")
    assert ma(b, "GE-8BR") == 4


def test_t07_more_than_the_allowance_is_refused():
    """8.21: 5 MP on an allowance of 4 is refused, citing the allowance rule."""
    units = [U("GE-8BR", "W5027"), U("FR-1", "W5026", side="allied", nation="fr")]
    b = board(geo(("western",)), units, date="1915-05")
    v = move(b, "GE-8BR", "W5127", "W5228", "W5328", "W5429", "W5529")
    assert not v.legal and v.reasons[0].rule == "8.21"
