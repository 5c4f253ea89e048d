"""railhead check: what a drag in a combat phase is taken for comes from who moved and where,
never from the side alone (Der Weltkrieg's Combat Phase, a log made with the module's turn
tracker). The phasing side attacks and advances (R15-1) but its units attacked by a Column
Attack retreat (R16-9 after R14-9); the defender retreats (R14-1) but advances after a Column
Attack (R16-9). An advance enters a hex the other side left in the phase; a drag anywhere else is
a retreat; a drag into such a hex is judged as both and says so."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_vassal_check import COMBAT_ROSTER, _phases_file, _turn, _with_turn_tracker

from railhead.cli import main
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.sample import sample_map

ROSTER = COMBAT_ROSTER + "GE HQ,central,germany,hq,army,0,4\n"


def _log(tmp_path, m, moves, name="combat.vlog"):
    """The Central Powers' Combat Phase: the French defender in 1301 (its HQ in 1101), the German
    attacker in 1401 (its HQ in 1602). ``moves``: (piece, from, to), ``to`` None for off the map."""

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    pieces = [
        piece_command("1", "GE 1. ID", *at("1401")),
        piece_command("2", "FR 1re DI", *at("1301")),
        piece_command("4", "FR HQ", *at("1101")),
        piece_command("6", "GE HQ", *at("1602")),
    ]
    log = [_turn("Central Powers Combat")]
    for pid, frm, to in moves:
        log.append(move_command(pid, *(at(to) if to else ("Dead Pile", 40, 40)), at(frm)))
    write_save(tmp_path / name, [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    return str(tmp_path / name)


@pytest.fixture
def combat(tmp_path, check_inputs):
    """check(moves, name): the exit status and the --json report of a check of ``_log(moves)``
    with the module's turn tracker mapped to the ruleset's phases."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    _with_turn_tracker(tmp_path / "game.vmod")
    phases = _phases_file(tmp_path, _log(tmp_path, m, []), files)

    def check(moves, name, log=None):
        log = log or _log(tmp_path, m, moves, name)
        r = CliRunner().invoke(main, ["check", log, *files, *phases, "--json"])
        return r.exit_code, json.loads(r.stdout)

    return check


def test_an_attacker_s_drag_where_no_enemy_left_is_a_retreat_r16_9_r14_11(combat):
    """R16-9, R14-8, R14-11: the German attacker dragged into 1302 — the French ZOC, no French unit
    left it — is a retreat (a Column Attack's), refused while 1501, out of the ZOC, is open; into 1501
    it is a legal retreat. (Taken for an advance, as it was, 1302 passed: it holds no enemy unit.)"""
    code, rep = combat([("1", "1401", "1302")], "zoc.vlog")
    assert code == 1, rep
    assert rep["steps"][0]["judged_as"] == "retreat"
    bad = rep["illegal"][0]
    assert bad["rule"] == "R14-11; R14-8"
    assert "1302 is a priority" in bad["why"] and "1502 (priority 1)" in bad["why"]
    code, rep = combat([("1", "1401", "1502")], "away.vlog")
    assert code == 0, rep
    assert rep["steps"][0]["judged_as"] == "retreat" and rep["illegal"] == [] and rep["not_judged"] == []


def test_a_drag_into_the_hex_the_other_side_left_is_judged_as_both_r15_1_r16_9(combat):
    """R15-1, R16-9: the German division leaves the map (eliminated) and the French defender is
    dragged into the hex it left, 1401: it may have been an advance after a Column Attack or a
    retreat, which the log does not say; as a retreat 1401 is refused (1201, towards its HQ, comes
    first, R14-11), as an advance it is legal: the drag is legal, judged as an advance, and the step
    says both were tried. The French drag into 1302, which no German unit left, is a retreat only."""
    code, rep = combat([("1", "1401", None), ("2", "1301", "1401")], "both.vlog")
    assert code == 3, rep  # the German drag off the map is listed, not judged
    assert [n["move"] for n in rep["not_judged"]] == [1] and rep["illegal"] == []
    assert rep["steps"][1]["judged_as"] == "advance" and rep["steps"][1]["legal"] is True
    assert rep["steps"][1]["drags_tried"] == ["retreat", "advance"]  # the French side's usual first

    code, rep = combat([("2", "1301", "1302")], "retreat.vlog")
    assert code == 1 and rep["steps"][0]["judged_as"] == "retreat"
    assert rep["illegal"][0]["rule"] == "R14-11; R14-8"


def test_a_drag_refused_as_both_kinds_names_both_refusals_r15_3_r29_13(tmp_path, combat):
    """R15-3, R29-13: German artillery dragged into the hex the French left is refused as an advance
    (artillery never advances) and as a retreat (artillery never retreats): both refusals given."""
    m = sample_map()

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    pieces = [
        piece_command("1", "GE 1. ID", *at("1401")),
        piece_command("2", "FR 1re DI", *at("1301")),
        piece_command("3", "GE Art", *at("1402")),
        piece_command("4", "FR HQ", *at("1101")),
        piece_command("6", "GE HQ", *at("1602")),
    ]
    log = [_turn("Central Powers Combat"), move_command("2", *at("1201"), at("1301"))]
    log.append(move_command("3", *at("1301"), at("1402")))
    write_save(tmp_path / "art.vlog", [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=log)
    code, rep = combat([], "", str(tmp_path / "art.vlog"))
    assert code == 1, rep
    bad = rep["illegal"][0]
    assert (bad["move"], bad["rule"]) == (2, "R15-3; R29-13")
    assert "as an advance: R15-3" in bad["why"] and "as a retreat: R29-13" in bad["why"]
    assert rep["steps"][1]["judged_as"] == "advance or retreat"
    assert rep["steps"][1]["drags_tried"] == ["advance", "retreat"]
