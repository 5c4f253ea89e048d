"""Cavalry's retreat before combat [15.51, 15.52] as a log shows it: a cavalry unit dragged one
hex in a Mutual Combat Phase [4.2], out of a hex that no other kind of unit of its side holds, away
from an attack. The only retreat in the rules: a unit that is not cavalry never retreats.

Judged: the unit is cavalry and its hex holds cavalry only (15.51); an enemy unit next to the hex
could attack it, and not every enemy unit next to it is cavalry (an attack with cavalry allows no
retreat before combat, 15.51); the retreat is one hex (15.52) into a hex without enemy units, that
operational movement may enter (its terrain and prohibitions) and within stacking; and, where one
can be, a hex closer to the nearest friendly supply source of any type (15.52): an Ultimate Supply
Source, a friendly town or city, an HQ of the unit's nationality (11.21, 11.22), counted in hexes.
Not judged, being the attack's: which enemy units attacked (15.51 forbids it when one of them is
cavalry; a log shows no attack), and that the decision came before the die roll.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...search import INF, csr, search_graph
from ...stacking import stack_after
from ...verdict import Reason, Verdict
from .position import Position
from .stacking import stack_problems
from .supply import traces

CAVALRY = "cavalry"


def _no(rule: str, why: str) -> Verdict:
    return Verdict(False, Fraction(0), (), (Reason(rule, why),))


def source_distance(rs, board, unit) -> np.ndarray:
    """Hexes (any terrain) from each location to the nearest supply source of ``unit``'s side of
    any type (15.52): its Ultimate Supply Sources, friendly towns and cities, HQs of its nation."""

    def build() -> np.ndarray:
        a = board.arrays
        t = traces(board, rs.data, rs, unit.side)[False]
        pos = Position.of(board, rs.data)
        src = t.uss_general | t.uss_restricted | (pos.town_or_city & (pos.controller == unit.side))
        for u in board.state.units_of(unit.side):
            if u.cls == "hq" and u.nation == unit.nation and u.hex in a.index:
                src[a.index[u.hex]] = True
        nbr = a.nbr[:, :6]
        graph = csr(nbr, np.where(nbr >= 0, 1.0, INF))
        return search_graph(graph, np.flatnonzero(src))[0]

    return board.cached(("gmt-cavalry-sources", unit.side, unit.nation), build)


def _closed(rs, board, unit, dest: str) -> str | None:
    """Why ``unit`` may not retreat from its hex into the adjacent ``dest``, or None."""
    enemy = rs.other_side(unit.side)
    if any(u.side == enemy for u in board.state.units_at(dest)):
        return f"{dest} holds enemy units"
    why = rs._costs(board, unit).reason(*board.arrays.edge_slot(unit.hex, dest))
    if why is not None:
        return f"{dest} is closed to operational movement: {why.message} ({why.rule})"
    problems = stack_problems(rs.data, stack_after(board.state, dest, unit.side, [unit]))
    return f"{dest} would be over the stacking limit: {problems[0]}" if problems else None


def judge_cavalry_retreat(rs, board, unit, dest: str) -> Verdict:
    """A retreat before combat of ``unit`` from its hex into ``dest`` [15.51, 15.52]."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no retreat",))
    if unit.cls != CAVALRY:
        return _no("15.51", f"{unit.id} is not cavalry: only cavalry retreats before combat")
    here = board.state.units_at(unit.hex)
    others = sorted(u.id for u in here if u.side == unit.side and u.cls != CAVALRY)
    if others:
        return _no("15.51", f"{unit.hex} holds {', '.join(others)}, not cavalry: only cavalry alone retreats")
    a = board.arrays
    if dest not in a.index or a.edge_slot(unit.hex, dest) is None:
        return _no("15.52", f"a retreat before combat is one hex: {dest} is not next to {unit.hex}")
    enemy = rs.other_side(unit.side)
    near = [a.ids[j] for j in a.nbr[a.index[unit.hex], :6] if j >= 0]
    attackers = [u for h in near for u in board.state.units_at(h) if u.side == enemy]
    if not attackers:
        return _no("15.51", f"no enemy unit is next to {unit.hex}: nothing attacks it")
    if all(u.cls == CAVALRY for u in attackers):
        return _no(
            "15.51", f"every enemy unit next to {unit.hex} is cavalry: a cavalry attack allows no retreat"
        )
    closed = _closed(rs, board, unit, dest)
    if closed is not None:
        return _no("15.52", f"no retreat into {dest}: {closed}")
    dist = source_distance(rs, board, unit)
    d_here = dist[a.index[unit.hex]]
    closer = sorted(h for h in near if dist[a.index[h]] < d_here and _closed(rs, board, unit, h) is None)
    if closer and dest not in closer:
        return _no(
            "15.52",
            f"{dest} is no closer to the nearest friendly supply source than {unit.hex}, and "
            f"{', '.join(closer)} {'is' if len(closer) == 1 else 'are'}",
        )
    effects = (
        "15.52: retreats one hex" + (", closer to a friendly supply source" if closer else ""),
        "15.51: whether a cavalry unit was among the attackers is the attack's: not judged",
    )
    return Verdict(True, Fraction(0), (), (), effects, {"retreat": {"before_combat": True}})
