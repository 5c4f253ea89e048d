"""LocationGraph: the neighbour table over hexes, areas and boxes that the engine indexes."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from railhead.mapdata.graph import EdgeInfo, HexGraph, LocationGraph, location_graph
from railhead.mapdata.grid import HexGrid
from railhead.mapdata.model import Area, Border, Box, Hex, Link, MapData, Seam, Sheet
from railhead.mapdata.sample import sample_area_map, sample_map, sample_two_sheet_map


def grid_table_by_hand(m: MapData) -> np.ndarray:
    """The (N, 6) table the old HexGraph held, one hex and one direction at a time."""
    ids = list(m.hexes)
    index = {h: i for i, h in enumerate(ids)}
    out = np.full((len(ids), 6), -1, dtype=np.int64)
    for i, h in enumerate(ids):
        r = m.ref(h)
        g = m.sheets[r.sheet].grid
        for d in range(6):
            other = m.id_at(r.sheet, *g.neighbour(r.col, r.row, d))
            if other is not None:
                out[i, d] = index[other]
    return out


def check_back_table(g: LocationGraph) -> None:
    n, width = g.neighbours.shape
    i, s = np.nonzero(g.neighbours >= 0)
    j, b = g.neighbours[i, s], g.back[i, s]
    two_way = b >= 0
    assert np.array_equal(g.neighbours[j[two_way], b[two_way]], i[two_way])
    assert np.array_equal(g.back[j[two_way], b[two_way]], s[two_way])
    # a slot with no way back is a one-way link
    for ii, ss in zip(i[~two_way], s[~two_way], strict=True):
        assert g.edge_info[g.edge[ii, ss]].attrs.get("oneway") is True


def test_grid_only_map_keeps_the_old_six_column_table():
    m = sample_map()
    g = HexGraph(m)
    assert isinstance(g, LocationGraph) and g.grid_only
    assert g.neighbours.shape == (len(m.hexes), 6) and g.n_hexes == len(m.hexes)
    assert np.array_equal(g.neighbours, grid_table_by_hand(m))
    assert np.array_equal(g.back, np.broadcast_to((np.arange(6) + 3) % 6, g.back.shape))
    assert np.array_equal(g.direction, np.broadcast_to(np.arange(6), g.direction.shape))
    assert (g.edge == -1).all() and np.array_equal(g.adjacent_mask, g.neighbours >= 0)
    assert not g.edge_info and (g.kind == 0).all()
    # the edges: every adjacent pair once, lower index first, in the order of the old graph
    i = np.repeat(np.arange(len(g)), 6)
    j = g.neighbours.ravel()
    assert np.array_equal(g.edges, np.column_stack([i[j > i], j[j > i]]))
    check_back_table(g)


def test_ferry_link_takes_a_slot_past_the_six_directions():
    m = sample_two_sheet_map()
    g = LocationGraph(m)
    a, b = g.index["W:0101"], g.index["W:0301"]
    s = g.slot(a, b)
    assert s is not None and s >= 6 and g.direction[a, s] == -1 and not g.adjacent_mask[a, s]
    info = g.edge_info[g.edge[a, s]]
    assert info == EdgeInfo("ferry", frozenset({"ground"}), {"cost": 2}, "link")
    assert g.neighbours[b, g.back[a, s]] == a and g.back[a, s] >= 6
    # the box: kind 2, no sheet, its link in slot 0
    r = g.index["reserve"]
    assert g.kind[r] == 2 and g.sheet[r] == g.cols[r] == g.rows[r] == -1
    assert g.neighbours[r, 0] == g.index["W:0105"] and g.direction[r, 0] == -1
    assert g.edge_info[g.edge[r, 0]].kind == "transit" and not g.grid_only
    assert g.slot(a, g.index["E:0101"]) is None


def test_seam_neighbours_fill_the_direction_slot_they_lie_in():
    m = sample_two_sheet_map()
    g = location_graph(m)
    for a, b, d in m.seam_pairs(m.seams[0]):
        i, j = g.index[a], g.index[b]
        assert g.neighbours[i, d] == j and g.neighbours[j, (d + 3) % 6] == i
        assert g.direction[i, d] == d and g.back[i, d] == (d + 3) % 6 and g.adjacent_mask[i, d]
        assert g.edge_info[g.edge[i, d]] == EdgeInfo("adjacent", None, {}, "seam")
    assert g.neighbours.shape[1] == 7  # W:0101 has its ferry and W:0105 its box link past slot 5
    assert location_graph(m) is g


def test_area_map_borders_and_one_way_links():
    m = sample_area_map()
    g = location_graph(m)
    assert g.n_hexes == 0 and list(g.kind) == [1] * len(m.areas) + [2] * len(m.boxes)
    ns, baltic, lane = g.index["north-sea"], g.index["baltic"], g.index["atlantic-lane"]
    s = g.slot(ns, baltic)
    assert g.edge_info[g.edge[ns, s]].kind == "strait" and not g.adjacent_mask[ns, s]
    s = g.slot(lane, ns)
    assert g.back[lane, s] == -1 and g.slot(ns, lane) is None
    coast = g.slot(ns, g.index["ruhr"])
    assert g.edge_info[g.edge[ns, coast]] == EdgeInfo("coast", None, {}, "border")
    assert g.adjacent_mask[ns, coast]
    assert set(m.neighbours("north-sea")) == {"flanders", "ruhr", "hamburg"}
    assert m.distance("paris", "prussia") == 4 and m.adjacent("hamburg", "ruhr")
    with pytest.raises(ValueError, match="no chain"):
        m.distance("paris", "cp-reserve")  # a rail link is no adjacency
    check_back_table(g)


def test_cache_follows_a_map_changed_in_place():
    m = sample_two_sheet_map()
    g = location_graph(m)
    m.links = [*m.links, Link(("W:0102", "W:0402"), "ferry")]
    assert location_graph(m) is not g and location_graph(m).slot(g.index["W:0102"], g.index["W:0402"])


def test_a_30000_hex_sheet_builds_fast():
    grid = HexGrid("flat", "even", (1, 200), (1, 150), "{col:03d}{row:03d}")
    m = MapData.build(
        "big", [Sheet("", grid)], [Hex(grid.format_id(c, r), "clear") for c, r in grid.coords()]
    )
    m.grid_ids()  # the id lookup is the map's, built once whatever the graph
    t = time.perf_counter()
    g = LocationGraph(m)
    edges = g.edges
    assert time.perf_counter() - t < 1.0, "the table and its edges must stay vectorized"
    assert g.neighbours.shape == (30000, 6) and len(edges) == (g.neighbours >= 0).sum() // 2


# ------------------------------------------------------------------------------ random maps
@st.composite
def random_maps(draw) -> MapData:
    """Two or three sheets with seams, links of every sort, boxes, and areas joined by borders."""
    orientation = draw(st.sampled_from(["flat", "pointy"]))
    shifted = draw(st.sampled_from(["even", "odd"]))
    sizes = [(draw(st.integers(2, 5)), draw(st.integers(2, 5))) for _ in range(draw(st.integers(2, 3)))]
    sheets = [
        Sheet(f"S{k}", HexGrid(orientation, shifted, (1, 2 * c), (1, 2 * r)))
        for k, (c, r) in enumerate(sizes)
    ]
    hexes = [Hex(s.full_id(s.grid.format_id(c, r)), "clear") for s in sheets for c, r in s.grid.coords()]
    edges = ["east", "south"]
    seams = []
    for k in range(1, len(sheets)):
        edge = draw(st.sampled_from(edges))
        offset = 2 * draw(st.integers(-1, 1))  # even: the shifted lines always line up
        seam = Seam(
            (f"S{k - 1}", f"S{k}"), edge, offset if edge == "east" else 0, offset if edge == "south" else 0
        )
        seams.append(seam)
    areas = [Area(f"area{k}") for k in range(draw(st.integers(0, 9)))]
    boxes = [Box(f"box{k}") for k in range(draw(st.integers(0, 3)))]
    hex_ids = [h.id for h in hexes]
    everything = hex_ids + [a.id for a in areas] + [b.id for b in boxes]
    borders = []
    if len(areas) >= 2:
        for _ in range(draw(st.integers(0, 20))):
            a, b = draw(st.lists(st.sampled_from([x.id for x in areas]), min_size=2, max_size=2, unique=True))
            borders.append(Border((a, b), draw(st.sampled_from(["land", "sea", "strait"]))))
    links = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["adjacent", "ferry", "sea-lane"]))
        pool = hex_ids if kind == "adjacent" else everything
        a, b = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        attrs = {"oneway": True} if kind != "adjacent" and draw(st.booleans()) else {}
        links.append(Link((a, b), kind, None, attrs))
    m = MapData.build(
        "random", sheets, hexes, seams=seams, links=links, areas=areas, borders=borders, boxes=boxes
    )
    assume(not any(m.seam_problem(seam) for seam in seams))  # offsets that slide sheets apart
    return m


@settings(max_examples=60, deadline=None)
@given(random_maps())
def test_back_table_holds_on_random_maps(m):
    g = LocationGraph(m)
    check_back_table(g)
    n, width = g.neighbours.shape
    assert width >= 6 and len(g.ids) == len(m.location_ids()) == n
    # every edge of the map is in the table, and nothing else
    i, s = np.nonzero(g.neighbours >= 0)
    pairs = set(zip(i.tolist(), g.neighbours[i, s].tolist(), strict=True))
    grid = grid_table_by_hand(m)
    expected = {(i, int(grid[i, d])) for i in range(g.n_hexes) for d in range(6) if grid[i, d] >= 0}
    for seam in m.seams:
        for a, b, _ in m.seam_pairs(seam):
            expected |= {(g.index[a], g.index[b]), (g.index[b], g.index[a])}
    for ln in m.links:
        a, b = g.index[ln.between[0]], g.index[ln.between[1]]
        expected.add((a, b))
        if not ln.oneway:
            expected.add((b, a))
    for bd in m.borders:
        a, b = g.index[bd.areas[0]], g.index[bd.areas[1]]
        expected |= {(a, b), (b, a)}
    assert pairs == expected
    # grid slots keep their direction; links that are not adjacency have none
    hexes = slice(0, g.n_hexes)
    assert np.array_equal(g.direction[hexes, :6], np.broadcast_to(np.arange(6), (g.n_hexes, 6)))
    other = (g.edge >= 0) & ~g.adjacent_mask
    assert (g.direction[other] == -1).all()
    assert g.grid_only == (not m.seams and not m.links and not m.borders)
    # edges: the adjacency pairs once each, lower index first
    e = g.edges
    assert (e[:, 0] < e[:, 1]).all() and len({tuple(x) for x in e}) == len(e)
