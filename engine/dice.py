"""Dice every ruleset rolls the same way: the next die given in the state, or one drawn from its seed.

A state may list the rolls a game actually made (``"rolls": [4, 2, ...]``, as played at the table or
read from a VASSAL log); each rule that rolls takes the next of them. Once they run out (or when none
are given) a roll is drawn from the state's ``seed`` and the rule's *key* (what is being rolled for,
e.g. ``"retreat GE-1 turn 3"``), so the same position and key always give the same number, and
reordering unrelated questions cannot change it. Every verdict that rolled reports each roll and
where it came from (:class:`Roll`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError


@dataclass(frozen=True)
class Roll:
    value: int
    faces: int
    key: str
    source: str  # "given" (the state's rolls, with its index) or "seed"
    index: int | None = None

    def to_dict(self) -> dict:
        d = {"value": self.value, "faces": self.faces, "key": self.key, "source": self.source}
        if self.index is not None:
            d["index"] = self.index
        return d


def check_rolls(rolls: object, faces: int, where: str = "$.rolls") -> tuple[int, ...]:
    """The state's given rolls, each a whole number on the ruleset's die; InputError otherwise."""
    if rolls is None:
        return ()
    if not isinstance(rolls, list):
        raise InputError("expected a list of die rolls", where=where)
    for k, r in enumerate(rolls):
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= faces:
            raise InputError(f"roll {r!r} is outside the die's range 1-{faces}", where=f"{where}[{k}]")
    return tuple(rolls)


@dataclass
class Dice:
    """The dice of one question about one position: given rolls first, then seeded ones."""

    seed: int
    given: Sequence[int] = ()
    faces: int = 6
    used: list[Roll] = field(default_factory=list)
    _next: int = 0

    def roll(self, key: str, faces: int | None = None) -> Roll:
        """One die for ``key`` (what the rule rolls for)."""
        faces = faces or self.faces
        if self._next < len(self.given):
            r = Roll(int(self.given[self._next]), faces, key, "given", self._next)
            if not 1 <= r.value <= faces:
                raise InputError(
                    f"given roll {r.value} is outside a {faces}-sided die's range", where="$.rolls"
                )
            self._next += 1
        else:
            digest = hashlib.sha256(f"{self.seed}\x00{key}".encode()).digest()
            rng = np.random.default_rng(int.from_bytes(digest[:8], "little"))
            r = Roll(int(rng.integers(1, faces + 1)), faces, key, "seed")
        self.used.append(r)
        return r

    def roll_sum(self, key: str, dice: int, faces: int | None = None) -> tuple[int, list[Roll]]:
        rolls = [self.roll(f"{key} #{k + 1}", faces) for k in range(dice)]
        return sum(r.value for r in rolls), rolls

    def report(self) -> list[dict]:
        return [r.to_dict() for r in self.used]
