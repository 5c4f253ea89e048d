"""The bundled sample: a made-up 1914 front on one 24 x 18 sheet, built entirely by code.

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
from .model import Hex, Hexside, Line, MapData, Sheet, side_key

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
