"""Reinforcement placement in the initial phase [16A, 16A1n, 16C12, 16C14]: the ``place`` action.

A player's reinforcements are placed on the map during his initial phase, only in friendly-owned
hexes, which may be in enemy ZOCs [16A]. The OB says where each appears; the position states it in
the waiting unit's ``arrives`` field:

- ``district:NAME``: any friendly-owned city [3E2: point, partial and full cities, fortresses and
  resource centers] of the district (the map's hex attribute ``district``) [16A];
- ``command:NAME``: any friendly-owned city of the command (hex attribute ``command``) [16A];
- ``hex:ID``: that map location [16A];
- ``mobilize:NAME``: a full-strength unit mobilizing in the countryside, any friendly-owned hex
  of the district [16A1n].

Only one reinforcement may be placed in an isolated friendly-owned city while an unisolated
friendly-owned city of the district is available [16C12] (units placed this initial phase carry
``placed``); with every city of the district or command enemy-owned the reinforcement is forfeited
[16C14]. The stacking limit is not in force in the initial phase [8A]: a placement never breaks it,
but the limit holds at the end of the following movement phase, which the movement judges.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ....errors import InputError
from ...board import Board
from ...phases import out_of_turn
from ...state import Unit
from ...verdict import Changes, Verdict
from ...verdict import refused as _no

KINDS = ("district", "command", "hex", "mobilize")


def _arrival(unit: Unit) -> tuple[str, str] | None:
    """(kind, name) of the unit's ``arrives`` field, None when it has none; InputError when it is
    not one of the forms the position may state."""
    raw = unit.attr("arrives")
    if raw in (None, ""):
        return None
    kind, _, name = str(raw).partition(":")
    if kind not in KINDS or not name:
        raise InputError(
            f"{unit.id}: arrives = {raw!r}: expected one of {', '.join(k + ':NAME' for k in KINDS)}",
            where=f"$.units[{unit.id!r}].attrs.arrives",
        )
    return kind, name


def cities(board: Board) -> np.ndarray:
    """Per hex, whether it is a city in the sense of 3E2 (cities, fortresses, resource centers)."""
    a = board.arrays
    return (
        ~np.equal(a.hex_attr("city"), None)
        | ~np.equal(a.hex_attr("fortress"), None)
        | ~np.equal(a.hex_attr("resource_centers"), None)
    )


def _area(board: Board, attr: str, name: str) -> np.ndarray:
    values = board.arrays.hex_attr(attr)
    if np.equal(values, None).all():
        raise InputError(
            f"the map's hexes name no {attr} (hex attribute {attr!r}): a reinforcement of a "
            f"{attr} cannot be placed [16A]"
        )
    return np.equal(values.astype(str), name)


def judge_placement(rs, board: Board, unit: Unit, hex_id: str) -> Verdict:
    """Whether the waiting reinforcement ``unit`` may be placed in ``hex_id`` now [16A, 16A1n,
    16C12, 16C14]."""
    off = out_of_turn(
        board.state, unit, "16A", "a player's reinforcements are placed during his own initial phase"
    )
    if off is not None:
        return off
    arrival = _arrival(unit)
    if arrival is None:
        why = f"{unit.id} is no reinforcement waiting to enter (its OB arrival, arrives, is not stated)"
        return _no("16A", why)
    kind, name = arrival
    a = board.arrays
    if hex_id not in a.index:
        return _no("16A", f"{hex_id} is not a hex of the map: a reinforcement is placed on the map")
    i = a.index[hex_id]
    friendly = rs.nets(board).friendly(unit.side)
    area = city = None  # a district's or a command's hexes, and the map's cities: asked once
    if kind in ("district", "command"):
        area, city = _area(board, kind, name), cities(board)
    if area is not None and not (area & city & friendly).any():
        return _no(
            "16C14", f"every city of {kind} {name} is enemy-owned: the reinforcement {unit.id} is forfeited"
        )
    if not friendly[i]:
        why = f"{hex_id} is not owned by the {unit.side}: reinforcements go only in friendly-owned hexes"
        return _no("16A", why)
    if kind == "hex":
        if hex_id != name:
            return _no("16A", f"{unit.id}'s OB places it at {name}, not {hex_id}")
        how = f"16A: placed at its OB's map location {hex_id}"
    elif kind == "mobilize":
        if not _area(board, "district", name)[i]:
            why = f"{unit.id} mobilizes in a friendly-owned hex of district {name}; {hex_id} is not in it"
            return _no("16A1n", why)
        how = f"16A1n: mobilized in {hex_id}, a friendly-owned hex of district {name}"
    else:
        where = f"{unit.id} appears in a friendly-owned city of {kind} {name}; {hex_id}"
        if not area[i]:
            return _no("16A", f"{where} is not in it")
        if not city[i]:
            return _no("16A", f"{where} is no city (3E2)")
        why = _isolated_city(board, area & city & friendly, i, hex_id)
        if why is not None:
            return _no("16C12", why)
        how = f"16A: placed in {hex_id}, a friendly-owned city of {kind} {name}"
    effects = (
        how,
        "16A: it may be in an enemy ZOC; 8A: the stacking limit holds again at the end of the "
        "following movement phase",
    )
    return Verdict(
        True,
        Fraction(0),
        (),
        (),
        effects,
        {"placed": hex_id},
        Changes(unit_fields={unit.id: {"placed": True}}, set_down={unit.id: hex_id}),
    )


def _isolated_city(board: Board, open_cities: np.ndarray, i: int, hex_id: str) -> str | None:
    """16C12: an isolated city takes one reinforcement while an unisolated one is available."""
    isolated = np.equal(board.location_field("isolated"), True)
    if not isolated[i] or not (open_cities & ~isolated).any():
        return None
    already = [u.id for u in board.state.units_at(hex_id) if u.attr("placed") is True]
    if not already:
        return None
    return (
        f"{hex_id} is an isolated city and {', '.join(already)} was already placed in it this initial "
        "phase: only one reinforcement per isolated city while unisolated friendly-owned cities of "
        "the district are available"
    )
