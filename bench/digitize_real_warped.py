"""The real maps of ``../shared/realmaps/`` as another scanner would give them: scaled and turned.

Run: make bench   (or .venv/bin/python bench/digitize_real_warped.py [--realmaps DIR] [--json OUT])

The two real maps are the only ones with truth here, and other real maps judge the result; so each
is also resampled (down to 60 % and up to 140 % of its size) and rotated (up to 2 degrees), with its
truth centres carried along, and digitized again: the grid with no clicks, then from three clicks
terrain unaided and with 5 % labelled (seed 1), feature F1, hexside and line F1. A method tuned to
one scan's resolution or its exact squareness shows here as a drop against the untouched scan
(``bench/digitize_real.py``). Same goals as there.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
from digitize_real import LEGENDS, real_maps_args

from railhead.pipeline.calibrate import GridNotFound
from railhead.pipeline.digitize import digitize
from railhead.pipeline.lattice import find_grid
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import (
    RealTruth,
    clicks,
    draw_labels,
    legend_ids,
    open_real_map,
    score,
    warped,
)

WARPS = {"bautzen-1945": ((0.6, 1.5), (1.0, -2.0), (1.2, 0.0)), "divine-right": ((0.7, 1.0), (1.4, 0.0))}


def no_click_error(image, legend, truth: RealTruth) -> float | str:
    try:
        g = find_grid(image, legend).grid
    except GridNotFound as exc:
        return exc.message
    ids = [k for k in g.ids() if k in truth.centres]
    got = g.centers(*np.array([g.parse_id(k) for k in ids]).T)
    err = np.linalg.norm(got - np.array([truth.centres[k] for k in ids]), axis=1)
    return round(float(100 * err.max() / truth.grid.frame().hex_width), 2)


def one(folder: Path, scale: float, degrees: float) -> dict:
    legend = read_legend(LEGENDS / f"{folder.name}.toml")
    image, truth = warped(*open_real_map(folder), scale, degrees)
    t = time.perf_counter()
    grid = no_click_error(image, legend, truth)
    ids = legend_ids(truth, legend)
    pts = clicks(truth, ids)
    features = legend.feature_names()
    unaided = score(digitize(image, legend, pts).map, truth, features=features)
    labels = draw_labels(truth, ids, 0.05, 1)
    labelled = digitize(image, legend, pts, labels=labels, seed=1).map
    five = score(labelled, truth, exclude=set(labels), features=features)
    return {
        "map": folder.name,
        "scale": scale,
        "degrees": degrees,
        "no_click_grid_error_pct": grid,
        "grid_error_pct": unaided.get("grid_error_pct"),
        "terrain_unaided_pct": unaided["terrain_pct"],
        "terrain_5pct_labelled_pct": five["terrain_pct"],
        "features_f1": round(unaided["features"]["all"]["f1"], 3),
        "hexsides_f1": {k: round(v["f1"], 3) for k, v in unaided["hexsides"].items()},
        "lines_f1": {k: round(v["f1"], 3) for k, v in unaided["lines"].items()},
        "seconds": round(time.perf_counter() - t, 1),
    }


def main() -> None:
    root, json_file = real_maps_args(__doc__)
    if root is None:
        return
    results = []
    for name, warps in WARPS.items():
        if not (root / name / "truth.json").exists():
            continue
        for scale, degrees in warps:
            r = one(root / name, scale, degrees)
            results.append(r)
            grid = r["no_click_grid_error_pct"]
            grid = f"{grid:.2f} %" if isinstance(grid, float) else f"none ({grid})"
            print(
                f"{name} at {scale:.0%}, turned {degrees:+.1f} deg: grid with no clicks {grid}; terrain "
                f"unaided {r['terrain_unaided_pct']:.1f} %, "
                f"5 % labelled {r['terrain_5pct_labelled_pct']:.1f} %; "
                f"features F1 {r['features_f1']:.3f}; hexsides {r['hexsides_f1'] or '-'}; lines "
                f"{r['lines_f1'] or '-'} ({r['seconds']:.0f} s)"
            )
    if json_file:
        Path(json_file).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
