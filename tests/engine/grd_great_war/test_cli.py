"""`railhead move|reach|supply|rail|check --ruleset grd-great-war` on the sample, and the bad inputs
the issue names: a depot on no rail net, a transfer larger than the rules allow, a roll outside 1-6
(each a clear message and exit 2)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from grd_cli_cases import CHART, RAIL_MOVE
from grd_helpers import MAP, doc, write

from railhead.cli import main
from railhead.mapdata.io import write_mapdata


def _files(tmp_path, d=None):
    write_mapdata(MAP, tmp_path / "map.json")
    (tmp_path / "chart.toml").write_text(CHART)
    return str(tmp_path / "map.json"), str(write(tmp_path, d or doc())), str(tmp_path / "chart.toml")


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_move_reach_supply_rail_answer(tmp_path):
    m, s, v = _files(tmp_path)
    r = _run(
        "move",
        m,
        s,
        *RAIL_MOVE,
        "--ruleset",
        "grd-great-war",
        "--values",
        v,
        "--json",
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["rail"]["charges"]["entente:nw_europe_standard"]["res"] == 2  # artillery ×2 (7A4)
    r = _run("reach", m, s, "FR-RES", "--ruleset", "grd-great-war", "--values", v, "--json")
    assert r.exit_code == 0, r.output
    assert any(h["id"] == "GW2:0304" for h in json.loads(r.stdout)["hexes"])
    r = _run("reach", m, s, "FR-RES", "--mode", "strategic_rail", "--ruleset", "grd-great-war", "--json")
    assert r.exit_code == 0, r.output
    assert any(h["id"] == "GW2:0904" for h in json.loads(r.stdout)["hexes"])
    r = _run("supply", m, s, "--side", "entente", "--ruleset", "grd-great-war", "--values", v, "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)["units"]) == 7
    r = _run("rail", m, s, "--side", "entente", "--ruleset", "grd-great-war", "--json")
    assert r.exit_code == 0, r.output
    net = json.loads(r.stdout)["networks"][0]
    assert (net["capacity"], net["remaining"]) == (30, 26)  # two depots' upkeep (7A4)


def test_a_depot_on_no_rail_net_exits_2(tmp_path):
    d = doc()
    d["hexes"]["GW2:0102"] = {"depot": "operational"}
    m, s, _ = _files(tmp_path, d)
    r = _run("rail", m, s, "--side", "entente")
    assert r.exit_code == 2
    assert "GW2:0102 is on no rail net" in r.output and "11C1" in r.output


def test_a_transfer_of_more_than_3_res_exits_2(tmp_path):
    d = doc(
        rail_actions=[
            {
                "action": "transfer",
                "side": "central_powers",
                "from": "germany_standard",
                "to": "nw_europe_standard",
                "amount": 4,
            }
        ]
    )
    m, s, _ = _files(tmp_path, d)
    r = _run("rail", m, s, "--side", "central_powers")
    assert r.exit_code == 2
    assert "$.rail_actions[0]" in r.output and "7A5d" in r.output


def test_a_roll_outside_1_to_6_exits_2(tmp_path):
    m, s, _ = _files(tmp_path, doc(rolls=[7]))
    r = _run("rail", m, s, "--side", "entente")
    assert r.exit_code == 2
    assert "roll 7" in r.output and "1-6" in r.output


def test_a_blank_chart_cell_exits_2_naming_it(tmp_path):
    m, s, _ = _files(tmp_path)
    r = _run("supply", m, s, "--side", "entente")
    assert r.exit_code == 2
    assert "supply_lines" in r.output and "--values" in r.output


ROSTER = """name,side,nation,class,size,strength,movement
French brigade,entente,france,rifle,brigade,3,5
German division,central_powers,germany,infantry,division,9,5
"""


def test_check_replays_a_log(tmp_path, check_inputs):
    """A one-sheet GR/D map numbered without a sheet prefix (as the VASSAL module names its hexes):
    the brigade's second move, through three woods hexes (6 MP), is beyond its 5 MP."""
    from grd_helpers import mini_map

    from railhead.exporters.vassal.saves import move_command, piece_command, write_save

    woods = {f"{c:02d}{r:02d}": "woods" for c in range(1, 6) for r in range(3, 9)}
    m = mini_map(woods, cols=6, rows=8, sheet_id="")
    files = check_inputs(m, ROSTER)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [move_command("1", *at("0302"), at("0202")), move_command("1", *at("0305"), at("0302"))]
    write_save(
        tmp_path / "turn.vlog",
        [
            piece_command("1", "French brigade", *at("0202")),
            piece_command("2", "German division", *at("0608")),
            "Main MapBoardPicker\tMap\t0\t0",
        ],
        log=log,
    )
    (tmp_path / "chart.toml").write_text(CHART)
    r = _run(
        "check",
        tmp_path / "turn.vlog",
        *files,
        "--ruleset",
        "grd-great-war",
        "--values",
        tmp_path / "chart.toml",
        "--json",
    )
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2 and [b["move"] for b in rep["illegal"]] == [2]
    assert rep["illegal"][0]["rule"] == "6"
