"""The bundled samples, built entirely by code: a made-up 1914 front on one 24 x 18 sheet
(:func:`sample_map`), a small area map (:func:`sample_area_map`) and a two-sheet map joined by a
seam (:func:`sample_two_sheet_map`).

Deterministic for a seed. Terrain comes in coherent blobs from smooth random fields (a mountain
band, woods, rough, swamp by the rivers, a coast to the west); three countries share the sheet;
rivers are chains of hexsides walked along hex corners; railways join the cities along cheapest
paths over the terrain, roads join the towns. Hexsides carry Der Weltkrieg terrain (the rougher of
the two hexes, woods meeting rough is wooded rough), so the engine can judge moves on it.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from .grid import HexGrid, PixelFrame
from .model import Area, Border, Box, Hex, Hexside, Line, Link, MapData, Seam, Sheet, side_key

ROUGHNESS = {"clear": 0, "woods": 1, "swamp": 2, "rough": 3, "mountain": 4}
MOVE_COST = {"clear": 1.0, "woods": 2.0, "swamp": 4.0, "rough": 3.0, "mountain": 9.0}
CITY_NAMES = ["Valmont", "Kirchberg", "Sankt Lorenz", "Brévanne"]
TOWN_NAMES = [
    "Aubrac",
    "Dornfeld",
    "Hallern",
    "Lisieu",
    "Mersch",
    "Ostrade",
    "Pierrefeu",
    "Rodenau",
    "Saulnes",
    "Trevin",
    "Ulmen",
    "Vireux",
]
RIVER_NAMES = ["Aisne", "Ourthe", "Moder"]


def sample_grid(cols: int = 24, rows: int = 18) -> HexGrid:
    return HexGrid(
        "flat", "even", (1, cols), (1, rows), "{col:02d}{row:02d}", PixelFrame(64.95, 75.0, (52.0, 48.0), 0.0)
    )


def _field(rng: np.random.Generator, xy: np.ndarray, waves: int = 6, scale: float = 190) -> np.ndarray:
    """A smooth random field over pixel positions: a sum of random plane waves, in [-1, 1]."""
    out = np.zeros(len(xy))
    for _ in range(waves):
        angle = rng.uniform(0, 2 * math.pi)
        k = rng.uniform(0.6, 1.6) / scale
        phase = rng.uniform(0, 2 * math.pi)
        out += np.cos(k * (xy[:, 0] * math.cos(angle) + xy[:, 1] * math.sin(angle)) + phase)
    return out / waves


def sample_map(seed: int = 1914, cols: int = 24, rows: int = 18, hex_height: float = 75.0) -> MapData:
    """The sample map for ``seed`` (same seed, same map); bigger sheets for benchmarks."""
    rng = np.random.default_rng(seed)
    grid = sample_grid(cols, rows)
    coords = np.array(list(grid.coords()))
    ids = [grid.format_id(int(c), int(r)) for c, r in coords]
    xy = grid.centers(coords[:, 0], coords[:, 1])
    width = xy[:, 0].max()
    height = xy[:, 1].max()

    # coast: the west edge, wiggling
    coast = 1.6 + 0.9 * np.sin(xy[:, 1] / height * 2.5 * math.pi + rng.uniform(0, 6))
    ocean = coords[:, 0] <= np.round(coast)
    # mountains: a band in the south-east; woods, rough, swamp blobs elsewhere
    band = (xy[:, 0] / width + xy[:, 1] / height) / 2 + 0.12 * _field(rng, xy, 4, 300)
    woods = _field(rng, xy)
    rough = _field(rng, xy)
    wet = _field(rng, xy, 5, 350)
    terrain = np.full(len(ids), "clear", dtype=object)
    terrain[woods > 0.22] = "woods"
    terrain[rough > 0.42] = "rough"
    terrain[wet > 0.3] = "swamp"
    terrain[band > 0.84] = "mountain"
    terrain[(band > 0.76) & (terrain == "clear")] = "rough"
    terrain[ocean] = "ocean"

    # countries: belgium north-west, france south-west, germany east
    border_x = 0.55 * width + 60 * _field(rng, xy, 3, 400)
    country = np.where(
        xy[:, 0] > border_x,
        "germany",
        np.where(xy[:, 1] < 0.4 * height + 40 * _field(rng, xy, 3, 300), "belgium", "france"),
    )

    index = {h: i for i, h in enumerate(ids)}
    nbr = np.full((len(ids), 6), -1)
    for i, (c, r) in enumerate(coords):
        for d in range(6):
            n = grid.neighbour(int(c), int(r), d)
            if grid.contains(*n):
                nbr[i, d] = index[grid.format_id(*n)]

    n_places = max(4, cols * rows // 100)
    rivers = _rivers(rng, grid, coords, nbr, ocean, max(3, cols * rows // 150))
    river_sides = {key for chain in rivers for key in chain}
    cities, towns = _places(rng, xy, ocean, terrain, n_places, width)
    features: dict[int, list[str]] = {i: ["city"] for i in cities}
    for i in towns:
        features[i] = ["town"]
    for i in cities[:2]:
        features[i].append("fortress")
    port, moved = _port(xy, nbr, ocean, terrain, cities, towns)
    if moved is not None:  # no place on the coast: a town moves there to be the port
        towns[towns.index(moved)] = port
        features[port] = features.pop(moved)
    features[port].append("port")
    names = {i: _name(CITY_NAMES, k) for k, i in enumerate(cities)}
    names.update({i: _name(TOWN_NAMES, k) for k, i in enumerate(towns)})

    hexes = [
        Hex(
            h,
            str(terrain[i]),
            names.get(i),
            tuple(features.get(i, ())),
            {"country": str(country[i])},
        )
        for i, h in enumerate(ids)
    ]
    hexsides = _hexsides(ids, nbr, terrain, country, river_sides, rivers)
    lines = _networks(ids, nbr, terrain, ocean, river_sides, cities, towns)
    if hex_height != 75.0:
        k = hex_height / 75.0
        f = grid.frame()
        grid = grid.with_pixels(
            PixelFrame(f.hex_width * k, f.hex_height * k, (f.origin[0] * k, f.origin[1] * k), 0.0)
        )
    return MapData.build("Sample front, 1914", [Sheet("", grid, "sample.png")], hexes, hexsides, lines)


def _name(names: list[str], k: int) -> str:
    return names[k % len(names)] + ("" if k < len(names) else f" {k // len(names) + 1}")


def _places(rng, xy, ocean, terrain, n_cities, width) -> tuple[list[int], list[int]]:
    """Cities spread over the land, then towns at least two hexes from any other place."""
    land = np.flatnonzero(~ocean & (terrain != "mountain") & (terrain != "swamp"))
    chosen: list[int] = []
    city_gap = width / 3.2 if n_cities <= 4 else max(260.0, width / (2 * n_cities**0.5))
    for want, min_px in ((n_cities, city_gap), (3 * n_cities, 140.0)):
        picked = []
        for i in rng.permutation(land):
            if all(np.hypot(*(xy[i] - xy[j])) >= min_px for j in chosen + picked):
                picked.append(int(i))
            if len(picked) == want:
                break
        chosen += picked
    return chosen[:n_cities], chosen[n_cities:]


def _port(xy, nbr, ocean, terrain, cities, towns) -> tuple[int, int | None]:
    """The port hex and the town that moves there, if any: the first town or city on the coast,
    or else the coastal clear or wooded hex nearest to a town (that town moves to it)."""

    def on_coast(i: int) -> bool:
        near = nbr[i][nbr[i] >= 0]
        return bool(ocean[near].any())

    port = next((i for i in towns + cities if on_coast(i)), None)
    if port is not None:
        return port, None
    taken = set(cities + towns)
    shore = [
        i
        for i in range(len(xy))
        if not ocean[i] and terrain[i] in ("clear", "woods") and i not in taken and on_coast(i)
    ]
    if not shore:
        shore = [i for i in range(len(xy)) if not ocean[i] and i not in taken and on_coast(i)]
    gap = np.hypot(*(xy[shore][:, None, :] - xy[towns][None, :, :]).transpose(2, 0, 1))
    s, t = np.unravel_index(int(np.argmin(gap)), gap.shape)
    return int(shore[s]), int(towns[t])


def _rivers(rng, grid, coords, nbr, ocean, count, at_least: int = 2) -> list[list[tuple[int, int]]]:
    """River courses: chains of hexsides from the east edge toward the coast, found as cheapest
    paths over the graph of hex corners with random weights (so they meander).

    ``count`` sources are drawn on the east edge; a source on the sheet's outer rim touches no
    inner hexside and yields no river, so further sources are then drawn among the corners that
    do until there are ``at_least`` rivers. (The draws are kept in this order so that the maps of
    existing seeds stay the same: tests and examples cite hexes of the default map.)
    """
    pts, edges = _corner_graph(grid, coords, nbr, ocean)
    pairs = np.array(list(edges))
    degree = np.bincount(pairs.ravel(), minlength=len(pts))
    east = np.flatnonzero(pts[:, 0] > pts[:, 0].max() - 40)
    inner_east = np.flatnonzero((pts[:, 0] > pts[:, 0].max() - 90) & (degree > 0))
    coastal = {v for (a, b), (i, j) in edges.items() for v in (a, b) if ocean[i] != ocean[j]}
    targets = np.array(sorted(coastal)) if coastal else np.flatnonzero(pts[:, 0] < 120)
    chains = [_course(rng, pts, pairs, edges, east, targets) for _ in range(count)]
    chains = [c for c in chains if c]
    for _ in range(10 * at_least):
        if len(chains) >= at_least:
            break
        chain = _course(rng, pts, pairs, edges, inner_east, targets)
        if chain:
            chains.append(chain)
    return chains


def _corner_graph(grid, coords, nbr, ocean):
    """Hex corners (pixel points) and the inner hexsides between them, not those out at sea:
    ``edges`` maps a corner pair to the pair of hex indices whose shared side it is."""
    corners = np.concatenate([grid.corners(int(c), int(r))[None] for c, r in coords])
    key = np.round(corners, 1)
    vid: dict[tuple[float, float], int] = {}
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(len(coords)):
        for d in range(6):
            a = vid.setdefault(tuple(key[i, d]), len(vid))
            b = vid.setdefault(tuple(key[i, (d + 1) % 6]), len(vid))
            j = nbr[i, d]
            if j >= 0 and not (ocean[i] and ocean[j]):
                edges[(min(a, b), max(a, b))] = (min(i, j), max(i, j))
    pts = np.zeros((len(vid), 2))
    for p, k in vid.items():
        pts[k] = p
    return pts, edges


def _course(rng, pts, pairs, edges, sources, targets) -> list[tuple[int, int]]:
    """One river: the cheapest corner path from a random source to a random target under random
    weights, as the hexsides it runs along (empty if the source touches no inner hexside)."""
    n = len(pts)
    w = rng.uniform(1.0, 4.0, len(pairs))
    g = sp.coo_matrix(
        (np.concatenate([w, w]), (np.concatenate(pairs.T), np.concatenate(pairs.T[::-1]))),
        shape=(n, n),
    ).tocsr()
    start = int(rng.choice(sources))
    target = int(rng.choice(targets))
    _, pred = dijkstra(g, indices=start, return_predecessors=True)
    chain = []
    v = target
    while pred[v] >= 0:
        u = int(pred[v])
        chain.append(edges[(min(u, v), max(u, v))])
        v = u
    return chain[::-1]


def _hexsides(ids, nbr, terrain, country, river_sides, rivers) -> list[Hexside]:
    major = set(rivers[0]) if rivers else set()
    out = []
    for i in range(len(ids)):
        for d in range(6):
            j = nbr[i, d]
            if j < 0 or j < i:
                continue
            ti, tj = str(terrain[i]), str(terrain[j])
            if ti == "ocean" and tj == "ocean":
                t = "ocean"
            elif "ocean" in (ti, tj):
                t = tj if ti == "ocean" else ti
            elif {ti, tj} == {"woods", "rough"}:
                t = "wooded_rough"
            else:
                t = ti if ROUGHNESS[ti] >= ROUGHNESS[tj] else tj
            feats = []
            if (i, j) in river_sides:
                feats.append("major_river" if (i, j) in major else "river")
            if country[i] != country[j] and t != "ocean":  # no borders at sea
                feats.append("border")
            if t == "clear" and not feats:
                continue
            out.append(Hexside(side_key(ids[i], ids[j]), None if t == "clear" else t, tuple(feats)))
    return out


def _paths(nbr, cost_of_hex, river_sides, sources) -> tuple[np.ndarray, np.ndarray]:
    n = len(nbr)
    rows, cols, vals = [], [], []
    for i in range(n):
        for d in range(6):
            j = nbr[i, d]
            if j < 0 or not np.isfinite(cost_of_hex[j]) or not np.isfinite(cost_of_hex[i]):
                continue
            extra = 1.5 if (min(i, j), max(i, j)) in river_sides else 0.0
            rows.append(i)
            cols.append(j)
            vals.append(cost_of_hex[j] + extra)
    g = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    return dijkstra(g, indices=sources, return_predecessors=True)


def _walk(pred_row, target) -> list[int]:
    out = [target]
    while pred_row[out[-1]] >= 0:
        out.append(int(pred_row[out[-1]]))
    return out[::-1]


def _networks(ids, nbr, terrain, ocean, river_sides, cities, towns) -> list[Line]:
    rail_cost = np.array([MOVE_COST.get(str(t), np.inf) for t in terrain])
    rail_cost[ocean] = np.inf
    lines: list[Line] = []
    # trunk: join the cities in a chain of cheapest paths (double track)
    dist, pred = _paths(nbr, rail_cost, river_sides, cities)
    order = [0]
    while len(order) < len(cities):
        last = order[-1]
        rest = [k for k in range(len(cities)) if k not in order]
        order.append(min(rest, key=lambda k: dist[last, cities[k]]))
    on_rail = set()
    for a, b in zip(order, order[1:], strict=False):
        path = _walk(pred[a], cities[b])
        on_rail.update(path)
        lines.append(Line("rail", tuple(ids[k] for k in path), {"track": "double"}))
    # branches: the three towns nearest the trunk get a single-track spur
    trunk = sorted(on_rail)
    tdist, tpred = _paths(nbr, rail_cost, river_sides, trunk)
    spurs = sorted((t for t in towns if t not in on_rail), key=lambda t: tdist[:, t].min())[:3]
    for t in spurs:
        k = int(np.argmin(tdist[:, t]))
        path = _walk(tpred[k], t)
        if len(path) > 1:
            lines.append(Line("rail", tuple(ids[i] for i in path), {"track": "single"}))
    # roads: every town to its nearest other place
    road_cost = np.where(np.isfinite(rail_cost), np.sqrt(rail_cost), np.inf)
    places = cities + towns
    rdist, rpred = _paths(nbr, road_cost, river_sides, places)
    for k, t in enumerate(places):
        if t in cities:
            continue
        others = [m for m in range(len(places)) if m != k]
        m = min(others, key=lambda m: rdist[m, t])
        if not np.isfinite(rdist[m, t]):
            continue
        path = _walk(rpred[m], t)
        if len(path) > 1:
            lines.append(Line("road", tuple(ids[i] for i in path)))
    return lines


# ---------------------------------------------------------------------------------- small maps
# Area map layout: a 4 x 3 board of 100 px cells; row 0 is sea, rows 1-2 land. (id, name, kind, cells)
_AREA_CELL = 100.0
_AREAS = (
    ("north-sea", "North Sea", "sea", ((0, 0), (1, 0))),
    ("baltic", "Baltic Sea", "sea", ((2, 0), (3, 0))),
    ("flanders", "Flanders", "land", ((0, 1),)),
    ("ruhr", "Ruhr", "land", ((1, 1),)),
    ("berlin", "Berlin", "land", ((2, 1),)),
    ("prussia", "East Prussia", "land", ((3, 1),)),
    ("paris", "Paris", "land", ((0, 2),)),
    ("lorraine", "Lorraine", "land", ((1, 2),)),
    ("bavaria", "Bavaria", "land", ((2, 2),)),
    ("vienna", "Vienna", "land", ((3, 2),)),
)


def sample_area_map() -> MapData:
    """A small area map (always the same): eight land areas, two sea zones and a port, with borders
    of kinds ``land``, ``coast`` and ``port``; a ``strait`` link between the two seas, two boxes (a
    reserve linked to Berlin by a ``rail`` link for ground moves, and an Atlantic sea-lane box with a
    one-way ``sea-lane`` link into the North Sea).

    Areas are rectangles of a 4 x 3 board of 100 px cells (``polygon``); the port Hamburg has only a
    ``point``. Border kinds follow from the cells: land next to land is ``land``, land under sea is
    ``coast``.
    """
    areas: list[Area] = []
    cell_of: dict[tuple[int, int], str] = {}
    for aid, name, kind, cells in _AREAS:
        xs = [c for c, _ in cells]
        ys = [r for _, r in cells]
        x0, x1 = min(xs) * _AREA_CELL, (max(xs) + 1) * _AREA_CELL
        y0, y1 = min(ys) * _AREA_CELL, (max(ys) + 1) * _AREA_CELL
        polygon = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        areas.append(Area(aid, name, {"kind": kind}, polygon))
        for cell in cells:
            cell_of[cell] = aid
    areas.append(Area("hamburg", "Hamburg", {"kind": "port"}, None, (1.5 * _AREA_CELL, _AREA_CELL)))
    kinds = {aid: kind for aid, _, kind, _ in _AREAS}
    borders: list[Border] = []
    seen: set[tuple[str, str]] = set()
    for (c, r), a in sorted(cell_of.items()):
        for dc, dr in ((1, 0), (0, 1)):
            b = cell_of.get((c + dc, r + dr))
            if b is None or b == a or side_key(a, b) in seen:
                continue
            seen.add(side_key(a, b))
            if kinds[a] == kinds[b] == "sea":
                continue  # the seas meet only through the strait link
            borders.append(Border((a, b), "land" if kinds[a] == kinds[b] else "coast"))
    borders += [Border(("hamburg", "north-sea"), "port"), Border(("hamburg", "ruhr"), "land")]
    links = [
        Link(("north-sea", "baltic"), "strait", ("naval",), {"controlled_by": "hamburg"}),
        Link(("cp-reserve", "berlin"), "rail", ("ground",)),
        Link(("atlantic-lane", "north-sea"), "sea-lane", ("naval",), {"oneway": True}),
    ]
    boxes = [
        Box("cp-reserve", "Central Powers reserve", {"side": "central"}),
        Box("atlantic-lane", "Atlantic sea lane", {"turns": 2}),
    ]
    return MapData.build(
        "Sample areas, 1914", [], kind="area", areas=areas, borders=borders, links=links, boxes=boxes
    )


def sample_two_sheet_map(rows_offset: int = 1) -> MapData:
    """Two 6 x 5 flat sheets, ``W`` and ``E`` (always the same map for an offset): ``E`` continues
    ``W`` beyond its east edge, its row r lying at W's row r + ``rows_offset`` (a seam).

    Both sheets shift even columns and are six columns apart, so the shifted columns line up. A rail
    runs W:0203 .. W:0603 and on across the seam into E; a river hexside lies across the seam between
    W:0603 and the first E hex it touches (rail and river stay on W when the offset lets no E hex
    touch W:0603); a ferry joins W:0101 and W:0301 for ground moves; a box ``reserve`` is linked
    to W:0105. Sheets carry ``front`` attrs; terrain is woods on column 3 of
    each sheet, clear elsewhere. Pixel frames: 60 x 69.3 px hexes, each sheet on its own image.
    """
    frame = PixelFrame(60.0, 69.3, (50.0, 50.0), 0.0)
    grid = HexGrid("flat", "even", (1, 6), (1, 5), "{col:02d}{row:02d}", frame)
    sheets = [
        Sheet("W", grid, "west.png", attrs={"front": "western"}),
        Sheet("E", grid, "east.png", attrs={"front": "eastern"}),
    ]
    hexes = [
        Hex(s.full_id(grid.format_id(c, r)), "woods" if c == 3 else "clear", attrs={"sheet": s.id})
        for s in sheets
        for c, r in grid.coords()
    ]
    seam = Seam(("W", "E"), "east", rows_offset=rows_offset)
    m = MapData.build("Sample two sheets", sheets, hexes, seams=[seam])
    rail: tuple[str, ...] = ("W:0203", "W:0303", "W:0403", "W:0503", "W:0603")
    east_of = next((b for a, b, _ in m.seam_pairs(seam) if a == "W:0603"), None)
    if east_of is not None:  # the seam touches W:0603 unless the offset slides E past it
        key = side_key("W:0603", east_of)
        m.hexsides = {key: Hexside(key, features=("river",))}
        after = m.id_at(1, 2, m.ref(east_of).row)
        rail += (east_of,) + ((after,) if after and m.adjacent(east_of, after) else ())
    m.lines = [Line("rail", rail)]
    m.links = [
        Link(("W:0101", "W:0301"), "ferry", ("ground",), {"cost": 2}),
        Link(("reserve", "W:0105"), "transit"),
    ]
    m.boxes = {"reserve": Box("reserve", "Reserve box")}
    return m
