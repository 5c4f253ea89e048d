"""Hexside features (rivers, borders) and lines (rail, road) read off the scan.

A hexside feature is printed *along* a hexside: each hexside is sampled at several points along it
and across it, every sample is matched to the nearest of the drifted legend colours (features,
outline, the two hexes' terrain, paper), and the feature is present when enough of the hexside's
length shows it. Width across the side tells a major river from a river, and a lake (a
blob of water straddling the side, legend name ``lake``) from both; the water's shape around the
side (a long band or a blob, :func:`water_elongation`) votes too between a lake and a river.

A line is printed from hex centre to hex centre: each pair of neighbours is sampled along the
middle of the segment between their centres. Labels and symbols sit near centres and only cover a
part of the segment, so coverage thresholds bridge them; a river along a hexside crosses such a
segment at one point only, so it never makes a line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import cv2
import numpy as np
from skimage.morphology import skeletonize

from ..mapdata.grid import HexGrid
from .colours import Drift, sample, to_lab
from .edge_confidence import NEAR, Sure, line_sure, side_sure
from .legend import Legend

SOLID, DASHED = 0.6, 0.3  # share of the length that must show the feature
HIDDEN = 0.5  # share of a row of samples across a side that, inked, hides the side there
DARK = 30.0  # CIELAB lightness a dark ink lies below the local paper (:mod:`.curves`, a hex of
# its WORK_HEX_PX)
FAINT = 0.8  # share of DARK a dark line's faint strokes keep on any scan (hysteresis's low mark)
DARK_LINE = DARK * FAINT  # lightness a dark line lies below both hexes' paper: a thin or broken
# line (a railway of black and white dashes) blurred keeps less than its ink's full contrast
VISIBLE = 0.5  # share of a side's length that must be seen for the hidden rest not to count


@dataclass
class Found:
    """Features or lines found, one entry per hex pair (indices into the hex arrays) in each list:
    the kind, the share of the length that showed it and the share needed, the confidence (see
    :mod:`.edge_confidence`) and what that confidence is short of ('' when nothing)."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    coverage: list[float] = field(default_factory=list)
    threshold: list[float] = field(default_factory=list)
    confidence: list[float] = field(default_factory=list)
    why: list[str] = field(default_factory=list)
    evidence: list[dict] = field(default_factory=list)  # what the confidence was made of
    # candidates that fell short of their threshold, not drawn: (pair, kind, confidence, why)
    near: list[tuple[tuple[int, int], str, float, str]] = field(default_factory=list)

    def add(self, pair: tuple[int, int], kind: str, coverage: float, threshold: float, sure: Sure) -> None:
        self.pairs.append(pair)
        self.kinds.append(kind)
        self.coverage.append(float(coverage))
        self.threshold.append(float(threshold))
        self.confidence.append(sure.confidence)
        self.why.append(sure.why)
        self.evidence.append(sure.evidence)

    def extend(self, other: Found) -> None:
        for f in fields(self):
            getattr(self, f.name).extend(getattr(other, f.name))


def _pairs(nbr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    i = np.repeat(np.arange(len(nbr)), 6)
    d = np.tile(np.arange(6), len(nbr))
    j = nbr.ravel()
    keep = j > i
    return i[keep], d[keep]


def _is_dark(rgb: tuple[int, int, int]) -> bool:
    return float(to_lab(np.array(rgb, np.float32))[0]) < 40


def hexside_features(
    image: np.ndarray,
    grid: HexGrid,
    cols: np.ndarray,
    rows: np.ndarray,
    nbr: np.ndarray,
    hex_rgb: np.ndarray,
    legend: Legend,
    drift: Drift,
) -> Found:
    """Features along every hexside of the sheet."""
    if not legend.hexside:
        return Found()
    i, d = _pairs(nbr)
    f = grid.frame()
    corners = np.stack([grid.corners(int(c), int(r)) for c, r in zip(cols[i], rows[i], strict=True)])
    a = corners[np.arange(len(i)), d]
    b = corners[np.arange(len(i)), (d + 1) % 6]
    along = np.linspace(0.2, 0.8, 13)
    u = (b - a) / np.linalg.norm(b - a, axis=1, keepdims=True)
    normal = np.column_stack([-u[:, 1], u[:, 0]])
    step = max(0.6, f.hex_height * 0.012)
    across = np.arange(-8, 9) * step
    pts = (
        a[:, None, None, :]
        + (b - a)[:, None, None, :] * along[None, :, None, None]
        + normal[:, None, None, :] * across[None, None, :, None]
    )  # (S, T, A, 2)
    lab = to_lab(sample(image, pts))
    feats = legend.hexside
    palette = [drift.apply(x.color) for x in feats] + [drift.apply(legend.outline())]
    pal_lab = to_lab(np.array(palette, np.float32))
    # per side also the two hexes' own paper colours compete
    j = nbr[i, d]
    ink = drift.apply(legend.outline())
    # rivals of a feature colour: each hex's paper, and paper blurred half into the outline
    own = to_lab(
        np.stack([hex_rgb[i], hex_rgb[j], (hex_rgb[i] + ink) / 2, (hex_rgb[j] + ink) / 2], axis=1)
    )  # (S, 4, 3)
    d_pal = np.linalg.norm(lab[..., None, :] - pal_lab, axis=-1)  # (S, T, A, P)
    d_own = np.linalg.norm(lab[..., None, :] - own[:, None, None, :, :], axis=-1).min(-1)
    best = d_pal.argmin(-1)
    matched = (d_pal.min(-1) < d_own) & (d_pal.min(-1) < 35)
    # a coloured ink (water blue...) is not matched by grey: a sample must lie nearer the ink's
    # hue (a*, b*) than no hue at all, or black print mixed with white paper reads as a pale ink
    hue_dist = np.linalg.norm(lab[..., None, 1:] - pal_lab[:, 1:], axis=-1)  # (S, T, A, P)
    chroma = np.linalg.norm(lab[..., 1:], axis=-1)[..., None]
    coloured = np.linalg.norm(pal_lab[:, 1:], axis=-1) >= 12
    hue_ok = ~coloured | (hue_dist < chroma)
    matched &= np.take_along_axis(hue_ok, best[..., None], axis=-1)[..., 0]
    # a row of samples across the side inked over most of its width by something else (a road or
    # a railway crossing the side, a bridge's brackets) hides the side there
    wide = matched.sum(axis=2) >= HIDDEN * len(across)
    out = Found()
    elongation = None
    widths_default = {"river": 0.058, "major_river": 0.104, "lake": 0.2}
    river_like = [k for k, x in enumerate(feats) if x.name in ("river", "major_river", "lake")]
    for k, item in enumerate(feats):
        group = river_like if k in river_like else [k]
        hit = matched & np.isin(best, group)
        hidden = wide & ~hit.any(axis=2)
        coverage = seen_coverage(hit.any(axis=2), hidden)
        seen = 1 - hidden.mean(axis=1)  # the share of the side's length seen
        thr = DASHED if item.extra.get("style") == "dashed" else SOLID
        present = coverage >= thr
        margin = np.full(len(i), np.inf)  # the water kind's vote over the nearest other kind
        if k in river_like and len(river_like) > 1:
            # water (river, major river, lake): the median colour of the water-coloured samples,
            # compared with the drifted legend colours (blur lightens a thin line more than a wide
            # one); when two are equally near, the width decides (a lake is a wide blob)
            core = np.array(
                [
                    np.median(lab[s_][hit[s_]], axis=0) if hit[s_].any() else np.full(3, np.nan)
                    for s_ in range(len(lab))
                ]
            )
            mine = np.linalg.norm(core - pal_lab[k], axis=1)
            width = hit.sum(axis=2).max(axis=1) * step
            w_mine = item.extra.get("width_px") or widths_default.get(item.name, 0.06) * f.hex_height
            candidates = present.copy()
            lakes = [g for g in river_like if feats[g].name == "lake"]
            if lakes and len(lakes) < len(river_like) and elongation is None:
                # computed once, for the sides some water kind holds
                elongation = np.full(len(i), np.nan)
                wet = (matched & np.isin(best, river_like)).any(axis=2).mean(axis=1) >= DASHED
                sel = np.flatnonzero(wet)
                elongation[sel] = water_elongation(
                    image, a[sel], b[sel], own[sel], pal_lab, river_like, f.hex_height, across[-1]
                )
            for other_k in (g for g in river_like if g != k):  # beat each other water kind
                theirs = np.linalg.norm(core - pal_lab[other_k], axis=1)
                w_other = (
                    feats[other_k].extra.get("width_px")
                    or widths_default.get(feats[other_k].name, 0.06) * f.hex_height
                )
                # two votes on one scale: colour (in units of the two legend colours' distance)
                # and width (in units of the two legend widths' difference)
                by_colour = (theirs - mine) / max(1.0, float(np.linalg.norm(pal_lab[k] - pal_lab[other_k])))
                cut = _width_cut(width[candidates], (w_mine + w_other) / 2)
                wider = 1.0 if w_mine > w_other else -1.0
                by_width = wider * (width - cut) / max(1.0, abs(w_mine - w_other) / 2)
                by_shape = 0.0
                if (item.name == "lake") != (feats[other_k].name == "lake"):
                    # a third vote, shape: a long band is a river, a blob a lake (a river's
                    # width misleads where it runs askew of the side or the scan blurs it)
                    # (at most 4 votes: a speck of water has no shape worth more)
                    band = np.clip(np.nan_to_num(np.log2(np.maximum(elongation, 1e-6) / BAND)), -4, 4)
                    by_shape = -band if item.name == "lake" else band
                vote = by_colour + by_width + by_shape
                margin = np.minimum(margin, vote)
                present &= vote > 0
        for s in np.flatnonzero(present):
            sure = side_sure(float(coverage[s]), thr, float(seen[s]), float(margin[s]))
            out.add((int(i[s]), int(j[s])), item.name, coverage[s], thr, sure)
        # candidates just short, each side once: for water, as the kind that wins its votes there
        for s in np.flatnonzero((coverage < thr) & (coverage >= NEAR * thr) & (margin > 0)):
            sure = side_sure(float(coverage[s]), thr, float(seen[s]), float(margin[s]))
            out.near.append(((int(i[s]), int(j[s])), item.name, sure.confidence, sure.why))
    return out


def seen_coverage(hit: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    """Per side, the share of its length that shows the feature (``hit``: (S, T) per sample row
    along it), counted over the rows not ``hidden`` under other print: a road printed over a
    river, and a bridge's symbol beside the road, hide up to half of a side, and what is hidden
    is no evidence either way. Where less than :data:`VISIBLE` of the side is seen, the share of
    its whole length."""
    seen = (~hidden).sum(axis=1)
    whole = hit.mean(axis=1)
    return np.where(seen >= VISIBLE * hit.shape[1], hit.sum(axis=1) / np.maximum(seen, 1), whole)


def _width_cut(widths: np.ndarray, default: float) -> float:
    """Where to split measured river widths into thin and wide: Otsu's threshold when the
    widths fall into two clear groups (the scan's blur widens both alike), else the legend's."""
    w = np.sort(widths[np.isfinite(widths)])
    if len(w) < 8:
        return default
    best, cut = -1.0, default
    for k in range(2, len(w) - 1):
        a, b = w[:k], w[k:]
        between = len(a) * len(b) * (a.mean() - b.mean()) ** 2
        if between > best:
            best, cut = between, (a[-1] + b[0]) / 2
    lo, hi = w[w < cut], w[w >= cut]
    if len(lo) < 3 or len(hi) < 3 or hi.mean() < 1.3 * lo.mean():
        return default
    return float(cut)


def line_edges(
    image: np.ndarray,
    grid: HexGrid,
    cols: np.ndarray,
    rows: np.ndarray,
    nbr: np.ndarray,
    hex_rgb: np.ndarray,
    legend: Legend,
    drift: Drift,
) -> Found:
    """Rail/road edges between neighbouring hexes."""
    if not legend.line:
        return Found()
    i, d = _pairs(nbr)
    j = nbr[i, d]
    f = grid.frame()
    centres = grid.centers(cols, rows)
    a, b = centres[i], centres[j]
    along = np.linspace(0.15, 0.85, 15)
    u = (b - a) / np.linalg.norm(b - a, axis=1, keepdims=True)
    normal = np.column_stack([-u[:, 1], u[:, 0]])
    across = np.linspace(-1.0, 1.0, 7) * f.hex_height * 0.07
    pts = (
        a[:, None, None, :]
        + (b - a)[:, None, None, :] * along[None, :, None, None]
        + normal[:, None, None, :] * across[None, None, :, None]
    )
    rgb = sample(image, pts)
    lab = to_lab(rgb)
    own = to_lab(np.stack([hex_rgb[i], hex_rgb[j]], axis=1))
    d_own = np.linalg.norm(lab[..., None, :] - own[:, None, None, :, :], axis=-1).min(-1)
    paper_l = own[..., 0].min(axis=1)[:, None, None]
    others = [drift.apply(x.color) for x in legend.hexside]
    out = Found()
    for item in legend.line:
        if item.extra.get("trace") == "curve":  # traced by .curves instead
            continue
        thr = DASHED if item.extra.get("style", "solid") == "dashed" else SOLID
        if _is_dark(item.color):
            # dark lines: much darker than both hexes' paper (:data:`DARK_LINE`) and nearly grey
            chroma = np.hypot(lab[..., 1], lab[..., 2])
            hit = (lab[..., 0] < paper_l - DARK_LINE) & (chroma < 25)
        else:
            target = to_lab(drift.apply(item.color))
            d_t = np.linalg.norm(lab - target, axis=-1)
            rivals = [d_own] + [np.linalg.norm(lab - to_lab(o), axis=-1) for o in others]
            hit = (d_t < 30) & (d_t < np.minimum.reduce(rivals))
        coverage = hit.any(axis=2).mean(axis=1)
        for s in np.flatnonzero(coverage >= thr):
            out.add((int(i[s]), int(j[s])), item.name, coverage[s], thr, line_sure(float(coverage[s]), thr))
        for s in np.flatnonzero((coverage < thr) & (coverage >= NEAR * thr)):
            sure = line_sure(float(coverage[s]), thr)
            out.near.append(((int(i[s]), int(j[s])), item.name, sure.confidence, sure.why))
    return out


def hexside_terrain(
    image: np.ndarray,
    grid: HexGrid,
    cols: np.ndarray,
    rows: np.ndarray,
    nbr: np.ndarray,
    legend: Legend,
    drift: Drift,
    hex_rgb: np.ndarray,
    hex_terrain: list[str],
) -> tuple[list[tuple[int, int]], list[str], np.ndarray]:
    """Terrain printed as bands along hexsides (Der Weltkrieg): for every pair of neighbours, the
    band is sampled on both sides of the side, inside each hex, and takes the nearest drifted legend
    terrain colour by majority. Returns (pairs, terrain names, confidence)."""
    i, d = _pairs(nbr)
    j = nbr[i, d]
    f = grid.frame()
    corners = np.stack([grid.corners(int(c), int(r)) for c, r in zip(cols[i], rows[i], strict=True)])
    a = corners[np.arange(len(i)), d]
    b = corners[np.arange(len(i)), (d + 1) % 6]
    centres = grid.centers(cols, rows)
    mid = (a + b) / 2
    along = np.linspace(0.3, 0.7, 5)
    pts = []
    for hexes in (i, j):
        inward = centres[hexes] - mid
        inward /= np.linalg.norm(inward, axis=1, keepdims=True)
        base = a[:, None, :] + (b - a)[:, None, :] * along[None, :, None]
        pts.append(base + inward[:, None, :] * f.hex_height * 0.11)
    spots = np.concatenate(pts, axis=1)  # (S, 10, 2); each read as the mean of a small cross
    jitter = np.array([[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) * f.hex_height * 0.02
    rgb = sample(image, spots[:, :, None, :] + jitter).mean(axis=2)
    lab = to_lab(rgb)  # (S, 10, 3)
    palette = to_lab(np.array([drift.apply(t.color) for t in legend.terrain], np.float32))
    idx = np.linalg.norm(lab[..., None, :] - palette, axis=-1).argmin(-1)  # (S, 10)
    # a band sample that looks like its own hex's paper (as the scan shows it there, texture and
    # all) reads as that hex's terrain: no band, or a band of the hex's own terrain
    names_ = [t.name for t in legend.terrain]
    own_t = np.array([names_.index(t) for t in hex_terrain])
    for side, hexes in ((slice(0, len(along)), i), (slice(len(along), None), j)):
        own = to_lab(hex_rgb[hexes])[:, None, :]
        d_own = np.linalg.norm(lab[:, side] - own, axis=-1)
        d_pal = np.linalg.norm(lab[:, side, None, :] - palette, axis=-1)
        d_pal[np.arange(len(hexes))[:, None], :, own_t[hexes][:, None]] = np.inf
        same = d_own < d_pal.min(axis=-1)
        idx[:, side] = np.where(same, own_t[hexes][:, None], idx[:, side])
    paper = lab[..., 0] > np.median(lab[..., 0], axis=1, keepdims=True) - 15  # drop ink samples
    counts = np.stack([((idx == k) & paper).sum(axis=1) for k in range(len(palette))], axis=1)
    best = counts.argmax(axis=1)
    conf = counts.max(axis=1) / np.maximum(paper.sum(axis=1), 1)
    names = [legend.terrain[k].name for k in best]
    return list(zip(i.tolist(), j.tolist(), strict=True)), names, conf


BAND_WINDOW = 1.0  # hex heights either side of a hexside's middle in which a water's shape is seen
SHAPE_HEX_PX = 128.0  # hex height of the reduced image on which a water's shape is measured
BAND = 10.0  # a water this many times longer than wide (there) is a band (a river), not a blob


def water_elongation(
    image: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    own: np.ndarray,
    pal_lab: np.ndarray,
    water: list[int],
    hex_h: float,
    across: float,
) -> np.ndarray:
    """How elongated the water crossing each hexside ``a``-``b`` is: length over mean width
    (skeleton length squared over area) of the water pixels connected to the side's middle, seen
    within :data:`BAND_WINDOW` of it. A river is a long band (a hex or more long, a tenth of a hex
    wide), a lake a blob (about one side long and wide): the shape tells them apart where a
    river's width, blurred or running askew of the side, looks like a lake's. ``own``: (S, 4, 3)
    the Lab colours that compete with the ink on each side (the hexes' paper, half-inked)."""
    if len(a) == 0:
        return np.zeros(0)
    z = min(1.0, SHAPE_HEX_PX / hex_h)  # the shape is seen on a reduced image: it has no scale
    if z < 1:
        image = cv2.resize(image, None, fx=z, fy=z, interpolation=cv2.INTER_AREA)
        a, b, hex_h, across = (a + 0.5) * z - 0.5, (b + 0.5) * z - 0.5, hex_h * z, across * z
    h, w = image.shape[:2]
    r = BAND_WINDOW * hex_h
    gap = _disc_px(0.05 * hex_h)
    mids = (a + b) / 2
    lo = np.clip(mids - r, 0, None).astype(int)
    hi = np.minimum(mids + r + 1, (w, h)).astype(int)
    seen = np.zeros((h, w), bool)
    for (x0, y0), (x1, y1) in zip(lo, hi, strict=True):
        seen[y0:y1, x0:x1] = True
    # the water's ink, as the side samples are matched: nearest of the palette (water kinds and
    # the outline), near enough, and nearer its hue than grey; each side's paper competes below
    lab_seen = to_lab(image[seen].astype(np.float32))
    d_pal = np.sqrt(((lab_seen[:, None, :] - pal_lab.astype(np.float32)) ** 2).sum(-1))
    best = d_pal.argmin(-1)
    d_min = np.take_along_axis(d_pal, best[:, None], axis=1)[:, 0]
    hue = np.sqrt(((lab_seen[:, 1:] - pal_lab[best, 1:].astype(np.float32)) ** 2).sum(-1))
    ok = np.isin(best, water) & (d_min < 35) & (hue**2 < (lab_seen[:, 1:] ** 2).sum(-1))
    d_ink = np.full((h, w), np.inf, np.float32)
    d_ink[seen] = np.where(ok, d_min, np.inf)
    lab = np.zeros((h, w, 3), np.float32)
    lab[seen] = lab_seen
    own_f = own.astype(np.float32)
    out = np.full(len(a), np.nan)
    for s in range(len(a)):
        (x0, y0), (x1, y1) = lo[s], hi[s]
        ink = d_ink[y0:y1, x0:x1]
        wet = np.isfinite(ink)
        d_own2 = ((lab[y0:y1, x0:x1][wet][:, None, :] - own_f[s]) ** 2).sum(-1).min(-1)
        wet[wet] = ink[wet] ** 2 < d_own2
        wet = cv2.morphologyEx(wet.astype(np.uint8), cv2.MORPH_CLOSE, gap)
        n, comp = cv2.connectedComponents(wet, connectivity=8)
        u = (b[s] - a[s]) / max(1e-9, float(np.linalg.norm(b[s] - a[s])))
        nrm = np.array([-u[1], u[0]]) * across
        quad = [a[s] + (b[s] - a[s]) * t + k * nrm for t, k in ((0.2, -1), (0.8, -1), (0.8, 1), (0.2, 1))]
        band = np.zeros(wet.shape, np.uint8)
        cv2.fillConvexPoly(band, np.round(np.array(quad) - (x0, y0)).astype(np.int32), 1)
        ids = np.unique(comp[(band > 0) & (comp > 0)])
        if not len(ids):
            continue
        blob = np.isin(comp, ids)
        length = float(skeletonize(blob).sum())
        out[s] = length**2 / max(1.0, float(blob.sum()))
    return out


def _disc_px(size: float) -> np.ndarray:
    k = max(3, int(round(size)) | 1)
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
