"""What the rules read off the map alone, as compact arrays built once per map: terrain, front and
country as integer codes, and the six grid sides of every hex with their hexside features.

Everything hex-to-hex in this game runs over the six grid sides (slots 0-5 of a hex); the other
slots of the location graph are links to boxes, which only strategic and sea movement use. Rules
are computed on (N, 6) arrays here and widened to the graph's (N, D) once, at the end, so that a
box with many links does not multiply the work of every hex."""

from __future__ import annotations

import weakref
from functools import cached_property

import numpy as np

from ...search import INF, EdgeCosts

SIDE_FEATURES = ("river", "lake", "haff", "all_sea", "impassable", "not_haff", "pass_course")


class GridArrays:
    def __init__(self, a):
        self.a = a
        self.n = a.n
        grid = a.valid & (a.graph.direction >= 0) & (a.location_kind == 0)[:, None]
        self.grid6 = grid[:, :6].copy()
        self.nb6 = np.where(self.grid6, a.nbr[:, :6], 0)

    def codes(self, values: np.ndarray) -> tuple[np.ndarray, list]:
        names = sorted({v for v in values if v is not None})
        lookup = {v: k for k, v in enumerate(names)}
        return np.array([lookup.get(v, -1) for v in values], dtype=np.int64), names

    @cached_property
    def terrain(self) -> tuple[np.ndarray, list[str]]:
        return self.codes(self.a.hex_terrain)

    def terrain_is(self, *names: str) -> np.ndarray:
        codes, known = self.terrain
        wanted = [known.index(t) for t in names if t in known]
        return np.isin(codes, wanted) if wanted else np.zeros(self.n, dtype=bool)

    @cached_property
    def front(self) -> tuple[np.ndarray, list[str]]:
        return self.codes(self.a.hex_attr("front"))

    def on_fronts(self, names) -> np.ndarray:
        codes, known = self.front
        wanted = [known.index(f) for f in names if f in known]
        return np.isin(codes, wanted) if wanted else np.zeros(self.n, dtype=bool)

    def side(self, feature: str) -> np.ndarray:
        """(N, 6) bool: the grid side carries the hexside feature."""
        key = ("side6", feature)
        cache = self.__dict__.setdefault("_sides", {})
        if key not in cache:
            cache[key] = self.a.side_feature(feature)[:, :6] & self.grid6
        return cache[key]

    def widen(self, k6: EdgeCosts) -> EdgeCosts:
        """An (N, 6) EdgeCosts as the graph's (N, D): the other slots forbidden with ``rule``."""
        d = self.a.degree
        if d == 6:
            return k6
        cost = np.full((self.n, d), INF)
        cost[:, :6] = k6.cost
        why = np.full((self.n, d), len(k6.reasons), dtype=np.int64)
        why[:, :6] = k6.why
        reasons = [*k6.reasons, _BOX_REASON]
        parts = {}
        for name, arr in k6.parts.items():
            p = np.zeros((self.n, d))
            p[:, :6] = arr
            parts[name] = p
        return EdgeCosts(cost, why, reasons, parts, dict(k6.part_rules))


def _box_reason():
    from ...verdict import Reason

    return Reason(
        "9.0",
        "operational movement never leaves a front map: fronts are joined only by strategic and sea movement",
    )


_BOX_REASON = _box_reason()
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def grid_arrays(a) -> GridArrays:
    g = _CACHE.get(a)
    if g is None:
        g = _CACHE[a] = GridArrays(a)
    return g
