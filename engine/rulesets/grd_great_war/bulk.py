"""Reach of many units at once: units that share a cost array (same side, TEC column, expertise,
mode) go through the core's batched search together (:func:`~railhead.engine.movement.reach_batch`)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...core_fields import spent_mp
from ...movement import reach_batch
from ...search import units as mp_units


def reach_all(rs, board, units_, mode: str = "ground") -> dict[str, dict[int, float]]:
    """Per unit id, {location index: MP in internal units} of every location it can reach in
    ``mode`` with the MPs it has left, the one-hex move [6] included, as ``rs.reach`` gives them
    (ground, accel, exploitation and reaction -- only units in an active Army HQs's zone of influence
    react [6D], [14M1]; not reserve commitment, which ``rs.reach`` limits to 2 hexes [6C])."""
    groups: dict[tuple, list] = {}
    out: dict[str, dict[int, float]] = {}
    allowance: dict[tuple, Fraction | None] = {}
    for u in units_:
        spent = spent_mp(u)
        ma_key = (
            u.cls,
            u.movement,
            u.size,
            bool(u.attr("disrupted")),
            u.attr("turns_out_of_supply", 0),
            spent.numerator,
            spent.denominator,
            u.attr("defense"),
        )
        if ma_key not in allowance:
            ma = rs.movement_allowance(u, mode, board.state)
            allowance[ma_key] = (ma, None if not ma else mp_units(ma - spent))
        ma, limit = allowance[ma_key]
        c = rs.cls(u)
        barred = rs.barred_in_mode(u, mode) or rs.outside_zoi(board, u, mode)
        if ma is None or ma == 0 or c.get("rail_only") or barred is not None:
            out[u.id] = {board.idx(u.hex): 0.0}
            continue
        key = (
            u.side,
            c.get("column"),
            c.get("exception"),
            rs._zoc_category(c, u),
            u.cls == "irregular",
            mode,
        )
        groups.setdefault(key, []).append((u, limit))
    for members in groups.values():
        costs, _ = rs.ground_costs(board, members[0][0], mode)
        starts = np.array([board.idx(u.hex) for u, _ in members], dtype=np.int64)
        limits = np.array([lim for _, lim in members], dtype=float)
        hexes, dist, offsets = reach_batch(board, costs, starts, limits)
        for k, (u, limit) in enumerate(members):
            sl = slice(offsets[k], offsets[k + 1])
            got = dict(zip(hexes[sl].tolist(), dist[sl].tolist(), strict=True))
            for j, cost in rs.one_hex_moves(board, u, mode, costs, int(starts[k]), limit):
                got.setdefault(j, cost)
            out[u.id] = got
    return out
