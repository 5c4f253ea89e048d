"""``railhead check --ruleset great-war-area``: a VASSAL log of moves between areas, replayed through
the rules, the pieces' positions named by the module's zones (one per area id)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.rulesets.great_war_area.sample import sample_map
from railhead.exporters.areaview import AreaShape
from railhead.exporters.vassal.saves import move_command, piece_command, write_save

ROSTER = """name,side,nation,class,size,strength,movement
French 1st Corps,allies,france,corps,corps,3,4
German 1st Army,central,germany,army,army,8,4
"""


def test_check_replays_area_moves(tmp_path, check_inputs):
    """[9.3.1]: Burgundy -> Lorraine (2 MP, by Paris) is legal; then Lorraine -> Switzerland is
    not: Switzerland is never entered [13.3]."""
    m = sample_map()
    files = check_inputs(m, ROSTER)
    shape = AreaShape(m)

    def at(area):
        return ("Main Map", *(round(v) for v in shape.centre(area)))

    log = [
        move_command("1", *at("lorraine"), at("burgundy")),
        move_command("1", *at("switzerland"), at("lorraine")),
    ]
    write_save(
        tmp_path / "turn.vlog",
        [piece_command("1", "French 1st Corps", *at("burgundy")),
         piece_command("2", "German 1st Army", *at("ruhr")),
         "Main MapBoardPicker\tMap\t0\t0"],
        log=log,
    )  # fmt: skip
    args = ["check", tmp_path / "turn.vlog", *files, "--ruleset", "great-war-area", "--json"]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2 and [b["move"] for b in rep["illegal"]] == [2]
    bad = rep["illegal"][0]
    assert (bad["from"], bad["to"], bad["rule"]) == ("lorraine", "switzerland", "13.3")
