"""The shapes of found areas made sound once they are named: each area in one piece, and no area
reaching along a strip (the space between the two lines of a border drawn double) to touch areas
it does not border. Used by :func:`.areas.digitize_areas` on the label image (0: none, 1..N)."""

from __future__ import annotations

import cv2
import numpy as np
from scipy import ndimage


def _fill_from(labels: np.ndarray, loose: np.ndarray) -> np.ndarray:
    """``labels`` with the ``loose`` pixels given the label of the nearest pixel that is not."""
    if not loose.any() or loose.all():
        return labels
    out = labels.copy()
    out[loose] = 0
    idx = ndimage.distance_transform_edt(loose, return_distances=False, return_indices=True)
    return out[idx[0], idx[1]]


def whole_areas(labels: np.ndarray) -> np.ndarray:
    """Each area in one piece: the pixels of a label outside its largest 4-connected piece go to
    the nearest other area. A piece joined to an area through a strip that was then shared out
    (the space where two borders drawn double cross, joined through the strip along one of them)
    is left apart from it, and would make it touch areas far from it."""
    loose = np.zeros(labels.shape, bool)
    for k, sl in enumerate(ndimage.find_objects(labels), start=1):
        if sl is None:
            continue
        own = labels[sl] == k
        parts, m = ndimage.label(own)
        if m < 2:
            continue
        size = np.bincount(parts.ravel(), minlength=m + 1)
        size[0] = 0
        loose[sl] |= own & (parts != int(size.argmax()))
    return _fill_from(labels, loose)


def trim_strips(labels: np.ndarray, min_width: float, strip_area: float) -> np.ndarray:
    """Each area without its long strips: the parts of an area narrower than ``min_width`` (outside
    its opening by a disc that wide) of ``strip_area`` squares of that width or more go to the
    nearest wider part of any area. Such a strip is the space between the two lines of a border
    drawn double, reached through a break and kept by an area when two areas found as one were
    split between their names; left, it makes the area touch every area along it. Corners and
    short necks (smaller parts) stay. 0 or no ``min_width``: nothing is trimmed."""
    if strip_area <= 0 or min_width <= 0 or labels.max() < 2:
        return labels
    edge = np.zeros(labels.shape, bool)
    edge[:, 1:] |= labels[:, 1:] != labels[:, :-1]
    edge[:, :-1] |= labels[:, 1:] != labels[:, :-1]
    edge[1:, :] |= labels[1:, :] != labels[:-1, :]
    edge[:-1, :] |= labels[1:, :] != labels[:-1, :]
    r = min_width / 2
    # a disc of radius r round a pixel farther than r from every outline lies in one area: the
    # union of such discs is the opening of every area at once
    deep = cv2.distanceTransform((~edge).astype(np.uint8), cv2.DIST_L2, 5) > r
    k = int(np.ceil(min_width)) | 1
    core = cv2.dilate(deep.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0
    from skimage.measure import label as label_runs

    thin = np.where(core, 0, labels)
    parts = label_runs(thin, background=0, connectivity=2)
    size = np.bincount(parts.ravel())
    long = size >= strip_area * min_width**2
    long[0] = False
    return _fill_from(labels, long[parts])


def cut_necks(
    labels: np.ndarray, points: list[tuple[float, float]], width: float, min_area: float
) -> tuple[np.ndarray, np.ndarray]:
    """Each named area without the wide parts it reaches only through a neck narrower than
    ``width``: the area opened by a disc that wide falls into pieces; the piece holding a name's
    point (``points``: the gazetteer's areas) stays the area, every other piece of ``min_area``
    pixels or more becomes an area of its own (a box printed beside the map, the inside of a
    symbol, reached through a break in its outline: the report lists it as an area no name falls
    in). The neck itself and smaller pieces stay with the area. Returns the labels (new areas
    numbered after the others) and, per new label, the label it was cut from (index 0 unused)."""
    n = int(labels.max())
    origin = list(range(n + 1))
    if width <= 1 or n == 0 or not points:
        return labels, np.array(origin)
    h, w = labels.shape
    named: dict[int, list[tuple[int, int]]] = {}
    for x, y in points:
        xi, yi = int(x), int(y)
        if 0 <= xi < w and 0 <= yi < h and labels[yi, xi] > 0:
            named.setdefault(int(labels[yi, xi]), []).append((yi, xi))
    k = int(np.ceil(width)) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    out = labels.copy()
    slices = ndimage.find_objects(labels)
    for lab, pts in sorted(named.items()):
        sl = slices[lab - 1]
        if sl is None:
            continue
        y0, x0 = max(0, sl[0].start - k), max(0, sl[1].start - k)
        y1, x1 = min(h, sl[0].stop + k), min(w, sl[1].stop + k)
        own = (labels[y0:y1, x0:x1] == lab).astype(np.uint8)
        opened = cv2.morphologyEx(own, cv2.MORPH_OPEN, disc)
        m, parts = cv2.connectedComponents(opened, connectivity=4)
        if m < 3:
            continue
        keep = {int(parts[py - y0, px - x0]) for py, px in pts} - {0}
        size = np.bincount(parts.ravel(), minlength=m)
        if not keep:
            keep = {int(np.argmax(size[1:])) + 1}
        for p in range(1, m):
            if p in keep or size[p] < min_area:
                continue
            sub = out[y0:y1, x0:x1]
            sub[parts == p] = len(origin)
            origin.append(lab)
    return out, np.array(origin)
