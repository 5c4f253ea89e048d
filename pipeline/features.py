"""Hex features printed as symbols inside hexes (town, village, fortress, hill: the legend's
``[[feature]]`` entries).

A feature is present where at least ``min_share`` of the hex's interior shows its colour (as given,
or after the scan's drift), that colour being the nearest feature colour to the pixel and nearer
than the hex's own paper and than any line or hexside colour of the legend — unless the paper itself
is in the feature's colour (a fill: kingdoms, national zones), which then counts. Several colours of
one feature count together. The confidence says how clearly the share clears the threshold.

On a fine scan (a hex at least :data:`SPECKLE_FROM_PX` high) the scan is first median-filtered
over :data:`SPECKLE` pixels: a scanner's speckle and a JPEG's ringing put stray pixels of a
symbol's colour in the texture around it (a brown rough texture showing "hill" pixels), which a
symbol's own blocks, many pixels wide there, survive. On a coarser scan a symbol's blocks are
only a few pixels wide themselves (Bautzen's villages at 60 % of its scan: features F1 0.98
without the filter, 0.90 with it), so it is left as it is.
"""

from __future__ import annotations

import cv2
import numpy as np

from .colours import Drift, sample, to_lab
from .legend import Legend

TOLERANCE = 18.0  # Lab distance within which a pixel shows a feature colour
SPECKLE = 3  # px: median window taken over the scan before symbols are read
SPECKLE_FROM_PX = 120.0  # hex height from which it is (the descriptors' working hex height)


def _distance(lab: np.ndarray, colours: list, drift: Drift) -> np.ndarray:
    """Lab distance of every sample (..., 3) to the nearest of ``colours``, each taken as given
    (picked off the scan) or as printed (then drifted like the paper)."""
    rgb = np.array(colours, np.float32)
    pal = np.concatenate([to_lab(rgb), to_lab(drift.apply(rgb))])
    return np.linalg.norm(lab[..., None, :] - pal, axis=-1).min(axis=-1)


def hex_features(
    image: np.ndarray,
    centres: np.ndarray,
    pattern: np.ndarray,
    hex_rgb: np.ndarray,
    legend: Legend,
    drift: Drift,
    hex_px: float,
) -> tuple[list[list[str]], np.ndarray]:
    """Per hex the features found and the lowest confidence among its decisions (1 when none is
    close to its threshold). ``pattern``: sample offsets covering a hex's interior; ``hex_px``: the
    hex's height in pixels (a fine scan's speckle is filtered out first)."""
    n = len(centres)
    found: list[list[str]] = [[] for _ in range(n)]
    conf = np.ones(n)
    if not legend.feature:
        return found, conf
    if hex_px >= SPECKLE_FROM_PX and image.dtype == np.uint8:
        image = cv2.medianBlur(np.ascontiguousarray(image), SPECKLE)
    lab = to_lab(sample(image, centres[:, None, :] + pattern[None]))  # (N, K, 3)
    paper = to_lab(hex_rgb)
    d_paper = np.linalg.norm(lab - paper[:, None, :], axis=-1)
    names = legend.feature_names()
    dists, fill = [], []
    for name in names:
        colours = [f.color for f in legend.feature if f.name == name]
        dists.append(_distance(lab, colours, drift))
        fill.append(_distance(paper[:, None, :], colours, drift)[:, 0] < TOLERANCE)
    d = np.stack(dists, axis=-1)  # (N, K, F)
    others = [x.color for x in (*legend.line, *legend.hexside)]
    if others:  # lines and hexside features crossing a hex are not its symbols
        d_paper = np.minimum(d_paper, _distance(lab, others, drift))
    nearest = d.argmin(axis=-1)  # each pixel shows at most one feature: the nearest colour
    d_min = d.min(axis=-1)
    for j, name in enumerate(names):
        shows = (nearest == j) & (d_min < TOLERANCE) & ((d_min < d_paper) | fill[j][:, None])
        share = shows.mean(axis=1)
        thr = min(f.extra.get("min_share", 0.01) for f in legend.feature if f.name == name)
        present = share >= thr
        # 0.5 at the threshold, 1 at twice (or at none) of it
        c = np.clip(np.abs(share - thr) / thr, 0, 1) * 0.5 + 0.5
        conf = np.minimum(conf, c)
        for k in np.flatnonzero(present):
            found[k].append(name)
    return found, conf


def settled_by_symbols(found: list[list[str]], legend: Legend) -> np.ndarray:
    """(N,) True where a hex shows a ``[[feature]] terrain = ...`` symbol: its terrain is the
    symbol's (:func:`terrain_from_symbols`), whatever its paper looks like."""
    by_symbol = legend.symbol_terrain()
    return np.array([any(f in by_symbol for f in here) for here in found], bool)


def terrain_from_symbols(
    names: list[str],
    confidence: np.ndarray,
    found: list[list[str]],
    feature_conf: np.ndarray,
    legend: Legend,
    labelled: set[int],
) -> tuple[list[str], np.ndarray]:
    """Terrain of each hex after its symbols: a hex showing a ``[[feature]] terrain = ...`` symbol
    has that terrain (the first such feature in legend order), with the feature decision's
    confidence, unless a person labelled the hex. A town block covers a few percent of its hex, so
    the paper around it would otherwise decide."""
    by_symbol = legend.symbol_terrain()
    if not by_symbol:
        return names, confidence
    names, confidence = list(names), confidence.copy()
    order = [f for f in legend.feature_names() if f in by_symbol]
    for k, here in enumerate(found):
        if k in labelled:
            continue
        for f in order:
            if f in here:
                names[k], confidence[k] = by_symbol[f], feature_conf[k]
                break
    return names, confidence
