"""The Army HQs activation check of the reaction movement phase [4A4, 14M1, 14M2, 14M3, 14P1]:
``railhead act ... activation_check hq=ID``, a die of the core's dice on the Ground Success Table,
whose results the user's chart values give (the booklet prints none)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from grd_helpers import RS, mini_board, mini_map, unit_doc, write

from railhead.cli import main
from railhead.engine.apply import apply_move
from railhead.engine.queries import judge_action
from railhead.engine.values import MissingChartValue
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata

M = mini_map()
# a table that makes 4 or more a success, so each die is known to decide
TABLE = {"le0": "failure*", "1": "failure*", "2": "failure", "3": "failure", "4": "success"}
TABLE |= {"5": "success", "6": "success*", "ge7": "success*"}
VALUES = {"ground_success": {"result": TABLE}}


def _hq(uid="HQ1", side="central_powers", nation="germany", at="GW2:0302", **attrs):
    return unit_doc(uid, side, nation, "army_hq", at, 3, 0, 4, "army", **attrs)


def _board(*units, rolls=(4,), phase="reaction_movement", active="entente", values=VALUES):
    return mini_board(M, list(units), values=values, rolls=list(rolls), phase=phase, active_side=active)


def _act(b, **args):
    return judge_action(RS, b, "activation_check", {k: str(v) for k, v in args.items()})


def test_a_success_keeps_the_army_hq_active_14m1():
    b = _board(_hq(), rolls=[4])
    v = _act(b, hq="HQ1")
    assert v.legal and v.extra["activation"] == {
        "roll": 4,
        "modified": 4,
        "result": "success",
        "active": True,
    }
    assert v.rolls[0]["value"] == 4 and v.rolls[0]["source"] == "given"
    assert v.changes.unit_fields == {"HQ1": {"inactive": False}}


def test_a_failure_flips_it_inactive_and_reaction_movement_stops_14m1():
    b = _board(_hq(), rolls=[3])
    v = _act(b, hq="HQ1")
    assert v.legal and v.extra["activation"]["active"] is False
    after = apply_move(b, v, [], [], "act")
    assert after.unit("HQ1").attr("inactive") is True


def test_disrupted_and_coordination_modify_the_die_14m2_14m3():
    """14M2: -1 for a disrupted HQs; 14M3: -1 per HQs past the first, one check for all."""
    b = _board(_hq(disrupted=True), rolls=[4])
    v = _act(b, hq="HQ1")
    assert v.extra["activation"]["modified"] == 3 and v.extra["activation"]["active"] is False
    b = _board(_hq(), _hq("HQ2", at="GW2:0702"), _hq("HQ3", at="GW2:0902"), rolls=[5])
    v = _act(b, hq="HQ1", coordinate="HQ2,HQ3")
    assert v.extra["activation"]["modified"] == 3
    assert v.changes.unit_fields == {h: {"inactive": True} for h in ("HQ1", "HQ2", "HQ3")}
    v = _act(_board(_hq(), rolls=[3]), hq="HQ1", modifier=1)  # the player's stated modifiers
    assert v.extra["activation"]["modified"] == 4 and v.extra["activation"]["active"] is True


def test_the_die_comes_from_the_seed_when_none_is_given():
    v1 = _act(_board(_hq(), rolls=[]), hq="HQ1")
    v2 = _act(_board(_hq(), rolls=[]), hq="HQ1")
    assert v1.rolls[0]["source"] == "seed" and v1.rolls == v2.rolls


def test_only_the_reacting_players_active_army_hqs_are_checked_14m1():
    b = _board(_hq(side="entente", nation="france"))
    v = _act(b, hq="HQ1")
    assert not v.legal and v.reasons[0].rule == "4A4; 14M1"
    v = _act(_board(_hq(inactive=True)), hq="HQ1")
    assert not v.legal and v.reasons[0].rule == "14M1" and "inactive" in v.reasons[0].message
    inf = unit_doc("INF", "central_powers", "germany", "infantry", "GW2:0302", 2)
    v = _act(_board(inf), hq="INF")
    assert not v.legal and v.reasons[0].rule == "14M1" and "not an Army HQs" in v.reasons[0].message


def test_only_in_the_reaction_movement_phase_4a4():
    for phase in ("initial", "movement", "combat", "exploitation"):
        v = _act(_board(_hq(), phase=phase), hq="HQ1")
        assert not v.legal and v.reasons[0].rule == "4A4; 6D" and "reaction movement" in v.reasons[0].message


def test_a_blank_table_cell_is_bad_input_naming_it():
    with pytest.raises(MissingChartValue, match=r"ground_success.*result|\[ground_success\.result\]"):
        _act(_board(_hq(), rolls=[4], values={}), hq="HQ1")


def test_activation_check_from_the_command_line(tmp_path):
    write_mapdata(M, tmp_path / "map.json")
    chart = tmp_path / "chart.toml"
    chart.write_text("[ground_success.result]\n" + "".join(f'{k} = "{v}"\n' for k, v in TABLE.items()))

    def run(*units, rolls=(4,), values=True, args=("hq=HQ1",)):
        s = write(tmp_path, _board(*units, rolls=rolls).state.to_dict())
        cmd = ["act", str(tmp_path / "map.json"), str(s), "activation_check", *args, "--json"]
        cmd += ["--ruleset", "grd-great-war"] + (["--values", str(chart)] if values else [])
        return CliRunner().invoke(main, cmd)

    r = run(_hq(), rolls=[2])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["activation"]["active"] is False and out["rolls"][0]["value"] == 2
    r = run(_hq(inactive=True))
    assert r.exit_code == 1 and "14M1" in r.stdout
    r = run(_hq(), values=False)
    assert r.exit_code == 2 and "ground_success" in r.output
    r = run(_hq(), args=("hq=NOPE",))
    assert r.exit_code == 2


def test_a_leaders_influence_is_its_own_die_14p1():
    """14P1 (Haig's example, -1/0/1): the leader's die, rolled first, picks its leftmost rating on
    1-2, the center on 3-4, the rightmost on 5-6, which modifies the activation check die."""
    v = _act(_board(_hq(), rolls=[5, 3]), hq="HQ1", leader="-1/0/1")  # +1: 3 becomes 4, a success
    assert v.extra["activation"] == {"roll": 3, "modified": 4, "result": "success", "active": True}
    assert [r["value"] for r in v.rolls] == [5, 3] and v.rolls[0]["key"].startswith("leader")
    v = _act(_board(_hq(), rolls=[2, 4]), hq="HQ1", leader="-1/0/1")  # -1: 4 becomes 3, a failure
    assert v.extra["activation"]["modified"] == 3 and v.extra["activation"]["active"] is False
    v = _act(_board(_hq(), rolls=[4, 3]), hq="HQ1", leader="-1/0/1")  # the center rating, 0
    assert v.extra["activation"]["modified"] == 3
    with pytest.raises(InputError, match="three ratings"):
        _act(_board(_hq()), hq="HQ1", leader="2/0/1")
