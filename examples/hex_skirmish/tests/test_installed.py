"""Hex Skirmish is an outside distribution: railhead finds it through the entry point it declares,
and the command line moves, reaches and traces supply with it (HS-3 to HS-9)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytestmark = pytest.mark.usefixtures("installed")


def test_the_entry_point_registers_the_ruleset():
    from railhead.engine.api import ENTRY_POINT_GROUP, get_ruleset

    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert found.get("hex_skirmish") == "hex_skirmish.ruleset:RULESET"
    rs = get_ruleset("hex_skirmish")  # no register() call anywhere: the entry point alone
    assert rs.name == "Hex Skirmish" and rs.sides == ["north", "south"]


def railhead(*args) -> subprocess.CompletedProcess:
    beside = Path(sys.executable).with_name("railhead")  # the venv's command, as make test runs it
    exe = str(beside) if beside.exists() else shutil.which("railhead")
    assert exe, "the railhead command is neither beside this Python nor on PATH"
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, timeout=120)


def test_move_reach_and_supply_from_the_command_line(sample):
    m, s = sample
    ok = railhead("move", m, s, "N-1", "0604", "0605", "--ruleset", "hex_skirmish", "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["legal"] is True and json.loads(ok.stdout)["mp"] == 2
    # HS-6.2: entering S-1's zone of control at 0606 ends the move: a verdict, exit 1
    no = railhead("move", m, s, "N-1", "0604", "0605", "0606", "0607", "--ruleset", "hex_skirmish")
    assert no.returncode == 1 and "HS-6.2" in no.stdout
    r = railhead("reach", m, s, "N-1", "--mode", "rail", "--ruleset", "hex_skirmish", "--json")
    assert r.returncode == 0, r.stderr
    assert {h["id"]: h["mp"] for h in json.loads(r.stdout)["hexes"]} == {
        "0601": 0.5, "0602": 0.25, "0603": 0, "0604": 0.25, "0605": 0.5
    }  # fmt: skip
    sup = railhead("supply", m, s, "--side", "south", "--ruleset", "hex_skirmish", "--json")
    assert sup.returncode == 0, sup.stderr
    status = {u["unit"]: u["status"] for u in json.loads(sup.stdout)["units"]}
    assert status["S-4"] == "out of supply" and status["S-1"] == "in supply"


def test_a_phase_the_game_lacks_is_bad_input(sample, edit_state):
    m, s = sample
    edit_state(s, lambda d: d.update(phase="exploitation"))
    r = railhead("move", m, s, "N-1", "0604", "--ruleset", "hex_skirmish")
    assert r.returncode == 2 and "unknown phase 'exploitation'" in r.stderr
