"""T13 (8.63 ex): a port's capacity is per day: capacity 4 in a 3-day impulse = 12 BE."""

from helpers import board, du, h, pointy_map, ruleset


def test_port_capacity_times_days():
    m = pointy_map(hexes={h(1, 1): {"features": ["port"], "attrs": {"port_capacity": 4}}})
    b = board(m, [du("A", h(3, 3))], impulse_days=3)
    report = ruleset().rail_report(b, "central")
    assert report["ports"] == [{"hex": h(1, 1), "be_per_day": 4, "be_this_impulse": 12, "rule": "8.63"}]
