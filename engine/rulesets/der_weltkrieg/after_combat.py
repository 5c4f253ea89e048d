"""A retreat or an advance after combat as a log shows it: a unit dragged from its hex to another
in the Combat Phase (R5), the defender's (non-phasing) units retreating (R14), the attacker's
advancing (R15). The combat itself — its result, who attacked, the losses — is not in a log, so
what is judged is where the unit went from where it stood.

Retreat: never by a fortress (R14-13) nor by artillery (R29-13; a rail-based unit's, along an
active rail line, R14-20, is not judged); into an adjacent hex (R14-6), one of the hexes a retreat
may enter (never across sea or alpine hexsides, into neutral countries or enemy units, R14-12; not
over the stacking limits, R14-10; surrounded units not from an enemy ZOC to an enemy ZOC except
into a friendly fortress, R20-10; a hex the one-hex minimum move could not enter only for infantry
and cavalry, R14-16), and of the best R14-8 priority open to it (R14-11), ranked by the
supply-route distance to the HQ that supplies it (R14-7: the unit's HQ in the supply report;
surrounded units ignore it, R20-7).

Advance: into an adjacent hex (R15-1) holding no enemy unit (the hex the defender vacated), never by
artillery (R15-3), within the stacking limits (R15-2). R15-4 (units that lost a greater share
advance first) needs the combat's losses: :func:`.advance.advance_problem` judges it where they are
known; a log gives neither who fought a combat nor their losses (a VASSAL log moves, flips and
deletes pieces; who attacked together is nowhere in it), so a drag the other rules allow is listed
as not judged, naming R15-4 (``extra[NOT_JUDGED]``, :mod:`~railhead.engine.drags`).
"""

from __future__ import annotations

from fractions import Fraction

from ...board import Board
from ...stacking import stack_after
from ...state import Unit
from ...unjudged import NOT_JUDGED, NotJudged
from ...verdict import Reason, Verdict
from ...verdict import refused as _no
from .protocol import DwHooks
from .retreat_hexes import retreat_options
from .stacking import land_hexsides, stacking_problem
from .supply import may_supply, supply_report


def _adjacent(board: Board, a: str, b: str) -> bool:
    return board.arrays.edge_slot(a, b) is not None


def _supplying_hq(rs: DwHooks, board: Board, unit: Unit) -> tuple[str | None, bool]:
    """(the HQ whose supply route ranks the retreat, whether the unit is surrounded) (R14-7,
    R20-7): the supply report's HQ for the unit, else the nearest HQ that could supply it."""
    rep = supply_report(rs, board, unit.side, with_paths=False)
    entry = next((e for e in rep.units if e["unit"] == unit.id), None)
    if entry is not None and entry.get("surrounded"):
        return None, True
    if entry is not None and entry.get("hq"):
        return entry["hq"], False
    hqs = [u for u in board.state.units_of(unit.side) if rs.klass(u).get("hq") and may_supply(rs, u, unit)]
    return (hqs[0].id if hqs else None), False


def _closed_because(rs: DwHooks, board: Board, unit: Unit, dest: str, surrounded: bool) -> Reason:
    """The rule that keeps a retreat of ``unit`` out of the adjacent hex ``dest``."""
    side, here, j = unit.side, board.idx(unit.hex), board.idx(dest)
    d = board.arrays.edge_slot(unit.hex, dest)[1]
    ta = rs.terrain_arrays(board)
    if board.units_mask(lambda u: u.side != side)[j]:
        return Reason("R14-12", f"{dest} holds enemy units: no retreat into it")
    if board.arrays.hex_attr("neutral")[j]:
        return Reason("R14-12", f"{dest} is in a neutral country: no retreat into it")
    if ta["prohibited"][here, d] or ta["water_hex"][j]:
        return Reason("R14-12", f"{unit.hex} -> {dest} crosses a sea or alpine hexside: no retreat across it")
    problem = stacking_problem(stack_after(board.state, dest, None, [unit]), land_hexsides(board, dest, rs))
    if problem is not None:
        return Reason("R14-10", f"retreating into {dest} would break the stacking limits: {problem.message}")
    if surrounded:
        return Reason("R20-10", f"{unit.id} is surrounded: no retreat from an enemy ZOC into one ({dest})")
    return Reason(
        "R14-16",
        f"{dest} is a hex the one-hex minimum move could not enter: only infantry and cavalry retreat there",
    )


def judge_retreat_drag(rs: DwHooks, board: Board, unit: Unit, dest: str) -> Verdict | NotJudged:
    """A defender's retreat of ``unit`` from its hex into ``dest`` (R14-6 ... R14-16, R20-7, R20-10)."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no retreat",))
    if unit.cls == "fortress":
        return _no("R14-13", f"{unit.id} is a fortress: fortresses never retreat")
    if unit.movement == "RR":
        return NotJudged(
            f"{unit.id} is rail-based: it retreats only along an active rail line it could move to "
            "(R14-20), which railhead does not judge"
        )
    if rs.klass(unit).get("artillery"):
        return _no("R29-13", f"{unit.id} is artillery: artillery never retreats (it is destroyed instead)")
    if dest not in board.arrays.index or not _adjacent(board, unit.hex, dest):
        return _no("R14-6", f"a retreat goes into an adjacent hex: {dest} is not next to {unit.hex}")
    hq, surrounded = _supplying_hq(rs, board, unit)
    if hq is None and not surrounded:
        return NotJudged(
            f"no HQ could have expended Supply Points for {unit.id} (R14-7): its retreat priorities "
            "(R14-8) cannot be ranked"
        )
    options = retreat_options(rs, board, unit.id, hq, surrounded=surrounded)
    prio = {h: p for h, p, _ in options}
    if dest not in prio:
        return Verdict(False, Fraction(0), (), (_closed_because(rs, board, unit, dest, surrounded),))
    best = options[0][1]
    if prio[dest] > best:
        better = sorted(h for h, p, _ in options if p == best)
        return _no(
            "R14-11; R14-8",
            f"{dest} is a priority-{prio[dest]} retreat hex; {', '.join(better)} (priority {best}) "
            "comes first",
        )
    towards = "surrounded: no HQ ranks it (R20-7)" if surrounded else f"towards {hq} (R14-7)"
    effects = [f"R14-8: priority {prio[dest]} retreat hex, {towards}"]
    if prio[dest] == 7:
        effects.append("R14-9: into an enemy controlled hex without friendly units: a Column Attack follows")
    if prio[dest] == 8:
        effects.append("R14-16: a hex the minimum move could not enter: infantry and cavalry's last resort")
    return Verdict(True, Fraction(0), (), (), tuple(effects), {"retreat": {"priority": prio[dest], "hq": hq}})


def judge_advance_drag(rs: DwHooks, board: Board, unit: Unit, dest: str) -> Verdict:
    """An attacker's advance of ``unit`` from its hex into ``dest`` (R15-1 ... R15-3)."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no advance",))
    if rs.klass(unit).get("artillery"):
        return _no("R15-3", f"{unit.id} is artillery: artillery never advances after combat")
    if dest not in board.arrays.index or not _adjacent(board, unit.hex, dest):
        return _no("R15-1", f"an advance enters the vacated hex next door: {dest} is not next to {unit.hex}")
    if board.units_mask(lambda u: u.side != unit.side)[board.idx(dest)]:
        return _no("R15-1", f"{dest} still holds enemy units: only a vacated hex is advanced into")
    problem = stacking_problem(
        stack_after(board.state, dest, unit.side, [unit]), land_hexsides(board, dest, rs)
    )
    if problem is not None:
        return _no("R15-2", f"no more units advance into {dest} than stacking allows: {problem.message}")
    effects = ("R15-1: advances into the vacated hex",)
    others = _may_have_fought_with(rs, board, unit, dest)
    if not others:
        lone = f"R15-4: no other unit of its side next to {dest} could have fought with it: no order to keep"
        return Verdict(True, Fraction(0), (), (), (*effects, lone))
    order = (
        f"units of the combat that lost a greater share of their strength advance first, and "
        f"{', '.join(others)} next to {dest} may have fought with it: a log records neither who fought "
        "that combat nor their losses"
    )
    return Verdict(True, Fraction(0), (), (), effects, {NOT_JUDGED: [{"rule": "R15-4", "why": order}]})


def _may_have_fought_with(rs: DwHooks, board: Board, unit: Unit, dest: str) -> list[str]:
    """The other units of ``unit``'s side next to the vacated hex ``dest`` that may advance (not
    artillery, R15-3) and have not: those R15-4 may make it wait for."""
    near = {board.arrays.ids[j] for j in board.arrays.nbr[board.idx(dest)] if j >= 0}
    return sorted(
        u.id
        for u in board.state.units_of(unit.side)
        if u.id != unit.id and u.hex in near and not rs.klass(u).get("artillery")
    )
