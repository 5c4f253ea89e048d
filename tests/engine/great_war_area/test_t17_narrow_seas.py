"""T17 [9.5], [8.10]: the Bosphorus joins Scutari and Constantinople as a narrow sea; the
Dardanelles is a maritime strait beside Gallipoli."""

import pytest
from gwa_build import area_map, judge, position, rules, unit

from railhead.mapdata.model import Link

LANDS = {
    "scutari": {"country": "turkey", "weather_area": "mediterranean"},
    "constantinople": {"country": "turkey", "weather_area": "mediterranean"},
    "gallipoli": {"country": "turkey", "weather_area": "mediterranean"},
    "bursa": {"country": "turkey", "weather_area": "mediterranean"},
    "thrace": {"country": "france"},  # an Allied source for the Corps' line of supply
}
MAP = area_map(
    LANDS,
    [
        ("scutari", "constantinople", "narrow_sea"),
        ("scutari", "thrace", "land"),
        ("constantinople", "thrace", "land"),
        ("gallipoli", "bursa", "narrow_sea"),
        ("gallipoli", "aegean", "coast"),
        ("bursa", "aegean", "coast"),
    ],
    seas={"aegean": {}, "marmara": {}},
    ports={"lemnos": ("thrace", ["aegean"])},
    links=[
        Link(
            ("aegean", "marmara"),
            "strait",
            ("naval",),
            {"name": "dardanelles", "guards": ["gallipoli", "bursa"]},
        )
    ],
)
CP = {"turkey": "central"}


def test_ground_no_crossing_into_enemy_units():
    """[9.5]: no crossing a narrow sea into enemy ground units."""
    units = [unit("FR-1C", "scutari"), unit("TK-1C", "constantinople", nation="turkey")]
    b = position(MAP, units, control={"scutari": "allies"}, alignment=CP)
    v = judge(b, "FR-1C", ["scutari", "constantinople"])
    assert not v.legal and rules(v) == "9.5"


def test_ground_crossing_an_empty_enemy_area_takes_control():
    """[9.5], [4]: empty but CP-controlled: legal at the plain-border cost, and control passes."""
    b = position(MAP, [unit("FR-1C", "scutari")], control={"scutari": "allies"}, alignment=CP)
    v = judge(b, "FR-1C", ["scutari", "constantinople"])
    assert v.legal and v.mp == 1
    assert v.changes.locations["constantinople"] == {"owner": "allies"}


@pytest.mark.parametrize(
    ("alignment", "control", "legal"),
    [
        ({"turkey": "central"}, {}, False),  # Gallipoli CP-controlled
        ({"turkey": "neutral"}, {}, True),  # Turkey neutral
        ({"turkey": "central"}, {"gallipoli": "allies", "bursa": "allies"}, True),
    ],
)
def test_naval_strait_needs_friendly_or_neutral_shores(alignment, control, legal):
    """[8.10]: an Allied squadron enters the Dardanelles only while every land area beside it is
    neutral or Allied-controlled."""
    b = position(MAP, [unit("BR-GF", "lemnos", "squadron", "britain")], control=control, alignment=alignment)
    v = judge(b, "BR-GF", ["lemnos", "aegean", "marmara"], "naval")
    assert v.legal is legal
    if not legal:
        assert rules(v) == "8.10"
