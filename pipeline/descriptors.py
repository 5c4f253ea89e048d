"""Per-hex descriptors for the terrain classifier: colour, texture and symbols, not colour alone.

Real printed maps tell terrain apart by more than the paper's colour: woods are a fine texture of
tree "bubbles" on the same green as clear ground, mountains are black hatching over a kingdom's
fill. Every hex is cut out as a small square patch (the image is first resized so a hex is about
:data:`HEX_PX` pixels high, so one set of descriptors fits maps of any scan resolution), masked to a
disc inside the hex (clear of printed numbers near the hex edge), and described by:

* colour statistics in CIE Lab (perceptual): mean, spread and percentiles of L, a and b;
* texture: gradient energy at two scales, Laplacian energy, and a histogram of gradient
  orientations (hatching, tree trunks and arcs each have their own);
* ink: the share of pixels much darker than the hex's own paper, and of near-black pixels;
* the legend: for each legend terrain and feature colour (after the scan's drift), the share of the
  hex's pixels nearest to it.
"""

from __future__ import annotations

import cv2
import numpy as np
from scipy import ndimage

from ..mapdata.grid import HexGrid
from .colours import Drift, to_lab
from .legend import Legend

HEX_PX = 120.0  # hex height the image is resized to before patches are cut
PATCH = 72  # patch side, pixels of the resized image
ORIENT_BINS = 8


def hex_patches(image: np.ndarray, grid: HexGrid, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(N, PATCH, PATCH, 3) uint8 patches centred on each hex, rotated with the grid, at a scale
    where a hex is :data:`HEX_PX` pixels high (the image is resized once, with area averaging)."""
    f = grid.frame()
    height = f.hex_height if grid.flat else f.hex_width * 2 / np.sqrt(3)
    scale = HEX_PX / height
    small = image
    if scale != 1.0:
        h, w = image.shape[:2]
        small = cv2.resize(
            image,
            (max(1, round(w * scale)), max(1, round(h * scale))),
            interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
        )
    centres = (grid.centers(cols, rows) + 0.5) * scale - 0.5
    t = np.radians(f.angle_deg)
    ct, st = np.cos(t), np.sin(t)
    offs = np.arange(PATCH, dtype=np.float32) - (PATCH - 1) / 2
    gx, gy = np.meshgrid(offs, offs)
    dx, dy = gx * ct - gy * st, gx * st + gy * ct
    maps_x = (centres[:, 0, None, None] + dx[None]).astype(np.float32)
    maps_y = (centres[:, 1, None, None] + dy[None]).astype(np.float32)
    n = len(centres)
    out = np.empty((n, PATCH, PATCH, 3), np.uint8)
    step = 30_000 // PATCH  # patches stacked vertically in one remap (cv2 maps are 2-D, < 32767 rows)
    for s in range(0, n, step):
        e = min(n, s + step)
        got = cv2.remap(
            small,
            maps_x[s:e].reshape(-1, PATCH),
            maps_y[s:e].reshape(-1, PATCH),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        out[s:e] = got.reshape(e - s, PATCH, PATCH, 3)
    return out


def _disc() -> np.ndarray:
    offs = np.arange(PATCH) - (PATCH - 1) / 2
    r = np.hypot(*np.meshgrid(offs, offs))
    return r <= PATCH / 2


def describe(patches: np.ndarray, legend: Legend, drift: Drift) -> tuple[np.ndarray, list[str]]:
    """Descriptor matrix (N, D) of the patches and the name of each column."""
    n = len(patches)
    disc = _disc()
    lab = to_lab(patches.astype(np.float32))  # (N, P, P, 3)
    inside = lab[:, disc]  # (N, K, 3)
    names: list[str] = []
    cols: list[np.ndarray] = []

    def add(name: str, values: np.ndarray) -> None:
        names.append(name)
        cols.append(np.asarray(values, np.float32).reshape(n))

    sub = inside[:, ::3]  # every third pixel is plenty for statistics
    for c, ch in enumerate("Lab"):
        v = sub[..., c]
        add(f"{ch}_mean", v.mean(axis=1))
        add(f"{ch}_std", v.std(axis=1))
        for q in (10, 50, 90):
            add(f"{ch}_p{q}", np.percentile(v, q, axis=1))
    light = lab[..., 0]
    paper = np.median(inside[..., 0], axis=1)
    add("ink_share", (inside[..., 0] < paper[:, None] - 25).mean(axis=1))
    add("black_share", (inside[..., 0] < 30).mean(axis=1))
    # ink blobs (colour-blind): how many, how big, how tall; trees, tufts and hatching differ
    ink = (light < paper[:, None, None] - 25) & disc
    stats = np.zeros((n, 4), np.float32)
    for k in range(n):
        count, _, st, _ = cv2.connectedComponentsWithStats(ink[k].astype(np.uint8), connectivity=8)
        st = st[1:]
        st = st[st[:, cv2.CC_STAT_AREA] >= 4]
        if len(st):
            area = st[:, cv2.CC_STAT_AREA].astype(np.float32)
            tall = st[:, cv2.CC_STAT_HEIGHT] / np.maximum(st[:, cv2.CC_STAT_WIDTH], 1)
            fill = area / np.maximum(st[:, cv2.CC_STAT_WIDTH] * st[:, cv2.CC_STAT_HEIGHT], 1)
            stats[k] = (len(st), np.median(area), np.median(tall), np.median(fill))
    for c, name in enumerate(("blobs", "blob_area", "blob_tall", "blob_fill")):
        add(name, stats[:, c])
    for k, blur in enumerate((0.0, 1.5)):
        img = light if blur == 0 else ndimage.gaussian_filter(light, (0, blur, blur))
        gx = ndimage.sobel(img, axis=2)
        gy = ndimage.sobel(img, axis=1)
        mag = np.hypot(gx, gy)[:, disc]
        add(f"grad{k}_mean", mag.mean(axis=1))
        add(f"grad{k}_p90", np.percentile(mag[:, ::3], 90, axis=1))
        if k == 0:
            lap = ndimage.laplace(img)[:, disc]
            add("lap_abs_mean", np.abs(lap).mean(axis=1))
            # orientation histogram, magnitude-weighted, orientation modulo 180 degrees
            ang = (np.arctan2(gy, gx)[:, disc] % np.pi) / np.pi * ORIENT_BINS
            b = np.minimum(ang.astype(int), ORIENT_BINS - 1)
            total = mag.sum(axis=1) + 1e-6
            for o in range(ORIENT_BINS):
                add(f"orient{o}", (mag * (b == o)).sum(axis=1) / total)
    # band-pass energy (difference of Gaussians) at three scales: fine tree texture, symbols, blobs
    for k, sig in enumerate((0.8, 1.6, 3.2)):
        lo = ndimage.gaussian_filter(light, (0, sig, sig))
        lo2 = ndimage.gaussian_filter(light, (0, 2 * sig, 2 * sig))
        band = np.abs(lo - lo2)[:, disc]
        add(f"dog{k}_mean", band.mean(axis=1))
        add(f"dog{k}_p90", np.percentile(band[:, ::3], 90, axis=1))
    # the legend's own colours: share of the hex nearest each (terrain and feature colours)
    items = list(legend.hex_terrain()) + list(legend.feature)
    if items:
        pal = to_lab(drift.apply(np.array([x.color for x in items], np.float32)))
        best = np.full(sub.shape[:2], np.inf, np.float32)
        near = np.zeros(sub.shape[:2], np.int16)
        for k, item in enumerate(items):
            d = np.linalg.norm(sub - pal[k], axis=-1)
            add(f"close_{item.name}_{k}", (d < 15).mean(axis=1))
            nearer = d < best
            best[nearer], near[nearer] = d[nearer], k
        for k, item in enumerate(items):
            add(f"share_{item.name}_{k}", (near == k).mean(axis=1))
    return np.column_stack(cols), names
