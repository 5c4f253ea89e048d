"""The bundled sample map: deterministic, valid, and shaped like a real front map."""

from __future__ import annotations

import numpy as np
from scipy.sparse.csgraph import connected_components

from railhead.mapdata.graph import HexGraph
from railhead.mapdata.io import mapdata_document, parse_mapdata
from railhead.mapdata.sample import sample_map


def test_same_seed_same_map_other_seed_other_map():
    a, b, c = sample_map(1914), sample_map(1914), sample_map(7)
    assert mapdata_document(a) == mapdata_document(b)
    assert mapdata_document(a) != mapdata_document(c)


def test_sample_validates_and_covers_the_sheet():
    m = sample_map()
    again = parse_mapdata(mapdata_document(m))
    assert len(again.hexes) == len(m.sheets[0].grid) == 432
    counts = m.terrain_counts()
    assert len(counts) >= 5 and min(counts.values()) >= 5


def test_rail_joins_every_city_and_lines_stay_on_land():
    m = sample_map()
    g = HexGraph(m)
    rail = g.adjacency(g.line_edges("rail"))
    _, labels = connected_components(rail, directed=False)
    cities = [g.index[h.id] for h in m.hexes.values() if "city" in h.features]
    assert len(cities) == 4 and len({labels[i] for i in cities}) == 1
    for line in m.lines:
        assert all(m.hexes[h].terrain != "ocean" for h in line.hexes)
        assert all(m.adjacent(a, b) for a, b in line.edges())
    assert {ln.attrs.get("track") for ln in m.lines if ln.kind == "rail"} == {"double", "single"}


def test_rivers_are_chains_of_hexsides_and_borders_follow_countries():
    m = sample_map()
    river = [s for s in m.hexsides.values() if {"river", "major_river"} & set(s.features)]
    assert len(river) > 20
    # each river hexside shares a corner with another river hexside (chains, not dots)
    grid = m.sheets[0].grid
    ends = []
    for s in river:
        ra, rb = m.ref(s.hexes[0]), m.ref(s.hexes[1])
        d = grid.direction((ra.col, ra.row), (rb.col, rb.row))
        ends.append(np.round(grid.side_segment(ra.col, ra.row, d), 1))
    pts = [tuple(p) for e in ends for p in e]
    for e in ends:
        assert sum(pts.count(tuple(p)) for p in e) >= 3
    for a in m.hexes:
        for b in m.neighbours(a):
            side = m.hexside(a, b)
            at_sea = m.hexes[a].terrain == "ocean" and m.hexes[b].terrain == "ocean"
            differs = m.hexes[a].attrs["country"] != m.hexes[b].attrs["country"] and not at_sea
            assert differs == bool(side and "border" in side.features)
