"""The shared searches: direct CSR building and reverse searches on turned-round costs agree with
the plain definitions (a scipy matrix built from (row, column) pairs, and its transpose)."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from builders import hex_map
from scipy.sparse.csgraph import dijkstra

from railhead.engine.board import map_arrays
from railhead.engine.search import INF, EdgeCosts, csr, reversed_costs, search


def random_costs(seed: int):
    arrays = map_arrays(hex_map((1, 9), (1, 7)))
    rng = np.random.default_rng(seed)
    cost = rng.integers(1, 6, size=arrays.nbr.shape).astype(float) * 30
    cost[rng.random(arrays.nbr.shape) < 0.15] = INF  # forbidden steps
    cost[arrays.nbr < 0] = INF
    return arrays.nbr, cost


def coo_matrix(nbr: np.ndarray, cost: np.ndarray) -> sp.csr_matrix:
    i, d = np.nonzero((nbr >= 0) & np.isfinite(cost))
    return sp.csr_matrix((cost[i, d], (i, nbr[i, d])), shape=(len(nbr), len(nbr)))


def test_direct_csr_is_the_graph_of_the_allowed_steps():
    for seed in range(5):
        nbr, cost = random_costs(seed)
        direct = csr(nbr, cost, extra_nodes=2)
        assert direct.shape == (len(nbr) + 2, len(nbr) + 2)
        expected = coo_matrix(nbr, cost)
        assert (direct[: len(nbr), : len(nbr)] != expected).nnz == 0
        assert direct.nnz == expected.nnz


def test_reverse_search_gives_distances_toward_the_sources():
    """A supply line is traced from the unit to the HQ (R19-8): one search from the HQs over the
    turned-round steps must give every hex its forward distance to the nearest HQ."""
    for seed in range(5):
        nbr, cost = random_costs(seed)
        sources = [3, 40]
        dist, _ = search(nbr, cost, sources, reverse=True)
        forward = dijkstra(coo_matrix(nbr, cost), directed=True)[:, sources].min(axis=1)
        np.testing.assert_array_equal(dist, forward)
        # and the turned-round costs are the transpose of the forward graph
        assert (coo_matrix(nbr, reversed_costs(nbr, cost)) != coo_matrix(nbr, cost).T).nnz == 0


def _costs(arrays, rng) -> EdgeCosts:
    k = EdgeCosts.start(arrays.nbr.shape)
    k.forbid(arrays.nbr < 0, "R1", "off the map")
    for name in ("terrain", "river", "rail"):
        k.add(name, rng.integers(-1, 4, size=arrays.nbr.shape).astype(float) * 30, f"rule {name}")
    return k


def _steps(k: EdgeCosts, cells) -> list:
    return [(k.cost[i, d], k.why[i, d], k.step_parts(i, d)) for i, d in cells]


def test_costs_copied_or_seen_through_a_window_change_apart_and_list_a_steps_parts_alike():
    """:meth:`EdgeCosts.copy` shares the arrays (none is written in place) and a window of the map
    reads the map's cost parts lazily (railhead.engine.window): adding, forbidding or removing in
    one never shows in the other, and every step lists the parts the whole map's costs give it."""
    from railhead.engine.window import WindowArrays, _sliced

    arrays = map_arrays(hex_map((1, 9), (1, 7)))
    rng = np.random.default_rng(5)
    whole = _costs(arrays, rng)
    keep = np.sort(rng.choice(arrays.n, 30, replace=False))
    sub = WindowArrays(arrays, keep)
    cells = [(i, d) for i in range(sub.n) for d in range(arrays.nbr.shape[1])]
    seen = _sliced(whole, keep, arrays.n)
    assert _steps(seen, cells) == _steps(whole, [(int(keep[i]), d) for i, d in cells])
    # change a copy of the whole map's costs, and a copy of the window's, the same way
    extra = rng.integers(0, 3, size=arrays.nbr.shape).astype(float) * 30
    forbidden = rng.random(arrays.nbr.shape) < 0.2
    before = _steps(whole, [(int(keep[i]), d) for i, d in cells])
    seen_before = _steps(seen, cells)
    changed = []
    for k, rows in ((whole.copy(), slice(None)), (seen.copy(), keep)):
        k.add("river", extra[rows], "rule river")
        k.add("zoc", extra[rows], "rule zoc")
        k.forbid(forbidden[rows], "R2", "forbidden")
        del k.parts["rail"]
        k.add("rail", extra[rows], "rule rail")
        changed.append(k)
    assert list(changed[1].parts) == list(changed[0].parts) == ["terrain", "river", "zoc", "rail"]
    assert _steps(changed[1], cells) == _steps(changed[0], [(int(keep[i]), d) for i, d in cells])
    assert _steps(whole, [(int(keep[i]), d) for i, d in cells]) == before  # the originals unchanged
    assert _steps(seen, cells) == seen_before
    assert (changed[1].why != seen.why).any() and (changed[0].why != whole.why).any()
