"""Finding the hex grid on a scan: rotation, spacing, origin, and the printed numbering.

Automatic calibration works on a mask of dark, thin ink (hex outlines among it):

1. the mask's autocorrelation (one FFT) peaks at the vectors between hex centres; the nearest peaks
   give the rotation and the row and column spacing;
2. matching a template of seven hex outlines drawn with that geometry finds hex centres all over the
   sheet (text and symbols do not look like a ring of hexes);
3. a least-squares fit of the lattice to every centre found gives the spacing and origin to a
   fraction of a pixel; the found centres' extent gives the printed column and row ranges.

Manual calibration takes three clicked points with the id of the hex under each, like VASSAL's grid
editor (``--calibrate X,Y=ID``).
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


def _autocorrelation_peaks(mask: np.ndarray, min_r: float, max_r: float) -> list[np.ndarray]:
    m = mask.astype(np.float32)
    m -= m.mean()
    f = np.fft.rfft2(m)
    ac = np.fft.irfft2(f * np.conj(f), s=m.shape)
    ac = np.fft.fftshift(ac)
    cy, cx = np.array(ac.shape) // 2
    yy, xx = np.mgrid[0 : ac.shape[0], 0 : ac.shape[1]]
    r = np.hypot(yy - cy, xx - cx)
    ring = (r >= min_r) & (r <= max_r)
    work = np.where(ring, ac, -np.inf)
    peaks = []
    for _ in range(12):
        k = int(np.argmax(work))
        y, x = divmod(k, ac.shape[1])
        if not np.isfinite(work[y, x]):
            break

        # parabolic sub-pixel refinement
        def sub(a, b, c):
            den = a - 2 * b + c
            return 0.0 if den == 0 else 0.5 * (a - c) / den

        dy = sub(ac[y - 1, x], ac[y, x], ac[y + 1, x]) if 0 < y < ac.shape[0] - 1 else 0.0
        dx = sub(ac[y, x - 1], ac[y, x], ac[y, x + 1]) if 0 < x < ac.shape[1] - 1 else 0.0
        peaks.append(np.array([x + dx - cx, y + dy - cy]))
        rad = max(2.0, np.hypot(x - cx, y - cy) * 0.35)
        work[(np.hypot(yy - y, xx - x) < rad)] = -np.inf
    return peaks


def _estimate_lattice_vectors(
    mask: np.ndarray, orientation: str, spacing_hint: float | None
) -> tuple[np.ndarray, np.ndarray]:
    """Approximate row and column vectors (in mask pixels) from the autocorrelation."""
    h, w = mask.shape
    if spacing_hint:
        lo, hi = 0.6 * spacing_hint, 1.5 * spacing_hint
    else:
        lo, hi = 8.0, min(h, w) / 4
    peaks = _autocorrelation_peaks(mask, lo, hi)
    if len(peaks) < 4:
        raise GridNotFound("no regular hex pattern found on the scan")
    lengths = np.array([np.linalg.norm(p) for p in peaks])
    # the six nearest neighbours share one length; take the most common shortest group
    base = np.median(np.sort(lengths)[:6])
    near = [p for p, ln in zip(peaks, lengths, strict=True) if abs(ln - base) < 0.12 * base]
    if len(near) < 4:
        raise GridNotFound("the hex pattern on the scan is not regular enough to measure")
    angles = np.array([math.degrees(math.atan2(p[1], p[0])) for p in near])
    # flat-topped: a neighbour straight below (90 deg); pointy: one straight right (0 deg)
    target = 90.0 if orientation == "flat" else 0.0
    diff = (angles - target + 180) % 360 - 180
    k = int(np.argmin(np.abs(diff)))
    row_vec = near[k] if orientation == "flat" else near[k]
    # the column vector: 60 deg clockwise-ish from the row vector for flat (down-right neighbour)
    rot = math.radians(-60 if orientation == "flat" else 60)
    guess = np.array(
        [
            row_vec[0] * math.cos(rot) - row_vec[1] * math.sin(rot),
            row_vec[0] * math.sin(rot) + row_vec[1] * math.cos(rot),
        ]
    )
    # any lattice vector near the guess will do; sums with the row vector are lattice vectors too
    cands = [p for q in near for p in (q, q + row_vec, q - row_vec)]
    cands = [p for p in cands if np.linalg.norm(p - guess) < 0.25 * np.linalg.norm(row_vec)]
    col_vec = min(cands, key=lambda p: np.linalg.norm(p - guess)) if cands else guess
    return row_vec, col_vec


def _hex_template(
    row_vec: np.ndarray, col_vec: np.ndarray, orientation: str, width: int
) -> tuple[np.ndarray, np.ndarray]:
    """Outline of a centre hex and its six neighbours; returns (template, centre offset)."""
    centres = [np.zeros(2)] + [s * v for v in (row_vec, col_vec, col_vec - row_vec) for s in (1, -1)]
    # hexagon corners: affine image of a regular hexagon spanned by the lattice vectors
    if orientation == "flat":
        corners = [(2 * col_vec - row_vec) / 3, (col_vec + row_vec) / 3, (2 * row_vec - col_vec) / 3]
    else:
        corners = [(2 * col_vec - row_vec) / 3, (col_vec + row_vec) / 3, (2 * row_vec - col_vec) / 3]
    ring = [corners[0], corners[1], corners[2], -corners[0], -corners[1], -corners[2]]
    ring = sorted(ring, key=lambda p: math.atan2(p[1], p[0]))
    pts = np.array([c + p for c in centres for p in ring])
    lo, hi = pts.min(axis=0) - 3, pts.max(axis=0) + 3
    size = np.ceil(hi - lo).astype(int)
    t = np.zeros((size[1], size[0]), np.float32)
    for c in centres:
        poly = np.round((np.array([c + p for p in ring]) - lo) * 16).astype(np.int32)
        cv2.polylines(t, [poly], True, 1.0, width, cv2.LINE_AA, shift=4)
    return t, -lo


def find_lattice(
    image: np.ndarray, orientation: str = "flat", spacing_hint: float | None = None, progress=None
) -> tuple[Lattice, np.ndarray]:
    """The hex lattice on ``image`` (full-resolution pixels) and the centres it was fitted to."""
    h, w = image.shape[:2]
    # work at a scale where a hex is ~28 px (or where the sheet is ~1600 px if no hint)
    scale = 28.0 / spacing_hint if spacing_hint else min(1.0, 1600.0 / max(h, w))
    scale = min(1.0, scale)
    small = (
        cv2.resize(image, (max(1, int(w * scale)), max(1, int(h * scale))), interpolation=cv2.INTER_AREA)
        if scale < 1
        else image
    )
    mask = ink_mask(small, 25)
    hint = spacing_hint * scale if spacing_hint else None
    row_vec, col_vec = _estimate_lattice_vectors(mask, orientation, hint)
    if progress:
        progress("grid: spacing and rotation")
    tmpl, off = _hex_template(row_vec, col_vec, orientation, 2)
    if tmpl.shape[0] >= mask.shape[0] or tmpl.shape[1] >= mask.shape[1]:
        raise GridNotFound("the scan is too small to hold a hex and its neighbours")
    score = cv2.matchTemplate(mask.astype(np.float32), tmpl, cv2.TM_CCOEFF_NORMED)
    spacing = min(np.linalg.norm(row_vec), np.linalg.norm(col_vec))
    k = max(3, int(spacing * 0.6) | 1)
    local_max = cv2.dilate(score, np.ones((k, k), np.uint8))
    good = (score >= local_max - 1e-6) & (score > 0.25)
    ys, xs = np.nonzero(good)
    if len(xs) < 6:
        raise GridNotFound("too few hexes recognised on the scan")
    dx = np.zeros(len(xs))
    dy = np.zeros(len(ys))
    inner = (xs > 0) & (xs < score.shape[1] - 1) & (ys > 0) & (ys < score.shape[0] - 1)
    xi, yi = xs[inner], ys[inner]
    den_x = score[yi, xi - 1] - 2 * score[yi, xi] + score[yi, xi + 1]
    den_y = score[yi - 1, xi] - 2 * score[yi, xi] + score[yi + 1, xi]
    dx[inner] = np.where(
        den_x < 0, 0.5 * (score[yi, xi - 1] - score[yi, xi + 1]) / np.where(den_x < 0, den_x, -1), 0
    )
    dy[inner] = np.where(
        den_y < 0, 0.5 * (score[yi - 1, xi] - score[yi + 1, xi]) / np.where(den_y < 0, den_y, -1), 0
    )
    centres = np.column_stack([xs + np.clip(dx, -0.5, 0.5), ys + np.clip(dy, -0.5, 0.5)]) + off
    strength = score[ys, xs]
    if progress:
        progress(f"grid: {len(centres)} hex centres found")
    # assign lattice coordinates relative to the strongest hex, then least squares
    ref = centres[int(np.argmax(strength))]
    basis = np.column_stack([col_vec, row_vec])
    inv = np.linalg.inv(basis)
    ij = (centres - ref) @ inv.T
    rij = np.round(ij)
    resid = np.linalg.norm((ij - rij) @ basis.T, axis=1)
    keep = resid < 0.2 * spacing
    for _ in range(3):
        a = np.column_stack([np.ones(keep.sum()), rij[keep]])
        sol, *_ = np.linalg.lstsq(a, centres[keep], rcond=None)
        pred = np.column_stack([np.ones(len(rij)), rij]) @ sol
        err = np.linalg.norm(pred - centres, axis=1)
        keep = keep & (err < max(1.0, 3 * np.median(err[keep])))
    # small-image pixel centres -> full-resolution pixel centres, per axis (sizes were rounded)
    s_xy = np.array([small.shape[1] / w, small.shape[0] / h])
    origin = (sol[0] + 0.5) / s_xy - 0.5
    c_vec, r_vec = sol[1] / s_xy, sol[2] / s_xy
    lat = Lattice(origin, c_vec, r_vec)
    # which lattice positions really are hexes: their own outline is inked (edge hexes included)
    lo, hi = rij[keep].min(axis=0) - 3, rij[keep].max(axis=0) + 3
    ii, jj = np.meshgrid(np.arange(lo[0], hi[0] + 1), np.arange(lo[1], hi[1] + 1), indexing="ij")
    cand = np.column_stack([ii.ravel(), jj.ravel()])
    inked = outline_evidence(mask, Lattice(sol[0], sol[1], sol[2]), cand, orientation)
    present = cand[inked >= 5 / 6]
    if len(present) < 6:
        raise GridNotFound("too few hex outlines recognised on the scan")
    return lat, np.column_stack([present, lat.origin + present @ np.vstack([c_vec, r_vec])])


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
