"""Lines drawn as curves (``[[line]] trace = "curve"``): roads and railways that wind through hexes
without joining their centres.

Each line kind's pixels are masked by colour (nearer its legend colour, as given or drifted, than
the local paper and every other line or hexside colour; dark lines: much darker than the local
paper and nearly grey), small gaps are closed, and pieces shorter than a hex (letters, numbers,
corner marks, symbols) are dropped. The rest is thinned to a one-pixel skeleton (scikit-image) and
followed through the hexes it crosses: two neighbouring hexes are joined by an edge where a curve
crosses their common side and, near that crossing (within :data:`REACH` of a hex), runs a fair
length inside both, so a curve cutting a third hex's corner, or a corner mark touching a road,
does not join it.
"""

from __future__ import annotations

import cv2
import numpy as np
from scipy.spatial import cKDTree
from skimage.measure import label
from skimage.morphology import skeletonize

from ..mapdata.grid import HexGrid
from .colours import Drift, to_lab
from .legend import Item, Legend
from .traces import Found

WORK_HEX_PX = 64.0
TOLERANCE = 15
REACH = 0.45  # hex heights around a crossing in which the curve's run is measured
MIN_RUN = 0.3  # hex heights a curve must run inside each of the two hexes it joins


def _mask(lab: np.ndarray, paper: np.ndarray, item: Item, rivals: list, drift: Drift) -> np.ndarray:
    if float(to_lab(np.array(item.color, np.float32))[0]) < 40:
        chroma = np.hypot(lab[..., 1], lab[..., 2])
        return (lab[..., 0] < paper[..., 0] - 25) & (chroma < 30)
    rgb = np.array([item.color], np.float32)
    d = np.minimum(*(np.linalg.norm(lab - to_lab(c)[0], axis=-1) for c in (rgb, drift.apply(rgb))))
    near = (d < TOLERANCE) & (d < np.linalg.norm(lab - paper, axis=-1))
    for c in rivals:
        near &= d < np.linalg.norm(lab - to_lab(np.array(c, np.float32)), axis=-1)
    return near


def curve_edges(
    image: np.ndarray,
    grid: HexGrid,
    cols: np.ndarray,
    rows: np.ndarray,
    legend: Legend,
    drift: Drift,
    items: list[Item],
) -> Found:
    """Edges of the line kinds ``items`` traced as curves."""
    out = Found([], [], [], [])
    if not items:
        return out
    f = grid.frame()
    hex_h = f.hex_height if grid.flat else f.hex_width * 2 / np.sqrt(3)
    s = min(1.0, WORK_HEX_PX / hex_h)
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 1 else image
    lab = to_lab(small.astype(np.float32))
    k = max(3, int(WORK_HEX_PX * 0.35) | 1)
    paper = to_lab(cv2.medianBlur(small, k).astype(np.float32))  # the local paper, lines removed
    index = {(int(c), int(r)): j for j, (c, r) in enumerate(zip(cols, rows, strict=True))}
    others = [x.color for x in (*legend.line, *legend.hexside)]
    h_px = hex_h * s
    for item in items:
        rivals = [c for c in others if c != item.color]
        mask = _mask(lab, paper, item, rivals, drift).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        n, comp, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        extent = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
        long = extent >= 0.9 * h_px
        long[0] = False
        skel = skeletonize(long[comp])
        parts = label(skel, connectivity=2)
        ys, xs = np.nonzero(skel)
        if len(xs) == 0:
            continue
        c_, r_ = grid.locate_many(np.column_stack([(xs + 0.5) / s - 0.5, (ys + 0.5) / s - 0.5]))
        hid = np.array([index.get((int(a), int(b)), -1) for a, b in zip(c_, r_, strict=True)])
        at = np.full(skel.shape, -1, np.int64)
        at[ys, xs] = hid
        part = parts[ys, xs]
        tree = cKDTree(np.column_stack([xs, ys]))
        pairs: dict[tuple[int, int], float] = {}
        hh, ww = skel.shape
        for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
            ok = (ys + dy < hh) & (xs + dx >= 0) & (xs + dx < ww)
            y2, x2 = ys[ok] + dy, xs[ok] + dx
            nb = skel[y2, x2]
            a, b = hid[ok][nb], at[y2, x2][nb]
            cross = (a != b) & (a >= 0) & (b >= 0)
            where = np.column_stack([xs[ok][nb][cross], ys[ok][nb][cross]])
            pp = part[ok][nb][cross]
            near = tree.query_ball_point(where, REACH * h_px)
            for ha, hb, p, idx in zip(a[cross].tolist(), b[cross].tolist(), pp.tolist(), near, strict=True):
                idx = np.asarray(idx)
                same = idx[part[idx] == p]
                length = min((hid[same] == ha).sum(), (hid[same] == hb).sum()) / h_px
                key = (min(ha, hb), max(ha, hb))
                pairs[key] = max(pairs.get(key, 0.0), float(length))
        for (ha, hb), length in sorted(pairs.items()):
            if length >= MIN_RUN:
                out.pairs.append((ha, hb))
                out.kinds.append(item.name)
                out.coverage.append(min(1.0, length))
                out.threshold.append(MIN_RUN)
    return out
