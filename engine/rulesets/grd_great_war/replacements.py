"""Rebuilding cadres and remnants to full strength [16B3d] and replacing eliminated units [16B3c]: the
``rebuild`` and ``replace_unit`` actions of the initial phase, paid from a command's general pool of
accumulated replacements [16B3], the core ledger ``replacements``.

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
(``full_strength``, and ``full_defense`` when the position gives its ``defense``).

Judged [16B3c]: in the owning player's initial phase; a unit in a command's replacement pool (the
unit field ``replacement_pool`` names the command; ``pool_isolated``: in its eliminated while isolated
section, its replacement strength doubled [16B3a]); placed at a friendly-owned city [3E2] of that
command in regular general supply (the unit set down there is in general supply); a unit with a
cadre or remnant side (``cadre_strength``) replaced only to it (Special #1), at the chart's
cadre/remnant cost, any other at its full cost. Not judged: on-map replacements [16B3], a unit
replaced at the other strength of a two-sided counter (Special #2), augmenting [16B3e], the monthly
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


def strength_cost(board: Board, unit: Unit, side: str) -> tuple[Fraction, Fraction]:
    """(Man Pts, Equ Pts) of ``unit``'s replacement strength at ``side`` (full or cadre) [16B3a,
    16B3b], from the chart values' ``replacement_costs`` row of its type."""
    row = unit.cls
    name = "full-strength" if side == "full" else "cadre/remnant"
    out = []
    for kind in ("man", "equ"):
        what = f"the Replacement Costs Chart's {name} {kind} pts ({row})"
        out.append(_points(board, row, f"{side}_{kind}", what))
    return out[0], out[1]


def _spend(state, command: str, contingent: str, unit: Unit, man: Fraction, equ: Fraction, rule: str):
    """The ``replacements`` ledger with ``man`` and ``equ`` spent from ``command``'s general pool, or
    why not."""
    pools = {"man": f"{command}:man:{contingent}", "equ": f"{command}:equ"}
    ledger = Ledger.of(state, LEDGER, {}, "game")
    for kind, cost in (("man", man), ("equ", equ)):
        have = ledger.balance(pools[kind])
        if cost > have:
            what = f"{contingent} Man Pts" if kind == "man" else "Equ Pts"
            return _no(rule, f"{unit.id} costs {cost} {what}; the {command} general pool holds {have}")
        if cost:
            ledger = ledger.spend(pools[kind], unit.id, cost, "replacements spent", rule)
    return ledger


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


def _paid(
    rule: str,
    key: str,
    done: str,
    unit: Unit,
    command: str,
    contingent: str,
    man: Fraction,
    equ: Fraction,
    ledger: Ledger,
    changes: Changes,
) -> Verdict:
    """The legal verdict of a rebuild or replacement [``rule``]: what was ``done``, the points spent
    from ``command``'s general pool (``extra[key]`` and the spent ``replacements`` ledger) and the
    unit's ``changes``."""
    effects = (
        done,
        f"{rule}: {man} {contingent} Man Pts and {equ} Equ Pts spent from the {command} general pool",
    )
    extra = {
        "ledgers": {LEDGER: ledger.to_state()},
        key: {"unit": unit.id, "man": str(man), "equ": str(equ)},
    }
    return Verdict(True, Fraction(0), (), (), effects, extra, changes)


def _need(unit: Unit, name: str) -> int:
    return int(unit.need(name, f"{unit.id} is flipped to its full-strength side [16B3d]: state its {name}"))


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
    ledger = _spend(state, str(command), contingent, unit, man, equ, "16B3d")
    if isinstance(ledger, Verdict):
        return ledger
    fields: dict = {"cadre": False}
    if unit.attr("defense") is not None:
        fields["defense"] = _need(unit, "full_defense")
    full = _need(unit, "full_strength")
    done = f"16B3d: {unit.id} rebuilt to full strength ({full}) in {unit.hex}"
    changes = Changes(unit_fields={unit.id: fields}, strengths={unit.id: full})
    return _paid("16B3d", "rebuilt", done, unit, str(command), contingent, man, equ, ledger, changes)


def judge_replacement(rs, board: Board, unit: Unit, hex_id: str) -> Verdict:
    """Whether ``unit`` may be replaced from its command's replacement pool at ``hex_id`` now
    [16B3c]."""
    from .reinforcement import cities

    state = board.state
    if state.active_side is not None and unit.side != state.active_side:
        return _no("16B3c", "a player replaces eliminated units only during his own initial phases")
    command = unit.attr("replacement_pool")
    if not command:
        return _no("16B3c", f"{unit.id} is in no replacement pool (replacement_pool)")
    a = board.arrays
    if hex_id not in a.index:
        return _no("16B3c", f"{hex_id} is not a hex of the map")
    i = a.index[hex_id]
    if str(a.hex_attr("command")[i]) != str(command):
        return _no("16B3c", f"{hex_id} is not in command {command}, whose replacement pool holds {unit.id}")
    if not cities(board)[i]:
        return _no("16B3c", f"{hex_id} is no city (3E2): a replaced unit is placed at a city")
    if not rs.nets(board).friendly(unit.side)[i]:
        return _no("16B3c", f"{hex_id} is not owned by the {unit.side}")
    placed = Board(board.map, state.move_unit(unit.id, hex_id), values=board.values)
    status = next(
        (e["status"] for e in rs.supply_report(placed, unit.side).units if e["unit"] == unit.id), None
    )
    if status != "in general supply":
        return _no("16B3c", f"{hex_id} is not in regular general supply ({status})")
    cadre = unit.attr("cadre_strength")
    man, equ = strength_cost(board, unit, "full" if cadre is None else "cadre")
    if unit.attr("pool_isolated") is True:
        man, equ = 2 * man, 2 * equ
    contingent = str(unit.attr("contingent") or unit.nation)
    ledger = _spend(state, str(command), contingent, unit, man, equ, "16B3c")
    if isinstance(ledger, Verdict):
        return ledger
    fields: dict = {"replacement_pool": "", "pool_isolated": False}
    strengths = {}
    if cadre is not None:
        fields["cadre"] = True
        strengths[unit.id] = int(cadre)
    at = "its cadre/remnant strength" if cadre is not None else "full strength"
    done = f"16B3c: {unit.id} replaced at {at} at {hex_id}, a city of {command}"
    changes = Changes(unit_fields={unit.id: fields}, strengths=strengths, set_down={unit.id: hex_id})
    return _paid("16B3c", "replaced", done, unit, str(command), contingent, man, equ, ledger, changes)
