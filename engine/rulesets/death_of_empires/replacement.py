"""Replacement Mode (9.12) and the Take Replacements Step (7.26).

A unit enters Replacement Mode only in a Counter-March Segment, by spending 3 MP or by spending none
in the whole segment, when it is (1) at least 4 hexes from the nearest enemy unit, (2) at least 2
with a friendly unit or impassable terrain between, or (3) in Permanent Entrenchment Mode (9.12);
not on Advance or Retire unless its formation is shattered (7.15, 12.21). Which hexes lie "between"
is option ``replacement_between`` (spec §10 #38). In the Supply and Command Segment a unit in
Replacement Mode, of an army whose Main Depot has Capability 3, in supply and command, takes at most
as many REPs as it has SPs - a cadre or 1-SP unit 2 - and never above its printed SPs (7.26)."""

from __future__ import annotations

import numpy as np

from ...search import search_graph
from .position import enemy_distance


def _between_blocked(board, at: int, enemy: int, d: int, blocked: np.ndarray, every: bool) -> bool:
    """Whether the hexes on the shortest hex paths from ``at`` to ``enemy`` (``d`` hexes) hold a
    friendly unit or impassable terrain: on every such path (``every``) or on some."""
    g = board.arrays.hop_graph
    du, _ = search_graph(g, [at])
    de, _ = search_graph(g, [enemy])
    on_path = np.isclose(du + de, d)
    inner = on_path.copy()
    inner[[at, enemy]] = False
    if not every:
        return bool((inner & blocked).any())
    nbr = board.nbr[:, :6]
    closed_side = board.arrays.side_feature("blocked")[:, :6]
    layer = {at}
    for k in range(1, d + 1):
        nxt = set()
        for x in layer:
            for slot, y in enumerate(nbr[x]):
                if y < 0 or closed_side[x, slot] or not on_path[y] or du[y] != k:
                    continue
                if y == enemy or not blocked[y]:
                    nxt.add(int(y))
        layer = nxt
        if not layer:
            return True
    return enemy not in layer


def replacement_problem(rs, board, unit, at: str) -> str | None:
    """Why ``unit`` may not enter Replacement Mode in ``at`` (None if it may, 9.12)."""
    state = board.state
    if state.extra.get("segment", "march") != "counter_march":
        return "a unit enters Replacement Mode only in the Counter-March Segment (9.12)"
    if unit.attr("mission") in ("advance", "retire") and not unit.attr("shattered"):
        return f"on the {unit.attr('mission').title()} MO no Replacement Mode (7.15.A/B)"
    if unit.attr("entrenchment") == "permanent":
        return None
    i = board.idx(at)
    side = unit.side
    dist = enemy_distance(board, side)
    d = dist[i]
    need_far, need_near = 4, 2
    if not np.isfinite(d) or d >= need_far:
        return None
    if d < need_near:
        return (
            f"{int(d)} hex from the nearest enemy unit: at least 2 with a friendly unit or "
            "impassable terrain between (9.12)"
        )
    friends = board.units_mask(lambda u: u.side == side and u.id != unit.id)  # not the mover's old hex
    blocked = friends | np.isin(board.arrays.hex_terrain, ["all_water"])
    every = rs.option(state, "replacement_between") == "every_shortest_path"
    enemies = {board.idx(u.hex) for u in state.units if u.side != side and u.hex in board.arrays.index}
    nearest = [e for e in enemies if board.map.distance(at, board.arrays.ids[e]) == int(d)]
    if all(_between_blocked(board, i, e, int(d), blocked, every) for e in nearest):
        return None
    return (
        f"{int(d)} hexes from the nearest enemy unit with no friendly unit or impassable terrain "
        f"between (9.12; option replacement_between={rs.option(state, 'replacement_between')})"
    )


def replacement_cap(rs, unit) -> int:
    """7.26: at most the unit's current SPs (a cadre or 1-SP unit 2), never above its printed SPs."""
    sp = int(unit.strength or 0)
    printed = int(unit.attr("printed_sp", sp))
    cap = 2 if unit.attr("cadre") or sp <= 1 else sp
    return max(0, min(cap, printed - sp))


def take_replacements(rs, board, side: str, lines: dict, found: dict, command: dict) -> list[dict]:
    """7.26: each unit in Replacement Mode, and how many REPs it may take now (or why none)."""
    out = []
    for u in board.state.units_of(side):
        if not u.attr("replacement_mode"):
            continue
        army = u.attr("army")
        line = lines.get(army) if army else None
        why = None
        if not army:
            why = "strategic formations take no REPs (7.26)"
        elif line is None or 3 not in line.capabilities:
            why = f"the Main Depot of {army} has not Capability 3 this impulse (7.22, 7.26)"
        elif found.get(u.id, ("out of supply",))[0] != "in supply":
            why = "out of supply (7.26)"
        elif command.get(u.id) != "in command":
            why = "out of command control (7.26)"
        entry = {"unit": u.id, "max_reps": 0 if why else replacement_cap(rs, u), "rule": "7.26"}
        if why:
            entry["why"] = why
        out.append(entry)
    return out
