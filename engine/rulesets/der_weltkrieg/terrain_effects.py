"""Combat effects of the Terrain Effects Chart (``data.toml``): the row of a terrain, the die-roll
modifier of an effect, and how often a terrain halves the attacker (R13-3 ... R13-6).
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from .combat_data import tec


def tec_row(terrain: str) -> dict[str, Any]:
    chart = tec()["terrain"]
    if terrain not in chart:
        raise InputError(
            f"terrain {terrain!r} is not in the Terrain Effects Chart (known: {', '.join(chart)})"
        )
    return chart[terrain]


def drm(effect: str) -> int:
    words = effect.split()
    return int(words[0]) if len(words) > 1 and words[1] == "DR" else 0


def halvings(terrain: str, river: str | None = None) -> int:
    """How many times the attacker is halved: mountain, alpine, urban (TEC), and a major river when
    every attacker crosses one (R13-5; combined: quartered, spec §10 #27 DECISION)."""
    n = int(tec_row(terrain)["attack"].startswith("halve"))
    if river == "major_river":
        n += int(tec()["overlay"]["major_river"]["attack"].startswith("halve"))
    return n
