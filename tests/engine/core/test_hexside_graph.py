"""engine/hexside_graph.py: grid sides as nodes joined at hex corners (movement along hexsides)."""

from __future__ import annotations

import numpy as np

from railhead.engine.board import map_arrays
from railhead.engine.hexside_graph import HexsideGraph
from railhead.mapdata.grid import HexGrid, PixelFrame
from railhead.mapdata.model import Hex, MapData, Seam, Sheet


def _map(seam: bool = False) -> MapData:
    frame = PixelFrame(60.0, 69.3, (50.0, 50.0), 0.0)
    grid = HexGrid("flat", "even", (1, 6), (1, 6), "{col:02d}{row:02d}", frame)
    sheets = [Sheet("A", grid, "a.png")] + ([Sheet("B", grid, "b.png")] if seam else [])
    hexes = [Hex(s.full_id(grid.format_id(c, r)), "clear") for s in sheets for c, r in grid.coords()]
    seams = [Seam(("A", "B"), "east")] if seam else []
    return MapData.build("t", sheets, hexes, seams=seams)


def _ring_mask(a, hid: str) -> np.ndarray:
    mask = np.zeros(a.nbr.shape, dtype=bool)
    mask[a.index[hid], :6] = True
    return mask


def test_the_six_sides_of_one_hex_form_a_ring():
    a = map_arrays(_map())
    g = HexsideGraph(a, _ring_mask(a, "A:0303"))
    assert g.k == 6
    assert (np.asarray(g.graph.sum(axis=1)).ravel() == 2).all()  # each side meets two others
    start = g.node[a.index["A:0303"], 0]
    far = g.node[a.index["A:0303"], 3]
    dist = g.entered(np.array([start]))
    assert dist[start] == 1  # entering the first side counts one
    assert dist[far] == 4  # the opposite side: three more sides entered
    assert len(g.path(np.array([start]), int(far))) == 4
    assert len(set(g.components().tolist())) == 1


def test_sides_meet_across_the_neighbours_corner_and_closed_nodes_stop_the_trace():
    a = map_arrays(_map())
    mask = _ring_mask(a, "A:0303") | _ring_mask(a, "A:0503")
    g = HexsideGraph(a, mask)
    assert g.k == 12
    assert len(set(g.components().tolist())) == 2  # the two rings share no corner
    s = g.node[a.index["A:0303"], 0]
    assert not np.isfinite(g.entered(np.array([s]))[g.node[a.index["A:0503"], 0]])
    opened = np.ones(g.k, dtype=bool)
    opened[g.node[a.index["A:0303"], 1]] = False
    opened[g.node[a.index["A:0303"], 5]] = False
    assert not g.reachable(np.array([s]), opened)[g.node[a.index["A:0303"], 3]]


def test_the_directed_slot_of_either_hex_names_the_same_side():
    a = map_arrays(_map())
    g = HexsideGraph(a, _ring_mask(a, "A:0303"))
    i = a.index["A:0303"]
    for d in range(6):
        j = a.nbr[i, d]
        e = a.back[i, d]
        assert g.node[j, e] == g.node[i, d]
        assert set(g.ends[g.node[i, d]].tolist()) == {i, j}
