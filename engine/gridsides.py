"""The six grid sides of every hex as compact (N, 6) arrays, built once per map.

In the location graph (:mod:`.board`) a hex's slots 0-5 are its six grid directions (a seam's
neighbour fills the direction it lies in) and further slots hold links, borders and box links, so
one box linked to many hexes makes D, and every (N, D) array, large. A ruleset whose hex-to-hex
rules run over grid sides only can compute them on (N, 6) arrays here and widen the result to the
graph's (N, D) once (:meth:`GridSides.widen`), the other slots forbidden with the reason it names.
Location attributes come as small integer codes so that per-step tests are integer gathers.
"""

from __future__ import annotations

import weakref

import numpy as np

from .board import MapArrays
from .search import INF, EdgeCosts
from .verdict import Reason


class GridSides:
    """(N, 6) views of one map: ``grid6`` (the slot is a grid side between two hexes), ``nb6``
    (the hex across it, 0 where none), hexside features per side, location attributes as codes."""

    def __init__(self, a: MapArrays):
        self.a = a
        self.n = a.n
        grid = a.valid & (a.graph.direction >= 0) & (a.location_kind == 0)[:, None]
        self.grid6 = grid[:, :6].copy()
        self.nb6 = np.where(self.grid6, a.nbr[:, :6], 0)
        self._sides: dict[str, np.ndarray] = {}
        self._codes: dict[str, tuple[np.ndarray, list]] = {}

    def codes(self, name: str) -> tuple[np.ndarray, list]:
        """(code per location, the values in code order) of the location attribute ``name``
        (``"terrain"`` is the hex terrain); -1 where a location has none."""
        if name not in self._codes:
            values = self.a.hex_terrain if name == "terrain" else self.a.hex_attr(name)
            known = sorted({v for v in values if v is not None}, key=str)
            lookup = {v: k for k, v in enumerate(known)}
            self._codes[name] = (np.array([lookup.get(v, -1) for v in values], dtype=np.int64), known)
        return self._codes[name]

    def attr_in(self, name: str, values) -> np.ndarray:
        """(N,) bool: the location's attribute ``name`` is one of ``values``."""
        codes, known = self.codes(name)
        wanted = [known.index(v) for v in values if v in known]
        return np.isin(codes, wanted) if wanted else np.zeros(self.n, dtype=bool)

    def side(self, feature: str) -> np.ndarray:
        """(N, 6) bool: the grid side carries the hexside feature."""
        if feature not in self._sides:
            self._sides[feature] = self.a.side_feature(feature)[:, :6] & self.grid6
        return self._sides[feature]

    def widen(self, k6: EdgeCosts, other_slots: Reason) -> EdgeCosts:
        """An (N, 6) EdgeCosts as the graph's (N, D): every slot past the sixth forbidden with
        ``other_slots``; cost parts padded with zeros."""
        d = self.a.degree
        if d == 6:
            return k6
        cost = np.full((self.n, d), INF)
        cost[:, :6] = k6.cost
        why = np.full((self.n, d), len(k6.reasons), dtype=np.int64)
        why[:, :6] = k6.why
        parts = {}
        for name, arr in k6.parts.items():
            p = np.zeros((self.n, d))
            p[:, :6] = arr
            parts[name] = p
        return EdgeCosts(cost, why, [*k6.reasons, other_slots], parts, dict(k6.part_rules))


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def grid_sides(a: MapArrays) -> GridSides:
    """The cached GridSides of a map's arrays."""
    g = _CACHE.get(a)
    if g is None:
        g = _CACHE[a] = GridSides(a)
    return g
