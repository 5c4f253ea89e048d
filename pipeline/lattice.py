"""The hex grid of a scan found with no clicks: from the periodicity of the print, then its corners.

Whatever marks the grid (full outlines, dotted hexsides, or only small marks at the corners), it
repeats with the hex lattice, and so do the printed hex numbers. Woods texture, roads, labels and
fill colours do not. Hence:

1. **Lattice vectors.** The power spectrum of the (high-passed) darkness has sharp peaks on the
   reciprocal lattice of the hexes, harmonics included. Peaks are found against the spectrum's own
   radial background; a comb with a tooth at each peak, transformed back, peaks at the real-space
   lattice vectors only (every harmonic counts alike, so the honeycomb of corners does not make
   its corner-to-corner vector look like a lattice vector). The pair of shortest such vectors that
   makes a hexagonal lattice is then refined by least squares on every spectral peak it indexes.
2. **Phase.** Templates of the three hexsides meeting at each of the two kinds of corner
   (:mod:`.corners`) are matched over the sheet; the responses are averaged over all lattice
   positions for each trial position of the lattice within one cell, and the best one puts the
   corners where the print has them.
3. **Numbering and extent.** Each lattice position gets the mean corner response of its six
   corners; the legend's ``cols`` x ``rows`` block is placed where it covers the hexes with printed
   corners best (with no ranges, the marked hexes' extent is taken). The printed numbers, where
   there are any, then confirm the numbering or name the shift that reads them back.
4. :func:`~railhead.pipeline.corners.refine_grid` fits the lattice to every corner found.

Every scale is derived from the image: the spectrum's band from the image size, the corner search
from the lattice found. When a step finds nothing clear, :class:`~.calibrate.GridNotFound` says so
and the caller asks for three clicked hexes instead of returning a wrong grid.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from ..mapdata.grid import HexGrid, PixelFrame
from .calibrate import GridNotFound
from .corners import MIN_SCORE as CORNER_SCORE
from .corners import CornerFit, corner_score_maps, refine_grid
from .extent import area_and_density, on_area
from .legend import Legend
from .printed_numbers import NumberCheck, check_printed_numbers

WORK_PX = 2048  # the spectrum is taken with the sheet's longer side at most this long
MIN_PERIOD_PX = 6.0  # shortest hex spacing looked for, in work pixels
MIN_CELLS = 4  # the sheet must hold at least this many hexes across
PEAK_PROMINENCE = 25.0  # spectral peak: this many times its ring's geometric-mean power
MIN_COMB = 0.25  # a lattice vector: comb autocorrelation at least this share of the origin's
NEAR_BEST = 1.15  # lattices whose comb peaks within this factor of the best one's compete on size
HEX_SHAPE_TOL = 0.25  # the three neighbour spacings of a hex lattice agree within this share
HINT_RANGE = (0.75, 1.5)  # neighbour spacing looked for around the legend's hex_width_px
REFITS = 3  # corner fits repeated from the previous one while they find more corners
PHASE_STEPS = 40  # trial positions per lattice vector within one cell
PRESENT_SHARE = 0.5  # a printed hex's corners score at least this share of a typical printed hex's
OFF_SHEET = -1.0  # evidence of a hex centred off the sheet
MAX_RMS_HEX = 0.04  # corner fit residual above this share of a hex: not a grid
MIN_CORNER_SHARE = 0.35  # of the grid's corners, at least this share must be found
MIN_KIND_SHARE = 0.25  # and at least this share of either kind of corner
LINE_SHARE = 1 / 3  # an edge line of a block with no ranges: at least this share of it printed
CORNER_TOL_HEX = 0.05  # a hex corner this far off the printed area (a frame line) is on the print
RIVAL_HEX = 0.25  # a rival lattice position lies at least this share of a hex from the best one


@dataclass(frozen=True)
class GridSearch:
    """A grid found with no clicks and what it rests on."""

    grid: HexGrid
    corners: int  # corners the final fit kept
    expected_corners: int  # corners of the grid's hexes
    rms_px: float
    vectors: tuple[tuple[float, float], tuple[float, float]]  # lattice vectors, full pixels
    ink: str = "dark"  # the corners are printed darker ("dark") or lighter than the paper
    numbers: NumberCheck | None = None  # the printed numbers read against the grid
    numbers_shift: tuple[int, int] | None = None  # applied from the printed numbers
    margins: dict = field(default_factory=dict)  # over the rival grids (see :func:`grid_margins`)

    def report(self) -> dict:
        out = {
            "found": "no clicks",
            "corners": self.corners,
            "expected_corners": self.expected_corners,
            "rms_px": round(self.rms_px, 2),
            "ink": self.ink,
        }
        if self.numbers_shift:
            out["numbering_shift_from_printed_numbers"] = list(self.numbers_shift)
        if self.margins:
            out["margins"] = {
                k: (round(v, 3) if isinstance(v, float) else v) for k, v in self.margins.items()
            }
            out["summary"] = margins_text(self.margins)
        return out


# ---------------------------------------------------------------------------------- lattice vectors
def _darkness(image: np.ndarray, scale: float) -> np.ndarray:
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if scale < 1:
        gray = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return 255.0 - gray.astype(np.float32)


def _spectral_peaks(dark: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Peaks of the power spectrum standing out of their ring: (mask over the unshifted spectrum,
    sub-bin frequencies in cycles per pixel (N, 2), log prominence (N,))."""
    h, w = dark.shape
    hp = dark - cv2.GaussianBlur(dark, (0, 0), max(h, w) / 64)
    win = np.outer(np.hanning(h), np.hanning(w)).astype(np.float32)
    power = np.abs(np.fft.fft2(hp * win)) ** 2 + 1e-12
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    radius = np.hypot(fx * w, fy * w)  # in bins of the width
    ring = np.round(radius).astype(np.int64)
    logp = np.log(power)
    counts = np.bincount(ring.ravel())
    background = np.bincount(ring.ravel(), logp.ravel()) / np.maximum(counts, 1)
    prom = logp - background[ring]
    f = np.hypot(fx, fy)
    band = (f <= 1 / MIN_PERIOD_PX) & (f >= MIN_CELLS / max(h, w))
    prom = np.where(band, prom, 0).astype(np.float32)
    shifted = np.fft.fftshift(prom)
    local = (shifted >= cv2.dilate(shifted, np.ones((5, 5), np.uint8))) & (
        shifted > math.log(PEAK_PROMINENCE)
    )
    mask = np.fft.ifftshift(local)
    ys, xs = np.nonzero(mask)
    lp = logp

    def sub(a, b, c):
        den = a - 2 * b + c
        return np.where(den < 0, 0.5 * (a - c) / np.where(den < 0, den, -1), 0.0).clip(-0.5, 0.5)

    dx = sub(lp[ys, (xs - 1) % w], lp[ys, xs], lp[ys, (xs + 1) % w])
    dy = sub(lp[(ys - 1) % h, xs], lp[ys, xs], lp[(ys + 1) % h, xs])
    freq = np.column_stack([(fx[0, xs] * w + dx) / w, (fy[ys, 0] * h + dy) / h])
    return mask, freq, prom[ys, xs]


def _bilinear(a: np.ndarray, pts: np.ndarray) -> np.ndarray:
    h, w = a.shape
    x, y = pts[:, 0], pts[:, 1]
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    ok = (x0 >= 0) & (y0 >= 0) & (x0 < w - 1) & (y0 < h - 1)
    out = np.full(len(pts), np.nan)
    x0, y0, fx, fy = x0[ok], y0[ok], x[ok] - x0[ok], y[ok] - y0[ok]
    out[ok] = (
        a[y0, x0] * (1 - fx) * (1 - fy)
        + a[y0, x0 + 1] * fx * (1 - fy)
        + a[y0 + 1, x0] * (1 - fx) * fy
        + a[y0 + 1, x0 + 1] * fx * fy
    )
    return out


def _hex_shaped(v1: np.ndarray, v2: np.ndarray) -> bool:
    """v1, v2 and v1 - v2 of nearly one length: the six neighbours of a hex lattice."""
    ln = [np.linalg.norm(v1), np.linalg.norm(v2), np.linalg.norm(v1 - v2)]
    return min(ln) > 0 and max(ln) / min(ln) <= 1 + HEX_SHAPE_TOL


def lattice_vectors(dark: np.ndarray, hex_px: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Two neighbour vectors of the hex lattice printed on ``dark`` (pixels of ``dark``), 60° apart.
    ``hex_px``: the hex width if known roughly (pixels of ``dark``); the neighbour spacing is then
    looked for between :data:`HINT_RANGE` times it (it is the width or 2/sqrt(3) times it)."""
    h, w = dark.shape
    mask, freq, prom = _spectral_peaks(dark)
    if len(freq) < 6:
        raise GridNotFound("no repeating pattern of hexes found on the scan")
    comb = cv2.dilate(mask.astype(np.float32), np.ones((3, 3), np.uint8))
    ac = np.fft.fftshift(np.real(np.fft.ifft2(comb)))
    cy, cx = h // 2, w // 2
    ac /= ac[cy, cx]
    local = (ac >= cv2.dilate(ac, np.ones((5, 5), np.uint8))) & (ac > MIN_COMB)
    ys, xs = np.nonzero(local)
    vec = np.column_stack([xs - cx, ys - cy]).astype(float)
    length = np.hypot(vec[:, 0], vec[:, 1])
    keep = (length >= MIN_PERIOD_PX) & (length <= max(h, w) / MIN_CELLS)
    if hex_px:
        keep &= (length >= HINT_RANGE[0] * hex_px) & (length <= HINT_RANGE[1] * hex_px)
    vec, length = vec[keep], length[keep]
    vec = vec[np.argsort(length)][:40]
    found = []
    # the lattice's points n1 v1 + n2 v2 are looked up within a pixel or two of where the whole
    # pixels found put them: each vector is a peak's whole pixel, half a pixel off at most, so two
    # or three steps of it land beside the peak there (narrow where many harmonics are printed)
    ac_near = cv2.dilate(ac, np.ones((5, 5), np.uint8))
    n1, n2 = np.meshgrid(np.arange(-2, 3), np.arange(-2, 3))
    nn = np.column_stack([n1.ravel(), n2.ravel()])
    nn = nn[(nn != 0).any(axis=1)]
    for i in range(len(vec)):
        for j in range(i + 1, len(vec)):
            v1, v2 = vec[i], vec[j]
            if not _hex_shaped(v1, v2):
                if _hex_shaped(v1, -v2):
                    v2 = -v2
                else:
                    continue
            pts = nn @ np.vstack([v1, v2]) + [cx, cy]
            vals = _bilinear(ac_near, pts)
            if np.isnan(vals).mean() > 0.5:
                continue
            found.append((float(np.nanmean(vals)), abs(float(v1[0] * v2[1] - v1[1] * v2[0])), v1, v2))
    if not found:
        raise GridNotFound("the repeating pattern on the scan is not a hex grid")
    # every point of the lattice peaks, and so does every point of a coarser one (a lattice of
    # every other hex): of the lattices peaking nearly as well as the best, the finest
    top = max(f[0] for f in found)
    _, _, v1, v2 = min((f for f in found if f[0] >= top / NEAR_BEST), key=lambda f: (f[1], -f[0]))
    # refine on every spectral peak the lattice indexes: f = n1 * b1 + n2 * b2, b the dual basis
    basis = np.column_stack([v1, v2])  # columns: real-space vectors
    for _ in range(2):
        idx = freq @ basis  # (N, 2) indices, ideally integers
        near = np.abs(idx - np.round(idx)).max(axis=1) < 0.15
        n = np.round(idx[near])
        if near.sum() < 4 or np.linalg.matrix_rank(n) < 2:
            break
        wts = np.sqrt(prom[near])[:, None]
        dual, *_ = np.linalg.lstsq(n * wts, freq[near] * wts, rcond=None)  # rows b1, b2
        basis = np.linalg.inv(dual)  # b_i . v_j = delta_ij: columns v1, v2
    return basis[:, 0], basis[:, 1]


# ---------------------------------------------------------------------------------- grid geometry
def _neighbours(v1: np.ndarray, v2: np.ndarray) -> np.ndarray:
    return np.array([v1, v2, v2 - v1, -v1, -v2, v1 - v2])


def frame_from_vectors(v1: np.ndarray, v2: np.ndarray, orientation: str, origin) -> PixelFrame:
    """The pixel frame of a grid whose centres form the lattice spanned by ``v1``, ``v2``:
    flat hexes have a neighbour straight below, pointy ones one straight to the right (the scan
    upright within 30°)."""
    nb = _neighbours(v1, v2)
    if orientation == "flat":
        down = nb[np.argmax(nb[:, 1] / np.linalg.norm(nb, axis=1))]
        theta = math.atan2(-down[0], down[1])
        c, s = math.cos(theta), math.sin(theta)
        unrot = nb @ np.array([[c, -s], [s, c]])  # rotate by -theta
        right = unrot[np.argmax(unrot[:, 0])]
        # the two right-hand neighbours share x; either one's x is the column spacing
        width, height = float(abs(right[0])), float(np.linalg.norm(down))
    else:
        right = nb[np.argmax(nb[:, 0] / np.linalg.norm(nb, axis=1))]
        theta = math.atan2(right[1], right[0])
        c, s = math.cos(theta), math.sin(theta)
        unrot = nb @ np.array([[c, -s], [s, c]])
        below = unrot[np.argmax(unrot[:, 1])]
        width, height = float(np.linalg.norm(right)), float(abs(below[1]))
    return PixelFrame(width, height, (float(origin[0]), float(origin[1])), math.degrees(theta))


def _lattice_points(v1, v2, phase, shape, margin: float) -> np.ndarray:
    """Lattice points phase + n1 v1 + n2 v2 within the image grown by ``margin`` pixels."""
    h, w = shape[:2]
    basis = np.column_stack([v1, v2])
    inv = np.linalg.inv(basis)
    corners = np.array(
        [[-margin, -margin], [w + margin, -margin], [-margin, h + margin], [w + margin, h + margin]]
    )
    idx = (corners - phase) @ inv.T
    lo, hi = np.floor(idx.min(axis=0)) - 1, np.ceil(idx.max(axis=0)) + 1
    a, b = np.meshgrid(np.arange(lo[0], hi[0] + 1), np.arange(lo[1], hi[1] + 1))
    pts = phase + np.column_stack([a.ravel(), b.ravel()]) @ basis.T
    ok = (
        (pts[:, 0] >= -margin)
        & (pts[:, 0] <= w + margin)
        & (pts[:, 1] >= -margin)
        & (pts[:, 1] <= h + margin)
    )
    return pts[ok]


def _probe(frame: PixelFrame, legend: Legend, first: tuple[int, int]) -> HexGrid:
    g = legend.grid
    rng = legend.ranges()
    sc = 1 if rng is None or rng[0][1] >= rng[0][0] else -1
    sr = 1 if rng is None or rng[1][1] >= rng[1][0] else -1
    c0, r0 = first
    return HexGrid(
        g.get("orientation", "flat"),
        g.get("shifted", "even"),
        (c0, c0 + sc * 4000),
        (r0, r0 + sr * 4000),
        g.get("id_format", "{col:02d}{row:02d}"),
        frame,
    )


class _Scores:
    """Corner responses at the working scale, looked up in full-resolution pixels."""

    def __init__(self, image: np.ndarray, grid: HexGrid, ink: str = "dark"):
        self.maps, self.anchors, self.scale, self.radius = corner_score_maps(image, grid, ink, thin=True)
        k = 2 * self.radius + 1
        self.grown = [cv2.dilate(m, np.ones((k, k), np.uint8)) for m in self.maps]

    def at(self, pts: np.ndarray, kind: int, grown: bool = False) -> np.ndarray:
        """Response of corner ``kind`` at full-resolution points (NaN off the sheet)."""
        src = (self.grown if grown else self.maps)[kind]
        p = (pts + 0.5) * self.scale - 0.5 - self.anchors[kind]
        return _bilinear(src, p)


def _phase(scores: _Scores, v1, v2, corner_offsets, shape) -> np.ndarray:
    """The lattice position (a hex centre) that puts most corner response on the corners."""
    return phase_rivals(scores, v1, v2, corner_offsets, shape)[0]


def phase_rivals(scores: _Scores, v1, v2, corner_offsets, shape) -> tuple[np.ndarray, float, float]:
    """The best lattice position (see :func:`_phase`), its mean corner response, and the best
    response of a rival position at least :data:`RIVAL_HEX` of a hex away from it (the lattice
    moved by half a hex, or a third: its centres on the print's corners or hexsides)."""
    base = _lattice_points(v1, v2, np.zeros(2), shape, 0)
    t = (np.arange(PHASE_STEPS) + 0.5) / PHASE_STEPS
    uu, ww = np.meshgrid(t, t)
    cell = np.column_stack([uu.ravel(), ww.ravel()])
    basis = np.vstack([v1, v2])
    trial = cell @ basis
    vals = np.full(len(trial), -1.0)
    for k, p in enumerate(trial):
        tot = []
        for kind in (0, 1):
            s = scores.at(base + p + corner_offsets[kind], kind)
            tot.append(np.nanmean(s) if np.isfinite(s).any() else -1)
        vals[k] = float(np.mean(tot))
    best = int(np.argmax(vals))
    d = (cell - cell[best] + 0.5) % 1 - 0.5  # cell offsets, wrapped
    shifts = np.array([(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)])
    dist = np.min(
        np.linalg.norm((d[:, None, :] + shifts[None]) @ basis, axis=2), axis=1
    )  # to the nearest lattice translate of the best position
    far = dist >= RIVAL_HEX * float(np.linalg.norm(v1))
    rival = float(vals[far].max()) if far.any() else -1.0
    return trial[best], float(vals[best]), rival


def _hex_evidence(scores: _Scores, grid: HexGrid, cols, rows, shape, area=None) -> np.ndarray:
    """How clearly each hex has its six corners printed (0..1; :data:`OFF_SHEET` where its centre
    is off the sheet: a printed hex lies on the scan, at least its centre). ``area``: the printed
    map area; a hex centred on it but cut by its edge is judged by the corners on the print, and a
    hex centred off it is off the sheet."""
    cen = grid.centers(cols, rows)
    h, w = shape[:2]
    unit = HexGrid(grid.orientation, grid.shifted, grid.cols, grid.rows, grid.id_format, grid.frame())
    offs = unit.corners(grid.cols[0], grid.rows[0]) - np.array(unit.center(grid.cols[0], grid.rows[0]))
    vals = np.stack([scores.at(cen + offs[k], k % 2, grown=True) for k in range(6)], axis=1)
    inside = (cen[:, 0] >= 0) & (cen[:, 0] < w) & (cen[:, 1] >= 0) & (cen[:, 1] < h)
    if area is None:
        # a printed hex has all six corners marked (one may hide under a label); a phantom hex just
        # off the map borrows at most four from its printed neighbours
        ev = np.sort(np.nan_to_num(vals, nan=0.0).clip(min=0), axis=1)[:, 1]
        return np.where(inside, ev, OFF_SHEET)
    spacing = min(grid.frame().hex_width, grid.frame().hex_height)
    cut = np.stack([~on_area(area, cen + offs[k], spacing, CORNER_TOL_HEX) for k in range(6)], axis=1)
    # a corner off the print, or too near the picture's edge for its template to be matched, is
    # no evidence either way
    vals = np.where(cut | np.isnan(vals), np.nan, np.nan_to_num(vals, nan=0.0).clip(min=0))
    # of the corners on the print, the second weakest (all but one marked); with three, the
    # weakest; with two or fewer no evidence (a phantom hex beside the print shares two corners)
    srt = np.sort(np.where(np.isnan(vals), np.inf, vals), axis=1)
    n_on = (~np.isnan(vals)).sum(axis=1)
    ev = np.where(n_on >= 4, srt[:, 1], np.where(n_on == 3, srt[:, 0], 0.0))
    centred = on_area(area, cen, spacing)
    return np.where(inside & centred, ev, OFF_SHEET)


def _place_block(
    scores: _Scores,
    frame: PixelFrame,
    legend: Legend,
    shape,
    area: np.ndarray | None = None,
    framed: bool = False,
    density: np.ndarray | None = None,
) -> tuple[HexGrid, float, int]:
    """The grid numbered like the legend, placed over the hexes whose corners are printed, its
    margin over the best rival placement (another first hex, or the other shift parity): the
    difference of their scores per hex of the block's shorter side, and how many printed hexes lie
    outside it (with no ranges: more than a line of the block's makes it unsure). ``area``: the
    printed map area (:func:`.extent.printed_area`; ``framed``: paper around it), whose edge the block's hexes
    should not cross."""
    g = legend.grid
    flat = g.get("orientation", "flat") == "flat"
    first = legend.first()
    rng = legend.ranges()
    # a probe grid numbered from far above and left of the sheet, in both parities of the first
    # major line: its rectangles of numbers are the candidate blocks
    h, w = shape[:2]
    spacing = min(frame.hex_width, frame.hex_height)
    span = int(math.hypot(h, w) / spacing) + 4
    best = None
    rivals: list[float] = []
    outside = 0
    for parity in (0, 1):
        c0 = first[0] - parity if flat else first[0]
        r0 = first[1] if flat else first[1] - parity
        probe0 = _probe(frame, legend, (c0, r0))
        # move the probe's origin up-left along the lattice by an even number of major lines
        off = probe0.center(
            c0 + (-2 * span if flat else -span) * (1 if probe0.cols[1] > c0 else -1),
            r0 + (-span if flat else -2 * span) * (1 if probe0.rows[1] > r0 else -1),
        )
        probe = probe0.with_pixels(PixelFrame(frame.hex_width, frame.hex_height, off, frame.angle_deg))
        sc = 1 if probe.cols[1] > probe.cols[0] else -1
        sr = 1 if probe.rows[1] > probe.rows[0] else -1
        n = 4 * span
        ii, jj = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
        cols, rows = c0 + sc * ii.ravel(), r0 + sr * jj.ravel()
        ev = _hex_evidence(scores, probe, cols, rows, shape, area).reshape(n, n)
        inside_ev = ev[ev >= 0]
        if len(inside_ev) < 6:
            continue
        # phantom hexes off the map score near nothing; printed ones, even edge hexes whose outer
        # corners are two-way junctions, score a good share of the typical printed hex
        typical = float(np.percentile(inside_ev, 75))
        thr = PRESENT_SHARE * typical
        # each hex's score, about +-1/2 from its corners (printed or not) and +-1/2 from the map's
        # edge (its centre on the printed area or off it): a line of hexes moved off the map
        # costs up to 2 a hex
        score = (ev - thr) / max(typical, 1e-9)
        if area is not None and framed:
            cen = probe.centers(cols, rows)
            score = score + np.where(on_area(area, cen, spacing), 0.5, -0.5).reshape(n, n)
        gain = np.pad(score.cumsum(0).cumsum(1), ((1, 0), (1, 0)))

        def block(a0, a1, b0, b1, gain=gain):  # gain of probe offsets a0..a1-1 x b0..b1-1
            return gain[a1, b1] - gain[a0, b1] - gain[a1, b0] + gain[a0, b0]

        def starts_ok(a, b, parity=parity):  # the block's first major line has the legend's parity
            return (a if flat else b) % 2 == parity

        if rng is not None:
            na, nb = abs(rng[0][1] - rng[0][0]) + 1, abs(rng[1][1] - rng[1][0]) + 1
            if na > n or nb > n:
                continue
            tot = gain[na:, nb:] - gain[:-na, nb:] - gain[na:, :-nb] + gain[:-na, :-nb]
            aa, bb = np.meshgrid(np.arange(tot.shape[0]), np.arange(tot.shape[1]), indexing="ij")
            tot = np.where(starts_ok(aa, bb), tot, -np.inf)
            a, b = np.unravel_index(int(np.argmax(tot)), tot.shape)
            cand = (float(tot[a, b]), a, b, na, nb)
            others = tot.copy()
            others[a, b] = -np.inf
            rivals.append(float(others.max()))
        else:
            # the block of every hex printed (ragged edges leave phantom corners in it); the
            # legend's first hex is its top left, so its first line must have the legend's parity
            present = score > 0
            idx = np.argwhere(present)
            if len(idx) == 0:
                continue
            lo, hi = idx.min(axis=0), idx.max(axis=0)
            # an edge line with few hexes printed across the block is a stray mark, not the map's
            # (a ragged line of the map, cut by its edge, has every other hex printed)
            while (hi >= lo).all():
                shares = [
                    present[lo[0], lo[1] : hi[1] + 1].mean(),
                    present[hi[0], lo[1] : hi[1] + 1].mean(),
                    present[lo[0] : hi[0] + 1, lo[1]].mean(),
                    present[lo[0] : hi[0] + 1, hi[1]].mean(),
                ]
                k = int(np.argmin(shares))
                if shares[k] >= LINE_SHARE:
                    break
                if k < 2:
                    lo[0], hi[0] = (lo[0] + 1, hi[0]) if k == 0 else (lo[0], hi[0] - 1)
                else:
                    lo[1], hi[1] = (lo[1] + 1, hi[1]) if k == 2 else (lo[1], hi[1] - 1)
            if not (hi >= lo).all() or not starts_ok(lo[0], lo[1]):
                continue
            cand = (float(len(idx)), int(lo[0]), int(lo[1]), int(hi[0] - lo[0] + 1), int(hi[1] - lo[1] + 1))

            def line(axis, k, lo=lo, hi=hi, score=score, n=n):  # line k's scores across the block
                if not 0 <= k < n:
                    return np.array([-1.0])
                return score[k, lo[1] : hi[1] + 1] if axis == 0 else score[lo[0] : hi[0] + 1, k]

            # each edge of the block: its outermost lines show printed hexes, the next ones out
            # none (the upper quartile: a ragged line is half printed)
            edge_margin = min(
                float(np.percentile(line(axis, k_in), 75) - np.percentile(line(axis, k_out), 75))
                for axis in (0, 1)
                for k_in, k_out in ((lo[axis], lo[axis] - 1), (hi[axis], hi[axis] + 1))
            )
            # printed hexes left outside the block, more than one of its lines holds: a map that
            # is not a rectangle (a peninsula printed above one end of it, a notch), not stray
            # marks. Which of its hexes the legend's first hex is, the print cannot tell
            left_out = len(idx) - int(present[lo[0] : hi[0] + 1, lo[1] : hi[1] + 1].sum())
            if left_out > min(hi - lo + 1):
                edge_margin = 0.0
            if density is not None and not framed:
                # a line left out whose centres lie on the print (hexes cut by a map edge that
                # no paper-coloured rectangle showed): its corners cannot tell, the block is unsure
                cen = probe.centers(cols, rows).reshape(n, n, 2)
                for axis in (0, 1):
                    for k_out in (lo[axis] - 1, hi[axis] + 1):
                        if not 0 <= k_out < n:
                            continue
                        pts = cen[k_out, lo[1] : hi[1] + 1] if axis == 0 else cen[lo[0] : hi[0] + 1, k_out]
                        share = density.at(pts)
                        share = share[~np.isnan(share)]
                        if share.size and (share >= 0.5).mean() >= 0.5:
                            edge_margin = 0.0
        if best is None or cand[0] > best[0]:
            if best is not None:
                rivals.append(best[0])
            _, a, b, na, nb = cand
            origin = probe.center(c0 + sc * a, r0 + sr * b)
            best = (cand[0], origin, na, nb)
            outside = left_out if rng is None else 0
        else:
            rivals.append(cand[0])
    if best is None:
        raise GridNotFound("too few hexes with printed corners found on the scan")
    top, origin, na, nb = best
    rival = max(rivals, default=-np.inf)
    # how much better than its best rival (another start: a row or column off, or the other
    # parity), per hex of the shorter side: about 2 when a whole line moved off the map is clearly
    # unprinted and off the printed area, 1 when one of the two shows it. With no ranges, the
    # rivals are the block grown or shrunk by a line at an edge: the same difference per hex
    if rng is None:
        margin = edge_margin
    else:
        margin = (top - rival) / min(na, nb) if np.isfinite(rival) else math.inf
    ncol, nrow = na, nb  # ev is indexed by (column, row) offsets in both orientations
    if rng is not None:
        cols, rows = rng
    else:
        cols = (first[0], first[0] + ncol - 1)
        rows = (first[1], first[1] + nrow - 1)
    grid = HexGrid(
        g.get("orientation", "flat"),
        g.get("shifted", "even"),
        cols,
        rows,
        g.get("id_format", "{col:02d}{row:02d}"),
        PixelFrame(frame.hex_width, frame.hex_height, origin, frame.angle_deg),
    )
    return grid, float(margin), int(outside)


Evidence = Callable[[HexGrid], "float | None"]
"""Extra evidence on a numbered grid (e.g. the share of the printed numbers read that agree with
its ids, 0..1; None when there is nothing to judge it by), compared between the grid and its
rivals a column or row off."""


def find_grid(
    image: np.ndarray,
    legend: Legend,
    progress=None,
    seed: int = 0,
    evidence: Evidence | None = None,
    check: bool = True,
) -> GridSearch:
    """The sheet's grid with no clicks (see the module docstring); GridNotFound when unsure.

    The grid found is scored against its rivals (:func:`grid_margins`): the lattice moved by half
    a hex or a third, placed a row or column off or with the other shift parity, the other
    orientation. Unless each margin is clear (``check``), :class:`GridUnsure` asks for three
    clicks on hexes it names by their pixel position. ``evidence``: optional further evidence (see
    :data:`Evidence`), e.g. printed numbers read by an OCR engine."""
    say = progress or (lambda _msg: None)
    h, w = image.shape[:2]
    scale = min(1.0, WORK_PX / max(h, w))
    hint = legend.grid.get("hex_width_px")
    v1, v2 = lattice_vectors(_darkness(image, scale), hint * scale if hint else None)
    sx, sy = w * scale, h * scale  # per-axis scale of the resize (sizes were rounded)
    adj = np.array([int(round(sx)) / w, int(round(sy)) / h])
    v1, v2 = v1 / adj, v2 / adj
    nb = _neighbours(v1, v2)
    steep = float((np.abs(nb[:, 1]) / np.linalg.norm(nb, axis=1)).max())  # 1: flat; 0.87: pointy
    tilt = math.degrees(math.acos(min(1.0, steep)))  # of the most upright neighbour: 0 flat, 30 pointy
    if "orientation" not in legend.grid:  # a neighbour straight below: flat; beside: pointy
        upright = tilt < 15
        legend = replace(legend, grid={**legend.grid, "orientation": "flat" if upright else "pointy"})
        say(f"grid: {legend.grid['orientation']} hexes (the legend names no orientation)")
    # 1 when the hexes stand exactly as their orientation says, 0 halfway to the other one
    orient = 1 - (tilt if legend.grid["orientation"] == "flat" else 30 - tilt) / 15
    say(f"grid: lattice vectors ({v1[0]:.1f}, {v1[1]:.1f}) and ({v2[0]:.1f}, {v2[1]:.1f}) px")
    failed = []
    for ink in ("dark", "light"):  # grids are printed in dark ink, some in white over the fills
        try:
            grid, fit, expected, margins = _grid_on_corners(image, legend, v1, v2, ink, say)
        except GridNotFound as exc:
            failed.append(exc)
            continue
        grid, numbers, shift = _numbering_from_print(image, grid, seed)
        margins["orientation"] = float(orient)
        margins["numbers_confirmed"] = bool(numbers.confirmed)
        if evidence is not None:
            margins |= _evidence_margin(grid, evidence)
        found = GridSearch(
            grid, fit.corners, expected, fit.rms_px, (tuple(v1), tuple(v2)), ink, numbers, shift, margins
        )
        say(f"grid: {margins_text(margins)}")
        if check:
            doubt = grid_doubts(margins)
            if doubt:
                raise GridUnsure(
                    f"the grid found is not sure: {doubt}; give three hexes with --calibrate X,Y=ID "
                    f"(three times), e.g. {clicks_to_ask(grid, image.shape)}",
                    found,
                )
        return found
    raise failed[0]


class GridUnsure(GridNotFound):
    """A grid was found but does not beat its rivals clearly: clicks are asked for."""

    def __init__(self, message: str, search: GridSearch):
        super().__init__(message)
        self.search = search


# the margins a grid must clear over its rivals, chosen on generated scans by bench/grid_margins.py
# (phase: half the smallest right margin, 0.355; placement: geometric mean of the largest margin of
# an ambiguous or wrongly found scan and the smallest right margin above it, 0.279); leave-one-map-out on
# the real maps: both accepted
MIN_PHASE_MARGIN = 0.36  # (best - rival) / best mean corner response of the lattice position
MIN_BLOCK_MARGIN = 0.28  # score per hex of the shorter side between the placement and its rival
MIN_ORIENT_MARGIN = 0.33  # the lattice within 10 degrees of upright for its orientation
MIN_EVIDENCE_MARGIN = 0.2  # the extra evidence's share, over the best rival a hex off
MAX_RENUMBER = 2  # the printed numbers renumber a grid found by at most this many lines each way


def grid_doubts(margins: dict) -> str:
    """Why a grid with these margins is not sure ("" when it is)."""
    why = []
    if margins["phase"] < MIN_PHASE_MARGIN:
        why.append(
            f"the hex corners fit a lattice moved by half a hex or a third almost as well "
            f"(margin {margins['phase']:.2f} < {MIN_PHASE_MARGIN})"
        )
    ev = margins.get("evidence")
    if ev is not None and ev <= -MIN_EVIDENCE_MARGIN:
        why.append(f"the printed numbers read fit a numbering a hex off better (margin {ev:+.2f})")
    elif (
        margins["block"] < MIN_BLOCK_MARGIN
        and not margins.get("numbers_confirmed")
        and not (ev is not None and ev >= MIN_EVIDENCE_MARGIN)
    ):
        if margins.get("printed_outside"):
            why.append(
                f"{margins['printed_outside']} printed hexes lie outside the rectangle of hexes placed "
                "(a map that is not a rectangle), so which of them is the legend's first hex the print "
                "cannot tell, and no printed numbers confirm the numbering"
            )
        else:
            why.append(
                f"the map's edge and corners fit the hexes placed a row or column off, or with the other "
                f"shift parity, almost as well (margin {margins['block']:.2f} < {MIN_BLOCK_MARGIN}) and no "
                "printed numbers confirm the numbering"
            )
    if margins["orientation"] < MIN_ORIENT_MARGIN:
        why.append(
            f"the hexes lean halfway between flat and pointy (margin {margins['orientation']:.2f} < "
            f"{MIN_ORIENT_MARGIN})"
        )
    return "; ".join(why)


def margins_text(margins: dict) -> str:
    """The margins over the rival grids, as the report states them."""
    parts = [
        f"lattice position {margins['phase']:.2f} (needs {MIN_PHASE_MARGIN})",
        f"placement {margins['block']:.2f} (needs {MIN_BLOCK_MARGIN}"
        + (
            ", or printed numbers confirming it)"
            if not margins.get("numbers_confirmed")
            else "; numbers confirm it)"
        ),
        f"orientation {margins['orientation']:.2f} (needs {MIN_ORIENT_MARGIN})",
    ]
    if margins.get("evidence") is not None:
        parts.append(f"extra evidence {margins['evidence']:+.2f} (needs {MIN_EVIDENCE_MARGIN})")
    return "margins over the rival grids: " + ", ".join(parts)


def _evidence_margin(grid: HexGrid, evidence: Evidence) -> dict:
    own = evidence(grid)
    if own is None:
        return {}
    others = [
        evidence(_shifted(grid, dc, dr)) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)
    ]
    others = [o for o in others if o is not None]
    return {"evidence": float(own - max(others, default=0.0))}


def clicks_to_ask(grid: HexGrid, shape) -> str:
    """Three hexes to click, far apart (near three corners of the picture), by the pixel of their
    centre as the grid found puts it: the user clicks there and types the number printed."""
    h, w = shape[:2]
    out = []
    for fx, fy in ((0.15, 0.15), (0.85, 0.15), (0.15, 0.85)):
        c, r = grid.locate(fx * w, fy * h)
        x, y = grid.center(c, r)
        if not (0 <= x < w and 0 <= y < h):
            x, y = fx * w, fy * h
        out.append(f"the hex centred near x={x:.0f}, y={y:.0f}")
    return "; ".join(out) + " (click each one's centre and give the id printed in it)"


def _grid_on_corners(image, legend: Legend, v1, v2, ink: str, say) -> tuple[HexGrid, CornerFit, int, dict]:
    """Phase, extent and corner fit of the lattice ``v1``, ``v2`` with corners printed in ``ink``."""
    orientation = legend.grid["orientation"]
    frame = frame_from_vectors(v1, v2, orientation, (0.0, 0.0))
    probe = _probe(frame, legend, legend.first())
    scores = _Scores(image, probe, ink)
    c0, r0 = probe.cols[0], probe.rows[0]
    offs = probe.corners(c0, r0) - np.array(probe.center(c0, r0))
    phase, top, rival = phase_rivals(scores, v1, v2, offs[:2], image.shape)
    frame = frame_from_vectors(v1, v2, orientation, phase)
    area, density = area_and_density(image, min(frame.hex_width, frame.hex_height))
    framed = area.framed
    # the map's edge is evidence where plain paper surrounds the print; either way a hex cut by
    # it (or by the picture's edge) is judged by its corners on the print
    grid, block_margin, outside = _place_block(scores, frame, legend, image.shape, area, framed, density)
    margins = {"phase": (top - rival) / top if top > 0 else 0.0, "block": block_margin}
    if outside > min(grid.n_cols, grid.n_rows):
        margins["printed_outside"] = outside
    expected = _corner_count(grid)
    hex_px = min(frame.hex_width, frame.hex_height)
    fit, weak = fit_corners(image, grid, ink)
    if weak:
        found = 0 if fit is None else fit.corners
        raise GridNotFound(
            f"a hex pattern {hex_px:.0f} px across was seen, but only {found} of its {expected} hex "
            "corners were found where a grid would put them"
        )
    shares = _corner_shares(scores, fit.grid)
    if min(shares) < MIN_KIND_SHARE:
        raise GridNotFound(
            f"a hex pattern {hex_px:.0f} px across was seen, but only one of the two kinds of hex corner "
            f"is printed where a grid would put them ({100 * shares[0]:.0f} % and {100 * shares[1]:.0f} %): "
            "marks at the hex centres, or a pattern that is not a hex grid"
        )
    say(
        f"grid: {grid.n_cols} x {grid.n_rows} hexes on {fit.corners} of {expected} hex corners ({ink} ink), "
        f"rms {fit.rms_px:.2f} px (corners of either kind printed: {100 * shares[0]:.0f} %, "
        f"{100 * shares[1]:.0f} %)"
    )
    return fit.grid, fit, expected, margins


def fit_corners(image: np.ndarray, grid: HexGrid, ink: str = "dark") -> tuple[CornerFit | None, bool]:
    """``grid`` fitted to every printed hex corner (:func:`.corners.refine_grid`, repeated while
    each fit finds more), and whether the fit is weak: fewer than :data:`MIN_CORNER_SHARE` of the
    grid's corners found, or a residual over :data:`MAX_RMS_HEX` of a hex."""
    expected = _corner_count(grid)
    f = grid.frame()
    hex_px = min(f.hex_width, f.hex_height)

    def weak(fit):
        return fit is None or fit.corners < MIN_CORNER_SHARE * expected or fit.rms_px > MAX_RMS_HEX * hex_px

    # on the plain tones first (as precise as any); on the thin print when they show too few
    # corners (dotted hexsides, outlines faint against strong fills)
    for thin in (False, True):
        fit = refine_grid(image, grid, ink, thin)
        for _ in range(REFITS):  # each fit predicts the corners better: the next finds more of them
            again = refine_grid(image, fit.grid, ink, thin) if fit is not None else None
            if again is None or again.corners <= fit.corners:
                break
            fit = again
        if not weak(fit):
            break
    return fit, weak(fit)


def _shifted(grid: HexGrid, dc: int, dr: int) -> HexGrid:
    """The grid renumbered so that the hex it calls (c - dc, r - dr) is (c, r)."""
    f = grid.frame()
    origin = grid.center(grid.cols[0] - dc, grid.rows[0] - dr)
    return grid.with_pixels(PixelFrame(f.hex_width, f.hex_height, origin, f.angle_deg))


def _numbering_from_print(
    image: np.ndarray, grid: HexGrid, seed: int
) -> tuple[HexGrid, NumberCheck, tuple[int, int] | None]:
    """The grid renumbered when the printed numbers read back under a numbering a column or row
    (or two) away and not under the grid's own (the block was placed a hex off); else as it is.
    The shift the reader names is tried first (when it is that near), then every other one-hex
    shift; a shift is taken only when its numbering is confirmed. A numbering farther off is no
    block placed a hex off: the printed numbers disagree with the legend's (rows numbered up the
    sheet, another first hex), and moving the block that far would carry it off the print, where
    the few hexes left on the sheet could confirm it."""
    numbers = first = check_printed_numbers(image, grid, seed=seed)
    if numbers.confirmed or numbers.sampled == 0:
        return grid, numbers, None
    steps = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    here, total = grid, (0, 0)
    for _ in range(2):
        near = numbers.best_shift and max(abs(v) for v in numbers.best_shift) <= MAX_RENUMBER
        named = [numbers.best_shift] if near else []
        tries = [(s, check_printed_numbers(image, _shifted(here, *s), seed=seed)) for s in named]
        if not (tries and tries[0][1].confirmed):
            tries += [
                (s, check_printed_numbers(image, _shifted(here, *s), seed=seed))
                for s in steps
                if s not in named
            ]
        (dc, dr), check = max(tries, key=lambda t: (t[1].confirmed, t[1].agree))
        if check.agree <= numbers.agree:
            break
        here, numbers, total = _shifted(here, dc, dr), check, (total[0] + dc, total[1] + dr)
        if check.confirmed:
            return here, check, total
    return grid, first, None


def _corner_shares(scores: _Scores, grid: HexGrid) -> tuple[float, float]:
    """Share of the grid's corners of each kind (the two mirror-image junctions of a hex) where
    the print answers the corner template."""
    seen: dict[tuple[int, int], tuple[np.ndarray, int]] = {}
    unit = grid.with_pixels(PixelFrame(1, 1, (0, 0)))
    for c, r in grid.coords():
        px, uu = grid.corners(c, r), unit.corners(c, r)
        for k in range(6):
            seen.setdefault((round(uu[k, 0] * 6), round(uu[k, 1] * 6)), (px[k], k % 2))
    out = []
    for kind in (0, 1):
        pts = np.array([p for p, k in seen.values() if k == kind])
        vals = scores.at(pts, kind, grown=True)
        vals = vals[np.isfinite(vals)]
        out.append(float((vals >= CORNER_SCORE).mean()) if len(vals) else 0.0)
    return out[0], out[1]


def _corner_count(grid: HexGrid) -> int:
    unit = HexGrid(
        grid.orientation, grid.shifted, grid.cols, grid.rows, grid.id_format, PixelFrame(1, 1, (0, 0))
    )
    keys = set()
    for c, r in grid.coords():
        for x, y in unit.corners(c, r):
            keys.add((round(x * 6), round(y * 6)))
    return len(keys)
