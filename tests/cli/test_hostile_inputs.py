# ruff: noqa: E501  (the table of cases reads best one case a line)
"""Broken and hostile inputs, as a careless or malicious user gives them: every one is exit 2 with a
message, never a traceback; the inputs are byte-identical afterwards and nothing is left beside the
output. Inputs that would ask for unbounded work are refused before it starts, with the figure."""

from __future__ import annotations

import errno
import io
import json
import shutil
import time
import zipfile
from pathlib import Path

import cv2
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.engine.queries import judge, position_of
from railhead.engine.rulesets.der_weltkrieg.sample import sample_state
from railhead.engine.rulesets.great_war_area.sample import sample_map as area_map
from railhead.engine.rulesets.great_war_area.sample import sample_state_doc as area_state
from railhead.exporters.vassal.check import read_roster, write_roster
from railhead.exporters.vassal.module import write_module
from railhead.exporters.vassal.saves import (
    deobfuscate,
    move_command,
    obfuscate,
    piece_command,
    read_entry,
    write_save,
)
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
    state = sample_state(m)
    (d / "state.json").write_text(json.dumps(state))
    legend = sample_legend()
    (d / "legend.toml").write_text(legend.to_toml())
    write_image(d / "scan.png", synthesize(m, legend, seed=2, level=0).image)
    # a VASSAL module of the map, its roster and a log of two drags, for vassal pieces, roster, check
    rs, board = position_of(m, d / "state.json")
    units = [u for u in board.state.units if u.cls != "fortress"]
    write_roster(units, d / "roster.csv")
    write_module(m, d / "game.vmod", roster=read_roster(d / "roster.csv"))
    write_save(d / "game.vlog", *_log_commands(m, units, lambda u, path: judge(rs, board, u, path).legal))
    # the area game's sample position, for act
    write_mapdata(area_map(), d / "amap.json")
    (d / "astate.json").write_text(json.dumps(area_state()))
    return d


def _log_commands(m, units, legal) -> tuple[list[str], list[str]]:
    """Pieces of ``units`` at their hexes' centres and a log moving the first two one hex each, to a
    hex ``legal(unit, hex)`` allows (the log as written is all legal)."""

    def at(h):
        x, y = m.center(h)
        return ("Main Map", round(x), round(y))

    pieces = [piece_command(str(k), u.id, *at(u.hex)) for k, u in enumerate(units, start=1)]
    moves = []
    for k, u in enumerate(units[:2], start=1):
        step = next(n for n in sorted(m.neighbours(u.hex)) if legal(u.id, [u.hex, n]))
        moves.append(move_command(str(k), *at(step), at(u.hex)))
    return pieces, moves


def _log_text(base) -> str:
    return deobfuscate(read_entry(base / "game.vlog", "savedGame"))


def _zip_with(base, name: str, entries: dict[str, bytes]) -> bytes:
    """The bytes of ``base/name`` (a zip) with some entries replaced."""
    out = io.BytesIO()
    with zipfile.ZipFile(base / name) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for n in src.namelist():
            dst.writestr(n, entries.get(n, src.read(n)))
    return out.getvalue()


def _damaged_deflate(base) -> bytes:
    """The log with bytes inside the savedGame entry's compressed data flipped (its header intact)."""
    raw = bytearray((base / "game.vlog").read_bytes())
    with zipfile.ZipFile(base / "game.vlog") as zf:
        info = zf.getinfo("savedGame")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 8, start + min(40, info.compress_size - 4)):
        raw[i] ^= 0x55
    return bytes(raw)


def _cut_log(base) -> bytes:
    """The log whose command stream lost its second half (the zip itself is sound)."""
    text = _log_text(base)
    return _zip_with(base, "game.vlog", {"savedGame": obfuscate(text[: len(text) // 2])})


def _deep_module(base) -> bytes:
    with zipfile.ZipFile(base / "game.vmod") as zf:
        build = zf.read("buildFile.xml").decode()
    n = 200_000
    end = build.rindex("</")
    deep = build[:end] + "<a>" * n + "</a>" * n + build[end:]
    return _zip_with(base, "game.vmod", {"buildFile.xml": deep.encode()})


def _roster(base, old: str, new: str) -> str:
    text = (base / "roster.csv").read_text()
    assert old in text
    return text.replace(old, new, 1)


def _area_state(mutate):
    doc = area_state()
    mutate(doc)
    return json.dumps(doc)


AREA_LEGEND = """format = "railhead.legend/1"
[grid]
[areas]
border = "#6b2417"
[[area]]
name = "sand"
color = "#eadfb4"
kind = "land"
"""


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
    # issue 30: tracebacks
    "vlog-deflate": (("bad.vlog", _damaged_deflate), ["vassal", "pieces", "{bad}"],
                     "bad.vlog: savedGame cannot be read: its compressed data is damaged"),
    "vlog-deflate-check": (("bad.vlog", _damaged_deflate),
                           ["check", "{bad}", "--module", "{vmod}", "--map", "{map}", "--roster", "{roster}"],
                           "bad.vlog: savedGame cannot be read: its compressed data is damaged"),
    "synth-seed-negative": ((None, None), ["synth", "{map}", "--legend", "{legend}", "--out", "{out}.png", "--seed", "-1"],
                            "Invalid value for '--seed'"),
    "gis-line-polygon": ((None, None), ["digitize-gis", "{gpkg}", "--hex-size", "60", "--line", "rail=hexes",
                                        "--out", "{out}.json"],
                         "--line rail=hexes: layer 'hexes' holds Polygon geometry; expected lines"),
    "module-deep": (("bad.vmod", _deep_module), ["roster", "{bad}", "--out", "{out}.csv"],
                    "bad.vmod: the build file nests elements 200,00"),
    "digitize-area-legend": (("bad.toml", AREA_LEGEND), ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"],
                             "bad.toml: an area map's legend ([areas], [[area]]): digitize reads hex maps; use railhead digitize-areas"),
    "print-map-no-such-sheet": ((None, None), ["print-map", "{map}", "--out", "{out}.pdf", "--sheet", "west"],
                                "--sheet west: the map has no such sheet"),
    # issue 30: wrong answers given as right
    "vlog-cut": (("bad.vlog", _cut_log), ["vassal", "pieces", "{bad}"],
                 "bad.vlog: the savedGame stream is cut short: it opens with begin_save but has no end_save"),
    "synth-out-is-truth": ((None, None), ["synth", "{map}", "--legend", "{legend}", "--out", "{out}.png", "--truth", "{out}.png"],
                           "--truth names the same file as --out"),
    "legend-woods-is-clear": (("bad.toml", lambda b: (b / "legend.toml").read_text().replace("#8fbf6a", "#ece6cc")),
                              ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"],
                              "bad.toml: terrain[1].color: #ece6cc is the colour of clear, woods: two terrains printed in one colour"),
    "charts-values-lots": (("bad.toml", '[tec.swamp]\nL = "lots"\n'),
                           ["charts", "death-of-empires", "--values", "{bad}", "--out", "{out}.pdf"],
                           "bad.toml: tec.swamp.L: expected a movement point cost"),
    "charts-values-negative": (("bad.toml", '[tec.swamp]\nL = "-5"\n'),
                               ["charts", "death-of-empires", "--values", "{bad}", "--out", "{out}.pdf"],
                               "bad.toml: tec.swamp.L: expected a movement point cost (a number of 0 or more"),
    "values-of-another-ruleset": (("bad.toml", '[tec.swamp]\nL = "3"\n'),
                                  ["reach", "{map}", "{state}", "GE-1", "--values", "{bad}"],
                                  "bad.toml: tec: unknown table 'tec'"),
    "check-values-of-another-ruleset": (("bad.toml", '[tec.swamp]\nL = "3"\n'),
                                        ["check", "{vlog}", "--module", "{vmod}", "--map", "{map}", "--roster", "{roster}",
                                         "--values", "{bad}"],
                                        "bad.toml: tec: unknown table 'tec'"),
    "nrc-negative": (("bad.json", lambda b: _area_state(lambda d: d["nrc_at_player_turn_start"].update(britain=-5))),
                     ["act", "{amap}", "{bad}", "grant", "giver=britain", "receiver=france", "amount=10"],
                     "bad.json: $.nrc_at_player_turn_start: britain: expected at least 0"),
    "nrc-missing-names-the-state": (("bad.json", lambda b: _area_state(lambda d: (d.pop("nrc_at_player_turn_start"),
                                                                             d.update(phase="reinforcement")))),
                                    ["act", "{amap}", "{bad}", "grant", "giver=britain", "receiver=france", "amount=10"],
                                    "bad.json: $.nrc_at_player_turn_start.britain"),
    "act-key-twice": ((None, None), ["act", "{amap}", "{astate}", "grant", "giver=britain", "giver=russia",
                                     "receiver=france", "amount=10"], "giver= is given twice"),
    "gis-terrain-unknown": ((None, None), ["digitize-gis", "{gpkg}", "--hex-size", "60", "--terrain", "hexes=lava",
                                           "--out", "{out}.json"], "--terrain 'lava': not a terrain of any ruleset"),
    "gis-rivers-polygon": ((None, None), ["digitize-gis", "{gpkg}", "--hex-size", "60", "--terrain", "hexes=clear",
                                          "--rivers", "hexes", "--out", "{out}.json"],
                           "--rivers: layer 'hexes' holds Polygon geometry; expected lines"),
    "grid-locate-nan": ((None, None), ["grid", "locate", "{map}", "nan", "5"], "X: expected a pixel position"),
    "roster-side-blames-roster": (("bad.csv", lambda b: _roster(b, ",central,", ",centrale,")),
                                  ["check", "{vlog}", "--module", "{vmod}", "--map", "{map}", "--roster", "{bad}"],
                                  "bad.csv: line 2, column side: piece 'GE-1': side 'centrale' is not a side"),
    "overrides-hex-blames-overrides": (("bad.toml", 'format = "railhead.overrides/1"\n[terrain]\n"9999" = "woods"\n'),
                                       ["digitize", "{scan}", "--legend", "{legend}", "--overrides", "{bad}",
                                        "--out", "{out}.json"],
                                       "bad.toml: terrain.9999: labelled hex '9999' (--labels or --overrides) is not on the sheet"),
    "roster-movement": (("bad.csv", "name,side,nation,class,size,strength,movement\nGE 1,central,germany,infantry,division,6,fast\n"),
                        ["vassal", "export", "{map}", "--out", "{out}.vmod", "--roster", "{bad}"],
                        "line 2, column movement: expected a movement allowance"),
}  # fmt: skip


def _names(base, tmp_path) -> dict:
    return {"map": base / "map.json", "state": base / "state.json", "legend": base / "legend.toml",
            "scan": base / "scan.png", "gpkg": base / "map.gpkg", "vmod": base / "game.vmod",
            "vlog": base / "game.vlog", "roster": base / "roster.csv", "amap": base / "amap.json",
            "astate": base / "astate.json", "out": tmp_path / "out"}  # fmt: skip


@pytest.mark.parametrize("name", CASES)
def test_hostile_input_is_exit_2_and_harms_nothing(base, tmp_path, name):
    (bad_name, text), args, message = CASES[name]
    names = _names(base, tmp_path)
    if bad_name:
        names["bad"] = tmp_path / bad_name
        content = text(base) if callable(text) else text
        if isinstance(content, bytes):
            names["bad"].write_bytes(content)
        else:
            names["bad"].write_text(content)
    before = {p: p.read_bytes() for p in [*base.iterdir(), *tmp_path.iterdir()]}
    r = CliRunner().invoke(main, [a.format(**names) for a in args])
    assert r.exit_code == 2, (name, r.output[-800:])
    assert message in r.stderr, (name, r.stderr[-800:])
    assert "Traceback" not in r.output
    assert {
        p: p.read_bytes() for p in [*base.iterdir(), *tmp_path.iterdir()]
    } == before  # nothing changed, nothing new


# ------------------------------------------------------------------ a machine that will not write
def _no_room(monkeypatch, tmp_path):
    """A full disk, as the libraries see it: PNGs are not written, GDAL cannot insert rows."""
    import pyogrio.raw
    from pyogrio.errors import FeatureError

    import railhead.files
    import railhead.pipeline.images as images

    calls = []

    def imwrite(path, image):  # the first image is written, then the disk is full
        calls.append(path)
        return len(calls) == 1 and cv2.imwrite(path, image)

    def ogr_write(*args, **kwargs):
        raise FeatureError("sqlite3_exec(INSERT INTO gpkg_contents ...) failed: database or disk is full")

    monkeypatch.setattr(images.cv2, "imwrite", imwrite)
    monkeypatch.setattr(pyogrio.raw, "ogr_write", ogr_write)
    monkeypatch.setattr(
        railhead.files.shutil, "disk_usage", lambda _p: shutil._ntuple_diskusage(10**9, 10**9, 0)
    )


def _read_only(monkeypatch, tmp_path):
    """A folder the user may not write in (the tests may run as root, who may: so it is simulated)."""
    real_mkdir = Path.mkdir

    def mkdir(self, *args, **kwargs):
        if tmp_path in self.parents or self == tmp_path / "ro":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", mkdir)


def _no_scheduler(monkeypatch, tmp_path):
    import railhead.pipeline.batch as batch

    monkeypatch.setattr(batch, "SCHEDULER_TIMEOUT_S", 1)
    (tmp_path / "scans").mkdir()
    shutil.copy(tmp_path.parent / "scan.png", tmp_path / "scans" / "a.png")


ENVIRONMENT = {
    # name: (set-up(monkeypatch, tmp_path), command, message, what must not exist afterwards)
    "demo-read-only": (_read_only, ["demo", "--out", "{tmp}/ro/demo"], "cannot write the demo here: Permission denied",
                       "ro"),
    "demo-full-disk": (_no_room, ["demo", "--out", "{tmp}/demo"], "demo/sample-scan.png: cannot write here (the disk is full)",
                       "demo"),
    "gpkg-full-disk": (_no_room, ["map", "export", "{map}", "--to", "{tmp}/x.gpkg"],
                       "x.gpkg: cannot write here (the disk is full): GDAL: sqlite3_exec", "x.gpkg"),
    "scheduler-unreachable": (_no_scheduler, ["digitize-batch", "{tmp}/scans", "--legend", "{legend}", "--out", "{tmp}/maps",
                                              "--scheduler", "tcp://127.0.0.1:9"],
                              "--scheduler tcp://127.0.0.1:9: no Dask scheduler answered within 1 s", "maps"),
}  # fmt: skip


@pytest.mark.parametrize("name", ENVIRONMENT)
def test_a_machine_that_will_not_write_is_exit_2_and_leaves_nothing(
    base, tmp_path_factory, monkeypatch, name
):
    setup, args, message, absent = ENVIRONMENT[name]
    tmp = tmp_path_factory.mktemp(name)
    (tmp.parent / "scan.png").exists() or shutil.copy(base / "scan.png", tmp.parent / "scan.png")
    setup(monkeypatch, tmp)
    names = {**_names(base, tmp), "tmp": tmp}
    before = {p: p.read_bytes() for p in base.iterdir()}
    started = time.monotonic()
    r = CliRunner().invoke(main, [a.format(**names) for a in args])
    assert r.exit_code == 2, (name, r.output[-800:], r.exception)
    assert message in r.stderr, (name, r.stderr[-800:])
    assert time.monotonic() - started < 60  # an unreachable scheduler fails fast
    assert not (tmp / absent).exists()  # no partial output, no empty folder
    assert [p.name for p in tmp.iterdir() if p.name.startswith(".railhead-tmp")] == []
    assert {p: p.read_bytes() for p in base.iterdir()} == before


# ------------------------------------------------------------------ valid input, read (issue 30)
def _two_sheets(base) -> str:
    from railhead.engine.rulesets.grd_great_war.sample import sample_map as grd_map
    from railhead.mapdata.io import mapdata_document

    return json.dumps(mapdata_document(grd_map()))


def _gridless_area_map(base) -> str:
    from railhead.mapdata.io import mapdata_document

    doc = mapdata_document(area_map())
    doc["sheets"] = [{"id": "board", "image": "board.png"}]  # contracts.md §2.1: an area map may have no grid
    return json.dumps(doc)


def _check_log(base, mutate) -> bytes:
    return _zip_with(base, "game.vlog", {"savedGame": obfuscate(mutate(_log_text(base)))})


def _first_piece_at(base, x: str) -> bytes:
    """GE-1 (piece 1) placed, and dragged from, an x VASSAL cannot read as a number."""
    text = _log_text(base)
    start = text.split("+/1/piece;;;;GE-1/Main Map;", 1)[1].split(";", 1)[0]
    return _check_log(base, lambda t: t.replace(f"GE-1/Main Map;{start};", f"GE-1/Main Map;{x};"))


CHECK = ["check", "{bad}", "--module", "{vmod}", "--map", "{map}", "--roster", "{roster}"]
SAID = {
    # name: (file, command, exit status, message)
    "print-map-first-sheet": (("bad.json", _two_sheets), ["print-map", "{bad}", "--out", "{out}.pdf", "--no-scan"], 0,
                              "note: the map has 2 sheets; printing the first"),
    "area-map-without-grid": (("bad.json", _gridless_area_map), ["map", "info", "{bad}"], 0, "areas: "),
    "area-map-without-grid-export": (("bad.json", _gridless_area_map), ["map", "export", "{bad}", "--to", "{out}.gpkg"], 0,
                                     "wrote "),
    "check-piece-at-1e20": (("bad.vlog", lambda b: _first_piece_at(b, "1e20")), CHECK, 3,
                            "not judged: move 1: GE-1: piece 'GE-1' starts at 0,"),
    "check-piece-at-nan": (("bad.vlog", lambda b: _first_piece_at(b, "NaN")), CHECK, 3,
                           "not judged: move 1: GE-1: piece 'GE-1' starts at 0,"),
    "check-unknown-map": (("bad.vlog", lambda b: _check_log(b, lambda t: t.replace("Main Map", "Other Map"))), CHECK, 3,
                          "starts on map 'Other Map', which the module does not have"),
    "check-renamed-piece": (("bad.vlog", lambda b: _check_log(b, lambda t: t.replace("GE-1/", "GE-1 (old)/", 1))), CHECK, 3,
                            "move 1: GE-1 (old): piece 'GE-1 (old)' is not in the roster"),
}  # fmt: skip


@pytest.mark.parametrize("name", SAID)
def test_valid_input_is_read_and_what_is_left_out_is_said(base, tmp_path, name):
    (bad_name, text), args, status, message = SAID[name]
    names = {**_names(base, tmp_path), "bad": tmp_path / bad_name}
    content = text(base)
    names["bad"].write_bytes(content if isinstance(content, bytes) else content.encode())
    r = CliRunner().invoke(main, [a.format(**names) for a in args])
    assert r.exit_code == status, (name, r.output[-800:], r.exception)
    assert message in r.output, (name, r.output[-800:])
    assert "Traceback" not in r.output


def test_an_area_map_without_grid_survives_its_geopackage_round_trip(base, tmp_path):
    (tmp_path / "a.json").write_text(_gridless_area_map(base))
    runner = CliRunner()
    assert (
        runner.invoke(
            main, ["map", "export", str(tmp_path / "a.json"), "--to", str(tmp_path / "a.gpkg")]
        ).exit_code
        == 0
    )
    r = runner.invoke(main, ["map", "import", str(tmp_path / "a.gpkg"), "--out", str(tmp_path / "b.json")])
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "b.json").read_text()) == json.loads((tmp_path / "a.json").read_text())


@pytest.mark.parametrize(
    ("name", "size", "args", "limit"),
    [
        ("big.json", 1 << 30, ["map", "info", "{bad}"], "536,870,912"),  # a 1 GB "map"
        (
            "big.toml",
            100 << 20,
            ["digitize", "{scan}", "--legend", "{bad}", "--out", "{out}.json"],
            "67,108,864",
        ),
    ],
)
def test_a_huge_file_is_refused_before_a_byte_is_read(base, tmp_path, monkeypatch, name, size, args, limit):
    """Map data over 512 MB and TOML over 64 MB are refused by their size alone: no map or legend
    is that large, and reading one would take the machine's memory (the files here are sparse)."""
    bad = tmp_path / name
    with bad.open("wb") as fh:
        fh.truncate(size)

    def guard(real):
        def read(self, *a, **k):
            assert self != bad, f"{bad} was read"
            return real(self, *a, **k)

        return read

    for attr in ("read_text", "read_bytes"):
        monkeypatch.setattr(Path, attr, guard(getattr(Path, attr)))
    r = CliRunner().invoke(main, [a.format(**{**_names(base, tmp_path), "bad": bad}) for a in args])
    assert r.exit_code == 2, (r.output[-800:], r.exception)
    assert f"{name}: the " in r.stderr and f"is {size:,} bytes, more than the {limit} allowed" in r.stderr, (
        r.stderr
    )
