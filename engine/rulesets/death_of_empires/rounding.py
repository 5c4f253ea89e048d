"""8.21.E: fractional costs of a segment are summed, then rounded to the nearest whole MP, one half
rounding up; only the rounded total must fit the allowance."""

from __future__ import annotations

import math
from fractions import Fraction

from ...search import MP_UNIT


def round_half_up(total: Fraction) -> int:
    return math.floor(total + Fraction(1, 2))


def exact_limit_units(allowance: Fraction) -> float:
    """The most a segment may cost exactly, in internal units, and still round to ``allowance``:
    just under allowance + 1/2 (internal units are whole numbers)."""
    return float(allowance * MP_UNIT + MP_UNIT // 2 - 1)
