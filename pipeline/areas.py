"""Area-map scan -> area map data (``railhead digitize-areas``): areas, sea zones, ports, adjacency.

The legend's ``[areas]`` table and ``[[area]]`` fills (see :mod:`.legend`) say how the map prints
them. The steps:

1. every pixel is given the nearest legend colour (fills, port ink) after fitting the scan's colour
   drift (:func:`.colours.fit_drift`); line inks (border, sea-border, name) are found as mixtures
   with the local fill, since a blurred thin line never shows its ink's colour (:func:`classify_pixels`);
2. the line inks and port symbols together make a *barrier* mask (a blurred border's pixels fall
   to one ink or another along it); specks are dropped, and so are pieces that are mostly name ink
   (words);
3. breaks in the borders — under a name's halo, between the dashes of a sea-zone line, under a
   port symbol's edge — are closed: the barrier's skeleton ends (not short spurs of a junction) are
   joined in pairs that face each other within ``max_gap_px``; an end left over (of a long line,
   or of a dash in a joined dashed line) under a name — where three borders meet under its halo —
   is joined to the nearest border ahead of it under the same name (three borders' ends going
   under one name are first joined at one point); any other is carried on along its direction to
   the first border within ``max_gap_px``, or to the picture's edge (a border's end only: not a
   letter's stroke);
4. the printed frame around the map is drawn whole (:func:`frame_lines`); the pieces the barrier
   encloses (4-connected) of at least ``min_area_px`` are the areas, without their long strips
   (the space inside a border drawn double, reached through a break); every other pixel (the
   borders themselves, names, symbols, strips) joins the nearest area, so that the areas tile the
   map and neighbours meet along the middle of their border. With a gazetteer: a piece no name
   falls in, cut off a neighbour mostly by joins the digitizer guessed, is part of it
   (:func:`rejoin_cut_pieces`); a piece holding two or more names is split between them along
   what was found of the lines (:func:`split_named`; those borders are marked ``inferred`` and
   reported); small unnamed pieces join a neighbour, and strips and pieces at the picture's edge
   are shared out among the areas around them (:func:`join_unnamed_pieces`);
5. an area is sea or land by the majority of its fill pixels; its polygon is its outline (image
   pixels, simplified by :data:`SIMPLIFY_PX`); two areas are adjacent when they share more than
   ``min_border_px`` pixel sides of border, and more than :data:`.area_contacts.CORNER` times the
   width of the map's borders (areas meeting at a point, or diagonally across a crossing of wide
   borders, are not), and when a line runs between them along their seam (areas facing each other
   across the open square of a crossing of double lines are not: :func:`.area_contacts.corner_seams`);
   contacts near that limit are reported with a confidence. Before that, with
   a gazetteer, each area is made one piece without long strips, and its wide parts beyond a
   narrow neck are areas of their own (:mod:`.area_shapes`); the boxes printed over and beside
   the map (closed upright rectangles holding no name) are no area (:mod:`.area_extent`), and a
   piece at the picture's edge (the margin) is shared out, never rejoined whole to one area;
6. port symbols are blobs of the port ink about ``port_size_px`` across: each is a port of the land
   area under it, joined to the sea zones beside it (a ``port`` border, as the rulesets read);
7. names come from the user's gazetteer (:mod:`.gazetteer`): the area under a place's point takes
   its name, id and attrs; areas no place names get ids ``land_01``, ``sea_01``, ``port_01`` (by
   position, top to bottom) and are listed in the report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from scipy import ndimage

from ..errors import InputError
from ..mapdata.model import Area, Border, MapData
from .area_contacts import (
    WEAK,
    Seams,
    border_zone,
    corner_limit,
    seam_slides,
    short_contacts,
    slide_confidence,
    under_slide,
    weak_contacts,
)
from .area_extent import printed_boxes, void_labels
from .area_shapes import cut_necks, trim_strips, whole_areas
from .colours import fit_drift, nearest, to_lab
from .gazetteer import Place
from .legend import Legend, parse_colour

SIMPLIFY_PX = 1.0
"""Polygons are simplified by this many pixels (Douglas-Peucker), well under a border's width."""

INK_SHARE = 0.4
"""A pixel this far (0..1) from its background towards a line ink's colour is that ink."""

INK_OFF_PATH = 0.25
"""... and no farther from that path than this share of the background-to-ink distance."""

MIN_CONTRAST = 20.0
"""An ink no farther than this (RGB) from the ground it lies on is not told from it there (a pale
river ink over a pale sea)."""

_LUMA = np.array([0.299, 0.587, 0.114], np.float32)

_DEFAULTS = {
    "border_width_px": 3.0,
    "port_size_px": 11.0,
    "max_gap_px": 60.0,
    "min_border_px": 12.0,
    "min_area_px": 400.0,
}


@dataclass(frozen=True)
class AreaSpec:
    """What an area map's legend says of its print."""

    palette: np.ndarray  # (K, 3) RGB of every legend colour
    roles: tuple[str, ...]  # per palette colour: land, sea, border, sea_border, text, port
    width: float
    port_size: float
    max_gap: float
    min_border: float
    min_area: float
    kinds: tuple[str | None, ...] = ()  # per palette colour: the border kind an ink draws, if named
    dashed: bool = False  # the sea-zone lines are dashed or dotted

    def index(self, *roles: str) -> list[int]:
        return [i for i, r in enumerate(self.roles) if r in roles]


INK_APART = 5.0
"""Two colours of an area legend closer than this (CIE Lab distance, about two just noticeable
differences of 2.3) cannot be told apart on a scan, whose samples of one ink vary by more; a legend
giving them different roles is refused (:func:`_refuse_close_inks`). Not tuned on any map."""


def _refuse_close_inks(colours: list, roles: list[str], said: list[str], file: str | None) -> None:
    """An InputError (exit 2) when two of the legend's colours of different roles (a fill and an
    ink, land and sea, two inks) are closer than :data:`INK_APART`: every pixel of one would be
    read as either, as an area printed black beside borders printed black (sampled as two)."""
    lab = to_lab(np.array(colours, np.float32))
    for i in range(len(colours)):
        for j in range(i + 1, len(colours)):
            if roles[i] == roles[j] and roles[i] in ("land", "sea"):
                continue  # two fills of one kind: either reading is right
            d = float(np.linalg.norm(lab[i] - lab[j]))
            if d < INK_APART:
                raise InputError(
                    f"{said[i]} ({roles[i]}) and {said[j]} ({roles[j]}) are colours too close to tell "
                    f"apart on a scan (Lab distance {d:.1f}, under {INK_APART:g}): keep one of them, "
                    "the colour of what is printed more (an area printed in the border ink, as a "
                    "country printed black beside black borders, is no fill: leave it out)",
                    file=file,
                    where="area",
                )


def area_spec(legend: Legend) -> AreaSpec:
    """The area section of ``legend``; an InputError when the legend has none."""
    if not legend.areas:
        raise InputError(
            "the legend has no [areas] table: an area map's legend gives border = '#rrggbb' and "
            "[[area]] fills with kind = 'land' or 'sea'",
            file=legend.file,
            where="areas",
        )
    kinds = {f.extra.get("kind") for f in legend.area}
    if "land" not in kinds and "sea" not in kinds:
        raise InputError("expected [[area]] fills (name, color, kind)", file=legend.file, where="area")
    colours, roles, named, said = [], [], [], []
    for f in legend.area:
        colours.append(f.color)
        roles.append(str(f.extra["kind"]))
        named.append(f.name if f.extra["kind"] == "border" else None)
        said.append(f"[[area]] {f.name!r}")
    for key in ("border", "sea_border", "text", "port"):
        if key in legend.areas:
            colours.append(parse_colour(legend.areas[key]))
            roles.append(key)
            named.append(None)
            said.append(f"[areas] {key}")
    _refuse_close_inks(colours, roles, said, legend.file)
    a = {**_DEFAULTS, **legend.areas}
    return AreaSpec(
        np.array(colours, np.float32),
        tuple(roles),
        float(a["border_width_px"]),
        float(a["port_size_px"]),
        float(a["max_gap_px"]),
        float(a["min_border_px"]),
        float(a["min_area_px"]),
        tuple(named),
        a.get("sea_border_style") == "dashed",
    )


# --------------------------------------------------------------------------- pixels
def classify_pixels(image: np.ndarray, spec: AreaSpec, seed: int = 0) -> np.ndarray:
    """The legend colour at every pixel (H, W) uint8, an index into ``spec.roles``.

    Fills and port symbols are the nearest legend colour after the scan's drift. Thin lines blur
    into the fill beside them, so a line ink is found as a mixture instead: a pixel is ink ``k`` when
    it lies at least :data:`INK_SHARE` of the way from its local background (the fill, the picture
    closed by a disc wider than the lines; opened instead for an ink lighter than the fills, as a
    pale border over a painted ground) towards the ink, and near that straight path, and the ink
    differs from that ground by :data:`MIN_CONTRAST` at least."""
    h, w = image.shape[:2]
    rng = np.random.default_rng(seed)
    flat = image.reshape(-1, 3)
    pick = rng.choice(len(flat), size=min(len(flat), 40_000), replace=False)
    samples = flat[pick].astype(np.float32)
    # inks are rare beside the fills: weigh each colour's samples alike, so that the dark inks
    # hold the gain (fills alone, all pale, would let it slide into the offset)
    first, _ = nearest(to_lab(samples), to_lab(spec.palette))
    weights = 1.0 / np.bincount(first, minlength=len(spec.palette))[first]
    drift, _ = fit_drift(samples, spec.palette, weights=weights)
    seen = drift.apply(spec.palette)
    pal = to_lab(seen)
    inks = spec.index("border", "sea_border", "text", "line")
    out = np.empty((h, w), np.uint8)
    k = int(2 * np.ceil(spec.width) + 5)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    fills = spec.index("land", "sea")
    ground = float(np.median(spec.palette[fills] @ _LUMA)) if fills else 255.0
    lighter = {i: float(spec.palette[i] @ _LUMA) > ground for i in inks}
    rows = max(1, 1_000_000 // max(w, 1))
    for y in range(0, h, rows):
        y0, y1 = max(0, y - k), min(h, y + rows + k)
        part = np.ascontiguousarray(image[y0:y1])
        idx, _ = nearest(to_lab(part.astype(np.float32)), pal)
        grounds = {
            light: cv2.morphologyEx(part, cv2.MORPH_OPEN if light else cv2.MORPH_CLOSE, disc).astype(
                np.float32
            )
            for light in set(lighter.values())
        }
        pf = part.astype(np.float32)
        diffs = {light: pf - bg for light, bg in grounds.items()}  # the picture off each ground
        best = np.full(part.shape[:2], np.inf, np.float32)
        for i in inks:
            bg, d = grounds[lighter[i]], diffs[lighter[i]]
            v = spec.palette[i][None, None, :] - bg
            vv = np.maximum((v * v).sum(-1), 1.0)
            a = (d * v).sum(-1) / vv
            r = np.linalg.norm(d - a[..., None] * v, axis=-1) / np.sqrt(vv)  # off the path, per length
            hit = (a >= INK_SHARE) & (r <= INK_OFF_PATH) & (r < best) & (vv >= MIN_CONTRAST**2)
            idx[hit] = i
            best[hit] = r[hit]
        out[y : y + rows] = idx[y - y0 : y - y0 + rows]
    return out


def barrier_mask(cls: np.ndarray, spec: AreaSpec) -> np.ndarray:
    """Border inks and port symbols, without specks and without pieces mostly of name ink.

    The inks are taken together (a blurred border's pixels fall to one ink or another along it);
    a piece that is mostly name ink is a word, not a border."""
    ink = np.isin(cls, spec.index("border", "sea_border", "port", "text"))
    text = np.isin(cls, spec.index("text"))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    size = stats[:, cv2.CC_STAT_AREA]
    words = np.bincount(comp[text], minlength=n)
    keep = (size >= max(4.0, spec.width**2)) & (words < 0.5 * size)
    keep[0] = False
    return keep[comp]


def thin_lines(
    barrier: np.ndarray, cls: np.ndarray, spec: AreaSpec, hidden: np.ndarray | None = None
) -> np.ndarray:
    """The barrier without the solid blobs of line ink thicker than a border (a shield, a crown, a
    town symbol printed in colours near a border ink), without specks, and with the dots of a
    dotted sea-zone line joined.

    A blob at least :data:`THICK` line widths across in every direction is no line; cut out (with
    a line width around it), it leaves a break in a border that runs under it, closed as the
    other breaks are. Port symbols are kept (they are solid by design). The dots of a dotted line
    are joined when they lie within a line width of each other (longer dashes are joined as
    breaks, by :func:`close_gaps`)."""
    out = barrier.copy()
    lines = np.isin(cls, spec.index("border", "sea_border")) & barrier
    k = int(np.ceil(THICK * spec.width)) | 1
    solid = cv2.morphologyEx(
        lines.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    if solid.any():
        g = int(2 * np.ceil(spec.width) + 1)
        solid = cv2.dilate(solid, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (g, g)))
        out &= ~(solid.astype(bool) & lines)
    if spec.dashed and spec.index("sea_border"):
        dots = (np.isin(cls, spec.index("sea_border")) & out).astype(np.uint8)
        g = int(np.ceil(spec.width)) + 2
        out |= (
            cv2.morphologyEx(dots, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (g, g))) > 0
        )
    # pieces shorter than a border's shortest stretch (a letter, a speck of the ground taken for
    # ink) are no border, unless they hold a port symbol, run off the picture, touch a name's
    # halo (``hidden``) or are mostly the ink of a dashed sea-zone line; a line broken
    # into bits by a textured ground is one piece (bits within a line width of each other)
    g = int(np.ceil(spec.width)) | 1
    near = cv2.dilate(out.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (g, g)))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(near, connectivity=8)
    x0, y0 = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    pw, ph = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    h, w = out.shape
    keep = np.maximum(pw, ph) >= _shortest(spec)
    keep |= (x0 == 0) | (y0 == 0) | (x0 + pw == w) | (y0 + ph == h)
    if spec.index("port"):
        keep |= np.bincount(comp[np.isin(cls, spec.index("port"))], minlength=n) > 0
    if hidden is not None and hidden.any():  # a stretch of border between names' halos
        keep |= np.bincount(comp[hidden], minlength=n) > 0
    if spec.dashed and spec.index("sea_border"):  # a dash is short by design
        dash = np.bincount(comp[out & np.isin(cls, spec.index("sea_border"))], minlength=n)
        keep |= dash * 2 > np.bincount(comp[out], minlength=n)
    keep[0] = False
    out &= keep[comp]
    named = [i for i, k in enumerate(spec.kinds) if k]
    if BRIDGE and named:  # after the specks and letters are gone: only a border's breaks
        g = int(np.ceil(BRIDGE * spec.width)) | 1
        lines = cv2.morphologyEx(
            (out & np.isin(cls, named)).astype(np.uint8),
            cv2.MORPH_CLOSE,
            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (g, g)),
        )
        out |= lines > 0
    return out


def _shortest(spec: AreaSpec) -> float:
    """A piece of line this long or longer may be a border (shorter: a letter, a speck)."""
    return min(spec.max_gap, 4 * _spur(spec))


BRIDGE = 3.0
"""Breaks up to this many line widths long in a line of an ink the legend names as a border kind
(``[[area]] kind = "border"``) are closed at once (a closing of those inks, once specks and
letters are gone), before the breaks are joined end to end (:func:`close_gaps`): such a line is
drawn unbroken, and over a textured ground it is found in bits. Not the other inks: on generated
maps, closing them joins names printed in the border ink, and borders under a name's halo, to the
borders beside them (areas lost). Chosen leave-one-map-out (``bench/digitize_real_areas.py``)."""

THICK = 3.0
"""A blob of line ink this many line widths thick is a symbol, not a border (:func:`thin_lines`)."""


def fill_classes(image: np.ndarray, spec: AreaSpec) -> np.ndarray:
    """The nearest fill colour (an index into ``spec.roles``, fills only) of every pixel of the
    picture with its lines taken out (a median over a disc wider than them): a dark painted land
    is land even where it looks like a dark ink."""
    fills = spec.index("land", "sea")
    k = int(2 * np.ceil(spec.width) + 5) | 1
    smooth = cv2.medianBlur(np.ascontiguousarray(image), k)
    pal = to_lab(spec.palette[fills])
    out = np.empty(image.shape[:2], np.uint8)
    rows = max(1, 1_000_000 // max(image.shape[1], 1))
    for y in range(0, image.shape[0], rows):
        idx, _ = nearest(to_lab(smooth[y : y + rows].astype(np.float32)), pal)
        out[y : y + rows] = np.array(fills, np.uint8)[idx]
    return out


def fill_coasts(cls: np.ndarray, spec: AreaSpec) -> np.ndarray:
    """Where land meets sea, whether a line is drawn there or not: the edge between the land and the
    sea fills (each pixel of a fill class by the majority of fill pixels within two line widths
    and a little, or where under a quarter of those show a fill, of the nearest pixel that does;
    pieces under ``min_area_px`` — a name's halo, a symbol — taken into what surrounds them).
    Empty when the legend names no land or no sea fill."""
    land_i, sea_i = spec.index("land"), spec.index("sea")
    if not land_i or not sea_i:
        return np.zeros(cls.shape, bool)
    k = int(2 * (2 * np.ceil(spec.width) + 3) + 1)
    land = cv2.boxFilter(np.isin(cls, land_i).astype(np.float32), -1, (k, k))
    sea = cv2.boxFilter(np.isin(cls, sea_i).astype(np.float32), -1, (k, k))
    is_sea = sea > land
    # where neither fill shows (lines, names, a symbol, a ground the inks took), the nearest fill
    unsure = land + sea < 0.25
    if unsure.any() and not unsure.all():
        idx = ndimage.distance_transform_edt(unsure, return_distances=False, return_indices=True)
        is_sea = is_sea[idx[0], idx[1]]
    for _ in range(2):  # drop small pieces of either, then of the other
        for value in (True, False):
            n, comp, stats, _ = cv2.connectedComponentsWithStats(
                (is_sea == value).astype(np.uint8), connectivity=4
            )
            small = stats[:, cv2.CC_STAT_AREA] < spec.min_area
            small[0] = False
            is_sea[small[comp] & (comp > 0)] = not value
    edge = np.zeros(cls.shape, bool)
    edge[:, 1:] |= is_sea[:, 1:] != is_sea[:, :-1]
    edge[1:, :] |= is_sea[1:, :] != is_sea[:-1, :]
    return edge


FRAME_COVER = 0.6
"""A row (column) near the picture's edge whose found lines cover this share of the picture's
width (height) is the printed map's frame (:func:`frame_lines`)."""


def frame_lines(barrier: np.ndarray, spec: AreaSpec) -> np.ndarray:
    """The printed frame around the map, drawn whole: a row (column) in the outer eighth of the
    picture whose found line pixels (within a line width of it, for a frame not quite level)
    cover :data:`FRAME_COVER` of its length, carried across the picture. A frame is broken where
    names, symbols or a textured ground cross it; unclosed, the margin between it and the
    picture's edge joins the areas along the edge to one another. Empty when FRAME_COVER is 0."""
    out = np.zeros(barrier.shape, bool)
    if FRAME_COVER <= 0:
        return out
    h, w = barrier.shape
    g = 2 * int(np.ceil(spec.width)) + 1
    for axis, n in ((0, h), (1, w)):
        # a line within a line width across: the rows (columns) dilated along the other axis
        lines = barrier if axis == 0 else barrier.T
        near = cv2.dilate(lines.astype(np.uint8), np.ones((g, 1), np.uint8)) > 0
        cover = near.mean(axis=1)
        band = max(1, n // 8)
        for i in list(range(band)) + list(range(n - band, n)):
            if cover[i] >= FRAME_COVER:
                if axis == 0:
                    out[i, :] = True
                else:
                    out[:, i] = True
    return out


def hidden_mask(cls: np.ndarray, spec: AreaSpec) -> np.ndarray:
    """Where a printed name may hide a border: the names (pieces of ink mostly of name ink, as
    :func:`barrier_mask` leaves out) widened by their halo, taken as two line widths and a little.

    A border's ends are found at this region's edge; what it does inside is not seen. Empty when
    the legend gives no name ink."""
    if not spec.index("text"):
        return np.zeros(cls.shape, bool)
    ink = np.isin(cls, spec.index("border", "sea_border", "port", "text"))
    text = np.isin(cls, spec.index("text"))
    n, comp, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    size = stats[:, cv2.CC_STAT_AREA]
    words = np.bincount(comp[text], minlength=n)
    letter = (size >= max(4.0, spec.width**2)) & (words >= 0.5 * size)
    letter[0] = False
    k = int(2 * np.ceil(2 * spec.width + 3) + 1)
    return cv2.dilate(letter[comp].astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))) > 0


# --------------------------------------------------------------------------- gaps
_N8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _trace(skel: np.ndarray, y: int, x: int, steps: int) -> tuple[list[tuple[int, int]], bool]:
    """Walk from an end of the skeleton; (path, reached a junction)."""
    h, w = skel.shape
    path = [(y, x)]
    seen = {(y, x)}
    for _ in range(steps):
        cy, cx = path[-1]
        nxt = [
            (cy + dy, cx + dx)
            for dy, dx in _N8
            if 0 <= cy + dy < h
            and 0 <= cx + dx < w
            and skel[cy + dy, cx + dx]
            and (cy + dy, cx + dx) not in seen
        ]
        if not nxt:
            return path, False
        if len(nxt) > 1:
            # a staircase step gives two touching candidates; a junction gives separate ones
            if all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a in nxt for b in nxt):
                nxt.sort(key=lambda p: abs(p[0] - cy) + abs(p[1] - cx))
                seen.update(nxt)
                path.append(nxt[0])
                continue
            return path, True
        seen.add(nxt[0])
        path.append(nxt[0])
    return path, False


@dataclass(frozen=True)
class _End:
    point: np.ndarray  # (x, y)
    direction: np.ndarray  # unit vector pointing out of the line
    solid: bool  # a long unbranched line behind it (not a dash, not a spur of a junction)


def _spur(spec: AreaSpec) -> int:
    """The longest branch of a line's skeleton that is a spur of it (at a corner or a junction)."""
    return int(2 * spec.width + 4)


def _ends(barrier: np.ndarray, spec: AreaSpec) -> list[_End]:
    from skimage.morphology import skeletonize

    skel = skeletonize(barrier)
    nb = cv2.filter2D(skel.astype(np.uint8), -1, np.ones((3, 3), np.float32), borderType=cv2.BORDER_CONSTANT)
    ys, xs = np.nonzero(skel & (nb == 2))
    h, w = skel.shape
    edge = spec.width + 3
    spur = _spur(spec)
    out = []
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        if x < edge or y < edge or x >= w - edge or y >= h - edge:
            continue  # a border running off the picture
        path, junction = _trace(skel, y, x, 2 * spur)
        if (junction and len(path) < spur) or len(path) < 3:
            continue  # a spur of the skeleton, or a speck
        back = path[min(len(path) - 1, 12)]
        d = np.array([x - back[1], y - back[0]], float)
        norm = np.linalg.norm(d)
        if norm == 0:
            continue
        out.append(_End(np.array([x, y], float), d / norm, len(path) > 2 * spur))
    return out


def close_gaps(
    barrier: np.ndarray, spec: AreaSpec, hidden: np.ndarray | None = None, text: np.ndarray | None = None
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """The barrier with its breaks closed, and the segments drawn (for the overlay).

    ``hidden`` (:func:`hidden_mask`) is where names hide the borders. Three borders' ends going
    under one name meet at one point there (a junction under a halo, :func:`_under_names`,
    :func:`_meet`), before any other pairing; an end of a border left unpaired under a name goes on
    unseen, to meet another border: it is joined to the nearest border ahead of it in the same
    name's region (:func:`_join_hidden`).
    ``text`` (the pixels of name ink) tells the end of a letter's stroke (a name overprinting a
    border, joined to it) from a border's end: it is neither joined under a name nor carried on
    (two such ends facing each other may still be paired)."""
    from scipy.spatial import cKDTree

    out = barrier.astype(np.uint8)
    ends = _ends(barrier, spec)
    links: list[tuple[np.ndarray, np.ndarray]] = []
    thick = max(2, int(round(spec.width)))
    _, comp, pstats, _ = cv2.connectedComponentsWithStats(barrier.astype(np.uint8), connectivity=8)
    if FORKS:
        ends = _merge_forks(ends, comp, spec)
    free = [True] * len(ends)
    along = [False] * len(ends)  # joined to an end it faces: a dash of a line, not a letter
    of = [int(comp[int(e.point[1]), int(e.point[0])]) for e in ends]
    # a solid end is carried on only from a border: a piece longer than a letter or a symbol
    # printed in the border ink (whose strokes can be as long as a short line's), or one running
    # off the picture
    x0, y0 = pstats[:, cv2.CC_STAT_LEFT], pstats[:, cv2.CC_STAT_TOP]
    pw, ph = pstats[:, cv2.CC_STAT_WIDTH], pstats[:, cv2.CC_STAT_HEIGHT]
    bh, bw = barrier.shape
    border = (np.maximum(pw, ph) >= min(spec.max_gap, 4 * _spur(spec))) | (x0 == 0) | (y0 == 0)
    border |= (x0 + pw == bw) | (y0 + ph == bh)
    # the end of a letter's stroke (a name overprinting a border is joined to it) is no border's
    # end: it is neither joined under a name nor carried on
    stroke = [text is not None and _mostly_text(e, barrier, text, spec) for e in ends]
    parts = None
    if hidden is not None and hidden.any():
        _, parts = cv2.connectedComponents(hidden.astype(np.uint8), connectivity=8)
        whole = [bool(border[of[k]]) and not stroke[k] for k in range(len(ends))]
        for group in _under_names(ends, whole, parts, spec):
            links += _meet(ends, group, spec)
            for k in group:
                free[k] = False
    if len(ends) > 1:
        pts = np.array([e.point for e in ends])
        pairs = cKDTree(pts).query_pairs(spec.max_gap, output_type="ndarray")
        scored = []
        for i, j in pairs.tolist():
            v = pts[j] - pts[i]
            d = float(np.linalg.norm(v))
            if d < 1:
                continue
            u = v / d
            ci, cj = float(ends[i].direction @ u), float(-ends[j].direction @ u)
            if not (free[i] and free[j]):
                continue
            if d > 2 * spec.width + 2 and (ci < 0.4 or cj < 0.4):
                continue  # the two ends do not face each other
            scored.append((d * (3 - ci - cj), i, j, min(ci, cj) >= 0.4))
        for _, i, j, facing in sorted(scored):
            if free[i] and free[j]:
                free[i] = free[j] = False
                along[i] = along[j] = facing
                links.append((pts[i], pts[j]))
    for a, b in links:
        cv2.line(out, tuple(int(round(v)) for v in a), tuple(int(round(v)) for v in b), 1, thick)
    h, w = out.shape
    # a dash whose other end joined the next dash (facing it, along the line) is part of a line:
    # it may be carried on too; two letters of a name printed in the border ink, joined across
    # the short space between them, are not
    chained = {of[k] for k in range(len(ends)) if along[k]}
    line = [(e.solid and border[of[k]]) or of[k] in chained for k, e in enumerate(ends)]
    if parts is not None:
        for k, e in enumerate(ends):
            if not free[k] or stroke[k] or not line[k]:
                continue
            stop = _join_hidden(e, out, parts, spec)
            if stop is not None:
                free[k] = False
                cv2.line(out, tuple(int(round(v)) for v in e.point), stop, 1, thick)
                links.append((e.point, np.array(stop, float)))
    # a carried-on line stops at a border, not at a lone dash (which would leave the gap open)
    _, now, stats, _ = cv2.connectedComponentsWithStats(out, connectivity=8)
    solid = stats[:, cv2.CC_STAT_AREA] >= spec.max_gap * spec.width
    solid[0] = False
    for k, e in enumerate(ends):
        if not free[k]:
            continue
        carry = line[k] and not stroke[k]
        for t in np.arange(spec.width + 2, spec.max_gap + 1, 1.0):
            x, y = e.point + e.direction * t
            xi, yi = int(round(x)), int(round(y))
            if not (0 <= xi < w and 0 <= yi < h):  # the line runs off the picture
                if not carry:
                    break  # a letter's stroke near the edge, not a border
                stop = np.array([min(max(xi, 0), w - 1), min(max(yi, 0), h - 1)], float)
                cv2.line(out, tuple(int(v) for v in e.point), tuple(int(v) for v in stop), 1, thick)
                links.append((e.point, stop))
                break
            if carry and solid[now[max(0, yi - 1) : yi + 2, max(0, xi - 1) : xi + 2]].any():
                stop = np.array([xi, yi], float)
                cv2.line(out, tuple(int(v) for v in e.point), (xi, yi), 1, thick)
                links.append((e.point, stop))
                break
    return out.astype(bool), links


FORKS = 1
"""1: two ends of one line near each other pointing the same way (the fork of a skeleton at a
line's blunt end: a river's end) are one end, pointing between them, that goes on across the
break beyond it; 0: they are joined to each other and go no farther. Chosen leave-one-map-out
(``bench/digitize_real_areas.py``)."""

FORK_REACH = 2.0
"""... within this many line widths and 2 px (as close as two ends are joined facing or not)."""

FORK_COS = 0.8
"""... pointing within about 37 degrees of each other. Chosen leave-one-map-out."""


def _merge_forks(ends: list[_End], comp: np.ndarray, spec: AreaSpec) -> list[_End]:
    """The ends with each fork (:data:`FORKS`) made one end: two ends of one line within
    ``FORK_REACH`` line widths and a little of each other, pointing within :data:`FORK_COS` of
    one way."""
    if len(ends) < 2:
        return ends
    from scipy.spatial import cKDTree

    pts = np.array([e.point for e in ends])
    of = comp[pts[:, 1].astype(int), pts[:, 0].astype(int)]
    gone = [False] * len(ends)
    out = list(ends)
    for i, j in sorted(cKDTree(pts).query_pairs(FORK_REACH * spec.width + 2)):
        e, f = out[i], ends[j]
        if gone[i] or gone[j] or of[i] != of[j] or float(e.direction @ f.direction) <= FORK_COS:
            continue
        d = e.direction + f.direction
        out[i] = _End((e.point + f.point) / 2, d / np.linalg.norm(d), e.solid or f.solid)
        gone[j] = True
    return [e for k, e in enumerate(out) if not gone[k]]


def _under_names(ends: list[_End], solid: list[bool], parts: np.ndarray, spec: AreaSpec) -> list[list[int]]:
    """The borders' ends that go under each name, for the names with three (a junction under the
    halo): an end of a border (``solid``: not a letter's) at or in the name's hidden region whose
    line goes on into it. Two ends are left to the pairing (one border passing under the name),
    four or more too (two names' regions run together, two borders passing under them)."""
    h, w = parts.shape
    groups: dict[int, list[int]] = {}
    for k, e in enumerate(ends):
        if not solid[k]:
            continue
        x, y = (int(round(v)) for v in e.point)
        ax, ay = (int(round(v)) for v in e.point + e.direction * (spec.width + 3))
        if not (0 <= ax < w and 0 <= ay < h) or parts[ay, ax] == 0 or parts[y, x] not in (0, parts[ay, ax]):
            continue
        groups.setdefault(int(parts[ay, ax]), []).append(k)
    return [g for g in groups.values() if len(g) == 3]


def _meet(ends: list[_End], group: list[int], spec: AreaSpec) -> list[tuple[np.ndarray, np.ndarray]]:
    """Joins for the borders that go under one name: two ends are one border passing under it,
    three meet at one point (where their lines come nearest to one another, kept among the ends)."""
    pts = np.array([ends[k].point for k in group])
    if len(group) == 2:
        return [(pts[0], pts[1])]
    # the point nearest to every end's line (least squares), or the ends' middle when the lines
    # run nearly parallel or it falls outside the ends' box
    a = np.zeros((2, 2))
    b = np.zeros(2)
    for k in group:
        d = ends[k].direction
        m = np.eye(2) - np.outer(d, d)
        a += m
        b += m @ ends[k].point
    centre = pts.mean(axis=0)
    if abs(np.linalg.det(a)) > 1e-6:
        c = np.linalg.solve(a, b)
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        if np.all(c >= lo - spec.width) and np.all(c <= hi + spec.width):
            centre = c
    return [(p, centre) for p in pts]


STROKE_TEXT = 0.8
"""The share of name ink around an end that makes it the end of a letter's stroke."""


def _mostly_text(e: _End, barrier: np.ndarray, text: np.ndarray, spec: AreaSpec) -> bool:
    """Whether the barrier's pixels around end ``e`` are mostly name ink (:data:`STROKE_TEXT`).

    A blurred border's dark core can take the name ink too (up to about 0.9 of the pixels at the
    end of a border on the hardest synthetic scans), a letter's stroke takes it nearly all."""
    r = int(np.ceil(spec.width)) + 1
    x, y = int(e.point[0]), int(e.point[1])
    box = np.s_[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1]
    near = barrier[box]
    return bool(near.any() and text[box][near].mean() > STROKE_TEXT)


AHEAD_COS = 0.3
"""An end under a name joins a border no more than about 72 degrees off its own direction."""


def _join_hidden(e: _End, lines: np.ndarray, parts: np.ndarray, spec: AreaSpec) -> tuple[int, int] | None:
    """The point where the border of end ``e``, hidden under a name, meets another border.

    Three borders meeting under a name's halo show three ends at its edge; two of them face each
    other and are joined, the third faces neither and would be carried on straight past the
    junction. It meets the other borders somewhere under the name: the nearest pixel of a border
    (``lines``, drawn joins included) within the hidden region of the same name (``parts``: the
    hidden regions numbered), ahead of the end (within :data:`AHEAD_COS`) and within
    ``max_gap_px``. None when the end is not under a name or no border lies ahead of it there."""
    x, y = int(round(e.point[0])), int(round(e.point[1]))
    h, w = parts.shape
    if not (0 <= x < w and 0 <= y < h and parts[y, x]):
        return None
    r = int(np.ceil(spec.max_gap))
    box = np.s_[max(0, y - r) : y + r + 1, max(0, x - r) : x + r + 1]
    x0, y0 = max(0, x - r), max(0, y - r)
    win = lines[box].astype(bool) & (parts[box] == parts[y, x])
    ys, xs = np.nonzero(win)
    if not len(ys):
        return None
    vx, vy = xs + x0 - e.point[0], ys + y0 - e.point[1]
    d = np.hypot(vx, vy)
    ahead = vx * e.direction[0] + vy * e.direction[1] >= AHEAD_COS * d
    ok = (d > spec.width + 2) & (d <= spec.max_gap) & ahead
    if not ok.any():
        return None
    i = int(np.argmin(np.where(ok, d, np.inf)))
    return int(xs[i] + x0), int(ys[i] + y0)


# --------------------------------------------------------------------------- regions
def regions(
    barrier: np.ndarray,
    min_area: float,
    min_width: float = 0.0,
    width: float = 0.0,
    seeds: list[tuple[float, float]] | None = None,
) -> np.ndarray:
    """Areas 1..N tiling the picture: the enclosed pieces of ``min_area`` pixels or more and wider
    than ``min_width`` somewhere (a sliver between a drawn coast and the edge of the fills, or
    between the two sides of a line, is none), grown over the barrier and the other pieces (each
    pixel to the nearest piece). With ``seeds`` (the gazetteer's points), a smaller piece of
    :data:`SEED_SHARE` of ``min_area`` or more is an area too when it is the nearest such piece to
    a point that lies in no area (a small area cut into bits by the symbols and roads printed
    over it): else the point would fall to whatever area lies nearest, however far."""
    free = (~barrier).astype(np.uint8)
    if OPEN > 0 and width > 0:
        k = int(np.ceil(OPEN * width)) | 1
        free = cv2.morphologyEx(free, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, reg = cv2.connectedComponents(free, connectivity=4)
    sizes = np.bincount(reg.ravel(), minlength=n)
    big = sizes >= min_area
    if min_width > 0 and n > 1:
        inside = cv2.distanceTransform((~barrier).astype(np.uint8), cv2.DIST_L2, 3)
        widest = ndimage.maximum(inside, reg, index=np.arange(n))
        big &= 2 * np.asarray(widest) > min_width
    big[0] = False
    if seeds and SEED_SHARE > 0:
        big |= _seeded(reg, big, sizes >= SEED_SHARE * min_area, seeds, min_area)
    new = np.zeros(n, np.int32)
    new[big] = np.arange(1, int(big.sum()) + 1)
    reg = new[reg]
    if not big.any():
        return reg
    if STRIP_AREA > 0 and min_width > 0:
        # the strips of a piece (narrower than min_width: the space between the two lines of a
        # double border, reached through a break in one of them) are no part of it when they are
        # long; they are shared out with the rest of the lines (a piece's corners and necks,
        # short, stay)
        k = int(np.ceil(min_width)) | 1
        core = cv2.morphologyEx(
            (reg > 0).astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        rest = ((reg > 0) & (core == 0)).astype(np.uint8)
        m, parts, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=8)
        long = stats[:, cv2.CC_STAT_AREA] >= STRIP_AREA * min_width**2
        long[0] = False
        reg[long[parts]] = 0
    unset = reg == 0
    if unset.any():
        idx = ndimage.distance_transform_edt(unset, return_distances=False, return_indices=True)
        reg = reg[idx[0], idx[1]]
    return reg


SEED_SHARE = 0.25
"""A piece this share of ``min_area_px`` or more is an area when a gazetteer's point lies in no
area and it is the nearest such piece to the point (:func:`regions`); 0: never."""


def _seeded(
    reg: np.ndarray, big: np.ndarray, fit: np.ndarray, seeds: list[tuple[float, float]], min_area: float
) -> np.ndarray:
    """The pieces (flags by piece number) made areas for ``seeds`` (see :func:`regions`): for each
    point in no big piece, the nearest piece ``fit`` to be one, when it lies nearer than every big
    piece (looked for within the side of a square of ``min_area``)."""
    out = np.zeros(len(big), bool)
    h, w = reg.shape
    r = int(np.ceil(np.sqrt(min_area)))
    for x, y in seeds:
        xi, yi = int(x), int(y)
        if not (0 <= xi < w and 0 <= yi < h) or big[reg[yi, xi]]:
            continue
        y0, x0 = max(0, yi - r), max(0, xi - r)
        win = reg[y0 : min(h, yi + r + 1), x0 : min(w, xi + r + 1)]
        ys, xs = np.nonzero(fit[win] & (win > 0))
        if not len(ys):
            continue
        d = np.hypot(ys + y0 - yi, xs + x0 - xi)
        piece = int(win[ys[d.argmin()], xs[d.argmin()]])
        if big[piece]:
            continue
        out[piece] = True
    return out


def shared_borders(labels: np.ndarray) -> dict[tuple[int, int], int]:
    """Pixel sides each pair of labels (> 0) shares: the length of their common border."""
    return Seams(labels).lengths()


KIND_REACH = 2.0
"""A border's kind is voted by the named inks within this many line widths of its seam."""


def border_kinds(
    labels: np.ndarray, cls: np.ndarray, barrier: np.ndarray, spec: AreaSpec, seams: Seams | None = None
) -> dict[tuple[int, int], str]:
    """The kind of each border the legend's inks name (``[[area]] kind = "border"``): the ink most
    of the border's length is drawn in (its pixels within two line widths of the seam the areas
    meet along). A border drawn in no named ink over most of its length is left out (its kind is
    then told from the areas: land, coast or sea)."""
    named = [i for i, k in enumerate(spec.kinds) if k]
    if not named:
        return {}
    names = sorted({spec.kinds[i] for i in named})
    ink = np.zeros(labels.shape, np.int32)
    for i in named:
        ink[(cls == i) & barrier] = names.index(spec.kinds[i]) + 1
    dist, idx = ndimage.distance_transform_edt(ink == 0, return_indices=True)
    spread = ink[idx[0], idx[1]]
    spread[dist > KIND_REACH * spec.width + 2] = 0
    seams = seams or Seams(labels)
    if not len(seams.code):
        return {}
    keys, inv = np.unique(seams.code, return_inverse=True)
    kind = spread[seams.second[:, 0], seams.second[:, 1]].astype(np.int64)
    votes = np.zeros((len(keys), len(names) + 1), np.int64)
    np.add.at(votes, (inv, kind), 1)
    out = {}
    for r, key in enumerate(keys.tolist()):
        best = int(votes[r, 1:].argmax()) + 1
        if votes[r, best] * 2 >= votes[r].sum():
            out[seams.pair(key)] = names[best - 1]
    return out


def label_polygons(labels: np.ndarray, tolerance: float = SIMPLIFY_PX) -> dict[int, Any]:
    """The outline of each label (> 0) as a shapely Polygon in image pixels (outer ring; the largest
    piece if a label has several)."""
    from shapely.geometry import Polygon
    from shapely.validation import make_valid

    out: dict[int, Any] = {}
    for k, sl in enumerate(ndimage.find_objects(labels), start=1):
        if sl is None:
            continue
        sub = np.pad((labels[sl] == k).astype(np.uint8), 1)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            continue
        c = max(contours, key=cv2.contourArea)[:, 0, :].astype(float)
        c += (sl[1].start - 1, sl[0].start - 1)
        if len(c) < 3:
            continue
        poly = Polygon(c).simplify(tolerance)
        if not poly.is_valid:
            poly = make_valid(poly)
        if poly.geom_type != "Polygon":
            parts = [g for g in getattr(poly, "geoms", []) if g.geom_type == "Polygon"]
            if not parts:
                continue
            poly = max(parts, key=lambda g: g.area)
        if poly.is_empty:
            continue
        out[k] = poly
    return out


def _inner_point(labels: np.ndarray, k: int, sl) -> tuple[float, float]:
    """The point of label ``k`` farthest inside it (where its name would be printed)."""
    sub = np.pad((labels[sl] == k).astype(np.uint8), 1)
    dist = cv2.distanceTransform(sub, cv2.DIST_L2, 5)
    y, x = np.unravel_index(int(dist.argmax()), dist.shape)
    return float(x - 1 + sl[1].start), float(y - 1 + sl[0].start)


# --------------------------------------------------------------------------- ports
@dataclass(frozen=True)
class Port:
    point: tuple[float, float]
    land: int  # label of the land area, 0 if none
    seas: tuple[int, ...]


def find_ports(cls: np.ndarray, labels: np.ndarray, sea: np.ndarray, spec: AreaSpec) -> list[Port]:
    """Blobs of port ink about ``port_size_px`` across, with the land area under each and the sea
    zones beside it."""
    idx = spec.index("port")
    if not idx:
        return []
    mask = np.isin(cls, idx).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    n, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    expect = np.pi * (spec.port_size / 2) ** 2
    h, w = labels.shape
    r = int(np.ceil(spec.port_size * 0.5 + spec.width + 3))
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    disc = (yy**2 + xx**2) <= r * r
    out = []
    for i in range(1, n):
        a = stats[i, cv2.CC_STAT_AREA]
        bw, bh = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if not (0.25 * expect <= a <= 3.0 * expect) or max(bw, bh) > 2.5 * spec.port_size:
            continue
        cx, cy = cents[i]
        ys = np.clip(np.round(cy).astype(int) + yy[disc], 0, h - 1)
        xs = np.clip(np.round(cx).astype(int) + xx[disc], 0, w - 1)
        near = labels[ys, xs]
        near = near[near > 0]
        counts = np.bincount(near, minlength=len(sea))
        lands = [(c, k) for k, c in enumerate(counts) if c and not sea[k]]
        seas = tuple(sorted(k for k, c in enumerate(counts) if c >= 0.05 * len(near) and sea[k]))
        land = max(lands)[1] if lands else 0
        out.append(Port((float(cx), float(cy)), land, seas))
    return out


# --------------------------------------------------------------------------- the whole job
@dataclass
class AreaDigitized:
    map: MapData
    labels: np.ndarray  # (H, W) label of every pixel
    ids: dict[int, str]  # label -> area id
    links: list[tuple[np.ndarray, np.ndarray]]  # border breaks closed
    report: dict[str, Any] = field(default_factory=dict)


def _generated(kind: str, taken: set[str]) -> Callable[[], str]:
    count = [0]

    def make() -> str:
        while True:
            count[0] += 1
            ident = f"{kind}_{count[0]:02d}"
            if ident not in taken:
                taken.add(ident)
                return ident

    return make


def digitize_areas(
    image: np.ndarray,
    legend: Legend,
    places: list[Place] | None = None,
    name: str = "areas",
    progress: Callable[[str], None] | None = None,
    gazetteer_file: str | None = None,
) -> AreaDigitized:
    """Digitize an area map (see the module docstring)."""
    step = progress or (lambda _m: None)
    spec = area_spec(legend)
    h, w = image.shape[:2]
    _check_places(places or [], w, h, gazetteer_file)
    cls = classify_pixels(image, spec)
    step("colours")
    hidden = hidden_mask(cls, spec)
    barrier = thin_lines(barrier_mask(cls, spec), cls, spec, hidden)
    barrier |= fill_coasts(fill_classes(image, spec), spec)
    barrier |= frame_lines(barrier, spec)
    step("borders")
    closed, links = close_gaps(barrier, spec, hidden, np.isin(cls, spec.index("text")))
    step(f"{len(links)} breaks closed")
    points = [p.point for p in places or [] if p.kind != "port"]  # the names' points, ports left out
    labels = regions(closed, spec.min_area, SLIVER * spec.width, spec.width, points)
    labels, rejoined = rejoin_cut_pieces(
        labels, _guessed_joins(links, closed & ~barrier, cls, spec), places or [], spec
    )
    if rejoined:
        step(f"{rejoined} pieces cut off by closed breaks only rejoined")
    labels, split = split_named(labels, closed, places or [], spec)
    if split:
        step(f"{len(split)} areas holding several names split")
    crowded = check_names_held(split, places or [], legend.file)
    n = int(labels.max())
    if n == 0:
        raise InputError("no area found: are the legend's border and fill colours those of the scan?")
    land_i, sea_i = spec.index("land"), spec.index("sea")
    votes_land = np.bincount(labels[np.isin(cls, land_i)], minlength=n + 1)
    votes_sea = np.bincount(labels[np.isin(cls, sea_i)], minlength=n + 1)
    sea = votes_sea > votes_land
    sea[0] = False
    labels, sea, joined = join_unnamed_pieces(labels, sea, places or [], SLIVER * spec.width)
    labels = whole_areas(trim_strips(labels, SLIVER * spec.width, STRIP_AREA))
    if NECK > 0:
        labels, origin = cut_necks(labels, points, NECK * SLIVER * spec.width, spec.min_area)
        sea = sea[origin]
    boxes: list[list[int]] = []
    if places and VOID:
        # the boxes printed over and beside the map are no area (a box holding a name is kept)
        side = float(np.sqrt(spec.min_area))
        void = printed_boxes(closed, side, points, spec.min_area, spec.width)
        if void.any():
            labels = whole_areas(void_labels(labels, void, points))
            _, _, stats, _ = cv2.connectedComponentsWithStats(void.astype(np.uint8), connectivity=8)
            boxes = [[int(v) for v in row[:4]] for row in stats[1:]]
    n = int(labels.max())
    step(f"{n} areas")
    polys = label_polygons(labels)
    slices = ndimage.find_objects(labels)
    seams = Seams(labels)  # the borders, found once for their lengths, inks and slides
    shared = seams.lengths()
    ports = find_ports(cls, labels, sea, spec)
    step(f"{len(ports)} ports")
    inked = border_kinds(labels, cls, barrier, spec, seams)
    zone = border_zone(labels, closed, SLIVER * spec.width)
    limit = corner_limit(spec.min_border, zone)
    # areas facing each other across a corner (no line between them along their seam) are no neighbours
    # (a border inferred between two names found in one piece has no line: kept, marked inferred)
    apart = set()
    for group in split:
        at = {int(labels[int(p.point[1]), int(p.point[0])]) for p in group}
        apart |= {(a, b) for a in at for b in at if 0 < a < b}
    slides = seam_slides(labels, closed, {p: n for p, n in shared.items() if p not in apart}, limit, seams)
    cornered = under_slide(slides)
    kept = {p: n for p, n in shared.items() if p not in cornered}
    m, ids, rep = _assemble(name, labels, sea, polys, slices, kept, ports, places or [], spec, inked, limit)
    rep["corner_seams"] = [
        {
            "areas": [ids[a], ids[b]],
            "length_px": shared[(a, b)],
            "slide": s,
            "confidence": slide_confidence(s),
        }
        for (a, b), s in sorted(cornered.items())
        if a in ids and b in ids
    ]
    rep["border_zone_px"] = round(zone, 1)
    rep["corner_limit_px"] = round(limit, 1)
    rep["short_contacts"] = short_contacts(kept, ids, limit)
    rep["weak_contacts"] = weak_contacts(slides, shared, ids)
    # a border kept near the corner limit, or with a line along it only part of the way, carries how
    # sure it is (the lower of the two tests' confidences)
    sure = {frozenset(c["areas"]): c["confidence"] for c in rep["short_contacts"] if c["border"]}
    for (a, b), s in slides.items():
        if (a, b) not in cornered and a in ids and b in ids:
            pair = frozenset((ids[a], ids[b]))
            sure[pair] = min(sure.get(pair, 1.0), slide_confidence(s))
    for b in m.borders:
        if sure.get(frozenset(b.areas), 1.0) < 1.0:
            b.attrs["confidence"] = sure[frozenset(b.areas)]
    step("names")
    rep["breaks_closed"] = len(links)
    # a border between two names found in one area is inferred, not seen: marked, and reported
    inferred = {frozenset((a.id, b.id)) for group in split for a in group for b in group if a.id != b.id}
    for b in m.borders:
        if frozenset(b.areas) in inferred:
            b.attrs["inferred"] = True
    rep["pieces_rejoined"] = rejoined
    rep["boxes_left_out"] = boxes
    rep["names_sharing"] = crowded
    rep["split_by_names"] = [
        {"places": [p.name for p in group], "where": [p.where for p in group]} for group in split
    ]
    rep["pieces_joined"] = [
        {"point": [round(x, 1), round(y, 1)], "pixels": px, "joined_to": ids.get(k, "?")}
        for (x, y), px, k in joined
    ]
    return AreaDigitized(m, labels, ids, links, rep)


VOID = 1
"""1: with a gazetteer, the boxes printed over and beside the map (closed upright rectangles of
straight lines holding no name's point) are no area (:func:`.area_extent.printed_boxes`): their
pixels belong to no area; 0: every pixel joins an area. Not a tuned value: a switch, kept in the
leave-one-map-out candidates of ``bench/digitize_real_areas.py``."""


def half_widths(labels: np.ndarray) -> np.ndarray:
    """Per label (index 0 unused): the median distance of its pixels to its outline — half the
    width of a strip, much more for a compact piece."""
    n = int(labels.max())
    edge = np.zeros(labels.shape, bool)
    edge[:, 1:] |= labels[:, 1:] != labels[:, :-1]
    edge[:, :-1] |= labels[:, 1:] != labels[:, :-1]
    edge[1:, :] |= labels[1:, :] != labels[:-1, :]
    edge[:-1, :] |= labels[1:, :] != labels[:-1, :]
    dist = cv2.distanceTransform((~edge).astype(np.uint8), cv2.DIST_L2, 3)
    out = np.zeros(n + 1)
    if n:
        out[1:] = ndimage.median(dist, labels, index=np.arange(1, n + 1))
    return out


NECK = 1.0
"""With a gazetteer, a named area's wide parts joined to the part holding its name only through a
neck narrower than this many :data:`SLIVER` widths are areas of their own
(:func:`.area_shapes.cut_necks`); 0: never cut. Chosen leave-one-map-out."""

EDGE_SHARED = 1
"""1: a piece at the picture's edge is never rejoined whole to a neighbour by
:func:`rejoin_cut_pieces` (it is shared out among the areas along it, as strips are); 0: it may
be. A switch, kept in ``bench/digitize_real_areas.py``'s leave-one-map-out candidates."""

CUT_SHARE = 0.3
"""An unnamed piece whose border with a neighbour is at least this share drawn by the digitizer
(breaks it closed), not printed, is part of that neighbour (:func:`rejoin_cut_pieces`); 0: never."""


def _guessed_joins(
    links: list[tuple[np.ndarray, np.ndarray]], drawn: np.ndarray, cls: np.ndarray, spec: AreaSpec
) -> np.ndarray:
    """The pixels of the joins :func:`close_gaps` drew that are guesses: all of them but the
    joins between two dashes of a dashed sea-zone line (the legend says it is printed broken)."""
    if not (spec.dashed and spec.index("sea_border")):
        return drawn
    dash = np.isin(cls, spec.index("sea_border"))
    h, w = dash.shape
    r = int(np.ceil(spec.width)) + 1
    out = np.zeros(drawn.shape, np.uint8)
    thick = max(2, int(round(spec.width)))

    def on_dash(p: np.ndarray) -> bool:
        x, y = int(round(p[0])), int(round(p[1]))
        return bool(dash[max(0, y - r) : min(h, y + r + 1), max(0, x - r) : min(w, x + r + 1)].any())

    for a, b in links:
        if not (on_dash(a) and on_dash(b)):
            cv2.line(out, tuple(int(round(v)) for v in a), tuple(int(round(v)) for v in b), 1, thick)
    return (out > 0) & drawn


def rejoin_cut_pieces(
    labels: np.ndarray, drawn: np.ndarray, places: list[Place], spec: AreaSpec
) -> tuple[np.ndarray, int]:
    """With a gazetteer: each found piece holding no place's point whose border with a
    neighbouring piece is mostly (:data:`CUT_SHARE`) one of the joins :func:`close_gaps` drew
    (``drawn``), not a printed line, joined to that neighbour (the one with the longest such
    border). A join closing a break in a border is right where the border goes on; one drawn
    between two unrelated line ends (a letter, a symbol's edge, the ground's texture) cuts an
    area in two, and the piece it cuts off is then an area the map does not print. Returns the
    labels (renumbered 1..N) and how many pieces were joined."""
    n = int(labels.max())
    areas = [p for p in places if p.kind != "port"]
    if CUT_SHARE <= 0 or not areas or n < 2 or not drawn.any():
        return labels, 0
    h, w = labels.shape
    named = {
        int(labels[int(p.point[1]), int(p.point[0])])
        for p in areas
        if 0 <= p.point[0] < w and 0 <= p.point[1] < h
    }
    g = 2 * int(np.ceil(spec.width)) + 1
    near = cv2.dilate(drawn.astype(np.uint8), np.ones((g, g), np.uint8)) > 0
    codes, hits = [], []
    for a, b, m2 in (
        (labels[:, :-1], labels[:, 1:], near[:, :-1] | near[:, 1:]),
        (labels[:-1, :], labels[1:, :], near[:-1, :] | near[1:, :]),
    ):
        m = (a != b) & (a > 0) & (b > 0)
        lo, hi = np.minimum(a[m], b[m]).astype(np.int64), np.maximum(a[m], b[m]).astype(np.int64)
        codes.append(lo * (n + 1) + hi)
        hits.append(m2[m])
    code, hit = np.concatenate(codes), np.concatenate(hits)
    keys, inv = np.unique(code, return_inverse=True)
    total = np.bincount(inv)
    cut = np.bincount(inv, weights=hit.astype(np.float64))
    parent = np.arange(n + 1)

    def root(k: int) -> int:
        while parent[k] != k:
            k = int(parent[k])
        return k

    # a strip (the space between the two lines of a double border, a margin) is no piece cut
    # off an area: it is shared out later (:func:`join_unnamed_pieces`)
    strip = half_widths(labels) * 2 <= SLIVER * spec.width
    # nor is a piece at the picture's edge (the margin outside the map's frame, cut into pieces
    # by lines carried on to the edge): it too is shared out, not joined whole to one area
    if EDGE_SHARED:
        for side in (labels[0], labels[-1], labels[:, 0], labels[:, -1]):
            strip[np.unique(side)] = True
    best: dict[int, tuple[float, int]] = {}
    for key, t, c in zip(keys.tolist(), total.tolist(), cut.tolist(), strict=True):
        a, b = key // (n + 1), key % (n + 1)
        if t <= _shortest(spec) or c < CUT_SHARE * t:
            continue
        for u, v in ((a, b), (b, a)):
            if u not in named and not strip[u] and (u not in best or c > best[u][0]):
                best[u] = (c, v)
    joined = 0
    for u, (_, v) in sorted(best.items()):
        ru, rv = root(u), root(v)
        if ru != rv and ru not in named:
            parent[ru] = rv
            joined += 1
    if not joined:
        return labels, 0
    roots = np.array([root(k) for k in range(n + 1)])
    keep = np.unique(roots[1:])
    new = np.zeros(n + 1, np.int32)
    new[keep] = np.arange(1, len(keep) + 1)
    return new[roots][labels], joined


SHARED_MAX = 0.5
"""With a gazetteer, when the found areas hold fewer than this share of the names apart (areas and
sea zones, not ports: the names alone in their area, plus one for each area holding several), the
borders of the map were not found: the areas then drawn between the names would be guesses, not
the printed map, and :func:`digitize_areas` refuses (:func:`check_names_held`). Not a tuned value:
most of the names lost their own area (a gazetteer of 3 with two names in one area is kept)."""


def check_names_held(
    split: list[list[Place]], places: list[Place], legend_file: str | None
) -> dict[str, int]:
    """How many names fell into a found area with another name (``split``: the places of each area
    :func:`split_named` split); an InputError (exit 2) saying what to do when the found areas hold
    fewer than :data:`SHARED_MAX` of them apart. Returns ``{"names": n, "sharing": k, "areas": a}``
    for the report."""
    named = [p for p in places if p.kind != "port"]
    sharing = sum(len(g) for g in split)
    held = {"names": len(named), "sharing": sharing, "areas": len(split)}
    apart = len(named) - sharing + len(split)  # the found areas holding names
    if named and apart < SHARED_MAX * len(named):
        biggest = max(split, key=len)
        raise InputError(
            f"the borders of this map were not found: {sharing} of the gazetteer's {len(named)} names "
            f"fell into {len(split)} found area(s) holding several names ({len(biggest)} in one: "
            f"{', '.join(repr(p.name) for p in biggest[:4])}{' ...' if len(biggest) > 4 else ''}), "
            f"so the found areas hold only {apart} of them apart and the areas between the others would be "
            "guesses. Sample the border ink from the middle of a "
            "printed border line ([areas] border), set border_width_px to the line's width in pixels, "
            'list every further ink borders are printed in as an [[area]] with kind = "border" (and '
            "sea_border for the lines between sea zones), and check the land and sea fill colours; "
            "then look at --png",
            file=legend_file,
            where="areas.border",
        )
    return held


def split_named(
    labels: np.ndarray, barrier: np.ndarray, places: list[Place], spec: AreaSpec
) -> tuple[np.ndarray, list[list[Place]]]:
    """Each found area holding the points of two or more places (areas, not ports) split between
    them: a border runs there that was not found whole (broken under names and symbols, faint,
    or not drawn, as between two sea zones). The split follows what was found of it: a watershed
    from the places' points over the distance to the nearest barrier pixel, so the parts meet
    along the drawn lines and across their breaks at the narrowest place. Returns the labels
    (the parts numbered after the others) and the places of each area split (for the report: a
    border there is inferred, check it on the overlay)."""
    from skimage.segmentation import watershed

    h, w = labels.shape
    inside: dict[int, list[Place]] = {}
    for p in places:
        x, y = int(p.point[0]), int(p.point[1])
        if p.kind != "port" and 0 <= x < w and 0 <= y < h and labels[y, x] > 0:
            inside.setdefault(int(labels[y, x]), []).append(p)
    multi = {k: ps for k, ps in inside.items() if len(ps) > 1}
    if not multi:
        return labels, []
    out = labels.copy()
    nxt = int(labels.max()) + 1
    slices = ndimage.find_objects(labels)
    r = max(2, int(round(spec.width)))
    split = []
    for k, ps in sorted(multi.items()):
        sl = slices[k - 1]
        # the box of the area, widened so the distance sees the barrier around it
        y0, y1 = max(0, sl[0].start - 1), min(h, sl[0].stop + 1)
        x0, x1 = max(0, sl[1].start - 1), min(w, sl[1].stop + 1)
        mask = labels[y0:y1, x0:x1] == k
        dist = cv2.distanceTransform((~barrier[y0:y1, x0:x1]).astype(np.uint8), cv2.DIST_L2, 5)
        markers = np.zeros(mask.shape, np.int32)
        for j, p in enumerate(ps, start=1):
            cv2.circle(markers, (int(p.point[0]) - x0, int(p.point[1]) - y0), r, j, -1)
        markers[~mask] = 0
        parts = watershed(-dist, markers, mask=mask)
        sub = out[y0:y1, x0:x1]
        for j in range(2, len(ps) + 1):
            sub[parts == j] = nxt
            nxt += 1
        split.append(ps)
    return out, split


SLIVER = 6.0
"""A found piece no wider than this many line widths anywhere is a sliver, not an area."""

STRIP_AREA = 4.0
"""A strip of a found piece (narrower than :data:`SLIVER` line widths) of at least this many
squares of that width is no part of the piece (:func:`regions`); 0: never cut."""

SPREAD = 0.0
"""1: a small unnamed piece (:data:`PIECE_SHARE`) is shared among the areas around it, each pixel
to the nearest (the strip between the two lines of a border drawn double, the margin between a
frame and the map); 0: it joins whole the neighbour it shares most border with. Chosen
leave-one-map-out (``bench/digitize_real_areas.py``): shipped off, as the runs choose it on both
maps (docs/digitizing-areas.md); kept as a candidate of the bench's ``CHOSEN``, not dead code."""

OPEN = 0.0
"""The enclosed pieces are found in the space between the lines opened by a disc this many line
widths across: a passage narrower than that (a break in a line, the strip between the two lines
of a double border) joins no two pieces. Chosen leave-one-map-out: shipped off (0), as the runs
choose it on both maps (docs/digitizing-areas.md); kept as a candidate of
``bench/digitize_real_areas.py``'s ``CHOSEN``, not dead code."""

PIECE_SHARE = 0.25
"""With a gazetteer, a found area no place names and smaller than this share of the median named
area is a piece cut off an area (by a symbol's outline, a stray join), not an area of its own."""


def join_unnamed_pieces(
    labels: np.ndarray, sea: np.ndarray, places: list[Place], strip_width: float = 0.0
) -> tuple[np.ndarray, np.ndarray, list[tuple[tuple[float, float], int, int]]]:
    """Pieces no place names, smaller than :data:`PIECE_SHARE` of the median named area, joined to
    the neighbour of the same kind (land or sea) they share most border with (any neighbour when
    none is of their kind), smallest first; returns the labels renumbered 1..N, the sea flags and
    each joined piece as (its inner point, pixels, the label it joined, renumbered). Without a
    gazetteer nothing is joined (every piece is reported as an unnamed area)."""
    areas = [p for p in places if p.kind != "port"]
    n = int(labels.max())
    if not areas or n < 2:
        return labels, sea, []
    h, w = labels.shape
    named = {
        int(labels[int(p.point[1]), int(p.point[0])])
        for p in areas
        if 0 <= int(p.point[1]) < h and 0 <= int(p.point[0]) < w
    }
    named.discard(0)
    size = np.bincount(labels.ravel(), minlength=n + 1)
    if not named:
        return labels, sea, []
    limit = PIECE_SHARE * float(np.median([size[k] for k in named]))
    # a strip (the space between the two lines of a double border, a margin) is no area at any
    # size: it is shared out among the areas along it
    strip = half_widths(labels) * 2 <= strip_width
    parent = np.arange(n + 1)

    def root(k: int) -> int:
        while parent[k] != k:
            k = int(parent[k])
        return k

    shared = shared_borders(labels)
    slices = ndimage.find_objects(labels)
    joined = []
    for k in sorted(range(1, n + 1), key=lambda k: size[k]):
        if k in named or (size[k] >= limit and not strip[k]) or slices[k - 1] is None:
            continue
        best: dict[int, int] = {}
        for (a, b), length in shared.items():
            if k in (a, b):
                other = root(b if a == k else a)
                if other != k:
                    best[other] = best.get(other, 0) + length
        if not best:
            continue
        same = {o: v for o, v in best.items() if sea[o] == sea[k]} or best
        into = max(same, key=lambda o: same[o])
        point = _inner_point(labels, k, slices[k - 1])
        parent[k] = into
        size[into] += size[k]
        joined.append((point, int(size[k]), into))
    roots = np.array([root(k) for k in range(n + 1)])
    # a piece at the picture's edge (the margin between a frame and the edge, cut by the frame
    # into strips) is shared among the areas along it: each pixel to the nearest of them; joined
    # whole, it would wrap one of them round the others. Every piece so with SPREAD.
    edge = np.zeros(n + 1, bool)
    for side in (labels[0], labels[-1], labels[:, 0], labels[:, -1]):
        edge[np.unique(side)] = True
    gone = np.array([roots[k] != k for k in range(n + 1)])
    gone[0] = False
    if not SPREAD:
        gone &= edge | strip
    if gone.any():
        roots = np.where(gone, 0, roots)
        lab = roots[labels]
        hole = lab == 0
        if hole.any() and not hole.all():
            idx = ndimage.distance_transform_edt(hole, return_distances=False, return_indices=True)
            lab = lab[idx[0], idx[1]]
        labels = lab
        roots = np.arange(n + 1)  # the labels are roots now
    keep = np.unique(roots[labels])
    keep = keep[keep > 0]
    new = np.zeros(n + 1, np.int32)
    new[keep] = np.arange(1, len(keep) + 1)
    out = new[roots][labels]
    sea_out = np.zeros(len(keep) + 1, bool)
    sea_out[1:] = sea[keep]
    return out, sea_out, [(p, px, int(new[root(into)])) for p, px, into in joined]


def _check_places(places: list[Place], w: int, h: int, file: str | None) -> None:
    for pl in places:
        x, y = pl.point
        if not (0 <= x < w and 0 <= y < h):
            raise InputError(
                f"point ({x:g}, {y:g}) of {pl.name!r} lies outside the scan ({w} x {h} pixels)",
                file=file,
                where=pl.where,
            )


def _assemble(name, labels, sea, polys, slices, shared, ports, places, spec, inked=None, limit=None):
    """Names, ids, attrs, borders: the MapData and the report."""
    named: dict[int, Place] = {}
    port_named: dict[int, Place] = {}
    unmatched: list[dict[str, Any]] = []
    conflicts: list[dict[str, Any]] = []
    pts = np.array([p.point for p in ports]) if ports else np.zeros((0, 2))

    def agrees(pl: Place) -> bool:
        lab = int(labels[int(pl.point[1]), int(pl.point[0])])
        return not pl.kind or (lab > 0 and pl.kind == ("sea" if sea[lab] else "land"))

    # two names in one area: the one whose kind (land or sea) the map shows there takes it
    for pl in sorted(places, key=lambda pl: not agrees(pl)):
        if pl.kind == "port":
            if not len(pts):
                unmatched.append({"place": pl.name, "where": pl.where, "why": "no port symbol found"})
                continue
            d = np.linalg.norm(pts - np.array(pl.point), axis=1)
            k = int(d.argmin())
            if d[k] > 2 * spec.port_size:
                unmatched.append(
                    {"place": pl.name, "where": pl.where, "why": "no port symbol near its point"}
                )
            elif k in port_named:
                conflicts.append({"place": pl.name, "where": pl.where, "also": port_named[k].name})
            else:
                port_named[k] = pl
            continue
        lab = int(labels[int(pl.point[1]), int(pl.point[0])])
        if lab == 0:
            unmatched.append({"place": pl.name, "where": pl.where, "why": "its point is in no area"})
        elif lab in named:
            conflicts.append({"place": pl.name, "where": pl.where, "also": named[lab].name})
        else:
            named[lab] = pl
            want = pl.kind
            if want and want != ("sea" if sea[lab] else "land"):
                conflicts.append(
                    {
                        "place": pl.name,
                        "where": pl.where,
                        "why": f"the gazetteer says {want}, the map shows {'sea' if sea[lab] else 'land'}",
                    }
                )
    taken = {pl.id for pl in places}
    make_land, make_sea, make_port = (_generated(k, taken) for k in ("land", "sea", "port"))
    points = {k: _inner_point(labels, k, slices[k - 1]) for k in polys}
    order = sorted(polys, key=lambda k: (points[k][1], points[k][0]))
    ids: dict[int, str] = {}
    areas: list[Area] = []
    unnamed: list[str] = []
    for k in order:
        pl = named.get(k)
        kind = "sea" if sea[k] else "land"
        ident = pl.id if pl else (make_sea() if sea[k] else make_land())
        if pl is None:
            unnamed.append(ident)
        ids[k] = ident
        attrs = {"kind": kind, **(pl.attrs if pl else {})}
        ring = tuple((round(float(x), 1), round(float(y), 1)) for x, y in polys[k].exterior.coords[:-1])
        areas.append(Area(ident, pl.name if pl else None, attrs, ring, points[k]))
    borders: list[Border] = []
    for (a, b), length in sorted(shared.items()):
        if length <= (spec.min_border if limit is None else limit) or a not in ids or b not in ids:
            continue
        kind = "sea" if sea[a] and sea[b] else "land" if not (sea[a] or sea[b]) else "coast"
        if sea[a] == sea[b]:  # land meets sea along a coast, whatever ink its halo takes
            kind = (inked or {}).get((a, b), kind)
        borders.append(Border((ids[a], ids[b]), kind, {"length_px": length}))
    port_rows = []
    for i in sorted(range(len(ports)), key=lambda i: (ports[i].point[1], ports[i].point[0])):
        p = ports[i]
        pl = port_named.get(i)
        ident = pl.id if pl else make_port()
        if pl is None:
            unnamed.append(ident)
        attrs: dict[str, Any] = {"kind": "port", **(pl.attrs if pl else {})}
        if p.land in ids:
            attrs["land_area"] = ids[p.land]
        areas.append(
            Area(ident, pl.name if pl else None, attrs, None, (round(p.point[0], 1), round(p.point[1], 1)))
        )
        seas = [ids[s] for s in p.seas if s in ids]
        borders += [Border((ident, s), "port") for s in seas]
        port_rows.append({"id": ident, "land_area": attrs.get("land_area"), "seas": seas})
    m = MapData.build(name, [], kind="area", areas=areas, borders=borders)
    rep = {
        "areas": sum(1 for a in areas if a.attrs["kind"] == "land"),
        "sea_zones": sum(1 for a in areas if a.attrs["kind"] == "sea"),
        "ports": port_rows,
        "adjacencies": len(borders),
        "named": len(named) + len(port_named),
        "unnamed": unnamed,
        "places_unmatched": unmatched,
        "conflicts": conflicts,
    }
    return m, ids, rep


def report_text(rep: dict[str, Any]) -> str:
    """The report as lines a person reads."""
    lines = [
        f"{rep['areas']} land areas, {rep['sea_zones']} sea zones, {len(rep['ports'])} ports, "
        f"{rep['adjacencies']} borders; {rep['named']} named from the gazetteer, "
        f"{rep.get('breaks_closed', 0)} border breaks closed"
    ]
    held = rep.get("names_sharing") or {}
    if held.get("sharing"):
        lines.append(
            f"{held['sharing']} of the gazetteer's {held['names']} names fell into {held['areas']} found "
            "area(s) with another name: the borders between them were not found, only inferred (listed "
            "below); fewer than half held apart would be refused"
        )
    if rep["unnamed"]:
        lines.append(f"not in the gazetteer (generated ids): {', '.join(rep['unnamed'])}")
    if rep.get("pieces_joined"):
        lines.append(
            f"{len(rep['pieces_joined'])} small unnamed pieces joined to a neighbour (a stray line or a "
            "symbol's outline cut them off; check them on the overlay): "
            + ", ".join(
                f"({p['point'][0]:g}, {p['point'][1]:g}) -> {p['joined_to']}"
                for p in rep["pieces_joined"][:10]
            )
            + (" ..." if len(rep["pieces_joined"]) > 10 else "")
        )
    if rep.get("pieces_rejoined"):
        lines.append(
            f"{rep['pieces_rejoined']} unnamed pieces cut off a neighbour mostly by guessed joins (not "
            "printed lines) taken as part of it: if an area is missing, add its name to the gazetteer"
        )
    if rep.get("boxes_left_out"):
        lines.append(
            f"{len(rep['boxes_left_out'])} boxes printed on the map, holding no name, left out (no area): "
            + ", ".join(f"({x}, {y}) {w} x {h} px" for x, y, w, h in rep["boxes_left_out"][:10])
            + (" ..." if len(rep["boxes_left_out"]) > 10 else "")
            + "; if one is an area of the game, give it a name in the gazetteer at a point inside it"
        )
    for sp in rep.get("split_by_names", []):
        lines.append(
            f"no border found whole between {', '.join(repr(n) for n in sp['places'])} (one area held "
            "their points): split between them along what was found of the lines; those borders are "
            "inferred (attr inferred): check them on the overlay, or give the legend the ink of the "
            "border between them"
        )
    unsure = [c for c in rep.get("short_contacts", []) if c["confidence"] < WEAK]
    if unsure:
        lines.append(
            f"{len(unsure)} contacts near the corner limit ({rep.get('corner_limit_px', 0):g} px: borders "
            f"{rep.get('border_zone_px', 0):g} px wide meet at corners along about that) are unsure: "
            + ", ".join(
                f"{'-'.join(c['areas'])} {c['length_px']} px "
                f"{'border' if c['border'] else 'corner'} ({c['confidence']:.2f})"
                for c in unsure[:12]
            )
            + (" ..." if len(unsure) > 12 else "")
            + "; check them on the overlay and add or remove the border in the output"
        )
    corners = rep.get("corner_seams", [])
    if corners:
        lines.append(
            f"{len(corners)} seams longer than the corner limit with no line between the two areas along "
            "them (areas facing each other across the open square of a crossing, or across water or "
            "marsh) are no border: "
            + ", ".join(
                f"{'-'.join(c['areas'])} {c['length_px']} px ({c.get('confidence', 0.5):.2f})"
                for c in corners[:12]
            )
            + (" ..." if len(corners) > 12 else "")
            + "; if one is a border, add it in the output"
        )
    weak = [c for c in rep.get("weak_contacts", []) if c["border"]]
    if weak:
        lines.append(
            f"{len(weak)} borders kept with a line along them only part of the way (a corner of a crossing "
            "drawn rounded, a line broken or faint) are unsure: "
            + ", ".join(
                f"{'-'.join(c['areas'])} {c['length_px']} px ({c['confidence']:.2f})" for c in weak[:12]
            )
            + (" ..." if len(weak) > 12 else "")
            + "; check them on the overlay and remove the border in the output where the print draws none"
        )
    for u in rep["places_unmatched"]:
        lines.append(f"gazetteer {u['where']} {u['place']!r}: {u['why']}")
    for c in rep["conflicts"]:
        why = c.get("why") or (
            f"falls in the same area as {c['also']!r}, which took it (no border found between them: "
            "check the overlay, or give the legend the ink of the border between them)"
        )
        lines.append(f"gazetteer {c['where']} {c['place']!r}: {why}")
    if "accuracy" in rep:
        lines.append(
            "accuracy against the truth: " + ", ".join(f"{k} {v}" for k, v in rep["accuracy"].items())
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- overlay
def draw_area_overlay(image: np.ndarray, found: AreaDigitized) -> np.ndarray:
    """The scan with each found area tinted, outlined and labelled, ports ringed, closed breaks
    drawn in magenta (RGB uint8)."""
    rng = np.random.default_rng(0)
    n = int(found.labels.max())
    tint = rng.integers(60, 255, size=(n + 1, 3)).astype(np.float32)
    tint[0] = 255
    out = image.astype(np.float32) * 0.6 + tint[found.labels] * 0.4
    out = np.clip(out, 0, 255).astype(np.uint8)
    edge = np.zeros(found.labels.shape, np.uint8)
    edge[:, 1:] |= (found.labels[:, 1:] != found.labels[:, :-1]).astype(np.uint8)
    edge[1:, :] |= (found.labels[1:, :] != found.labels[:-1, :]).astype(np.uint8)
    out[edge.astype(bool)] = (200, 0, 0)
    for a, b in found.links:
        cv2.line(out, tuple(int(v) for v in a), tuple(int(v) for v in b), (230, 0, 230), 2)
    for area in found.map.areas.values():
        if area.point is None:
            continue
        x, y = (int(round(v)) for v in area.point)
        label = area.id if area.name is None else area.name
        if area.attrs.get("kind") == "port":
            cv2.circle(out, (x, y), 9, (0, 0, 0), 2)
            continue
        cv2.putText(
            out, label, (x - 4 * len(label), y + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA
        )
    return out
