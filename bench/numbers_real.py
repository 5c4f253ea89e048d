"""Printed hex numbers read by OCR on every real hex map of ``../shared/realmaps/``.

Run: .venv/bin/python bench/numbers_real.py [--realmaps DIR] [--json OUT]

Per map (its scan, pieces registered into one sheet as ``railhead digitize`` does), against the
truth's grid fitted to the truth's centres on that sheet:

* how many hexes a number was read in, how many of those readings are the truth's id of the hex
  they lie in (the OCR's own accuracy, no grid involved), and how many agree with the grid's
  numbering after the fit (:func:`railhead.pipeline.printed_numbers.check_printed_numbers`);
* the verdict and its confidence, and the same for the truth's grid numbered one column off
  (odd shift flipped, as the picture demands) and one row off: the numbers must correct both;
* seconds (wall clock, and CPU time of every thread: the figure that does not grow with the
  machine's load) of the first read; the numbered-off grids reuse most of its readings.

Maps that print no numbers (Divine Right) must say so ("none"). Area maps (no hex grid) are
skipped. :func:`real_map_numbers` is what ``bench/digitize_real.py`` calls for its table.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np

from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.pipeline.printed_numbers import check_printed_numbers
from railhead.pipeline.realtruth import RealTruth, open_real_map

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "realmaps"


def sheet_grid(truth: RealTruth) -> HexGrid:
    """The truth's grid with its pixel frame fitted (least squares) to the truth's centres on the
    sheet, so it lies on a sheet registered from several pieces too."""
    g = truth.grid
    ids = sorted(truth.centres)
    cr = np.array([g.parse_id(h) for h in ids])
    m, n = g._lattice(cr[:, 0], cr[:, 1])
    sc = 1 if g.cols[1] >= g.cols[0] else -1
    sr = 1 if g.rows[1] >= g.rows[0] else -1
    major, minor = (sc, sr) if g.flat else (sr, sc)
    design = np.column_stack([np.ones(len(ids)), major * np.asarray(m, float), minor * np.asarray(n, float)])
    xy = np.array([truth.centres[h] for h in ids])
    coef, *_ = np.linalg.lstsq(design, xy, rcond=None)
    a_major, a_minor = coef[1], coef[2]
    ax = a_major if g.flat else a_minor  # the picture's x axis
    angle = math.degrees(math.atan2(ax[1], ax[0]))
    w, h = (np.linalg.norm(a_major), np.linalg.norm(a_minor))
    if not g.flat:
        w, h = np.linalg.norm(a_minor), np.linalg.norm(a_major)
    m0, n0 = g._lattice(g.cols[0], g.rows[0])
    origin = coef[0] + major * m0 * a_major + minor * n0 * a_minor
    return g.with_pixels(PixelFrame(float(w), float(h), (float(origin[0]), float(origin[1])), angle))


def _renumbered(grid: HexGrid, dc: int, dr: int) -> HexGrid:
    """The same lattice numbered ``dc`` columns and ``dr`` rows further (an odd number of majors
    flips the shifted parity, so every hex keeps its place)."""
    odd = (dc if grid.flat else dr) % 2
    shifted = grid.shifted if not odd else ("odd" if grid.shifted == "even" else "even")
    cols = (grid.cols[0] + dc, grid.cols[1] + dc)
    rows = (grid.rows[0] + dr, grid.rows[1] + dr)
    return HexGrid(grid.orientation, shifted, cols, rows, grid.id_format, grid.pixels)  # type: ignore[arg-type]


def real_map_numbers(image: np.ndarray, truth: RealTruth, grid: HexGrid | None = None, seed: int = 0) -> dict:
    """The printed-numbers figures of one real map: read, right (the truth's id of their hex),
    agreeing with ``grid`` (default: the truth's grid on the sheet), the verdict, its confidence,
    the seconds the read took; and the verdicts for the grid numbered one column and one row off."""
    grid = grid or sheet_grid(truth)
    t, cpu = time.perf_counter(), time.process_time()
    check = check_printed_numbers(image, grid, seed=seed)
    secs, cpu = time.perf_counter() - t, time.process_time() - cpu
    tg = sheet_grid(truth)
    right = 0
    for hex_id, texts in _read_cells(tg, check).items():
        right += hex_id.rpartition(":")[2] in texts
    out = {
        "read": check.sampled,
        "right": right,
        "agree_with_grid": check.agree,
        "verdict": check.verdict,
        "confidence": round(check.confidence, 4),
        "whole_sheet": check.whole_sheet,
        "hexes_read": check.hexes_read,
        "seconds": round(secs, 2),
        "cpu_seconds": round(cpu, 2),
        "text": check.text(),
    }
    for name, (dc, dr) in {"one_column_off": (1, 0), "one_row_off": (0, 1)}.items():
        off = check_printed_numbers(image, _renumbered(tg, dc, dr), seed=seed)
        fixed = off.corrected is not None and off.corrected.format_id(
            *off.corrected.locate(*tg.center(tg.cols[0], tg.rows[0]))
        ) == tg.format_id(tg.cols[0], tg.rows[0])
        out[name] = {"verdict": off.verdict, "confidence": round(off.confidence, 4), "corrected_right": fixed}
    return out


def _read_cells(grid: HexGrid, check) -> dict[str, list[str]]:
    """The spellings read in each hex of the grid's lattice."""
    cells: dict[str, list[str]] = {}
    for rd in check.readings:
        c, r = grid.locate(rd.x, rd.y)
        if grid.contains(c, r):
            cells.setdefault(grid.format_id(c, r), []).extend(rd.spellings)
    return cells


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--realmaps", type=Path, default=DEFAULT)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not args.realmaps.is_dir():
        print(f"no real maps at {args.realmaps}; nothing to do")
        return
    results = []
    for folder in sorted(p for p in args.realmaps.iterdir() if (p / "truth.json").exists()):
        if "realmap-area-truth" in (folder / "truth.json").read_text()[:200]:
            continue
        image, truth = open_real_map(folder)
        r = {"map": folder.name, **real_map_numbers(image, truth)}
        results.append(r)
        col, row = r["one_column_off"], r["one_row_off"]
        print(
            f"{r['map']}: {r['read']} read, {r['right']} right, {r['agree_with_grid']} agree with the "
            f"grid -> {r['verdict']} (confidence {r['confidence']}) in {r['seconds']} s, "
            f"{r['cpu_seconds']} s of CPU "
            f"({'whole sheet' if r['whole_sheet'] else str(r['hexes_read']) + ' hexes'}); "
            f"grid a column off: {col['verdict']}{' right' if col['corrected_right'] else ''}; "
            f"a row off: {row['verdict']}{' right' if row['corrected_right'] else ''}"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
