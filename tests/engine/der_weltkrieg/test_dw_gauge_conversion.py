"""Gauge conversion by engineers (R9-11, R9-12, R9-13), judged by ``railhead move --mode repair``: a
rail line last of another gauge is converted only April-October on odd turns, as the one hex the
engineer enters from its network and stops in, its entire movement allowance expended there; the
hex takes the network's gauge and joins it."""

from __future__ import annotations

import json

from builders import hex_map, position, rail, unit
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge
from railhead.engine.ruleset import get_ruleset
from railhead.mapdata.io import write_mapdata

DW = get_ruleset("der-weltkrieg")
M = hex_map(attrs={"country": "poland"}, lines=[rail("2107", "2007", "1908", "1907")])
RUSSIAN = {"rail": "inoperative", "attrs": {"gauge": "russian"}}
HEXES = {"2107": {"attrs": {"network": "germany"}}, "2007": RUSSIAN, "1908": RUSSIAN}


def _board(*units, month=5, turn=1, phase="movement"):
    units = list(units) or [unit("E", "2107", "engineer", movement=3)]
    return position(M, units, hexes=HEXES, month=month, turn=turn, phase=phase)


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_one_hex_converted_with_the_whole_allowance_r9_12():
    """R9-12: the engineer's entire movement allowance is expended in the converted hex."""
    b = _board()
    v = judge(DW, b, "E", ["2107", "2007"], "repair")
    assert v.legal and v.mp == 3 and v.extra["converted"] == ["2007"] and v.extra["gauge"] == "standard"
    after = apply_move(b, v, ["E"], ["2107", "2007"], "repair")
    assert after.hex("2007").attrs["gauge"] == "standard" and after.hex("2007").attrs["network"] == "germany"
    assert after.hex("2007").field("rail") == "operative"


def test_the_network_lengthened_by_one_hex_a_turn_r9_13():
    """R9-13: one hex along the line: the engineer stops in the hex it converts."""
    assert _rule(judge(DW, _board(), "E", ["2107", "2007", "1908"], "repair")) == "R9-12; R9-13"


def test_an_engineer_that_spent_mp_converts_nothing_r9_12():
    moved = unit("E", "2107", "engineer", movement=3, mp_spent=1)
    assert _rule(judge(DW, _board(moved), "E", ["2107", "2007"], "repair")) == "R9-12"


def test_conversion_only_april_to_october_on_odd_turns_r9_11():
    """R9-11: not in November, not on an even turn."""
    assert _rule(judge(DW, _board(month=11), "E", ["2107", "2007"], "repair")) == "R9-11"
    assert _rule(judge(DW, _board(turn=2), "E", ["2107", "2007"], "repair")) == "R9-11"


def test_only_in_the_movement_phase_r6_3():
    """R6-3: engineers move, and convert, in their Movement Phase only."""
    v = judge(DW, _board(phase="combat"), "E", ["2107", "2007"], "repair")
    assert not v.legal and "R6-3" in v.reasons[0].rule


def test_gauge_conversion_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": "der-weltkrieg", "turn": 1, "phase": "movement",
           "active_side": "central", "month": 5, "units": [unit("E", "2107", "engineer", movement=3)],
           "hexes": HEXES, "ledgers": {}}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    args = ["move", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "E", "2007", "--mode", "repair"]
    assert CliRunner().invoke(main, args).exit_code == 0
    r = CliRunner().invoke(main, [*args[:-2], "1908", "--mode", "repair", "--json"])
    assert r.exit_code == 1 and "R9-13" in r.output
