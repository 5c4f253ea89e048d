"""Actions a ruleset declares besides moving (``[actions]`` in its data file): the core reads their
arguments off the command line, checks each against its declared kind, fills defaults and asks the
ruleset's ``action_<name>``. The toy ruleset declares ``lay_mines`` (T-8.2)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner
from test_core import board, cli, state, toy, unit

from railhead.cli import main
from railhead.engine.contract import Action, Field
from railhead.engine.queries import judge_action
from railhead.errors import InputError
from railhead.mapdata.sample import sample_two_sheet_map


def test_an_action_is_declared_with_its_arguments_and_defaults():
    a = toy().declarations.action("lay_mines")
    assert a.rule == "T-8.2"
    assert [f.name for f in a.args] == ["unit", "at", "mp"]
    assert a.defaults == {"mp": 1}
    with pytest.raises(InputError, match=r"unknown action 'dig' \(this ruleset's actions: lay_mines\)"):
        toy().declarations.action("dig")


def test_arguments_are_read_as_their_kind_and_checked():
    a = Action(
        "grant",
        args=(Field("to", "location"), Field("amount", "number", minimum=0), Field("count", "integer")),
        defaults={"count": 1},
    )
    known = {"0101", "0102"}.__contains__
    got = a.parse({"to": "0101", "amount": "5/2"}, known)
    assert got == {"to": "0101", "amount": Fraction(5, 2), "count": 1}
    assert isinstance(got["amount"], Fraction)
    for given, message in (
        ({"to": "0909", "amount": "1"}, "grant to: expected a location id of the map"),
        ({"to": "0101", "amount": "-1"}, "grant amount: expected at least 0"),
        ({"to": "0101", "amount": "lots"}, "grant amount: expected a number, not 'lots'"),
        ({"to": "0101", "amount": "1", "count": "2.5"}, "grant count: expected a whole number"),
        ({"amount": "1"}, r"action 'grant' needs to=\.\.\. \(it takes: to, amount, count\?\)"),
        ({"to": "0101", "amount": "1", "by": "x"}, "action 'grant' takes no argument 'by'"),
    ):
        with pytest.raises(InputError, match=message):
            a.parse(given, known)


def test_the_ruleset_judges_the_action_citing_its_rule():
    """T-8.2: mines are laid where the unit stands; T-4: with the MP it has left."""
    m = sample_two_sheet_map()
    b = board(m, state([unit("R1", "W:0503", movement=2, mp_spent=1)]))
    v = judge_action(toy(), b, "lay_mines", {"unit": "R1", "at": "W:0503"})
    assert v.legal and v.mp == 1 and v.effects == ("minefield laid in W:0503",)
    v = judge_action(toy(), b, "lay_mines", {"unit": "R1", "at": "W:0503", "mp": "3/2"})
    assert not v.legal and v.reasons[0].rule == "T-4"
    v = judge_action(toy(), b, "lay_mines", {"unit": "R1", "at": "W:0603"})
    assert not v.legal and v.reasons[0].rule == "T-8.2"


def test_act_on_the_command_line(tmp_path):
    m = sample_two_sheet_map()
    doc = state([unit("R1", "W:0503")])
    r = cli(tmp_path, m, doc, "act", "{map}", "{state}", "lay_mines", "unit=R1", "at=W:0503", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["effects"] == ["minefield laid in W:0503"]

    def act(*args):
        files = [str(tmp_path / "map.json"), str(tmp_path / "state.json")]
        return CliRunner().invoke(main, ["act", *files, *args])

    r = act("lay_mines", "unit=R1", "at=W:0603")
    assert r.exit_code == 1 and "lay_mines: ILLEGAL" in r.stdout and "T-8.2" in r.stdout
    for args, message in (
        (("lay_mines", "unit=R1"), "needs at=..."),
        (("lay_mines", "unit=R1", "W:0503"), "arguments of an action are KEY=VALUE, not 'W:0503'"),
        (("dig", "unit=R1"), "unknown action 'dig'"),
        (("lay_mines", "unit=R9", "at=W:0503"), "R9"),
    ):
        r = act(*args)
        assert r.exit_code == 2 and message in r.output, r.output
        assert "Traceback" not in r.output
