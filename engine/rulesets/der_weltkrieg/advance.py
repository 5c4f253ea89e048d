"""Advance after combat (R15-3, R15-4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from ...verdict import Reason


def advance_problem(
    losses: Mapping[str, tuple[int, int]], advancing: Iterable[str], artillery: Iterable[str] = ()
) -> Reason | None:
    """Whether the attackers in ``advancing`` may advance into the vacated hex. ``losses``: unit ->
    (strength before, after). Artillery never advances (R15-3); no unit advances before every
    surviving unit that lost a greater share of its strength (R15-4)."""
    moving = set(advancing)
    for a in sorted(set(artillery) & moving):
        return Reason("R15-3", f"{a} is artillery: artillery never advances after combat")
    share = {u: Fraction(b - a, b) if b else Fraction(0) for u, (b, a) in losses.items()}
    for u in sorted(moving):
        for other in sorted(share):
            if other not in moving and losses[other][1] > 0 and share[other] > share.get(u, Fraction(0)):
                return Reason("R15-4", f"{u} may not advance before {other}, which lost a greater share")
    return None
