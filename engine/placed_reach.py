"""The reach of a unit that stands in a box and is *placed* onto the map rather than moved there: a
reinforcement onto its entry hex, a unit of a Line of Communications box onto its army's line. Each
placement costs no MP; from a placement the unit may move on (its own search from that hex) or not
at all. Every location keeps the cheapest of the placements that reach it, and its path starts with
the box and the hex it was placed on, so it reads like a move: box, entry, then the steps."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .movement import Reach


@dataclass(frozen=True)
class Placement:
    """One hex a unit may be placed on, the search of its onward move from there (None: placing
    ends its move) and what the ruleset says about the placement (its rule)."""

    hex: int
    onward: Reach | None = None
    extras: dict = field(default_factory=dict)


class PlacedReach(Reach):
    def __init__(self, box: int, n: int, placements: list[Placement]):
        dist = np.full(n, np.inf)
        via = np.full(n, -1)
        for k, p in enumerate(placements):
            if p.onward is None:
                d = np.full(n, np.inf)
                d[p.hex] = 0.0
            else:
                d = p.onward.dist
            better = d < dist
            dist[better] = d[better]
            via[better] = k
        dist[box], via[box] = 0.0, -1
        super().__init__(dist, np.full(n, -9999), box)
        self.placements = placements
        self.via = via

    def path(self, target: int) -> list[int]:
        if self.via[target] < 0:
            return [self.start] if target == self.start else []
        p = self.placements[self.via[target]]
        return [self.start, *(p.onward.path(target) if p.onward is not None else [p.hex])]

    def extras(self, target: int, ids: list[str]) -> dict:
        if self.via[target] < 0:
            return {}
        p = self.placements[self.via[target]]
        out = dict(p.extras) if target == p.hex else {"placed_on": ids[p.hex]}
        if p.onward is not None:
            out.update(p.onward.extras(target, ids))
        return out
