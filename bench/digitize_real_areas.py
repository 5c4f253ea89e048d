"""Digitizing real printed AREA maps: every map of ``../shared/realmaps/`` whose truth is
``realmap-area-truth/1``, against that truth.

Run: .venv/bin/python bench/digitize_real_areas.py [--realmaps DIR] [--json OUT] [--no-loo]

No per-map code: a map folder holds its picture and ``truth.json``; its legend is
``tests/pipeline/realmaps/<map>.areas.toml``, written from the printed map (inks sampled where the
art shows each line and fill; never from the truth's borders). A map without one is listed as
skipped, saying so. Per map, as a user would run it:

* ``railhead digitize-areas`` (the command, in a subprocess) with that legend and a gazetteer
  built from the truth's names and points (:func:`railhead.pipeline.area_truth.truth_gazetteer`),
  unaided: no clicks, no labels;
* areas recovered, adjacency F1 (precision, recall), border-kind accuracy on the kinds the legend
  names, found areas holding no true point or several (:mod:`railhead.pipeline.area_truth`), the
  report's unsure places (unnamed areas, names falling in one area, contacts near the corner
  limit or with a line along them only part of the way, of :mod:`railhead.pipeline.area_contacts`),
  seconds;
* how well the report's confidences separate true from false borders: the borders kept and the
  contacts dropped, each sure or unsure (confidence under ``area_contacts.WEAK``), with how many of
  them are true borders.

Leave-one-map-out: every constant of :mod:`railhead.pipeline.areas` that was chosen by looking at
real maps (:data:`CHOSEN`) is chosen again among its candidates on the other maps (best mean of
areas and adjacency F1 there; a tie keeps the shipped value) and scored on this one; printed
beside the figure with the shipped values. Goals (issue 27): areas >= 98 %, adjacency F1 >= 0.95.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from railhead.mapdata.io import read_mapdata
from railhead.pipeline import area_contacts
from railhead.pipeline import areas as area_mod
from railhead.pipeline.area_accuracy import confidence_text
from railhead.pipeline.area_truth import is_area_truth, read_area_truth, score_area_map, truth_gazetteer
from railhead.pipeline.gazetteer import write_gazetteer_csv
from railhead.pipeline.legend import read_legend

HERE = Path(__file__).resolve().parent
LEGENDS = HERE.parent / "tests" / "pipeline" / "realmaps"
FIGURES = ("areas", "adjacency_f1", "border_kind")

CHOSEN = {
    "MIN_CONTRAST": (10.0, 20.0, 30.0),
    "THICK": (2.0, 3.0, 4.0),
    "BRIDGE": (0.0, 2.0, 3.0),
    "PIECE_SHARE": (0.0, 0.25, 0.5),
    "SLIVER": (0.0, 6.0),
    "SPREAD": (0.0, 1.0),
    "OPEN": (0.0, 3.0, 4.0),
    "FRAME_COVER": (0.0, 0.6, 0.8),
    "CUT_SHARE": (0.0, 0.3, 0.5, 0.7),
    "STRIP_AREA": (0.0, 4.0, 8.0),
    "CORNER": (0.0, 1.0, 1.5, 2.0),
    "SLIDE": (0.0, 0.5, 0.75),
    "FORKS": (0, 1),
    "FORK_COS": (0.5, 0.8, 0.9),
    "NECK": (0.0, 1.0, 2.0),
    "SEED_SHARE": (0.0, 0.25, 0.5),
    "VOID": (0, 1),
    "EDGE_SHARED": (0, 1),
}
"""The constants of :mod:`railhead.pipeline.areas` (and the modules it uses, :data:`HOME`) chosen
while looking at real maps, with the candidates the leave-one-map-out run picks among."""

HOME = {"CORNER": area_contacts, "SLIDE": area_contacts}
"""The module a constant of :data:`CHOSEN` lives in, when not :mod:`railhead.pipeline.areas`."""


def _home(const: str):
    return HOME.get(const, area_mod)


def default_realmaps() -> Path:
    """``../shared/realmaps`` beside the project (the first such folder above this file)."""
    for up in HERE.parents:
        cand = up / "shared" / "realmaps"
        if cand.is_dir():
            return cand
    return HERE.parent.parent / "shared" / "realmaps"


def area_map_folders(realmaps_dir: Path) -> list[Path]:
    return sorted(f for f in Path(realmaps_dir).iterdir() if f.is_dir() and is_area_truth(f / "truth.json"))


def legend_of(folder: Path) -> Path:
    return LEGENDS / f"{folder.name}.areas.toml"


def _picture(folder: Path, truth) -> Path:
    if truth.image:
        return folder / truth.image
    return next(p for p in sorted(folder.iterdir()) if p.suffix.lower() in (".jpg", ".jpeg", ".png"))


def legend_kinds(legend_file: Path) -> set[str]:
    return {a.name for a in read_legend(legend_file).area if a.extra.get("kind") == "border"}


def run_cli(folder: Path, work: Path) -> dict:
    """``railhead digitize-areas`` on one map, as a user runs it; its figures against the truth."""
    truth = read_area_truth(folder / "truth.json")
    legend = legend_of(folder)
    gaz = work / f"{folder.name}.gazetteer.csv"
    write_gazetteer_csv(truth_gazetteer(truth), gaz)
    out, rep = work / f"{folder.name}.json", work / f"{folder.name}.report.json"
    cmd = [sys.executable, "-c", "from railhead.cli import main; main()", "digitize-areas"]
    cmd += [str(_picture(folder, truth)), "--legend", str(legend), "--gazetteer", str(gaz)]
    cmd += ["--out", str(out), "--report", str(rep)]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        return {"map": folder.name, "error": f"exit {done.returncode}: {done.stderr.strip()[-400:]}"}
    report = json.loads(rep.read_text())
    row = score_area_map(read_mapdata(out), truth, legend_kinds(legend), report)
    row.update(
        map=folder.name,
        seconds=round(seconds, 1),
        report_unnamed=len(report.get("unnamed", [])),
        report_conflicts=len(report.get("conflicts", [])),
        report_unsure_contacts=len(
            {
                frozenset(c["areas"])
                for c in report.get("short_contacts", []) + report.get("weak_contacts", [])
                if c["confidence"] < area_contacts.WEAK
            }
        ),
        report_corner_seams=len(report.get("corner_seams", [])),
        corner_limit_px=report.get("corner_limit_px"),
    )
    return row


def run_inprocess(folder: Path, constants: dict[str, float]) -> dict:
    """The digitizer in this process with ``constants`` set (for the leave-one-out runs)."""
    from railhead.pipeline.digitize import load_image

    truth = read_area_truth(folder / "truth.json")
    legend_file = legend_of(folder)
    saved = {k: getattr(_home(k), k) for k in constants}
    try:
        for k, v in constants.items():
            setattr(_home(k), k, v)
        found = area_mod.digitize_areas(
            load_image(_picture(folder, truth)), read_legend(legend_file), truth_gazetteer(truth)
        )
    finally:
        for k, v in saved.items():
            setattr(_home(k), k, v)
    return score_area_map(found.map, truth, legend_kinds(legend_file))


def _merit(row: dict) -> float:
    return (row["areas"] + row["adjacency_f1"]) / 2


def leave_one_out(folders: list[Path], constants: list[str] | None = None) -> dict[str, dict]:
    """Per map and constant (``constants``: those of :data:`CHOSEN`, or all): the value chosen on
    the other maps and this map's figures with it."""
    out: dict[str, dict] = {f.name: {} for f in folders}
    if len(folders) < 2:
        return out
    shipped_run: dict[str, dict] = {}  # per map: every constant as shipped, one run for all of them

    def run(f: Path, const: str, v) -> dict:
        shipped = getattr(_home(const), const)
        if v != shipped or type(v) is not type(shipped):
            return run_inprocess(f, {const: v})
        if f.name not in shipped_run:
            shipped_run[f.name] = run_inprocess(f, {})
        return shipped_run[f.name]

    for const, values in CHOSEN.items():
        if constants is not None and const not in constants:
            continue
        grid = {(f.name, v): run(f, const, v) for f in folders for v in values}
        for f in folders:
            others = [g.name for g in folders if g != f]
            shipped = getattr(_home(const), const)
            # a tie (the other maps cannot tell the values apart) keeps the shipped value
            best = max(values, key=lambda v: (np.mean([_merit(grid[(o, v)]) for o in others]), v == shipped))
            row = grid[(f.name, best)]
            out[f.name][const] = {
                "chosen": best,
                "shipped": shipped,
                **{k: row[k] for k in FIGURES},
            }
    return out


def score_area_maps(
    realmaps_dir: str | Path, loo: bool = True, constants: list[str] | None = None
) -> list[dict]:
    """One row per area map of ``realmaps_dir`` (the figures of the module docstring); maps with no
    legend give a row with ``skipped`` saying why. ``bench/digitize_real.py`` calls this."""
    folders = area_map_folders(Path(realmaps_dir))
    rows, ready = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for f in folders:
            if not legend_of(f).exists():
                rows.append({"map": f.name, "skipped": f"no area legend at {legend_of(f)}"})
                continue
            ready.append(f)
            rows.append(run_cli(f, Path(tmp)))
    if loo:
        held = leave_one_out(ready, constants)
        for r in rows:
            if r.get("map") in held:
                r["leave_one_out"] = held[r["map"]]
    return rows


def _fmt(v) -> str:
    return "   -  " if v is None else f"{v:6.3f}"


def print_rows(rows: list[dict]) -> None:
    """The rows as the bench prints them (also :mod:`digitize_real`'s area-map part)."""
    print("map                     areas  adj_f1 (prec  rec)  kind   found unnamed merged  seconds")
    for r in rows:
        if "skipped" in r or "error" in r:
            print(f"{r['map']:22s}  {r.get('skipped') or r.get('error')}")
            continue
        print(
            f"{r['map']:22s} {_fmt(r['areas'])} {_fmt(r['adjacency_f1'])} ({r['adjacency_precision']:.2f} "
            f"{r['adjacency_recall']:.2f}) {_fmt(r['border_kind'])} {r['found_areas']:5d} {r['unnamed']:7d} "
            f"{r['merged']:6d} {r['seconds']:8.1f}"
        )
        print(
            f"{'':22s} {r['areas_recovered']}/{r['areas_scored']} areas; kind scored on "
            f"{r['border_kind_scored']} borders, not scored {r['kinds_not_scored']}; missing "
            f"{', '.join(r['missing'][:12])}{' ...' if len(r['missing']) > 12 else ''}; "
            f"corner limit {r.get('corner_limit_px')} px, {r.get('report_unsure_contacts', 0)} contacts "
            f"reported unsure, {r.get('report_corner_seams', 0)} seams with no line between (corner seams)"
        )
        for test, split in r.get("confidence", {}).items():
            print(f"{'':22s} confidence ({test}): {confidence_text(split)}")
        for const, lo in r.get("leave_one_out", {}).items():
            print(
                f"{'':22s} leave-one-map-out {const} = {lo['chosen']} (shipped {lo['shipped']}): "
                + " ".join(f"{k} {_fmt(lo[k])}" for k in FIGURES)
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--realmaps", default=None, help="The realmaps folder (default ../shared/realmaps).")
    ap.add_argument("--json", dest="json_out", default=None, help="Write the rows to this file.")
    ap.add_argument("--no-loo", action="store_true", help="Skip the leave-one-map-out runs.")
    ap.add_argument(
        "--constants",
        default=None,
        help="Comma-separated constants of CHOSEN for the leave-one-map-out runs (default: all of them;"
        " a subset to run them in several processes).",
    )
    args = ap.parse_args()
    where = Path(args.realmaps) if args.realmaps else default_realmaps()
    if not where.is_dir():
        sys.exit(f"no realmaps folder at {where} (give --realmaps)")
    constants = args.constants.split(",") if args.constants else None
    unknown = sorted(set(constants or []) - set(CHOSEN))
    if unknown:
        sys.exit(f"not constants of CHOSEN: {', '.join(unknown)}")
    rows = score_area_maps(where, loo=not args.no_loo, constants=constants)
    print_rows(rows)
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
