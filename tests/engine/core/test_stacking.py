"""The core's units and stacking points per location (engine/stacking.py)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from builders import hex_map, position, unit

from railhead.engine.api import (
    stack_after,
    stack_points,
    stack_points_per_location,
    units_by_location,
    units_per_location,
)


def board():
    m = hex_map((1, 6), (1, 6))
    return position(
        m,
        [
            unit("A", "0202", size="division"),
            unit("B", "0202", size="brigade"),
            unit("C", "0303", size="division"),
            unit("X", "0202", side_="entente"),
        ],
    )


def half_a_brigade(u) -> Fraction:
    return Fraction(1) if u.size == "division" else Fraction(1, 2)


def test_units_by_location_of_a_side():
    b = board()
    found = {h: [u.id for u in us] for h, us in units_by_location(b.state, "central").items()}
    assert found == {"0202": ["A", "B"], "0303": ["C"]}
    every = units_by_location(b.state)
    assert [u.id for u in every["0202"]] == ["A", "B", "X"]


def test_stack_after_counts_a_mover_once_and_only_its_side():
    b = board()
    st = b.state
    assert [u.id for u in stack_after(st, "0202", "central", ["C"])] == ["A", "B", "C"]
    # a unit already in the hex (moving within it) is not counted twice
    assert [u.id for u in stack_after(st, "0202", "central", ["A"])] == ["B", "A"]
    assert [u.id for u in stack_after(st, "0202", None, ["C"])] == ["A", "B", "X", "C"]


def test_stacking_points_per_stack_and_per_location():
    b = board()
    stack = stack_after(b.state, "0202", "central", ["C"])
    assert stack_points(stack, half_a_brigade) == Fraction(5, 2)
    central = b.unit_side == "central"
    per = stack_points_per_location(b, central, half_a_brigade)
    assert per[b.idx("0202")] == Fraction(3, 2) and per[b.idx("0303")] == 1 and per[b.idx("0101")] == 0
    count = units_per_location(b, np.ones(4, dtype=bool))
    assert count[b.idx("0202")] == 3 and count[b.idx("0303")] == 1 and count.sum() == 4
