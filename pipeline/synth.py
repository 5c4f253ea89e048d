"""Synthetic scans: map data drawn the way printed wargame maps look, then aged like a scan.

:func:`render` paints terrain fills with symbol textures (trees, hatching, chevrons, tufts, waves),
hex outlines, printed hex numbers, rivers and borders along hexsides, railways (solid, with
cross-ties) and roads (dashed) from hex centre to hex centre, town/city/fortress symbols and place
names. :func:`degrade` then rotates and rescales the sheet slightly, casts and fades its colours,
adds paper texture, blur, noise and JPEG compression — all seeded. The ground truth is the map data,
with the grid's pixel frame moved exactly as the image was.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from ..mapdata.grid import PixelFrame
from ..mapdata.model import MapData
from .bridges import bridging_lines, map_with_bridges, water_sides
from .legend import Item, Legend

# degradation levels: rotation (deg), scale jitter, colour cast, fading, paper texture, blur sigma,
# noise sigma, JPEG quality
LEVELS = {
    0: (0.0, 0.0, 0.00, 0.00, 0, 0.0, 0, 100),
    1: (0.6, 0.004, 0.03, 0.05, 4, 0.5, 3, 92),
    2: (1.3, 0.008, 0.06, 0.10, 8, 0.9, 6, 80),
    3: (2.0, 0.012, 0.10, 0.16, 12, 1.3, 9, 65),
}


@dataclass(frozen=True)
class Scan:
    image: np.ndarray  # H x W x 3, uint8, RGB
    truth: MapData  # the map, with the sheet's pixel frame as it lies on ``image``


@dataclass(frozen=True)
class Style:
    """An art style: how a map's rivers, railways and roads are printed. Its colours override the
    sample legend's (:func:`sample_legend` gives the legend a style is printed with); widths are
    shares of the hex's size, corner to corner."""

    name: str
    colours: dict[str, str] = field(default_factory=dict)  # legend item name -> "#rrggbb"
    river_width: float = 0.05
    major_width: float = 0.09
    line_width: float = 0.035
    rail: str = "ties"  # "ties": a solid line with cross-ties; "checkered": black and white dashes
    road: str = "dashed"  # "dashed" or "solid"
    curvy: bool = False  # lines wind off the hex centres (the legend traces them as curves)
    bridges: bool = False  # a bridge (two dark brackets) printed where a road crosses a river
    halo: bool = False  # place names printed on a paper-coloured halo, cutting the lines under them


STYLES = {
    "classic": Style("classic"),
    # paler, thinner rivers; a solid sienna road; a railway of black and white dashes
    "atlas": Style(
        "atlas",
        {
            "river": "#5b9bd5",
            "major_river": "#2e6db0",
            "border": "#c0392b",
            "rail": "#1e1e1e",
            "road": "#b0602a",
            "outline": "#808080",
        },
        river_width=0.032,
        major_width=0.065,
        line_width=0.032,  # at least 3 px at 75 px a hex: a railway's white dashes need black beside
        rail="checkered",
        road="solid",
    ),
    # roads and railways winding off the hex centres, cut by names and bridges
    "curvy": Style(
        "curvy",
        {"river": "#3b7fc4", "major_river": "#1d4f99", "rail": "#2a2a2a", "road": "#8c5a2b"},
        river_width=0.045,
        major_width=0.08,
        line_width=0.03,
        road="solid",
        curvy=True,
        bridges=True,
        halo=True,
    ),
}


def sheet_image(m: MapData, legend: Legend, seed: int = 0) -> np.ndarray:
    """Sheet 0 of ``m`` printed cleanly on the picture its own pixel frame describes (the image a
    map file's ``sheets[0].image`` names): :func:`render`'s picture moved back by its margin."""
    scan = render(m, legend, seed)
    (x0, y0), (x1, y1) = m.sheets[0].grid.frame().origin, scan.truth.sheets[0].grid.frame().origin
    h, w = scan.image.shape[:2]
    size = (int(round(w - (x1 - x0))), int(round(h - (y1 - y0))))
    move = np.float32([[1, 0, x0 - x1], [0, 1, y0 - y1]])
    paper = tuple(int(c) for c in scan.image[0, 0])
    return cv2.warpAffine(scan.image, move, size, borderMode=cv2.BORDER_CONSTANT, borderValue=paper)


def _darker(rgb: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(int(c * k) for c in rgb)


def _bgr(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


def render(
    m: MapData, legend: Legend, seed: int = 0, margin: float = 0.04, style: str | Style = "classic"
) -> Scan:
    """Draw sheet 0 of ``m`` as a clean printed map in art ``style`` (a name of :data:`STYLES`);
    the legend gives the colours (:func:`sample_legend` of the same style). The grid's pixel frame
    sets the scale. The truth is ``m`` with a ``bridge`` on every hexside where a road crosses a
    river (:mod:`.bridges`), whether or not the style prints one."""
    art = style if isinstance(style, Style) else STYLES[style]
    rng = np.random.default_rng(seed)
    sheet = m.sheets[0]
    grid = sheet.grid
    frame = grid.frame()
    ids = [h for h in m.hexes if m.ref(h).sheet == 0]
    refs = [m.ref(h) for h in ids]
    polys = np.stack([grid.corners(r.col, r.row) for r in refs])
    lo, hi = polys.reshape(-1, 2).min(axis=0), polys.reshape(-1, 2).max(axis=0)
    pad = margin * max(hi - lo)
    shift = pad - lo
    width, height = (hi - lo + 2 * pad).astype(int) + 1
    frame = replace(frame, origin=(frame.origin[0] + shift[0], frame.origin[1] + shift[1]))
    grid = grid.with_pixels(frame)
    polys = polys + shift
    centres = polys.mean(axis=1)
    size = float(np.linalg.norm(polys[0, 0] - polys[0, 3]))  # corner to opposite corner
    paper = (246, 242, 230)
    img = np.empty((height, width, 3), dtype=np.uint8)
    img[:] = _bgr(paper)
    colours = {t.name: t for t in legend.terrain}
    thick = max(1, round(size / 70))

    for k, h in enumerate(ids):
        item = colours.get(m.hexes[h].terrain)
        fill = item.color if item else (200, 200, 200)
        pts = np.round(polys[k] * 16).astype(np.int32)
        cv2.fillPoly(img, [pts], _bgr(fill), lineType=cv2.LINE_AA, shift=4)
        if item:
            _symbols(img, rng, centres[k], size, item)
    if legend.grid.get("terrain_on") == "hexside":
        _hexside_bands(img, m, grid, colours, frame.hex_height * BAND)
    outline = _bgr(legend.outline())
    cv2.polylines(
        img, [np.round(p * 16).astype(np.int32) for p in polys], True, outline, thick, cv2.LINE_AA, shift=4
    )

    styles = {s.name: s for s in legend.hexside}
    for s in m.hexsides.values():
        ra, rb = m.ref(s.hexes[0]), m.ref(s.hexes[1])
        if ra.sheet != 0:
            continue
        d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
        seg = grid.side_segment(ra.col, ra.row, d)
        watery = {"river", "major_river"} & set(s.features)
        # print order: borders under rivers, and beside them where both follow one hexside
        for f in sorted(s.features, key=lambda f: f in ("river", "major_river")):
            drawn = seg
            if f == "border" and watery:
                inward = np.array(grid.center(ra.col, ra.row)) - seg.mean(axis=0)
                drawn = seg + inward / np.linalg.norm(inward) * frame.hex_height * 0.09
            st = styles.get(f)
            if st is None:
                continue
            share = {"major_river": art.major_width, "river": art.river_width}.get(f, 0.05)
            w = st.extra.get("width_px") or max(2, round(size * share))
            if st.extra.get("style") == "dashed":
                _dashed(img, drawn[0], drawn[1], _bgr(st.color), w, size * 0.12)
            else:
                cv2.line(
                    img,
                    tuple(np.round(drawn[0] * 16).astype(int)),
                    tuple(np.round(drawn[1] * 16).astype(int)),
                    _bgr(st.color),
                    w,
                    cv2.LINE_AA,
                    shift=4,
                )

    line_styles = {ln.name: ln for ln in legend.line}
    kinds_on: dict[tuple[str, str], list[str]] = {}
    for line in m.lines:
        for e in line.edges():
            kinds_on.setdefault(tuple(sorted(e)), []).append(line.kind)
    road_paths: list[np.ndarray] = []
    drawn: set[tuple[str, tuple[str, str]]] = set()
    for line in m.lines:
        st = line_styles.get(line.kind)
        if st is None or m.ref(line.hexes[0]).sheet != 0:
            continue
        w = max(2, round(size * art.line_width))
        dashed = st.extra.get("style", "dashed" if line.kind == "road" else "solid") == "dashed"
        if art.curvy:  # each edge printed once, however many lines of the kind share it
            todo = []
            for edge, piece in _winding(grid, m, line.hexes, line.kind, seed, frame.hex_height):
                if (line.kind, edge) in drawn:
                    todo.append(None)
                    continue
                drawn.add((line.kind, edge))
                todo.append(piece)
            runs = [[]]
            for piece in todo:
                if piece is None:
                    runs.append([])
                else:
                    runs[-1].append(piece)
            for run in (np.concatenate(r) for r in runs if r):
                if line.kind == "road":
                    road_paths.append(run)
                _polyline(img, run, _bgr(st.color), w, size * 0.09 if dashed else 0.0)
                if line.kind == "rail":
                    _ties(img, run, _bgr(st.color), w, size)
            continue
        for h1, h2 in line.edges():
            a = np.array(grid.center(m.ref(h1).col, m.ref(h1).row))
            b = np.array(grid.center(m.ref(h2).col, m.ref(h2).row))
            shared = sorted(set(kinds_on[tuple(sorted((h1, h2)))]))
            if len(shared) > 1:  # two lines along one edge are printed side by side
                lo, hi = sorted((h1, h2))
                pa = np.array(grid.center(m.ref(lo).col, m.ref(lo).row))
                pb = np.array(grid.center(m.ref(hi).col, m.ref(hi).row))
                v = (pb - pa) / np.linalg.norm(pb - pa)
                k = shared.index(line.kind) - (len(shared) - 1) / 2
                off = np.array([-v[1], v[0]]) * frame.hex_height * 0.09 * k
                a, b = a + off, b + off
            if line.kind == "road":
                road_paths.append(np.array([a, b]))
            if dashed:
                _dashed(img, a, b, _bgr(st.color), w, size * 0.09)
            elif line.kind == "rail" and art.rail == "checkered":
                _polyline(img, np.array([a, b]), _bgr(st.color), w, 0.0)
                _polyline(img, np.array([a, b]), _bgr(paper), max(1, w - 2), size * 0.05)
            else:
                cv2.line(
                    img,
                    tuple(np.round(a * 16).astype(int)),
                    tuple(np.round(b * 16).astype(int)),
                    _bgr(st.color),
                    w,
                    cv2.LINE_AA,
                    shift=4,
                )
                if line.kind == "rail":  # cross-ties
                    v = (b - a) / (np.linalg.norm(b - a) or 1)
                    n = np.array([-v[1], v[0]]) * size * 0.06
                    for t in np.linspace(0.2, 0.8, 4):
                        c = a + (b - a) * t
                        cv2.line(
                            img,
                            tuple(np.round((c - n) * 16).astype(int)),
                            tuple(np.round((c + n) * 16).astype(int)),
                            _bgr(st.color),
                            max(1, w // 2),
                            cv2.LINE_AA,
                            shift=4,
                        )
    if art.bridges:
        _bridges(img, m, grid, road_paths, size, max(2, round(size * art.line_width)))

    font = cv2.FONT_HERSHEY_SIMPLEX
    number_scale = size / 420
    for k, h in enumerate(ids):
        hx = m.hexes[h]
        c = centres[k]
        label = h.rpartition(":")[2]
        (tw, th), _ = cv2.getTextSize(label, font, number_scale, 1)
        org = (int(c[0] - tw / 2), int(c[1] - frame.hex_height * 0.28 + th / 2))
        cv2.putText(img, label, org, font, number_scale, (60, 60, 60), 1, cv2.LINE_AA)
        if "city" in hx.features:
            r = int(size * 0.07)
            cv2.rectangle(
                img, (int(c[0] - r), int(c[1] - r)), (int(c[0] + r), int(c[1] + r)), (40, 40, 180), -1
            )
        elif "town" in hx.features:
            cv2.circle(img, (int(c[0]), int(c[1])), int(size * 0.045), (30, 30, 30), -1, cv2.LINE_AA)
        if "fortress" in hx.features:
            cv2.circle(
                img, (int(c[0]), int(c[1])), int(size * 0.12), (30, 30, 30), max(1, thick), cv2.LINE_AA
            )
        if hx.name:
            scale = size / 330
            (tw, th), _ = cv2.getTextSize(hx.name, font, scale, 1)
            org = (int(c[0] - tw / 2), int(c[1] + frame.hex_height * 0.25))
            if art.halo:  # a halo of paper around the letters cuts the lines printed under them
                halo = max(3, round(size * 0.04))
                cv2.putText(img, hx.name, org, font, scale, _bgr(paper), halo, cv2.LINE_AA)
            cv2.putText(img, hx.name, org, font, scale, (20, 20, 20), max(1, thick), cv2.LINE_AA)

    truth = map_with_bridges(m.with_grid(0, grid), bridging_lines(legend), water_sides(legend))
    return Scan(cv2.cvtColor(img, cv2.COLOR_BGR2RGB), truth)


def _winding(grid, m: MapData, hexes, kind: str, seed: int, hex_h: float) -> list:
    """A line through ``hexes`` as a printed road winds: a smooth curve (Catmull-Rom) through a
    point in each hex 0.08-0.18 hex heights off its centre (a railway on the side opposite a
    road's; at the centre of a hex with a town, a city or a fortress, where lines meet), waving
    a little between them, so it crosses each common side well inside it. The points and waves
    are drawn per hex and per edge (seeded by ``seed``, the kind and the ids). Returns per edge
    its key and its stretch of curve."""

    def draw(*key: str) -> np.random.Generator:
        return np.random.default_rng([seed, zlib.crc32(":".join((kind, *key)).encode())])

    centres = np.array([grid.center(m.ref(h).col, m.ref(h).row) for h in hexes], float)
    pts = centres.copy()
    turn = np.pi * (kind == "rail")  # a railway and a road through one hex pass on opposite sides
    for k, h in enumerate(hexes):
        angle, radius = np.random.default_rng([seed, zlib.crc32(h.encode())]).uniform(
            (0, 0.08), (2 * np.pi, 0.18)
        )
        angle += turn
        if not {"town", "city", "fortress"} & set(m.hexes[h].features):
            pts[k] += np.array([np.cos(angle), np.sin(angle)]) * radius * hex_h
    if len(pts) < 2:
        return []
    ext = np.vstack([2 * pts[0] - pts[1], pts, 2 * pts[-1] - pts[-2]])
    t = np.linspace(0, 1, 25)[:, None]
    out = []
    for k in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[k - 1], ext[k], ext[k + 1], ext[k + 2]
        seg = 0.5 * (
            2 * p1
            + (p2 - p0) * t
            + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t**2
            + (3 * p1 - p0 - 3 * p2 + p3) * t**3
        )
        u = (p2 - p1) / max(float(np.linalg.norm(p2 - p1)), 1e-9)
        key = tuple(sorted((hexes[k - 1], hexes[k])))
        waves, amp = draw(*key).uniform((1, -0.05), (3, 0.05))
        wave = np.sin(t * 2 * np.pi * int(waves)) * amp * hex_h  # alike either way it runs
        out.append((key, seg + np.array([-u[1], u[0]]) * wave))
    return out


def _polyline(img, path: np.ndarray, colour, width: int, dash: float) -> None:
    """``path`` drawn ``width`` wide, dashed every ``dash`` px along its length (0: solid)."""
    if dash <= 0:
        cv2.polylines(img, [np.round(path * 16).astype(np.int32)], False, colour, width, cv2.LINE_AA, 4)
        return
    along = np.r_[0, np.cumsum(np.linalg.norm(np.diff(path, axis=0), axis=1))]
    fine = np.arange(0, along[-1], 0.5)
    pts = np.column_stack([np.interp(fine, along, path[:, 0]), np.interp(fine, along, path[:, 1])])
    on = (fine // dash) % 2 == 0
    edges = np.flatnonzero(np.diff(np.r_[0, on.astype(int), 0]))
    for a, b in zip(edges[::2], edges[1::2], strict=True):
        if b - a > 1:
            piece = np.round(pts[a:b] * 16).astype(np.int32)
            cv2.polylines(img, [piece], False, colour, width, cv2.LINE_AA, 4)


def _ties(img, path: np.ndarray, colour, width: int, size: float) -> None:
    """A railway's cross-ties along ``path``, one every 0.1 of the hex's size."""
    along = np.r_[0, np.cumsum(np.linalg.norm(np.diff(path, axis=0), axis=1))]
    for s_ in np.arange(size * 0.05, along[-1], size * 0.1):
        k = min(int(np.searchsorted(along, s_)), len(path) - 1)
        v = path[k] - path[max(0, k - 1)]
        v = v / (np.linalg.norm(v) or 1)
        c = np.array([np.interp(s_, along, path[:, 0]), np.interp(s_, along, path[:, 1])])
        n = np.array([-v[1], v[0]]) * size * 0.06
        ends = [tuple(np.round(p * 16).astype(int)) for p in (c - n, c + n)]
        cv2.line(img, ends[0], ends[1], colour, max(1, width // 2), cv2.LINE_AA, shift=4)


def _bridges(img, m: MapData, grid, roads: list[np.ndarray], size: float, width: int) -> None:
    """A bridge where a road crosses a river hexside: two dark brackets along the road, one
    either side of it, where its drawn path meets the side."""
    sides = []
    for s in m.hexsides.values():
        if {"river", "major_river"} & set(s.features):
            ra, rb = m.ref(s.hexes[0]), m.ref(s.hexes[1])
            if ra.sheet == 0:
                sides.append(
                    grid.side_segment(ra.col, ra.row, grid.direction((ra.col, ra.row), (rb.col, rb.row)))
                )
    ink = (35, 35, 35)
    for path in roads:
        for a, b in zip(path[:-1], path[1:], strict=True):
            for p, q in sides:
                hit = _crossing(a, b, p, q)
                if hit is None:
                    continue
                v = (b - a) / (np.linalg.norm(b - a) or 1)
                n = np.array([-v[1], v[0]])
                for k in (-1, 1):
                    mid = hit + n * k * (width / 2 + max(2.0, size * 0.025))
                    ends = [mid - v * size * 0.08, mid + v * size * 0.08]
                    splay = [
                        ends[0] - v * size * 0.03 + n * k * size * 0.03,
                        ends[1] + v * size * 0.03 + n * k * size * 0.03,
                    ]
                    pts = np.array([splay[0], ends[0], ends[1], splay[1]])
                    cv2.polylines(
                        img,
                        [np.round(pts * 16).astype(np.int32)],
                        False,
                        ink,
                        max(1, width // 2 + 1),
                        cv2.LINE_AA,
                        4,
                    )


def _crossing(a, b, p, q) -> np.ndarray | None:
    """Where segments a-b and p-q cross, if they do."""
    d1, d2 = b - a, q - p
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    t = ((p[0] - a[0]) * d2[1] - (p[1] - a[1]) * d2[0]) / den
    u = ((p[0] - a[0]) * d1[1] - (p[1] - a[1]) * d1[0]) / den
    return a + d1 * t if 0 <= t <= 1 and 0 <= u <= 1 else None


BAND = 0.13  # width of a hexside terrain band on each side of the side, in hex heights


def _hexside_bands(img, m: MapData, grid, colours, width: float) -> None:
    """Hexside terrain printed as a band along the side, on both hexes (Der Weltkrieg style)."""
    for s in m.hexsides.values():
        item = colours.get(s.terrain) if s.terrain else None
        if item is None:
            continue
        ra, rb = m.ref(s.hexes[0]), m.ref(s.hexes[1])
        if ra.sheet != 0:
            continue
        d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
        seg = grid.side_segment(ra.col, ra.row, d)
        for r in (ra, rb):
            c = np.array(grid.center(r.col, r.row))
            k = width / np.linalg.norm(seg.mean(axis=0) - c)
            inner = seg + (c - seg) * k  # toward the centre, keeping the corners' angles
            quad = np.round(np.array([seg[0], seg[1], inner[1], inner[0]]) * 16).astype(np.int32)
            cv2.fillPoly(img, [quad], _bgr(item.color), lineType=cv2.LINE_AA, shift=4)


def _dashed(img, a, b, colour, width, dash) -> None:
    length = float(np.linalg.norm(b - a))
    n = max(1, int(length // (2 * dash)))
    for k in range(n + 1):
        t0, t1 = (2 * k * dash) / length, min(1.0, (2 * k + 1) * dash / length)
        if t0 >= 1:
            break
        p, q = a + (b - a) * t0, a + (b - a) * t1
        cv2.line(
            img,
            tuple(np.round(p * 16).astype(int)),
            tuple(np.round(q * 16).astype(int)),
            colour,
            width,
            cv2.LINE_AA,
            shift=4,
        )


def _symbols(img, rng, centre, size: float, item: Item) -> None:
    """Printed terrain symbols in one hex: trees, hatching, chevrons, tufts or waves."""
    kind = item.extra.get("symbol") or {
        "woods": "trees",
        "forest": "trees",
        "rough": "hatch",
        "mountain": "chevrons",
        "swamp": "tufts",
        "marsh": "tufts",
        "ocean": "waves",
        "sea": "waves",
        "wooded_rough": "trees",
    }.get(item.name)
    if kind is None:
        return
    ink = _bgr(_darker(item.color, 0.62))
    r = size * 0.5
    spots = rng.uniform(-0.5, 0.5, size=(5, 2)) * r + centre
    spots[:, 1] += r * 0.12  # keep clear of the printed number at the top
    w = max(1, round(size / 90))
    for x, y in spots:
        if kind == "trees":
            cv2.circle(img, (int(x), int(y)), max(2, int(size * 0.035)), ink, -1, cv2.LINE_AA)
            cv2.line(img, (int(x), int(y)), (int(x), int(y + size * 0.05)), ink, w, cv2.LINE_AA)
        elif kind == "hatch":
            d = size * 0.05
            cv2.line(img, (int(x - d), int(y + d)), (int(x + d), int(y - d)), ink, w, cv2.LINE_AA)
        elif kind == "chevrons":
            d = size * 0.05
            pts = np.array([[x - d, y + d * 0.6], [x, y - d * 0.6], [x + d, y + d * 0.6]], np.int32)
            cv2.polylines(img, [pts], False, ink, w, cv2.LINE_AA)
        elif kind == "tufts":
            d = size * 0.03
            for dx in (-d, 0, d):
                cv2.line(
                    img, (int(x + dx), int(y)), (int(x + dx * 1.5), int(y - d * 1.6)), ink, w, cv2.LINE_AA
                )
        elif kind == "waves":
            d = size * 0.04
            pts = np.array(
                [[x - 2 * d, y], [x - d, y - d * 0.5], [x, y], [x + d, y - d * 0.5], [x + 2 * d, y]], np.int32
            )
            cv2.polylines(img, [pts], False, ink, w, cv2.LINE_AA)


def degrade(scan: Scan, level: int, seed: int = 0) -> Scan:
    """Age a clean render like a scanner would, at ``level`` 0 (none) to 3 (hard)."""
    if level not in LEVELS:
        raise ValueError(f"degradation level must be one of {sorted(LEVELS)}")
    angle, scale_j, cast, fade, paper, blur, noise, quality = LEVELS[level]
    rng = np.random.default_rng(seed + 7919 * level)
    img = scan.image
    h, w = img.shape[:2]
    theta = rng.uniform(-angle, angle) if angle else 0.0
    s = 1.0 + rng.uniform(-scale_j, scale_j)
    truth = scan.truth
    if theta or s != 1.0:
        centre = (w / 2, h / 2)
        mat = cv2.getRotationMatrix2D(centre, -theta, s)  # clockwise theta, as grids count it
        img = cv2.warpAffine(
            img,
            mat,
            (w, h),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(246, 242, 230),
        )
        f = truth.sheets[0].grid.frame()
        ox, oy = mat @ np.array([f.origin[0], f.origin[1], 1.0])
        frame = PixelFrame(f.hex_width * s, f.hex_height * s, (float(ox), float(oy)), f.angle_deg + theta)
        truth = truth.with_grid(0, truth.sheets[0].grid.with_pixels(frame))
    img = age(img, rng, cast=cast, fade=fade, paper=paper, blur=blur, noise=noise, quality=quality)
    return Scan(img, truth)


def age(
    img: np.ndarray, rng, *, cast: float, fade: float, paper: float, blur: float, noise: float, quality: int
) -> np.ndarray:
    """A clean RGB render aged like printed paper through a scanner: a colour cast, fading towards
    the paper, a paper texture, blur, noise and JPEG compression at ``quality`` (100: none)."""
    out = img.astype(np.float32)
    h, w = out.shape[:2]
    if cast:
        out *= (1 + rng.uniform(-cast, cast, 3)).astype(np.float32)
    if fade:
        out = out * (1 - fade) + np.float32(250 * fade)
    if paper:
        small = rng.normal(0, paper, size=(max(2, h // 64), max(2, w // 64), 1)).astype(np.float32)
        out += cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]
    if blur:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if noise:
        out += rng.normal(0, noise, size=out.shape).astype(np.float32)
    aged = np.clip(out, 0, 255).astype(np.uint8)
    del out
    if quality < 100:
        ok, buf = cv2.imencode(
            ".jpg", cv2.cvtColor(aged, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality]
        )
        aged = cv2.cvtColor(cv2.imdecode(buf, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    return aged


def synthesize(m: MapData, legend: Legend, seed: int = 0, level: int = 2, style: str = "classic") -> Scan:
    """Render and degrade in one call."""
    return degrade(render(m, legend, seed, style=style), level, seed)


def sample_legend(style: str = "classic") -> Legend:
    """The legend the sample map is printed with in art ``style`` (:data:`STYLES`; classic: the
    colours of a typical period map): the style's colours for its rivers, border, rail, road and
    outline, and its curvy lines traced as curves."""
    from .legend import parse_legend

    art = STYLES[style]
    doc = _classic_legend()
    doc["grid"]["outline"] = art.colours.get("outline", doc["grid"]["outline"])
    for row in (*doc["hexside"], *doc["line"]):
        row["color"] = art.colours.get(row["name"], row["color"])
    for row in doc["line"]:
        if row["name"] == "road":
            row["style"] = art.road
        if art.curvy:
            row["trace"] = "curve"
    return parse_legend(doc)


def _classic_legend() -> dict:
    return dict(
        {
            "format": "railhead.legend/1",
            "grid": {
                "orientation": "flat",
                "shifted": "even",
                "id_format": "{col:02d}{row:02d}",
                "first": [1, 1],
                "outline": "#3c3c3c",
                "terrain_on": "hexside",
            },
            "terrain": [
                {"name": "clear", "color": "#ece6cc"},
                {"name": "woods", "color": "#8fbf6a"},
                {"name": "rough", "color": "#c9a872"},
                {"name": "mountain", "color": "#a07850"},
                {"name": "swamp", "color": "#a8c8b8"},
                {"name": "wooded_rough", "color": "#6f8f3a", "on": "hexside"},
                {"name": "ocean", "color": "#8ec5e8"},
            ],
            "hexside": [
                {"name": "river", "color": "#2f6fd6"},
                {"name": "major_river", "color": "#1f4fb0"},
                {"name": "border", "color": "#8a3ca0", "style": "dashed"},
            ],
            "line": [
                {"name": "rail", "color": "#222222", "style": "solid"},
                {"name": "road", "color": "#c8402c", "style": "dashed"},
            ],
        }
    )
