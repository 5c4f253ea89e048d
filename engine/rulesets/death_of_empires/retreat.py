"""Retreat through enemy ZOC (3.48, 3.48.A, 12.11): counted over the hexes a retreat enters that lie
in an enemy ZOC and hold no friendly unit: one such hex sets the Primary Formation's ML to 1; two
also eliminate all SPs (the unit becomes its cadre); three or more eliminate its SPs and CPs; all
SPs and CPs so lost are the enemy's Prisoner Points. A unit with no hex to retreat into, surrounded
by enemy units and impassable hexsides, is eliminated (12.11). The retreat's length and direction
are the combat result's (10.36, 12.1), not judged here."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...search import INF, path_to, search
from ...verdict import Reason, Verdict
from .position import occupied, zoc_blocking_sides, zone_of_control


@dataclass(frozen=True)
class RetreatLoss:
    zoc_hexes: list[str]
    ml_becomes: int | None
    sp_lost: str  # "none", "all" (cadre) or "all_and_cp"
    prisoner_points: bool

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "rule": "3.48.A; 12.11"}


def retreat_loss(rs, board, unit, path: list[str]) -> RetreatLoss:
    """12.11: what retreating ``unit`` along ``path`` (its hex first) costs it."""
    side = unit.side
    zone = zone_of_control(rs, board, rs.other_side(side))
    friends = occupied(board, side, lambda u: not u.attr("dummy"))
    bad = [h for h in path[1:] if zone[board.idx(h)] and not friends[board.idx(h)]]
    n = len(bad)
    if n == 0:
        return RetreatLoss([], None, "none", False)
    return RetreatLoss(bad, 1, "none" if n == 1 else ("all" if n == 2 else "all_and_cp"), n >= 2)


def cannot_retreat(rs, board, unit) -> bool:
    """12.11: every neighbouring hex holds an enemy unit or lies across an impassable hexside."""
    i = board.idx(unit.hex)
    ring = board.nbr[i][:6]
    enemy = occupied(board, rs.other_side(unit.side))
    closed = zoc_blocking_sides(board)[i][:6] | board.arrays.side_feature("blocked")[i][:6]
    return bool(np.all((ring < 0) | closed | enemy[np.where(ring >= 0, ring, 0)]))


def judge_retreat(rs, board, unit, path: list[str]) -> Verdict:
    """A retreat's path (``--with retreat=yes``): never into an enemy-occupied hex (3.31.F); the
    losses of 12.11 as effects."""
    enemy = occupied(board, rs.other_side(unit.side))
    if len(path) == 1:
        if cannot_retreat(rs, board, unit):
            loss = {"eliminated": True, "prisoner_points": True, "rule": "12.11"}
            return Verdict(
                True,
                Fraction(0),
                (),
                (),
                ("12.11: surrounded, unable to retreat: eliminated",),
                {"retreat": loss},
            )
        return Verdict(False, Fraction(0), (), (Reason("12.1", "give the hexes of the retreat"),))
    for h in path[1:]:
        if enemy[board.idx(h)]:
            return Verdict(False, Fraction(0), (), (Reason("3.31.F; 12.1", f"{h} holds enemy units"),))
    loss = retreat_loss(rs, board, unit, path)
    effects = []
    if loss.ml_becomes is not None:
        effects.append(
            f"12.11: {len(loss.zoc_hexes)} hex(es) in enemy ZOC without friendly units: PF ML -> 1"
        )
    if loss.sp_lost == "all":
        effects.append("12.11: all SPs eliminated, the unit is reduced to its cadre; SPs become enemy PP")
    if loss.sp_lost == "all_and_cp":
        effects.append("12.11: all SPs and CPs eliminated; they become enemy PP")
    return Verdict(True, Fraction(0), (), (), tuple(effects), {"retreat": loss.to_dict()})


def retreat_path(rs, board, unit, dest: str) -> list[str] | None:
    """The route of a retreat a log shows only by its end (a piece dragged from its hex to
    ``dest``): over land, never into a hex holding enemy units (3.31.F), through as few hexes in an
    enemy ZOC without friendly units as can be (the losses of 12.11 are the retreating player's to
    avoid), then as few hexes as can be. None: no such route."""
    a = board.arrays
    side = unit.side
    enemy = occupied(board, rs.other_side(side))
    costly = zone_of_control(rs, board, rs.other_side(side)) & ~occupied(
        board, side, lambda u: not u.attr("dummy")
    )
    entered = np.where(a.valid, a.safe_nbr, 0)
    per_hex = np.where(costly, float(board.n + 1), 1.0)
    cost = np.where(a.mode_allowed("ground") & ~enemy[entered], per_hex[entered], INF)
    start, goal = board.idx(unit.hex), board.idx(dest)
    dist, pred = search(board.nbr, cost, start)
    if not np.isfinite(dist[goal]):
        return None
    return [a.ids[i] for i in path_to(pred, goal)]


def judge_retreat_drag(rs, board, unit, dest: str) -> Verdict:
    """A unit dragged in the Combat Segments from its hex to ``dest``, judged as a retreat (12.1,
    12.11) along :func:`retreat_path`, as ``railhead move --with retreat=yes`` judges it."""
    from ...queries import judge

    if dest == unit.hex:
        return Verdict(True, Fraction(0), (), (), ("stays in its hex: no retreat",))
    path = retreat_path(rs, board, unit, dest)
    if path is None:
        why = f"no route {unit.hex} -> {dest} over land that enters no hex holding enemy units"
        return Verdict(False, Fraction(0), (), (Reason("3.31.F; 12.1", why),))
    return judge(rs, board, unit.id, path, "ground", retreat="yes")
