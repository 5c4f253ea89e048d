"""How honest the confidence of the lines and hexside features found is (issue 27: right, or say so).

Run: .venv/bin/python bench/confidence.py [--seeds N] [--styles a,b] [--levels 1,2,3] [--realmaps DIR]
[--records OUT.json]

Every edge the digitizer finds (a railway or road joining two hexes, a river, major river, border
or lake along a hexside, a bridge) carries a confidence (:mod:`railhead.pipeline.edge_confidence`);
those below :data:`~railhead.pipeline.digitize.DOUBTFUL` are listed in the report as doubtful, for
a person to check. This scores that list against the truth:

* on generated scans (``bench/digitize.py``'s sheet: each art style, degradation levels 1-3,
  several seeds) and on the real hex maps of ``../shared/realmaps/`` whose truth has lines or
  hexside features (grid from three clicks, as ``bench/digitize_real.py``), each edge found is
  binned by its confidence, and per bin: the edges and the share of them right;
* the doubtful list's share of the wrong edges and of the right ones, beside the baseline: a
  list of the same size drawn at random from the edges found (its expected share of the wrong
  ones is the list's share of all edges);
* the true edges missed, and how many of them the report lists as possible but not drawn
  (``near``: a candidate below the threshold, see :mod:`railhead.pipeline.edge_confidence`).

The constants of the confidence were chosen on generated scans only (see that module); the real
maps are scored with them as they are.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from railhead.errors import InputError
from railhead.mapdata.model import MapData, side_key
from railhead.mapdata.sample import sample_map
from railhead.pipeline.digitize import DOUBTFUL, learn_map, read_scan
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import RealTruth, clicks, legend_ids, open_real_map, warped
from railhead.pipeline.synth import STYLES, degrade, render, sample_legend

HERE = Path(__file__).resolve().parent
LEGENDS = HERE.parent / "tests" / "pipeline" / "realmaps"
SEEDS = (21, 22, 23, 24, 25)
BINS = (0.0, 0.3, 0.5, 0.7, 0.9, 1.01)
# each real map with lines in its truth is scored also as another scanner gives it (scale, degrees:
# bench/digitize_real_warped.py's), where more of its lines are wrong
WARPS = ((0.6, 1.5), (1.0, -2.0), (1.2, 0.0))


def edge_records(reading, found, truth_lines, truth_sides, keep=lambda key: True) -> list[dict]:
    """Per edge found: its group (line, side, bridge), kind, confidence, why, evidence and whether
    the truth has it; and per true edge missed, whether a near candidate named it. ``truth_lines``
    and ``truth_sides``: kind -> set of sorted hex-id pairs."""
    ids = reading.ids
    out = []
    seen_found = set()
    for group, res in (("line", reading.lines), ("side", reading.sides)):
        truth = truth_lines if group == "line" else truth_sides
        for (a, b), kind, conf, why, ev in zip(
            res.pairs, res.kinds, res.confidence, res.why, res.evidence, strict=True
        ):
            key = side_key(ids[a], ids[b])
            if kind not in truth or not keep(key):
                continue
            seen_found.add((group, kind, key))
            out.append(
                {
                    "group": group,
                    "kind": kind,
                    "edge": list(key),
                    "confidence": conf,
                    "why": why,
                    "evidence": ev,
                    "right": key in truth[kind],
                }
            )
    if "bridge" in truth_sides:
        for s in found.map.hexsides.values():
            if "bridge" in s.features and keep(s.key):
                seen_found.add(("side", "bridge", s.key))
                out.append(
                    {
                        "group": "bridge",
                        "kind": "bridge",
                        "edge": list(s.key),
                        "confidence": s.confidence,
                        "why": "",
                        "evidence": {},
                        "right": s.key in truth_sides["bridge"],
                    }
                )
    near = set()
    for d in found.doubtful:
        if not d.get("possible"):
            continue
        group, kind = ("line", d["line"]) if "line" in d else ("side", d["feature"])
        key = tuple(d["hexes"])
        truth = truth_lines if group == "line" else truth_sides
        if kind in truth and keep(key):
            near.add((group, kind, key))
            out.append({"group": "possible", "kind": kind, "edge": list(key), "right": key in truth[kind]})
    for group, truth in (("line", truth_lines), ("side", truth_sides)):
        for kind, keys in truth.items():
            for key in keys:
                g = "side" if kind == "bridge" else group
                if keep(key) and (g, kind, key) not in seen_found:
                    out.append(
                        {
                            "group": "missed",
                            "kind": kind,
                            "edge": list(key),
                            "near": (g, kind, key) in near,
                        }
                    )
    return out


def generated(styles: list[str], levels: list[int], seeds: int) -> list[dict]:
    m = sample_map(1917, cols=40, rows=28, hex_height=90)
    out = []
    for style in styles:
        legend = sample_legend(style)
        for level in levels:
            for seed in SEEDS[:seeds]:
                scan = degrade(render(m, legend, seed=seed, style=style), level, seed=seed)
                try:
                    reading = read_scan(scan.image, legend, seed=seed)
                except InputError:
                    print(f"{style} level {level} seed {seed}: refused (no grid); skipped")
                    continue
                found = learn_map(reading)
                t: MapData = scan.truth
                lines = {k: t.line_edges(k) for k in {x.name for x in legend.line}}
                sides = defaultdict(set)
                for s in t.hexsides.values():
                    for f in s.features:
                        sides[f].add(s.key)
                for x in legend.hexside:
                    sides.setdefault(x.name, set())
                recs = edge_records(reading, found, lines, dict(sides))
                for r in recs:
                    r["source"] = f"{style} {level} {seed}"
                out += recs
                print(f"{style} level {level} seed {seed}: {len(recs)} edges", flush=True)
    return out


def real(folder: Path, scale: float = 1.0, degrees: float = 0.0) -> list[dict]:
    """The records of one real map (its scan ``scale``d and turned by ``degrees``, as another
    scanner gives it, when not 1 and 0); its unaided terrain's figures printed."""
    legend_file = LEGENDS / f"{folder.name}.toml"
    if not legend_file.exists():
        return []
    image, truth = open_real_map(folder)
    name = folder.name
    if (scale, degrees) != (1.0, 0.0):
        image, truth = warped(image, truth, scale, degrees)
        name = f"{folder.name} at {scale:.0%}, {degrees:+.1f} deg"
    legend = read_legend(legend_file)
    reading = read_scan(image, legend, clicks(truth, legend_ids(truth, legend)))
    found = learn_map(reading, name=folder.name)
    if (scale, degrees) == (1.0, 0.0):
        terrain_figures(found, reading, truth, name)
    if not truth.lines and not truth.hexsides:
        print(f"{name}: no lines or hexside features in its truth")
        return []

    def keep(key: tuple[str, str], t: RealTruth = truth) -> bool:
        return (
            all(h in found.map.hexes for h in key)
            and key not in t.doubtful_lines
            and key not in t.doubtful_sides
            and t.side_scored(key)
        )

    recs = edge_records(reading, found, dict(truth.lines), dict(truth.hexsides), keep)
    for r in recs:
        r["source"] = name
    return recs


def terrain_figures(found, reading, truth: RealTruth, name: str) -> None:
    """The unaided terrain's confidence per hex (what the report gives, no label): per bin the
    hexes and the share right, and the share wrong among the hexes reported confident (not
    doubtful); beside it, the same were a hex confident only where the colour rule is confident
    too and names the same terrain (a change this bench measures, not made: see its report)."""
    colour = dict(
        zip(reading.ids, zip(reading.terrain.names, reading.terrain.confidence, strict=True), strict=True)
    )
    hexes = [
        (h.confidence, h.terrain == truth.terrain[k])
        for k, h in found.map.hexes.items()
        if k in truth.terrain and k not in truth.doubtful_hexes
    ]
    both = [
        (min(h.confidence, colour[k][1]) if colour[k][0] == h.terrain else 0.0, h.terrain == truth.terrain[k])
        for k, h in found.map.hexes.items()
        if k in truth.terrain and k not in truth.doubtful_hexes
    ]
    cells = []
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        b = [r for c, r in hexes if lo <= c < hi]
        if b:
            cells.append(f"[{lo:.1f},{min(hi, 1):.1f}) {len(b)} hexes {sum(b) / len(b):.3f} right")
    sure = [r for c, r in hexes if c >= DOUBTFUL]
    print(
        f"\n{name} terrain, unaided: {sum(r for _, r in hexes) / max(1, len(hexes)):.3f} right; "
        + "; ".join(cells)
    )
    print(
        f"  reported confident (>= {DOUBTFUL}): {len(sure)} of {len(hexes)} hexes, "
        f"{100 * (1 - sum(sure) / max(1, len(sure))):.1f} % of them wrong; "
        f"{sum(not r for c, r in hexes if c < DOUBTFUL)} of {sum(not r for _, r in hexes)} wrong hexes "
        "listed doubtful"
    )
    agree = [r for c, r in both if c >= DOUBTFUL]
    print(
        f"  were a hex confident only where the colour rule agrees and is confident: {len(agree)} hexes "
        f"confident, {100 * (1 - sum(agree) / max(1, len(agree))):.1f} % of them wrong; "
        f"{sum(not r for c, r in both if c < DOUBTFUL)} wrong hexes listed doubtful"
    )


def figures(records: list[dict], title: str) -> None:
    """Per confidence bin the edges found and the share right; the doubtful list against wrong and
    right edges, beside a random list of its size; the misses a near candidate named."""
    found = [r for r in records if r["group"] not in ("missed", "possible")]
    missed = [r for r in records if r["group"] == "missed"]
    possible = [r for r in records if r["group"] == "possible"]
    wrong = [r for r in found if not r["right"]]
    print(f"\n{title}: {len(found)} edges found, {len(wrong)} wrong, {len(missed)} missed")
    for group in ("line", "side", "bridge", "all"):
        rs = [r for r in found if group in ("all", r["group"])]
        if not rs:
            continue
        cells = []
        for lo, hi in zip(BINS, BINS[1:], strict=False):
            b = [r for r in rs if lo <= r["confidence"] < hi]
            if b:
                right = sum(r["right"] for r in b) / len(b)
                cells.append(f"[{lo:.1f},{min(hi, 1):.1f}) {len(b)} edges {right:.3f} right")
        print(f"  {group:>6}: " + "; ".join(cells))
    right = [r for r in found if r["right"]]
    listed = [r for r in found if r["confidence"] < DOUBTFUL]
    share = len(listed) / max(1, len(found))
    print(
        f"  doubtful list (confidence < {DOUBTFUL}): {len(listed)} edges "
        f"({100 * share:.1f} % of those found); "
        f"holds {sum(not r['right'] for r in listed)} of {len(wrong)} wrong "
        f"({100 * sum(not r['right'] for r in listed) / max(1, len(wrong)):.1f} %) and "
        f"{sum(r['right'] for r in listed)} of {len(right)} right "
        f"({100 * sum(r['right'] for r in listed) / max(1, len(right)):.1f} %); "
        f"a random list of its size: {100 * share:.1f} % of the wrong expected"
    )
    f1 = []
    for kind in sorted({r["kind"] for r in records}):
        tp = sum(r["right"] for r in found if r["kind"] == kind)
        fp = sum(not r["right"] for r in found if r["kind"] == kind)
        fn = sum(r["kind"] == kind for r in missed)
        f1.append(f"{kind} {2 * tp / max(1, 2 * tp + fp + fn):.3f}")
    print("  F1 (found against the truth, unchanged by the confidence): " + ", ".join(f1))
    print(
        f"  missed true edges: {len(missed)}, named as possible (a candidate below the threshold): "
        f"{sum(r['near'] for r in missed)}; possible edges listed: {len(possible)}, "
        f"{sum(r['right'] for r in possible)} of them true"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help=f"seeds per style and level (at most {len(SEEDS)})")
    ap.add_argument("--styles", default=",".join(STYLES))
    ap.add_argument("--levels", default="1,2,3")
    ap.add_argument("--realmaps", default=str(HERE.parent.parent / "shared" / "realmaps"))
    ap.add_argument("--no-real", action="store_true", help="generated scans only")
    ap.add_argument("--no-generated", action="store_true", help="real maps only")
    ap.add_argument("--records", help="write every edge's record (JSON) here")
    args = ap.parse_args()
    records: list[dict] = []
    if not args.no_generated:
        gen = generated(args.styles.split(","), [int(x) for x in args.levels.split(",")], args.seeds)
        figures(gen, "generated scans")
        for style in args.styles.split(","):
            figures([r for r in gen if r["source"].startswith(style + " ")], f"  {style}")
        records += gen
    if not args.no_real and Path(args.realmaps).is_dir():
        real_recs: list[dict] = []
        for folder in sorted(p for p in Path(args.realmaps).iterdir() if (p / "truth.json").exists()):
            for warp in ((1.0, 0.0), *WARPS):
                try:
                    recs = real(folder, *warp)
                except InputError as exc:
                    print(f"{folder.name}: {exc}")
                    break
                if not recs:
                    break
                figures(recs, recs[0]["source"])
                real_recs += recs
        if real_recs:
            figures(real_recs, "real maps, every scan")
        records += real_recs
    if args.records:
        Path(args.records).write_text(json.dumps(records))


if __name__ == "__main__":
    main()
