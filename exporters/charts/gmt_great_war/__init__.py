"""Player aids of the GMT Great War in Europe / Near East ruleset, built from its ``data.toml``.

Every number is the engine's own data (each with its rule); what the rulebook text does not print
is a blank box to fill from the user's chart-values file, under the same cell id the engine asks
for (``terrain.rough.mp``, ``weather_track.<date>.<weather key>``), so one file serves both.
"""

from __future__ import annotations

from ....engine.registry import get_ruleset
from ....engine.ruleset import Ruleset
from ..tables import Table
from .tables import (
    stacking_table,
    strategic_table,
    supply_table,
    terrain_table,
    weather_effects_table,
    weather_track_table,
)

RULESET = "gmt-great-war"


def _ruleset() -> Ruleset:
    return get_ruleset(RULESET)


def tables() -> list[Table]:
    """Every table, in page order, before the user's values are filled in."""
    rs = _ruleset()
    return [
        terrain_table(rs),
        weather_effects_table(rs),
        strategic_table(rs),
        supply_table(rs),
        stacking_table(rs),
        weather_track_table(rs),
    ]
