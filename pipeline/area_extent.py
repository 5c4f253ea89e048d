"""What on the picture of an area map is no area of it: the boxes printed over or around the map.

A map prints boxes beside and over its areas (a turn track, unit boxes, the title, the legend):
each is a closed rectangle of straight lines, level and upright. No box is an area, and an area
that reaches into one (through a break in its outline, or joined to the pieces its cells cut)
touches, through it, areas it does not border. Used by :func:`.areas.digitize_areas` with a
gazetteer: a box that holds a name's point is an area (a box the game names: a holding box, a
sea zone printed as a box) and is kept.
"""

from __future__ import annotations

import cv2
import numpy as np


def void_labels(labels: np.ndarray, void: np.ndarray, points: list[tuple[float, float]]) -> np.ndarray:
    """``labels`` with the ``void`` pixels set to 0 (no area), except those of an area whose name's
    point (``points``) lies in the void: an area the gazetteer places there is kept whole."""
    if not void.any():
        return labels
    h, w = labels.shape
    keep = {
        int(labels[int(y), int(x)])
        for x, y in points
        if 0 <= int(x) < w and 0 <= int(y) < h and void[int(y), int(x)]
    }
    drop = void.copy()
    if keep:
        drop &= ~np.isin(labels, list(keep))
    out = labels.copy()
    out[drop] = 0
    return out


def printed_boxes(
    barrier: np.ndarray,
    min_side: float,
    points: list[tuple[float, float]],
    min_area: float,
    line_width: float = 2.0,
) -> np.ndarray:
    """The insides (with their outlines) of the closed rectangles of straight lines on the map that
    hold no name's point: boxes printed over the map. A rectangle's sides are straight runs of the
    barrier, level or upright, ``min_side`` pixels long or longer; its inside is a piece of the
    space those runs enclose that fills its bounding box (a map's areas are not upright
    rectangles) and is ``min_area`` pixels or more. A box's cells (smaller rectangles inside it)
    are part of it, and so is a box divided by lines into rows or cells each thinner than
    ``min_side`` (lines ``line_width`` wide): the cells side by side fill one rectangle."""
    h, w = barrier.shape
    k = max(3, int(round(min_side)))
    b = barrier.astype(np.uint8)
    level = cv2.morphologyEx(b, cv2.MORPH_OPEN, np.ones((1, k), np.uint8))
    upright = cv2.morphologyEx(b, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8))
    lines = ((level | upright) > 0).astype(np.uint8)
    out = np.zeros((h, w), bool)
    # every closed outline of straight lines: the holes of the line mask
    contours, hier = cv2.findContours(lines, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None:
        return out
    inside_pts = [(int(x), int(y)) for x, y in points if 0 <= int(x) < w and 0 <= int(y) < h]

    def named(x: int, y: int, bw: int, bh: int) -> bool:
        return any(x <= px < x + bw and y <= py < y + bh for px, py in inside_pts)

    cells = np.zeros((h, w), np.uint8)  # every upright rectangle of lines holding no name
    for c, hh in zip(contours, hier[0], strict=True):
        if hh[3] < 0:  # an outer outline of lines, not the inside of a loop
            continue
        x, y, bw, bh = cv2.boundingRect(c)
        area = cv2.contourArea(c)
        if area < FILL * bw * bh or named(x, y, bw, bh):
            continue
        cv2.drawContours(cells, [c], -1, 1, cv2.FILLED)
        if area < min_area or bw < min_side or bh < min_side:
            continue
        out[max(0, y - 2) : y + bh + 2, max(0, x - 2) : x + bw + 2] = True
    # a box divided into rows or cells by lines across it (each thinner than a box): the cells
    # side by side, with the lines between them, fill one upright rectangle
    gap = max(3, int(np.ceil(line_width)) + 2)
    joined = cv2.morphologyEx(cells, cv2.MORPH_CLOSE, np.ones((gap, gap), np.uint8))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=4)
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < min_area or bw < min_side or bh < min_side or area < FILL * bw * bh:
            continue
        if named(x, y, bw, bh):
            continue
        out[max(0, y - 2) : y + bh + 2, max(0, x - 2) : x + bw + 2] = True
    return out


FILL = 0.9
"""A box's inside fills this share of its bounding box or more (a map's areas are not upright
rectangles; a box's outline is drawn a little askew on a scan)."""
