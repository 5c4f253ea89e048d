"""Hex grids from three clicks: the rough affine grid and how far such clicks may let it drift.

The grid with no clicks is found by :mod:`.lattice` (periodicity of the print, then its hex
corners); the clicked grid refined on the print and numbered from the clicks by :mod:`.clicked`.
Here: three clicked points with the id of the hex under each, like VASSAL's grid editor
(``--calibrate X,Y=ID``), and how far such clicks may let the grid drift.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from ..mapdata.grid import HexGrid, PixelFrame
from .legend import Legend


class GridNotFound(InputError):
    pass


MIN_HEX_PX = 6.0  # smaller printed hexes cannot be read from a scan
CLICK_PX = 2.0  # how far off a careful click on a scan lands from a hex's true centre
WARN_DRIFT_HEX = 0.25  # a possible error this large at the picture's far corner is reported
MAX_DRIFT_HEX = 0.5  # and this large, with no printed corners to correct it, is refused
MAX_SKEW = 0.26  # |cos| of the angle between the grid's axes: up to 15 degrees off square


def _printed_ranges(legend: Legend) -> tuple[tuple[int, int], tuple[int, int]]:
    """The legend's printed ``(cols, rows)`` ranges, or its first hex alone."""
    first = legend.first()
    return legend.ranges() or ((first[0], first[0]), (first[1], first[1]))


def _numbered_like(legend: Legend, ranges) -> HexGrid:
    """A grid of unit hexes numbered as the legend numbers its map, over ``ranges``."""
    g = legend.grid
    return HexGrid(
        g.get("orientation", "flat"),
        g.get("shifted", "even"),
        tuple(ranges[0]),
        tuple(ranges[1]),
        g.get("id_format", "{col:02d}{row:02d}"),
        PixelFrame(1.0, 1.0, (0.0, 0.0), 0.0),
    )


def hexes_to_click(legend: Legend) -> str:
    """Three hexes far apart to name when no grid could be found, by the ids the legend's numbering
    gives them (the grid's pixels are unknown): the first hex, the last of its row and the last of
    its column where the legend gives the ranges; else the first hex and two far from it."""
    (c0, c1), (r0, r1) = rng = _printed_ranges(legend)
    probe = _numbered_like(legend, rng)
    how = "click each one's centre on the scan and give the id printed in it"
    try:
        ids = [probe.format_id(c, r) for c, r in ((c0, r0), (c1, r0), (c0, r1))]
    except (ValueError, KeyError, IndexError):  # a numbering that cannot name them: said in words
        return f"three hexes far apart, near three corners of the map ({how})"
    if legend.ranges() is None:
        return f"{ids[0]} and two hexes far from it, one along its row and one along its column ({how})"
    return f"{ids[0]}, {ids[1]} and {ids[2]}, or any three far apart ({how})"


def three_point_grid(points: list[tuple[float, float, str]], legend: Legend, image_shape) -> HexGrid:
    """Grid from three clicked points with their hex ids (like VASSAL's grid editor).

    Each id's position in picture-order hex units (columns and rows as the legend numbers them, so
    descending numbering works alike) is fitted to its pixel by an affine map; its two axes give the
    spacing and rotation. The extent is the legend's ``cols``/``rows`` when given, else just the
    ``first`` hex (the caller finds the rest from the outlines)."""
    if len(points) != 3:
        raise InputError(f"--calibrate needs exactly three points, got {len(points)}")
    # a probe grid numbered like the legend but spanning any printed number
    rng = _printed_ranges(legend)
    span = [(a, a + 999) if a <= b else (a, a - 999) for a, b in rng]
    probe = _numbered_like(legend, span)
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
