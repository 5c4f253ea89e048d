# ruff: noqa: E501  (the table of cases reads best one case a line)
"""Broken and hostile inputs, as a careless or malicious user gives them: every one is exit 2 with a
message, never a traceback; the inputs are byte-identical afterwards and nothing is left beside the
output. Inputs that would ask for unbounded work are refused before it starts, with the figure."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.mapdata.gis import export_gpkg
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import sample_legend, synthesize


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    m = sample_map(cols=10, rows=8)
    write_mapdata(m, d / "map.json")
    export_gpkg(m, d / "map.gpkg")
    (d / "state.json").write_text(json.dumps(sample_state(m)))
    legend = sample_legend()
    (d / "legend.toml").write_text(legend.to_toml())
    write_image(d / "scan.png", synthesize(m, legend, seed=2, level=0).image)
    return d


def _map(base, mutate):
    doc = json.loads((base / "map.json").read_text())
    mutate(doc)
    return json.dumps(doc)


def _state(base, mutate):
    doc = json.loads((base / "state.json").read_text())
    mutate(doc)
    return json.dumps(doc)


def _frame(doc, **values):
    doc["sheets"][0]["grid"].setdefault("pixels", {"hex_width": 60, "hex_height": 69, "origin": [40, 40]})
    doc["sheets"][0]["grid"]["pixels"].update(values)


CASES = {
    # name: (file to write: (name, text or callable(base)), command, message)
    "json-nan": (("bad.json", lambda b: _map(b, lambda d: _frame(d, hex_width=float("nan")))),
                 ["map", "info", "{bad}"], "NaN is not a number"),
    "json-inf": (("bad.json", lambda b: _map(b, lambda d: _frame(d, hex_height=float("inf")))),
                 ["map", "info", "{bad}"], "Infinity is not a number"),
    "json-digits": (("bad.json", '{"format": "railhead.mapdata/1", "n": ' + "9" * 5000 + "}"),
                    ["map", "info", "{bad}"], "a number too long"),
    "json-deep": (("bad.json", "[" * 100_000 + "]" * 100_000), ["map", "info", "{bad}"], "nested too deeply"),
    "hex-width-huge": (("bad.json", lambda b: _map(b, lambda d: _frame(d, hex_width=1e308))),
                       ["grid", "center", "{bad}", "0101"], "up to 1e+06"),
    "sheet-huge": (("bad.json", lambda b: _map(b, lambda d: d["sheets"][0]["grid"].update(cols=[1, 900_000]))),
                   ["map", "info", "{bad}"], "railhead reads sheets of at most"),
    "movement-huge": (("bad.json", lambda b: _state(b, lambda s: s["units"][0].update(movement=1e308))),
                      ["reach", "{map}", "{bad}", "GE-1"], "expected a movement allowance"),
    "movement-inexact": (("bad.json", lambda b: _state(b, lambda s: s["units"][0].update(movement=4.0001))),
                         ["reach", "{map}", "{bad}", "GE-1"], "railhead cannot count it exactly"),
    "ledger-amount": (("bad.json", lambda b: _state(b, lambda s: s.update(ledgers={"rail": {"pools": {"x": [{"amount": "lots"}]}}}))),
                      ["reach", "{map}", "{bad}", "GE-1"], "$.ledgers.rail.pools.x[0].amount"),
    "ledger-type": (("bad.json", lambda b: _state(b, lambda s: s.update(ledgers={"rail": 5}))),
                    ["reach", "{map}", "{bad}", "GE-1"], "expected a ledger object"),
    "legend-first": (("bad.toml", lambda b: (b / "legend.toml").read_text().replace("first = [1, 1]", 'first = "a"')),
                     ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"], "grid.first"),
    "legend-id-format": (("bad.toml", lambda b: (b / "legend.toml").read_text().replace("{col:02d}{row:02d}", "{col.__class__}{row}")),
                         ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"], "grid.id_format"),
    "roster-quote": (("bad.csv", 'name,side,nation,class,size,strength,movement\n"GE 1,central,germany,infantry,division,6,5\n'),
                     ["vassal", "export", "{map}", "--out", "{out}.vmod", "--roster", "{bad}"], "line 2"),
    "calibrate-nan": ((None, None), ["digitize", "{scan}", "--legend", "{legend}", "--out", "{out}.json",
                                     "--calibrate", "nan,1=0101", "--calibrate", "200,3=0301", "--calibrate", "5,300=0104"],
                      "expected X,Y=ID with pixel numbers"),
    "calibrate-close": ((None, None), ["digitize", "{scan}", "--legend", "{legend}", "--out", "{out}.json",
                                       "--calibrate", "100,100=0101", "--calibrate", "100.01,100=0201",
                                       "--calibrate", "100,100.01=0102"], "a hex must be at least"),
    "hex-size-nan": ((None, None), ["digitize-gis", "{gpkg}", "--terrain", "hexes=clear", "--hex-size", "nan",
                                      "--out", "{out}.json"],
                     "--hex-size must be a positive number"),
    "hex-size-tiny": ((None, None), ["digitize-gis", "{gpkg}", "--terrain", "hexes=clear", "--hex-size", "0.001",
                                       "--out", "{out}.json"],
                      "railhead makes at most 1,000,000"),
    "board-px-tiny": ((None, None), ["vassal", "export", "{map}", "--out", "{out}.vmod", "--max-board-px", "10"],
                      "Invalid value for '--max-board-px'"),
    "hex-mm-huge": ((None, None), ["print-map", "{map}", "--out", "{out}.pdf", "--hex-mm", "1000000"],
                    "Invalid value for '--hex-mm'"),
    "print-pages": ((None, None), ["print-map", "{map}", "--out", "{out}.pdf", "--hex-mm", "500", "--scale", "100"],
                    "railhead prints at most 2,000"),
    # the published schemas (schemas/), at every reader
    "state-turn": (("bad.json", lambda b: _state(b, lambda s: s.update(turn=-1))),
                   ["reach", "{map}", "{bad}", "GE-1"], "$.turn: expected a whole number from 0 to 100,000"),
    "state-weather-list": (("bad.json", lambda b: _state(b, lambda s: s.update(weather=["mud"]))),
                           ["reach", "{map}", "{bad}", "GE-1"], "$.weather: expected a weather condition"),
    "map-id-long": (("bad.json", lambda b: _map(b, lambda d: d["hexes"][0].update(id="9" * 300))),
                    ["map", "info", "{bad}"], "$.hexes[0].id: 300 characters; railhead reads at most 200"),
    "legend-nan": (("bad.toml", lambda b: (b / "legend.toml").read_text().replace("[grid]", "[grid]\nhex_width_px = nan")),
                   ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"], "nan is not a number"),
    "legend-shared-colour": (("bad.toml", lambda b: (b / "legend.toml").read_text().replace("#c8402c", "#222222")),
                             ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"],
                             "line[1].color: #222222 is also the colour of line 'rail'"),
    "labels-type": (("bad.toml", 'format = "railhead.labels/1"\n[terrain]\n"0101" = 3\n'),
                    ["digitize", "{scan}", "--legend", "{legend}", "--labels", "{bad}", "--out", "{out}.json"],
                    "terrain.0101: expected a terrain name of the legend, found 3"),
    "values-inf": (("bad.toml", "[crt-standard.5]\n24 = inf\n"),
                   ["reach", "{map}", "{state}", "GE-1", "--values", "{bad}"], "inf is not a number"),
    "roster-movement": (("bad.csv", "name,side,nation,class,size,strength,movement\nGE 1,central,germany,infantry,division,6,fast\n"),
                        ["vassal", "export", "{map}", "--out", "{out}.vmod", "--roster", "{bad}"],
                        "line 2, column movement: expected a movement allowance"),
}  # fmt: skip


@pytest.mark.parametrize("name", CASES)
def test_hostile_input_is_exit_2_and_harms_nothing(base, tmp_path, name):
    (bad_name, text), args, message = CASES[name]
    names = {"map": base / "map.json", "state": base / "state.json", "legend": base / "legend.toml",
             "scan": base / "scan.png", "gpkg": base / "map.gpkg", "out": tmp_path / "out"}  # fmt: skip
    if bad_name:
        names["bad"] = tmp_path / bad_name
        names["bad"].write_text(text(base) if callable(text) else text)
    before = {p: p.read_bytes() for p in [*base.iterdir(), *tmp_path.iterdir()]}
    r = CliRunner().invoke(main, [a.format(**names) for a in args])
    assert r.exit_code == 2, (name, r.output[-800:])
    assert message in r.stderr, (name, r.stderr[-800:])
    assert "Traceback" not in r.output
    assert {
        p: p.read_bytes() for p in [*base.iterdir(), *tmp_path.iterdir()]
    } == before  # nothing changed, nothing new
