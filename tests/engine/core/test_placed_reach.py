"""A unit placed from a box onto one of several hexes at no MP, moving on from there or not
(:mod:`railhead.engine.placed_reach`): the cheapest placement wins each location, paths start with
the box and the hex placed on, the placement's own words are reported where it lands."""

from __future__ import annotations

import numpy as np

from railhead.engine.movement import Reach
from railhead.engine.placed_reach import PlacedReach, Placement

INF = np.inf


def _line(n: int, start: int, cost: float = 1.0) -> Reach:
    """A search along a line of hexes 0..n-2 (hex n-1 is the box), from ``start``."""
    dist = np.full(n, INF)
    pred = np.full(n, -9999)
    for i in range(n - 1):
        dist[i] = abs(i - start) * cost
        if i != start:
            pred[i] = i + 1 if i < start else i - 1
    return Reach(dist, pred, start)


def test_each_location_keeps_its_cheapest_placement_and_path():
    box, n = 7, 8
    r = PlacedReach(
        box, n, [Placement(1, _line(n, 1), {"rule": "7.12"}), Placement(5, _line(n, 5), {"rule": "7.12"})]
    )
    assert r.cost(box) == 0 and r.path(box) == [box]
    assert [float(r.dist[i]) for i in range(7)] == [1, 0, 1, 2, 1, 0, 1]
    assert r.path(3) == [box, 1, 2, 3]  # a tie goes to the first placement listed
    assert r.path(6) == [box, 5, 6]
    assert r.extras(5, [str(i) for i in range(n)]) == {"rule": "7.12"}
    assert r.extras(6, [str(i) for i in range(n)]) == {"placed_on": "5"}


def test_a_placement_that_ends_the_move_reaches_its_hex_only():
    box, n = 7, 8
    r = PlacedReach(box, n, [Placement(2, None, {"placement": "2.75"}), Placement(4, None)])
    assert sorted(int(i) for i in r.hexes()) == [2, 4, box]
    assert r.path(2) == [box, 2] and r.path(3) == []
    assert r.extras(2, [str(i) for i in range(n)]) == {"placement": "2.75"}
    assert PlacedReach(box, n, []).hexes().tolist() == [box]  # nowhere to be placed
