"""Splitting and joining Replacement Units at any time (R24-3): ``railhead act MAP STATE regroup_rpl
hex=HEX result=ID=SP,...``."""

from __future__ import annotations

import json

import pytest
from builders import hex_map, position, unit
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.engine.ruleset import get_ruleset
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata

DW = get_ruleset("der-weltkrieg")
M = hex_map(cols=(8, 14), rows=(8, 14), attrs={"country": "germany"})
INF = "black 8 on white"
PHASES = ("movement", "combat", "replacement_recombination", "reinforcement_arrival")


def _units(**over):
    base = [
        unit("R5", "1010", cls="rpl", strength=5, symbol_color=INF),
        unit("R2", "1010", cls="rpl", strength=2, symbol_color=INF),
        unit("SPARE", "0808", cls="rpl", strength=0, symbol_color=INF, eliminated=True),
        unit("D6", "1010", strength=6, symbol_color=INF),
    ]
    return [{**u, "attrs": {**u["attrs"], **over.get(u["id"], {})}} for u in base]


def _act(b, result, hex="1010"):
    return judge_action(DW, b, "regroup_rpl", {"hex": hex, "result": result})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


@pytest.mark.parametrize("phase", PHASES)
def test_a_replacement_unit_splits_into_smaller_ones_at_any_time_r24_3(phase):
    """R24-3: the 5-SP RPL split 3 + 2, the spare counter set down in its hex, in any phase."""
    b = position(M, _units(), phase=phase, active="central")
    v = _act(b, "R5=3,SPARE=2")
    assert v.legal, v.reasons
    after = apply_move(b, v, [], [], "act", record_mp=False)
    got = {u.id: (u.hex, u.strength) for u in after.units}
    assert got["R5"] == ("1010", 3) and got["SPARE"] == ("1010", 2)
    assert after.unit("SPARE").attr("eliminated") is False


def test_replacement_units_join_and_the_emptied_one_is_removed_r24_3():
    b = position(M, _units(), phase="movement", active="central")
    v = _act(b, "R5=7,R2=0")
    assert v.legal
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("R5").strength == 7 and "R2" not in {u.id for u in after.units}


def test_strength_points_are_only_redistributed_r24_3():
    b = position(M, _units(), phase="movement", active="central")
    assert _rule(_act(b, "R5=4,SPARE=2")) == "R24-3"  # one lost
    v = _act(b, "R5=5,R2=2,SPARE=1")  # one made
    assert _rule(v) == "R24-3" and "7 in, 8 out" in v.reasons[0].message


def test_only_replacement_units_of_one_type_in_one_hex_r24_3():
    b = position(M, _units(), phase="movement", active="central")
    assert _rule(_act(b, "R5=3,D6=8")) == "R24-3"  # a division is not a Replacement Unit
    apart = [{**u, "hex": "1111"} if u["id"] == "R2" else u for u in _units()]
    assert _rule(_act(position(M, apart, phase="movement", active="central"), "R5=7,R2=0")) == "R24-3"
    cav = position(M, _units(R2={"symbol_color": "black 8 on yellow"}), phase="movement", active="central")
    assert _rule(_act(cav, "R5=7,R2=0")) == "R24-3"
    other = [{**u, "nation": "austria_hungary"} if u["id"] == "R2" else u for u in _units()]
    assert _rule(_act(position(M, other, phase="movement", active="central"), "R5=7,R2=0")) == "R24-3"


def test_an_unstated_symbol_colour_is_bad_input():
    bare = [{**u, "attrs": {}} if u["id"] == "R2" else u for u in _units()]
    b = position(M, bare, phase="movement", active="central")
    with pytest.raises(InputError, match="symbol_color"):
        _act(b, "R5=7,R2=0")


def test_regroup_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": "der-weltkrieg", "turn": 1, "phase": "combat",
           "active_side": "central", "units": _units(), "hexes": {}, "ledgers": {}}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "regroup_rpl", "hex=1010"]
    assert CliRunner().invoke(main, [*args, "result=R5=3,SPARE=2"]).exit_code == 0
    r = CliRunner().invoke(main, [*args, "result=R5=3,SPARE=3", "--json"])
    assert r.exit_code == 1 and '"R24-3"' in r.output
