"""Whether two found areas that touch are neighbours or meet only at a corner.

Where borders are drawn wide (two lines with a strip between them, a thick line), the areas
around a junction of borders are shared out over the junction: the areas across it from each
other (diagonally, at a crossing) touch there along a seam about as long as the borders are wide.
A seam no longer than :data:`CORNER` times the width of the map's borders is such a meeting at a
corner, not a border; the width is measured on the map itself (:func:`border_zone`): the median
distance across the borders between the insides of the areas on either side.

A seam longer than that is still no border when no line runs between the two areas along it
(:func:`corner_seams`): along a border, the nearest ink of each area lies on a line beside the
seam and slides along with it; where two areas only face each other across the open square of a
crossing (or across a marsh, a river left open), the nearest ink of one of them stays at one
corner while the seam goes on.

Seams near that limit are listed in the report with a confidence (:func:`short_contacts`), so
that a user checks them on the overlay rather than trusts a guess."""

from __future__ import annotations

import cv2
import numpy as np
from scipy import ndimage

CORNER = 1.5
"""A seam this many border widths long or shorter is a meeting at a corner. At a crossing of two
borders of width w the areas diagonally across meet along at most about w * sqrt(2). Chosen
leave-one-map-out (``bench/digitize_real_areas.py``); 0: only ``min_border_px`` applies."""


SLIDE = 0.5
"""A seam is a border only when, over its middle half, the nearest ink of each area slides along
at least this fraction of the way the seam goes (1: a line beside the seam, parallel to it; 0: one
corner of ink facing the seam). 0.5, halfway between a corner and a line: not tuned; kept in the
leave-one-map-out candidates of ``bench/digitize_real_areas.py``; 0: every seam longer than the
corner limit is a border."""


class Seams:
    """Every pair of side-by-side pixels (left-right or top-bottom) of two different areas (labels
    > 0) of ``labels``, found in one pass: the areas' borders for every use that needs them (their
    lengths, the pixels on either side, the inks beside them)."""

    def __init__(self, labels: np.ndarray) -> None:
        n = int(labels.max()) + 1
        codes, first, second = [], [], []
        for (a, b), step in (
            ((labels[:, :-1], labels[:, 1:]), (0, 1)),
            ((labels[:-1, :], labels[1:, :]), (1, 0)),
        ):
            m = (a != b) & (a > 0) & (b > 0)
            ys, xs = np.nonzero(m)
            codes.append(np.minimum(a[m], b[m]).astype(np.int64) * n + np.maximum(a[m], b[m]))
            first.append(np.stack([ys, xs], 1))
            second.append(np.stack([ys + step[0], xs + step[1]], 1))
        self.n = n
        self.code = np.concatenate(codes)
        """Per pixel pair: min label * n + max label."""
        self.first = np.concatenate(first)
        """Per pixel pair: (row, col) of its left or top pixel."""
        self.second = np.concatenate(second)
        """Per pixel pair: (row, col) of its right or bottom pixel."""

    def pair(self, code: int) -> tuple[int, int]:
        return int(code // self.n), int(code % self.n)

    def lengths(self) -> dict[tuple[int, int], int]:
        """Pixel sides each pair of labels shares: the length of their common border."""
        keys, counts = np.unique(self.code, return_counts=True)
        return {self.pair(k): int(c) for k, c in zip(keys, counts, strict=True)}

    def pixels(self) -> dict[tuple[int, int], np.ndarray]:
        """Per pair of labels that touch: the (row, col) of the pixels on either side of their seam."""
        if not len(self.code):
            return {}
        order = np.argsort(self.code, kind="stable")
        code = self.code[order]
        keys, starts = np.unique(code, return_index=True)
        ends = [*starts[1:], len(code)]
        out = {}
        for k, lo, hi in zip(keys, starts, ends, strict=True):
            idx = order[lo:hi]
            out[self.pair(k)] = np.concatenate([self.first[idx], self.second[idx]])
        return out


def _middle(v: np.ndarray) -> float:
    q75, q25 = np.percentile(v, [75, 25])
    return float(q75 - q25)


def slide(labels: np.ndarray, ink: np.ndarray, pts: np.ndarray, pair: tuple[int, int]) -> float:
    """How far, over the middle half of the seam ``pts`` between the areas ``pair``, the nearest
    ink of each area goes along the seam, per pixel the seam goes (the smaller of the two; 1 when
    the seam is too short to tell)."""
    pts = np.unique(pts, axis=0)
    c = pts.mean(0)
    if len(pts) < 3:
        return 1.0
    along = np.linalg.svd(pts - c, full_matrices=False)[2][0]
    span = _middle((pts - c) @ along)
    if span < 1:
        return 1.0
    reach = int(np.ceil(np.ptp(pts, 0).max())) + 16
    y0, x0 = np.maximum(pts.min(0) - reach, 0)
    y1, x1 = pts.max(0) + reach + 1
    win = labels[y0:y1, x0:x1]
    out = 1.0
    for k in pair:
        own = ink[y0:y1, x0:x1] & (win == k)
        if not own.any():
            return 0.0
        _, (iy, ix) = ndimage.distance_transform_edt(~own, return_indices=True)
        near = np.stack([iy[pts[:, 0] - y0, pts[:, 1] - x0], ix[pts[:, 0] - y0, pts[:, 1] - x0]], 1) + (
            y0,
            x0,
        )
        out = min(out, _middle((near - c) @ along) / span)
    return out


def seam_slides(
    labels: np.ndarray,
    ink: np.ndarray,
    shared: dict[tuple[int, int], int],
    limit: float,
    seams: Seams | None = None,
) -> dict[tuple[int, int], float]:
    """The :func:`slide` of every seam of ``shared`` longer than ``limit`` (rounded to 0.01): how
    surely a line runs between the two areas along it. Empty when :data:`SLIDE` is 0 (no test).
    ``seams``: the :class:`Seams` of ``labels``, when found already."""
    if SLIDE <= 0:
        return {}
    out = {}
    for pair, pts in (seams or Seams(labels)).pixels().items():
        if shared.get(pair, 0) <= limit:
            continue
        out[pair] = round(slide(labels, ink, pts, pair), 2)
    return out


def under_slide(slides: dict[tuple[int, int], float]) -> dict[tuple[int, int], float]:
    """The seams of ``slides`` (:func:`seam_slides`) under :data:`SLIDE` (read when called, so that
    the leave-one-map-out runs of ``bench/digitize_real_areas.py`` may set it): no border."""
    return {p: s for p, s in slides.items() if s < SLIDE}


def corner_seams(
    labels: np.ndarray, ink: np.ndarray, shared: dict[tuple[int, int], int], limit: float
) -> dict[tuple[int, int], float]:
    """The seams longer than ``limit`` along which no line runs between the two areas (their
    :func:`slide` under :data:`SLIDE`), each with its slide: areas facing each other across a
    corner, not neighbours."""
    return under_slide(seam_slides(labels, ink, shared, limit))


def slide_confidence(s: float) -> float:
    """How sure the verdict of the slide test is for a seam of slide ``s``: 0.5 at :data:`SLIDE`
    (a coin toss between a corner and a line), rising linearly to 1.0 at the two cases the test
    tells apart: 0 (one corner of ink facing the seam: surely no border) and 1 (a line beside the
    seam, going all the way with it: surely a border). Not tuned: fixed by :data:`SLIDE` and the
    two ends of the scale."""
    if s >= SLIDE:
        off = (s - SLIDE) / max(1.0 - SLIDE, 1e-9)
    else:
        off = (SLIDE - s) / max(SLIDE, 1e-9)
    return round(0.5 + 0.5 * min(1.0, max(0.0, float(off))), 2)


WEAK = 0.8
"""A contact whose confidence is under this is listed in the report as one to check (the length
test's :func:`short_contacts` and the slide test's :func:`weak_contacts` alike). A reporting line,
not a verdict: the border is kept or dropped as the tests say; ``docs/digitizing-areas.md`` gives
how well it separates true from false borders on the real and generated maps."""


def weak_contacts(
    slides: dict[tuple[int, int], float], shared: dict[tuple[int, int], int], ids: dict[int, str]
) -> list[dict[str, object]]:
    """The seams the slide test judged with a confidence under :data:`WEAK`, either way: each pair
    of area ids, its length, its slide, whether it was kept as a border and the confidence of that
    (:func:`slide_confidence`), least sure first."""
    out = []
    for (a, b), s in slides.items():
        conf = slide_confidence(s)
        if a in ids and b in ids and conf < WEAK:
            out.append(
                {
                    "areas": [ids[a], ids[b]],
                    "length_px": int(shared.get((a, b), 0)),
                    "slide": s,
                    "border": bool(s >= SLIDE),
                    "confidence": conf,
                }
            )
    return sorted(out, key=lambda c: (c["confidence"], c["areas"]))


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
