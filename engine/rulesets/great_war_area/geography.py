"""The area map as this game reads it, per location and per edge (spec §1.2, §2).

Areas carry ``kind`` (land, sea, port, canal), ``zone`` (regular / restricted [9.1]), ``starred``
[9.6], ``capital`` [5.6], ``country`` (National Territory [2.2]), ``weather_area`` [14]; a port or
canal names its ``land_area`` [8.8], [8.2.3]. Borders carry their kind (the data's ``[borders]``);
links add naval straits (``guards``: the land areas that must be friendly or neutral [8.10]) and
Sea Lanes (``nmp`` or ``turns`` [8.1]). Built once per map.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

KINDS = ("land", "sea", "port", "canal")


class Geography:
    """Static arrays of one area map for this ruleset."""

    def __init__(self, arrays, borders: dict[str, Any]):
        a = arrays
        self.arrays = a
        self.n = a.n
        rec = [a.record(i) for i in a.ids]
        attrs = [getattr(r, "attrs", {}) or {} for r in rec]
        self.kind = np.array(
            [x.get("kind", "box" if k == 2 else "") for x, k in zip(attrs, a.location_kind, strict=True)],
            dtype=object,
        )
        self.land = self.kind == "land"
        self.sea = self.kind == "sea"
        self.port = self.kind == "port"
        self.canal = self.kind == "canal"
        self.lane = np.array([x.get("kind") == "sea_lane" for x in attrs]) & (a.location_kind == 2)
        self.restricted = np.array([x.get("zone") == "restricted" for x in attrs])
        self.starred = np.array([bool(x.get("starred", False)) for x in attrs])
        self.country = np.array([x.get("country") for x in attrs], dtype=object)
        self.weather_area = np.array([x.get("weather_area") for x in attrs], dtype=object)
        self.capital = np.array([x.get("capital") for x in attrs], dtype=object)
        land_of = [a.index.get(x.get("land_area"), -1) if x.get("land_area") else -1 for x in attrs]
        self.land_area = np.array(land_of, dtype=np.int64)
        # per edge: the border or link kind, and what the data says of it
        g = a.graph
        kinds = np.full(a.nbr.shape, None, dtype=object)
        for e, info in enumerate(g.edge_info):
            kinds[g.edge == e] = info.kind
        self.edge_kind = kinds
        safe = a.safe_nbr
        both_land = self.land[:, None] & self.land[safe] & a.valid
        ground = np.vectorize(lambda k: bool(borders.get(k, {}).get("ground", False)), otypes=[bool])(kinds)
        self.ground_edge = both_land & ground
        self.obstacle = np.vectorize(lambda k: borders.get(k, {}).get("obstacle"), otypes=[object])(kinds)
        self.narrow = np.vectorize(lambda k: bool(borders.get(k, {}).get("narrow_sea")), otypes=[bool])(kinds)
        self.guards = np.full(a.nbr.shape, None, dtype=object)
        self.lane_nmp = np.full(a.nbr.shape, None, dtype=object)
        self.lane_turns = np.full(a.nbr.shape, None, dtype=object)
        for e, info in enumerate(g.edge_info):
            at = g.edge == e
            if "guards" in info.attrs:
                for i, d in zip(*np.nonzero(at), strict=True):  # one tuple per edge, not spread
                    self.guards[i, d] = tuple(info.attrs["guards"])
            if "nmp" in info.attrs:
                self.lane_nmp[at] = info.attrs["nmp"]
            if "turns" in info.attrs:
                self.lane_turns[at] = info.attrs["turns"]

    def area_id(self, i: int) -> str:
        return self.arrays.ids[i]


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def geography(arrays, borders: dict[str, Any]) -> Geography:
    """The cached Geography of a map's arrays."""
    geo = _CACHE.get(arrays)
    if geo is None:
        geo = Geography(arrays, borders)
        _CACHE[arrays] = geo
    return geo
