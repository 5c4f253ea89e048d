"""Fortress surrender (14.15): in the Fortress Surrender Phase of every Strategic Turn after C,
each fortification whose defenders are all solely on fortress supply, with at least as many enemy
units (not steps) adjacent as friendly units inside (the intrinsic unit counted), rolls a die; on
4, 5 or 6 the fortress surrenders and every defender, the intrinsic unit too, is destroyed."""

from __future__ import annotations

from typing import Any

from .maparrays import grid_arrays
from .position import Position
from .supply import unit_supply


def fortress_surrender(board, data, rs, side: str) -> list[dict[str, Any]]:
    """The Fortress Surrender Phase for ``side``'s forts: per fort that qualifies, the count, the
    roll and the result; the dice are the position's (given rolls first)."""
    spec = data["fortress_surrender"]
    turn = board.state.extra.get("strategic_turn")
    if turn is None or turn <= spec["after_strategic_turn"]["value"]:
        return []
    pos = Position.of(board, data)
    a = board.arrays
    g = grid_arrays(a)
    forts = pos.forts_intact(side)
    other = rs.other_side(side)
    dice = board.dice()
    out = []
    for h in sorted(a.ids[i] for i in forts.nonzero()[0]):
        i = a.index[h]
        inside = [u for u in board.state.units_at(h) if u.side == side]
        if not inside:
            continue
        status = [unit_supply(board, data, rs, u)["status"] for u in inside]
        if any(s != "fortress supply" for s in status):
            continue
        friendly = len(inside) + spec["intrinsic_units"]["value"]
        around = {a.ids[j] for j in g.nb6[i][g.grid6[i]]}
        enemies = sum(1 for u in board.state.units if u.side == other and u.hex in around)
        entry: dict[str, Any] = {"hex": h, "friendly": friendly, "enemies_adjacent": enemies, "rule": "14.15"}
        if enemies < friendly:
            entry["result"] = "no roll: fewer adjacent enemy units than units in the fortress"
        else:
            roll = dice.roll(f"fortress surrender {h}")
            entry["roll"] = roll.value
            if roll.value in spec["surrenders_on"]["value"]:
                entry["result"] = "surrenders"
                entry["destroyed"] = [u.id for u in inside] + ["intrinsic unit"]
            else:
                entry["result"] = "holds"
        out.append(entry)
    return out
