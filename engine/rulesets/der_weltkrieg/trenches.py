"""Trench construction in the Monthly Special Turn (R5, R22-1 to R22-5, R22-14): the
``build_trench`` and ``complete_trenches`` actions of ``railhead act``.

In the Trench Construction Initiation Phase both players place Construction Markers under their
Infantry, Assault, Mountain or Marine units, in the hexes they occupy (R22-1); not where mountain
or marsh is the only terrain between the hex and the hexes enemy units occupy (R22-2). In the Trench
Construction Completion Phase every Construction Marker on the map becomes a Trench marker (R22-5),
replacing a Devastation marker there (R22-14); a marker no longer in a hex with a unit capable of
trench construction is removed (R22-4). The phases themselves are the sequence of play's
(``[phases]``). R22-9's "front line" after April 1915 is left by the rulebook to "the spirit of
this rule" (spec §10 #33) and is not judged: the verdict says so.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ...board import Board
from ...state import Unit
from ...verdict import Changes, Verdict
from ...verdict import refused as _no
from .protocol import DwHooks

MARKER = "construction"
FRONT_LINE = (
    "R22-9 (from the 1st turn of April 1915 only front line hexes) is not judged: the rulebook "
    'leaves the "front line" to "the spirit of this rule"'
)


def builders(rs: DwHooks) -> list[str]:
    """The unit classes that construct trenches (R22-1)."""
    return list(rs.data["markers"][MARKER]["builders"])


def can_build(rs: DwHooks, unit: Unit) -> bool:
    """Whether ``unit`` is capable of trench construction (R22-1, R22-4)."""
    return unit.cls in builders(rs)


def only_mountain_or_marsh(rs: DwHooks, board: Board, hex_id: str, side: str) -> list[str]:
    """R22-2: the enemy-occupied hexes next to ``hex_id`` when mountain or marsh is the only terrain
    between them and it (each such hexside's terrain mountain or swamp, with no river across it);
    empty when any other terrain lies between, or no enemy unit is next to it."""
    a = board.arrays
    i = board.idx(hex_id)
    ta = rs.terrain_arrays(board)
    bad = rs.terrain_in(ta, rs.data["markers"][MARKER]["no_trench_hexsides"])
    enemy = board.units_mask(lambda u: u.side != side)
    toward, only = [], True
    for d in range(6):
        j = int(board.nbr[i, d])
        if j < 0 or not enemy[j]:
            continue
        toward.append(a.ids[j])
        plain = bad[i, d] and not ta["river"][i, d] and not ta["major"][i, d]
        only = only and bool(plain)
    return toward if toward and only else []


def judge_build(rs: DwHooks, board: Board, unit: Unit) -> Verdict:
    """Whether ``unit`` may begin trench construction in its hex now (R22-1, R22-2)."""
    if unit.hex in board.map.boxes or unit.hex not in board.arrays.index:
        return _no("R22-1", f"{unit.id} is not on the map: trenches are built in the hexes units occupy")
    if not can_build(rs, unit):
        return _no(
            "R22-1",
            f"{unit.id} is a {unit.cls} unit: only Infantry, Assault, Mountain or Marine units "
            "construct trenches",
        )
    h = unit.hex
    if board.state.has_marker(h, MARKER):
        return _no("R22-1", f"{h} already holds a Construction Marker: its trench is under construction")
    if board.state.has_marker(h, "trench"):
        return _no("R22-1", f"{h} already holds a Trench marker")
    toward = only_mountain_or_marsh(rs, board, h, unit.side)
    if toward:
        return _no(
            "R22-2",
            f"mountain or marsh is the only terrain between {h} and the enemy-occupied "
            f"hex(es) {', '.join(toward)}: no trench is constructed there",
        )
    effects = [f"R22-1: a Construction Marker is placed under {unit.id} in {h}"]
    if board.state.has_marker(h, "devastation"):
        effects.append("R22-14: the Devastation marker there becomes a Trench marker at completion")
    effects.append(FRONT_LINE)
    change = {"add": [MARKER]}
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        tuple(effects),
        {"markers": {h: change}},
        Changes(locations={h: {"markers": change}}),
    )


def judge_completion(rs: DwHooks, board: Board) -> Verdict:
    """Every Construction Marker on the map becomes a Trench marker (R22-5), replacing a
    Devastation marker (R22-14); one in a hex without a unit capable of trench construction is
    removed instead (R22-4)."""
    ids = board.arrays.ids
    marked = np.flatnonzero(board.marker(MARKER))
    changes: dict[str, dict] = {}
    effects: list[str] = []
    for i in marked:
        h = ids[int(i)]
        if any(can_build(rs, u) for u in board.state.units_at(h)):
            change = {"remove": [MARKER, "devastation"], "add": ["trench"]}
            effects.append(f"R22-5: {h}'s Construction Marker becomes a Trench marker")
            if board.state.has_marker(h, "devastation"):
                effects.append(f"R22-14: the Devastation marker in {h} is replaced by the Trench marker")
        else:
            change = {"remove": [MARKER]}
            effects.append(
                f"R22-4: {h} holds no unit capable of trench construction: its Construction Marker is removed"
            )
        changes[h] = change
    if not changes:
        effects.append("R22-5: no Construction Marker is on the map")
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        tuple(effects),
        {"markers": changes},
        Changes(locations={h: {"markers": c} for h, c in changes.items()}),
    )


def left_behind(rs: DwHooks, board: Board, leaving: list[str], hex_id: str) -> dict[str, dict]:
    """R22-4: the Construction Marker of ``hex_id`` removed when the units ``leaving`` it leave no
    unit capable of trench construction there (``{hex: {"markers": {"remove": [...]}}}``, or empty).
    A Trench marker is left alone: from April 1915 one on the front line stays in a vacant hex
    (R22-12), and the position states no year."""
    if hex_id not in board.arrays.index or not board.state.has_marker(hex_id, MARKER):
        return {}
    gone = set(leaving)
    if any(can_build(rs, u) for u in board.state.units_at(hex_id) if u.id not in gone):
        return {}
    return {hex_id: {"markers": {"remove": [MARKER]}}}


def with_left_behind(rs: DwHooks, board: Board, v: Verdict, leaving: list[str], hex_id: str) -> Verdict:
    """``v`` (a legal move or retreat out of ``hex_id``) with R22-4's removal in its changes."""
    if not v.legal:
        return v
    gone = left_behind(rs, board, leaving, hex_id)
    if not gone:
        return v
    locations = {**v.changes.locations}
    for h, change in gone.items():
        locations[h] = {**locations.get(h, {}), **change}
    changes = Changes(v.changes.removed, v.changes.unit_fields, locations)
    why = f"R22-4: no unit capable of trench construction is left in {hex_id}: its Construction Marker goes"
    return Verdict(v.legal, v.mp, v.steps, v.reasons, (*v.effects, why), v.extra, changes, v.rolls)
