"""Der Weltkrieg combat arithmetic (R7-11, R13-R16, R19-R23, R26, R29, R33, R36, R41; spec §6-§8).

Small functions, each citing its rule, with every number in ``combat.toml`` (terrain effects stay in
``data.toml``). Strengths are strength points (SP); supply points are always written out.

The Combat Results Table is not printed in the rulebook: :func:`crt_result` knows the two cells
Fig 9 shows, takes the rest from the user's chart, and names any cell it lacks — never guesses.
Where the rulebook contradicts itself the spec's decision (§10) is the default and the alternative
is a keyword argument. Stacking is in :mod:`.stacking`.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ....errors import InputError
from ...board import Board
from ...search import search_graph
from ...state import Unit
from ...verdict import Reason

if TYPE_CHECKING:
    from .hooks import DerWeltkrieg

HERE = Path(__file__).parent


# ------------------------------------------------------------------ data
@cache
def data() -> dict[str, Any]:
    """``combat.toml``: every number below, each with its rule."""
    with (HERE / "combat.toml").open("rb") as fh:
        return tomllib.load(fh)


@cache
def _ruleset_data() -> dict[str, Any]:
    with (HERE / "data.toml").open("rb") as fh:
        return tomllib.load(fh)


def _tec() -> dict[str, Any]:
    raw = _ruleset_data()
    return {"terrain": raw["terrain"], "overlay": raw["overlay"]}


def _supply(key: str) -> int:
    """A supply value of data.toml (thresholds shared with the supply-line search)."""
    return _ruleset_data()["supply"][key]["value"]


def value(section: str, key: str) -> Any:
    """``combat.toml`` ``section.key`` value; "1/2"-style strings as fractions."""
    v = data()[section][key]["value"]
    return Fraction(v) if isinstance(v, str) and "/" in v else v


def rule(section: str, key: str) -> str:
    return data()[section][key]["rule"]


def round_half_up(x: Fraction | int) -> int:
    """Round to the nearest whole number, halves up (the rulebook's "round to nearest")."""
    return math.floor(Fraction(x) + Fraction(1, 2))


# ------------------------------------------------------------------ supply points (spec §6.2)
def supply_points(
    strength: int = 0, artillery: int = 0, *, counterattack: bool = False, separate_rounding: bool = True
) -> int:
    """Supply points for one HQ's units in a combat: 1 per 4 SP or fraction attacking, 1 per 2
    counterattacking (R19-2, Fig 11); 1 per 2 artillery SP either way (R29-6, Fig 12). The supply-line
    reduction does not lower the cost (Fig 11 ex. 2). Infantry and artillery are rounded separately
    (spec §10 #21 DECISION); ``separate_rounding=False`` rounds their sum once."""
    per = value("supply_points", "counterattack_per" if counterattack else "attack_per")
    inf = Fraction(strength, per)
    art = Fraction(artillery, value("supply_points", "artillery_per"))
    return math.ceil(inf) + math.ceil(art) if separate_rounding else math.ceil(inf + art)


def needs_supply_points(unit: Unit, *, counterattack: bool = False, year: int = 1914) -> bool:
    """False for units supplied without supply points: fortresses (R21-3), River Flotillas (R36-6,
    R36-7, R36-9), cavalry of full strength 1, 2 for Britain and Germany (R30-1; the ``full_strength``
    attr, else the current strength), Serbian counterattacks until 1915, Montenegrin and Ottoman
    counterattacks (R43-1, R43-2, R46-1)."""
    if unit.cls in value("supply_points", "free_classes"):
        return False
    if unit.cls == "cavalry":
        free = value("supply_points", "free_cavalry_full_strength_by_nation").get(
            unit.nation, value("supply_points", "free_cavalry_full_strength")
        )
        if unit.attr("full_strength", unit.strength) <= free:
            return False
    if counterattack:
        for row in value("supply_points", "free_counterattack"):
            if row["nation"] == unit.nation and year <= row["to"]:
                return False
    return True


def transfer_problem(
    sent: int, received: int, *, moved: bool = False, held_after: int = 0, corps: bool = False
) -> Reason | None:
    """An HQ's supply-point transfers in one Movement Phase: only if it did not move, at most 10
    sent + received (R18-6); it may never hold more than 100 (R17-4), a Corps HQ 10 (R18-18)."""
    if moved and (sent or received):
        return Reason("R18-6", "an HQ that moves in a Movement Phase may not transfer supply points")
    limit = value("supply_points", "transfer_per_phase")
    if sent + received > limit:
        return Reason(
            "R18-6",
            f"{sent} sent + {received} received = {sent + received} supply points, "
            f"more than {limit} in one Movement Phase",
        )
    key = "corps_hq_max" if corps else "hq_max"
    most = value("supply_points", key)
    if held_after > most:
        who = "a Corps HQ" if corps else "an HQ"
        return Reason(
            rule("supply_points", key), f"{who} may hold at most {most} supply points, not {held_after}"
        )
    return None


def corps_hq_limit(counterattack: bool = False) -> int:
    """Most supply points Corps HQs may spend on one attack (2) or counterattack (4) (R18-18)."""
    return value("supply_points", "corps_hq_counterattack" if counterattack else "corps_hq_attack")


# ------------------------------------------------------------------ supply line length (spec §6.3)
def line_threshold(
    counterattack: bool = False,
    *,
    winter: bool = False,
    hq_has_loc: bool = True,
    winter_no_loc: str = "smaller",
) -> int:
    """Supply-line MP beyond which strength drops: attack 4, counterattack 8 (R19-9, R19-10);
    winter 3 and 6 (R34-2, R34-3); HQ without line of communication 2 and 3 (R19-15). Winter and no
    LOC together: the smaller (spec §10 #22 DECISION); ``winter_no_loc="no-loc"`` uses R19-15's."""
    kind = "counterattack" if counterattack else "attack"
    normal = _supply(f"winter_{kind}_threshold" if winter else f"{kind}_threshold")
    if hq_has_loc:
        return normal
    no_loc = _supply(f"no_loc_{kind}_threshold")
    return min(normal, no_loc) if winter and winter_no_loc == "smaller" else no_loc


def line_reduced(
    strength: int,
    line_mp: int,
    *,
    counterattack: bool = False,
    winter: bool = False,
    hq_has_loc: bool = True,
    hq_adjacent: bool = False,
    winter_no_loc: str = "smaller",
) -> int:
    """Strength after the supply-line reduction: -1 per MP beyond :func:`line_threshold`, applied
    before terrain and before x3 (R19-9, R19-10, R34-2, R34-3, R19-15). No attack reduction when the
    HQ is adjacent, unless the HQ lacks a line of communication (R19-13, R19-15)."""
    if hq_adjacent and hq_has_loc and not counterattack:
        return strength
    over = line_mp - line_threshold(
        counterattack, winter=winter, hq_has_loc=hq_has_loc, winter_no_loc=winter_no_loc
    )
    return max(0, strength - max(0, over) * value("supply_line", "loss_per_mp"))


def artillery_line_problem(
    line_mp: int, *, counterattack: bool = False, hq_adjacent: bool = False
) -> Reason | None:
    """Artillery may neither attack nor counterattack over a supply line longer than 4 MP (R29-4),
    except an attack from a hex adjacent to its HQ (R19-14)."""
    most = _supply("artillery_max_line")
    if line_mp <= most or (hq_adjacent and not counterattack):
        return None
    return Reason("R29-4", f"artillery supply line of {line_mp} MP is longer than {most}")


# ------------------------------------------------------------------ unsupplied options
def unsupplied(
    strength: int,
    *,
    counterattack: bool = False,
    column: bool = False,
    artillery: bool = False,
    shaken: bool = False,
    rounding: str = "down",
) -> int | None:
    """Strength without supply points: 1/2 rounded down, regardless of supply line (R19-11); 1/4 for
    a column attack (R19-11); unsupplied counterattackers use 1/2, which is then tripled (R19-12).
    None when not allowed: artillery (R19-11), attacks by a country in Shaken National Morale or
    Economic Collapse (R26-6). R19-12 gives no rounding: down as in R19-11 (spec TC-18 DECISION);
    ``rounding="nearest"`` rounds a counterattacker's half to nearest instead."""
    if artillery or (shaken and not counterattack):
        return None
    factor = value("unsupplied", "column_factor" if column else "factor")
    if counterattack and rounding == "nearest":
        return round_half_up(strength * factor)
    return math.floor(strength * factor)


def breakout_pre_loss(divisions: int, small_units: int) -> int:
    """SP an unsupplied surrounded attack loses first: 1 per division of any strength, 1 per two
    brigades or regiments (R20-3)."""
    return divisions * value("unsupplied", "surrounded_loss_per_division") + small_units // value(
        "unsupplied", "surrounded_small_units_per_loss"
    )


def breakout_strength(
    strength: int, divisions: int = 1, small_units: int = 0, *, loss_first: bool = True
) -> int:
    """Unsupplied surrounded ("break-out") attack strength: 1/4, rounded to nearest (R20-2), after the
    R20-3 pre-loss (spec TC-20 DECISION order: 8 -> 7 -> 1.75 -> 2). ``loss_first=False`` quarters
    first and takes the pre-loss from the result."""
    loss = breakout_pre_loss(divisions, small_units)
    quarter = value("unsupplied", "surrounded_factor")
    if loss_first:
        return round_half_up(max(0, strength - loss) * quarter)
    return max(0, round_half_up(strength * quarter) - loss)


# ------------------------------------------------------------------ terrain and die rolls
def _tec_row(terrain: str) -> dict[str, Any]:
    chart = _tec()["terrain"]
    if terrain not in chart:
        raise InputError(
            f"terrain {terrain!r} is not in the Terrain Effects Chart (known: {', '.join(chart)})"
        )
    return chart[terrain]


def _drm(effect: str) -> int:
    words = effect.split()
    return int(words[0]) if len(words) > 1 and words[1] == "DR" else 0


def halvings(terrain: str, river: str | None = None) -> int:
    """How many times the attacker is halved: mountain, alpine, urban (TEC), and a major river when
    every attacker crosses one (R13-5; combined: quartered, spec §10 #27 DECISION)."""
    n = int(_tec_row(terrain)["attack"].startswith("halve"))
    if river == "major_river":
        n += int(_tec()["overlay"]["major_river"]["attack"].startswith("halve"))
    return n


def attack_column(strengths: Iterable[int], halved: int = 0) -> int:
    """CRT column of an attack: the adjusted SP total (R13-2, R13-8), halved ``halved`` times for
    terrain, each halving of the total rounded down (spec §10 #23 DECISION)."""
    total = sum(strengths)
    for _ in range(halved):
        total //= 2
    return total


def attack_modifiers(
    terrain: str,
    *,
    river: str | None = None,
    trench: bool = False,
    hindenburg: bool = False,
    artillery_fortress_hexsides: int = 0,
    solid_defence_short: bool = False,
) -> list[tuple[int, str]]:
    """(modifier, rule) for the attack die: the chosen terrain (R13-9, TEC), rivers when every
    attacker crosses one (R13-5), trench -2 (R22-7) or Hindenburg -3 (TEC), +1 per hexside an
    artillery-only attack on a fortress comes through (R29-10), -1 in clear terrain against a solid
    defence with too little artillery (R22-21)."""
    out = [(_drm(_tec_row(terrain)["attack"]), "R13-9; TEC")]
    if river == "river":
        out.append((_drm(_tec()["overlay"]["river"]["attack"]), "R13-5; TEC"))
    if trench:
        out.append((value("die_roll", "trench"), rule("die_roll", "trench")))
    if hindenburg:
        out.append((value("die_roll", "hindenburg"), rule("die_roll", "hindenburg")))
    if artillery_fortress_hexsides:
        k = value("die_roll", "artillery_vs_fortress_per_hexside")
        out.append((k * artillery_fortress_hexsides, rule("die_roll", "artillery_vs_fortress_per_hexside")))
    if solid_defence_short and terrain == "clear":
        out.append((value("die_roll", "solid_defence_attack"), rule("die_roll", "solid_defence_attack")))
    return [m for m in out if m[0]]


def counterattack_modifiers(
    terrain: str,
    *,
    river: str | None = None,
    winter: bool = False,
    attackers_in_trenches: bool = False,
    solid_defence_short: bool = False,
    fig9_rough: bool = False,
) -> list[tuple[int, str]]:
    """(modifier, rule) for the counterattack die: the chosen terrain (R13-15, TEC), river +1 or
    major river +3 when every attacker crosses one (R13-5), winter +1 unless every attacker is in a
    trench (R34-4), +2 in clear or broken terrain against too little artillery (R22-21). Rough is
    +1 by the TEC (spec §10 #1 DECISION); ``fig9_rough=True`` uses Fig 9's +3."""
    drm = _drm(_tec_row(terrain)["counterattack"])
    out = [(drm, "R13-15; TEC")]
    if fig9_rough and terrain == "rough":
        out = [(value("die_roll", "fig9_rough_counterattack"), rule("die_roll", "fig9_rough_counterattack"))]
    if river in ("river", "major_river"):
        out.append((_drm(_tec()["overlay"][river]["counterattack"]), "R13-5; TEC"))
    if winter and not attackers_in_trenches:
        out.append((value("die_roll", "winter_counterattack"), rule("die_roll", "winter_counterattack")))
    if solid_defence_short and terrain in ("clear", "broken"):
        k = value("die_roll", "solid_defence_counterattack")
        out.append((k, rule("die_roll", "solid_defence_counterattack")))
    return [m for m in out if m[0]]


def modified_roll(roll: int, modifiers: Iterable[int | tuple[int, str]], *, cap: bool = True) -> int:
    """d6 + modifiers (cumulative, R13-11): the total modifier is held to +-4 (R13-25; also for the
    R29-10 artillery bonus, spec §10 #28 DECISION; ``cap=False`` lifts it), the result to -1 ... 8
    (R13-12, R13-16)."""
    total = sum(m[0] if isinstance(m, tuple) else m for m in modifiers)
    if cap:
        most = value("die_roll", "modifier_cap")
        total = max(-most, min(most, total))
    return max(value("die_roll", "lowest"), min(value("die_roll", "highest"), roll + total))


# ------------------------------------------------------------------ defender's terrain (spec §8.3)
def eligible_terrains(
    rs: DerWeltkrieg,
    board: Board,
    target: str,
    attacker_hexes: Iterable[str],
    *,
    alpine_adjacent: bool = True,
) -> tuple[list[str], str | None]:
    """(terrains the defender may choose, river effect) for an attack on ``target`` (R13-3, R13-4,
    R13-5, R21-4, Fig 8): the attack hexsides and the hexsides of ``target`` next to them, except
    prohibited terrain and neutral borders. Urban only with a city centre and an urban hexside, two
    urban hexsides, or an attack through urban (R13-4); never with a fortress, whose only fallback is
    broken (R21-4). Alpine may be chosen as an adjacent hexside (spec §10 #6 DECISION;
    ``alpine_adjacent=False`` forbids it). River effect: "major_river" or "river" when every attack
    hexside has one (R13-5)."""
    i = board.idx(target)
    nbr = board.nbr
    ta = rs.terrain_arrays(board)
    dirs = []
    for h in attacker_hexes:
        j = board.idx(h)
        hit = [d for d in range(6) if nbr[i, d] == j]
        if not hit:
            raise InputError(f"{h} is not adjacent to {target}: units attack adjacent hexes only (R12-4)")
        dirs.append(hit[0])
    neutral = board.arrays.hex_attr("neutral")
    sides = sorted(set(dirs) | {(d + k) % 6 for d in dirs for k in (-1, 1)})
    options: list[str] = []
    for d in sides:
        j = int(nbr[i, d])
        t = ta["terrain"][i, d]
        if j >= 0 and neutral[j]:
            continue
        if ta["prohibited"][i, d] and not (t == "alpine" and alpine_adjacent and d not in dirs):
            continue
        if t not in options:
            options.append(t)
    urban_sides = sum(ta["terrain"][i, d] == "urban" for d in range(6))
    city = bool(board.arrays.hex_feature("city")[i])
    urban_ok = (
        (urban_sides >= 1 and city) or urban_sides >= 2 or any(ta["terrain"][i, d] == "urban" for d in dirs)
    )
    fortress = any(u.cls == "fortress" for u in board.state.units_at(target))
    if "urban" in options and (fortress or not urban_ok):
        options.remove("urban")
    if fortress and not options:
        options = ["broken"]
    river = None
    if all(ta["major"][i, d] for d in dirs):
        river = "major_river"
    elif all(ta["river"][i, d] > 0 for d in dirs):
        river = "river"
    return options, river


def best_defensive_terrain(options: Iterable[str], river: str | None = None) -> str:
    """The choice that hurts the attack most (R13-3 leaves it to the defender): most halvings, then
    the most negative attack modifier, then the best counterattack modifier."""

    def key(t: str) -> tuple[int, int, int]:
        att = sum(m for m, _ in attack_modifiers(t, river=river))
        cnt = sum(m for m, _ in counterattack_modifiers(t, river=river))
        return halvings(t, river), -att, cnt

    return max(options, key=key)


# ------------------------------------------------------------------ the CRT (spec §8.1)
def crt_table(year: int, month: int = 1) -> str:
    """ "standard", or "1917" from the first turn of January 1917 on (R13-26)."""
    start = data()["crt"]["later_table_from"]
    return "1917" if (year, month) >= (start["year"], start["month"]) else "standard"


def _chart_cell(chart: Mapping[Any, Any] | None, column: int, roll: int) -> int | None:
    """A cell of the user's chart: keys (column, roll), or nested {column: {roll: result}} with int or
    str keys (as a TOML/JSON chart file gives them)."""
    if not chart:
        return None
    if (column, roll) in chart:
        return int(chart[(column, roll)])
    row = chart.get(column, chart.get(str(column)))
    if isinstance(row, Mapping):
        cell = row.get(roll, row.get(str(roll)))
        return None if cell is None else int(cell)
    return None


def crt_result(
    column: int, roll: int, chart: Mapping[Any, Any] | None = None, table: str = "standard"
) -> int:
    """Minimum SP the other side must eliminate (R13-13, R13-17). Above 50: the 50 column times the
    multiples of 50 plus the remainder column, same die roll (R13-19). Cells come from ``chart`` (the
    user's CRT card for ``table``) or the two printed in Fig 9; any other cell is an InputError
    naming it."""
    if column < 0 or not value("die_roll", "lowest") <= roll <= value("die_roll", "highest"):
        raise InputError(
            f"no CRT cell for column {column}, die roll {roll} (rolls run -1 ... 8, R13-12, R13-16)"
        )
    largest = value("crt", "largest_column")
    if column > largest:
        rest = column % largest
        head = (column // largest) * crt_result(largest, roll, chart, table)
        return head + (crt_result(rest, roll, chart, table) if rest else 0)
    cell = _chart_cell(chart, column, roll)
    if cell is not None:
        return cell
    for known in data()["crt"]["known"]:
        if (known["table"], known["column"], known["roll"]) == (table, column, roll):
            return known["result"]
    raise InputError(
        f"the {table} Combat Results Table cell for column {column}, die roll {roll} is missing: "
        "the CRT is not printed in the rulebook (R3, R13-26), so supply it in a chart file "
        f"(only Fig 9's cells 20/1 and 24/7 are known)",
        where=f"crt.{table}[{column}][{roll}]",
    )


# ------------------------------------------------------------------ strengths
def marked_strength(strength: int, markers: Sequence[str]) -> int:
    """Strength under reduction markers, applied in stack order: "1/2" halves (rounded down, spec
    §10 #23), "-1" subtracts (R13-21, R13-22, R11-8)."""
    for m in markers:
        strength = strength // 2 if m == "1/2" else max(0, strength + int(m))
    return strength


def counterattack_multiplier(unit: Unit, *, retreating: bool = False) -> int:
    """x3 (R13-15); x2 when retreating (R14-13); artillery x2 (R29-5); fortresses x3 always (R21-3,
    R14-13), Russian x1 (R41-4); entrained units x1 (R7-11)."""
    if unit.attr("entrained"):
        key = "entrained"
    elif unit.cls == "fortress":
        key = "russian_fortress" if unit.nation == "russia" else "fortress"
    elif unit.cls in ("artillery", "siege_artillery"):
        key = "artillery"
    else:
        key = "retreating" if retreating else "multiplier"
    return value("counterattack", key)


def counterattack_strength(
    units: Iterable[Unit],
    adjusted: Mapping[str, int] | None = None,
    *,
    retreating: bool = False,
    column_attack: bool = False,
    column_defender_doubled: bool = True,
) -> int:
    """CRT column of a counterattack: each unit's adjusted strength (``adjusted[id]``, after supply
    and terrain; else its strength) times :func:`counterattack_multiplier` (R13-15). Against a column
    attack the defender is doubled as well (R16-8: 4 SP -> 4 x 2 x 3 = 24, spec TC-30 DECISION);
    ``column_defender_doubled=False`` leaves the counterattack undoubled (spec §10 #25)."""
    double = value("column_attack", "defender") if column_attack and column_defender_doubled else 1
    total = 0
    for u in units:
        s = u.strength if adjusted is None else adjusted.get(u.id, u.strength)
        total += s * counterattack_multiplier(u, retreating=retreating) * double
    return total


def column_attack_strength(strength: int, *, supplied: bool = True) -> int:
    """Column attacker's strength: 1/2 (R16-8), 1/4 unsupplied (R19-11), rounded down."""
    factor = value("column_attack", "attacker") if supplied else value("unsupplied", "column_factor")
    return math.floor(strength * factor)


def column_attack_problem(
    terrain: str, *, major_river: bool = False, artillery: bool = False, used_column_movement: bool = False
) -> Reason | None:
    """A column attack never crosses ocean, lake, alpine, mountain, urban, wooded rough or major river
    hexsides (R16-10); not by artillery (R16-4) or units that used column movement (R6-10)."""
    if terrain in value("column_attack", "forbidden_hexsides") or major_river:
        what = "a major river" if major_river else terrain.replace("_", " ")
        return Reason("R16-10", f"no column attack across {what}")
    if artillery:
        return Reason("R16-4", "artillery may not make column attacks")
    if used_column_movement:
        return Reason("R6-10", "units that used column movement may not column-attack")
    return None


def artillery_vs_fortress(artillery_sp: int, infantry_sp_in_hex: int, hexsides: int) -> tuple[int, int]:
    """(strength, die-roll modifier) of artillery attacking a fortress hex: doubled if the hex holds
    fewer infantry SP than 4 per hexside the artillery attacks through (R29-11); +1 per such hexside
    when only artillery attacks (R29-10; capped by :func:`modified_roll`)."""
    per = value("artillery", "fortress_infantry_per_hexside")
    double = value("artillery", "fortress_doubling") if infantry_sp_in_hex < per * hexsides else 1
    return artillery_sp * double, hexsides * value("die_roll", "artillery_vs_fortress_per_hexside")


def flotilla_bonus(total_flotilla_strength: int) -> int:
    """River Flotillas joining an attack add their total / 3, rounded down; no supply (R36-6)."""
    return total_flotilla_strength // value("flotilla", "attack_divisor")


def interdiction_column(flotilla_strength: int, distance: int) -> int | None:
    """A flotilla attacks a Danube crossing within 2 hexes (of the hex left or entered) at 3x its
    strength, no supply, no counterattack (R36-7). None when out of range."""
    if distance > value("flotilla", "interdiction_range"):
        return None
    return flotilla_strength * value("flotilla", "interdiction_multiplier")


def flotilla_duel_strength(flotilla_strength: int) -> int:
    """Flotilla against flotilla: attack and counterattack at double strength (R36-9)."""
    return flotilla_strength * value("flotilla", "duel_multiplier")


def solid_defence(trench: bool, infantry_sp: int, hexsides: int, full_division: int) -> bool:
    """A trench hex holding, per hexside attacked through, 5 infantry SP or a full-strength infantry
    division's SP — the smaller (R22-19, spec §10 #31 DECISION)."""
    per = min(value("solid_defence", "min_infantry_per_hexside"), full_division)
    return trench and infantry_sp >= per * hexsides


def solid_defence_artillery(year: int, front: str = "other") -> int:
    """Artillery SP an attack on a solid defence needs: front "west", "italy" or "other" (R22-20)."""
    rows = value("solid_defence", "artillery")
    row = max((r for r in rows if r["year"] <= year), key=lambda r: r["year"], default=rows[0])
    return row[front]


# ------------------------------------------------------------------ assault units (R33)
def assault_sp(strength: int, regular_full_strength: int, *, pure: bool = False) -> int:
    """Assault SP: those above the regular full strength (R33-9: a 12-5 has 4); German AlpK and Jgr
    units are all assault SP (R33-5, ``pure``)."""
    return strength if pure else max(0, strength - regular_full_strength)


def assault_losses(required: int, assault_units: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """(SP taken from assault SP, SP left for the normal loss order): assault units lose first, down to
    their regular full strength (R33-4). ``assault_units``: (strength, regular full strength)."""
    pool = sum(assault_sp(s, full) for s, full in assault_units)
    first = min(required, pool)
    return first, required - first


def assault_negates_terrain(assault_sp_attacking: int, defending_sp: int) -> bool:
    """R22-16's stiffened defence is negated when the attacking assault SP exceed the SP defending
    the hex (R33-9)."""
    return assault_sp_attacking > defending_sp


# ------------------------------------------------------------------ losses (spec §8.5)
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


# ------------------------------------------------------------------ retreat (spec §8.4, §8.6)
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


def retreat_options(
    rs: DerWeltkrieg, board: Board, unit_id: str, hq_id: str | None = None, *, surrounded: bool = False
) -> list[tuple[str, int, float]]:
    """Every hex ``unit_id`` could retreat to, as (hex, R14-8 priority, supply-route distance to the
    HQ), best first.

    Priorities (R14-8), distance = MP by a valid supply route from the hex to the supplying HQ (R14-7;
    no route counts as farther): 1 not EZOC & closer; 2 not EZOC & same; 3 EZOC, friendly ground
    unit & closer; 4 same; 5 not EZOC & farther; 6 EZOC, friendly & farther; 7 EZOC, no friendly
    unit. 8: a hex the minimum move could not enter — last resort of infantry and cavalry, the unit
    halved (R14-16); other units may not. Never across sea/lake/alpine, into neutral countries or
    enemy units (R14-12), nor over the stacking limit (R14-10). Surrounded units ignore the HQ (R20-7)
    and may not go from EZOC to EZOC except into a friendly fortress (R20-10)."""
    from .stacking import land_hexsides, stacking_problem
    from .supply import supply_costs

    state = board.state
    unit = state.unit(unit_id)
    side, here = unit.side, board.idx(unit.hex)
    dist: np.ndarray | None = None
    if not surrounded:
        if hq_id is None:
            raise InputError(f"{unit_id} retreats towards the HQ that supplied it (R14-7): name the HQ")
        g = supply_costs(rs, board, side, unit).graph(board.nbr, reverse=True)
        dist = search_graph(g, board.idx(state.unit(hq_id).hex))[0]
    ta = rs.terrain_arrays(board)
    ezoc = rs.enemy_zoc(board, side)
    friendly = board.units_mask(lambda u: u.side == side and rs.is_gcu(u) and u.id != unit_id)
    enemy = board.units_mask(lambda u: u.side != side)
    fortress = board.units_mask(lambda u: u.side == side and u.cls == "fortress")
    neutral = board.arrays.hex_attr("neutral")
    steps = rs.ground_costs(board, unit).cost
    minimum = rs.minimum_move_mask(board, unit)
    last_resort = rs.is_infantry_type(unit) or unit.cls == "cavalry"
    out = []
    for d in range(6):
        j = int(board.nbr[here, d])
        if j < 0 or enemy[j] or neutral[j] or ta["prohibited"][here, d] or ta["water_hex"][j]:
            continue  # R14-12
        hid = board.arrays.ids[j]
        if stacking_problem([*state.units_at(hid), unit], land_hexsides(board, hid)):
            continue  # R14-10
        if surrounded and ezoc[here] and ezoc[j] and not fortress[j]:
            continue  # R20-10
        dj = float("inf") if dist is None else float(dist[j])
        if not (np.isfinite(steps[here, d]) and minimum[here, d]):
            if not last_resort:
                continue
            prio = 8
        elif ezoc[j] and not friendly[j]:
            prio = 7
        elif dist is None:
            prio = 3 if ezoc[j] else 1
        else:
            dh = float(dist[here])
            rank = 0 if dj < dh else 1 if dj == dh else 2
            prio = (1, 2, 5)[rank] if not ezoc[j] else (3, 4, 6)[rank]
        out.append((hid, prio, dj))
    out.sort(key=lambda e: (e[1], e[2], e[0]))
    return out


def retreat_hexes(
    rs: DerWeltkrieg, board: Board, unit_id: str, hq_id: str | None = None, *, surrounded: bool = False
) -> list[tuple[str, int]]:
    """The hexes the unit must choose from: the best R14-8 priority (R14-11); for priority 7 and 8
    only those as close as possible to the HQ. Empty: the unit is eliminated (R14-14; surrenders if
    surrounded, R20-8)."""
    options = retreat_options(rs, board, unit_id, hq_id, surrounded=surrounded)
    if not options:
        return []
    prio, dist = options[0][1], options[0][2]
    return [(h, p) for h, p, dj in options if p == prio and (p < 7 or dj == dist)]


# ------------------------------------------------------------------ advance after combat (R15)
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


# ------------------------------------------------------------------ fortresses (R21, R41-4)
def prone_turns(strength: int, turns_surrounded: int) -> int:
    """Turns a fortress has been prone to surrender (0: not prone): after 7 turns surrounded (12 SP or
    less), 14 (13-23 SP), 28 (24 or more) (R21-10)."""
    for row in value("fortress", "prone_after"):
        if strength <= row["max_strength"]:
            return max(0, turns_surrounded - row["turns"])
    return 0


def surrenders(two_dice: int, turns_prone: int) -> bool:
    """A prone fortress, and every unit with it, surrenders if 2d6 - 1 <= turns prone (R21-11)."""
    return turns_prone > 0 and two_dice - value("fortress", "surrender_roll_offset") <= turns_prone


def russian_fortress_after(strength: int, turns_surrounded: int) -> int | None:
    """A Russian fortress's strength after ``turns_surrounded`` turns (-6 each); None once below 4:
    removed (R41-4)."""
    left = strength - value("fortress", "russian_loss_per_turn") * turns_surrounded
    return None if left < value("fortress", "russian_minimum") else left


def open_city(
    month: int,
    year: int,
    fortress_sp: int,
    other_sp: int,
    enemy_adjacent_sp: int,
    *,
    line_to_capital: bool = True,
    enemy_siege_adjacent: bool = False,
) -> bool:
    """R21-12: in August-September 1914 a city fortress of 8 SP or less is removed (no DM; the other
    units retreat) the instant it has no line to the capital, enemy SP adjacent exceed 3x the city's
    non-fortress SP, or enemy siege artillery is adjacent."""
    if year != data()["fortress"]["open_city_months"]["year"] or month not in value(
        "fortress", "open_city_months"
    ):
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
    """R23-4: SP are redistributed, never increased; a unit may hold at most the lower of its front-side
    strength and its Full Strength Symbol. ``before``: the SP of the units involved (after flips and
    markers); ``after``: (strength, front-side strength, Full Strength Symbol) of each unit kept."""
    total_before, total_after = sum(before), sum(s for s, _, _ in after)
    if total_after > total_before:
        return Reason("R23-4", f"recombination may not increase strength ({total_before} -> {total_after})")
    for s, front, full in after:
        if s > min(front, full):
            return Reason("R23-4", f"a unit may hold at most {min(front, full)} SP, not {s}")
    return None


# ------------------------------------------------------------------ demoralization (R26)
def demoralization(
    event: str, count: int = 1, *, capital: bool = False, germany: bool = False, stack_doubling: bool = False
) -> int:
    """DM points for ``count`` of an event (R26-3; events are the keys of combat.toml
    ``[demoralization]``). Capitals double (R26-3), cities in Germany double (R37-6); both together
    still double (spec §10 #39 DECISION), ``stack_doubling=True`` makes it x4."""
    table = data()["demoralization"]
    events = [k for k in table if not k.endswith("multiplier")]
    if event not in events:
        raise InputError(f"unknown demoralization event {event!r} (known: {', '.join(events)})")
    points = value("demoralization", event) * count
    factor = 1
    if capital:
        factor *= value("demoralization", "capital_multiplier")
    if germany:
        k = value("demoralization", "germany_multiplier")
        factor = factor * k if stack_doubling or factor == 1 else factor
    return points * factor
