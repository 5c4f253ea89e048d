"""Initiative (5.83, 5.84): no switch on consecutive Strategic Turns; a switch from the East to the
West (a double turn in the west) needs a continuous line of friendly combat units or HQs on the
Western Front map from the Channel coast, Holland or the northern edge to Switzerland or the
southern edge (spec A26: a chain of mutually adjacent hexes each holding one)."""

from __future__ import annotations

from collections import deque

import numpy as np

from ...verdict import Reason
from .maparrays import grid_arrays
from .position import Position

LETTERS = "ABCDEFGHIJKLMNOPQRSTU"


def continuous_line(board, data, side: str) -> list[str] | None:
    """A chain of hexes holding ``side``'s combat units or HQs across the line front, or None."""
    spec = data["initiative"]
    front = spec["line_front"]["value"]
    pos = Position.of(board, data)
    a = board.arrays
    g = grid_arrays(a)
    on_front = g.on_fronts([front])
    held = pos.units_of(side, lambda u: pos.is_combat(u) or u.cls == "hq") & on_front
    rows = np.array([int(h[1:3]) if on_front[i] else 0 for i, h in enumerate(a.ids)])
    top, bottom = rows[on_front].max(), rows[on_front].min()
    coast = np.equal(a.hex_attr("coast"), "channel")
    ends = {
        "channel": coast,
        "north_edge": on_front & (rows == top),
        "south_edge": on_front & (rows == bottom),
        "holland": pos.adjacent_to(pos.country == "holland"),
        "switzerland": pos.adjacent_to(pos.country == "switzerland"),
    }
    start = np.zeros(a.n, dtype=bool)
    for k in spec["line_from"]["value"]:
        start |= ends[k]
    goal = np.zeros(a.n, dtype=bool)
    for k in spec["line_to"]["value"]:
        goal |= ends[k]
    seeds = np.flatnonzero(start & held)
    came = {int(i): -1 for i in seeds}
    queue = deque(int(i) for i in seeds)
    while queue:
        i = queue.popleft()
        if goal[i]:
            chain = [i]
            while came[chain[-1]] >= 0:
                chain.append(came[chain[-1]])
            return [a.ids[k] for k in reversed(chain)]
        for j in g.nb6[i][g.grid6[i]]:
            j = int(j)
            if held[j] and j not in came:
                came[j] = i
                queue.append(j)
    return None


def may_switch(board, data, side: str, to_theatre: str) -> tuple[bool, Reason]:
    """Whether ``side`` may switch the initiative to ``to_theatre`` in this Initiative
    Determination Phase, and the rule that decides."""
    state = board.state
    turn, last = state.extra.get("strategic_turn"), state.extra.get("initiative_switched_on")
    if turn and last and LETTERS.index(turn) == LETTERS.index(last) + 1:
        return False, Reason(
            "5.83", f"the initiative was switched on Strategic Turn {last}: not again on {turn}"
        )
    if to_theatre == "western":
        line = continuous_line(board, data, side)
        if line is None:
            return False, Reason(
                "5.84", "a switch to the West needs a continuous line across the Western Front map"
            )
        return True, Reason("5.84", f"continuous line {line[0]} ... {line[-1]} ({len(line)} hexes)")
    return True, Reason("5.83", "the initiative may be switched")
