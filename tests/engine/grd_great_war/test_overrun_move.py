"""An overrun judged as a move [6F1]-[6F3] (`railhead move ... --with overrun=HEX`): the movers
gather next to the enemy hex, need 10:1 after the fatigue shifts [6B4], each pays terrain, the ZOC of
enemy units in *other* hexes and the Overrun Movement Costs Table to enter it (also when it does not
advance), with no one-hex exception; the defenders are eliminated; accel and reserve commitment may
not overrun [6B3], [6C]; a same-hex overrun costs no MP [6F3]."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from grd_helpers import RS, mini_board, mini_map, unit_doc, write

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge
from railhead.engine.values import MissingChartValue
from railhead.mapdata.io import write_mapdata

M = mini_map()
TARGET = "GW2:0402"
VALUES = {
    "zoc_costs": {"standard": {"reduced_cost": 1, "other": 2}},
    "overrun_costs": {"overrun": {"reduced_cost": 1, "other": 2}},
}


def _board(defence=1, movement=5, attack=20, more=(), values=VALUES, mover_attrs=None, defender_attrs=None):
    units = [
        unit_doc(
            "A", "entente", "france", "infantry", "GW2:0202", 2, attack, movement, **(mover_attrs or {})
        ),
        unit_doc(
            "D",
            "central_powers",
            "germany",
            "infantry",
            TARGET,
            2,
            defence,
            4,
            "division",
            **(defender_attrs or {}),
        ),  # fmt: skip
        *more,
    ]
    hexes = {TARGET: {"owner": "central_powers"}}
    return mini_board(M, units, values=values, hexes=hexes)


def _overrun(b, path, mode="ground", **kw):
    return judge(RS, b, "A", path, mode, overrun=TARGET, **kw)


def test_overrun_and_advance_pays_terrain_and_overrun_cost_not_the_targets_zoc():
    b = _board()
    assert not judge(RS, b, "A", ["GW2:0302", TARGET]).legal  # enemy-occupied/owned: not by moving [6]
    v = _overrun(b, ["GW2:0302", TARGET])
    assert v.legal, v.reasons
    parts = {w for w, _, _ in v.steps[-1].parts}
    assert "overrun" in parts and "zoc" not in parts  # the target's ZOC ends at the overrun [6F1]
    assert v.mp == 3 and v.extra["overrun"]["odds"] == "20:1"
    assert v.changes.removed == ("D",)
    after = apply_move(b, v, ["A"], ["GW2:0202", "GW2:0302", TARGET], "ground")
    assert [u.id for u in after.units] == ["A"] and after.unit("A").hex == TARGET


def test_zoc_of_another_enemy_next_to_the_gathering_hex_is_paid():
    other = unit_doc("E", "central_powers", "germany", "infantry", "GW2:0401", 2, 9, 4, "division")
    v = _overrun(_board(more=[other]), ["GW2:0302", TARGET])
    assert v.legal and "zoc" in {w for w, _, _ in v.steps[-1].parts} and v.mp == 4


def test_no_advance_still_pays_to_enter():
    v = _overrun(_board(), ["GW2:0302"])
    assert v.legal and v.mp == 3 and not v.extra["overrun"]["advance"]
    assert any("advance is optional" in e for e in v.effects)


def test_below_10_to_1_after_fatigue_shifts_is_refused():
    v = _overrun(_board(defence=3), ["GW2:0302", TARGET])  # 20:3 -> 6:1
    assert not v.legal and v.reasons[0].rule == "6F1" and "6:1" in v.reasons[0].message
    v = _overrun(_board(defence=2, mover_attrs={"fatigue_hits": 1}), ["GW2:0302", TARGET])  # 10:1 - 1
    assert not v.legal and v.extra["overrun"]["shifted"] == "9:1"
    v = _overrun(_board(defence=2, defender_attrs={"disrupted": True}), ["GW2:0302", TARGET])  # 20:1 [3A5]
    assert v.legal and v.extra["overrun"]["odds"] == "20:1"


def test_the_players_modified_totals():
    v = _overrun(_board(), ["GW2:0302", TARGET], attack="30", defence="4")  # terrain, support...
    assert not v.legal and v.extra["overrun"]["odds"] == "7:1"


def test_not_enough_mp_for_the_overrun_even_unmoved():
    v = _overrun(_board(movement=2), ["GW2:0302", TARGET])
    assert not v.legal and v.reasons[0].rule == "6F1"
    b = _board(movement=2)
    b2 = mini_board(M, [unit_doc("A", "entente", "france", "infantry", "GW2:0302", 2, 20, 1)]
                    + [u.to_dict() for u in b.state.units if u.id == "D"], values=VALUES,
                    hexes={TARGET: {"owner": "central_powers"}})  # fmt: skip
    v = judge(RS, b2, "A", [TARGET], "ground", overrun=TARGET)
    assert not v.legal and v.reasons[0].rule == "6F1"  # no one-hex move into an overrun


def test_accel_and_reserve_may_not_overrun():
    assert _overrun(_board(), ["GW2:0302", TARGET], "accel").reasons[0].rule == "6B3"
    v = judge(RS, _board(), "A", ["GW2:0302", TARGET], "reserve", overrun=TARGET, target=TARGET)
    assert not v.legal and v.reasons[0].rule in ("6C", "4A3; 6C")


def test_a_blank_overrun_cost_names_the_cell():
    with pytest.raises(MissingChartValue, match="overrun_costs"):
        _overrun(_board(values={"zoc_costs": VALUES["zoc_costs"]}), ["GW2:0302", TARGET])


def test_retreat_before_overrun_is_offered_to_fast_cavalry():
    cav = unit_doc("C", "central_powers", "germany", "cavalry", TARGET, 1, 1, 7, "brigade")
    v = _overrun(_board(more=[cav]), ["GW2:0302", TARGET])
    assert v.legal and any("C (14D)" in e and "6F2" in e for e in v.effects)


def test_same_hex_overrun_costs_no_mp():
    units = [
        unit_doc("A", "entente", "france", "infantry", TARGET, 2, 20, 5),
        unit_doc("D", "central_powers", "germany", "infantry", TARGET, 2, 1, 4, "division"),
    ]
    b = mini_board(M, units, values=VALUES)
    v = judge(RS, b, "A", [TARGET], "ground", overrun=TARGET)
    assert v.legal and v.mp == 0 and v.changes.removed == ("D",)


def test_cli_exit_codes(tmp_path):
    b = _board()
    write_mapdata(M, tmp_path / "map.json")
    (tmp_path / "chart.toml").write_text(
        "[zoc_costs.standard]\nreduced_cost = 1\nother = 2\n"
        "[overrun_costs.overrun]\nreduced_cost = 1\nother = 2\n"
    )
    s = write(tmp_path, b.state.to_dict())
    base = ["move", str(tmp_path / "map.json"), str(s), "A", "GW2:0302", TARGET, "--ruleset", "grd-great-war"]
    base += ["--values", str(tmp_path / "chart.toml"), "--json"]
    r = CliRunner().invoke(main, [*base, "--with", f"overrun={TARGET}"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["overrun"]["defenders"] == ["D"]
    r = CliRunner().invoke(main, [*base, "--with", f"overrun={TARGET}", "--with", "defence=5"])
    assert r.exit_code == 1 and "6F1" in r.stdout


def test_an_approach_the_walk_refuses_is_refused_naming_the_mover_with_the_odds():
    m = mini_map(sides={("GW2:0202", "GW2:0302"): ("prohibited",)})
    units = [
        unit_doc("A", "entente", "france", "infantry", "GW2:0202", 2, 20, 5),
        unit_doc("D", "central_powers", "germany", "infantry", TARGET, 2, 1, 4, "division"),
    ]
    b = mini_board(m, units, values=VALUES, hexes={TARGET: {"owner": "central_powers"}})
    v = _overrun(b, ["GW2:0302"])
    assert not v.legal and v.reasons[0].rule == "6" and v.reasons[0].message.startswith("A: ")
    assert v.extra["overrun"]["defenders"] == ["D"]
