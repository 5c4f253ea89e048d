"""The shared searches: direct CSR building and reverse searches on turned-round costs agree with
the plain definitions (a scipy matrix built from (row, column) pairs, and its transpose)."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from builders import hex_map
from scipy.sparse.csgraph import dijkstra

from railhead.engine.board import map_arrays
from railhead.engine.search import INF, csr, reversed_costs, search


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
