"""Grids refined from hex corners: the marks where three hexsides meet.

Many printed maps mark only hex corners (Bautzen 1945 prints small three-spoke marks and no
outlines); every outlined map has a three-way junction there too. Given a rough grid (three clicks,
or the automatic search), each corner it predicts is looked for nearby by normalised
cross-correlation with a template of the three spokes meeting there, drawn with the rough grid's
own geometry (a hex has two kinds of corner, mirror images of each other). An affine lattice fitted
by least squares to every corner found, with outliers dropped, gives the grid to a fraction of a
pixel across the whole sheet, where three clicks a few pixels off would let the error grow with
distance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..mapdata.grid import HexGrid, PixelFrame

WORK_HEX_PX = 100.0  # hex height the image is resized to for the search
MIN_SCORE = 0.3
LINE_SHARE = 0.09  # top-hat width, share of the hex height: a few times a printed hexside's stroke
DOT_SHARE = 0.02  # smoothing of the thin print, share of the hex height (gaps of dotted hexsides)
MIN_CORNERS = 12


@dataclass(frozen=True)
class CornerFit:
    grid: HexGrid
    corners: int  # corners found and kept
    rms_px: float  # residual of the kept corners, full-resolution pixels


def _unit(grid: HexGrid) -> HexGrid:
    """The same numbering with a unit pixel frame: hex-unit coordinates of any centre or corner."""
    return HexGrid(
        grid.orientation, grid.shifted, grid.cols, grid.rows, grid.id_format, PixelFrame(1, 1, (0, 0))
    )


def _templates(grid: HexGrid, scale: float) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Spoke templates of the two corner kinds (even and odd corner numbers), and the template
    pixel of the junction in each."""
    c, r = grid.cols[0], grid.rows[0]
    corners = grid.corners(c, r) * scale
    centre = np.array(grid.center(c, r)) * scale
    side = float(np.linalg.norm(corners[1] - corners[0]))
    spoke = 0.35 * side
    thick = max(1, round(0.012 * WORK_HEX_PX))
    half = math.ceil(spoke) + 3
    tmpls, anchors = [], []
    for k in (0, 1):
        p = corners[k]
        dirs = [corners[(k - 1) % 6] - p, corners[(k + 1) % 6] - p, p - centre]
        t = np.zeros((2 * half + 1, 2 * half + 1), np.float32)
        o = np.array([half, half], float)
        for d in dirs:
            end = o + d / np.linalg.norm(d) * spoke
            cv2.line(
                t,
                tuple(np.round(o * 16).astype(int)),
                tuple(np.round(end * 16).astype(int)),
                1.0,
                thick,
                cv2.LINE_AA,
                4,
            )
        tmpls.append(cv2.GaussianBlur(t, (0, 0), 0.8))
        anchors.append(o)
    return tmpls, anchors


def _peak(score: np.ndarray, x: float, y: float, r: int) -> tuple[float, float, float]:
    """Best score within ``r`` of (x, y) and its sub-pixel position."""
    h, w = score.shape
    x0, x1 = max(0, int(x) - r), min(w, int(x) + r + 1)
    y0, y1 = max(0, int(y) - r), min(h, int(y) + r + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return -1.0, x, y
    win = score[y0:y1, x0:x1]
    k = int(np.argmax(win))
    py, px = divmod(k, win.shape[1])
    best = float(win[py, px])

    def sub(a, b, c):
        den = a - 2 * b + c
        return 0.0 if den >= 0 else float(np.clip(0.5 * (a - c) / den, -0.5, 0.5))

    dx = sub(win[py, px - 1], win[py, px], win[py, px + 1]) if 0 < px < win.shape[1] - 1 else 0.0
    dy = sub(win[py - 1, px], win[py, px], win[py + 1, px]) if 0 < py < win.shape[0] - 1 else 0.0
    return best, x0 + px + dx, y0 + py + dy


def corner_score_maps(
    image: np.ndarray, grid: HexGrid, ink: str = "dark", thin: bool = False
) -> tuple[list[np.ndarray], list[np.ndarray], float, int]:
    """Normalised cross-correlation of the scan's darkness (``ink`` "dark"; "light": its
    lightness, for white outlines) with the two corner templates of ``grid``'s geometry, at the
    working scale (a hex about :data:`WORK_HEX_PX` tall): the two score maps, each template's
    junction pixel, the scale, and the search radius around a predicted corner (working pixels).
    ``thin``: thin print only (see below)."""
    hex_h = grid.hex_px()
    scale = min(1.0, WORK_HEX_PX / hex_h)
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if scale < 1:
        gray = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    if thin:
        # thin print only (outlines, corner marks, lines): a top-hat a few times wider than a
        # hexside's stroke drops the fills, whose edges between hexes swamp a 1 px outline (the
        # search for a grid with no clicks); the fit itself is as precise on the plain tones
        k = max(3, round(LINE_SHARE * hex_h * scale) | 1)
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        hat = cv2.MORPH_BLACKHAT if ink == "dark" else cv2.MORPH_TOPHAT
        dark = cv2.morphologyEx(gray, hat, kernel).astype(np.float32)
        # dotted or dashed hexsides read as lines once their gaps are smoothed over
        dark = cv2.GaussianBlur(dark, (0, 0), DOT_SHARE * hex_h * scale)
    else:
        dark = (255 - gray if ink == "dark" else gray).astype(np.float32)
    tmpls, anchors = _templates(grid, scale)
    # padded with the print's typical level, so that corners up to the picture's edge are scored
    # too (a hex cut by the edge has corners there); the anchors move with the padding
    pad = max(t.shape[0] for t in tmpls)
    dark = cv2.copyMakeBorder(dark, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=float(np.median(dark)))
    anchors = [a - pad for a in anchors]
    scores = [cv2.matchTemplate(dark, t, cv2.TM_CCOEFF_NORMED) for t in tmpls]
    radius = max(2, round(0.07 * hex_h * scale))
    return scores, anchors, scale, radius


def refine_grid(image: np.ndarray, grid: HexGrid, ink: str = "dark", thin: bool = False) -> CornerFit | None:
    """The grid re-fitted to the hex corners printed on ``image`` (in dark ink, or "light": white
    outlines; ``thin``: on the thin print only, see :func:`corner_score_maps`); None when too few
    are found (the rough grid then stands)."""
    scores, anchors, scale, radius = corner_score_maps(image, grid, ink, thin)
    unit = _unit(grid)
    coords = np.array(list(grid.coords()))
    # every corner of every hex, once: (pixel, hex units, kind)
    seen: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, int]] = {}
    for c, r in coords:
        px = grid.corners(int(c), int(r))
        uu = unit.corners(int(c), int(r))
        for k in range(6):
            key = (round(uu[k, 0] * 6), round(uu[k, 1] * 6))
            seen.setdefault(key, (px[k], uu[k], k % 2))
    found, units = [], []
    for px, uu, kind in seen.values():
        a = anchors[kind]
        s, x, y = _peak(scores[kind], px[0] * scale - a[0], px[1] * scale - a[1], radius)
        if s >= MIN_SCORE:
            found.append(((x + a[0] + 0.5) / scale - 0.5, (y + a[1] + 0.5) / scale - 0.5))
            units.append(uu)
    if len(found) < MIN_CORNERS:
        return None
    p, u = np.array(found), np.array(units)
    keep = np.ones(len(p), bool)
    for _ in range(4):
        a = np.column_stack([np.ones(keep.sum()), u[keep]])
        sol, *_ = np.linalg.lstsq(a, p[keep], rcond=None)
        resid = np.linalg.norm(np.column_stack([np.ones(len(p)), u]) @ sol - p, axis=1)
        new = resid < max(1.0, 3 * float(np.median(resid[keep])))
        if new.sum() < MIN_CORNERS or (new == keep).all():
            break
        keep = new
    origin, ex, ey = sol[0], sol[1], sol[2]
    frame = PixelFrame(
        float(np.linalg.norm(ex)),
        float(np.linalg.norm(ey)),
        (float(origin[0]), float(origin[1])),
        math.degrees(math.atan2(ex[1], ex[0])),
    )
    rms = float(np.sqrt(np.mean(resid[keep] ** 2)))
    return CornerFit(grid.with_pixels(frame), int(keep.sum()), rms)
