"""Units and stacking points per location: what every stacking rule counts.

A ruleset says what a unit counts (its stacking points: divisions, brigade equivalents, RE,
Corps-equivalents, or 1 per unit) and what the limit is; the core finds which units stand where,
which would stand there after a move, and their total.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "stack_after",
    "stack_points",
    "stack_points_per_location",
    "units_by_location",
    "units_per_location",
]


def units_by_location(state, side: str | None = None, pred: Callable[[Any], bool] | None = None) -> dict:
    """Location id -> the units standing there (of ``side``, matching ``pred``), in state order;
    locations with none are left out."""
    out: dict[str, list] = {}
    for u in state.units:
        if (side is None or u.side == side) and (pred is None or pred(u)):
            out.setdefault(u.hex, []).append(u)
    return out


def stack_after(state, location: str, side: str | None, arriving: Iterable) -> list:
    """The units of ``side`` (None: of any side) that stand in ``location`` once ``arriving``
    (units, or their ids) are there: those already there that are not arriving, then the
    arriving ones."""
    movers = [state.unit(u) if isinstance(u, str) else u for u in arriving]
    ids = {u.id for u in movers}
    staying = [u for u in state.units_at(location) if (side is None or u.side == side) and u.id not in ids]
    return staying + movers


def stack_points(units: Iterable, points: Callable[[Any], Fraction | int]) -> Fraction:
    """The stacking points of ``units`` together."""
    return sum((Fraction(points(u)) for u in units), Fraction(0))


def units_per_location(board, selected: np.ndarray) -> np.ndarray:
    """Per location, how many of the ``selected`` units (a per-unit mask) stand there."""
    return np.bincount(board.unit_hex[selected], minlength=board.n)


def stack_points_per_location(
    board, selected: np.ndarray, points: Callable[[Any], Fraction | int]
) -> np.ndarray:
    """Per location (an object array of Fractions), the stacking points of the ``selected`` units
    standing there."""
    out = np.empty(board.n, dtype=object)
    out[:] = Fraction(0)
    for u, h, chosen in zip(board.state.units, board.unit_hex.tolist(), selected.tolist(), strict=True):
        if chosen:
            out[h] = out[h] + Fraction(points(u))
    return out
