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
