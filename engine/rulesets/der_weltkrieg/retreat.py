"""Mandatory retreat (R14-3, R14-4, R14-18, R20-7, R20-12, R21-5, R22-8, R22-16, R33-3, R33-8 and
the nation rules R40-R47; spec §8.4): whether the defender must retreat after a result, and what a
retreating defender loses. Where it may go is :mod:`.retreat_hexes`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...state import Unit
from ...verdict import Reason
from .assault import assault_negates_terrain
from .combat_data import data, value
from .rounding import round_half_up


def retreat_loss(required: int, nation: str = "", fortress_sp: int = 0) -> tuple[int, int]:
    """(fortress SP, other SP) the defender eliminates when retreating: fortress SP first, then the
    rest less a third, rounded to nearest (R14-3, R21-5); A-H and Italy get no reduction (R40-6,
    R42-3)."""
    fortress = min(fortress_sp, required)
    rest = required - fortress
    if nation in value("retreat", "no_reduction"):
        return fortress, rest
    return fortress, round_half_up(rest * value("retreat", "loss_kept"))


def retreat_base(units: Iterable[Unit]) -> int:
    """S for the mandatory-retreat test: the unadjusted strength of the ground combat units in the hex
    (R14-4), without artillery (R29-14), units that retreated in this phase (``retreated`` attr,
    R14-17), fortresses, HQs and markers (not ground combat units, R3) or RPL (R24-1)."""
    skip = ("artillery", "siege_artillery", "fortress", "hq", "supply_marker", "rpl", "river_flotilla")
    return sum(u.strength for u in units if u.cls not in skip and not u.attr("retreated"))


def majority_nation(units: Iterable[Unit]) -> str:
    """The nation whose rules decide a multinational stack: most SP (R33-3; spec §10 #29 DECISION)."""
    totals: dict[str, int] = {}
    for u in units:
        totals[u.nation] = totals.get(u.nation, 0) + u.strength
    return max(totals, key=lambda n: (totals[n], n)) if totals else ""


def third_rule(nation: str, year: int, *, r41_3_triggered: bool = False) -> dict[str, Any] | None:
    """The nation-and-year 1/3 retreat rule in force, or None: Russia 1914-15 until R41-3's trigger
    (R41-2), A-H 1914-15 (R40-4), Italy before 1918 (R42-2), Romania always (R47-2)."""
    for row in data()["retreat"]["third"]["nations"]:
        if row["nation"] == nation and year <= row["to"]:
            if nation == "russia" and r41_3_triggered:
                return None
            return row
    return None


def r22_16_applies(
    year: int, terrain_drm: int, terrain_halves: bool = False, *, halving_counts: bool = True
) -> bool:
    """Stiffened defence in good terrain: 1915 with an attack DRM of -3 or better, from 1916 -2 or
    better (R22-16); mountain counts as better than -3, and so does every halving terrain (spec §10
    #30 DECISION; ``halving_counts=False`` keeps only the DRM)."""
    for row in value("retreat", "terrain_drm_by_year"):
        if row["from"] <= year <= row["to"]:
            return terrain_drm <= row["drm"] or (terrain_halves and halving_counts)
    return False


@dataclass(frozen=True)
class Defence:
    """What decides a mandatory retreat (R14-4 and its modifiers; spec §8.4)."""

    strength: int  # S, see retreat_base
    nation: str = ""  # majority_nation of the stack
    year: int = 1914
    city_or_port: bool = False  # R14-4 (1): city centre or port in the hex
    urban_chosen: bool = False  # R14-4 (1)
    fortress: bool = False  # R14-4 (2), R21-5
    mountain_terrain: bool = False  # may use mountain or alpine defensive terrain (R14-18)
    terrain_drm: int = 0  # attack DRM of the chosen terrain (R22-16)
    terrain_halves: bool = False  # the chosen terrain halves the attacker (R22-16)
    trench: bool = False  # viable trench marker (R22-8)
    negated: bool = False  # trench and R22-16 negated by R22-17 or R22-18
    surrounded: bool = False  # R20-7, R20-12
    with_germans: bool = False  # R40-5
    r41_3_triggered: bool = False  # R41-3
    first_assault: bool = False  # R33-3 conditions hold
    assault_attacker: bool = False  # a full-strength assault unit attacks (R33-8)
    assault_sp: int = 0  # attacking assault SP (R33-9)


def must_retreat(result: int, d: Defence, *, halving_counts: bool = True) -> tuple[bool, Reason]:
    """Whether the defenders must retreat after an attack result, and the rule that decides.

    Order: R33-3 (1/2 even in trench, city or port); a fortress in the hex: never (R14-4 (2)) unless
    R33-8; surrounded: 1/4 (R20-7), no trench benefit (R20-12) nor mountain (R14-18); city, port or
    urban: never (R14-4 (1)); mountain or alpine terrain: never (R14-18); Romania 1/3 (R47-2); a
    viable trench: all (R22-8); good terrain: all (R22-16, not if R33-9); Russia, A-H, Italy 1/3
    (R41-2, R40-4, R42-2; A-H with Germans 1/2, R40-5); else 1/2 (R14-4)."""
    s = d.strength

    def at(frac: Fraction | int, rule_: str, why: str) -> tuple[bool, Reason]:
        need = s * Fraction(frac)
        return result >= need, Reason(
            rule_, f"{why}: must retreat when the loss is at least {need} ({result})"
        )

    half = value("retreat", "assault_fraction")
    if d.first_assault:
        return at(half, "R33-3", "first turn full-strength assault units attack this country")
    trench = d.trench and not d.negated and not d.surrounded
    terrain = (
        not d.negated
        and not d.surrounded
        and not assault_negates_terrain(d.assault_sp, s)
        and r22_16_applies(d.year, d.terrain_drm, d.terrain_halves, halving_counts=halving_counts)
    )
    if d.fortress:
        if d.assault_attacker and not trench and not terrain:
            return at(half, "R33-8", "a full-strength assault unit attacks a fortress hex")
        return False, Reason("R14-4; R21-5", "units with a fortress are never forced to retreat")
    if d.surrounded:
        return at(value("retreat", "surrounded_fraction"), "R20-7", "surrounded")
    if d.city_or_port or d.urban_chosen:
        return False, Reason(
            "R14-4", "never forced to retreat from a city centre or port, or with urban terrain"
        )
    if d.mountain_terrain:
        return False, Reason(
            "R14-18", "units able to use mountain or alpine terrain are never forced to retreat"
        )
    third = third_rule(d.nation, d.year, r41_3_triggered=d.r41_3_triggered)
    third_fraction = Fraction(data()["retreat"]["third"]["value"])
    if third and not third["trench_helps"]:
        return at(third_fraction, third["rule"], f"{d.nation} (trench and terrain do not help)")
    if trench:
        return at(value("retreat", "trench_fraction"), "R22-8", "viable trench")
    if terrain:
        return at(value("retreat", "terrain_fraction"), "R22-16", f"defensive terrain in {d.year}")
    if third and not (d.with_germans and d.nation in value("retreat", "with_germans")):
        return at(third_fraction, third["rule"], f"{d.nation} in {d.year}")
    return at(value("retreat", "default_fraction"), "R14-4" + ("; R40-5" if d.with_germans else ""), "half")
