"""How Der Weltkrieg chart cells print data values and names."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

SIDE_NAMES = {"central": "Central Powers", "entente": "Entente"}


def label(name: str) -> str:
    """``wooded_rough`` → ``Wooded rough``."""
    if len(name) <= 3:
        return name.upper()  # hq, rpl, usa
    text = name.replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


def nation_label(name: str) -> str:
    """``austria-hungary`` → ``Austria-Hungary``, ``usa`` → ``USA``."""
    return name.upper() if len(name) <= 3 else "-".join(part.title() for part in name.split("-"))


def number(v: Any) -> str:
    """A data value as printed: fractions as ``1/2``, whole numbers without a decimal point."""
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def effect(v: Any) -> str:
    """A TEC effect as printed: ``prohibited`` → ``Prohibited``, ``-2 DR`` stays, ``none`` → ``None``."""
    text = str(v)
    return text[:1].upper() + text[1:]


def signed(v: Any) -> str:
    n = Fraction(v)
    return f"+{number(n)}" if n > 0 else number(n)
