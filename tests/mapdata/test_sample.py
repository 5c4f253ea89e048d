"""The bundled sample map: deterministic, valid, and shaped like a real front map.

The checks run on the default map (which tests and examples elsewhere cite hex by hex) and on a few
other seeds, so that ``sample_map(seed)`` keeps its promises for any seed.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from scipy.sparse.csgraph import connected_components

from railhead.mapdata.graph import HexGraph
from railhead.mapdata.io import mapdata_document, parse_mapdata
from railhead.mapdata.model import MapData, side_key
from railhead.mapdata.sample import sample_map

SEEDS = [1914, 1, 2, 3, 42]
ROUGHNESS = {"clear": 0, "woods": 1, "swamp": 2, "rough": 3, "mountain": 4}


@pytest.fixture(scope="module", params=SEEDS, ids=[f"seed{s}" for s in SEEDS])
def m(request) -> MapData:
    return sample_map(request.param)


def _pairs(m: MapData):
    """Every pair of adjacent hexes once."""
    for a in m.hexes:
        for b in m.neighbours(a):
            if a < b:
                yield a, b


def _components(nodes: list, linked) -> int:
    """Number of connected pieces of ``nodes`` under the symmetric relation ``linked``."""
    index = {n: i for i, n in enumerate(nodes)}
    seen: set[int] = set()
    pieces = 0
    for start in range(len(nodes)):
        if start in seen:
            continue
        pieces += 1
        stack = [start]
        seen.add(start)
        while stack:
            for other in linked(nodes[stack.pop()]):
                k = index.get(other)
                if k is not None and k not in seen:
                    seen.add(k)
                    stack.append(k)
    return pieces


def _ends(m: MapData, a: str, b: str) -> tuple[tuple[float, float], ...]:
    """The two corners (rounded pixels) of the hexside between a and b."""
    grid = m.sheets[0].grid
    ra, rb = m.ref(a), m.ref(b)
    d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
    return tuple(tuple(p) for p in np.round(grid.side_segment(ra.col, ra.row, d), 1))


def test_same_seed_same_map_other_seed_other_map():
    a, b, c = sample_map(1914), sample_map(1914), sample_map(7)
    assert mapdata_document(a) == mapdata_document(b)
    assert mapdata_document(a) != mapdata_document(c)


def test_sample_validates_and_covers_the_sheet(m):
    again = parse_mapdata(mapdata_document(m))
    assert mapdata_document(again) == mapdata_document(m)
    grid = m.sheets[0].grid
    assert (grid.cols, grid.rows, grid.shifted, grid.orientation) == ((1, 24), (1, 18), "even", "flat")
    assert list(m.hexes) == m.grid_ids() and len(m.hexes) == 432
    assert m.sheets[0].image == "sample.png" and grid.pixels is not None
    corners = np.concatenate([grid.corners(m.ref(h).col, m.ref(h).row) for h in m.hexes])
    assert corners.min() > 0  # the whole grid lies on the image


def test_terrain_comes_in_blobs_with_a_coast_and_a_mountain_band(m):
    counts = m.terrain_counts()
    assert set(counts) <= {"clear", "woods", "rough", "swamp", "mountain", "ocean"}
    assert sum(n >= 5 for n in counts.values()) >= 5  # five kinds or more, each a real presence
    pairs = list(_pairs(m))
    land = [(a, b) for a, b in pairs if "ocean" not in (m.hexes[a].terrain, m.hexes[b].terrain)]
    same = sum(m.hexes[a].terrain == m.hexes[b].terrain for a, b in land)
    assert same / len(land) > 0.6  # coherent regions, not salt and pepper
    ocean = [m.ref(h) for h, x in m.hexes.items() if x.terrain == "ocean"]
    assert ocean and max(r.col for r in ocean) <= 4  # the sea lies along the west edge
    assert _components([h for h, x in m.hexes.items() if x.terrain == "ocean"], m.neighbours) == 1
    w, h = 24, 18
    band = [
        (r.col / w + r.row / h) / 2 for x in m.hexes if m.hexes[x].terrain == "mountain" for r in [m.ref(x)]
    ]
    assert np.mean(band) > 0.7  # the mountains run in a band across the south-east


def test_countries_are_contiguous_and_borders_follow_them(m):
    country = {h: x.attrs["country"] for h, x in m.hexes.items()}
    assert 2 <= len(set(country.values())) <= 3
    for c in set(country.values()):
        mine = [h for h in m.hexes if country[h] == c]
        assert _components(mine, m.neighbours) == 1, c
    for a, b in _pairs(m):
        side = m.hexside(a, b)
        at_sea = m.hexes[a].terrain == "ocean" and m.hexes[b].terrain == "ocean"
        differs = country[a] != country[b] and not at_sea  # no border lines are printed at sea
        assert differs == bool(side and "border" in side.features), (a, b)


def test_hexside_terrain_is_the_rougher_of_the_two_hexes(m):
    for a, b in _pairs(m):
        ta, tb = m.hexes[a].terrain, m.hexes[b].terrain
        if ta == tb == "ocean":
            want = "ocean"
        elif "ocean" in (ta, tb):
            want = tb if ta == "ocean" else ta  # a coast takes the land's terrain
        elif {ta, tb} == {"woods", "rough"}:
            want = "wooded_rough"
        else:
            want = max(ta, tb, key=ROUGHNESS.__getitem__)
        side = m.hexside(a, b)
        got = side.terrain if side else None
        assert got == (None if want == "clear" else want), (a, b, ta, tb)
    for s in m.hexsides.values():
        assert s.terrain or s.features  # nothing listed that says nothing


def test_rivers_are_chains_of_hexsides_with_one_major_river(m):
    river = [s.key for s in m.hexsides.values() if {"river", "major_river"} & set(s.features)]
    major = [s.key for s in m.hexsides.values() if "major_river" in s.features]
    assert "river" in Counter(f for s in m.hexsides.values() for f in s.features)
    assert major and len(river) >= 25
    ends = {k: _ends(m, *k) for k in river}
    at = {}
    for k, e in ends.items():
        for p in e:
            at.setdefault(p, []).append(k)

    def touching(keys):
        return lambda k: [o for p in ends[k] for o in at[p] if o != k and o in keys]

    # every river is a chain: the river hexsides make 1-3 pieces that meet at corners
    assert 1 <= _components(river, touching(set(river))) <= 3
    # the major river is a single unbranched chain of hexsides, corner to corner
    degree = Counter(p for k in major for p in ends[k])
    assert _components(major, touching(set(major))) == 1
    assert max(degree.values()) <= 2 and Counter(degree.values())[1] == 2  # two ends
    for k in river:  # rivers do not flow between two sea hexes
        assert {m.hexes[h].terrain for h in k} != {"ocean"}


def test_places_are_named_and_the_port_is_on_the_coast(m):
    has = {f: [h for h in m.hexes.values() if f in h.features] for f in ("city", "town", "fortress", "port")}
    assert 3 <= len(has["city"]) <= 4 and 8 <= len(has["town"]) <= 12
    assert 1 <= len(has["fortress"]) <= 2 and all("city" in h.features for h in has["fortress"])
    assert len(has["port"]) == 1
    (port,) = has["port"]
    assert any(m.hexes[n].terrain == "ocean" for n in m.neighbours(port.id))
    places = has["city"] + has["town"]
    assert all(h.name and h.terrain != "ocean" for h in places)
    assert len({h.name for h in places}) == len(places)
    assert not any({"city", "town"} <= set(h.features) for h in places)


def test_rail_joins_every_city_roads_join_the_towns_and_lines_stay_on_land(m):
    g = HexGraph(m)
    cities = [g.index[h.id] for h in m.hexes.values() if "city" in h.features]
    _, labels = connected_components(g.adjacency(g.line_edges("rail")), directed=False)
    assert len({labels[i] for i in cities}) == 1
    assert {ln.attrs.get("track") for ln in m.lines if ln.kind == "rail"} == {"double", "single"}
    trunk = {side_key(a, b) for ln in m.lines if ln.attrs.get("track") == "double" for a, b in ln.edges()}
    _, labels = connected_components(g.adjacency(g.edge_pairs(trunk)), directed=False)
    assert len({labels[i] for i in cities}) == 1  # the double-track trunk alone joins the cities
    on_road = {h for ln in m.lines if ln.kind == "road" for h in ln.hexes}
    assert all(h.id in on_road for h in m.hexes.values() if "town" in h.features)
    assert {ln.kind for ln in m.lines} == {"rail", "road"}
    for line in m.lines:
        assert len(line.hexes) >= 2
        assert all(m.hexes[h].terrain != "ocean" for h in line.hexes)
        assert all(m.adjacent(a, b) for a, b in line.edges())


def test_rail_avoids_mountains_where_it_can():
    m = sample_map()
    rail = {h for ln in m.lines if ln.kind == "rail" for h in ln.hexes}
    mountain = sum(m.hexes[h].terrain == "mountain" for h in rail)
    share = sum(x.terrain == "mountain" for x in m.hexes.values()) / len(m.hexes)
    assert mountain / len(rail) < share / 2
