"""`railhead check --ruleset death-of-empires` replays a VASSAL log through these rules."""

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.rulesets.death_of_empires.sample import SAMPLE_VALUES, sample_map
from railhead.exporters.vassal.saves import move_command, piece_command, write_save

ROSTER = """name,side,nation,class,size,strength,movement
Inf 1,central,germany,combat,brigade,4,
Inf 2,entente,russia,combat,brigade,4,
"""


def test_check_replays_a_log(tmp_path, check_inputs):
    m = sample_map()
    files = check_inputs(m, ROSTER)
    (tmp_path / "values.toml").write_text(SAMPLE_VALUES)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [move_command("1", *at("0316"), at("0216")), move_command("1", *at("1116"), at("0316"))]
    write_save(
        tmp_path / "turn.vlog",
        [piece_command("1", "Inf 1", *at("0216")), piece_command("2", "Inf 2", *at("2816")),
         "Main MapBoardPicker\tMap\t0\t0"],
        log=log,
    )  # fmt: skip
    args = ["check", tmp_path / "turn.vlog", *files, "--ruleset", "death-of-empires", "--json"]
    r = CliRunner().invoke(main, [str(a) for a in [*args, "--values", tmp_path / "values.toml"]])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2 and [b["move"] for b in rep["illegal"]] == [2]
    assert rep["illegal"][0]["rule"].startswith("8.21.E")
