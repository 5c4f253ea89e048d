"""Ground truth of a real printed map (``realmap-truth/1``, as in ``shared/realmaps/*/truth.json``),
and how a digitized map scores against it.

A truth holds the grid (numbering and pixel fit), every hex's terrain, hex features, hexside
features and lines as hex pairs, and the places where the art and the data disagree (``doubtful``),
which are left out of every score. ``coverage`` may say that hexsides and lines are transcribed
only for some columns (Bautzen: 01-09); such maps are scored there only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..errors import InputError
from ..files import read_json
from ..mapdata.grid import HexGrid, PixelFrame
from ..mapdata.model import MapData, side_key
from .accuracy import prf

FORMAT = "realmap-truth/1"


@dataclass
class RealTruth:
    grid: HexGrid  # numbering of the whole map, pixels of the first image
    terrain: dict[str, str]
    features: dict[str, set[str]]  # feature name -> hexes
    hexsides: dict[str, set[tuple[str, str]]]
    lines: dict[str, set[tuple[str, str]]]
    centres: dict[str, tuple[float, float]]
    doubtful_hexes: set[str] = field(default_factory=set)
    doubtful_sides: set[tuple[str, str]] = field(default_factory=set)
    doubtful_lines: set[tuple[str, str]] = field(default_factory=set)
    scored_cols: tuple[int, int] | None = None  # hexsides and lines complete only here
    pieces: list[dict[str, Any]] = field(default_factory=list)
    image: str = ""

    def on_sheet(self, placed: dict[str, np.ndarray]) -> RealTruth:
        """The truth with its centres where they lie on a sheet registered from the pieces
        (``placed``: homography of each image file to the sheet). Each piece's own fitted centres
        are used, the first piece holding a hex giving it (pieces overlap once, in order); a
        single image keeps the truth's centres."""
        if not self.pieces:
            pieces = [{"image": self.image, "centres": self.centres}]
        else:
            pieces = self.pieces
        out: dict[str, tuple[float, float]] = {}
        for piece in pieces:
            h = placed[piece["image"]]
            for hid, (x, y) in piece["centres"].items():
                if hid not in out:
                    p = h @ np.array([x, y, 1.0])
                    out[hid] = (float(p[0] / p[2]), float(p[1] / p[2]))
        return replace(self, centres=out)

    def images(self) -> list[str]:
        """The truth's image files, pieces in the order the truth lists them."""
        return [p["image"] for p in self.pieces] or [self.image]

    def side_scored(self, key: tuple[str, str]) -> bool:
        if self.scored_cols is None:
            return True
        lo, hi = self.scored_cols
        return any(lo <= self.grid.parse_id(h)[0] <= hi for h in key)


def read_truth(path: str | Path) -> RealTruth:
    doc = read_json(path, "realmap truth")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(f"expected format {FORMAT!r}", file=path, where="format")
    try:
        g = doc["grid"]
        px = g.get("pixels")
        frame = (
            PixelFrame(px["hex_width"], px["hex_height"], tuple(px["origin"]), px.get("angle_deg", 0.0))
            if px
            else None
        )
        grid = HexGrid(
            g["orientation"], g["shifted"], tuple(g["cols"]), tuple(g["rows"]), g["id_format"], frame
        )
        d = doc.get("doubtful", {})
        cov = " ".join(str(v) for v in (doc.get("coverage") or {}).values())
        m = re.search(r"columns (\d+)-(\d+)", cov)
        return RealTruth(
            grid=grid,
            terrain=dict(doc["terrain"]),
            features={k: set(v) for k, v in doc.get("hex_features", {}).items()},
            hexsides={k: {side_key(*p) for p in v} for k, v in doc.get("hexsides", {}).items()},
            lines={k: {side_key(*p) for p in v} for k, v in doc.get("lines", {}).items()},
            centres={k: (float(v[0]), float(v[1])) for k, v in doc.get("centres", {}).items()},
            doubtful_hexes=set(d.get("hexes", [])),
            doubtful_sides={side_key(*p) for p in d.get("hexsides", [])},
            doubtful_lines={side_key(*p) for p in d.get("lines", [])},
            scored_cols=(int(m.group(1)), int(m.group(2))) if m else None,
            pieces=list((px or {}).get("pieces", [])),
            image=str((px or {}).get("image", "")),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise InputError(f"not a readable realmap truth ({exc!r})", file=path) from None


def score(
    m: MapData, truth: RealTruth, exclude: set[str] = frozenset(), features: list[str] | None = None
) -> dict[str, Any]:
    """Figures of map ``m`` against ``truth``: terrain accuracy (hexes of both, minus the doubtful
    and ``exclude``, e.g. the hexes a person labelled), F1 of each hex feature in ``features`` (the
    legend's), of each hexside feature and line kind (where the truth's coverage says they are
    complete), and the grid's error against the truth's centres, in pixels and % of hex width."""
    out: dict[str, Any] = {}
    scored = [h for h in m.hexes if h in truth.terrain and h not in truth.doubtful_hexes and h not in exclude]
    right = sum(m.hexes[h].terrain == truth.terrain[h] for h in scored)
    out["terrain_pct"] = round(100 * right / max(1, len(scored)), 2)
    out["terrain_scored"] = len(scored)
    out["terrain_errors"] = sorted(
        (h, m.hexes[h].terrain, truth.terrain[h]) for h in scored if m.hexes[h].terrain != truth.terrain[h]
    )
    on_map = {h for h in m.hexes if h not in truth.doubtful_hexes}
    out["features"] = {}
    for name in features or []:
        t = truth.features.get(name, set()) & on_map
        f = {h for h in on_map if name in m.hexes[h].features}
        out["features"][name] = prf(f, t)
    if out["features"]:
        tf = {(n, h) for n in out["features"] for h in truth.features.get(n, set()) & on_map}
        ff = {(n, h) for n in out["features"] for h in on_map if n in m.hexes[h].features}
        out["features"]["all"] = prf(ff, tf)

    def keep(key: tuple[str, str], doubtful: set) -> bool:
        return all(h in m.hexes for h in key) and key not in doubtful and truth.side_scored(key)

    out["hexsides"] = {}
    for name in sorted(truth.hexsides):
        t = {k for k in truth.hexsides[name] if keep(k, truth.doubtful_sides)}
        f = {k for k, s in m.hexsides.items() if name in s.features and keep(k, truth.doubtful_sides)}
        out["hexsides"][name] = prf(f, t)
    out["lines"] = {}
    for kind in sorted(truth.lines):
        t = {k for k in truth.lines[kind] if keep(k, truth.doubtful_lines)}
        f = {k for k in m.line_edges(kind) if keep(k, truth.doubtful_lines)}
        out["lines"][kind] = prf(f, t)
    ids = [h for h in m.hexes if h in truth.centres]
    if ids and m.sheets[0].grid.pixels is not None:
        found = np.array([m.center(h) for h in ids])
        true = np.array([truth.centres[h] for h in ids])
        err = np.linalg.norm(found - true, axis=1)
        w = truth.grid.frame().hex_width
        out["grid_error_px"] = {"mean": round(float(err.mean()), 2), "max": round(float(err.max()), 2)}
        out["grid_error_pct"] = round(float(err.max() / w * 100), 2)
    return out


def far_apart(truth: RealTruth, ids: list[str]) -> list[tuple[str, float, float]]:
    """Three hexes of ``ids`` the truth places, far apart (top left, top right, bottom left), with
    their true centres: where a person clicks to calibrate."""
    ids = [h for h in ids if h in truth.centres]
    pts = np.array([truth.centres[h] for h in ids])
    picks = [
        int(np.argmin(pts.sum(axis=1))),
        int(np.argmax(pts[:, 0] - pts[:, 1])),
        int(np.argmax(pts[:, 1] - pts[:, 0])),
    ]
    return [(ids[k], float(pts[k, 0]), float(pts[k, 1])) for k in picks]


def clicks(
    truth: RealTruth, ids: list[str], seed: int = 0, noise_px: float = 3.0
) -> list[tuple[float, float, str]]:
    """Three ``--calibrate`` clicks a person would give: the truth centres of three hexes far
    apart (:func:`far_apart`), each off by up to ``noise_px`` (seeded)."""
    rng = np.random.default_rng(seed)
    out = []
    for hex_id, x, y in far_apart(truth, ids):
        dx, dy = rng.uniform(-noise_px, noise_px, 2)
        out.append((round(x + float(dx), 1), round(y + float(dy), 1), hex_id))
    return out


def draw_labels(truth: RealTruth, ids: list[str], share: float, seed: int) -> dict[str, str]:
    """A person's labels: ``share`` of the hexes ``ids`` (doubtful ones never), drawn at random
    (seeded), with their true terrain."""
    pool = sorted(h for h in ids if h in truth.terrain and h not in truth.doubtful_hexes)
    n = round(share * len(ids))
    if n == 0:
        return {}
    pick = np.random.default_rng(seed).choice(len(pool), n, replace=False)
    return {pool[k]: truth.terrain[pool[k]] for k in sorted(pick)}


def warped(image: np.ndarray, truth: RealTruth, scale: float, degrees: float):
    """The image scaled by ``scale`` and turned by ``degrees`` about its centre (on a white canvas
    holding all of it), and the truth with its centres and pixel frame moved alike."""
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, scale)
    corners = np.array([[0, 0, 1], [w, 0, 1], [0, h, 1], [w, h, 1]], float) @ m.T
    m[:, 2] -= corners.min(axis=0)
    size = np.ceil(corners.max(axis=0) - corners.min(axis=0)).astype(int)
    flags = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    out = cv2.warpAffine(image, m, (int(size[0]), int(size[1])), flags=flags, borderValue=(255, 255, 255))
    centres = {k: tuple(float(v) for v in m @ np.array([x, y, 1.0])) for k, (x, y) in truth.centres.items()}
    f = truth.grid.frame()
    origin = tuple(float(v) for v in m @ np.array([*f.origin, 1.0]))
    frame = PixelFrame(f.hex_width * scale, f.hex_height * scale, origin, f.angle_deg - degrees)
    return out, replace(truth, centres=centres, grid=replace(truth.grid, pixels=frame))


def open_real_map(folder: Path) -> tuple[np.ndarray, RealTruth]:
    """A real map of ``../shared/realmaps``: its scan (the pieces its truth names registered into
    one sheet, as ``railhead digitize`` does) and its truth moved into that sheet's pixels."""
    from .digitize import load_sheet

    truth = read_truth(folder / "truth.json")
    image, placed = load_sheet([folder / n for n in truth.images()])
    return image, truth.on_sheet(placed)


def legend_ids(truth: RealTruth, legend) -> list[str]:
    """The ids of every hex in the legend's ``cols`` x ``rows`` ranges (either may run downward),
    named as the truth's grid names them."""
    (c0, c1), (r0, r1) = legend.ranges()
    return [
        truth.grid.format_id(c, r)
        for c in range(min(c0, c1), max(c0, c1) + 1)
        for r in range(min(r0, r1), max(r0, r1) + 1)
    ]
