"""The grid from three clicks, obeyed exactly: the hex under each clicked point has the clicked id.

Three ``--calibrate X,Y=ID`` clicks give a rough affine grid (:func:`.calibrate.three_point_grid`);
a person's clicks land a few pixels, up to a quarter of a hex, off the printed centres, so the
rough grid can be off by that much anywhere. The print then fixes the geometry, never the numbering:

1. the lattice's spacing and angle from the print's periodicity (:func:`.lattice.lattice_vectors`),
   when they agree with the clicks' (else the clicks' own);
2. its position within one cell from the printed hex corners (:func:`.lattice._phase`): the lattice
   point nearest each click's rough centre is that hex's centre;
3. every printed corner fitted (:func:`.lattice.fit_corners`), as for a grid found with no clicks.

The numbering is then set from the clicks (:func:`obey_clicks`): the refined lattice's hex under
each click gets the clicked id; the three must agree on one numbering, or the clicks disagree with
the print and InputError says which. Refinement thus moves the lattice by a fraction of a hex, never
renumbers it. Without printed corners fitted, the lattice of step 1 placed on the clicks stands
(the clicks' own grid when the print shows no periodicity agreeing with them, with a warning when
three clicks close together let it drift). The extent is the legend's ranges, else the printed map's area
(:mod:`.extent`), partial hexes at its edges included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError
from ..mapdata.grid import HexGrid, PixelFrame
from .calibrate import (
    CLICK_PX,
    WARN_DRIFT_HEX,
    GridNotFound,
    calibration_drift,
    check_calibration,
    three_point_grid,
)
from .extent import extent_from_area
from .legend import Legend

QUARTER_HEX = 0.25  # how far off a person's click may land (docs/digitizing-grid.md)
CLICK_TOL_HEX = 0.45  # the print's lattice is the clicks' when it puts each within this of its hex


@dataclass
class ClickedGrid:
    grid: HexGrid
    report: dict = field(default_factory=dict)


def lattice_basis(grid: HexGrid) -> tuple[np.ndarray, np.ndarray]:
    """Two neighbour vectors of ``grid``'s centres, 60 degrees apart (directions 2 and 3)."""
    c, r = grid.cols[0], grid.rows[0]
    o = np.array(grid.center(c, r))
    return (
        np.array(grid.center(*grid.neighbour(c, r, 2))) - o,
        np.array(grid.center(*grid.neighbour(c, r, 3))) - o,
    )


def with_origin_at(grid: HexGrid, hex_id: tuple[int, int], xy, frame: PixelFrame | None = None) -> HexGrid:
    """``grid`` numbered alike, in ``frame`` (default its own), with hex ``hex_id`` centred at ``xy``."""
    f = frame or grid.frame()
    zero = grid.with_pixels(PixelFrame(f.hex_width, f.hex_height, (0.0, 0.0), f.angle_deg))
    at = np.array(zero.center(*hex_id))
    o = np.asarray(xy, float) - at
    return grid.with_pixels(PixelFrame(f.hex_width, f.hex_height, (float(o[0]), float(o[1])), f.angle_deg))


def covering(grid: HexGrid, shape, margin_hex: float = 1.0) -> HexGrid:
    """``grid`` numbered and placed alike, its ranges holding every hex centred on the picture
    (and ``margin_hex`` hexes beyond), in the same picture order."""
    h, w = shape[:2]
    f = grid.frame()
    m = margin_hex * max(f.hex_width, f.hex_height)
    xs, ys = np.linspace(-m, w + m, 40), np.linspace(-m, h + m, 40)
    edge = np.concatenate(
        [np.column_stack([xs, np.full(40, -m)]), np.column_stack([xs, np.full(40, h + m)])]
        + [np.column_stack([np.full(40, -m), ys]), np.column_stack([np.full(40, w + m), ys])]
    )
    cols, rows = grid.locate_many(edge)
    sc = 1 if grid.cols[1] >= grid.cols[0] else -1
    sr = 1 if grid.rows[1] >= grid.rows[0] else -1
    c_rng = (int(cols.min()), int(cols.max())) if sc > 0 else (int(cols.max()), int(cols.min()))
    r_rng = (int(rows.min()), int(rows.max())) if sr > 0 else (int(rows.max()), int(rows.min()))
    block = HexGrid(grid.orientation, grid.shifted, c_rng, r_rng, grid.id_format, grid.pixels)
    return with_origin_at(block, (c_rng[0], r_rng[0]), grid.center(c_rng[0], r_rng[0]))


def obey_clicks(grid: HexGrid, points: list[tuple[float, float, str]]) -> HexGrid:
    """``grid``'s lattice numbered so that the hex under each clicked point has the clicked id.

    Each click names the hex of ``grid``'s lattice it falls in; the numbering putting the clicked
    id there is the one taken. The three must name one numbering (the same lattice point for the
    origin): else the clicks disagree with the lattice found (a click on the wrong hex, or the
    legend's ``shifted`` parity is not the map's) and InputError says which click."""
    f = grid.frame()
    spacing = min(f.hex_width, f.hex_height)
    origins, ids = [], []
    for x, y, hid in points:
        want = grid.parse_id(hid)
        got = grid.locate(x, y)
        placed = with_origin_at(grid, want, grid.center(*got))
        origins.append(np.array(placed.frame().origin))
        ids.append(want)
    best = None
    for k, o in enumerate(origins):
        cand = grid.with_pixels(
            PixelFrame(f.hex_width, f.hex_height, (float(o[0]), float(o[1])), f.angle_deg)
        )
        wrong = [(x, y, hid) for (x, y, hid) in points if cand.format_id(*cand.locate(x, y)) != hid]
        if best is None or len(wrong) < len(best[1]):
            best = (cand, wrong, k)
    cand, wrong, k = best
    if wrong:
        x, y, hid = wrong[0]
        far = max(float(np.linalg.norm(o - origins[k])) for o in origins) / spacing
        raise InputError(
            f"--calibrate {x:g},{y:g}={hid} disagrees with the other clicks by {far:.1f} hexes on the "
            f"grid printed on the scan (the hex there is {cand.format_id(*cand.locate(x, y))}): "
            "check that each point is inside the hex it names, and the legend's [grid] shifted parity"
        )
    return cand


def _signed_clicks_grid(points, legend: Legend, shape) -> HexGrid:
    """:func:`three_point_grid`, with numbers running the way the clicks show when the legend
    gives no ranges (columns right to left, or rows bottom to top, are read from the clicks)."""
    rough = three_point_grid(points, legend, shape)
    if legend.ranges() is not None:
        return rough
    # the probe numbers ascend; a turn of over 90 degrees on either axis means they descend
    ids = [rough.parse_id(h) for _, _, h in points]
    px = np.array([(x, y) for x, y, _ in points], float)
    units = np.array(ids, float)
    a = np.column_stack([np.ones(3), units])
    sol = np.linalg.lstsq(a, px, rcond=None)[0]
    dcol, drow = sol[1], sol[2]  # pixel step per column number, per row number
    col_desc, row_desc = dcol[0] < 0, drow[1] < 0  # columns run along x, rows along y
    if not (col_desc or row_desc):
        return rough
    g = dict(legend.grid)
    c0, r0 = ids[0]
    g["cols"] = [c0, c0 - 1] if col_desc else [c0, c0 + 1]
    g["rows"] = [r0, r0 - 1] if row_desc else [r0, r0 + 1]
    flipped = Legend(g, legend.terrain, legend.hexside, legend.line, legend.feature)
    return three_point_grid(points, flipped, shape)


def clicked_grid(
    image: np.ndarray, points: list[tuple[float, float, str]], legend: Legend, say=None
) -> ClickedGrid:
    """The sheet's grid from three clicks (see the module docstring)."""
    from .lattice import WORK_PX, _darkness, _phase, _Scores, fit_corners, frame_from_vectors, lattice_vectors

    say = say or (lambda _msg: None)
    rough = _signed_clicks_grid(points, legend, image.shape)
    rf = rough.frame()
    hex_px = min(rf.hex_width, rf.hex_height)
    drift = calibration_drift(points, image.shape, hex_px)
    block = covering(rough, image.shape, -0.5)  # the hexes well inside the picture
    report: dict = {"found": "3 clicks", "spacing_from": "the clicks"}
    # 1. spacing and angle from the print's periodicity, when the clicks agree
    frame = rf
    h, w = image.shape[:2]
    scale = min(1.0, WORK_PX / max(h, w))
    v1r, v2r = lattice_basis(rough)
    try:
        v1, v2 = lattice_vectors(_darkness(image, scale), float(np.linalg.norm(v1r)) * scale)
        adj = np.array([int(round(w * scale)) / w, int(round(h * scale)) / h])
        pf = frame_from_vectors(v1 / adj, v2 / adj, rough.orientation, rf.origin)
        spectral = PixelFrame(pf.hex_width, pf.hex_height, rf.origin, rf.angle_deg + _turn(pf, rf))
        if _fits_clicks(rough, spectral, points) is not None:
            frame = spectral
            report["spacing_from"] = "the print's periodicity"
    except GridNotFound:
        pass
    # 2. the lattice's position from the printed corners, the lattice point nearest each click's
    # rough centre taken as that hex's centre
    anchor = rough.parse_id(points[0][2])
    placed_clicks = _fits_clicks(rough, frame, points) or rough
    geo = with_origin_at(block, anchor, placed_clicks.center(*anchor), frame)
    best = None
    for ink in ("dark", "light"):
        v1, v2 = lattice_basis(geo)
        scores = _Scores(image, geo, ink)
        c0, r0 = geo.cols[0], geo.rows[0]
        offs = geo.corners(c0, r0) - np.array(geo.center(c0, r0))
        phase = _phase(scores, v1, v2, offs[:2], image.shape)
        basis = np.column_stack([v1, v2])
        target = np.array(placed_clicks.center(*anchor))
        n = np.round(np.linalg.solve(basis, target - phase))
        near = [phase + basis @ (n + d) for d in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1))]
        centre = min(near, key=lambda p: float(np.linalg.norm(p - target)))
        placed = with_origin_at(block, anchor, centre, frame)
        fit, weak = fit_corners(image, placed, ink)
        if weak:
            # the picture may hold much besides hexes (sea, charts, tracks): fitted on the block
            # the clicked hexes span instead, the part of the map the person pointed at
            fit, weak = fit_corners(image, _spanned(placed, points), ink)
        if fit is not None and not weak:
            best = (fit, ink)
            break  # dark corners found: white ones are looked for only when these are not
    # no printed corners fitted: the print's periodicity (when it fits the clicks) still gives the
    # spacing and angle far better than three clicks a quarter of a hex off can
    grid = placed_clicks
    if best is not None:
        fit, ink = best
        try:
            grid = obey_clicks(fit.grid, points)
        except InputError:
            grid = None
        if grid is not None:
            report |= {"corners": fit.corners, "rms_px": round(fit.rms_px, 2), "ink": ink}
            say(f"grid: refined on {fit.corners} hex corners, rms {fit.rms_px:.2f} px")
        else:  # the print's corners lie elsewhere than the clicks say: the clicks stand
            grid = placed_clicks
            report["note"] = "the printed hex corners disagree with the clicks; the clicks' own grid is used"
            best = None
    warning = check_calibration(drift, None if best is None else best[0].rms_px, hex_px)
    if best is None:
        # nothing printed corrected the clicks: a person's click up to a quarter of a hex off
        # carries into the grid (across the map when the spacing is the clicks' own too)
        loose = QUARTER_HEX if frame is not rf else drift * QUARTER_HEX * hex_px / CLICK_PX
        if loose > WARN_DRIFT_HEX:
            warning = "; ".join(
                w
                for w in (
                    warning,
                    f"no printed hex corners were found to refine the grid, so it rests on the clicks: "
                    f"clicks a quarter of a hex off could put it {100 * loose:.0f} % of a hex out at the "
                    "far corner of the picture; click the three centres as exactly as you can",
                )
                if w
            )
    if warning:
        report["warning"] = warning
    grid = obey_clicks(grid, points)
    spacing = min(grid.frame().hex_width, grid.frame().hex_height)
    report["clicks_off_centre_hex"] = [
        round(math.dist((x, y), grid.center(*grid.parse_id(hid))) / spacing, 3) for x, y, hid in points
    ]
    rng = legend.ranges()
    if rng is not None:
        sized = HexGrid(grid.orientation, grid.shifted, rng[0], rng[1], grid.id_format, grid.pixels)
        grid = with_origin_at(sized, (rng[0][0], rng[1][0]), grid.center(rng[0][0], rng[1][0]))
    else:
        grid, area = extent_from_area(image, grid)
        report["extent"] = area
    return ClickedGrid(grid, report)


def _spanned(grid: HexGrid, points) -> HexGrid:
    """``grid`` placed alike, its ranges the block of hexes the clicked ids span (in picture order)."""
    ids = [grid.parse_id(hid) for _, _, hid in points]
    cs, rs = [c for c, _ in ids], [r for _, r in ids]
    c_rng = (min(cs), max(cs)) if grid.cols[1] >= grid.cols[0] else (max(cs), min(cs))
    r_rng = (min(rs), max(rs)) if grid.rows[1] >= grid.rows[0] else (max(rs), min(rs))
    sized = HexGrid(grid.orientation, grid.shifted, c_rng, r_rng, grid.id_format, grid.pixels)
    return with_origin_at(sized, (c_rng[0], r_rng[0]), grid.center(c_rng[0], r_rng[0]))


def _fits_clicks(grid: HexGrid, frame: PixelFrame, points) -> HexGrid | None:
    """``grid`` numbered alike in ``frame``, placed (least squares) on the clicked points, when
    every click then lies within :data:`CLICK_TOL_HEX` of its hex's centre (else None)."""
    zero = grid.with_pixels(PixelFrame(frame.hex_width, frame.hex_height, (0.0, 0.0), frame.angle_deg))
    at = np.array([zero.center(*zero.parse_id(hid)) for _, _, hid in points])
    px = np.array([(x, y) for x, y, _ in points], float)
    o = (px - at).mean(axis=0)
    placed = grid.with_pixels(
        PixelFrame(frame.hex_width, frame.hex_height, (float(o[0]), float(o[1])), frame.angle_deg)
    )
    spacing = min(frame.hex_width, frame.hex_height)
    if np.linalg.norm(px - (at + o), axis=1).max() > CLICK_TOL_HEX * spacing:
        return None
    return placed


def _turn(found: PixelFrame, rough: PixelFrame) -> float:
    """The found frame's angle as a small turn from the rough frame's (the two may name one
    direction 180 degrees apart when numbers run right to left)."""
    return (found.angle_deg - rough.angle_deg + 180) % 360 - 180
