"""railhead check: a VASSAL log replayed through the Der Weltkrieg rules."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map

ROSTER = """name,side,nation,class,size,strength,movement
GE 1. ID,central,germany,infantry,division,6,5
FR 1re DI,entente,france,infantry,division,6,5
"""


def test_check_reports_the_illegal_move_with_its_rule(tmp_path):
    m = sample_map()
    write_mapdata(m, tmp_path / "map.json")
    write_module(m, tmp_path / "game.vmod")
    (tmp_path / "roster.csv").write_text(ROSTER)

    def at(h):
        return tuple(round(v) for v in m.center(h))

    ge, fr = ("Main Map", *at("1401")), ("Main Map", *at("1301"))
    log = [
        move_command("1", "Main Map", *at("1602"), ge),  # legal: 3 MP (see the demo)
        move_command("1", "Main Map", *at("2308"), ("Main Map", *at("1602"))),
    ]  # far too far
    write_save(
        tmp_path / "turn.vlog",
        [
            piece_command("1", "GE 1. ID", *ge),
            piece_command("2", "FR 1re DI", *fr),
            "Main MapBoardPicker\tMap\t0\t0",
        ],
        log=log,
    )
    args = [
        "check",
        str(tmp_path / "turn.vlog"),
        "--module",
        str(tmp_path / "game.vmod"),
        "--map",
        str(tmp_path / "map.json"),
        "--roster",
        str(tmp_path / "roster.csv"),
    ]
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2
    assert [b["move"] for b in rep["illegal"]] == [2]
    bad = rep["illegal"][0]
    assert (bad["from"], bad["to"], bad["rule"]) == ("1602", "2308", "R6-3")
    r = CliRunner().invoke(main, args[:-2] + ["--roster", str(tmp_path / "map.json")])
    assert r.exit_code == 2 and "roster" in r.stderr
