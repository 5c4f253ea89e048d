"""§9 T3: haff crossings (8.35)."""

import pytest
from gmt_helpers import U, board, geo, move

TOWNS = {"E5817": ("Tilsit", "town", {}), "E5407": ("Stolp", "town", {})}


@pytest.mark.parametrize("weather", ["fair", "wet", "snow"])
@pytest.mark.parametrize(
    "path", [["E5404", "E5405", "E5406"], ["E5304", "E5405", "E5406"], ["E5615", "E5715", "E5816"]]
)
def test_t03_haffs_cross_in_any_weather_at_no_extra_cost(path, weather):
    """8.35: units cross the haffs in any weather, no extra MP (1 MP per clear hex)."""
    m = geo(("eastern",), places=TOWNS)
    b = board(m, [U("GE-1", path[0])], weather={"e": weather})
    v = move(b, "GE-1", *path[1:])
    assert v.legal, v.reasons
    assert v.mp == 2


def test_t03_haff_back_the_other_way():
    """8.35: "and vice-versa"."""
    b = board(geo(("eastern",), places=TOWNS), [U("GE-1", "E5406")])
    assert move(b, "GE-1", "E5405", "E5404").legal


@pytest.mark.parametrize("weather", ["fair", "snow"])
def test_t03_e5512_e5413_is_not_a_haff(weather):
    """8.35: the E5512/E5413 hexside is not a haff and may not be crossed."""
    b = board(geo(("eastern",), places=TOWNS), [U("GE-1", "E5512")], weather={"e": weather})
    v = move(b, "GE-1", "E5413")
    assert not v.legal
    assert v.reasons[0].rule == "8.35"
