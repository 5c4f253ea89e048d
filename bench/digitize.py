"""Digitizing accuracy and speed on seeded synthetic scans.

Run: make bench   (or .venv/bin/python bench/digitize.py [--skip-full])

Part 1: a 40 x 28-hex sheet printed by pipeline/synth.py and aged at degradation levels 1-3; for
each, the grid centre error, terrain accuracy, hexside-feature and line precision/recall/F1,
seconds and peak memory, next to the obvious baseline measured in the same run: terrain read from
the single centre pixel of each hex (what most map generators and image-to-hex tools do).

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

from railhead.mapdata.sample import sample_map
from railhead.pipeline.accuracy import accuracy
from railhead.pipeline.colours import fit_drift, nearest, sample, to_lab
from railhead.pipeline.digitize import digitize, load_image
from railhead.pipeline.images import write_image
from railhead.pipeline.synth import degrade, render, sample_legend


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
    ap.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        one_full_sheet(*args.one)
        return
    legend = sample_legend()
    m = sample_map(1917, cols=40, rows=28, hex_height=90)
    print(f"sheet of {len(m.hexes)} hexes, hex height 90 px")
    header = (
        f"{'level':>5} {'grid err px':>11} {'% hex w':>7} {'terrain %':>9} {'centre-px %':>11} "
        f"{'side terr %':>11} {'river F1':>8} {'major F1':>8} {'border F1':>9} {'rail P/R/F1':>17} "
        f"{'road P/R/F1':>17} {'secs':>5} {'MiB':>5}"
    )
    print(header)
    clean = render(m, legend, seed=21)
    for level in (1, 2, 3):
        scan = degrade(clean, level, seed=21)
        import tracemalloc

        tracemalloc.start()
        t = time.perf_counter()
        found = digitize(scan.image, legend)
        secs = time.perf_counter() - t
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        a = accuracy(found.map, scan.truth)
        base = centre_pixel_accuracy(scan.image, scan.truth, legend)
        hs = a["hexsides"]
        ln = a["lines"]

        def prf(d):
            return f"{d['precision']:.3f}/{d['recall']:.3f}/{d['f1']:.3f}"

        print(
            f"{level:>5} {a['grid_error_px']['max']:>11.2f} {a['grid_error_pct_of_hex_width']:>7.2f} "
            f"{a['terrain_accuracy_pct']:>9.2f} {base:>11.2f} "
            f"{a.get('hexside_terrain_accuracy_pct', 0):>11.2f} "
            f"{hs['river']['f1']:>8.3f} "
            f"{hs['major_river']['f1']:>8.3f} {hs['border']['f1']:>9.3f} {prf(ln['rail']):>17} "
            f"{prf(ln['road']):>17} {secs:>5.1f} {peak:>5.0f}"
        )
    print(
        "goals at level 3: terrain >= 99.5 %, hexside and line F1 >= 0.97, grid error < 2 % of "
        "hex width (peak MiB here counts numpy allocations only)"
    )
    if args.skip_full:
        return
    big = sample_map(1918, cols=58, rows=34, hex_height=190)
    with tempfile.TemporaryDirectory() as tmp:
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
