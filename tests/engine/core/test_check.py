"""`railhead check` replays a VASSAL log through any ruleset: here the core's test ruleset."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.exporters.vassal.saves import move_command, piece_command, write_save
from railhead.mapdata.sample import sample_map

ROSTER = """name,side,nation,class,size,strength,movement
Red 1,red,,inf,division,6,3
Blue 1,blue,,inf,division,6,3
"""


def test_check_replays_a_log_through_the_test_ruleset(tmp_path, check_inputs):
    m = sample_map()
    files = check_inputs(m, ROSTER)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    start = next(
        h
        for h, x in m.hexes.items()
        if x.terrain == "clear" and m.hexes[m.neighbours(h)[2]].terrain == "clear"
    )
    step = m.neighbours(start)[2]
    far = next(h for h in m.hexes if m.distance(start, h) == 8)
    log = [move_command("1", *at(step), at(start)), move_command("1", *at(far), at(step))]
    write_save(
        tmp_path / "turn.vlog",
        [piece_command("1", "Red 1", *at(start)), piece_command("2", "Blue 1", *at("0101")),
         "Main MapBoardPicker\tMap\t0\t0"],
        log=log,
    )  # fmt: skip
    args = ["check", tmp_path / "turn.vlog", *files, "--ruleset", "toy", "--json"]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2 and [b["move"] for b in rep["illegal"]] == [2]
    assert (rep["illegal"][0]["from"], rep["illegal"][0]["to"], rep["illegal"][0]["rule"]) == (
        step,
        far,
        "T-4",
    )
