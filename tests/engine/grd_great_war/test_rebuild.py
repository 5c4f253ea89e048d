"""Cadres and remnants rebuilt to full strength in an initial phase [4A1, 16B3d]: ``railhead act MAP
STATE rebuild unit=ID``, paid from the command's general pool (the core ledger ``replacements``) at the
Replacement Costs Chart's values (chart values table ``replacement_costs`` [16B3a, 16B3b])."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from grd_helpers import RS, mini_board, mini_map, unit_doc

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.engine.values import MissingChartValue
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.model import Line

ATTRS = {f"GW2:{c:02d}{r:02d}": {"command": "west"} for c in range(1, 11) for r in range(1, 5)}
ATTRS["GW2:0102"] = {**ATTRS["GW2:0102"], "city": "full"}
ATTRS["GW2:0202"] = {**ATTRS["GW2:0202"], "city": "partial"}
M = mini_map(
    attrs=ATTRS,
    lines=[Line("rail", tuple(f"GW2:{c:02d}02" for c in range(1, 7)), {"net": "nw", "nation": "france"})],
)
CAP = {"grd-rail": {"capacity": {"entente:nw": {"value": 20, "rule": "OB"}}, "pools": {}}}
COSTS = {"full_man": "4", "full_equ": "2", "cadre_man": "1.5", "cadre_equ": "1"}
VALUES = {"supply_lines": {"clear": {"overland": 3, "road": 3}}, "replacement_costs": {"rifle": COSTS}}


def _pool(man=5, equ=2):
    caps = {"west:man:france": {"value": man, "rule": "16B3"}, "west:equ": {"value": equ, "rule": "16B3"}}
    return {**CAP, "replacements": {"period": "game", "capacity": caps}}


def _cadre(at="GW2:0302", uid="C1", **attrs):
    return unit_doc(
        uid, "entente", "france", "rifle", at, 1, strength=1, cadre=True, full_strength=3, **attrs
    )


def _board(*units, phase="initial", ledgers=None, values=VALUES):
    return mini_board(
        M, list(units), values=values, phase=phase, active_side="entente", ledgers=ledgers or _pool()
    )


def _rebuild(b, unit="C1"):
    return judge_action(RS, b, "rebuild", {"unit": unit})


def _rule(v):
    return None if v.legal else v.reasons[0].rule


def test_a_cadre_in_regular_general_supply_is_rebuilt_for_the_charts_difference_16b3d_16b3a():
    """16B3d: the cadre flipped to full strength; 16B3a/16B4a: full minus cadre replacement strength."""
    b = _board(_cadre())
    v = _rebuild(b)
    assert v.legal, v.reasons
    assert v.extra["rebuilt"] == {"unit": "C1", "man": "5/2", "equ": "1"}
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("C1").strength == 3 and after.unit("C1").attr("cadre") is False
    pools = after.ledgers["replacements"]["pools"]
    assert pools["west:man:france"][0]["amount"] == 2.5 and pools["west:equ"][0]["amount"] == 1


def test_man_pts_of_its_contingent_from_its_commands_general_pool_16b3b_16b3d():
    """16B3: each command's general pool of accumulated replacements; 16B3b: Man Pts of the unit's
    contingent, Equ Pts generic."""
    assert _rule(_rebuild(_board(_cadre(), ledgers=_pool(man=2)))) == "16B3d"
    assert _rule(_rebuild(_board(_cadre(), ledgers=_pool(equ=0)))) == "16B3d"
    v = _rebuild(_board(_cadre(contingent="french_colonial")))
    assert _rule(v) == "16B3d" and "french_colonial Man Pts" in v.reasons[0].message


def test_only_a_cadre_on_the_map_in_regular_general_supply_16b3d():
    full = unit_doc("F1", "entente", "france", "rifle", "GW2:0302", 1, strength=3)
    assert _rule(_rebuild(_board(full), "F1")) == "16B3d"
    v = _rebuild(_board(_cadre(at="GW2:1004")))  # beyond the supply line's reach
    assert _rule(v) == "16B3d" and "regular general supply" in v.reasons[0].message


def test_not_in_an_enemy_zoc_unless_a_fortification_is_there_16b3d():
    enemy = unit_doc("GE", "central_powers", "germany", "infantry", "GW2:0402", 3, size="division")
    v = _rebuild(_board(_cadre(), enemy))
    assert _rule(v) == "16B3d" and "enemy ZOC" in v.reasons[0].message
    fort = unit_doc("FT", "entente", "france", "fortress", "GW2:0302", 1, strength=2, movement=0)
    assert _rebuild(_board(_cadre(), enemy, fort)).legal


def test_a_blank_chart_cell_is_bad_input_naming_it_16b3a():
    with pytest.raises(MissingChartValue, match="replacement_costs"):
        _rebuild(_board(_cadre(), values={"supply_lines": VALUES["supply_lines"]}))


def _pooled(uid="P1", **attrs):
    """An eliminated rifle brigade in the West command's replacement pool, kept off the map."""
    attrs = {"replacement_pool": "west", **attrs}
    return unit_doc(uid, "entente", "france", "rifle", "GW2:1004", 1, strength=3, **attrs)


def _replace(b, unit="P1", hex="GW2:0202"):
    return judge_action(RS, b, "replace_unit", {"unit": unit, "hex": hex})


def test_an_eliminated_unit_is_replaced_at_a_city_of_its_command_in_supply_16b3c():
    """16B3c: at a friendly-owned city of the command in regular general supply, for its full
    replacement strength (16B3a), from the command's general pool."""
    b = _board(_pooled(), ledgers=_pool(man=4, equ=2))
    v = _replace(b)
    assert v.legal, v.reasons
    after = apply_move(b, v, [], [], "act", record_mp=False)
    assert after.unit("P1").hex == "GW2:0202" and after.unit("P1").attr("replacement_pool") == ""
    assert _rule(_replace(b, hex="GW2:0302")) == "16B3c"  # no city
    owned = mini_board(M, [_pooled()], values=VALUES, phase="initial", active_side="entente",
                       ledgers=_pool(), hexes={"GW2:0202": {"owner": "central_powers"}})  # fmt: skip
    assert _rule(_replace(owned)) == "16B3c"
    assert _rule(_replace(_board(_pooled(), ledgers=_pool(man=3)))) == "16B3c"  # 4 Man Pts needed


def test_isolated_section_doubles_a_cadre_side_is_replaced_to_it_16b3c_16b3a():
    """16B3a: doubled in the eliminated while isolated section; 16B3c Special #1: a unit with a
    cadre side is replaced only to its cadre strength."""
    v = _replace(_board(_pooled(cadre_strength=1)))
    assert v.legal and v.extra["replaced"] == {"unit": "P1", "man": "3/2", "equ": "1"}
    assert v.changes.strengths == {"P1": 1} and v.changes.unit_fields["P1"]["cadre"] is True
    v = _replace(_board(_pooled(pool_isolated=True), ledgers=_pool(man=8, equ=4)))
    assert v.legal and v.extra["replaced"]["man"] == "8"
    v = _replace(_board(_pooled(pool_isolated=True), ledgers=_pool(man=7, equ=4)))
    assert _rule(v) == "16B3c"


def test_only_the_owners_unit_in_a_pool_16b3c():
    assert _rule(_replace(_board(unit_doc("X", "entente", "france", "rifle", "GW2:1004", 1)), "X")) == "16B3c"
    b = mini_board(
        M, [_pooled()], values=VALUES, phase="initial", active_side="central_powers", ledgers=_pool()
    )
    assert _rule(_replace(b)) == "16B3c"


def test_only_in_the_initial_phase_4a1():
    v = _rebuild(_board(_cadre(), phase="movement"))
    assert not v.legal and "initial" in v.reasons[0].message


def test_rebuild_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    doc = {"format": "railhead.state/1", "ruleset": "grd-great-war", "turn": 1, "phase": "initial",
           "active_side": "entente", "units": [_cadre()], "hexes": {}, "ledgers": _pool()}  # fmt: skip
    (tmp_path / "s.json").write_text(json.dumps(doc))
    lines = ["[supply_lines.clear]", "overland = 3", "road = 3", "[replacement_costs.rifle]"]
    lines += [f"{k} = {v}" for k, v in COSTS.items()]
    (tmp_path / "v.toml").write_text("\n".join(lines) + "\n")
    args = ["act", str(tmp_path / "map.json"), str(tmp_path / "s.json"), "rebuild", "unit=C1"]
    assert CliRunner().invoke(main, [*args, "--values", str(tmp_path / "v.toml")]).exit_code == 0
    assert CliRunner().invoke(main, args).exit_code == 2  # no chart values: a blank cell
    poor = {**doc, "ledgers": _pool(man=1)}
    (tmp_path / "s.json").write_text(json.dumps(poor))
    r = CliRunner().invoke(main, [*args, "--values", str(tmp_path / "v.toml"), "--json"])
    assert r.exit_code == 1 and '"16B3d"' in r.output
