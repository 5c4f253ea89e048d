"""railhead check: a piece the log drags off the map (eliminated, or to a box off it) no longer
counts for the moves after it — its zone of control (R10-1, R10-7), its stack, its hex — and
counts again once the log brings it back onto the map (Der Weltkrieg, a log made with the
module's turn tracker)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_vassal_check import COMBAT_ROSTER, _phases_file, _turn, _with_turn_tracker

from railhead.cli import main
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.sample import sample_map

DEAD = ("Dead Pile", 40, 40)


@pytest.fixture
def check(tmp_path, check_inputs):
    """check(steps, name): the exit status and the --json report of a check of a log where the
    German 1. ID stands in 1401 and the French 1re DI in 1301 (next to it), with the module's turn
    tracker mapped to the ruleset's phases. ``steps``: a phase name, or (piece, from, to), ``to``
    None for off the map (the dead pile), ``from`` None from there."""
    m = sample_map()
    files = check_inputs(m, COMBAT_ROSTER)
    _with_turn_tracker(tmp_path / "game.vmod")

    def at(h):
        return DEAD if h is None else ("Main Map", *(round(v) for v in m.center(h)))

    def log(steps, name):
        pieces = [piece_command("1", "GE 1. ID", *at("1401")), piece_command("2", "FR 1re DI", *at("1301"))]
        cmds = [_turn(s) if isinstance(s, str) else move_command(s[0], *at(s[2]), at(s[1])) for s in steps]
        write_save(tmp_path / name, [*pieces, "Main MapBoardPicker\tMap\t0\t0"], log=cmds)
        return str(tmp_path / name)

    phases = _phases_file(tmp_path, log([], "empty.vlog"), files)

    def run(steps, name):
        r = CliRunner().invoke(main, ["check", log(steps, name), *files, *phases, "--json"])
        return r.exit_code, json.loads(r.stdout)

    return run


# the German division from 1401 to 1201 goes by 1302: it leaves the French ZOC and enters it twice
# (R10-7, a point each), 6 MP for its 5 (R6-3); with the French division gone, 2 MP
MOVE = ("Central Powers Movement", ("1", "1401", "1201"))


def test_a_move_past_the_hex_of_a_unit_dragged_off_the_map_is_legal(check):
    """The French division is eliminated in the Central Powers' combat phase (dragged to the dead
    pile): the German move past 1301 afterwards is legal; with the French division still there the
    same move is refused (R6-3, by the ZOC costs of R10-7)."""
    code, rep = check([*MOVE], "kept.vlog")
    assert code == 1 and [(b["move"], b["rule"]) for b in rep["illegal"]] == [(1, "R6-3")]
    code, rep = check(["Central Powers Combat", ("2", "1301", None), *MOVE], "gone.vlog")
    assert rep["illegal"] == [], rep["illegal"]
    assert code == 3  # the drag off the map itself is listed, not judged
    assert [(n["move"], n["piece"]) for n in rep["not_judged"]] == [(1, "FR 1re DI")]
    assert rep["steps"][1]["legal"] is True and rep["steps"][1]["from"] == "1401"


def test_a_unit_brought_back_onto_the_map_exerts_its_zoc_again(check):
    """Eliminated, then dragged from the dead pile back onto 1301 in the Entente's movement phase
    (no placement phase: listed, not judged as a move from where it stood), the French division
    counts again: the German move past it is refused (R10-1, R10-7, R6-3)."""
    steps = ["Central Powers Combat", ("2", "1301", None), "Entente Movement", ("2", None, "1301"), *MOVE]
    code, rep = check(steps, "back.vlog")
    assert code == 1
    assert [(b["move"], b["rule"]) for b in rep["illegal"]] == [(3, "R6-3")]
    why = {n["move"]: n["why"] for n in rep["not_judged"]}
    assert "brought back onto the map" in why[2] and rep["steps"][1]["from"] is None
    # a piece moved about off the map stays off it: listed, and the move past 1301 is legal
    steps = ["Central Powers Combat", ("2", "1301", None), ("2", None, None), *MOVE]
    code, rep = check(steps, "still_off.vlog")
    assert code == 3 and rep["illegal"] == []
    assert [n["move"] for n in rep["not_judged"]] == [1, 2]


def test_a_unit_brought_back_in_a_placement_phase_is_judged_as_a_placement_r25(check):
    """The German division eliminated in the Entente's combat phase and placed again in the Central
    Powers' Reinforcement Arrival Phase is judged as a placement (R25): beside the French division
    (its ZOC, R10-1) refused by R25-3, in 1801 legal."""
    off = ["Entente Combat", ("1", "1401", None), "Central Powers Reinforcement Arrival"]
    code, rep = check([*off, ("1", None, "1302")], "placed_bad.vlog")
    assert code == 1 and [(b["move"], b["rule"]) for b in rep["illegal"]] == [(2, "R25-3")]
    assert rep["steps"][1]["judged_as"] == "place"
    code, rep = check([*off, ("1", None, "1801")], "placed.vlog")
    assert rep["illegal"] == [] and rep["steps"][1]["judged_as"] == "place" and rep["steps"][1]["legal"]
