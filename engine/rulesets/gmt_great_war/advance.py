"""Advance after combat [10.7] as a log shows it: a unit dragged in a Mutual Combat Phase [4.2]
from its hex to another. Only the attacker advances (the defender never does, 10.71); in a Mutual
Combat Phase both players attack, each in his theatre, so a drag there is taken for an advance.

Judged: the hex is next to the unit (the first hex of an advance is the one the defender just
vacated, 10.71, 10.72) and holds no enemy unit (completely vacated, 10.71); the unit could enter it
by operational movement's terrain and prohibitions (10.71); stacking holds (10.71). Supply does
not matter (10.73). Not judged, being the combat's, and listed: on the Western Front, the
exception against defenders entrenched at -2 (tanks, shock troops, HQ support, combat events:
10.71; off that front an advance is judged whole), and the second hex of a shock troop's or tank's
two-hex advance (10.72). A drag there may also be a cavalry unit's retreat before combat (15.51,
15.52: :mod:`.cavalry_retreat`); the core tells the two apart by where the drag goes (an advance
enters a hex the other side left in the phase, 15.53 too).
"""

from __future__ import annotations

from fractions import Fraction

from ...stacking import stack_after
from ...unjudged import NOT_JUDGED, NotJudged
from ...verdict import Reason, Verdict
from .position import Position
from .stacking import stack_problems

TWO_HEX = ("shock_troop", "tank")  # 10.72
WESTERN = "western"  # the front whose entrenched defenders 10.71 names


def _no(why: str) -> Verdict:
    return Verdict(False, Fraction(0), (), (Reason("10.71", why),))


def judge_advance_drag(rs, board, unit, dest: str) -> Verdict | NotJudged:
    """An advance after combat of ``unit`` from its hex into ``dest`` [10.71, 10.72]."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no advance",))
    a = board.arrays
    slot = a.edge_slot(unit.hex, dest) if dest in a.index else None
    if slot is None:
        if unit.cls in TWO_HEX:
            return NotJudged(
                f"two hexes ({unit.hex} -> {dest}), as a {unit.cls.replace('_', ' ')} may: its first "
                "hex, the one the defender vacated (10.72), is not in a log"
            )
        return _no(
            f"an advance enters the vacated hex next to the attacker: {dest} is not next to {unit.hex}"
        )
    enemy = rs.other_side(unit.side)
    if any(u.side == enemy for u in board.state.units_at(dest)):
        return _no(f"{dest} still holds enemy units: units advance only into a hex completely vacated")
    why = rs._costs(board, unit).reason(*slot)
    if why is not None:
        return _no(f"no advance where operational movement may not go: {why.message} ({why.rule})")
    problems = stack_problems(rs.data, stack_after(board.state, dest, unit.side, [unit]))
    if problems:
        return _no(f"units advance up to the stacking limit: {problems[0]}")
    effects = ("10.71: advances into the vacated hex",)
    if Position.of(board, rs.data).front[a.index[dest]] != WESTERN:
        return Verdict(
            True, Fraction(0), (), (), (*effects, "10.71: off the Western Front no entrenchment bars it")
        )
    limit = (
        "on the Western Front no unit advances against defenders entrenched at -2 unless tanks, shock "
        "troops, HQ support or a combat event helped the attack: a log shows neither the entrenchment "
        "nor what the attack had"
    )
    return Verdict(True, Fraction(0), (), (), effects, {NOT_JUDGED: [{"rule": "10.71", "why": limit}]})
