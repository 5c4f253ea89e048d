"""Movement after combat [9F] as a log shows it: a unit dragged from its hex to another in a combat
phase [4A3, 4A5], the defender's units retreating [9F2], the attacker's advancing [9F3]. The combat
itself (its result, who attacked) is not in a log, so what is judged is where the unit went.

Retreat [9F2]: one hex away, never into or across prohibited terrain nor into an enemy-occupied or
enemy-owned hex, by priority: 1) a hex in no enemy ZOC and within stacking [8A]; 2) in no enemy ZOC
but over stacking (the unit must then retreat on); 3) in an enemy ZOC (the unit is reduced to its
cadre or remnant, or eliminated). A non-artillery unit of printed attack strength 8 or more, or of
movement rating 6 to 8, ignores enemy ZOCs retreating into a friendly-occupied or friendly-owned
hex. Among hexes of one priority the unit retreats to the one closest to a friendly supply depot
[11C1] (counted in hexes; the tie between an operational and a non-operational depot is not
judged). A drag of more than one hex (9F4's two-hex retreats before Feb I 15/16, a retreat carried
on past overstacking) is not judged.

Advance [9F3]: into an adjacent hex holding no enemy unit (the combat cleared it), up to the
stacking limit [8A]; a drag of more than one hex (9F4) is not judged.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...board import Board
from ...search import search_graph
from ...state import Unit
from ...unjudged import NotJudged
from ...verdict import Verdict
from ...verdict import refused as _no


def ignores_zoc(rs, unit: Unit) -> bool:
    """[9F2]: non-artillery units of printed attack strength 8 or more, and units of movement
    rating 6, 7 or 8, ignore enemy ZOCs retreating into friendly-occupied or friendly-owned hexes."""
    artillery = bool(rs.cls(unit).get("artillery"))
    strong = not artillery and (unit.strength or 0) >= 8
    return strong or (isinstance(unit.movement, int) and unit.movement in (6, 7, 8))


def _closed(rs, board: Board, unit: Unit) -> tuple[np.ndarray, np.ndarray]:
    """(per direction from the unit's hex, whether the step is prohibited terrain or hexside;
    per hex, whether it is enemy occupied or owned) [9F2]."""
    t = rs._terrain_part_cached(board, rs.cls(unit))
    i = board.idx(unit.hex)
    prohibited = t["prohibited"][i] | t["side_prohibited"][i]
    enemy = rs.other_side(unit.side)
    owner = rs.nets(board).owner
    hostile = board.hexes_holding(board.unit_side == enemy) | np.equal(owner, enemy)
    return prohibited, hostile


def _depot_distance(board: Board, side: str, owner) -> np.ndarray:
    """Hexes counted from each hex to the nearest supply depot of ``side`` [11C1] (inf: none)."""
    depots = [
        board.idx(h)
        for h, hs in board.state.hexes.items()
        if hs.fields.get("depot") and h in board.arrays.index and owner[board.idx(h)] == side
    ]
    if not depots:
        return np.full(board.n, np.inf)
    return search_graph(board.arrays.hop_graph, depots)[0]


def retreat_options(rs, board: Board, unit: Unit) -> list[tuple[str, int, float]]:
    """Every hex ``unit`` may retreat one hex into, as (hex, 9F2 priority, hexes to the nearest
    friendly supply depot), best first."""
    a = board.arrays
    i = board.idx(unit.hex)
    prohibited, hostile = _closed(rs, board, unit)
    enemy = rs.other_side(unit.side)
    ezoc = rs.zoc(board, enemy)
    owner = rs.nets(board).owner
    friendly = board.hexes_holding(board.unit_side == unit.side) | np.equal(owner, unit.side)
    free = ignores_zoc(rs, unit)
    dist = _depot_distance(board, unit.side, owner)
    out = []
    for d in range(a.nbr.shape[1]):
        j = int(a.nbr[i, d])
        if j < 0 or prohibited[d] or hostile[j]:
            continue
        hid = a.ids[j]
        if ezoc[j] and not (free and friendly[j]):
            prio = 3
        else:
            prio = 1 if rs.stack_fits(board, hid, [unit.id]) else 2
        out.append((hid, prio, float(dist[j])))
    out.sort(key=lambda e: (e[1], e[2], e[0]))
    return out


def judge_retreat_drag(rs, board: Board, unit: Unit, dest: str) -> Verdict | NotJudged:
    """A retreat of ``unit`` from its hex into ``dest`` [9F2]."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no retreat",))
    if board.arrays.edge_slot(unit.hex, dest) is None:
        return NotJudged(
            f"more than one hex ({unit.hex} -> {dest}): 9F4's two-hex retreats and a retreat carried on "
            "past overstacking (9F2) are not judged"
        )
    options = retreat_options(rs, board, unit)
    ranked = {h: (p, dj) for h, p, dj in options}
    if dest not in ranked:
        why = f"{dest} is prohibited terrain, across a prohibited hexside, or enemy occupied or owned"
        return _no("9F2", why)
    best_p, best_d = options[0][1], options[0][2]
    p, dj = ranked[dest]
    if p > best_p:
        better = ", ".join(sorted(h for h, q, _ in options if q == best_p))
        return _no("9F2", f"{dest} is a priority-{p} retreat hex; {better} (priority {best_p}) comes first")
    if dj > best_d:
        closer = ", ".join(sorted(h for h, q, e in options if q == p and e == best_d))
        why = f"of the priority-{p} hexes the unit retreats to the one closest to a friendly supply depot"
        return _no("9F2", f"{why}: {closer}")
    effects = [f"9F2: priority {p} retreat hex"]
    if p == 2:
        effects.append("9F2: over the stacking limit: the unit must retreat on, or is eliminated")
    if p == 3:
        effects.append("9F2: into an enemy ZOC: reduced to its cadre/remnant, or eliminated")
    return Verdict(True, Fraction(0), (), (), tuple(effects), {"retreat": {"priority": p}})


def judge_advance_drag(rs, board: Board, unit: Unit, dest: str) -> Verdict | NotJudged:
    """An advance of ``unit`` from its hex into ``dest`` [9F3]."""
    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no advance",))
    if board.arrays.edge_slot(unit.hex, dest) is None:
        return NotJudged(f"more than one hex ({unit.hex} -> {dest}): 9F4's two-hex advances are not judged")
    enemy = rs.other_side(unit.side)
    if board.hexes_holding(board.unit_side == enemy)[board.idx(dest)]:
        return _no("9F3", f"{dest} still holds enemy units: units advance only into a hex the combat cleared")
    prohibited, _ = _closed(rs, board, unit)
    if prohibited[board.arrays.edge_slot(unit.hex, dest)[1]]:
        return _no("9F3", f"{unit.hex} -> {dest} is prohibited terrain or a prohibited hexside")
    if not rs.stack_fits(board, dest, [unit.id]):
        return _no("9F3; 8A", f"units advance into {dest} up to the stacking limit, and this one is over it")
    return Verdict(True, Fraction(0), (), (), ("9F3: advances into the hex the combat cleared",))
