"""The commands with ``--ruleset great-war-area`` and area ids, and the bad input the issue names
(a border between unknown areas, a sea zone given as a unit's land area, an NRC bank below zero):
a clear message naming file and place, exit 2."""

import json

import pytest
from click.testing import CliRunner
from gwa_cli_cases import BAD_MAP_MOVE, unknown_border

from railhead.cli import main
from railhead.engine.rulesets.great_war_area.sample import sample_map, sample_state_doc
from railhead.mapdata.io import write_mapdata


@pytest.fixture
def files(tmp_path):
    m, s = tmp_path / "map.json", tmp_path / "state.json"
    write_mapdata(sample_map(), m)
    s.write_text(json.dumps(sample_state_doc()))
    return m, s


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_move_reach_supply_rail(files):
    """[9.3.1], [9.2], [11], [5.1]: every question answers on the sample area map by area id."""
    m, s = files
    r = run("move", m, s, "FR-1C", "burgundy", "paris", "lorraine", "--ruleset", "great-war-area", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["mp"] == 2
    r = run("move", m, s, "FR-1A", "paris", "lorraine", "artois", "--mode", "strategic", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["nrc"] == 1
    r = run("move", m, s, "FR-1A", "paris", "lorraine", "ruhr", "hanover", "--json")
    assert r.exit_code == 1 and json.loads(r.stdout)["reasons"][0]["rule"] == "9.3.5"
    r = run("reach", m, s, "FR-1A", "--json")
    assert r.exit_code == 0 and "artois" in r.stdout
    r = run("supply", m, s, "--side", "allies", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["summary"] == {"in supply": 6}
    r = run("rail", m, s, "--side", "allies", "--json")
    assert r.exit_code == 0
    pools = {p["pool"]: p for p in json.loads(r.stdout)["networks"]}
    assert pools["france"]["remaining"] == 30 and pools["france"]["strategic_movement"]["cap"] == 3


def test_border_between_unknown_areas(files, tmp_path):
    """contracts §2.1: a border names two areas of the map."""
    m, s = files
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(unknown_border(json.loads(m.read_text()))))
    r = run("move", bad, s, *BAD_MAP_MOVE)
    assert r.exit_code == 2
    assert "atlantis" in r.stderr and "bad.json" in r.stderr and "borders" in r.stderr
    assert "Traceback" not in r.output


def test_sea_zone_given_as_a_land_area(files, tmp_path):
    """[1.2], [9]: a ground unit stands in a land area, never in a sea zone."""
    m, s = files
    doc = json.loads(s.read_text())
    doc["units"][0]["location"] = "north_sea"
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "allies")
    assert r.exit_code == 2
    assert "$.units[0].hex" in r.stderr and "north_sea" in r.stderr and "land area" in r.stderr


@pytest.mark.parametrize(
    ("ledger", "where"),
    [
        ({"period": "game", "capacity": {"france": {"value": -3, "rule": "5.1"}}}, "capacity.france"),
        (
            {
                "period": "game",
                "capacity": {"france": {"value": 2, "rule": "5.1"}},
                "pools": {
                    "france": [{"unit": "FR-1A", "amount": 5, "what": "strategic movement", "rule": "9.2"}]
                },
            },
            "$.ledgers.nrc.pools.france",
        ),
    ],
)
def test_nrc_bank_below_zero(files, ledger, where):
    """[5.1]: a bank is never below zero, stored so or spent so."""
    m, s = files
    doc = json.loads(s.read_text())
    doc["ledgers"]["nrc"] = ledger
    s.write_text(json.dumps(doc))
    r = run("rail", m, s, "--side", "allies")
    assert r.exit_code == 2
    assert where in r.stderr and "state.json" in r.stderr


def test_bad_alignment_is_named(files):
    """[2], [13]: a country's side is allies, central or neutral."""
    m, s = files
    doc = json.loads(s.read_text())
    doc["alignment"] = {"italy": "axis"}
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "allies")
    assert r.exit_code == 2
    assert "$.alignment" in r.stderr and "italy" in r.stderr and "axis" in r.stderr


def test_unknown_weather_area_is_named(files):
    """[14]: the Weather Areas are Mediterranean, Northeastern, Northwestern."""
    m, s = files
    doc = json.loads(s.read_text())
    doc["weather"] = {"southern": "winter"}
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "allies")
    assert r.exit_code == 2 and "$.weather.southern" in r.stderr


def test_a_hex_map_is_refused(tmp_path, files):
    """The Great War is played on an area map: a hex map is named as the wrong kind."""
    from railhead.mapdata.sample import sample_map as hex_sample

    _, s = files
    m = tmp_path / "hex.json"
    write_mapdata(hex_sample(), m)
    doc = json.loads(s.read_text())
    doc["units"] = []
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "allies")
    assert r.exit_code == 2 and "area map" in r.stderr


def test_a_naval_unit_in_a_land_area(files):
    """[8]: naval units stand in ports, maritime areas or on sea lanes."""
    m, s = files
    doc = json.loads(s.read_text())
    navy = next(k for k, u in enumerate(doc["units"]) if u["class"] == "squadron")
    doc["units"][navy]["location"] = "kent"
    s.write_text(json.dumps(doc))
    r = run("supply", m, s, "--side", "allies")
    assert r.exit_code == 2 and f"$.units[{navy}].hex" in r.stderr and "naval unit" in r.stderr
