"""`railhead move / reach / supply / rail / check --ruleset gmt-great-war` on the sample, and bad
input (a unit on the wrong front, a strategic move between fronts without a route, a month the
calendar lacks): a clear message and exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from gmt_cli_cases import BAD_DATE, BAD_DATE_MOVE
from gmt_helpers import RS, geo

from railhead.cli import main
from railhead.engine.rulesets.gmt_great_war.sample import sample_state, write_sample


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("gmt")
    map_file, state_file = write_sample(RS.data, d)
    return d, map_file, state_file


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def with_state(d, name, **changes):
    doc = sample_state()
    for k, v in changes.items():
        if k == "unit0_attrs":
            doc["units"][0]["attrs"] = v
        else:
            doc[k] = v
    path = d / name
    path.write_text(json.dumps(doc))
    return path


def test_move_legal_and_illegal(files):
    """8.1, 8.22: a legal step, and a step into an enemy-held hex refused with its rule (exit 1)."""
    d, m, s = files
    r = run("move", m, s, "GE-1ID", "E5016", "--ruleset", "gmt-great-war", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["legal"] is True
    r = run("move", m, s, "GE-1ID", "E5016", "E5017", "E5018", "--ruleset", "gmt-great-war")
    assert r.exit_code == 1 and "8.22" in r.stdout


def test_reach_supply_rail(files, tmp_path):
    """8.1, 11.0, 9.0: reach lists paths; supply reports every unit and draws it; rail the pools."""
    d, m, s = files
    r = run("reach", m, s, "GE-1CD", "--json")
    assert r.exit_code == 0, r.output
    hexes = {h["id"]: h for h in json.loads(r.stdout)["hexes"]}
    assert hexes["E5113"]["mp"] == 0 and len(hexes) > 10
    png = tmp_path / "supply.png"
    r = run("supply", m, s, "--side", "cp", "--json", "--png", png)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert len(rep["units"]) == sum(1 for u in sample_state()["units"] if u["side"] == "cp")
    assert png.read_bytes()[:4] == b"\x89PNG"
    r = run("rail", m, s, "--side", "allied", "--json")
    assert r.exit_code == 0, r.output
    pools = {p["pool"]: p["capacity"] for p in json.loads(r.stdout)["networks"]}
    assert pools["allied_west"] == 12 and pools["russian_east"] == 8 and pools["allied_sea_europe"] == 6


def test_strategic_move_on_the_cli(files):
    """9.0: Berlin's neighbour to the transit box: the path the reach gives is legal."""
    d, m, s = files
    r = run("reach", m, s, "GE-3ID", "--mode", "strategic", "--json")
    assert r.exit_code == 0, r.output
    dest = {h["id"]: h["path"] for h in json.loads(r.stdout)["hexes"]}
    assert "cp_transit" in dest
    r = run("move", m, s, "GE-3ID", *dest["cp_transit"][1:], "--mode", "strategic", "--json")
    assert r.exit_code == 0, r.output
    assert {e["pool"] for e in json.loads(r.stdout)["strategic"]} == {"cp_europe", "cp_near_east"}


def test_bad_input_unit_on_the_wrong_front(files):
    """3.12: a unit said to be on the Western front standing on an Eastern hex: exit 2."""
    d, m, _ = files
    s = with_state(d, "wrong-front.json", unit0_attrs={"front": "western"})
    r = run("supply", m, s, "--side", "cp")
    assert r.exit_code == 2
    assert "belongs to the western front but E5014 is on the eastern front" in r.output


def test_bad_input_strategic_move_between_fronts_without_a_route(files):
    """9.0: Berlin to Antwerp named without the route between the fronts: exit 2 naming the gap."""
    d, m, s = files
    r = run("move", m, s, "GE-3ID", "W6819", "--mode", "strategic")
    assert r.exit_code == 2
    assert "not adjacent" in r.output and "W6819" in r.output


def test_bad_input_month_the_calendar_lacks(files):
    """3.6, 18.15: the game runs from 1914-08 to 1919-06."""
    d, m, _ = files
    s = with_state(d, "bad-date.json", **BAD_DATE)
    r = run("move", m, s, *BAD_DATE_MOVE)
    assert r.exit_code == 2
    assert "the calendar has no turn '1913-05'" in r.output


def test_check_replays_a_log(tmp_path, check_inputs):
    """8.0, 8.21: `railhead check` replays a VASSAL log on the Italian front: a legal step, then an
    Austrian move of ten hexes on an allowance of 8 (doubled, 8.14)."""
    from railhead.exporters.vassal.saves import move_command, piece_command, write_save

    m = geo(("italian",))
    roster = "name,side,nation,class,size,strength,movement\nIT 1,allied,it,infantry,division,3,4\n"
    roster += "AH 1,cp,ah,infantry,division,3,4\n"
    opts = check_inputs(m, roster)

    def at(h):
        return ("Main Map", *(round(v) for v in m.center(h)))

    log = [move_command("1", *at("W2516"), at("W2515")), move_command("2", *at("W2020"), at("W2530"))]
    write_save(
        tmp_path / "turn.vlog",
        [piece_command("1", "IT 1", *at("W2515")), piece_command("2", "AH 1", *at("W2530")),
         "Main MapBoardPicker\titalian\t0\t0"],
        log=log,
    )  # fmt: skip
    r = run("check", tmp_path / "turn.vlog", *opts, "--ruleset", "gmt-great-war", "--json")
    assert r.exit_code == 1, r.output
    rep = json.loads(r.stdout)
    assert rep["moves"] == 2 and [b["move"] for b in rep["illegal"]] == [2]
    assert rep["illegal"][0]["rule"] == "8.21"


def test_bad_input_nation_on_a_front_closed_to_it(files):
    """17.21: Belgian units operate only on the Western Front map: one on the Eastern map is bad
    input, exit 2, naming the unit, hex and rule."""
    d, m, _ = files
    doc = sample_state()
    doc["units"][0]["nation"] = "be"
    doc["units"][0]["class"] = "infantry"
    s = d / "belgian-east.json"
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "cp")
    assert r.exit_code == 2
    assert "be units may operate only on the western front maps, not the eastern (17.21)" in r.output
