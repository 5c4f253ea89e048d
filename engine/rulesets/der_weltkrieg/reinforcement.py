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

from ...board import Board
from ...phases import out_of_turn
from ...search import nearest_among
from ...state import Unit
from ...verdict import Verdict
from ...verdict import refused as _no
from .protocol import DwHooks
from .rail import friendly_rail


class _Closed:
    """Where a reinforcement of one side may not arrive (R25-3), each reason's mask worked out
    once for a placement: enemy units, enemy ZOC, rail no longer Operative and friendly."""

    def __init__(self, rs: DwHooks, board: Board, side: str) -> None:
        self.enemy = board.units_mask(lambda u: u.side != side)
        self.zoc = rs.enemy_zoc(board, side)
        self.friendly_rail = friendly_rail(rs, board, side)
        has_rail = (rs.terrain_arrays(board)["track_code"] > 0).any(axis=1)
        self.any = self.enemy | self.zoc | (has_rail & ~self.friendly_rail)

    def why(self, i: int) -> str:
        if self.enemy[i]:
            return "is occupied by enemy units"
        if self.zoc[i]:
            return "is enemy controlled (in an enemy ZOC, R10-1)"
        return "is no longer an Operative Rail Hex of a friendly Rail Network"

    def nearest_open_rail(self, board: Board, scheduled: str) -> list[str]:
        """R25-3: the friendly Operative Rail Hexes not in an enemy ZOC (nor holding enemy units)
        nearest to ``scheduled``, by hexes counted."""
        open_ = self.friendly_rail & ~self.any
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
    closed = _Closed(rs, board, side)
    if scheduled and scheduled != hex_id:
        if scheduled not in a.index:
            return _no("R25-2", f"the scheduled hex {scheduled} is not a hex of the map")
        if not closed.any[board.idx(scheduled)]:
            return _no("R25-2", f"{unit.id} appears in its scheduled hex {scheduled}, which is open to it")
        near = closed.nearest_open_rail(board, scheduled)
        if hex_id not in near:
            why = f"{scheduled} {closed.why(board.idx(scheduled))}: "
            why += (
                f"{unit.id} is placed in the nearest friendly Operative Rail Hex not in an enemy ZOC "
                + (f"({', '.join(near)})" if near else "(there is none)")
                + f", not {hex_id}"
            )
            return _no("R25-3", why)
        how = f"R25-3: {scheduled} is closed to it; {hex_id} is the nearest open friendly Operative Rail Hex"
    elif closed.any[i]:
        near = closed.nearest_open_rail(board, hex_id)
        why = f"no reinforcement arrives in {hex_id}: it {closed.why(i)}"
        if near:
            why += f"; the nearest friendly Operative Rail Hex not in an enemy ZOC is {', '.join(near)}"
        return _no("R25-3", why)
    else:
        how = f"R25-2: placed in {hex_id}"
    effects = (how, "R25-4: counts as mobilized; R25-5: may use Column Movement this turn")
    return Verdict(True, Fraction(0), (), (), effects, {"placed": hex_id})
