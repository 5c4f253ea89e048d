"""T08 [10.10], [9.4]: the defenders of Z (1 Army + 2 Corps) retreat before combat. Neighbours: F
(friendly, plain border), E (enemy-controlled, empty), S (across a Strategic Obstacle, friendly),
O (across an Operational Obstacle, friendly)."""

import pytest
from gwa_build import RS, area_map, judge, position, rules, unit

MAP = area_map(
    {a: {"country": "france"} for a in ("z", "f", "e", "s", "o")},
    [
        ("z", "f", "land"),
        ("z", "e", "land"),
        ("z", "s", "strategic_obstacle"),
        ("z", "o", "operational_obstacle"),
    ],
)
DEFENDERS = ["FR-1A", "FR-1C", "FR-2C"]


def board(weather="normal"):
    units = [
        unit("FR-1A", "z", "army"),
        unit("FR-1C", "z"),
        unit("FR-2C", "z"),
        unit("GE-1A", "z", "army", "germany"),
    ]
    return position(MAP, units, weather=weather, banks={"france": 10}, control={"e": "central"})


def test_to_a_friendly_area_costs_one_nrc_a_unit_and_gives_up_the_area():
    """[10.10.3]: to F: legal; France pays 3 NRC (1 per unit, any size); the attacker controls Z."""
    v = RS.judge_move(board(), DEFENDERS, ["z", "f"], "retreat_before_combat")
    assert v.legal
    assert sum(e["amount"] for e in v.extra["ledgers"]["nrc"]["pools"]["france"]) == 3
    assert v.changes.locations == {"z": {"owner": "central"}}


def test_not_into_an_enemy_area():
    """[10.10.2]: to E (enemy-controlled): illegal."""
    v = RS.judge_move(board(), DEFENDERS, ["z", "e"], "retreat_before_combat")
    assert not v.legal and rules(v) == "10.10.2; 10.13.2"


def test_not_across_a_strategic_obstacle():
    """[9.4.1]: Strategic Obstacles prevent retreats."""
    v = judge(board(), "FR-1C", ["z", "s"], "retreat_before_combat")
    assert not v.legal and rules(v) == "9.4.1"


@pytest.mark.parametrize(("weather", "legal"), [("normal", True), ("spring", True), ("winter", False)])
def test_operational_obstacle_closed_in_winter(weather, legal):
    """[9.4.2], [14.1]: RBC across an Operational Obstacle: Normal and Spring legal, Winter not."""
    v = RS.judge_move(board(weather), DEFENDERS, ["z", "o"], "retreat_before_combat")
    assert v.legal is legal


def test_retreat_after_combat_not_across_an_operational_obstacle():
    """[9.4.2]: no Retreat-after-Combat across an Operational Obstacle (T09: the all-field defender
    whose only friendly neighbour lies across one cannot retreat)."""
    v = judge(board(), "FR-1C", ["z", "o"], "retreat_after_combat")
    assert not v.legal and rules(v) == "9.4.2"


def test_retreat_after_combat_not_across_a_narrow_sea():
    """[9.5] (T09): no Retreat-after-Combat across a narrow sea."""
    m = area_map({"z": {"country": "france"}, "f": {"country": "france"}}, [("z", "f", "narrow_sea")])
    b = position(m, [unit("FR-1C", "z"), unit("GE-1C", "z", nation="germany")])
    v = judge(b, "FR-1C", ["z", "f"], "retreat_after_combat")
    assert not v.legal and rules(v) == "9.5"
