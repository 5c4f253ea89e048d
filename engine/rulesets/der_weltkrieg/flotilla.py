"""River Flotillas: their movement along the Danube (R36-1 to R36-4), judged by ``railhead move``
(a flotilla's ground mode: :func:`judge_flotilla_path`, :func:`flotilla_reach`) and by the
``move_flotilla`` action of ``railhead act`` (a destination only), and their combat values (R36-6,
R36-7, R36-9)."""

from __future__ import annotations

from collections import deque
from fractions import Fraction

import numpy as np

from ...board import Board
from ...movement import Reach
from ...phases import out_of_turn
from ...search import INF
from ...state import Unit
from ...verdict import Reason, Step, Verdict
from ...verdict import refused as _no
from .combat_data import value
from .protocol import DwHooks


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


# ---------------------------------------------------------------- movement (R36-1 to R36-4)
def danube_hexes(rs: DwHooks, board: Board) -> np.ndarray:
    """Per hex, whether it is adjacent to the Danube (a Danube hexside among its six, R36-1)."""
    return rs.terrain_arrays(board)["danube"].any(axis=1)


def closed_to(rs: DwHooks, board: Board, side: str) -> np.ndarray:
    """Per hex, whether a River Flotilla of ``side`` may not enter it: enemy ground combat units,
    enemy fortresses or enemy River Flotillas in it (R36-4)."""
    return board.units_mask(lambda u: u.side != side and (rs.is_gcu(u) or u.cls == "fortress"))


def flotilla_path(rs: DwHooks, board: Board, unit: Unit, to: str) -> list[str] | None:
    """The fewest-hexes path of the River Flotilla ``unit`` to ``to``, hex to adjacent hex, each
    hex entered adjacent to the Danube and not closed to it (R36-2, R36-3, R36-4); None if none."""
    ok = danube_hexes(rs, board) & ~closed_to(rs, board, unit.side)
    start, goal = board.idx(unit.hex), board.idx(to)
    came = {start: -1}
    todo = deque([start])
    while todo:
        i = todo.popleft()
        if i == goal:
            out = []
            while i >= 0:
                out.append(board.arrays.ids[i])
                i = came[i]
            return out[::-1]
        for j in board.nbr[i]:
            j = int(j)
            if j >= 0 and ok[j] and j not in came:
                came[j] = i
                todo.append(j)
    return None


def judge_flotilla_move(rs: DwHooks, board: Board, unit: Unit, to: str) -> Verdict:
    """Whether the River Flotilla ``unit`` may move to ``to`` in this friendly Movement Phase: any
    distance (R36-2) along hexes adjacent to the Danube (R36-1, R36-3), never into a hex with enemy
    ground combat units, fortresses or River Flotillas (R36-4). The phase is the sequence of
    play's (the core's check); the side is checked here."""
    state = board.state
    if unit.cls != "river_flotilla":
        return _no("R36-1", f"{unit.id} is a {unit.cls} unit, not a River Flotilla (railhead move moves it)")
    off = out_of_turn(state, unit, "R36-2", "River Flotillas move in a friendly movement phase")
    if off is not None:
        return off
    if unit.hex in board.map.boxes or unit.hex not in board.arrays.index:
        return _no("R36-1", f"{unit.id} is not on the map: River Flotillas move along the Danube")
    along = danube_hexes(rs, board)
    if not along[board.idx(unit.hex)]:
        return _no("R36-1", f"{unit.id} is in {unit.hex}, which is not adjacent to the Danube")
    if to == unit.hex:
        return _no("R36-3", f"{unit.id} is in {to} already")
    if not along[board.idx(to)]:
        return _no("R36-3", f"{to} is not adjacent to the Danube: each hex a River Flotilla enters must be")
    if closed_to(rs, board, unit.side)[board.idx(to)]:
        return _no(
            "R36-4",
            f"{to} holds enemy ground combat units, an enemy fortress or an enemy River Flotilla",
        )
    path = flotilla_path(rs, board, unit, to)
    if path is None:
        return _no(
            "R36-3",
            f"no path from {unit.hex} to {to} runs hex to adjacent hex along the Danube without entering "
            "a hex holding enemy ground combat units, fortresses or River Flotillas (R36-4)",
        )
    effects = (f"R36-2: unlimited movement allowance; along the Danube {' -> '.join(path)}",)
    return Verdict(True, Fraction(0), (), (), effects, {"path": path})


def judge_flotilla_path(rs: DwHooks, board: Board, unit: Unit, path: list[str]) -> Verdict:
    """A River Flotilla's move along ``path`` (``railhead move``, its only mode the ground mode):
    no allowance to spend (R36-2), hex to adjacent hex, each hex entered adjacent to the Danube
    (R36-1, R36-3) and holding no enemy ground combat unit, fortress or River Flotilla (R36-4)."""
    along = danube_hexes(rs, board)
    closed = closed_to(rs, board, unit.side)
    if not along[board.idx(path[0])]:
        return _no("R36-1", f"{unit.id} is in {path[0]}, which is not adjacent to the Danube")
    steps: list[Step] = []
    for a, b in zip(path, path[1:], strict=False):
        if board.arrays.edge_slot(a, b) is None:
            return Verdict(
                False, Fraction(0), tuple(steps), (Reason("R36-3", f"{a} and {b} are not adjacent"),)
            )
        j = board.idx(b)
        if not along[j]:
            why = f"{a} -> {b}: {b} is not adjacent to the Danube: each hex a River Flotilla enters must be"
            return Verdict(False, Fraction(0), tuple(steps), (Reason("R36-3", why),))
        if closed[j]:
            why = f"{a} -> {b}: {b} holds enemy ground combat units, fortresses or River Flotillas"
            return Verdict(False, Fraction(0), tuple(steps), (Reason("R36-4", why),))
        part = ("along the Danube", Fraction(0), "R36-2")
        steps.append(Step(a, b, Fraction(0), Fraction(0), (part,), "ground"))
    return Verdict(
        True, Fraction(0), tuple(steps), (), ("R36-2: a River Flotilla's movement allowance is unlimited",)
    )


def flotilla_reach(rs: DwHooks, board: Board, unit: Unit) -> Reach:
    """Every hex the River Flotilla ``unit`` may move to (R36-1 to R36-4), at no cost, with the
    fewest-hexes path: what :func:`judge_flotilla_path` accepts."""
    start = board.idx(unit.hex)
    dist = np.full(board.n, INF)
    pred = np.full(board.n, -9999, dtype=np.int64)
    dist[start] = 0
    if not danube_hexes(rs, board)[start]:
        return Reach(dist, pred, start)
    ok = danube_hexes(rs, board) & ~closed_to(rs, board, unit.side)
    todo = deque([start])
    while todo:
        i = todo.popleft()
        for j in board.nbr[i]:
            j = int(j)
            if j >= 0 and ok[j] and not np.isfinite(dist[j]):
                dist[j] = 0
                pred[j] = i
                todo.append(j)
    return Reach(dist, pred, start)
