"""`railhead demo` runs the main job on the bundled sample and writes its outputs."""

from __future__ import annotations

import json

from click.testing import CliRunner

from railhead.cli import main


def test_demo_writes_its_outputs(tmp_path):
    out = tmp_path / "demo"
    r = CliRunner().invoke(main, ["demo", "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads((out / "sample-map.json").read_text())
    assert doc["format"] == "railhead.mapdata/1" and len(doc["hexes"]) == 432
    for sheet in doc["sheets"]:  # the sheet image the map names is written beside it
        assert (out / sheet["image"]).read_bytes()[:4] == b"\x89PNG", sheet["image"]
    assert (out / "sample-map.gpkg").stat().st_size > 10_000
    assert (out / "sample-overview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "432 hexes" in r.output
    assert "accuracy against the truth" in r.output
    assert (out / "sample-overlay.png").read_bytes()[:4] == b"\x89PNG"
    assert (out / "player-aids.pdf").read_bytes()[:5] == b"%PDF-" and "player aids" in r.output
    assert json.loads((out / "sample-digitized.json").read_text())["format"] == "railhead.mapdata/1"
    assert (out / "sample-map-print.pdf").read_bytes()[:5] == b"%PDF-" and "tiled map print" in r.output
    # the VASSAL path a user takes with their own module: roster -> check -> report page
    assert "3 moves checked, 1 illegal" in r.output and ": R6-3: " in r.output
    page = (out / "check-report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "R6-3" in page
    assert (out / "sample-roster-proposed.csv").read_text().startswith("name,side,nation,class")


def test_demo_refuses_a_file_as_output_folder(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    r = CliRunner().invoke(main, ["demo", "--out", str(f)])
    assert r.exit_code == 2 and "is a file" in r.stderr


def test_demo_judges_moves_and_reports_supply_and_rail(tmp_path):
    out = tmp_path / "demo"
    r = CliRunner().invoke(main, ["demo", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "legal" in r.output and "ILLEGAL" in r.output and "R6-11" in r.output
    assert "supply of central" in r.output and "supply of entente" in r.output
    assert "rail capacity of central" in r.output and "of 20 used" in r.output
    state = json.loads((out / "sample-state.json").read_text())
    assert state["format"] == "railhead.state/1" and len(state["units"]) > 10
    for name in ("supply-central.png", "supply-entente.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"
    assert list(out.glob("reach-*.png"))
    assert (out / "rail-central.png").read_bytes()[:4] == b"\x89PNG"
    from railhead.exporters.vassal.check import read_roster
    from railhead.exporters.vassal.modules import read_pieces

    roster = read_roster(out / "sample-roster.csv")
    assert set(roster) == {u["id"] for u in state["units"]}
    pieces = read_pieces(out / "sample.vmod")
    assert set(pieces) == set(roster)
