"""`railhead demo` runs the main job on the bundled sample and writes its outputs."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from railhead.cli import main


def test_demo_writes_its_outputs(demo):
    out, r = demo.folder, demo
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
    assert "3 of 3 move(s) judged, 1 illegal, 0 not judged" in r.output and ": R6-3: " in r.output
    page = (out / "check-report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "R6-3" in page
    assert (out / "sample-roster-proposed.csv").read_text().startswith("name,side,nation,class")


def test_demo_refuses_a_file_as_output_folder(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    r = CliRunner().invoke(main, ["demo", "--out", str(f)])
    assert r.exit_code == 2 and "is a file" in r.stderr


def _run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_demo_judges_moves_and_reports_supply_and_rail(demo):
    """What the demo says about its position is what the commands say about the files it wrote: the
    farthest move it found is legal, the walk into the enemy is refused by the rule it names, every
    unit of each side has a supply status, and the rail capacity it reports is the position's."""
    out = demo.folder
    files = (out / "sample-map.json", out / "sample-state.json")
    state = json.loads(files[1].read_text())
    legal = re.search(r"(\S+) can reach (\d+) hexes; the move to the farthest:\n\1: legal", demo.output)
    assert legal, demo.output[:3000]
    mover = legal.group(1)
    reach = json.loads(_run("reach", *files, mover, "--json").stdout)
    assert len(reach["hexes"]) - 1 == int(legal.group(2))
    farthest = max(reach["hexes"], key=lambda h: (h["mp"], len(h["path"]), h["id"]))
    r = _run("move", *files, mover, *farthest["path"][1:])
    assert r.exit_code == 0 and r.stdout.startswith(f"{mover}: legal"), r.output
    walk = re.search(
        rf"{mover} tries to walk into (\S+) at (\S+):\n{mover}: ILLEGAL.*\n"
        r"(?:  in the .* phase.*\n)?"  # the phase it was judged in
        r"  (R[0-9-]+): ",
        demo.output,
    )
    assert walk and walk.group(3) == "R6-11", demo.output[:3000]
    start = next(u["hex"] for u in state["units"] if u["id"] == mover)
    r = _run("move", *files, mover, walk.group(2))
    assert r.exit_code == 1 and "R6-11" in r.stdout and walk.group(2) in r.stdout and start in r.stdout, (
        r.output
    )
    for side in ("central", "entente"):
        assert f"supply of {side}" in demo.output
        rep = json.loads(_run("supply", *files, "--side", side, "--json").stdout)
        ground = {u["id"] for u in state["units"] if u["side"] == side and u.get("class") != "fortress"}
        assert {u["unit"] for u in rep["units"]} >= ground - {
            u["id"] for u in state["units"] if u.get("class") == "hq"
        }
        assert set(rep["summary"]) <= {"in supply", "reduced", "no supply line", "surrounded"}
        assert sum(rep["summary"].values()) == len(rep["units"])
        assert (out / f"supply-{side}.png").read_bytes()[:4] == b"\x89PNG"
    rail = json.loads(_run("rail", *files, "--side", "central", "--json").stdout)
    capacity = {n["pool"]: n["capacity"] for n in rail["networks"]}
    shown = re.search(r"germany: (\d+) of (\d+) used, (\d+) left", demo.output)
    assert shown and int(shown.group(2)) == capacity["germany"]  # the demo's HQ rail move spent some
    assert int(shown.group(1)) + int(shown.group(3)) == capacity["germany"] and int(shown.group(1)) > 0
    assert list(out.glob("reach-*.png")) and (out / "rail-central.png").read_bytes()[:4] == b"\x89PNG"
    from railhead.exporters.vassal.check import read_roster
    from railhead.exporters.vassal.modules import read_pieces

    roster = read_roster(out / "sample-roster.csv")
    assert set(roster) == {u["id"] for u in state["units"]}
    pieces = read_pieces(out / "sample.vmod")
    assert set(pieces) == set(roster)
