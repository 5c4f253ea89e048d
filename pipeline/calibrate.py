"""Hex grids from clicks, and the outline helpers the clicked path uses to find the sheet's extent.

The grid with no clicks is found by :mod:`.lattice` (periodicity of the print, then its hex
corners). Here: three clicked points with the id of the hex under each, like VASSAL's grid editor
(``--calibrate X,Y=ID``), how far such clicks may let the grid drift, and which lattice positions
have their outlines inked (the extent of the sheet when the legend gives no ranges).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..errors import InputError
from ..mapdata.grid import HexGrid, PixelFrame
from .legend import Legend


class GridNotFound(InputError):
    pass


def ink_mask(image: np.ndarray, block: int) -> np.ndarray:
    """Pixels clearly darker than their surroundings (outlines, lines, text, symbols), 0/1 uint8."""
    gray = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    block = max(3, block | 1)
    return (
        cv2.adaptiveThreshold(gray, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 12)
    ).astype(np.uint8)


@dataclass(frozen=True)
class Lattice:
    """Hex centres = origin + i * col_vec + j * row_vec (i: column step, j: straight down a column)."""

    origin: np.ndarray
    col_vec: np.ndarray  # to the next column's hex half a row lower (flat) / next row (pointy)
    row_vec: np.ndarray  # to the next hex in the same column (flat) / same row (pointy)


def hex_corner_offsets(lat: Lattice, orientation: str) -> np.ndarray:
    """The six corners of a hex relative to its centre, from the lattice vectors."""
    c, r = lat.col_vec, lat.row_vec
    ring = [(2 * c - r) / 3, (c + r) / 3, (2 * r - c) / 3]
    ring += [-p for p in ring]
    return np.array(sorted(ring, key=lambda p: math.atan2(p[1], p[0])))


def outline_evidence(
    mask: np.ndarray, lat: Lattice, ij: np.ndarray, orientation: str, samples: int = 6
) -> np.ndarray:
    """Share (0..1) of each candidate hex's six sides that are inked along most of their length."""
    grown = cv2.dilate(mask, np.ones((3, 3), np.uint8))
    corners = hex_corner_offsets(lat, orientation)
    t = (np.arange(samples) + 0.5) / samples
    pts = np.concatenate(
        [corners[k] + (corners[(k + 1) % 6] - corners[k]) * t[:, None] for k in range(6)]
    )  # (6*samples, 2)
    centres = lat.origin + ij @ np.vstack([lat.col_vec, lat.row_vec])
    xy = np.round(centres[:, None, :] + pts[None]).astype(int)
    h, w = mask.shape
    inside = (xy[..., 0] >= 0) & (xy[..., 0] < w) & (xy[..., 1] >= 0) & (xy[..., 1] < h)
    vals = np.zeros(inside.shape)
    vals[inside] = grown[xy[..., 1][inside], xy[..., 0][inside]]
    # a printed hex has all six sides drawn; a phantom hex just outside the sheet borrows at
    # most three from its real neighbours: score = share of sides that are mostly inked
    per_side = vals.reshape(len(ij), 6, samples).mean(axis=2)
    score = (per_side >= 0.6).mean(axis=1)
    return np.where(inside.all(axis=1), score, 0.0)


def grid_from_lattice(lat: Lattice, found: np.ndarray, legend: Legend) -> HexGrid:
    """The printed grid: numbering from the legend's hints, extent from the hexes found.

    Lattice coordinate i steps across the major lines (columns of a flat grid, rows of a pointy
    one), j along them; the printed minor number of point (i, j) is j + floor((i - i_min + s) / 2),
    with s in {0, 1} chosen so every major line starts at the same printed number.
    """
    g = legend.grid
    orientation = g.get("orientation", "flat")
    flat = orientation == "flat"
    ij = found[:, :2].astype(int)
    i_min, i_max = ij[:, 0].min(), ij[:, 0].max()
    best = None
    for s in (0, 1):
        minor = ij[:, 1] + np.floor((ij[:, 0] - i_min + s) / 2).astype(int)
        starts = [minor[ij[:, 0] == i].min() for i in np.unique(ij[:, 0])]
        spread = int(np.ptp(starts))
        if best is None or spread < best[0]:
            best = (spread, s, minor)
    _, s, minor = best
    n_major, n_minor = i_max - i_min + 1, minor.max() - minor.min() + 1
    origin = lat.origin + i_min * lat.col_vec + minor.min() * lat.row_vec
    first = legend.first()
    major0 = int(first[0] if flat else first[1])
    # s = 1: the first major line sits half a step further along than the second (it is shifted)
    shifted_line = major0 if s == 1 else major0 + 1
    shifted = "even" if shifted_line % 2 == 0 else "odd"
    across = lat.col_vec - lat.row_vec / 2  # one major line over, no shift
    if flat:
        hex_w, hex_h = np.linalg.norm(across), np.linalg.norm(lat.row_vec)
        angle = math.degrees(math.atan2(-lat.row_vec[0], lat.row_vec[1]))
        cols = (major0, major0 + n_major - 1)
        rows = (int(first[1]), int(first[1]) + n_minor - 1)
    else:
        hex_w, hex_h = np.linalg.norm(lat.row_vec), np.linalg.norm(across)
        angle = math.degrees(math.atan2(lat.row_vec[1], lat.row_vec[0]))
        rows = (major0, major0 + n_major - 1)
        cols = (int(first[0]), int(first[0]) + n_minor - 1)
    rng = legend.ranges()
    if rng:  # the legend knows the printed ranges (descending ones included)
        cols, rows = rng
    frame = PixelFrame(float(hex_w), float(hex_h), (float(origin[0]), float(origin[1])), float(angle))
    return HexGrid(orientation, shifted, cols, rows, g.get("id_format", "{col:02d}{row:02d}"), frame)


MIN_HEX_PX = 6.0  # smaller printed hexes cannot be read from a scan
CLICK_PX = 2.0  # how far off a careful click on a scan lands from a hex's true centre
WARN_DRIFT_HEX = 0.25  # a possible error this large at the picture's far corner is reported
MAX_DRIFT_HEX = 0.5  # and this large, with no printed corners to correct it, is refused
MAX_SKEW = 0.26  # |cos| of the angle between the grid's axes: up to 15 degrees off square


def three_point_grid(points: list[tuple[float, float, str]], legend: Legend, image_shape) -> HexGrid:
    """Grid from three clicked points with their hex ids (like VASSAL's grid editor).

    Each id's position in picture-order hex units (columns and rows as the legend numbers them, so
    descending numbering works alike) is fitted to its pixel by an affine map; its two axes give the
    spacing and rotation. The extent is the legend's ``cols``/``rows`` when given, else just the
    ``first`` hex (the caller finds the rest from the outlines)."""
    if len(points) != 3:
        raise InputError(f"--calibrate needs exactly three points, got {len(points)}")
    g = legend.grid
    first = legend.first()
    rng = legend.ranges() or ((first[0], first[0]), (first[1], first[1]))
    # a probe grid numbered like the legend but spanning any printed number
    span = [(a, a + 999) if a <= b else (a, a - 999) for a, b in rng]
    probe = HexGrid(
        g.get("orientation", "flat"),
        g.get("shifted", "even"),
        span[0],
        span[1],
        g.get("id_format", "{col:02d}{row:02d}"),
        PixelFrame(1.0, 1.0, (0.0, 0.0), 0.0),
    )
    units, px = [], []
    for x, y, hid in points:
        try:
            col, row = probe.parse_id(hid)
        except ValueError as exc:
            raise InputError(f"--calibrate {x:g},{y:g}={hid}: {exc}") from None
        units.append(probe.center(col, row))
        px.append((x, y))
    a = np.column_stack([np.ones(3), np.array(units)])
    if abs(np.linalg.det(a)) < 1e-9:
        raise InputError("the three --calibrate hexes lie on one line; pick three not in a row")
    sol = np.linalg.solve(a, np.array(px))
    origin, ex, ey = sol[0], sol[1], sol[2]
    hex_w, hex_h = float(np.linalg.norm(ex)), float(np.linalg.norm(ey))
    angle = math.degrees(math.atan2(ex[1], ex[0]))
    # the three clicks must make a grid the picture can hold: hexes of a few pixels at least, of
    # nearly regular shape (a slip of the mouse, or ids swapped, gives a sheared lattice)
    if not (hex_w >= MIN_HEX_PX and hex_h >= MIN_HEX_PX) or not math.isfinite(hex_w + hex_h):
        raise InputError(
            f"--calibrate: the three points make hexes {hex_w:.2g} x {hex_h:.2g} px; a hex must be at least "
            f"{MIN_HEX_PX} px: are the points and their ids right?"
        )
    skew = abs(float(np.dot(ex, ey))) / (hex_w * hex_h)
    if skew > MAX_SKEW or not 0.2 <= hex_w / hex_h <= 5:
        shear = math.degrees(math.asin(min(skew, 1)))
        raise InputError(
            f"--calibrate: the three points give a grid sheared by {shear:.0f}° "
            f"with cells {hex_w:.1f} x {hex_h:.1f} px; check the points and their ids (a point may be off "
            "by a hex)"
        )
    return HexGrid(
        probe.orientation,
        probe.shifted,
        rng[0],
        rng[1],
        probe.id_format,
        PixelFrame(hex_w, hex_h, (float(origin[0]), float(origin[1])), angle),
    )


def calibration_drift(points: list[tuple[float, float, str]], image_shape, hex_px: float) -> float:
    """How far (in hexes) clicks :data:`CLICK_PX` off (each, independently) move the grid at the
    picture's farthest corner. The three-point grid is the affine map through the clicks, so a point
    q of the picture moves by the clicks' errors weighted by q's barycentric coordinates in the
    clicked triangle (its spread: the root of their sum of squares): three neighbouring hexes, or
    three in a row, carry a small slip across the whole map; three near the map's corners do not."""
    tri = np.array([(x, y) for x, y, _ in points], dtype=float)
    h, w = image_shape[:2]
    corners = np.array([(0, 0), (w, 0), (0, h), (w, h)], dtype=float)
    a = np.vstack([tri.T, np.ones(3)])
    weights = np.linalg.solve(a, np.vstack([corners.T, np.ones(4)]))  # (3, 4) barycentric coordinates
    return float(CLICK_PX * np.sqrt((weights**2).sum(axis=0)).max() / hex_px)


def check_calibration(drift: float, rms_px: float | None, hex_px: float) -> str | None:
    """The warning for a three-point grid whose far corner may be off by ``drift`` hexes (None: no
    warning); InputError when it may be off by more than :data:`MAX_DRIFT_HEX` and no printed hex
    corners corrected it (``rms_px`` is the corner fit's residual, None when none was found)."""
    spread = (
        f"the three --calibrate points lie close together or nearly in a row: clicks {CLICK_PX:g} px off "
        f"move the grid by {drift * hex_px:.1f} px ({100 * drift:.0f} % of a hex) at the far corner of "
        "the picture"
    )
    if rms_px is None and drift > MAX_DRIFT_HEX:
        raise InputError(
            f"{spread}, and no printed hex corners were found to correct it; pick three hexes far apart "
            "(near three corners of the map)"
        )
    if drift > WARN_DRIFT_HEX:
        fitted = "" if rms_px is None else f"; refined on the printed corners, residual {rms_px:.2f} px"
        return spread + fitted
    return None
