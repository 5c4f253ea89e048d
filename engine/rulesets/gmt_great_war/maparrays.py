"""This game's view of the core's (N, 6) grid-side arrays (:mod:`railhead.engine.gridsides`):
everything hex-to-hex here runs over the six grid sides of a front map; the other slots are links
to boxes, which only strategic and sea movement use."""

from __future__ import annotations

import weakref

import numpy as np

from ...gridsides import GridSides, grid_sides
from ...search import EdgeCosts
from ...verdict import Reason

OFF_THE_FRONT = Reason(
    "9.0",
    "operational movement never leaves a front map: fronts are joined only by strategic and sea movement",
)


class GridArrays:
    """Terrain and front tests and widening with this game's rule for the other slots."""

    def __init__(self, a):
        self.g: GridSides = grid_sides(a)
        self.a, self.n = a, a.n
        self.grid6, self.nb6 = self.g.grid6, self.g.nb6

    @property
    def terrain(self) -> tuple[np.ndarray, list]:
        return self.g.codes("terrain")

    @property
    def front(self) -> tuple[np.ndarray, list]:
        return self.g.codes("front")

    def terrain_is(self, *names: str) -> np.ndarray:
        return self.g.attr_in("terrain", names)

    def on_fronts(self, names) -> np.ndarray:
        return self.g.attr_in("front", names)

    def side(self, feature: str) -> np.ndarray:
        return self.g.side(feature)

    def widen(self, k6: EdgeCosts) -> EdgeCosts:
        return self.g.widen(k6, OFF_THE_FRONT)

    def country_side(self, countries) -> np.ndarray:
        """Per location, the side its country's hexes belong to at the start (7.11)."""
        key = tuple(sorted((k, v) for k, v in countries.items() if isinstance(v, str)))
        cache = self.__dict__.setdefault("_country_side", {})
        if key not in cache:
            codes, known = self.g.codes("country")
            sides = np.array([countries.get(c) for c in known] + [None], dtype=object)
            cache[key] = sides[codes]  # code -1 picks the trailing None
        return cache[key]


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def grid_arrays(a) -> GridArrays:
    g = _CACHE.get(a)
    if g is None:
        g = _CACHE[a] = GridArrays(a)
    return g
