"""The spec's §10 ambiguities that movement reads, each a named option in data.toml, both ways."""

from gwa_build import area_map, judge, position, unit

MIXED = area_map(
    {"reg": {"country": "france"}, "res": {"country": "france", "zone": "restricted"}},
    [("reg", "res", "land")],
)


def test_mixed_zone_cost_leave_and_enter():
    """A1 default ``leave_and_enter`` [9.3.1], [9.3.2]: +1 to leave a Restricted area, +1 to enter:
    Regular -> Restricted 1 MP, Restricted -> Regular 2 MP."""
    b = position(MIXED, [unit("FR-1C", "reg"), unit("FR-2C", "res")])
    assert judge(b, "FR-1C", ["reg", "res"]).mp == 1
    assert judge(b, "FR-2C", ["res", "reg"]).mp == 2


def test_mixed_zone_cost_zone_entered():
    """A1 ``zone_entered``: the zone of the area entered: Regular -> Restricted 2, back 1."""
    b = position(
        MIXED, [unit("FR-1C", "reg"), unit("FR-2C", "res")], options={"mixed_zone_cost": "zone_entered"}
    )
    assert judge(b, "FR-1C", ["reg", "res"]).mp == 2
    assert judge(b, "FR-2C", ["res", "reg"]).mp == 1


WEATHER = area_map(
    {
        "west": {"country": "france", "weather_area": "northwestern"},
        "east": {"country": "france", "weather_area": "northeastern"},
    },
    [("west", "east", "land")],
)


def test_step_weather_entered_and_worse():
    """A2 ``step_weather`` [14]: a step from a Winter area into a Normal one costs 1 MP by the
    weather of the area entered (default), 2 MP by the worse of the two."""
    weather = {"northwestern": "winter", "northeastern": "normal"}
    b = position(WEATHER, [unit("FR-1C", "west")], weather=weather)
    assert judge(b, "FR-1C", ["west", "east"]).mp == 1
    b = position(WEATHER, [unit("FR-1C", "west")], weather=weather, options={"step_weather": "worse"})
    assert judge(b, "FR-1C", ["west", "east"]).mp == 2


def test_a_position_without_weather_has_normal_weather():
    """[14]: with no weather given (the core's "fair"), steps cost their Normal-weather MP."""
    m = area_map({"a": {"country": "france"}, "b": {"country": "france"}}, [("a", "b", "strategic_obstacle")])
    b = position(m, [unit("FR-1C", "a")], weather="fair")
    assert judge(b, "FR-1C", ["a", "b"]).mp == 2
