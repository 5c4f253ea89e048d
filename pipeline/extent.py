"""The sheet's extent from its printed map area: every hex centred on the print, partial ones too.

A printed map's hexes run to its edge, where the outermost ones are cut (half hexes along a ragged
side, slivers along a straight one). They are hexes of the game, so the extent is not the hexes that
happen to be whole but those whose centre lies on the printed area: the picture minus the plain
paper around it. The paper is the colour of the picture's outer frame when that frame is plain;
when the print runs to the picture's edge (a scan cropped to the map) the printed area is the whole
picture.

The area is found and held at a working resolution where a hex spacing is :data:`WORK_HEX_PX`
pixels: what decides it (hex-sized windows, an opening by a hex) scales with the hex, so a full
sheet at 300 dpi costs what a small scan does; one working pixel is 1/48 of a hex, finer than any
tolerance the callers use (a corner 5 %, a centre 15 % of a hex).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from ..mapdata.grid import HexGrid

FRAME_SHARE = 0.01  # the picture's outer frame sampled for the paper colour, share of its size
PLAIN_SHARE = 0.75  # the frame is plain paper when this share of it is within PAPER_TOL of its median
PAPER_LIGHT = 170.0  # paper: mean RGB at least this
PAPER_TINT = 45.0  # and its channels within this of each other
PAPER_TOL = 28.0  # RGB distance from the paper colour still counted as paper
RECT_FILL = 0.8  # the print fills at least this share of its rectangle, or the edge is no evidence
EDGE_STEP_HEX = 0.1  # the rectangle's sides are checked this far (hex spacings) in and out
EDGE_SEEN = 0.3  # a side is the map's edge when print meets paper along this share of it at least
DENSE_SHARE = 0.5  # the print: at least this share of a hex-sized window differs from the paper
EDGE_TOL_HEX = -0.15  # a centre must lie this far (hex spacings; <0: inside) within the printed area
WORK_HEX_PX = 48.0  # the area is found with a hex spacing this many pixels (larger scans are reduced)


def _work_scale(hex_px: float) -> float:
    """Scan pixels per working pixel: 1 unless a hex spacing is more than :data:`WORK_HEX_PX`."""
    return max(1.0, float(hex_px) / WORK_HEX_PX)


def _reduced(image: np.ndarray, scale: float) -> np.ndarray:
    if scale <= 1.0:
        return image
    h, w = image.shape[:2]
    size = (max(1, round(w / scale)), max(1, round(h / scale)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


def _to_work(pts: np.ndarray, scale: float) -> np.ndarray:
    """Scan pixel coordinates in working pixels (pixel centres kept on pixel centres)."""
    return (np.asarray(pts, float) + 0.5) / scale - 0.5


@dataclass
class PrintedArea:
    """The printed map area as a mask at the working resolution (``scale`` scan pixels per mask
    pixel) of a scan of ``shape``; ``framed``: plain paper was found around it."""

    mask: np.ndarray
    scale: float
    shape: tuple[int, int]
    framed: bool
    _dist: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    def contains(self, pts: np.ndarray) -> np.ndarray:
        """Whether each point (scan pixels) lies on the area (off the scan: no)."""
        pts = np.asarray(pts, float).reshape(-1, 2)
        h, w = self.shape
        on = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        q = np.round(_to_work(pts, self.scale)).astype(int)
        mh, mw = self.mask.shape
        xi, yi = np.clip(q[:, 0], 0, mw - 1), np.clip(q[:, 1], 0, mh - 1)
        return on & (self.mask[yi, xi] > 0)

    def _distances(self) -> tuple[np.ndarray, np.ndarray]:
        if self._dist is None:
            outside = cv2.distanceTransform((1 - self.mask).astype(np.uint8), cv2.DIST_L2, 5)
            padded = cv2.copyMakeBorder(self.mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
            inside = cv2.distanceTransform(padded, cv2.DIST_L2, 5)[1:-1, 1:-1]
            self._dist = (inside, outside)
        return self._dist


@dataclass(frozen=True)
class PrintDensity:
    """Share (0..1) of a hex-sized window around each working pixel that differs from the paper."""

    share: np.ndarray
    scale: float
    shape: tuple[int, int]

    def at(self, pts: np.ndarray) -> np.ndarray:
        """The share at each point (scan pixels; points off the scan: NaN)."""
        pts = np.asarray(pts, float).reshape(-1, 2)
        h, w = self.shape
        on = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        q = np.floor(_to_work(pts, self.scale) + 0.5).astype(int)
        mh, mw = self.share.shape
        xi, yi = np.clip(q[:, 0], 0, mw - 1), np.clip(q[:, 1], 0, mh - 1)
        return np.where(on, self.share[yi, xi], np.nan)


def _ink(image: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """1.0 where the (lightly blurred) picture differs from the paper colour, else 0.0."""
    small = cv2.GaussianBlur(image, (0, 0), 1.0).astype(np.float32)
    return (np.linalg.norm(small - paper, axis=2) >= PAPER_TOL).astype(np.float32)


def _paper(image: np.ndarray) -> np.ndarray | None:
    h, w = image.shape[:2]
    b = max(2, int(FRAME_SHARE * min(h, w)))
    rim = np.concatenate(
        [
            image[:b].reshape(-1, 3),
            image[-b:].reshape(-1, 3),
            image[:, :b].reshape(-1, 3),
            image[:, -b:].reshape(-1, 3),
        ]
    ).astype(np.float32)
    paper = np.median(rim, axis=0)
    plain = (np.linalg.norm(rim - paper, axis=1) < PAPER_TOL).mean() >= PLAIN_SHARE
    # paper is light and nearly grey; a plain dark or coloured rim is print (a sea around the map)
    papery = paper.mean() >= PAPER_LIGHT and np.ptp(paper) <= PAPER_TINT
    return paper if plain and papery else None


def printed_area(image: np.ndarray, hex_px: float) -> PrintedArea:
    """The printed map area (``framed``: plain paper was found around it)."""
    return area_and_density(image, hex_px)[0]


def area_and_density(image: np.ndarray, hex_px: float) -> tuple[PrintedArea, PrintDensity | None]:
    """The printed map area and the print's density (:class:`PrintDensity`; None when the
    picture's plain rim is no paper) of one picture: its paper found, the picture reduced and its
    ink measured once for both."""
    scale = _work_scale(hex_px)
    shape = (int(image.shape[0]), int(image.shape[1]))
    paper = _paper(image)
    small = _reduced(image, scale)
    h, w = small.shape[:2]
    if paper is None:
        return PrintedArea(np.ones((h, w), np.uint8), scale, shape, False), None
    ink = _ink(small, paper)
    k = max(3, int(hex_px / scale) | 1)
    share = cv2.blur(ink, (k, k))
    mask, framed = _printed_mask(ink, share, k, hex_px / scale)
    return PrintedArea(mask, scale, shape, framed), PrintDensity(share, scale, shape)


def _printed_mask(ink: np.ndarray, share: np.ndarray, k: int, hex_px: float) -> tuple[np.ndarray, bool]:
    """Mask (uint8 0/1) of the printed map area at the working resolution, from the picture's
    ink there and its share in windows ``k`` pixels (a hex) wide."""
    h, w = ink.shape[:2]
    # the print is where most of a hex's surroundings differ from the paper (sparse marks on the
    # paper, a texture or a stray line, are not); the paper is what of the rest the picture's
    # edge reaches (paper-coloured hexes inside the print are enclosed by it)
    dense = (share >= DENSE_SHARE).astype(np.uint8)
    n, labels = cv2.connectedComponents((1 - dense).astype(np.uint8), connectivity=4)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    outside = np.isin(labels, edge[edge > 0])
    # of the rest, the print is the largest piece; its edge lies where a window is half print,
    # straight along the map's sides (its corners, rounded off so, come back with the rectangle)
    # (opened by a hex: clusters of marks on the paper that touch the print make no bumps on it)
    inner = cv2.morphologyEx(
        (~outside).astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    n, labels, stats, _ = cv2.connectedComponentsWithStats(inner, connectivity=4)
    if n <= 1:
        return np.ones((h, w), np.uint8), False
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    # a printed map is a rectangle, turned a little on a scan: the print's fitted rectangle, unless
    # the print fills too little of it (paper flooded into paper-coloured hexes that reach the
    # edge, or a map whose edge is not straight: then the map's edge is no evidence)
    ys, xs = np.nonzero(labels == biggest)
    box = cv2.boxPoints(cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32)))
    rect = np.zeros((h, w), np.uint8)
    cv2.fillPoly(rect, [np.round(box).astype(np.int32)], 1)
    if len(xs) < RECT_FILL * rect.sum() or not _edges_seen(ink, box, hex_px):
        return np.ones((h, w), np.uint8), False
    return rect, True


def _edges_seen(ink: np.ndarray, box: np.ndarray, hex_px: float) -> bool:
    """Whether each side of the fitted rectangle is where print meets paper: just inside it ink,
    just outside none, along at least :data:`EDGE_SEEN` of its length (a rectangle grown by
    marks on the paper, roads or names printed beyond the map, has paper inside its sides)."""
    h, w = ink.shape
    near = cv2.blur(ink, (3, 3))
    centre = box.mean(axis=0)
    d = EDGE_STEP_HEX * hex_px
    t = (np.arange(40) + 0.5) / 40
    for k in range(4):
        a, b = box[k], box[(k + 1) % 4]
        pts = a + (b - a) * t[:, None]
        normal = np.array([-(b - a)[1], (b - a)[0]]) / max(1e-9, float(np.linalg.norm(b - a)))
        if np.dot(centre - a, normal) < 0:
            normal = -normal  # inward
        inside, outside = pts + d * normal, pts - d * normal

        def at(p):
            x = np.clip(np.round(p[:, 0]).astype(int), 0, w - 1)
            y = np.clip(np.round(p[:, 1]).astype(int), 0, h - 1)
            return near[y, x]

        seen = (at(inside) >= 0.5) & (at(outside) < 0.5)
        if seen.mean() < EDGE_SEEN:
            return False
    return True


def signed_distance(area: PrintedArea, pts: np.ndarray) -> np.ndarray:
    """Distance in scan pixels of each point to the printed area's edge (the picture's edge
    included): negative inside, positive outside."""
    pts = np.asarray(pts, float).reshape(-1, 2)
    h, w = area.shape
    inside, outside = area._distances()
    q = np.round(_to_work(pts, area.scale)).astype(int)
    mh, mw = area.mask.shape
    xi, yi = np.clip(q[:, 0], 0, mw - 1), np.clip(q[:, 1], 0, mh - 1)
    beyond = np.maximum(
        np.maximum(-pts[:, 0], pts[:, 0] - (w - 1)), np.maximum(-pts[:, 1], pts[:, 1] - (h - 1))
    )
    on = area.mask[yi, xi] > 0
    inner = np.where(on, -inside[yi, xi], outside[yi, xi]) * area.scale
    return np.where(beyond > 0, beyond, inner)


def on_area(area: PrintedArea, pts: np.ndarray, spacing: float, tol_hex: float = EDGE_TOL_HEX) -> np.ndarray:
    """Whether each point lies on the printed area, ``tol_hex`` hex spacings (< 0: inside) from
    its edge at most (the default: a hex centre on it, see :data:`EDGE_TOL_HEX`)."""
    return signed_distance(area, pts) <= tol_hex * spacing


def extent_from_area(image: np.ndarray, grid: HexGrid) -> tuple[HexGrid, dict]:
    """``grid``'s lattice and numbering with the ranges of every hex centred on the printed area
    (see the module docstring), and what the extent rests on."""
    from .clicked import covering, with_origin_at

    f = grid.frame()
    spacing = min(f.hex_width, f.hex_height)
    area = printed_area(image, spacing)
    block = covering(grid, image.shape)
    coords = np.array(list(block.coords()))
    cen = block.centers(coords[:, 0], coords[:, 1])
    off = signed_distance(area, cen)
    keep = off <= EDGE_TOL_HEX * spacing
    # a hex the legend's numbering cannot name (a column before A, a number below 0: the clicks'
    # numbering run on over a margin left of the first printed column) is no hex of the map
    unnamed = 0
    for k in np.flatnonzero(keep):
        try:
            block.format_id(int(coords[k, 0]), int(coords[k, 1]))
        except ValueError:
            keep[k] = False
            unnamed += 1
    if not keep.any():
        return grid, {"from": "printed area", "hexes": 0}
    kc, kr = coords[keep, 0], coords[keep, 1]
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    cols = (int(kc.min()), int(kc.max())) if sc > 0 else (int(kc.max()), int(kc.min()))
    rows = (int(kr.min()), int(kr.max())) if sr > 0 else (int(kr.max()), int(kr.min()))
    sized = HexGrid(grid.orientation, grid.shifted, cols, rows, grid.id_format, grid.pixels)
    out = with_origin_at(sized, (cols[0], rows[0]), grid.center(cols[0], rows[0]))
    # partial: a corner of the hex off the printed area
    partial = 0
    for c, r in zip(kc, kr, strict=True):
        partial += not area.contains(np.asarray(out.corners(int(c), int(r)), float)).all()
    return out, {
        "from": "printed area" if area.framed else "whole picture",
        "hexes": int(keep.sum()),
        "partial_hexes": partial,
        "block": len(out),
        **({"unnamed_hexes_left_out": unnamed} if unnamed else {}),
    }
