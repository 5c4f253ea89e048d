"""Terrain of every hex from its whole area, not its centre pixel.

Each hex is sampled on a pattern of points covering its interior (away from the outline); ink —
printed numbers, names, symbols, lines crossing the hex — is dropped as the samples much darker than
the hex's own median; the rest gives the hex's paper colour. The scan's colour drift from the legend
is fitted from all hexes at once (see :mod:`.colours`), and each hex takes the nearest drifted legend
colour, with a confidence from how much nearer that colour is than the runner-up: the nearest
colour of *another* terrain. Another colour of the same terrain (one terrain printed in several
tints) is no rival, nor is another terrain printed in the very same colour (sea and lake in one
blue): colour cannot choose between those, so the first the legend lists is taken, and the labels
tell them apart (see :mod:`.learn`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..mapdata.grid import HexGrid
from .colours import Drift, fit_drift, nearest, sample, to_lab
from .legend import Legend


def interior_pattern(grid: HexGrid, rings: int = 6, reach: float = 0.55) -> np.ndarray:
    """Offsets (K, 2) in pixels covering a hex out to ``reach`` of its inner radius (by default
    55 %, clear of hexside terrain bands, which take the outer quarter), rotated like the grid;
    the same pattern serves every hex. Ring k holds 6k points, the centre point comes first."""
    f = grid.frame()
    pts = [(0.0, 0.0)]
    for k in range(1, rings + 1):
        r = reach * k / rings
        n = 6 * k
        for t in range(n):
            a = 2 * np.pi * t / n
            pts.append((r * np.cos(a), r * np.sin(a)))
    p = np.array(pts)
    p[:, 0] *= f.hex_width / 2 if not grid.flat else f.hex_width * 0.55
    p[:, 1] *= f.hex_height / 2
    t = np.radians(f.angle_deg)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    return p @ rot.T


def colour_confidence(dist: np.ndarray, idx: np.ndarray, kinds: list) -> np.ndarray:
    """How sure the nearest legend colour is, per hex: ``1 - d / d_rival`` with ``d`` the distance
    (N, K) to the chosen entry ``idx`` and ``d_rival`` to the nearest entry of another terrain in
    another colour; 1 where there is none. An exact match was sure whatever shares its colour, but
    with the noise of a JPEG every hex of a colour two terrains share would be a coin toss and
    none of them sure, and a terrain given in several tints would be unsure between its own tints."""
    names = np.array([k.name for k in kinds])
    colours = np.array([k.color for k in kinds], np.float32)
    same_colour = (colours[:, None] == colours[None]).all(axis=-1)
    rival = (names[:, None] != names[None]) & ~same_colour  # (K, K): j rivals i
    d = dist[np.arange(len(idx)), idx]
    d_rival = np.where(rival[idx], dist, np.inf).min(axis=1)
    return np.where(np.isfinite(d_rival), np.clip(1 - d / np.maximum(d_rival, 1e-6), 0, 1), 1.0)


@dataclass
class TerrainResult:
    names: list[str]  # per hex
    confidence: np.ndarray
    drift: Drift
    hex_rgb: np.ndarray  # paper colour of each hex (observed)


def classify_terrain(
    image: np.ndarray, grid: HexGrid, cols: np.ndarray, rows: np.ndarray, legend: Legend
) -> TerrainResult:
    centres = grid.centers(cols, rows)
    pattern = interior_pattern(grid)
    rgb = sample(image, centres[:, None, :] + pattern[None])  # (N, K, 3)
    lum = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    med = np.median(lum, axis=1, keepdims=True)
    paper = lum > med - 18  # drop ink: text, symbols, lines
    masked = np.where(paper[..., None], rgb, np.nan)
    hex_rgb = np.nanmedian(masked, axis=1)
    hex_rgb = np.where(np.isnan(hex_rgb), np.median(rgb, axis=1), hex_rgb)
    kinds = legend.hex_terrain()
    palette = np.array([t.color for t in kinds], np.float32)
    drift, _ = fit_drift(hex_rgb, palette)
    idx, dist = nearest(to_lab(hex_rgb), to_lab(drift.apply(palette)))
    confidence = colour_confidence(dist, idx, kinds)
    names = [kinds[k].name for k in idx]
    rule = legend.grid.get("terrain_rule", "majority")
    if rule != "majority":
        pal_lab = to_lab(drift.apply(palette))
        per, d_all = nearest(to_lab(rgb), pal_lab)  # nearest legend colour of every sample (N, K)
        # a sample counts when it looks like some legend terrain (text and symbols look like none;
        # unlike the median above, a dark terrain is not mistaken for ink here)
        valid = d_all.min(axis=-1) < 25
        order = legend.terrain_names()
        share = np.stack(
            [
                (np.isin(per, [k for k, t in enumerate(kinds) if t.name == name]) & valid).sum(axis=1)
                for name in order
            ],
            axis=1,
        ) / np.maximum(valid.sum(axis=1, keepdims=True), 1)
        if rule == "centre":  # the centre and the first ring of samples (7 points)
            centre = np.where(valid[:, :7, None], rgb[:, :7], np.nan)
            c_rgb = np.nanmedian(centre, axis=1)
            c_rgb = np.where(np.isnan(c_rgb), rgb[:, 0], c_rgb)
            idx, dist = nearest(to_lab(c_rgb), pal_lab)
            names = [kinds[k].name for k in idx]
            confidence = colour_confidence(dist, idx, kinds)
        else:  # cover: the first terrain after the plain one covering at least the share
            cut = float(legend.grid.get("cover_share", 0.25))
            for k in range(len(names)):
                over = [j for j in range(1, len(order)) if share[k, j] >= cut]
                if over:
                    names[k] = order[over[0]]
                    confidence[k] = min(1.0, 0.5 + (share[k, over[0]] - cut) / max(cut, 1e-6) / 2)
    return TerrainResult(names, confidence, drift, hex_rgb)
