"""The reach of every unit of a side at once (for referees and the benchmark): units with the same
cost profile share one cost array and one batched search (``reach_batch``); the answers agree with
:meth:`GmtGreatWar.reach` unit by unit, which the tests check."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...movement import reach_batch
from ...search import INF, MP_UNIT, units
from .national_limits import closed_ends
from .operational import movement_allowance
from .position import Position
from .prohibitions import closed_to_unit, unit_frozen
from .sequence import phase_problem
from .supply import _nation_group, supplied_mask


def reach_all(rs, board, side: str) -> dict[str, dict[int, float]]:
    """Ground reach of each unit of ``side`` not yet moved: {unit id: {location index: MP}}."""
    data = rs.data
    pos = Position.of(board, data)
    state = board.state
    a = board.arrays
    movers = [u for u in state.units_of(side) if a.location_kind[a.index[u.hex]] == 0 and not u.attr("moved")]
    never = rs.option(state, "cavalry_doubling") == "never_adjacent"
    near = pos.near_enemy_combat(side)
    groups: dict[tuple, list] = {}
    out: dict[str, dict[int, float]] = {}
    for u in movers:
        if unit_frozen(board, data, u) or phase_problem(rs, board, u, "ground"):
            out[u.id] = {a.index[u.hex]: 0.0}  # held by a rule of spec §4.5: it stays where it is
            continue
        ma = movement_allowance(board, data, rs, [u.id], None)[0]
        clear = u.cls == "cavalry" and never and ma > Fraction(u.movement or 0)
        own = tuple(why for _, _, why in closed_to_unit(board, data, u))
        groups.setdefault((pos.is_mountain(u), u.cls == "hq", clear, own), []).append((u, ma))
    masks: dict[tuple, np.ndarray] = {}
    for (mountain, hq, clear, _own), members in groups.items():
        unit0 = members[0][0]
        costs = rs._costs(board, unit0)
        starts = np.array([a.index[u.hex] for u, _ in members])
        printed = np.array([units(Fraction(u.movement or 0)) for u, _ in members], dtype=float)
        limits = printed if clear else np.array([units(ma) for _, ma in members], dtype=float)
        found = [_batch(board, costs, starts, limits)]
        if clear:
            safe = costs.copy()
            safe.cost = np.where(near[a.safe_nbr], INF, costs.cost)
            doubled = np.array([units(ma) for _, ma in members], dtype=float)
            found.append(_batch(board, safe, starts, doubled))
        first = a.nbr[starts]
        first_cost = costs.cost[starts]
        for k, (u, _) in enumerate(members):
            reached: dict[int, float] = {}
            for hexes, dist in (f[k] for f in found):
                for h, d in zip(hexes, dist, strict=True):
                    if d < reached.get(h, INF):
                        reached[h] = d
            for j, c in zip(first[k], first_cost[k], strict=True):  # 8.13
                if j >= 0 and np.isfinite(c) and j not in reached:
                    reached[int(j)] = float(c)
            # an HQ's mask leaves out the HQ itself (11.22): one per HQ
            key = (mountain, hq, _nation_group(rs, state, u.nation), u.nation, u.id if hq else None)
            if key not in masks:
                masks[key] = supplied_mask(board, data, rs, u) & (pos.terrain != "all_lake")
            ok = masks[key] & ~closed_ends(board, data, u)
            out[u.id] = {h: d / MP_UNIT for h, d in reached.items() if ok[h] or h == starts[k]}
    return out


def _batch(board, costs, starts, limits) -> list[tuple[np.ndarray, np.ndarray]]:
    hexes, dist, offsets = reach_batch(board, costs, starts, limits)
    return [
        (hexes[offsets[k] : offsets[k + 1]].tolist(), dist[offsets[k] : offsets[k + 1]].tolist())
        for k in range(len(starts))
    ]
