"""Each named option (a spec §10 decision) is tested with its decision and its alternative."""

from __future__ import annotations

import pytest
from builders import hex_map, position, rail, side, unit

from railhead.engine.ruleset import get_ruleset
from railhead.engine.rulesets.der_weltkrieg.rail import rail_equivalent

DW = get_ruleset("der-weltkrieg")


def test_every_option_has_a_decision_a_rule_and_alternatives():
    for name, row in DW.data["options"].items():
        assert row["rule"] and row["alternatives"], name
        assert DW.option(position(hex_map((1, 2), (1, 2)), []).state, name) == row["value"]


@pytest.mark.parametrize("before", [False, True])
@pytest.mark.parametrize(
    ("terrain", "track", "cost"),
    [
        ("wooded_rough", "single", 2),
        ("wooded_rough", "double", 2),
        ("mountain", "single", 4),
        ("mountain", None, 5),
        ("rough", "single", 2),
    ],
)
def test_mountain_reduction_before_threshold(before, terrain, track, cost):
    """Spec §10 #3: is a mountain unit's -1 (R32-1) applied before the rail-line threshold test?
    With R32-2's threshold of 3 for mountain units both readings give the same cost for every
    printed terrain, which this checks for both settings."""
    lines = [rail("1010", "1011", track=track)] if track else []
    m = hex_map(hexsides=[side("1010", "1011", terrain)], lines=lines)
    b = position(
        m,
        [unit("M", "1010", "mountain", movement=9)],
        options={"mountain_reduction_before_threshold": before},
    )
    assert DW.judge_move(b, ["M"], ["1010", "1011"]).mp == cost


@pytest.mark.parametrize(("rule", "legal"), [("prohibited", False), ("allowed", True)])
def test_enemy_fortress_or_hq_entry(rule, legal):
    """Spec §10 #17: a hex holding only an enemy HQ must be attacked (decision) or may be entered."""
    b = position(
        hex_map(),
        [unit("I", "1010"), unit("H", "1011", "hq", side_="entente", nation="france")],
        options={"enemy_fortress_or_hq_entry": rule},
    )
    v = DW.judge_move(b, ["I"], ["1010", "1011"])
    assert v.legal is legal
    if not legal:
        assert "R6-11" in v.reasons[0].rule


@pytest.mark.parametrize(("rule", "divisions"), [("ceil-tenth", 3), ("one-division", 1)])
def test_supply_marker_rail_equivalent(rule, divisions):
    """Spec §10 #11: a 25-supply-point marker counts ceil(25/10) = 3 (R8-7) or 1 (R18-8)."""
    b = position(
        hex_map(),
        [unit("S", "1010", "supply_marker", supply_points=25)],
        options={"supply_marker_rail_equivalent": rule},
    )
    assert rail_equivalent(DW, b, b.state.unit("S")) == divisions


@pytest.mark.parametrize(("rule", "line"), [("standard", 8), ("unit", 6)])
def test_supply_line_costs(rule, line):
    """Spec §10 #20: supply lines cost standard movement (decision) or the unit's own (a mountain
    unit pays 3, not 4, to cross wooded rough: R32-1)."""
    m = hex_map(
        (10, 10),
        (10, 12),
        attrs={"country": "germany"},  # one column: one path
        hexsides=[side("1010", "1011", "wooded_rough"), side("1011", "1012", "wooded_rough")],
    )
    b = position(
        m,
        [unit("HQ", "1012", "hq"), unit("M", "1010", "mountain")],
        hexes={"1012": {"markers": ["depot"]}},
        options={"supply_line_costs": rule},
    )
    rep = {u["unit"]: u for u in DW.supply_report(b, "central")["units"]}
    assert rep["M"]["line_mp"] == line


@pytest.mark.parametrize(("rule", "thresholds"), [("smaller", [2, 3]), ("no-loc", [2, 3])])
def test_winter_without_line_of_communication(rule, thresholds):
    """Spec §10 #22: winter (3/6) and no HQ line of communication (2/3): the smaller thresholds
    (decision) or those of R19-15; both give 2 and 3 here, as the rulebook's numbers happen to."""
    m = hex_map()
    ring = [
        unit(f"F{c}{r}", f"{c:02d}{r:02d}", side_="entente", nation="france")
        for c, r in m.sheets[0].grid.ring((10, 10), 2)
    ]
    b = position(
        m,
        [unit("HQ", "1010", "hq"), unit("I", "1011")] + ring,
        month=1,
        options={"winter_no_loc_threshold": rule},
    )
    rep = {u["unit"]: u for u in DW.supply_report(b, "central")["units"]}
    assert rep["I"]["thresholds"] == thresholds
