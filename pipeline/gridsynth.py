"""Generated printed hex maps for the grid tests and benches: every kind of grid a map prints.

:func:`printed_map` draws a map whose printed area is a rectangle cut through the outer hexes (the
partial hexes at a real map's edge), framed by a border line on white paper, with the hex grid
marked by full outlines, corner marks only, or nothing but a faint texture; flat or pointy hexes,
either shift parity, numbers running up or down, column-first or row-first ids, and hex numbers
printed in every hex, every fifth one, or none. It returns the image and the true grid: every hex
whose centre lies on the printed area, numbered as printed, with its pixel frame.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from ..mapdata.grid import HexGrid, PixelFrame
from .legend import Legend, parse_legend

FILLS = [(236, 230, 204), (143, 191, 106), (201, 168, 114), (160, 120, 80), (168, 200, 184)]
INK = (40, 50, 35)


def printed_map(
    orientation: str = "flat",
    shifted: str = "even",
    cols: tuple[int, int] = (1, 12),
    rows: tuple[int, int] = (1, 9),
    id_format: str = "{col:02d}{row:02d}",
    style: str = "outline",
    numbers: str = "every",
    size: float = 60.0,
    angle: float = 0.0,
    cut: float = 0.25,
    seed: int = 0,
    margin_texture: bool = False,
) -> tuple[np.ndarray, HexGrid]:
    """A printed map and its true grid. ``style``: "outline", "corners" (three-spoke marks only),
    "texture" (no grid printed: fills in patches and a woods texture), "faint" (no
    grid printed: each hex a slightly different tone, the texture over it). ``numbers``: "every", "fifth"
    (every fifth hex of every fifth line), "none". ``cut``: how far beyond the outermost whole
    hexes' centres the printed area reaches, in hex spacings (0.5: the edge runs along the outer
    hexsides; less: the outer hexes are cut, partial). ``size``: the hex height (flat) / width
    (pointy) across flats in pixels. ``margin_texture``: the woods texture runs on over the paper
    around the map too (no plain margin to tell the map's edge by)."""
    rng = np.random.default_rng(seed)
    flat = orientation == "flat"
    w, h = (size * math.sqrt(3) / 2, size) if flat else (size, size * math.sqrt(3) / 2)
    grid = HexGrid(orientation, shifted, cols, rows, id_format, PixelFrame(w, h, (0.0, 0.0), angle))
    coords = np.array(list(grid.coords()))
    cen = grid.centers(coords[:, 0], coords[:, 1])
    # the printed area: the centres' bounding box grown by ``cut`` spacings; the sheet's margin
    # beyond it is plain paper, and one more ring of hexes is drawn and then cut away
    lo, hi = cen.min(axis=0), cen.max(axis=0)
    grow = np.array([cut * w, cut * h])
    pad = np.array([rng.uniform(0.6, 1.2) * size, rng.uniform(0.6, 1.2) * size])
    shift = pad + grow - lo
    grid = grid.with_pixels(PixelFrame(w, h, tuple(shift), angle))
    area_lo, area_hi = lo + shift - grow, hi + shift + grow
    width, height = (area_hi + pad).astype(int) + 1
    img = np.full((height, width, 3), (228, 232, 220), np.uint8)
    sc = 1 if cols[1] >= cols[0] else -1
    sr = 1 if rows[1] >= rows[0] else -1
    ring = [
        (c, r)
        for c in range(cols[0] - 2 * sc, cols[1] + 3 * sc, sc)
        for r in range(rows[0] - 2 * sr, rows[1] + 3 * sr, sr)
    ]
    for c, r in ring:  # fills in patches of hexes, as terrain or kingdoms are printed
        k = (abs(c) // 3 + abs(r) // 3 * 2 + seed) % len(FILLS)
        fill = FILLS[k]
        if style == "faint":  # one paper tone, each hex a shade lighter or darker
            fill = tuple(int(v) for v in np.clip(np.array(FILLS[0]) + rng.normal(0, 6), 0, 255))
        cv2.fillPoly(img, [np.round(grid.corners(c, r) * 16).astype(np.int32)], fill, cv2.LINE_AA, 4)
    for _ in range(int(width * height / 250)):  # woods-like texture of small dark rings
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        cv2.circle(img, (int(x), int(y)), int(rng.integers(2, 4)), (110, 125, 90), 1, cv2.LINE_AA)
    seen: set[tuple[int, int]] = set()
    for c, r in ring:
        corners = grid.corners(c, r)
        if style == "outline":
            cv2.polylines(img, [np.round(corners * 16).astype(np.int32)], True, INK, 1, cv2.LINE_AA, 4)
        elif style == "corners":
            corner_ticks(img, grid, c, r, 0.18 * size, INK, seen)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for c, r in ring:
        major, minor = (c, r) if flat else (r, c)
        if numbers == "none" or (numbers == "fifth" and (major % 5 or minor % 5)):
            continue
        if not grid.contains(c, r):
            continue
        label = grid.format_id(c, r)
        x, y = grid.center(c, r)
        (tw, th), _ = cv2.getTextSize(label, font, size / 160, 1)
        org = (int(x - tw / 2), int(y - 0.3 * size + th / 2))
        cv2.putText(img, label, org, font, size / 160, (50, 50, 50), 1, cv2.LINE_AA)
    for _ in range(4):  # roads over the grid
        p = rng.uniform(area_lo, area_hi, size=(4, 2)).astype(np.int32)
        cv2.polylines(img, [p], False, (120, 80, 40), 2, cv2.LINE_AA)
    # cut the print to its area, paper beyond, a frame line along the edge
    paper = np.full_like(img, 250)
    a0, a1 = np.round(area_lo).astype(int), np.round(area_hi).astype(int)
    paper[a0[1] : a1[1], a0[0] : a1[0]] = img[a0[1] : a1[1], a0[0] : a1[0]]
    cv2.rectangle(paper, tuple(a0), tuple(a1), INK, 2)
    if margin_texture:
        for _ in range(int(width * height / 250)):
            x, y = rng.uniform(0, width), rng.uniform(0, height)
            cv2.circle(paper, (int(x), int(y)), int(rng.integers(2, 4)), (110, 125, 90), 1, cv2.LINE_AA)
    noisy = paper.astype(np.float32) + rng.normal(0, 4, paper.shape)
    img = cv2.GaussianBlur(np.clip(noisy, 0, 255).astype(np.uint8), (0, 0), 0.6)
    return img, grid


def corner_ticks(
    img: np.ndarray,
    grid: HexGrid,
    c: int,
    r: int,
    reach: float,
    ink: tuple[int, int, int],
    seen: set[tuple[int, ...]],
) -> None:
    """Draw the three-spoke corner marks of hex (c, r) on ``img``: from each corner not in
    ``seen`` (rounded pixel), a spoke of ``reach`` pixels along each of its two hexsides and out
    from the centre. Corners drawn are added to ``seen``, so shared corners are marked once."""
    corners = grid.corners(c, r)
    centre = np.array(grid.center(c, r))
    for k in range(6):
        key = tuple(np.round(corners[k]).astype(int))
        if key in seen:
            continue
        seen.add(key)
        p = corners[k]
        for d in (corners[(k - 1) % 6] - p, corners[(k + 1) % 6] - p, p - centre):
            end = p + d / np.linalg.norm(d) * reach
            cv2.line(
                img,
                tuple(np.round(p * 16).astype(int)),
                tuple(np.round(end * 16).astype(int)),
                ink,
                2,
                cv2.LINE_AA,
                4,
            )


def ids_off(grid: HexGrid, truth: HexGrid) -> int:
    """How many of the true grid's hexes ``grid`` names wrongly at their printed centres."""
    coords = np.array(list(truth.coords()))
    cols, rows = grid.locate_many(truth.centers(coords[:, 0], coords[:, 1]))
    return sum(
        grid.format_id(int(c), int(r)) != truth.format_id(int(a), int(b))
        for c, r, (a, b) in zip(cols, rows, coords, strict=True)
    )


def legend_for(grid: HexGrid, ranges: bool = True, orientation: bool = True) -> Legend:
    """The legend a user writes for ``grid``: its numbering, with or without the ranges (then only
    the first hex, top left)."""
    g: dict = {"shifted": grid.shifted, "id_format": grid.id_format}
    if orientation:
        g["orientation"] = grid.orientation
    if ranges:
        g |= {"cols": list(grid.cols), "rows": list(grid.rows)}
    else:
        g["first"] = [grid.cols[0], grid.rows[0]]
    return parse_legend(
        {"format": "railhead.legend/1", "grid": g, "terrain": [{"name": "clear", "color": "#ece6cc"}]}
    )


def person_clicks(
    grid: HexGrid, hexes: list[tuple[int, int]], off_share: float = 0.25, seed: int = 0
) -> list[tuple[float, float, str]]:
    """``--calibrate`` clicks on ``hexes``, each up to ``off_share`` of a hex's width (its
    spacing across flats) off the printed centre, in a random direction (seeded)."""
    rng = np.random.default_rng(seed)
    across = grid.frame().hex_height if grid.flat else grid.frame().hex_width
    out = []
    for c, r in hexes:
        x, y = grid.center(c, r)
        t, d = rng.uniform(0, 2 * math.pi), off_share * across * math.sqrt(rng.uniform(0, 1))
        out.append((round(x + d * math.cos(t), 1), round(y + d * math.sin(t), 1), grid.format_id(c, r)))
    return out


def corner_hexes(grid: HexGrid, inset: int = 1) -> list[tuple[int, int]]:
    """Three hexes near three corners of the sheet (``inset`` lines in from the edge)."""
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    c0, c1 = grid.cols[0] + inset * sc, grid.cols[1] - inset * sc
    r0, r1 = grid.rows[0] + inset * sr, grid.rows[1] - inset * sr
    return [(c0, r0), (c1, r0), (c0, r1)]


def cropped(img: np.ndarray, grid: HexGrid, seed: int = 0) -> tuple[np.ndarray, HexGrid]:
    """The scan cropped inside the print, through the hexes two lines in from each side (as a
    scan of part of a map, or of a map whose edge the scanner missed), and its true grid: the
    block of every hex whose centre lies on the crop, at least :data:`.extent.EDGE_TOL_HEX` of a
    hex inside its edge."""
    from .extent import EDGE_TOL_HEX

    rng = np.random.default_rng(seed)
    f = grid.frame()
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    a = np.array(grid.center(grid.cols[0] + 2 * sc, grid.rows[0] + 2 * sr))
    b = np.array(grid.center(grid.cols[1] - 2 * sc, grid.rows[1] - 2 * sr))
    lo = np.minimum(a, b) - rng.uniform(0.3, 0.9, 2) * [f.hex_width, f.hex_height]
    hi = np.maximum(a, b) + rng.uniform(0.3, 0.9, 2) * [f.hex_width, f.hex_height]
    x0, y0 = np.round(lo).astype(int)
    x1, y1 = np.round(hi).astype(int)
    out = img[y0:y1, x0:x1].copy()
    moved = grid.with_pixels(
        PixelFrame(f.hex_width, f.hex_height, (f.origin[0] - x0, f.origin[1] - y0), f.angle_deg)
    )
    h, w = out.shape[:2]
    m = -EDGE_TOL_HEX * min(f.hex_width, f.hex_height)
    coords = np.array(list(grid.coords()))
    cen = moved.centers(coords[:, 0], coords[:, 1])
    on = (cen[:, 0] >= m) & (cen[:, 0] <= w - 1 - m) & (cen[:, 1] >= m) & (cen[:, 1] <= h - 1 - m)
    kc, kr = coords[on, 0], coords[on, 1]
    cols = (int(kc.min()), int(kc.max())) if sc > 0 else (int(kc.max()), int(kc.min()))
    rows = (int(kr.min()), int(kr.max())) if sr > 0 else (int(kr.max()), int(kr.min()))
    truth = HexGrid(grid.orientation, grid.shifted, cols, rows, grid.id_format, None)
    frame = PixelFrame(f.hex_width, f.hex_height, moved.center(cols[0], rows[0]), f.angle_deg)
    return out, truth.with_pixels(frame)
