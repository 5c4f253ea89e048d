"""§9 T28: weather by front and turn (12.11-12.13)."""

import pytest
from gmt_helpers import RS, U, board, geo

from railhead.engine.rulesets.gmt_great_war.calendar import weather_on
from railhead.engine.rulesets.gmt_great_war.fronts import fronts_of
from railhead.engine.values import ChartValues, MissingChartValue

FRONTS = fronts_of(RS.data)
ALL = ("western", "italian", "eastern", "caucasus", "egyptian", "iraqi")


def test_t28_november_december_1914():
    """12.12: Nov/Dec 1914: Western and Italian Wet, Eastern Snow, Caucasus Snow, Egypt and Iraq
    Fair."""
    b = board(geo(ALL), [U("GE-1", "E4505")], date="1914-11", weather={})
    got = {f: weather_on(b, FRONTS[f], RS.data)[0] for f in ALL}
    assert got == {
        "western": "wet",
        "italian": "wet",
        "eastern": "snow",
        "caucasus": "snow",
        "egyptian": "fair",
        "iraqi": "fair",
    }


@pytest.mark.parametrize(("roll", "expected"), [(3, "wet"), (4, "fair")])
def test_t28_march_variable_weather(roll, expected):
    """12.12, 12.13: March and October turns on the Western and Italian maps: even Fair, odd Wet."""
    b = board(geo(("western",)), [U("GE-1", "W5027")], date="1916-03", weather={}, rolls=[roll])
    w, rule = weather_on(b, FRONTS["western"], RS.data)
    assert (w, rule) == (expected, "12.13")


def test_t28_other_turns_come_from_the_chart_values():
    """12.11: the Turn Record Track's letters are not in the rulebook text: a turn it does not
    spell out needs the user's chart-values cell, named in the error."""
    b = board(geo(("eastern",)), [U("GE-1", "E4505")], date="1916-07", weather={})
    with pytest.raises(MissingChartValue) as exc:
        weather_on(b, FRONTS["eastern"], RS.data)
    assert "[weather_track.1916-07]" in exc.value.message and "e = VALUE" in exc.value.message
    cells = {"weather_track": {"1916-07": {"e": "wet"}}}
    b = board(geo(("eastern",)), [U("GE-1", "E4505")], date="1916-07", weather={}, values=ChartValues(cells))
    assert weather_on(b, FRONTS["eastern"], RS.data)[0] == "wet"


def test_t28_position_weather_wins():
    """12.11: weather the position states per weather key is used as given."""
    b = board(geo(("eastern",)), [U("GE-1", "E4505")], date="1914-11", weather={"e": "fair"})
    assert weather_on(b, FRONTS["eastern"], RS.data)[0] == "fair"
