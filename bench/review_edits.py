"""The review page's edits on real maps: each edit applying only what it changed, against every
label and correction applied again (what an edit did before), in the same run.

Run: .venv/bin/python bench/review_edits.py [--realmaps DIR] [--only NAME] [--edits 200]

Per real hex map of ``../shared/realmaps/`` with a legend in ``tests/pipeline/realmaps/`` (as
``bench/review.py`` opens them: digitized with three clicks, then a review session), one sequence of
``--edits`` edits, drawn once (seeded): hexes labelled with their true terrain (a hex labelled
again now and then), hexside features and line edges toggled where the legend has them, and an
undo every tenth edit. The sequence is made twice on the same session: as ``railhead review``
makes it (:mod:`railhead.review.shown`), and with every edit re-applying every label and correction
to the round's map and comparing the whole map for the records the page redraws (the baseline,
:class:`EveryCorrection`, the session's code before). Every edit also writes its file (atomically,
fsync'd), the same in both: the table gives each edit's milliseconds and those less the write. The
maps shown after each edit are compared between the two (the sides in key order).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from digitize_real import AREA_FORMAT, HERE, LEGENDS

from railhead.mapdata.io import mapdata_document, write_mapdata
from railhead.pipeline.digitize import digitize
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import clicks, legend_ids, open_real_map
from railhead.review import edits as edit_files
from railhead.review.records import changes
from railhead.review.session import ReviewSession


class EveryCorrection(ReviewSession):
    """The baseline: an edit re-applies every label and correction to the round's map and looks at
    every hex, side and line edge for the records that changed (the session before review/shown.py)."""

    def _edit(self, write) -> dict[str, Any]:
        before, was = self.map, set(self.edits.labels())
        write()
        self.map = self._shown()
        self.revision += 1
        labelled = self.edits.labels()
        return {
            "revision": self.revision,
            "changed": changes(before, self.map, (was, set(labelled))),
            "labelled": len(labelled),
            "next": self.next_hexes(),
        }


def sequence(session: ReviewSession, truth, n: int, seed: int = 0) -> list[tuple]:
    """``n`` edits: (what, args), drawn from the session's map and legend."""
    rng = random.Random(seed)
    hexes = [h for h in session.map.hexes if h in truth.terrain]
    m = session.map
    sides = sorted({tuple(sorted((a, b))) for a in hexes for b in m.neighbours(a) if b in m.hexes})
    feats = [f.name for f in session.legend.hexside]
    kinds = [x.name for x in session.legend.line]
    out: list[tuple] = []
    for k in range(n):
        roll = rng.random()
        if k % 10 == 9:
            out.append(("undo",))
        elif feats and roll < 0.15:
            out.append(("hexside", *rng.choice(sides), rng.choice(feats)))
        elif kinds and roll < 0.3:
            out.append(("edge", *rng.choice(sides), rng.choice(kinds)))
        else:
            h = rng.choice(hexes)
            out.append(("terrain", h, truth.terrain[h]))
    return out


def run(session: ReviewSession, edits: list[tuple]) -> tuple[list[float], list[float], list[dict]]:
    """Make the edits; per edit its seconds, its seconds writing the file, the map shown after it."""
    writing = [0.0]
    save = edit_files.EditFiles._save

    def timed(self, which, doc):
        t = time.perf_counter()
        save(self, which, doc)
        writing[0] += time.perf_counter() - t

    edit_files.EditFiles._save = timed
    try:
        secs, writes, shown = [], [], []
        for what, *args in edits:
            writing[0] = 0.0
            t = time.perf_counter()
            if what == "terrain":
                session.set_terrain(*args)
            elif what == "hexside":
                session.toggle_hexside(*args)
            elif what == "edge":
                session.toggle_edge(*args)
            elif session.edits.can_undo():
                session.undo()
            secs.append(time.perf_counter() - t)
            writes.append(writing[0])
            doc = mapdata_document(session.map)
            doc["hexsides"].sort(key=lambda s: s["hexes"])
            shown.append(doc)
        while session.edits.can_undo():  # the files back as they were, for the next run
            session.undo()
        return secs, writes, shown
    finally:
        edit_files.EditFiles._save = save


def one_map(folder: Path, n: int) -> dict | None:
    legend_file = LEGENDS / f"{folder.name}.toml"
    if not legend_file.exists():
        return None
    legend = read_legend(legend_file)
    image, truth = open_real_map(folder)
    with tempfile.TemporaryDirectory(prefix="railhead-review-edits-") as tmp:
        found = digitize(image, legend, clicks(truth, legend_ids(truth, legend)), name=folder.name)
        write_mapdata(found.map, Path(tmp) / "MAP.json")
        session = ReviewSession([folder / x for x in truth.images()], legend_file, Path(tmp) / "MAP.json")
        edits = sequence(session, truth, n)
        new, new_w, new_maps = run(session, edits)
        session.__class__ = EveryCorrection
        old, old_w, old_maps = run(session, edits)
    differ = sum(a != b for a, b in zip(new_maps, old_maps, strict=True))
    return {
        "map": folder.name,
        "hexes": len(found.map.hexes),
        "edits": len(edits),
        "new": (new, [s - w for s, w in zip(new, new_w, strict=True)]),
        "old": (old, [s - w for s, w in zip(old, old_w, strict=True)]),
        "differ": differ,
    }


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"{1000 * statistics.median(xs):.1f} / {1000 * xs[int(0.9 * (len(xs) - 1))]:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--realmaps", default=str(HERE.parent.parent / "shared" / "realmaps"))
    ap.add_argument("--only", help="the one map (folder name) to run")
    ap.add_argument("--edits", type=int, default=200)
    args = ap.parse_args()
    root = Path(args.realmaps)
    if not root.is_dir():
        print(f"no real maps at {root} (../shared/realmaps beside the project); nothing measured")
        return
    results = []
    for folder in sorted(p for p in root.iterdir() if (p / "truth.json").exists()):
        if args.only and folder.name != args.only:
            continue
        if json.loads((folder / "truth.json").read_text()).get("format") == AREA_FORMAT:
            continue  # area maps have no hexes to label
        r = one_map(folder, args.edits)
        if r is not None:
            results.append(r)
    print("\nms per review edit, median / 90th percentile (less the file's write: the same in both)")
    print(
        f"{'map':<14} {'hexes':>5} {'edits':>5}  {'what changed':>22}  {'every correction':>22}  maps differ"
    )
    for r in results:
        new, new_shown = r["new"]
        old, old_shown = r["old"]
        print(
            f"{r['map']:<14} {r['hexes']:>5} {r['edits']:>5}  {_ms(new):>11} ({_ms(new_shown)})  "
            f"{_ms(old):>11} ({_ms(old_shown)})  {r['differ']} of {r['edits']}"
        )


if __name__ == "__main__":
    main()
