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
PATCH = 72  # patch side, pixels of the resized image
CELL = 12  # side of the cells the robust measures are pooled over
INK_DELTA_E = 20.0  # Lab distance from the fill beyond which a darker pixel is ink
BANDS = (0.7, 1.0, 1.4, 2.0, 2.8, 4.0)  # Gaussian scales of the lightness band-pass energies


def hex_patches(image: np.ndarray, grid: HexGrid, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(N, PATCH, PATCH, 3) uint8 patches centred on each hex, rotated with the grid, at a scale
    where a hex is :data:`HEX_PX` pixels high (the image is resized once, with area averaging)."""
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
    offs = np.arange(PATCH, dtype=np.float32) - (PATCH - 1) / 2
    gx, gy = np.meshgrid(offs, offs)
    dx, dy = gx * ct - gy * st, gx * st + gy * ct
    maps_x = (centres[:, 0, None, None] + dx[None]).astype(np.float32)
    maps_y = (centres[:, 1, None, None] + dy[None]).astype(np.float32)
    n = len(centres)
    out = np.empty((n, PATCH, PATCH, 3), np.uint8)
    step = 30_000 // PATCH  # patches stacked vertically in one remap (cv2 maps are 2-D, < 32767 rows)
    for s in range(0, n, step):
        e = min(n, s + step)
        got = cv2.remap(
            small,
            maps_x[s:e].reshape(-1, PATCH),
            maps_y[s:e].reshape(-1, PATCH),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        out[s:e] = got.reshape(e - s, PATCH, PATCH, 3)
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
    n = len(patches)
    lab = to_lab(patches.astype(np.float32)).astype(np.float32)  # (N, P, P, 3)
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
    # the legend's own colours: share of the hex nearest each (terrain and feature colours)
    items = list(legend.hex_terrain()) + list(legend.feature)
    if items:
        sub = inside[:, ::3]  # every third pixel is plenty for shares
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
