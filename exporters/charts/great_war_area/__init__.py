"""Player aids of The Great War (strategic area game), built from the engine's data and verdicts.

Movement costs are the engine's own verdicts on a probe step between two areas for every zone,
border and weather (so the chart cannot differ from what ``railhead move`` charges); Strategic
Movement, naval costs, retreats, stacking and neutral violations come from ``data.toml`` with their
rules. The tables the rulebook leaves to the map and the Situation booklet (ground and naval CRT,
NRC costs, weather) are not in the text and are not printed here (spec §8.6).
"""

from __future__ import annotations

from ....engine.ruleset import get_ruleset
from ..tables import Table
from .movement import border_table, movement_table, naval_table, strategic_table, unit_table

RULESET = "great-war-area"


def tables() -> list[Table]:
    rs = get_ruleset(RULESET)
    return [movement_table(rs), border_table(rs), strategic_table(rs), naval_table(rs), unit_table(rs)]
