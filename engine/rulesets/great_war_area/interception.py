"""Naval interception [8.6.1]: who may intercept a naval move, and where.

The non-moving side may intercept with naval units in port whose NMP distance (the 1 NMP into the
first maritime area is the port's exit cost, spec A11) to a maritime area on the mover's route is
at most half a Naval MA, rounded down: the interceptor's MA, or the mover's (option
``interception_radius``, spec A10). Never in a maritime area next to Hanover. An out-of-supply
naval unit may not leave its port [11.3.4], so it does not intercept. The die roll and the Naval
CRT are not printed (spec A12): the engine says where an interception may be tried and halts the
mover there when the move names it (``intercepted_at``), and it resolves no naval combat.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .naval import allowance, naval_distance


def barred_seas(rs, board, geo) -> np.ndarray:
    """Maritime areas next to a land area where no interception may take place [8.6.1]."""
    a = board.arrays
    barred = np.zeros(a.n, dtype=bool)
    for land in rs.data["interception"]["never_next_to"]["value"]:
        i = a.index.get(land)
        if i is None:
            continue
        nb = a.nbr[i][a.valid[i]]
        barred[nb[geo.sea[nb]]] = True
    return barred


def chances(rs, board, geo, occ, mover, path: list[str]) -> list[dict[str, Any]]:
    """Per maritime area on the route (in order), the enemy naval units that may intercept there."""
    a = board.arrays
    share = Fraction(rs.data["interception"]["reach"]["value"])
    route = [board.idx(p) for p in path[1:]]
    seas = [i for i in route if geo.sea[i]]
    if not seas:
        return []
    barred = barred_seas(rs, board, geo)
    mover_ma = allowance(rs, board.state, geo, board, mover)
    found: dict[int, list[tuple[str, int]]] = {}
    for u in board.state.units_of(rs.other_side(mover.side)):
        here = board.idx(u.hex)
        if rs.is_ground(u) or not geo.port[here] or u.attr("in_supply", True) is False:
            continue
        own = allowance(rs, board.state, geo, board, u)
        ma = own if rs.option(board.state, "interception_radius") == "interceptor" else mover_ma
        radius = int(ma * share)
        dist = naval_distance(rs, board, geo, occ, u)
        for s in seas:
            if not barred[s] and dist[s] <= radius:
                found.setdefault(s, []).append((u.id, int(dist[s])))
    out = []
    for s in dict.fromkeys(seas):
        if s in found:
            out.append(
                {
                    "sea": a.ids[s],
                    "units": [uid for uid, _ in found[s]],
                    "nmp": {uid: d for uid, d in found[s]},
                    "rule": "8.6.1",
                }
            )
    return out
