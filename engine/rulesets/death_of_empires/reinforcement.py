"""Reinforcement entry (7.12, 3.36). Reinforcements wait in a box of the map (``attrs.reinforcement``)
joined by ``entry`` links to their scheduled entry hexes (or the unit names its own, ``entry``). A
unit enters on its entry hex - not a hex holding an enemy unit or in an enemy ZOC - and may arrive
overstacked (3.36); if every scheduled entry hex is enemy occupied or enemy controlled it enters at
the nearest unblocked railroad line instead (option ``reinforcement_nearest_rail``, spec §10 #39).
Entering costs no MP; a unit arriving in Rail Mode then has one free Rail-Mode MP (7.12). The rest
of the path is judged as any move from the entry hex."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from ...board import Board
from ...holding import linked
from ...placed_reach import PlacedReach, Placement
from ...search import nearest_among
from ...verdict import Reason, Step, Verdict
from .position import occupied, rail_status, zone_of_control
from .units import mode_of


def reinforcement_boxes(m) -> set[str]:
    return {b.id for b in m.boxes.values() if b.attrs.get("reinforcement")}


def scheduled_entries(board, unit, box: str) -> list[str]:
    own = unit.attr("entry")
    if own:
        return [own] if isinstance(own, str) else list(own)
    return linked(board.map, "entry").get(box, [])


def _blocked(rs, board, side: str) -> np.ndarray:
    other = rs.other_side(side)
    return occupied(board, other) | zone_of_control(rs, board, other)


def fallback_entries(rs, board, side: str, scheduled: list[str]) -> list[str]:
    """7.12: the nearest unblocked railroad hexes - friendly operational, no enemy unit, no enemy ZOC -
    to the scheduled entry hexes, by hex count or along the rail net (option
    ``reinforcement_nearest_rail``)."""
    a = board.arrays
    track = a.line_attr("rail", "track", default="single")
    rail_edge = ~np.equal(track, None) & (board.nbr >= 0)
    on_rail = rail_edge.any(axis=1)
    open_ = on_rail & (rail_status(board) == side) & ~_blocked(rs, board, side)
    starts = [board.idx(h) for h in scheduled if h in a.index]
    if not starts or not open_.any():
        return []
    if rs.option(board.state, "reinforcement_nearest_rail") == "along_rail":
        from scipy import sparse as sp

        rows, slots = np.nonzero(rail_edge)
        g = sp.csr_matrix((np.ones(rows.size), (rows, board.nbr[rows, slots])), shape=(board.n, board.n))
    else:
        g = a.hop_graph
    return nearest_among(g, starts, open_, a.ids)


def arrive(board, ids: list[str], box: str, entry: str) -> Board:
    """The board with the units ``ids`` waiting in ``box`` standing on ``entry``; one in Rail Mode
    has its first Rail-Mode MP free (7.12)."""
    units = []
    for u in board.state.units:
        if u.id in ids and u.hex == box:
            attrs = dict(u.attrs)
            if mode_of(u) == "rail":
                attrs["reinforcement"] = True  # one free Rail-Mode MP (7.12)
            u = dataclasses.replace(u, hex=entry, attrs=MappingProxyType(attrs))
        units.append(u)
    return Board.on(board.arrays, board.state.replace(units=tuple(units)), values=board.values)


def onward_mode(unit) -> str:
    """A reinforcement moves on from its entry hex by rail in Rail Mode, else on the ground (7.12)."""
    return "rail" if mode_of(unit) == "rail" else "ground"


def reach_from_reinforcement_box(rs, board, unit) -> tuple[PlacedReach, list[Reason]]:
    """7.12: every entry hex the unit may enter on now (its scheduled hexes, or the nearest
    unblocked railroad hexes when they are lost), at no MP, and where it may move on from each."""
    box = unit.hex
    scheduled = scheduled_entries(board, unit, box)
    placements, reasons = [], []
    for entry in dict.fromkeys(scheduled + fallback_entries(rs, board, unit.side, scheduled)):
        if entry not in board.arrays.index:
            continue
        v = judge_entry(rs, board, [unit.id], [box, entry], judge=None)
        if not v.legal:
            reasons += [r for r in v.reasons if r not in reasons]
            continue
        arrived = arrive(board, [unit.id], box, entry)
        onward, why = rs.reach(arrived, arrived.state.unit(unit.id), onward_mode(unit))
        placements.append(Placement(board.idx(entry), onward, {"entry": entry, "rule": v.extra["rule"]}))
        reasons += [r for r in why if r not in reasons]
    return PlacedReach(board.idx(box), board.n, placements), reasons


def judge_entry(rs, board, ids: list[str], path: list[str], judge) -> Verdict:
    """A reinforcement's move from its box onto the map (7.12, 3.36)."""
    state = board.state
    unit = state.unit(ids[0])
    box, entry = path[0], path[1] if len(path) > 1 else None
    if entry is None or entry in board.map.boxes:
        return Verdict(
            False, Fraction(0), (), (Reason("7.12", f"a reinforcement leaves {box} onto a map hex"),)
        )
    side = unit.side
    other = rs.other_side(side)
    scheduled = scheduled_entries(board, unit, box)
    i = board.idx(entry)
    if occupied(board, other)[i] or zone_of_control(rs, board, other)[i]:
        why = f"{entry} holds an enemy unit or lies in an enemy ZOC: no reinforcement enters there (7.12)"
        return Verdict(False, Fraction(0), (), (Reason("7.12", why),))
    rule = "7.12"
    if entry not in scheduled:
        lost = all(
            occupied(board, other)[board.idx(h)] or state.hex(h).owner == other
            for h in scheduled
            if h in board.arrays.index
        )
        near = fallback_entries(rs, board, side, scheduled) if lost and scheduled else []
        if entry not in near:
            why = (
                f"{unit.id} enters at {', '.join(scheduled) or 'its scheduled hex'}"
                + (f", or, that being enemy occupied or controlled, at {', '.join(near)}" if near else "")
                + f" (7.12; reinforcement_nearest_rail={rs.option(state, 'reinforcement_nearest_rail')})"
            )
            return Verdict(False, Fraction(0), (), (Reason("7.12", why),))
        rule = "7.12 (nearest unblocked railroad line)"
    placed = (Step(box, entry, Fraction(0), Fraction(0), (("enters the map", Fraction(0), rule),), "ground",
                   {"mode": mode_of(unit)}),)  # fmt: skip
    extra = {
        "entry": entry,
        "rule": rule,
        "overstacking": "allowed on arrival; conform in the Movement Phase (3.36)",
    }
    if len(path) == 2:
        return Verdict(True, Fraction(0), placed, (), (), extra)
    v = judge(arrive(board, ids, box, entry), ids, path[1:], onward_mode(unit))
    return Verdict(
        v.legal, v.mp, placed + v.steps, v.reasons, v.effects, {**v.extra, **extra}, v.changes, v.rolls
    )
