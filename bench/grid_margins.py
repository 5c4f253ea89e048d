"""The margins a grid found with no clicks must clear over its rivals, chosen on generated scans.

Run: .venv/bin/python bench/grid_margins.py [--realmaps DIR] [--quick]

:func:`railhead.pipeline.lattice.find_grid` scores the grid it finds against its rivals (the
lattice moved by half a hex or a third; the block placed a row or column off, or with the other
shift parity) and refuses, asking for ``--calibrate``, unless each margin is clear. The thresholds
are chosen here on generated scans (:mod:`railhead.pipeline.gridsynth`), never on a real map:

* **right** scans: every kind of printed grid (flat/pointy, both parities, outlines or corner
  marks, the print cut through the edge hexes at several depths, numbers or none, with and without
  the legend's ranges; the texture running on over the margin; scans cropped inside the print,
  the picture's edge cutting hexes), and the
  sample map in the art of ``bench/digitize.py`` aged as a scan;
  each must be found with no id off;
* **ambiguous** scans: the legend's ranges smaller than the printed grid and no numbers (nothing
  tells which block of hexes is meant), and grids not printed at all (fills and texture only).

Placement threshold: the geometric mean of the largest margin of an ambiguous (or wrongly found)
scan and the smallest right margin above it; lattice-position threshold: half the smallest right
margin (no generated scan finds a wrong
position; the rivals there come from the print's own symmetry). Then on every real hex map of
``../shared/realmaps``: its margins, whether it is accepted, and leave-one-map-out: the thresholds
chosen with the *other* real maps' margins added to the right scans, applied to this one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from pathlib import Path

from railhead.mapdata.grid import HexGrid
from railhead.mapdata.sample import sample_map
from railhead.pipeline import lattice
from railhead.pipeline.calibrate import GridNotFound
from railhead.pipeline.gridsynth import cropped, ids_off, legend_for, printed_map
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import open_real_map
from railhead.pipeline.synth import sample_legend, synthesize

HERE = Path(__file__).resolve().parent
LEGENDS = HERE.parent / "tests" / "pipeline" / "realmaps"


def right_scans(quick: bool):
    kinds = itertools.product(
        ["flat", "pointy"], ["even", "odd"], ["outline", "corners"], [0.2, 0.3, 0.45], ["every", "none"]
    )
    for k, (o, sh, style, cut, num) in enumerate(kinds):
        if quick and k % 4:
            continue
        kw = {"orientation": o, "shifted": sh, "style": style, "cut": cut, "numbers": num}
        img, truth = printed_map(size=46, seed=k, **kw)
        yield kw | {"ranges": k % 3 != 0}, img, truth, legend_for(truth, ranges=k % 3 != 0)
    for k, (o, style) in enumerate(
        [("flat", "outline"), ("pointy", "corners"), ("flat", "corners"), ("pointy", "outline")]
    ):
        if quick and k % 2:
            continue
        kw = {"orientation": o, "style": style, "margin_texture": True}  # no plain paper around
        img, truth = printed_map(size=46, seed=70 + k, **kw)
        yield kw, img, truth, legend_for(truth, ranges=k % 2 == 0)
    for k in range(3 if quick else 6):  # texture over the margin, the map's edge along hexsides
        kw = {"orientation": "flat" if k % 2 else "pointy", "style": ("outline", "corners")[k // 2 % 2]}
        kw |= {"margin_texture": True, "cut": 0.5}
        img, truth = printed_map(size=46, seed=80 + k, **kw)
        yield kw, img, truth, legend_for(truth, ranges=k < 3)
    for k, (o, sh) in enumerate([("flat", "even"), ("pointy", "odd"), ("flat", "odd"), ("pointy", "even")]):
        if quick and k % 2:
            continue
        img, full = printed_map(o, sh, cols=(1, 16), rows=(1, 12), size=46, seed=50 + k)
        img, truth = cropped(img, full, seed=k)  # no paper around: the picture's edge cuts hexes
        yield {"orientation": o, "shifted": sh, "cropped": True}, img, truth, legend_for(truth, ranges=False)
    legend = sample_legend()  # the generated art of bench/digitize.py, aged as a scan (level 2)
    runs = [(1, 2), (2, 2)] if quick else [(s, lv) for s in (0, 1, 4) for lv in (1, 2, 3)]
    for seed, level in runs:
        scan = synthesize(sample_map(), legend, seed=seed, level=level)
        kw = {"synth": "sample map", "seed": seed, "level": level}
        yield kw, scan.image, scan.truth.sheets[0].grid, legend


def ambiguous_scans(quick: bool):
    for k, o in enumerate(["flat", "pointy"] * (1 if quick else 2)):
        img, truth = printed_map(
            orientation=o, size=46, seed=100 + k, numbers="none", cols=(1, 14), rows=(1, 11)
        )
        small = HexGrid(truth.orientation, truth.shifted, (1, 10), (1, 8), truth.id_format, truth.pixels)
        yield {"orientation": o, "case": "ranges smaller than the print"}, img, legend_for(small)
    for style in ("texture", "faint"):
        img, truth = printed_map(size=46, seed=7, style=style, numbers="none")
        yield {"case": f"no grid printed ({style})"}, img, legend_for(truth)


def choose(right: list[dict], ambiguous: list[dict]) -> tuple[float, float]:
    """Lattice position: half the smallest right margin. Placement: the geometric mean of the
    largest margin of an ambiguous or wrongly found scan and the smallest right margin above it
    (a right scan below the threshold is refused, which is allowed; a wrong one above it would be
    accepted, which is not)."""
    phase = 0.5 * min(m["phase"] for m in right)
    amb = max((m["block"] for m in ambiguous), default=0.0)
    above = [m["block"] for m in right if m["block"] > amb]
    block = math.sqrt(max(amb, 1e-3) * min(above)) if above else 1.1 * amb
    return phase, block


def accepted(m: dict, phase: float, block: float) -> bool:
    return m["phase"] >= phase and (m["block"] >= block or bool(m.get("numbers_confirmed")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--realmaps", default=str(HERE.parent.parent / "shared" / "realmaps"))
    ap.add_argument("--quick", action="store_true", help="a quarter of the generated scans")
    ap.add_argument("--json", help="write every figure to this JSON file")
    args = ap.parse_args()
    t0 = time.perf_counter()
    right, wrong_found, found_wrong = [], 0, []
    for kw, img, truth, legend in right_scans(args.quick):
        try:
            s = lattice.find_grid(img, legend, check=False)
        except GridNotFound as exc:
            print(f"  right scan refused outright ({exc.message[:60]}...): {kw}")
            continue
        off = ids_off(s.grid, truth) if (s.grid.cols, s.grid.rows) == (truth.cols, truth.rows) else -1
        if off:  # found wrong: its margins must fall below the thresholds, as an ambiguous scan's
            wrong_found += 1
            print(f"  scan found wrong ({off} ids off, -1: another extent): {kw} {s.margins}")
            found_wrong.append(s.margins)
            continue
        right.append(s.margins)
    ambiguous, refused = [], 0
    for _kw, img, legend in ambiguous_scans(args.quick):
        try:
            ambiguous.append(lattice.find_grid(img, legend, check=False).margins)
        except GridNotFound:
            refused += 1
    ambiguous += found_wrong
    phase, block = choose(right, ambiguous)
    refused = sum(not accepted(m, phase, block) for m in right)
    print(f"  right scans refused with the thresholds chosen: {refused} of {len(right)}")
    print(
        f"generated: {len(right)} right scans (and {wrong_found} found wrong), {len(ambiguous)} ambiguous "
        f"found (and {refused} refused outright), {time.perf_counter() - t0:.0f} s"
    )
    print(
        f"  lattice position: right scans' smallest margin {min(m['phase'] for m in right):.3f} -> "
        f"threshold {phase:.3f} (in lattice.py: {lattice.MIN_PHASE_MARGIN})"
    )
    print(
        f"  placement: right scans' smallest {min(m['block'] for m in right):.3f}, "
        f"ambiguous or wrongly found scans' "
        f"largest {max((m['block'] for m in ambiguous), default=0):.3f} -> threshold {block:.3f} "
        f"(in lattice.py: {lattice.MIN_BLOCK_MARGIN})"
    )
    results = {"chosen": {"phase": phase, "block": block}, "maps": []}
    root = Path(args.realmaps)
    maps = []
    if root.is_dir():
        for folder in sorted(root.iterdir()):
            f = folder / "truth.json"
            if not f.exists() or json.loads(f.read_text()).get("format") != "realmap-truth/1":
                continue  # area maps have no hex grid
            legend = read_legend(LEGENDS / f"{folder.name}.toml")
            image, truth = open_real_map(folder)
            try:
                s = lattice.find_grid(image, legend, check=False)
            except GridNotFound as exc:
                maps.append((folder.name, None, exc.message))
                continue
            ids = [h for h in s.grid.ids() if h in truth.centres]
            err = max(math.dist(s.grid.center(*s.grid.parse_id(h)), truth.centres[h]) for h in ids)
            maps.append((folder.name, s.margins, round(100 * err / truth.grid.frame().hex_width, 2)))
    for name, m, err in maps:
        if m is None:
            print(f"{name}: no grid found ({err})")
            continue
        others = [mm for n, mm, _ in maps if n != name and mm is not None]
        lo_phase, lo_block = choose(right + others, ambiguous)
        print(
            f"{name}: margins phase {m['phase']:.3f}, placement {m['block']:.3f}, orientation "
            f"{m['orientation']:.3f}, numbers confirmed {bool(m.get('numbers_confirmed'))}; grid error "
            f"{err} % of a hex; accepted with the generated thresholds: {accepted(m, phase, block)}; "
            f"leave-one-map-out (thresholds {lo_phase:.3f}, {lo_block:.3f}): "
            f"{accepted(m, lo_phase, lo_block)}"
        )
        results["maps"].append({"map": name, "margins": m, "error_pct": err})
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=float))


if __name__ == "__main__":
    main()
