"""Zones of control: the locations next to the units that exert one, as every ruleset with ZOCs
needs them.

A ruleset says which of its units exert a ZOC (a per-unit mask, or a predicate of the unit), which
hexsides a ZOC does not cross (``blocked``, per directed edge) and which locations it cannot
reach (``into``: a unit's ZOC extends only into hexes it could enter, say); the core projects the
zone. Whether the exerting units' own hexes belong to the zone is the ruleset's call (``own``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import numpy as np

__all__ = ["enemy_zone_of_control", "zone_around", "zone_of_control"]


def zone_around(
    board, hexes: np.ndarray, blocked: np.ndarray | None = None, into: np.ndarray | None = None
) -> np.ndarray:
    """Per location: adjacent to one of ``hexes`` (a per-location mask) across an edge that
    ``blocked`` (``(N, D)``) does not mark, and in ``into`` (per location) when given. The
    ``hexes`` themselves are in it only when adjacent to another of them."""
    src = np.flatnonzero(hexes)
    zone = np.zeros(board.n, dtype=bool)
    targets = board.nbr[src]
    ok = targets >= 0
    if blocked is not None:
        ok &= ~blocked[src]
    if into is not None:
        ok &= into[np.where(ok, targets, 0)]
    zone[targets[ok]] = True
    return zone


def zone_of_control(
    board,
    exerting: np.ndarray,
    blocked: np.ndarray | None = None,
    into: np.ndarray | None = None,
    own: bool = False,
) -> np.ndarray:
    """Per location: in the ZOC of the units ``exerting`` selects (a per-unit mask, state order).
    ``own``: the hexes those units stand in count too."""
    hexes = board.hexes_holding(exerting)
    zone = zone_around(board, hexes, blocked, into)
    return zone | hexes if own else zone


def enemy_zone_of_control(
    board,
    side: str,
    exerts: Callable[..., bool],
    key: Hashable,
    blocked: np.ndarray | None = None,
    into: np.ndarray | None = None,
    own: bool = False,
) -> np.ndarray:
    """Per location: in the ZOC of a unit of another side than ``side`` for which ``exerts(unit)``
    holds; once per position under ``key`` (which names what ``exerts``, ``blocked`` and
    ``into`` read besides the unit)."""

    def build() -> np.ndarray:
        flags = board.unit_flags(("exerts-zoc", key), exerts)
        return zone_of_control(board, flags & (board.unit_side != side), blocked, into, own)

    return board.cached(("enemy-zoc", key, side), build)
