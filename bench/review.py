"""A simulated person correcting each real hex map of ``../shared/realmaps/`` on the review page.

Run: .venv/bin/python bench/review.py [--realmaps DIR] [--json OUT]

Per map (legend ``tests/pipeline/realmaps/<map>.toml``, as ``bench/digitize_real.py`` reads it), the
map is first digitized as a person starts (``railhead digitize`` with three clicks within 3 px, the
grid of that bench), then ``railhead review``'s server is started on it (:class:`ReviewServer`, on
127.0.0.1) and a person works through the page's own HTTP interface (``/api/state``,
``/api/terrain``, ``/api/relearn``):

* **as the page suggests**: take the hexes the page rings and numbers (``next``), in order, and
  answer each with its true terrain (a hex the truth marks doubtful is skipped: nobody can answer
  it); after every :data:`EVERY` answers (10) press "learn again" and wait for it. When the
  page proposes no hex left, the person goes on with the palest hexes (least confidence first),
  as the shading shows them; the table says how many hexes were taken so;
* **at random**: the same, the hexes drawn in a random order (each seed of :data:`SEEDS`), with
  the same re-learns.

Each answer touches one hex, whether the guess was right or not (the person had to look). Counted:
hexes touched until the terrain of the map (every hex the truth scores, labelled ones included:
what the saved map holds) is right for 98 %, 99.5 % and 100 % of them, checked after every answer;
and the seconds of one re-learn round (POST to done, median, as the page waits for it).
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np
from digitize_real import AREA_FORMAT, LEGENDS, real_maps_args

from railhead.mapdata.io import write_mapdata
from railhead.pipeline.digitize import digitize
from railhead.pipeline.legend import read_legend
from railhead.pipeline.realtruth import RealTruth, clicks, legend_ids, open_real_map
from railhead.review.server import ReviewServer
from railhead.review.session import ReviewSession

TARGETS = (98.0, 99.5, 100.0)
EVERY = 10  # answers between two re-learns
SEEDS = (0, 1, 2)  # of the random order


class Page:
    """The review page's HTTP interface, as its script uses it."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    def _call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=600) as r:
            return json.loads(r.read())

    def state(self) -> dict:
        return self._call("GET", "/api/state")

    def answer(self, hex_id: str, terrain: str) -> dict:
        return self._call("POST", "/api/terrain", {"hex": hex_id, "terrain": terrain})

    def relearn(self) -> float:
        """Learn again and wait until done, as the page does; the seconds it took."""
        t = time.perf_counter()
        self._call("POST", "/api/relearn", {})
        while (st := self._call("GET", "/api/relearn"))["running"]:
            time.sleep(0.05)
        if st.get("error"):
            raise RuntimeError(st["error"])
        return time.perf_counter() - t


def right_pct(terrain: dict[str, str], truth: RealTruth) -> float:
    scored = [h for h in truth.terrain if h not in truth.doubtful_hexes and h in terrain]
    return 100 * sum(terrain[h] == truth.terrain[h] for h in scored) / max(1, len(scored))


def person(page: Page, truth: RealTruth, order: str, every: int, seed: int) -> dict:
    """One person's session (``order``: "suggested" or "random"): hexes touched until each of
    :data:`TARGETS`, re-learn seconds, and how the hexes were chosen."""
    st = page.state()
    terrain = {h["id"]: h["terrain"] for h in st["hexes"]}
    answerable = [h for h in terrain if h in truth.terrain and h not in truth.doubtful_hexes]
    shuffled = list(np.random.default_rng(seed).permutation(answerable))
    done: set[str] = set()
    reach: dict[float, int] = {}
    touched = corrected = palest = 0
    secs: list[float] = []
    start = right_pct(terrain, truth)
    while len(reach) < len(TARGETS) and len(done) < len(answerable):
        if order == "random":
            h = next(x for x in shuffled if x not in done)
        else:
            h = next((x for x in st["next"] if x in truth.terrain and x not in truth.doubtful_hexes), None)
            if h is None:  # the page proposes nothing left: the palest hexes of the shading
                conf = {x["id"]: x["confidence"] for x in st["hexes"] if not x["labelled"]}
                h = min((x for x in answerable if x not in done), key=lambda x: conf.get(x, 1.0))
                palest += 1
        corrected += terrain[h] != truth.terrain[h]
        out = page.answer(h, truth.terrain[h])
        done.add(h)
        touched += 1
        terrain.update({x["id"]: x["terrain"] for x in out["changed"]["hexes"]})
        st["next"] = out["next"]
        pct = right_pct(terrain, truth)
        for t in TARGETS:
            if t not in reach and pct >= t - 1e-9:
                reach[t] = touched
        if touched % every == 0 and len(reach) < len(TARGETS):
            secs.append(page.relearn())
            st = page.state()
            terrain = {x["id"]: x["terrain"] for x in st["hexes"]}
            pct = right_pct(terrain, truth)
            for t in TARGETS:
                if t not in reach and pct >= t - 1e-9:
                    reach[t] = touched
    return {
        "order": order,
        "start_pct": round(start, 2),
        "reach": {f"{t:g}%": reach.get(t) for t in TARGETS},
        "touched": touched,
        "corrected": corrected,
        "palest": palest,
        "relearns": len(secs),
        "relearn_seconds_median": round(statistics.median(secs), 2) if secs else None,
        "relearn_seconds_first": round(secs[0], 2) if secs else None,
    }


def one_map(folder: Path, every: int) -> dict | None:
    legend_file = LEGENDS / f"{folder.name}.toml"
    if not legend_file.exists():
        print(f"{folder.name}: no legend at {legend_file}; skipped")
        return None
    legend = read_legend(legend_file)
    image, truth = open_real_map(folder)
    scans = [folder / n for n in truth.images()]
    out: dict = {"map": folder.name, "runs": []}
    with tempfile.TemporaryDirectory(prefix="railhead-review-bench-") as tmp:
        first = Path(tmp) / "MAP.json"  # step 1 of the loop: digitize with three clicks
        found = digitize(image, legend, clicks(truth, legend_ids(truth, legend)), name=folder.name)
        write_mapdata(found.map, first)
        out["hexes"] = len(found.map.hexes)
        for order, seed in [("suggested", 0), *(("random", s) for s in SEEDS)]:
            work = Path(tmp) / f"{order}-{seed}"
            work.mkdir()
            shutil.copy(first, work / "MAP.json")
            t = time.perf_counter()
            session = ReviewSession(scans, legend_file, work / "MAP.json")
            opened = time.perf_counter() - t
            server = ReviewServer(session).start()
            try:
                run = person(Page(server.url), truth, order, every, seed)
            finally:
                server.stop()
            out["runs"].append({**run, "seed": seed, "open_seconds": round(opened, 1)})
            print(f"{folder.name}, {order}: {out['runs'][-1]}", flush=True)
    return out


def main() -> None:
    root, json_file = real_maps_args(__doc__)
    if root is None:
        return
    every = EVERY
    results = []
    for folder in sorted(p for p in root.iterdir() if (p / "truth.json").exists()):
        if json.loads((folder / "truth.json").read_text()).get("format") == AREA_FORMAT:
            continue  # area maps have no hexes to label
        r = one_map(folder, every)
        if r is None:
            continue
        results.append(r)
    print(
        f"\nhexes touched on the review page until the terrain of the whole map is right (re-learn every "
        f"{every} answers; random orders of seeds {SEEDS}):"
    )
    print(
        f"{'map':<14} {'hexes':>5} {'order':<10} {'start':>6} {'98 %':>9} {'99.5 %':>9} {'100 %':>9}  relearn"
    )
    for r in results:
        for run in r["runs"]:
            cells = [
                f"{n} ({100 * n / r['hexes']:.0f}%)" if n is not None else "-" for n in run["reach"].values()
            ]
            extra = f"; {run['palest']} hexes taken by shading" if run["palest"] else ""
            order = run["order"] if run["order"] == "suggested" else f"random {run['seed']}"
            print(
                f"{r['map']:<14} {r['hexes']:>5} {order:<10} {run['start_pct']:>5.1f}% "
                + " ".join(f"{c:>9}" for c in cells)
                + f"  {run['relearn_seconds_median']} s median of {run['relearns']}"
                + f" (guesses changed: {run['corrected']}{extra}; opened in {run['open_seconds']} s)"
            )
    if json_file:
        Path(json_file).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
