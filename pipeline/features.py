"""Hex features printed as symbols inside hexes (town, village, fortress, hill: the legend's
``[[feature]]`` entries).

A feature is present where at least ``min_share`` of the hex's interior shows its colour (after the
scan's drift), the colour being nearer that pixel than the hex's own paper — unless the paper itself
is in the feature's colour (a fill: kingdoms, national zones), which then counts. Several colours of
one feature count together. The confidence says how clearly the share clears the threshold.
"""

from __future__ import annotations

import numpy as np

from .colours import Drift, sample, to_lab
from .legend import Legend

TOLERANCE = 18.0  # Lab distance within which a pixel shows a feature colour


def hex_features(
    image: np.ndarray,
    centres: np.ndarray,
    pattern: np.ndarray,
    hex_rgb: np.ndarray,
    legend: Legend,
    drift: Drift,
) -> tuple[list[list[str]], np.ndarray]:
    """Per hex the features found and the lowest confidence among its decisions (1 when none is
    close to its threshold). ``pattern``: sample offsets covering a hex's interior."""
    n = len(centres)
    found: list[list[str]] = [[] for _ in range(n)]
    conf = np.ones(n)
    if not legend.feature:
        return found, conf
    lab = to_lab(sample(image, centres[:, None, :] + pattern[None]))  # (N, K, 3)
    d_paper = np.linalg.norm(lab - to_lab(hex_rgb)[:, None, :], axis=-1)
    for name in legend.feature_names():
        items = [f for f in legend.feature if f.name == name]
        pal = to_lab(drift.apply(np.array([f.color for f in items], np.float32)))
        d = np.linalg.norm(lab[:, :, None, :] - pal[None, None], axis=-1).min(axis=-1)
        paper_is_it = np.linalg.norm(to_lab(hex_rgb)[:, None, :] - pal[None], axis=-1).min(axis=1) < TOLERANCE
        share = ((d < TOLERANCE) & ((d < d_paper) | paper_is_it[:, None])).mean(axis=1)
        thr = min(f.extra.get("min_share", 0.01) for f in items)
        present = share >= thr
        # 0.5 at the threshold, 1 at twice (or at none) of it
        c = np.clip(np.abs(share - thr) / thr, 0, 1) * 0.5 + 0.5
        conf = np.minimum(conf, c)
        for k in np.flatnonzero(present):
            found[k].append(name)
    return found, conf
