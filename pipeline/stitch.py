"""Scans in several pieces registered into one sheet.

A map too big for the scanner comes in pieces that overlap (a magazine double page scanned in
halves plus the fold). The first piece fixes the sheet's frame; every other piece is matched to the
sheet built so far with SIFT features (opencv), Lowe's ratio test and a RANSAC homography, then
warped onto it. Where pieces overlap, the sheet keeps what it already holds: each pixel comes from
one piece only. A piece that matches nothing is an error naming it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..errors import InputError

MATCH_PX = 1600  # longest side features are detected at
MIN_INLIERS = 25
RATIO = 0.75


@dataclass(frozen=True)
class Placed:
    name: str
    homography: np.ndarray  # piece pixels -> sheet pixels
    inliers: int


@dataclass(frozen=True)
class Sheet:
    image: np.ndarray
    offset: tuple[float, float]  # where the first piece's (0, 0) lies on the sheet
    pieces: tuple[Placed, ...]


def _features(image: np.ndarray, sift) -> tuple[np.ndarray, np.ndarray | None]:
    """SIFT key points (full-resolution pixels) and descriptors of one piece."""
    h, w = image.shape[:2]
    s = min(1.0, MATCH_PX / max(h, w))
    gray = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if s < 1:
        gray = cv2.resize(gray, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    kp, desc = sift.detectAndCompute(gray, None)
    return np.float32([k.pt for k in kp]).reshape(-1, 2) / s, desc


def _pair(a: tuple, b: tuple) -> tuple[np.ndarray | None, int]:
    """Homography taking piece ``a``'s pixels to piece ``b``'s, and its RANSAC inliers."""
    (pa, da), (pb, db) = a, b
    if da is None or db is None or len(pa) < 4 or len(pb) < 4:
        return None, 0
    pairs = cv2.BFMatcher(cv2.NORM_L2).knnMatch(da, db, k=2)
    good = [m for m, n in (p for p in pairs if len(p) == 2) if m.distance < RATIO * n.distance]
    if len(good) < 4:
        return None, len(good)
    src = pa[[m.queryIdx for m in good]]
    dst = pb[[m.trainIdx for m in good]]
    # a similarity (rotation, scale, shift): pieces of one flat sheet; a full homography is too
    # loosely held by a narrow overlap and bends the far side of the piece
    m, inl = cv2.estimateAffinePartial2D(src, dst, method=cv2.RANSAC, ransacReprojThreshold=3.0)
    if m is None:
        return None, 0
    return np.vstack([m, [0, 0, 1]]), int(inl.sum())


def stitch(pieces: list[tuple[str, np.ndarray]]) -> Sheet:
    """One sheet from overlapping pieces ``(name, RGB image)``, the first one's frame kept: each
    piece is registered to the earlier piece it matches best."""
    if not pieces:
        raise InputError("no scan given")
    sift = cv2.SIFT_create()
    feats = [_features(img, sift) for _, img in pieces]
    to_first = [np.eye(3)]
    inliers = [0]
    for k in range(1, len(pieces)):
        best = max(((_pair(feats[k], feats[j]), j) for j in range(k)), key=lambda x: x[0][1])
        (h, n), j = best
        if h is None or n < MIN_INLIERS:
            raise InputError(
                f"this piece overlaps none of the pieces given before it ({n} consistent matching "
                f"features, {MIN_INLIERS} needed); give the pieces so each overlaps an earlier one",
                file=pieces[k][0],
            )
        to_first.append(to_first[j] @ h)
        inliers.append(n)
    corners = []
    for (_, img), h in zip(pieces, to_first, strict=True):
        ph, pw = img.shape[:2]
        quad = np.float32([[[0, 0]], [[pw, 0]], [[pw, ph]], [[0, ph]]])
        corners.append(cv2.perspectiveTransform(quad, h)[:, 0])
    allc = np.concatenate(corners)
    lo, hi = np.floor(allc.min(axis=0)).astype(int), np.ceil(allc.max(axis=0)).astype(int)
    size = (int(hi[0] - lo[0]), int(hi[1] - lo[1]))
    if size[0] * size[1] > 250_000_000:
        raise InputError(f"the pieces would make a sheet of {size[0]} x {size[1]} pixels, over 250 M")
    shift = np.array([[1, 0, -lo[0]], [0, 1, -lo[1]], [0, 0, 1]], float)
    sheet = np.zeros((size[1], size[0], 3), np.uint8)
    held = np.zeros((size[1], size[0]), bool)
    placed = []
    for (name, img), h, n in zip(pieces, to_first, inliers, strict=True):
        to_sheet = shift @ h
        ph, pw = img.shape[:2]
        warped = cv2.warpPerspective(img, to_sheet, size, flags=cv2.INTER_LINEAR)
        cover = (
            cv2.warpPerspective(np.full((ph, pw), 255, np.uint8), to_sheet, size, flags=cv2.INTER_NEAREST) > 0
        )
        new = cover & ~held  # overlap once: the sheet keeps what an earlier piece gave it
        sheet[new] = warped[new]
        held |= cover
        placed.append(Placed(name, to_sheet, n))
    return Sheet(sheet, (float(-lo[0]), float(-lo[1])), tuple(placed))
