"""The Der Weltkrieg combat numbers: ``combat.toml`` (every number of the combat, supply-point,
stacking, retreat, fortress and demoralization rules, each with its rule) and the values of
``data.toml`` they share with the movement and supply searches (the Terrain Effects Chart, the
supply-line thresholds).

Where the combat rules live (R7-11, R11, R13-R16, R19-R23, R26, R29, R33, R36, R41; spec §6-§8):
:mod:`.supply_points` and :mod:`.supply_line` (what an attack costs in supply and what a long supply
line takes off), :mod:`.strength` (markers, counterattack multipliers, unsupplied and break-out
attacks), :mod:`.terrain_effects`, :mod:`.defender_terrain` and :mod:`.die_roll` (the terrain the
defender chooses and the die-roll modifiers), :mod:`.crt` (the Combat Results Table),
:mod:`.column_attack`, :mod:`.flotilla`, :mod:`.solid_defence`, :mod:`.assault`, :mod:`.losses`,
:mod:`.retreat` (whether the defender must retreat, and its loss) and :mod:`.retreat_hexes` (where
to), :mod:`.advance`, :mod:`.fortress`, :mod:`.recombination`, :mod:`.demoralization`;
:mod:`.stacking`. Small functions, each citing its rule; strengths are strength points (SP),
supply points are always written out. Where the rulebook contradicts itself the spec's decision
(§10) is the default and the alternative is a keyword argument.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


@cache
def data() -> dict[str, Any]:
    """``combat.toml``: every number below, each with its rule."""
    with (HERE / "combat.toml").open("rb") as fh:
        return tomllib.load(fh)


@cache
def ruleset_data() -> dict[str, Any]:
    with (HERE / "data.toml").open("rb") as fh:
        return tomllib.load(fh)


def tec() -> dict[str, Any]:
    raw = ruleset_data()
    return {"terrain": raw["terrain"], "overlay": raw["overlay"]}


def supply_value(key: str) -> int:
    """A supply value of data.toml (thresholds shared with the supply-line search)."""
    return ruleset_data()["supply"][key]["value"]


def value(section: str, key: str) -> Any:
    """``combat.toml`` ``section.key`` value; "1/2"-style strings as fractions."""
    v = data()[section][key]["value"]
    return Fraction(v) if isinstance(v, str) and "/" in v else v


def rule(section: str, key: str) -> str:
    return data()[section][key]["rule"]
