"""The commands with --ruleset death-of-empires on the sample (sample.py), and bad input: a facing
outside 0-5, a mode the unit cannot take, entraining off a station, a missing chart cell -> exit 2
with a clear message, never a traceback."""

import json

import pytest
from click.testing import CliRunner
from doe_cli_cases import BAD_INPUT, BOXES, MISSING_CELL, RULE_REFUSALS, SAMPLE_MOVES, boxes_state

from railhead.cli import main
from railhead.engine.rulesets.death_of_empires.sample import sample_state, write_sample


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return write_sample(tmp_path_factory.mktemp("doe"))


def run(files, *args, state=None, tmp=None):
    st = files["state"]
    if state is not None:
        st = tmp / "state.json"
        st.write_text(json.dumps(state))
    argv = [a.format(map=files["map"], state=st, values=files["values"]) for a in args]
    return CliRunner().invoke(main, argv)


@pytest.mark.parametrize(("args", "code"), SAMPLE_MOVES)
def test_moves_on_the_sample(files, args, code):
    r = run(
        files,
        "move",
        "{map}",
        "{state}",
        *args,
        "--ruleset",
        "death-of-empires",
        "--values",
        "{values}",
        "--json",
    )
    assert r.exit_code == code, r.output


def test_move_reach_supply_rail_check_work(files, tmp_path):
    r = run(files, "move", "{map}", "{state}", *SAMPLE_MOVES[0][0], "--values", "{values}", "--json")
    d = json.loads(r.stdout)
    assert d["legal"] and d["facing"] == 1 and d["steps"][0]["mode"] == "deployed"
    r = run(files, "reach", "{map}", "{state}", "I-1", "--values", "{values}", "--json")
    hexes = {x["id"]: x for x in json.loads(r.stdout)["hexes"]}
    assert hexes["1311"]["facing"] == 1 and hexes["1311"]["mode"] == "deployed"
    assert any(x["mode"] == "road" and x["facing"] is None for x in hexes.values())
    r = run(files, "supply", "{map}", "{state}", "--values", "{values}", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["main_depots"][0]["status"] == "medium_double"
    r = run(files, "rail", "{map}", "{state}", "--values", "{values}", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["networks"][0]["capacity"] == 23


def test_pictures(files, tmp_path):
    """--png: reach with facing arrows, supply, and the rail nets (friendly operational rail by side)."""
    for cmd in (
        ("reach", "{map}", "{state}", "I-1"),
        ("supply", "{map}", "{state}"),
        ("rail", "{map}", "{state}"),
    ):
        out = tmp_path / f"{cmd[0]}.png"
        r = run(files, *cmd, "--values", "{values}", "--png", str(out))
        assert r.exit_code == 0, r.output
        assert out.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("doc", "args", "message"), BAD_INPUT)
def test_bad_input_exits_2(files, tmp_path, doc, args, message):
    r = run(files, "move", "{map}", "{state}", *args, "--values", "{values}", state=doc, tmp=tmp_path)
    if message is None:
        assert r.exit_code in (0, 1)
        return
    assert r.exit_code == 2 and message in r.stderr, r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize(("args", "rule", "message"), RULE_REFUSALS)
def test_rule_refusals_exit_1_citing_the_rule(files, tmp_path, args, rule, message):
    """A move the rules forbid (7.23.A, 2.21.J, 8.51, 8.54, 8.61) is a verdict, exit 1 with the
    rule: never exit 2, which stays for input that cannot be read."""
    r = run(files, "move", "{map}", "{state}", *args, "--values", "{values}", "--json", tmp=tmp_path)
    assert r.exit_code == 1, r.output
    v = json.loads(r.stdout)
    assert not v["legal"] and v["reasons"][0]["rule"] == rule and message in v["reasons"][0]["message"]


@pytest.mark.parametrize(
    ("unit", "mode", "rule"),
    [("8A-MD", "ground", "7.23.A; 2.21.J"), ("I-1", "rail", "8.51"), ("I-1", "naval", "8.61")],
)
def test_reach_of_a_unit_the_rules_hold_is_its_hex_and_why(files, tmp_path, unit, mode, rule):
    """`reach` in a mode the rules do not let the unit use now: nowhere but its hex, citing the rule."""
    r = run(files, "reach", "{map}", "{state}", unit, "--mode", mode, "--values", "{values}", "--json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert len(rep["hexes"]) == 1 and rep["reasons"][0]["rule"] == rule


def test_missing_chart_cell_names_it(files, tmp_path):
    """8.21: the rulebook does not print woods for MR L; without a values file the move fails naming
    the cell tec.woods.L and where to put it."""
    doc = sample_state()
    r = run(files, "move", "{map}", "{state}", *MISSING_CELL, state=doc, tmp=tmp_path)
    assert r.exit_code == 2 and "[tec.woods]" in r.stderr and "L = VALUE" in r.stderr, r.output


@pytest.mark.parametrize(("args", "code", "text"), BOXES)
def test_boxes_and_reactions_through_the_commands(files, tmp_path, args, code, text):
    """2.66, 7.12, 3.46 on the sample: a unit moves out of I Corps' HQ Holding Box, a reinforcement
    enters from its box, a reaction is judged with --with reaction_to/vacated (without vacated: exit
    2); a reinforcement entering anywhere else is refused (exit 1), a step into a box not joined to
    the unit's hex is exit 2."""
    opts = ("--ruleset", "death-of-empires", "--values", "{values}", "--json")
    r = run(files, "move", "{map}", "{state}", *args, *opts, state=boxes_state(), tmp=tmp_path)
    assert r.exit_code in ((0, 1) if code is None else (code,)) and text in r.output, r.output
    if code in (0, 1):
        assert json.loads(r.stdout)["legal"] is (code == 0)
    if args == BOXES[0][0]:
        assert json.loads(r.stdout)["steps"][0]["from"] == "I-HQHB"
