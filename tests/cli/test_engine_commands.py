"""`railhead move / reach / supply / rail`: verdicts, exit statuses, pictures, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dw_cli_cases import BAD_ARGUMENTS

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("pos")
    m = sample_map()
    write_mapdata(m, d / "map.json")
    state = sample_state(m)
    (d / "state.json").write_text(json.dumps(state))
    return d, m, state


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_move_legal_and_illegal(files):
    d, m, state = files
    r = run("move", d / "map.json", d / "state.json", "GE-1", "1502", "1602", "--json")
    assert r.exit_code == 0, r.output
    v = json.loads(r.stdout)
    assert v["legal"] and v["mp"] == 3 and [s["to"] for s in v["steps"]] == ["1502", "1602"]
    assert v["steps"][0]["parts"][-1] == {"what": "leave enemy ZOC", "mp": 1, "rule": "R10-7"}
    r = run("move", d / "map.json", d / "state.json", "GE-1", "1301")
    assert r.exit_code == 1 and "R6-11" in r.stdout and "ILLEGAL" in r.stdout


def test_reach_json_and_png(files, tmp_path):
    d, m, state = files
    png = tmp_path / "reach.png"
    r = run("reach", d / "map.json", d / "state.json", "GE-1", "--json", "--png", png)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    ids = {h["id"]: h for h in rep["hexes"]}
    assert ids["1602"]["mp"] == 3 and ids["1602"]["path"] == ["1401", "1502", "1602"]
    assert "1301" not in ids
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_supply_and_rail(files, tmp_path):
    d, m, state = files
    png = tmp_path / "supply.png"
    r = run("supply", d / "map.json", d / "state.json", "--side", "entente", "--json", "--png", png)
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["side"] == "entente" and len(rep["units"]) == sum(
        1 for u in state["units"] if u["side"] == "entente" and u["class"] != "hq"
    )
    assert png.exists()
    r = run("rail", d / "map.json", d / "state.json", "--side", "central")
    assert r.exit_code == 0 and "germany: 0 of 20 used" in r.stdout


def test_rail_png_colours_the_nets(files, tmp_path):
    import matplotlib.image as mpimg
    import numpy as np

    from railhead.exporters.engine_maps import NET_COLOURS

    d, m, state = files
    png = tmp_path / "rail.png"
    r = run("rail", d / "map.json", d / "state.json", "--side", "central", "--png", png)
    assert r.exit_code == 0 and "germany: 0 of 20 used" in r.stdout, r.output
    img = mpimg.imread(png)[..., :3]
    orange = np.array([int(NET_COLOURS[0][k : k + 2], 16) for k in (1, 3, 5)]) / 255
    assert (np.abs(img - orange).max(axis=2) < 0.05).sum() > 500
    r = run("rail", d / "map.json", d / "state.json", "--side", "martians", "--png", tmp_path / "x.png")
    assert r.exit_code == 2 and "unknown side 'martians'" in r.stderr and not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(("args", "message"), BAD_ARGUMENTS)
def test_bad_arguments_exit_2(files, args, message):
    d, _, _ = files
    r = run(*[a.format(map=d / "map.json", state=d / "state.json") for a in args])
    assert r.exit_code == 2 and message in r.stderr, r.output
    assert "Traceback" not in r.output


def test_bad_states_exit_2(files, tmp_path):
    d, m, state = files
    ocean = next(h for h, x in m.hexes.items() if x.terrain == "ocean")
    cases = {
        "ruleset": ({**state, "ruleset": "chess"}, "unknown ruleset 'chess'"),
        "ocean": ({**state, "units": [{**state["units"][0], "hex": ocean}]}, "ocean hex"),
        "hex": ({**state, "units": [{**state["units"][0], "hex": "4040"}]}, "unknown hex id '4040'"),
        "class": (
            {**state, "units": [{**state["units"][0], "class": "zeppelin"}]},
            "unknown unit class 'zeppelin'",
        ),
        "format": ({**state, "format": "railhead.mapdata/1"}, "expected format 'railhead.state/1'"),
    }
    for name, (doc, message) in cases.items():
        p = tmp_path / f"{name}.json"
        p.write_text(json.dumps(doc))
        r = run("reach", d / "map.json", p, state["units"][0]["id"])
        assert r.exit_code == 2 and message in r.stderr, (name, r.output)
        assert f"{name}.json" in r.stderr


def test_state_values_outside_the_rules_exit_2(files, tmp_path):
    """Values the rules do not allow are refused, naming the field (not silently judged)."""
    d, m, state = files
    first = state["units"][0]
    cases = {
        "month": ({**state, "month": 13}, "$.month: expected at most 12"),
        "weather": ({**state, "weather": "blizzard"}, "unknown weather 'blizzard'"),
        "capacity": ({**state, "rail_capacity": {"great britain": -3}}, "expected at least 0"),
        "movement": ({**state, "units": [{**first, "movement": -5}]}, "expected a movement allowance"),
        "option": ({**state, "options": {"minimum_move": "never"}}, "option 'minimum_move' takes one of"),
        "unknown_option": ({**state, "options": {"fog": True}}, "unknown option 'fog'"),
        "field": ({**state, "units": [{**first, "attrs": {"colour": "red"}}]}, "unknown unit field 'colour'"),
        "status": ({**state, "hexes": {first["hex"]: {"rail": "broken"}}}, "expected one of operative"),
    }
    for name, (doc, message) in cases.items():
        p = tmp_path / f"{name}.json"
        p.write_text(json.dumps(doc))
        r = run("reach", d / "map.json", p, first["id"])
        assert r.exit_code == 2 and message in r.stderr, (name, r.output)
        assert "Traceback" not in r.output
