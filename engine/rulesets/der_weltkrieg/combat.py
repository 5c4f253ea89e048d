"""Der Weltkrieg combat arithmetic (R11, R13-R16, R19-R21, R23, R26, R29, R33, R36).

Small functions, one rule each, with their numbers in ``combat.toml``. Strengths are strength points
(SP); supply points are written out. The CRT is not printed in the rulebook: :func:`crt_result`
uses the cells the rulebook's examples give plus whatever chart the user supplies, and names the
missing cell otherwise. Retreat priorities (R14-8) need the map and live in :func:`retreat_hexes`.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import InputError
from ...verdict import Reason


@cache
def data() -> dict[str, Any]:
    with (Path(__file__).parent / "combat.toml").open("rb") as fh:
        return tomllib.load(fh)


def value(section: str, key: str) -> Any:
    v = data()[section][key]["value"]
    return Fraction(v) if isinstance(v, str) else v


def round_half_up(x: Fraction | float) -> int:
    """Round to nearest, halves up (the rulebook's "rounded to the nearest")."""
    return math.floor(Fraction(x) + Fraction(1, 2))


# ------------------------------------------------------------------ supply points (R19-2, R29-6)
def supply_points(infantry_sp: int, artillery_sp: int = 0, counterattack: bool = False) -> int:
    """Supply points to attack (1 per 4 SP or fraction) or counterattack (1 per 2), artillery 1 per
    2 artillery SP; infantry and artillery rounded separately (R19-2, R29-6; spec §10 #21)."""
    per = value("supply_points", "counterattack_per" if counterattack else "attack_per")
    return math.ceil(infantry_sp / per) + math.ceil(artillery_sp / value("supply_points", "artillery_per"))


def line_reduced(strength: int, line_mp: int, threshold: int) -> int:
    """Strength after the supply-line reduction: -1 SP per MP beyond the threshold (R19-9/10)."""
    return max(0, strength - max(0, line_mp - threshold))


def unsupplied(strength: int, column: bool = False, artillery: bool = False) -> int | None:
    """The unsupplied option: 1/2 strength rounded down, 1/4 for column attacks; artillery may not
    use it (R19-11). None = not allowed."""
    if artillery:
        return None
    factor = value("unsupplied", "column_factor" if column else "factor")
    return math.floor(strength * factor)


def breakout_strength(units: Iterable[tuple[int, str]]) -> int:
    """Unsupplied surrounded attack (R20-2, R20-3): first -1 SP per division and -1 per two
    brigades/regiments, then 1/4 rounded to nearest (order per spec §10 #23)."""
    units = list(units)
    divisions = sum(1 for _, size in units if size == "division")
    small = sum(1 for _, size in units if size != "division")
    loss = divisions * value("unsupplied", "surrounded_division_loss") + small // value(
        "unsupplied", "surrounded_small_units_per_loss"
    )
    total = max(0, sum(s for s, _ in units) - loss)
    return round_half_up(total * value("unsupplied", "surrounded_factor"))


def breakout_pre_loss(units: Iterable[tuple[int, str]]) -> int:
    units = list(units)
    return sum(1 for _, s in units if s == "division") + sum(1 for _, s in units if s != "division") // 2


def transfer_problem(sent: int, received: int, hq_moved: bool, held_after: int) -> Reason | None:
    """HQ supply-point transfers (R18-6, R17-4)."""
    if hq_moved:
        return Reason("R18-6", "an HQ that moves this Movement Phase may not send supply points")
    limit = value("supply_points", "transfer_per_phase")
    if sent + received > limit:
        return Reason(
            "R18-6",
            f"{sent} sent + {received} received = {sent + received} supply "
            f"points, more than {limit} in one Movement Phase",
        )
    if held_after > value("supply_points", "hq_max"):
        return Reason("R17-4", f"an HQ may hold at most 100 supply points ({held_after})")
    return None


def corps_hq_limit(counterattack: bool) -> int:
    """Supply points a Corps HQ may give one attack (2) or counterattack (4) (R18-18)."""
    return value("supply_points", "corps_hq_counterattack" if counterattack else "corps_hq_attack")


# ------------------------------------------------------------------ die rolls and the CRT
def modified_roll(roll: int, modifiers: Iterable[int]) -> int:
    """d6 + modifiers; the total modifier is capped at +-4 (R13-25) and the result kept within
    -1 ... 8 (R13-12, R13-16)."""
    cap = value("die_roll", "modifier_cap")
    total = max(-cap, min(cap, sum(modifiers)))
    return max(value("die_roll", "lowest"), min(value("die_roll", "highest"), roll + total))


def crt_result(
    column: int, roll: int, chart: Mapping[tuple[int, int], int] | None = None, table: str = "standard"
) -> int:
    """Minimum SP the other side loses. Above 50 SP: columns of 50 plus the remainder with the same
    roll (R13-19). Cells come from ``chart`` (the user's CRT card) or the rulebook's examples."""
    largest = value("crt", "largest_column")
    if column > largest:
        return (column // largest) * crt_result(largest, roll, chart, table) + (
            crt_result(column % largest, roll, chart, table) if column % largest else 0
        )
    if chart and (column, roll) in chart:
        return chart[(column, roll)]
    for cell in data()["crt"]["known"]:
        if (cell["column"], cell["roll"], cell["table"]) == (column, roll, table):
            return cell["result"]
    raise InputError(
        f"the {table} Combat Results Table cell for column {column}, die roll {roll} "
        "is not printed in the rulebook (R3, R13-26): give the CRT card's values in "
        "a chart file"
    )


def best_defensive_terrain(options: Iterable[str], chart: Mapping[str, Mapping[str, Any]]) -> str:
    """The defender's choice (R13-3): the terrain whose attack effect hurts the attacker most —
    halving first, then the most negative die-roll modifier."""

    def badness(t: str) -> tuple[int, int]:
        effect = chart[t]["attack"]
        if effect.startswith("halve"):
            return (1, 0)
        if effect.endswith("DR"):
            return (0, -int(effect.split()[0]))
        return (0, 0)

    return max(options, key=badness)


def drm(effect: str) -> int:
    """The die-roll modifier in a TEC cell ("-3 DR" -> -3; "none" -> 0)."""
    return int(effect.split()[0]) if effect.endswith("DR") else 0


# ------------------------------------------------------------------ strengths
def counterattack_strength(
    units: Iterable[Mapping[str, Any]], column_attack: bool = False, retreating: bool = False
) -> int:
    """Sum of counterattack strengths: x3 (R13-15), x2 retreating (R14-13), artillery x2 (R29-5),
    fortress x3 (R21-3, Russian x1 R41-4), entrained x1 (R7-11); column attack: defender x2 more
    (R16-8, spec §10 #25 DECISION)."""
    total = 0
    for u in units:
        if u.get("entrained"):
            k = value("counterattack", "entrained")
        elif u.get("class") == "fortress":
            k = value("counterattack", "russian_fortress" if u.get("nation") == "russia" else "fortress")
        elif u.get("class") in ("artillery", "siege_artillery"):
            k = value("counterattack", "artillery")
        elif retreating:
            k = value("counterattack", "retreating")
        else:
            k = value("counterattack", "multiplier")
        total += u["strength"] * k * (value("column_attack", "defender") if column_attack else 1)
    return int(total)


def column_attack_strength(strength: int, supplied: bool = True) -> int:
    """Attacker strength in a column attack: 1/2 (R16-8), 1/4 unsupplied (R19-11)."""
    return math.floor(
        strength * (value("column_attack", "attacker") if supplied else value("unsupplied", "column_factor"))
    )


def column_attack_problem(hexside_terrain: str, major_river: bool) -> Reason | None:
    bad = data()["column_attack"]["forbidden_hexsides"]
    if hexside_terrain in bad or major_river:
        what = "major river" if major_river else hexside_terrain
        return Reason("R16-10", f"no column attack across {what.replace('_', ' ')}")
    return None


def artillery_vs_fortress(artillery_sp: int, infantry_sp_in_hex: int, hexsides: int) -> tuple[int, int]:
    """(strength, die-roll modifier) of an artillery-only attack on a fortress hex: doubled if the
    hex holds fewer infantry SP than 4 per hexside attacked through (R29-11); +1 DR per hexside
    (R29-10, within the +-4 cap)."""
    per = value("artillery", "fortress_infantry_per_hexside")
    strength = artillery_sp * (2 if infantry_sp_in_hex < per * hexsides else 1)
    return strength, hexsides * value("artillery", "fortress_drm_per_hexside")


def flotilla_bonus(total_flotilla_strength: int) -> int:
    """Flotillas joining an attack add their total /3, rounded down (R36-6)."""
    return total_flotilla_strength // value("flotilla", "attack_divisor")


def interdiction_column(flotilla_strength: int) -> int:
    """A flotilla interdicting a Danube crossing attacks at 3x its strength (R36-7)."""
    return flotilla_strength * value("flotilla", "interdiction_multiplier")


# ------------------------------------------------------------------ retreat
def retreat_loss(required: int, nation: str = "", fortress_sp: int = 0) -> tuple[int, int]:
    """(fortress SP lost, other SP lost) when the defender retreats: fortress SP go first, the rest
    is reduced by a third, rounded to nearest (R14-3, R21-5); not for A-H or Italy (R40-6,
    R42-3)."""
    fortress = min(fortress_sp, required)
    rest = required - fortress
    if nation in data()["retreat"]["no_reduction"]["nations"]:
        return fortress, rest
    return fortress, round_half_up(rest * value("retreat", "loss_kept"))


@dataclass(frozen=True)
class Defence:
    """What decides a mandatory retreat (R14-4 and its modifiers)."""

    strength: int  # unadjusted, excluding artillery (R29-14) and units retreated in (R14-17)
    city_or_port: bool = False
    urban_chosen: bool = False
    fortress: bool = False
    mountain_terrain: bool = False
    trench: bool = False
    surrounded: bool = False
    third_rule: bool = False  # Russia/A-H 1914-15, Italy before 1918 (R41-2, R40-4, R42-2)
    romania: bool = False


def must_retreat(result: int, d: Defence) -> tuple[bool, str]:
    """Whether the defender must retreat after an attack result (R14-4 and modifiers)."""
    s = d.strength
    if d.surrounded:
        return result >= s * value("retreat", "surrounded_fraction"), "R20-7"
    if d.city_or_port or d.urban_chosen:
        return False, "R14-4"
    if d.fortress:
        return False, "R14-4; R21-5"
    if d.mountain_terrain:
        return False, "R14-18"
    if d.romania:
        return result >= s * value("retreat", "third_fraction"), "R47-2"
    if d.trench:
        return result >= s * value("retreat", "trench_fraction"), "R22-8"
    if d.third_rule:
        return result >= s * value("retreat", "third_fraction"), "R41-2; R40-4; R42-2"
    return result >= s * value("retreat", "default_fraction"), "R14-4"


def retreat_hexes(rs, board, unit_id: str, hq_id: str) -> list[tuple[str, int]]:
    """The hexes ``unit_id`` may retreat to, with their R14-8 priority (1 best), best first.

    Distance is the supply-route MP from the hex to the supplying HQ (R14-7, R14-8). Priorities:
    1 not EZOC & closer; 2 not EZOC & same; 3 EZOC, friendly-occupied & closer; 4 EZOC, friendly,
    same; 5 not EZOC & farther; 6 EZOC, friendly, farther; 7 EZOC, not friendly-occupied."""
    from ...search import search_graph
    from .supply import supply_costs

    state = board.state
    unit, hq = state.unit(unit_id), state.unit(hq_id)
    costs = supply_costs(rs, board, unit.side)
    dist = search_graph(costs.graph(board.nbr), board.idx(hq.hex), reverse=True)[0]
    here = board.idx(unit.hex)
    ezoc = rs.enemy_zoc(board, unit.side)
    ta = rs.terrain_arrays(board)
    friendly = board.units_mask(lambda u: u.side == unit.side and rs.is_gcu(u) and u.id != unit_id)
    enemy = board.units_mask(lambda u: u.side != unit.side)
    out = []
    for d in range(6):
        j = int(board.nbr[here, d])
        if j < 0 or enemy[j] or ta["prohibited"][here, d] or ta["water_hex"][j]:
            continue  # R14-12
        if ezoc[j] and not friendly[j]:
            prio = 7
        else:
            if not np.isfinite(dist[j]):
                continue  # no valid supply route from there
            closer = dist[j] < dist[here]
            same = dist[j] == dist[here]
            if not ezoc[j]:
                prio = 1 if closer else 2 if same else 5
            else:
                prio = 3 if closer else 4 if same else 6
        out.append((board.arrays.ids[j], prio))
    out.sort(key=lambda e: (e[1], e[0]))
    best = out[0][1] if out else None
    return [e for e in out if e[1] == best]


# ------------------------------------------------------------------ losses and advance
def assault_sp(strength: int, regular_full_strength: int) -> int:
    """Assault SP of an assault unit: its strength above the regular full strength (R33-4)."""
    return max(0, strength - regular_full_strength)


def assault_losses(required: int, assault_units: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(taken by assault SP, left for the normal loss rules): assault units lose their assault SP
    first, down to regular full strength (R33-4)."""
    pool = sum(assault_sp(s, full) for s, full in assault_units)
    first = min(required, pool)
    return first, required - first


@dataclass(frozen=True)
class LossUnit:
    id: str
    strength: int
    back: int  # back-side strength


def allocate_losses(units: Sequence[LossUnit], required: int) -> list[tuple[str, str, int]]:
    """Losses within one unit type: every unit is flipped before any is reduced further (R13-24),
    then the largest remaining unit is halved (½ marker, R13-21/R13-22), until at least
    ``required`` SP are gone. Returns (unit, action, SP lost) steps."""
    steps: list[tuple[str, str, int]] = []
    lost = 0
    now = {u.id: u.strength for u in units}
    for u in units:
        if lost >= required:
            return steps
        if u.back < u.strength:
            steps.append((u.id, "flip", u.strength - u.back))
            lost += u.strength - u.back
            now[u.id] = u.back
    while lost < required and any(v > 0 for v in now.values()):
        uid = max(now, key=lambda k: (now[k], k))
        cut = now[uid] - now[uid] // 2 if now[uid] > 1 else now[uid]
        steps.append((uid, "halve" if now[uid] > 1 else "eliminate", cut))
        lost += cut
        now[uid] -= cut
    return steps


def advance_problem(
    loss_fraction: Mapping[str, float], advancing: Iterable[str], artillery: Iterable[str] = ()
) -> Reason | None:
    """R15-4: no unit advances until every unit that lost a greater share of its strength has
    advanced; R15-3: artillery never advances."""
    moving = set(advancing)
    for a in set(artillery) & moving:
        return Reason("R15-3", f"{a} is artillery: artillery never advances")
    for u in moving:
        for other, frac in loss_fraction.items():
            if frac > loss_fraction[u] and other not in moving:
                return Reason("R15-4", f"{u} may not advance before {other}, which lost more")
    return None


# ------------------------------------------------------------------ stacking (R11, R49-1)
def stacking_equivalent(cls: str, size: str, nation: str = "") -> tuple[Fraction, int]:
    """(divisions, artillery units) a unit counts for stacking."""
    if cls in ("hq", "fortress", "engineer", "supply_marker", "river_flotilla"):
        return Fraction(0), 0  # R11-5, R36-5, R9-8
    if cls in ("artillery", "siege_artillery"):
        return Fraction(0), 1  # R11-4
    if nation == "usa" and cls in ("infantry", "marine"):
        return Fraction(value("stacking", "us_division" if size == "division" else "us_brigade")), 0
    if cls == "rpl" or size == "division":
        return Fraction(1), 0  # R11-2, R24-2
    return value("stacking", "small_unit"), 0  # R11-6


def stacking_limits(land_hexsides: int = 6) -> tuple[Fraction, Fraction]:
    """(divisions, artillery) allowed in a hex: 6 + 3, one third less per land hexside short of 3
    (R11-1, R11-4, R11-9; spec §10 #9 for 1 and 0)."""
    short = max(0, 3 - land_hexsides)
    frac = Fraction(3 - short, 3)
    return value("stacking", "divisions") * frac, value("stacking", "artillery") * frac


def stacking_excess(units: Iterable[tuple[str, str, str]], land_hexsides: int = 6) -> tuple[Fraction, int]:
    """(divisions over, artillery over) for units given as (class, size, nation)."""
    div = Fraction(0)
    art = 0
    for cls, size, nation in units:
        d, a = stacking_equivalent(cls, size, nation)
        div += d
        art += a
    lim_d, lim_a = stacking_limits(land_hexsides)
    return max(Fraction(0), div - lim_d), max(0, int(art - lim_a))


def attack_limit(land_hexsides: int) -> tuple[Fraction, Fraction]:
    """A reduced hex may be attacked by at most twice what could stack there (R11-10)."""
    d, a = stacking_limits(land_hexsides)
    k = value("stacking", "attack_multiple")
    return d * k, a * k


# ------------------------------------------------------------------ fortresses (R21, R41-4)
def prone_turns(strength: int, turns_surrounded: int) -> int:
    """How many turns a fortress has been prone to surrender (0 = not prone) (R21-10)."""
    for row in data()["fortress"]["prone_after"]:
        if strength <= row["max_strength"]:
            return max(0, turns_surrounded - row["turns"])
    return 0


def surrenders(two_dice: int, turns_prone: int) -> bool:
    """R21-11: a prone fortress surrenders if 2d6 - 1 <= turns prone."""
    return turns_prone > 0 and two_dice - 1 <= turns_prone


def russian_fortress_after(strength: int, turns_surrounded: int) -> int | None:
    """Russian fortresses lose 6 SP per turn surrounded and vanish below 4 (R41-4)."""
    left = strength - value("fortress", "russian_loss_per_turn") * turns_surrounded
    return None if left < value("fortress", "russian_minimum") else left


def open_city(
    month: int,
    year: int,
    fortress_sp: int,
    other_sp: int,
    enemy_adjacent_sp: int,
    line_to_capital: bool = True,
    enemy_siege_adjacent: bool = False,
) -> bool:
    """R21-12: in August-September 1914 a fortress of 8 SP or less is removed (an open city) when it
    has no line to the capital, enemy SP adjacent exceed 3x the other SP in the city, or enemy siege
    artillery is adjacent."""
    if year != 1914 or month not in (8, 9):
        return False
    if fortress_sp > value("fortress", "open_city_max_strength"):
        return False
    return (
        not line_to_capital
        or enemy_adjacent_sp > value("fortress", "open_city_enemy_multiple") * other_sp
        or enemy_siege_adjacent
    )


# ------------------------------------------------------------------ recombination (R23)
def recombination_problem(before: Sequence[int], after: Sequence[tuple[int, int, int]]) -> Reason | None:
    """R23-4: SP are redistributed, never increased; each unit at most the lower of its front-side
    strength and its Full Strength Symbol. ``after`` = (strength, front strength, full symbol)."""
    if sum(s for s, _, _ in after) > sum(before):
        return Reason(
            "R23-4",
            f"recombination may not increase strength ({sum(before)} -> {sum(s for s, _, _ in after)})",
        )
    for s, front, full in after:
        if s > min(front, full):
            return Reason("R23-4", f"a unit may hold at most {min(front, full)} SP, not {s}")
    return None


# ------------------------------------------------------------------ demoralization (R26)
DM_EVENTS = (
    "infantry_lost",
    "infantry_surrendered",
    "fortress_lost",
    "cavalry_or_artillery_lost",
    "cavalry_or_artillery_surrendered",
    "engineer_lost",
    "army_hq_lost",
    "city_first_occupied",
    "urban_hexside_first_occupied",
)


def demoralization(event: str, count: int = 1, capital: bool = False, germany: bool = False) -> int:
    """Demoralization points for an event (R26-3); doubled for capitals (R26-3) or, instead, for
    German cities (R37-6) — never both (spec §10 #39)."""
    if event not in DM_EVENTS:
        raise InputError(f"unknown demoralization event {event!r} (events: {', '.join(DM_EVENTS)})")
    points = value("demoralization", event) * count
    if capital or germany:
        points *= value("demoralization", "capital_multiplier")
    return points
