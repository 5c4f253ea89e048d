"""Legends, images, calibration, overrides: bad input is a clear error, nothing half-written."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from railhead.cli import main
from railhead.errors import InputError
from railhead.mapdata.io import write_mapdata
from railhead.mapdata.sample import sample_map
from railhead.pipeline.digitize import digitize, load_image
from railhead.pipeline.images import write_image
from railhead.pipeline.legend import parse_legend, read_legend
from railhead.pipeline.overrides import apply_overrides, read_overrides
from railhead.pipeline.review import report, report_text
from railhead.pipeline.synth import degrade, render, synthesize


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def files(tmp_path, legend):
    m = sample_map()
    write_mapdata(m, tmp_path / "map.json")
    (tmp_path / "legend.toml").write_text(legend.to_toml())
    return tmp_path


def test_legend_round_trip_and_errors(tmp_path, legend):
    p = tmp_path / "l.toml"
    p.write_text(legend.to_toml())
    assert read_legend(p) == legend
    base = {"format": "railhead.legend/1", "terrain": [{"name": "clear", "color": "#ffffff"}]}
    with pytest.raises(InputError, match="unknown key"):
        parse_legend({**base, "terrian": []})
    with pytest.raises(InputError, match=r"terrain\[0\].color"):
        parse_legend({**base, "terrain": [{"name": "clear", "color": "white"}]})
    with pytest.raises(InputError, match="unknown key"):
        parse_legend({**base, "grid": {"hexwidth": 80}})
    with pytest.raises(InputError, match=r"terrain\[0\].on"):
        parse_legend({**base, "terrain": [{"name": "a", "color": "#000000", "on": "sky"}]})
    with pytest.raises(InputError, match="grid.terrain_on"):
        parse_legend({**base, "grid": {"terrain_on": "areas"}})
    with pytest.raises(InputError, match="listed twice"):
        parse_legend({**base, "terrain": [{"name": "a", "color": "#000000"}] * 2})
    p.write_text("format = [")
    with pytest.raises(InputError, match="malformed TOML"):
        read_legend(p)


def test_synth_is_seeded_and_reproducible(legend):
    m = sample_map()
    a, b = synthesize(m, legend, 3, 2), synthesize(m, legend, 3, 2)
    c = synthesize(m, legend, 4, 2)
    assert np.array_equal(a.image, b.image) and not np.array_equal(a.image, c.image)
    assert a.truth.sheets[0].grid.pixels == b.truth.sheets[0].grid.pixels


def test_not_an_image_and_too_large(tmp_path):
    bad = tmp_path / "scan.png"
    bad.write_text("not an image")
    with pytest.raises(InputError, match="not an image"):
        load_image(bad)
    big = tmp_path / "big.png"
    write_image(big, np.zeros((300, 400, 3), np.uint8))
    with pytest.raises(InputError, match="M pixels"):
        load_image(big, max_pixels=100_000)
    assert load_image(big).shape == (300, 400, 3)


def test_grid_not_found_says_to_calibrate(legend):
    blank = np.full((400, 500, 3), 240, np.uint8)
    with pytest.raises(InputError, match="--calibrate") as err:
        digitize(blank, legend, source="blank.png")
    assert err.value.file == "blank.png" and str(err.value).startswith("blank.png: ")


def test_cli_errors_about_the_scan_name_it_and_print_map_says_wrote_on_stderr(files, tmp_path):
    write_image(tmp_path / "blank.png", np.full((300, 300, 3), 240, np.uint8))
    r = run(
        "digitize", tmp_path / "blank.png", "--legend", files / "legend.toml", "--out", tmp_path / "o.json"
    )
    assert r.exit_code == 2 and f"{tmp_path / 'blank.png'}: " in r.stderr and "--calibrate" in r.stderr, (
        r.output
    )
    r = run("print-map", files / "map.json", "--out", tmp_path / "m.pdf", "--no-scan")
    assert r.exit_code == 0 and r.stdout == "" and "wrote " in r.stderr, r.output


def test_three_point_calibration(clean, legend):
    scan = degrade(clean, 2, seed=3)
    g = scan.truth.sheets[0].grid
    points = [(*g.center(*g.parse_id(h)), h) for h in ("0305", "1209", "2014")]
    found = digitize(scan.image, legend, calibration=points)
    fg = found.map.sheets[0].grid
    assert (fg.cols, fg.rows, fg.shifted) == (g.cols, g.rows, g.shifted)
    coords = np.array(list(g.coords()))
    err = np.linalg.norm(fg.centers(*coords.T) - g.centers(*coords.T), axis=1)
    assert err.max() < 1.0


def test_three_neighbouring_clicks_are_reported_with_the_figure(clean, legend):
    """Three neighbouring hexes carry a one-pixel slip across the whole map: the report says how far,
    with the corner fit's residual; with no printed corners to correct it, the grid is refused."""
    from railhead.pipeline.calibrate import WARN_DRIFT_HEX, calibration_drift, check_calibration

    scan = degrade(clean, 2, seed=3)
    g = scan.truth.sheets[0].grid
    near = [(*g.center(*g.parse_id(h)), h) for h in ("0101", "0201", "0102")]
    far = [(*g.center(*g.parse_id(h)), h) for h in ("0101", "2401", "0118")]  # three corners
    hex_px = g.frame().hex_width
    assert calibration_drift(far, scan.image.shape, hex_px) < WARN_DRIFT_HEX
    assert calibration_drift(near, scan.image.shape, hex_px) > 1  # 2 px clicks: over a hex
    found = digitize(scan.image, legend, calibration=near)
    warning = found.learning["grid_corners"]["warning"]
    assert "lie close together" in warning and "% of a hex" in warning and "residual" in warning
    assert "note: the three --calibrate points lie close together or nearly in a row" in report_text(
        report(found.map, found.doubtful, None, found.learning)
    )
    with pytest.raises(InputError, match="no printed hex corners were found to correct it"):
        check_calibration(0.8, None, hex_px)


def test_overrides_round_trip(tmp_path, clean, legend):
    scan = degrade(clean, 1, seed=2)
    found = digitize(scan.image, legend).map
    path = tmp_path / "fixes.toml"
    first_rail = next(ln for ln in found.lines if ln.kind == "rail")
    a, b = first_rail.hexes[:2]
    path.write_text(f'''format = "railhead.overrides/1"
[terrain]
"0505" = "swamp"
[[hexside]]
hexes = ["0101", "0102"]
features = ["river"]
[[edge]]
kind = "rail"
hexes = ["{a}", "{b}"]
present = false
''')
    fixed = apply_overrides(found, read_overrides(path), legend)
    assert fixed.hexes["0505"].terrain == "swamp" and fixed.hexes["0505"].confidence == 1.0
    assert fixed.hexside("0101", "0102").features == ("river",)
    assert (min(a, b), max(a, b)) not in fixed.line_edges("rail")
    # applying again changes nothing more: corrections are stable across re-runs
    again = apply_overrides(fixed, read_overrides(path), legend)
    assert again.line_edges("rail") == fixed.line_edges("rail")
    path.write_text('format = "railhead.overrides/1"\n[terrain]\n"0505" = "lava"\n')
    with pytest.raises(InputError, match="unknown terrain 'lava'"):
        apply_overrides(found, read_overrides(path), legend)


def test_cli_synth_then_digitize_with_overlay_and_report(files):
    d = files
    r = run(
        "synth",
        d / "map.json",
        "--legend",
        d / "legend.toml",
        "--out",
        d / "scan.png",
        "--truth",
        d / "truth.json",
        "--seed",
        1,
        "--degrade",
        2,
    )
    assert r.exit_code == 0, r.output
    r = run(
        "digitize",
        d / "scan.png",
        "--legend",
        d / "legend.toml",
        "--out",
        d / "found.json",
        "--overlay",
        d / "overlay.png",
        "--report",
        d / "report.json",
        "--truth",
        d / "truth.json",
        "--json",
    )
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    assert rep["accuracy"]["terrain_accuracy_pct"] >= 99.5
    assert json.loads((d / "found.json").read_text())["format"] == "railhead.mapdata/1"
    assert (d / "overlay.png").read_bytes()[:4] == b"\x89PNG"
    assert json.loads((d / "report.json").read_text())["hexes"] == 432


def test_cli_bad_inputs_write_nothing(files):
    d = files
    (d / "scan.png").write_text("junk")
    r = run("digitize", d / "scan.png", "--legend", d / "legend.toml", "--out", d / "out.json")
    assert r.exit_code == 2 and "not an image" in r.stderr and not (d / "out.json").exists()
    (d / "bad.toml").write_text('format = "railhead.legend/1"\n[[terrain]]\nname = "x"\ncolor = "#zzz"\n')
    r = run("synth", d / "map.json", "--legend", d / "bad.toml", "--out", d / "s.png")
    assert r.exit_code == 2 and "color" in r.stderr and not (d / "s.png").exists()
    write_image(d / "blank.png", np.full((300, 300, 3), 240, np.uint8))
    r = run("digitize", d / "blank.png", "--legend", d / "legend.toml", "--out", d / "out.json")
    assert r.exit_code == 2 and "--calibrate" in r.stderr and not (d / "out.json").exists()
    r = run(
        "digitize",
        d / "blank.png",
        "--legend",
        d / "legend.toml",
        "--out",
        d / "out.json",
        "--calibrate",
        "1,2",
    )
    assert r.exit_code == 2 and "X,Y=ID" in r.stderr


def test_render_uses_the_legend_colours(legend):
    m = sample_map()
    scan = render(m, legend, 0)
    g = scan.truth.sheets[0].grid
    woods = next(h for h in m.hexes.values() if h.terrain == "woods" and not h.features)
    x, y = g.center(*g.parse_id(woods.id))
    patch = scan.image[int(y) + 5 : int(y) + 15, int(x) - 20 : int(x) - 10].reshape(-1, 3)
    target = np.array(next(t.color for t in legend.terrain if t.name == "woods"))
    assert (np.abs(patch - target).max(axis=1) < 6).mean() > 0.5


def test_sheet_image_lies_under_the_maps_own_pixel_frame(legend):
    """The picture a map's sheet names (the demo writes it): each hex centre, at the map's own
    pixel frame, shows that hex's terrain colour."""
    from railhead.pipeline.synth import sheet_image

    m = sample_map()
    img = sheet_image(m, legend)
    colours = {t.name: np.array(t.color) for t in legend.terrain}
    hits = [
        np.abs(img[int(y), int(x)].astype(int) - colours[m.hexes[h].terrain]).max() < 40
        for h in m.hexes
        for x, y in [m.center(h)]
    ]
    assert np.mean(hits) > 0.8
