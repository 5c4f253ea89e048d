"""A map and a position as numpy arrays, shared by every ruleset.

Hexes are numbered as in :class:`~railhead.mapdata.graph.HexGraph`; a *directed edge* is a pair
``(i, d)``: leave hex ``i`` across its side ``d`` (0..5) into ``neighbours[i, d]``. Every per-edge
quantity is therefore an ``(N, 6)`` array, and a path step is one lookup. ``MapArrays`` holds what
depends on the map only (terrain, hexside features, lines) and is cached per map; ``Board`` adds the
position: where units stand, markers, rail status, and each side's zone of control.
"""

from __future__ import annotations

import weakref
from functools import cached_property

import numpy as np

from ..mapdata.graph import HexGraph
from ..mapdata.model import MapData
from .state import GameState
from .values import ChartValues

OPPOSITE = np.array([3, 4, 5, 0, 1, 2])


class MapArrays:
    """Static arrays of one map."""

    def __init__(self, m: MapData):
        self.map = m
        self.graph = HexGraph(m)
        self.ids = self.graph.ids
        self.index = self.graph.index
        self.n = len(self.ids)
        self.nbr = self.graph.neighbours  # (N, 6), -1 off the map
        self.valid = self.nbr >= 0
        # the side of the neighbour that faces back: nbr[nbr[i,d], back[i,d]] == i
        self.back = np.broadcast_to(OPPOSITE, self.nbr.shape).copy()
        self._side_cache: dict[tuple, np.ndarray] = {}

    # -------------------------------------------------------------- hexes
    @cached_property
    def hex_terrain(self) -> np.ndarray:
        return np.array([self.map.hexes[h].terrain for h in self.ids], dtype=object)

    def hex_feature(self, name: str) -> np.ndarray:
        key = ("hex_feature", name)
        if key not in self._side_cache:
            self._side_cache[key] = np.array(
                [name in self.map.hexes[h].features for h in self.ids], dtype=bool
            )
        return self._side_cache[key]

    def hex_attr(self, name: str) -> np.ndarray:
        key = ("hex_attr", name)
        if key not in self._side_cache:
            self._side_cache[key] = np.array(
                [self.map.hexes[h].attrs.get(name) for h in self.ids], dtype=object
            )
        return self._side_cache[key]

    # -------------------------------------------------------------- hexsides
    def _side_slots(self, a: str, b: str) -> tuple[int, int, int, int] | None:
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return None
        hits = np.flatnonzero(self.nbr[i] == j)
        if hits.size == 0:
            return None
        d = int(hits[0])
        return i, d, j, int(OPPOSITE[d])

    def side_terrain(self, default: str = "") -> np.ndarray:
        """(N, 6) hexside terrain names ("" where the map records none)."""
        key = ("side_terrain", default)
        if key not in self._side_cache:
            out = np.full(self.nbr.shape, default, dtype=object)
            for s in self.map.hexsides.values():
                if s.terrain is None:
                    continue
                slots = self._side_slots(*s.hexes)
                if slots:
                    i, d, j, e = slots
                    out[i, d] = out[j, e] = s.terrain
            self._side_cache[key] = out
        return self._side_cache[key]

    def side_feature(self, name: str) -> np.ndarray:
        """(N, 6) bool: the hexside carries feature ``name`` (river, major_river, border...)."""
        key = ("side_feature", name)
        if key not in self._side_cache:
            out = np.zeros(self.nbr.shape, dtype=bool)
            for s in self.map.hexsides.values():
                if name in s.features:
                    slots = self._side_slots(*s.hexes)
                    if slots:
                        i, d, j, e = slots
                        out[i, d] = out[j, e] = True
            self._side_cache[key] = out
        return self._side_cache[key]

    def line_attr(self, kind: str, attr: str | None = None, default: str = "yes") -> np.ndarray:
        """(N, 6) object array: for each hexside a line of ``kind`` crosses, its ``attr`` value
        (``default`` when the line has no such attribute); None where no such line crosses."""
        key = ("line", kind, attr, default)
        if key not in self._side_cache:
            out = np.full(self.nbr.shape, None, dtype=object)
            for line in self.map.lines:
                if line.kind != kind:
                    continue
                value = line.attrs.get(attr, default) if attr else default
                for a, b in line.edges():
                    slots = self._side_slots(a, b)
                    if slots:
                        i, d, j, e = slots
                        out[i, d] = out[j, e] = value
            self._side_cache[key] = out
        return self._side_cache[key]

    # -------------------------------------------------------------- windows (bulk searches)
    @cached_property
    def _axial_lookup(self) -> tuple[np.ndarray, np.ndarray, dict[int, tuple]]:
        g = self.graph
        q = np.zeros(self.n, dtype=np.int64)
        r = np.zeros(self.n, dtype=np.int64)
        tables = {}
        for s, sheet in enumerate(self.map.sheets):
            mask = np.flatnonzero(g.sheet == s)
            if mask.size == 0:
                continue
            qs, rs = sheet.grid.to_axial(g.cols[mask], g.rows[mask])
            q[mask], r[mask] = qs, rs
            q0, r0 = qs.min(), rs.min()
            table = np.full((qs.max() - q0 + 1, rs.max() - r0 + 1), -1, dtype=np.int64)
            table[qs - q0, rs - r0] = mask
            tables[s] = (q0, r0, table)
        return q, r, tables

    def window_offsets(self, radius: int) -> np.ndarray:
        """Axial offsets of every hex within ``radius`` (W, 2)."""
        key = ("win-off", radius)
        if key not in self._side_cache:
            rng = np.arange(-radius, radius + 1)
            dq, dr = np.meshgrid(rng, rng, indexing="ij")
            keep = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2 <= radius
            self._side_cache[key] = np.column_stack([dq[keep], dr[keep]])
        return self._side_cache[key]

    def window_neighbours(self, radius: int) -> np.ndarray:
        """(W, 6): the window cell across each side of each window cell, -1 outside."""
        key = ("win-nbr", radius)
        if key not in self._side_cache:
            from ..mapdata.grid import _AXIAL_DIRECTIONS

            offs = self.window_offsets(radius)
            where = {(int(a), int(b)): k for k, (a, b) in enumerate(offs)}
            dirs = _AXIAL_DIRECTIONS[self.map.sheets[0].grid.orientation]
            out = np.array(
                [[where.get((int(a) + dq, int(b) + dr), -1) for dq, dr in dirs] for a, b in offs],
                dtype=np.int64,
            )
            self._side_cache[key] = out
        return self._side_cache[key]

    def windows(self, starts: np.ndarray, radius: int) -> np.ndarray:
        """(U, W) global hex index of each window cell around each start (-1 off the sheet)."""
        q, r, tables = self._axial_lookup
        offs = self.window_offsets(radius)
        out = np.full((len(starts), len(offs)), -1, dtype=np.int64)
        sheet_of = self.graph.sheet[starts]
        for s, (q0, r0, table) in tables.items():
            rows = np.flatnonzero(sheet_of == s)
            if rows.size == 0:
                continue
            qq = q[starts[rows]][:, None] + offs[:, 0] - q0
            rr = r[starts[rows]][:, None] + offs[:, 1] - r0
            inside = (qq >= 0) & (qq < table.shape[0]) & (rr >= 0) & (rr < table.shape[1])
            vals = np.full(qq.shape, -1, dtype=np.int64)
            vals[inside] = table[qq[inside], rr[inside]]
            out[rows] = vals
        return out

    def edge_slot(self, a: str, b: str) -> tuple[int, int] | None:
        """(i, d) of the step a -> b, or None if they are not adjacent (or unknown)."""
        slots = self._side_slots(a, b)
        return None if slots is None else (slots[0], slots[1])


_ARRAYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def map_arrays(m: MapData) -> MapArrays:
    """The cached MapArrays of a map (built once per MapData object)."""
    arr = _ARRAYS.get(m)
    if arr is None:
        arr = MapArrays(m)
        _ARRAYS[m] = arr
    return arr


class Board:
    """A position on a map, as arrays. Built once per state; never changes."""

    def __init__(self, m: MapData, state: GameState, *, values: ChartValues | None = None):
        self.arrays = map_arrays(m)
        self.map = m
        self.state = state
        self.values = values or ChartValues.empty()
        a = self.arrays
        self.n = a.n
        self.unit_hex = np.array([a.index[u.hex] for u in state.units], dtype=np.int64)
        self._cache: dict = {}

    @property
    def nbr(self) -> np.ndarray:
        return self.arrays.nbr

    def idx(self, hex_id: str) -> int:
        return self.arrays.index[hex_id]

    @cached_property
    def unit_side(self) -> np.ndarray:
        """Side of each unit of the position, in state order."""
        return np.array([u.side for u in self.state.units], dtype=object)

    @cached_property
    def unit_strength(self) -> np.ndarray:
        return np.array([u.strength or 0 for u in self.state.units], dtype=float)

    def unit_flags(self, key, pred) -> np.ndarray:
        """Per unit (state order), ``pred(unit)``: computed once per position under ``key``."""
        units = self.state.units
        return self.cached(
            ("unit-flags", key), lambda: np.fromiter((bool(pred(u)) for u in units), bool, len(units))
        )

    def hexes_holding(self, selected: np.ndarray) -> np.ndarray:
        """Hexes holding at least one of the ``selected`` units (a per-unit bool mask)."""
        out = np.zeros(self.n, dtype=bool)
        out[self.unit_hex[selected]] = True
        return out

    def strength_in_hexes(self, selected: np.ndarray) -> np.ndarray:
        """Per hex, the summed strength of the ``selected`` units there."""
        return np.bincount(self.unit_hex[selected], weights=self.unit_strength[selected], minlength=self.n)

    def units_mask(self, pred) -> np.ndarray:
        """Hexes holding at least one unit for which ``pred(unit)`` is true (not cached: for
        one-off questions; :meth:`unit_flags` keeps a per-unit answer for the position)."""
        units = self.state.units
        return self.hexes_holding(np.fromiter((bool(pred(u)) for u in units), bool, len(units)))

    def marker(self, name: str) -> np.ndarray:
        key = ("marker", name)
        if key not in self._cache:
            out = np.zeros(self.n, dtype=bool)
            for h, hs in self.state.hexes.items():
                if name in hs.markers:
                    out[self.arrays.index[h]] = True
            self._cache[key] = out
        return self._cache[key]

    def hex_state_attr(self, field: str) -> np.ndarray:
        key = ("hexstate", field)
        if key not in self._cache:
            out = np.full(self.n, None, dtype=object)
            for h, hs in self.state.hexes.items():
                out[self.arrays.index[h]] = getattr(hs, field, None)
            self._cache[key] = out
        return self._cache[key]

    def zone_of_control(self, exerting: np.ndarray, blocked: np.ndarray) -> np.ndarray:
        """Hexes adjacent (across an unblocked hexside) to any hex in ``exerting``.

        ``blocked`` is an (N, 6) mask of hexsides a ZOC does not cross. The exerting hexes
        themselves are not in it unless adjacent to another exerting hex.
        """
        src = np.flatnonzero(exerting)
        zone = np.zeros_like(exerting)
        targets = self.nbr[src]
        ok = (targets >= 0) & ~blocked[src]
        zone[targets[ok]] = True
        return zone

    def cached(self, key, build):
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]
