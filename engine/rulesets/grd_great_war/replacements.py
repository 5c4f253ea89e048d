"""Rebuilding cadres and remnants to full strength [16B3d]: the ``rebuild`` action of the initial
phase, paid from a command's general pool of accumulated replacements [16B3], the core ledger
``replacements``.

The costs are the Replacement Costs Chart's, which the Ground Rules booklet does not print; it says
what the chart is indexed by: "The replacement strength of a unit is the number of Man Pts and/or
Equ Pts it costs to replace the unit. To determine a unit's replacement strength consult the
'replacement strengths' section of the Replacement Costs Chart" [16B3a], and "Replacing a unit uses
Man Pts only, Equ Pts only, or a combination of the two, depending on the type of unit. To determine
the number of each type of replacement point that must be used to replace a unit, consult the
'replacement uses' section of the Replacement Costs Chart" [16B3b]; a reduced unit's loss is "the
difference between the cadre/remnant replacement strength and the unit's full strength replacement
cost" [16B4a]. So the chart values are the table ``replacement_costs``, one row per unit type (the
ruleset's class), columns ``full_man``, ``full_equ`` (a full-strength unit's Man and Equ Pts) and
``cadre_man``, ``cadre_equ`` (its cadre or remnant's); rebuilding costs the difference. A blank cell
is bad input (exit 2) naming it. Should the printed chart also read a unit's size, a class's row is
too coarse: the user's values then hold for the units the position rebuilds.

Judged [16B3d]: in any initial phase (both players'); a unit on the map at cadre or remnant strength
(the unit field ``cadre``); from the general pool of the command its hex is in (the map's hex
attribute ``command``), Man Pts of its contingent (``contingent``, else its nation) [16B3b], Equ Pts
generic; the unit in regular general supply (the supply report's "in general supply", 11C2); not in
an enemy ZOC unless its hex holds a fortification other than fieldworks, read as a fortress unit
there (the position states no other fortification). The unit is flipped to its full-strength side
(``full_strength``, and ``full_defense`` when the position gives its ``defense``). Not judged:
on-map replacements [16B3], replacing eliminated units [16B3c], augmenting [16B3e], the monthly
limits [16B3f].
"""

from __future__ import annotations

from fractions import Fraction

from ....errors import InputError
from ...board import Board
from ...ledger import Ledger
from ...state import Unit
from ...verdict import Changes, Verdict
from ...verdict import refused as _no

LEDGER = "replacements"
TABLE = "replacement_costs"


def _points(board: Board, row: str, column: str, what: str) -> Fraction:
    raw = board.values.cell(TABLE, row, column, what=what, rule="16B3a").strip()
    try:
        value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            f"{what}: expected a number of points, found {raw!r}",
            file=board.values.path,
            where=f"{TABLE}.{row}.{column}",
        ) from None
    if value < 0:
        raise InputError(f"{what}: expected no fewer than 0 points", where=f"{TABLE}.{row}.{column}")
    return value


def rebuild_cost(board: Board, unit: Unit) -> tuple[Fraction, Fraction]:
    """(Man Pts, Equ Pts) to rebuild ``unit`` from cadre/remnant to full strength [16B3a, 16B3b,
    16B4a], from the chart values' ``replacement_costs`` row of its type."""
    row = unit.cls
    out = []
    for kind in ("man", "equ"):
        full = _points(
            board, row, f"full_{kind}", f"the Replacement Costs Chart's full-strength {kind} pts ({row})"
        )
        cadre = _points(
            board, row, f"cadre_{kind}", f"the Replacement Costs Chart's cadre/remnant {kind} pts ({row})"
        )
        out.append(max(full - cadre, Fraction(0)))
    return out[0], out[1]


def _need(unit: Unit, name: str) -> int:
    v = unit.attr(name)
    if v is None:
        raise InputError(
            f"{unit.id} is flipped to its full-strength side [16B3d]: state its {name}",
            where=f"$.units[{unit.id!r}].{name}",
        )
    return int(v)


def judge_rebuild(rs, board: Board, unit: Unit) -> Verdict:
    """Whether the cadre/remnant ``unit`` may be rebuilt to full strength now [16B3d]."""
    state = board.state
    if unit.hex not in board.arrays.index:
        return _no("16B3d", f"{unit.id} is not on the map: only a cadre/remnant in play is rebuilt")
    if unit.attr("cadre") is not True:
        return _no("16B3d", f"{unit.id} is not at cadre or remnant strength")
    i = board.idx(unit.hex)
    command = board.arrays.hex_attr("command")[i]
    if command is None:
        raise InputError(
            f"{unit.hex} names no command (hex attribute 'command'): a general pool is a command's [16B3]",
            where=f"{unit.hex}.command",
        )
    report = rs.supply_report(board, unit.side)
    status = next((e["status"] for e in report.units if e["unit"] == unit.id), None)
    if status != "in general supply":
        return _no(
            "16B3d",
            f"{unit.id} is not in regular general supply ({status}): replacements from a general pool "
            "rebuild only a unit in regular general supply",
        )
    enemy = rs.other_side(unit.side)
    if rs.zoc(board, enemy)[i]:
        fort = any(u.cls == "fortress" and u.side == unit.side for u in state.units_at(unit.hex))
        if not fort:
            return _no("16B3d", f"{unit.id} is in an enemy ZOC in {unit.hex}, which holds no fortification")
    man, equ = rebuild_cost(board, unit)
    contingent = str(unit.attr("contingent") or unit.nation)
    pools = {"man": f"{command}:man:{contingent}", "equ": f"{command}:equ"}
    ledger = Ledger.of(state, LEDGER, {}, "game")
    for kind, cost in (("man", man), ("equ", equ)):
        have = ledger.balance(pools[kind])
        if cost > have:
            what = f"{contingent} Man Pts" if kind == "man" else "Equ Pts"
            return _no("16B3d", f"{unit.id} costs {cost} {what}; the {command} general pool holds {have}")
        if cost:
            ledger = ledger.spend(pools[kind], unit.id, cost, "cadre/remnant rebuilt", "16B3d")
    fields: dict = {"cadre": False}
    if unit.attr("defense") is not None:
        fields["defense"] = _need(unit, "full_defense")
    full = _need(unit, "full_strength")
    effects = (
        f"16B3d: {unit.id} rebuilt to full strength ({full}) in {unit.hex}",
        f"16B3d: {man} {contingent} Man Pts and {equ} Equ Pts spent from the {command} general pool",
    )
    extra = {
        "ledgers": {LEDGER: ledger.to_state()},
        "rebuilt": {"unit": unit.id, "man": str(man), "equ": str(equ)},
    }
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        effects,
        extra,
        Changes(unit_fields={unit.id: fields}, strengths={unit.id: full}),
    )
