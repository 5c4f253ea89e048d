"""Unit fields the core owns: every ruleset's units carry them, no ruleset declares them.

``mp_spent`` is the movement points a unit has spent this phase. :func:`~.apply.apply_move` writes
it after each legal move and every ruleset reads it back through :func:`spent_mp`, so it is always
exact: a whole number is written as an integer, a short decimal (1.5) as that number, any other
fraction as its text (``"7/12"``), which JSON cannot hold as a number without rounding.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .contract import Field

__all__ = ["CORE_UNIT_FIELDS", "MP_SPENT", "mp_field_value", "read_mp", "spent_mp"]

MP_SPENT = Field(
    "mp_spent",
    "mp",
    rule="core",
    description="movement points spent this phase (written by every applied move)",
    minimum=0,
)
CORE_UNIT_FIELDS: tuple[Field, ...] = (MP_SPENT,)


def read_mp(value: Any) -> Fraction:
    """An MP value as a position holds it (integer, decimal, or ``"n/d"`` text) as a Fraction. A
    float is the decimal it prints as, or (a position written by an older railhead) the nearest
    fraction with a denominator of at most 1000."""
    if isinstance(value, bool):
        raise ValueError(f"expected movement points, not {value!r}")
    if isinstance(value, Fraction | int):
        return Fraction(value)
    if isinstance(value, float):
        exact = Fraction(repr(value))
        return exact if exact.denominator <= 1000 else Fraction(value).limit_denominator(1000)
    if isinstance(value, str):
        return Fraction(value.strip())
    raise ValueError(f"expected movement points, not {value!r}")


_NONE = Fraction(0)


def spent_mp(unit) -> Fraction:
    """The MP ``unit`` has spent this phase (0 when the position says none)."""
    value = unit.attrs.get("mp_spent")
    return _NONE if value is None or value == 0 else read_mp(value)


def mp_field_value(mp: Fraction) -> int | float | str:
    """``mp`` as a position stores it, exactly: an integer, a decimal that prints exactly, or
    ``"n/d"``."""
    mp = Fraction(mp)
    if mp.denominator == 1:
        return int(mp)
    d = mp.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1 and Fraction(repr(float(mp))) == mp:
        return float(mp)
    return f"{mp.numerator}/{mp.denominator}"
