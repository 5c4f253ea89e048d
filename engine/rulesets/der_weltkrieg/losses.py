"""Taking the losses a combat result calls for (R13-13, R13-17, R13-23, R13-24; spec §8.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...verdict import Reason
from .combat_data import value


@dataclass(frozen=True)
class Loss:
    """One unit's losses in a combat. ``kind`` is one of combat.toml ``losses.order``."""

    unit: str
    kind: str
    before: int
    back: int  # back-side strength (R13-24)
    after: int


def loss_problem(required: int, losses: Sequence[Loss]) -> Reason | None:
    """Whether one side's losses satisfy the CRT: at least ``required`` SP (R13-13, R13-17); a type
    loses SP only after every earlier type is gone (R13-23: attacking cavalry, infantry, defending
    cavalry, artillery, fortress, HQ); no unit below its back side while another of its type is
    above its own (R13-24)."""
    lost = sum(x.before - x.after for x in losses)
    if lost < required:
        return Reason("R13-13; R13-17", f"{lost} SP eliminated, the CRT calls for at least {required}")
    order = value("losses", "order")
    for x in losses:
        if x.after >= x.before:
            continue
        for y in losses:
            if order.index(y.kind) < order.index(x.kind) and y.after > 0:
                return Reason(
                    "R13-23", f"{x.unit} ({x.kind}) loses SP while {y.unit} ({y.kind}) still has {y.after}"
                )
        if x.after < x.back:
            for y in losses:
                if y.kind == x.kind and y.after > y.back:
                    return Reason(
                        "R13-24", f"{x.unit} is reduced below its back side before {y.unit} is flipped"
                    )
    return None
