"""Recombination of reduced units (R23-4)."""

from __future__ import annotations

from collections.abc import Sequence

from ...verdict import Reason


def recombination_problem(before: Sequence[int], after: Sequence[tuple[int, int, int]]) -> Reason | None:
    """R23-4: SP are redistributed, never increased; a unit may hold at most the lower of its front-side
    strength and its Full Strength Symbol. ``before``: the SP of the units involved (after flips and
    markers); ``after``: (strength, front-side strength, Full Strength Symbol) of each unit kept."""
    total_before, total_after = sum(before), sum(s for s, _, _ in after)
    if total_after > total_before:
        return Reason("R23-4", f"recombination may not increase strength ({total_before} -> {total_after})")
    for s, front, full in after:
        if s > min(front, full):
            return Reason("R23-4", f"a unit may hold at most {min(front, full)} SP, not {s}")
    return None
