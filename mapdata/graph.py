"""The map as indexed arrays: hex numbers, a neighbour table and line edges, ready for numpy and scipy.

:class:`HexGraph` numbers the hexes of a :class:`~railhead.mapdata.model.MapData` 0..N-1 (in the order of
``MapData.hexes``) and holds

* ``neighbours``: an (N, 6) int array, entry ``[i, d]`` the hex across side ``d`` of hex ``i`` or -1;
* ``edges``: every adjacent pair once, (E, 2) with ``i < j``;
* ``line_edges(kind)``: the hexsides a rail/road/waterway crosses, (K, 2);
* ``adjacency(...)``: scipy.sparse CSR matrices over either, for ``scipy.sparse.csgraph`` searches.

Engines and the digitizer work on these integer arrays; ids are translated only at the edges.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np
import scipy.sparse as sp

from .model import MapData, side_key


class HexGraph:
    def __init__(self, m: MapData):
        self.map = m
        self.ids: list[str] = list(m.hexes)
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self.sheet, self.cols, self.rows = m.grid_arrays()
        self.neighbours = self._neighbour_table()

    def __len__(self) -> int:
        return len(self.ids)

    def _neighbour_table(self) -> np.ndarray:
        n = len(self.ids)
        table = np.full((n, 6), -1, dtype=np.int64)
        for s, sheet in enumerate(self.map.sheets):
            mask = np.flatnonzero(self.sheet == s)
            if mask.size == 0:
                continue
            g = sheet.grid
            c0, r0 = min(g.cols), min(g.rows)
            lookup = np.full((g.n_cols + 2, g.n_rows + 2), -1, dtype=np.int64)
            lookup[self.cols[mask] - c0 + 1, self.rows[mask] - r0 + 1] = mask
            nc, nr = g.neighbour_arrays(self.cols[mask], self.rows[mask])
            ci = np.clip(nc - c0 + 1, 0, g.n_cols + 1)
            ri = np.clip(nr - r0 + 1, 0, g.n_rows + 1)
            table[mask] = lookup[ci, ri]
        return table

    @cached_property
    def edges(self) -> np.ndarray:
        """Every pair of adjacent hexes once, (E, 2) with the lower index first."""
        i = np.repeat(np.arange(len(self.ids)), 6)
        j = self.neighbours.ravel()
        keep = j > i
        return np.column_stack([i[keep], j[keep]])

    def edge_pairs(self, pairs) -> np.ndarray:
        """Index pairs (K, 2) of id pairs."""
        out = np.array([(self.index[a], self.index[b]) for a, b in pairs], dtype=np.int64)
        return out.reshape(-1, 2)

    def line_edges(self, kind: str) -> np.ndarray:
        """Hexsides crossed by lines of ``kind``, (K, 2) with the lower index first, sorted."""
        pairs = self.edge_pairs(self.map.line_edges(kind))
        if len(pairs) == 0:
            return pairs
        pairs.sort(axis=1)
        return np.unique(pairs, axis=0)

    def hexside_edges(self, feature: str | None = None) -> np.ndarray:
        """Index pairs of hexsides that are recorded in the map (with ``feature`` if given)."""
        keys = [k for k, s in self.map.hexsides.items() if feature is None or feature in s.features]
        return self.edge_pairs(keys)

    def adjacency(self, edges: np.ndarray | None = None, weights=None) -> sp.csr_matrix:
        """Symmetric CSR matrix over ``edges`` (default: all adjacent pairs) with ``weights`` (1)."""
        e = self.edges if edges is None else np.asarray(edges).reshape(-1, 2)
        w = np.ones(len(e)) if weights is None else np.asarray(weights, dtype=float)
        n = len(self.ids)
        rows = np.concatenate([e[:, 0], e[:, 1]])
        cols = np.concatenate([e[:, 1], e[:, 0]])
        return sp.csr_matrix((np.concatenate([w, w]), (rows, cols)), shape=(n, n))

    def pair_key(self, i: int, j: int) -> tuple[str, str]:
        return side_key(self.ids[i], self.ids[j])
