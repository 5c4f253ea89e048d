"""The (N, 6) grid-side view of a map (engine/gridsides.py): grid sides across seams included,
links and boxes left out, features per side, attribute codes, and EdgeCosts widened to (N, D)."""

import numpy as np

from railhead.engine.board import map_arrays
from railhead.engine.gridsides import grid_sides
from railhead.engine.search import INF, EdgeCosts
from railhead.engine.verdict import Reason
from railhead.mapdata.sample import sample_two_sheet_map


def test_grid_sides_of_a_two_sheet_map_with_a_ferry_and_a_box():
    m = sample_two_sheet_map()
    a = map_arrays(m)
    g = grid_sides(a)
    assert g is grid_sides(a)  # built once per map
    assert a.degree > 6  # the ferry and the box link need slots past the sixth
    i = a.index
    w6 = i["W:0603"]
    across = [int(n) for n in g.nb6[w6][g.grid6[w6]]]
    assert any(a.ids[n].startswith("E:") for n in across)  # the seam's neighbour is a grid side
    assert i["W:0301"] not in g.nb6[i["W:0101"]][g.grid6[i["W:0101"]]]  # the ferry is not
    assert not g.grid6[i["reserve"]].any()  # a box has no grid sides
    river = g.side("river")
    assert river.sum() == 2 and river[w6].any()  # both directions of the seam's river side
    codes, known = g.codes("terrain")
    assert known == ["clear", "woods"] and codes[i["reserve"]] == -1
    assert g.attr_in("terrain", ["woods"])[i["W:0301"]] and not g.attr_in("terrain", ["woods"])[i["W:0101"]]


def test_widen_forbids_the_other_slots_and_pads_parts():
    a = map_arrays(sample_two_sheet_map())
    g = grid_sides(a)
    k = EdgeCosts.start(g.nb6.shape)
    k.forbid(~g.grid6, "X-1", "no grid side")
    k.add("terrain", np.where(g.grid6, 120.0, 0.0), "X-2")
    wide = g.widen(k, Reason("X-9", "links are for another mode"))
    assert wide.cost.shape == a.nbr.shape
    ferry = int(np.flatnonzero(a.nbr[a.index["W:0101"]] == a.index["W:0301"])[0])
    assert ferry >= 6 and wide.cost[a.index["W:0101"], ferry] == INF
    assert wide.reason(a.index["W:0101"], ferry).rule == "X-9"
    assert wide.parts["terrain"].shape == a.nbr.shape and wide.parts["terrain"][:, 6:].sum() == 0
    assert np.array_equal(wide.cost[:, :6], k.cost)
