"""Grids refined on the printed hex corners: three clicks a few pixels off become a grid right to a
fraction of a pixel across the sheet."""

from __future__ import annotations

import numpy as np

from railhead.pipeline.calibrate import three_point_grid
from railhead.pipeline.corners import refine_grid
from railhead.pipeline.digitize import digitize
from railhead.pipeline.legend import parse_legend
from railhead.pipeline.synth import degrade


def _max_error(grid, truth_grid) -> float:
    coords = np.array(list(truth_grid.coords()))
    return float(np.linalg.norm(grid.centers(*coords.T) - truth_grid.centers(*coords.T), axis=1).max())


def test_sloppy_clicks_are_refined_on_the_corners(clean, legend):
    scan = degrade(clean, 3, seed=4)  # rotated, rescaled, blurred, noisy
    tg = scan.truth.sheets[0].grid
    rng = np.random.default_rng(0)
    picks = [(1, 1), (tg.cols[1], 1), (1, tg.rows[1])]
    clicks = [(*(np.array(tg.center(c, r)) + rng.uniform(-4, 4, 2)), tg.format_id(c, r)) for c, r in picks]
    doc = {
        "format": "railhead.legend/1",
        "grid": {**legend.grid, "cols": list(tg.cols), "rows": list(tg.rows)},
    }
    doc["grid"].pop("first")
    doc["terrain"] = [{"name": "clear", "color": "#ece6cc"}]
    rough = three_point_grid(clicks, parse_legend(doc), scan.image.shape)
    fit = refine_grid(scan.image, rough)
    assert fit is not None and fit.corners > 200 and fit.rms_px < 1.5
    before, after = _max_error(rough, tg), _max_error(fit.grid, tg)
    assert before > 2.0
    assert after < 0.6, (before, after)


def test_digitize_with_clicks_reports_the_corner_fit(clean, legend):
    scan = degrade(clean, 1, seed=4)
    tg = scan.truth.sheets[0].grid
    clicks = [(*tg.center(c, r), tg.format_id(c, r)) for c, r in [(1, 1), (tg.cols[1], 1), (1, tg.rows[1])]]
    clicks = [(x + 2.5, y - 2.0, h) for x, y, h in clicks]
    found = digitize(scan.image, legend, clicks)
    assert found.learning["grid_corners"]["corners"] > 200
    assert _max_error(found.map.sheets[0].grid, tg) < 0.6


def test_no_corners_no_refinement(legend):
    blank = np.full((400, 400, 3), 230, np.uint8)
    doc = {"format": "railhead.legend/1", "grid": {"cols": [1, 4], "rows": [1, 4]}}
    doc["terrain"] = [{"name": "clear", "color": "#e6e6e6"}]
    rough = three_point_grid(
        [(50, 50, "0101"), (290, 90, "0401"), (50, 290, "0104")], parse_legend(doc), (400, 400)
    )
    assert refine_grid(blank, rough) is None
