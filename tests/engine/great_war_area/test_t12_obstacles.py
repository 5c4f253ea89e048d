"""T12 [9.4.1], [9.4.2], [14]: Regular zone, field Corps MA 4; A-B a Strategic Obstacle, A-C an
Operational Obstacle."""

import pytest
from gwa_build import area_map, judge, position, rules, supply_of, unit

MAP = area_map(
    {"a": {"country": "france"}, "b": {"country": "france"}, "c": {"country": "france"}},
    [("a", "b", "strategic_obstacle"), ("a", "c", "operational_obstacle")],
)


@pytest.mark.parametrize(("weather", "mp"), [("normal", 2), ("spring", 4)])
def test_strategic_obstacle_costs(weather, mp):
    """[9.4.1], [14.2]: +1 Normal, +2 Spring (with the Spring +1): A -> B = 2 / 4."""
    v = judge(position(MAP, [unit("FR-1C", "a")], weather=weather), "FR-1C", ["a", "b"])
    assert v.legal and v.mp == mp


def test_strategic_obstacle_closed_in_winter():
    """[9.4.1], [14.1]: no crossing a Strategic Obstacle in Winter."""
    v = judge(position(MAP, [unit("FR-1C", "a")], weather="winter"), "FR-1C", ["a", "b"])
    assert not v.legal and rules(v) == "9.4.1; 14.1"


@pytest.mark.parametrize("weather", ["normal", "spring"])
def test_strategic_obstacle_closed_to_enemy_held_area(weather):
    """[9.4.1]: never across a Strategic Obstacle into enemy ground units."""
    b = position(MAP, [unit("FR-1C", "a"), unit("GE-1C", "b", nation="germany")], weather=weather)
    v = judge(b, "FR-1C", ["a", "b"])
    assert not v.legal and rules(v) == "9.4.1"


@pytest.mark.parametrize(("weather", "mp"), [("normal", 2), ("spring", 4), ("winter", 4)])
def test_operational_obstacle_costs(weather, mp):
    """[9.4.2], [14.1], [14.2]: A -> C = 2 Normal, 4 Spring and Winter."""
    v = judge(position(MAP, [unit("FR-1C", "a")], weather=weather), "FR-1C", ["a", "c"])
    assert v.legal and v.mp == mp


def test_operational_obstacle_into_enemy_legal_but_stops():
    """[9.4.2], [9.3.5]: legal into enemy units, and the unit must attack there."""
    b = position(MAP, [unit("FR-1C", "a"), unit("GE-1C", "c", nation="germany")])
    v = judge(b, "FR-1C", ["a", "c"])
    assert v.legal
    assert v.changes.unit_fields["FR-1C"]["must_attack"] == "c"


@pytest.mark.parametrize(("weather", "traces"), [("normal", True), ("spring", True), ("winter", False)])
def test_supply_across_strategic_obstacle(weather, traces):
    """[9.4.1], [14.1]: supply traces across A-B except in Winter. B is German-held territory of
    France's enemy here, so the French unit in B must trace through A."""
    m = area_map(
        {"a": {"country": "france"}, "b": {"country": "germany"}},
        [("a", "b", "strategic_obstacle")],
    )
    b = position(m, [unit("FR-1C", "b")], weather=weather, control={"b": "allies"})
    assert supply_of(b, "allies")["FR-1C"] == ("in supply" if traces else "out of supply")


@pytest.mark.parametrize("weather", ["normal", "spring", "winter"])
def test_supply_across_operational_obstacle(weather):
    """[9.4.2]: supply always traces across an Operational Obstacle."""
    m = area_map(
        {"a": {"country": "france"}, "c": {"country": "germany"}},
        [("a", "c", "operational_obstacle")],
    )
    b = position(m, [unit("FR-1C", "c")], weather=weather, control={"c": "allies"})
    assert supply_of(b, "allies")["FR-1C"] == "in supply"
