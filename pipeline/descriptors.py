"""Per-hex descriptors for the terrain classifier: colour, texture and symbols, not colour alone.

Real printed maps tell terrain apart by more than the paper's colour: woods are a fine texture of
tree "bubbles" on the same green as clear ground, mountains are black hatching over a kingdom's
fill. Every hex is cut out as a small square patch (the image is first resized so a hex is about
:data:`HEX_PX` pixels high, so one set of descriptors fits maps of any scan resolution) inside the
hex, and described by:

* **robust texture and colour** (:func:`cell_descriptors`): the patch is cut into small cells and
  each measure is taken per cell, then summarised by its lower quartile and median over the cells.
  A printed number, a place name or a road crossing the hex covers a minority of the cells, so the
  hex's own background (tree bubbles, paper grain, glyphs) decides, not what is printed over it.
  Measures: band-pass energy of the lightness at five scales (difference of Gaussians), local
  contrast, CIE Lab colour, and the **ink after removing the fill**: pixels far from the hex's own
  fill colour and darker than it (a glyph over a kingdom's colour, trees over the clear colour),
  with its density, its band-pass energy and its stroke orientation (structure tensor);
* **the background's texture** (:func:`background_texture`): the same band-pass energies with
  whatever is printed over the hex (names, roads, railways, symbols: anything far from the fill)
  blanked out first, so faint tree bubbles are measured between the lines of a name rather than
  drowned by them;
* **the whole hex** (:func:`whole_hex`, on a wider patch, :data:`WHOLE`, that the central one is
  cut from): ink in thick strokes (a site icon, a town block, a big name) told from the thin
  strokes of terrain symbols, the symbols beside what is printed over the centre, the paper's
  colours, and a bag of the map's own symbol shapes (:func:`symbol_words`). On Divine Right a site
  icon or a name fills the central patch of many hexes whose trees or hatching are printed around
  it (80 % labelled at random: 95.4 % with the central patch alone, 96.2 % with the whole hex);
* **local binary patterns** (rotation-invariant "uniform" codes) of the lightness at three radii
  and of the ink;
* **the legend**: for each legend terrain and feature colour (after the scan's drift), the share of
  the hex's pixels nearest to it.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
from scipy.ndimage import binary_dilation

from ..mapdata.grid import HexGrid
from .colours import Drift, to_lab
from .legend import Legend

HEX_PX = 120.0  # hex height the image is resized to before patches are cut
PATCH = 72  # side of the central patch, pixels of the resized image
WHOLE = 100  # side of the whole-hex patch the central one is cut from
WHOLE_R = 47.0  # radius of the whole-hex disc: inside the hex for flat (60) and pointy (52) hexes
WIDE_CELL = 10  # side of the whole-hex disc's cells
CELL = 12  # side of the cells the robust measures are pooled over
INK_DELTA_E = 20.0  # Lab distance from the fill beyond which a darker pixel is ink
BANDS = (0.7, 1.0, 1.4, 2.0, 2.8, 4.0)  # Gaussian scales of the lightness band-pass energies


def hex_patches(
    image: np.ndarray, grid: HexGrid, cols: np.ndarray, rows: np.ndarray, side: int = WHOLE
) -> np.ndarray:
    """(N, side, side, 3) uint8 patches centred on each hex, rotated with the grid, at a scale
    where a hex is :data:`HEX_PX` pixels high (the image is resized once, with area averaging).
    By default :data:`WHOLE`: the hex's whole inside (:func:`describe` cuts the central
    :data:`PATCH` from it)."""
    f = grid.frame()
    scale = HEX_PX / grid.hex_px()
    small = image
    if scale != 1.0:
        h, w = image.shape[:2]
        small = cv2.resize(
            image,
            (max(1, round(w * scale)), max(1, round(h * scale))),
            interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
        )
    centres = (grid.centers(cols, rows) + 0.5) * scale - 0.5
    t = np.radians(f.angle_deg)
    ct, st = np.cos(t), np.sin(t)
    offs = np.arange(side, dtype=np.float32) - (side - 1) / 2
    gx, gy = np.meshgrid(offs, offs)
    dx, dy = gx * ct - gy * st, gx * st + gy * ct
    maps_x = (centres[:, 0, None, None] + dx[None]).astype(np.float32)
    maps_y = (centres[:, 1, None, None] + dy[None]).astype(np.float32)
    n = len(centres)
    out = np.empty((n, side, side, 3), np.uint8)
    step = 30_000 // side  # patches stacked vertically in one remap (cv2 maps are 2-D, < 32767 rows)
    for s in range(0, n, step):
        e = min(n, s + step)
        got = cv2.remap(
            small,
            maps_x[s:e].reshape(-1, side),
            maps_y[s:e].reshape(-1, side),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        out[s:e] = got.reshape(e - s, side, side, 3)
    return out


def _cells() -> np.ndarray:
    """(K, 2) cell indices of the CELL-sided cells lying inside the patch's inscribed disc."""
    k = PATCH // CELL
    centre = (np.arange(k) + 0.5) * CELL - PATCH / 2
    i, j = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    inside = np.hypot(centre[i], centre[j]) <= PATCH / 2 - CELL / 3
    return np.column_stack([i[inside], j[inside]])


def _disc() -> np.ndarray:
    """The patch's inscribed disc (a little inside it)."""
    offs = np.arange(PATCH) - (PATCH - 1) / 2
    return np.hypot(*np.meshgrid(offs, offs)) <= PATCH / 2 - 1


CELLS = _cells()
DISC = _disc()


def cell_means(img: np.ndarray) -> np.ndarray:
    """(N, K) mean of ``img`` (N, PATCH, PATCH) over each cell inside the disc."""
    k = PATCH // CELL
    m = img.reshape(len(img), k, CELL, k, CELL).mean(axis=(2, 4))
    return m[:, CELLS[:, 0], CELLS[:, 1]]


def _robust(values: np.ndarray, qs: tuple[int, ...] = (25, 50)) -> list[np.ndarray]:
    """Quantiles over the cells: what most of the hex shows, whatever is printed over a few cells."""
    return [np.percentile(values, q, axis=1) for q in qs]


def fill_and_ink(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hex's fill colour (median Lab of its cell means) and the ink mask (N, PATCH, PATCH):
    pixels at least :data:`INK_DELTA_E` from the fill and darker than it (glyphs, tree outlines,
    hatching), whatever the fill's colour."""
    means = np.stack([cell_means(lab[..., c]) for c in range(3)], axis=-1)
    fill = np.median(means, axis=1)
    dist = np.linalg.norm(lab - fill[:, None, None], axis=-1)
    ink = (dist > INK_DELTA_E) & (lab[..., 0] < fill[:, None, None, 0] - 8)
    return fill, ink.astype(np.float32)


def _blur(img: np.ndarray, sigma: float) -> np.ndarray:
    """Each patch of ``img`` (N, PATCH, PATCH) blurred on its own (reflected at its border)."""
    out = np.empty_like(img)
    for k in range(len(img)):
        out[k] = cv2.GaussianBlur(img[k], (0, 0), sigma, borderType=cv2.BORDER_REFLECT)
    return out


def band_passes(light: np.ndarray) -> Iterator[np.ndarray]:
    """|fine - coarse| of ``light`` (N, PATCH, PATCH) between each pair of successive scales of
    :data:`BANDS` (difference of Gaussians), one band at a time (two blurs held at once: memory)."""
    fine = _blur(light, BANDS[0])
    for sigma in BANDS[1:]:
        coarse = _blur(light, sigma)
        yield np.abs(fine - coarse)
        fine = coarse


def cell_descriptors(lab: np.ndarray, ink: np.ndarray) -> list[np.ndarray]:
    """Texture, colour and ink measured per cell, summarised robustly over the cells."""
    light = np.ascontiguousarray(lab[..., 0])
    out: list[np.ndarray] = []
    for band in band_passes(light):
        out += _robust(cell_means(band))
    var = cell_means(light**2) - cell_means(light) ** 2
    out += _robust(np.sqrt(np.maximum(var, 0)))
    for c in range(3):
        out += _robust(cell_means(lab[..., c]), (25, 50, 75))
    out += _robust(cell_means(ink), (25, 50, 75))
    ib = [_blur(ink, s) for s in (1.0, 2.0, 4.0)]
    for fine, coarse in zip(ib[:-1], ib[1:], strict=True):
        out += _robust(cell_means(np.abs(fine - coarse)))
    smooth = ib[0]
    gx = np.zeros_like(smooth)
    gy = np.zeros_like(smooth)
    gx[:, :, 1:-1] = smooth[:, :, 2:] - smooth[:, :, :-2]
    gy[:, 1:-1] = smooth[:, 2:] - smooth[:, :-2]
    jxx, jyy, jxy = cell_means(gx * gx), cell_means(gy * gy), cell_means(gx * gy)
    total = jxx + jyy + 1e-6
    out += _robust((jxx - jyy) / total)
    out += _robust(2 * jxy / total)
    out += _robust(np.hypot(jxx - jyy, 2 * jxy) / total)  # how much the strokes share one direction
    return out


def background_texture(lab: np.ndarray, fill: np.ndarray) -> list[np.ndarray]:
    """Band-pass energies of the hex's background alone, and the share of the hex printed over.

    Pixels at least :data:`INK_DELTA_E` from the fill, in any direction (a black name, a brown
    road, a blue village), grown by a pixel for their anti-aliased rims, are *printed over*: they
    are set to the fill's lightness before filtering, so their edges give no energy, and each
    cell's energy is the mean over its pixels not printed over. A cell more than half printed over
    is left out, and the quartiles are taken over the rest (a hex printed over everywhere gets
    zero energy; its share printed over says so). Where :func:`cell_descriptors` pools over whole
    cells, and a road or a name crossing a third of the cells lifts a plain hex's energy to a
    wood's, this measures the paper between them."""
    light = np.ascontiguousarray(lab[..., 0])
    far = np.linalg.norm(lab - fill[:, None, None], axis=-1) > INK_DELTA_E
    over = binary_dilation(far, np.ones((1, 3, 3), bool))  # and their anti-aliased rims
    light = np.where(over, fill[:, None, None, 0], light).astype(np.float32)
    keep = (~over).astype(np.float32)
    kept = cell_means(keep)
    usable = kept > 0.5
    out: list[np.ndarray] = []
    for band in band_passes(light):
        energy = np.where(usable, cell_means(band * keep) / np.maximum(kept, 1e-3), np.nan)
        out += [_quantile_where_any(energy, q) for q in (25, 50, 75)]
    out.append(over[:, DISC].mean(axis=1))
    return out


def _wide_disc(side: int) -> np.ndarray:
    """The whole-hex disc of a ``side``-sided patch: radius :data:`WHOLE_R` (less on a smaller
    patch), inside the hex whichever way it points, clear of its outline."""
    offs = np.arange(side) - (side - 1) / 2
    return np.hypot(*np.meshgrid(offs, offs)) <= min(WHOLE_R, side / 2 - 1)


AREA_BINS = (16, 64, 256, 1024, 4096)  # ink component areas (px at HEX_PX): strokes, symbols, icons
SOLID = 5  # a stroke at least this thick (px at HEX_PX) is an icon or a big letter, not a symbol


WORDS = 24  # kinds of ink piece the map's symbols are sorted into (k-means over all its pieces; 0: none)
WORD_PX = 10  # side a piece is resized to before its shape is compared
WORD_FIT = 5000  # pieces the kinds are fitted on (a sample of a larger map)


def symbol_words(ink: np.ndarray, seed: int = 0) -> np.ndarray:
    """(N, WORDS) how many of each kind of printed piece every hex holds: a bag of visual words.

    Every connected piece of ink (:data:`AREA_BINS`' smallest left out as noise) is described by
    its shape (the piece's box resized to :data:`WORD_PX` square), its size and its proportions,
    and the pieces of the whole map are sorted into :data:`WORDS` kinds by k-means. A map prints
    each terrain symbol the same way everywhere, so one kind gathers the trees, another the
    tufts, the hatched peaks, the letters of names: counting them tells a wood whose name covers
    half of it, or whose centre a site icon fills, from clear ground beside it. The kinds are
    fitted on the map itself, not chosen for any map."""
    from sklearn.cluster import KMeans

    owner: list[int] = []
    shapes: list[np.ndarray] = []
    for h in range(len(ink) if WORDS else 0):
        count, lab, stats, _ = cv2.connectedComponentsWithStats(ink[h].astype(np.uint8), connectivity=8)
        for c in range(1, count):
            x, y, w, hh, a = stats[c]
            if a < AREA_BINS[0]:
                continue
            piece = (lab[y : y + hh, x : x + w] == c).astype(np.float32)
            small = cv2.resize(piece, (WORD_PX, WORD_PX), interpolation=cv2.INTER_AREA).ravel()
            shapes.append(np.concatenate([small, [np.log(a) / 2, np.log(w / hh)]]))
            owner.append(h)
    out = np.zeros((len(ink), WORDS), np.float32)
    if not WORDS or len(shapes) < WORDS:
        return out
    z = np.array(shapes, np.float32)
    rng = np.random.default_rng(seed)
    fit_on = z if len(z) <= WORD_FIT else z[rng.choice(len(z), WORD_FIT, replace=False)]
    km = KMeans(WORDS, n_init=1, random_state=seed).fit(fit_on)
    np.add.at(out, (np.array(owner), km.predict(z)), 1)
    return out


def whole_hex(lab: np.ndarray) -> list[np.ndarray]:
    """The whole hex, with what is printed over it told from the terrain's symbols.

    ``lab`` (N, S, S, 3): whole-hex patches (:data:`WHOLE`) in Lab. Inside the whole-hex disc,
    ink is a pixel at least :data:`INK_DELTA_E` from the hex's fill and darker. Terrain symbols
    (trees, hatching, arcs, tufts) are thin strokes in small pieces; a site icon, a town block or
    a big name is ink in thick strokes (:data:`SOLID` px and more) or large pieces, and it sits
    mostly at the centre, where the central patch sees little else. So:

    * the ink's share, its share in thick strokes, and its mass by the area of its connected
      pieces (:data:`AREA_BINS`) with the count of pieces in each: the shape of what is printed;
    * the thin ink *beside* the thick (grown by a few pixels): the terrain symbols left around an
      icon or between the letters of a name, its density over the cells of the disc not covered
      (quantiles, so a few cells of a name do not decide) and its strokes' orientation (hatching
      is upright, hill arcs lie flat);
    * the colour of the hex's paper (ink left out) at three quantiles, and the share of the
      paper far from the fill: a second colour, a coast's water or a kingdom's border.
    """
    n, side = lab.shape[:2]
    disc = _wide_disc(side)
    area = float(disc.sum())
    k = side // WIDE_CELL
    off = (side - k * WIDE_CELL) // 2
    centre = (np.arange(k) + 0.5) * WIDE_CELL + off - (side - 1) / 2
    ci, cj = np.meshgrid(centre, centre, indexing="ij")
    cell_in = np.hypot(ci, cj) <= min(WHOLE_R, side / 2 - 1) - WIDE_CELL / 3

    def per_cell(img: np.ndarray) -> np.ndarray:  # (N, S, S) -> (N, cells inside)
        c = img[:, off : off + k * WIDE_CELL, off : off + k * WIDE_CELL]
        return c.reshape(len(img), k, WIDE_CELL, k, WIDE_CELL).mean(axis=(2, 4))[:, cell_in]

    fill = np.median(np.stack([per_cell(lab[..., c]) for c in range(3)], axis=-1), axis=1)
    dist = np.linalg.norm(lab - fill[:, None, None], axis=-1)
    ink = (dist > INK_DELTA_E) & (lab[..., 0] < fill[:, None, None, 0] - 8) & disc
    thick_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (SOLID, SOLID))
    grow_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * SOLID + 1, 2 * SOLID + 1))
    thick = np.empty_like(ink)
    covered = np.empty_like(ink)
    mass = np.zeros((n, len(AREA_BINS) + 1), np.float32)
    pieces = np.zeros((n, len(AREA_BINS) + 1), np.float32)
    for h in range(n):
        m = ink[h].astype(np.uint8)
        t = cv2.morphologyEx(m, cv2.MORPH_OPEN, thick_kernel)
        thick[h] = t > 0
        covered[h] = cv2.dilate(t, grow_kernel) > 0
        count, _, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
        sizes = stats[1:count, cv2.CC_STAT_AREA]
        b = np.searchsorted(AREA_BINS, sizes)
        np.add.at(mass[h], b, sizes)
        np.add.at(pieces[h], b, 1)
    covered &= disc
    out: list[np.ndarray] = [ink.sum(axis=(1, 2)) / area, thick.sum(axis=(1, 2)) / area]
    out += list(symbol_words(ink).T)
    out += list((mass / area).T) + list(pieces.T)
    out.append(covered.sum(axis=(1, 2)) / area)
    thin = (ink & ~covered).astype(np.float32)
    free = (disc & ~covered).astype(np.float32)
    free_cells = per_cell(free)
    density = np.where(free_cells > 0.5, per_cell(thin) / np.maximum(free_cells, 1e-3), np.nan)
    out += [_quantile_where_any(density, q) for q in (25, 50, 75, 90)]
    out.append(thin.sum(axis=(1, 2)) / np.maximum(free.sum(axis=(1, 2)), 1.0))
    smooth = _blur(thin, 1.0)
    gx = np.zeros_like(smooth)
    gy = np.zeros_like(smooth)
    gx[:, :, 1:-1] = smooth[:, :, 2:] - smooth[:, :, :-2]
    gy[:, 1:-1] = smooth[:, 2:] - smooth[:, :-2]
    jxx, jyy, jxy = ((g * free).sum(axis=(1, 2)) for g in (gx * gx, gy * gy, gx * gy))
    total = jxx + jyy + 1e-6
    out += [(jxx - jyy) / total, 2 * jxy / total, np.hypot(jxx - jyy, 2 * jxy) / total]
    paper = disc & ~ink
    for c in range(3):
        out += _masked_quantiles(lab[..., c][:, disc], paper[:, disc], (10, 50, 90))
    out.append((paper & (dist > INK_DELTA_E)).sum(axis=(1, 2)) / area)
    return out


def _masked_quantiles(values: np.ndarray, mask: np.ndarray, qs: tuple[int, ...]) -> list[np.ndarray]:
    """Per row of ``values`` (N, M), the ``qs`` percentiles (nearest rank) of the values where
    ``mask``; of all the row's values where the mask holds none."""
    none = ~mask.any(axis=1, keepdims=True)
    mask = mask | none
    ordered = np.sort(np.where(mask, values, np.inf), axis=1)
    count = mask.sum(axis=1)
    rows = np.arange(len(values))
    return [ordered[rows, np.minimum(count - 1, (q / 100 * count).astype(int))] for q in qs]


def _quantile_where_any(values: np.ndarray, q: float) -> np.ndarray:
    """Per row, the ``q`` percentile of the row's values that are not NaN; 0 where none is."""
    some = ~np.isnan(values).all(axis=1)
    out = np.zeros(len(values), np.float32)
    if some.any():
        out[some] = np.nanpercentile(values[some], q, axis=1)
    return out


def _uniform_lbp(img: np.ndarray, radius: float) -> np.ndarray:
    """Rotation-invariant uniform local binary pattern codes (8 neighbours on a circle of
    ``radius``, bilinear, edges replicated) of every other pixel of ``img`` (N, PATCH, PATCH) in
    each direction (plenty for a histogram): the number of neighbours at least as bright as the
    pixel when the circle changes at most twice, else 9."""
    pad = int(np.ceil(radius)) + 1
    big = np.pad(img.astype(np.float32), ((0, 0), (pad, pad), (pad, pad)), mode="edge")
    centre = img[:, ::2, ::2] - 1e-3
    bits = []
    for t in range(8):
        dy, dx = -radius * np.sin(2 * np.pi * t / 8), radius * np.cos(2 * np.pi * t / 8)
        y0, x0 = int(np.floor(dy)), int(np.floor(dx))
        fy, fx = dy - y0, dx - x0

        def at(oy: int, ox: int) -> np.ndarray:
            return big[:, pad + oy : pad + oy + PATCH : 2, pad + ox : pad + ox + PATCH : 2]

        if abs(fy) < 1e-6 and abs(fx) < 1e-6:
            v = at(y0, x0)
        else:
            v = (
                at(y0, x0) * (1 - fy) * (1 - fx)
                + at(y0, x0 + 1) * (1 - fy) * fx
                + at(y0 + 1, x0) * fy * (1 - fx)
                + at(y0 + 1, x0 + 1) * fy * fx
            )
        bits.append(v >= centre)
    bits = np.stack(bits)
    changes = (bits != np.roll(bits, 1, axis=0)).sum(axis=0)
    return np.where(changes <= 2, bits.sum(axis=0), 9)


def lbp_histograms(light: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Histograms of rotation-invariant uniform local binary patterns of the lightness at radii
    1, 2, 4 and of the ink at radius 2, inside the disc (10 bins each)."""
    disc = DISC[::2, ::2]
    hists = []
    for img, r in ((light, 1), (light, 2), (light, 4), (ink, 2)):
        codes = _uniform_lbp(img, r)[:, disc]
        hists.append(np.stack([(codes == b).mean(axis=1) for b in range(10)], axis=1))
    return np.hstack(hists)


def describe(patches: np.ndarray, legend: Legend, drift: Drift) -> tuple[np.ndarray, list[str]]:
    """Descriptor matrix (N, D) of the patches and the name of each column."""
    n, side = patches.shape[:2]
    wide = to_lab(patches.astype(np.float32)).astype(np.float32)  # (N, S, S, 3)
    cut = (side - PATCH) // 2
    lab = np.ascontiguousarray(wide[:, cut : cut + PATCH, cut : cut + PATCH])  # the central patch
    fill, ink = fill_and_ink(lab)
    names: list[str] = []
    cols: list[np.ndarray] = []

    def add(name: str, values: np.ndarray) -> None:
        values = np.asarray(values, np.float32)
        for j, v in enumerate(values.reshape(n, -1).T):
            names.append(name if values.ndim == 1 else f"{name}{j}")
            cols.append(v)

    for k, v in enumerate(cell_descriptors(lab, ink)):
        add(f"cell{k}", v)
    for k, v in enumerate(background_texture(lab, fill)):
        add(f"background{k}", v)
    inside, ink_in = lab[:, DISC], ink[:, DISC]
    add("ink_share", ink_in.mean(axis=1))
    weight = ink_in.sum(axis=1, keepdims=True)
    ink_lab = (inside * ink_in[..., None]).sum(axis=1) / np.maximum(weight, 1e-6)
    add("ink_lab", np.where(weight > 0, ink_lab, fill))  # no ink: the fill itself
    add("fill_lab", fill)
    add("lbp", lbp_histograms(lab[..., 0], ink))
    for k, v in enumerate(whole_hex(wide)):
        add(f"whole{k}", v)
    # the legend's own colours: share of the hex nearest each (terrain and feature colours)
    items = list(legend.hex_terrain()) + list(legend.feature)
    if items:
        sub = np.concatenate([inside[:, ::3], wide[:, _wide_disc(side)][:, ::5]], axis=1)
        pal = to_lab(drift.apply(np.array([x.color for x in items], np.float32)))
        best = np.full(sub.shape[:2], np.inf, np.float32)
        near = np.zeros(sub.shape[:2], np.int16)
        for k, item in enumerate(items):
            d = np.linalg.norm(sub - pal[k], axis=-1)
            add(f"close_{item.name}_{k}", (d < 15).mean(axis=1))
            nearer = d < best
            best[nearer], near[nearer] = d[nearer], k
        for k, item in enumerate(items):
            add(f"share_{item.name}_{k}", (near == k).mean(axis=1))
    return np.column_stack(cols), names
