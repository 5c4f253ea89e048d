"""The map as indexed arrays: one location graph over hexes, areas and boxes, ready for numpy and scipy.

:class:`LocationGraph` numbers the locations of a :class:`~railhead.mapdata.model.MapData` 0..N-1
(:meth:`~railhead.mapdata.model.MapData.location_ids`: hexes first, then areas, then boxes) and holds

* ``neighbours``: an (N, D) int array, D >= 6. For a hex, slots 0..5 are its six grid directions; a
  neighbour across a seam fills the direction slot it lies in. Every other edge (links, area borders,
  links to boxes) takes the next free slot >= 6 for hexes, >= 0 for areas and boxes. -1: no edge.
  On a map with nothing but grid sides D == 6 and slot == direction, so (N, 6) code keeps working.
* ``back``: the slot of the neighbour that leads back (``neighbours[neighbours[i, s], back[i, s]] == i``),
  -1 for the forward slot of a one-way link;
* ``direction``: the grid direction of a slot (grid, seam, and ``adjacent`` links placed in a grid
  slot), -1 for other slots; ``edge``: -1 for plain grid sides, else an index into ``edge_info``;
* ``adjacent_mask``: the slots that make two locations neighbours for every purpose;
* ``edges``: every adjacent pair once, (E, 2) with ``i < j``; ``line_edges(kind)``: the pairs a
  rail/road/waterway crosses; ``adjacency(...)``: scipy.sparse CSR matrices for ``csgraph`` searches.

Engines and the digitizer work on these integer arrays; ids are translated only at the edges.
:func:`location_graph` builds a map's graph once and caches it per map object.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from .model import MapData, side_key

KIND_HEX, KIND_AREA, KIND_BOX = 0, 1, 2


@dataclass(frozen=True)
class EdgeInfo:
    """What an edge that is not a plain same-sheet grid side is: a seam, a link or an area border."""

    kind: str
    modes: frozenset[str] | None
    attrs: dict[str, Any] = field(default_factory=dict)
    source: str = "link"  # "seam", "link" or "border"


@dataclass
class _Edge:
    """One edge to place: from location ``i`` to ``j``; ``d`` a grid direction or None."""

    i: int
    j: int
    info: int
    adjacent: bool
    d: int | None = None
    oneway: bool = False


class LocationGraph:
    """The location graph of a map (see the module docstring for the arrays)."""

    def __init__(self, m: MapData):
        self.map = m
        self.ids: list[str] = m.location_ids()
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self.n_hexes = len(m.hexes)
        n = len(self.ids)
        self.kind = np.full(n, KIND_BOX, dtype=np.int8)
        self.kind[: self.n_hexes] = KIND_HEX
        self.kind[self.n_hexes : self.n_hexes + len(m.areas)] = KIND_AREA
        pad = np.full(n - self.n_hexes, -1, dtype=np.int64)
        sheet, cols, rows = m.grid_arrays()
        self.sheet = np.concatenate([sheet, pad])
        self.cols = np.concatenate([cols, pad])
        self.rows = np.concatenate([rows, pad])
        self.edge_info: list[EdgeInfo] = []
        self._build(self._grid_table())

    def __len__(self) -> int:
        return len(self.ids)

    # ------------------------------------------------------------------ building
    def _grid_table(self) -> np.ndarray:
        """(n_hexes, 6): the neighbour across each grid side on the same sheet, vectorized per sheet."""
        table = np.full((self.n_hexes, 6), -1, dtype=np.int64)
        hex_sheet = self.sheet[: self.n_hexes]
        for s, sheet in enumerate(self.map.sheets):
            mask = np.flatnonzero(hex_sheet == s)
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

    def _collect(self, grid: np.ndarray) -> list[_Edge]:
        """Every edge that is not a plain grid side; seam edges and directed adjacent links take
        their grid slot in ``grid`` at once when it is free."""
        m, index = self.map, self.index
        out: list[_Edge] = []

        def in_grid_slot(i: int, j: int, d: int) -> bool:
            if grid[i, d] == j:
                return True  # already neighbours (a link repeating a seam or a grid side)
            if grid[i, d] == -1 and grid[j, (d + 3) % 6] == -1:
                grid[i, d], grid[j, (d + 3) % 6] = j, i
                return True
            return False

        self._grid_slot_info: dict[tuple[int, int], int] = {}
        for seam in m.seams:
            info = self._info(EdgeInfo("adjacent", None, {}, "seam"))
            for a, b, d in m.seam_pairs(seam):
                i, j = index.get(a), index.get(b)
                if i is None or j is None:
                    continue
                if in_grid_slot(i, j, d):
                    self._note_slot(i, j, d, info)
                else:
                    out.append(_Edge(i, j, info, True, d))
        for link in m.links:
            info = self._info(
                EdgeInfo(link.kind, None if link.modes is None else frozenset(link.modes), link.attrs, "link")
            )
            i, j = index[link.between[0]], index[link.between[1]]
            adjacent = link.kind == "adjacent"
            d = m.link_direction(*link.between) if adjacent and not link.oneway else None
            if d is not None and in_grid_slot(i, j, d):
                self._note_slot(i, j, d, info)
                continue
            out.append(_Edge(i, j, info, adjacent, None, link.oneway))
        for border in m.borders:
            info = self._info(EdgeInfo(border.kind, None, border.attrs, "border"))
            out.append(_Edge(index[border.areas[0]], index[border.areas[1]], info, True))
        return out

    def _info(self, info: EdgeInfo) -> int:
        self.edge_info.append(info)
        return len(self.edge_info) - 1

    def _note_slot(self, i: int, j: int, d: int, info: int) -> None:
        self._grid_slot_info.setdefault((i, d), info)
        self._grid_slot_info.setdefault((j, (d + 3) % 6), info)

    def _build(self, grid: np.ndarray) -> None:
        n, nh = len(self.ids), self.n_hexes
        extra = self._collect(grid)
        used = np.where(self.kind == KIND_HEX, 6, 0).astype(np.int64)
        for e in extra:
            used[e.i] += 1
            if not e.oneway:
                used[e.j] += 1
        width = int(max(6, used.max(initial=0)))
        self.neighbours = np.full((n, width), -1, dtype=np.int64)
        self.back = np.full((n, width), -1, dtype=np.int64)
        self.direction = np.full((n, width), -1, dtype=np.int8)
        self.edge = np.full((n, width), -1, dtype=np.int64)
        self.neighbours[:nh, :6] = grid
        self.back[:nh, :6] = (np.arange(6) + 3) % 6
        self.direction[:nh, :6] = np.arange(6)
        self.adjacent_mask = self.neighbours >= 0
        for (i, d), info in self._grid_slot_info.items():
            self.edge[i, d] = info
        nxt = np.where(self.kind == KIND_HEX, 6, 0).astype(np.int64)
        for e in extra:
            si = self._place(nxt, e.i, e.j, e, e.d)
            if not e.oneway:
                sj = self._place(nxt, e.j, e.i, e, None if e.d is None else (e.d + 3) % 6)
                self.back[e.i, si], self.back[e.j, sj] = sj, si
        self.grid_only = not extra and not self._grid_slot_info
        del self._grid_slot_info

    def _place(self, nxt: np.ndarray, i: int, j: int, e: _Edge, d: int | None) -> int:
        """Put the edge i -> j in the next free slot of i (``nxt``); returns the slot."""
        s = int(nxt[i])
        nxt[i] += 1
        self.neighbours[i, s] = j
        self.edge[i, s] = e.info
        self.adjacent_mask[i, s] = e.adjacent
        if d is not None:
            self.direction[i, s] = d
        return s

    # ------------------------------------------------------------------ queries
    def slot(self, i: int, j: int) -> int | None:
        """The first slot of ``i`` leading to ``j``, or None."""
        hits = np.flatnonzero(self.neighbours[i] == j)
        return int(hits[0]) if hits.size else None

    @cached_property
    def edges(self) -> np.ndarray:
        """Every pair of adjacent locations once, (E, 2) with the lower index first, in the order of
        the lower location and then its slots."""
        n, width = self.neighbours.shape
        i = np.repeat(np.arange(n), width)
        j = self.neighbours.ravel()
        keep = self.adjacent_mask.ravel() & (j >= 0)
        lo = np.minimum(i[keep], j[keep])
        hi = np.maximum(i[keep], j[keep])
        _, first = np.unique(lo * n + hi, return_index=True)  # one code per pair: fast 1-D unique
        first.sort()
        return np.column_stack([lo[first], hi[first]])

    def distance(self, a: str, b: str) -> int | None:
        """Fewest adjacent steps from a to b, or None if no chain of neighbours joins them."""
        i, j = self.index[a], self.index[b]
        if i == j:
            return 0
        d = shortest_path(self._adjacency_matrix, unweighted=True, indices=i)[j]
        return None if np.isinf(d) else int(d)

    @cached_property
    def _adjacency_matrix(self) -> sp.csr_matrix:
        return self.adjacency()

    def edge_pairs(self, pairs) -> np.ndarray:
        """Index pairs (K, 2) of id pairs."""
        out = np.array([(self.index[a], self.index[b]) for a, b in pairs], dtype=np.int64)
        return out.reshape(-1, 2)

    def line_edges(self, kind: str) -> np.ndarray:
        """Pairs crossed by lines of ``kind``, (K, 2) with the lower index first, sorted."""
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


HexGraph = LocationGraph  # the name callers used while the graph held hexes only

_GRAPHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _fingerprint(m: MapData) -> tuple:
    """What the graph depends on, cheaply: a map changed in place after its graph was built gets a new one."""
    parts = (m.sheets, m.hexes, m.areas, m.boxes, m.links, m.seams, m.borders)
    return tuple((id(p), len(p)) for p in parts)


def location_graph(m: MapData) -> LocationGraph:
    """The cached LocationGraph of a map (built once per MapData object)."""
    key = _fingerprint(m)
    cached = _GRAPHS.get(m)
    if cached is None or cached[0] != key:
        cached = (key, LocationGraph(m))
        _GRAPHS[m] = cached
    return cached[1]
