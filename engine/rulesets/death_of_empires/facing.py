"""Facing (3.2): a counter points at one hexside f; its front hexsides are f-1, f, f+1, its flank
hexsides f+2 and f-2, its rear hexside f+3. Supply units, Road-Mode and entrained units have none
(3.24); fortresses face all around (2.25)."""

from __future__ import annotations

from ....errors import InputError


def hexside_kind(facing: int, direction: int) -> str:
    """``front``, ``flank`` or ``rear``: what the hexside in ``direction`` is to a unit facing
    ``facing`` (3.2)."""
    off = (direction - facing) % 6
    return "front" if off in (0, 1, 5) else "flank" if off in (2, 4) else "rear"


def parse_facing(value, where: str = "--with facing") -> int:
    """A facing given on the command line or in a file: a grid direction 0-5."""
    try:
        f = int(value)
    except (TypeError, ValueError):
        f = -1
    if isinstance(value, bool) or not 0 <= f <= 5 or str(value).strip() not in {str(f), f"{f}.0"}:
        raise InputError(f"facing must be a grid direction 0-5 (3.2), not {value!r}", where=where)
    return f
