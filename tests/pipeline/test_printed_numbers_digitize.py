"""The digitizer and the printed numbers: a grid found with no clicks is renumbered when the
numbers printed in its hexes say it is off; a grid from --calibrate clicks is never renumbered
against the user, and the report says what the numbers read instead."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2
import numpy as np

from railhead.mapdata.grid import HexGrid
from railhead.pipeline.digitize import digitize


def _lattice_scan():
    """test_lattice's generated sheets (fills, texture, outlines, roads and labels), loaded by path:
    the test folders are not packages."""
    path = Path(__file__).with_name("test_lattice.py")
    spec = importlib.util.spec_from_file_location("_lattice_scans", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _numbered(seed: int = 3) -> tuple[np.ndarray, HexGrid, object]:
    """test_lattice's outlined sheet with each hex's number printed above its centre; its legend
    maker."""
    lattice = _lattice_scan()
    img, truth = lattice._scan("flat", "outline", 0.0, seed=seed)
    tall = truth.frame().hex_height
    for c, r in truth.coords():
        x, y = truth.center(c, r)
        text = truth.format_id(c, r)
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, tall / 130, 1)
        org = (int(x - tw / 2), int(y - 0.3 * tall + th / 2))
        cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, tall / 130, (30, 30, 30), 1, cv2.LINE_AA)
    return img, truth, lattice._legend


def _ids_at_centres(found: HexGrid, truth: HexGrid) -> int:
    """How many of ``truth``'s hexes ``found`` names alike at their centres."""
    return sum(
        found.format_id(*found.locate(*truth.center(c, r))) == truth.format_id(c, r)
        for c, r in truth.coords()
    )


def test_a_legend_one_row_off_is_renumbered_by_the_printed_numbers():
    """The legend says the rows start at 2; the print says 1. With no clicks the grid takes the
    printed numbering, and the report says so."""
    img, truth, legend = _numbered()
    found = digitize(img, legend("flat", cols=(1, 14), rows=(2, 12)))
    grid = found.map.sheets[0].grid
    assert _ids_at_centres(grid, truth) == len(truth)
    n = found.numbers
    assert n.confirmed or n.verdict == "corrected", n.to_report()
    assert n.sampled >= 20


def test_clicks_are_obeyed_and_the_numbers_read_otherwise_are_reported():
    """Three clicks naming every hex one row lower than printed: the grid follows the clicks,
    the printed numbers' correction is reported, not applied."""
    img, truth, legend = _numbered()
    clicks = []
    for c, r in [(2, 2), (12, 3), (6, 9)]:
        x, y = truth.center(c, r)
        clicks.append((x, y, truth.format_id(c, r + 1)))
    found = digitize(img, legend("flat", cols=(1, 14), rows=(2, 12)), calibration=clicks)
    grid = found.map.sheets[0].grid
    for x, y, hex_id in clicks:
        assert grid.format_id(*grid.locate(x, y)) == hex_id
    n = found.numbers
    assert n.verdict == "corrected" and n.kept == "your --calibrate clicks", n.to_report()
    assert n.best_shift == (0, -1)
    assert "NOT applied" in n.text() and n.to_report()["not_applied"]


def test_a_grid_found_with_no_clicks_but_numbered_a_column_off_is_renumbered(monkeypatch):
    """Whatever numbering the grid finder settles on, the digitizer renumbers a grid found with
    no clicks when the printed numbers correct it: here the finder's grid is numbered one column
    further, with the other columns shifted (the lattice itself is right)."""
    from railhead.pipeline import digitize as module
    from railhead.pipeline.lattice import GridSearch

    img, truth, legend = _numbered()
    wrong = HexGrid("flat", "odd", (2, 15), truth.rows, truth.id_format, truth.pixels)
    found_by_finder = GridSearch(wrong, 300, 358, 0.3, ((0.0, 48.0), (41.6, 24.0)))
    monkeypatch.setattr(module, "find_grid", lambda *a, **k: found_by_finder)
    found = digitize(img, legend("flat", cols=(2, 15), rows=(1, 11)))
    grid = found.map.sheets[0].grid
    assert _ids_at_centres(grid, truth) == len(truth) and grid.cols == truth.cols
    assert found.numbers.verdict == "corrected" and found.numbers.kept is None
    assert found.learning["grid_corners"]["renumbered_by_printed_numbers"].startswith("-1 column(s)")
