"""Recombination in the Replacement / Recombination Phase (R23-1 to R23-6) with Replacement Units
(R24-4): ``railhead act MAP STATE recombine hex=HEX result=ID=SP,...``. Figure 13's stack: a 6-5
division under a -1 marker (5 SP, back side 4), an RPL 5-4 and a 2-4 brigade return an eliminated
8-5 division to the map (12 infantry-type SP: 4 + 8), the RPL and the brigade removed."""

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
PHASE = "replacement_recombination"


def _stack():
    """Figure 13 in 1010, with a German HQ; the eliminated 8-5 off the map (0808, out of play)."""
    return [
        unit("D6", "1010", strength=5, symbol_color=INF, front_strength=6, full_strength=8),
        unit("RPL", "1010", cls="rpl", strength=5, symbol_color=INF),
        unit("BDE", "1010", strength=2, size="brigade", symbol_color=INF),
        unit("D8", "0808", strength=0, symbol_color=INF, front_strength=8, full_strength=8, eliminated=True),
        unit("HQ", "1010", cls="hq", strength=0),
    ]


def _board(units, phase=PHASE, active="central"):
    return position(M, units, phase=phase, active=active)


def _act(b, result="D6=4,RPL=0,BDE=0,D8=8", hex="1010"):
    return judge_action(DW, b, "recombine", {"hex": hex, "result": result})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def _with(uid, **attrs):
    base = {u["id"]: u for u in _stack()}[uid]
    return {uid: {**base, "attrs": {**base["attrs"], **attrs}}}


def test_figure_13_returns_an_eliminated_division_r23_4_r23_5():
    """R23-5: the eliminated 8-5 is brought back into play in the hex of the recombination."""
    b = _board(_stack())
    v = _act(b)
    assert v.legal, v.reasons
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("D6").strength == 4
    assert after.unit("D8").hex == "1010" and after.unit("D8").strength == 8
    assert after.unit("D8").attr("eliminated") is False
    assert {u.id for u in after.units} == {"D6", "D8", "HQ"}  # the RPL and the brigade removed


def test_strength_never_increases_and_is_capped_r23_4():
    assert _rule(_act(_board(_stack()), "D6=5,RPL=0,BDE=0,D8=8")) == "R23-4"  # 13 > 12
    assert _rule(_act(_board(_stack()), "D6=8,RPL=0,BDE=0,D8=4")) == "R23-4"  # 6-5's front is 6
    assert _act(_board(_stack()), "D6=6,RPL=0,BDE=1,D8=5").legal


def test_same_type_nationality_and_symbol_colour_r23_1():
    units = [
        {**u, **_with("BDE", symbol_color="red 4 on white")["BDE"]} if u["id"] == "BDE" else u
        for u in _stack()
    ]
    assert _rule(_act(_board(units))) == "R23-1"
    units = [{**u, "nation": "austria-hungary"} if u["id"] == "BDE" else u for u in _stack()]
    assert _rule(_act(_board(units))) == "R23-1"


def test_in_the_hex_of_an_hq_that_did_not_move_nor_fight_r23_2():
    assert _rule(_act(_board([u for u in _stack() if u["id"] != "HQ"]))) == "R23-2"
    moved = [_with("HQ", mp_spent=1)["HQ"] if u["id"] == "HQ" else u for u in _stack()]
    assert _rule(_act(_board(moved))) == "R23-2"
    fought = [_with("RPL", fought=True)["RPL"] if u["id"] == "RPL" else u for u in _stack()]
    assert _rule(_act(_board(fought))) == "R23-2"
    away = [{**u, "hex": "1212"} if u["id"] == "BDE" else u for u in _stack()]
    assert _rule(_act(_board(away))) == "R23-2"


def test_not_in_an_enemy_zoc_r23_6():
    enemy = unit("FR", "1011", side_="entente", nation="france")
    assert _rule(_act(_board([*_stack(), enemy]))) == "R23-6"


def test_a_replacement_unit_only_gives_strength_r24_4():
    assert _rule(_act(_board(_stack()), "D6=4,RPL=6,BDE=0,D8=2")) == "R24-4"
    assert _rule(_act(_board(_stack()), "D6=6,RPL=0,BDE=0,D8=0")) == "R23-5"  # returned with no SP
    assert _rule(_act(_board(_stack()), "D6=3,RPL=6,BDE=0")) == "R24-4"


def test_only_the_owning_players_units_in_his_replacement_phase_r23_3():
    assert _rule(_act(_board(_stack(), active="entente"))) == "R23-3"
    v = _act(_board(_stack(), phase="movement"))
    assert not v.legal and "replacement_recombination" in v.reasons[0].message.replace(" ", "_")


def test_an_unstated_symbol_colour_or_a_bad_result_is_bad_input():
    units = [{**u, "attrs": {}} if u["id"] == "BDE" else u for u in _stack()]
    with pytest.raises(InputError, match="symbol_color"):
        _act(_board(units))
    with pytest.raises(InputError, match="ID=SP"):
        _act(_board(_stack()), "D6:4")


def test_recombine_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": "der-weltkrieg", "turn": 1, "phase": PHASE,
           "active_side": "central", "units": _stack(), "hexes": {}, "ledgers": {}}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "recombine", "hex=1010"]
    assert CliRunner().invoke(main, [*args, "result=D6=4,RPL=0,BDE=0,D8=8"]).exit_code == 0
    r = CliRunner().invoke(main, [*args, "result=D6=5,RPL=0,BDE=0,D8=8", "--json"])
    assert r.exit_code == 1 and '"R23-4"' in r.output
