"""Hexsides as places: a graph whose nodes are grid sides of a map (those a mask selects) and whose
edges join two sides that meet at a hex corner. Movement *along* hexsides (river movement along
navigable waterways, a waterway net as the connected sides) runs on it.

A hex's sides ``d`` and ``d + 1`` meet at its corner ``d + 1`` (directions run clockwise, side
``d`` from corner ``d`` to corner ``d + 1``); the third side at that corner lies between the two
neighbours across them. The neighbour's slot for that side is looked up, not assumed, so sides
across a seam join too.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, shortest_path

from .board import MapArrays


class HexsideGraph:
    """Nodes: the grid sides ``mask`` selects (``mask`` is (N, >=6) bool over a map's slots, read
    on slots 0-5; a side is selected when either of its directed slots is). ``node`` (N, 6) gives
    each directed slot's node, -1 where none; ``ends`` (K, 2) the two hexes of each node."""

    def __init__(self, a: MapArrays, mask: np.ndarray):
        grid = a.valid[:, :6] & (a.graph.direction[:, :6] >= 0) & (a.location_kind == 0)[:, None]
        nb = np.where(grid, a.nbr[:, :6], -1)
        back = np.where(grid, a.back[:, :6], -1)
        sel = np.asarray(mask)[:, :6] & grid
        # a side is selected if either direction says so
        i, d = np.nonzero(sel)
        j, e = nb[i, d], back[i, d]
        ok = (e >= 0) & (e < 6)
        sel[j[ok], e[ok]] = True
        i, d = np.nonzero(sel)
        j = nb[i, d]
        keep = i < j
        self.ends = np.column_stack([i[keep], j[keep]])
        self.node = np.full((a.n, 6), -1, dtype=np.int64)
        self.node[i[keep], d[keep]] = np.arange(keep.sum())
        e = back[i[keep], d[keep]]
        fine = (e >= 0) & (e < 6)
        self.node[j[keep][fine], e[fine]] = np.arange(keep.sum())[fine]
        self.k = len(self.ends)
        # corner triples: (h, d), (h, d+1) and the side between their neighbours
        src, dst = [], []
        for d in range(6):
            d1 = (d + 1) % 6
            s1, s2 = self.node[:, d], self.node[:, d1]
            n1, n2 = nb[:, d], nb[:, d1]
            third = np.full(a.n, -1, dtype=np.int64)
            both = (n1 >= 0) & (n2 >= 0)
            rows = np.flatnonzero(both)
            if rows.size:
                hit = nb[n1[rows]] == n2[rows][:, None]
                slot = hit.argmax(axis=1)
                found = hit.any(axis=1)
                third[rows[found]] = self.node[n1[rows[found]], slot[found]]
            for x, y in ((s1, s2), (s1, third), (s2, third)):
                pair = (x >= 0) & (y >= 0)
                src.append(x[pair])
                dst.append(y[pair])
        src_a = np.concatenate(src) if src else np.zeros(0, dtype=np.int64)
        dst_a = np.concatenate(dst) if dst else np.zeros(0, dtype=np.int64)
        g = sp.csr_matrix((np.ones(len(src_a), dtype=np.int8), (src_a, dst_a)), shape=(self.k, self.k))
        self.graph = ((g + g.T) > 0).astype(np.int8).tocsr()

    def sides_of(self, hex_index: int) -> np.ndarray:
        """The nodes on the sides of one hex."""
        row = self.node[hex_index]
        return np.unique(row[row >= 0])

    def components(self) -> np.ndarray:
        """A label per node: nodes joined corner to corner share one (e.g. a waterway net)."""
        if self.k == 0:
            return np.zeros(0, dtype=np.int64)
        return connected_components(self.graph, directed=False)[1]

    def entered(self, starts: np.ndarray, open_nodes: np.ndarray | None = None) -> np.ndarray:
        """Per node, the fewest sides entered to reach it from one of ``starts`` (a start counts
        as one side entered), only through ``open_nodes``; inf where unreachable."""
        out = np.full(self.k, np.inf)
        starts = np.asarray(starts, dtype=np.int64)
        if open_nodes is not None:
            starts = starts[open_nodes[starts]]
        if self.k == 0 or starts.size == 0:
            return out
        g = self.graph
        if open_nodes is not None:
            keep = sp.diags(open_nodes.astype(np.int8), dtype=np.int8)
            g = (keep @ g @ keep).tocsr()
        dist = shortest_path(g, method="D", unweighted=True, directed=False, indices=np.unique(starts))
        return np.atleast_2d(dist).min(axis=0) + 1

    def reachable(self, starts: np.ndarray, open_nodes: np.ndarray) -> np.ndarray:
        """(K,) bool: nodes joined to one of ``starts`` through ``open_nodes`` (starts included)."""
        return np.isfinite(self.entered(starts, open_nodes))

    def path(self, starts: np.ndarray, goal: int, open_nodes: np.ndarray | None = None) -> list[int]:
        """One shortest chain of nodes from a start to ``goal`` (empty if none)."""
        dist = self.entered(starts, open_nodes)
        if not np.isfinite(dist[goal]):
            return []
        out = [goal]
        while dist[out[-1]] > 1:
            nbrs = self.graph.indices[self.graph.indptr[out[-1]] : self.graph.indptr[out[-1] + 1]]
            out.append(int(nbrs[np.argmin(dist[nbrs])]))
        return out[::-1]
