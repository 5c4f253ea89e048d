"""Where a retreating unit may go (R14-7 ... R14-16, R20-7 ... R20-10; spec §8.6): every hex it could
retreat to with its R14-8 priority, and the ones it must choose from.
"""

from __future__ import annotations

import numpy as np

from ....errors import InputError
from ...board import Board
from ...search import search_graph
from ...stacking import stack_after
from .protocol import DwHooks
from .stacking import land_hexsides, stacking_problem
from .supply import supply_costs


def retreat_options(
    rs: DwHooks, board: Board, unit_id: str, hq_id: str | None = None, *, surrounded: bool = False
) -> list[tuple[str, int, float]]:
    """Every hex ``unit_id`` could retreat to, as (hex, R14-8 priority, supply-route distance to the
    HQ), best first.

    Priorities (R14-8), distance = MP by a valid supply route from the hex to the supplying HQ (R14-7;
    no route counts as farther): 1 not EZOC & closer; 2 not EZOC & same; 3 EZOC, friendly ground
    unit & closer; 4 same; 5 not EZOC & farther; 6 EZOC, friendly & farther; 7 EZOC, no friendly
    unit. 8: a hex the minimum move could not enter — last resort of infantry and cavalry, the unit
    halved (R14-16); other units may not. Never across sea/lake/alpine, into neutral countries or
    enemy units (R14-12), nor over the stacking limit (R14-10). Surrounded units ignore the HQ (R20-7)
    and may not go from EZOC to EZOC except into a friendly fortress (R20-10)."""
    state = board.state
    unit = state.unit(unit_id)
    side, here = unit.side, board.idx(unit.hex)
    dist: np.ndarray | None = None
    if not surrounded:
        if hq_id is None:
            raise InputError(f"{unit_id} retreats towards the HQ that supplied it (R14-7): name the HQ")
        g = supply_costs(rs, board, side, unit).graph(board.nbr, reverse=True)
        dist = search_graph(g, board.idx(state.unit(hq_id).hex))[0]
    ta = rs.terrain_arrays(board)
    ezoc = rs.enemy_zoc(board, side)
    friendly = board.units_mask(lambda u: u.side == side and rs.is_gcu(u) and u.id != unit_id)
    enemy = board.units_mask(lambda u: u.side != side)
    fortress = board.units_mask(lambda u: u.side == side and u.cls == "fortress")
    neutral = board.arrays.hex_attr("neutral")
    steps = rs.ground_costs(board, unit).cost
    minimum = rs.minimum_move_mask(board, unit)
    last_resort = rs.is_infantry_type(unit) or unit.cls == "cavalry"
    out = []
    for d in range(6):
        j = int(board.nbr[here, d])
        if j < 0 or enemy[j] or neutral[j] or ta["prohibited"][here, d] or ta["water_hex"][j]:
            continue  # R14-12
        hid = board.arrays.ids[j]
        if stacking_problem(stack_after(state, hid, None, [unit]), land_hexsides(board, hid, rs)):
            continue  # R14-10
        if surrounded and ezoc[here] and ezoc[j] and not fortress[j]:
            continue  # R20-10
        dj = float("inf") if dist is None else float(dist[j])
        if not (np.isfinite(steps[here, d]) and minimum[here, d]):
            if not last_resort:
                continue
            prio = 8
        elif ezoc[j] and not friendly[j]:
            prio = 7
        elif dist is None:
            prio = 3 if ezoc[j] else 1
        else:
            dh = float(dist[here])
            rank = 0 if dj < dh else 1 if dj == dh else 2
            prio = (1, 2, 5)[rank] if not ezoc[j] else (3, 4, 6)[rank]
        out.append((hid, prio, dj))
    out.sort(key=lambda e: (e[1], e[2], e[0]))
    return out


def retreat_hexes(
    rs: DwHooks, board: Board, unit_id: str, hq_id: str | None = None, *, surrounded: bool = False
) -> list[tuple[str, int]]:
    """The hexes the unit must choose from: the best R14-8 priority (R14-11); for priority 7 and 8
    only those as close as possible to the HQ. Empty: the unit is eliminated (R14-14; surrenders if
    surrounded, R20-8)."""
    options = retreat_options(rs, board, unit_id, hq_id, surrounded=surrounded)
    if not options:
        return []
    prio, dist = options[0][1], options[0][2]
    return [(h, p) for h, p, dj in options if p == prio and (p < 7 or dj == dist)]
