"""Reinforcement placement (R25-2, R25-3; spec §5 "Reinforcements"): the ``place`` action.

A reinforcement appears in the hex its scenario's schedule states, in the friendly Reinforcement
Arrival Phase (R25-2; the phase itself is the sequence of play's, ``[phases]``). It may not arrive
in a hex occupied by enemy units, enemy controlled (in an enemy ZOC, R10-1) or no longer an
Operative Rail Hex of a friendly Rail Network; if its scheduled hex is such a hex it is placed in
the nearest friendly Operative Rail Hex not in an enemy ZOC instead (R25-3), nearest by hexes
counted. A placement costs no MP; the unit counts as mobilized and may use Column Movement this
turn (R25-4, R25-5).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...board import Board
from ...phases import out_of_turn
from ...search import nearest_among
from ...state import Unit
from ...verdict import Verdict
from ...verdict import refused as _no
from .protocol import DwHooks
from .rail import friendly_rail


def blocked(rs: DwHooks, board: Board, side: str) -> np.ndarray:
    """Per hex, whether a reinforcement of ``side`` may not arrive there (R25-3): enemy units in
    it, an enemy ZOC on it, or a rail line no longer Operative and of a friendly network."""
    enemy = board.units_mask(lambda u: u.side != side)
    has_rail = (rs.terrain_arrays(board)["track_code"] > 0).any(axis=1)
    lost_rail = has_rail & ~friendly_rail(rs, board, side)
    return enemy | rs.enemy_zoc(board, side) | lost_rail


def _why_blocked(rs: DwHooks, board: Board, side: str, i: int) -> str:
    if board.units_mask(lambda u: u.side != side)[i]:
        return "is occupied by enemy units"
    if rs.enemy_zoc(board, side)[i]:
        return "is enemy controlled (in an enemy ZOC, R10-1)"
    return "is no longer an Operative Rail Hex of a friendly Rail Network"


def nearest_open_rail(rs: DwHooks, board: Board, side: str, scheduled: str) -> list[str]:
    """R25-3: the friendly Operative Rail Hexes not in an enemy ZOC (nor holding enemy units)
    nearest to ``scheduled``, by hexes counted."""
    open_ = friendly_rail(rs, board, side) & ~blocked(rs, board, side)
    if not open_.any():
        return []
    return nearest_among(board.arrays.hop_graph, [board.idx(scheduled)], open_, board.arrays.ids)


def judge_placement(rs: DwHooks, board: Board, unit: Unit, hex_id: str, scheduled: str = "") -> Verdict:
    """Whether the reinforcement ``unit`` may be placed in ``hex_id`` now (R25-2, R25-3).
    ``scheduled``: the hex its schedule states, when the unit is placed elsewhere (empty: ``hex_id``
    is the scheduled hex)."""
    off = out_of_turn(
        board.state, unit, "R25-2", "reinforcements arrive in the friendly Reinforcement Arrival Phase"
    )
    if off is not None:
        return off
    a = board.arrays
    if hex_id in board.map.boxes or hex_id not in a.index:
        return _no("R25-2", f"{hex_id} is not a hex of the map: a reinforcement appears in a hex")
    side, i = unit.side, board.idx(hex_id)
    closed = blocked(rs, board, side)
    if scheduled and scheduled != hex_id:
        if scheduled not in a.index:
            return _no("R25-2", f"the scheduled hex {scheduled} is not a hex of the map")
        if not closed[board.idx(scheduled)]:
            return _no("R25-2", f"{unit.id} appears in its scheduled hex {scheduled}, which is open to it")
        near = nearest_open_rail(rs, board, side, scheduled)
        if hex_id not in near:
            why = f"{scheduled} {_why_blocked(rs, board, side, board.idx(scheduled))}: "
            why += (
                f"{unit.id} is placed in the nearest friendly Operative Rail Hex not in an enemy ZOC "
                + (f"({', '.join(near)})" if near else "(there is none)")
                + f", not {hex_id}"
            )
            return _no("R25-3", why)
        how = f"R25-3: {scheduled} is closed to it; {hex_id} is the nearest open friendly Operative Rail Hex"
    elif closed[i]:
        near = nearest_open_rail(rs, board, side, hex_id)
        why = f"no reinforcement arrives in {hex_id}: it {_why_blocked(rs, board, side, i)}"
        if near:
            why += f"; the nearest friendly Operative Rail Hex not in an enemy ZOC is {', '.join(near)}"
        return _no("R25-3", why)
    else:
        how = f"R25-2: placed in {hex_id}"
    effects = (how, "R25-4: counts as mobilized; R25-5: may use Column Movement this turn")
    return Verdict(True, Fraction(0), (), (), effects, {"placed": hex_id})
