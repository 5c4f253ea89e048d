"""Demoralization points (R26-3, R37-6)."""

from __future__ import annotations

from ....errors import InputError
from .combat_data import data, value


def demoralization(
    event: str, count: int = 1, *, capital: bool = False, germany: bool = False, stack_doubling: bool = False
) -> int:
    """DM points for ``count`` of an event (R26-3; events are the keys of combat.toml
    ``[demoralization]``). Capitals double (R26-3), cities in Germany double (R37-6); both together
    still double (spec §10 #39 DECISION), ``stack_doubling=True`` makes it x4."""
    table = data()["demoralization"]
    events = [k for k in table if not k.endswith("multiplier")]
    if event not in events:
        raise InputError(f"unknown demoralization event {event!r} (known: {', '.join(events)})")
    points = value("demoralization", event) * count
    factor = 1
    if capital:
        factor *= value("demoralization", "capital_multiplier")
    if germany:
        k = value("demoralization", "germany_multiplier")
        factor = factor * k if stack_doubling or factor == 1 else factor
    return points * factor
