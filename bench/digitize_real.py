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
* the suggestion loop, as a person uses it (docs/digitizing.md): from the first run on, label the
  hexes the report proposes (``label_next``, 20 a round), re-run, repeat (3 seeds). Terrain of the
  hexes not labelled once 2 %, 5 % and 10 % of the hexes are labelled so, and the labels the loop
  needs to reach 98 % and 99.5 % (stopped at :data:`LOOP_CAP` of the hexes); beside each, how
  honest the confidence is: the wrong hexes the report lists as doubtful, and per band of
  confidence the hexes given it and the share of them right;
* leave-one-map-out figures of every constant chosen by looking at these maps (:data:`CHOICES`):
  the loop's terrain at 10 % with each option, the option tuned on this map and the option chosen
  on the other maps, scored on this one;
* the descriptors' ceiling: terrain accuracy with 80 % of the hexes labelled (5-fold: each fifth
  scored by a run that was given the other four fifths), what the classifier tells apart when
  labels are no longer scarce and fall anywhere. It bounds labels drawn at random, not the loop:
  the loop labels the hexes it is least sure of, and labelled hexes are not scored (Divine Right:
  97.7 % with 10 % labelled as suggested, 96.2 % here);
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
Goals (issue 27): with at most 10 % of the hexes labelled, terrain >= 98 %; line and river F1 >=
0.95; feature F1 >= 0.95; grid error < 2 % of a hex width, no id off.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
import tracemalloc
from pathlib import Path

import numpy as np

from railhead.errors import InputError
from railhead.pipeline import descriptors, learn
from railhead.pipeline.calibrate import GridNotFound
from railhead.pipeline.clicked import clicked_grid
from railhead.pipeline.digitize import Reading, learn_map, read_scan
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

HERE = Path(__file__).resolve().parent
LEGENDS = HERE.parent / "tests" / "pipeline" / "realmaps"
SHARES = (0.02, 0.05, 0.10)
SEEDS = (1, 2, 3)
SUGGESTED_SEEDS = (1, 2, 3)  # the suggestion loop (each seed runs until 99.5 % or LOOP_CAP)
SUGGESTED_SHARES = (0.02, 0.05, 0.10)  # labelled as suggested (the loop), as the random labels
TARGETS = (98.0, 99.5)  # terrain of the hexes not labelled: labels the loop needs to reach each
LOOP_CAP = 0.2  # the loop stops once this share of the hexes is labelled
CONFIDENCE_BANDS = (0.0, 0.5, 0.7, 0.9, 1.01)  # confidence bands of the hexes scored (hexes, right)
CEILING_FOLDS = 5  # the ceiling's labels: the other 4 fifths of the scored hexes
CLICK_SEEDS = (0, 1, 2)  # the grid from three clicks a quarter of a hex off, seed by seed
QUARTER = 0.25
AREA_FORMAT = "realmap-area-truth/1"
# constants chosen by looking at these maps (module, name, {option: value}): each is scored
# leave-one-map-out (the option best on the other maps, scored on this one) beside the tuned one
CHOICES = (
    (learn, "DIVERSE", {"one per cluster of the 60 least sure": 3, "the 20 least sure": 1}),
    (descriptors, "WORDS", {"a bag of 24 kinds of symbol": 24, "no bag of symbols": 0}),
    (learn, "SPLIT_FEATURES", {"a fifth of the descriptors a split": 0.2, "their square root": "sqrt"}),
    (learn, "CONTEXT", {"the terrain around each hex": True, "the hex alone": False}),
    (learn, "AGREE_POWER", {"the margin times the neighbours' agreement squared": 2, "the margin alone": 0}),
    (learn, "REGIONS", {"a shared colour's region described": True, "no region": False}),
)
CHOICE_SEEDS = (1, 2)  # of SUGGESTED_SEEDS: the option in the code reuses their loops
CHOICE_SHARE = 0.10  # the goal's share, labelled as suggested


def colour_only(reading: Reading, truth: RealTruth) -> float:
    """Terrain accuracy of the nearest-legend-colour rule alone (the digitizer before issue 15):
    the reading's own colour rule (:func:`.terrain.classify_terrain`, which learning leaves as it is)."""
    ids, res = reading.ids, reading.terrain
    scored = [
        (h, t)
        for h, t in zip(ids, res.names, strict=True)
        if h in truth.terrain and h not in truth.doubtful_hexes
    ]
    return round(100 * sum(t == truth.terrain[h] for h, t in scored) / max(1, len(scored)), 2)


def one_map(folder: Path, loops: dict[str, tuple] | None = None) -> dict | None:
    """Every figure of one hex map; ``loops`` gets the map's arguments of :func:`suggestion_loop`
    (for :func:`choice_figures`)."""
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
    # digitize is read_scan then learn_map: the reading (grid, descriptors, features, lines: what
    # labels change nothing of) is kept, and every labelled run below learns from it again
    reading = read_scan(image, legend, pts)
    found = learn_map(reading, name=folder.name)
    secs = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    unaided = score(found.map, truth, features=features)
    unaided_honesty = _scored(found, truth, {}, features)
    out = {
        "map": folder.name,
        "image": " + ".join(names),
        "stitch_seconds": round(stitch_secs, 2),
        "hexes": len(found.map.hexes),
        "clicks": pts,
        "colour_only_terrain_pct": colour_only(reading, truth),
        "unaided": unaided,
        "unaided_confidence_bands": unaided_honesty["confidence_bands"],
        "unaided_wrong_flagged": [unaided_honesty["wrong_flagged"], unaided_honesty["wrong"]],
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
            got = learn_map(reading, labels, folder.name, seed=seed)
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
    out["suggested"] = suggested_rounds(reading, truth, list(found.map.hexes), features)
    if loops is not None:
        loops[folder.name] = (reading, truth, list(found.map.hexes), features, out["suggested"])
    out["ceiling"] = descriptor_ceiling(reading, truth, list(found.map.hexes))
    return out


def descriptor_ceiling(reading: Reading, truth: RealTruth, ids: list[str]) -> dict:
    """Terrain accuracy with 80 % of the scored hexes labelled: the scored hexes cut into
    :data:`CEILING_FOLDS` folds at random (seeded), each fold scored by a digitize run labelled with
    the true terrain of all the others. Errors that remain here are hexes the descriptors cannot
    tell apart however many labels the classifier gets."""
    pool = np.array(sorted(h for h in ids if h in truth.terrain and h not in truth.doubtful_hexes))
    fold = np.random.default_rng(0).permutation(len(pool)) % CEILING_FOLDS
    errors = []
    for f in range(CEILING_FOLDS):
        labels = {str(h): truth.terrain[h] for h in pool[fold != f]}
        got = learn_map(reading, labels, "ceiling").map.hexes
        errors += [(str(h), got[h].terrain, truth.terrain[h]) for h in pool[fold == f]]
    errors = [e for e in errors if e[1] != e[2]]
    return {
        "labelled_pct": round(100 * (CEILING_FOLDS - 1) / CEILING_FOLDS),
        "terrain_pct": round(100 * (1 - len(errors) / max(1, len(pool))), 2),
        "scored": len(pool),
        "errors": sorted(errors),
    }


def _scored(got, truth: RealTruth, labels: dict[str, str], features) -> dict:
    """Terrain of the hexes not labelled, and how honest the confidence is: how many of the wrong
    hexes the report lists as doubtful (confidence below :data:`.digitize.DOUBTFUL`), how many
    hexes it lists, and per band of confidence of :data:`CONFIDENCE_BANDS` the hexes given it and
    the share of them right (an honest 0.6 is right about 60 % of the time)."""
    s = score(got.map, truth, exclude=set(labels), features=features)
    wrong = {h for h, _, _ in s["terrain_errors"]}
    doubtful = {d["hex"] for d in got.doubtful if "hex" in d} - set(labels)
    scored = [
        h for h in got.map.hexes if h in truth.terrain and h not in truth.doubtful_hexes and h not in labels
    ]
    conf = np.array([got.map.hexes[h].confidence for h in scored])
    right = np.array([h not in wrong for h in scored])
    bands = {}
    for lo, hi in zip(CONFIDENCE_BANDS, CONFIDENCE_BANDS[1:], strict=False):
        inside = (conf >= lo) & (conf < hi)
        bands[f"{lo:g}-{min(hi, 1):g}"] = [int(inside.sum()), int(right[inside].sum())]
    return {
        "labels": len(labels),
        "terrain_pct": s["terrain_pct"],
        "expected_pct": got.learning.get("expected_accuracy"),
        "wrong": len(wrong),
        "wrong_flagged": len(wrong & doubtful),
        "flagged": len(doubtful),
        "confidence_bands": bands,
    }


def suggestion_loop(
    reading: Reading,
    truth: RealTruth,
    ids: list[str],
    features,
    seed: int,
    shares: tuple[float, ...] = SUGGESTED_SHARES,
    targets: tuple[float, ...] = TARGETS,
    cap_share: float = LOOP_CAP,
) -> dict:
    """One person's loop (README): from the first, unaided run on, label the hexes the report
    proposes (``label_next``, up to 20 a round; a hex the truth marks doubtful is skipped), re-run,
    repeat. The figures at each share of :data:`SUGGESTED_SHARES` are those of the run given the
    first that many labels of the loop (the round that crosses the share cut short, in an extra run:
    the loop itself goes on with the whole round), and the labels needed for each of :data:`TARGETS`
    are those given when the loop's run first scores at least the target on the hexes not
    labelled (counted at the end of a round); the loop stops at :data:`LOOP_CAP` of the hexes."""
    budgets = {share: round(share * len(ids)) for share in shares}
    cap = round(cap_share * len(ids))
    order: list[str] = []  # hexes in the order the loop labelled them
    at_share: dict[float, dict] = {}
    reach: dict[float, int | None] = {}
    rounds = 0
    while True:
        labels = {h: truth.terrain[h] for h in order}
        got = learn_map(reading, labels, "suggested", seed=seed)
        now = _scored(got, truth, labels, features)
        for target in targets:
            if target not in reach and now["terrain_pct"] >= target:
                reach[target] = len(order)
        for share, n in budgets.items():
            if share not in at_share and len(order) == n:
                at_share[share] = {**now, "rounds": rounds}
        fresh = [
            h
            for h in got.learning.get("label_next", [])
            if h in truth.terrain and h not in truth.doubtful_hexes and h not in labels
        ]
        if not fresh or len(order) >= cap or (len(reach) == len(targets) and len(at_share) == len(budgets)):
            break
        for share, n in budgets.items():  # a share this round crosses: measured with the round cut short
            if share not in at_share and len(order) < n < len(order) + len(fresh):
                part = order + fresh[: n - len(order)]
                cut = {h: truth.terrain[h] for h in part}
                run = learn_map(reading, cut, "suggested", seed=seed)
                at_share[share] = {**_scored(run, truth, cut, features), "rounds": rounds + 1}
        order += fresh
        rounds += 1
    for share in budgets:  # the loop ran out of hexes to propose before the share
        at_share.setdefault(share, {**now, "rounds": rounds})
    return {
        "seed": seed,
        "shares": at_share,
        "reach": {t: reach.get(t) for t in targets},
        "rounds": rounds,
        "labels": len(order),
    }


def suggested_rounds(reading: Reading, truth: RealTruth, ids: list[str], features) -> dict:
    """The suggestion loop (:func:`suggestion_loop`) seed by seed: per share of
    :data:`SUGGESTED_SHARES`, the mean and worst terrain of the hexes not labelled; per target of
    :data:`TARGETS`, the labels each seed needed (None: not reached within :data:`LOOP_CAP`)."""
    loops = [
        suggestion_loop(reading, truth, ids, features, seed, SUGGESTED_SHARES, TARGETS, LOOP_CAP)
        for seed in SUGGESTED_SEEDS
    ]
    shares = {}
    for share in SUGGESTED_SHARES:
        rs = [lp["shares"][share] for lp in loops]
        shares[f"{share:.0%}"] = {
            "labels": rs[0]["labels"],
            "terrain_pct_mean": round(float(np.mean([r["terrain_pct"] for r in rs])), 2),
            "terrain_pct_min": min(r["terrain_pct"] for r in rs),
            "wrong_flagged": sum(r["wrong_flagged"] for r in rs),
            "wrong": sum(r["wrong"] for r in rs),
            "flagged": sum(r["flagged"] for r in rs),
            "confidence_bands": {
                b: [sum(r["confidence_bands"][b][i] for r in rs) for i in (0, 1)]
                for b in rs[0]["confidence_bands"]
            },
            "runs": rs,
        }
    reach = {f"{t:g}%": [lp["reach"][t] for lp in loops] for t in TARGETS}
    return {"shares": shares, "reach": reach, "cap_labels": round(LOOP_CAP * len(ids)), "loops": loops}


def choice_figures(maps: dict[str, tuple]) -> list[dict]:
    """Leave-one-map-out figures of every constant of :data:`CHOICES` (chosen by looking at these
    maps): for each option, the suggestion loop's terrain at :data:`CHOICE_SHARE` labelled (mean
    over :data:`CHOICE_SEEDS`) on each map; per map, the option in the code, the option best on
    this map (tuned) and the option best on the other maps (leave-one-map-out) with its figure
    here. ``maps``: map name -> the arguments of :func:`suggestion_loop` before the seed, and the
    bench's own loops (a constant of :mod:`.descriptors` describes the hexes again with each value)."""
    out = []
    for module, name, options in CHOICES:
        in_code = getattr(module, name)
        pct: dict[tuple[str, str], float] = {}
        try:
            for label, value in options.items():
                setattr(module, name, value)
                for m, (reading, *args, done) in maps.items():
                    if value == in_code:  # the bench's own loops ran with it
                        runs = [lp for lp in done["loops"] if lp["seed"] in CHOICE_SEEDS]
                    else:
                        if module is descriptors:  # the hexes described again with this value
                            r = reading
                            patches = descriptors.hex_patches(r.image, r.grid, r.cols, r.rows)
                            x, _ = descriptors.describe(patches, r.legend, r.terrain.drift)
                            reading = dataclasses.replace(r, descriptors=x)
                        runs = [
                            suggestion_loop(reading, *args, seed, (CHOICE_SHARE,), (), CHOICE_SHARE)
                            for seed in CHOICE_SEEDS
                        ]
                    pct[m, label] = round(
                        float(np.mean([r["shares"][CHOICE_SHARE]["terrain_pct"] for r in runs])), 2
                    )
        finally:
            setattr(module, name, in_code)
        default = next(label for label, value in options.items() if value == in_code)
        per_map = {}
        for m in maps:
            others = [o for o in maps if o != m] or [m]
            tuned = max(options, key=lambda label: pct[m, label])
            lomo = max(options, key=lambda label: np.mean([pct[o, label] for o in others]))
            per_map[m] = {
                "in_code": default,
                "in_code_pct": pct[m, default],
                "tuned": tuned,
                "tuned_pct": pct[m, tuned],
                "leave_one_out": lomo,
                "leave_one_out_pct": pct[m, lomo],
                "options": {label: pct[m, label] for label in options},
            }
        out.append({"constant": f"{module.__name__.rsplit('.', 1)[-1]}.{name}", "maps": per_map})
    return out


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
    loops: dict[str, tuple] = {}
    for folder in sorted(p for p in root.iterdir() if (p / "truth.json").exists()):
        if json.loads((folder / "truth.json").read_text()).get("format") == AREA_FORMAT:
            continue  # real area maps: scored together below (bench/digitize_real_areas.py)
        r = one_map(folder, loops)
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
        print(
            f"  unaided: wrong hexes the report lists as doubtful {r['unaided_wrong_flagged'][0]} of "
            f"{r['unaided_wrong_flagged'][1]}; confidence the report gives / hexes / right: "
            + "; ".join(
                f"{b}: {n} / {100 * k / max(1, n):.0f} %"
                for b, (n, k) in r["unaided_confidence_bands"].items()
            )
        )
        for share, v in r["labelled"].items():
            print(
                f"  terrain with {share} labelled ({v['labels']} hexes): mean {v['terrain_pct_mean']:.2f} %, "
                f"worst {v['terrain_pct_min']:.2f} % over seeds {SEEDS}; {estimates(v['runs'])}"
            )
        sg = r["suggested"]
        for share, v in sg["shares"].items():
            print(
                f"  terrain with {share} labelled as the report suggests ({v['labels']} hexes: its "
                f"label_next from the first run, in {[x['rounds'] for x in v['runs']]} rounds): "
                f"mean {v['terrain_pct_mean']:.2f} %, worst {v['terrain_pct_min']:.2f} % "
                f"over seeds {SUGGESTED_SEEDS}; {estimates(v['runs'])}; wrong hexes the report lists "
                f"as doubtful: {v['wrong_flagged']} of {v['wrong']} ({v['flagged']} listed, all seeds)"
            )
            print(
                "    confidence the report gives / hexes / right: "
                + "; ".join(
                    f"{b}: {n} / {100 * k / max(1, n):.0f} %" for b, (n, k) in v["confidence_bands"].items()
                )
            )
        for target, need in sg["reach"].items():
            shown = [f"{n} ({100 * n / r['hexes']:.1f} %)" if n is not None else "not reached" for n in need]
            print(
                f"  labels the suggestion loop needs for terrain >= {target} of the hexes not labelled "
                f"(counted at the end of a round of 20; stopped at {sg['cap_labels']}): "
                f"{', '.join(shown)} over seeds {SUGGESTED_SEEDS}"
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
    choices = choice_figures(loops)
    print(
        f"\nconstants chosen by looking at these maps: terrain with {CHOICE_SHARE:.0%} labelled as "
        f"suggested (mean over seeds {CHOICE_SEEDS}), in the code / tuned on this map / chosen on "
        "the other maps (leave-one-map-out):"
    )
    for c in choices:
        for m, v in c["maps"].items():
            print(
                f"  {c['constant']} on {m}: in the code ({v['in_code']}) {v['in_code_pct']:.2f} %, "
                f"tuned ({v['tuned']}) {v['tuned_pct']:.2f} %, leave-one-map-out "
                f"({v['leave_one_out']}) {v['leave_one_out_pct']:.2f} %"
            )
    print(
        "\ngoals: terrain >= 98 % with at most 10 % of hexes labelled; line and river F1 >= 0.95; "
        "feature F1 >= 0.95; grid error < 2 % of hex width"
    )
    from digitize_real_areas import print_rows, score_area_maps

    print("\nreal AREA maps (bench/digitize_real_areas.py), unaided, names from a gazetteer of the truth:")
    areas = score_area_maps(root)
    print_rows(areas)
    print("goals: areas >= 98 %, adjacency F1 >= 0.95")
    if json_file:
        Path(json_file).write_text(
            json.dumps({"hex_maps": results, "choices": choices, "area_maps": areas}, indent=1)
        )


if __name__ == "__main__":
    main()
