"""T16 (7.22, S&C example): a Main Depot's status follows from the track of its LOC and how many other
depots' LOCs share its hexes; without Capability 4 the LOC is closed to Rail-Mode movement, except to
the army's own Main Depot and Army Supply units (7.22.C)."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

from railhead.engine.rulesets.death_of_empires.depots import army_lines

LINE = [h(c, 2) for c in range(1, 21)]
BASES = {"A": [h(1, 2)], "B": [h(1, 2)], "C": [h(1, 2)]}


def md(uid, col, army):
    return du(uid, h(col, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army=army)


def lines(units, track="double", **extra):
    m = pointy_map(cols=20, lines=[rail(LINE, track)])
    b = board(m, units, army_bases=BASES, **extra)
    return b, army_lines(ruleset(), b, "central")


def test_alone_on_double_track_is_maximum_double():
    _, x = lines([md("MA", 5, "A")])
    assert x["A"].status == "maximum_double" and x["A"].capabilities == (1, 2, 3, 4)


def test_sharing_with_one_other_is_medium_and_two_others_minimum():
    """7.22.B: one other depot on the LOC -> Medium Double (3 of 4); two others -> Minimum (2)."""
    _, x = lines([md("MA", 5, "A"), md("MB", 8, "B")])
    assert x["A"].status == "medium_double" and len(x["A"].capabilities) == 3
    _, x = lines([md("MA", 5, "A"), md("MB", 8, "B"), md("MC", 10, "C")])
    assert x["A"].status == "minimum_double" and len(x["A"].capabilities) == 2


def test_single_track_is_single_and_never_capability_4():
    """7.22.A: any single-track LOC hex -> Single: 2 of capabilities 1-3; two depots may not share
    single track (7.22.B)."""
    _, x = lines([md("MA", 5, "A")], track="single")
    assert x["A"].status == "single" and 4 not in x["A"].capabilities
    _, x = lines([md("MA", 5, "A"), md("MB", 8, "B")], track="single")
    assert any("7.22.B" in p for p in x["A"].problems)


def test_dropping_capability_4_closes_the_loc_to_rail_movement():
    """S&C example, 7.22.C: army A drops Capability 4: B's entrained unit may not enter A's LOC, A's
    own Main Depot still moves along it."""
    units = [md("MA", 5, "A"), md("MB", 8, "B"), du("X", h(7, 2), mode="rail", army="B", pfi="X")]
    b, x = lines(units, md_capabilities={"A": 123, "B": 124}, rail_points={"central": 20})
    assert x["A"].capabilities == (1, 2, 3)
    assert move(b, "X", [h(6, 2)], mode="rail").legal  # B's LOC, B kept Capability 4
    v = move(b, "X", [h(6, 2), h(5, 2)], mode="rail")
    assert not v.legal and "7.22" in v.reasons[0].rule
    assert move(b, "MA", [h(4, 2)], mode="rail").legal


def test_enemy_on_the_line_cuts_the_depot():
    """7.23.A: the depot traces friendly operational rail free of enemy units to its Army Base."""
    units = [md("MA", 5, "A"), du("R", h(3, 2), "entente")]
    _, x = lines(units)
    assert not x["A"].in_supply
