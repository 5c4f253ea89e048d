"""Control [4], [7.1 of the spec]: sole occupation, contested areas, the last side through an area,
and what a position may say about it."""

import json

import pytest
from click.testing import CliRunner
from gwa_build import RS, area_map, judge, position, unit

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.board import Board
from railhead.engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
from railhead.mapdata.io import write_mapdata

MAP = area_map(
    {"r1": {"country": "france"}, "r2": {"country": "germany"}, "r3": {"country": "germany"},
     "r4": {"country": "germany"}},
    [("r1", "r2", "land"), ("r2", "r3", "land"), ("r3", "r4", "land")],
)  # fmt: skip


def control(b):
    occ = RS.parts(b)[1]
    return {a: occ.control[b.idx(a)] for a in ("r1", "r2", "r3", "r4")}


def test_sole_occupation_contested_and_territory():
    """[4]: units alone control their area; both sides' units make it contested (no one's); an empty
    area keeps its recorded owner, else its country's side."""
    units = [unit("FR-1C", "r1"), unit("FR-2C", "r2"), unit("GE-1C", "r2", nation="germany")]
    b = position(MAP, units, control={"r3": "allies", "r1": "central"})
    assert control(b) == {"r1": "allies", "r2": None, "r3": "allies", "r4": "central"}


def test_the_last_side_through_an_area_controls_it():
    """[4]: a French Corps marching R1 -> R2 -> R3 through empty German areas takes R2 and R3
    (R3 is in supply through R2, which the move itself takes: option supply_check_control); applied,
    the position records the new owners."""
    b = position(MAP, [unit("FR-1C", "r1")])
    v = judge(b, "FR-1C", ["r1", "r2", "r3"])
    assert v.legal and v.changes.locations == {"r2": {"owner": "allies"}, "r3": {"owner": "allies"}}
    after = Board(MAP, apply_move(b, v, ["FR-1C"], ["r1", "r2", "r3"], "ground"))
    assert control(after) == {"r1": "allies", "r2": "allies", "r3": "allies", "r4": "central"}


@pytest.mark.parametrize(
    ("where", "owner", "message"),
    [
        ("paris", "france", "expected one of allies, central, neutral"),
        ("north_sea", "allies", "only land areas"),
    ],
)
def test_bad_control_in_a_position(tmp_path, where, owner, message):
    """[4]: control is a side's (or neutral), and only of land areas: exit 2 naming the place."""
    m, s = tmp_path / "map.json", tmp_path / "state.json"
    write_mapdata(sample_map(), m)
    doc = sample_state_doc()
    doc["hexes"] = {where: {"owner": owner}}
    s.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["supply", str(m), str(s), "--side", "allies"])
    assert r.exit_code == 2 and message in r.stderr and where in r.stderr


def test_option_supply_check_control_both_ways():
    """[11.4], option ``supply_check_control``: by default the control the move gives counts (R2
    becomes French, so R3 has a line through it); with ``current`` the control before the move is
    read, and R3 would be out of supply: the move is refused."""
    b = position(MAP, [unit("FR-1C", "r1")], options={"supply_check_control": "current"})
    v = judge(b, "FR-1C", ["r1", "r2", "r3"])
    assert not v.legal and v.reasons[0].rule == "11.4"
    assert judge(b, "FR-1C", ["r1", "r2"]).legal  # R2's next area, R1, is on a chain
