"""Digitizing accuracy and speed on seeded synthetic scans.

Run: make bench   (or .venv/bin/python bench/digitize.py [--skip-full] [--seeds N] [--styles a,b]
[--levels 1,2,3])

Part 1: a 40 x 28-hex sheet printed by pipeline/synth.py in each art style (classic: straight
lines hex centre to centre, dashed road; atlas: other colours, thinner rivers and lines, solid road,
a railway of black and white dashes; curvy: roads and railways winding off the hex centres, cut by
names on halos, bridges printed) and aged at degradation levels 1-3, each with several seeds (a
seed draws the map's print and its ageing). Per style and level, the mean over the seeds (and the
worst) of the grid centre error, terrain accuracy, river, major river, border and bridge F1, rail and
road P/R/F1, next to the obvious baseline measured in the same run: terrain read from the single
centre pixel of each hex (what most map generators and image-to-hex tools do). Bridges are scored
as hexside features: the truth has one wherever a road crosses a river.

Part 2: a full 34 x 22-inch sheet at 300 dpi (about 10,000 x 7,000 pixels), digitized from its PNG
file in a fresh process: seconds and peak resident memory. Goals: under 60 s and 4 GB.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from railhead.errors import InputError
from railhead.mapdata.sample import sample_map
from railhead.pipeline.accuracy import accuracy
from railhead.pipeline.colours import fit_drift, nearest, sample, to_lab
from railhead.pipeline.digitize import digitize, load_image
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import STYLES, degrade, render, sample_legend

SEEDS = (21, 22, 23, 24, 25)


def centre_pixel_accuracy(image, truth, legend) -> float:
    """Baseline: each hex takes the legend colour nearest its centre pixel (drift-corrected)."""
    grid = truth.sheets[0].grid
    coords = np.array(list(grid.coords()))
    rgb = sample(image, grid.centers(*coords.T))
    palette = np.array([t.color for t in legend.terrain], np.float32)
    drift, _ = fit_drift(rgb, palette)
    idx, _ = nearest(to_lab(rgb), to_lab(drift.apply(palette)))
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    right = sum(legend.terrain[k].name == truth.hexes[h].terrain for k, h in zip(idx, ids, strict=True))
    return 100 * right / len(ids)


def _mean(xs) -> float:
    return float(np.mean(xs))


def _peak_rss_mib() -> float:
    """This process's peak resident memory. VmHWM is reset by exec, unlike ru_maxrss, which
    would still count the parent's pages from before the fork."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_full_sheet(png: str, legend_toml: str) -> None:
    """Child process: digitize one PNG, print seconds and peak RSS as JSON."""
    from railhead.pipeline.legend import read_legend

    t = time.perf_counter()
    image = load_image(png)
    found = digitize(image, read_legend(legend_toml))
    secs = time.perf_counter() - t
    peak = _peak_rss_mib()
    print(
        json.dumps(
            {"seconds": secs, "peak_mib": peak, "hexes": len(found.map.hexes), "shape": list(image.shape)}
        )
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-full", action="store_true", help="skip the 10,000 x 7,000 px sheet")
    ap.add_argument("--seeds", type=int, default=3, help=f"seeds per style and level (at most {len(SEEDS)})")
    ap.add_argument("--styles", default=",".join(STYLES), help="art styles, comma-separated")
    ap.add_argument("--levels", default="1,2,3", help="degradation levels, comma-separated")
    ap.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        one_full_sheet(*args.one)
        return
    m = sample_map(1917, cols=40, rows=28, hex_height=90)
    print(f"sheet of {len(m.hexes)} hexes, hex height 90 px; seeds {SEEDS[: args.seeds]}")
    header = (
        f"{'style':>7} {'level':>5} {'% hex w':>7} {'terrain %':>9} {'centre-px %':>11} "
        f"{'river F1':>8} {'major F1':>8} {'border F1':>9} {'bridge F1':>9} {'rail P/R/F1':>17} "
        f"{'road P/R/F1':>17} {'worst river/rail/road':>21} {'secs':>5}"
    )
    print(header)
    worst_all: dict[str, float] = {}
    for style in args.styles.split(","):
        legend = sample_legend(style)
        for level in (int(x) for x in args.levels.split(",")):
            rows, refused = [], 0
            for seed in SEEDS[: args.seeds]:
                scan = degrade(render(m, legend, seed=seed, style=style), level, seed=seed)
                t = time.perf_counter()
                try:
                    found = digitize(scan.image, legend)
                except InputError:  # no grid found: a refusal, counted and said
                    refused += 1
                    continue
                secs = time.perf_counter() - t
                a = accuracy(found.map, scan.truth)
                rows.append((a, centre_pixel_accuracy(scan.image, scan.truth, legend), secs))
            if refused:
                print(f"{style:>7} {level:>5} refused (no grid found) on {refused} of {args.seeds} seeds")
            if not rows:
                continue
            hs = [r[0]["hexsides"] for r in rows]
            ln = [r[0]["lines"] for r in rows]

            def side(name, hs=hs):
                return _mean([h[name]["f1"] if name in h else 1.0 for h in hs])

            def prf(kind, ln=ln):
                return "/".join(
                    f"{_mean([x[kind][k] for x in ln]):.3f}" for k in ("precision", "recall", "f1")
                )

            worst = [min(h["river"]["f1"] for h in hs)] + [
                min(x[k]["f1"] for x in ln) for k in ("rail", "road")
            ]
            for name, w in zip(("river", "rail", "road"), worst, strict=True):
                key = f"{name} (level {level})"
                worst_all[key] = min(worst_all.get(key, 1.0), w)
            print(
                f"{style:>7} {level:>5} {max(r[0]['grid_error_pct_of_hex_width'] for r in rows):>7.2f} "
                f"{_mean([r[0]['terrain_accuracy_pct'] for r in rows]):>9.2f} "
                f"{_mean([r[1] for r in rows]):>11.2f} "
                f"{side('river'):>8.3f} {side('major_river'):>8.3f} {side('border'):>9.3f} "
                f"{side('bridge'):>9.3f} {prf('rail'):>17} {prf('road'):>17} "
                f"{'/'.join(f'{w:.3f}' for w in worst):>21} {_mean([r[2] for r in rows]):>5.1f}",
                flush=True,
            )
    print(
        "grid: worst seed's largest centre error; the rest: mean over the seeds. Goals at every "
        "level and style: terrain >= 99.5 %, hexside and line F1 >= 0.97, grid error < 2 % of hex "
        "width; worst seed per line kind over all styles: "
        + ", ".join(f"{k} {v:.3f}" for k, v in worst_all.items())
    )
    if args.skip_full:
        return
    big = sample_map(1918, cols=58, rows=34, hex_height=190)
    with tempfile.TemporaryDirectory() as tmp:
        legend = sample_legend()
        scan = degrade(render(big, legend, seed=3), 2, seed=3)
        png = Path(tmp) / "sheet.png"
        write_image(png, scan.image)
        toml = Path(tmp) / "legend.toml"
        toml.write_text(legend.to_toml())
        shape = scan.image.shape
        del scan
        out = subprocess.run(
            [sys.executable, __file__, "--one", str(png), str(toml)],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"\nfull sheet {shape[1]:,} x {shape[0]:,} px, {r['hexes']:,} hexes (hex height 190 px), "
        f"from PNG in a fresh process: {r['seconds']:.1f} s, peak {r['peak_mib'] / 1024:.2f} GiB "
        f"(goals: < 60 s, < 4 GiB: {'met' if r['seconds'] < 60 and r['peak_mib'] < 4096 else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
