"""Headquarters Holding Boxes (2.66, 3.17.A) and LOC Boxes (2.75) as boxes of the location graph."""

from helpers import board, du, h, move, pointy_map, rail, ruleset

from railhead.engine.queries import reach_report
from railhead.engine.rulesets.death_of_empires.stacking import hex_formations

HQHB = {"id": "hb-V", "name": "V Corps HQ Holding Box", "attrs": {"host": "VHQ"}}
LOCBOX = {"id": "loc-A", "name": "8th Army LOC Box", "attrs": {"loc_of": "A"}}
LINE = [h(c, 2) for c in range(1, 13)]
RANGES = {f"supply_range.{k}.hexes": 3 for k in ("main_depot", "loc", "army_supply", "corps_train")}


def corps(hq_hex="0303", **extra):
    hq = du("VHQ", hq_hex, cls="hq", size="corps", hq_level="corps", pfi="V", corps="V", ccr=3, army="A")
    return [hq, du("I1", "hb-V", pfi="35", corps="V", army="A", **extra)]


def test_units_in_a_corps_hqhb_are_stacked_with_the_hq_as_one_formation():
    """2.66, 3.17.A: all units in the HQHB are in the HQ's hex and one formation for stacking."""
    m = pointy_map(boxes=[HQHB])
    units = [*corps(), du("X", h(3, 3), pfi="99"), du("Y", h(3, 3), pfi="98")]
    b = board(m, units)
    from railhead.engine.rulesets.death_of_empires.boxes import on_map

    by_hex = hex_formations(ruleset(), on_map(b), "central")
    _, formations = by_hex[h(3, 3)]
    assert len(formations) == 3  # HQ + its box, X, Y: three formations
    assert {k[0] for k in formations} >= {"hqhb:hb-V"}


def test_an_unattached_unit_may_not_stand_in_the_corps_box():
    """3.17.A: only units of formations on the corps' track (and its assets)."""
    m = pointy_map(boxes=[HQHB])
    hq = du("VHQ", h(3, 3), cls="hq", size="corps", hq_level="corps", pfi="V", ccr=3)
    from railhead.engine.board import Board
    from railhead.engine.state import parse_state

    doc = {
        "format": "railhead.state/1",
        "ruleset": "death-of-empires",
        "turn": 1,
        "units": [hq, du("Z", "hb-V", pfi="7", corps="VII")],
    }
    rs = ruleset()
    b = Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))
    problems = rs.position_problems(b)
    assert any("3.17.A" in msg for _, msg in problems)


def test_the_box_travels_with_its_hq_and_each_unit_pays_its_own_costs():
    """2.66: the HQHB's units move with the HQ (one stack); an MR L unit in the box pays 1 1/3 per
    clear hex, so four hexes (5 1/3 -> 5) exceed a 2-day March's 4 MP."""
    m = pointy_map(boxes=[HQHB])
    b = board(m, corps())
    v = move(b, "VHQ", [h(4, 3), h(5, 3), h(6, 3)])
    assert v.legal and v.extra["holding_box"]["units"] == ["I1"]
    b = board(m, corps(mr="L"))
    v = move(b, "VHQ", [h(4, 3), h(5, 3), h(6, 3), h(7, 3)])
    assert not v.legal and v.reasons[0].message.startswith("I1")


def test_out_of_the_box_onto_the_hq_hex_and_on_and_back_in():
    """2.66: a unit leaves the box onto its HQ's hex (no MP) and moves on from there; it enters the
    box only from the HQ's hex."""
    m = pointy_map(boxes=[HQHB])
    b = board(m, corps())
    v = move(b, "I1", [h(3, 3), h(4, 3)])
    assert v.legal and v.mp == 1 and v.steps[0].frm == "hb-V"
    assert move(b, "I1", [h(3, 3)]).legal
    units = [*corps()[:1], du("I2", h(3, 3), pfi="35", corps="V", army="A")]
    b = board(m, units)
    assert move(b, "I2", ["hb-V"]).legal
    import pytest

    from railhead.errors import InputError

    units = [*corps()[:1], du("I2", h(5, 3), pfi="35", corps="V", army="A")]
    with pytest.raises(InputError, match="not adjacent"):
        move(board(m, units), "I2", ["hb-V"])


def _loc(units, values=None, **extra):
    m = pointy_map(cols=12, lines=[rail(LINE, "double")], boxes=[LOCBOX])
    depot = du("MA", h(6, 2), cls="supply", size="army", strength=0, type="main_depot", mr="R", army="A")
    return board(m, [depot, *units], values=values, army_bases={"A": [h(1, 2)]}, **extra)


def test_a_unit_enters_the_loc_box_from_the_depot_hex_at_the_start_of_its_march():
    """2.75: only from the hex of its army's Main Depot or Army Supply unit, at the beginning of a
    March Segment."""
    b = _loc([du("G", h(6, 2), army="A", pfi="G")])
    assert move(b, "G", ["loc-A"]).legal
    b = _loc([du("G", h(6, 2), army="A", pfi="G", mp_spent=1)])
    assert "beginning" in move(b, "G", ["loc-A"]).reasons[0].message
    b = _loc([du("G", h(7, 2), army="A", pfi="G")])
    assert not move(b, "G", ["loc-A"]).legal
    b = _loc([du("G", h(6, 2), army="B", pfi="G")])
    assert not move(b, "G", ["loc-A"]).legal


def test_placed_from_the_loc_box_onto_the_loc_only():
    """2.75, 2.75.A: placed anywhere on the army's LOC (the rail hexes MD -> Army Base) in a friendly
    March or Counter-March; not off it."""
    b = _loc([du("G", "loc-A", army="A", pfi="G")])
    v = move(b, "G", [h(3, 2)])
    assert v.legal and v.mp == 0
    assert not move(b, "G", [h(9, 2)]).legal  # beyond the depot: not on the LOC
    assert not move(b, "G", [h(3, 4)]).legal


def test_in_the_enemy_segment_only_when_an_enemy_is_next_to_the_loc():
    """2.75: when an enemy unit moves next to any rail hex of the LOC the boxed units may be placed
    on it before the enemy finishes; an enemy move coming next to the LOC reports the window."""
    enemy = du("R", h(4, 4), "entente")
    b = _loc([du("G", "loc-A", army="A", pfi="G"), enemy], active_side="entente")
    assert not move(b, "G", [h(3, 2)]).legal
    v = move(b, "R", [h(4, 3)])
    assert v.legal and v.extra["loc_box_window"][0]["loc_box"] == ["G"]
    near = du("R", h(4, 3), "entente", cls="artillery")  # no ZOC beyond its hex: the LOC stands
    b = _loc([du("G", "loc-A", army="A", pfi="G"), near], active_side="entente")
    assert move(b, "G", [h(3, 2)]).legal


def test_units_in_the_loc_box_are_supplied_and_commanded_as_on_the_loc():
    """2.75 with 7.22 (Capability 1: any LOC hex supplies) and 7.24.A (on the LOC: in command)."""
    b = _loc([du("G", "loc-A", army="A", pfi="G")], RANGES)
    rep = ruleset().supply_report(b, "central")
    g = next(e for e in rep["units"] if e["unit"] == "G")
    assert g["status"] == "in supply" and "2.75" in g["rules"]
    c = next(e for e in rep["command"] if e["unit"] == "G")
    assert c["status"] == "in command"
    b = _loc([du("G", "loc-A", army="A", pfi="G")], RANGES, md_capabilities={"A": 234})
    rep = ruleset().supply_report(b, "central")
    assert next(e for e in rep["units"] if e["unit"] == "G")["status"] == "out of supply"


def test_an_army_hq_box_takes_assets_and_air_only():
    """3.16: an Army HQ's Holding Box takes strategic and army asset units and air units only."""
    from railhead.engine.board import Board
    from railhead.engine.state import parse_state

    m = pointy_map(boxes=[{"id": "hb-A", "attrs": {"host": "AHQ"}}])
    hq = du("AHQ", h(3, 3), cls="hq", size="army", hq_level="army", pfi="A", army="A", ccr=6)
    rs = ruleset()

    def problems(unit):
        doc = {"format": "railhead.state/1", "ruleset": "death-of-empires", "turn": 1, "units": [hq, unit]}
        return rs.position_problems(
            Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))
        )

    assert not problems(du("HV", "hb-A", cls="artillery", pfi="A", army="A", asset=True))
    assert any("3.16" in msg for _, msg in problems(du("D5", "hb-A", pfi="5", army="A")))


def test_reach_from_the_loc_box_is_the_army_loc():
    """2.75: ``reach`` of a unit in its army's LOC Box lists every hex of the LOC it may be placed
    on now, at no MP, each reached as one placement, as ``move`` judges it; in the enemy's segment
    with no enemy next to the LOC, nowhere, saying why."""
    b = _loc([du("G", "loc-A", army="A", pfi="G")])
    rep = reach_report(ruleset(), b, "G")
    got = {e["id"]: e for e in rep["hexes"]}
    assert h(3, 2) in got and h(9, 2) not in got and h(3, 4) not in got
    assert got[h(3, 2)]["mp"] == 0 and got[h(3, 2)]["path"] == ["loc-A", h(3, 2)]
    assert got[h(3, 2)]["rule"] == "2.75"
    for hx in set(got) - {"loc-A"}:
        assert move(b, "G", [hx]).legal
    b = _loc([du("G", "loc-A", army="A", pfi="G"), du("R", h(4, 5), "entente")], active_side="entente")
    rep = reach_report(ruleset(), b, "G")
    assert [e["id"] for e in rep["hexes"]] == ["loc-A"]
    assert rep["reasons"][0]["rule"] == "2.75"
