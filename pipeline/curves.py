"""Lines drawn as curves (``[[line]] trace = "curve"``): roads and railways that wind through hexes
without joining their centres.

Every scale here is a share of the hex height, so a map scanned finer or coarser reads alike.

1. **Mask.** Each line kind's pixels are masked in CIELAB relative to the local paper (a median
   blur wide enough to remove the lines, with the hexside features found left out of it: a river
   beside a road would pull the paper there towards its own colour, :func:`local_paper`): a
   coloured line is nearer its legend colour (as given or drifted) than the paper and every other
   line or hexside colour; a dark line (legend lightness below 40) is much darker than the paper
   and greyer than it (a railway's dark rails and ties);
   where thin strokes fade into the paper (a coarse or a blurred scan), the middle lines of its
   fainter strokes that touch its dark ones, or lie a gap from ones that do, carry it on
   (:func:`with_faint_strokes`). A coloured line's thin stroke blurred is its ink mixed with the
   paper, off the ink's colour (a road faded into sand-coloured paper): those pixels carry it on
   where they lie near its full ink and no texture of its hue crowds around
   (:func:`faint_line_mask`, :func:`faint_near`); the kind is read with them and without them,
   and the hexes either reading joins are joined (texture the mix ties to a line makes a bush that
   is dropped whole, line and all, and the reading without keeps the line).
   Pixels of a dark kind are taken out of every coloured kind's mask, so a railway beside a road
   is never read as road; pixels along the hexsides (a printed grid outline, corner marks) are
   taken out of every mask, and along the hexsides where a coloured hexside feature was found
   (:data:`SIDE_HALF` and :data:`FRINGE` either side) out of the dark ink: a blue river's blurred
   edge on green paper mixes to a dark grey, which is not a railway.
2. **Pieces.** Small gaps (dotted rails) are closed and small holes filled (the light bed between a
   railway's rails and ties; a railway's bed where blur wiped out its ties, however long), parts
   much wider than the line (words, symbols) are cut out, the mask is thinned to a one-pixel
   skeleton (scikit-image), and pieces are kept when they are line-like: long (at least
   :data:`MIN_PIECE` of a hex) and thin (the mask's area is little more than the skeleton's
   length times the line's width). Letters, numbers, corner marks and symbols fail one or the
   other; and after the bridges, a piece with many free ends for its length is the outline of a
   texture in the line's colour, a bush of twigs, not a line (:func:`branchy`).
3. **Bridges.** A label or a symbol printed over a line cuts it; each piece's free end is joined to
   another piece's end ahead of it within :data:`BRIDGE` of a hex, when the two ends point at each
   other, straightest continuations first (two roads crossing under a symbol go on straight); a
   long gap only between two stretches of line that run straight into it (:data:`STRAIGHT`), not
   specks of texture or the strokes of letters. An end still free that runs into a symbol's
   footprint (the legend's ``[[feature]]`` ink closed into a blob: a village, a town) is joined
   to the symbol's middle, where the lines entering it meet; one that points at another line just
   ahead (a road ending at a road whose junction was cut out as clutter) is joined to it, when it
   ends a stretch of line of its own (:data:`STUB`), not a chain of letters.
4. **Hexes.** The skeleton is followed through the hexes it crosses: two neighbouring hexes are joined
   by an edge where a curve crosses their common side and, near that crossing (within :data:`REACH`
   of a hex), runs a fair length (:data:`MIN_RUN`) inside both, so a curve cutting a third hex's
   corner, or a corner mark touching a road, does not join it; or, where the curve ends inside
   one of them (a name, a hex number or a bridge printed over it there), runs at least
   :data:`END_RUN` into it and is a stretch of line of :data:`END_PIECE` or more (a word is
   shorter).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from scipy.ndimage import convolve
from scipy.spatial import cKDTree
from skimage.morphology import skeletonize

from ..mapdata.grid import HexGrid
from .colours import Drift, to_lab
from .edge_confidence import NEAR, curve_sure
from .legend import Item, Legend
from .traces import DARK, FAINT, Found

WORK_HEX_PX = 160.0  # finer scans are reduced to this hex height (a railway's rails stay apart)
TOLERANCE = 15  # CIELAB distance from the legend colour
CONTRAST = 0.0  # CIELAB distance a line's ink stands out from the local paper (texture does not)
HUE_APART = 6.0  # CIELAB a*b* distance from which a line's ink and the paper differ in hue
REACH = 0.45  # hex heights around a crossing in which the curve's run is measured
MIN_RUN = 0.3  # hex heights a curve must run inside each of the two hexes it joins
END_RUN = 0.1  # or, where it ends inside one of them (cut by a label), at least this far in it
END_PIECE = 1.5  # hex heights: shortest piece whose free end may so end a run
TANGLE = 2.5  # a crossing whose piece has this many times a straight line's length near it: a mesh
GAP = 0.05  # hex heights: gaps closed inside a line (dots, ties, rails of a railway)
MIN_PIECE = 0.5  # hex heights: shortest piece of a line kept
MIN_BEFORE_BRIDGE = 0.15  # hex heights: shortest piece a bridge may join (a piece between labels)
MAX_WIDTH = 0.09  # hex heights: widest a line's mask may be on average (area / length)
MAX_HALF = 0.035  # hex heights: a line may be this wide either side of its skeleton anywhere,
WIDER = 1.8  # or this many times as wide as the kind's median
CLUTTER_WINDOW = 0.3  # hex heights: the window in which the ink around a line is measured
CLUTTER = 2.0  # times the kind's median ink density around its skeleton: clutter, not a line
SPECK = 0.08  # hex heights: pieces shorter (a hex number's digits) leave that median alone
SPUR = 0.3  # hex heights: longest side branch pruned off a line
BRANCHY = 6.0  # free ends per hex of length from which a piece is a texture's bush, not a line
GRID_BAND = 0.03  # hex heights either side of a hexside where lines are the grid's own outline
ALONG = 2.0  # a piece in that band runs along the side when this many times longer along it than
# across it, and longer than the band is wide
BRIDGE = 0.45  # hex heights: longest gap bridged between two pieces (a label over a line)
ALIGN = 0.8  # cosine: how well two ends must point at each other to be bridged
SHORT = 0.15  # hex heights: a gap this short (a hexside's band, a dot) needs the ends only to face
SHORT_ALIGN = 0.3  # each other roughly (cosine)
STRAIGHT = 0.9  # how straight a line must run into its end to be joined to a line or symbol ahead
STUB = 0.3  # hex heights: shortest piece of its own whose free end may join a line ahead of it
SYMBOL = 0.1  # hex heights: narrowest a symbol's footprint is (a village, a town)
FRINGE = 0.025  # hex heights beyond a hexside feature's ink that are its blurred edge, the ink
FAINT_REACH = 0.05  # hex heights from a coloured line's full ink its faint mix may lie (GAP's)
SIDE_HALF = 0.05  # reaching this far either side of the hexside (half a wide river)


def is_dark(item: Item) -> bool:
    return float(to_lab(np.array(item.color, np.float32))[0]) < 40


def line_mask(
    lab: np.ndarray, paper: np.ndarray, item: Item, rivals: list, drift: Drift, dark: float = DARK
) -> np.ndarray:
    """Pixels printed in the ink of line kind ``item`` (before gaps are closed); a dark ink lies at
    least ``dark`` below the local paper's lightness."""
    if is_dark(item):
        chroma = np.hypot(lab[..., 1], lab[..., 2])
        grey = np.clip(0.75 * np.hypot(paper[..., 1], paper[..., 2]), 12, 30)
        return (lab[..., 0] < paper[..., 0] - dark) & (chroma < grey)
    rgb = np.array([item.color], np.float32)
    inks = [to_lab(c)[0] for c in (rgb, drift.apply(rgb))]
    d_all = np.minimum(*(np.linalg.norm(lab - ink, axis=-1) for ink in inks))
    out = d_all < TOLERANCE
    lab, paper, d = lab[out], paper[out], d_all[out]  # the few candidates only
    from_paper = np.linalg.norm(lab - paper, axis=-1)
    near = (d < from_paper) & (from_paper >= CONTRAST)
    # the hue decides where the ink's differs from the paper's: shading and texture of the paper
    # (darker paper, tree bubbles) keep the paper's hue, the line's ink does not
    ink_ab = np.minimum(*(np.linalg.norm(lab[:, 1:] - ink[1:], axis=-1) for ink in inks))
    paper_ab = np.linalg.norm(lab[:, 1:] - paper[:, 1:], axis=-1)
    apart = np.linalg.norm(paper[:, 1:] - inks[0][1:], axis=-1) >= HUE_APART
    near &= ~apart | (ink_ab < paper_ab)
    for c in rivals:
        near &= d < np.linalg.norm(lab - to_lab(np.array(c, np.float32)), axis=-1)
    out[out] = near
    return out


def _mix_residual(w: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each colour ``w`` (..., 3; Lab less the paper's) lies along the paper's mix with an
    ink ``v`` (ink less paper, per pixel or one), as a share of the ink (0 paper, 1 ink; clipped),
    and how far off that mix it lies (CIELAB)."""
    share = np.clip((w * v).sum(-1) / np.maximum((v * v).sum(-1), 1e-6), 0, 1)
    return share, np.linalg.norm(w - share[..., None] * v, axis=-1)


def faint_line_mask(lab: np.ndarray, paper: np.ndarray, item: Item, rivals: list, drift: Drift) -> np.ndarray:
    """Pixels that are the ink of coloured line kind ``item`` mixed with the local paper: a thin
    line blurred (a scan out of focus, a coarse one) averages its ink with the paper beside it,
    so its pixels lie on the way from the paper's colour to the ink's, at :data:`TOLERANCE`
    from the ink or further. A pixel is that mix when it lies more than half the way to the
    ink, within :data:`TOLERANCE` of the way, and nearer it than to the paper's mix with any of
    ``rivals`` (the other inks of the legend: a railway's blurred edge is black mixed with the
    paper, not a road). Texture of the paper's own hue darker than the paper lies on that way
    too where the ink's hue is near the paper's: these pixels only carry a line on where its
    full-contrast ink (:func:`line_mask`) touches them (:func:`faint_pieces`)."""
    rgb = np.array([item.color], np.float32)
    w = lab - paper
    best = np.full(lab.shape[:-1], np.inf, np.float32)
    for ink in (to_lab(c)[0] for c in (rgb, drift.apply(rgb))):
        share, off = _mix_residual(w, ink - paper)
        best = np.minimum(best, np.where(share > 0.5, off, np.inf))
    out = best < TOLERANCE
    for c in rivals:
        _, off = _mix_residual(w[out], to_lab(np.array(c, np.float32)) - paper[out])
        out[out] = best[out] < off
    return out


def _disc(size: int) -> np.ndarray:
    size = max(3, size | 1)
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))


def line_pieces(
    mask: np.ndarray, h_px: float, symbols: np.ndarray | None = None, bed: bool = False
) -> np.ndarray:
    """The one-pixel skeleton of the line-like pieces of ``mask`` (gaps closed, letters and symbols
    dropped, pieces cut by labels bridged). ``symbols``: where symbols are printed (see
    :func:`symbol_footprints`); a line running into one is joined through its middle. ``bed``:
    the line is printed as two dark rails on a light bed (a railway), filled in however long."""
    closed = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, _disc(round(GAP * h_px)))
    closed[small_holes(closed, GAP * h_px, narrow=bed)] = 1
    skel = skeletonize(closed > 0)
    half = cv2.distanceTransform(closed, cv2.DIST_L2, 3)
    # the kind's typical width is measured on its long pieces, the ink around it on all but
    # specks: where small print shares the ink (the digits of every hex's number in a dark
    # line's grey), its many short strokes would make the line itself look wide and cluttered
    ref = skel & _line_like(closed, skel, h_px, MIN_PIECE)
    ref = ref if ref.any() else skel
    if skel.any():  # blobs (words closed into one, symbols, towns) are much wider than the line
        typical = float(np.median(half[ref]))
        skel &= half <= max(MAX_HALF * h_px, WIDER * typical)
    if skel.any():  # clutter (a terrain's texture in the ink's hue): far more ink around than a line
        win = max(3, int(CLUTTER_WINDOW * h_px) | 1)
        density = cv2.boxFilter(mask.astype(np.float32), -1, (win, win))
        pieces = skel & _line_like(closed, skel, h_px, SPECK)
        typical = float(np.median(density[pieces] if pieces.any() else density[skel]))
        skel &= density <= CLUTTER * typical
    keep = _line_like(closed, skel, h_px, MIN_BEFORE_BRIDGE)
    skel &= keep
    skel = prune_spurs(bridge_gaps(skel, h_px, symbols), SPUR * h_px)
    skel &= _line_like(skel.astype(np.uint8), skel, h_px, MIN_PIECE)
    return skel & ~branchy(skel, h_px, ties=bed)


def branchy(skel: np.ndarray, h_px: float, ties: bool = False) -> np.ndarray:
    """Pixels of the pieces of ``skel`` with more than :data:`BRANCHY` free ends per hex of their
    length: the outlines of a texture printed in the line's colour (rough ground's crescents, a
    hill's contours) are a bush of twigs; a line has two ends however long, and one more for each
    line it meets (on Bautzen's scan: road pieces up to 5 ends a hex, with texture clinging to
    them; the bushes of its rough texture 6.5 to 21). ``ties``: a railway's skeleton, whose ties
    leave stubs beside it."""
    n, comp = cv2.connectedComponents(skel.astype(np.uint8), connectivity=8)
    nb = convolve(skel.astype(np.uint8), _NEIGHBOURS, mode="constant")
    length = np.bincount(comp[skel], weights=skeleton_steps(skel)[skel], minlength=n) / h_px
    free = skel & (nb == 1)
    if ties:  # a stub a pixel or two long beside a fork is what pruning a railway's crisp tie
        # leaves (one every tenth of a hex), not a twig: its end does not count
        free &= cv2.dilate((skel & (nb >= 3)).astype(np.uint8), np.ones((5, 5), np.uint8)) == 0
    ends = np.bincount(comp[free], minlength=n)
    bush = ends > BRANCHY * length
    bush[0] = False
    return bush[comp]


def small_holes(mask: np.ndarray, gap_px: float, narrow: bool = False) -> np.ndarray:
    """The holes of ``mask`` (paper it encloses) to fill: those of at most twice ``gap_px``
    squared (the light bed between a railway's ties, the eye of a letter); with ``narrow``, also
    any no wider than twice ``gap_px`` anywhere, however long (a railway's bed where a blurred
    scan lost the ties across it). A road never has them filled: the paper between a road and
    texture of its own colour beside it would join the two into a blob too wide to be a line."""
    n, holes, stats, _ = cv2.connectedComponentsWithStats(1 - mask, connectivity=4)
    fill = stats[:, cv2.CC_STAT_AREA] <= 2 * gap_px**2
    if narrow:
        inside = cv2.distanceTransform(1 - mask, cv2.DIST_L2, 3)
        widest = np.zeros(n, np.float32)
        np.maximum.at(widest, holes.ravel(), inside.ravel())
        fill |= widest <= gap_px
    fill[0] = False
    return fill[holes]


def skeleton_steps(skel: np.ndarray) -> np.ndarray:
    """Per skeleton pixel, half the length of its links to its neighbours: 1 to each of the four
    beside it, sqrt 2 to each diagonal one not already joined through a pixel beside both. Summed
    over a piece, its length in pixels whatever its direction (a count of its pixels makes a
    diagonal line 1/sqrt 2 as long, and so, by area over length, that much wider)."""
    sk = np.pad(skel.astype(bool), 1)
    c = sk[1:-1, 1:-1]
    steps = np.zeros(skel.shape, np.float32)
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        steps += c & sk[1 + dy : sk.shape[0] - 1 + dy, 1 + dx : sk.shape[1] - 1 + dx]
    for dy, dx in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        diagonal = sk[1 + dy : sk.shape[0] - 1 + dy, 1 + dx : sk.shape[1] - 1 + dx]
        via = sk[1 + dy : sk.shape[0] - 1 + dy, 1:-1] | sk[1:-1, 1 + dx : sk.shape[1] - 1 + dx]
        steps += np.sqrt(2) * (c & diagonal & ~via)
    return np.where(c, np.maximum(steps / 2, 0.5), 0)  # a lone pixel is a pixel long


def _line_like(mask: np.ndarray, skel: np.ndarray, h_px: float, min_len: float) -> np.ndarray:
    """Pixels of the pieces of ``mask`` whose skeleton is long and whose area is thin."""
    n, comp = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
    length = np.bincount(comp[skel], weights=skeleton_steps(skel)[skel], minlength=n)
    area = np.bincount(comp.ravel(), minlength=n).astype(float)
    ok = (length >= min_len * h_px) & (area <= MAX_WIDTH * h_px * np.maximum(length, 1))
    ok[0] = False
    return ok[comp]


_NEIGHBOURS = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]])


def prune_spurs(skel: np.ndarray, longest: float) -> np.ndarray:
    """``skel`` without its spurs: branches from a fork to a free end shorter than ``longest`` px
    (a word or a symbol printed against a line, a corner mark touching it, a blur's whisker)."""
    nb = convolve(skel.astype(np.uint8), _NEIGHBOURS, mode="constant")
    fork = skel & (nb >= 3)
    if not fork.any():
        return skel
    branch = skel & ~cv2.dilate(fork.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    n, lab = cv2.connectedComponents(branch.astype(np.uint8), connectivity=8)
    length = np.bincount(lab[branch], minlength=n)
    free = np.zeros(n, bool)
    free[lab[skel & (nb == 1)]] = True  # branches holding a free end
    near_fork = cv2.dilate(fork.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    touches = np.zeros(n, bool)
    touches[lab[branch & near_fork]] = True  # and joined to a fork
    spur = free & touches & (length < longest)
    spur[0] = False
    return skel & ~spur[lab]


def bridge_gaps(skel: np.ndarray, h_px: float, symbols: np.ndarray | None = None) -> np.ndarray:
    """``skel`` with each free end joined to the end of another piece that lies ahead of it
    (within :data:`BRIDGE` hex heights) and points back at it (a label printed over a line), else
    to the middle of a symbol it runs into (``symbols``, see :func:`symbol_footprints`), else to
    another line just ahead of it (a junction cut out): see the module's step 3."""
    skel = skel.copy()
    parts = cv2.connectedComponents(skel.astype(np.uint8), connectivity=8)[1]
    nb = convolve(skel.astype(np.uint8), _NEIGHBOURS, mode="constant")
    ey, ex = np.nonzero(skel & (nb == 1))
    if len(ex) < 2:
        return skel
    ends = np.column_stack([ex, ey]).astype(float)
    part = parts[ey, ex]
    ys, xs = np.nonzero(skel)
    pts_tree = cKDTree(np.column_stack([xs, ys]))
    back = max(3.0, 0.15 * h_px)
    heading = np.zeros_like(ends)
    straight = np.zeros(len(ends))  # 1 where the line runs straight into its end, less where it curls
    own = parts[ys, xs]
    for k, idx in enumerate(pts_tree.query_ball_point(ends, back)):  # where the line runs out
        idx = np.asarray(idx)
        idx = idx[own[idx] == part[k]]
        w = ends[k] - np.column_stack([xs[idx], ys[idx]])
        v = w.mean(axis=0)
        heading[k] = v / max(float(np.hypot(*v)), 1e-9)
        straight[k] = np.hypot(*v) / max(float(np.hypot(w[:, 0], w[:, 1]).mean()), 1e-9)
    tree = cKDTree(ends)
    used: set[int] = set()
    # pieces joined so far (union-find) and their lengths: a bridge must make a long piece, so
    # the letters of a word (each short) are never chained into a line of their own
    root = np.arange(parts.max() + 1)
    length = np.bincount(parts[ys, xs], minlength=len(root)).astype(float)
    own_length = length.copy()

    def find(k: int) -> int:
        while root[k] != k:
            root[k] = root[root[k]]
            k = root[k]
        return k

    canvas = np.zeros(skel.shape, np.int32)  # bridges drawn, each with its piece's label + 1
    pairs = tree.query_pairs(BRIDGE * h_px, output_type="ndarray").reshape(-1, 2)
    gap = ends[pairs[:, 1]] - ends[pairs[:, 0]]
    dist = np.linalg.norm(gap, axis=1)
    u = gap / np.maximum(dist, 1e-9)[:, None]
    facing = np.minimum((heading[pairs[:, 0]] * u).sum(1), -(heading[pairs[:, 1]] * u).sum(1))
    # a long gap is bridged between two stretches of line running straight into it, not between
    # specks (a speck is straight, and its heading means nothing)
    stretch = own_length[part] >= MIN_BEFORE_BRIDGE * h_px
    both_straight = (np.minimum(straight[pairs[:, 0]], straight[pairs[:, 1]]) >= STRAIGHT) & (
        stretch[pairs[:, 0]] & stretch[pairs[:, 1]]
    )
    ok = (dist >= 1) & (
        ((facing >= ALIGN) & both_straight) | ((dist <= SHORT * h_px) & (facing >= SHORT_ALIGN))
    )
    # straight continuations first: where two lines cross under a symbol, each end takes the end
    # across from it, not the nearer end of the other line (a gap weighed by how askew it is)
    order = np.argsort(dist[ok] / np.maximum(facing[ok], 0.1) ** 2, kind="stable")
    for a, b in pairs[ok][order].tolist():
        ra, rb = find(part[a]), find(part[b])
        if ra == rb or a in used or b in used or length[ra] + length[rb] < MIN_PIECE * h_px:
            continue
        dist_ab = float(np.linalg.norm(ends[b] - ends[a]))
        pa, pb = np.round(ends[a]).astype(int), np.round(ends[b]).astype(int)
        cv2.line(canvas, tuple(int(v) for v in pa), tuple(int(v) for v in pb), int(part[a]) + 1, 1)
        used.update((a, b))
        root[rb] = ra
        length[ra] += length[rb] + dist_ab
    if symbols is not None and symbols.any():
        # a line running into a symbol (a road into a village) is joined to the symbol's middle:
        # the lines entering one symbol meet there, and a line passing under it goes on
        reach = max(3, round(GAP * h_px))
        _, sym, _, mid = cv2.connectedComponentsWithStats(
            cv2.dilate(symbols.astype(np.uint8), _disc(2 * reach + 1)), connectivity=8
        )
        for a in range(len(ends)):
            k = sym[int(ends[a][1]), int(ends[a][0])]
            if a in used or k == 0 or own_length[part[a]] < STUB * h_px or straight[a] < STRAIGHT:
                continue
            to = mid[k] - ends[a]
            if to @ heading[a] <= 0:
                continue
            cv2.line(
                canvas,
                tuple(int(v) for v in np.round(ends[a])),
                tuple(int(v) for v in np.round(mid[k])),
                int(part[a]) + 1,
                1,
            )
            used.add(a)
    # an end left free that points at another line just ahead (a road ending at a road, the
    # junction itself cut out as clutter) is joined to it; the bridges so far are line too
    by, bx = np.nonzero(canvas)
    xs, ys, own = np.r_[xs, bx], np.r_[ys, by], np.r_[own, canvas[by, bx].astype(int) - 1]
    pts_tree = cKDTree(np.column_stack([xs, ys]))
    for a in range(len(ends)):
        ra = find(part[a])
        if a in used or length[ra] < MIN_PIECE * h_px or own_length[part[a]] < STUB * h_px:
            continue
        if straight[a] < STRAIGHT:
            continue
        idx = np.asarray(pts_tree.query_ball_point(ends[a], BRIDGE * h_px), dtype=int)
        if not len(idx):
            continue
        near_parts, inv = np.unique(own[idx], return_inverse=True)
        roots = np.array([find(int(p)) for p in near_parts])[inv.ravel()]
        idx = idx[(own[idx] != part[a]) & (length[roots] >= MIN_PIECE * h_px)]
        if not len(idx):
            continue
        v = np.column_stack([xs[idx], ys[idx]]) - ends[a]
        dist = np.linalg.norm(v, axis=1)
        off = np.abs(v[:, 0] * heading[a, 1] - v[:, 1] * heading[a, 0])  # from the end's ray
        ahead = (v @ heading[a] > 0) & (off <= max(2.0, GAP * h_px))
        if not ahead.any():
            continue
        k = int(np.argmin(np.where(ahead, dist, np.inf)))
        pa, pb = np.round(ends[a]).astype(int), (int(xs[idx[k]]), int(ys[idx[k]]))
        cv2.line(canvas, tuple(int(v) for v in pa), pb, int(part[a]) + 1, 1)
        used.add(a)
        rb = find(int(own[idx[k]]))
        root[rb] = ra
        length[ra] += length[rb] + float(dist[k])
    skel |= canvas > 0
    return skel


def work_scale(image: np.ndarray, grid: HexGrid) -> tuple[np.ndarray, float, float]:
    """The image reduced to at most :data:`WORK_HEX_PX` per hex height, its scale and hex height."""
    hex_h = grid.hex_px()
    s = min(1.0, WORK_HEX_PX / hex_h)
    small = cv2.resize(image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s < 1 else image
    return small, s, hex_h * s


def thin_dark(h_px: float) -> float:
    """The contrast a dark line's thin strokes (a railway's rails and ties) keep below the paper
    when a hex is ``h_px`` high: a coarser scan averages each stroke with the paper around it, so
    its contrast falls with the pixels a hex has; and any scan blurs them a little (a scan
    enlarged, or turned, or out of focus), so they are taken at :data:`FAINT` of :data:`DARK` at
    most, as an edge detector's low threshold lies below its high one."""
    return DARK * min(FAINT, h_px / WORK_HEX_PX)


def faint_pieces(dark: np.ndarray, faint: np.ndarray, gap_px: int = 0) -> np.ndarray:
    """The pieces of ``faint`` (ink at :func:`thin_dark` contrast) that touch full-contrast ink
    ``dark``: where a dark line goes on fainter (hysteresis), and nothing of faint texture or
    shading elsewhere. Faint strokes less than ``gap_px`` apart (a blurred railway's ties) are one
    piece."""
    linked = faint.astype(np.uint8)
    if gap_px > 1:
        linked = cv2.morphologyEx(linked, cv2.MORPH_CLOSE, _disc(gap_px))
    n, comp = cv2.connectedComponents(linked, connectivity=8)
    touching = np.zeros(n, bool)
    touching[np.unique(comp[dark & faint])] = True
    touching[0] = False
    return touching[comp] & faint


def faint_near(ink: np.ndarray, faint: np.ndarray, h_px: float) -> np.ndarray:
    """The pixels of ``faint`` (a coloured line's ink mixed with the paper, :func:`faint_line_mask`)
    that may carry the line ``ink`` (its full-contrast mask) on: within :data:`FAINT_REACH` of
    that ink, and where the ink around (in a window of :data:`CLUTTER_WINDOW`) is no more than
    :data:`CLUTTER` times what a lone line of the kind's width gives: a terrain's texture printed
    in the line's hue (a forest's crescents) puts the ink all around, a line faded on plain paper
    only along itself (and less where it fades)."""
    near = cv2.dilate(ink.astype(np.uint8), _disc(2 * round(FAINT_REACH * h_px) + 1)) > 0
    closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE, _disc(round(GAP * h_px)))
    skel = skeletonize(closed > 0)
    long = skel & _line_like(closed, skel, h_px, MIN_PIECE)
    if not long.any():
        return (faint & near) | ink
    half = cv2.distanceTransform(closed, cv2.DIST_L2, 3)
    width = 2 * float(np.median(half[long]))  # the kind's width, on its long pieces
    win = max(3, int(CLUTTER_WINDOW * h_px) | 1)
    density = cv2.boxFilter(ink.astype(np.float32), -1, (win, win))
    return (faint & near & (density <= CLUTTER * width / win)) | ink


def with_faint_strokes(dark: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """A dark line's mask carried on through its faint strokes: the middle lines of its
    :func:`faint_pieces` only, so the line does not grow wider than it is printed."""
    return dark | skeletonize(pieces)


def line_skeletons(
    image: np.ndarray,
    grid: HexGrid,
    legend: Legend,
    drift: Drift,
    items: list[Item],
    along: np.ndarray | None = None,
) -> tuple[dict[str, list[np.ndarray]], dict[str, np.ndarray], float, float]:
    """Skeletons of each line kind in ``items`` on the working image (a coloured kind's two
    readings, see below); each kind's full-contrast ink (its faint strokes and mix left out);
    the scale and hex height.
    ``along``: (K, 2, 2) the hexsides (end points, image pixels) where a coloured hexside feature
    was found (see :func:`coloured_sides`)."""
    small, s, h_px = work_scale(image, grid)
    shape = small.shape[:2]
    near = np.zeros(shape, bool)
    if along is not None and len(along):
        band = np.zeros(shape, np.uint8)
        wide = max(1, round(2 * (SIDE_HALF + FRINGE) * h_px))
        for a, b in (along + 0.5) * s - 0.5:
            cv2.line(band, tuple(int(v) for v in np.round(a)), tuple(int(v) for v in np.round(b)), 1, wide)
        near = band > 0
    water = [np.array(x.color, np.float32) for x in legend.hexside]
    water = [c for c in water if np.hypot(*to_lab(c)[1:]) >= HUE_APART]  # the coloured ones
    paper_rgb = local_paper(small, near, h_px, [*water, *(drift.apply(c) for c in water)])
    others = [x.color for x in (*legend.line, *legend.hexside, *legend.feature)]
    coloured = {x.name: x for x in items if not is_dark(x)}
    # a dark ink's mask does not depend on its colour: one mask (and its faint strokes) serves
    # every dark line kind and dark symbol
    darks = [x for x in (*legend.line, *legend.feature) if is_dark(x)]
    masks = {name: np.zeros(shape, bool) for name in coloured}
    faint = {name: np.zeros(shape, bool) for name in coloured}  # their ink mixed with the paper
    dark_ink, faint_ink = np.zeros(shape, bool), np.zeros(shape, bool)
    ink = np.zeros(shape, bool)  # the ink of the legend's symbols (villages, towns...)
    step = max(64, int(8 * h_px))  # in bands of rows: CIELAB floats of a whole sheet are large
    for y0 in range(0, small.shape[0], step):
        rows = slice(y0, y0 + step)
        lab = to_lab(small[rows].astype(np.float32))
        paper = to_lab(paper_rgb[rows].astype(np.float32))
        for name, x in coloured.items():
            rivals = [c for c in others if c != x.color]
            masks[name][rows] = line_mask(lab, paper, x, rivals, drift)
            faint[name][rows] = faint_line_mask(lab, paper, x, rivals, drift)
        if darks:
            dark_ink[rows] = line_mask(lab, paper, darks[0], [], drift)
            faint_ink[rows] = line_mask(lab, paper, darks[0], [], drift, thin_dark(h_px))
        for x in legend.feature:
            if is_dark(x):
                ink[rows] |= dark_ink[rows]
            else:
                ink[rows] |= line_mask(lab, paper, x, [c for c in others if c != x.color], drift)
    del paper_rgb
    if near.any():
        # a coloured hexside feature found along a side (a river): its blurred edge on coloured
        # paper mixes to a dark grey, which is not a railway, or on brown paper to a road's brown
        dark_ink = off_sides(dark_ink, near, grid, s, h_px)
        faint_ink = off_sides(faint_ink, near, grid, s, h_px)
        for name in masks:
            masks[name] = off_sides(masks[name], near, grid, s, h_px)
            faint[name] = off_sides(faint[name], near, grid, s, h_px)
    full = {}  # each coloured line carried on where it fades into the paper (hysteresis)
    for name in masks:
        full[name] = masks[name] | faint_pieces(masks[name], faint_near(masks[name], faint[name], h_px))
    del faint
    symbols = symbol_footprints(ink, h_px)
    dark = np.zeros(shape, bool)  # where a dark line is printed, kept out of the coloured lines
    if any(is_dark(x) for x in legend.line):
        # with its faint strokes (a blurred railway's bed is grey-brown, like a road)
        m = dark_ink | faint_pieces(dark_ink, faint_ink)
        dark = cv2.morphologyEx(m.astype(np.uint8), cv2.MORPH_CLOSE, _disc(round(GAP * h_px))) > 0
        dark = cv2.dilate(dark.astype(np.uint8), _disc(3)) > 0
    if any(is_dark(x) for x in items):  # every dark kind's mask: its ink carried on, made once
        strokes = with_faint_strokes(dark_ink, faint_pieces(dark_ink, faint_ink, round(GAP * h_px)))
    out: dict[str, list[np.ndarray]] = {}
    inks: dict[str, np.ndarray] = {}
    for item in items:
        # a coloured kind is read twice: from its full ink alone, and carried on through its
        # faint mix; where the mix joins the line to texture in its hue (a forest's crescents
        # around a road), the bush made is dropped whole, and the first reading keeps the line
        ms = [strokes] if is_dark(item) else [masks[item.name] & ~dark, full[item.name] & ~dark]
        if len(ms) == 2 and np.array_equal(*ms):  # the faint mix carries it on nowhere: read once
            ms = ms[:1]
        out[item.name] = [
            line_pieces(m & ~on_hexsides(m, grid, s, h_px), h_px, symbols, bed=is_dark(item)) for m in ms
        ]
        inks[item.name] = dark_ink if is_dark(item) else ms[0]
    return out, inks, s, h_px


def local_paper(small: np.ndarray, band: np.ndarray, h_px: float, inks: list) -> np.ndarray:
    """The paper around each pixel, the lines printed on it removed: a median over a window
    of 0.35 hex. The ink of the hexside features found (``band``: along their sides; ``inks``:
    their colours, RGB) is left out of it: a river takes a sixth of the window beside it and
    would pull the median there towards its colour (blue on brown paper leaves a paper that
    looks browner than its own, like a road). Its pixels (nearer one of ``inks`` than that first
    median) are set to black and white in turn, as many below the median as above it; but not
    within a window of dark ink (:data:`DARK` below that median: a bridge's brackets), where the
    road crossing the river and the bridge, left alone in the window, would darken the paper
    enough to hide the road."""
    size = max(3, int(h_px * 0.35) | 1)
    paper = cv2.medianBlur(small, size)
    if not band.any() or not len(inks):
        return paper
    dark, water = np.zeros(band.shape, bool), np.zeros(band.shape, bool)
    inks_lab = [to_lab(np.array(c, np.float32)) for c in inks]
    step = max(64, int(8 * h_px))  # in bands of rows: CIELAB floats of a whole sheet are large
    for y0 in range(0, len(dark), step):  # each pixel converted to CIELAB once
        rows = slice(y0, y0 + step)
        ink, ground = (to_lab(x[rows].astype(np.float32)) for x in (small, paper))
        dark[rows] = ink[..., 0] < ground[..., 0] - DARK
        here = band[rows]
        lab = ink[here]
        d_ink = np.min([np.linalg.norm(lab - c, axis=-1) for c in inks_lab], axis=0)
        water[rows][here] = d_ink < np.linalg.norm(lab - ground[here], axis=-1)
    yy, xx = np.nonzero(water & ~(cv2.dilate(dark.astype(np.uint8), _disc(size)) > 0))
    small = small.copy()
    small[yy, xx] = np.where(((yy + xx) % 2 == 0)[:, None], 0, 255).astype(small.dtype)
    return cv2.medianBlur(small, size)


def off_sides(ink: np.ndarray, band: np.ndarray, grid: HexGrid, s: float, h_px: float) -> np.ndarray:
    """``ink`` without what lies in ``band`` (along the hexsides where a coloured feature was
    found) and is that feature's blurred edge: ink wholly inside the band, or running along the
    side there (:func:`on_hexsides` at :data:`SIDE_HALF` + :data:`FRINGE`). A railway crossing
    the side, which goes on beyond the band, is kept."""
    n, comp = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    beyond = np.zeros(n, bool)
    beyond[np.unique(comp[ink & ~band])] = True
    beyond[0] = False
    edge = ink & band & ~beyond[comp]
    return ink & ~edge & ~on_hexsides(ink & band, grid, s, h_px, SIDE_HALF + FRINGE)


def symbol_footprints(ink: np.ndarray, h_px: float) -> np.ndarray:
    """Where symbols are printed: the ink of the legend's ``[[feature]]`` kinds closed into blobs
    (a village's blocks, a town's streets) and kept where at least :data:`SYMBOL` of a hex wide,
    so lines, ties and the strokes of letters printed in the same ink drop out."""
    disc = _disc(round(SYMBOL * h_px))
    closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE, disc)
    return cv2.morphologyEx(closed, cv2.MORPH_OPEN, disc) > 0


def on_hexsides(
    mask: np.ndarray, grid: HexGrid, s: float, h_px: float, half: float = GRID_BAND
) -> np.ndarray:
    """Pixels of ``mask`` that run along a hexside, within ``half`` (hex heights, by default
    :data:`GRID_BAND`) of it for at least twice that and :data:`ALONG` times longer along the side
    than across: a printed hex outline or corner mark, which a line crossing the
    side never does; a line running along a side for long loses that part, and the gap is
    bridged (:func:`bridge_gaps`) when it is short."""
    band = half * h_px
    ys, xs = np.nonzero(mask)
    out = np.zeros(mask.shape, bool)
    if len(xs) == 0:
        return out
    p = np.column_stack([(xs + 0.5) / s - 0.5, (ys + 0.5) / s - 0.5])
    c, r = grid.locate_many(p)
    keys, inv = np.unique(np.column_stack([c, r]), axis=0, return_inverse=True)
    poly = np.stack([grid.corners(int(a), int(b)) for a, b in keys])[inv.ravel()]  # (N, 6, 2)
    a, b = poly, np.roll(poly, -1, axis=1)
    ab = b - a
    t = np.clip(((p[:, None, :] - a) * ab).sum(-1) / (ab * ab).sum(-1), 0, 1)
    dist = np.linalg.norm(p[:, None, :] - (a + t[..., None] * ab), axis=-1)
    near = dist.argmin(axis=1)
    inside = dist[np.arange(len(p)), near] * s < band
    # only what runs along the side is the grid's: a line crossing it leaves a piece there as
    # wide as the band and no longer along the side than the line is wide (or, crossing askew,
    # a little more); the outline's piece is long along the side and thin across it. Each of
    # the grid's three side directions (a hex's sides d and d + 3 are parallel) is seen apart,
    # or the whole outline, joined at the corners, would be one piece running every way.
    for side in range(3):
        here = inside & (near % 3 == side)
        if not here.any():
            continue
        piece = np.zeros(mask.shape, np.uint8)
        piece[ys[here], xs[here]] = 1
        n, comp = cv2.connectedComponents(piece, connectivity=8)
        u = ab[0, side] / np.linalg.norm(ab[0, side])  # every hex's side runs alike
        k = comp[ys[here], xs[here]]
        q = np.column_stack([xs[here], ys[here]]).astype(float)
        spans = []
        for coord in (q @ u, q @ np.array([-u[1], u[0]])):
            lo, hi = np.full(n, np.inf), np.full(n, -np.inf)
            np.minimum.at(lo, k, coord)
            np.maximum.at(hi, k, coord)
            spans.append(hi - lo + 1)
        along = (spans[0] >= 2 * band) & (spans[0] >= ALONG * spans[1])
        along[0] = False
        out |= along[comp]
    return out


def curve_edges(
    image: np.ndarray,
    grid: HexGrid,
    cols: np.ndarray,
    rows: np.ndarray,
    legend: Legend,
    drift: Drift,
    items: list[Item],
    sides: Found | None = None,
) -> Found:
    """Edges of the line kinds ``items`` traced as curves. ``sides``: the hexside features found
    (their coloured kinds' sides are no railway's ink, see :func:`coloured_sides`)."""
    out = Found()
    if not items:
        return out
    along = coloured_sides(grid, cols, rows, sides, legend) if sides is not None else None
    skels, inks, s, h_px = line_skeletons(image, grid, legend, drift, items, along)
    index = {(int(c), int(r)): j for j, (c, r) in enumerate(zip(cols, rows, strict=True))}
    for item in items:
        runs: dict[tuple[int, int], Crossing] = {}
        for skel in skels[item.name]:  # each reading's crossings, the longer run of the two
            for pair, run in hex_crossings(skel, grid, index, s, h_px, inks[item.name]).items():
                runs[pair] = max(runs.get(pair, run), run)
        for (ha, hb), run in sorted(runs.items()):
            share = min(1.0, run.length / REACH)  # of the run a line crossing straight makes
            sure = curve_sure(share, MIN_RUN / REACH, min(1.0, run.seen / MIN_RUN), run.inked)
            if run.length >= MIN_RUN:
                out.add((ha, hb), item.name, min(1.0, run.length), MIN_RUN, sure)
            elif run.length >= NEAR * MIN_RUN:
                out.near.append(((ha, hb), item.name, sure.confidence, sure.why))
    return out


@dataclass(frozen=True, order=True)
class Crossing:
    """A curve crossing a hexside: its run (hex heights, :func:`hex_crossings`), the run seen
    (before a line's end inside a hex counted as :data:`MIN_RUN`), and the share of its skeleton
    near the crossing that lies on the kind's full-contrast ink (not on its faint strokes or mix,
    nor on a gap bridged under a label)."""

    length: float
    seen: float
    inked: float


def coloured_sides(
    grid: HexGrid, cols: np.ndarray, rows: np.ndarray, sides: Found, legend: Legend
) -> np.ndarray:
    """(K, 2, 2) end points of the hexsides where ``sides`` found a feature printed in a colour
    (a river, a border; lightness and hue apart from grey), in image pixels."""
    hued = {
        x.name for x in legend.hexside if np.hypot(*to_lab(np.array(x.color, np.float32))[1:]) >= HUE_APART
    }
    out = []
    for (i, j), kind in zip(sides.pairs, sides.kinds, strict=True):
        if kind in hued:
            a, b = (int(cols[i]), int(rows[i])), (int(cols[j]), int(rows[j]))
            out.append(grid.side_segment(*a, grid.direction(a, b)))
    return np.array(out, float).reshape(-1, 2, 2)


def hex_crossings(
    skel: np.ndarray,
    grid: HexGrid,
    index: dict[tuple[int, int], int],
    s: float,
    h_px: float,
    ink: np.ndarray | None = None,
) -> dict[tuple[int, int], Crossing]:
    """Each pair of hexes whose common side the skeleton crosses, with the shorter of the runs (in
    hex heights) the crossing piece makes inside the two within :data:`REACH` of the crossing (the
    longest crossing of the pair; see :class:`Crossing`). ``ink``: the kind's full-contrast ink
    (else the skeleton counts as inked)."""
    parts = cv2.connectedComponents(skel.astype(np.uint8), connectivity=8)[1]
    ys, xs = np.nonzero(skel)
    pairs: dict[tuple[int, int], Crossing] = {}
    if len(xs) == 0:
        return pairs
    # a skeleton pixel within a closed gap of the ink is on it (dots, ties, a blurred stroke's middle)
    inked = skel if ink is None else cv2.dilate(ink.astype(np.uint8), _disc(round(GAP * h_px))) > 0
    on_ink = inked[ys, xs]
    c_, r_ = grid.locate_many(np.column_stack([(xs + 0.5) / s - 0.5, (ys + 0.5) / s - 0.5]))
    hid = np.array([index.get((int(a), int(b)), -1) for a, b in zip(c_, r_, strict=True)])
    at = np.full(skel.shape, -1, np.int32)
    at[ys, xs] = hid
    part = parts[ys, xs]
    ends = convolve(skel.astype(np.uint8), _NEIGHBOURS, mode="constant")[ys, xs] == 1  # free ends
    # ... of stretches of line running on through other hexes, not a word's stroke
    long = np.bincount(part, weights=skeleton_steps(skel)[ys, xs]) >= END_PIECE * h_px
    ends &= long[part]
    tree = cKDTree(np.column_stack([xs, ys]))
    hh, ww = skel.shape
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        ok = (ys + dy < hh) & (xs + dx >= 0) & (xs + dx < ww)
        y2, x2 = ys[ok] + dy, xs[ok] + dx
        nb = skel[y2, x2]
        a, b = hid[ok][nb], at[y2, x2][nb]
        cross = (a != b) & (a >= 0) & (b >= 0)
        where = np.column_stack([xs[ok][nb][cross], ys[ok][nb][cross]])
        pp = part[ok][nb][cross]
        near = tree.query_ball_point(where, REACH * h_px)
        for ha, hb, p, idx in zip(a[cross].tolist(), b[cross].tolist(), pp.tolist(), near, strict=True):
            idx = np.asarray(idx)
            same = idx[part[idx] == p]
            if len(same) > TANGLE * 2 * REACH * h_px:  # a mesh (texture), not a line crossing
                continue
            run_a, run_b = (hid[same] == ha).sum() / h_px, (hid[same] == hb).sum() / h_px
            seen = min(run_a, run_b)
            # a line cut by a name or symbol printed over it ends inside a hex: the run it makes
            # there is all there is to see, and it goes on under the print (the hex it ran into)
            if run_a >= END_RUN and (ends[same] & (hid[same] == ha)).any():
                run_a = max(run_a, MIN_RUN)
            if run_b >= END_RUN and (ends[same] & (hid[same] == hb)).any():
                run_b = max(run_b, MIN_RUN)
            here = (hid[same] == ha) | (hid[same] == hb)
            inked_share = float(on_ink[same][here].mean()) if here.any() else 1.0
            run = Crossing(float(min(run_a, run_b)), float(seen), inked_share)
            key = (min(ha, hb), max(ha, hb))
            if key not in pairs or run > pairs[key]:
                pairs[key] = run
    return pairs
