"""The referee's verdicts are the command line's: every move the rulesets' command-line tests make
(``railhead move ... --json``), asked over HTTP of a referee on the same sample, gives the same
record; a move the command line refuses with exit 2 is a 400 with the same message."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from served_helpers import TESTS, Served, cli, load_cases, sample_files

from railhead.errors import InputError

doe = load_cases("engine/death_of_empires/doe_cli_cases.py")
gmt = load_cases("engine/gmt_great_war/gmt_cli_cases.py")
gwa = load_cases("engine/great_war_area/gwa_cli_cases.py")
dw = load_cases("cli/dw_cli_cases.py")
grd = load_cases("engine/grd_great_war/grd_cli_cases.py")

CASES = [  # (sample, railhead move arguments after MAP STATE)
    # tests/cli/test_engine_commands.py: Der Weltkrieg's sample
    ("der-weltkrieg", ("GE-1", "1502", "1602")),  # legal, leaving an enemy ZOC (R10-7)
    ("der-weltkrieg", ("GE-1", "1301")),  # illegal (R6-11)
    *[("der-weltkrieg", a[3:]) for a, _ in dw.BAD_ARGUMENTS if a[0] == "move"],  # exit 2
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
    *[("death-of-empires", a) for a, _ in doe.SAMPLE_MOVES],
    *[("death-of-empires", a) for a, *_ in doe.RULE_REFUSALS],  # 7.23.A, 8.51, 8.54, 8.61
    *[("death-of-empires/boxes", a) for a, *_ in doe.BOXES],  # 2.66, 7.12, 3.46
]

CHANGED = [  # (sample, its state changed (None: as it is), values kept? (or a values file's text), move args)
    *[("death-of-empires", d, True, a) for d, a, _ in doe.BAD_INPUT],
    ("death-of-empires", None, False, doe.MISSING_CELL),  # 8.21: no values file
    ("gmt-great-war", gmt.BAD_DATE, True, gmt.BAD_DATE_MOVE),  # 3.6
    ("grd-great-war", None, grd.CHART, grd.RAIL_MOVE),  # 7A4, with the CLI test's chart values
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


def _changed_files(tmp_path: Path, sample: str, state: Any, values: bool | str) -> dict[str, Any]:
    files = sample_files(sample, tmp_path)
    if state is not None:
        doc = json.loads(files["state"].read_text())
        if all(k in doc for k in state):  # a few keys changed (gmt_cli_cases.BAD_DATE)
            doc.update(state)
        files["state"].write_text(json.dumps(doc if "units" not in state else state))
    if isinstance(values, str):
        (tmp_path / "chart.toml").write_text(values)
        return {**files, "values": tmp_path / "chart.toml"}
    return {**files, "values": files["values"] if values else None}


def _serve_refuses(files: dict[str, Any]) -> str:
    """`railhead serve` on these files: it must refuse at start (exit 2), once it has said its
    address; its message."""
    argv = [files["map"], "--ruleset", files["ruleset"], "--state", files["state"], "--port", "0"]
    argv += ["--values", files["values"]] if files["values"] is not None else []
    code = "from railhead.cli import main; main()"
    try:
        r = subprocess.run(
            [sys.executable, "-c", code, "serve", *map(str, argv)], capture_output=True, text=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        pytest.fail("railhead serve started on a position the command line refuses")
    assert r.returncode == 2, r.stderr
    address, _, message = r.stderr.partition("\n")  # the port is taken and said before the load
    assert address.startswith("referee: http://127.0.0.1:"), r.stderr
    return message.strip()


@pytest.mark.parametrize(
    ("sample", "state", "values", "args"), CHANGED, ids=[f"{k}:{' '.join(a)}" for k, _, _, a in CHANGED]
)
def test_move_on_a_changed_position_is_the_command_lines(tmp_path, sample, state, values, args):
    """A referee started on the CLI test's changed position (or without its values) answers as the
    command does; a position the command refuses (exit 2) is refused by `railhead serve` at start
    with the same message."""
    files = _changed_files(tmp_path, sample, state, values)
    code, out, err = cli(files, "move", *args)
    try:
        s = Served(files)
    except InputError as e:
        assert code == 2 and err.strip() == f"railhead: error: {e}"
        assert _serve_refuses(files) == err.strip()
        return
    try:
        _same_answer(s, "move", args, "POST", "/move", s.move_body(args))
    finally:
        s.stop()


def test_serve_refuses_the_bad_map_the_command_refuses(tmp_path):
    """great_war_area/test_cli.py's move on a map with a border to an unknown area: the command
    exits 2; `railhead serve` on that map refuses at start with the same message."""
    files = sample_files("great-war-area", tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(gwa.unknown_border(json.loads(files["map"].read_text()))))
    files["map"] = bad
    code, _, err = cli(files, "move", *gwa.BAD_MAP_MOVE)
    assert code == 2 and "atlantis" in err
    assert _serve_refuses(files) == err.strip()


# ----------------------------------------------------------------- every CLI move case is asked here
CLI_TESTS = {  # the command-line tests of `railhead move`, and the sample their cases run on
    "cli/test_engine_commands.py": "der-weltkrieg",
    "engine/gmt_great_war/test_cli.py": "gmt-great-war",
    "engine/grd_great_war/test_cli.py": "grd-great-war",
    "engine/great_war_area/test_cli.py": "great-war-area",
    "engine/death_of_empires/test_cli.py": "death-of-empires",
}
SERVED_TABLES = {  # each shared table (or case) the cases above ask over HTTP, by name
    "BAD_ARGUMENTS": dw.BAD_ARGUMENTS,
    "SAMPLE_MOVES": doe.SAMPLE_MOVES,
    "RULE_REFUSALS": doe.RULE_REFUSALS,
    "BOXES": doe.BOXES,
    "BAD_INPUT": doe.BAD_INPUT,
    "MISSING_CELL": [doe.MISSING_CELL],
    "BAD_DATE_MOVE": [gmt.BAD_DATE_MOVE],
    "BAD_MAP_MOVE": [gwa.BAD_MAP_MOVE],
    "RAIL_MOVE": [grd.RAIL_MOVE],
}
ASKED_ELSEWHERE = {  # a move whose path the test computes: the serve test computing it the same way
    "test_strategic_move_on_the_cli": "test_strategic_move_from_the_reach",
}
OPTIONS = {"--ruleset": 1, "--values": 1, "--png": 1, "--json": 0}  # the command's, not the move's


def _moves(table: list) -> int:
    """The `move` cases of a shared table (dw_cli_cases.BAD_ARGUMENTS also holds other commands)."""
    return sum(1 for row in table if not (isinstance(row[0], tuple) and row[0][0] in ("reach", "supply")))


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _move_invocations(source: str) -> tuple[list[tuple[str, ...]], set[str], list[str]]:
    """The `move` invocations of a CLI test file: literal argument tuples, the shared tables used,
    and the tests whose moves are neither (which must be asked elsewhere)."""
    tree = ast.parse(source)
    literal: list[tuple[str, ...]] = []
    tables: set[str] = set()
    opaque: list[str] = []
    shared = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
              and (n.module or "").endswith("_cli_cases") for a in n.names}  # fmt: skip
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        params: dict[str, str] = {}
        for dec in fn.decorator_list:
            if isinstance(dec, ast.Call) and ast.unparse(dec.func) == "pytest.mark.parametrize":
                table = _root(dec.args[1])
                if table in shared:
                    tables.add(table)
                    names = ast.literal_eval(dec.args[0])
                    params.update(
                        {p.strip(): table for p in (names.split(",") if isinstance(names, str) else names)}
                    )
        local = {t.id: n.value for n in ast.walk(fn) if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name)}  # fmt: skip
        for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
            at = [k for k, a in enumerate(call.args) if isinstance(a, ast.Constant) and a.value == "move"]
            if not at:
                continue
            words: list[Any] = []
            for a in call.args[at[0] + 3 :]:
                if isinstance(a, ast.Starred):
                    name = _root(a.value)
                    if name in params or name in shared:
                        tables.add(params.get(name, name))
                        words.append(None)
                    elif name in local and isinstance(local[name], ast.Tuple):
                        words += [
                            ast.literal_eval(e) if isinstance(e, ast.Constant) else "?"
                            for e in local[name].elts
                        ]
                    else:
                        words.append("?")
                else:
                    words.append(a.value if isinstance(a, ast.Constant) else "?")
            kept, skip = [], 0
            for w in words:
                if skip:
                    skip -= 1
                elif w in OPTIONS:
                    skip = OPTIONS[w]
                elif w is not None:
                    kept.append(w)
            if None in words and not kept:
                continue  # a shared table's case
            if "?" in kept:
                opaque.append(fn.name)
            else:
                literal.append(tuple(kept))
    return literal, tables, opaque


def test_every_move_of_the_command_line_tests_is_asked_over_http():
    """Each `railhead move` invocation in the rulesets' CLI tests is a case here: its arguments among
    CASES (on its ruleset's sample), or a shared table asked whole. A new CLI move case that is not
    asked over HTTP fails this test."""
    asked = {(k.split("/")[0], a) for k, a in CASES}
    count = 0
    for relative, sample in CLI_TESTS.items():
        literal, tables, opaque = _move_invocations((TESTS / relative).read_text())
        missing = [a for a in literal if (sample, a) not in asked]
        assert not missing, f"{relative}: move {missing} not asked over HTTP: add it to CASES"
        assert tables <= SERVED_TABLES.keys(), f"{relative}: tables {tables - SERVED_TABLES.keys()} not asked"
        assert set(opaque) <= ASKED_ELSEWHERE.keys(), f"{relative}: {opaque} compute their moves"
        found = len(literal) + sum(_moves(SERVED_TABLES[t]) for t in tables) + len(opaque)
        assert found, f"{relative}: no move invocation found: is the scan still reading it?"
        count += found
    assert count == 33, f"{count} CLI move cases (33 when written): check each new one is asked, then update"
