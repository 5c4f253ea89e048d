"""The referee's verdicts are the command line's: every move the rulesets' command-line tests make
(``railhead move ... --json``), asked over HTTP of a referee on the same sample, gives the same
record; a move the command line refuses with exit 2 is a 400 with the same message."""

from __future__ import annotations

import json

import pytest

CASES = [  # (sample, railhead move arguments after MAP STATE)
    # tests/cli/test_engine_commands.py: Der Weltkrieg's sample
    ("der-weltkrieg", ("GE-1", "1502", "1602")),  # legal, leaving an enemy ZOC (R10-7)
    ("der-weltkrieg", ("GE-1", "1301")),  # illegal (R6-11)
    ("der-weltkrieg", ("XX-99", "1502")),  # exit 2: unknown unit
    ("der-weltkrieg", ("GE-1", "9999")),  # exit 2: unknown hex
    ("der-weltkrieg", ("GE-1", "1602")),  # exit 2: a gap in the path
    ("der-weltkrieg", ("GE-1", "1502", "--mode", "warp")),  # exit 2: no such mode
    ("der-weltkrieg", ("GE-1", "1502", "--mode", "rail", "--with", "colour=red")),  # exit 2: keyword
    # tests/engine/gmt_great_war/test_cli.py
    ("gmt-great-war", ("GE-1ID", "E5016")),
    ("gmt-great-war", ("GE-1ID", "E5016", "E5017", "E5018")),  # 8.22
    ("gmt-great-war", ("GE-3ID", "W6819", "--mode", "strategic")),  # exit 2: not adjacent
    # tests/engine/grd_great_war/test_cli.py (without its chart values)
    ("grd-great-war", ("FR-ART", "GW2:0704", "GW2:0604", "--mode", "rail")),
    ("grd-great-war", ("FR-1", "GW2:1004")),
    # tests/engine/great_war_area/test_cli.py
    ("great-war-area", ("FR-1C", "burgundy", "paris", "lorraine")),
    ("great-war-area", ("FR-1A", "paris", "lorraine", "artois", "--mode", "strategic")),
    ("great-war-area", ("FR-1A", "paris", "lorraine", "ruhr", "hanover")),  # 9.3.5
    # tests/engine/death_of_empires/test_cli.py
    ("death-of-empires", ("I-1", "1311")),
    ("death-of-empires", ("RES", "0610", "0710", "--mode", "rail")),
    ("death-of-empires/boxes", ("I-2", "1011", "1111")),  # 2.66: out of the HQ Holding Box
    ("death-of-empires/boxes", ("R-1", "0110")),  # 7.12: a reinforcement enters
    ("death-of-empires/boxes", ("R-1", "0310")),  # ... not there
    ("death-of-empires/boxes", ("III-25", "1611", "--with", "reaction_to=I-1")),  # exit 2: vacated
    ("death-of-empires/boxes", ("III-25", "1611", "--with", "reaction_to=I-1", "--with", "vacated=1311")),
    ("death-of-empires/boxes", ("I-1", "I-HQHB")),  # exit 2: not adjacent
]


def _same_answer(s, command: str, cli_args: tuple[str, ...], method: str, path: str, body=None) -> int:
    """Ask both ways; assert the same record (exit 0/1 -> 200) or message (exit 2 -> 400)."""
    code, out, err = s.cli(command, *cli_args)
    status, answer = s.http(method, path, body)
    if code == 2:
        assert status == 400, answer
        assert err.strip() == f"railhead: error: {answer['error']}"
    else:
        assert code in (0, 1), err
        assert status == 200, answer
        assert answer == json.loads(out)
    return code


@pytest.mark.parametrize(("sample", "args"), CASES, ids=[f"{k}:{' '.join(a)}" for k, a in CASES])
def test_move_verdict_is_the_command_lines(served, sample, args):
    s = served(sample)
    _same_answer(s, "move", args, "POST", "/move", s.move_body(args))


def test_every_kind_of_answer_is_among_the_cases(served):
    """The cases hold legal moves, illegal ones and refused input: none of the three is missing."""
    codes = {_same_answer(served(k), "move", a, "POST", "/move", served(k).move_body(a)) for k, a in CASES}
    assert codes == {0, 1, 2}


def test_strategic_move_from_the_reach(served):
    """GMT 9.0: the path the reach gives to the transit box, judged both ways (reach too)."""
    s = served("gmt-great-war")
    _same_answer(
        s,
        "reach",
        ("GE-3ID", "--mode", "strategic"),
        "POST",
        "/reach",
        {"unit": "GE-3ID", "mode": "strategic"},
    )
    _, reach = s.http("POST", "/reach", {"unit": "GE-3ID", "mode": "strategic"})
    path = {h["id"]: h["path"] for h in reach["hexes"]}["cp_transit"]
    args = ("GE-3ID", *path[1:], "--mode", "strategic")
    assert _same_answer(s, "move", args, "POST", "/move", s.move_body(args)) == 0


@pytest.mark.parametrize(
    ("sample", "command", "args", "path"),
    [
        ("der-weltkrieg", "reach", ("GE-1",), "/reach"),
        ("der-weltkrieg", "reach", ("GE-1", "--mode", "warp"), "/reach"),  # exit 2
        ("der-weltkrieg", "supply", ("--side", "entente"), "/supply?side=entente"),
        ("der-weltkrieg", "supply", ("--side", "martians"), "/supply?side=martians"),  # exit 2
        ("der-weltkrieg", "rail", ("--side", "central"), "/rail?side=central"),
        ("der-weltkrieg", "rail", (), "/rail"),  # the active side
        ("gmt-great-war", "rail", ("--side", "allied"), "/rail?side=allied"),
        ("great-war-area", "supply", ("--side", "allies"), "/supply?side=allies"),
        ("death-of-empires", "supply", (), "/supply"),
        ("death-of-empires", "rail", (), "/rail"),
        ("grd-great-war", "rail", ("--side", "entente"), "/rail?side=entente"),
    ],
)
def test_reach_supply_rail_are_the_command_lines(served, sample, command, args, path):
    s = served(sample)
    if command == "reach":
        body = {"unit": args[0], **({"mode": args[2]} if len(args) > 1 else {})}
        _same_answer(s, command, args, "POST", path, body)
    else:
        _same_answer(s, command, args, "GET", path)
