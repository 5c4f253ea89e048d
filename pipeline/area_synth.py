"""Synthetic area-map scans with their truth, to measure :mod:`.areas` (seeded, always the same).

A map is a warped Voronoi partition: seed points in land and sea, every pixel to the nearest seed
of its kind after a smooth random warp of the plane, so that borders wander like drawn ones. The
sea is the part above a wavy coast; it is split into sea zones. Pieces cut off by the coast join a
neighbour, areas smaller than :data:`MIN_AREA` join their longest-bordered neighbour. The truth
(:class:`AreaScan`) is the label of every pixel, the map data (polygons, kinds, ports, borders of
more than :data:`MIN_BORDER` pixel sides) and a gazetteer (a name and a point inside each area,
each port's name beside its symbol).

The print: land filled in several colours, sea in one; land borders and coasts in the border ink,
sea-zone lines thinner and dashed in their own ink, every line moved by a small random jitter from
the true border; port symbols (discs) on the coast; names inside their areas, and at the harder
levels some across a border (overprinting it), on a halo of the area's colour that breaks the
border; optionally (``junction_names``) some on a halo over a point where three borders meet.
Then the scan: colour cast, fading, paper texture, blur, noise, JPEG (:data:`LEVELS`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..mapdata.model import Area, Border, MapData
from .areas import label_polygons, shared_borders
from .gazetteer import Place, slug
from .legend import Legend, parse_legend
from .synth import age

MIN_AREA = 3000
MIN_BORDER = 12
WIDTH, HEIGHT = 1000, 760

# level: border jitter (px), share of names across a border, halo under names, blur sigma, noise
# sigma, colour cast, fading, paper texture, JPEG quality
LEVELS = {
    0: (0.0, 0.0, False, 0.0, 0, 0.00, 0.00, 0, 100),
    1: (0.8, 0.25, False, 0.5, 3, 0.03, 0.04, 3, 92),
    2: (1.2, 0.35, True, 0.8, 6, 0.06, 0.08, 6, 85),
    3: (1.6, 0.45, True, 1.1, 9, 0.09, 0.12, 9, 75),
}

_SYLLABLES = [
    "al",
    "ber",
    "cas",
    "dor",
    "el",
    "fen",
    "gar",
    "hol",
    "is",
    "kar",
    "lin",
    "mor",
    "nar",
    "os",
    "pel",
    "ros",
    "sten",
    "tor",
    "ul",
    "vik",
    "wal",
    "zen",
    "bra",
    "mun",
    "dal",
    "ves",
    "tri",
    "gor",
    "hav",
    "lom",
]


@dataclass(frozen=True)
class AreaScan:
    image: np.ndarray  # H x W x 3 uint8 RGB
    truth: MapData
    labels: np.ndarray  # (H, W) truth label of every pixel (1..N), index into ``ids``
    ids: dict[int, str]
    places: list[Place]  # the gazetteer a user would give


def area_legend(names_in_border_ink: bool = False) -> Legend:
    """The legend the synthetic area maps are printed with (``names_in_border_ink``: the names are
    printed in the border ink, and the legend has no name ink of its own)."""
    return parse_legend(
        {
            "format": "railhead.legend/1",
            "areas": {
                "border": "#6b2417",
                "border_width_px": 3,
                "sea_border": "#2d5f8f",
                "sea_border_style": "dashed",
                **({} if names_in_border_ink else {"text": "#1c1c1c"}),
                "port": "#c8288c",
                "port_size_px": 11,
                "max_gap_px": 80,
                "min_border_px": MIN_BORDER,
                "min_area_px": MIN_AREA // 2,
            },
            "area": [
                {"name": "sand", "color": "#eadfb4", "kind": "land"},
                {"name": "green", "color": "#cfe0a6", "kind": "land"},
                {"name": "rose", "color": "#f0c9b8", "kind": "land"},
                {"name": "lilac", "color": "#dccbe6", "kind": "land"},
                {"name": "sea", "color": "#a3cbe6", "kind": "sea"},
            ],
        }
    )


def _field(rng, shape, cells: tuple[int, int], amplitude: float) -> np.ndarray:
    small = rng.normal(0, 1, size=cells).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC) * amplitude


def _names(rng, n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        k = int(rng.integers(2, 4))
        name = "".join(rng.choice(_SYLLABLES, size=k)).capitalize()
        if name not in out and 4 <= len(name) <= 11:
            out.append(name)
    return out


def _partition(rng, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Truth labels (1..N, every pixel) and whether each label is sea."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xw = xx + _field(rng, (h, w), (6, 8), 28) + _field(rng, (h, w), (24, 32), 5)
    yw = yy + _field(rng, (h, w), (6, 8), 28) + _field(rng, (h, w), (24, 32), 5)
    ph = rng.uniform(0, 2 * np.pi, 2)
    coast = (
        h * 0.25
        + 32 * np.sin(2 * np.pi * xw / w * 1.4 + ph[0])
        + 16 * np.sin(2 * np.pi * xw / w * 3.3 + ph[1])
    )
    is_sea = yw < coast
    seeds_sea = [(w * (i + 0.5) / 4 + rng.uniform(-60, 60), h * rng.uniform(0.05, 0.15)) for i in range(4)]
    step = 150.0
    seeds_land = []
    for gy in np.arange(h * 0.32, h, step):
        for gx in np.arange(step / 2, w, step):
            seeds_land.append((gx + rng.uniform(-0.35, 0.35) * step, gy + rng.uniform(-0.35, 0.35) * step))
    seeds = seeds_sea + seeds_land
    labels = np.zeros((h, w), np.int32)
    for group, mask in ((range(len(seeds_sea)), is_sea), (range(len(seeds_sea), len(seeds)), ~is_sea)):
        best = np.full((h, w), np.inf, np.float32)
        for i in group:
            sx, sy = seeds[i]
            d = (xw - sx) ** 2 + (yw - sy) ** 2
            take = (d < best) & mask
            best[take] = d[take]
            labels[take] = i + 1
    sea = np.zeros(len(seeds) + 1, bool)
    sea[1 : len(seeds_sea) + 1] = True
    labels = _merge_pieces(labels)
    labels = _merge_small(labels, sea)
    # consecutive labels
    used = np.unique(labels)
    remap = np.zeros(labels.max() + 1, np.int32)
    remap[used] = np.arange(1, len(used) + 1)
    return remap[labels], np.concatenate([[False], sea[used]])


def _neighbour_of(labels: np.ndarray, piece: np.ndarray, own: int) -> int:
    ring = cv2.dilate(piece.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & ~piece
    near = labels[ring]
    near = near[near != own]
    return int(np.bincount(near).argmax()) if len(near) else own


def _merge_pieces(labels: np.ndarray) -> np.ndarray:
    """Every label one piece: the smaller pieces join the neighbour around them."""
    for k in np.unique(labels):
        mask = (labels == k).astype(np.uint8)
        n, comp, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        if n <= 2:
            continue
        keep = 1 + int(stats[1:, cv2.CC_STAT_AREA].argmax())
        for i in range(1, n):
            if i != keep:
                piece = comp == i
                labels[piece] = _neighbour_of(labels, piece, k)
    return labels


def _merge_small(labels: np.ndarray, sea: np.ndarray) -> np.ndarray:
    while True:
        sizes = np.bincount(labels.ravel())
        small = [k for k in np.nonzero(sizes)[0] if sizes[k] < MIN_AREA]
        if not small:
            return labels
        k = min(small, key=lambda k: sizes[k])
        shared = shared_borders(labels)
        best = max(
            ((c, b if a == k else a) for (a, b), c in shared.items() if k in (a, b)),
            key=lambda t: (sea[t[1]] == sea[k], t[0]),
            default=None,
        )
        if best is None:
            return labels
        labels[labels == k] = best[1]


def _boundary(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pixels on a label change (left/top pixel of each differing pair) and the pair there."""
    b = np.zeros(labels.shape, bool)
    a_lab = np.zeros(labels.shape, np.int32)
    b_lab = np.zeros(labels.shape, np.int32)
    h = labels[:, :-1] != labels[:, 1:]
    b[:, :-1] |= h
    a_lab[:, :-1][h], b_lab[:, :-1][h] = labels[:, :-1][h], labels[:, 1:][h]
    v = labels[:-1, :] != labels[1:, :]
    b[:-1, :] |= v
    a_lab[:-1, :][v], b_lab[:-1, :][v] = labels[:-1, :][v], labels[1:, :][v]
    return b, a_lab, b_lab


def _ink(img: np.ndarray, centre: np.ndarray, half: float, colour) -> None:
    """Paint a line of half-width ``half`` (anti-aliased) along the pixels of ``centre``."""
    if not centre.any():
        return
    dist = cv2.distanceTransform((~centre).astype(np.uint8), cv2.DIST_L2, 5)
    alpha = np.clip(half + 0.5 - dist, 0, 1)[..., None]
    img[:] = img * (1 - alpha) + np.array(colour, np.float32) * alpha


def render_areas(
    seed: int = 0,
    level: int = 2,
    legend: Legend | None = None,
    junction_names: int = 0,
    names_in_border_ink: bool = False,
) -> AreaScan:
    """A synthetic area-map scan and its truth (see the module docstring).

    ``junction_names``: this many names are printed on a halo over a point where three borders
    meet (at any level), hiding the junction and the ends of the three borders; the other names are
    printed as the level says. Their choice draws on a random stream of its own, so that the map
    (areas, borders, ports) is that of ``junction_names=0``. ``names_in_border_ink``: the names are
    printed in the border ink (as many maps print them), the rest of the map unchanged."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {sorted(LEVELS)}")
    jitter, across, halo, blur, noise, cast, fade, paper, quality = LEVELS[level]
    legend = legend or area_legend()
    rng = np.random.default_rng(seed)
    w, h = WIDTH, HEIGHT
    labels, sea = _partition(rng, w, h)
    n = int(labels.max())
    land_fills = [f.color for f in legend.area if f.extra["kind"] == "land"]
    sea_fill = next(f.color for f in legend.area if f.extra["kind"] == "sea")
    fills = np.array(
        [(0, 0, 0)]
        + [sea_fill if sea[k] else land_fills[int(rng.integers(len(land_fills)))] for k in range(1, n + 1)],
        np.float32,
    )
    img = fills[labels].copy()
    # lines: drawn from a jittered copy of the truth
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if jitter:
        mx = xx + _field(rng, (h, w), (h // 12, w // 12), jitter)
        my = yy + _field(rng, (h, w), (h // 12, w // 12), jitter)
        drawn = cv2.remap(
            labels.astype(np.float32), mx, my, cv2.INTER_NEAREST, borderMode=cv2.BORDER_REPLICATE
        )
        drawn = drawn.astype(np.int32)
    else:
        drawn = labels
    edge, la, lb = _boundary(drawn)
    sea_line = edge & sea[la] & sea[lb]
    # dashes 8 px long: counted down a steep line (a label change across x), along a flat one
    steep = np.zeros(edge.shape, bool)
    steep[:, :-1] = drawn[:, :-1] != drawn[:, 1:]
    dash = np.where(steep, yy // 8 % 2 == 0, xx // 8 % 2 == 0)
    a = legend.areas
    _ink(img, edge & ~sea_line, float(a["border_width_px"]) / 2, _rgb(a["border"]))
    _ink(img, sea_line & dash, 1.0, _rgb(a["sea_border"]))
    img = np.clip(img, 0, 255).astype(np.uint8)
    ports = _place_ports(rng, labels, sea, img, legend)
    names = _names(rng, n + len(ports))
    ids = {k: slug(names[k - 1]) if not sea[k] else slug(names[k - 1] + " Sea") for k in range(1, n + 1)}
    area_names = {k: names[k - 1] if not sea[k] else names[k - 1] + " Sea" for k in range(1, n + 1)}
    ink = _rgb(a["border"] if names_in_border_ink else a.get("text", "#1c1c1c"))
    symbols = tuple((x, y) for (x, y), _, _ in ports)
    _print_names(rng, img, labels, fills, area_names, across, halo, ink, junction_names, seed, symbols)
    image = age(img, rng, cast=cast, fade=fade, paper=paper, blur=blur, noise=noise, quality=quality)
    truth, places = _truth(rng, labels, sea, ids, area_names, ports, names[n:])
    return AreaScan(image, truth, labels, ids, places)


def _rgb(text: str) -> tuple[int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _place_ports(rng, labels, sea, img, legend) -> list[tuple[tuple[float, float], int, int]]:
    """Port symbols on the coast, away from junctions: (centre, land label, sea label)."""
    edge, la, lb = _boundary(labels)
    coast = edge & (sea[la] != sea[lb])
    ys, xs = np.nonzero(coast)
    order = rng.permutation(len(ys))
    size = float(legend.areas["port_size_px"])
    h, w = labels.shape
    out: list[tuple[tuple[float, float], int, int]] = []
    for i in order:
        if len(out) >= 6:
            break
        x, y = int(xs[i]), int(ys[i])
        if not (25 <= x < w - 25 and 25 <= y < h - 25):
            continue
        if any((x - p[0][0]) ** 2 + (y - p[0][1]) ** 2 < 110**2 for p in out):
            continue
        near = np.unique(labels[y - 16 : y + 17, x - 16 : x + 17])
        if len(near) != 2:
            continue
        land = int(la[y, x] if not sea[la[y, x]] else lb[y, x])
        water = int(lb[y, x] if land == la[y, x] else la[y, x])
        out.append(((float(x), float(y)), land, water))
    for (x, y), _, _ in out:
        cv2.circle(
            img,
            (int(round(x * 16)), int(round(y * 16))),
            int(size / 2 * 16),
            _rgb(legend.areas["port"]),
            -1,
            cv2.LINE_AA,
            4,
        )
    return out


def _print_names(
    rng,
    img,
    labels,
    fills,
    names,
    across: float,
    halo: bool,
    ink,
    junction_names: int = 0,
    seed: int = 0,
    symbols: tuple[tuple[float, float], ...] = (),
) -> None:
    font, scale, thick = cv2.FONT_HERSHEY_DUPLEX, 0.5, 1
    edge, la, lb = _boundary(labels)
    taken = np.zeros(labels.shape, bool)  # names already printed: no name over another
    at_junction: dict[int, tuple[int, int]] = {}
    if junction_names:
        jrng = np.random.default_rng([seed, 7])
        junctions = _junctions(labels)
        free = np.ones(labels.shape, bool)  # a halo never hides a port symbol
        for x, y in symbols:
            cv2.circle(free.view(np.uint8), (int(round(x)), int(round(y))), 14, 0, -1)
        for k in jrng.permutation(sorted(names)).tolist():
            if len(at_junction) >= junction_names:
                break
            (tw, th), _ = cv2.getTextSize(names[k], font, scale, thick)
            got = _on_junction(jrng, labels, junctions, k, tw, th, taken | ~free)
            if got is not None:
                at_junction[k] = got
                x0, y0 = int(got[0] - tw / 2), int(got[1] + th / 2)
                taken[max(0, y0 - th - 4) : y0 + 6, max(0, x0 - 4) : x0 + tw + 4] = True
    for k, name in names.items():
        (tw, th), _ = cv2.getTextSize(name, font, scale, thick)
        mask = np.pad((labels == k).astype(np.uint8), 1)
        dist = cv2.distanceTransform(mask, cv2.DIST_L2, 5)[1:-1, 1:-1]
        y, x = np.unravel_index(int(dist.argmax()), dist.shape)
        if rng.random() < across:
            got = _across(rng, labels, edge, la, lb, k, tw, th, taken)
            if got is not None:
                x, y = got
        if k in at_junction:
            x, y = at_junction[k]
        x0, y0 = int(x - tw / 2), int(y + th / 2)
        taken[max(0, y0 - th - 4) : y0 + 6, max(0, x0 - 4) : x0 + tw + 4] = True
        if halo or k in at_junction:
            cv2.rectangle(
                img, (x0 - 2, y0 - th - 2), (x0 + tw + 2, y0 + 4), tuple(int(c) for c in fills[k]), -1
            )
        cv2.putText(img, name, (x0, y0), font, scale, ink, thick, cv2.LINE_AA)


def _across(rng, labels, edge, la, lb, k, tw, th, taken) -> tuple[int, int] | None:
    """A point on a border of area ``k`` with another land area where a name of ``tw`` x ``th``
    pixels crosses that border once (the border enters and leaves the text box)."""
    ys, xs = np.nonzero(edge & ((la == k) | (lb == k)))
    h, w = labels.shape
    for i in rng.permutation(len(ys))[:40]:
        x, y = int(xs[i]), int(ys[i])
        x0, x1, y0, y1 = x - tw // 2 - 3, x + tw // 2 + 3, y - th // 2 - 4, y + th // 2 + 5
        if x0 < 10 or y0 < 10 or x1 >= w - 10 or y1 >= h - 10:
            continue
        if taken[y0:y1, x0:x1].any():
            continue
        box = labels[max(0, y0 - 8) : y1 + 8, max(0, x0 - 8) : x1 + 8]  # the halo and a line's width
        if len(np.unique(box)) != 2:
            continue  # one border under the name, no junction (junction_names puts names there)
        if edge[y0:y1, x0:x1].sum() > 2.5 * (y1 - y0):
            continue  # the border runs along the name: it would vanish for too long
        return x, y
    return None


def _junctions(labels: np.ndarray) -> np.ndarray:
    """Pixels whose 3 x 3 neighbourhood holds three labels or more: where borders meet."""
    lo = cv2.erode(labels.astype(np.float32), np.ones((3, 3), np.uint8))
    hi = cv2.dilate(labels.astype(np.float32), np.ones((3, 3), np.uint8))
    third = np.zeros(labels.shape, bool)
    pad = np.pad(labels.astype(np.float32), 1, mode="edge")
    h, w = labels.shape
    for dy in range(3):
        for dx in range(3):
            v = pad[dy : dy + h, dx : dx + w]
            third |= (v != lo) & (v != hi)
    return third


def _on_junction(rng, labels, junctions, k, tw, th, taken) -> tuple[int, int] | None:
    """A point for the name of area ``k`` (``tw`` x ``th`` pixels) whose halo hides one point where
    three borders meet, one of them ``k``'s (the halo holds no other junction)."""
    ring = cv2.dilate((labels == k).astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    ys, xs = np.nonzero(junctions & ring)
    h, w = labels.shape
    for i in rng.permutation(len(ys))[:60]:
        # the junction under the name, not always at its middle
        x = int(xs[i] + rng.uniform(-0.3, 0.3) * tw)
        y = int(ys[i] + rng.uniform(-0.2, 0.2) * th)
        x0, x1, y0, y1 = x - tw // 2 - 3, x + tw // 2 + 3, y - th // 2 - 4, y + th // 2 + 5
        if x0 < 10 or y0 < 10 or x1 >= w - 10 or y1 >= h - 10:
            continue
        if taken[max(0, y0 - 8) : y1 + 8, max(0, x0 - 8) : x1 + 8].any():
            continue
        box = labels[max(0, y0 - 8) : y1 + 8, max(0, x0 - 8) : x1 + 8]
        if len(np.unique(box)) != 3 or junctions[y0:y1, x0:x1].sum() == 0:
            continue  # exactly one junction under the halo (three areas), and it is hidden
        return x, y
    return None


def _truth(rng, labels, sea, ids, names, ports, port_names) -> tuple[MapData, list[Place]]:
    polys = label_polygons(labels)
    areas, places = [], []
    for k, poly in sorted(polys.items()):
        mask = np.pad((labels == k).astype(np.uint8), 1)
        dist = cv2.distanceTransform(mask, cv2.DIST_L2, 5)[1:-1, 1:-1]
        ys, xs = np.nonzero(dist >= min(10.0, float(dist.max()) * 0.6))
        j = int(rng.integers(len(ys)))
        point = (float(xs[j]), float(ys[j]))
        kind = "sea" if sea[k] else "land"
        ring = tuple((float(x), float(y)) for x, y in poly.exterior.coords[:-1])
        areas.append(Area(ids[k], names[k], {"kind": kind}, ring, point))
        places.append(Place(names[k], point, ids[k], kind, {}, f"truth {ids[k]}"))
    borders = []
    for (a, b), length in sorted(shared_borders(labels).items()):
        if length > MIN_BORDER:
            kind = "sea" if sea[a] and sea[b] else "land" if not (sea[a] or sea[b]) else "coast"
            borders.append(Border((ids[a], ids[b]), kind, {"length_px": length}))
    for ((x, y), land, water), name in zip(ports, port_names, strict=True):
        pid = slug(name)
        areas.append(Area(pid, name, {"kind": "port", "land_area": ids[land]}, None, (x, y)))
        borders.append(Border((pid, ids[water]), "port"))
        px, py = x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)
        places.append(Place(name, (px, py), pid, "port", {}, f"truth {pid}"))
    m = MapData.build("synthetic area map", [], kind="area", areas=areas, borders=borders)
    return m, places
