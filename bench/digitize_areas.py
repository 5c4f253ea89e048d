"""Area-map digitizing accuracy and speed on seeded synthetic area maps.

Run: make bench   (or .venv/bin/python bench/digitize_areas.py [--seeds 0,1,2] [--levels 0,1,2,3])

Each map is made by pipeline/area_synth.py (1000 x 760 pixels, about 28 land areas, 4 sea zones,
6 ports, names across borders on halos at levels 2-3) and digitized by pipeline/areas.py with the
gazetteer the synthesizer writes. Printed per map and as the mean per level: the share of true areas
recovered (IoU >= 0.5) and their mean IoU, adjacency F1, sea/land accuracy, port F1, naming accuracy
(pipeline/area_accuracy.py), and the seconds the digitizer took; over all maps, how the
confidences the digitizer reports separate true from false borders (kept or dropped, sure or
unsure: the counts of true and false borders in each group). ``--junction-names N`` prints N
names per map on a halo over a point where three borders meet (the rest of each map unchanged);
``--names-in-border-ink`` prints the names in the border ink, with a legend without name ink.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from railhead.pipeline.area_accuracy import GROUPS, area_accuracy, confidence_text
from railhead.pipeline.area_synth import area_legend, render_areas
from railhead.pipeline.areas import digitize_areas

FIGURES = ("areas", "mean_iou", "adjacency_f1", "sea_land", "ports_f1", "port_land", "naming")


def measure(seed: int, level: int, junction_names: int = 0, names_in_border_ink: bool = False) -> dict:
    scan = render_areas(seed, level, junction_names=junction_names, names_in_border_ink=names_in_border_ink)
    t0 = time.perf_counter()
    found = digitize_areas(scan.image, area_legend(names_in_border_ink), scan.places)
    seconds = time.perf_counter() - t0
    acc = area_accuracy(found.map, scan.truth, scan.image.shape[:2], found.report)
    return {
        "seed": seed,
        "level": level,
        **{k: acc[k] for k in FIGURES},
        "seconds": round(seconds, 2),
        "confidence": acc["confidence"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0,1,2,3,4")
    ap.add_argument("--levels", default="0,1,2,3")
    ap.add_argument("--junction-names", type=int, default=0, help="Names per map over a border junction.")
    ap.add_argument("--names-in-border-ink", action="store_true", help="Names printed in the border ink.")
    ap.add_argument("--json", dest="json_out", default=None, help="Write the figures to this file.")
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    levels = [int(v) for v in args.levels.split(",")]
    rows = []
    print("level seed " + " ".join(f"{k:>12}" for k in FIGURES) + "  seconds")
    for level in levels:
        for seed in seeds:
            r = measure(seed, level, args.junction_names, args.names_in_border_ink)
            rows.append(r)
            print(
                f"{level:5d} {seed:4d} "
                + " ".join(f"{r[k]:12.4f}" for k in FIGURES)
                + f"  {r['seconds']:7.2f}"
            )
    print("mean per level:")
    for level in levels:
        mine = [r for r in rows if r["level"] == level]
        means = {k: float(np.mean([r[k] for r in mine])) for k in (*FIGURES, "seconds")}
        print(
            f"{level:5d}  all "
            + " ".join(f"{means[k]:12.4f}" for k in FIGURES)
            + f"  {means['seconds']:7.2f}"
        )
    for test in rows[0]["confidence"] if rows else []:
        total = {g: {"true": 0, "false": 0} for g in GROUPS}
        for r in rows:
            for g, tf in r["confidence"][test].items():
                for k in tf:
                    total[g][k] += tf[k]
        print(f"all maps, confidence ({test}): {confidence_text(total)}")
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
