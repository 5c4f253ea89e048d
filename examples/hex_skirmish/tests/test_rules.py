"""Hex Skirmish's rules, one test per rule (HS-n.n), on the sample map and position."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hex_skirmish.sample import map_doc, state_doc

from railhead.engine.api import Board, get_ruleset, spent_mp


@pytest.fixture(scope="module")
def rs():
    return get_ruleset("hex_skirmish")


def board_of(rs, change=None, **state):
    from railhead.engine.state import parse_state  # the test builds positions; the ruleset does not
    from railhead.mapdata.io import parse_mapdata

    m = parse_mapdata(map_doc())
    doc = state_doc(**state)
    if change:
        change(doc)
    return Board(m, parse_state(doc, m, sides=rs.sides, declarations=rs.declarations))


def move(rs, board, unit, *hexes, mode="ground", stack=()):
    path = [board.state.unit(unit).hex, *hexes]
    return rs.judge_move(board, [unit, *stack], path, mode)


def place(doc, unit, hex_id, **attrs):
    for u in doc["units"]:
        if u["id"] == unit:
            u["hex"] = hex_id
            u.setdefault("attrs", {}).update(attrs)


def test_hs_5_terrain_river_and_road(rs):
    b = board_of(rs, lambda d: place(d, "N-4", "0304"))
    v = move(rs, b, "N-4", "0404", "0405")  # HS-5.1: clear 1, marsh 3
    assert v.legal and v.mp == 4 and [s.mp for s in v.steps] == [1, 3]
    b = board_of(rs, lambda d: place(d, "N-2", "0804"))
    v = move(rs, b, "N-2", "0904")  # HS-5.2: across the river, +1
    assert v.legal and v.mp == 2 and ("river", 1, "HS-5.2") in v.steps[0].parts
    v = move(rs, b, "N-2", "0805", "0905")  # HS-5.3: the road bridge, 1/2 a step, no river cost
    assert v.legal and v.mp == 1 + Fraction(1, 2)
    v = move(rs, board_of(rs, lambda d: place(d, "N-2", "0808")), "N-2", "0809", "0909")  # HS-5.1
    assert not v.legal and v.reasons[0].rule == "HS-5.1"


def test_hs_4_2_allowance(rs):
    b = board_of(rs, lambda d: place(d, "N-1", "0303", mp_spent=2))
    v = move(rs, b, "N-1", "0304", "0204")  # forest 2 + clear 1 = 3 > 4 - 2
    assert not v.legal and v.reasons[0].rule == "HS-4.2" and "more than the 2 MP" in v.reasons[0].message


def test_hs_6_zone_of_control(rs):
    b = board_of(rs)
    v = move(rs, b, "N-1", "0604", "0605", "0606", "0605")  # HS-6.2: 0606 is next to S-1 (0707)
    assert not v.legal and v.reasons[0].rule == "HS-6.2" and v.reasons[0].message.startswith("0606 -> 0605")
    assert move(rs, b, "N-1", "0604", "0605", "0606").legal
    b = board_of(rs, lambda d: place(d, "N-1", "0606"))
    v = move(rs, b, "N-1", "0605")  # HS-6.3: leaving costs 1 more
    assert v.legal and v.mp == 2 and ("leaving an enemy ZOC", 1, "HS-6.3") in v.steps[0].parts
    v = move(rs, b, "N-1", "0706")  # next to S-1 again: entering stops, but this is the last step
    assert v.legal
    v = move(rs, b, "N-1", "0707")  # HS-6.4: S-1's own hex
    assert not v.legal and v.reasons[0].rule == "HS-6.4"


def test_hs_6_1_no_zoc_across_a_river_or_from_artillery(rs):
    b = board_of(rs)
    zoc = rs.enemy_zoc(b, "north")
    assert not zoc[b.idx("0808")]  # S-3 (0908) is across the river from 0808
    assert zoc[b.idx("0907")] and zoc[b.idx("1008")]
    assert not rs.enemy_zoc(b, "south")[b.idx("0502")]  # N-3 is artillery: no ZOC


def test_hs_8_stacking(rs):
    def crowd(d):
        place(d, "N-2", "0204")
        place(d, "N-1", "0204")

    b = board_of(rs, crowd)
    v = move(rs, b, "N-4", "0204")  # 2 + 2 + 1 = 5 stacking points
    assert not v.legal and v.reasons[0].rule == "HS-8.1"
    assert move(rs, b, "N-4", "0204", "0203").legal  # passing through is allowed
    r, _ = rs.reach(b, b.state.unit("N-4"), "ground")
    assert not r.dist[b.idx("0204")] < float("inf") and r.dist[b.idx("0203")] < float("inf")


def test_hs_7_rail(rs):
    b = board_of(rs)
    v = move(rs, b, "N-1", "0604", "0605", mode="rail")
    assert v.legal and v.mp == Fraction(1, 2) and v.changes.unit_fields == {"N-1": {"moved_by_rail": True}}
    v = move(rs, b, "N-1", "0604", "0605", "0606", mode="rail")  # HS-7.3: 0606 is in S-1's ZOC
    assert not v.legal and v.reasons[0].rule == "HS-7.3"
    v = move(rs, b, "N-2", "0404", mode="rail")  # HS-7.2: no rail line there
    assert not v.legal and v.reasons[0].rule == "HS-7.2"


def test_hs_7_1_rail_and_ground_apart_and_mp_spent_exact(rs):
    b = board_of(rs)
    v = move(rs, b, "N-1", "0604", "0605", mode="rail")
    after = Board(b.map, rs.apply(b, v, ["N-1"], ["0603", "0604", "0605"], "rail"))
    n1 = after.state.unit("N-1")
    assert n1.attrs["mp_spent"] == 0.5 and spent_mp(n1) == Fraction(1, 2) and n1.attrs["moved_by_rail"]
    v = move(rs, after, "N-1", "0604")
    assert not v.legal and v.reasons[0].rule == "HS-7.1"
    walked = board_of(rs, lambda d: place(d, "N-1", "0603", mp_spent=1))
    v = move(rs, walked, "N-1", "0604", mode="rail")
    assert not v.legal and v.reasons[0].rule == "HS-7.1"


def test_hs_7_4_rail_capacity(rs):
    b = board_of(rs)
    for unit, path in (("N-1", ["0603", "0604"]), ("N-3", ["0602", "0601"])):
        v = rs.judge_move(b, [unit], path, "rail")
        assert v.legal
        b = Board(b.map, rs.apply(b, v, [unit], path, "rail"))
    report = rs.rail_report(b, "north")
    assert report["networks"][0]["spent"] == 2 and report["networks"][0]["remaining"] == 0
    v = move(rs, b, "N-HQ", "0602", mode="rail")
    assert not v.legal and v.reasons[0].rule == "HS-7.4"


def test_hs_3_sequence_of_play(rs):
    b = board_of(rs)
    v = move(rs, b, "S-1", "0708")  # HS-3.2: South is not phasing
    assert not v.legal and v.reasons[0].rule == "HS-3.2" and "phasing" in v.reasons[0].message
    south = board_of(rs, active_side="south")
    assert move(rs, south, "S-1", "0708").legal  # the same move in South's movement phase
    for phase in ("supply", "combat"):  # the core's sequence of play cites the rule that allows it
        v = move(rs, board_of(rs, phase=phase), "N-1", "0604")
        assert not v.legal and v.reasons[0].rule == "HS-3.2"
        assert (
            "movement phase" in v.reasons[0].message and f"not in the {phase} phase" in v.reasons[0].message
        )
    r, why = rs.reach(board_of(rs, phase="combat"), b.state.unit("N-1"), "ground")
    assert list(r.hexes()) == [b.idx("0603")] and why[0].rule == "HS-3.2"


def test_hs_9_supply(rs):
    b = board_of(rs)
    rep = rs.supply_report(b, "south")
    by = {u["unit"]: u for u in rep["units"]}
    assert by["S-4"]["status"] == "out of supply" and rep.summary == {"in supply": 3, "out of supply": 1}
    assert by["S-1"]["source"] == "0610"
    north = {u["unit"]: u for u in rs.supply_report(b, "north")["units"]}
    assert north["N-1"]["by"] == "rail" and north["N-4"]["by"] == "overland"

    # HS-9.2: South's ZOC on the rail line cuts it, unless a unit of North holds the hex
    def cut(d):
        place(d, "S-1", "0705")
        place(d, "N-1", "0609")

    cut_off = board_of(rs, cut)
    assert {u["unit"]: u["status"] for u in rs.supply_report(cut_off, "north")["units"]}[
        "N-1"
    ] == "out of supply"

    def held(d):
        cut(d)
        place(d, "N-4", "0604")  # 0604 and 0605: the rail hexes in S-1's ZOC
        place(d, "N-2", "0605")

    assert {u["unit"]: u["status"] for u in rs.supply_report(board_of(rs, held), "north")["units"]}[
        "N-1"
    ] == "in supply"
