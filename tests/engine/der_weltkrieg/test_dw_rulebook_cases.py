"""Der Weltkrieg rules the audit found untested (docs/rules/der_weltkrieg.md): who exerts a zone of
control and where it reaches (R10), and each country's rail capacity (R37-R48)."""

from __future__ import annotations

import numpy as np
import pytest
from builders import hex_map, position, rail, side, unit

from railhead.engine.ruleset import get_ruleset

DW = get_ruleset("der-weltkrieg")


def ezoc(units, m=None, **kw):
    m = m or hex_map(cols=(8, 14), rows=(8, 14))
    b = position(m, units, **kw)
    z = DW.enemy_zoc(b, "entente")
    return {b.arrays.ids[i] for i in np.flatnonzero(z)}


@pytest.mark.parametrize(
    ("cls", "exerts"),
    [
        ("infantry", True),
        ("cavalry", True),
        ("mountain", True),
        ("artillery", False),
        ("engineer", False),
        ("rpl", False),
        ("hq", False),
        ("supply_marker", False),
    ],
)
def test_who_exerts_a_zone_of_control(cls, exerts):
    """R10-1: the six hexes around an infantry-type or cavalry unit (R10-2); none around artillery,
    engineers (R9-8), replacement units (R10-3), HQs (R18-2) or Supply Point markers (R18-11)."""
    z = ezoc([unit("G", "1111", cls)])
    assert (len(z) == 6) is exerts and (not z) is (not exerts)


def test_zones_reach_occupied_hexes_and_add_up():
    """R10-4: a ZOC reaches hexes holding other units, enemy ones too; R10-5: two units' zones
    together are their union."""
    z = ezoc([unit("G", "1111"), unit("F", "1112", side_="entente", nation="france")])
    assert "1112" in z
    both = ezoc([unit("G", "1111"), unit("H", "1113")])
    assert both == ezoc([unit("G", "1111")]) | ezoc([unit("H", "1113")])


def test_no_zone_across_sea_or_alpine_hexsides_or_into_neutrals():
    """R10-6: a ZOC does not cross an ocean or alpine hexside, nor reach a neutral country's hex."""
    sides = [side("1111", "1112", "ocean"), side("1111", "1211", "alpine")]
    m = hex_map(cols=(8, 14), rows=(8, 14), hexsides=sides, hexes={"1110": {"attrs": {"neutral": True}}})
    z = ezoc([unit("G", "1111")], m=m)
    assert {"1112", "1211", "1110"}.isdisjoint(z) and len(z) == 3


@pytest.mark.parametrize(
    ("country", "capacity", "rule"),
    [
        ("germany", 20, "R37-1"),
        ("austria-hungary", 10, "R40-1"),
        ("russia", 10, "R41-1"),
        ("italy", 7, "R42-1"),
        ("belgium", 5, "R44-1"),
        ("romania", 3, "R47-1"),
        ("bulgaria", 2, "R45-1"),
        ("ottoman", 2, "R46-2"),
        ("greece", 2, "R48-1"),
    ],
)
def test_national_rail_capacities(country, capacity, rule):
    """R37-1, R40-1, R41-1, R42-1, R44-1, R45-1, R46-2, R47-1, R48-1: each country's Rail Network
    capacity in divisions, as the rail report gives it when the scenario states none."""
    m = hex_map(cols=(8, 12), rows=(8, 12), attrs={"country": country}, lines=[rail("1010", "1011")])
    who = "central" if country in ("germany", "austria-hungary", "bulgaria", "ottoman") else "entente"
    b = position(m, [unit("X", "1010", side_=who, nation=country)], active=who)
    (net,) = DW.rail_report(b, who)["networks"]
    assert (net["pool"], net["capacity"], net["capacity_rule"]) == (country, capacity, rule)


def test_reduced_divisions_count_full_and_flotillas_not_at_all():
    """R11-2: a reduced division counts as a full one: six reduced divisions fill the hex and a
    brigade more is an excess; R36-5: a River Flotilla with them does not count."""
    from railhead.engine.rulesets.der_weltkrieg import stacking as S
    from railhead.engine.state import Unit

    reduced = [Unit(f"d{k}", "central", "germany", "infantry", "0101", "division", 2, 4) for k in range(6)]
    assert S.stacking_value(reduced[0]) == (1, 0)
    assert S.stacking_problem(reduced) is None
    flotilla = Unit("RF", "central", "germany", "river_flotilla", "0101", "regiment", 2, 0)
    assert S.stacking_value(flotilla) == (0, 0) and S.stacking_problem([*reduced, flotilla]) is None
    brigade = Unit("b", "central", "germany", "infantry", "0101", "brigade", 3, 4)
    assert S.stacking_problem([*reduced, brigade]) is not None


def test_only_germans_entrain_in_an_enemy_zone_and_pay_no_exit():
    """R7-4, R37-2: a German division next to a French one entrains and rides three rail hexsides
    for 1 + 3/10 MP, rounded to 2, with no ZOC exit cost; a French division next to a German one may
    not entrain there."""
    line = rail("1010", "1011", "1012", "1013")
    path = ["1010", "1011", "1012", "1013"]
    m = hex_map(cols=(8, 14), rows=(8, 14), attrs={"country": "germany"}, lines=[line])
    b = position(m, [unit("G", "1010"), unit("FR", "0910", side_="entente", nation="france")])
    v = DW.judge_move(b, ["G"], path, "rail")
    assert v.legal and v.mp == 2
    m = hex_map(cols=(8, 14), rows=(8, 14), attrs={"country": "france"}, lines=[line])
    units = [unit("F", "1010", side_="entente", nation="france"), unit("GE", "0910")]
    v = DW.judge_move(position(m, units, active="entente"), ["F"], path, "rail")
    assert not v.legal and v.reasons[0].rule == "R7-4"
