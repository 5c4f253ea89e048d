"""Whether two found areas that touch are neighbours or meet only at a corner.

Where borders are drawn wide (two lines with a strip between them, a thick line), the areas
around a junction of borders are shared out over the junction: the areas across it from each
other (diagonally, at a crossing) touch there along a seam about as long as the borders are wide.
A seam no longer than :data:`CORNER` times the width of the map's borders is such a meeting at a
corner, not a border; the width is measured on the map itself (:func:`border_zone`): the median
distance across the borders between the insides of the areas on either side.

Seams near that limit are listed in the report with a confidence (:func:`short_contacts`), so
that a user checks them on the overlay rather than trusts a guess."""

from __future__ import annotations

import cv2
import numpy as np

CORNER = 1.5
"""A seam this many border widths long or shorter is a meeting at a corner. At a crossing of two
borders of width w the areas diagonally across meet along at most about w * sqrt(2). Chosen
leave-one-map-out (``bench/digitize_real_areas.py``); 0: only ``min_border_px`` applies."""


def border_zone(labels: np.ndarray, barrier: np.ndarray, min_width: float) -> float:
    """The width of the map's borders: twice the median distance from the seams between areas to
    the nearest inside of an area (the space no border covers, opened by a disc ``min_width``
    across: the strip inside a border drawn double is not an inside). 0 when nothing is found."""
    free = (~barrier).astype(np.uint8)
    k = int(np.ceil(min_width)) | 1
    if k > 1:
        free = cv2.morphologyEx(free, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    if not free.any():
        return 0.0
    dist = cv2.distanceTransform((free == 0).astype(np.uint8), cv2.DIST_L2, 5)
    seam = np.zeros(labels.shape, bool)
    seam[:, 1:] |= (labels[:, 1:] != labels[:, :-1]) & (labels[:, 1:] > 0) & (labels[:, :-1] > 0)
    seam[1:, :] |= (labels[1:, :] != labels[:-1, :]) & (labels[1:, :] > 0) & (labels[:-1, :] > 0)
    if not seam.any():
        return 0.0
    return 2.0 * float(np.median(dist[seam]))


def corner_limit(min_border: float, zone: float) -> float:
    """The longest seam that is no border: the legend's ``min_border_px``, or :data:`CORNER` border
    widths when longer."""
    return max(min_border, CORNER * zone)


def short_contacts(
    shared: dict[tuple[int, int], int], ids: dict[int, str], limit: float
) -> list[dict[str, object]]:
    """The seams within a factor two of ``limit`` either way: each pair of area ids, its length,
    whether it was taken as a border, and the confidence of that (0.5 at the limit, 1.0 at half
    or twice it), shortest first."""
    out = []
    if limit <= 0:
        return out
    for (a, b), length in sorted(shared.items(), key=lambda kv: kv[1]):
        if a not in ids or b not in ids or not (limit / 2 < length < 2 * limit):
            continue
        off = abs(np.log2(length / limit))  # 0 at the limit, 1 at half or twice it
        out.append(
            {
                "areas": [ids[a], ids[b]],
                "length_px": int(length),
                "border": bool(length > limit),
                "confidence": round(0.5 + 0.5 * min(1.0, float(off)), 2),
            }
        )
    return out
