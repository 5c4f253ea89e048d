"""The rulebook's rounding "to nearest": halves up."""

from __future__ import annotations

import math
from fractions import Fraction


def round_half_up(x: Fraction | int) -> int:
    """Round to the nearest whole number, halves up (the rulebook's "round to nearest")."""
    return math.floor(Fraction(x) + Fraction(1, 2))
