"""Digitizing real printed maps: every map of ``../shared/realmaps/`` against its ground truth.

Run: make bench   (or .venv/bin/python bench/digitize_real.py [--realmaps DIR] [--json OUT])

Per map (its legend is ``tests/pipeline/realmaps/<map>.toml``, written from the map's own key), the
grid is given by three clicks (truth centres of three far-apart hexes, each off by up to 3 px, as a
person clicks) and then:

* terrain accuracy unaided, and with 2 %, 5 % and 10 % of the hexes labelled (labels drawn at
  random, seeded; the labelled hexes are not scored), next to the digitizer's colour-only terrain
  (nearest drifted legend colour of each hex's paper: what railhead did before the classifier);
* hex-feature F1 (the legend's ``[[feature]]`` names), hexside and line F1 (where the truth's
  coverage says they are complete: Bautzen columns 01-09), grid error against the truth centres;
* terrain accuracy with 5 % labelled the way the README's loop labels: from the first run on, the
  hexes the report proposes (``label_next``: representative hexes before any label, then the
  least sure), round by round (5 seeds: it varies more); and the same loop carried on to 10 %;
* the descriptors' ceiling: terrain accuracy with 80 % of the hexes labelled (5-fold: each fifth
  scored by a run that was given the other four fifths), what the classifier tells apart when
  labels are no longer scarce and fall anywhere. It bounds labels drawn at random, not the loop:
  the loop labels the hexes it is least sure of, and labelled hexes are not scored (Divine Right:
  96.3 % with 10 % labelled as suggested, 95.4 % here);
* seconds and peak memory (numpy allocations, tracemalloc) of the unaided run;
* the grid found with no clicks at all (:mod:`railhead.pipeline.lattice`), its error against the
  truth centres, ids off, and its margins over the rival grids (or its refusal, exit 2);
* the grid from three clicks near three corners of the map, each up to a quarter of a hex off the
  printed centre (seeds 0-2): its error, ids off, and whether the hex under each click has the
  clicked id. The margins' thresholds are chosen on generated scans, with leave-one-map-out
  figures on these maps, by ``bench/grid_margins.py``.

Every folder of ``--realmaps`` with a ``truth.json`` is scored, with its legend from
``tests/pipeline/realmaps/<folder>.toml``: no code names a map. Area maps (``realmap-area-truth/1``)
are left to ``bench/digitize_real_areas.py`` (see the dispatch point in :func:`main`).

Places a truth marks ``doubtful`` (the art and the data disagree) are left out of every score.
Goals (issue 15): with at most 5 % labelled, terrain >= 98 %; line and river F1 >= 0.95; feature F1
>= 0.95; grid error < 2 % of a hex width.
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc
from pathlib import Path

import numpy as np

from railhead.errors import InputError
from railhead.pipeline.calibrate import GridNotFound
from railhead.pipeline.clicked import clicked_grid
from railhead.pipeline.digitize import digitize
from railhead.pipeline.lattice import GridUnsure, find_grid
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import (
    RealTruth,
    clicks,
    draw_labels,
    far_apart,
    legend_ids,
    open_real_map,
    score,
)
from railhead.pipeline.terrain import classify_terrain

HERE = Path(__file__).resolve().parent
LEGENDS = HERE.parent / "tests" / "pipeline" / "realmaps"
SHARES = (0.02, 0.05, 0.10)
SEEDS = (1, 2, 3)
SUGGESTED_SEEDS = (1, 2, 3, 4, 5)  # the suggestion loop varies more from seed to seed
SUGGESTED_SHARES = ("5%", "10%")  # labelled as suggested: the goal's share, and twice it
CEILING_FOLDS = 5  # the ceiling's labels: the other 4 fifths of the scored hexes
CLICK_SEEDS = (0, 1, 2)  # the grid from three clicks a quarter of a hex off, seed by seed
QUARTER = 0.25
AREA_FORMAT = "realmap-area-truth/1"


def colour_only(image, grid, legend, truth: RealTruth) -> float:
    """Terrain accuracy of the nearest-legend-colour rule alone (the digitizer before issue 15)."""
    coords = np.array(list(grid.coords()))
    res = classify_terrain(image, grid, coords[:, 0], coords[:, 1], legend)
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    scored = [
        (h, t)
        for h, t in zip(ids, res.names, strict=True)
        if h in truth.terrain and h not in truth.doubtful_hexes
    ]
    return round(100 * sum(t == truth.terrain[h] for h, t in scored) / max(1, len(scored)), 2)


def one_map(folder: Path) -> dict | None:
    legend_file = LEGENDS / f"{folder.name}.toml"
    if not legend_file.exists():
        print(f"{folder.name}: no legend at {legend_file}; skipped")
        return None
    legend = read_legend(legend_file)
    t = time.perf_counter()
    image, truth = open_real_map(folder)
    stitch_secs = time.perf_counter() - t
    names = truth.images()
    pts = clicks(truth, legend_ids(truth, legend))
    features = legend.feature_names()
    tracemalloc.start()
    t = time.perf_counter()
    found = digitize(image, legend, pts, name=folder.name)
    secs = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    grid = found.map.sheets[0].grid
    unaided = score(found.map, truth, features=features)
    out = {
        "map": folder.name,
        "image": " + ".join(names),
        "stitch_seconds": round(stitch_secs, 2),
        "hexes": len(found.map.hexes),
        "clicks": pts,
        "colour_only_terrain_pct": colour_only(image, grid, legend, truth),
        "unaided": unaided,
        "seconds": round(secs, 2),
        "peak_mib": round(peak, 1),
        "printed_numbers": found.numbers.text() if found.numbers else "not read",
        "labelled": {},
        "no_click_grid": no_click_grid(image, legend, truth),
        "clicked_grid": clicked_grid_figures(image, legend, truth),
    }
    for share in SHARES:
        runs = []
        for seed in SEEDS:
            labels = draw_labels(truth, list(found.map.hexes), share, seed)
            got = digitize(image, legend, pts, name=folder.name, labels=labels, seed=seed)
            s = score(got.map, truth, exclude=set(labels), features=features)
            runs.append(
                {
                    "labels": len(labels),
                    "terrain_pct": s["terrain_pct"],
                    "expected_pct": got.learning.get("expected_accuracy"),
                }
            )
        out["labelled"][f"{share:.0%}"] = {
            "labels": runs[0]["labels"],
            "terrain_pct_mean": round(float(np.mean([r["terrain_pct"] for r in runs])), 2),
            "terrain_pct_min": min(r["terrain_pct"] for r in runs),
            "runs": runs,
        }
    out["suggested"] = suggested_rounds(image, legend, pts, truth, list(found.map.hexes), features)
    out["ceiling"] = descriptor_ceiling(image, legend, pts, truth, list(found.map.hexes))
    return out


def descriptor_ceiling(image, legend, pts, truth: RealTruth, ids: list[str]) -> dict:
    """Terrain accuracy with 80 % of the scored hexes labelled: the scored hexes cut into
    :data:`CEILING_FOLDS` folds at random (seeded), each fold scored by a digitize run labelled with
    the true terrain of all the others. Errors that remain here are hexes the descriptors cannot
    tell apart however many labels the classifier gets."""
    pool = np.array(sorted(h for h in ids if h in truth.terrain and h not in truth.doubtful_hexes))
    fold = np.random.default_rng(0).permutation(len(pool)) % CEILING_FOLDS
    errors = []
    for f in range(CEILING_FOLDS):
        labels = {str(h): truth.terrain[h] for h in pool[fold != f]}
        got = digitize(image, legend, pts, name="ceiling", labels=labels).map.hexes
        errors += [(str(h), got[h].terrain, truth.terrain[h]) for h in pool[fold == f]]
    errors = [e for e in errors if e[1] != e[2]]
    return {
        "labelled_pct": round(100 * (CEILING_FOLDS - 1) / CEILING_FOLDS),
        "terrain_pct": round(100 * (1 - len(errors) / max(1, len(pool))), 2),
        "scored": len(pool),
        "errors": sorted(errors),
    }


def suggested_rounds(image, legend, pts, truth: RealTruth, ids: list[str], features) -> dict:
    """Hexes labelled as the README's loop does it: from the first (unaided) run on, rounds of the
    report's ``label_next`` hexes (up to 20 a round, the person giving their true terrain; a
    doubtful one is skipped), scored like the random labels once 5 % of the hexes are labelled and
    again, the same loop carried on, at 10 % (how far a person who labels twice as much gets)."""
    budgets = {share: round(float(share.rstrip("%")) / 100 * len(ids)) for share in SUGGESTED_SHARES}
    runs: dict[str, list[dict]] = {share: [] for share in SUGGESTED_SHARES}
    for seed in SUGGESTED_SEEDS:
        labels: dict[str, str] = {}
        rounds = 0
        todo = list(SUGGESTED_SHARES)
        while todo:
            got = digitize(image, legend, pts, name="suggested", labels=labels, seed=seed)
            rounds += 1
            fresh = [
                h
                for h in got.learning.get("label_next", [])
                if h in truth.terrain and h not in truth.doubtful_hexes and h not in labels
            ]
            while todo and (len(labels) >= budgets[todo[0]] or not fresh):
                pct = score(got.map, truth, exclude=set(labels), features=features)["terrain_pct"]
                runs[todo.pop(0)].append(
                    {
                        "labels": len(labels),
                        "rounds": rounds,
                        "terrain_pct": pct,
                        "expected_pct": got.learning.get("expected_accuracy"),
                    }
                )
            if todo:
                labels.update({h: truth.terrain[h] for h in fresh[: budgets[todo[0]] - len(labels)]})
    return {
        share: {
            "labels": rs[0]["labels"],
            "terrain_pct_mean": round(float(np.mean([r["terrain_pct"] for r in rs])), 2),
            "terrain_pct_min": min(r["terrain_pct"] for r in rs),
            "runs": rs,
        }
        for share, rs in runs.items()
    }


def _grid_figures(grid, truth: RealTruth) -> dict:
    """A grid against the truth centres: the largest centre error (% of the hex width, and px),
    and how many of the truth's hexes it names wrongly at their printed centres."""
    ids = [h for h in truth.centres if h in set(grid.ids())] or list(truth.centres)
    got = np.array([grid.center(*grid.parse_id(h)) for h in ids])
    err = np.linalg.norm(got - np.array([truth.centres[h] for h in ids]), axis=1)
    cols, rows = grid.locate_many(np.array([truth.centres[h] for h in truth.centres]))
    named = [_name(grid, int(c), int(r)) for c, r in zip(cols, rows, strict=True)]
    return {
        "error_pct": round(float(100 * err.max() / truth.grid.frame().hex_width), 2),
        "error_px": {"mean": round(float(err.mean()), 2), "max": round(float(err.max()), 2)},
        "hexes_scored": len(ids),
        "ids_off": sum(n != h for n, h in zip(named, truth.centres, strict=True)),
    }


def _name(grid, col: int, row: int) -> str:
    try:
        return grid.format_id(col, row)
    except ValueError:  # off the numbering (a negative number)
        return f"({col},{row})"


def no_click_grid(image, legend, truth: RealTruth) -> dict:
    """The grid found with no clicks (:mod:`railhead.pipeline.lattice`) against the truth centres,
    with its margins over the rival grids; or why it was refused (no grid, or one not sure)."""
    t = time.perf_counter()
    try:
        found = find_grid(image, legend)
    except GridUnsure as exc:  # refused: the margins say why
        return {"error": exc.message, "refused": True, "margins": exc.search.margins}
    except GridNotFound as exc:
        return {"error": exc.message, "refused": True}
    return {
        **_grid_figures(found.grid, truth),
        "seconds": round(time.perf_counter() - t, 2),
        **found.report(),
    }


def quarter_hex_clicks(truth: RealTruth, ids: list[str], seed: int) -> list[tuple[float, float, str]]:
    """Three clicks near three corners of the map (top left, top right, bottom left of ``ids``),
    each up to a quarter of a hex width off the printed centre in a random direction (seeded)."""
    rng = np.random.default_rng(seed)
    width = truth.grid.frame().hex_width
    out = []
    for hex_id, x, y in far_apart(truth, ids):
        t, d = rng.uniform(0, 2 * np.pi), QUARTER * width * np.sqrt(rng.uniform())
        out.append((x + d * np.cos(t), y + d * np.sin(t), hex_id))
    return out


def clicked_grid_figures(image, legend, truth: RealTruth) -> dict:
    """The grid from three clicks a quarter of a hex off (:mod:`railhead.pipeline.clicked`), seed by
    seed: its error, ids off, and whether the hex under each click has the clicked id."""
    runs = []
    for seed in CLICK_SEEDS:
        pts = quarter_hex_clicks(truth, legend_ids(truth, legend), seed)
        t = time.perf_counter()
        try:
            got = clicked_grid(image, pts, legend)
        except InputError as exc:
            runs.append({"seed": seed, "error": exc.message})
            continue
        g = got.grid
        obeyed = all(_name(g, *g.locate(x, y)) == h for x, y, h in pts)
        runs.append(
            {
                "seed": seed,
                **_grid_figures(g, truth),
                "clicks_obeyed": obeyed,
                "seconds": round(time.perf_counter() - t, 2),
                "corners": got.report.get("corners"),
            }
        )
    return {"off_share": QUARTER, "runs": runs}


def estimates(runs: list[dict]) -> str:
    """What the report told the person, run by run (its cross-validated accuracy on the labels),
    next to what was measured on the hexes not labelled."""
    return (
        f"report's cross-validated estimate {[x['expected_pct'] for x in runs]}, "
        f"measured {[x['terrain_pct'] for x in runs]}"
    )


def f1s(d: dict) -> str:
    return ", ".join(f"{k} {v['f1']:.3f}" for k, v in d.items()) or "-"


def real_maps_args(doc: str) -> tuple[Path | None, str | None]:
    """The folder of real maps (``--realmaps``, default ``../shared/realmaps``; None, said so, when
    it is not there) and the ``--json`` file to write, from the command line."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--realmaps", default=str(HERE.parent.parent / "shared" / "realmaps"))
    ap.add_argument("--json", help="write every figure to this JSON file")
    args = ap.parse_args()
    root = Path(args.realmaps)
    if not root.is_dir():
        print(f"no real maps at {root} (../shared/realmaps beside the project); nothing measured")
        return None, args.json
    return root, args.json


def main() -> None:
    root, json_file = real_maps_args(__doc__)
    if root is None:
        return
    results = []
    for folder in sorted(p for p in root.iterdir() if (p / "truth.json").exists()):
        if json.loads((folder / "truth.json").read_text()).get("format") == AREA_FORMAT:
            continue  # real area maps: scored together below (bench/digitize_real_areas.py)
        r = one_map(folder)
        if r is None:
            continue
        results.append(r)
        u = r["unaided"]
        print(f"\n{r['map']} ({r['image']}, {r['hexes']} hexes; grid from 3 clicks within 3 px)")
        if " + " in r["image"]:
            print(f"  pieces registered into one sheet in {r['stitch_seconds']:.1f} s")
        print(
            f"  terrain: colour only {r['colour_only_terrain_pct']:.2f} %, unaided {u['terrain_pct']:.2f} % "
            f"({u['terrain_scored']} hexes scored)"
        )
        for share, v in r["labelled"].items():
            print(
                f"  terrain with {share} labelled ({v['labels']} hexes): mean {v['terrain_pct_mean']:.2f} %, "
                f"worst {v['terrain_pct_min']:.2f} % over seeds {SEEDS}; {estimates(v['runs'])}"
            )
        for share, sg in r["suggested"].items():
            print(
                f"  terrain with {share} labelled as the report suggests ({sg['labels']} hexes: its "
                f"label_next from the first run, in {[x['rounds'] - 1 for x in sg['runs']]} rounds): "
                f"mean {sg['terrain_pct_mean']:.2f} %, worst {sg['terrain_pct_min']:.2f} % "
                f"over seeds {SUGGESTED_SEEDS}; {estimates(sg['runs'])}"
            )
        c = r["ceiling"]
        print(
            f"  terrain with {c['labelled_pct']} % labelled at random ({CEILING_FOLDS}-fold; "
            "the descriptors' ceiling for random labels, not for the loop): "
            f"{c['terrain_pct']:.2f} % ({len(c['errors'])} of {c['scored']} hexes wrong)"
        )
        print(f"  hex features F1: {f1s(u['features'])}")
        print(f"  hexsides F1: {f1s(u['hexsides'])}")
        print(f"  lines F1: {f1s(u['lines'])}")
        if "grid_error_px" in u:
            print(
                f"  grid error: mean {u['grid_error_px']['mean']:.2f} px, "
                f"max {u['grid_error_px']['max']:.2f} px "
                f"({u['grid_error_pct']:.2f} % of hex width)"
            )
        nc = r["no_click_grid"]
        if "error" in nc:
            print(f"  grid found with no clicks: refused, exit 2 ({nc['error']})")
        else:
            print(
                f"  grid found with no clicks: error {nc['error_pct']:.2f} % of hex width "
                f"(mean {nc['error_px']['mean']:.2f} px, max {nc['error_px']['max']:.2f} px), "
                f"{nc['ids_off']} ids off; {nc['corners']} of {nc['expected_corners']} corners, "
                f"{nc['seconds']:.1f} s; {nc.get('summary', '')}"
            )
        for run in r["clicked_grid"]["runs"]:
            if "error" in run:
                print(
                    f"  grid from 3 clicks a quarter hex off (seed {run['seed']}): refused ({run['error']})"
                )
            else:
                print(
                    f"  grid from 3 clicks a quarter hex off (seed {run['seed']}): error "
                    f"{run['error_pct']:.2f} % of hex width, {run['ids_off']} ids off, "
                    f"clicked ids obeyed: {run['clicks_obeyed']} "
                    f"({run['seconds']:.1f} s)"
                )
        print(f"  {r['printed_numbers']}")
        print(f"  unaided run: {r['seconds']:.1f} s, peak {r['peak_mib']:.0f} MiB (numpy allocations)")
    print(
        "\ngoals: with <= 5 % labelled terrain >= 98 %; line and river F1 >= 0.95; feature F1 >= 0.95; "
        "grid error < 2 % of hex width"
    )
    from digitize_real_areas import print_rows, score_area_maps

    print("\nreal AREA maps (bench/digitize_real_areas.py), unaided, names from a gazetteer of the truth:")
    areas = score_area_maps(root)
    print_rows(areas)
    print("goals: areas >= 98 %, adjacency F1 >= 0.95")
    if json_file:
        Path(json_file).write_text(json.dumps({"hex_maps": results, "area_maps": areas}, indent=1))


if __name__ == "__main__":
    main()
