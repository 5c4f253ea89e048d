"""Boxes that travel with a unit (holding boxes) and boxes joined to map locations by links.

A map's box may name a *host* unit (``attrs["host"]``): a headquarters' holding box, whose contents
stand, for every rule that reads positions, in the hex where the host stands. The box itself has no
fixed place in the location graph; this module places its contents where its host is, so that
stacking, zones of control, supply and command read one position. Any box may also be joined to map
locations by links of the location graph (a reinforcement box to its entry hexes); ``linked`` lists
them per box. Neither says which game is played: the ruleset decides who may enter a box and what a
step into or out of it costs.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from ..mapdata.model import MapData
from .state import GameState

HOST = "host"
IN_BOX = "in_box"  # the attribute a placed unit carries: the box it stands in
HOSTS = "hosts"  # the attribute a host carries: the box it hosts


def hosted_boxes(m: MapData) -> dict[str, str]:
    """Box id -> the id of the unit it travels with."""
    return {b.id: str(b.attrs[HOST]) for b in m.boxes.values() if b.attrs.get(HOST)}


def host_box_of(m: MapData, unit_id: str) -> str | None:
    """The box that travels with ``unit_id`` (None when it hosts none)."""
    return next((b for b, host in hosted_boxes(m).items() if host == unit_id), None)


def standing_location(m: MapData, state: GameState, unit_id: str) -> str:
    """Where a unit stands: its location, or its host's for a unit in a hosted box (a host in a
    hosted box in turn follows its own host; a loop keeps the box)."""
    hosts = hosted_boxes(m)
    by_id = state.by_id
    loc, seen = by_id[unit_id].hex, set()
    while loc in hosts and loc not in seen and hosts[loc] in by_id:
        seen.add(loc)
        loc = by_id[hosts[loc]].hex
    return loc


def placed_on_map(m: MapData, state: GameState, share: tuple[str, ...] = ()) -> GameState:
    """The position with every unit of a hosted box standing at its host's location. A placed unit
    carries ``in_box`` (its box), a host carries ``hosts`` (the box it holds), and the placed unit
    takes the host's value of each attribute named in ``share`` (facing, for one). The same state
    when no unit is in a hosted box."""
    hosts = hosted_boxes(m)
    if not hosts or not any(u.hex in hosts for u in state.units):
        return state
    by_id = state.by_id
    boxed = {u.id: u.hex for u in state.units if u.hex in hosts and hosts[u.hex] in by_id}
    host_ids = {hosts[b]: b for b in set(boxed.values())}
    units = []
    for u in state.units:
        if u.id in boxed:
            host = by_id[hosts[boxed[u.id]]]
            attrs = {**u.attrs, IN_BOX: boxed[u.id]}
            for key in share:
                if key in host.attrs:
                    attrs[key] = host.attrs[key]
                else:
                    attrs.pop(key, None)
            u = dataclasses.replace(u, hex=standing_location(m, state, u.id), attrs=MappingProxyType(attrs))
        elif u.id in host_ids:
            u = dataclasses.replace(u, attrs=MappingProxyType({**u.attrs, HOSTS: host_ids[u.id]}))
        units.append(u)
    return state.replace(units=tuple(units))


def linked(m: MapData, kind: str | None = None) -> dict[str, list[str]]:
    """Per box, the map locations the location graph's links join it to (of one link ``kind``, or
    all)."""
    out: dict[str, list[str]] = {}
    for ln in m.links:
        if kind is not None and ln.kind != kind:
            continue
        a, b = ln.between
        for box, other in ((a, b), (b, a)):
            if box in m.boxes and other not in m.boxes:
                out.setdefault(box, []).append(other)
    return out


def joined(m: MapData, state: GameState, a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are a hosted box and the location its host stands at (either way):
    the step a unit takes into or out of a holding box, which no fixed edge of the graph carries."""
    hosts = hosted_boxes(m)
    for box, other in ((a, b), (b, a)):
        if (
            box in hosts
            and hosts[box] in state.by_id
            and other not in hosts
            and standing_location(m, state, hosts[box]) == other
        ):
            return True
    return False
