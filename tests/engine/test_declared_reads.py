"""#28 item 6, per ruleset: everything the rules read from a position is declared in the ruleset's
data (events played, location status, location attrs, markers). Each ruleset's sample position is
loaded with its declarations -- so the core refuses any read of an undeclared name
(:class:`~railhead.engine.contract.UndeclaredRead`, see ``core/test_declared_names.py``) -- and asked
every question a player asks: reach and a move in each mode for every unit, supply and rail or
capacity reports for each side, the position's problems. A read of an undeclared name fails the test
with the name and the section to declare it in. (Every test of a ruleset that loads positions with
its declarations is the same check on its own positions.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from railhead.engine.board import Board
from railhead.engine.queries import judge, reach_report
from railhead.engine.registry import get_ruleset
from railhead.engine.state import parse_state
from railhead.engine.values import ChartValues
from railhead.errors import InputError


def _values(text: str) -> ChartValues:
    raw = tomllib.loads(text)
    raw.pop("format", None)
    cells = {
        t: {r: {c: str(v) for c, v in cols.items()} for r, cols in rows.items()} for t, rows in raw.items()
    }
    return ChartValues(cells, Path("sample-values.toml"))


def _grd():
    from railhead.engine.rulesets.grd_great_war import sample

    doc = sample.sample_state()
    doc["hexes"].setdefault("GW2:0304", {}).update({"markers": ["res_pt"]})
    return sample.sample_map(), doc, _values(sample.SAMPLE_VALUES)


def _doe():
    from railhead.engine.rulesets.death_of_empires import sample

    return sample.sample_map(), sample.sample_state(), _values(sample.SAMPLE_VALUES)


def _gmt():
    from railhead.engine.rulesets.gmt_great_war import sample

    return sample.sample_map(get_ruleset("gmt-great-war").data), sample.sample_state(), None


def _area():
    from railhead.engine.rulesets.great_war_area import sample

    return sample.sample_map(), sample.sample_state_doc(), None


def _dw():
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from builders import hex_map, rail, unit

    m = hex_map((1, 8), (1, 6), lines=[rail("0102", "0202", "0302", "0402")], attrs={"country": "germany"})
    units = [
        unit("GE-1", "0302"),
        unit("GE-HQ", "0202", "hq", movement=6),
        unit("FR-1", "0604", side_="entente", nation="france"),
        unit("FR-2", "0704", "cavalry", side_="entente", nation="france", movement=6),
    ]
    hexes = {"0403": {"markers": ["trench"]}, "0102": {"markers": ["depot"], "rail": "operative"}}
    doc = {
        "format": "railhead.state/1",
        "ruleset": "der-weltkrieg",
        "active_side": "central",
        "units": units,
        "hexes": hexes,
    }
    return m, doc, None


SAMPLES = {
    "grd-great-war": _grd,
    "death-of-empires": _doe,
    "gmt-great-war": _gmt,
    "great-war-area": _area,
    "der-weltkrieg": _dw,
}


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_every_name_the_rules_read_is_declared(ruleset):
    rs = get_ruleset(ruleset)
    m, doc, values = SAMPLES[ruleset]()
    state = parse_state(doc, m, sides=rs.sides, declarations=rs.declarations)
    assert state.names is not None  # the reads below are checked
    board = Board(m, state, values=values)
    asked = 0

    def ask(question, *args, **kw):
        nonlocal asked
        try:
            out = question(*args, **kw)
        except InputError:  # a blank chart cell, a unit that cannot be asked this: not a read
            return None
        asked += 1
        return out

    problems = getattr(rs, "position_problems", None)
    if problems is not None:
        ask(problems, board)
    for side in rs.sides:
        ask(rs.supply_report, board, side)
        ask(rs.rail_report, board, side)
    for unit in state.units:
        for mode in rs.declarations.mode_names():
            r = ask(reach_report, rs, board, unit.id, mode)
            for entry in (r or {}).get("hexes", [])[1:3]:
                ask(judge, rs, board, unit.id, entry["path"], mode)
    assert asked > 2 * len(state.units)  # the questions were answered, not all refused


def test_railhead_refuses_a_position_naming_an_undeclared_event(tmp_path):
    """Exit 2, naming the file, the place in it and the names the ruleset declares."""
    import json

    from click.testing import CliRunner

    from railhead.cli import main
    from railhead.mapdata.io import write_mapdata

    m, doc, _ = _grd()
    doc["austria_collapsed"] = True
    doc["hexes"]["GW2:0304"]["markers"] = ["fieldworks"]
    write_mapdata(m, tmp_path / "map.json")
    (tmp_path / "state.json").write_text(json.dumps(doc))
    args = ["supply", str(tmp_path / "map.json"), str(tmp_path / "state.json"), "--ruleset", "grd-great-war"]
    r = CliRunner().invoke(main, [*args, "--side", "entente"])
    assert r.exit_code == 2, r.output
    assert str(tmp_path / "state.json") in r.output
    assert "$.austria_collapsed" in r.output and "usa_joined" in r.output
    assert "$.hexes['GW2:0304'].markers" in r.output and "res_pt" in r.output
